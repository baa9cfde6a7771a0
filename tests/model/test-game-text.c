/* test-game-text.c — Bluffing Joker and hints told in words, on hand-made
 * positions: the question asked, what a challenge turned up and cost, the
 * run of extra turns, and hints as instructions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-game.h"
#include "pj-move-item.h"
#include "pj-test-table.h"

/* Yellow to move with a 4; Red (the person here) answers first. */
#define YELLOW_TO_MOVE(red_pegs, yellow_pegs) \
  "turn Y 9\npegs R " red_pegs "\npegs Y " yellow_pegs "\nhand Y 4 9\nhand R 7 5\n"

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

static void
test_question (void)
{
  PjTestTable t;
  g_autofree char *question = NULL;

  pj_test_table_init (&t, 0, YELLOW_TO_MOVE ("r10 s s s s", "y8 s s s s"));
  g_assert_null (pj_game_describe_question (t.mirror));   /* not Red's turn */
  pj_test_table_play (&t, "4=A Y1 y8-y9");
  g_assert_true (pj_game_is_human_turn (t.mirror));
  question = pj_game_describe_question (t.mirror);
  g_assert_cmpstr (question, ==, "Yellow played a card face down as an Ace — challenge or let it stand?");
  pj_test_table_clear (&t);
}

static void
test_bluff_caught (void)
{
  PjTestTable t;
  g_autofree char *outcome = NULL;
  g_autofree char *question = NULL;
  g_autofree char *penalty = NULL;

  pj_test_table_init (&t, 0, YELLOW_TO_MOVE ("r10 s s s s", "y8 s s s s"));
  pj_test_table_play (&t, "4=A Y1 y8-y9");
  pj_test_table_play (&t, "challenge");
  /* the mirror never saw the card: the log has it from the card turned up */
  outcome = last_description (t.mirror);
  g_assert_cmpstr (outcome, ==,
                   "Red challenged: Yellow’s card was a Four, not an Ace — the move is not made "
                   "and Red sends one of Yellow’s pegs back to start");
  question = pj_game_describe_question (t.mirror);
  g_assert_cmpstr (question, ==, "You caught Yellow’s bluff: pick one of Yellow’s pegs to send back to start");
  pj_test_table_play (&t, "penalty Y1 y8");
  penalty = last_description (t.mirror);
  g_assert_cmpstr (penalty, ==, "Red sends Yellow peg 1 back to start");
  g_assert_cmpuint (t.full.board.peg[3][0], ==, PJ_POS_START);
  pj_test_table_clear (&t);
}

static void
test_bluff_caught_extra_turn (void)
{
  PjTestTable t;
  g_autofree char *outcome = NULL;
  g_autofree char *run = NULL;

  /* Yellow has no peg on the track: Red earns an extra turn */
  pj_test_table_init (&t, 0, YELLOW_TO_MOVE ("r10 s s s s", "s s s s s"));
  pj_test_table_play (&t, "4=A Y1 s-y8");
  pj_test_table_play (&t, "challenge");
  outcome = last_description (t.mirror);
  g_assert_cmpstr (outcome, ==,
                   "Red challenged: Yellow’s card was a Four, not an Ace — the move is not made; "
                   "Yellow has no peg in play, so Red gets an extra turn");
  g_assert_cmpuint (t.full.turn, ==, 0);
  g_assert_cmpuint (pj_game_get_turn_run (t.mirror), ==, 1);
  g_assert_null (pj_game_describe_turn_run (t.mirror));
  pj_test_table_play (&t, "7 R1 r10-r17");
  pj_test_table_play (&t, "pass");
  pj_test_table_play (&t, "pass");
  /* Red plays again: the run shows */
  g_assert_cmpuint (t.full.turn, ==, 0);
  g_assert_cmpuint (pj_game_get_turn_run (t.mirror), ==, 2);
  run = pj_game_describe_turn_run (t.mirror);
  g_assert_cmpstr (run, ==, "2 turns in a row");
  pj_test_table_clear (&t);
}

static void
test_wrong_challenge (void)
{
  PjTestTable t, u;
  g_autofree char *outcome = NULL;
  g_autofree char *question = NULL;
  g_autofree char *outcome2 = NULL;

  /* seen by Yellow, who told the truth and picks one of Red's pegs */
  pj_test_table_init (&t, 3, YELLOW_TO_MOVE ("r10 s s s s", "y8 s s s s"));
  pj_test_table_play (&t, "4 Y1 y8-y12");
  pj_test_table_play (&t, "challenge");
  outcome = last_description (t.mirror);
  g_assert_cmpstr (outcome, ==,
                   "Red challenged: Yellow’s card really was a Four — the move stands "
                   "and Yellow sends one of Red’s pegs back to start");
  question = pj_game_describe_question (t.mirror);
  g_assert_cmpstr (question, ==, "Red challenged wrongly: pick one of Red’s pegs to send back to start");
  pj_test_table_clear (&t);

  /* Red has no peg on the track: Yellow earns the extra turn */
  pj_test_table_init (&u, 0, YELLOW_TO_MOVE ("s s s s s", "y8 s s s s"));
  pj_test_table_play (&u, "4 Y1 y8-y12");
  pj_test_table_play (&u, "challenge");
  outcome2 = last_description (u.mirror);
  g_assert_cmpstr (outcome2, ==,
                   "Red challenged: Yellow’s card really was a Four — the move stands; "
                   "Red has no peg in play, so Yellow gets an extra turn");
  g_assert_cmpuint (u.full.turn, ==, 3);   /* Yellow again, at once */
  g_assert_cmpuint (pj_game_get_turn_run (u.mirror), ==, 2);
  pj_test_table_clear (&u);
}

static void
check_hint (PjGame     *game,
            const char *action_text,
            const char *reason,
            const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  const PjState *s = pj_game_get_state (game);
  PjAction a;

  g_assert_true (pj_action_from_string (s, action_text, &a, &error));
  g_assert_no_error (error);
  text = pj_game_describe_hint (game, s, &a, reason);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_hint_words (void)
{
  PjTestTable t;

  /* seen by Yellow, to move */
  pj_test_table_init (&t, 3, YELLOW_TO_MOVE ("r10 s s s s", "y8 s s s s"));
  check_hint (t.mirror, "4 Y1 y8-y12", "Makes the most safe progress for your team",
              "Play your Four: move peg 1 4 holes forward — Makes the most safe progress for your team");
  check_hint (t.mirror, "9=A Y1 y8-y9", NULL, "Play your Nine as an Ace: move peg 1 1 hole forward");
  check_hint (t.mirror, "4=JK Y1 y8-r10 xR1>s", NULL,
              "Play your Four as a Joker: jump peg 1 onto the peg there, Red peg 1 goes back to start");
  pj_test_table_clear (&t);
}

/* The move list folds the answers that let a card stand into the play's
 * line, one item per action staying in the history (RULES BJ). */
static void
test_let_stand_folded (void)
{
  PjTestTable t;
  GListModel *history;
  guint play;
  g_autofree char *waiting = NULL;
  g_autofree char *one = NULL;
  g_autofree char *settled = NULL;
  g_autofree char *pass = NULL;

  pj_test_table_init (&t, 0, YELLOW_TO_MOVE ("r10 s s s s", "y8 s s s s"));
  history = pj_game_get_history (t.mirror);
  pj_test_table_play (&t, "4=A Y1 y8-y9");
  play = g_list_model_get_n_items (history) - 1;
  waiting = pj_game_describe_history_item (t.mirror, play);
  g_test_message ("%s", waiting);
  g_assert_cmpstr (waiting, ==, "Yellow played a card face down as an Ace: peg 1 +1");

  pj_test_table_play (&t, "pass");
  pass = last_description (t.mirror);
  g_assert_cmpuint (g_list_model_get_n_items (history), ==, play + 2);
  one = pj_game_describe_history_item (t.mirror, play);
  g_test_message ("%s / %s", pass, one);
  g_assert_cmpstr (one, ==, "Yellow played a card face down as an Ace: peg 1 +1 — Red let it stand");
  while (pj_game_get_state (t.mirror)->phase == PJ_PHASE_CHALLENGE)
    pj_test_table_play (&t, "pass");
  settled = pj_game_describe_history_item (t.mirror, play);
  g_test_message ("%s", settled);
  g_assert_cmpstr (settled, ==, "Yellow played a card face down as an Ace: peg 1 +1 — nobody challenged");
  /* each answer stays an item of its own */
  g_assert_cmpuint (g_list_model_get_n_items (history), >, play + 2);
  pj_test_table_clear (&t);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-text/question", test_question);
  g_test_add_func ("/game-text/bluff-caught", test_bluff_caught);
  g_test_add_func ("/game-text/bluff-caught-extra-turn", test_bluff_caught_extra_turn);
  g_test_add_func ("/game-text/wrong-challenge", test_wrong_challenge);
  g_test_add_func ("/game-text/hint-words", test_hint_words);
  g_test_add_func ("/game-text/let-stand-folded", test_let_stand_folded);

  return g_test_run ();
}
