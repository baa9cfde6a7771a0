/* test-rules-basic.c — RULES.md §1–§6 (B-1 … B-61), one position at a time:
 * the cards in hand, the exact set of legal actions, the position after.
 *
 * Four players unless said otherwise: Red, Blue, Green, Yellow; Red and Green
 * are partners. Red's side is r0 … r17: r8 its come-out, r3 its in-spot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-test-util.h"

#define BASIC4 "rules basic players=4\n"

/* ---- §1 table, teams, equipment -------------------------------------- */

static void
test_b1_teams (void)
{
  PjRules r;
  g_autoptr (GError) error = NULL;

  for (guint players = 4; players <= 8; players += 2)
    {
      /* two teams, seats alternating: each player between two opponents */
      pj_rules_preset (&r, PJ_PRESET_BASIC, players);
      g_assert_cmpuint (r.teams, ==, 2);
      for (guint s = 0; s < players; s++)
        {
          g_assert_cmpuint (pj_team_of (&r, s), !=, pj_team_of (&r, (s + 1) % players));
          g_assert_cmpuint (pj_team_size (&r), ==, players / 2);
        }
    }
  /* 6 and 8 players in teams of two: partners opposite */
  g_assert_true (pj_rules_from_string (&r, "basic players=6 teams=3", &error));
  g_assert_no_error (error);
  for (guint s = 0; s < 6; s++)
    for (guint t = 0; t < 6; t++)
      g_assert_cmpint (pj_team_of (&r, s) == pj_team_of (&r, t), ==, s == t || (s + 3) % 6 == t);
  g_assert_true (pj_rules_from_string (&r, "basic players=8 teams=4", &error));
  g_assert_no_error (error);
  for (guint s = 0; s < 8; s++)
    for (guint t = 0; t < 8; t++)
      g_assert_cmpint (pj_team_of (&r, s) == pj_team_of (&r, t), ==, s == t || (s + 4) % 8 == t);
  /* no other counts or layouts */
  g_assert_false (pj_rules_from_string (&r, "basic players=5", &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION);
  g_clear_error (&error);
  g_assert_false (pj_rules_from_string (&r, "basic players=6 teams=4", &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION);
  g_clear_error (&error);
  g_assert_false (pj_rules_from_string (&r, "basic players=4 teams=3", &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION);
}

static void
test_b2_pegs (void)
{
  for (guint players = 4; players <= 8; players += 2)
    {
      PjRules r;
      PjState s;
      g_autofree char *text = NULL;

      pj_rules_preset (&r, PJ_PRESET_BASIC, players);
      pj_state_new_game (&s, &r, 7, 0);
      for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
        for (guint i = 0; i < PJ_PEGS; i++)
          g_assert_cmpuint (s.board.peg[c][i], ==, PJ_POS_START);
      for (guint c = 0; c < players; c++)
        g_assert_cmpuint (s.board.n_start[c], ==, 5);
      text = pj_position_to_string (&s);
      g_assert_nonnull (strstr (text, "pegs R s s s s s\n"));
      if (players == 8)
        g_assert_nonnull (strstr (text, "pegs M s s s s s\n"));
    }
  g_assert_cmpint (pj_colour_letter (0), ==, 'R');
  g_assert_cmpint (pj_colour_letter (1), ==, 'B');
}

static void
count_deck (const PjState *s,
            guint          counts[16])
{
  memset (counts, 0, 16 * sizeof (guint));
  for (guint i = 0; i < s->n_stock; i++)
    counts[PJ_CARD_RANK (s->pile[i])]++;
  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    counts[PJ_CARD_RANK (s->pile[i])]++;
  for (guint seat = 0; seat < s->rules.players; seat++)
    for (guint k = 0; k < s->hand_count[seat]; k++)
      counts[PJ_CARD_RANK (s->hand[seat][k])]++;
}

static void
test_b3_decks (void)
{
  static const struct { PjPreset preset; guint players; guint decks; } cases[] = {
    { PJ_PRESET_BASIC, 4, 3 }, { PJ_PRESET_BASIC, 6, 3 }, { PJ_PRESET_BASIC, 8, 4 },
    { PJ_PRESET_ARIZONA, 4, 4 }, { PJ_PRESET_ARIZONA, 6, 4 }, { PJ_PRESET_ARIZONA, 8, 4 },
    { PJ_PRESET_NORTH_CAROLINA, 6, 3 }, { PJ_PRESET_NORTH_CAROLINA, 8, 4 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      PjRules r;
      PjState s;
      guint counts[16];

      pj_rules_preset (&r, cases[k].preset, cases[k].players);
      g_assert_cmpuint (r.decks, ==, cases[k].decks);
      pj_state_new_game (&s, &r, 11 + k, -1);
      g_assert_cmpuint (s.n_cards, ==, 54 * cases[k].decks);
      count_deck (&s, counts);
      g_assert_cmpuint (counts[PJ_CARD_JOKER], ==, 2 * cases[k].decks);
      for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_KING; rank++)
        g_assert_cmpuint (counts[rank], ==, 4 * cases[k].decks);
      g_assert_cmpuint (counts[PJ_CARD_NONE] + counts[PJ_CARD_UNKNOWN], ==, 0);
    }
  /* the option */
  {
    PjRules r;
    PjState s;

    g_assert_true (pj_rules_from_string (&r, "basic players=4 decks=4", NULL));
    pj_state_new_game (&s, &r, 3, 0);
    g_assert_cmpuint (s.n_cards, ==, 216);
    g_assert_false (pj_rules_from_string (&r, "basic players=4 decks=2", NULL));
  }
}

static void
test_b4_dealer (void)
{
  PjRules r;
  guint seen = 0;

  pj_rules_preset (&r, PJ_PRESET_BASIC, 6);
  for (guint64 seed = 1; seed <= 30; seed++)
    {
      PjState s, t;

      pj_state_new_game (&s, &r, seed, -1);
      g_assert_cmpuint (s.dealer, <, 6);
      seen |= 1u << s.dealer;
      /* play starts at the dealer's left */
      g_assert_cmpuint (s.turn, ==, (s.dealer + 1u) % 6);
      g_assert_cmpuint (s.actor, ==, s.turn);
      g_assert_cmpuint (s.turn_number, ==, 1);
      /* a seeded shuffle: the same seed deals the same cards */
      pj_state_new_game (&t, &r, seed, -1);
      g_assert_true (memcmp (&s, &t, sizeof s) == 0);
    }
  /* the first dealer is random */
  g_assert_cmpuint (g_bit_nth_lsf (seen, -1), !=, g_bit_nth_msf (seen, -1));
  /* a given dealer (the next deal passes to the left: the caller gives dealer + 1) */
  for (int d = 0; d < 6; d++)
    {
      PjState s;

      pj_state_new_game (&s, &r, 99, d);
      g_assert_cmpuint (s.dealer, ==, (guint) d);
      g_assert_cmpuint (s.turn, ==, (guint) (d + 1) % 6);
    }
  /* different seeds shuffle differently */
  {
    PjState a, b;

    pj_state_new_game (&a, &r, 1, 0);
    pj_state_new_game (&b, &r, 2, 0);
    g_assert_false (memcmp (a.pile, b.pile, sizeof a.pile) == 0);
  }
}

static void
test_b4_clockwise (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "turn Y\npegs Y y10 s s s s\nhand Y 3\n");
  pjt_play_expect (&s, "3 Y1 y10-y13", "turn R 2\npegs Y y13 s s s s");
  pjt_load (&s, "rules basic players=6\nturn P\npegs P p10 s s s s\nhand P 3\n");
  pjt_play_expect (&s, "3 P1 p10-p13", "turn R 2");
}

static void
test_b5_deal (void)
{
  static const struct { PjPreset preset; guint players; guint hand; guint first; } cases[] = {
    { PJ_PRESET_BASIC, 4, 5, 6 },        /* draw first: the first player holds 6 */
    { PJ_PRESET_BASIC, 8, 5, 6 },
    { PJ_PRESET_ARIZONA, 4, 5, 5 },      /* play first */
    { PJ_PRESET_KILPATRICK, 4, 3, 3 },   /* K-1 */
    { PJ_PRESET_KILPATRICK, 6, 3, 3 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      PjRules r;
      PjState s;
      guint dealt = 0;

      pj_rules_preset (&r, cases[k].preset, cases[k].players);
      g_assert_cmpuint (r.hand_size, ==, cases[k].hand);
      pj_state_new_game (&s, &r, 5 + k, 2);
      for (guint seat = 0; seat < cases[k].players; seat++)
        {
          guint want = seat == 3 ? cases[k].first : cases[k].hand;
          g_assert_cmpuint (s.hand_count[seat], ==, want);
          dealt += s.hand_count[seat];
        }
      g_assert_cmpuint (s.n_discard, ==, 0);
      g_assert_cmpuint (s.n_stock, ==, s.n_cards - dealt);
      g_assert_true (pj_state_check (&s, NULL));
    }
}

static void
test_b6_reshuffle (void)
{
  PjState s;
  guint counts[16];

  /* the stock is empty; Red must draw at the start of its turn */
  pjt_load (&s, BASIC4
            "turn Y\n"
            "pegs Y y10 s s s s\n"
            "hand Y 3\n"
            "hand R 2 2 2 2 2\n"
            "stock\n"
            "discard 5 ...\n");
  g_assert_cmpuint (s.n_stock, ==, 0);
  g_assert_cmpuint (s.n_discard, ==, 162 - 6);
  pjt_play (&s, "3 Y1 y10-y13");
  /* all but the top card (the 3 just played) became the stock, Red drew one */
  pjt_assert_lines (&s, "discard 3\nturn R 2");
  g_assert_cmpuint (s.hand_count[0], ==, 6);
  g_assert_cmpuint (s.n_discard, ==, 1);
  g_assert_cmpuint (s.n_stock, ==, 162 - 6 - 1);
  count_deck (&s, counts);
  g_assert_cmpuint (counts[PJ_CARD_JOKER], ==, 6);
  g_assert_cmpuint (counts[5], ==, 12);
  /* cards of the unable-to-play pile come back as plain cards */
  pjt_load (&s, "rules pegoo players=4\n"
            "turn Y\n"
            "pegs Y y10 s s s s\n"
            "hand Y 3\n"
            "stock\n"
            "discard 5u 6u 7 ...\n");
  pjt_play (&s, "3 Y1 y10-y13");
  for (guint i = 0; i < s.n_stock; i++)
    g_assert_cmpuint (s.pile[i] & (PJ_CARD_STUCK_PILE | PJ_CARD_FACE_DOWN), ==, 0);
  g_assert_cmpuint (pj_state_stuck_pile_count (&s), ==, 0);
}

/* ---- §2 the board ----------------------------------------------------- */

static void
test_b10_track (void)
{
  static const guint players[] = { 4, 6, 8 };

  for (guint k = 0; k < 3; k++)
    for (guint holes = 18; holes <= 20; holes += 2)
      {
        PjRules r;
        guint L;

        pj_rules_preset (&r, PJ_PRESET_BASIC, players[k]);
        r.holes_per_side = (guint8) holes;
        L = pj_track_len (&r);
        g_assert_cmpuint (L, ==, holes * players[k]);
        for (guint c = 0; c < players[k]; c++)
          {
            /* B-12, B-13: come-out at hole 8, in-spot at hole 3 of the side */
            g_assert_cmpuint (pj_come_out_hole (&r, c), ==, c * holes + 8);
            g_assert_cmpuint (pj_in_spot_hole (&r, c), ==, c * holes + 3);
            /* from the come-out all the way round: 18N - 5 holes (20N - 5) */
            g_assert_cmpuint ((pj_in_spot_hole (&r, c) + L - pj_come_out_hole (&r, c)) % L, ==, L - 5);
          }
      }
  {
    PjRules r;
    pj_rules_preset (&r, PJ_PRESET_PEGOO, 6);
    g_assert_cmpuint (pj_track_len (&r), ==, 120);
  }
}

static void
test_b10_names (void)
{
  PjState s;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  /* hole 0 is the corner, then 1 … 17; the next side's corner follows */
  pjt_load (&s, BASIC4 "pegs R r0 r17 b0 y17 s\nhand R 2\n");
  g_assert_cmpuint (s.board.peg[0][0], ==, 0);
  g_assert_cmpuint (s.board.peg[0][1], ==, 17);
  g_assert_cmpuint (s.board.peg[0][2], ==, 18);
  g_assert_cmpuint (s.board.peg[0][3], ==, 71);
  a = pj_pos_to_string (&s, 0, 18);
  b = pj_pos_to_string (&s, 0, PJ_POS_HOME (4));
  c = pj_pos_to_string (&s, 0, PJ_POS_START);
  g_assert_cmpstr (a, ==, "b0");
  g_assert_cmpstr (b, ==, "h5");
  g_assert_cmpstr (c, ==, "s");
}

static void
test_b11_clockwise (void)
{
  /* forward is the way holes are counted, round the loop */
  pjt_case (BASIC4 "pegs R r15 s s s s\nhand R 5\n", "5 R1 r15-b2", "5 R1 r15-b2",
            "pegs R b2 s s s s");
  pjt_case (BASIC4 "turn B\npegs B y16 s s s s\nhand B 6\n", "6 B1 y16-r4", NULL, NULL);
}

static void
test_b12_come_out (void)
{
  pjt_case (BASIC4 "turn B\nhand B K\n", "K B1 s-b8", "K B1 s-b8", "pegs B b8 s s s s");
  pjt_case (BASIC4 "turn Y\nhand Y A\n", "A Y1 s-y8", NULL, NULL);
  pjt_case ("rules basic players=8\nturn M\nhand M Q\n", "Q M1 s-m8", NULL, NULL);
}

static void
geometry (const char *rules,
          char        last_side,
          guint       holes)
{
  g_autofree char *p1 = g_strdup_printf ("%s\npegs R r8 s s s s\nhand R 8\n", rules);
  /* a hand holds at most 6 cards (B-5, B-20): the seven has a case of its own */
  g_autofree char *p2 = g_strdup_printf ("%s\npegs R r0 s s s s\nhand R 2 3 4 5 6 9\n", rules);
  g_autofree char *p2b = g_strdup_printf ("%s\npegs R r0 s s s s\nhand R 7\n", rules);
  g_autofree char *p3 = g_strdup_printf ("%s\npegs R %c%u s s s s\nhand R 4 5\n", rules,
                                         last_side, holes - 1);
  g_autofree char *want3 = g_strdup_printf ("4 R1 %c%u-r3; 5 R1 %c%u-h1; 5 R1 %c%u-r4",
                                            last_side, holes - 1, last_side, holes - 1,
                                            last_side, holes - 1);

  /* from the come-out an 8 back lands on the corner */
  pjt_case (p1, "8 R1 r8-r0", "8 R1 r8-r0", "pegs R r0 s s s s");
  /* from the corner 4 … 7 forward may enter the home track; 3 is the in-spot */
  pjt_case (p2,
            "2 R1 r0-r2; 3 R1 r0-r3;"
            "4 R1 r0-h1; 4 R1 r0-r4;"
            "5 R1 r0-h2; 5 R1 r0-r5;"
            "6 R1 r0-h3; 6 R1 r0-r6;"
            "9 R1 r0-r9",
            NULL, NULL);
  pjt_case (p2b, "7 R1 r0-h4; 7 R1 r0-r7", "7 R1 r0-h4", "pegs R h4 s s s s");
  /* the last hole of the loop is 4 short of the in-spot */
  pjt_case (p3, want3, NULL, NULL);
}

static void
test_b13_geometry_4 (void)
{
  geometry ("rules basic players=4", 'y', 18);
}

static void
test_b13_geometry_6 (void)
{
  geometry ("rules basic players=6", 'p', 18);
  geometry ("rules basic players=6 teams=3", 'p', 18);
}

static void
test_b13_geometry_8 (void)
{
  geometry ("rules basic players=8", 'm', 18);
}

static void
test_b14_pegoo_sides (void)
{
  geometry ("rules basic players=4 holes_per_side=20", 'y', 20);
  geometry ("rules basic players=8 holes_per_side=20", 'm', 20);
  /* Pegoo's come-out and in-spot keep their distance from the corner */
  pjt_case ("rules pegoo players=4\nturn B\nhand B K\n", "K B1 s-b8", "K B1 s-b8",
            "pegs B b8 s s s s");
  pjt_case ("rules pegoo players=4\npegs R r19 s s s s\nhand R 3\n", "3 R1 r19-b2", NULL, NULL);
}

static void
test_b15_other_homes (void)
{
  /* Red passes Blue's in-spot: no way into Blue's home */
  pjt_case (BASIC4 "pegs R b0 s s s s\nhand R 5 4 3\n",
            "5 R1 b0-b5; 4 R1 b0-b4; 3 R1 b0-b3", NULL, NULL);
  /* a hit opponent goes to its own start */
  pjt_case (BASIC4 "pegs R b0 s s s s\npegs B b3 b10 s s s\nhand R 3\n",
            "3 R1 b0-b3 xB1>s", "3 R1 b0-b3", "pegs B s b10 s s s\npegs R b3 s s s s");
}

/* ---- §3 a turn ------------------------------------------------------- */

static void
test_b20_draw_first (void)
{
  PjState s;

  pjt_load (&s, BASIC4
            "pegs R r10 s s s s\n"
            "hand R 5\n"
            "hand B 2 3 4 5 6\n"
            "stock 9 K ...\n");
  pjt_play_expect (&s, "5 R1 r10-r15",
                   "turn B 2\nhand R\nhand B 2 3 4 5 6 9\ndiscard 5");
  g_assert_cmpuint (s.hand_count[1], ==, 6);
  pjt_play_expect (&s, "discard 9", "hand B 2 3 4 5 6\nturn G 3\nhand G K A A A A A");
}

static void
test_b20_play_first (void)
{
  PjState s;

  /* Arizona: play, then draw back up to 5; the next player does not draw */
  pjt_load (&s, "rules arizona players=4\n"
            "pegs R r10 s s s s\n"
            "hand R 5 2 3 4 6\n"
            "hand B 2 3 4 5 6\n"
            "stock 9 K ...\n");
  pjt_play_expect (&s, "5 R1 r10-r15", "turn B 2\nhand R 2 3 4 6 9\nhand B 2 3 4 5 6\ndiscard 5");
  /* the option on the basic game */
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 5 2 3 4 6\nhand B 2 3 4 5 6\nstock 9 K ...\n");
  g_assert_true (pj_option_set_string (&s.rules, "draw_first", "no", NULL));
  pjt_play_expect (&s, "5 R1 r10-r15", "hand R 2 3 4 6 9\nhand B 2 3 4 5 6");
}

static void
test_b21_must_play (void)
{
  /* a card that moves: no discard; the joker may be played instead */
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R 3 JK\n",
            "3 R1 r10-r13; JK R2 s-b5 xB1>s; JK R1 r10-b5 xB1>s",
            "JK R2 s-b5", "pegs R r10 b5 s s s\npegs B s s s s s");
  /* even if it hurts: the only move takes the peg away from home */
  pjt_case (BASIC4 "pegs R r4 s s s s\nhand R 8\n", "8 R1 r4-y14", NULL, NULL);
}

static void
check_discard_flags (const PjState *s,
                     guint8         flags)
{
  PjActionList list;

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n; i++)
    if (list.v[i].kind == PJ_ACTION_DISCARD)
      g_assert_cmpuint (list.v[i].flags, ==, flags);
  pj_action_list_clear (&list);
}

static void
test_b22_discard (void)
{
  PjState s;

  /* no card but the joker moves: joker moves or discard any card */
  pjt_load (&s, BASIC4 "pegs B b5 s s s s\nhand R 3 JK 5\n");
  pjt_assert_actions (&s, "JK R1 s-b5 xB1>s; discard 3; discard JK; discard 5");
  check_discard_flags (&s, 0);
  /* nothing moves: discard any one card, that is the turn */
  pjt_load (&s, BASIC4 "pegs R h5 s s s s\nhand R 3 JK 5 3\n");
  pjt_assert_actions (&s, "discard 3; discard JK; discard 5");
  check_discard_flags (&s, PJ_ACTION_FLAG_NO_PLAY);
  pjt_play_expect (&s, "discard JK", "discard JK\nhand R 3 5 3\nturn B 2\npegs R h5 s s s s");
  /* a joker can land on a partner's peg too (it jumps to its in-spot) */
  pjt_case (BASIC4 "pegs G g5 s s s s\nhand R JK\n", "JK R1 s-g5 xG1>g3; discard JK",
            "JK R1 s-g5", "pegs R g5 s s s s\npegs G g3 s s s s");
  /* with no other-colour peg on the track a joker cannot be played */
  pjt_case (BASIC4 "pegs R r10 r12 s s s\nhand R JK\n", "discard JK", NULL, NULL);
}

static void
test_b23_full_value (void)
{
  /* 6 exactly: R1 would pass R2 */
  pjt_case (BASIC4 "pegs R r10 r14 s s s\nhand R 6\n", "6 R2 r14-b2", NULL, NULL);
  /* the 9 cannot fit into the home track, so the peg goes round again */
  pjt_case (BASIC4 "pegs R r2 s s s s\nhand R 9\n", "9 R1 r2-r11", "9 R1 r2-r11",
            "pegs R r11 s s s s");
}

/* ---- §5 the cards of the basic game ------------------------------------ */

static void
test_b_cards (void)
{
  /* A: come out or 1; K Q J: come out or 10; 9 and 10 forward only */
  pjt_case (BASIC4 "pegs R r10 s s s s\nhand R A K Q J 9 10\n",
            "A R2 s-r8; A R1 r10-r11;"
            "K R2 s-r8; K R1 r10-b2;"
            "Q R2 s-r8; Q R1 r10-b2;"
            "J R2 s-r8; J R1 r10-b2;"
            "9 R1 r10-b1; 10 R1 r10-b2", NULL, NULL);
  /* 2 … 6 forward, 8 back */
  pjt_case (BASIC4 "pegs R r10 s s s s\nhand R 2 3 4 5 6 8\n",
            "2 R1 r10-r12; 3 R1 r10-r13; 4 R1 r10-r14; 5 R1 r10-r15; 6 R1 r10-r16;"
            "8 R1 r10-r2", NULL, NULL);
}

/* ---- §4 moving pegs ---------------------------------------------------- */

static void
test_b30_own_pegs (void)
{
  PjState s;

  pjt_case (BASIC4 "pegs R r10 s s s s\npegs G g10 s s s s\npegs B b10 s s s s\nhand R 5\n",
            "5 R1 r10-r15", NULL, NULL);
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 5\n");
  g_assert_cmpuint (pj_state_movable_colours (&s, 0), ==, 1u << 0);
  g_assert_cmpuint (pj_state_movable_colours (&s, 1), ==, 1u << 1);
}

static void
test_b31_own_blocks (void)
{
  /* own peg: never land on or pass */
  pjt_case (BASIC4 "pegs R r10 r12 s s s\nhand R 2 3\n", "2 R2 r12-r14; 3 R2 r12-r15", NULL, NULL);
  /* backward too */
  pjt_case (BASIC4 "pegs R r10 r5 s s s\nhand R 8\n", "8 R2 r5-y15", NULL, NULL);
  /* an own peg on the in-spot blocks the way into home (and along the track) */
  pjt_case (BASIC4 "pegs R r1 r3 s s s\nhand R 4\n", "4 R2 r3-h4; 4 R2 r3-r7", NULL, NULL);
  /* in the home track */
  pjt_case (BASIC4 "pegs R h3 r1 s s s\nhand R 5\n", "5 R2 r1-r6", NULL, NULL);
  pjt_case (BASIC4 "pegs R h3 r1 s s s\nhand R 3\n", "3 R2 r1-h1; 3 R2 r1-r4", NULL, NULL);
}

static void
test_b32_pass_others (void)
{
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs B r12 s s s s\npegs G r13 s s s s\nhand R 5\n",
            "5 R1 r10-r15", "5 R1 r10-r15",
            "pegs R r15 s s s s\npegs B r12 s s s s\npegs G r13 s s s s");
}

static void
test_b33_opponent (void)
{
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs B r15 b2 s s s\nhand R 5\n",
            "5 R1 r10-r15 xB1>s", "5 R1 r10-r15",
            "pegs R r15 s s s s\npegs B s b2 s s s");
}

static void
test_b33_partner (void)
{
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs G r15 s s s s\nhand R 5\n",
            "5 R1 r10-r15 xG1>g3", "5 R1 r10-r15",
            "pegs R r15 s s s s\npegs G g3 s s s s");
}

static void
test_b33_partner_on_in_spot (void)
{
  /* Green already sits on its in-spot: hitting another Green peg is illegal */
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs G r15 g3 s s s\nhand R 5 2\n",
            "2 R1 r10-r12", NULL, NULL);
  /* so a team peg on its own in-spot cannot be hit by its own team … */
  pjt_case (BASIC4 "pegs R g0 s s s s\npegs G g3 s s s s\nhand R 3\n", "discard 3", NULL, NULL);
  /* … but opponents can hit it */
  pjt_case (BASIC4 "turn B\npegs B g0 s s s s\npegs G g3 s s s s\nhand B 3\n",
            "3 B1 g0-g3 xG1>s", NULL, NULL);
}

static void
test_b33_chain (void)
{
  /* partner to its in-spot, where an opponent sat: that one goes to start */
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs G r15 s s s s\npegs B g3 s s s s\nhand R 5\n",
            "5 R1 r10-r15 xG1>g3 xB1>s", "5 R1 r10-r15 xG1>g3 xB1>s",
            "pegs R r15 s s s s\npegs G g3 s s s s\npegs B s s s s s");
  /* a peg of the mover's own colour on the partner's in-spot is a team peg too */
  pjt_case (BASIC4 "pegs R r10 g3 s s s\npegs G r15 s s s s\nhand R 5\n",
            "5 R1 r10-r15 xG1>g3 xR2>r3; 5 R2 g3-g8",
            "5 R1 r10-r15",
            "pegs R r15 r3 s s s\npegs G g3 s s s s");
}

static void
test_b33_chain_hits_mover (void)
{
  /* six players, Red, Green and Orange a team: Red lands on Green's in-spot
   * where Orange sits; Orange jumps to o3 where Green sits; Green jumps back
   * to g3 and hits the mover, who jumps to Red's in-spot */
  pjt_case ("rules basic players=6\n"
            "pegs R g0 s s s s\npegs O g3 s s s s\npegs G o3 s s s s\nhand R 3\n",
            "3 R1 g0-g3 xO1>o3 xG1>g3 xR1>r3",
            "3 R1 g0-g3",
            "pegs R r3 s s s s\npegs O o3 s s s s\npegs G g3 s s s s");
}

static void
test_b33_chain_illegal (void)
{
  /* the chain would put a Red peg on Red's in-spot, where Red already sits */
  pjt_case (BASIC4 "pegs R r10 g3 r3 s s\npegs G r15 s s s s\nhand R 5\n",
            "5 R2 g3-g8; 5 R3 r3-h5; 5 R3 r3-r8", NULL, NULL);
  /* the same at the end of a longer chain: Orange to o3, Green there to g3,
   * Red there to r3 where a Red peg sits */
  pjt_case ("rules basic players=6\n"
            "pegs R y0 g3 r3 s s\npegs O y3 s s s s\npegs G o3 s s s s\nhand R 3\n",
            "3 R2 g3-g6; 3 R3 r3-h3; 3 R3 r3-r6", NULL, NULL);
}

static void
test_b34_backward (void)
{
  /* wraps round the loop */
  pjt_case (BASIC4 "pegs R r5 s s s s\nhand R 8\n", "8 R1 r5-y15", NULL, NULL);
  pjt_case (BASIC4 "turn B\npegs B b2 s s s s\nhand B 8\n", "8 B1 b2-r12", NULL, NULL);
  /* never into the home track going back, even past the in-spot */
  pjt_case (BASIC4 "pegs R r6 s s s s\nhand R 8\n", "8 R1 r6-y16", "8 R1 r6-y16",
            "pegs R y16 s s s s");
  /* pegs in the home track never go back */
  pjt_case (BASIC4 "pegs R h2 s s s s\nhand R 8\n", "discard 8", NULL, NULL);
  /* backward onto an opponent hits it */
  pjt_case (BASIC4 "pegs R r10 s s s s\npegs Y r2 s s s s\nhand R 8\n", "8 R1 r10-r2 xY1>s",
            NULL, NULL);
}

static void
test_b35_home_entry (void)
{
  /* turn in or carry on: two moves */
  pjt_case (BASIC4 "pegs R r0 s s s s\nhand R 5\n", "5 R1 r0-h2; 5 R1 r0-r5",
            "5 R1 r0-h2", "pegs R h2 s s s s");
  /* landing exactly on the in-spot stays on the track */
  pjt_case (BASIC4 "pegs R r0 s s s s\nhand R 3\n", "3 R1 r0-r3", NULL, NULL);
  /* starting on the in-spot */
  pjt_case (BASIC4 "pegs R r3 s s s s\nhand R 2\n", "2 R1 r3-h2; 2 R1 r3-r5", NULL, NULL);
  /* not enough room in the home track (a peg is in the way): round it goes */
  pjt_case (BASIC4 "pegs R r0 h2 s s s\nhand R 5\n", "5 R1 r0-r5", NULL, NULL);
  pjt_case (BASIC4 "pegs R r0 h2 s s s\nhand R 4\n", "4 R1 r0-h1; 4 R1 r0-r4", NULL, NULL);
  /* 5 holes deep at most */
  pjt_case (BASIC4 "pegs R r2 s s s s\nhand R 6 7\n", "6 R1 r2-h5; 6 R1 r2-r8; 7 R1 r2-r9",
            NULL, NULL);
}

static void
test_b36_home_track (void)
{
  /* exact count, no passing */
  pjt_case (BASIC4 "pegs R h1 h3 s s s\nhand R 2 3 4\n", "2 R2 h3-h5", "2 R2 h3-h5",
            "pegs R h1 h5 s s s");
  pjt_case (BASIC4 "pegs R h1 s s s s\nhand R 4 5\n", "4 R1 h1-h5", NULL, NULL);
  /* entering passes no home peg */
  pjt_case (BASIC4 "pegs R r1 h1 s s s\nhand R 4\n", "4 R1 r1-r5; 4 R2 h1-h5", NULL, NULL);
  /* a home peg that cannot move forward leaves nothing to play */
  pjt_case (BASIC4 "pegs R h5 h4 s s s\nhand R A 2\n",
            "A R3 s-r8", NULL, NULL);
}

static void
test_b37_start (void)
{
  /* start pegs move only by a come-out card or a joker */
  pjt_case (BASIC4 "hand R 2 3 5 7 8 9\n",
            "discard 2; discard 3; discard 5; discard 7; discard 8; discard 9",
            NULL, NULL);
  pjt_case (BASIC4 "hand R 10 4\n", "discard 10; discard 4", NULL, NULL);
  pjt_case (BASIC4 "hand R A J Q K\n", "A R1 s-r8; J R1 s-r8; Q R1 s-r8; K R1 s-r8",
            "K R1 s-r8", "pegs R r8 s s s s");
}

static void
test_b40_come_out_hits (void)
{
  pjt_case (BASIC4 "pegs B r8 s s s s\nhand R K\n", "K R1 s-r8 xB1>s", "K R1 s-r8",
            "pegs R r8 s s s s\npegs B s s s s s");
  pjt_case (BASIC4 "pegs G r8 s s s s\nhand R A\n", "A R1 s-r8 xG1>g3", NULL, NULL);
  /* never onto an own peg */
  pjt_case (BASIC4 "pegs R r8 s s s s\nhand R K\n", "K R1 r8-b0", NULL, NULL);
}

static void
test_b41_split (void)
{
  /* every split of the 7 over two pegs, home entries included (B-35) */
  pjt_case (BASIC4 "pegs R r0 r10 s s s\nhand R 7\n",
            "7 R1 r0-h4; 7 R1 r0-r7; 7 R2 r10-r17;"
            "7 R1 r0-r1, R2 r10-r16;"
            "7 R1 r0-r2, R2 r10-r15;"
            "7 R1 r0-r3, R2 r10-r14;"
            "7 R1 r0-h1, R2 r10-r13; 7 R1 r0-r4, R2 r10-r13;"
            "7 R1 r0-h2, R2 r10-r12; 7 R1 r0-r5, R2 r10-r12;"
            "7 R1 r0-h3, R2 r10-r11; 7 R1 r0-r6, R2 r10-r11",
            "7 R2 r10-r12, R1 r0-h2", "pegs R h2 r12 s s s");
}

static void
test_b41_orders (void)
{
  PjState s;
  PjAction a, b;

  /* R1 can pass R2's hole only once R2 has moved on: the order matters */
  pjt_load (&s, BASIC4 "pegs R r10 r12 s s s\nhand R 7\n");
  pjt_assert_actions (&s,
                      "7 R2 r12-b1;"
                      "7 R2 r12-r15, R1 r10-r14;"
                      "7 R2 r12-r16, R1 r10-r13;"
                      "7 R2 r12-r17, R1 r10-r12;"
                      "7 R1 r10-r11, R2 r12-b0");
  /* the parts may be written in either order */
  a = pjt_find (&s, "7 R2 r12-r15, R1 r10-r14");
  b = pjt_find (&s, "7 R1 r10-r14, R2 r12-r15");
  g_assert_true (pj_action_equal (&a, &b));
  g_assert_cmpuint (a.steps[0].peg, ==, PJ_PEG_ID (0, 1));
  g_assert_cmpuint (a.steps[1].flags & PJ_STEP_PART2, ==, PJ_STEP_PART2);
  pjt_play_expect (&s, "7 R2 r12-r15, R1 r10-r14", "pegs R r14 r15 s s s");
}

static void
test_b41_full_use (void)
{
  /* the home peg can take only 1 of the 7: both parts in full */
  pjt_case (BASIC4 "pegs R r10 h4 s s s\nhand R 7\n",
            "7 R1 r10-r17; 7 R2 h4-h5, R1 r10-r16", NULL, NULL);
  /* one peg in play: no split */
  pjt_case (BASIC4 "pegs R r10 s s s s\nhand R 7\n", "7 R1 r10-r17", NULL, NULL);
}

static void
test_b41_hits (void)
{
  PjState s;

  /* hits are resolved after each part; the second part may land where the
   * first part's peg stood */
  pjt_load (&s, BASIC4 "pegs R r10 r5 s s s\npegs B r12 s s s s\nhand R 7\n");
  g_assert_true (pjt_has_action (&s, "7 R1 r10-r12 xB1>s, R2 r5-r10"));
  g_assert_true (pjt_has_action (&s, "7 R2 r5-r10, R1 r10-r12 xB1>s"));
  g_assert_false (pjt_has_action (&s, "7 R2 r5-r12 xB1>s"));
  pjt_play_expect (&s, "7 R1 r10-r12 xB1>s, R2 r5-r10",
                   "pegs R r12 r10 s s s\npegs B s s s s s");
  /* a part that hits a partner: the partner goes to its in-spot */
  pjt_case (BASIC4 "pegs R r10 r0 s s s\npegs G r12 s s s s\nhand R 7\n", NULL,
            "7 R1 r10-r12 xG1>g3, R2 r0-h2",
            "pegs R r12 h2 s s s\npegs G g3 s s s s");
}

static void
test_b42_joker_home (void)
{
  pjt_case (BASIC4 "pegs R h1 r10 s s s\npegs B b5 s s s s\nhand R JK\n",
            "JK R3 s-b5 xB1>s; JK R2 r10-b5 xB1>s; discard JK",
            "JK R2 r10-b5", "pegs R h1 b5 s s s\npegs B s s s s s");
}

/* B-41 "two orders that end in the same placement are one action", and pegs
 * of one colour are interchangeable: a split whose two pegs of one colour
 * swap destinations ends in the same placement as the split without the swap. */
static void
test_b41_crossing (void)
{
  PjState s;

  /* R2 on the in-spot, R1 just behind it: R1 may pass R2's hole once R2 has
   * moved, so "R2 home, R1 on" and "R1 on, R2 home" (R1 past R2) are both
   * legal and leave pegs on the same holes; only the first is listed */
  pjt_load (&s, BASIC4 "pegs R r2 r3 s s s\nhand R 7\n");
  g_assert_true (pjt_has_action (&s, "7 R2 r3-h1, R1 r2-r8"));
  g_assert_false (pjt_has_action (&s, "7 R2 r3-r8, R1 r2-h1"));
  g_assert_false (pjt_has_action (&s, "7 R1 r2-h1, R2 r3-r8"));
  /* 6 + 1 ends like 1 + 6 (r4, r8), 5 + 2 like 2 + 5, 4 + 3 into home like
   * 3 + 4 (h3, r6), …: eleven placements, each listed once */
  pjt_assert_actions (&s,
                      "7 R2 r3-r10;"
                      "7 R2 r3-h5, R1 r2-h1;"
                      "7 R2 r3-h4, R1 r2-h2;"
                      "7 R2 r3-r5, R1 r2-h4;"
                      "7 R2 r3-r4, R1 r2-h5;"
                      "7 R2 r3-r9, R1 r2-r3;"
                      "7 R2 r3-r8, R1 r2-r4;"
                      "7 R2 r3-r7, R1 r2-r5;"
                      "7 R2 r3-h3, R1 r2-r6;"
                      "7 R2 r3-h2, R1 r2-r7;"
                      "7 R2 r3-h1, R1 r2-r8");

  /* games saved while both were listed still read: the dropped one reads as
   * the listed action with the same placement */
  {
    PjAction listed = pjt_find (&s, "7 R2 r3-h1, R1 r2-r8"), read;
    g_autoptr (GError) error = NULL;

    g_assert_true (pj_action_from_string (&s, "7 R2 r3-r8, R1 r2-h1", &read, &error));
    g_assert_no_error (error);
    g_assert_true (pj_action_equal (&listed, &read));
    /* a split that ends nowhere listed is still refused */
    g_assert_false (pj_action_from_string (&s, "7 R2 r3-r9, R1 r2-h1", &read, &error));
    g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  }
}

/* The board after an action with pegs of one colour interchangeable: each
 * colour's positions, sorted. */
static void
placement_of (const PjState *s,
              guint8         out[PJ_MAX_PEGS])
{
  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    {
      guint8 *v = out + c * PJ_PEGS;

      for (guint i = 0; i < PJ_PEGS; i++)
        v[i] = c < s->rules.players ? s->board.peg[c][i] : 0;
      for (guint i = 1; i < PJ_PEGS; i++)
        for (guint j = i; j > 0 && v[j - 1] > v[j]; j--)
          {
            guint8 t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
          }
    }
}

typedef struct {
  guint8 card, declared;
  guint8 placement[PJ_MAX_PEGS];
  guint index;
} Ending;

static int
ending_cmp (const void *a,
            const void *b)
{
  const Ending *x = a, *y = b;

  /* the index last, so that equal endings sit side by side */
  if (x->card != y->card)
    return x->card - y->card;
  if (x->declared != y->declared)
    return x->declared - y->declared;
  return memcmp (x->placement, y->placement, sizeof x->placement);
}

/* B-41, NC-8, AZ-6: in random positions of every preset (but Bluffing Joker,
 * whose moves wait for challenges) and table size, no
 * two listed moves with one card leave the same board (compared with pegs
 * of one colour interchangeable, after pj_state_apply()). Before this was
 * so, 1,085 of 54,000 such positions listed a placement twice. */
static void
test_b41_one_action_per_placement (void)
{
  PjActionList list;
  PjRng pick;
  guint positions = 0, checked = 0, splits = 0;
  Ending *endings = NULL;
  guint cap = 0;

  pj_action_list_init (&list);
  pj_rng_seed (&pick, 4141);
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      for (guint game = 0; game < 2; game++)
        {
          PjRules rules;
          PjState s;

          if (p == PJ_PRESET_BLUFFING_JOKER)
            continue;
          pj_rules_preset (&rules, (PjPreset) p, players);
          pj_state_new_game (&s, &rules, 41 + 100 * p + 10 * players + game, -1);
          for (guint n = 0; n < 3000 && !pj_state_is_over (&s); n++)
            {
              guint m = 0;

              pj_legal_actions (&s, &list);
              if (s.phase == PJ_PHASE_PLAY)
                {
                  positions++;
                  if (list.n > cap)
                    {
                      cap = list.n * 2;
                      endings = g_renew (Ending, endings, cap);
                    }
                  for (guint i = 0; i < list.n; i++)
                    {
                      PjState t = s;

                      if (list.v[i].kind != PJ_ACTION_MOVE)
                        continue;
                      splits += (list.v[i].steps[list.v[i].n_steps - 1].flags & PJ_STEP_PART2) != 0;
                      pj_state_apply (&t, &list.v[i]);
                      endings[m].card = list.v[i].card;
                      endings[m].declared = list.v[i].declared;
                      placement_of (&t, endings[m].placement);
                      endings[m].index = i;
                      m++;
                    }
                  qsort (endings, m, sizeof *endings, ending_cmp);
                  for (guint i = 1; i < m; i++)
                    if (ending_cmp (&endings[i - 1], &endings[i]) == 0)
                      {
                        g_autofree char *a = pj_action_to_string (&s, &list.v[endings[i - 1].index]);
                        g_autofree char *b = pj_action_to_string (&s, &list.v[endings[i].index]);
                        g_autofree char *pos = pj_position_to_string (&s);
                        g_test_message ("%s\n“%s” and “%s” end alike", pos, a, b);
                        g_assert_not_reached ();
                      }
                  checked += m;
                }
              pj_state_apply (&s, &list.v[pj_rng_below (&pick, list.n)]);
            }
        }
  g_test_message ("%u positions, %u moves (%u splits)", positions, checked, splits);
  g_assert_cmpuint (positions, >, 50000);
  g_assert_cmpuint (splits, >, 100000);
  g_free (endings);
  pj_action_list_clear (&list);
}

/* ---- §6 finishing ------------------------------------------------------ */

static void
test_b60_partner (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R h1 h2 h3 h4 h5\npegs G g10 s s s s\nhand R 5\n");
  g_assert_cmpuint (pj_state_movable_colours (&s, 0), ==, 1u << 2);
  pjt_assert_actions (&s, "5 G1 g10-g15");
  pjt_play_expect (&s, "5 G1 g10-g15", "pegs G g15 s s s s\nturn B 2");
  /* eight players, two teams: Green is done too, so Orange */
  pjt_load (&s, "rules basic players=8\n"
            "pegs R h1 h2 h3 h4 h5\npegs G h5 h4 h3 h2 h1\npegs O o10 s s s s\n"
            "pegs T t10 s s s s\nhand R 5\n");
  g_assert_cmpuint (pj_state_movable_colours (&s, 0), ==, 1u << 4);
  pjt_assert_actions (&s, "5 O1 o10-o15");
  /* the next partner to the left first */
  pjt_load (&s, "rules basic players=8\n"
            "pegs R h1 h2 h3 h4 h5\npegs G g10 s s s s\npegs O o10 s s s s\nhand R 5\n");
  pjt_assert_actions (&s, "5 G1 g10-g15");
  /* eight players in teams of two: the partner opposite */
  pjt_load (&s, "rules basic players=8 teams=4\n"
            "pegs R h1 h2 h3 h4 h5\npegs G g10 s s s s\npegs O o10 s s s s\nhand R 5\n");
  pjt_assert_actions (&s, "5 O1 o10-o15");
}

static void
test_b60_split (void)
{
  /* the part that brings the last own peg home comes first; the rest moves
   * the partner */
  pjt_case (BASIC4 "pegs R h2 h3 h4 h5 r1\npegs G g10 s s s s\nhand R 7\n",
            "7 R5 r1-r8; 7 R5 r1-h1, G1 g10-g14",
            "7 R5 r1-h1, G1 g10-g14",
            "pegs R h2 h3 h4 h5 h1\npegs G g14 s s s s");
  /* the option switched off */
  pjt_case ("rules basic players=4 split_finish_partner=no\n"
            "pegs R h2 h3 h4 h5 r1\npegs G g10 s s s s\nhand R 7\n",
            "7 R5 r1-r8", NULL, NULL);
}

static void
test_b61_win (void)
{
  PjState s;
  PjActionList list;
  g_autoptr (GError) error = NULL;
  PjAction a;

  pjt_load (&s, BASIC4 "pegs R h2 h3 h4 h5 r0\npegs G h1 h2 h3 h4 h5\nhand R 4\n");
  a = pjt_find (&s, "4 R5 r0-h1");
  pjt_assert_actions (&s, "4 R5 r0-h1; 4 R5 r0-r4");
  pjt_play_expect (&s, "4 R5 r0-h1", "phase over 1");
  g_assert_true (pj_state_is_over (&s));
  g_assert_cmpuint (s.winner, ==, 0);
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  g_assert_cmpuint (list.n, ==, 0);
  pj_action_list_clear (&list);
  g_assert_false (pj_state_apply_checked (&s, &a, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER);
  /* all own pegs home is not yet a win */
  pjt_load (&s, BASIC4 "pegs R h2 h3 h4 h5 r0\npegs G h1 h2 h3 h4 g0\nhand R 4\n");
  pjt_play_expect (&s, "4 R5 r0-h1", "phase play\nturn B 2");
  /* the other team can win on its turn */
  pjt_load (&s, BASIC4 "turn Y\npegs B h1 h2 h3 h4 h5\npegs Y h2 h3 h4 h5 y0\nhand Y 4\n");
  pjt_play_expect (&s, "4 Y5 y0-h1", "phase over 2");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/B-1/teams", test_b1_teams);
  g_test_add_func ("/rules/B-2/five-pegs-each", test_b2_pegs);
  g_test_add_func ("/rules/B-3/decks", test_b3_decks);
  g_test_add_func ("/rules/B-4/dealer", test_b4_dealer);
  g_test_add_func ("/rules/B-4/clockwise", test_b4_clockwise);
  g_test_add_func ("/rules/B-5/deal", test_b5_deal);
  g_test_add_func ("/rules/B-6/reshuffle-discards", test_b6_reshuffle);
  g_test_add_func ("/rules/B-10/track-length", test_b10_track);
  g_test_add_func ("/rules/B-10/hole-names", test_b10_names);
  g_test_add_func ("/rules/B-11/clockwise", test_b11_clockwise);
  g_test_add_func ("/rules/B-12/come-out-hole", test_b12_come_out);
  g_test_add_func ("/rules/B-13/geometry-4", test_b13_geometry_4);
  g_test_add_func ("/rules/B-13/geometry-6", test_b13_geometry_6);
  g_test_add_func ("/rules/B-13/geometry-8", test_b13_geometry_8);
  g_test_add_func ("/rules/B-14/twenty-hole-sides", test_b14_pegoo_sides);
  g_test_add_func ("/rules/B-15/no-other-home", test_b15_other_homes);
  g_test_add_func ("/rules/B-20/draw-first", test_b20_draw_first);
  g_test_add_func ("/rules/B-20/play-first", test_b20_play_first);
  g_test_add_func ("/rules/B-21/must-play", test_b21_must_play);
  g_test_add_func ("/rules/B-22/discard-or-joker", test_b22_discard);
  g_test_add_func ("/rules/B-23/full-value", test_b23_full_value);
  g_test_add_func ("/rules/B-cards/powers", test_b_cards);
  g_test_add_func ("/rules/B-30/own-pegs-only", test_b30_own_pegs);
  g_test_add_func ("/rules/B-31/own-colour-blocks", test_b31_own_blocks);
  g_test_add_func ("/rules/B-32/pass-others", test_b32_pass_others);
  g_test_add_func ("/rules/B-33/opponent", test_b33_opponent);
  g_test_add_func ("/rules/B-33/partner", test_b33_partner);
  g_test_add_func ("/rules/B-33/partner-on-in-spot", test_b33_partner_on_in_spot);
  g_test_add_func ("/rules/B-33/partner-chain", test_b33_chain);
  g_test_add_func ("/rules/B-33/chain-hits-mover", test_b33_chain_hits_mover);
  g_test_add_func ("/rules/B-33/chain-illegal", test_b33_chain_illegal);
  g_test_add_func ("/rules/B-34/backward", test_b34_backward);
  g_test_add_func ("/rules/B-35/home-entry", test_b35_home_entry);
  g_test_add_func ("/rules/B-36/home-track", test_b36_home_track);
  g_test_add_func ("/rules/B-37/start-pegs", test_b37_start);
  g_test_add_func ("/rules/B-40/come-out-hits", test_b40_come_out_hits);
  g_test_add_func ("/rules/B-41/split-seven", test_b41_split);
  g_test_add_func ("/rules/B-41/both-orders", test_b41_orders);
  g_test_add_func ("/rules/B-41/full-use", test_b41_full_use);
  g_test_add_func ("/rules/B-41/hits-between-parts", test_b41_hits);
  g_test_add_func ("/rules/B-41/crossing-is-one-placement", test_b41_crossing);
  g_test_add_func ("/rules/B-41/one-action-per-placement", test_b41_one_action_per_placement);
  g_test_add_func ("/rules/B-42/joker-not-from-home", test_b42_joker_home);
  g_test_add_func ("/rules/B-60/partner-pegs", test_b60_partner);
  g_test_add_func ("/rules/B-60/split-finishes-then-partner", test_b60_split);
  g_test_add_func ("/rules/B-61/win", test_b61_win);

  return g_test_run ();
}
