/* test-move-picker.c — the legal actions narrowed by a person's picks:
 * card, declaration, peg, hole, part by part (no display needed).
 *
 * Four players: Red, Blue, Green, Yellow. Red's side is r0 … r17 (positions
 * 0 … 17), Blue's b0 … b17 (18 … 35), Green's g0 … (36 …); r8 is Red's
 * come-out hole, r3 its in-spot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-move-picker.h"
#include "pj-test-util.h"
#include "pj-text.h"

#define BASIC4 "rules basic players=4\n"
#define NC4    "rules north-carolina players=4\n"
#define BJ4    "rules bluffing-joker players=4\n"
#define AZ4    "rules arizona players=4\n"
#define PG4    "rules pegoo players=4\n"
#define AK4    "rules alaska players=4\n"
#define K4     "rules kilpatrick players=4\n"

#define R 0
#define B 1
#define G 2
#define BLUE(h)  (18 + (h))
#define GREEN(h) (36 + (h))

/* A picker over the legal actions of the position. */
static PjMovePicker *
picker_for (PjState *s)
{
  PjMovePicker *picker = pj_move_picker_new ();
  PjActionList list;

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  pj_move_picker_set_actions (picker, s, list.v, list.n);
  pj_action_list_clear (&list);
  return picker;
}

static gboolean
has_target (PjMovePicker *picker,
            guint         colour,
            guint         pos)
{
  PjPickTarget targets[PJ_PICK_MAX_TARGETS];
  guint n = pj_move_picker_get_targets (picker, targets, G_N_ELEMENTS (targets));

  for (guint i = 0; i < n; i++)
    if (targets[i].colour == colour && targets[i].pos == pos)
      return TRUE;
  return FALSE;
}

static guint
n_targets (PjMovePicker *picker)
{
  PjPickTarget targets[PJ_PICK_MAX_TARGETS];

  return pj_move_picker_get_targets (picker, targets, G_N_ELEMENTS (targets));
}

static void
assert_chosen (PjMovePicker  *picker,
               const PjState *s,
               const char    *text)
{
  PjAction want = pjt_find (s, text);
  PjAction chosen;

  g_assert_true (pj_move_picker_get_chosen (picker, &chosen));
  g_assert_true (pj_action_equal (&chosen, &want));
}

static void
count_cb (PjMovePicker *picker,
          guint        *count)
{
  (*count)++;
}

static void
test_card (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;
  guint changed = 0;
  guint holes;

  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 3 K\n");
  picker = picker_for (&s);
  g_signal_connect (picker, "changed", G_CALLBACK (count_cb), &changed);

  /* no card: nothing on the board */
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 0);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, &holes), ==, PJ_PICK_PROMPT_NONE);
  g_assert_cmpuint (n_targets (picker), ==, 0);

  /* a King comes out or moves 10 (§5) */
  pj_move_picker_set_card (picker, PJ_CARD_KING);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (pj_move_picker_get_card (picker), ==, PJ_CARD_KING);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 2);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_FIRST_PEG);
  g_assert_cmpuint (n_targets (picker), ==, 2);
  g_assert_true (has_target (picker, R, 10));
  g_assert_true (has_target (picker, R, PJ_POS_START));

  /* a Three only moves the peg in play */
  pj_move_picker_set_card (picker, 3);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 1);
  g_assert_cmpuint (n_targets (picker), ==, 1);
  g_assert_true (has_target (picker, R, 10));
  g_assert_false (pj_move_picker_get_chosen (picker, NULL));

  /* a card not in the hand moves nothing */
  pj_move_picker_set_card (picker, 5);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 0);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_NO_MOVE);
  g_assert_false (pj_move_picker_pick_peg (picker, R, 10));

  /* only the rank counts, not how the card lies */
  pj_move_picker_set_card (picker, PJ_CARD_KING | PJ_CARD_FACE_DOWN);
  g_assert_cmpuint (pj_move_picker_get_card (picker), ==, PJ_CARD_KING);

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_single_move (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;
  guint colour, pos;

  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 3 K\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, PJ_CARD_KING);

  /* a hole no peg moves from cannot be picked */
  g_assert_false (pj_move_picker_pick_peg (picker, R, 11));
  g_assert_false (pj_move_picker_get_peg (picker, NULL, NULL));
  /* nor can a hole be picked before a peg */
  g_assert_false (pj_move_picker_pick_hole (picker, R, 8));

  /* the start area: any peg of it comes out (B-12) */
  g_assert_true (pj_move_picker_pick_peg (picker, R, PJ_POS_START));
  g_assert_true (pj_move_picker_get_peg (picker, &colour, &pos));
  g_assert_cmpuint (colour, ==, R);
  g_assert_cmpuint (pos, ==, PJ_POS_START);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_DESTINATION);
  g_assert_cmpuint (n_targets (picker), ==, 1);
  g_assert_true (has_target (picker, R, 8));
  g_assert_false (pj_move_picker_pick_hole (picker, R, 9));

  /* letting go: the other peg again */
  pj_move_picker_drop_peg (picker);
  g_assert_false (pj_move_picker_get_peg (picker, NULL, NULL));
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_true (has_target (picker, R, BLUE (2)));
  /* both candidates fit a peg picked; the move is not chosen yet */
  g_assert_false (pj_move_picker_get_chosen (picker, NULL));
  g_assert_true (pj_move_picker_pick_hole (picker, R, BLUE (2)));
  g_assert_cmpuint (pj_move_picker_get_n_parts (picker), ==, 1);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 1);
  assert_chosen (picker, &s, "K R1 r10-b2");

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_split_seven (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  PjState s;
  guint holes;

  /* B-41: R1 may pass R2's hole only once R2 has moved on, so what the
   * second part may do depends on the board the first part left */
  pjt_load (&s, BASIC4 "pegs R r10 r12 s s s\nhand R 7\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 7);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 5);

  /* R1 first: either part may be picked first (two orders with the same
   * placement are one action), so R1 may go as far as any split takes it */
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_cmpuint (n_targets (picker), ==, 4);
  for (guint h = 11; h <= 14; h++)
    g_assert_true (has_target (picker, R, h));
  pj_move_picker_drop_peg (picker);

  /* R2 three holes first */
  g_assert_true (pj_move_picker_pick_peg (picker, R, 12));
  g_assert_true (has_target (picker, R, BLUE (0)));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 15));
  /* one action remains, but only half of it is picked */
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 1);
  g_assert_false (pj_move_picker_get_chosen (picker, NULL));
  g_assert_cmpint (pj_move_picker_get_prompt (picker, &holes), ==, PJ_PICK_PROMPT_SPLIT_REST);
  g_assert_cmpuint (holes, ==, 4);

  /* the board after the first part: R2 on r15 */
  memcpy (pos, s.board.peg, sizeof pos);
  pj_move_picker_apply_picks (picker, pos);
  g_assert_cmpuint (pos[R][1], ==, 15);
  g_assert_cmpuint (pos[R][0], ==, 10);

  /* the same peg cannot take the rest (two different pegs, B-41) */
  g_assert_false (pj_move_picker_pick_peg (picker, R, 15));
  g_assert_true (has_target (picker, R, 10));
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  /* now R1 passes r12 */
  g_assert_cmpuint (n_targets (picker), ==, 1);
  g_assert_true (has_target (picker, R, 14));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 14));
  assert_chosen (picker, &s, "7 R2 r12-r15, R1 r10-r14");

  /* the picks done, both pegs stand where the action leaves them */
  memcpy (pos, s.board.peg, sizeof pos);
  pj_move_picker_apply_picks (picker, pos);
  g_assert_cmpuint (pos[R][0], ==, 14);
  g_assert_cmpuint (pos[R][1], ==, 15);

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_split_home (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;
  guint holes;

  /* B-41 with a home entry (B-35): r0 to h2 uses 6 holes, one is left */
  pjt_load (&s, BASIC4 "pegs R r0 r10 s s s\nhand R 7\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 7);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 0));
  /* r1 … r7 and h1 … h4 (a whole seven into home too) */
  g_assert_cmpuint (n_targets (picker), ==, 11);
  g_assert_true (pj_move_picker_pick_hole (picker, R, PJ_POS_HOME (1)));
  g_assert_cmpint (pj_move_picker_get_prompt (picker, &holes), ==, PJ_PICK_PROMPT_SPLIT_REST);
  g_assert_cmpuint (holes, ==, 2);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 12));
  assert_chosen (picker, &s, "7 R1 r0-h2, R2 r10-r12");

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_joker (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  PjState s;
  PjAction chosen;

  /* §5: a joker lands on another colour's peg and hits it (B-33) */
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R 3 JK\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, PJ_CARD_JOKER);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 2);
  g_assert_true (has_target (picker, R, 10));
  g_assert_true (has_target (picker, R, PJ_POS_START));
  /* Blue's peg is hit, not picked */
  g_assert_false (pj_move_picker_pick_peg (picker, B, BLUE (5)));
  g_assert_true (pj_move_picker_pick_peg (picker, R, PJ_POS_START));
  g_assert_cmpuint (n_targets (picker), ==, 1);
  g_assert_true (has_target (picker, R, BLUE (5)));
  g_assert_true (pj_move_picker_pick_hole (picker, R, BLUE (5)));
  assert_chosen (picker, &s, "JK R2 s-b5 xB1>s");
  g_assert_true (pj_move_picker_get_chosen (picker, &chosen));
  g_assert_cmpuint (chosen.n_steps, ==, 2);
  g_assert_false (pj_move_picker_is_picked_step (&chosen, 1));

  /* the hit is on the board after the pick */
  memcpy (pos, s.board.peg, sizeof pos);
  pj_move_picker_apply_picks (picker, pos);
  g_assert_cmpuint (pos[R][1], ==, BLUE (5));
  g_assert_cmpuint (pos[B][0], ==, PJ_POS_START);

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_two_swap (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  PjState s;
  PjAction chosen;

  /* NC-5: a two may swap two pegs of different colours; the player picks
   * the first peg and the second's hole, the second peg follows */
  pjt_load (&s, NC4 "pegs R r10 r11 h1 s s\npegs B b5 h2 s s s\npegs G g10 s s s s\nhand R 2\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 2);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 7);
  /* a Blue peg may be picked first: "2 swap B1 b5 G1 g10" */
  g_assert_true (has_target (picker, B, BLUE (5)));
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_cmpuint (n_targets (picker), ==, 2);
  g_assert_true (has_target (picker, R, BLUE (5)));
  g_assert_true (has_target (picker, R, GREEN (10)));
  g_assert_true (pj_move_picker_pick_hole (picker, R, BLUE (5)));
  assert_chosen (picker, &s, "2 swap R1 r10 B1 b5");
  g_assert_true (pj_move_picker_get_chosen (picker, &chosen));
  g_assert_cmpuint (chosen.n_steps, ==, 2);
  g_assert_true (pj_move_picker_is_picked_step (&chosen, 0));
  g_assert_false (pj_move_picker_is_picked_step (&chosen, 1));

  memcpy (pos, s.board.peg, sizeof pos);
  pj_move_picker_apply_picks (picker, pos);
  g_assert_cmpuint (pos[R][0], ==, BLUE (5));
  g_assert_cmpuint (pos[B][0], ==, 10);

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_bluff (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  guint8 ranks[PJ_N_RANKS];
  PjState s;
  guint n;

  /* BJ: any card, declared as any card that has a legal move */
  pjt_load (&s, BJ4 "pegs R r10 s s s s\nhand R 3\n");
  picker = picker_for (&s);
  n = pj_move_picker_get_declarations (picker, 3, ranks);
  g_assert_cmpuint (n, ==, 13);
  g_assert_cmpuint (ranks[0], ==, PJ_CARD_ACE);
  g_assert_cmpuint (ranks[12], ==, PJ_CARD_KING);
  g_assert_cmpuint (pj_move_picker_get_declarations (picker, 5, ranks), ==, 0);

  /* truthful unless declared otherwise */
  pj_move_picker_set_card (picker, 3);
  g_assert_cmpuint (pj_move_picker_get_declared (picker), ==, 3);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 1);

  pj_move_picker_set_declared (picker, 5);
  g_assert_cmpuint (pj_move_picker_get_declared (picker), ==, 5);
  g_assert_cmpuint (pj_move_picker_get_card (picker), ==, 3);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 1);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_true (has_target (picker, R, 15));
  /* a new declaration starts the picks again */
  pj_move_picker_set_declared (picker, PJ_CARD_JACK);
  g_assert_false (pj_move_picker_get_peg (picker, NULL, NULL));
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 2);
  g_assert_true (pj_move_picker_pick_peg (picker, R, PJ_POS_START));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 8));
  assert_chosen (picker, &s, "3=J R2 s-r8");

  /* a new card forgets the declaration */
  pj_move_picker_set_card (picker, 3);
  g_assert_cmpuint (pj_move_picker_get_declared (picker), ==, 3);
  g_assert_finalize_object (g_steal_pointer (&picker));

  /* no declarations to offer without the Bluffing Joker */
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 3\n");
  picker = picker_for (&s);
  g_assert_cmpuint (pj_move_picker_get_declarations (picker, 3, ranks), ==, 0);
  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_penalty (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  /* BJ, bluff caught: the challenger picks one of the bluffer's pegs in
   * play, on the board and without a card */
  pjt_load (&s, BJ4 "pegs R r10 r12 s s s\nhand R 3 7\n");
  pjt_play (&s, "3=5 R2 r12-r17");
  pjt_play (&s, "pass");
  pjt_play (&s, "challenge");
  g_assert_cmpuint (s.phase, ==, PJ_PHASE_PENALTY);
  picker = picker_for (&s);

  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_PENALTY_PEG);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 2);
  g_assert_cmpuint (n_targets (picker), ==, 2);
  g_assert_true (has_target (picker, R, 10));
  g_assert_true (has_target (picker, R, 12));

  /* a card is no use now */
  pj_move_picker_set_card (picker, 3);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 0);
  pj_move_picker_reset (picker);

  g_assert_true (pj_move_picker_pick_peg (picker, R, 12));
  g_assert_cmpuint (n_targets (picker), ==, 1);
  g_assert_true (has_target (picker, R, PJ_POS_START));
  g_assert_true (pj_move_picker_pick_hole (picker, R, PJ_POS_START));
  assert_chosen (picker, &s, "penalty R2 r12");

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_reset (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;
  guint changed = 0;

  pjt_load (&s, BASIC4 "pegs R r0 r10 s s s\nhand R 7\n");
  picker = picker_for (&s);
  g_signal_connect (picker, "changed", G_CALLBACK (count_cb), &changed);
  pj_move_picker_set_card (picker, 7);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 0));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 4));
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_cmpuint (changed, ==, 4);

  /* the picks go, the card stays */
  pj_move_picker_clear_picks (picker);
  g_assert_cmpuint (pj_move_picker_get_n_parts (picker), ==, 0);
  g_assert_false (pj_move_picker_get_peg (picker, NULL, NULL));
  g_assert_cmpuint (pj_move_picker_get_card (picker), ==, 7);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_FIRST_PEG);

  /* new actions keep the picks: the picker follows the game */
  g_assert_true (pj_move_picker_pick_peg (picker, R, 0));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 4));
  {
    PjActionList list;

    pj_action_list_init (&list);
    pj_legal_actions (&s, &list);
    pj_move_picker_set_actions (picker, &s, list.v, list.n);
    pj_action_list_clear (&list);
  }
  g_assert_cmpuint (pj_move_picker_get_n_parts (picker), ==, 1);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 1);

  /* everything goes */
  pj_move_picker_reset (picker);
  g_assert_cmpuint (pj_move_picker_get_card (picker), ==, 0);
  g_assert_cmpuint (pj_move_picker_get_n_parts (picker), ==, 0);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 0);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_NONE);

  /* no actions: nothing to pick, whatever the card */
  pj_move_picker_set_actions (picker, NULL, NULL, 0);
  pj_move_picker_set_card (picker, 7);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 0);
  g_assert_false (pj_move_picker_find_action (picker, PJ_ACTION_MOVE, 0, NULL));

  g_assert_finalize_object (g_steal_pointer (&picker));
}

static void
test_card_queries (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;
  PjAction a;

  /* B-21: a card with a move must be played; no discards */
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 3 K\n");
  picker = picker_for (&s);
  g_assert_true (pj_move_picker_card_is_playable (picker, 3));
  g_assert_true (pj_move_picker_card_is_playable (picker, PJ_CARD_KING));
  g_assert_false (pj_move_picker_card_is_playable (picker, 5));
  g_assert_false (pj_move_picker_find_action (picker, PJ_ACTION_DISCARD, 3, NULL));
  g_assert_true (pj_move_picker_find_action (picker, PJ_ACTION_MOVE, PJ_CARD_KING, &a));
  g_assert_cmpuint (PJ_CARD_RANK (a.card), ==, PJ_CARD_KING);
  g_assert_true (pj_move_picker_find_action (picker, PJ_ACTION_MOVE, 0, NULL));
  g_assert_finalize_object (g_steal_pointer (&picker));

  /* B-22: no card moves, so any card may be discarded; the picks ignore
   * discards (they are a button, not the board) */
  pjt_load (&s, BASIC4 "pegs R s s s s s\nhand R 3 5\n");
  picker = picker_for (&s);
  g_assert_true (pj_move_picker_card_is_playable (picker, 3));
  g_assert_true (pj_move_picker_find_action (picker, PJ_ACTION_DISCARD, 5, &a));
  g_assert_cmpuint (a.kind, ==, PJ_ACTION_DISCARD);
  g_assert_cmpuint (PJ_CARD_RANK (a.card), ==, 5);
  g_assert_false (pj_move_picker_find_action (picker, PJ_ACTION_MOVE, 0, NULL));
  pj_move_picker_set_card (picker, 3);
  g_assert_cmpuint (pj_move_picker_get_n_candidates (picker), ==, 0);
  g_assert_cmpint (pj_move_picker_get_prompt (picker, NULL), ==, PJ_PICK_PROMPT_NO_MOVE);
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* The instruction as the status line words it, with the rule picked. */
static void
assert_prompt (PjMovePicker *picker,
               PjPickRule    rule,
               const char   *text)
{
  g_autofree char *prompt = pj_text_pick_prompt (picker);

  g_assert_cmpint (pj_move_picker_get_rule (picker), ==, rule);
  g_assert_cmpstr (prompt, ==, text);
}

/* NC-8: the Ten must be split over two pegs, any colour, each part either
 * way: the status line says so at every pick */
static void
test_rule_ten_split (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;
  guint holes;

  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R 10\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 10);
  /* an opponent's peg may be moved */
  g_assert_true (has_target (picker, B, BLUE (5)));
  assert_prompt (picker, PJ_PICK_RULE_TEN_SPLIT,
                 "Split your Ten between two pegs of any colour, each part forward or back (North Carolina)");
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  assert_prompt (picker, PJ_PICK_RULE_TEN_SPLIT,
                 "Pick where the peg goes: part of your Ten, the rest moves another peg (North Carolina)");
  g_assert_true (pj_move_picker_pick_hole (picker, R, 13));
  g_assert_cmpint (pj_move_picker_get_prompt (picker, &holes), ==, PJ_PICK_PROMPT_SPLIT_REST);
  g_assert_cmpuint (holes, ==, 7);
  assert_prompt (picker, PJ_PICK_RULE_TEN_SPLIT,
                 "Move another peg 7 holes, forward or back, with the rest of your Ten (North Carolina)");
  g_assert_true (has_target (picker, B, BLUE (5)));

  /* B §5: the basic Ten moves one peg 10 forward, nothing to name */
  g_clear_object (&picker);
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R 10 9\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 10);
  assert_prompt (picker, PJ_PICK_RULE_NONE, "Pick a peg to move");
  pj_move_picker_set_card (picker, 9);
  assert_prompt (picker, PJ_PICK_RULE_NONE, "Pick a peg to move");
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* AK: the Alaska Ten moves 10 forward or 1 back */
static void
test_rule_ten_back_one (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  pjt_load (&s, AK4 "pegs R r10 s s s s\nhand R 10\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 10);
  assert_prompt (picker, PJ_PICK_RULE_TEN_BACK_ONE, "Move a peg 10 forward or 1 back with your Ten (Alaska)");
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_true (has_target (picker, R, 9));
  g_assert_true (has_target (picker, R, BLUE (2)));
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* AZ-5: a split Nine moves one peg forward and the other back; once one
 * part is picked the status line says which way the rest must go */
static void
test_rule_nine (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  pjt_load (&s, AZ4 "pegs R r2 r10 s s s\nhand R 9\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 9);
  assert_prompt (picker, PJ_PICK_RULE_NINE_SPLIT,
                 "Move a peg 9 forward, or split your Nine: one peg forward, another back (Arizona)");
  /* forward first: the rest goes back (r2 six back, round to y14) */
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 13));
  assert_prompt (picker, PJ_PICK_RULE_NINE_BACK,
                 "Now move another peg 6 holes back with the rest of your Nine (Arizona)");
  g_assert_true (pj_move_picker_pick_peg (picker, R, 2));
  g_assert_cmpuint (n_targets (picker), ==, 1);
  g_assert_true (has_target (picker, R, 68));

  /* back first: the rest goes forward */
  pj_move_picker_clear_picks (picker);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 2));
  g_assert_true (pj_move_picker_pick_hole (picker, R, 71));
  assert_prompt (picker, PJ_PICK_RULE_NINE_FORWARD,
                 "Now move another peg 6 holes forward with the rest of your Nine (Arizona)");
  g_assert_true (pj_move_picker_pick_peg (picker, R, 10));
  g_assert_true (has_target (picker, R, 16));
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* AZ-7: while the team has a peg in a start area the Joker must bring one
 * out: the peg on the track is not offered, and the status line says why */
static void
test_rule_joker_start_first (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  pjt_load (&s, AZ4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R JK\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, PJ_CARD_JOKER);
  g_assert_true (has_target (picker, R, PJ_POS_START));
  g_assert_false (has_target (picker, R, 10));
  assert_prompt (picker, PJ_PICK_RULE_JOKER_START_FIRST,
                 "While your team has pegs in a start area, your Joker must bring one of them out (Arizona)");
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* PG: the Pegoo Joker goes to its own in-spot or sends an opponent's peg
 * back to start: the status line names both */
static void
test_rule_joker_pegoo (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  pjt_load (&s, PG4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R JK\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, PJ_CARD_JOKER);
  /* Blue's peg may be sent back: it is picked (20 holes a side) */
  g_assert_true (has_target (picker, B, 20 + 5));
  assert_prompt (picker, PJ_PICK_RULE_JOKER_PEGOO,
                 "Move one of your pegs straight to its in-spot with your Joker, or send an opponent’s peg back to start (Pegoo)");
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* K-2: past its in-spot a Kilpatrick peg only turns into its home; the
 * status line says so once the peg is held (and not in the basic game,
 * where it may go on round) */
static void
test_rule_home_forced (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  pjt_load (&s, K4 "pegs R r0 s s s s\nhand R 5\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 5);
  assert_prompt (picker, PJ_PICK_RULE_NONE, "Pick a peg to move");
  g_assert_true (pj_move_picker_pick_peg (picker, R, 0));
  g_assert_false (has_target (picker, R, 5));
  g_assert_true (has_target (picker, R, PJ_POS_HOME (1)));
  assert_prompt (picker, PJ_PICK_RULE_HOME_FORCED,
                 "Pick where the peg goes: at its in-spot it must turn into its home (Kilpatrick)");

  g_clear_object (&picker);
  pjt_load (&s, BASIC4 "pegs R r0 s s s s\nhand R 5\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 5);
  g_assert_true (pj_move_picker_pick_peg (picker, R, 0));
  g_assert_true (has_target (picker, R, 5));
  assert_prompt (picker, PJ_PICK_RULE_NONE, "Pick where the peg goes");
  g_assert_finalize_object (g_steal_pointer (&picker));
}

/* NC-10: on the turn after the counted ones, a card that cannot bring a
 * peg out is discarded and a start peg comes out for free; the status line
 * says so, where a come-out card keeps its own words */
static void
test_rule_count_privilege (void)
{
  g_autoptr (PjMovePicker) picker = NULL;
  PjState s;

  pjt_load (&s, NC4 "stuck R 2\nhand R K 5\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 5);
  g_assert_true (has_target (picker, R, PJ_POS_START));
  assert_prompt (picker, PJ_PICK_RULE_COUNT_PRIVILEGE,
                 "No move for 2 turns: this card is discarded and a peg comes out of your start for free (North Carolina)");
  pj_move_picker_set_card (picker, PJ_CARD_KING);
  assert_prompt (picker, PJ_PICK_RULE_NONE, "Pick a peg to move");

  /* a turn that is not after the counted ones: no privilege */
  g_clear_object (&picker);
  pjt_load (&s, NC4 "stuck R 1\nhand R 5\n");
  picker = picker_for (&s);
  pj_move_picker_set_card (picker, 5);
  g_assert_cmpint (pj_move_picker_get_rule (picker), ==, PJ_PICK_RULE_NONE);
  g_assert_finalize_object (g_steal_pointer (&picker));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/move-picker/card", test_card);
  g_test_add_func ("/move-picker/single-move", test_single_move);
  g_test_add_func ("/move-picker/B-41/split-seven", test_split_seven);
  g_test_add_func ("/move-picker/B-41/split-home", test_split_home);
  g_test_add_func ("/move-picker/B-33/joker", test_joker);
  g_test_add_func ("/move-picker/NC-5/two-swap", test_two_swap);
  g_test_add_func ("/move-picker/BJ/declare", test_bluff);
  g_test_add_func ("/move-picker/BJ/penalty", test_penalty);
  g_test_add_func ("/move-picker/reset", test_reset);
  g_test_add_func ("/move-picker/NC-8/rule-words", test_rule_ten_split);
  g_test_add_func ("/move-picker/AK/rule-words", test_rule_ten_back_one);
  g_test_add_func ("/move-picker/AZ-5/rule-words", test_rule_nine);
  g_test_add_func ("/move-picker/AZ-7/rule-words", test_rule_joker_start_first);
  g_test_add_func ("/move-picker/PG/rule-words", test_rule_joker_pegoo);
  g_test_add_func ("/move-picker/K-2/rule-words", test_rule_home_forced);
  g_test_add_func ("/move-picker/NC-10/rule-words", test_rule_count_privilege);
  g_test_add_func ("/move-picker/B-22/card-queries", test_card_queries);

  return g_test_run ();
}
