/* pj-peg-style.h — how each colour's pegs look: a colour and a symbol,
 * so that no one needs to tell colours apart to read the board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Colour-blind-safe colours for every view that draws pegs. */
void     pj_peg_style_set_high_contrast (gboolean on);
gboolean pj_peg_style_get_high_contrast (void);

void pj_peg_style_get_colour (guint          colour,
                              GdkRGBA       *out);
void pj_peg_style_get_hole_colour (gboolean dark,
                                   GdkRGBA *out);
void pj_peg_style_add_hole   (cairo_t       *cr,
                              double         x,
                              double         y,
                              double         radius);
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
/* The box of colour's mark (its symbol, or the peg's shape when small,
 * see PJ_PEG_SHAPE_BELOW_R) for a peg of radius r. */
void pj_peg_style_get_mark_size (guint        colour,
                                 double       r,
                                 double      *width,
                                 double      *height);

G_END_DECLS
