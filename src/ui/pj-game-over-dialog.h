/* pj-game-over-dialog.h — who won, how the game went, and what next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-alert.h"

#include "pj-game.h"
#include "pj-review.h"

G_BEGIN_DECLS

#define PJ_TYPE_GAME_OVER_DIALOG (pj_game_over_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PjGameOverDialog, pj_game_over_dialog, PJ, GAME_OVER_DIALOG, PjAlert)

PjGameOverDialog *pj_game_over_dialog_new            (PjGame           *game,
                                                      int               team,
                                                      gboolean          can_rematch);
PjGame           *pj_game_over_dialog_get_game       (PjGameOverDialog *self);
int               pj_game_over_dialog_get_team       (PjGameOverDialog *self);
gboolean          pj_game_over_dialog_get_can_rematch (PjGameOverDialog *self);
const char       *pj_game_over_dialog_get_deal_check (PjGameOverDialog *self);
void              pj_game_over_dialog_set_deal_check (PjGameOverDialog *self,
                                                      const char       *deal_check);
/* Game Review: the "review" and "cancel-review" signals ask the window;
 * the review it runs is shown here, its progress and then its summary. */
void              pj_game_over_dialog_set_review     (PjGameOverDialog *self,
                                                      PjReview         *review);
PjReview         *pj_game_over_dialog_get_review     (PjGameOverDialog *self);
const char       *pj_game_over_dialog_get_review_text (PjGameOverDialog *self);
/* A done review's i-th worst move, a row whose activation emits
 * "look-back" (guint history index); NULL when there is none. */
GtkWidget        *pj_game_over_dialog_get_worst_row  (PjGameOverDialog *self,
                                                      guint             i);

void              pj_game_over_dialog_set_reviewable (PjGameOverDialog *self,
                                                      gboolean          reviewable);
gboolean          pj_game_over_dialog_get_reviewable (PjGameOverDialog *self);

G_END_DECLS
