/* pj-board-spot.h — one hole of the board for screen readers
 *
 * GTK 4.8 gives accessible objects only to widgets, so each hole (a main
 * track hole, a home hole, a start hole) is a small child widget of the
 * board: focusable, allocated where its hole is, drawing nothing (the
 * board draws everything). Its name says the hole and the peg in it; it
 * is enabled when it may be picked now, and its one action (a button's
 * click: Return, Space, or a screen reader's "activate") picks it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pj-board-layout.h"

G_BEGIN_DECLS

#define PJ_TYPE_BOARD_SPOT (pj_board_spot_get_type ())
G_DECLARE_FINAL_TYPE (PjBoardSpot, pj_board_spot, PJ, BOARD_SPOT, GtkButton)

GtkWidget     *pj_board_spot_new          (const PjPlace *place);
const PjPlace *pj_board_spot_get_place    (PjBoardSpot   *self);
/* Both change the accessible object only when the value changes: the
 * board sets them on every update, and each change is a D-Bus signal. */
void           pj_board_spot_set_label    (PjBoardSpot   *self,
                                           const char    *label);
const char    *pj_board_spot_get_label    (PjBoardSpot   *self);
void           pj_board_spot_set_pickable (PjBoardSpot   *self,
                                           gboolean       pickable);
gboolean       pj_board_spot_get_pickable (PjBoardSpot   *self);

G_END_DECLS
