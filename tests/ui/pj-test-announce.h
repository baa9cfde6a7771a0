/* pj-test-announce.h — the GUI tests hear what the app tells a screen reader
 *
 * GTK 4.14 and later: pj_announce() calls gtk_accessible_announce(), which
 * hands the text to the widget's AT context. GTK's test AT context (the
 * tests' GTK_A11Y=test) has no announce function, and GTK calls it all the
 * same: every announcement crashed the tests (GTK 4.14 to at least 4.24).
 * So the tests stand in for the screen reader: this definition takes the
 * place of GTK's for the test program (the linker prefers the program's
 * own), keeps every announcement in order, and passes it on to GTK only
 * where a real AT context will take it. A test then checks that the app
 * announced, not only that it meant to.
 *
 * GTK 4.8: the news is the focused widget's description (pj-announce.h);
 * pj_test_assert_announced() checks that instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#if GTK_CHECK_VERSION (4, 14, 0)
#include <dlfcn.h>

static GPtrArray *pj_test_announcements;

void
gtk_accessible_announce (GtkAccessible                     *self,
                         const char                        *message,
                         GtkAccessibleAnnouncementPriority  priority)
{
  g_autoptr (GtkATContext) context = NULL;

  g_return_if_fail (GTK_IS_ACCESSIBLE (self));
  g_return_if_fail (message != NULL);

  if (pj_test_announcements == NULL)
    pj_test_announcements = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (pj_test_announcements, g_strdup (message));

  context = gtk_accessible_get_at_context (self);
  if (context != NULL && !g_str_equal (G_OBJECT_TYPE_NAME (context), "GtkTestATContext"))
    {
      void (*real) (GtkAccessible *, const char *, GtkAccessibleAnnouncementPriority);

      *(void **) &real = dlsym (RTLD_NEXT, "gtk_accessible_announce");
      g_assert_nonnull (real);
      real (self, message, priority);
    }
}
#endif

/* The last announcement GTK was asked to make (NULL before any, and on
 * GTK 4.8). */
G_GNUC_UNUSED static const char *
pj_test_last_announcement (void)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  if (pj_test_announcements != NULL && pj_test_announcements->len > 0)
    return g_ptr_array_index (pj_test_announcements, pj_test_announcements->len - 1);
#endif
  return NULL;
}

/* What a screen reader was told last: on GTK 4.14 and later the last
 * announcement GTK was asked to make, on 4.8 the description of what has
 * the focus in widget's window (or of the window). */
#define pj_test_assert_announced(widget, text) G_STMT_START {                            \
  GtkWidget *pj_test_root_ = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (widget)));     \
  g_assert_nonnull (pj_test_root_);                                                      \
  if (GTK_CHECK_VERSION (4, 14, 0))                                                      \
    g_assert_cmpstr (pj_test_last_announcement (), ==, (text));                          \
  else                                                                                   \
    {                                                                                    \
      GtkWidget *pj_test_focus_ = gtk_root_get_focus (GTK_ROOT (pj_test_root_));         \
      gtk_test_accessible_assert_property (pj_test_focus_ ? pj_test_focus_ : pj_test_root_, \
                                           GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, (text)); \
    }                                                                                    \
} G_STMT_END
