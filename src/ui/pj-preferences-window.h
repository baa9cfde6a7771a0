/* pj-preferences-window.h — how fast the computer plays and pegs move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-alert.h"

G_BEGIN_DECLS

/* AdwPreferencesDialog (inside the window) since libadwaita 1.5, the
 * AdwPreferencesWindow before it; pj-ui-variant.py makes the template match */
#if ADW_CHECK_VERSION (1, 5, 0)
typedef AdwPreferencesDialog      PjPreferencesBase;
typedef AdwPreferencesDialogClass PjPreferencesBaseClass;
# define PJ_TYPE_PREFERENCES_BASE ADW_TYPE_PREFERENCES_DIALOG
#else
typedef AdwPreferencesWindow      PjPreferencesBase;
typedef AdwPreferencesWindowClass PjPreferencesBaseClass;
# define PJ_TYPE_PREFERENCES_BASE ADW_TYPE_PREFERENCES_WINDOW
#endif
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjPreferencesBase, g_object_unref)

#define PJ_TYPE_PREFERENCES_WINDOW (pj_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (PjPreferencesWindow, pj_preferences_window, PJ, PREFERENCES_WINDOW, PjPreferencesBase)

/* settings: the app's (pj_settings_new()); NULL when its schema is not
 * installed, and then the controls are shown but change nothing. Shown
 * with pj_dialog_present(). */
PjPreferencesWindow *pj_preferences_window_new (GSettings *settings);

G_END_DECLS
