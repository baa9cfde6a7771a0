/* pj-notation-position-write.c — a position as text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

static const char *const phase_names[] = { "play", "challenge", "penalty", "over" };

static void
append_cards (GString      *out,
              const guint8 *cards,
              guint         n)
{
  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, pj_card_to_string (PJ_CARD_RANK (cards[i])));
      if (cards[i] & PJ_CARD_FACE_DOWN)
        g_string_append_c (out, 'd');
      if (cards[i] & PJ_CARD_STUCK_PILE)
        g_string_append_c (out, 'u');
    }
}

/*
 * pegs-and-jokers position 1
 * rules basic players=4
 * dealer R
 * turn B 12               seat to move, turn number
 * phase play              play | challenge SEAT | penalty SEAT LOSER CHALLENGER | over TEAM
 * pegs R s s s r12 h5     five per colour, peg 1 first
 * hand R 7 K JK 5 5 2     "?" for a card the viewer cannot see
 * stuck R 2               turns in a row with no legal play (only if not 0)
 * extra R 1               extra turns owed (Bluffing Joker; only if not 0)
 * discard 7 K 3d 5u       top first; d = face down, u = on the unable-to-play pile
 * stock 9 K A ...         top first; or "stock ? 140" when unknown, or omitted
 * pending 7=5 R1 r12-r17  Bluffing Joker: the move awaiting challenges
 * rng 0123abcd... 89ef... the reshuffle generator's state
 *
 * Reading takes each item once (pegs, hand, stuck and extra once per colour)
 * and refuses, naming the line, a position no game can reach: two pegs on a
 * hole, more cards of a rank than the decks hold, cards that do not add up to
 * the decks, a hand larger than the point of the turn allows (or, when every
 * hand is given, of another size), a player to move without a card, a phase
 * or pending move out of place. Hands left out are empty, so a hand-made
 * position may name only the cards that matter.
 */
char *
pj_position_to_string (const PjState *s)
{
  GString *out = g_string_sized_new (1024);
  g_autofree char *rules = pj_rules_to_string (&s->rules);
  gboolean stock_known = TRUE;

  g_string_append (out, "pegs-and-jokers position 1\n");
  g_string_append_printf (out, "rules %s\n", rules);
  g_string_append_printf (out, "dealer %c\n", pj_colour_letter (s->dealer));
  g_string_append_printf (out, "turn %c %u", pj_colour_letter (s->turn), s->turn_number);
  if (s->again)
    g_string_append_printf (out, " again %u", s->again);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "phase %s", phase_names[MIN (s->phase, 3)]);
  if (s->phase == PJ_PHASE_CHALLENGE)
    g_string_append_printf (out, " %c", pj_colour_letter (s->actor));
  else if (s->phase == PJ_PHASE_PENALTY)
    g_string_append_printf (out, " %c %c %c", pj_colour_letter (s->actor),
                            pj_colour_letter (s->penalty_loser), pj_colour_letter (s->challenger));
  else if (s->phase == PJ_PHASE_OVER)
    g_string_append_printf (out, " %u", s->winner + 1u);
  g_string_append_c (out, '\n');
  for (guint c = 0; c < s->rules.players; c++)
    {
      g_string_append (out, "pegs ");
      g_string_append_c (out, pj_colour_letter (c));
      for (guint i = 0; i < PJ_PEGS; i++)
        {
          g_string_append_c (out, ' ');
          pj_notation_append_pos (out, s, s->board.peg[c][i]);
        }
      g_string_append_c (out, '\n');
    }
  for (guint c = 0; c < s->rules.players; c++)
    {
      g_string_append (out, "hand ");
      g_string_append_c (out, pj_colour_letter (c));
      append_cards (out, s->hand[c], s->hand_count[c]);
      g_string_append_c (out, '\n');
    }
  for (guint k = 0; k < PJ_N_COUNTERS; k++)
    {
      const guint8 *counts = G_STRUCT_MEMBER_P (s, pj_counter_lines[k].offset);

      for (guint c = 0; c < s->rules.players; c++)
        if (counts[c])
          g_string_append_printf (out, "%s %c %u\n", pj_counter_lines[k].key, pj_colour_letter (c), counts[c]);
    }
  g_string_append (out, "discard");
  append_cards (out, &s->pile[s->n_cards - s->n_discard], s->n_discard);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < s->n_stock; i++)
    stock_known &= PJ_CARD_RANK (s->pile[i]) != PJ_CARD_UNKNOWN;
  if (stock_known)
    {
      g_string_append (out, "stock");
      for (guint i = s->n_stock; i > 0; i--)
        {
          g_string_append_c (out, ' ');
          g_string_append (out, pj_card_to_string (PJ_CARD_RANK (s->pile[i - 1])));
        }
      g_string_append_c (out, '\n');
    }
  else
    g_string_append_printf (out, "stock ? %u\n", s->n_stock);
  if (s->pending.kind != PJ_ACTION_NONE)
    {
      g_autofree char *p = pj_action_to_string (s, &s->pending);
      g_string_append_printf (out, "pending %s\n", p);
    }
  g_string_append_printf (out, "rng %016" G_GINT64_MODIFIER "x %016" G_GINT64_MODIFIER "x\n",
                          s->rng.s[0], s->rng.s[1]);
  return g_string_free (out, FALSE);
}

