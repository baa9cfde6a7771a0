/* pj-tutorial-bar.h — the instructions of "Learn to Play" above the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pj-tutorial.h"

G_BEGIN_DECLS

#define PJ_TYPE_TUTORIAL_BAR (pj_tutorial_bar_get_type ())
G_DECLARE_FINAL_TYPE (PjTutorialBar, pj_tutorial_bar, PJ, TUTORIAL_BAR, GtkBox)

GtkWidget      *pj_tutorial_bar_new             (void);
void            pj_tutorial_bar_set_tutorial    (PjTutorialBar *self,
                                                 PjTutorial    *tutorial);
/* What the bar says now: the step line, the instruction, and why the last
 * move was not taken ("" when it was). */
const char     *pj_tutorial_bar_get_progress    (PjTutorialBar *self);
const char     *pj_tutorial_bar_get_instruction (PjTutorialBar *self);
const char     *pj_tutorial_bar_get_message     (PjTutorialBar *self);

G_END_DECLS
