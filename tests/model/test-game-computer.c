/* test-game-computer.c — the computer seats stop when asked, a failed
 * decision never stalls the game, and the searches stay on their own pool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-game-private.h"
#include "pj-ai.h"

/* Far more playouts than a test waits for (minutes of search): only the
 * stop flag ends it in time. */
#define ENDLESS_ITERATIONS 20000000u

/* Iterates the default context until `done` holds or `seconds` pass;
 * whether it held. */
static gboolean
wait_for (gboolean (*done) (gpointer),
          gpointer   data,
          guint      seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_TIME_SPAN_SECOND;

  while (!done (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);   /* the searches report from their threads */
  return done (data);
}

static gboolean
searching (gpointer data)
{
  return pj_ai_pool_get_n_running () > 0;
}

static gboolean
no_search (gpointer data)
{
  return pj_ai_pool_get_n_running () == 0;
}

static PjGame *
hard_game (guint64 seed)
{
  PjGame *game;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, seed, -1);
  pj_game_set_delay (game, 0);
  for (guint i = 0; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_HARD);
  return game;
}

static gboolean
move_pending (gpointer data)
{
  PjGame *game = data;

  return game->have_pending;
}

static gboolean
moved (gpointer data)
{
  return pj_game_get_n_actions (data) > 0;
}

/* Paused, the computers choose but do not move; resumed, they do. The time
 * paused is left out of the game's clock. */
static void
test_pause (void)
{
  PjGame *game;
  PjRules rules;
  gint64 before;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 5, -1);
  pj_game_set_delay (game, 0);
  for (guint i = 0; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);

  g_assert_false (pj_game_get_paused (game));
  g_assert_true (pj_game_set_paused (game, TRUE));
  g_assert_true (pj_game_get_paused (game));
  pj_game_start (game);
  g_assert_true (wait_for (move_pending, game, 30));
  /* the move is chosen: the loop runs on, and still nothing is played */
  for (guint i = 0; i < 200; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (pj_game_get_n_actions (game), ==, 0);

  before = _pj_game_paused_us (game);
  g_usleep (2000);
  g_assert_cmpint (_pj_game_paused_us (game), >=, before + 2000);

  g_assert_true (pj_game_set_paused (game, FALSE));
  g_assert_false (pj_game_get_paused (game));
  g_assert_true (wait_for (moved, game, 30));
  before = _pj_game_paused_us (game);
  g_usleep (2000);
  /* no longer paused: the count stands still */
  g_assert_cmpint (_pj_game_paused_us (game), ==, before);

  pj_game_stop (game);
  g_assert_finalize_object (game);
}

/* An endless hard search: stopping the game ends it, and nothing of the
 * search holds the game (finalized at once, the search gone soon after). */
static void
test_stop_mid_search (void)
{
  PjGame *game = hard_game (3);

  _pj_game_set_hard_iterations_for_testing (game, ENDLESS_ITERATIONS);
  pj_game_start (game);
  g_assert_true (wait_for (searching, NULL, 30));
  g_assert_true (pj_game_get_thinking (game));

  pj_game_stop (game);
  g_assert_false (pj_game_get_thinking (game));
  g_assert_finalize_object (game);
  g_assert_true (wait_for (no_search, NULL, 30));
}

/* The same when the owner just drops the game mid-search. */
static void
test_dispose_mid_search (void)
{
  PjGame *game = hard_game (4);

  _pj_game_set_hard_iterations_for_testing (game, ENDLESS_ITERATIONS);
  pj_game_start (game);
  g_assert_true (wait_for (searching, NULL, 30));

  g_assert_finalize_object (game);
  g_assert_true (wait_for (no_search, NULL, 30));
}

typedef struct {
  guint    applied;
  gboolean thinking_when_applied;
} Applied;

static void
applied_cb (PjGame         *game,
            const PjAction *action,
            const PjState  *before,
            Applied        *applied)
{
  applied->applied++;
  applied->thinking_when_applied |= pj_game_get_thinking (game);
  /* one decision is enough: no more messages to expect */
  pj_game_stop (game);
}

static gboolean
one_applied (gpointer data)
{
  return ((Applied *) data)->applied > 0;
}

/* The hard and the normal player fail: each failure is reported and the
 * next level down takes the turn; the easy player moves. */
static void
test_failed_decision_hands_down (void)
{
  g_autoptr (PjGame) game = hard_game (5);
  Applied applied = { 0 };

  _pj_game_set_computer_failures_for_testing (game, 1u << PJ_AI_HARD | 1u << PJ_AI_NORMAL);
  g_signal_connect (game, "action-applied", G_CALLBACK (applied_cb), &applied);
  g_test_expect_message ("pj-model", G_LOG_LEVEL_MESSAGE,
                         "The hard computer player could not choose (A failure made by a test); "
                         "the normal player takes the turn");
  g_test_expect_message ("pj-model", G_LOG_LEVEL_MESSAGE,
                         "The normal computer player could not choose (A failure made by a test); "
                         "the easy player takes the turn");
  pj_game_start (game);
  g_assert_true (wait_for (one_applied, &applied, 30));
  g_test_assert_expected_messages ();

  g_assert_cmpuint (applied.applied, ==, 1);
  g_assert_false (applied.thinking_when_applied);
  g_assert_false (pj_game_get_thinking (game));
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 1);
  g_assert_finalize_object (g_steal_pointer (&game));
}

static gboolean
not_thinking (gpointer data)
{
  return !pj_game_get_thinking (data);
}

/* Should even the easy player fail, the game stops thinking (it does not
 * pretend to) rather than wait forever with the flag up. */
static void
test_every_level_fails (void)
{
  g_autoptr (PjGame) game = hard_game (6);

  _pj_game_set_computer_failures_for_testing (game, (1u << PJ_AI_N_LEVELS) - 1);
  g_test_expect_message ("pj-model", G_LOG_LEVEL_MESSAGE, "The hard computer player could not choose*");
  g_test_expect_message ("pj-model", G_LOG_LEVEL_MESSAGE, "The normal computer player could not choose*");
  g_test_expect_message ("pj-model", G_LOG_LEVEL_MESSAGE,
                         "The easy computer player could not choose (A failure made by a test); "
                         "the turn waits for a new start");
  pj_game_start (game);
  g_assert_true (pj_game_get_thinking (game));
  g_assert_true (wait_for (not_thinking, game, 30));
  g_test_assert_expected_messages ();
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 0);

  pj_game_stop (game);
  g_assert_finalize_object (g_steal_pointer (&game));
}

#define N_TABLES 6

typedef struct {
  PjGame *games[N_TABLES];
  guint   most_running;
} Tables;

static gboolean
tables_moved (gpointer data)
{
  Tables *t = data;

  t->most_running = MAX (t->most_running, pj_ai_pool_get_n_running ());
  for (guint i = 0; i < N_TABLES; i++)
    if (g_list_model_get_n_items (pj_game_get_history (t->games[i])) < 4)
      return FALSE;
  return TRUE;
}

/* More tables of hard players than the pool has threads: the searches
 * queue on the pool (never more at once than its bound), the second half
 * of a decision is taken back when no thread is free, and every table
 * moves on. */
static void
test_many_tables (void)
{
  Tables t = { 0 };

  g_assert_cmpuint (pj_ai_pool_get_max_threads (), >=, 2);
  for (guint i = 0; i < N_TABLES; i++)
    {
      t.games[i] = hard_game (10 + i);
      _pj_game_set_hard_iterations_for_testing (t.games[i], 300);
      pj_game_start (t.games[i]);
    }
  g_assert_true (wait_for (tables_moved, &t, 120));
  g_assert_cmpuint (t.most_running, <=, pj_ai_pool_get_max_threads ());

  for (guint i = 0; i < N_TABLES; i++)
    {
      pj_game_stop (t.games[i]);
      g_assert_finalize_object (t.games[i]);
    }
  g_assert_true (wait_for (no_search, NULL, 30));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-computer/pause", test_pause);
  g_test_add_func ("/game-computer/stop-mid-search", test_stop_mid_search);
  g_test_add_func ("/game-computer/dispose-mid-search", test_dispose_mid_search);
  g_test_add_func ("/game-computer/failed-decision-hands-down", test_failed_decision_hands_down);
  g_test_add_func ("/game-computer/every-level-fails", test_every_level_fails);
  g_test_add_func ("/game-computer/many-tables", test_many_tables);

  return g_test_run ();
}
