/* test-icons.c — the app's icons load the way every reader of them loads
 * them: by their content.
 *
 * gdk-pixbuf (GTK's icon theme, the About window, appstream-compose in
 * flatpak-builder) finds an image's format from its first bytes through
 * shared-mime-info, whose SVG rule looks for "<svg" in the first 256 bytes:
 * a long leading comment made the icon unreadable everywhere (the Flatpak
 * did not build). The test reads each icon from a stream, without its
 * file name, as those readers do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>

static const char *const icons[] = {
  "scalable/apps/" PJ_APP_ID ".svg",
  "symbolic/apps/" PJ_APP_ID "-symbolic.svg",
};

static void
test_icon (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = g_build_filename (PJ_ICON_DIR, name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GInputStream) stream = NULL;
  g_autoptr (GdkPixbuf) pixbuf = NULL;
  g_autofree char *type = NULL;
  g_autofree char *mime = NULL;
  gboolean uncertain = TRUE;
  gsize size;
  const guchar *content;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &size, &error));
  g_assert_no_error (error);
  bytes = g_bytes_new_take (contents, size);
  content = g_bytes_get_data (bytes, NULL);

  /* what the content says it is, with no file name to go by */
  type = g_content_type_guess (NULL, content, size, &uncertain);
  mime = g_content_type_get_mime_type (type);
  g_test_message ("%s: %s%s", name, mime, uncertain ? " (uncertain)" : "");
  g_assert_cmpstr (mime, ==, "image/svg+xml");
  g_assert_false (uncertain);

  /* and gdk-pixbuf loads it from a stream, as an icon theme does */
  stream = g_memory_input_stream_new_from_bytes (bytes);
  pixbuf = gdk_pixbuf_new_from_stream (stream, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pixbuf);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), >, 0);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, gdk_pixbuf_get_height (pixbuf));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/icons/%s", icons[i]);

      g_test_add_data_func (test_path, icons[i], test_icon);
    }
  return g_test_run ();
}
