/* pj-browser.h — the tables on the local network, as a list model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PJ_TYPE_BROWSER (pj_browser_get_type ())
G_DECLARE_FINAL_TYPE (PjBrowser, pj_browser, PJ, BROWSER, GObject)

PjBrowser    *pj_browser_new           (void);
gboolean      pj_browser_get_available (PjBrowser *self);
const GError *pj_browser_get_error     (PjBrowser *self);

G_END_DECLS
