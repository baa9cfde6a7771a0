/* test-bj-hints.c — Bluffing Joker and hints, through the views' input
 * path: the question in the prompt line, the challenge answered with its
 * button, its outcome told in the log and as it happens (over the board,
 * never over the hand), the penalty peg picked on the board; a hint marks
 * its card, peg and hole and says what to do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-board-view.h"
#include "pj-hand-view.h"
#include "pj-move-item.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "../model/pj-test-table.h"
#include "pj-window.h"
#include "pj-window-private.h"

/* Yellow to move with a 4; Red (the person here) answers first. */
#define YELLOW_TO_MOVE(red_pegs, yellow_pegs) \
  "turn Y 9\npegs R " red_pegs "\npegs Y " yellow_pegs "\nhand Y 4 9\nhand R 7 5\n"

static gboolean
not_animating (gpointer data)
{
  return !pj_board_view_get_animating (data);
}

static const char *
prompt_of (PjWindow *window)
{
  return gtk_label_get_label (window->prompt_label);
}

static char *
last_description (PjGame *game)
{
  GListModel *history = pj_game_get_history (game);
  guint n = g_list_model_get_n_items (history);
  g_autoptr (PjMoveItem) item = NULL;

  g_assert_cmpuint (n, >, 0);
  item = g_list_model_get_item (history, n - 1);
  return g_strdup (pj_move_item_get_description (item));
}

/* The toast up somewhere under `widget`, or NULL. */
static GtkWidget *
find_toast (GtkWidget *widget)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0 && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toast (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
shows_toast (GtkWidget *widget)
{
  return find_toast (widget) != NULL;
}

static gboolean
board_toast_up (gpointer data)
{
  PjWindow *window = data;

  return shows_toast (GTK_WIDGET (window));
}

/* A toast in a game comes up clear of the hand (over the board, or over
 * the side panel beside it). */
static void
check_toast_clear_of_hand (PjWindow *window)
{
  GtkWidget *hand = GTK_WIDGET (pj_window_get_hand_view (window));
  graphene_rect_t toast_bounds, hand_bounds;

  pj_window_add_toast (window, "A toast");
  g_assert_true (pj_test_run_until (board_toast_up, window, 5000));
  g_assert_true (gtk_widget_compute_bounds (find_toast (GTK_WIDGET (window)),
                                           GTK_WIDGET (window), &toast_bounds));
  g_assert_true (gtk_widget_compute_bounds (hand, GTK_WIDGET (window), &hand_bounds));
  g_assert_cmpfloat (hand_bounds.size.height, >, 0);
  g_assert_false (graphene_rect_intersection (&toast_bounds, &hand_bounds, NULL));
}

static void
shot (PjWindow   *window,
      const char *what,
      int         width,
      gboolean    dark)
{
  g_autofree char *name = g_strdup_printf ("%s-%d-%s.png", what, width, dark ? "dark" : "light");

  if (g_getenv ("PJ_SCREENSHOT_DIR") != NULL)
    pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), name);
}

static void
challenge_caught (int      width,
                  gboolean dark)
{
  PjTestTable t;
  g_autofree char *outcome = NULL;
  g_autofree char *penalty = NULL;
  PjWindow *window;
  PjBoardView *board;
  double x, y;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  pj_test_table_init (&t, 0, YELLOW_TO_MOVE ("r10 s s s s", "y8 s s s s"));
  window = pj_test_open_window (t.mirror, width, 760, pj_test_style (dark));
  board = pj_window_get_board_view (window);

  /* Yellow bluffs: Red is asked, in words, with the two answers */
  pj_test_table_play (&t, "4=A Y1 y8-y9");
  g_assert_true (pj_test_run_until (not_animating, board, 5000));
  g_assert_cmpstr (prompt_of (window), ==, "Yellow played a card face down as an Ace — challenge or let it stand?");
  g_assert_true (gtk_widget_get_visible (window->challenge_button));
  g_assert_true (gtk_widget_get_visible (window->pass_button));
  /* the cards stay legible: nothing to pick among them now */
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (pj_window_get_hand_view (window))));
  shot (window, "bj-challenge-prompt", width, dark);
  check_toast_clear_of_hand (window);

  /* Red challenges with the button; the host turns the card up */
  g_signal_emit_by_name (window->challenge_button, "clicked");
  g_assert_cmpstr (t.sent, ==, "challenge");
  pj_test_table_play_sent (&t);
  outcome = last_description (t.mirror);
  g_assert_cmpstr (outcome, ==,
                   "Red challenged: Yellow’s card was a Four, not an Ace — the move is not made "
                   "and Red sends one of Yellow’s pegs back to start");
  /* told as it happens, in the prompt line, with what to do next */
  {
    g_autofree char *expected = g_strdup_printf ("%s\n%s", outcome,
                                                 "You caught Yellow’s bluff: pick one of Yellow’s pegs "
                                                 "to send back to start");
    g_assert_cmpstr (prompt_of (window), ==, expected);
  }
  shot (window, "bj-challenge-outcome", width, dark);

  /* the penalty peg, picked on the board */
  g_assert_true (pj_board_view_get_place_point (board, 3, t.full.board.peg[3][0], 0, &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  g_assert_true (pj_board_view_get_place_point (board, 3, PJ_POS_START, 0, &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  g_assert_nonnull (t.sent);
  pj_test_table_play_sent (&t);
  penalty = last_description (t.mirror);
  g_assert_cmpstr (penalty, ==, "Red sends Yellow peg 1 back to start");

  pj_test_close_window (window);
  pj_test_table_release (&t);
}

static void
test_challenge_light (void)
{
  challenge_caught (1100, FALSE);
}

static void
test_challenge_narrow_dark (void)
{
  challenge_caught (360, TRUE);
}

/* Yellow has no peg on the track: the caught bluff gives Red a second
 * turn in a row, and the board says so. */
static void
test_extra_turn (void)
{
  PjTestTable t;
  g_autofree char *run = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  pj_test_table_init (&t, 0, YELLOW_TO_MOVE ("r10 s s s s", "s s s s s"));
  window = pj_test_open_window (t.mirror, 1100, 760, pj_test_style (FALSE));
  pj_test_table_play (&t, "4=A Y1 s-y8");
  g_signal_emit_by_name (window->challenge_button, "clicked");
  pj_test_table_play_sent (&t);
  g_assert_cmpstr (prompt_of (window), ==,
                   "Red challenged: Yellow’s card was a Four, not an Ace — the move is not made; "
                   "Yellow has no peg in play, so Red gets an extra turn\nPick a card");
  /* the extra turn: Red plays, nobody challenges, Red plays again */
  pj_test_table_play (&t, "7 R1 r10-r17");
  g_assert_cmpstr (prompt_of (window), ==, "");
  pj_test_table_play (&t, "pass");
  pj_test_table_play (&t, "pass");
  run = pj_game_describe_turn_run (t.mirror);
  g_assert_cmpstr (run, ==, "2 turns in a row");
  g_assert_cmpstr (prompt_of (window), ==, "Pick a card");
  g_assert_true (pj_test_run_until (not_animating, pj_window_get_board_view (window), 5000));
  shot (window, "bj-extra-turn", 1100, FALSE);

  pj_test_close_window (window);
  pj_test_table_release (&t);
}

static gboolean
hint_shown (gpointer data)
{
  return pj_hand_view_get_hint (pj_window_get_hand_view (data)) >= 0;
}

static void
hint (int      width,
      gboolean dark)
{
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;
  PjBoardView *board;
  PjHandView *hand;
  PjRules rules;
  guint peg, hole, rank;
  int index;
  double x, y;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 7, 3);   /* Red, the person, plays first */
  pj_game_set_delay (game, 0);
  for (guint i = 1; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  window = pj_test_open_window (game, width, 760, pj_test_style (dark));
  board = pj_window_get_board_view (window);
  hand = pj_window_get_hand_view (window);
  g_assert_true (pj_game_is_human_turn (game));
  g_assert_cmpint (pj_hand_view_get_hint (hand), ==, -1);
  g_assert_false (pj_board_view_get_hint (board, NULL, NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (pj_test_run_until (hint_shown, window, 20000));

  /* the card on the hand, the peg and its hole on the board */
  index = pj_hand_view_get_hint (hand);
  g_assert_cmpint (index, >=, 0);
  rank = PJ_CARD_RANK (pj_hand_view_get_card (hand, (guint) index));
  g_assert_true (pj_board_view_get_hint (board, &peg, &hole));
  g_assert_cmpuint (PJ_PEG_COLOUR (peg), ==, 0);
  /* the instruction in the prompt line, not in a toast over the hand */
  g_assert_true (g_str_has_prefix (prompt_of (window), "Play your "));
  g_assert_nonnull (strstr (prompt_of (window), " — "));
  g_assert_false (shows_toast (GTK_WIDGET (window->toast_overlay)));
  shot (window, "hint", width, dark);

  /* playing it through the views clears the marks */
  pj_hand_view_set_selected (hand, index);
  g_assert_cmpuint (pj_board_view_get_card (board), ==, rank);
  g_assert_true (g_str_has_prefix (prompt_of (window), "Play your "));
  g_assert_true (pj_board_view_get_place_point (board, 0, pj_game_get_state (game)->board.peg[0][PJ_PEG_INDEX (peg)],
                                                PJ_PEG_INDEX (peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  if (g_list_model_get_n_items (pj_game_get_history (game)) == 0)
    {
      g_assert_true (pj_board_view_get_place_point (board, 0, hole, PJ_PEG_INDEX (peg), &x, &y));
      g_assert_true (pj_board_view_pick_at (board, x, y));
    }
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), >=, 1);
  g_assert_cmpint (pj_hand_view_get_hint (hand), ==, -1);
  g_assert_false (pj_board_view_get_hint (board, NULL, NULL));

  pj_game_stop (game);
  pj_test_close_window (window);
}

static void
test_hint_light (void)
{
  hint (1100, FALSE);
}

static void
test_hint_narrow_dark (void)
{
  hint (360, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bj-hints/challenge", test_challenge_light);
  g_test_add_func ("/bj-hints/challenge-narrow-dark", test_challenge_narrow_dark);
  g_test_add_func ("/bj-hints/extra-turn", test_extra_turn);
  g_test_add_func ("/bj-hints/hint", test_hint_light);
  g_test_add_func ("/bj-hints/hint-narrow-dark", test_hint_narrow_dark);

  return g_test_run ();
}
