/* pj-statistics-window.h — games played and won, by variant and seat count
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PJ_TYPE_STATISTICS_WINDOW (pj_statistics_window_get_type ())
G_DECLARE_FINAL_TYPE (PjStatisticsWindow, pj_statistics_window, PJ, STATISTICS_WINDOW, AdwWindow)

PjStatisticsWindow *pj_statistics_window_new (GtkWindow *parent,
                                              GSettings *settings);

G_END_DECLS
