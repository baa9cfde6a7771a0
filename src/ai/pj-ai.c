/* pj-ai.c — the computer players' entry points: levels, choose, hint
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-private.h"

#include <string.h>

/* Bluffing Joker for the easy player: most of its random plays would be
 * bluffs (one copy of every move per card in hand) and half its answers
 * challenges, each wrong one an extra turn when it has no peg in play. A
 * beginner mostly declares the card it plays and challenges now and then. */
static void
easy_bluffing (const PjState      *s,
               const PjActionList *list,
               PjRng              *rng,
               PjAction           *out)
{
  if (s->phase == PJ_PHASE_CHALLENGE)
    {
      gboolean in_play = FALSE;
      guint kind;

      for (guint i = 0; i < PJ_PEGS; i++)
        in_play |= PJ_POS_IS_TRACK (s->board.peg[s->actor][i]);
      kind = in_play && pj_rng_below (rng, 16) == 0 ? PJ_ACTION_CHALLENGE : PJ_ACTION_PASS;
      for (guint i = 0; i < list->n; i++)
        if (list->v[i].kind == kind)
          *out = list->v[i];
      return;
    }
  if (out->kind == PJ_ACTION_MOVE && out->card != out->declared && pj_rng_below (rng, 16) != 0)
    {
      /* the same way of choosing among the honest plays */
      guint honest = 0, pick;

      for (guint i = 0; i < list->n; i++)
        honest += list->v[i].kind == PJ_ACTION_MOVE && list->v[i].card == list->v[i].declared;
      if (honest == 0)
        return;
      pick = pj_rng_below (rng, honest);
      for (guint i = 0; i < list->n; i++)
        if (list->v[i].kind == PJ_ACTION_MOVE && list->v[i].card == list->v[i].declared
            && pick-- == 0)
          *out = list->v[i];
    }
}

gboolean
pj_ai_choose (const PjState    *state,
              PjAiLevel         level,
              const PjAiBudget *budget,
              guint64           seed,
              PjAction         *out,
              const PjAiCancel *cancel)
{
  PjState view = *state;
  PjActionList list;
  gboolean ok = TRUE;

  /* first thing: forget what this seat may not see */
  pj_state_redact (&view, view.actor);

  if (level == PJ_AI_HARD)
    return pj_ai_choose_hard (&view, budget, seed, out, cancel);

  pj_action_list_init (&list);
  pj_legal_actions (&view, &list);
  if (list.n == 0)
    ok = FALSE;
  else if (list.n == 1)
    *out = list.v[0];
  else
    /* no default: a new level without its case does not build (-Werror=switch) */
    switch (level)
      {
      case PJ_AI_EASY:
        {
          PjRng rng;
          pj_rng_seed (&rng, seed);
          *out = list.v[pj_rng_below (&rng, list.n)];
          if (view.rules.bluffing)
            easy_bluffing (&view, &list, &rng, out);
        }
        break;
      case PJ_AI_NORMAL:
        {
          PjAiView v;
          pj_ai_view_init (&v, &view, view.actor);
          *out = list.v[pj_ai_best_normal (&v, &view, &list, NULL)];
        }
        break;
      case PJ_AI_HARD:      /* searched above, before the list */
      case PJ_AI_N_LEVELS:
        g_warn_if_reached ();
        ok = FALSE;
        break;
      }
  pj_action_list_clear (&list);
  return ok;
}

double
pj_ai_bluff_estimate (const PjState    *state,
                      PjAiBluffReading *reading)
{
  PjState view = *state;
  PjAiView v;

  g_return_val_if_fail (state->phase == PJ_PHASE_CHALLENGE, 0.0);
  pj_state_redact (&view, view.actor);
  pj_ai_view_init (&v, &view, view.actor);
  return pj_ai_bluff_reading (&v, &view, reading);
}

gboolean
pj_ai_choose_normal_weighted (const PjState     *state,
                              const PjAiWeights *w,
                              PjAction          *out)
{
  PjState view = *state;
  PjActionList list;
  PjAiView v;
  gboolean ok;

  pj_state_redact (&view, view.actor);
  pj_action_list_init (&list);
  pj_legal_actions (&view, &list);
  ok = list.n > 0;
  if (ok)
    {
      pj_ai_view_init_weighted (&v, &view, view.actor, w);
      *out = list.v[pj_ai_best_normal (&v, &view, &list, NULL)];
    }
  pj_action_list_clear (&list);
  return ok;
}

/* ---- hints ------------------------------------------------------------ */

static gboolean
hand_has (const PjState *s,
          guint          seat,
          guint          card)
{
  for (guint k = 0; k < s->hand_count[seat]; k++)
    if (PJ_CARD_RANK (s->hand[seat][k]) == card)
      return TRUE;
  return FALSE;
}

static PjHint
describe (const PjState  *s,
          const PjAction *a)
{
  const PjRules *r = &s->rules;
  guint team = pj_team_of (r, s->actor);
  gboolean into_home = FALSE, from_start = FALSE, partner_in_spot = FALSE, on_partner_come_out = FALSE;

  switch (a->kind)
    {
    case PJ_ACTION_CHALLENGE:
      return (PjHint) { PJ_HINT_CHALLENGE };
    case PJ_ACTION_PASS:
      return (PjHint) { PJ_HINT_PASS };
    case PJ_ACTION_PENALTY:
      return (PjHint) { PJ_HINT_PENALTY, .colour = s->penalty_loser };
    case PJ_ACTION_DISCARD:
      if (a->card != PJ_CARD_JOKER && hand_has (s, s->turn, PJ_CARD_JOKER))
        return (PjHint) { PJ_HINT_KEEP_JOKER };
      return (PjHint) { PJ_HINT_DISCARD };
    case PJ_ACTION_FREE_COME_OUT:
      return (PjHint) { PJ_HINT_FREE_COME_OUT };
    default:
      break;
    }

  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      guint c = PJ_PEG_COLOUR (st->peg);

      if ((st->flags & (PJ_STEP_HIT | PJ_STEP_SEND)) && st->to == PJ_POS_START
          && pj_team_of (r, c) != team)
        return (PjHint) { PJ_HINT_SEND_BACK, .colour = c };
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
    return (PjHint) { PJ_HINT_BLUFF, .card = a->declared };
  if (partner_in_spot && into_home)
    return (PjHint) { PJ_HINT_TEAM_PEG_HOME_RUN };
  if (partner_in_spot)
    return (PjHint) { PJ_HINT_TEAM_PEG_IN_SPOT };
  if (into_home)
    return (PjHint) { PJ_HINT_INTO_HOME };
  if (from_start)
    return (PjHint) { PJ_HINT_COME_OUT };
  if (on_partner_come_out)
    return (PjHint) { PJ_HINT_PARTNER_COME_OUT };
  if (a->card != PJ_CARD_JOKER && hand_has (s, s->turn, PJ_CARD_JOKER))
    return (PjHint) { PJ_HINT_KEEP_JOKER };
  if (a->n_steps > 0 && (a->steps[0].flags & PJ_STEP_BACK))
    return (PjHint) { PJ_HINT_BACKWARD };
  if (a->n_steps == 2 && (a->steps[0].flags & PJ_STEP_SWAP))
    return (PjHint) { PJ_HINT_SWAP };
  return (PjHint) { PJ_HINT_SAFE_PROGRESS };
}

gboolean
pj_ai_hint_reason (const PjState    *state,
                   PjAction         *out,
                   PjHint           *hint,
                   const PjAiCancel *cancel)
{
  PjState view = *state;

  pj_state_redact (&view, view.actor);
  if (!pj_ai_choose (&view, PJ_AI_HARD, NULL, view.turn_number, out, cancel))
    return FALSE;
  if (hint)
    *hint = describe (&view, out);
  return TRUE;
}

PjHint
pj_ai_describe_action (const PjState  *state,
                       const PjAction *a)
{
  return describe (state, a);
}
