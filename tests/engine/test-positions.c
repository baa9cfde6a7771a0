/* test-positions.c — positions read from text must be positions a game can
 * reach (issue 15): each inconsistency is refused with its own message that
 * names the line, and no position the engine itself printed is refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"

#include <string.h>

/* ---- refused positions ------------------------------------------------ */

typedef struct {
  const char *text;
  int code;
  const char *message;   /* the exact message */
} Bad;

static void
assert_refused (const Bad *bad)
{
  g_autoptr (GError) error = NULL;
  PjState s, before;

  memset (&s, 0x5a, sizeof s);
  before = s;
  if (pj_position_from_string (&s, bad->text, &error))
    g_error ("accepted:\n%s", bad->text);
  g_assert_nonnull (error);
  if (g_strcmp0 (error->message, bad->message) != 0)
    g_test_message ("%s\ngave “%s”", bad->text, error->message);
  g_assert_cmpstr (error->message, ==, bad->message);
  g_assert_error (error, PJ_ENGINE_ERROR, bad->code);
  /* a refused position leaves the state alone */
  g_assert_true (memcmp (&s, &before, sizeof s) == 0);
}

static void
assert_accepted (const char *text)
{
  g_autoptr (GError) error = NULL;
  PjState s;

  if (!pj_position_from_string (&s, text, &error))
    g_test_message ("refused:\n%s", text);
  g_assert_no_error (error);
}

static void
test_given_twice (void)
{
  static const Bad bad[] = {
    { "pegs-and-jokers position 1\npegs-and-jokers position 1\nrules basic\nhand R 5\n",
      PJ_ENGINE_ERROR_PARSE, "Line 2: the “pegs-and-jokers position” line is given twice" },
    { "rules basic\nrules basic\n",
      PJ_ENGINE_ERROR_PARSE, "Line 2: the “rules” line is given twice" },
    { "rules basic\ndealer Y\nhand R 5\ndealer B\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the “dealer” line is given twice" },
    { "rules basic\nturn R 3\nhand R 5\nturn R 4\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the “turn” line is given twice" },
    { "rules basic\nphase play\nphase play\n",
      PJ_ENGINE_ERROR_PARSE, "Line 3: the “phase” line is given twice" },
    { "rules basic\npegs B b12 s s s s\nhand R 5\npegs B s s s s s\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the pegs of Blue are given twice" },
    { "rules basic\nhand R 5\nhand B 3\nhand G 4\nhand B 3 4\n",
      PJ_ENGINE_ERROR_PARSE, "Line 5: the hand of Blue is given twice" },
    { "rules basic\nhand R 5\nstuck B 1\nstuck B 2\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the stuck count of Blue is given twice" },
    { "rules bluffing-joker\nhand R 5\nextra G 1\nextra G 1\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the extra turns of Green are given twice" },
    { "rules basic\nhand R 5\ndiscard 7\ndiscard 8\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the “discard” line is given twice" },
    { "rules basic\nhand R 5\nstock ? 161\nstock ? 161\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the “stock” line is given twice" },
    { "rules basic\nhand R 5\nrng 1 2\nrng 1 2\n",
      PJ_ENGINE_ERROR_PARSE, "Line 4: the “rng” line is given twice" },
    { "rules bluffing-joker\nphase challenge B\npegs R r10 s s s s\nhand R 2\ndiscard 5d\n"
      "pending 5 R1 r10-r15\npending 5 R1 r10-r15\n",
      PJ_ENGINE_ERROR_PARSE, "Line 7: the “pending” move is given twice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_refused (&bad[i]);
}

/* B-5, B-20, K-1: what a hand holds at each point of a turn */
static void
test_hand_sizes (void)
{
  static const Bad bad[] = {
    /* drawing first: the player to move holds 6, the others 5 */
    { "rules basic\nturn R\nhand R 5\nhand B 2 3 4 5 6 7\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 4: Blue holds 6 cards, but hands hold 5 between turns in these rules" },
    { "rules basic\nturn R\nhand R 2 3 4 5 6 7 9\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: Red holds 7 cards, but the player to move holds 6 after drawing in these rules" },
    /* unseen cards are cards */
    { "rules basic\nturn B\nhand R ? ? ? ? ? ?\nhand B 5\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: Red holds 6 cards, but hands hold 5 between turns in these rules" },
    /* playing first (Arizona): 5, the player to move too */
    { "rules arizona\nturn R\nhand R 2 3 4 5 6 7\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: Red holds 6 cards, but hands hold 5 between turns in these rules" },
    /* Kilpatrick deals 3 (K-1) */
    { "rules kilpatrick\nturn R\nhand R 2 3 4 5\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: Red holds 4 cards, but hands hold 3 between turns in these rules" },
    /* a bluff waiting for challenges, playing first: the mover has not drawn yet */
    { "rules bluffing-joker draw_first=no\nturn R\nphase challenge B\npegs R r10 s s s s\n"
      "hand R 2 3 4 6 9\ndiscard 5d\npending 5 R1 r10-r15\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 5: Red holds 5 cards, but the player who has just played holds 4 until drawing "
      "in these rules" },
    /* a position that gives every hand is a whole table: no hand short */
    { "rules basic\nturn R\nhand R 2 3 4 5 6 7\nhand B 2 3 4 5\nhand G 2 3 4 5 6\n"
      "hand Y 2 3 4 5 6\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 4: Blue holds 4 cards, but hands hold 5 between turns in these rules" },
    { "rules basic\nturn R\nhand R 2 3 4 5 6\nhand B 2 3 4 5 6\nhand G 2 3 4 5 6\n"
      "hand Y 2 3 4 5 6\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: Red holds 5 cards, but the player to move holds 6 after drawing in these rules" },
    { "rules kilpatrick\nturn B\nhand R 2 3 4\nhand B 2 3 4\nhand G 2 3\nhand Y 2 3 4\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 5: Green holds 2 cards, but hands hold 3 between turns in these rules" },
    /* BJ (issue 15): with no card there is nothing to play face down */
    { "rules bluffing-joker\npegs R r10 s s s s\nhand B 5\n",
      PJ_ENGINE_ERROR_INVARIANT, "Red is to move but holds no card" },
    { "rules bluffing-joker\nturn R\npegs R r10 s s s s\nhand R\nhand B 5\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 4: Red is to move but holds no card" },
    { "rules basic\nturn G 7\nhand B 5\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 2: Green is to move but holds no card" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_refused (&bad[i]);
  /* the largest hands each point allows */
  assert_accepted ("rules basic\nturn R\nhand R 2 3 4 5 6 7\nhand B 2 3 4 5 6\n");
  assert_accepted ("rules arizona\nturn R\nhand R 2 3 4 5 6\nhand B 2 3 4 5 6\n");
  assert_accepted ("rules bluffing-joker draw_first=no\nturn R\nphase challenge B\n"
                   "pegs R r10 s s s s\nhand R 2 3 4 6\ndiscard 5d\npending 5 R1 r10-r15\n");
  assert_accepted ("rules basic\nturn R\nhand R 2 3 4 5 6 7\nhand B 2 3 4 5 6\n"
                   "hand G 2 3 4 5 6\nhand Y ? ? ? ? ?\n");
  assert_accepted ("rules kilpatrick\nturn B\nhand R 2 3 4\nhand B 2 3 4\nhand G 2 3 4\n"
                   "hand Y 2 3 4\n");
  /* fewer cards: a hand-made position names only the cards that matter */
  assert_accepted ("rules basic\nturn R\nhand R 7\n");
}

/* B-3: 4 of each rank and 2 jokers per deck; every card in one place */
static void
test_card_totals (void)
{
  g_autofree char *many = NULL;
  GString *discard = g_string_new ("rules basic\nhand R 5\ndiscard");
  static const Bad bad[] = {
    { "rules basic\nhand R JK JK JK JK\nhand B JK JK JK\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 3: there are more JK cards than the 3 decks hold (6)" },
    { "rules basic decks=4\nhand R 7 7 7 7 7 7\nhand B 7 7 7 7 7\ndiscard 7 7 7 7 7 7\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 4: there are more 7 cards than the 4 decks hold (16)" },
    { "rules basic\nhand R 5\nstock K K K K K K K K K K K K K\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 3: there are more K cards than the 3 decks hold (12)" },
    { "rules basic\nhand R 3\nstock 5 5\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: the stock holds 2 cards, but the decks' 162 cards less the hands (1) and the "
      "discard pile (0) leave 161" },
    { "rules basic\nhand R 3\ndiscard 4 6\nstock ? 160\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 4: the stock holds 160 cards, but the decks' 162 cards less the hands (1) and the "
      "discard pile (2) leave 159" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_refused (&bad[i]);

  /* without a stock line the stock is the rest, which cannot be negative */
  for (guint i = 0; i < 162; i++)
    g_string_append (discard, " ?");
  g_string_append_c (discard, '\n');
  many = g_string_free (discard, FALSE);
  assert_refused (&(Bad) { many, PJ_ENGINE_ERROR_INVARIANT,
                           "Line 3: the hands and the discard pile hold 163 cards, more than "
                           "the 162 of the decks" });
  assert_accepted ("rules basic\nhand R 3\ndiscard 4 6\nstock ? 159\n");

  /* unseen cards placed, no stock line: which cards are left is unseen too */
  {
    g_autoptr (GError) error = NULL;
    PjState s;

    pj_position_from_string (&s, "rules basic\nhand R 3 ?\nhand B ? ?\ndiscard ?d 4\n", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (s.n_stock, ==, 162 - 4 - 2);
    for (guint i = 0; i < s.n_stock; i++)
      g_assert_cmpuint (s.pile[i], ==, PJ_CARD_UNKNOWN);
  }
}

/* B-31, B-33, B-61, BJ */
static void
test_board_and_phase (void)
{
  static const Bad bad[] = {
    { "rules basic\nhand R 5\npegs R r5 s s s s\npegs B r5 s s s s\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 4: Red peg 1 and Blue peg 1 are both on r5" },
    { "rules basic\nhand R 5\npegs R s h2 s h2 s\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 3: Red peg 2 and Red peg 4 are both on h2" },
    { "rules basic\nhand R 5\npegs Y b3 b3 s s s\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 3: Yellow peg 1 and Yellow peg 2 are both on b3" },
    { "rules basic\nhand R 5\nphase over 1\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 3: team 1 has won, but not all of its pegs are home" },
    { "rules basic\nhand R 5\npegs B h1 h2 h3 h4 h5\npegs Y h5 h4 h3 h2 h1\nphase play\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 5: all pegs of team 2 are home, so the game is over (B-61)" },
    { "rules basic\nhand R 5\nextra B 1\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 3: extra turns are owed only in the Bluffing Joker rules" },
    { "rules bluffing-joker\npegs R r10 s s s s\nhand R 2 3\ndiscard 5d\npending 5 R1 r10-r15\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 5: a pending move waits for challenges only in the challenge phase" },
    { "rules basic\nphase challenge B\npegs R r10 s s s s\nhand R 2\ndiscard 5d\n"
      "pending 5 R1 r10-r15\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 2: challenges belong to the Bluffing Joker rules (bluffing=yes)" },
    { "rules bluffing-joker\nphase challenge G\npegs R r10 s s s s\nhand R 2\ndiscard 5d\n"
      "pending 5 R1 r10-r15\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 2: Green may not challenge a move of its own team" },
    { "rules bluffing-joker\nphase challenge B\npegs R r10 s s s s\nhand R 2\ndiscard 5\n"
      "pending 5 R1 r10-r15\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 5: the card of the pending move must lie face down on top of the discard pile (“d”)" },
    { "rules bluffing-joker\nphase penalty R R B\npegs R r10 s s s s\nhand R 2\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 2: a penalty is picked by the mover or its challenger, an opponent, from the other "
      "one's pegs" },
    { "rules bluffing-joker\nphase penalty G R G\npegs R r10 s s s s\nhand R 2\n",
      PJ_ENGINE_ERROR_INVARIANT,
      "Line 2: a penalty is picked by the mover or its challenger, an opponent, from the other "
      "one's pegs" },
    { "rules bluffing-joker\nphase penalty R B B\npegs R r10 s s s s\nhand R 2\n",
      PJ_ENGINE_ERROR_INVARIANT, "Line 2: Blue has no peg in play to lose as a penalty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_refused (&bad[i]);
  /* a bluff caught, and a challenge gone wrong */
  assert_accepted ("rules bluffing-joker\nphase penalty B R B\npegs R r10 s s s s\nhand R 2\n");
  assert_accepted ("rules bluffing-joker\nphase penalty R B B\npegs B b10 s s s s\nhand R 2\n");
  /* the winners' pegs are all home when it is over */
  assert_accepted ("rules basic\nhand R 5\npegs B h1 h2 h3 h4 h5\npegs Y h5 h4 h3 h2 h1\n"
                   "phase over 2\n");
}

/* ---- byte for byte ------------------------------------------------------ */

static void
test_read_twice (void)
{
  static const char *const texts[] = {
    "rules basic\npegs R r10 s s s s\nhand R 5 7\n",
    /* the pending move: its action once came with stale steps from the list */
    "rules bluffing-joker\nphase challenge B\npegs R r10 r2 s s s\npegs B r12 s s s s\n"
    "hand R 2 3 4 6 9\ndiscard 7d\npending 7=5 R1 r10-r15\n",
    "rules bluffing-joker\nphase challenge Y\npegs R r10 r2 s s s\npegs B r12 s s s s\n"
    "hand R ? ? ? ? ?\ndiscard ?d\nstock ? 156\npending ?=2 R1 r10-r12 xB1>s\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError) error = NULL;
      PjState a, b;

      /* different garbage first: nothing of it may show through */
      memset (&a, 0x00, sizeof a);
      memset (&b, 0xff, sizeof b);
      pj_position_from_string (&a, texts[i], &error);
      g_assert_no_error (error);
      pj_position_from_string (&b, texts[i], &error);
      g_assert_no_error (error);
      g_assert_true (memcmp (&a, &b, sizeof a) == 0);
    }
}

/* The move generator lists whole actions, and the pending move of a state is
 * clean past its steps while it waits and all zero once the turn is over. */
static void
test_actions_clean (void)
{
  PjRules rules;
  PjActionList list;
  PjRng pick;
  PjStep zero[PJ_MAX_STEPS];
  guint pendings = 0;

  memset (zero, 0, sizeof zero);
  pj_rules_preset (&rules, PJ_PRESET_BLUFFING_JOKER, 4);
  pj_action_list_init (&list);
  pj_rng_seed (&pick, 15);
  for (guint game = 0; game < 3; game++)
    {
      PjState s;

      pj_state_new_game (&s, &rules, 150 + game, -1);
      for (guint n = 0; n < 3000 && !pj_state_is_over (&s); n++)
        {
          PjAction a;

          pj_legal_actions (&s, &list);
          for (guint i = 0; i < list.n; i++)
            {
              const PjAction *v = &list.v[i];
              g_assert_true (memcmp (v->reserved, zero, sizeof v->reserved) == 0);
              g_assert_true (memcmp (&v->steps[v->n_steps], zero,
                                     (PJ_MAX_STEPS - v->n_steps) * sizeof (PjStep)) == 0);
            }
          a = list.v[s.phase == PJ_PHASE_CHALLENGE ? 1 : pj_rng_below (&pick, list.n)];
          pj_state_apply (&s, &a);
          if (s.pending.kind == PJ_ACTION_NONE)
            {
              PjAction none;
              memset (&none, 0, sizeof none);
              g_assert_true (memcmp (&s.pending, &none, sizeof none) == 0);
            }
          else
            {
              g_assert_true (memcmp (&s.pending.steps[s.pending.n_steps], zero,
                                     (PJ_MAX_STEPS - s.pending.n_steps) * sizeof (PjStep)) == 0);
              pendings++;
            }
        }
    }
  g_assert_cmpuint (pendings, >, 100);
  pj_action_list_clear (&list);
}

/* BJ, issue 15: defence in depth behind reading — an empty hand gets no card
 * move, whatever state it is found in */
static void
test_bj_empty_hand_no_moves (void)
{
  g_autoptr (GError) error = NULL;
  PjActionList list;
  PjState s;

  g_assert_true (pj_position_from_string (&s, "rules bluffing-joker\npegs R r10 s s s s\n"
                                          "pegs B r12 s s s s\nhand R 5\n", &error));
  g_assert_no_error (error);
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  g_assert_cmpuint (list.n, >, 0);
  s.hand_count[0] = 0;
  s.hand[0][0] = 0;
  pj_legal_actions (&s, &list);
  for (guint i = 0; i < list.n; i++)
    g_assert_cmpuint (list.v[i].kind, !=, PJ_ACTION_MOVE);
  g_assert_cmpuint (list.n, ==, 0);
  pj_action_list_clear (&list);
}

/* ---- the engine's own positions --------------------------------------- */

/* The game's state and the one read back are equal byte for byte, but for
 * the pile between the stock and the discard pile: a game leaves the drawn
 * cards' old places there, which no position text holds. */
static void
assert_equal_states (const PjState *game,
                     const PjState *back)
{
  PjState a, b;

  memcpy (&a, game, sizeof a);
  memcpy (&b, back, sizeof b);
  memset (a.pile + a.n_stock, 0, a.n_cards - a.n_discard - a.n_stock);
  memset (b.pile + b.n_stock, 0, b.n_cards - b.n_discard - b.n_stock);
  if (memcmp (&a, &b, sizeof a) != 0)
    {
      g_autofree char *ta = pj_position_to_string (&a);
      g_autofree char *tb = pj_position_to_string (&b);
      g_test_message ("game:\n%s\nread back:\n%s", ta, tb);
      g_assert_true (memcmp (&a.board, &b.board, sizeof a.board) == 0);
      g_assert_true (memcmp (&a.pending, &b.pending, sizeof a.pending) == 0);
      g_assert_true (memcmp (a.pile, b.pile, sizeof a.pile) == 0);
      g_assert_true (memcmp (&a, &b, sizeof a) == 0);
    }
}

static void
read_back (const PjState *s)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = pj_position_to_string (s);
  g_autofree char *again = NULL;
  PjState back;

  if (!pj_position_from_string (&back, text, &error))
    g_test_message ("refused:\n%s", text);
  g_assert_no_error (error);
  again = pj_position_to_string (&back);
  g_assert_cmpstr (text, ==, again);
  assert_equal_states (s, &back);
}

typedef struct {
  PjPreset preset;
  guint players;
  guint teams;
} Case;

static void
test_games_read_back (gconstpointer data)
{
  const Case *c = data;
  PjRules rules;
  PjActionList list;
  PjRng pick;
  guint positions = 0;

  pj_rules_preset (&rules, c->preset, c->players);
  rules.teams = (guint8) c->teams;
  pj_action_list_init (&list);
  pj_rng_seed (&pick, 1500 + c->preset * 10 + c->players + c->teams);
  /* one game a case: a read is slow next to a move, and the cases are many */
  for (guint game = 0; game < 1; game++)
    {
      PjState s;

      pj_state_new_game (&s, &rules, 77 + game, -1);
      read_back (&s);
      /* Bluffing Joker games run to tens of thousands of actions: the first
       * few thousand hold every kind of position already */
      while (!pj_state_is_over (&s) && positions < 6000)
        {
          PjAction a;

          pj_legal_actions (&s, &list);
          g_assert_cmpuint (list.n, >, 0);
          /* as test-random-games: few challenges, or BJ games hardly end */
          if (s.phase == PJ_PHASE_CHALLENGE)
            a = list.v[pj_rng_double (&pick) < 0.1 ? 0 : 1];
          else
            a = list.v[pj_rng_below (&pick, list.n)];
          pj_state_apply (&s, &a);
          read_back (&s);
          /* and a seat's view, with its unseen cards: each seat and the
           * spectator in turn, and always the one who chooses in a challenge */
          if (positions % 4 == 0 || s.phase != PJ_PHASE_PLAY)
            {
              PjState view = s;
              int viewer = s.phase != PJ_PHASE_PLAY
                           ? (int) s.actor : (int) (positions / 4 % (rules.players + 1u)) - 1;

              pj_state_redact (&view, viewer);
              read_back (&view);
            }
          positions++;
        }
    }
  g_test_message ("%u positions", positions);
  pj_action_list_clear (&list);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/positions/given-twice", test_given_twice);
  g_test_add_func ("/positions/B-5/hand-sizes", test_hand_sizes);
  g_test_add_func ("/positions/B-3/card-totals", test_card_totals);
  g_test_add_func ("/positions/B-31/board-and-phase", test_board_and_phase);
  g_test_add_func ("/positions/read-twice-same-bytes", test_read_twice);
  g_test_add_func ("/positions/actions-clean", test_actions_clean);
  g_test_add_func ("/positions/BJ/empty-hand-no-moves", test_bj_empty_hand_no_moves);
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      for (guint layout = 0; layout < 2; layout++)
        {
          Case *c = g_new0 (Case, 1);
          char *path;

          c->preset = (PjPreset) p;
          c->players = players;
          c->teams = layout == 0 ? 2 : players / 2;
          if (layout == 1 && c->teams == 2)
            {
              g_free (c);
              continue;   /* 4 players: both layouts are two teams of two */
            }
          path = g_strdup_printf ("/positions/read-back/%s/%up-%ut", pj_preset_name (c->preset),
                                  players, c->teams);
          g_test_add_data_func_full (path, c, test_games_read_back, g_free);
          g_free (path);
        }

  return g_test_run ();
}
