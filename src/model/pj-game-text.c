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
  steps = pj_text_action_steps (before, actor, a);

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

