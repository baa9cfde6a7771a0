/* pj-game-text.c — moves described for people (the history, the screen reader)
 *
 * The words themselves (colours, cards) come from pj-text.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-ai.h"
#include "pj-game-private.h"
#include "pj-text.h"

static char *
card_label (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_JOKER:
      return g_strdup (_("Joker"));
    case PJ_CARD_UNKNOWN:
    case PJ_CARD_NONE:
      return g_strdup (_("a hidden card"));
    default:
      return g_strdup (pj_text_card_index (card));
    }
}

static char *
peg_label (guint actor,
           guint peg)
{
  guint colour = PJ_PEG_COLOUR (peg);

  if (colour == actor)
    /* Translators: a peg of the player's own colour, e.g. "peg 2" */
    return g_strdup_printf (_("peg %u"), PJ_PEG_INDEX (peg) + 1);

  /* Translators: a peg of another colour, e.g. "Blue peg 2" */
  return g_strdup_printf (_("%s peg %u"), pj_text_colour_name (colour), PJ_PEG_INDEX (peg) + 1);
}

static char *
describe_step (const PjState *before,
               guint          actor,
               const PjStep  *step,
               gboolean       jump)
{
  g_autofree char *peg = peg_label (actor, step->peg);
  guint L = before->track_len;

  if (step->flags & (PJ_STEP_SEND | PJ_STEP_PENALTY))
    /* Translators: e.g. "Blue peg 2 back to start" */
    return g_strdup_printf (_("%s back to start"), peg);

  if (step->flags & PJ_STEP_HIT)
    {
      if (step->to == PJ_POS_START)
        /* Translators: a peg was hit and went back to its start, e.g. "hit Blue peg 2" */
        return g_strdup_printf (_("hit %s"), peg);
      /* Translators: a partner's peg was hit and jumped to its in-spot */
      return g_strdup_printf (_("%s to its in-spot"), peg);
    }

  if (step->flags & PJ_STEP_SWAP)
    return NULL;   /* described once, with the pair */

  if (step->from == PJ_POS_START)
    /* Translators: a peg came out of its start area */
    return g_strdup_printf (_("%s out"), peg);

  if (PJ_POS_IS_HOME (step->to))
    /* Translators: e.g. "peg 2 to home 3" */
    return g_strdup_printf (_("%s to home %u"), peg, step->to - PJ_POS_HOME0 + 1);

  if (jump)
    /* Translators: a joker moved a peg along the track onto another peg,
     * e.g. "peg 1 jumps" (followed by ", hit Blue peg 2") */
    return g_strdup_printf (_("%s jumps"), peg);

  if (PJ_POS_IS_TRACK (step->from) && PJ_POS_IS_TRACK (step->to) && L > 0)
    {
      if (step->flags & PJ_STEP_BACK)
        /* Translators: a backward move, e.g. "peg 4 −8" */
        return g_strdup_printf (_("%s −%u"), peg, (step->from + L - step->to) % L);
      /* Translators: a forward move, e.g. "peg 4 +5" */
      return g_strdup_printf (_("%s +%u"), peg, (step->to + L - step->from) % L);
    }

  return g_strdup (peg);
}

static char *
describe_steps (const PjState  *before,
                guint           actor,
                const PjAction *a)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      char *part;

      if ((st->flags & PJ_STEP_SWAP) && i + 1 < a->n_steps && (a->steps[i + 1].flags & PJ_STEP_SWAP))
        {
          g_autofree char *p1 = peg_label (actor, st->peg);
          g_autofree char *p2 = peg_label (actor, a->steps[i + 1].peg);

          /* Translators: a Two swapping two pegs, e.g. "swapped peg 1 and Blue peg 3" */
          part = g_strdup_printf (_("swapped %s and %s"), p1, p2);
          i++;
        }
      else
        part = describe_step (before, actor, st, a->declared == PJ_CARD_JOKER);

      if (part != NULL)
        g_ptr_array_add (parts, part);
    }
  g_ptr_array_add (parts, NULL);

  /* Translators: the separator between the parts of a move */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
pj_game_describe_action (PjGame         *self,
                         const PjState  *before,
                         const PjAction *a)
{
  g_autofree char *card = NULL;
  g_autofree char *steps = NULL;
  const char *who;
  guint actor;

  g_return_val_if_fail (PJ_IS_GAME (self), NULL);
  g_return_val_if_fail (before != NULL && a != NULL, NULL);

  actor = before->actor;
  who = pj_game_get_seat_name (self, actor);
  card = card_label (a->declared ? a->declared : a->card);
  steps = describe_steps (before, actor, a);

  switch (a->kind)
    {
    case PJ_ACTION_MOVE:
      /* Translators: e.g. "Red played 7: peg 2 to home 3, peg 4 +4" */
      return g_strdup_printf (_("%s played %s: %s"), who, card, steps);

    case PJ_ACTION_DISCARD:
      /* Translators: e.g. "Red discarded 5" */
      return g_strdup_printf (_("%s discarded %s"), who, card);

    case PJ_ACTION_FREE_COME_OUT:
      /* Translators: e.g. "Red discarded 5 and came out: peg 1 out" */
      return g_strdup_printf (_("%s discarded %s and came out: %s"), who, card, steps);

    case PJ_ACTION_CHALLENGE:
      /* Translators: Bluffing Joker, e.g. "Blue challenged" */
      return g_strdup_printf (_("%s challenged"), who);

    case PJ_ACTION_PASS:
      /* Translators: Bluffing Joker: no challenge */
      return g_strdup_printf (_("%s let the move stand"), who);

    case PJ_ACTION_PENALTY:
      /* Translators: Bluffing Joker penalty, e.g. "Blue: Red peg 2 back to start" */
      return g_strdup_printf (_("%s: %s"), who, steps);

    default:
      return g_strdup (who);
    }
}

