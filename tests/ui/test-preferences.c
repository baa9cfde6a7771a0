/* test-preferences.c — the Preferences window sets the pace of the game on
 * the table (computer speed, animations, reduce motion), and Undo in a
 * window goes back turn after turn.
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of the Preferences window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-view.h"
#include "pj-hand-view.h"
#include "pj-preferences-window.h"
#include "pj-settings.h"
#include "pj-peg-style.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-window.h"

/* Seat 0 human and first to play, the others easy computers. */
static PjGame *
human_game (guint64 seed)
{
  PjGame *game;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, seed, 3);
  for (guint i = 1; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  return game;
}

/* Every descendant of the given type, depth first. */
static void
collect (GtkWidget *root,
         GType      type,
         GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (out, child);
      collect (child, type, out);
    }
}

static void
reset_settings (GSettings *settings)
{
  g_settings_set_string (settings, "computer-speed", "instant");
  g_settings_set_boolean (settings, "animations", TRUE);
  g_settings_set_boolean (settings, "reduce-motion", FALSE);
  g_settings_set_boolean (settings, "high-contrast-pieces", FALSE);
}

static void
shoot_preferences (GSettings  *settings,
                   PjWindow   *window,
                   gboolean    dark)
{
  g_autofree char *name = NULL;
  PjPreferencesWindow *prefs;

  if (g_getenv ("PJ_SCREENSHOT_DIR") == NULL)
    return;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  prefs = pj_preferences_window_new (settings);
  pj_dialog_set_size (GTK_WIDGET (prefs), 360, 520);
  pj_dialog_present (GTK_WIDGET (prefs), GTK_WIDGET (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, prefs, 5000));
  pj_test_wait (400);
  name = g_strdup_printf ("preferences-360-%s.png", dark ? "dark" : "light");
  pj_test_screenshot (GTK_WIDGET (prefs), name);
  pj_dialog_close (GTK_WIDGET (prefs));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* Every control of the window reaches the game and the board. */
static void
test_applied (void)
{
  static const char *const speeds[] = { "slow", "normal", "fast", "instant" };
  g_autoptr (PjGame) game = human_game (3);
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GPtrArray) switches = g_ptr_array_new ();
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  PjPreferencesWindow *prefs;
  PjBoardView *board;
  PjWindow *window;
  AdwComboRow *speed_row;
  gboolean flag;
  double animation_speed;
  guint delay_ms, normal_delay;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  if (settings == NULL)
    {
      g_test_skip ("schema not compiled");
      return;
    }

  window = pj_test_open_window (game, 1000, 700, PJ_TEST_STYLE_AS_IS);
  board = pj_window_get_board_view (window);
  prefs = pj_preferences_window_new (settings);
  pj_dialog_present (GTK_WIDGET (prefs), GTK_WIDGET (window));
  g_assert_true (pj_test_dialog_window (GTK_WIDGET (prefs)) == GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, prefs, 5000));

  collect (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 1);
  speed_row = rows->pdata[0];
  /* the tests run at "instant" (pj_test_init_display()) */
  g_assert_cmpuint (adw_combo_row_get_selected (speed_row), ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    {
      g_autofree char *stored = NULL;
      double board_speed;

      adw_combo_row_set_selected (speed_row, i);
      stored = g_settings_get_string (settings, "computer-speed");
      g_assert_cmpstr (stored, ==, speeds[i]);
      pj_settings_speed (speeds[i], &delay_ms, &animation_speed);
      g_assert_cmpuint (pj_game_get_delay (game), ==, delay_ms);
      g_object_get (board, "animation-speed", &board_speed, NULL);
      g_assert_cmpfloat (board_speed, ==, animation_speed);
    }
  /* slower is slower, and "normal" is brisk */
  pj_settings_speed ("normal", &normal_delay, NULL);
  pj_settings_speed ("slow", &delay_ms, NULL);
  g_assert_cmpuint (delay_ms, >, normal_delay);
  g_assert_cmpuint (normal_delay, <=, 400);
  pj_settings_speed ("instant", &delay_ms, NULL);
  g_assert_cmpuint (delay_ms, ==, 0);

  /* a new game on the table gets the pace too */
  {
    g_autoptr (PjGame) next = human_game (4);

    pj_window_set_game (window, next);
    g_assert_cmpuint (pj_game_get_delay (next), ==, 0);
    pj_window_set_game (window, game);
  }

  collect (GTK_WIDGET (prefs), GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 3);

  /* high-contrast pieces: every view's pegs change colour (issue 23) */
  {
    GdkRGBA before, after;

    pj_peg_style_get_colour (0, &before);
    gtk_switch_set_active (switches->pdata[2], TRUE);
    g_assert_true (g_settings_get_boolean (settings, "high-contrast-pieces"));
    g_object_get (board, "high-contrast", &flag, NULL);
    g_assert_true (flag);
    pj_peg_style_get_colour (0, &after);
    g_assert_false (gdk_rgba_equal (&before, &after));
    gtk_switch_set_active (switches->pdata[2], FALSE);
    pj_peg_style_get_colour (0, &after);
    g_assert_true (gdk_rgba_equal (&before, &after));
  }

  g_object_get (board, "animations", &flag, NULL);
  g_assert_true (flag);
  gtk_switch_set_active (switches->pdata[1], TRUE);
  g_object_get (board, "reduce-motion", &flag, NULL);
  g_assert_true (flag);
  gtk_switch_set_active (switches->pdata[0], FALSE);
  g_object_get (board, "animations", &flag, NULL);
  g_assert_false (flag);
  /* reduce motion means nothing with no animations */
  g_assert_false (gtk_widget_is_sensitive (switches->pdata[1]));

  /* animations off: the person's move is on the board at once */
  {
    const PjAction *legal;
    guint n;

    legal = pj_game_get_human_actions (game, &n);
    g_assert_true (pj_game_apply (game, &legal[0], NULL));
    g_assert_false (pj_board_view_get_animating (board));
    g_assert_false (pj_game_get_pace_held (game));
  }

  pj_dialog_close (GTK_WIDGET (prefs));
  reset_settings (settings);
  shoot_preferences (settings, window, FALSE);
  shoot_preferences (settings, window, TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Setting the board's reduce motion once earlier windows are gone went
 * through a settings action of a finalized window (a GIO critical). */
static void
test_reduce_motion_after_close (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (PjGame) game = human_game (5);
  PjWindow *first, *second;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  if (settings == NULL)
    {
      g_test_skip ("schema not compiled");
      return;
    }

  first = pj_test_open_window (game, 800, 700, PJ_TEST_STYLE_AS_IS);
  g_object_ref (first);
  gtk_window_destroy (GTK_WINDOW (first));
  g_assert_finalize_object (first);

  second = pj_test_open_window (game, 800, 700, PJ_TEST_STYLE_AS_IS);
  g_object_set (pj_window_get_board_view (second), "reduce-motion", TRUE, NULL);
  g_settings_set_boolean (settings, "reduce-motion", TRUE);
  g_settings_set_boolean (settings, "reduce-motion", FALSE);
  g_settings_set_string (settings, "computer-speed", "fast");
  reset_settings (settings);
  gtk_window_destroy (GTK_WINDOW (second));
}

static gboolean
human_to_choose (gpointer data)
{
  PjWindow *window = data;
  PjGame *game = pj_window_get_game (window);

  return pj_game_is_over (game) ||
         (pj_game_is_human_turn (game) && !pj_game_get_thinking (game) &&
          !pj_board_view_get_animating (pj_window_get_board_view (window)));
}

/* Undo in the window, again and again: back one turn of the person's each
 * time, the computers' answers with it, down to the deal. */
static void
test_undo_depth (void)
{
  g_autoptr (PjGame) game = human_game (9);
  PjState before[3];
  guint n_before[3];
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_test_open_window (game, 1000, 700, PJ_TEST_STYLE_AS_IS);
  pj_game_start (game);
  for (guint i = 0; i < G_N_ELEMENTS (before); i++)
    {
      const PjAction *legal;
      guint n;

      g_assert_true (pj_test_run_until (human_to_choose, window, 20000));
      g_assert_true (pj_game_is_human_turn (game));
      before[i] = *pj_game_get_state (game);
      n_before[i] = g_list_model_get_n_items (pj_game_get_history (game));
      legal = pj_game_get_human_actions (game, &n);
      g_assert_true (pj_game_apply (game, &legal[n - 1], NULL));
    }
  g_assert_true (pj_test_run_until (human_to_choose, window, 20000));

  for (guint i = G_N_ELEMENTS (before); i > 0; i--)
    {
      g_assert_true (pj_game_can_undo (game));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, n_before[i - 1]);
      g_assert_cmpmem (&before[i - 1], sizeof before[0], pj_game_get_state (game), sizeof before[0]);
      g_assert_cmpuint (pj_hand_view_get_n_cards (pj_window_get_hand_view (window)), ==,
                        before[i - 1].hand_count[0]);
      g_assert_false (pj_board_view_get_animating (pj_window_get_board_view (window)));
    }
  g_assert_false (pj_game_can_undo (game));

  gtk_window_destroy (GTK_WINDOW (window));
}


typedef struct {
  PjBoardView *board;
  guint        rows;
  guint        early;   /* rows added while the board still showed a move */
} LogWatch;

static void
rows_changed_cb (GListModel *history,
                 guint       position,
                 guint       removed,
                 guint       added,
                 LogWatch   *watch)
{
  if (pj_board_view_get_animating (watch->board))
    watch->early++;
  watch->rows += added;
}

static gboolean
six_rows (gpointer data)
{
  return ((LogWatch *) data)->rows >= 6;
}

/* Computer players wait for the board: a move's row joins the log as its
 * pegs start to move, never while the move before still moves. */
static void
test_log_with_board (void)
{
  g_autoptr (PjGame) game = human_game (7);
  PjWindow *window;
  LogWatch watch = { 0 };

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  pj_game_set_controller (game, 0, PJ_CONTROLLER_EASY);
  window = pj_test_open_window (game, 1000, 700, PJ_TEST_STYLE_AS_IS);
  watch.board = pj_window_get_board_view (window);
  g_signal_connect (pj_game_get_history (game), "items-changed", G_CALLBACK (rows_changed_cb), &watch);
  pj_game_start (game);
  g_assert_true (pj_test_run_until (six_rows, &watch, 20000));
  g_assert_cmpuint (watch.rows, >=, 6);
  g_assert_cmpuint (watch.early, ==, 0);
  pj_game_stop (game);
  g_signal_handlers_disconnect_by_data (pj_game_get_history (game), &watch);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/preferences/applied", test_applied);
  g_test_add_func ("/preferences/reduce-motion-after-close", test_reduce_motion_after_close);
  g_test_add_func ("/preferences/undo-depth", test_undo_depth);
  g_test_add_func ("/preferences/log-with-board", test_log_with_board);

  return g_test_run ();
}
