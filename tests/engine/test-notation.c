/* test-notation.c — the text notation of positions, actions and rules:
 * round trips over seeded random games of every preset, and bad inputs that
 * must give a PJ_ENGINE_ERROR and change nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-test-util.h"
#include "pj-engine-private.h"

/* ---- random positions ------------------------------------------------ */

typedef void (*PositionFunc) (const PjState *s, gpointer data);

/* Play seeded random games of every preset and layout and call `fn` on
 * every `every`-th position. */
static void
for_random_positions (guint        games,
                      guint        every,
                      PositionFunc fn,
                      gpointer     data)
{
  PjActionList list;
  PjRng pick;

  pj_action_list_init (&list);
  pj_rng_seed (&pick, 77);
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      for (guint game = 0; game < games; game++)
        {
          PjRules rules;
          PjState s;
          guint n = 0;

          pj_rules_preset (&rules, (PjPreset) p, players);
          if (players > 4 && game % 2 == 1)
            rules.teams = (guint8) (players / 2);
          pj_state_new_game (&s, &rules, 500 + game * 31 + players + p * 1000, -1);
          /* the first 1,500 actions of each game, or to its end */
          while (n < 1500)
            {
              if (n % every == 0 || pj_state_is_over (&s))
                fn (&s, data);
              if (pj_state_is_over (&s))
                break;
              pj_legal_actions (&s, &list);
              g_assert_cmpuint (list.n, >, 0);
              pj_state_apply (&s, &list.v[pj_rng_below (&pick, list.n)]);
              n++;
            }
        }
  pj_action_list_clear (&list);
}

static void
assert_same_state (const PjState *a,
                   const PjState *b)
{
  g_assert_true (memcmp (&a->rules, &b->rules, sizeof a->rules) == 0);
  g_assert_cmpuint (a->track_len, ==, b->track_len);
  g_assert_cmpuint (a->phase, ==, b->phase);
  g_assert_cmpuint (a->turn, ==, b->turn);
  g_assert_cmpuint (a->actor, ==, b->actor);
  g_assert_cmpuint (a->dealer, ==, b->dealer);
  g_assert_cmpuint (a->winner, ==, b->winner);
  g_assert_cmpuint (a->penalty_loser, ==, b->penalty_loser);
  g_assert_cmpuint (a->challenger, ==, b->challenger);
  g_assert_cmpuint (a->turn_number, ==, b->turn_number);
  g_assert_true (memcmp (&a->board, &b->board, sizeof a->board) == 0);
  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    {
      g_assert_cmpuint (a->hand_count[c], ==, b->hand_count[c]);
      g_assert_true (memcmp (a->hand[c], b->hand[c], a->hand_count[c]) == 0);
      g_assert_cmpuint (a->stuck[c], ==, b->stuck[c]);
      g_assert_cmpuint (a->extra_turns[c], ==, b->extra_turns[c]);
      g_assert_cmpuint (a->bluffs_caught[c], ==, b->bluffs_caught[c]);
      g_assert_cmpuint (a->honest_shown[c], ==, b->honest_shown[c]);
      g_assert_cmpuint (a->aces_out[c], ==, b->aces_out[c]);
      g_assert_cmpuint (a->others_out[c], ==, b->others_out[c]);
    }
  g_assert_cmpuint (a->n_cards, ==, b->n_cards);
  g_assert_cmpuint (a->n_stock, ==, b->n_stock);
  g_assert_cmpuint (a->n_discard, ==, b->n_discard);
  g_assert_true (memcmp (a->pile, b->pile, a->n_stock) == 0);
  g_assert_true (memcmp (a->pile + a->n_cards - a->n_discard, b->pile + b->n_cards - b->n_discard,
                         a->n_discard) == 0);
  g_assert_cmpuint (a->pending.kind, ==, b->pending.kind);
  if (a->pending.kind != PJ_ACTION_NONE)
    g_assert_true (pj_action_equal (&a->pending, &b->pending));
  g_assert_true (memcmp (&a->rng, &b->rng, sizeof a->rng) == 0);
}

static void
round_trip (const PjState *s,
            gpointer       data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *t1 = pj_position_to_string (s);
  g_autofree char *t2 = NULL;
  PjState back;
  guint *count = data;

  if (!pj_position_from_string (&back, t1, &error))
    g_test_message ("%s", t1);
  g_assert_no_error (error);
  t2 = pj_position_to_string (&back);
  g_assert_cmpstr (t1, ==, t2);
  assert_same_state (s, &back);
  /* and what one seat may see reads back too */
  {
    PjState view = *s;
    g_autofree char *v1 = NULL, *v2 = NULL;

    pj_state_redact (&view, (int) s->actor);
    v1 = pj_position_to_string (&view);
    if (!pj_position_from_string (&back, v1, &error))
      g_test_message ("%s", v1);
    g_assert_no_error (error);
    v2 = pj_position_to_string (&back);
    g_assert_cmpstr (v1, ==, v2);
  }
  (*count)++;
}

static void
test_position_round_trip (void)
{
  guint count = 0;

  for_random_positions (2, 7, round_trip, &count);
  g_test_message ("%u positions", count);
  g_assert_cmpuint (count, >, 1000);
}

/* "7 R1 r12-h2 xB3>s, R3 b4-b7" without hits, and with its parts swapped */
static char *
drop_hits (const char *text)
{
  g_auto (GStrv) w = g_strsplit (text, " ", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; w[i]; i++)
    {
      gboolean comma = g_str_has_suffix (w[i], ",");
      if (w[i][0] == 'x')
        {
          if (comma)
            g_string_append_c (out, ',');
          continue;
        }
      if (out->len)
        g_string_append_c (out, ' ');
      g_string_append (out, w[i]);
    }
  return g_string_free (out, FALSE);
}

static char *
swap_parts (const char *text)
{
  const char *comma = strstr (text, ", ");
  const char *space = strchr (text, ' ');

  if (comma == NULL || space == NULL || space > comma)
    return NULL;
  return g_strdup_printf ("%.*s %s, %.*s", (int) (space - text), text, comma + 2,
                          (int) (comma - space - 1), space + 1);
}

static void
parse_back (const PjState  *s,
            const char     *text,
            const PjAction *want)
{
  g_autoptr (GError) error = NULL;
  PjAction got;

  memset (&got, 0, sizeof got);
  if (!pj_action_from_string (s, text, &got, &error))
    {
      g_autofree char *pos = pj_position_to_string (s);
      g_test_message ("%s\ncould not read “%s”", pos, text);
    }
  g_assert_no_error (error);
  if (!pj_action_equal (&got, want))
    {
      g_autofree char *pos = pj_position_to_string (s);
      g_autofree char *got_text = pj_action_to_string (s, &got);
      g_test_message ("%s\n“%s” read as “%s”", pos, text, got_text);
    }
  g_assert_true (pj_action_equal (&got, want));
}

static void
actions_round_trip (const PjState *s,
                    gpointer       data)
{
  PjActionList list;
  guint *count = data;
  guint step;

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  /* at most about 12 actions a position: reading an action generates the list */
  step = list.n / 12 + 1;
  for (guint i = 0; i < list.n; i += step)
    {
      g_autofree char *text = pj_action_to_string (s, &list.v[i]);
      g_autofree char *bare = drop_hits (text);
      g_autofree char *swapped = swap_parts (text);
      g_autofree char *upper = g_ascii_strup (text, -1);

      parse_back (s, text, &list.v[i]);
      parse_back (s, bare, &list.v[i]);
      parse_back (s, upper, &list.v[i]);
      if (swapped)
        {
          g_autofree char *swapped_bare = drop_hits (swapped);
          const PjAction *want = &list.v[i];

          /* the other order may itself be a different legal action (other
           * hits, other placement): the order given wins */
          for (guint j = 0; j < list.n; j++)
            {
              g_autofree char *other = pj_action_to_string (s, &list.v[j]);
              g_autofree char *other_bare = drop_hits (other);
              if (strcmp (other_bare, swapped_bare) == 0)
                want = &list.v[j];
            }
          parse_back (s, swapped, want);
          parse_back (s, swapped_bare, want);
        }
      (*count)++;
    }
  pj_action_list_clear (&list);
}

static void
test_action_round_trip (void)
{
  guint count = 0;

  for_random_positions (1, 37, actions_round_trip, &count);
  g_test_message ("%u actions", count);
  g_assert_cmpuint (count, >, 1500);
}

static void
test_action_examples (void)
{
  PjState s;
  PjAction a;

  /* the examples of the notation's own documentation */
  pjt_load (&s, "rules basic players=4\npegs R r0 r10 s s s\npegs B r12 s s s s\nhand R 7 K\n");
  a = pjt_find (&s, "7 R1 r0-h2, R2 r10-r12 xB1>s");
  g_assert_cmpuint (a.n_steps, ==, 3);
  a = pjt_find (&s, "7 R2 r10-r12, R1 r0-h2");
  g_assert_cmpuint (a.n_steps, ==, 3);
  a = pjt_find (&s, "K R3 s-r8");
  g_assert_cmpuint (a.steps[0].to, ==, 8);
  a = pjt_find (&s, "  k   r3 S-R8 ");
  g_assert_cmpuint (a.steps[0].to, ==, 8);
}

/* ---- bad inputs -------------------------------------------------------- */

static void
assert_bad_position (const char *text,
                     int         code)
{
  g_autoptr (GError) error = NULL;
  PjState s, before;

  memset (&s, 0xab, sizeof s);
  before = s;
  g_assert_false (pj_position_from_string (&s, text, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == PJ_ENGINE_ERROR);
  if (code >= 0)
    g_assert_cmpint (error->code, ==, code);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_true (memcmp (&s, &before, sizeof s) == 0);
}

static void
test_bad_positions (void)
{
  const char *rules = "rules basic players=4\n";
  g_autofree char *overlong = NULL;
  GString *big = g_string_new (rules);

  assert_bad_position ("", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("hello world", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("\x01\x02\x03", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("pegs-and-jokers position 2\nrules basic\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("pegs R s s s s s\nrules basic\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nrules basic\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nfrobnicate 3\n", PJ_ENGINE_ERROR_PARSE);
  /* colours */
  assert_bad_position ("rules basic\npegs Z s s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs M s s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R z1 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R m1 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nturn Q\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\ndealer O\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nhand X 3\n", PJ_ENGINE_ERROR_PARSE);
  /* holes out of range */
  assert_bad_position ("rules basic\npegs R r18 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules pegoo\npegs R r20 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R h0 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R h6 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R r-1 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R r99999999999999999999 s s s s\n", PJ_ENGINE_ERROR_PARSE);
  /* too many or too few pegs, or two on one hole */
  assert_bad_position ("rules basic\npegs R s s s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R s s s s s\npegs R s s s s s\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\npegs R r5 r5 s s s\n", PJ_ENGINE_ERROR_INVARIANT);
  assert_bad_position ("rules basic\npegs R h2 h2 s s s\n", PJ_ENGINE_ERROR_INVARIANT);
  assert_bad_position ("rules basic\npegs R r5 s s s s\npegs B r5 s s s s\n", PJ_ENGINE_ERROR_INVARIANT);
  /* wrong card counts */
  assert_bad_position ("rules basic\nhand R JK JK JK JK JK JK JK\n", PJ_ENGINE_ERROR_INVARIANT);
  assert_bad_position ("rules basic\nhand R 2 2 2 2 2 2 2 2 2\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nhand R 3 Z\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nhand R 3\nstock 5 5\n", PJ_ENGINE_ERROR_INVARIANT);
  assert_bad_position ("rules basic\nstock ? 500\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nstock ? 3\n", PJ_ENGINE_ERROR_INVARIANT);
  /* other lines */
  assert_bad_position ("rules basic\nphase challenge B\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nphase over 3\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nphase sleeping\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nturn R 0\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nstuck R many\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules bluffing-joker\naces-out R 256\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules bluffing-joker\nothers-out R 1\nothers-out R 2\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nrng 0 0\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\nrng xyz 1\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules bluffing-joker\nphase challenge B\npending 7 R1 r1-r8\n", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  /* rule options */
  assert_bad_position ("rules basic frob=2\n", PJ_ENGINE_ERROR_INVALID_OPTION);
  assert_bad_position ("rules chess\n", PJ_ENGINE_ERROR_INVALID_OPTION);
  /* invalid UTF-8, overlong text */
  assert_bad_position ("rules basic\n# caf\xc3\x28\n", PJ_ENGINE_ERROR_PARSE);
  assert_bad_position ("rules basic\xff\n", PJ_ENGINE_ERROR_PARSE);
  while (big->len <= 65536)
    g_string_append (big, "# padding padding padding padding padding padding\n");
  overlong = g_string_free (big, FALSE);
  assert_bad_position (overlong, PJ_ENGINE_ERROR_PARSE);
  /* the same text but short is fine */
  {
    PjState s;
    pjt_load (&s, "rules basic\n# a comment\n\npegs R r5 s s s s   # trailing\nhand R 5\n");
    g_assert_cmpuint (s.board.peg[0][0], ==, 5);
  }
  (void) rules;
}

static void
assert_bad_action (const PjState *s,
                   const char    *text,
                   int            code)
{
  g_autoptr (GError) error = NULL;
  PjAction a, before;

  memset (&a, 0xcd, sizeof a);
  before = a;
  g_assert_false (pj_action_from_string (s, text, &a, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == PJ_ENGINE_ERROR);
  if (code >= 0)
    g_assert_cmpint (error->code, ==, code);
  g_assert_true (memcmp (&a, &before, sizeof a) == 0);
}

static void
test_bad_actions (void)
{
  PjState s;
  char *overlong = g_strnfill (300, '7');

  pjt_load (&s, "rules basic players=4\npegs R r10 r0 s s s\npegs B b5 s s s s\nhand R 7 5 JK\n");
  assert_bad_action (&s, "", PJ_ENGINE_ERROR_PARSE);
  assert_bad_action (&s, "   ", PJ_ENGINE_ERROR_PARSE);
  assert_bad_action (&s, overlong, PJ_ENGINE_ERROR_PARSE);
  assert_bad_action (&s, "5 R1 r10-r15\xff", PJ_ENGINE_ERROR_PARSE);
  assert_bad_action (&s, "7 R1 r10-r11, R2 r0-r1, R3 s-r8", PJ_ENGINE_ERROR_PARSE);
  assert_bad_action (&s, "5 R1 r10-r15 banana", PJ_ENGINE_ERROR_PARSE);
  /* well formed, not legal here */
  assert_bad_action (&s, "5 R1 r10-r16", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  assert_bad_action (&s, "6 R1 r10-r16", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  assert_bad_action (&s, "5 Z1 r10-r15", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  assert_bad_action (&s, "discard 5", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  assert_bad_action (&s, "7 R1 r10-r12, R1 r12-r17", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  assert_bad_action (&s, "challenge", PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  g_free (overlong);
  /* an action that is legal is not taken from another position by apply_checked */
  {
    PjState t;
    PjAction a = pjt_find (&s, "5 R1 r10-r15");
    g_autoptr (GError) error = NULL;

    pjt_load (&t, "rules basic players=4\npegs R r11 s s s s\nhand R 5\n");
    g_assert_false (pj_state_apply_checked (&t, &a, &error));
    g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION);
    g_assert_cmpuint (t.board.peg[0][0], ==, 11);
  }
}

/* ---- rules strings --------------------------------------------------------- */

static void
assert_bad_rules (const char *text,
                  const char *names)
{
  g_autoptr (GError) error = NULL;
  PjRules r, before;

  memset (&r, 0x5a, sizeof r);
  before = r;
  g_assert_false (pj_rules_from_string (&r, text, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION);
  if (strstr (error->message, names) == NULL)
    g_test_message ("“%s”: %s", text, error->message);
  g_assert_nonnull (strstr (error->message, names));
  g_assert_true (memcmp (&r, &before, sizeof r) == 0);
}

static void
test_rules_strings (void)
{
  assert_bad_rules ("basic players=4 frob=2", "frob");
  assert_bad_rules ("basic draw_first=maybe", "draw_first");
  assert_bad_rules ("basic players=7", "players");
  assert_bad_rules ("basic players=", "players");
  assert_bad_rules ("basic decks=5", "decks");
  assert_bad_rules ("basic holes_per_side=19", "holes_per_side");
  assert_bad_rules ("basic joker=wild", "joker");
  assert_bad_rules ("basic ten=eleven", "ten");
  assert_bad_rules ("basic count_turns=2", "count_turns");
  assert_bad_rules ("basic players=4 teams=3", "teams");
  assert_bad_rules ("basic stuck_pile=yes", "stuck_pile");
  assert_bad_rules ("bluffing-joker count_turns=3", "count_turns");
  assert_bad_rules ("basic decks", "decks");
  assert_bad_rules ("chess", "chess");
  assert_bad_rules ("", "preset");

  /* every preset, player count and single option change reads back */
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      for (guint o = 0; o < pj_option_count (); o++)
        {
          const PjOptionInfo *opt = pj_option_info (o);

          for (guint v = 0; opt->names[v]; v++)
            {
              PjRules r, back;
              g_autofree char *text = NULL;

              pj_rules_preset (&r, (PjPreset) p, players);
              ((guint8 *) &r)[opt->offset] = opt->values[v];
              if (!pj_rules_validate (&r, NULL))
                continue;
              text = pj_rules_to_string (&r);
              g_assert_true (pj_rules_from_string (&back, text, NULL));
              g_assert_true (memcmp (&r, &back, sizeof r) == 0);
            }
          {
            PjRules r;
            g_autofree char *text = NULL;

            pj_rules_preset (&r, (PjPreset) p, players);
            g_assert_cmpint (pj_rules_match_preset (&r), ==, (int) p);
            text = pj_rules_to_string (&r);
            g_assert_true (g_str_has_prefix (text, pj_preset_name ((PjPreset) p)));
          }
        }
}

/* BJ: every seat's view of a bluff awaiting challenges reads back, the
 * mover's included (it sees the card it laid face down; nobody else does),
 * with every seat's public tallies. */
static void
test_bluff_views_round_trip (void)
{
  PjRules rules;
  PjActionList list;
  PjRng pick;
  guint checked = 0;
  gboolean aces = FALSE, others = FALSE;

  pj_rules_preset (&rules, PJ_PRESET_BLUFFING_JOKER, 4);
  pj_action_list_init (&list);
  pj_rng_seed (&pick, 11);
  for (guint game = 0; game < 3; game++)
    {
      PjState s;

      pj_state_new_game (&s, &rules, 300 + game, -1);
      while (!pj_state_is_over (&s) && checked < 2000)
        {
          PjAction a;

          pj_legal_actions (&s, &list);
          a = s.phase == PJ_PHASE_CHALLENGE ? list.v[1] : list.v[pj_rng_below (&pick, list.n)];
          pj_state_apply (&s, &a);
          if (s.phase != PJ_PHASE_CHALLENGE)
            continue;
          /* the tallies of what seats declared out of start go along */
          aces |= s.aces_out[s.turn] > 0;
          others |= s.others_out[s.turn] > 0;
          for (int viewer = -1; viewer < (int) rules.players; viewer++)
            {
              g_autoptr (GError) error = NULL;
              g_autofree char *text = NULL;
              PjState view = s, back;

              pj_state_redact (&view, viewer);
              text = pj_position_to_string (&view);
              if (!pj_position_from_string (&back, text, &error))
                g_printerr ("viewer %d:\n%s\n", viewer, text);
              g_assert_no_error (error);
              assert_same_state (&view, &back);
              if (viewer == (int) s.turn)
                g_assert_cmpuint (view.pending.card, ==, s.pending.card);
              else
                g_assert_cmpuint (view.pending.card, ==, PJ_CARD_UNKNOWN);
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, >, 100);
  g_assert_true (aces && others);
  pj_action_list_clear (&list);
}

/* Every per-seat counter (pj_counter_lines: stuck, extra turns, the BJ
 * tallies) is written under its own key and read back into its own field:
 * one counter left out of the table, or two fields under one key, fails
 * here. */
static void
test_counter_lines (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  PjRules rules;
  PjState s, back;

  pj_rules_preset (&rules, PJ_PRESET_BLUFFING_JOKER, 4);
  pj_state_new_game (&s, &rules, 7, -1);
  for (guint k = 0; k < PJ_N_COUNTERS; k++)
    {
      guint8 *counts = G_STRUCT_MEMBER_P (&s, pj_counter_lines[k].offset);

      g_assert_nonnull (pj_counter_lines[k].key);
      g_assert_nonnull (pj_counter_lines[k].what);
      for (guint j = 0; j < k; j++)
        {
          g_assert_cmpstr (pj_counter_lines[j].key, !=, pj_counter_lines[k].key);
          g_assert_cmpuint (pj_counter_lines[j].offset, !=, pj_counter_lines[k].offset);
        }
      /* the seat after the one to move: a stuck count or extra turns of the
       * seat to move would not be a position between turns */
      counts[(s.turn + 1) % 4] = (guint8) (k + 1);
    }
  text = pj_position_to_string (&s);
  g_test_message ("%s", text);
  g_assert_true (pj_position_from_string (&back, text, &error));
  g_assert_no_error (error);
  for (guint k = 0; k < PJ_N_COUNTERS; k++)
    {
      const guint8 *counts = G_STRUCT_MEMBER_P (&back, pj_counter_lines[k].offset);
      g_autofree char *line = g_strdup_printf ("\n%s %c %u\n", pj_counter_lines[k].key,
                                               pj_colour_letter ((s.turn + 1) % 4), k + 1);

      g_assert_nonnull (strstr (text, line));
      g_assert_cmpuint (counts[(s.turn + 1) % 4], ==, k + 1);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/notation/position/round-trip", test_position_round_trip);
  g_test_add_func ("/notation/action/round-trip", test_action_round_trip);
  g_test_add_func ("/notation/action/examples", test_action_examples);
  g_test_add_func ("/notation/position/bad-input", test_bad_positions);
  g_test_add_func ("/notation/action/bad-input", test_bad_actions);
  g_test_add_func ("/notation/rules/options", test_rules_strings);
  g_test_add_func ("/notation/position/BJ-bluff-views", test_bluff_views_round_trip);
  g_test_add_func ("/notation/position/counters", test_counter_lines);

  return g_test_run ();
}
