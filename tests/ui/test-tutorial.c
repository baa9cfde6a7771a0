/* test-tutorial.c — the first launch's welcome and "Learn to Play" played
 * through the views' input path: each step's move made by picking a card
 * in the hand and pegs and holes on the board, the bar following; a wrong
 * move shows its explanation and changes nothing; leaving brings back the
 * game that was on the table.
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of the welcome and every step (light,
 * dark, and 360 px wide).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-board-view.h"
#include "pj-board-view-private.h"
#include "pj-hand-view.h"
#include "pj-settings.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-tutorial-bar.h"
#include "pj-welcome-dialog.h"
#include "pj-window.h"
#include "pj-window-private.h"

static gboolean
not_animating (gpointer data)
{
  return !pj_board_view_get_animating (data);
}

/* The lesson waits for the person: the answers are played and shown. */
static gboolean
tutorial_ready (gpointer data)
{
  PjWindow *window = data;
  PjTutorial *tutorial = pj_window_get_tutorial (window);
  PjGame *game = pj_window_get_game (window);

  return !pj_tutorial_get_busy (tutorial) && !pj_game_get_awaiting (game) &&
         (pj_tutorial_get_finished (tutorial) || pj_game_is_human_turn (game)) &&
         !pj_board_view_get_animating (pj_window_get_board_view (window));
}

static void
wait_ready (PjWindow *window)
{
  g_assert_true (pj_test_run_until (tutorial_ready, window, 10000));
}

static PjWelcomeDialog *
find_welcome (void)
{
  PjAlert *alert = pj_test_find_alert ();

  return PJ_IS_WELCOME_DIALOG (alert) ? PJ_WELCOME_DIALOG (alert) : NULL;
}

/* Play @action as a person would: its card in the hand, then each peg it
 * moves by choice and where it goes, on the board. */
static void
play_through_views (PjWindow       *window,
                    const PjAction *action)
{
  PjBoardView *board = pj_window_get_board_view (window);
  PjHandView *hand = pj_window_get_hand_view (window);
  int card_index = -1;

  for (guint i = 0; i < pj_hand_view_get_n_cards (hand) && card_index < 0; i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == action->card)
      card_index = (int) i;
  g_assert_cmpint (card_index, >=, 0);
  pj_hand_view_set_selected (hand, card_index);
  g_assert_cmpuint (pj_board_view_get_card (board), ==, action->card);

  for (guint i = 0; i < action->n_steps; i++)
    {
      const PjStep *st = &action->steps[i];
      double x, y;

      if (!pj_move_picker_is_picked_step (action, i))
        continue;
      g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->from,
                                                    PJ_PEG_INDEX (st->peg), &x, &y));
      g_assert_true (pj_board_view_pick_at (board, x, y));
      g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->to,
                                                    PJ_PEG_INDEX (st->peg), &x, &y));
      g_assert_true (pj_board_view_pick_at (board, x, y));
    }
}

/* How many pegs in Red's start area light up once `card` is picked. */
static guint
lit_start_pegs (PjWindow *window,
                guint     card)
{
  PjBoardView *board = pj_window_get_board_view (window);
  PjHandView *hand = pj_window_get_hand_view (window);
  guint n = 0;

  for (guint i = 0; i < pj_hand_view_get_n_cards (hand); i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == card)
      {
        pj_hand_view_set_selected (hand, (int) i);
        break;
      }
  g_assert_cmpuint (pj_board_view_get_card (board), ==, card);
  for (guint i = 0; i < board->n_lit; i++)
    n += board->lit[i].colour == 0 && board->lit[i].pos == PJ_POS_START;
  return n;
}

static PjWindow *
open_window (int width)
{
  PjWindow *window = pj_window_new (NULL);
  PjRules rules;
  g_autoptr (PjGame) game = NULL;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 7, -1);
  pj_game_set_delay (game, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 760);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  return window;
}

/* The first launch greets once; "Learn to Play" starts the lesson over the
 * game it keeps aside, "Play" starts that game. */
static void
test_tutorial_welcome (void)
{
  g_autoptr (GSettings) settings = NULL;
  PjWelcomeDialog *welcome;
  PjWindow *window;
  PjGame *first;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  g_assert_nonnull (settings);
  g_settings_set_boolean (settings, "welcome-shown", FALSE);

  window = open_window (1100);
  first = pj_window_get_game (window);
  g_assert_true (pj_window_welcome (window));
  welcome = find_welcome ();
  g_assert_nonnull (welcome);
  pj_test_wait (300);
  pj_test_screenshot (GTK_WIDGET (welcome), "welcome.png");
  if (g_getenv ("PJ_SCREENSHOT_DIR") != NULL)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
      pj_test_wait (300);
      pj_test_screenshot (GTK_WIDGET (welcome), "welcome-dark.png");
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
    }

  pj_test_answer_alert (PJ_ALERT (welcome), "learn");
  pj_test_run_until_idle ();
  g_assert_true (g_settings_get_boolean (settings, "welcome-shown"));
  g_assert_nonnull (pj_window_get_tutorial (window));
  g_assert_true (pj_window_get_game (window) == pj_tutorial_get_game (pj_window_get_tutorial (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->tutorial_bar)));
  /* greeted once only */
  g_assert_false (pj_window_welcome (window));

  /* leaving brings back the game kept aside, and the bar goes */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-tutorial", NULL);
  g_assert_true (pj_window_get_game (window) == first);
  g_assert_null (pj_window_get_tutorial (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->tutorial_bar)));
  pj_test_close_window (window);

  /* "Play" starts the game shown */
  g_settings_set_boolean (settings, "welcome-shown", FALSE);
  window = open_window (1100);
  first = pj_window_get_game (window);
  g_assert_true (pj_window_welcome (window));
  welcome = find_welcome ();
  pj_test_answer_alert (PJ_ALERT (welcome), "play");
  pj_test_run_until_idle ();
  g_assert_null (pj_window_get_tutorial (window));
  g_assert_true (pj_window_get_game (window) == first);
  g_assert_true (g_settings_get_boolean (settings, "welcome-shown"));
  pj_test_close_window (window);
}

static void
play_lesson (int         width,
             gboolean    dark,
             const char *prefix)
{
  PjWindow *window;
  PjTutorial *tutorial;
  PjTutorialBar *bar;
  PjGame *kept;
  int bar_height = 0;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  window = open_window (width);
  kept = pj_window_get_game (window);
  bar = window->tutorial_bar;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn-to-play", NULL);
  tutorial = pj_window_get_tutorial (window);
  g_assert_nonnull (tutorial);
  pj_tutorial_set_delay (tutorial, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_true (pj_test_run_until (not_animating, pj_window_get_board_view (window), 5000));

  for (guint step = 0; step < PJ_TUTORIAL_N_STEPS; step++)
    {
      g_autofree char *red = NULL;
      g_autofree char *progress = g_strdup_printf ("Step %u of %u: %s", step + 1,
                                                   (guint) PJ_TUTORIAL_N_STEPS,
                                                   pj_tutorial_step_title (step));
      g_autofree char *shot = g_strdup_printf ("%s-step%u.png", prefix, step + 1);
      PjAction example;

      wait_ready (window);
      g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step);
      g_assert_cmpstr (pj_tutorial_bar_get_progress (bar), ==, progress);
      g_assert_cmpstr (pj_tutorial_bar_get_instruction (bar), ==, pj_tutorial_step_instruction (step));
      /* issue 23: the bar keeps its height from step to step, so the board
       * under it does not jump */
      g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
      if (step == 0)
        bar_height = gtk_widget_get_height (GTK_WIDGET (bar));
      g_assert_cmpint (bar_height, >, 0);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (bar)), ==, bar_height);
      /* no turn runs in a basic lesson: a jump to a later position is not
       * a second turn in a row */
      red = _pj_board_view_seat_label (pj_window_get_board_view (window), 0);
      g_assert_null (strstr (red, "in a row"));
      /* the move list starts afresh with a new position */
      if (step == PJ_TUTORIAL_HOME_TRACK)
        g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->history_selection)), ==, 0);
      /* "the peg that lights up": one, for the Ace */
      if (step == PJ_TUTORIAL_COME_OUT)
        g_assert_cmpuint (lit_start_pegs (window, PJ_CARD_ACE), ==, 1);
      /* the picked card's colour fades in */
      pj_test_wait (g_getenv ("PJ_SCREENSHOT_DIR") ? 500 : 0);
      pj_test_screenshot (GTK_WIDGET (window), shot);
      if (step == PJ_TUTORIAL_COME_OUT)
        pj_hand_view_set_selected (pj_window_get_hand_view (window), -1);

      /* the first step, got wrong: the Ace moves the peg on the track one
       * hole instead of bringing a new one out (B-12) */
      if (step == PJ_TUTORIAL_COME_OUT)
        {
          g_autofree char *wrong_shot = g_strdup_printf ("%s-wrong.png", prefix);
          PjState before = *pj_game_get_state (pj_window_get_game (window));
          PjAction wrong;

          g_assert_true (pj_action_from_string (&before, "A R1 b2-b3", &wrong, NULL));
          play_through_views (window, &wrong);
          wait_ready (window);
          g_assert_cmpstr (pj_tutorial_bar_get_message (bar), ==, pj_tutorial_step_retry (step));
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pj_window_get_hand_view (window))));
          g_assert_cmpmem (pj_game_get_state (pj_window_get_game (window)), sizeof (PjState),
                           &before, sizeof (PjState));
          g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step);
          /* the picks are let go: the move can be made again from its card */
          g_assert_cmpuint (pj_board_view_get_card (pj_window_get_board_view (window)), ==, 0);
          pj_test_wait (g_getenv ("PJ_SCREENSHOT_DIR") ? 200 : 0);
          pj_test_screenshot (GTK_WIDGET (window), wrong_shot);
        }

      g_assert_true (pj_tutorial_get_example (tutorial, &example));
      play_through_views (window, &example);
      wait_ready (window);
      g_assert_cmpstr (pj_tutorial_bar_get_message (bar), ==, "");
      g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step + 1);
    }

  g_assert_true (pj_tutorial_get_finished (tutorial));
  g_assert_cmpstr (pj_tutorial_bar_get_progress (bar), ==, "Lesson complete");
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (bar)), ==, bar_height);
  {
    g_autofree char *shot = g_strdup_printf ("%s-done.png", prefix);

    pj_test_wait (g_getenv ("PJ_SCREENSHOT_DIR") ? 200 : 0);
    pj_test_screenshot (GTK_WIDGET (window), shot);
  }

  /* "Play a Game": the game kept aside is back */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-tutorial", NULL);
  g_assert_true (pj_window_get_game (window) == kept);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  pj_test_close_window (window);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static void
test_tutorial_steps (void)
{
  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  play_lesson (1100, FALSE, "tutorial");
}

/* The same lesson, dark and in a phone-sized window. */
static void
test_tutorial_narrow_dark (void)
{
  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  play_lesson (360, TRUE, "tutorial-360-dark");
}

/* Another game chosen during the lesson ends it; the game kept aside is
 * not brought back over it. */
static void
test_tutorial_replaced (void)
{
  g_autoptr (PjGame) other = NULL;
  PjWindow *window;
  PjRules rules;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  window = open_window (1100);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn-to-play", NULL);
  g_assert_nonnull (pj_window_get_tutorial (window));

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 6);
  other = pj_game_new (&rules, 3, -1);
  pj_window_set_game (window, other);
  g_assert_null (pj_window_get_tutorial (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->tutorial_bar)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-tutorial", NULL);
  g_assert_true (pj_window_get_game (window) == other);
  pj_test_close_window (window);
}

static PjAlert *
find_message_dialog (const char *heading)
{
  return pj_test_find_alert_full (NULL, heading, NULL);
}

/* New Game during the lesson asks first when the game kept aside has
 * moves in it: that game is the one it would end. */
static void
test_tutorial_new_game_asks (void)
{
  PjWindow *window;
  PjGame *kept;
  PjAlert *ask;
  const PjAction *legal;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  window = open_window (1100);
  kept = pj_window_get_game (window);
  /* a human move in the game on the table (computers do not start: the
   * game was never started) */
  while (!pj_game_is_human_turn (kept))
    {
      g_autoptr (PjGame) next = NULL;
      PjRules rules;

      pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
      next = pj_game_new (&rules, g_random_int (), 3);
      pj_window_set_game (window, next);
      kept = next;
    }
  legal = pj_game_get_human_actions (kept, &n);
  g_assert_cmpuint (n, >, 0);
  g_assert_true (pj_game_apply (kept, &legal[0], NULL));
  pj_game_stop (kept);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn-to-play", NULL);
  g_assert_nonnull (pj_window_get_tutorial (window));
  /* asked once the new game is chosen */
  pj_test_new_game (window, TRUE);
  ask = find_message_dialog ("Leave this game?");
  g_assert_nonnull (ask);
  pj_test_answer_alert (ask, "cancel");
  pj_test_run_until_idle ();
  g_assert_nonnull (pj_window_get_tutorial (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-tutorial", NULL);
  g_assert_true (pj_window_get_game (window) == kept);
  pj_test_close_window (window);
}

static gboolean
is_busy (gpointer data)
{
  return pj_tutorial_get_busy (data);
}

/* The bar tells the next step as soon as the move is taken, not once the
 * others have answered (issue 23: it showed the old step ~3 s). */
static void
test_tutorial_bar_at_once (void)
{
  PjWindow *window;
  PjTutorial *tutorial;
  PjAction example;
  g_autofree char *next = NULL;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  window = open_window (1100);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn-to-play", NULL);
  tutorial = pj_window_get_tutorial (window);
  /* the others take their time: the test looks in between */
  pj_tutorial_set_delay (tutorial, 60000);
  g_assert_true (pj_test_run_until (not_animating, pj_window_get_board_view (window), 5000));
  g_assert_true (pj_tutorial_get_example (tutorial, &example));
  play_through_views (window, &example);
  g_assert_true (pj_test_run_until (is_busy, tutorial, 5000));
  g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, 0);
  next = g_strdup_printf ("Step 2 of %u: %s", (guint) PJ_TUTORIAL_N_STEPS, pj_tutorial_step_title (1));
  g_assert_cmpstr (pj_tutorial_bar_get_progress (window->tutorial_bar), ==, next);
  g_assert_cmpstr (pj_tutorial_bar_get_instruction (window->tutorial_bar), ==, pj_tutorial_step_instruction (1));
  pj_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tutorial/welcome", test_tutorial_welcome);
  g_test_add_func ("/tutorial/steps", test_tutorial_steps);
  g_test_add_func ("/tutorial/narrow-dark", test_tutorial_narrow_dark);
  g_test_add_func ("/tutorial/replaced", test_tutorial_replaced);
  g_test_add_func ("/tutorial/bar-at-once", test_tutorial_bar_at_once);
  g_test_add_func ("/tutorial/new-game-asks", test_tutorial_new_game_asks);

  return g_test_run ();
}
