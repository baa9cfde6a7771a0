/* test-controller.c — the one mapping between seat controllers and levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-controller.h"
#include "pj-ai.h"

static void
test_levels_round_trip (void)
{
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    {
      PjController c = pj_controller_from_level ((PjAiLevel) l);
      PjAiLevel back;

      g_assert_true (pj_controller_to_level (c, &back));
      g_assert_cmpuint (back, ==, l);
      /* one id for a level, whether it names a seat or a level */
      g_assert_cmpstr (pj_controller_to_id (c), ==, pj_ai_level_name ((PjAiLevel) l));
      g_assert_nonnull (pj_controller_title (c));
      g_assert_nonnull (pj_controller_long_title (c));
    }
  g_assert_false (pj_controller_to_level (PJ_CONTROLLER_HUMAN, NULL));
  g_assert_false (pj_controller_to_level (PJ_CONTROLLER_REMOTE, NULL));
}

static void
test_ids (void)
{
  guint computers = 0;

  for (guint i = 0; i < PJ_N_CONTROLLERS; i++)
    {
      PjController back;

      g_assert_true (pj_controller_from_id (pj_controller_to_id ((PjController) i), &back));
      g_assert_cmpuint (back, ==, i);
      computers += pj_controller_to_level ((PjController) i, NULL);
    }
  g_assert_cmpuint (computers, ==, PJ_AI_N_LEVELS);
  /* saved games name them so */
  g_assert_cmpstr (pj_controller_to_id (PJ_CONTROLLER_HUMAN), ==, "human");
  g_assert_cmpstr (pj_controller_to_id (PJ_CONTROLLER_REMOTE), ==, "remote");
  g_assert_false (pj_controller_from_id ("robot", &(PjController) { 0 }));
  g_assert_false (pj_controller_from_id (NULL, &(PjController) { 0 }));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/controller/levels", test_levels_round_trip);
  g_test_add_func ("/controller/ids", test_ids);
  return g_test_run ();
}
