/* pj-look-back.c — stepping through a game's history (see pj-look-back.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-look-back.h"

guint
pj_look_back_step (guint          current,
                   PjLookBackStep step,
                   guint          n_items)
{
  g_return_val_if_fail (n_items > 0, 0);

  current = MIN (current, n_items - 1);
  switch (step)
    {
    case PJ_LOOK_BACK_FIRST:
      return 0;
    case PJ_LOOK_BACK_PREVIOUS:
      return current > 0 ? current - 1 : 0;
    case PJ_LOOK_BACK_NEXT:
      return MIN (current + 1, n_items - 1);
    case PJ_LOOK_BACK_LAST:
      return n_items - 1;
    default:
      g_return_val_if_reached (current);
    }
}

gboolean
pj_look_back_can_step (guint          current,
                       PjLookBackStep step,
                       guint          n_items)
{
  return n_items > 0 && pj_look_back_step (current, step, n_items) != MIN (current, n_items - 1);
}

char *
pj_look_back_describe (guint       item,
                       guint       n_items,
                       PjMoveItem *move)
{
  g_return_val_if_fail (PJ_IS_MOVE_ITEM (move), NULL);
  g_return_val_if_fail (item < n_items, NULL);

  /* Translators: the position looked back at, e.g. "After move 3 of 12:
   * Red played King: bring peg 1 out"; the last %s is the move list's line */
  return g_strdup_printf (_("After move %u of %u: %s"), item + 1, n_items,
                          pj_move_item_get_description (move));
}

char *
pj_look_back_describe_new (guint n_new)
{
  if (n_new == 0)
    return NULL;
  /* Translators: moves played in the game while an earlier position is looked at */
  return g_strdup_printf (ngettext ("%u new move", "%u new moves", n_new), n_new);
}
