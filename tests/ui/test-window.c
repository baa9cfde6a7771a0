/* test-window.c — the window opens, and a human move made through the
 * views' input path (pick a card, a peg, a hole) changes the model; the
 * end of a game shows its dialog; a closed window is finalized, and so is
 * the game it showed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "pj-board-view.h"
#include "pj-game-over-dialog.h"
#include "pj-hand-view.h"
#include "pj-test-display.h"
#include "pj-test-games.h"
#include "pj-test-window.h"
#include "pj-window.h"
#include "pj-window-private.h"
#include "pj-settings.h"

/* Idle and timeout callbacks that still hold the window run out first. */
static gboolean
not_animating (gpointer data)
{
  return !pj_board_view_get_animating (data);
}

/* A new game where seat 0 (human) plays first and can move a peg with a
 * card: its one peg step is returned. */
static PjGame *
game_with_a_move (guint     players,
                  PjAction *move)
{
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, players);
  for (guint64 seed = 1; seed < 500; seed++)
    {
      g_autoptr (PjGame) game = pj_game_new (&rules, seed, players - 1);
      const PjAction *legal;
      guint n;

      for (guint i = 1; i < players; i++)
        pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
      legal = pj_game_get_human_actions (game, &n);
      for (guint i = 0; i < n; i++)
        if (legal[i].kind == PJ_ACTION_MOVE && legal[i].n_steps == 1 &&
            legal[i].card != PJ_CARD_JOKER)
          {
            *move = legal[i];
            return g_steal_pointer (&game);
          }
    }
  g_assert_not_reached ();
}

static void
open_window_and_move (guint       players,
                      int         width,
                      const char *shot)
{
  PjGame *game;
  g_autofree char *name = NULL;
  PjWindow *window;
  PjBoardView *board;
  PjHandView *hand;
  const PjState *s;
  PjAction move;
  const PjStep *st;
  double x, y;
  int card_index = -1;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = game_with_a_move (players, &move);
  pj_game_set_delay (game, 0);

  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 760);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  board = pj_window_get_board_view (window);
  hand = pj_window_get_hand_view (window);
  g_assert_true (pj_test_run_until (pj_test_is_drawn, board, 5000));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (board)));

  /* 1. the card */
  s = pj_game_get_state (game);
  g_assert_cmpuint (pj_hand_view_get_n_cards (hand), ==, s->hand_count[0]);
  for (guint i = 0; i < s->hand_count[0] && card_index < 0; i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == move.card)
      card_index = (int) i;
  g_assert_cmpint (card_index, >=, 0);
  pj_hand_view_set_selected (hand, card_index);
  g_assert_cmpuint (pj_board_view_get_card (board), ==, move.card);

  /* 2. the peg, where it is drawn */
  st = &move.steps[0];
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->from,
                                                PJ_PEG_INDEX (st->peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 0);
  name = g_strdup_printf ("%s-picking.png", shot);
  if (g_getenv ("PJ_SCREENSHOT_DIR") != NULL)
    pj_test_wait (300);
  pj_test_screenshot (GTK_WIDGET (window), name);

  /* 3. where it goes */
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->to,
                                                PJ_PEG_INDEX (st->peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));

  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 1);
  g_assert_cmpuint (pj_game_get_state (game)->board.peg[0][PJ_PEG_INDEX (st->peg)], ==, st->to);
  g_assert_cmpuint (pj_game_get_actor (game), ==, 1);

  g_assert_true (pj_test_run_until (not_animating, board, 5000));
  g_free (name);
  name = g_strdup_printf ("%s-after.png", shot);
  pj_test_screenshot (GTK_WIDGET (window), name);

  /* nothing may keep the window alive once it is closed */
  pj_test_close_window (window);
  pj_test_finalize_game (game);
}

static void
test_window_move (void)
{
  open_window_and_move (4, 1100, "window-4");
}

static void
test_window_narrow_6 (void)
{
  open_window_and_move (6, 360, "window-6-narrow");
}

static void
test_window_rtl_8 (void)
{
  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  open_window_and_move (8, 1100, "window-8-rtl");
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
}

/* The winners, the game's figures and the ways on; neither the dialog nor
 * the window outlives its closing. */
static void
test_window_game_over (void)
{
  PjGame *game;
  PjGameOverDialog *dialog;
  PjAlert *message;
  GtkWidget *stats;
  PjWindow *window;
  guint rows = 0;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = pj_test_nearly_over_game ();
  pj_game_set_delay (game, 0);
  window = pj_window_new (NULL);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  pj_game_start (game);
  g_assert_true (pj_test_run_until (pj_test_game_over_shown, NULL, 10000));

  dialog = pj_test_find_game_over_dialog ();
  g_assert_nonnull (dialog);
  message = PJ_ALERT (dialog);
  g_assert_true (pj_game_over_dialog_get_game (dialog) == game);
  g_assert_cmpint (pj_game_over_dialog_get_team (dialog), ==, pj_game_get_winner (game));
  g_assert_cmpstr (pj_alert_get_heading (message), ==, "Your Team Wins!");
  g_assert_true (pj_test_alert_window (message) == GTK_WINDOW (window));
  g_assert_true (pj_alert_has_response (message, "new"));
  g_assert_true (pj_alert_has_response (message, "again"));
  g_assert_false (pj_alert_has_response (message, "rematch"));
  g_assert_cmpstr (pj_alert_get_default_response (message), ==, "again");

  /* turns, cards, the hits of each of the two teams, pegs sent back, duration
   * (the Game Review's list follows) */
  stats = gtk_widget_get_first_child (pj_alert_get_extra_child (message));
  g_assert_true (GTK_IS_LIST_BOX (stats));
  for (GtkWidget *row = gtk_widget_get_first_child (stats); row != NULL; row = gtk_widget_get_next_sibling (row))
    rows++;
  g_assert_cmpuint (rows, ==, 6);

  pj_game_over_dialog_set_deal_check (dialog, "Deal verified");
  g_assert_nonnull (strstr (pj_alert_get_body (message), "win the game.\n\nDeal verified"));

  g_object_ref (dialog);
  g_object_ref (window);
  pj_alert_close (message);
  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_run_until_idle ();
  g_assert_finalize_object (dialog);
  g_assert_finalize_object (window);
  pj_test_finalize_game (game);
}

static gboolean
save_banner_shown (gpointer data)
{
  PjWindow *window = data;

  return gtk_revealer_get_reveal_child (window->save_banner_revealer);
}

/* A save that fails is shown for as long as it lasts — not a toast that
 * passes — in people's words; a game whose saves work hides it again. */
static void
test_window_save_banner (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (PjGame) other = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-banner-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "autosave.json", NULL);
  PjAction move;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  /* the autosave's name is taken by a folder: every write fails */
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  game = game_with_a_move (4, &move);
  window = pj_window_new (NULL);
  pj_window_set_autosave_path (window, folder);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_true (pj_test_run_until (save_banner_shown, window, 5000));
  if (g_getenv ("PJ_SCREENSHOT_DIR") != NULL)
    pj_test_wait (500);
  g_assert_cmpstr (gtk_label_get_label (window->save_banner_label), ==,
                   "Your game could not be saved: a folder has the save file’s name");
  pj_test_screenshot (GTK_WIDGET (window), "save-banner.png");

  /* a game that saves elsewhere: the banner goes */
  pj_window_set_autosave_path (window, NULL);
  other = game_with_a_move (4, &move);
  pj_window_set_game (window, other);
  g_assert_false (save_banner_shown (window));

  pj_test_close_window (window);
  g_rmdir (folder);
  g_rmdir (dir);
}

static PjWindow *paused_window;

static gboolean
window_game_moved_past (gpointer data)
{
  PjGame *game = pj_window_get_game (paused_window);

  return pj_game_get_n_actions (game) > GPOINTER_TO_UINT (data) || pj_game_is_over (game);
}

static gboolean
pause_banner_hidden (gpointer data)
{
  return !gtk_widget_get_mapped (gtk_revealer_get_child (PJ_WINDOW (data)->pause_revealer));
}

static gboolean
pause_banner_shown (gpointer data)
{
  return gtk_revealer_get_child_revealed (PJ_WINDOW (data)->pause_revealer);
}

/* Pause (Ctrl+P): the banner says so and offers Resume, the board and the
 * hand take no picks, and the computers do not move; Resume, and they go
 * on. */
static void
test_window_pause (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (PjGame) game = NULL;
  PjRules rules;
  PjWindow *window;
  GtkWidget *resume;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  g_assert_nonnull (settings);
  g_settings_set_string (settings, "computer-speed", "instant");
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  /* computers only, so that the game goes on by itself */
  game = pj_game_new (&rules, 11, 0);
  for (guint i = 0; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  window = paused_window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_true (pause_banner_hidden (window));

  pj_game_start (game);
  g_assert_true (pj_test_run_until (window_game_moved_past, GUINT_TO_POINTER (0), 10000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_true (pj_game_get_paused (game));
  g_assert_true (pj_test_run_until (pause_banner_shown, window, 5000));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (pj_window_get_board_view (window))));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (pj_window_get_hand_view (window))));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Paused");
  pj_test_wait (100);
  pj_test_screenshot (GTK_WIDGET (window), "window-paused.png");

  /* a second of the main loop at instant speed: no move */
  n = pj_game_get_n_actions (game);
  pj_test_wait (1000);
  g_assert_cmpuint (pj_game_get_n_actions (game), ==, n);

  /* the banner's Resume */
  resume = pj_test_find_button (GTK_WIDGET (window->pause_revealer), "_Resume");
  g_assert_nonnull (resume);
  g_signal_emit_by_name (resume, "clicked");
  g_assert_false (pj_game_get_paused (game));
  g_assert_true (pj_test_run_until (pause_banner_hidden, window, 5000));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (pj_window_get_board_view (window))));
  g_assert_true (pj_test_run_until (window_game_moved_past, GUINT_TO_POINTER (n), 10000));

  /* paused, then another game: that one is not */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  {
    g_autoptr (PjGame) other = pj_game_new (&rules, 12, 0);

    pj_window_set_game (window, other);
    g_assert_false (pj_game_get_paused (other));
    g_assert_true (pj_test_run_until (pause_banner_hidden, window, 5000));
  }

  g_settings_reset (settings, "computer-speed");
  pj_test_close_window (window);
}

static GtkWidget *
find_toast (GtkWidget *widget)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0 && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_toast (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
toast_up (gpointer data)
{
  return find_toast (data) != NULL;
}

/* "Game saved" and the other toasts, in a window wider than tall with the
 * side panel beside the board: over the panel, clear of the board (whose
 * foot is the player's own seat) and of the hand. */
static void
test_window_toast_clear_of_pegs (void)
{
  g_autoptr (PjGame) game = NULL;
  graphene_rect_t toast_bounds, board_bounds, hand_bounds;
  PjAction move;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = game_with_a_move (4, &move);
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_false (pj_window_get_compact (window));

  pj_window_add_toast (window, "Game saved");
  g_assert_true (pj_test_run_until (toast_up, window, 5000));
  pj_test_wait (300);
  pj_test_screenshot (GTK_WIDGET (window), "window-toast.png");
  g_assert_true (gtk_widget_compute_bounds (find_toast (GTK_WIDGET (window)), GTK_WIDGET (window), &toast_bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (pj_window_get_board_view (window)), GTK_WIDGET (window),
                                           &board_bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (pj_window_get_hand_view (window)), GTK_WIDGET (window),
                                           &hand_bounds));
  g_assert_false (graphene_rect_intersection (&toast_bounds, &board_bounds, NULL));
  g_assert_false (graphene_rect_intersection (&toast_bounds, &hand_bounds, NULL));

  pj_test_close_window (window);
}

/* The action `accel` runs in the window, as its keyboard shortcut (NULL
 * when none). */
static char *
shortcut_action (PjWindow   *window,
                 const char *accel)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  /* the class's bindings are a shortcut controller of each window */
  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), i);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (trigger, accel) == 0)
            return gtk_shortcut_action_to_string (gtk_shortcut_get_action (shortcut));
        }
    }
  return NULL;
}

/* Ctrl+S saves, Ctrl+Shift+S saves as, Ctrl+P pauses (P alone walks the
 * pegs), F11 is fullscreen; Escape stays the board's step back. */
static void
test_window_shortcuts (void)
{
  static const char *const keys[][2] = {
    { "<Control>s", "action(win.save)" },
    { "<Shift><Control>s", "action(win.save-as)" },
    { "<Control>p", "action(win.pause)" },
    { "F11", "action(win.fullscreen)" },
    { "Escape", "action(win.cancel-move)" },
  };
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  window = pj_window_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *action = shortcut_action (window, keys[i][0]);

      g_test_message ("%s: %s", keys[i][0], action);
      g_assert_cmpstr (action, ==, keys[i][1]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/window/move", test_window_move);
  g_test_add_func ("/window/narrow-6", test_window_narrow_6);
  g_test_add_func ("/window/rtl-8", test_window_rtl_8);
  g_test_add_func ("/window/game-over", test_window_game_over);
  g_test_add_func ("/window/save-banner", test_window_save_banner);
  g_test_add_func ("/window/pause", test_window_pause);
  g_test_add_func ("/window/shortcuts", test_window_shortcuts);
  g_test_add_func ("/window/toast-clear-of-pegs", test_window_toast_clear_of_pegs);

  return g_test_run ();
}
