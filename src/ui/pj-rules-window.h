/* pj-rules-window.h — the rules of the chosen variant, written for players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-engine.h"

G_BEGIN_DECLS

#define PJ_TYPE_RULES_WINDOW (pj_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (PjRulesWindow, pj_rules_window, PJ, RULES_WINDOW, AdwWindow)

PjRulesWindow *pj_rules_window_new (GtkWindow     *parent,
                                    const PjRules *rules);

G_END_DECLS
