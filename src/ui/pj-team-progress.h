/* pj-team-progress.h — how far each team is: pegs home, whose turn, cards left
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pj-game.h"

G_BEGIN_DECLS

#define PJ_TYPE_TEAM_PROGRESS (pj_team_progress_get_type ())
G_DECLARE_FINAL_TYPE (PjTeamProgress, pj_team_progress, PJ, TEAM_PROGRESS, GtkWidget)

GtkWidget *pj_team_progress_new      (void);
PjGame    *pj_team_progress_get_game (PjTeamProgress *self);
void       pj_team_progress_set_game (PjTeamProgress *self,
                                      PjGame         *game);

G_END_DECLS
