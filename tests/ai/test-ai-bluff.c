/* test-ai-bluff.c — Bluffing Joker (RULES.md BJ): the computer players read
 * a bluff from the evidence their seat has, one test per kind of evidence.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai.h"
#include "pj-ai-private.h"
#include "pj-ai-bluffer.h"

#include <string.h>

static const PjAiBudget bj_hard = { .iterations = 2000, .threads = 2 };

static void
load (PjState    *s,
      const char *text)
{
  g_autoptr (GError) error = NULL;

  pj_position_from_string (s, text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (s->phase, ==, PJ_PHASE_CHALLENGE);
}

/* `text` with its one `from` made `to` */
static char *
edited (const char *text,
        const char *from,
        const char *to)
{
  g_auto (GStrv) parts = g_strsplit (text, from, -1);

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  return g_strjoinv (to, parts);
}

static PjActionKind
answer (const PjState *s,
        PjAiLevel      level,
        guint64        seed)
{
  PjAction a;

  g_assert_true (pj_ai_choose (s, level, level == PJ_AI_HARD ? &bj_hard : NULL, seed, &a, NULL));
  return a.kind;
}

static double
estimate (const PjState *s)
{
  PjAiView v;

  pj_ai_view_init (&v, s, s->actor);
  return pj_ai_bluff_probability (&v, s);
}

/* BJ, all copies seen: Red hits Blue's peg with a declared joker while
 * Yellow holds two jokers and the other four lie face up on the
 * discard pile (shown by earlier challenges). No joker is left for Red: the
 * declaration is a bluff. Yellow answers last (Blue let it pass), so
 * passing lets the move stand: both levels challenge. */
static const char all_seen[] =
  "pegs-and-jokers position 1\n"
  "rules bluffing-joker players=4\n"
  "dealer Y\n"
  "turn R 30\n"
  "phase challenge Y\n"
  "pegs R r9 s s s s\n"
  "pegs B b12 s s s s\n"
  "pegs G s s s s s\n"
  "pegs Y y5 s s s s\n"
  "hand R 2 4 4 5 6\n"
  "hand B 2 3 5 6 7\n"
  "hand G 2 4 4 5 6\n"
  "hand Y JK JK 4 5 6\n"
  "discard 5d JK JK JK JK\n"
  "pending 5=JK R2 s-b12 xB1>s\n";

static void
test_all_copies_seen (void)
{
  PjState s;

  load (&s, all_seen);
  g_assert_cmpfloat (estimate (&s), >, 0.99);
  g_assert_cmpint (answer (&s, PJ_AI_NORMAL, 1), ==, PJ_ACTION_CHALLENGE);
  for (guint64 seed = 1; seed <= 2; seed++)
    g_assert_cmpint (answer (&s, PJ_AI_HARD, seed), ==, PJ_ACTION_CHALLENGE);
}

/* BJ, could not come out honestly: Red has no peg in play and declares an
 * Ace to come out. Yellow, answering last, holds three Aces and a King, and
 * 43 come-out cards lie face up on the discard pile: 5 are left among the
 * cards Yellow cannot see, so Red most likely has none and then must bluff:
 * the estimate is far above what it is when none of those cards has been
 * seen. A wrong challenge costs Yellow its peg on y14; both levels
 * challenge. */
static const char come_out[] =
  "pegs-and-jokers position 1\n"
  "rules bluffing-joker players=4\n"
  "dealer Y\n"
  "turn R 30\n"
  "phase challenge Y\n"
  "pegs R s s s s s\n"
  "pegs B b5 s s s s\n"
  "pegs G g12 s s s s\n"
  "pegs Y y14 s s s s\n"
  "hand R 2 4 4 5 6\n"
  "hand B 2 3 5 6 7\n"
  "hand G 2 4 4 5 6\n"
  "hand Y A A A K 6\n"
  "discard 5d A A A A A A K K K K K K K K K K Q Q Q Q Q Q Q Q Q Q Q Q J J J J J J J J J J J J JK JK JK JK JK\n"
  "pending 5=A R1 s-r8\n";

/* the same, the come-out cards in the stock instead of face up */
static char *
come_out_unseen (void)
{
  return edited (come_out, strstr (come_out, "discard 5d"), "discard 5d\npending 5=A R1 s-r8\n");
}

static void
test_come_out (void)
{
  PjState s;

  g_autofree char *unseen = NULL;
  PjState plain;
  double p, p_plain;

  load (&s, come_out);
  unseen = come_out_unseen ();
  load (&plain, unseen);
  p = estimate (&s);
  p_plain = estimate (&plain);
  g_test_message ("estimate %.3f, with nothing seen %.3f", p, p_plain);
  g_assert_cmpfloat (p, >, 0.4);
  g_assert_cmpfloat (p, >, p_plain + 0.15);
  g_assert_cmpint (answer (&s, PJ_AI_NORMAL, 1), ==, PJ_ACTION_CHALLENGE);
  for (guint64 seed = 1; seed <= 2; seed++)
    g_assert_cmpint (answer (&s, PJ_AI_HARD, seed), ==, PJ_ACTION_CHALLENGE);
}

/* BJ, runs of extra turns: the rule book grants an extra turn for every
 * wrong challenge by a player with no peg in play, so they can follow one
 * another. The come-out bluff above, the come-out cards unseen and
 * Yellow's peg in start: on Red's turn normal challenges (a wrong challenge
 * costs only a turn); on Red's extra turn ("again 1") a wrong one would give
 * Red a third turn in a row, and the odds are not overwhelming, so neither
 * level challenges. */
static void
test_no_third_turn (void)
{
  g_autofree char *plain = come_out_unseen ();
  g_autofree char *no_peg = edited (plain, "pegs Y y14 s s s s\n", "pegs Y s s s s s\n");
  g_autofree char *text = edited (no_peg, "turn R 30\n", "turn R 30 again 1\n");
  g_autofree char *written = NULL;
  PjState first, s;
  double p;

  load (&first, no_peg);
  load (&s, text);
  g_assert_cmpuint (s.again, ==, 1);
  written = pj_position_to_string (&s);
  g_assert_nonnull (strstr (written, "turn R 30 again 1\n"));
  p = estimate (&s);
  g_test_message ("on Red's first turn %.3f, on its extra turn %.3f", estimate (&first), p);
  g_assert_cmpfloat (p, <, 0.9);
  /* on its first turn a wrong challenge costs only a turn: both challenge */
  g_assert_cmpint (answer (&first, PJ_AI_NORMAL, 1), ==, PJ_ACTION_CHALLENGE);
  g_assert_cmpint (answer (&s, PJ_AI_NORMAL, 1), ==, PJ_ACTION_PASS);
  for (guint64 seed = 1; seed <= 2; seed++)
    g_assert_cmpint (answer (&s, PJ_AI_HARD, seed), ==, PJ_ACTION_PASS);
}

/* BJ, runs of extra turns, judged on the board the move leaves: on Red's
 * extra turn, Red's declared Ace comes out onto Yellow's one peg in play
 * and sends it to start. A wrong challenge would cost Yellow a peg it no
 * longer has, so it would give Red a third turn in a row: neither level
 * challenges. With Yellow's peg out of the way, so that a wrong challenge
 * costs that peg and no turn, normal challenges the same bluff. */
static void
test_no_third_turn_bumped (void)
{
  g_autofree char *plain = come_out_unseen ();
  g_autofree char *again = edited (plain, "turn R 30\n", "turn R 30 again 1\n");
  g_autofree char *on_r8 = edited (again, "pegs Y y14 s s s s\n", "pegs Y r8 s s s s\n");
  g_autofree char *text = edited (on_r8, "pending 5=A R1 s-r8\n", "pending 5=A R1 s-r8 xY1>s\n");
  PjState clear, s;

  load (&clear, again);
  load (&s, text);
  g_test_message ("estimate %.3f, with Yellow's peg elsewhere %.3f", estimate (&s), estimate (&clear));
  g_assert_cmpfloat (estimate (&s), <, 0.9);
  g_assert_cmpint (answer (&clear, PJ_AI_NORMAL, 1), ==, PJ_ACTION_CHALLENGE);
  g_assert_cmpint (answer (&s, PJ_AI_NORMAL, 1), ==, PJ_ACTION_PASS);
  for (guint64 seed = 1; seed <= 2; seed++)
    g_assert_cmpint (answer (&s, PJ_AI_HARD, seed), ==, PJ_ACTION_PASS);
}

/* BJ, runs of extra turns, the challenger's: a caught bluff by a player with
 * no peg in play gives the challenger an extra turn. The come-out bluff
 * above (read as 0.78), which both levels challenge, but Yellow is owed an
 * extra turn already: catching it would give Yellow a second one, three
 * turns in a row, so neither level challenges. */
static void
test_no_third_turn_owed (void)
{
  g_autofree char *text = edited (come_out, "discard ", "extra Y 1\ndiscard ");
  PjState s;

  load (&s, text);
  g_assert_cmpuint (s.extra_turns[3], ==, 1);
  g_assert_cmpfloat (estimate (&s), <, 0.9);
  g_assert_cmpint (answer (&s, PJ_AI_NORMAL, 1), ==, PJ_ACTION_PASS);
  for (guint64 seed = 1; seed <= 2; seed++)
    g_assert_cmpint (answer (&s, PJ_AI_HARD, seed), ==, PJ_ACTION_PASS);
}

/* BJ, a seat's habit: the same declaration by a player caught bluffing twice
 * (and never shown honest) is more likely a bluff than by one never caught.
 * A habitual bluffer declares the furthest move: here the Eight back to
 * the home entry. */
static const char ordinary[] =
  "pegs-and-jokers position 1\n"
  "rules bluffing-joker players=4\n"
  "dealer Y\n"
  "turn R 30\n"
  "phase challenge B\n"
  "pegs R r9 s s s s\n"
  "pegs B b12 s s s s\n"
  "pegs G s s s s s\n"
  "pegs Y s s s s s\n"
  "hand R 2 3 4 5 6\n"
  "hand B 2 3 4 5 6\n"
  "hand G 2 3 4 5 6\n"
  "hand Y 2 3 4 5 6\n"
  "%s"
  "discard 10d\n"
  "pending %s\n";

#define FURTHEST "10=8 R1 r9-r1"

static void
test_caught_before (void)
{
  g_autofree char *fresh = g_strdup_printf (ordinary, "", FURTHEST);
  g_autofree char *twice = g_strdup_printf (ordinary, "caught R 2\n", FURTHEST);
  PjState a, b;
  double pa, pb;

  load (&a, fresh);
  load (&b, twice);
  g_assert_cmpuint (b.bluffs_caught[0], ==, 2);
  pa = estimate (&a);
  pb = estimate (&b);
  g_test_message ("never caught %.3f, caught twice %.3f", pa, pb);
  g_assert_cmpfloat (pb, >, pa + 0.05);
}

/* BJ, a seat's habit out of start: a habitual bluffer comes out with an
 * Ace, the rest with what they hold. The come-out Ace above, the cards
 * unseen, Yellow's peg on g1 (a wrong challenge costs it): by a seat with no
 * record normal lets it pass; by one that came out with Aces eight times
 * out of ten, it is far more likely a bluff and normal challenges; by one
 * that did twice, less likely than with no record. */
static void
test_aces_out (void)
{
  g_autofree char *unseen = come_out_unseen ();
  g_autofree char *plain = edited (unseen, "pegs Y y14 s s s s\n", "pegs Y g1 s s s s\n");
  g_autofree char *aces = edited (plain, "discard ", "aces-out R 8\nothers-out R 2\ndiscard ");
  g_autofree char *others = edited (plain, "discard ", "aces-out R 2\nothers-out R 8\ndiscard ");
  PjState a, o, p;
  double pa, po, pp;

  load (&a, aces);
  load (&o, others);
  load (&p, plain);
  g_assert_cmpuint (a.aces_out[0], ==, 8);
  g_assert_cmpuint (o.others_out[0], ==, 8);
  pa = estimate (&a);
  po = estimate (&o);
  pp = estimate (&p);
  g_test_message ("Aces 8 of 10 %.3f, 2 of 10 %.3f, no record %.3f", pa, po, pp);
  g_assert_cmpfloat (pa, >, pp + 0.15);
  g_assert_cmpfloat (po, <, pp);
  g_assert_cmpint (answer (&p, PJ_AI_NORMAL, 1), ==, PJ_ACTION_PASS);
  g_assert_cmpint (answer (&a, PJ_AI_NORMAL, 1), ==, PJ_ACTION_CHALLENGE);
  g_assert_cmpint (answer (&o, PJ_AI_NORMAL, 1), ==, PJ_ACTION_PASS);
}

/* BJ, what the declared move gains over what the hand could honestly do:
 * a habitual bluffer declares the furthest move (any card may be declared),
 * while an honest player plays the furthest only when the hand holds it.
 * By a seat caught bluffing twice, the Eight back to the home entry is more
 * likely a bluff than the Ten forward. By a seat with no record it is not:
 * the rest bluff seldom with a peg in play, and when they do, not the
 * furthest move more than another (measured: 1 % of normal's furthest
 * declarations were bluffs, 4.5 % of the others). */
static void
test_furthest (void)
{
  g_autofree char *far = g_strdup_printf (ordinary, "caught R 2\n", FURTHEST);
  g_autofree char *near = g_strdup_printf (ordinary, "caught R 2\n", "10 R1 r9-b1");
  g_autofree char *far_plain = g_strdup_printf (ordinary, "", FURTHEST);
  g_autofree char *near_plain = g_strdup_printf (ordinary, "", "10 R1 r9-b1");
  PjState a, b, c, d;
  double pf, pn, pf_plain, pn_plain;

  load (&a, far);
  load (&b, near);
  load (&c, far_plain);
  load (&d, near_plain);
  pf = estimate (&a);
  pn = estimate (&b);
  pf_plain = estimate (&c);
  pn_plain = estimate (&d);
  g_test_message ("caught twice: furthest %.3f, another %.3f; no record: %.3f, %.3f", pf, pn, pf_plain,
                  pn_plain);
  g_assert_cmpfloat (pf, >, 2 * pn);
  g_assert_cmpfloat (pf, >, pn + 0.2);
  g_assert_cmpfloat (pf_plain, <, 0.1);
  g_assert_cmpfloat (pn_plain, <, 0.1);
}

/* BJ: the engine keeps the tally the estimate reads, for every seat. */
static void
test_tally (void)
{
  g_autofree char *text = g_strdup_printf (ordinary, "", "10 R1 r9-b1");
  PjState s;
  PjActionList list;

  load (&s, text);
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  for (guint i = 0; i < list.n; i++)
    if (list.v[i].kind == PJ_ACTION_CHALLENGE)
      {
        pj_state_apply (&s, &list.v[i]);
        break;
      }
  pj_action_list_clear (&list);
  /* the ten was real */
  g_assert_cmpuint (s.honest_shown[0], ==, 1);
  g_assert_cmpuint (s.bluffs_caught[0], ==, 0);
}

/* BJ: with none of its pegs in play, what a seat declares is tallied, an
 * Ace or another rank, whatever the card; with a peg in play nothing is. */
static void
test_tally_out_of_start (void)
{
  static const char play[] =
    "pegs-and-jokers position 1\n"
    "rules bluffing-joker players=4\n"
    "dealer Y\n"
    "turn R 30\n"
    "pegs R s s s s s\n"
    "pegs B b12 s s s s\n"
    "pegs G s s s s s\n"
    "pegs Y s s s s s\n"
    "hand R 2 3 4 5 K 6\n"
    "hand B 2 3 4 5 6\n"
    "hand G 2 3 4 5 6\n"
    "hand Y 2 3 4 5 6\n"
    "discard 10d\n";
  /* declared, card: a bluffed Ace, a bluffed King, an honest King */
  const guint8 plays[][2] = { { PJ_CARD_ACE, 2 }, { PJ_CARD_KING, 2 }, { PJ_CARD_KING, PJ_CARD_KING } };

  for (guint k = 0; k < G_N_ELEMENTS (plays); k++)
    {
      g_autoptr (GError) error = NULL;
      PjActionList list;
      PjState s;
      gboolean found = FALSE;
      gboolean ace = plays[k][0] == PJ_CARD_ACE;

      pj_position_from_string (&s, play, &error);
      g_assert_no_error (error);
      s.aces_out[0] = 3;
      s.others_out[0] = 1;
      pj_action_list_init (&list);
      pj_legal_actions (&s, &list);
      for (guint i = 0; i < list.n && !found; i++)
        if (list.v[i].kind == PJ_ACTION_MOVE && list.v[i].declared == plays[k][0] && list.v[i].card == plays[k][1])
          {
            pj_state_apply (&s, &list.v[i]);
            found = TRUE;
          }
      pj_action_list_clear (&list);
      g_assert_true (found);
      g_assert_cmpuint (s.aces_out[0], ==, ace ? 4 : 3);
      g_assert_cmpuint (s.others_out[0], ==, ace ? 1 : 2);
      g_assert_cmpuint (s.aces_out[1] + s.others_out[1], ==, 0);
    }
  /* Blue, with a peg in play, declares: no tally */
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *turn = edited (play, "turn R 30\n", "turn B 30\n");
    g_autofree char *red = edited (turn, "hand R 2 3 4 5 K 6\n", "hand R 2 3 4 5 K\n");
    g_autofree char *blue = edited (red, "hand B 2 3 4 5 6\n", "hand B 2 3 4 5 6 7\n");
    PjActionList list;
    PjState s;

    pj_position_from_string (&s, blue, &error);
    g_assert_no_error (error);
    pj_action_list_init (&list);
    pj_legal_actions (&s, &list);
    g_assert_cmpuint (list.n, >, 0);
    g_assert_cmpint (list.v[0].kind, ==, PJ_ACTION_MOVE);
    pj_state_apply (&s, &list.v[0]);
    pj_action_list_clear (&list);
    g_assert_cmpuint (s.aces_out[1] + s.others_out[1], ==, 0);
  }
}

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

/* The tournament's bluffer (pj-ai-bluffer.h) plays legally on every preset:
 * two games each, the bluffer at every other seat and normal at the rest. */
static void
test_bluffer_legal (void)
{
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint g = 0; g < 2; g++)
      {
        PjRules rules;
        PjState s;
        guint decisions = 0;

        pj_rules_preset (&rules, (PjPreset) p, 4);
        pj_state_new_game (&s, &rules, 2400 + p * 2 + g, -1);
        while (!pj_state_is_over (&s) && decisions < 4000)
          {
            PjAction a;

            if (s.actor % 2 == g)
              g_assert_true (pj_ai_choose_bluffer (&s, &a));
            else
              g_assert_true (pj_ai_choose (&s, PJ_AI_NORMAL, NULL, decisions, &a, NULL));
            g_assert_true (is_legal (&s, &a));
            pj_state_apply (&s, &a);
            decisions++;
          }
        g_assert_cmpuint (decisions, >, 0);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/bluffing-joker/BJ/all-copies-seen", test_all_copies_seen);
  g_test_add_func ("/ai/bluffing-joker/BJ/come-out", test_come_out);
  g_test_add_func ("/ai/bluffing-joker/BJ/no-third-turn", test_no_third_turn);
  g_test_add_func ("/ai/bluffing-joker/BJ/no-third-turn-owed", test_no_third_turn_owed);
  g_test_add_func ("/ai/bluffing-joker/BJ/no-third-turn-bumped", test_no_third_turn_bumped);
  g_test_add_func ("/ai/bluffing-joker/BJ/caught-before", test_caught_before);
  g_test_add_func ("/ai/bluffing-joker/BJ/aces-out", test_aces_out);
  g_test_add_func ("/ai/bluffing-joker/BJ/furthest", test_furthest);
  g_test_add_func ("/ai/bluffing-joker/BJ/tally", test_tally);
  g_test_add_func ("/ai/bluffing-joker/BJ/tally-out-of-start", test_tally_out_of_start);
  g_test_add_func ("/ai/bluffer/legal", test_bluffer_legal);
  return g_test_run ();
}
