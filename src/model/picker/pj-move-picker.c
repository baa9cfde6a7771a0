/* pj-move-picker.c — the legal actions of the seat to move, narrowed by picks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-move-picker.h"

#include <string.h>

/* a split has two parts; room for a few more costs nothing */
#define MAX_PARTS 4

typedef struct {
  guint8 colour;
  guint8 from;
  guint8 to;
} Part;

struct _PjMovePicker
{
  GObject   parent_instance;

  PjState   state;
  gboolean  have_state;
  GArray   *legal;        /* PjAction: all of them, as given */
  GArray   *candidates;   /* PjAction: legal, on the board, fit the picks */

  guint8    card;
  guint8    declared;     /* 0: the card itself */
  Part      parts[MAX_PARTS];
  guint     n_parts;
  gboolean  have_peg;
  guint8    peg_colour;
  guint8    peg_from;
};

G_DEFINE_FINAL_TYPE (PjMovePicker, pj_move_picker, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
pj_move_picker_is_picked_step (const PjAction *a,
                               guint           i)
{
  const PjStep *st;

  g_return_val_if_fail (a != NULL && i < a->n_steps, FALSE);

  st = &a->steps[i];
  if (st->flags & PJ_STEP_HIT)
    return FALSE;
  /* the second peg of a swap moves as a consequence of the first */
  if ((st->flags & PJ_STEP_SWAP) && i > 0 && (a->steps[i - 1].flags & PJ_STEP_SWAP) &&
      !(i > 1 && (a->steps[i - 2].flags & PJ_STEP_SWAP)))
    return FALSE;
  return TRUE;
}

static guint
n_picked_steps (const PjAction *a)
{
  guint n = 0;

  for (guint i = 0; i < a->n_steps; i++)
    n += pj_move_picker_is_picked_step (a, i);
  return n;
}

/* Does the action fit the parts so far? matched gets the steps they used. */
static gboolean
fits_parts (PjMovePicker   *self,
            const PjAction *a,
            guint          *matched)
{
  *matched = 0;
  for (guint p = 0; p < self->n_parts; p++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < a->n_steps && !found; i++)
        {
          const PjStep *st = &a->steps[i];

          if (!(*matched & (1u << i)) && pj_move_picker_is_picked_step (a, i) &&
              PJ_PEG_COLOUR (st->peg) == self->parts[p].colour &&
              st->from == self->parts[p].from && st->to == self->parts[p].to)
            {
              *matched |= 1u << i;
              found = TRUE;
            }
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static guint
effective_declared (PjMovePicker *self)
{
  return self->declared != 0 ? self->declared : self->card;
}

/* Is the action one the board picks for the card and declaration chosen? */
static gboolean
fits_card (PjMovePicker   *self,
           const PjAction *a)
{
  if (n_picked_steps (a) == 0)
    return FALSE;   /* discards, challenges: buttons, not the board */
  /* Penalties are picked on the board without a card. */
  if (a->kind == PJ_ACTION_PENALTY)
    return self->card == 0;
  if (self->card == 0 || PJ_CARD_RANK (a->card) != self->card)
    return FALSE;
  /* a bluff is picked only when it is declared; truthful by default */
  return a->kind != PJ_ACTION_MOVE || PJ_CARD_RANK (a->declared) == effective_declared (self);
}

static void
narrow (PjMovePicker *self)
{
  g_array_set_size (self->candidates, 0);
  for (guint i = 0; i < self->legal->len; i++)
    {
      const PjAction *a = &g_array_index (self->legal, PjAction, i);
      guint matched;

      if (fits_card (self, a) && fits_parts (self, a, &matched))
        g_array_append_vals (self->candidates, a, 1);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

void
pj_move_picker_set_actions (PjMovePicker   *self,
                            const PjState  *state,
                            const PjAction *actions,
                            guint           n_actions)
{
  g_return_if_fail (PJ_IS_MOVE_PICKER (self));
  g_return_if_fail (actions != NULL || n_actions == 0);

  self->have_state = state != NULL;
  if (state != NULL)
    self->state = *state;
  g_array_set_size (self->legal, 0);
  if (state != NULL && n_actions > 0)
    g_array_append_vals (self->legal, actions, n_actions);
  narrow (self);
}

void
pj_move_picker_clear_picks (PjMovePicker *self)
{
  g_return_if_fail (PJ_IS_MOVE_PICKER (self));

  self->n_parts = 0;
  self->have_peg = FALSE;
  narrow (self);
}

void
pj_move_picker_reset (PjMovePicker *self)
{
  g_return_if_fail (PJ_IS_MOVE_PICKER (self));

  self->card = 0;
  self->declared = 0;
  pj_move_picker_clear_picks (self);
}

void
pj_move_picker_set_card (PjMovePicker *self,
                         guint         card)
{
  g_return_if_fail (PJ_IS_MOVE_PICKER (self));

  self->card = (guint8) PJ_CARD_RANK (card);
  self->declared = 0;
  pj_move_picker_clear_picks (self);
}

guint
pj_move_picker_get_card (PjMovePicker *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), 0);

  return self->card;
}

void
pj_move_picker_set_declared (PjMovePicker *self,
                             guint         declared)
{
  g_return_if_fail (PJ_IS_MOVE_PICKER (self));

  self->declared = (guint8) PJ_CARD_RANK (declared);
  pj_move_picker_clear_picks (self);
}

guint
pj_move_picker_get_declared (PjMovePicker *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), 0);

  return effective_declared (self);
}

/* The candidate steps not yet used by the parts, one at a time. */
typedef gboolean (*StepFunc) (PjMovePicker *self, const PjStep *st, gpointer data);

static gboolean
foreach_open_step (PjMovePicker *self,
                   StepFunc      func,
                   gpointer      data)
{
  for (guint c = 0; c < self->candidates->len; c++)
    {
      const PjAction *a = &g_array_index (self->candidates, PjAction, c);
      guint matched;

      fits_parts (self, a, &matched);
      for (guint i = 0; i < a->n_steps; i++)
        if (!(matched & (1u << i)) && pj_move_picker_is_picked_step (a, i) &&
            func (self, &a->steps[i], data))
          return TRUE;
    }
  return FALSE;
}

typedef struct {
  guint colour;
  guint pos;
  const PjStep *found;
} StepQuery;

static gboolean
step_from (PjMovePicker *self,
           const PjStep *st,
           gpointer      data)
{
  StepQuery *q = data;

  if (st->from != q->pos || (!PJ_POS_IS_TRACK (q->pos) && PJ_PEG_COLOUR (st->peg) != q->colour))
    return FALSE;
  q->found = st;
  return TRUE;
}

gboolean
pj_move_picker_pick_peg (PjMovePicker *self,
                         guint         colour,
                         guint         pos)
{
  StepQuery q = { colour, pos, NULL };

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), FALSE);

  if (!foreach_open_step (self, step_from, &q))
    return FALSE;
  self->have_peg = TRUE;
  self->peg_colour = PJ_PEG_COLOUR (q.found->peg);
  self->peg_from = (guint8) pos;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

void
pj_move_picker_drop_peg (PjMovePicker *self)
{
  g_return_if_fail (PJ_IS_MOVE_PICKER (self));

  if (!self->have_peg)
    return;
  self->have_peg = FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
pj_move_picker_get_peg (PjMovePicker *self,
                        guint        *colour,
                        guint        *pos)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), FALSE);

  if (self->have_peg)
    {
      if (colour != NULL)
        *colour = self->peg_colour;
      if (pos != NULL)
        *pos = self->peg_from;
    }
  return self->have_peg;
}

static gboolean
step_to (PjMovePicker *self,
         const PjStep *st,
         gpointer      data)
{
  StepQuery *q = data;

  return PJ_PEG_COLOUR (st->peg) == self->peg_colour && st->from == self->peg_from &&
         st->to == q->pos;
}

gboolean
pj_move_picker_pick_hole (PjMovePicker *self,
                          guint         colour,
                          guint         pos)
{
  StepQuery q = { colour, pos, NULL };

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), FALSE);

  if (!self->have_peg || self->n_parts >= MAX_PARTS ||
      (!PJ_POS_IS_TRACK (pos) && colour != self->peg_colour) ||
      !foreach_open_step (self, step_to, &q))
    return FALSE;
  self->parts[self->n_parts++] = (Part) { self->peg_colour, self->peg_from, (guint8) pos };
  self->have_peg = FALSE;
  narrow (self);
  return TRUE;
}

guint
pj_move_picker_get_n_parts (PjMovePicker *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), 0);

  return self->n_parts;
}

guint
pj_move_picker_get_n_candidates (PjMovePicker *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), 0);

  return self->candidates->len;
}

const PjAction *
pj_move_picker_get_candidate (PjMovePicker *self,
                              guint         i)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), NULL);
  g_return_val_if_fail (i < self->candidates->len, NULL);

  return &g_array_index (self->candidates, PjAction, i);
}

typedef struct {
  PjPickTarget *targets;
  guint max;
  guint n;
} Targets;

static gboolean
add_target (PjMovePicker *self,
            const PjStep *st,
            gpointer      data)
{
  Targets *t = data;
  PjPickTarget target = { PJ_PEG_COLOUR (st->peg), st->from, 0 };

  if (self->have_peg)
    {
      if (PJ_PEG_COLOUR (st->peg) != self->peg_colour || st->from != self->peg_from)
        return FALSE;
      target = (PjPickTarget) { PJ_PEG_COLOUR (st->peg), st->to, PJ_PEG_INDEX (st->peg) };
    }
  for (guint i = 0; i < t->n; i++)
    if (memcmp (&t->targets[i], &target, sizeof target) == 0)
      return FALSE;
  if (t->n < t->max)
    t->targets[t->n++] = target;
  return FALSE;
}

guint
pj_move_picker_get_targets (PjMovePicker *self,
                            PjPickTarget *targets,
                            guint         max)
{
  Targets t = { targets, max, 0 };

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), 0);
  g_return_val_if_fail (targets != NULL || max == 0, 0);

  foreach_open_step (self, add_target, &t);
  return t.n;
}

gboolean
pj_move_picker_get_chosen (PjMovePicker *self,
                           PjAction     *out)
{
  const PjAction *chosen = NULL;

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), FALSE);

  if (self->n_parts == 0)
    return FALSE;
  for (guint c = 0; c < self->candidates->len; c++)
    {
      const PjAction *a = &g_array_index (self->candidates, PjAction, c);

      if (n_picked_steps (a) != self->n_parts)
        continue;
      if (chosen != NULL && !pj_action_equal (chosen, a))
        return FALSE;
      chosen = a;
    }
  if (chosen != NULL && out != NULL)
    *out = *chosen;
  return chosen != NULL;
}

void
pj_move_picker_apply_picks (PjMovePicker *self,
                            guint8        pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  const PjAction *a;
  guint matched;

  g_return_if_fail (PJ_IS_MOVE_PICKER (self));

  if (self->n_parts == 0 || self->candidates->len == 0)
    return;

  /* every candidate moved the same pegs the same way so far */
  a = &g_array_index (self->candidates, PjAction, 0);
  fits_parts (self, a, &matched);
  for (guint i = 0; i < a->n_steps; i++)
    if (matched & (1u << i))
      {
        /* the picked step and the hits and swap partner that follow it */
        for (guint j = i; j < a->n_steps && (j == i || !pj_move_picker_is_picked_step (a, j)); j++)
          pos[PJ_PEG_COLOUR (a->steps[j].peg)][PJ_PEG_INDEX (a->steps[j].peg)] = a->steps[j].to;
      }
}

/* What a card counts for when split: the holes its parts share. */
static guint
card_value (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return 1;
    case PJ_CARD_JACK:
    case PJ_CARD_QUEEN:
    case PJ_CARD_KING: return 10;
    case PJ_CARD_JOKER: return 0;
    default: return PJ_CARD_RANK (card);
    }
}

/* The holes the parts so far have used: backward parts count as short
 * moves, home entries from the track through the in-spot. */
static guint
holes_moved (PjMovePicker *self)
{
  guint len = self->state.track_len;
  guint moved = 0;

  for (guint i = 0; i < self->n_parts && self->have_state; i++)
    {
      const Part *p = &self->parts[i];

      if (PJ_POS_IS_TRACK (p->from) && PJ_POS_IS_TRACK (p->to))
        {
          guint fwd = (p->to + len - p->from) % len;

          moved += fwd <= 10 ? fwd : len - fwd;
        }
      else if (PJ_POS_IS_HOME (p->to))
        {
          guint in_spot = pj_in_spot_hole (&self->state.rules, p->colour);

          moved += PJ_POS_IS_HOME (p->from) ? (guint) (p->to - p->from)
                                             : (in_spot + len - p->from) % len + (p->to - PJ_POS_HOME0) + 1;
        }
    }
  return moved;
}

PjPickPrompt
pj_move_picker_get_prompt (PjMovePicker *self,
                           guint        *holes)
{
  gboolean penalty = FALSE;
  guint moved;

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), PJ_PICK_PROMPT_NONE);

  if (holes != NULL)
    *holes = 0;
  for (guint c = 0; c < self->candidates->len; c++)
    penalty |= g_array_index (self->candidates, PjAction, c).kind == PJ_ACTION_PENALTY;

  if (self->card == 0 && penalty)
    return PJ_PICK_PROMPT_PENALTY_PEG;
  if (self->card == 0)
    return self->candidates->len > 0 ? PJ_PICK_PROMPT_ANY_PEG : PJ_PICK_PROMPT_NONE;
  if (self->candidates->len == 0)
    return PJ_PICK_PROMPT_NO_MOVE;
  if (self->have_peg)
    return PJ_PICK_PROMPT_DESTINATION;
  if (self->n_parts == 0)
    return PJ_PICK_PROMPT_FIRST_PEG;
  moved = holes_moved (self);
  if (card_value (effective_declared (self)) > moved)
    {
      if (holes != NULL)
        *holes = card_value (effective_declared (self)) - moved;
      return PJ_PICK_PROMPT_SPLIT_REST;
    }
  return PJ_PICK_PROMPT_NEXT_PEG;
}

/* Does an open step (one still to pick) go backward: all, none or some? */
typedef struct {
  guint backward;
  guint forward;
} Directions;

static gboolean
count_direction (PjMovePicker *self,
                 const PjStep *st,
                 gpointer      data)
{
  Directions *d = data;

  if (st->flags & PJ_STEP_BACK)
    d->backward++;
  else
    d->forward++;
  return FALSE;
}

/* AZ-7: does a start area of the actor's team hold a peg? */
static gboolean
team_has_start_peg (const PjState *s)
{
  guint team = pj_team_of (&s->rules, s->actor);

  for (guint c = 0; c < s->rules.players; c++)
    if (pj_team_of (&s->rules, c) == team)
      for (guint k = 0; k < PJ_PEGS; k++)
        if (s->board.peg[c][k] == PJ_POS_START)
          return TRUE;
  return FALSE;
}

PjPickRule
pj_move_picker_get_rule (PjMovePicker *self)
{
  const PjRules *r;
  guint rank;

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), PJ_PICK_RULE_NONE);

  if (!self->have_state || self->card == 0)
    return PJ_PICK_RULE_NONE;
  r = &self->state.rules;
  rank = effective_declared (self);

  /* K-2: a held peg that reaches its in-spot may only turn in (where it
   * could go on round the track elsewhere) */
  if (self->have_peg && r->home_entry == PJ_HOME_FORCED && PJ_POS_IS_TRACK (self->peg_from))
    {
      PjPickTarget targets[PJ_PICK_MAX_TARGETS];
      Targets t = { targets, G_N_ELEMENTS (targets), 0 };
      gboolean home = FALSE;

      foreach_open_step (self, add_target, &t);
      for (guint i = 0; i < t.n; i++)
        home |= PJ_POS_IS_HOME (targets[i].pos);
      if (home)
        return PJ_PICK_RULE_HOME_FORCED;
    }

  /* NC-10: after the counted turns a card that cannot bring a peg out is
   * discarded, and a start peg comes out for free all the same */
  if (self->n_parts == 0 && self->candidates->len > 0)
    {
      gboolean privilege = TRUE;

      for (guint c = 0; c < self->candidates->len; c++)
        privilege &= g_array_index (self->candidates, PjAction, c).kind == PJ_ACTION_FREE_COME_OUT;
      if (privilege)
        return PJ_PICK_RULE_COUNT_PRIVILEGE;
    }

  switch (rank)
    {
    case 10:
      if (self->candidates->len == 0)
        return PJ_PICK_RULE_NONE;
      if (r->ten == PJ_TEN_SPLIT_ANY)
        return PJ_PICK_RULE_TEN_SPLIT;
      if (r->ten == PJ_TEN_FWD_OR_BACK1 && self->n_parts == 0)
        return PJ_PICK_RULE_TEN_BACK_ONE;
      return PJ_PICK_RULE_NONE;

    case 9:
      if (r->nine != PJ_NINE_FWD_BACK || self->candidates->len == 0)
        return PJ_PICK_RULE_NONE;
      if (self->n_parts == 0)
        {
          for (guint c = 0; c < self->candidates->len; c++)
            if (n_picked_steps (&g_array_index (self->candidates, PjAction, c)) > 1)
              return PJ_PICK_RULE_NINE_SPLIT;
          return PJ_PICK_RULE_NONE;
        }
      else
        {
          Directions d = { 0, 0 };

          foreach_open_step (self, count_direction, &d);
          if (d.backward > 0 && d.forward == 0)
            return PJ_PICK_RULE_NINE_BACK;
          if (d.forward > 0 && d.backward == 0)
            return PJ_PICK_RULE_NINE_FORWARD;
          return PJ_PICK_RULE_NONE;
        }

    case PJ_CARD_JOKER:
      if (r->joker == PJ_JOKER_PEGOO)
        return self->candidates->len > 0 ? PJ_PICK_RULE_JOKER_PEGOO : PJ_PICK_RULE_NONE;
      /* with no start peg the Joker moves as in the basic game; with one,
       * it is why a Joker that seems to have moves has none */
      if (r->joker == PJ_JOKER_AZ_START_FIRST && team_has_start_peg (&self->state))
        return PJ_PICK_RULE_JOKER_START_FIRST;
      return PJ_PICK_RULE_NONE;

    default:
      return PJ_PICK_RULE_NONE;
    }
}

const PjState *
pj_move_picker_get_state (PjMovePicker *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), NULL);

  return self->have_state ? &self->state : NULL;
}

gboolean
pj_move_picker_find_action (PjMovePicker *self,
                            PjActionKind  kind,
                            guint         card,
                            PjAction     *out)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), FALSE);

  for (guint i = 0; i < self->legal->len; i++)
    {
      const PjAction *a = &g_array_index (self->legal, PjAction, i);

      if (a->kind == kind && (card == 0 || PJ_CARD_RANK (a->card) == PJ_CARD_RANK (card)))
        {
          if (out != NULL)
            *out = *a;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
pj_move_picker_card_is_playable (PjMovePicker *self,
                                 guint         card)
{
  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), FALSE);

  for (guint i = 0; i < self->legal->len; i++)
    {
      const PjAction *a = &g_array_index (self->legal, PjAction, i);

      if (PJ_CARD_RANK (a->card) == PJ_CARD_RANK (card) &&
          (a->kind == PJ_ACTION_MOVE || a->kind == PJ_ACTION_DISCARD ||
           a->kind == PJ_ACTION_FREE_COME_OUT))
        return TRUE;
    }
  return FALSE;
}

guint
pj_move_picker_get_declarations (PjMovePicker *self,
                                 guint         card,
                                 guint8        ranks[PJ_N_RANKS])
{
  gboolean offered[PJ_N_RANKS] = { FALSE };
  guint n = 0;

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (self), 0);

  if (!self->have_state || !self->state.rules.bluffing || PJ_CARD_RANK (card) == 0)
    return 0;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const PjAction *a = &g_array_index (self->legal, PjAction, i);

      if (a->kind == PJ_ACTION_MOVE && PJ_CARD_RANK (a->card) == PJ_CARD_RANK (card) &&
          PJ_CARD_RANK (a->declared) < PJ_N_RANKS)
        offered[PJ_CARD_RANK (a->declared)] = TRUE;
    }
  for (guint r = PJ_CARD_ACE; r <= PJ_CARD_JOKER; r++)
    if (offered[r])
      ranks[n++] = (guint8) r;
  return n;
}

static void
pj_move_picker_finalize (GObject *object)
{
  PjMovePicker *self = (PjMovePicker *) object;

  g_clear_pointer (&self->legal, g_array_unref);
  g_clear_pointer (&self->candidates, g_array_unref);

  G_OBJECT_CLASS (pj_move_picker_parent_class)->finalize (object);
}

static void
pj_move_picker_class_init (PjMovePickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pj_move_picker_finalize;

  /**
   * PjMovePicker::changed:
   *
   * The candidates, the card or the picks may have changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
pj_move_picker_init (PjMovePicker *self)
{
  self->legal = g_array_new (FALSE, FALSE, sizeof (PjAction));
  self->candidates = g_array_new (FALSE, FALSE, sizeof (PjAction));
}

PjMovePicker *
pj_move_picker_new (void)
{
  return g_object_new (PJ_TYPE_MOVE_PICKER, NULL);
}
