/* pj-application.h — the Pegs and Jokers application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PJ_TYPE_APPLICATION (pj_application_get_type ())
G_DECLARE_FINAL_TYPE (PjApplication, pj_application, PJ, APPLICATION, AdwApplication)

PjApplication *pj_application_new (void);

G_END_DECLS
