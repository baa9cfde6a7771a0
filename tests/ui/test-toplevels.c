/* test-toplevels.c — every top-level window of the app is one on screen,
 * after each of the app's windows has been opened and closed.
 *
 * Why: GTK 4.8 answers a screen reader that asks the application for a
 * window past the shown ones (as one does while a window closes) with the
 * last window in its list, and a window not on screen has no path on the
 * accessibility bus: GTK cannot send the answer and the app dies. So no
 * window is kept hidden for later (GtkApplication's help overlay was).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-application.h"
#include "pj-test-display.h"
#include "pj-test-games.h"
#include "pj-test-window.h"
#include "pj-window.h"

/* the top-level windows not on screen, by type name */
static char *
hidden_toplevels (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (!gtk_widget_get_mapped (w))
        g_string_append_printf (out, "%s%s", out->len ? ", " : "", G_OBJECT_TYPE_NAME (w));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static guint
n_toplevels (void)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ());
}


static gboolean
one_toplevel (gpointer data)
{
  return n_toplevels () == 1;
}

static GtkWindow *
other_toplevel (PjWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (w != GTK_WINDOW (window))
        return w;
    }
  return NULL;
}

#if ADW_CHECK_VERSION (1, 5, 0)
static gboolean
dialog_shown (gpointer data)
{
  GtkWidget *dialog = pj_test_find_dialog (ADW_TYPE_DIALOG);

  return dialog != NULL && pj_test_dialog_drawn (dialog);
}

static gboolean
no_dialog (gpointer data)
{
  return pj_test_find_dialog (ADW_TYPE_DIALOG) == NULL;
}
#endif

/* a window of its own, or a dialog inside the game's window */
static gboolean
opened (gpointer data)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (dialog_shown (NULL))
    return TRUE;
#endif
  return n_toplevels () > 1;
}

/* The app's own windows: the keyboard shortcuts, the rules (on libadwaita
 * ≥ 1.5 also About and the preferences are dialogs inside the window). */
static void
test_none_hidden (void)
{
  static const char *const actions[] = { "shortcuts", "rules", "about", "preferences" };
  g_autoptr (PjApplication) app = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) shortcuts = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  app = pj_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  /* the keyboard shortcuts' own shortcut, on every stack */
  shortcuts = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>question");
  g_assert_nonnull (shortcuts);
  g_assert_cmpstr (shortcuts[0], ==, "app.shortcuts");

  game = pj_test_nearly_over_game ();
  window = pj_window_new (GTK_APPLICATION (app));
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_cmpuint (n_toplevels (), ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *hidden = NULL;
      GLogLevelFlags fatal = 0;

      g_test_message ("app.%s", actions[i]);
#if ADW_CHECK_VERSION (1, 8, 0)
      /* libadwaita's own shortcuts dialog connects to GtkWindow::keys-changed,
       * which GTK 4.22 deprecates, and G_ENABLE_DIAGNOSTIC (tests/meson.build)
       * reports it: warnings are not fatal while it comes up (criticals
       * still are). Every other window is made under fatal warnings. */
      if (g_str_equal (actions[i], "shortcuts"))
        fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
#endif
      g_action_group_activate_action (G_ACTION_GROUP (app), actions[i], NULL);
      g_assert_true (pj_test_run_until (opened, NULL, 3000));
      if (fatal != 0)
        g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
      if (n_toplevels () > 1)
        {
          /* a window of its own: on screen, and gone once closed */
          GtkWindow *shown = other_toplevel (window);

          g_assert_true (pj_test_run_until (pj_test_is_drawn, shown, 3000));
          hidden = hidden_toplevels ();
          g_assert_cmpstr (hidden, ==, "");
          gtk_window_close (shown);
          g_assert_true (pj_test_run_until (one_toplevel, NULL, 3000));
        }
      else
        {
#if ADW_CHECK_VERSION (1, 5, 0)
          /* a dialog inside the game's window */
          pj_dialog_close (pj_test_find_dialog (ADW_TYPE_DIALOG));
          g_assert_true (pj_test_run_until (no_dialog, NULL, 3000));
#else
          g_assert_not_reached ();
#endif
        }
      if (fatal != 0)
        g_log_set_always_fatal (fatal);
      g_clear_pointer (&hidden, g_free);
      hidden = hidden_toplevels ();
      g_assert_cmpstr (hidden, ==, "");
      g_assert_cmpuint (n_toplevels (), ==, 1);
    }

  pj_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/toplevels/none-hidden", test_none_hidden);
  return g_test_run ();
}
