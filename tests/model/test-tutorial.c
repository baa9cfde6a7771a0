/* test-tutorial.c — "Learn to Play" without a display: each step's move is
 * legal and taken, a wrong one is refused with its explanation and changes
 * nothing, and the script runs to its end through the game's own apply.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-tutorial.h"

/* Every wait is bounded: the script answers on idle callbacks. */
static void
run_until_ready (PjTutorial *tutorial)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while ((pj_tutorial_get_busy (tutorial) || pj_game_get_awaiting (pj_tutorial_get_game (tutorial))) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (pj_tutorial_get_busy (tutorial));
  g_assert_false (pj_game_get_awaiting (pj_tutorial_get_game (tutorial)));
}

static gboolean
is_legal (PjGame         *game,
          const PjAction *action)
{
  guint n;
  const PjAction *legal = pj_game_get_human_actions (game, &n);

  for (guint i = 0; i < n; i++)
    if (pj_action_equal (&legal[i], action))
      return TRUE;
  return FALSE;
}

/* A legal move of the person's that this step does not teach. */
static gboolean
find_wrong_move (PjTutorial *tutorial,
                 PjAction   *out)
{
  PjGame *game = pj_tutorial_get_game (tutorial);
  guint n;
  const PjAction *legal = pj_game_get_human_actions (game, &n);

  for (guint i = 0; i < n; i++)
    if (!pj_tutorial_check (tutorial, &legal[i], NULL))
      {
        *out = legal[i];
        return TRUE;
      }
  return FALSE;
}

static PjTutorial *
new_tutorial (void)
{
  PjTutorial *tutorial = pj_tutorial_new ();

  pj_tutorial_set_delay (tutorial, 0);
  return tutorial;
}

/* B-12, B §5, B-41, B-33, B-35, B-60: the intended moves, in order, are
 * legal in the game shown, taken, and lead to the end of the lesson. */
static void
test_tutorial_script (void)
{
  g_autoptr (PjTutorial) tutorial = new_tutorial ();
  PjGame *game = pj_tutorial_get_game (tutorial);

  g_object_ref (game);
  g_assert_true (pj_game_is_mirror (game));
  for (guint step = 0; step < PJ_TUTORIAL_N_STEPS; step++)
    {
      g_autoptr (GError) error = NULL;
      PjAction example;

      g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step);
      /* issue 23: "later in the game" is a new position, not Red's second
       * turn in a row (a Bluffing Joker notion), and the moves that led to
       * the other position are not its history */
      g_assert_null (pj_game_describe_turn_run (game));
      if (step == PJ_TUTORIAL_HOME_TRACK)
        g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 0);
      else if (step > 0)
        g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), >, 0);
      g_assert_nonnull (pj_tutorial_step_title (step));
      g_assert_nonnull (pj_tutorial_step_instruction (step));
      g_assert_true (pj_game_is_human_turn (game));
      g_assert_true (pj_tutorial_get_example (tutorial, &example));
      g_assert_true (is_legal (game, &example));
      g_assert_true (pj_tutorial_check (tutorial, &example, &error));
      g_assert_no_error (error);
      g_assert_true (pj_game_apply (game, &example, &error));
      g_assert_no_error (error);
      run_until_ready (tutorial);
      g_assert_null (pj_tutorial_get_message (tutorial));
      g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step + 1);
    }
  g_assert_true (pj_tutorial_get_finished (tutorial));
  g_assert_false (pj_game_is_over (game));
  {
    g_autoptr (GError) error = NULL;
    PjAction any = { .kind = PJ_ACTION_MOVE, .n_steps = 1 };

    g_assert_false (pj_tutorial_check (tutorial, &any, &error));
    g_assert_error (error, PJ_TUTORIAL_ERROR, PJ_TUTORIAL_ERROR_NOT_NOW);
    g_assert_false (pj_tutorial_get_example (tutorial, &any));
  }

  /* the lesson never writes a saved game: a mirror has no record */
  g_assert_null (pj_game_get_record (game));
  g_clear_object (&tutorial);
  g_assert_finalize_object (game);
}

/* A legal move that is not the lesson's is refused with the step's
 * explanation, nothing moves, and the step is tried again. */
static void
test_tutorial_wrong_move (void)
{
  g_autoptr (PjTutorial) tutorial = new_tutorial ();
  PjGame *game = pj_tutorial_get_game (tutorial);

  for (guint step = 0; step < PJ_TUTORIAL_N_STEPS; step++)
    {
      g_autoptr (GError) error = NULL;
      PjState before = *pj_game_get_state (game);
      PjAction wrong, example;

      /* every step has some other legal move to get wrong (B-35: the 4 may
       * also go on round the main track; B-60: no red peg is left to move,
       * but a joker or a come-out of the wrong peg…) */
      if (!find_wrong_move (tutorial, &wrong))
        g_assert_cmpuint (step, ==, PJ_TUTORIAL_PARTNER_PEGS);
      else
        {
          g_assert_false (pj_tutorial_check (tutorial, &wrong, &error));
          g_assert_error (error, PJ_TUTORIAL_ERROR, PJ_TUTORIAL_ERROR_WRONG_MOVE);
          g_assert_cmpstr (error->message, ==, pj_tutorial_step_retry (step));
          g_clear_error (&error);

          g_assert_true (pj_game_apply (game, &wrong, &error));
          g_assert_no_error (error);
          run_until_ready (tutorial);
          g_assert_cmpstr (pj_tutorial_get_message (tutorial), ==, pj_tutorial_step_retry (step));
          g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step);
          g_assert_cmpmem (pj_game_get_state (game), sizeof (PjState), &before, sizeof (PjState));
          g_assert_true (pj_game_is_human_turn (game));
        }

      g_assert_true (pj_tutorial_get_example (tutorial, &example));
      g_assert_true (pj_game_apply (game, &example, &error));
      run_until_ready (tutorial);
      g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, step + 1);
    }
}

/* A legal move in the game shown that the step must refuse. */
static void
assert_refused (PjTutorial *tutorial,
                const char *text)
{
  g_autoptr (GError) error = NULL;
  PjAction a;

  g_assert_true (pj_action_from_string (pj_game_get_state (pj_tutorial_get_game (tutorial)), text, &a, &error));
  g_assert_no_error (error);
  g_assert_true (is_legal (pj_tutorial_get_game (tutorial), &a));
  g_assert_false (pj_tutorial_check (tutorial, &a, &error));
  g_assert_error (error, PJ_TUTORIAL_ERROR, PJ_TUTORIAL_ERROR_WRONG_MOVE);
}

/* What each step checks, by rule. */
static void
test_tutorial_rules (void)
{
  g_autoptr (PjTutorial) tutorial = new_tutorial ();
  PjGame *game = pj_tutorial_get_game (tutorial);
  const PjState *s;
  PjAction a;

  /* B-12: the Ace brings a peg from start to Red's come-out hole r8;
   * its other use, one hole forward, is not this lesson */
  assert_refused (tutorial, "A R1 b2-b3");
  g_assert_true (pj_tutorial_get_example (tutorial, &a));
  g_assert_cmpuint (a.card, ==, PJ_CARD_ACE);
  g_assert_cmpuint (a.steps[0].from, ==, PJ_POS_START);
  g_assert_cmpuint (a.steps[0].to, ==, pj_come_out_hole (&pj_game_get_state (game)->rules, 0));
  pj_game_apply (game, &a, NULL);
  run_until_ready (tutorial);

  pj_tutorial_get_example (tutorial, &a);
  pj_game_apply (game, &a, NULL);
  run_until_ready (tutorial);

  /* B-41: a split 7 moves two different pegs, 7 holes in all; the whole
   * 7 on one peg is refused */
  assert_refused (tutorial, "7 R1 b2-b9");
  g_assert_true (pj_tutorial_get_example (tutorial, &a));
  g_assert_cmpuint (a.card, ==, 7);
  g_assert_cmpuint (a.n_steps, ==, 2);
  g_assert_cmpuint (a.steps[0].peg, !=, a.steps[1].peg);
  pj_game_apply (game, &a, NULL);
  run_until_ready (tutorial);

  /* B-33: the joker's landing sends Blue's peg back to its start; onto
   * the partner's peg (which would jump to its in-spot) is not the lesson */
  assert_refused (tutorial, "JK R1 b5-y3");
  g_assert_true (pj_tutorial_get_example (tutorial, &a));
  pj_game_apply (game, &a, NULL);
  g_assert_true (pj_game_get_awaiting (game));
  while (pj_game_get_awaiting (game))
    g_main_context_iteration (NULL, TRUE);
  s = pj_game_get_state (game);
  g_assert_cmpuint (s->board.peg[1][0], ==, PJ_POS_START);
  run_until_ready (tutorial);

  /* B-35: beyond the in-spot into the home track; going on round the
   * main track is legal too, and refused here */
  assert_refused (tutorial, "4 R5 r0-r4");
  g_assert_true (pj_tutorial_get_example (tutorial, &a));
  g_assert_true (PJ_POS_IS_HOME (a.steps[0].to));
  pj_game_apply (game, &a, NULL);
  run_until_ready (tutorial);

  /* B-60: Red is home, so its cards move Green's pegs */
  s = pj_game_get_state (game);
  g_assert_true (pj_state_colour_done (s, 0));
  g_assert_cmpuint (pj_state_movable_colours (s, 0), ==, 1u << 2);
}

/* A tutorial made on a thread whose default context is its own: the
 * script's answers come on that context (only it is iterated here), never
 * on the global default one. */
static void
test_tutorial_own_context (void)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (PjTutorial) tutorial = NULL;
  g_autoptr (GError) error = NULL;
  PjGame *game;
  PjAction example;
  gint64 end;

  g_main_context_push_thread_default (context);
  tutorial = new_tutorial ();
  game = pj_tutorial_get_game (tutorial);
  g_assert_true (pj_tutorial_get_example (tutorial, &example));
  g_assert_true (pj_game_apply (game, &example, &error));
  g_assert_no_error (error);

  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (pj_tutorial_get_step (tutorial) == 0 && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (context, FALSE))
      g_usleep (1000);
  g_assert_cmpuint (pj_tutorial_get_step (tutorial), ==, 1);
  /* nothing of it waits on the global default context */
  g_assert_false (g_main_context_pending (NULL));

  g_clear_object (&tutorial);
  g_main_context_pop_thread_default (context);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tutorial/script", test_tutorial_script);
  g_test_add_func ("/tutorial/wrong-move", test_tutorial_wrong_move);
  g_test_add_func ("/tutorial/rules", test_tutorial_rules);
  g_test_add_func ("/tutorial/own-context", test_tutorial_own_context);

  return g_test_run ();
}
