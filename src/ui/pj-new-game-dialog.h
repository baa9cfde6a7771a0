/* pj-new-game-dialog.h — rules, seats and shuffle of a new game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-game.h"

G_BEGIN_DECLS

#define PJ_TYPE_NEW_GAME_DIALOG (pj_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PjNewGameDialog, pj_new_game_dialog, PJ, NEW_GAME_DIALOG, AdwWindow)

PjNewGameDialog *pj_new_game_dialog_new         (GtkWindow       *parent,
                                                 GSettings       *settings);
void             pj_new_game_dialog_set_rules   (PjNewGameDialog *self,
                                                 const PjRules   *rules);
PjGame          *pj_new_game_dialog_create_game (PjNewGameDialog *self,
                                                 GError         **error);

G_END_DECLS
