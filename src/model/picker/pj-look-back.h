/* pj-look-back.h — stepping through a game's history: which move is looked
 * at, and what is said of it (the window's look-back bar and the screen
 * reader). No display: the views only show what this decides.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-move-item.h"

G_BEGIN_DECLS

/* What a step key or button asks for. */
typedef enum {
  PJ_LOOK_BACK_FIRST,
  PJ_LOOK_BACK_PREVIOUS,
  PJ_LOOK_BACK_NEXT,
  PJ_LOOK_BACK_LAST,
} PjLookBackStep;

/* The history item a step from `current` lands on, in a history of
 * `n_items` (> 0): stepping stops at either end, it never wraps. */
guint  pj_look_back_step        (guint           current,
                                 PjLookBackStep  step,
                                 guint           n_items);
/* Whether there is anything to step to that way. */
gboolean pj_look_back_can_step  (guint           current,
                                 PjLookBackStep  step,
                                 guint           n_items);

/* "After move 3 of 12: Red played King: peg 1 out" — item is an index
 * into the history, move the item there. */
char  *pj_look_back_describe    (guint           item,
                                 guint           n_items,
                                 PjMoveItem     *move);
/* The game went on while it was looked back at: "2 new moves" (NULL for
 * none). */
char  *pj_look_back_describe_new (guint          n_new);

G_END_DECLS
