/* pj-peg-style.h — how each colour's pegs look: a colour and a symbol,
 * so that no one needs to tell colours apart to read the board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pj_peg_style_get_colour (guint          colour,
                              GdkRGBA       *out);
void pj_peg_style_draw_peg   (cairo_t       *cr,
                              guint          colour,
                              double         x,
                              double         y,
                              double         radius,
                              const GdkRGBA *outline);
void pj_peg_style_draw_symbol (cairo_t      *cr,
                               guint         colour,
                               double        x,
                               double        y,
                               double        radius,
                               const GdkRGBA *ink);

G_END_DECLS
