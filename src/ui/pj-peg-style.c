/* pj-peg-style.c — how each colour's pegs look
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "pj-board-layout.h"
#include "pj-engine.h"
#include "pj-peg-style.h"

/* GNOME palette where it has the hue; every colour also has its own symbol.
 * Teal is lighter than GNOME's so that under protanopia it stays apart
 * from an empty hole and, under deuteranopia, from magenta. */
typedef struct {
  double r, g, b;
  gboolean dark_ink;
} PjPegColour;

static const PjPegColour palette[PJ_MAX_PLAYERS] = {
  { 0.878, 0.106, 0.141, FALSE },  /* red      #e01b24 */
  { 0.208, 0.518, 0.894, FALSE },  /* blue     #3584e4 */
  { 0.180, 0.761, 0.494, TRUE  },  /* green    #2ec27e */
  { 0.965, 0.827, 0.176, TRUE  },  /* yellow   #f6d32d */
  { 1.000, 0.471, 0.000, TRUE  },  /* orange   #ff7800 */
  { 0.569, 0.255, 0.675, FALSE },  /* purple   #9141ac */
  { 0.275, 0.851, 0.839, TRUE  },  /* teal     #46d9d6 */
  { 0.808, 0.188, 0.616, FALSE },  /* magenta  #ce309d */
};

/* Okabe and Ito's colour-blind-safe palette (2008), its black swapped for
 * Paul Tol's indigo so that a peg is never the board's own ink: the eight
 * stay apart in hue or lightness under deuteranopia, protanopia and
 * tritanopia (tests/ui/test-peg-colours.c measures it). */
static const PjPegColour high_contrast[PJ_MAX_PLAYERS] = {
  { 0.835, 0.369, 0.000, FALSE },  /* vermillion     #d55e00 */
  { 0.000, 0.447, 0.698, FALSE },  /* blue           #0072b2 */
  { 0.000, 0.620, 0.451, FALSE },  /* bluish green   #009e73 */
  { 0.941, 0.894, 0.259, TRUE  },  /* yellow         #f0e442 */
  { 0.902, 0.624, 0.000, TRUE  },  /* orange         #e69f00 */
  { 0.800, 0.475, 0.655, TRUE  },  /* reddish purple #cc79a7 */
  { 0.337, 0.706, 0.914, TRUE  },  /* sky blue       #56b4e9 */
  { 0.200, 0.133, 0.533, FALSE },  /* indigo         #332288 */
};

/* One choice for the whole app: every view that draws pegs (board, team
 * progress, lobby, new game) shows the same colours for a seat. */
static gboolean use_high_contrast;

void
pj_peg_style_set_high_contrast (gboolean on)
{
  use_high_contrast = !!on;
}

gboolean
pj_peg_style_get_high_contrast (void)
{
  return use_high_contrast;
}

static const PjPegColour *
peg_colour (guint colour)
{
  return use_high_contrast ? &high_contrast[colour % PJ_MAX_PLAYERS] : &palette[colour % PJ_MAX_PLAYERS];
}

void
pj_peg_style_get_colour (guint    colour,
                         GdkRGBA *out)
{
  const PjPegColour *c = peg_colour (colour);

  out->red = c->r;
  out->green = c->g;
  out->blue = c->b;
  out->alpha = 1.0;
}

/* Mid grey, apart from every peg colour under the three deficiencies; with
 * high-contrast pieces much lighter (light style) or darker (dark style)
 * than any peg, and drawn hollow (pj_peg_style_draw_hole()). */
void
pj_peg_style_get_hole_colour (gboolean dark,
                              GdkRGBA *out)
{
  double grey;

  if (use_high_contrast)
    grey = dark ? 0.235 : 0.863;
  else
    grey = dark ? 0.541 : 0.647;
  *out = (GdkRGBA) { grey, grey, grey, 1.0 };
}

/* Adds an empty hole to the path; the caller fills. A hollow hole, with
 * high-contrast pieces, cannot be taken for a peg by its colour. */
void
pj_peg_style_add_hole (cairo_t *cr,
                       double   x,
                       double   y,
                       double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  if (use_high_contrast)
    {
      cairo_new_sub_path (cr);
      cairo_arc_negative (cr, x, y, r * 0.45, 2 * G_PI, 0);
    }
}

static void
polygon (cairo_t *cr,
         double   x,
         double   y,
         double   r,
         guint    n,
         double   start)
{
  for (guint i = 0; i < n; i++)
    {
      double a = start + i * 2 * G_PI / n;

      if (i == 0)
        cairo_move_to (cr, x + r * cos (a), y + r * sin (a));
      else
        cairo_line_to (cr, x + r * cos (a), y + r * sin (a));
    }
  cairo_close_path (cr);
}

/* Red dot, blue square, green triangle, yellow diamond, orange plus,
 * purple cross, teal star, magenta ring. */
void
pj_peg_style_draw_symbol (cairo_t       *cr,
                          guint          colour,
                          double         x,
                          double         y,
                          double         r,
                          const GdkRGBA *ink)
{
  cairo_save (cr);
  gdk_cairo_set_source_rgba (cr, ink);
  cairo_set_line_width (cr, MAX (r * 0.32, 1.0));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  cairo_new_path (cr);

  switch (colour % PJ_MAX_PLAYERS)
    {
    case 0:
      cairo_arc (cr, x, y, r * 0.45, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case 1:
      cairo_rectangle (cr, x - r * 0.45, y - r * 0.45, r * 0.9, r * 0.9);
      cairo_fill (cr);
      break;

    case 2:
      polygon (cr, x, y + r * 0.08, r * 0.62, 3, -G_PI / 2);
      cairo_fill (cr);
      break;

    case 3:
      polygon (cr, x, y, r * 0.62, 4, -G_PI / 2);
      cairo_fill (cr);
      break;

    case 4:
      cairo_move_to (cr, x - r * 0.5, y);
      cairo_line_to (cr, x + r * 0.5, y);
      cairo_move_to (cr, x, y - r * 0.5);
      cairo_line_to (cr, x, y + r * 0.5);
      cairo_stroke (cr);
      break;

    case 5:
      cairo_move_to (cr, x - r * 0.38, y - r * 0.38);
      cairo_line_to (cr, x + r * 0.38, y + r * 0.38);
      cairo_move_to (cr, x + r * 0.38, y - r * 0.38);
      cairo_line_to (cr, x - r * 0.38, y + r * 0.38);
      cairo_stroke (cr);
      break;

    case 6:
      for (guint i = 0; i < 10; i++)
        {
          double a = -G_PI / 2 + i * G_PI / 5;
          double rr = (i % 2 == 0) ? r * PJ_PEG_SYMBOL_REACH : r * 0.28;

          if (i == 0)
            cairo_move_to (cr, x + rr * cos (a), y + rr * sin (a));
          else
            cairo_line_to (cr, x + rr * cos (a), y + rr * sin (a));
        }
      cairo_close_path (cr);
      cairo_fill (cr);
      break;

    default:
      cairo_set_line_width (cr, MAX (r * 0.22, 1.0));
      cairo_arc (cr, x, y, r * 0.42, 0, 2 * G_PI);
      cairo_stroke (cr);
      break;
    }

  cairo_restore (cr);
}

void
pj_peg_style_draw_peg (cairo_t       *cr,
                       guint          colour,
                       double         x,
                       double         y,
                       double         r,
                       const GdkRGBA *outline)
{
  GdkRGBA fill, ink;

  pj_peg_style_get_colour (colour, &fill);
  ink = peg_colour (colour)->dark_ink ? (GdkRGBA) { 0.1, 0.1, 0.1, 0.9 }
                                                  : (GdkRGBA) { 1, 1, 1, 0.95 };

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &fill);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, outline);
  cairo_set_line_width (cr, MAX (r * 0.14, 1.0));
  cairo_stroke (cr);
  cairo_restore (cr);

  pj_peg_style_draw_symbol (cr, colour, x, y, r, &ink);
}
