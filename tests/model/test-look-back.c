/* test-look-back.c — stepping through a history: the bounds, and what the
 * look-back bar says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-look-back.h"

static void
test_step_bounds (void)
{
  /* a step never leaves the history, and never wraps round */
  g_assert_cmpuint (pj_look_back_step (0, PJ_LOOK_BACK_PREVIOUS, 5), ==, 0);
  g_assert_cmpuint (pj_look_back_step (3, PJ_LOOK_BACK_PREVIOUS, 5), ==, 2);
  g_assert_cmpuint (pj_look_back_step (3, PJ_LOOK_BACK_NEXT, 5), ==, 4);
  g_assert_cmpuint (pj_look_back_step (4, PJ_LOOK_BACK_NEXT, 5), ==, 4);
  g_assert_cmpuint (pj_look_back_step (2, PJ_LOOK_BACK_FIRST, 5), ==, 0);
  g_assert_cmpuint (pj_look_back_step (2, PJ_LOOK_BACK_LAST, 5), ==, 4);
  /* the history shrank under it (undo): the last item left */
  g_assert_cmpuint (pj_look_back_step (9, PJ_LOOK_BACK_NEXT, 5), ==, 4);
  g_assert_cmpuint (pj_look_back_step (9, PJ_LOOK_BACK_PREVIOUS, 5), ==, 3);

  g_assert_false (pj_look_back_can_step (0, PJ_LOOK_BACK_PREVIOUS, 5));
  g_assert_false (pj_look_back_can_step (0, PJ_LOOK_BACK_FIRST, 5));
  g_assert_true (pj_look_back_can_step (0, PJ_LOOK_BACK_NEXT, 5));
  g_assert_false (pj_look_back_can_step (4, PJ_LOOK_BACK_NEXT, 5));
  g_assert_false (pj_look_back_can_step (4, PJ_LOOK_BACK_LAST, 5));
  g_assert_true (pj_look_back_can_step (4, PJ_LOOK_BACK_PREVIOUS, 5));
  g_assert_false (pj_look_back_can_step (0, PJ_LOOK_BACK_NEXT, 1));
  g_assert_false (pj_look_back_can_step (0, PJ_LOOK_BACK_NEXT, 0));
}

static void
test_describe (void)
{
  PjAction action = { 0 };
  g_autoptr (PjMoveItem) move = pj_move_item_new (0, 2, &action, "K 1>", "Red played King: peg 1 out");
  g_autofree char *text = pj_look_back_describe (2, 12, move);
  g_autofree char *one = pj_look_back_describe_new (1);
  g_autofree char *two = pj_look_back_describe_new (2);

  /* counted from 1, as the move list reads */
  g_assert_cmpstr (text, ==, "After move 3 of 12: Red played King: peg 1 out");
  g_assert_null (pj_look_back_describe_new (0));
  g_assert_cmpstr (one, ==, "1 new move");
  g_assert_cmpstr (two, ==, "2 new moves");
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/look-back/step-bounds", test_step_bounds);
  g_test_add_func ("/look-back/describe", test_describe);

  return g_test_run ();
}
