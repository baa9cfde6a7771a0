/* pj-move-item.h — one entry of the move history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pj-engine.h"

G_BEGIN_DECLS

#define PJ_TYPE_MOVE_ITEM (pj_move_item_get_type ())
G_DECLARE_FINAL_TYPE (PjMoveItem, pj_move_item, PJ, MOVE_ITEM, GObject)

PjMoveItem     *pj_move_item_new             (guint           seat,
                                              guint           turn_number,
                                              const PjAction *action,
                                              const char     *notation,
                                              const char     *description);
guint           pj_move_item_get_seat        (PjMoveItem     *self);
guint           pj_move_item_get_turn_number (PjMoveItem     *self);
const PjAction *pj_move_item_get_action      (PjMoveItem     *self);
const char     *pj_move_item_get_notation    (PjMoveItem     *self);
const char     *pj_move_item_get_description (PjMoveItem     *self);

G_END_DECLS
