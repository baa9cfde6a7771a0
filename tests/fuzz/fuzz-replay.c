/* fuzz-replay.c — replay a fuzz target's corpus as a normal test
 *
 * Linked with one fuzz-*.c built without libFuzzer (no PJ_FUZZ_MAIN): every
 * file of the folders named on the command line goes through pj_fuzz_one(),
 * the function LLVMFuzzerTestOneInput() calls, so `meson test` (gcc, no
 * clang) checks the seeds and the crash fixtures on every run.
 *
 *   fuzz-record [--tap] DIR…        one test case per folder
 *   fuzz-record --nested=N           one input: N nested JSON arrays
 *
 * Files named *.md or starting with '.' are skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

int pj_fuzz_one (const uint8_t *data, size_t size);

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
replay_dir (gconstpointer user_data)
{
  const char *path = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)))
    if (name[0] != '.' && !g_str_has_suffix (name, ".md"))
      g_ptr_array_add (names, g_strdup (name));
  /* a fixed order, so a failure names the same file every time */
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *file = g_build_filename (path, names->pdata[i], NULL);
      g_autofree char *data = NULL;
      gsize len;

      g_test_message ("%s", file);
      g_assert_true (g_file_get_contents (file, &data, &len, NULL));
      pj_fuzz_one ((const uint8_t *) data, len);
    }
  g_test_message ("%u inputs replayed from %s", names->len, path);
  g_assert_cmpuint (names->len, >, 0);
}

static void
replay_nested (gconstpointer user_data)
{
  gsize depth = GPOINTER_TO_SIZE (user_data);
  g_autofree char *data = g_malloc (2 * depth);

  memset (data, '[', depth);
  memset (data + depth, ']', depth);
  pj_fuzz_one ((const uint8_t *) data, 2 * depth);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (int i = 1; i < argc; i++)
    {
      if (g_str_has_prefix (argv[i], "--nested="))
        {
          gsize depth = (gsize) g_ascii_strtoull (argv[i] + strlen ("--nested="), NULL, 10);
          g_autofree char *test = g_strdup_printf ("/fuzz/nested/%" G_GSIZE_FORMAT, depth);

          g_test_add_data_func (test, GSIZE_TO_POINTER (depth), replay_nested);
        }
      else
        {
          g_autofree char *base = g_path_get_basename (argv[i]);
          g_autofree char *test = g_strdup_printf ("/fuzz/replay/%s", base);

          g_test_add_data_func (test, argv[i], replay_dir);
        }
    }
  return g_test_run ();
}
