/* pj-colours.h — the style's colours for what the app draws with Cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pj_colours_get_foreground (GtkWidget *widget,
                                GdkRGBA   *out);
void pj_colours_get_accent     (GdkRGBA   *out);

G_END_DECLS
