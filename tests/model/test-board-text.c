/* test-board-text.c — the board in words for the screen reader: places,
 * threats, distances, the leader and what a destination does (no display).
 *
 * Four players: Red, Blue, Green, Yellow; Red and Green are partners.
 * Red's side is r0 … r17 (positions 0 … 17), Blue's b0 … (18 …); r8 is
 * Red's come-out hole, r3 its in-spot; the track is 72 holes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-text.h"
#include "pj-move-picker.h"
#include "pj-test-util.h"

#define BASIC4 "rules basic players=4\nhand R 5\n"
#define R 0
#define B 1

static char *
peg (const char *position,
     guint       colour,
     guint       index)
{
  PjState s;

  pjt_load (&s, position);
  return pj_board_text_peg (&s.rules, s.board.peg, colour, index);
}

static void
assert_text (char       *got,
             const char *want)
{
  g_assert_cmpstr (got, ==, want);
  g_free (got);
}

static void
test_pegs (void)
{
  assert_text (peg (BASIC4 "pegs R r10 s h3 r1 b8\n", R, 0),
               "Red peg 1, main track, 11 holes before Blue’s in-spot, 65 holes from its in-spot");
  assert_text (peg (BASIC4 "pegs R r10 s h3 r1 b8\n", R, 1), "Red peg 2, in its start area");
  assert_text (peg (BASIC4 "pegs R r10 s h3 r1 b8\n", R, 2), "Red peg 3, in home hole 3");
  assert_text (peg (BASIC4 "pegs R r10 s h3 r1 b8\n", R, 3), "Red peg 4, main track, 2 holes before its in-spot");
  assert_text (peg (BASIC4 "pegs R r10 s h3 r1 b8\n", R, 4),
               "Red peg 5, main track, on Blue’s come-out hole, 49 holes from its in-spot");
  assert_text (peg (BASIC4 "pegs R r3 r8 r5 s s\n", R, 0), "Red peg 1, main track, on its in-spot");
  assert_text (peg (BASIC4 "pegs R r3 r8 r5 s s\n", R, 1),
               "Red peg 2, main track, on its come-out hole, 67 holes from its in-spot");
  assert_text (peg (BASIC4 "pegs R r3 r8 r5 s s\n", R, 2),
               "Red peg 3, main track, 3 holes before its come-out hole, 70 holes from its in-spot");
}

static void
test_places (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r10 s h3 s s\npegs B b4 s s s s\n");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, 22, 0),
               "Blue peg 1, main track, 4 holes before its come-out hole, 71 holes from its in-spot");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, 11, 0), "Hole 12 of Red’s side, empty");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, 21, 0), "Blue’s in-spot, empty");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, 26, 0), "Blue’s come-out hole, empty");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, PJ_POS_HOME (2), 0), "Red peg 3, in home hole 3");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, PJ_POS_HOME (0), 0), "Red home hole 1, empty");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, B, PJ_POS_HOME (2), 0), "Blue home hole 3, empty");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, PJ_POS_START, 1), "Red peg 2, in its start area");
  assert_text (pj_board_text_place (&s.rules, s.board.peg, R, PJ_POS_START, 0), "Red start area, empty");
}

static void
test_threats (void)
{
  PjState s;

  /* Blue 5 behind, Yellow 5 ahead (an Eight back), Green is a partner,
   * Blue's second peg 20 behind is out of reach */
  pjt_load (&s, BASIC4 "pegs R r10 s h1 s s\npegs B r5 y8 s s s\npegs G r2 s s s s\npegs Y s r15 s s s\n");
  assert_text (pj_board_text_threats (&s.rules, s.board.peg, R, 0),
               "Red peg 1 within reach of: Blue peg 1, 5 holes behind; Yellow peg 2, 5 holes ahead");
  assert_text (pj_board_text_threats (&s.rules, s.board.peg, R, 1), "Red peg 2 is in its start area, out of reach");
  assert_text (pj_board_text_threats (&s.rules, s.board.peg, R, 2), "Red peg 3 is home, out of reach");
  /* out of reach: Red 52 holes behind, Green 12 ahead */
  assert_text (pj_board_text_threats (&s.rules, s.board.peg, B, 1),
               "Blue peg 2: no other team’s peg within 13 holes behind or 8 ahead");
  /* a partner of the threatened is no threat, the other team's are */
  assert_text (pj_board_text_threats (&s.rules, s.board.peg, B, 0),
               "Blue peg 1 within reach of: Green peg 1, 3 holes behind; Red peg 1, 5 holes ahead");
}

static void
test_progress_and_leader (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r10 s h3 r1 s\n");
  g_assert_cmpuint (pj_board_holes_to_go (&s.rules, R, PJ_POS_START), ==, 69);
  g_assert_cmpuint (pj_board_holes_to_go (&s.rules, R, 8), ==, 68);
  g_assert_cmpuint (pj_board_holes_to_go (&s.rules, R, PJ_POS_HOME (0)), ==, 0);
  assert_text (pj_board_text_progress (&s.rules, s.board.peg, R),
               "Red: peg 1 66 holes from home, peg 2 in start, peg 3 home, peg 4 3 holes from home, "
               "peg 5 in start; 207 holes to go");

  pjt_load (&s, BASIC4);
  assert_text (pj_board_text_leader (&s.rules, s.board.peg), "Level: each team has 690 holes to go");
  pjt_load (&s, BASIC4 "pegs R h1 s s s s\n");
  assert_text (pj_board_text_leader (&s.rules, s.board.peg), "Red and Green lead, 621 holes to go; Blue and Yellow, 690");
  pjt_load (&s, BASIC4 "pegs Y h1 h2 s s s\n");
  assert_text (pj_board_text_leader (&s.rules, s.board.peg), "Blue and Yellow lead, 552 holes to go; Red and Green, 690");
}

static guint
candidates (PjMovePicker    *picker,
            const PjAction **out)
{
  guint n = pj_move_picker_get_n_candidates (picker);

  for (guint i = 0; i < n; i++)
    out[i] = pj_move_picker_get_candidate (picker, i);
  return n;
}

static void
test_destinations (void)
{
  g_autoptr (PjMovePicker) picker = pj_move_picker_new ();
  const PjAction *cands[512];
  PjActionList list;
  PjAction seven_hit;
  PjState s;
  guint n;

  pjt_load (&s, "rules basic players=4\npegs R r1 r10 b12 s s\npegs B r14 s s s s\nhand R 7\n");
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  pj_move_picker_set_actions (picker, &s, list.v, list.n);
  pj_move_picker_set_card (picker, 7);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 1));
  n = candidates (picker, cands);
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (cands));

  /* the whole Seven with one peg is one move */
  assert_text (pj_board_text_destination (&s, cands, n, R, 1, 8), "Seven: peg 1 +7");
  /* home with part of it: peg 2 or peg 3 takes the rest */
  assert_text (pj_board_text_destination (&s, cands, n, R, 1, PJ_POS_HOME (0)), "peg 1 to home 1, then another peg");
  /* nothing goes there */
  g_assert_null (pj_board_text_destination (&s, cands, n, R, 1, 9));

  /* the second part, picked from the board the first left */
  g_assert_true (pj_move_picker_pick_hole (picker, R, PJ_POS_HOME (0)));
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  n = candidates (picker, cands);
  assert_text (pj_board_text_destination (&s, cands, n, R, 10, 14),
               "Seven: peg 1 to home 1, peg 2 +4, hit Blue peg 1");

  /* the parts in the other order: the part is found by its peg, wherever
   * the action lists it */
  pj_move_picker_clear_picks (picker);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  n = candidates (picker, cands);
  assert_text (pj_board_text_destination (&s, cands, n, R, 10, 14), "peg 2 +4, hit Blue peg 1, then another peg");

  seven_hit = pjt_find (&s, "7 R1 r1-h1, R2 r10-r14");
  assert_text (pj_board_text_action (&s, &seven_hit), "Seven: peg 1 to home 1, peg 2 +4, hit Blue peg 1");
  pj_action_list_clear (&list);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board-text/pegs", test_pegs);
  g_test_add_func ("/board-text/places", test_places);
  g_test_add_func ("/board-text/threats", test_threats);
  g_test_add_func ("/board-text/progress-and-leader", test_progress_and_leader);
  g_test_add_func ("/board-text/destinations", test_destinations);

  return g_test_run ();
}
