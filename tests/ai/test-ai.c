/* test-ai.c — the computer players: always legal, honest, deterministic, and
 * able to see a win in one and an obvious danger.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai.h"

#include <string.h>

static const PjAiBudget small_hard = { .iterations = 24, .time_ms = 0, .threads = 2 };

static gboolean
is_legal (const PjState  *s,
          const PjAction *a)
{
  PjActionList list;
  gboolean found = FALSE;

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n && !found; i++)
    found = pj_action_equal (&list.v[i], a);
  pj_action_list_clear (&list);
  return found;
}

static void
load (PjState    *s,
      const char *text)
{
  g_autoptr (GError) error = NULL;

  pj_position_from_string (s, text, &error);
  g_assert_no_error (error);
}

/* Every level returns a legal action in positions from seeded games of every
 * preset and table size (the games themselves are played by the levels in turn). */
static void
test_always_legal (gconstpointer data)
{
  PjPreset preset = GPOINTER_TO_UINT (data);
  guint checked = 0;

  for (guint players = 4; players <= 8; players += 2)
    for (guint layout = 0; layout < (players == 4 ? 1u : 2u); layout++)
      {
        PjRules rules;
        PjState s;
        guint decisions = 0;

        pj_rules_preset (&rules, preset, players);
        rules.teams = (guint8) (layout == 0 ? 2 : players / 2);
        g_assert_true (pj_rules_validate (&rules, NULL));
        pj_state_new_game (&s, &rules, 77 + players + layout + preset * 10, -1);
        /* one game each, capped so NC tens at 8 players stay fast */
        while (!pj_state_is_over (&s) && decisions < 400)
          {
            PjAction a, b;
            PjAiLevel mover = (PjAiLevel) (decisions % 2);   /* easy and normal play the game */

            g_assert_true (pj_ai_choose (&s, PJ_AI_EASY, NULL, decisions, &a, NULL));
            g_assert_true (is_legal (&s, &a));
            g_assert_true (pj_ai_choose (&s, PJ_AI_NORMAL, NULL, decisions, &b, NULL));
            g_assert_true (is_legal (&s, &b));
            checked += 2;
            if (decisions % 16 == 0)
              {
                PjAction h;
                g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &small_hard, decisions, &h, NULL));
                g_assert_true (is_legal (&s, &h));
                checked++;
              }
            pj_state_apply (&s, mover == PJ_AI_EASY ? &a : &b);
            g_assert_true (pj_state_check (&s, NULL));
            decisions++;
          }
      }
  g_test_message ("%s: %u choices checked", pj_preset_name (preset), checked);
  g_assert_cmpuint (checked, >, 1000);
}

/* Red's last two pegs go home with a split seven; Green (partner) is done. */
static const char win_in_one[] =
  "pegs-and-jokers position 1\n"
  "rules basic\n"
  "dealer Y\n"
  "turn R 80\n"
  "phase play\n"
  "pegs R r2 r0 h3 h4 h5\n"
  "pegs B s s s b12 y14\n"
  "pegs G h1 h2 h3 h4 h5\n"
  "pegs Y s s s y2 g10\n"
  "hand R 7 2 5 K 9 4\n"
  "hand B 3 3 3 3 3\n"
  "hand G 6 6 6 6 6\n"
  "hand Y 9 9 9 9 9\n";

static void
test_win_in_one (void)
{
  PjState s;

  load (&s, win_in_one);
  for (guint level = PJ_AI_NORMAL; level <= PJ_AI_HARD; level++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        PjAction a;
        PjState after = s;

        g_assert_true (pj_ai_choose (&s, level, NULL, seed, &a, NULL));
        pj_state_apply (&after, &a);
        g_assert_true (pj_state_is_over (&after));
        g_assert_cmpuint (after.winner, ==, 0);
      }
}

/* Red's only peg on the track, 61 holes on its way: a 4 lands ten in front of
 * Blue's peg (any 10, J, Q or K hits it), a 3 lands nine in front (only a 9). */
static const char avoid_hit[] =
  "pegs-and-jokers position 1\n"
  "rules basic\n"
  "dealer Y\n"
  "turn R 20\n"
  "phase play\n"
  "pegs R y6 s s s s\n"
  "pegs B y0 s s s s\n"
  "pegs G s s s s s\n"
  "pegs Y s s s s s\n"
  "hand R 3 4 3 4 3 4\n"
  "hand B 2 2 2 2 2\n"
  "hand G 6 6 6 6 6\n"
  "hand Y 9 9 9 9 9\n";

static void
test_avoid_hit (void)
{
  PjState s;

  load (&s, avoid_hit);
  for (guint level = PJ_AI_NORMAL; level <= PJ_AI_HARD; level++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        PjAction a;

        g_assert_true (pj_ai_choose (&s, level, NULL, seed, &a, NULL));
        g_assert_cmpuint (a.card, ==, 3);
      }
}

/* Shuffle every card the actor cannot see: other hands and the stock. */
static void
permute_hidden (PjState *s,
                guint64  seed)
{
  guint8 cards[PJ_MAX_CARDS];
  guint n = 0, k = 0;
  PjRng rng;

  pj_rng_seed (&rng, seed);
  for (guint seat = 0; seat < s->rules.players; seat++)
    if (seat != s->actor)
      for (guint j = 0; j < s->hand_count[seat]; j++)
        cards[n++] = s->hand[seat][j];
  for (guint i = 0; i < s->n_stock; i++)
    cards[n++] = s->pile[i];
  for (guint i = n; i > 1; i--)
    {
      guint j = pj_rng_below (&rng, i);
      guint8 t = cards[i - 1];
      cards[i - 1] = cards[j];
      cards[j] = t;
    }
  for (guint seat = 0; seat < s->rules.players; seat++)
    if (seat != s->actor)
      for (guint j = 0; j < s->hand_count[seat]; j++)
        s->hand[seat][j] = cards[k++];
  for (guint i = 0; i < s->n_stock; i++)
    s->pile[i] = cards[k++];
  pj_rng_seed (&s->rng, seed * 7 + 1);
}

/* A bot's choice depends only on what its seat may see. */
static void
test_permutation_invariance (void)
{
  const PjPreset presets[] = { PJ_PRESET_BASIC, PJ_PRESET_NORTH_CAROLINA, PJ_PRESET_BLUFFING_JOKER,
                               PJ_PRESET_ARIZONA };
  guint compared = 0;

  for (guint p = 0; p < G_N_ELEMENTS (presets); p++)
    {
      PjRules rules;
      PjState s;
      guint decisions = 0;

      pj_rules_preset (&rules, presets[p], 4);
      pj_state_new_game (&s, &rules, 500 + p, -1);
      while (!pj_state_is_over (&s) && decisions < 120)
        {
          PjAction a;

          if (decisions % 12 == 5)
            for (guint level = 0; level < PJ_AI_N_LEVELS; level++)
              {
                PjAction x, y;
                PjState other = s;

                permute_hidden (&other, decisions + level);
                g_assert_true (pj_ai_choose (&s, level, &small_hard, 99, &x, NULL));
                g_assert_true (pj_ai_choose (&other, level, &small_hard, 99, &y, NULL));
                g_assert_true (pj_action_equal (&x, &y));
                compared++;
              }
          g_assert_true (pj_ai_choose (&s, PJ_AI_NORMAL, NULL, decisions, &a, NULL));
          pj_state_apply (&s, &a);
          decisions++;
        }
    }
  g_assert_cmpuint (compared, >, 30);
}

/* Same seed, same choice; and the number of threads does not matter. */
static void
test_determinism (void)
{
  PjRules rules;
  PjState s;
  guint decisions = 0;
  const PjAiBudget one = { .iterations = 200, .threads = 1 };
  const PjAiBudget two = { .iterations = 200, .threads = 2 };

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  pj_state_new_game (&s, &rules, 31337, -1);
  while (!pj_state_is_over (&s) && decisions < 60)
    {
      PjAction a, b, c;

      if (decisions % 6 == 0)
        {
          g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &two, 5, &a, NULL));
          g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &two, 5, &b, NULL));
          g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &one, 5, &c, NULL));
          g_assert_true (pj_action_equal (&a, &b));
          g_assert_true (pj_action_equal (&a, &c));
          g_assert_true (pj_ai_choose (&s, PJ_AI_EASY, NULL, 5, &a, NULL));
          g_assert_true (pj_ai_choose (&s, PJ_AI_EASY, NULL, 5, &b, NULL));
          g_assert_true (pj_action_equal (&a, &b));
        }
      g_assert_true (pj_ai_choose (&s, PJ_AI_NORMAL, NULL, 0, &a, NULL));
      pj_state_apply (&s, &a);
      decisions++;
    }
}

static void
test_hint (void)
{
  PjState s;
  PjAction a;
  PjHint hint = { PJ_N_HINT_REASONS };

  load (&s, win_in_one);
  g_assert_true (pj_ai_hint_reason (&s, &a, &hint, NULL));
  g_assert_true (is_legal (&s, &a));
  g_assert_cmpint (hint.reason, ==, PJ_HINT_INTO_HOME);

  load (&s, avoid_hit);
  hint.reason = PJ_N_HINT_REASONS;
  g_assert_true (pj_ai_hint_reason (&s, &a, &hint, NULL));
  g_assert_true (is_legal (&s, &a));
  g_assert_cmpint (hint.reason, <, PJ_N_HINT_REASONS);
}

/* Bluffing Joker (RULES.md BJ): Red has declared a ten for an ordinary move
 * far from everyone. Blue, to answer first, has no peg in play, so a wrong
 * challenge hands Red an extra turn, and has seen no ten: with 12 tens in
 * the decks a ten is very likely real. Challenging is clearly wrong. */
static const char bj_challenge_wrong[] =
  "pegs-and-jokers position 1\n"
  "rules bluffing-joker players=4\n"
  "dealer Y\n"
  "turn R 30\n"
  "phase challenge B\n"
  "pegs R r9 s s s s\n"
  "pegs B s s s s s\n"
  "pegs G s s s s s\n"
  "pegs Y s s s s s\n"
  "hand R 2 3 4 5 6\n"
  "hand B 2 3 4 5 6\n"
  "hand G 2 3 4 5 6\n"
  "hand Y 2 3 4 5 6\n"
  "discard 10d\n"
  "pending 10 R1 r9-b1\n";

/* The same move declared as a three; Blue has let it pass, and all twelve
 * threes are in Yellow's hand and face up on the discard pile: it must be a
 * bluff (the card is a 5), and Yellow answers last. */
static const char bj_challenge_right[] =
  "pegs-and-jokers position 1\n"
  "rules bluffing-joker players=4\n"
  "dealer Y\n"
  "turn R 30\n"
  "phase challenge Y\n"
  "pegs R r9 s s s s\n"
  "pegs B s s s s s\n"
  "pegs G s s s s s\n"
  "pegs Y y12 s s s s\n"
  "hand R 2 4 4 5 6\n"
  "hand B 2 4 4 5 6\n"
  "hand G 2 4 4 5 6\n"
  "hand Y 3 3 3 3 3\n"
  "discard 5d 3 3 3 3 3 3 3\n"
  "pending 5=3 R1 r9-r12\n";

/* Red's last peg goes home with the declared six, and Green (partner) is
 * done: the move wins the game. Blue's best peg is almost home, so by the
 * one-ply weighing a challenge risks far more than it wins (a six is likely
 * real, and a wrong challenge sends that peg back). Searching sees that
 * passing loses at once and a challenge is the only chance. */
static const char bj_challenge_last_chance[] =
  "pegs-and-jokers position 1\n"
  "rules bluffing-joker players=4\n"
  "dealer Y\n"
  "turn R 200\n"
  "phase challenge B\n"
  "pegs R r2 h2 h3 h4 h5\n"
  "pegs B b0 s s s s\n"
  "pegs G h1 h2 h3 h4 h5\n"
  "pegs Y y0 s s s s\n"
  "hand R 3 4 5 6 7\n"
  "hand B 3 4 5 6 7\n"
  "hand G 3 4 5 6 7\n"
  "hand Y 3 4 5 6 7\n"
  "discard 2d\n"
  "pending 2 R1 r2-h1\n";

static PjActionKind
bj_answer (const char       *position,
           PjAiLevel         level,
           const PjAiBudget *budget,
           guint64           seed)
{
  PjState s;
  PjAction a;

  load (&s, position);
  g_assert_cmpuint (s.phase, ==, PJ_PHASE_CHALLENGE);
  g_assert_true (pj_ai_choose (&s, level, budget, seed, &a, NULL));
  g_assert_true (is_legal (&s, &a));
  return a.kind;
}

static const PjAiBudget bj_hard = { .iterations = 2000, .threads = 2 };

static void
test_bj_challenge_wrong (void)
{
  g_assert_cmpint (bj_answer (bj_challenge_wrong, PJ_AI_NORMAL, NULL, 1), ==, PJ_ACTION_PASS);
  for (guint64 seed = 1; seed <= 3; seed++)
    g_assert_cmpint (bj_answer (bj_challenge_wrong, PJ_AI_HARD, &bj_hard, seed), ==,
                     PJ_ACTION_PASS);
}

static void
test_bj_challenge_right (void)
{
  g_assert_cmpint (bj_answer (bj_challenge_right, PJ_AI_NORMAL, NULL, 1), ==, PJ_ACTION_CHALLENGE);
  for (guint64 seed = 1; seed <= 3; seed++)
    g_assert_cmpint (bj_answer (bj_challenge_right, PJ_AI_HARD, &bj_hard, seed), ==,
                     PJ_ACTION_CHALLENGE);
}

/* Hard searches its challenges rather than asking the heuristic: it differs
 * from normal where only looking ahead shows the game is lost by passing. */
static void
test_bj_challenge_searched (void)
{
  g_assert_cmpint (bj_answer (bj_challenge_last_chance, PJ_AI_NORMAL, NULL, 1), ==,
                   PJ_ACTION_PASS);
  for (guint64 seed = 1; seed <= 3; seed++)
    g_assert_cmpint (bj_answer (bj_challenge_last_chance, PJ_AI_HARD, &bj_hard, seed), ==,
                     PJ_ACTION_CHALLENGE);
}

static void
test_levels (void)
{
  PjAiLevel l;

  for (guint i = 0; i < PJ_AI_N_LEVELS; i++)
    {
      g_assert_true (pj_ai_level_from_string (pj_ai_level_name (i), &l));
      g_assert_cmpuint (l, ==, i);
    }
  g_assert_false (pj_ai_level_from_string ("no-such-level", &l));
  g_assert_false (pj_ai_level_from_string (NULL, &l));
}

/* North Carolina: the playouts leave the ten's splits out on most plies (a
 * choice drawn from the playout dice), which must stay the same for one or
 * two threads. */
static void
test_determinism_ten_split (void)
{
  PjRules rules;
  PjState s;
  guint decisions = 0, checked = 0;
  const PjAiBudget one = { .iterations = 60, .threads = 1 };
  const PjAiBudget two = { .iterations = 60, .threads = 2 };

  pj_rules_preset (&rules, PJ_PRESET_NORTH_CAROLINA, 4);
  g_assert_cmpuint (rules.ten, ==, PJ_TEN_SPLIT_ANY);
  pj_state_new_game (&s, &rules, 4242, -1);
  while (!pj_state_is_over (&s) && decisions < 40)
    {
      PjAction a, b, c;

      if (decisions % 4 == 0)
        {
          g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &two, 9, &a, NULL));
          g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &two, 9, &b, NULL));
          g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &one, 9, &c, NULL));
          g_assert_true (is_legal (&s, &a));
          g_assert_true (pj_action_equal (&a, &b));
          g_assert_true (pj_action_equal (&a, &c));
          checked++;
        }
      g_assert_true (pj_ai_choose (&s, PJ_AI_NORMAL, NULL, 0, &a, NULL));
      pj_state_apply (&s, &a);
      decisions++;
    }
  g_assert_cmpuint (checked, ==, 10);
}

/* Basic 8p, four teams: Green and Turquoise have nine pegs home and Green's
 * last on the track; Blue's peg is further round, but Blue and Purple have
 * nine in start. Red's 5 hits either. Normal takes the bigger peg (Blue's:
 * a lead over the teams' average); hard hits the team about to win. */
static const char leader_8p[] =
  "pegs-and-jokers position 1\n"
  "rules basic players=8 teams=4\n"
  "dealer M\n"
  "turn R 200\n"
  "phase play\n"
  "pegs R o5 y5 h3 h4 h5\n"
  "pegs B o10 s s s s\n"
  "pegs G y10 h2 h3 h4 h5\n"
  "pegs Y s s s s s\n"
  "pegs O h1 h2 h3 h4 h5\n"
  "pegs P s s s s s\n"
  "pegs T h1 h2 h3 h4 h5\n"
  "pegs M s s s s s\n"
  "hand R 5 5 5 5 5\n";

static void
assert_action (const PjState  *s,
               const PjAction *a,
               const char     *expected)
{
  g_autofree char *text = pj_action_to_string (s, a);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_hits_the_leader (void)
{
  const PjAiBudget app_8p = { .iterations = 1500, .threads = 1 };
  PjState s;
  PjAction a;

  load (&s, leader_8p);
  g_assert_true (pj_ai_choose (&s, PJ_AI_NORMAL, NULL, 1, &a, NULL));
  assert_action (&s, &a, "5 R1 o5-o10 xB1>s");
  for (guint seed = 1; seed <= 3; seed++)
    {
      g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &app_8p, seed, &a, NULL));
      assert_action (&s, &a, "5 R2 y5-y10 xG1>s");
    }
}

/* The game review's ratings: the winning move first with a sure win, the
 * played move always among them, best first, the same twice. */
static void
test_rate_actions (void)
{
  const PjAiBudget budget = { .iterations = 120, .threads = 2 };
  PjState s;
  PjActionList list;
  PjAiRating r[4], again[4];
  PjAction win;
  guint n, n2, worst = 0;

  load (&s, win_in_one);
  g_assert_true (pj_ai_choose (&s, PJ_AI_HARD, &small_hard, 1, &win, NULL));
  {
    PjState after = s;
    pj_state_apply (&after, &win);
    g_assert_true (pj_state_is_over (&after));
  }
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  /* a move that does not win: any other than the winner */
  for (guint i = 0; i < list.n; i++)
    if (!pj_action_equal (&list.v[i], &win))
      worst = i;
  n = pj_ai_rate_actions (&s, &budget, 3, &list.v[worst], r, G_N_ELEMENTS (r), NULL);
  n2 = pj_ai_rate_actions (&s, &budget, 3, &list.v[worst], again, G_N_ELEMENTS (again), NULL);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (r));
  g_assert_cmpuint (n, ==, n2);
  g_assert_true (pj_action_equal (&r[0].action, &win));
  g_assert_cmpfloat (r[0].win, ==, 1.0);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (pj_action_equal (&r[i].action, &again[i].action));
      g_assert_cmpfloat (r[i].win, ==, again[i].win);
      if (i > 0)
        g_assert_cmpfloat (r[i].win, <=, r[i - 1].win);
    }
  {
    gboolean played = FALSE;
    for (guint i = 0; i < n; i++)
      played |= pj_action_equal (&r[i].action, &list.v[worst]);
    g_assert_true (played);
  }
  pj_action_list_clear (&list);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      g_autofree char *path = g_strdup_printf ("/ai/legal/%s", pj_preset_name (p));
      g_test_add_data_func (path, GUINT_TO_POINTER (p), test_always_legal);
    }
  g_test_add_func ("/ai/hard/win-in-one", test_win_in_one);
  g_test_add_func ("/ai/hard/avoid-hit", test_avoid_hit);
  g_test_add_func ("/ai/hard/hits-the-leader", test_hits_the_leader);
  g_test_add_func ("/ai/honesty/permutation", test_permutation_invariance);
  g_test_add_func ("/ai/determinism", test_determinism);
  g_test_add_func ("/ai/hint", test_hint);
  g_test_add_func ("/ai/levels", test_levels);
  g_test_add_func ("/ai/determinism/ten-split", test_determinism_ten_split);
  g_test_add_func ("/ai/hard/rate-actions", test_rate_actions);
  g_test_add_func ("/ai/bluffing-joker/challenge-wrong", test_bj_challenge_wrong);
  g_test_add_func ("/ai/bluffing-joker/challenge-right", test_bj_challenge_right);
  g_test_add_func ("/ai/bluffing-joker/challenge-searched", test_bj_challenge_searched);
  return g_test_run ();
}
