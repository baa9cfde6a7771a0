/* pj-ai.c — the computer players' entry points: levels, choose, hint
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *const level_names[PJ_AI_N_LEVELS] = { "easy", "normal", "hard" };

const char *
pj_ai_level_name (PjAiLevel level)
{
  return level < PJ_AI_N_LEVELS ? level_names[level] : "unknown";
}

gboolean
pj_ai_level_from_string (const char *name, PjAiLevel *out)
{
  for (guint i = 0; name && i < PJ_AI_N_LEVELS; i++)
    if (g_ascii_strcasecmp (name, level_names[i]) == 0)
      {
        *out = (PjAiLevel) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
pj_ai_choose (const PjState *state, PjAiLevel level, const PjAiBudget *budget,
              guint64 seed, PjAction *out)
{
  PjState view = *state;
  PjActionList list;
  gboolean ok = TRUE;

  /* first thing: forget what this seat may not see */
  pj_state_redact (&view, view.actor);

  if (level == PJ_AI_HARD)
    return pj_ai_choose_hard (&view, budget, seed, out);

  pj_action_list_init (&list);
  pj_legal_actions (&view, &list);
  if (list.n == 0)
    ok = FALSE;
  else if (list.n == 1)
    *out = list.v[0];
  else if (level == PJ_AI_EASY)
    {
      PjRng rng;
      pj_rng_seed (&rng, seed);
      *out = list.v[pj_rng_below (&rng, list.n)];
    }
  else
    {
      PjAiView v;
      pj_ai_view_init (&v, &view, view.actor);
      *out = list.v[pj_ai_best_normal (&v, &view, &list, NULL)];
    }
  pj_action_list_clear (&list);
  return ok;
}

/* ---- hints ------------------------------------------------------------ */

static gboolean
hand_has (const PjState *s, guint seat, guint card)
{
  for (guint k = 0; k < s->hand_count[seat]; k++)
    if (PJ_CARD_RANK (s->hand[seat][k]) == card)
      return TRUE;
  return FALSE;
}

/* The colour's name as the app translates it (the model's “peg colour” context) */
static const char *
colour_name (guint colour)
{
  return g_dpgettext2 (NULL, "peg colour", pj_colour_name (colour));
}

static char *
describe (const PjState *s, const PjAction *a)
{
  const PjRules *r = &s->rules;
  guint team = pj_team_of (r, s->actor);
  gboolean into_home = FALSE, from_start = FALSE, partner_in_spot = FALSE, on_partner_come_out = FALSE;

  switch (a->kind)
    {
    case PJ_ACTION_CHALLENGE:
      return g_strdup (_("Few of the declared cards are left unseen: it is probably a bluff"));
    case PJ_ACTION_PASS:
      return g_strdup (_("The declared card is likely real, and a wrong challenge costs a peg"));
    case PJ_ACTION_PENALTY:
      /* Translators: %s is a peg colour (“Blue”) */
      return g_strdup_printf (_("Sends the most advanced %s peg back to start"),
                              colour_name (s->penalty_loser));
    case PJ_ACTION_DISCARD:
      if (a->card != PJ_CARD_JOKER && hand_has (s, s->turn, PJ_CARD_JOKER))
        return g_strdup (_("Keeps your joker for a double play"));
      return g_strdup (_("No card can move a peg: discards the least useful card"));
    case PJ_ACTION_FREE_COME_OUT:
      return g_strdup (_("Uses the counting privilege to bring a peg out for free"));
    default:
      break;
    }

  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      guint c = PJ_PEG_COLOUR (st->peg);

      if ((st->flags & (PJ_STEP_HIT | PJ_STEP_SEND)) && st->to == PJ_POS_START
          && pj_team_of (r, c) != team)
        /* Translators: %s is a peg colour (“Blue”) */
        return g_strdup_printf (_("Sends a %s peg back to start"), colour_name (c));
      if ((st->flags & PJ_STEP_HIT) && pj_team_of (r, c) == team)
        partner_in_spot = TRUE;
      if (!(st->flags & PJ_STEP_HIT) && PJ_POS_IS_HOME (st->to) && !PJ_POS_IS_HOME (st->from))
        into_home = TRUE;
      if (!(st->flags & PJ_STEP_HIT) && st->from == PJ_POS_START)
        from_start = TRUE;
      for (guint pc = 0; pc < r->players; pc++)
        if (pc != c && pj_team_of (r, pc) == team && st->to == pj_come_out_hole (r, pc)
            && s->board.n_start[pc] > 0)
          on_partner_come_out = TRUE;
    }
  if (r->bluffing && a->card != a->declared)
    /* Translators: %s is a card in the game's notation: A, 2 … 10, J, Q, K or JK */
    return g_strdup_printf (_("Bluffs: declares %s for a much better move"), pj_card_to_string (a->declared));
  if (partner_in_spot && into_home)
    return g_strdup (_("Sends a team peg to its in-spot and on into home"));
  if (partner_in_spot)
    return g_strdup (_("Sends a team peg ahead to its in-spot"));
  if (into_home)
    return g_strdup (_("Brings a peg home"));
  if (from_start)
    return g_strdup (_("Brings a new peg into play"));
  if (on_partner_come_out)
    return g_strdup (_("Waits on a partner’s come-out hole for a home run"));
  if (a->card != PJ_CARD_JOKER && hand_has (s, s->turn, PJ_CARD_JOKER))
    return g_strdup (_("Keeps your joker for a double play"));
  if (a->n_steps > 0 && (a->steps[0].flags & PJ_STEP_BACK))
    return g_strdup (_("Moves backwards to just short of home"));
  if (a->n_steps == 2 && (a->steps[0].flags & PJ_STEP_SWAP))
    return g_strdup (_("Swaps pegs to gain ground for your team"));
  return g_strdup (_("Makes the most safe progress for your team"));
}

gboolean
pj_ai_hint (const PjState *state, PjAction *out, char **reason)
{
  PjState view = *state;

  pj_state_redact (&view, view.actor);
  if (!pj_ai_choose (&view, PJ_AI_HARD, NULL, view.turn_number, out))
    return FALSE;
  if (reason)
    *reason = describe (&view, out);
  return TRUE;
}
