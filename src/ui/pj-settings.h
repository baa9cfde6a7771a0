/* pj-settings.h — the app's GSettings, if its schema is installed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *pj_settings_new (void);

G_END_DECLS
