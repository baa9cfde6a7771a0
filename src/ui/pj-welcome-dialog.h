/* pj-welcome-dialog.h — the first launch: what the game is about, and a
 * choice between learning it and playing at once
 *
 * Responses: "learn" (Learn to Play) and "play" (also on Escape).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-alert.h"

G_BEGIN_DECLS

#define PJ_TYPE_WELCOME_DIALOG (pj_welcome_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PjWelcomeDialog, pj_welcome_dialog, PJ, WELCOME_DIALOG, PjAlert)

/* not yet shown (pj_alert_present()) */
PjWelcomeDialog *pj_welcome_dialog_new (void);

G_END_DECLS
