/* pj-game-over-dialog.h — who won, how the game went, and what next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-game.h"

G_BEGIN_DECLS

#define PJ_TYPE_GAME_OVER_DIALOG (pj_game_over_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PjGameOverDialog, pj_game_over_dialog, PJ, GAME_OVER_DIALOG, AdwMessageDialog)

PjGameOverDialog *pj_game_over_dialog_new            (GtkWindow        *parent,
                                                      PjGame           *game,
                                                      int               team,
                                                      gboolean          can_rematch);
PjGame           *pj_game_over_dialog_get_game       (PjGameOverDialog *self);
int               pj_game_over_dialog_get_team       (PjGameOverDialog *self);
gboolean          pj_game_over_dialog_get_can_rematch (PjGameOverDialog *self);
const char       *pj_game_over_dialog_get_deal_check (PjGameOverDialog *self);
void              pj_game_over_dialog_set_deal_check (PjGameOverDialog *self,
                                                      const char       *deal_check);

G_END_DECLS
