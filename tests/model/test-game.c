/* test-game.c — the game model plays whole games of computer players
 * (no GTK: the model must work without a display).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-game.h"
#include "pj-move-item.h"
#include "pj-test-table.h"

#include <string.h>

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

static void assert_game_finalized (PjGame *game);

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
  assert_game_finalized (g_steal_pointer (&game));
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
  /* never started: no worker can hold it */
  g_assert_finalize_object (g_steal_pointer (&game));
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
  g_clear_pointer (&text, g_free);

  /* a joker jumps: no distance to count */
  a.card = a.declared = PJ_CARD_JOKER;
  a.n_steps = 2;
  a.steps[0] = (PjStep) { PJ_PEG_ID (0, 0), 10, 30, 0 };
  a.steps[1] = (PjStep) { PJ_PEG_ID (1, 2), 30, PJ_POS_START, PJ_STEP_HIT };
  text = pj_game_describe_action (game, &s, &a);
  g_assert_cmpstr (text, ==, "Red played Joker: peg 1 jumps, hit Blue peg 3");
  g_assert_finalize_object (g_steal_pointer (&game));
}


/* Seat 0 human, the others easy computers; play n human actions, letting the
 * computers answer in between (the game runs with no delay). */
static gboolean
is_human_turn_or_over (gpointer data)
{
  return pj_game_is_over (data) || (pj_game_is_human_turn (data) && !pj_game_get_thinking (data));
}

static void
run_until (gboolean (*done) (gpointer),
           gpointer   data)
{
  gint64 end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (done (data));
}

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Drop the last reference and check that the game goes: a computer's
 * worker (cancelled by pj_game_stop()) may still hold it until its answer
 * reaches the main loop, so wait for that, bounded. */
static void
assert_game_finalized (PjGame *game)
{
  gpointer weak = game;
  gint64 end = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  guint tick = g_timeout_add (20, tick_cb, NULL);

  pj_game_stop (game);
  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_object_unref (game);
  while (weak != NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  g_assert_null (weak);
}

/* A hosted table waits for a remote person (or is over). */
static gboolean
is_remote_turn (gpointer data)
{
  PjGame *game = data;

  return pj_game_is_over (game) ||
         (pj_game_get_controller (game, pj_game_get_actor (game)) == PJ_CONTROLLER_REMOTE &&
          !pj_game_seat_is_computer (game, pj_game_get_actor (game)));
}

static PjGame *
game_against_computers (guint64 seed)
{
  PjGame *game;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, seed, 3);
  pj_game_set_delay (game, 0);
  pj_game_set_seat_name (game, 0, "Ann");
  for (guint i = 1; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  return game;
}

static void
play_human_moves (PjGame *game,
                  guint   n)
{
  pj_game_start (game);
  for (guint i = 0; i < n && !pj_game_is_over (game); i++)
    {
      const PjAction *legal;
      guint n_legal;

      run_until (is_human_turn_or_over, game);
      if (pj_game_is_over (game))
        break;
      legal = pj_game_get_human_actions (game, &n_legal);
      g_assert_true (pj_game_apply (game, &legal[n_legal - 1], NULL));
    }
  run_until (is_human_turn_or_over, game);
}

/* Looking back (issue 23): the position after each move of the history,
 * the other hands hidden; no position past the last move. */
static void
test_position_after (void)
{
  g_autoptr (PjGame) game = game_against_computers (29);
  GListModel *history;
  PjState at, expected;
  guint n;

  play_human_moves (game, 4);
  history = pj_game_get_history (game);
  n = g_list_model_get_n_items (history);
  g_assert_cmpuint (n, >=, 4);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (pj_game_get_position_after (game, i, &at));
      pj_record_state_at (pj_game_get_record (game), i + 1, &expected);
      g_assert_cmpmem (&at.board, sizeof at.board, &expected.board, sizeof expected.board);
      g_assert_cmpuint (at.turn_number, ==, expected.turn_number);
      for (guint seat = 1; seat < 4; seat++)
        for (guint c = 0; c < at.hand_count[seat]; c++)
          g_assert_cmpint (PJ_CARD_RANK (at.hand[seat][c]), ==, PJ_CARD_UNKNOWN);
    }
  g_assert_true (pj_game_get_position_after (game, n - 1, &at));
  g_assert_cmpmem (&at.board, sizeof at.board, &pj_game_get_state (game)->board, sizeof at.board);
  g_assert_false (pj_game_get_position_after (game, n, &at));
}

/* A mirror keeps what it was shown after each move it saw. */
static void
test_position_after_mirror (void)
{
  PjTestTable t;
  PjState first, second;

  /* Yellow moves; Red, the person here, challenges (see test-game-text.c) */
  pj_test_table_init (&t, 0, "turn Y 9\npegs R r10 s s s s\npegs Y y8 s s s s\nhand Y 4 9\nhand R 7 5\n");
  g_assert_false (pj_game_get_position_after (t.mirror, 0, &first));
  pj_test_table_play (&t, "4=A Y1 y8-y9");
  pj_test_table_play (&t, "challenge");
  g_assert_true (pj_game_get_position_after (t.mirror, 0, &first));
  g_assert_true (pj_game_get_position_after (t.mirror, 1, &second));
  g_assert_false (pj_game_get_position_after (t.mirror, 2, &second));
  g_assert_cmpmem (&second, sizeof second, pj_game_get_state (t.mirror), sizeof second);
  /* after the move, before the challenge: Yellow's move awaits
   * challenges (RULES §11); after the challenge nothing awaits */
  g_assert_cmpint (first.pending.kind, !=, PJ_ACTION_NONE);
  g_assert_cmpint (second.pending.kind, ==, PJ_ACTION_NONE);
  pj_test_table_clear (&t);
}

static void
test_save_load (void)
{
  g_autoptr (PjGame) game = game_against_computers (11);
  g_autoptr (PjGame) loaded = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "saved.json", NULL);

  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  play_human_moves (game, 6);
  g_assert_true (pj_record_save (pj_game_get_record (game), path, &error));
  g_assert_no_error (error);

  record = pj_record_load (path, &error);
  g_assert_no_error (error);
  loaded = pj_game_new_from_record (record);

  /* the same position, seats and history */
  g_assert_cmpmem (pj_game_get_state (loaded), sizeof (PjState), pj_game_get_state (game), sizeof (PjState));
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (loaded)), ==,
                    g_list_model_get_n_items (pj_game_get_history (game)));
  g_assert_cmpstr (pj_game_get_seat_name (loaded, 0), ==, "Ann");
  g_assert_cmpstr (pj_game_get_seat_name (loaded, 1), ==, "Blue");
  g_assert_cmpint (pj_game_get_controller (loaded, 0), ==, PJ_CONTROLLER_HUMAN);
  g_assert_cmpint (pj_game_get_controller (loaded, 2), ==, PJ_CONTROLLER_EASY);
  g_assert_true (pj_game_is_human_turn (loaded));
  assert_game_finalized (g_steal_pointer (&game));
  g_assert_finalize_object (g_steal_pointer (&loaded));
}

static void
test_load_corrupt (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "bad.json", NULL);
  g_autoptr (PjGame) game = game_against_computers (12);
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *tampered = NULL;
  PjState before;
  char *at;

  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  play_human_moves (game, 2);
  before = *pj_game_get_state (game);
  json = pj_record_to_json (pj_game_get_record (game), NULL);

  /* cut short */
  g_assert_true (g_file_set_contents (path, json, strlen (json) / 2, NULL));
  record = pj_record_load (path, &error);
  g_assert_null (record);
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX);
  g_assert_nonnull (error->message);
  g_clear_error (&error);

  /* a different seed: the moves no longer replay */
  at = strstr (json, "\"seed\"");
  g_assert_nonnull (at);
  tampered = g_strdup (json);
  tampered[at - json + 10] = tampered[at - json + 10] == '1' ? '2' : '1';
  g_assert_true (g_file_set_contents (path, tampered, -1, NULL));
  record = pj_record_load (path, &error);
  g_assert_null (record);
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* and the game on the table is untouched */
  g_assert_cmpmem (&before, sizeof before, pj_game_get_state (game), sizeof before);
  assert_game_finalized (g_steal_pointer (&game));
}

static void
test_undo (void)
{
  g_autoptr (PjGame) game = game_against_computers (13);
  g_autoptr (GError) error = NULL;
  PjState before;
  guint n_before;
  const PjAction *legal;
  guint n_legal;

  g_assert_false (pj_game_can_undo (game));
  g_assert_false (pj_game_undo (game, &error));
  g_assert_error (error, PJ_GAME_ERROR, PJ_GAME_ERROR_CANNOT_UNDO);
  g_clear_error (&error);

  play_human_moves (game, 3);
  before = *pj_game_get_state (game);
  n_before = g_list_model_get_n_items (pj_game_get_history (game));
  g_assert_true (pj_game_is_human_turn (game));

  /* play, let the computers answer, then take it all back */
  legal = pj_game_get_human_actions (game, &n_legal);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  g_assert_true (pj_game_can_undo (game));
  run_until (is_human_turn_or_over, game);
  g_assert_true (pj_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&before, sizeof before, pj_game_get_state (game), sizeof before);
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, n_before);
  g_assert_cmpuint (pj_record_get_n_actions (pj_game_get_record (game)), ==, n_before);

  /* undo while a computer is thinking drops its move */
  legal = pj_game_get_human_actions (game, &n_legal);
  pj_game_set_delay (game, 2000);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  g_assert_true (pj_game_get_thinking (game));
  g_assert_true (pj_game_undo (game, NULL));
  g_assert_false (pj_game_get_thinking (game));
  g_assert_cmpmem (&before, sizeof before, pj_game_get_state (game), sizeof before);

  /* a second human at the table: no undo */
  pj_game_set_controller (game, 2, PJ_CONTROLLER_HUMAN);
  g_assert_false (pj_game_can_undo (game));
  assert_game_finalized (g_steal_pointer (&game));
}


/* Undo again and again: each takes back one turn of the person's and the
 * computers' answers to it, back to the deal. */
static void
test_undo_depth (void)
{
  g_autoptr (PjGame) game = game_against_computers (17);
  PjState before[4];
  guint n_before[4];

  pj_game_start (game);
  for (guint i = 0; i < G_N_ELEMENTS (before); i++)
    {
      const PjAction *legal;
      guint n_legal;

      run_until (is_human_turn_or_over, game);
      g_assert_false (pj_game_is_over (game));
      before[i] = *pj_game_get_state (game);
      n_before[i] = g_list_model_get_n_items (pj_game_get_history (game));
      legal = pj_game_get_human_actions (game, &n_legal);
      g_assert_true (pj_game_apply (game, &legal[n_legal - 1], NULL));
    }
  run_until (is_human_turn_or_over, game);

  for (guint i = G_N_ELEMENTS (before); i > 0; i--)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (pj_game_can_undo (game));
      g_assert_true (pj_game_undo (game, &error));
      g_assert_no_error (error);
      g_assert_true (pj_game_is_human_turn (game));
      g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, n_before[i - 1]);
      g_assert_cmpmem (&before[i - 1], sizeof before[0], pj_game_get_state (game), sizeof before[0]);
    }
  /* the deal itself cannot be taken back */
  g_assert_false (pj_game_can_undo (game));
  pj_game_stop (game);
  assert_game_finalized (g_steal_pointer (&game));
}

/* A view that animates every action for a while, as the board does. */
typedef struct {
  PjGame *game;
  guint   applied;
  guint   overlaps;     /* actions applied while the last still moved */
  guint   release_source;
} FakeView;

static gboolean
fake_view_done_cb (gpointer data)
{
  FakeView *view = data;

  view->release_source = 0;
  pj_game_release_pace (view->game);
  return G_SOURCE_REMOVE;
}

static void
fake_view_applied_cb (PjGame         *game,
                      const PjAction *action,
                      const PjState  *before,
                      FakeView       *view)
{
  if (pj_game_get_pace_held (game))
    view->overlaps++;
  view->applied++;
  pj_game_hold_pace (game);
  if (view->release_source == 0)
    view->release_source = g_timeout_add (30, fake_view_done_cb, view);
}

static gboolean
spin_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Spin the main loop for ms (the computer players' threads answer). */
static void
spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, spin_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
applied_three (gpointer data)
{
  return ((FakeView *) data)->applied >= 3;
}

/* The next computer move waits while a view shows the last one. */
static void
test_pace_waits_for_view (void)
{
  g_autoptr (PjGame) game = game_against_computers (19);
  FakeView view = { game, 0, 0, 0 };
  const PjAction *legal;
  guint n_legal, n;

  pj_game_start (game);
  run_until (is_human_turn_or_over, game);

  /* held by hand: the computer chooses but does not move */
  pj_game_hold_pace (game);
  legal = pj_game_get_human_actions (game, &n_legal);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  n = g_list_model_get_n_items (pj_game_get_history (game));
  spin (300);
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, n);
  g_assert_true (pj_game_get_thinking (game));

  /* released: the move comes; with a view animating each action, none
   * comes while the one before still moves */
  g_signal_connect (game, "action-applied", G_CALLBACK (fake_view_applied_cb), &view);
  pj_game_release_pace (game);
  run_until (applied_three, &view);
  g_assert_cmpuint (view.overlaps, ==, 0);

  pj_game_stop (game);
  g_clear_handle_id (&view.release_source, g_source_remove);
  g_signal_handlers_disconnect_by_data (game, &view);
  assert_game_finalized (g_steal_pointer (&game));
}

static void
test_rematch (void)
{
  g_autoptr (PjGame) game = game_against_computers (14);
  g_autoptr (PjGame) again = NULL;

  pj_game_set_controller (game, 2, PJ_CONTROLLER_HARD);
  again = pj_game_new_rematch (game, 99);
  g_assert_true (pj_game_get_rules (again)->players == 4);
  g_assert_cmpmem (pj_game_get_rules (again), sizeof (PjRules), pj_game_get_rules (game), sizeof (PjRules));
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (pj_game_get_controller (again, i), ==, pj_game_get_controller (game, i));
      g_assert_cmpstr (pj_game_get_seat_name (again, i), ==, pj_game_get_seat_name (game, i));
    }
  /* the deal passes to the left */
  g_assert_cmpuint (pj_record_get_dealer (pj_game_get_record (again)), ==,
                    (pj_record_get_dealer (pj_game_get_record (game)) + 1) % 4);
  g_assert_cmpuint (pj_game_get_seed (again), ==, 99);
  g_assert_cmpuint (pj_game_get_delay (again), ==, pj_game_get_delay (game));
  /* the rematch copies what it needs and keeps no reference to the first */
  g_assert_finalize_object (g_steal_pointer (&game));
  g_assert_finalize_object (g_steal_pointer (&again));
}

static void
test_stats (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  PjGameStats stats;
  PjRules rules;
  guint hits = 0;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 21, -1);
  pj_game_set_delay (game, 0);
  for (guint i = 0; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (g_main_loop_quit), loop);
  pj_game_start (game);
  g_main_loop_run (loop);

  pj_game_get_stats (game, &stats);
  g_assert_cmpuint (stats.turns, ==, pj_game_get_state (game)->turn_number);
  g_assert_cmpuint (stats.cards_played, >=, stats.turns - 1);
  for (guint t = 0; t < rules.teams; t++)
    hits += stats.hits[t];
  g_assert_cmpuint (hits, <=, stats.sent_home);
  g_assert_cmpuint (stats.sent_home, >, 0);
  g_assert_cmpint (stats.duration_s, >=, 0);
  assert_game_finalized (g_steal_pointer (&game));
}

static gboolean
not_saving (gpointer data)
{
  return !pj_game_get_saving (data);
}

static void
test_autosave (void)
{
  g_autoptr (PjGame) game = game_against_computers (15);
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "pegs-and-jokers", "autosave.json", NULL);

  pj_game_set_autosave_path (game, path);
  play_human_moves (game, 4);
  run_until (not_saving, game);

  record = pj_record_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pj_record_get_n_actions (record), ==, pj_record_get_n_actions (pj_game_get_record (game)));
  assert_game_finalized (g_steal_pointer (&game));
}

static void
save_failed_cb (PjGame        *game,
                const GError  *error,
                GError       **out)
{
  g_assert_true (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
  if (*out == NULL)
    *out = g_error_copy (error);
}

static gboolean
has_error (gpointer data)
{
  return *(GError **) data != NULL;
}

/* A write that fails reaches whoever shows it (the app's toast), names the
 * file, and the game goes on. */
static void
test_autosave_failure (void)
{
  g_autoptr (PjGame) game = game_against_computers (16);
  g_autoptr (GError) failure = NULL;
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "not-a-file", NULL);
  guint n;

  /* the path is a folder: every write fails */
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_signal_connect (game, "save-failed", G_CALLBACK (save_failed_cb), &failure);
  pj_game_set_autosave_path (game, dir);
  run_until (has_error, &failure);
  g_assert_nonnull (strstr (failure->message, "folder"));

  /* told once, not at every move while the disk keeps failing */
  g_clear_error (&failure);
  n = pj_record_get_n_actions (pj_game_get_record (game));
  play_human_moves (game, 1);
  g_assert_null (failure);
  g_assert_cmpuint (pj_record_get_n_actions (pj_game_get_record (game)), >, n);
  pj_game_stop (game);
  g_clear_error (&failure);
  /* closing tries once more, and says why it failed */
  g_assert_null (failure);
  g_assert_false (pj_game_flush_autosave (game, &failure));
  g_assert_error (failure, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  assert_game_finalized (g_steal_pointer (&game));
}

/* A hosted table: the person elsewhere plays through the same checks, only
 * on their own turn; a computer covers them while they are away. */
static void
test_table_seats (void)
{
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GError) error = NULL;
  PjSeat seats[4] = {
    { (char *) "Ann", PJ_CONTROLLER_REMOTE }, { (char *) "Blue", PJ_CONTROLLER_EASY },
    { (char *) "Bob", PJ_CONTROLLER_REMOTE }, { (char *) "Yellow", PJ_CONTROLLER_EASY },
  };
  const PjAction *legal;
  PjRules rules;
  guint n_legal, actor, other;
  PjAction a;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  record = pj_record_new (&rules, 21, 3, seats, 4, &error);
  g_assert_no_error (error);
  game = pj_game_new_for_table (record);
  pj_game_set_delay (game, 0);
  g_assert_cmpint (pj_game_get_controller (game, 0), ==, PJ_CONTROLLER_REMOTE);
  g_assert_false (pj_game_is_human_turn (game));
  g_assert_false (pj_game_can_undo (game));

  pj_game_start (game);
  run_until (is_remote_turn, game);
  actor = pj_game_get_actor (game);
  other = (actor + 2) % 4;
  legal = pj_game_get_human_actions (game, &n_legal);
  g_assert_null (legal);   /* nobody plays it on this screen */
  g_assert_cmpuint (n_legal, ==, 0);

  {
    PjActionList list;

    pj_action_list_init (&list);
    pj_legal_actions (pj_game_get_state (game), &list);
    a = list.v[0];
    pj_action_list_clear (&list);
  }
  /* not through the local path, not for the other person, not illegal */
  g_assert_false (pj_game_apply (game, &a, &error));
  g_assert_error (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (pj_game_apply_for_seat (game, other, &a, &error));
  g_assert_error (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  {
    PjAction bad = a;

    bad.card = PJ_CARD_JOKER + 1;
    g_assert_false (pj_game_apply_for_seat (game, actor, &bad, &error));
    g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION);
    g_clear_error (&error);
  }
  g_assert_true (pj_game_apply_for_seat (game, actor, &a, &error));
  g_assert_no_error (error);

  /* the person at `other` drops: a computer covers, and hands back */
  pj_game_cover_seat (game, other, PJ_CONTROLLER_EASY);
  g_assert_true (pj_game_is_covered (game, other));
  g_assert_true (pj_game_seat_is_computer (game, other));
  run_until (is_remote_turn, game);
  g_assert_cmpuint (pj_game_get_actor (game), !=, other);
  pj_game_cover_seat (game, other, PJ_CONTROLLER_REMOTE);
  g_assert_false (pj_game_is_covered (game, other));
  g_assert_false (pj_game_seat_is_computer (game, other));
  g_assert_cmpint (pj_record_get_seat (record, other)->controller, ==, PJ_CONTROLLER_REMOTE);

  assert_game_finalized (g_steal_pointer (&game));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/game/checked-apply", test_checked_apply);
  g_test_add_func ("/game/describe", test_describe);
  g_test_add_func ("/game/position-after", test_position_after);
  g_test_add_func ("/game/position-after-mirror", test_position_after_mirror);
  g_test_add_func ("/game/save-load", test_save_load);
  g_test_add_func ("/game/load-corrupt", test_load_corrupt);
  g_test_add_func ("/game/undo", test_undo);
  g_test_add_func ("/game/undo-depth", test_undo_depth);
  g_test_add_func ("/game/pace-waits-for-view", test_pace_waits_for_view);
  g_test_add_func ("/game/rematch", test_rematch);
  g_test_add_func ("/game/stats", test_stats);
  g_test_add_func ("/game/autosave", test_autosave);
  g_test_add_func ("/game/autosave-failure", test_autosave_failure);
  g_test_add_func ("/game/table-seats", test_table_seats);
  g_test_add_func ("/game/computer-game-4", test_computer_game_4);
  g_test_add_func ("/game/computer-game-6-nc", test_computer_game_6_nc);

  return g_test_run ();
}
