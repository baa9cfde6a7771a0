/* pj-preferences-window.h — how fast the computer plays and pegs move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PJ_TYPE_PREFERENCES_WINDOW (pj_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (PjPreferencesWindow, pj_preferences_window, PJ, PREFERENCES_WINDOW, AdwPreferencesWindow)

/* settings: the app's (pj_settings_new()); NULL when its schema is not
 * installed, and then the controls are shown but change nothing. */
PjPreferencesWindow *pj_preferences_window_new (GtkWindow *parent,
                                                GSettings *settings);

G_END_DECLS
