/* test-rules-variants.c — RULES.md §7–§9: Arizona (AZ-…), North Carolina
 * (NC-…), Pegoo (PG), Wizard Woodworks (WW), Alaska (AK), Kilpatrick (K-…)
 * and Bluffing Joker (BJ), one position at a time.
 *
 * Four players unless said otherwise: Red, Blue, Green, Yellow; Red and Green
 * are partners. Red's side is r0 … r17 (r0 … r19 in Pegoo): r8 its come-out,
 * r3 its in-spot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-test-util.h"

#define AZ4 "rules arizona players=4\n"
#define NC4 "rules north-carolina players=4\n"
#define PG4 "rules pegoo players=4\n"
#define WW4 "rules wizard-woodworks players=4\n"
#define AK4 "rules alaska players=4\n"
#define KP4 "rules kilpatrick players=4\n"
#define BJ4 "rules bluffing-joker players=4\n"

/* "r10" for main-track hole 10 of a board with that many holes per side */
static char *
hole (guint h,
      guint side)
{
  return g_strdup_printf ("%c%u", g_ascii_tolower (pj_colour_letter (h / side)), h % side);
}

/* Append "CARD P1 from-to, P2 from-to;" for one split. */
static void
add_split (GString    *want,
           const char *card,
           const char *p1,
           guint       f1,
           guint       t1,
           const char *p2,
           guint       f2,
           guint       t2,
           guint       side)
{
  g_autofree char *a = hole (f1, side), *b = hole (t1, side);
  g_autofree char *c = hole (f2, side), *d = hole (t2, side);

  g_string_append_printf (want, "%s %s %s-%s, %s %s-%s;", card, p1, a, b, p2, c, d);
}

static void
assert_preset (const char *name,
               const char *field,
               guint       value)
{
  PjRules r;
  PjPreset p;
  const PjOptionInfo *opt = pj_option_lookup (field);

  g_assert_nonnull (opt);
  g_assert_true (pj_preset_lookup (name, &p));
  pj_rules_preset (&r, p, 4);
  g_assert_cmpuint (((guint8 *) &r)[opt->offset], ==, value);
}

/* ---- §7 Arizona -------------------------------------------------------- */

static void
test_az1_decks (void)
{
  PjState s;

  assert_preset ("arizona", "decks", 4);
  pjt_load (&s, "rules arizona players=4 decks=3\nhand R 5\n");
  g_assert_cmpuint (s.n_cards, ==, 162);
}

static void
test_az2_play_first (void)
{
  assert_preset ("arizona", "hand_size", 5);
  assert_preset ("arizona", "draw_first", FALSE);
  pjt_case (AZ4 "pegs R r10 s s s s\nhand R 5 2 3 4 6\nhand B 2 2 2 2 2\nstock 7 ...\n", NULL,
            "5 R1 r10-r15", "hand R 2 3 4 6 7\nhand B 2 2 2 2 2\nturn B 2");
}

static void
test_az3_team_pegs (void)
{
  PjState s;

  pjt_load (&s, AZ4 "pegs R r10 s s s s\npegs G g10 s s s s\npegs B b10 s s s s\nhand R 5\n");
  g_assert_cmpuint (pj_state_movable_colours (&s, 0), ==, (1u << 0) | (1u << 2));
  pjt_assert_actions (&s, "5 R1 r10-r15; 5 G1 g10-g15");
  pjt_play_expect (&s, "5 G1 g10-g15", "pegs G g15 s s s s");
  /* no discard while any team peg can move */
  pjt_case (AZ4 "pegs G g10 s s s s\nhand R 5 JK 3\n",
            "5 G1 g10-g15; 3 G1 g10-g13; JK R1 s-g10 xG1>g3", NULL, NULL);
  /* a colour that is done drops out */
  pjt_load (&s, AZ4 "pegs R h1 h2 h3 h4 h5\npegs G g10 s s s s\nhand R 5\n");
  g_assert_cmpuint (pj_state_movable_colours (&s, 0), ==, 1u << 2);
}

static void
test_az4_colours (void)
{
  /* Red passes and hits Green's peg; Green's peg may not pass its own */
  pjt_case (AZ4 "pegs R r10 s s s s\npegs G r12 r14 s s s\nhand R 5 2\n",
            "5 R1 r10-r15; 5 G2 r14-b1; 2 R1 r10-r12 xG1>g3; 2 G2 r14-r16", NULL, NULL);
}

static void
nine_splits (const char *rules,
             gboolean    back,
             const char *p1,
             const char *p2,
             guint       h1,
             guint       h2,
             const char *singles)
{
  GString *want = g_string_new (singles);
  g_autofree char *text = NULL;
  g_autofree char *pos = NULL;
  char c1 = g_ascii_tolower (p1[0]), c2 = g_ascii_tolower (p2[0]);

  for (guint a = 1; a <= 8; a++)
    {
      if (back)
        {
          add_split (want, "9", p1, h1, h1 + a, p2, h2, h2 - (9 - a), 18);
          add_split (want, "9", p2, h2, h2 + a, p1, h1, h1 - (9 - a), 18);
        }
      else
        add_split (want, "9", p1, h1, h1 + a, p2, h2, h2 + (9 - a), 18);
    }
  {
    g_autofree char *a = hole (h1, 18), *b = hole (h2, 18);
    pos = g_strdup_printf ("%spegs %c %s s s s s\npegs %c %s s s s s\nhand R 9\n", rules,
                           g_ascii_toupper (c1), a, g_ascii_toupper (c2), b);
  }
  if (c1 == c2)
    {
      g_autofree char *a = hole (h1, 18), *b = hole (h2, 18);
      g_free (pos);
      pos = g_strdup_printf ("%spegs R %s %s s s s\npegs G g10 s s s s\nhand R 9\n", rules, a, b);
    }
  text = g_string_free (want, FALSE);
  pjt_case (pos, text, NULL, NULL);
}

static void
test_az5_nine (void)
{
  /* one forward, the other back; any two team pegs */
  nine_splits (AZ4, TRUE, "R1", "G1", 10, 46, "9 R1 r10-b1; 9 G1 g10-y1;");
  /* the Greek text's nine splits like a seven */
  nine_splits ("rules arizona players=4 nine_split=fwd_fwd\n", FALSE, "R1", "G1", 10, 46,
               "9 R1 r10-b1; 9 G1 g10-y1;");
  assert_preset ("arizona", "nine_split", PJ_NINE_FWD_BACK);
}

static void
test_az6_team_splits (void)
{
  PjState s;

  /* a seven over two colours */
  pjt_case (AZ4 "pegs R r10 s s s s\npegs G g10 s s s s\nhand R 7\n",
            "7 R1 r10-r17; 7 G1 g10-g17;"
            "7 R1 r10-r11, G1 g10-g16; 7 R1 r10-r12, G1 g10-g15; 7 R1 r10-r13, G1 g10-g14;"
            "7 R1 r10-r14, G1 g10-g13; 7 R1 r10-r15, G1 g10-g12; 7 R1 r10-r16, G1 g10-g11",
            NULL, NULL);
  /* part one sends the partner to its in-spot, part two takes it home */
  pjt_load (&s, AZ4 "pegs R r10 s s s s\npegs G r12 s s s s\nhand R 7\n");
  g_assert_true (pjt_has_action (&s, "7 R1 r10-r12 xG1>g3, G1 g3-h5"));
  pjt_play_expect (&s, "7 R1 r10-r12 xG1>g3, G1 g3-h5", "pegs R r12 s s s s\npegs G h5 s s s s");
  /* only one team peg left that can move: the nine moves it 9 forward */
  pjt_case (AZ4 "pegs R h1 h2 h3 h4 h5\npegs G h2 h3 h4 h5 g10\nhand R 9 7\n",
            "9 G5 g10-y1; 7 G5 g10-g17", NULL, NULL);
}

static void
test_az7_joker (void)
{
  /* start pegs first: only they may use the joker */
  pjt_case (AZ4 "pegs R s s s s r10\npegs B b5 s s s s\nhand R JK\n",
            "JK R1 s-b5 xB1>s; JK G1 s-b5 xB1>s; JK G1 s-r10 xR5>r3; discard JK", NULL, NULL);
  /* every team start area empty: track pegs of the team */
  pjt_case (AZ4 "pegs R r10 h1 h2 h3 h4\npegs G g10 h1 h2 h3 h4\npegs B b5 s s s s\nhand R JK\n",
            "JK R1 r10-b5 xB1>s; JK R1 r10-g10 xG1>g3; JK G1 g10-b5 xB1>s;"
            "JK G1 g10-r10 xR1>r3; discard JK", NULL, NULL);
  /* read strictly: Red's start pegs have no legal landing (Green's peg g10
   * would jump to g3, held by Green), so the joker has no move, although
   * Green's track pegs could land on R5 */
  pjt_case (AZ4 "pegs R s s s s r12\npegs G g10 g3 h1 h2 h3\nhand R JK\n",
            "discard JK", NULL, NULL);
  assert_preset ("arizona", "joker", PJ_JOKER_AZ_START_FIRST);
}

static void
test_az8_table_talk (void)
{
  /* not allowed by default in any preset; an option that travels with the game */
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      PjRules r;
      pj_rules_preset (&r, (PjPreset) p, 4);
      g_assert_false (r.beginner_table_talk);
    }
  g_assert_nonnull (pj_option_lookup ("beginner_table_talk"));
}

/* ---- §8 North Carolina --------------------------------------------------- */

static void
test_nc1_draw_first (void)
{
  assert_preset ("north-carolina", "draw_first", TRUE);
  pjt_case (NC4 "pegs R r10 s s s s\nhand R 3\nhand B 4 4 4 4 4\nstock 6 ...\n", NULL,
            "3 R1 r10-r13", "hand B 4 4 4 4 4 6");
}

static void
test_nc2_own_pegs (void)
{
  pjt_case (NC4 "pegs R r10 s s s s\npegs G g10 s s s s\nhand R 5\n", "5 R1 r10-r15", NULL, NULL);
  pjt_case (NC4 "pegs R h1 h2 h3 h4 h5\npegs G g10 s s s s\nhand R 5\n", "5 G1 g10-g15", NULL, NULL);
  /* a split may do both: finish Red, then move Green */
  pjt_case (NC4 "pegs R h2 h3 h4 h5 r1\npegs G g10 s s s s\nhand R 7\n",
            "7 R5 r1-r8; 7 R5 r1-h1, G1 g10-g14", NULL, NULL);
}

static void
test_nc3_joker (void)
{
  /* from start or the main track onto any other-colour peg, never from home */
  pjt_case (NC4 "pegs R h1 s s s r10\npegs B b5 s s s s\nhand R JK\n",
            "JK R2 s-b5 xB1>s; JK R5 r10-b5 xB1>s; discard JK", NULL, NULL);
}

static void
test_nc4_ace (void)
{
  pjt_case (NC4 "pegs R r10 s s s s\nhand R A\n",
            "A R2 s-r8; A R1 r10-r11; A R1 r10-r9; A R1 r10-b3", "A R1 r10-r9",
            "pegs R r9 s s s s");
  /* the backward 1 never enters home */
  pjt_case (NC4 "pegs R r4 s s s s\nhand R A\n",
            "A R2 s-r8; A R1 r4-r5; A R1 r4-r3; A R1 r4-r15", NULL, NULL);
}

static void
test_nc5_two (void)
{
  PjState s;

  /* 2 forward, or swap any two different-colour pegs on the main track */
  pjt_load (&s, NC4 "pegs R r10 r11 h1 s s\npegs B b5 h2 s s s\npegs G g10 s s s s\nhand R 2\n");
  pjt_assert_actions (&s,
                      "2 R2 r11-r13; 2 R3 h1-h3;"
                      "2 swap R1 r10 B1 b5; 2 swap R2 r11 B1 b5;"
                      "2 swap R1 r10 G1 g10; 2 swap R2 r11 G1 g10;"
                      "2 swap B1 b5 G1 g10");
  /* a swap is not a landing: nobody is hit */
  pjt_play_expect (&s, "2 swap R1 r10 B1 b5",
                   "pegs R b5 r11 h1 s s\npegs B r10 h2 s s s\npegs G g10 s s s s");
  /* the option: the swap must include a peg the player may move */
  pjt_case ("rules north-carolina players=4 swap_needs_own_peg=yes\n"
            "pegs R r10 s s s s\npegs B b5 s s s s\npegs G g10 s s s s\nhand R 2\n",
            "2 R1 r10-r12; 2 swap R1 r10 B1 b5; 2 swap R1 r10 G1 g10", NULL, NULL);
  pjt_case ("rules north-carolina players=4 swap_needs_own_peg=yes\n"
            "pegs B b5 s s s s\npegs G g10 s s s s\nhand R 2 5\n",
            "discard 2; discard 5", NULL, NULL);
  /* by default a Two is playable whenever two colours are on the track: must play */
  pjt_case (NC4 "pegs B b5 s s s s\npegs G g10 s s s s\nhand R 2 5\n",
            "2 swap B1 b5 G1 g10", NULL, NULL);
  assert_preset ("north-carolina", "swap_needs_own_peg", FALSE);
}

static void
test_nc6_seven (void)
{
  pjt_case (NC4 "pegs R r10 r0 s s s\npegs G g10 s s s s\nhand R 7\n",
            "7 R1 r10-r17; 7 R2 r0-h4; 7 R2 r0-r7;"
            "7 R2 r0-r1, R1 r10-r16; 7 R2 r0-r2, R1 r10-r15; 7 R2 r0-r3, R1 r10-r14;"
            "7 R2 r0-h1, R1 r10-r13; 7 R2 r0-r4, R1 r10-r13;"
            "7 R2 r0-h2, R1 r10-r12; 7 R2 r0-r5, R1 r10-r12;"
            "7 R2 r0-h3, R1 r10-r11; 7 R2 r0-r6, R1 r10-r11", NULL, NULL);
}

static void
test_nc7_nine (void)
{
  /* forward + backward, own pegs only (Green's g10 never moves) */
  nine_splits (NC4, TRUE, "R1", "R2", 10, 28, "9 R1 r10-b1; 9 R2 b10-g1;");
}

static void
test_nc8_ten_exhaustive (void)
{
  GString *want = g_string_new (NULL);
  g_autofree char *text = NULL;

  /* one own peg and one opponent's: every split, each part either way */
  for (guint a = 1; a <= 9; a++)
    for (int d1 = -1; d1 <= 1; d1 += 2)
      for (int d2 = -1; d2 <= 1; d2 += 2)
        add_split (want, "10", "R1", 10, (guint) (10 + d1 * (int) a),
                   "B1", 28, (guint) (28 + d2 * (int) (10 - a)), 18);
  text = g_string_free (want, FALSE);
  pjt_case (NC4 "pegs R r10 s s s s\npegs B b10 s s s s\nhand R 10\n", text,
            "10 B1 b10-b3, R1 r10-r13", "pegs R r13 s s s s\npegs B b3 s s s s");
}

/* NC-8 with B-41: a ten split between two pegs of one colour that swap
 * destinations ends in one placement, listed once (pegs of one colour are
 * interchangeable) */
static void
test_nc8_ten_crossing (void)
{
  PjState s;

  pjt_load (&s, NC4 "pegs R r2 r3 s s s\nhand R 10\n");
  /* R2 3 home then R1 7 past r3, or R2 6 on then R1 4 home: h3 and r9 both
   * times; the first is listed */
  g_assert_true (pjt_has_action (&s, "10 R2 r3-h3, R1 r2-r9"));
  g_assert_false (pjt_has_action (&s, "10 R2 r3-r9, R1 r2-h3"));
  g_assert_true (pjt_has_action (&s, "10 R2 r3-h1, R1 r2-r11"));
  g_assert_false (pjt_has_action (&s, "10 R2 r3-r11, R1 r2-h1"));
  /* other placements are still there, backward parts too */
  g_assert_true (pjt_has_action (&s, "10 R1 r2-r1, R2 r3-r12"));
}

/* NC-8 at eight players: hands with a ten list thousands of splits. A list
 * used for the first time (small scratch space) lists exactly what a list
 * used many times does. */
static void
test_nc8_ten_eight_players (void)
{
  PjRules rules;
  PjActionList list;
  PjRng rng;
  guint samples = 0, most = 0;

  pj_rules_preset (&rules, PJ_PRESET_NORTH_CAROLINA, 8);
  pj_action_list_init (&list);
  pj_rng_seed (&rng, 3);
  for (guint game = 0; game < 2; game++)
    {
      PjState s;

      pj_state_new_game (&s, &rules, 900 + game, -1);
      while (!pj_state_is_over (&s))
        {
          gboolean has_ten = FALSE;

          for (guint k = 0; k < s.hand_count[s.turn]; k++)
            has_ten |= PJ_CARD_RANK (s.hand[s.turn][k]) == 10;
          pj_legal_actions (&s, &list);
          if (has_ten && s.phase == PJ_PHASE_PLAY)
            {
              PjActionList fresh;

              pj_action_list_init (&fresh);
              pj_legal_actions (&s, &fresh);
              g_assert_cmpuint (fresh.n, ==, list.n);
              g_assert_cmpint (memcmp (fresh.v, list.v, list.n * sizeof (PjAction)), ==, 0);
              pj_action_list_clear (&fresh);
              samples++;
              most = MAX (most, list.n);
            }
          pj_state_apply (&s, &list.v[pj_rng_below (&rng, list.n)]);
        }
    }
  g_test_message ("%u positions with a ten, at most %u actions", samples, most);
  g_assert_cmpuint (samples, >, 100);
  g_assert_cmpuint (most, >, 1000);
  pj_action_list_clear (&list);
}

static void
test_nc8_ten_home (void)
{
  GString *want = g_string_new (NULL);
  g_autofree char *text = NULL;
  PjState s;
  PjActionList list;

  /* a team peg moves on in its home track, never back; an opponent's home peg
   * never moves; a single peg may not take the whole ten */
  g_string_append (want, "10 R1 h1-h2, R2 r10-b1; 10 R1 h1-h2, R2 r10-r1;"
                   "10 R1 h1-h3, R2 r10-b0; 10 R1 h1-h3, R2 r10-r2;"
                   "10 R1 h1-h4, R2 r10-r17; 10 R1 h1-h4, R2 r10-r3;"
                   "10 R1 h1-h5, R2 r10-r16; 10 R1 h1-h5, R2 r10-r4");
  text = g_string_free (want, FALSE);
  pjt_case (NC4 "pegs R h1 r10 s s s\npegs B h2 s s s s\nhand R 10\n", text, NULL, NULL);

  /* a forward part takes a team peg home (own or partner's) but never an
   * opponent's, and no backward part touches a home track */
  pjt_load (&s, NC4 "pegs R r0 s s s s\npegs B b0 s s s s\npegs G g0 s s s s\nhand R 10\n");
  g_assert_true (pjt_has_action (&s, "10 R1 r0-h2, B1 b0-b5"));
  g_assert_true (pjt_has_action (&s, "10 G1 g0-h2, B1 b0-b5"));
  g_assert_true (pjt_has_action (&s, "10 G1 g0-h1, R1 r0-h3"));
  g_assert_true (pjt_has_action (&s, "10 B1 b0-b9, R1 r0-r1"));
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  g_assert_cmpuint (list.n, >, 50);
  for (guint i = 0; i < list.n; i++)
    {
      g_assert_cmpuint (list.v[i].kind, ==, PJ_ACTION_MOVE);
      g_assert_cmpuint (list.v[i].card, ==, 10);
      for (guint k = 0; k < list.v[i].n_steps; k++)
        {
          const PjStep *st = &list.v[i].steps[k];
          if (PJ_PEG_COLOUR (st->peg) == 1)
            g_assert_false (PJ_POS_IS_HOME (st->to));
          if (st->flags & PJ_STEP_BACK)
            g_assert_true (PJ_POS_IS_TRACK (st->from) && PJ_POS_IS_TRACK (st->to));
        }
      /* two parts, on two different pegs */
      g_assert_cmpuint (list.v[i].steps[0].flags & PJ_STEP_PART2, ==, 0);
      g_assert_cmpuint (list.v[i].steps[list.v[i].n_steps - 1].flags & PJ_STEP_PART2, !=, 0);
    }
  pj_action_list_clear (&list);
  /* only one peg not in start: the ten cannot be played */
  pjt_case (NC4 "pegs R r10 s s s s\nhand R 10 3\n", "3 R1 r10-r13", NULL, NULL);
  /* J, Q, K keep come out or 10 forward */
  pjt_case (NC4 "pegs R r10 s s s s\nhand R J\n", "J R2 s-r8; J R1 r10-b2", NULL, NULL);
}

static void
test_nc8_partner (void)
{
  PjState s;

  /* the ten moves a partner's pegs before your own are home (not so the nine) */
  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs G g10 s s s s\nhand R 10 9\n");
  g_assert_true (pjt_has_action (&s, "10 R1 r10-r15, G1 g10-g15"));
  g_assert_true (pjt_has_action (&s, "10 R1 r10-r5, G1 g10-g5"));
  g_assert_false (pjt_has_action (&s, "9 R1 r10-r15, G1 g10-g6"));
}

static void
test_nc9_hits (void)
{
  PjState s;

  /* Red moves Blue's peg onto Red's: Red's goes to its in-spot, and the
   * second part takes it home */
  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs B r5 s s s s\nhand R 10\n");
  g_assert_true (pjt_has_action (&s, "10 B1 r5-r10 xR1>r3, R1 r3-h5"));
  g_assert_false (pjt_has_action (&s, "10 B1 r5-r10 xR1>s, R1 r3-h5"));
  pjt_play_expect (&s, "10 B1 r5-r10 xR1>r3, R1 r3-h5", "pegs R h5 s s s s\npegs B r10 s s s s");
  /* Blue's peg onto Yellow's (the same opponent team): Yellow's goes to start */
  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs B b5 s s s s\npegs Y b10 s s s s\nhand R 10\n");
  g_assert_true (pjt_has_action (&s, "10 B1 b5-b10 xY1>s, R1 r10-r15"));
  g_assert_false (pjt_has_action (&s, "10 B1 b5-b10 xY1>y3, R1 r10-r15"));
  /* Blue's peg onto Green's (a partner): Green's to its in-spot */
  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs B b5 s s s s\npegs G b10 s s s s\nhand R 10\n");
  g_assert_true (pjt_has_action (&s, "10 B1 b5-b10 xG1>g3, R1 r10-r15"));
  /* a Red peg onto Blue's: Blue's back to start */
  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs B r15 s s s s\npegs G b10 s s s s\nhand R 10\n");
  g_assert_true (pjt_has_action (&s, "10 R1 r10-r15 xB1>s, G1 b10-b15"));
}

static void
test_nc10_counting (void)
{
  PjState s;

  /* nothing moves: the discard counts */
  pjt_load (&s, NC4 "hand R 3 5\n");
  pjt_assert_actions (&s, "discard 3; discard 5");
  pjt_play_expect (&s, "discard 3", "stuck R 1");
  pjt_load (&s, NC4 "stuck R 1\nhand R 3 5\n");
  pjt_assert_actions (&s, "discard 3; discard 5");
  pjt_play_expect (&s, "discard 5", "stuck R 2\ndiscard 5");
  /* the third turn: compulsory free come-out, no plain discard */
  pjt_load (&s, NC4 "stuck R 2\nhand R 3 5\n");
  pjt_assert_actions (&s, "discard 3 free R1 s-r8; discard 5 free R1 s-r8");
  pjt_play_expect (&s, "discard 5 free R1 s-r8", "stuck R 0\npegs R r8 s s s s\ndiscard 5\nturn B 2");
  /* it hits what is on the come-out hole */
  pjt_case (NC4 "stuck R 2\npegs B r8 s s s s\nhand R 3\n", "discard 3 free R1 s-r8 xB1>s",
            "discard 3 free R1 s-r8", "pegs B s s s s s\npegs R r8 s s s s");
  /* offered beside the come-outs when every play is a come-out */
  pjt_case (NC4 "stuck R 2\nhand R K 5\n",
            "K R1 s-r8; discard K free R1 s-r8; discard 5 free R1 s-r8", NULL, NULL);
  /* a joker from start is a come-out too (and the joker keeps B-22's discards) */
  pjt_case (NC4 "stuck R 2\npegs B b5 s s s s\nhand R JK 3\n",
            "JK R1 s-b5 xB1>s; discard JK free R1 s-r8; discard 3 free R1 s-r8;"
            "discard JK; discard 3", NULL, NULL);
  /* any other play cancels it: a track move … */
  pjt_case (NC4 "stuck R 2\npegs R r10 s s s s\nhand R K 5\n",
            "K R2 s-r8; K R1 r10-b2; 5 R1 r10-r15", NULL, NULL);
  /* … or a Two swap */
  pjt_case (NC4 "stuck R 2\npegs B b5 s s s s\npegs G g10 s s s s\nhand R K 2\n",
            "K R1 s-r8; 2 swap B1 b5 G1 g10", NULL, NULL);
  /* the partner's start pegs once Red's are home (B-60) */
  pjt_case (NC4 "stuck R 2\npegs R h1 h2 h3 h4 h5\nhand R 3\n", "discard 3 free G1 s-g8", NULL, NULL);
  /* per player: Green's count does not help Red */
  pjt_case (NC4 "stuck G 2\nhand R 3\n", "discard 3", "discard 3", "stuck R 1\nstuck G 2");
  assert_preset ("north-carolina", "count_turns", 3);
}

static void
test_nc11_ten (void)
{
  PjState s;

  /* a ten moves two pegs of any colour: no counting */
  pjt_load (&s, NC4 "stuck R 2\npegs B b5 s s s s\npegs G g10 s s s s\nhand R 10\n");
  g_assert_true (pjt_has_action (&s, "10 B1 b5-b10, G1 g10-g15"));
  g_assert_false (pjt_has_action (&s, "discard 10 free R1 s-r8"));
  pjt_play_expect (&s, "10 B1 b5-b10, G1 g10-g15", "stuck R 0");
  /* but not pegs in start, final home positions or opponents' home tracks */
  pjt_case (NC4 "stuck R 2\npegs R h5 s s s s\npegs B h3 s s s s\npegs G h5 h4 s s s\nhand R 10\n",
            "discard 10 free R2 s-r8", NULL, NULL);
}

static void
test_nc12_home_peg (void)
{
  /* a home peg that can move must move: the count restarts */
  pjt_case (NC4 "stuck R 2\npegs R h1 s s s s\nhand R 3\n", "3 R1 h1-h4", "3 R1 h1-h4",
            "stuck R 0\npegs R h4 s s s s");
}

static void
test_nc13_reset (void)
{
  PjState s;

  /* a turn with a legal play resets the count even when the player discards */
  pjt_load (&s, NC4 "stuck R 1\npegs B b5 s s s s\nhand R JK 3\n");
  pjt_assert_actions (&s, "JK R1 s-b5 xB1>s; discard JK; discard 3");
  pjt_play_expect (&s, "discard 3", "stuck R 0");
  /* a play resets it */
  pjt_case (NC4 "stuck R 1\npegs R r10 s s s s\nhand R 3\n", NULL, "3 R1 r10-r13", "stuck R 0");
}

/* ---- §9 other variants ----------------------------------------------------- */

static void
test_pg_joker (void)
{
  /* the door (own in-spot) as a landing, or send an opponent's peg to start */
  pjt_case (PG4 "pegs R s s s s r10\npegs B b5 s s s s\npegs G g5 s s s s\nhand R JK\n",
            "JK R1 s-r3; JK R5 r10-r3; JK send B1 b5; discard JK",
            "JK send B1 b5", "pegs B s s s s s\npegs R s s s s r10");
  /* the door hits what is there */
  pjt_case (PG4 "pegs Y r3 s s s s\nhand R JK\n", "JK R1 s-r3 xY1>s; JK send Y1 r3; discard JK",
            NULL, NULL);
  pjt_case (PG4 "pegs G r3 s s s s\nhand R JK\n", "JK R1 s-r3 xG1>g3; discard JK", NULL, NULL);
  /* a peg already on its in-spot cannot use the door, nor can one from home */
  pjt_case (PG4 "pegs R r3 h1 s s s\nhand R JK\n", "discard JK", NULL, NULL);
  /* sending is no landing: no chain */
  pjt_case (PG4 "pegs B g3 s s s s\npegs G g10 s s s s\nhand R JK\n",
            "JK R1 s-r3; JK send B1 g3; discard JK", "JK send B1 g3",
            "pegs B s s s s s\npegs G g10 s s s s");
  assert_preset ("pegoo", "holes_per_side", 20);
}

static void
test_pg_cards (void)
{
  PjState s;

  /* the Two's loop and the Nine's forward + backward split on a 20-hole side */
  pjt_load (&s, PG4 "pegs R r10 r0 s s s\npegs B b5 s s s s\nhand R 2 9\n");
  g_assert_true (pjt_has_action (&s, "2 swap R1 r10 B1 b5"));
  g_assert_true (pjt_has_action (&s, "9 R1 r10-r13, R2 r0-y14"));
  g_assert_true (pjt_has_action (&s, "9 R1 r10-r19"));
  g_assert_false (pjt_has_action (&s, "9 R1 r10-r13, R2 r0-r6"));
  /* the seven: two forward parts */
  pjt_load (&s, PG4 "pegs R r10 r0 s s s\nhand R 7\n");
  g_assert_true (pjt_has_action (&s, "7 R1 r10-r13, R2 r0-h1"));
  g_assert_false (pjt_has_action (&s, "7 R1 r10-r13, R2 r0-y16"));
  /* partners' pegs only once your own are home */
  pjt_case (PG4 "pegs R r10 s s s s\npegs G g10 s s s s\nhand R 5\n", "5 R1 r10-r15", NULL, NULL);
}

static void
test_pg_stuck_pile (void)
{
  PjState s;

  pjt_load (&s, PG4 "hand R 3 5\ndiscard 7\n");
  pjt_assert_actions (&s, "discard 3; discard 5");
  pjt_play_expect (&s, "discard 3", "discard 3u 7\nstuck R 1");
  g_assert_cmpuint (pj_state_stuck_pile_count (&s), ==, 1);
  g_assert_cmpuint (pj_state_top_discard (&s), ==, 7);
  /* a plain play goes on the ordinary pile */
  pjt_load (&s, PG4 "pegs R r10 s s s s\nhand R 3\ndiscard 4u 7\n");
  pjt_play_expect (&s, "3 R1 r10-r13", "discard 3 4u 7");
  g_assert_cmpuint (pj_state_top_discard (&s), ==, 3);
  g_assert_cmpuint (pj_state_stuck_pile_count (&s), ==, 1);
  /* on the third turn any card brings a peg out */
  pjt_case (PG4 "stuck R 2\nhand R 3 5\ndiscard 4u 6u\n",
            "discard 3 free R1 s-r8; discard 5 free R1 s-r8",
            "discard 3 free R1 s-r8", "pegs R r8 s s s s\nstuck R 0");
}

static void
test_ww (void)
{
  PjState s;

  assert_preset ("wizard-woodworks", "draw_first", FALSE);
  pjt_load (&s, WW4 "pegs R r10 r0 s s s\npegs B b5 s s s s\nhand R 2 4 6 8 9\nstock K ...\n");
  g_assert_true (pjt_has_action (&s, "2 R1 r10-r12"));
  g_assert_true (pjt_has_action (&s, "9 R1 r10-r13, R2 r0-y12"));
  g_assert_false (pjt_has_action (&s, "9 R1 r10-r13, R2 r0-r6"));
  pjt_play_expect (&s, "2 swap R1 r10 B1 b5",
                   "pegs R b5 r0 s s s\npegs B r10 s s s s\nhand R 4 6 8 9 K");
}

static void
test_ak (void)
{
  /* the ten: 10 forward or 1 back; J, Q, K as basic */
  pjt_case (AK4 "pegs R r10 s s s s\nhand R 10\n", "10 R1 r10-b2; 10 R1 r10-r9", NULL, NULL);
  pjt_case (AK4 "pegs R r10 s s s s\nhand R J\n", "J R2 s-r8; J R1 r10-b2", NULL, NULL);
  /* counting with the free come-out on the fourth turn */
  pjt_case (AK4 "stuck R 2\nhand R 3\n", "discard 3", "discard 3", "stuck R 3");
  pjt_case (AK4 "stuck R 3\nhand R 3\n", "discard 3 free R1 s-r8", NULL, NULL);
  assert_preset ("alaska", "count_turns", 4);
}

static void
test_k1_hand (void)
{
  PjRules r;
  PjState s;

  pj_rules_preset (&r, PJ_PRESET_KILPATRICK, 4);
  g_assert_cmpuint (r.hand_size, ==, 3);
  pj_state_new_game (&s, &r, 17, 0);
  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpuint (s.hand_count[seat], ==, 3);
  pjt_case (KP4 "pegs R r10 s s s s\nhand R 5 2 2\nstock 9 ...\n", NULL, "5 R1 r10-r15",
            "hand R 2 2 9");
}

static void
test_k2_forced_home (void)
{
  /* moving forward past the in-spot means turning in */
  pjt_case (KP4 "pegs R r0 s s s s\nhand R 5\n", "5 R1 r0-h2", NULL, NULL);
  /* not enough room: that peg cannot make that move */
  pjt_case (KP4 "pegs R r0 s s s s\nhand R 9\n", "discard 9", NULL, NULL);
  pjt_case (KP4 "pegs R r0 h2 s s s\nhand R 5 4\n", "4 R1 r0-h1", NULL, NULL);
  /* landing exactly on the in-spot is allowed; from it, only in */
  pjt_case (KP4 "pegs R r0 s s s s\nhand R 3\n", "3 R1 r0-r3", NULL, NULL);
  pjt_case (KP4 "pegs R r3 s s s s\nhand R 2 6\n", "2 R1 r3-h2", NULL, NULL);
  /* each part of a split on its own */
  pjt_case (KP4 "pegs R r0 r10 s s s\nhand R 7\n",
            "7 R1 r0-h4; 7 R2 r10-r17;"
            "7 R1 r0-r1, R2 r10-r16; 7 R1 r0-r2, R2 r10-r15; 7 R1 r0-r3, R2 r10-r14;"
            "7 R1 r0-h1, R2 r10-r13; 7 R1 r0-h2, R2 r10-r12; 7 R1 r0-h3, R2 r10-r11",
            NULL, NULL);
  /* backward moves and jokers are not affected */
  pjt_case (KP4 "pegs R r6 s s s s\nhand R 8\n", "8 R1 r6-y16", NULL, NULL);
  pjt_case (KP4 "pegs R r0 h1 h2 h3 h4\npegs G h1 h2 h3 h4 h5\npegs B r5 s s s s\nhand R JK\n",
            "JK R1 r0-r5 xB1>s; discard JK", NULL, NULL);
  /* with the NC ten, opponents' pegs pass their in-spots freely */
  {
    PjState s;

    pjt_load (&s, "rules north-carolina players=4 home_entry=forced\n"
              "pegs R r0 s s s s\npegs B b0 s s s s\nhand R 10\n");
    g_assert_true (pjt_has_action (&s, "10 B1 b0-b5, R1 r0-h2"));
    g_assert_false (pjt_has_action (&s, "10 B1 b0-b5, R1 r0-r5"));
    g_assert_false (pjt_has_action (&s, "10 B1 b0-h2, R1 r0-h2"));
  }
  assert_preset ("kilpatrick", "home_entry", PJ_HOME_FORCED);
}

/* ---- Bluffing Joker ------------------------------------------------------ */

static void
test_bj_declare (void)
{
  /* any real card, declared as any card that has a legal move */
  pjt_case (BJ4 "pegs R r10 s s s s\nhand R 3\n",
            "3=A R2 s-r8; 3=A R1 r10-r11; 3=2 R1 r10-r12; 3 R1 r10-r13; 3=4 R1 r10-r14;"
            "3=5 R1 r10-r15; 3=6 R1 r10-r16; 3=7 R1 r10-r17; 3=8 R1 r10-r2; 3=9 R1 r10-b1;"
            "3=10 R1 r10-b2; 3=J R2 s-r8; 3=J R1 r10-b2; 3=Q R2 s-r8; 3=Q R1 r10-b2;"
            "3=K R2 s-r8; 3=K R1 r10-b2", NULL, NULL);
}

static void
test_bj_no_challenge (void)
{
  PjState s;

  pjt_load (&s, BJ4 "pegs R r10 s s s s\nhand R 3 7\n");
  pjt_play_expect (&s, "3=5 R1 r10-r15", "phase challenge B\npegs R r10 s s s s\ndiscard 3d");
  pjt_assert_actions (&s, "challenge; pass");
  pjt_play_expect (&s, "pass", "phase challenge Y");
  pjt_play_expect (&s, "pass", "phase play\nturn B 2\npegs R r15 s s s s\ndiscard 3d");
  /* six players, two teams: Blue, Yellow, Purple in turn */
  pjt_load (&s, "rules bluffing-joker players=6\npegs R r10 s s s s\nhand R 5\n");
  pjt_play_expect (&s, "5 R1 r10-r15", "phase challenge B");
  pjt_play_expect (&s, "pass", "phase challenge Y");
  pjt_play_expect (&s, "pass", "phase challenge P");
  pjt_play_expect (&s, "pass", "phase play\nturn B 2\ndiscard 5d");
  /* six players in teams of two: every other seat but the partner opposite */
  pjt_load (&s, "rules bluffing-joker players=6 teams=3\nturn B\npegs B b10 s s s s\nhand B 5\n");
  pjt_play_expect (&s, "5 B1 b10-b15", "phase challenge G");
  pjt_play_expect (&s, "pass", "phase challenge Y");
  pjt_play_expect (&s, "pass", "phase challenge P");
  pjt_play_expect (&s, "pass", "phase challenge R");
  pjt_play_expect (&s, "pass", "phase play\nturn G 2");
}

static void
test_bj_bluff_caught (void)
{
  PjState s;

  pjt_load (&s, BJ4 "pegs R r10 r12 s s s\nhand R 3 7\n");
  pjt_play (&s, "3=5 R2 r12-r17");
  pjt_play (&s, "pass");
  pjt_play_expect (&s, "challenge", "phase penalty Y R Y\ndiscard 3");
  /* the challenger picks one of the bluffer's pegs in play; no move */
  pjt_assert_actions (&s, "penalty R1 r10; penalty R2 r12");
  pjt_play_expect (&s, "penalty R2 r12", "phase play\nturn B 2\npegs R r10 s s s s\ndiscard 3");
}

static void
test_bj_challenge_wrong (void)
{
  PjState s;

  pjt_load (&s, BJ4 "pegs R r10 s s s s\npegs B b5 b8 s s s\nhand R 5 7\n");
  pjt_play_expect (&s, "5 R1 r10-r15", "phase challenge B");
  /* the move stands; the truthful player picks a peg of the challenger */
  pjt_play_expect (&s, "challenge", "phase penalty R B B\npegs R r15 s s s s\ndiscard 5");
  pjt_assert_actions (&s, "penalty B1 b5; penalty B2 b8");
  pjt_play_expect (&s, "penalty B2 b8", "phase play\nturn B 2\npegs B b5 s s s s");
}

static void
test_bj_extra_turns (void)
{
  PjState s;

  /* bluff caught, but the bluffer has no peg in play: the challenger gets
   * an extra turn */
  pjt_load (&s, BJ4 "pegs B b5 s s s s\nhand R 3 7\nhand B 4\nstock 2 2 2 ...\n");
  pjt_play (&s, "3=K R1 s-r8");
  pjt_play_expect (&s, "challenge", "phase play\nturn B 2\nextra B 1\npegs R s s s s s");
  pjt_play_expect (&s, "4 B1 b5-b9", "phase challenge G");
  pjt_play (&s, "pass");
  pjt_play_expect (&s, "pass", "phase play\nturn B 3 again 1\nextra B 0\npegs B b9 s s s s");
  /* challenge wrong, the challenger has no peg in play: the truthful player
   * takes an extra turn */
  pjt_load (&s, BJ4 "hand R K 7\nstock 2 2 2 ...\n");
  pjt_play (&s, "K R1 s-r8");
  pjt_play_expect (&s, "challenge", "phase play\nturn R 2 again 1\nextra R 0\npegs R r8 s s s s");
}

static void
test_bj_redact (void)
{
  PjState s, view;
  g_autofree char *text = NULL;
  g_autofree char *own = NULL;

  pjt_load (&s, BJ4 "pegs R r10 s s s s\nhand R 3 7\nhand B 4 5\n");
  pjt_play (&s, "3=5 R1 r10-r15");
  /* Blue, asked to challenge, sees neither the card nor Red's hand */
  view = s;
  pj_state_redact (&view, 1);
  g_assert_cmpuint (view.pending.card, ==, PJ_CARD_UNKNOWN);
  g_assert_cmpuint (view.pending.declared, ==, 5);
  text = pj_position_to_string (&view);
  g_assert_nonnull (strstr (text, "\nhand R ?\n"));
  g_assert_nonnull (strstr (text, "\nhand B 4 5\n"));
  g_assert_nonnull (strstr (text, "\ndiscard ?d\n"));
  g_assert_nonnull (strstr (text, "\nstock ? "));
  g_assert_null (strstr (text, "3=5"));
  /* Red knows its own card */
  view = s;
  pj_state_redact (&view, 0);
  g_assert_cmpuint (view.pending.card, ==, 3);
  own = pj_position_to_string (&view);
  g_assert_nonnull (strstr (own, "\nhand R 7\n"));
  g_assert_nonnull (strstr (own, "\nhand B ? ?\n"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/AZ-1/decks", test_az1_decks);
  g_test_add_func ("/rules/AZ-2/play-first", test_az2_play_first);
  g_test_add_func ("/rules/AZ-3/team-pegs", test_az3_team_pegs);
  g_test_add_func ("/rules/AZ-4/colours", test_az4_colours);
  g_test_add_func ("/rules/AZ-5/nine", test_az5_nine);
  g_test_add_func ("/rules/AZ-6/team-splits", test_az6_team_splits);
  g_test_add_func ("/rules/AZ-7/joker-start-first", test_az7_joker);
  g_test_add_func ("/rules/AZ-8/table-talk-option", test_az8_table_talk);
  g_test_add_func ("/rules/NC-1/draw-first", test_nc1_draw_first);
  g_test_add_func ("/rules/NC-2/own-then-partner", test_nc2_own_pegs);
  g_test_add_func ("/rules/NC-3/joker", test_nc3_joker);
  g_test_add_func ("/rules/NC-4/ace", test_nc4_ace);
  g_test_add_func ("/rules/NC-5/two-swap", test_nc5_two);
  g_test_add_func ("/rules/NC-6/seven", test_nc6_seven);
  g_test_add_func ("/rules/NC-7/nine", test_nc7_nine);
  g_test_add_func ("/rules/NC-8/ten-every-split", test_nc8_ten_exhaustive);
  g_test_add_func ("/rules/NC-8/ten-home", test_nc8_ten_home);
  g_test_add_func ("/rules/NC-8/ten-crossing-is-one-placement", test_nc8_ten_crossing);
  g_test_add_func ("/rules/NC-8/ten-eight-players", test_nc8_ten_eight_players);
  g_test_add_func ("/rules/NC-8/ten-partner", test_nc8_partner);
  g_test_add_func ("/rules/NC-9/ten-hits-player-side", test_nc9_hits);
  g_test_add_func ("/rules/NC-10/counting", test_nc10_counting);
  g_test_add_func ("/rules/NC-11/ten-stops-counting", test_nc11_ten);
  g_test_add_func ("/rules/NC-12/home-peg-must-move", test_nc12_home_peg);
  g_test_add_func ("/rules/NC-13/reset", test_nc13_reset);
  g_test_add_func ("/rules/PG/joker-door-or-send", test_pg_joker);
  g_test_add_func ("/rules/PG/cards", test_pg_cards);
  g_test_add_func ("/rules/PG/stuck-pile", test_pg_stuck_pile);
  g_test_add_func ("/rules/WW/two-nine-play-first", test_ww);
  g_test_add_func ("/rules/AK/ten-and-counting", test_ak);
  g_test_add_func ("/rules/K-1/hand-of-three", test_k1_hand);
  g_test_add_func ("/rules/K-2/forced-home-entry", test_k2_forced_home);
  g_test_add_func ("/rules/BJ/declare", test_bj_declare);
  g_test_add_func ("/rules/BJ/challenge-order", test_bj_no_challenge);
  g_test_add_func ("/rules/BJ/bluff-caught", test_bj_bluff_caught);
  g_test_add_func ("/rules/BJ/challenge-wrong", test_bj_challenge_wrong);
  g_test_add_func ("/rules/BJ/extra-turns", test_bj_extra_turns);
  g_test_add_func ("/rules/BJ/redact", test_bj_redact);

  return g_test_run ();
}
