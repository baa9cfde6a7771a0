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

/* five points up, centred on (x, y) */
static void
star (cairo_t *cr,
      double   x,
      double   y,
      double   outer,
      double   inner)
{
  for (guint i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = (i % 2 == 0) ? outer : inner;

      if (i == 0)
        cairo_move_to (cr, x + rr * cos (a), y + rr * sin (a));
      else
        cairo_line_to (cr, x + rr * cos (a), y + rr * sin (a));
    }
  cairo_close_path (cr);
}

/* A plus with arms `arm` long from the centre and 2 w wide, turned by
 * `turn`, as one outline: filled and outlined like any other shape. */
static void
plus (cairo_t *cr,
      double   x,
      double   y,
      double   arm,
      double   w,
      double   turn)
{
  for (guint i = 0; i < 12; i++)
    {
      /* each arm's two outer corners, then the inner corner after it */
      double a = turn + (i / 3) * G_PI / 2;
      double u = i % 3 == 2 ? w : arm, v = i % 3 == 0 ? -w : w;
      double px = x + u * cos (a) - v * sin (a), py = y + u * sin (a) + v * cos (a);

      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
}

/* The symbol inside a round peg: red dot, blue square, green triangle,
 * yellow diamond, orange plus, purple cross, teal star, magenta ring.
 * Adds its path; TRUE when it is to be stroked (the line width set). */
static gboolean
add_symbol (cairo_t *cr,
            guint    colour,
            double   x,
            double   y,
            double   r)
{
  cairo_set_line_width (cr, MAX (r * 0.32, 1.0));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  switch (colour % PJ_MAX_PLAYERS)
    {
    case 0:
      cairo_arc (cr, x, y, r * 0.45, 0, 2 * G_PI);
      return FALSE;

    case 1:
      cairo_rectangle (cr, x - r * 0.45, y - r * 0.45, r * 0.9, r * 0.9);
      return FALSE;

    case 2:
      polygon (cr, x, y + r * 0.08, r * 0.62, 3, -G_PI / 2);
      return FALSE;

    case 3:
      polygon (cr, x, y, r * 0.62, 4, -G_PI / 2);
      return FALSE;

    case 4:
      cairo_move_to (cr, x - r * 0.5, y);
      cairo_line_to (cr, x + r * 0.5, y);
      cairo_move_to (cr, x, y - r * 0.5);
      cairo_line_to (cr, x, y + r * 0.5);
      return TRUE;

    case 5:
      cairo_move_to (cr, x - r * 0.38, y - r * 0.38);
      cairo_line_to (cr, x + r * 0.38, y + r * 0.38);
      cairo_move_to (cr, x + r * 0.38, y - r * 0.38);
      cairo_line_to (cr, x - r * 0.38, y + r * 0.38);
      return TRUE;

    case 6:
      star (cr, x, y, r * PJ_PEG_SYMBOL_REACH, r * 0.28);
      return FALSE;

    default:
      cairo_set_line_width (cr, MAX (r * 0.22, 1.0));
      cairo_arc (cr, x, y, r * 0.42, 0, 2 * G_PI);
      return TRUE;
    }
}

/* A small peg as its colour's shape, the symbols above, in a box 2 e
 * wide and tall about (x, y) that no point leaves by more than a square's
 * corner. Strokes are filled outlines here, so that every shape has the
 * same edge. The ring's middle is added apart (add_ring_middle()). */
static void
add_shape (cairo_t *cr,
           guint    colour,
           double   x,
           double   y,
           double   e)
{
  /* a five-pointed star 2 e tall: its points reach 1 + cos 36° radii */
  double star_r = 2 * e / (1 + cos (G_PI / 5));

  switch (colour % PJ_MAX_PLAYERS)
    {
    case 0:
      cairo_arc (cr, x, y, e, 0, 2 * G_PI);
      break;

    case 1:
      cairo_rectangle (cr, x - e, y - e, 2 * e, 2 * e);
      break;

    case 2:
      cairo_move_to (cr, x, y - e);
      cairo_line_to (cr, x + e, y + e);
      cairo_line_to (cr, x - e, y + e);
      cairo_close_path (cr);
      break;

    case 3:
      polygon (cr, x, y, e, 4, -G_PI / 2);
      break;

    case 4:
      plus (cr, x, y, e, e * 0.3, 0);
      break;

    case 5:
      /* its box 2 e: the arms' ends reach (arm + w) / √2 across */
      plus (cr, x, y, e * G_SQRT2 - e * 0.3, e * 0.3, G_PI / 4);
      break;

    case 6:
      star (cr, x, y - e + star_r, star_r, star_r * 0.5);
      break;

    default:
      cairo_arc (cr, x, y, e, 0, 2 * G_PI);
      break;
    }
}

/* the magenta ring's middle, in the ink: a ring, never a dot (red) */
static void
add_ring_middle (cairo_t *cr,
                 double   x,
                 double   y,
                 double   e)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, e * 0.55, 0, 2 * G_PI);
}

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
  cairo_new_path (cr);
  if (add_symbol (cr, colour, x, y, r))
    cairo_stroke (cr);
  else
    cairo_fill (cr);
  cairo_restore (cr);
}

static void
get_ink (guint    colour,
         GdkRGBA *ink)
{
  *ink = peg_colour (colour)->dark_ink ? (GdkRGBA) { 0.1, 0.1, 0.1, 0.9 } : (GdkRGBA) { 1, 1, 1, 0.95 };
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
  gboolean shape = pj_board_layout_peg_is_shape (r);
  double e = pj_board_layout_shape_half (r);

  pj_peg_style_get_colour (colour, &fill);
  get_ink (colour, &ink);

  cairo_save (cr);
  cairo_new_path (cr);
  if (shape)
    {
      /* a socket under the shape, in the outline's colour, fainter: the
       * hole's rim around the shape's points reads as part of the peg,
       * never as an empty hole */
      cairo_arc (cr, x, y, r * 1.05, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, outline->red, outline->green, outline->blue, outline->alpha * 0.6);
      cairo_fill (cr);
      add_shape (cr, colour, x, y, e);
    }
  else
    cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &fill);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, outline);
  cairo_set_line_width (cr, shape ? MAX (e * 0.16, 1.0) : MAX (r * 0.14, 1.0));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke (cr);
  if (shape && colour % PJ_MAX_PLAYERS == PJ_MAX_PLAYERS - 1)
    {
      add_ring_middle (cr, x, y, e);
      gdk_cairo_set_source_rgba (cr, &ink);
      cairo_fill (cr);
    }
  cairo_restore (cr);

  if (!shape)
    pj_peg_style_draw_symbol (cr, colour, x, y, r, &ink);
}

/* The box of what tells colour's peg apart without its colour: the
 * symbol on a round peg, or the whole shape, as drawn. */
void
pj_peg_style_get_mark_size (guint   colour,
                            double  r,
                            double *width,
                            double *height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);
  double x0, y0, x1, y1;

  if (pj_board_layout_peg_is_shape (r))
    {
      add_shape (cr, colour, 0, 0, pj_board_layout_shape_half (r));
      cairo_fill_extents (cr, &x0, &y0, &x1, &y1);
    }
  else if (add_symbol (cr, colour, 0, 0, r))
    cairo_stroke_extents (cr, &x0, &y0, &x1, &y1);
  else
    cairo_fill_extents (cr, &x0, &y0, &x1, &y1);
  *width = x1 - x0;
  *height = y1 - y0;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
