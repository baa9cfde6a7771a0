/* test-game.c — the game model plays whole games of computer players
 * (no GTK: the model must work without a display).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-game.h"
#include "pj-move-item.h"

typedef struct {
  GMainLoop *loop;
  guint      applied;
  guint      turns;
  int        winner;
  gboolean   over;
} Counts;

static void
action_applied_cb (PjGame         *game,
                   const PjAction *action,
                   const PjState  *before,
                   Counts         *counts)
{
  PjState check = *before;

  /* the state before plus the action is the state now */
  pj_state_apply (&check, action);
  g_assert_cmpmem (&check, sizeof check, pj_game_get_state (game), sizeof check);
  counts->applied++;
}

static void
turn_changed_cb (PjGame *game,
                 guint   actor,
                 Counts *counts)
{
  g_assert_cmpuint (actor, ==, pj_game_get_actor (game));
  counts->turns++;
}

static void
game_over_cb (PjGame *game,
              int     winner,
              Counts *counts)
{
  counts->over = TRUE;
  counts->winner = winner;
  g_main_loop_quit (counts->loop);
}

static void
play_computer_game (guint    players,
                    PjPreset preset)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Counts counts = { loop, 0, 0, -1, FALSE };
  GListModel *history;
  PjRules rules;

  pj_rules_preset (&rules, preset, players);
  game = pj_game_new (&rules, 77 + players, -1);
  pj_game_set_delay (game, 0);
  for (guint i = 0; i < players; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  g_assert_cmpint (pj_game_get_viewer (game), ==, -1);

  g_signal_connect (game, "action-applied", G_CALLBACK (action_applied_cb), &counts);
  g_signal_connect (game, "turn-changed", G_CALLBACK (turn_changed_cb), &counts);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), &counts);

  pj_game_start (game);
  g_main_loop_run (loop);

  g_assert_true (counts.over);
  g_assert_true (pj_game_is_over (game));
  g_assert_cmpint (counts.winner, ==, pj_game_get_winner (game));
  g_assert_cmpint (counts.winner, >=, 0);
  g_assert_cmpint (counts.winner, <, rules.teams);

  history = pj_game_get_history (game);
  g_assert_cmpuint (g_list_model_get_n_items (history), ==, counts.applied);
  g_assert_cmpuint (counts.turns, ==, counts.applied);   /* one at start, none after the last */

  for (guint i = 0; i < MIN (counts.applied, 50u); i++)
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (history, i);
      const char *text = pj_move_item_get_description (item);

      g_assert_nonnull (text);
      g_assert_true (g_utf8_validate (text, -1, NULL));
      g_assert_nonnull (pj_move_item_get_notation (item));
    }

  g_test_message ("%u players: %u actions", players, counts.applied);
  g_object_unref (g_steal_pointer (&game));
}

static void
test_computer_game_4 (void)
{
  play_computer_game (4, PJ_PRESET_BASIC);
}

static void
test_computer_game_6_nc (void)
{
  play_computer_game (6, PJ_PRESET_NORTH_CAROLINA);
}

static void
test_checked_apply (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GError) error = NULL;
  const PjAction *legal;
  PjAction bogus;
  PjRules rules;
  guint n = 0;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 5, 3);   /* dealer 3: seat 0 plays first */
  for (guint i = 1; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  g_assert_cmpuint (pj_game_get_actor (game), ==, 0);
  g_assert_true (pj_game_is_human_turn (game));

  legal = pj_game_get_human_actions (game, &n);
  g_assert_cmpuint (n, >, 0);

  /* an action that is not in the list changes nothing */
  memset (&bogus, 0, sizeof bogus);
  bogus.kind = PJ_ACTION_MOVE;
  bogus.card = 5;
  bogus.declared = 5;
  bogus.n_steps = 1;
  bogus.steps[0].peg = PJ_PEG_ID (1, 0);
  bogus.steps[0].from = PJ_POS_START;
  bogus.steps[0].to = 30;
  g_assert_false (pj_game_apply (game, &bogus, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 0);
  g_clear_error (&error);

  g_assert_true (pj_game_apply (game, &legal[0], &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 1);
  g_assert_cmpuint (pj_game_get_actor (game), ==, 1);

  /* a computer seat's turn: humans may not act (the game is not started,
   * so the computer does not play either) */
  legal = pj_game_get_human_actions (game, &n);
  g_assert_null (legal);
  g_assert_cmpuint (n, ==, 0);
  {
    PjActionList list;

    pj_action_list_init (&list);
    pj_legal_actions (pj_game_get_state (game), &list);
    g_assert_false (pj_game_apply (game, &list.v[0], &error));
    g_assert_error (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN);
    pj_action_list_clear (&list);
  }
}

static void
test_describe (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autofree char *text = NULL;
  PjRules rules;
  PjState s;
  PjAction a = { 0 };

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 5, 3);
  s = *pj_game_get_state (game);
  s.actor = 0;

  a.kind = PJ_ACTION_MOVE;
  a.card = a.declared = 7;
  a.n_steps = 3;
  a.steps[0] = (PjStep) { PJ_PEG_ID (0, 1), 70, PJ_POS_HOME (2), 0 };
  a.steps[1] = (PjStep) { PJ_PEG_ID (0, 3), 20, 24, PJ_STEP_PART2 };
  a.steps[2] = (PjStep) { PJ_PEG_ID (1, 0), 24, PJ_POS_START, PJ_STEP_PART2 | PJ_STEP_HIT };
  text = pj_game_describe_action (game, &s, &a);
  g_assert_cmpstr (text, ==, "Red played 7: peg 2 to home 3, peg 4 +4, hit Blue peg 1");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/checked-apply", test_checked_apply);
  g_test_add_func ("/game/describe", test_describe);
  g_test_add_func ("/game/computer-game-4", test_computer_game_4);
  g_test_add_func ("/game/computer-game-6-nc", test_computer_game_6_nc);

  return g_test_run ();
}
