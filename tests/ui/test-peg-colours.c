/* test-peg-colours.c — the 8 seat colours under colour-vision deficiency
 * (issue 23): with high-contrast pieces they stay pairwise apart under
 * protanopia, deuteranopia and tritanopia, and in both palettes no peg is
 * nearly the colour of an empty hole, light or dark. Without colour, each
 * colour's mark is large enough to read at every table size at the
 * default window and at 360 px, and pegs drawn there (offscreen) differ
 * in shape or lightness under each deficiency. No display needed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "pj-board-layout.h"
#include "pj-engine.h"
#include "pj-peg-style.h"
#include "pj-test-boards.h"
#include "pj-test-cvd.h"

/* CIE76 ΔE: about 2.3 is just noticeable; pegs are small, so well above */
#define MIN_PEG_PEG  15.0
#define MIN_PEG_HOLE 10.0

static void
rgb (const GdkRGBA *c,
     double         out[3])
{
  out[0] = c->red;
  out[1] = c->green;
  out[2] = c->blue;
}

static double
min_pair (PjTestCvd cvd,
          guint    *ia,
          guint    *ib)
{
  double least = G_MAXDOUBLE;

  for (guint a = 0; a < PJ_MAX_PLAYERS; a++)
    for (guint b = a + 1; b < PJ_MAX_PLAYERS; b++)
      {
        GdkRGBA ca, cb;
        double x[3], y[3], d;

        pj_peg_style_get_colour (a, &ca);
        pj_peg_style_get_colour (b, &cb);
        rgb (&ca, x);
        rgb (&cb, y);
        d = pj_test_cvd_delta_e (cvd, x, y);
        if (d < least)
          {
            least = d;
            *ia = a;
            *ib = b;
          }
      }
  return least;
}

static void
check_holes (gboolean high_contrast)
{
  pj_peg_style_set_high_contrast (high_contrast);
  for (PjTestCvd cvd = 0; cvd < PJ_TEST_CVD_N; cvd++)
    for (guint dark = 0; dark < 2; dark++)
      for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
        {
          GdkRGBA peg, hole;
          double x[3], y[3], d;

          pj_peg_style_get_colour (c, &peg);
          pj_peg_style_get_hole_colour (dark, &hole);
          rgb (&peg, x);
          rgb (&hole, y);
          d = pj_test_cvd_delta_e (cvd, x, y);
          if (d < MIN_PEG_HOLE)
            g_test_message ("%s, %s, %s: colour %u is dE %.1f from an empty hole",
                            high_contrast ? "high contrast" : "default", dark ? "dark" : "light",
                            pj_test_cvd_names[cvd], c, d);
          g_assert_cmpfloat (d, >=, MIN_PEG_HOLE);
        }
}

static void
test_high_contrast_apart (void)
{
  pj_peg_style_set_high_contrast (TRUE);
  for (PjTestCvd cvd = 0; cvd < PJ_TEST_CVD_N; cvd++)
    {
      guint a = 0, b = 0;
      double d = min_pair (cvd, &a, &b);

      g_test_message ("high contrast, %s: closest pair %u/%u, dE %.1f", pj_test_cvd_names[cvd], a, b, d);
      g_assert_cmpfloat (d, >=, MIN_PEG_PEG);
    }
}

/* The default palette is GNOME's and may collapse (the symbols tell those
 * apart); its figures are shown, and it must differ from the other. */
static void
test_default_figures (void)
{
  GdkRGBA a, b;

  pj_peg_style_set_high_contrast (FALSE);
  for (PjTestCvd cvd = 0; cvd < PJ_TEST_CVD_N; cvd++)
    {
      guint i = 0, j = 0;
      double d = min_pair (cvd, &i, &j);

      g_test_message ("default, %s: closest pair %u/%u, dE %.1f", pj_test_cvd_names[cvd], i, j, d);
    }
  pj_peg_style_get_colour (0, &a);
  pj_peg_style_set_high_contrast (TRUE);
  pj_peg_style_get_colour (0, &b);
  g_assert_false (gdk_rgba_equal (&a, &b));
}

static void test_holes_default (void) { check_holes (FALSE); }
static void test_holes_high_contrast (void) { check_holes (TRUE); }

/* 4, 6 and 8 seats, on the short and the long track; the board in the
 * default window and in one 360 px wide */
static const guint tables[][2] = { { 4, 18 }, { 6, 18 }, { 8, 18 }, { 4, 20 }, { 6, 20 }, { 8, 20 } };
static const double boards[][2] = { { BOARD_W, BOARD_H }, { NARROW_W, NARROW_H } };

/* Each colour's mark, on a peg and beside its seat's name, is at least
 * PJ_PEG_MARK_MIN wide and tall (issue 23 found 3.7 px at 360 px). */
static void
test_mark_size (void)
{
  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
      {
        PjBoardLayout L;
        double radii[2];

        pj_board_layout_init (&L, tables[t][0], tables[t][1], 0, boards[b][0], boards[b][1]);
        radii[0] = L.peg_r;
        radii[1] = L.label_sym_r;
        for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
          {
            double least = G_MAXDOUBLE;

            for (guint c = 0; c < L.n; c++)
              {
                double w, h;

                pj_peg_style_get_mark_size (c, radii[i], &w, &h);
                least = MIN (least, MIN (w, h));
              }
            g_test_message ("%.0f x %.0f, %u seats, %u holes a side, %s radius %.1f: marks at least %.1f px",
                            boards[b][0], boards[b][1], tables[t][0], tables[t][1],
                            i == 0 ? "peg" : "name's symbol", radii[i], least);
            g_assert_cmpfloat (least, >=, PJ_PEG_MARK_MIN - 1e-9);
          }
      }
}

/* pj-board-view-draw.c's board and pegs' outline (the text colour at
 * 0.55, Adwaita's text colours) */
static const double board_rgb[2][3] = { { 0.93, 0.87, 0.76 }, { 0.24, 0.21, 0.18 } };
static const GdkRGBA outline_rgba[2] = { { 0, 0, 0.024, 0.8 * 0.55 }, { 1, 1, 1, 0.55 } };

#define CELL 40
/* a pixel tells two pegs apart when their colours there are this far
 * apart (CIE76 ΔE, as someone with the deficiency sees them) ... */
#define MIN_PIXEL_DE MIN_PEG_PEG
/* ... and two pegs differ when that share of the smallest mark's box
 * does (a readable one's at least): more than a few pixels of edge */
#define MIN_DIFF_SHARE 0.25

/* A peg in its hole on the board, drawn as the board does, as someone
 * with `cvd` sees it: CIELAB per pixel. Also checks the peg reaches no
 * farther than the number's badge keeps clear of. */
static void
render_peg (guint     colour,
            double    r,
            double    hole_r,
            gboolean  dark,
            PjTestCvd cvd,
            double    lab[CELL * CELL][3])
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, CELL, CELL);
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, CELL, CELL);
  cairo_t *cr = cairo_create (surface);
  cairo_t *mcr = cairo_create (mask);
  double reach = pj_board_layout_mark_reach (r);
  GdkRGBA hole, opaque = { 0, 0, 0, 1 };
  const guint8 *data, *mdata;
  int stride, mstride;

  cairo_set_source_rgb (cr, board_rgb[dark][0], board_rgb[dark][1], board_rgb[dark][2]);
  cairo_paint (cr);
  pj_peg_style_get_hole_colour (dark, &hole);
  gdk_cairo_set_source_rgba (cr, &hole);
  pj_peg_style_add_hole (cr, CELL / 2.0, CELL / 2.0, hole_r);
  cairo_fill (cr);
  pj_peg_style_draw_peg (cr, colour, CELL / 2.0, CELL / 2.0, r, &outline_rgba[dark]);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* where the peg covers, its outline included */
  pj_peg_style_draw_peg (mcr, colour, CELL / 2.0, CELL / 2.0, r, &opaque);
  cairo_destroy (mcr);
  cairo_surface_flush (mask);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  mdata = cairo_image_surface_get_data (mask);
  mstride = cairo_image_surface_get_stride (mask);
  for (guint y = 0; y < CELL; y++)
    for (guint x = 0; x < CELL; x++)
      {
        const guint8 *p = data + y * stride + x * 4;
        /* opaque ARGB32 in native order: B, G, R on little-endian */
        guint32 v = *(const guint32 *) p;
        double rgb[3] = { ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0 };

        pj_test_cvd_lab (cvd, rgb, lab[y * CELL + x]);
        /* half a pixel of antialiasing, and the outline's half width */
        if (mdata[y * mstride + x] > 128)
          g_assert_cmpfloat (hypot (x + 0.5 - CELL / 2.0, y + 0.5 - CELL / 2.0), <=, MAX (reach, r) + 1.5);
      }
  cairo_surface_destroy (surface);
  cairo_surface_destroy (mask);
}

/* Under each deficiency, in both palettes, light and dark, at every
 * table size, the pegs of any two colours differ in shape or lightness
 * (or what hue is left) over a good part of the mark, as drawn. */
static void
test_pegs_apart (void)
{
  static double lab[PJ_MAX_PLAYERS][CELL * CELL][3];

  for (guint hc = 0; hc < 2; hc++)
    for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
      for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
        for (guint dark = 0; dark < 2; dark++)
          for (PjTestCvd cvd = 0; cvd < PJ_TEST_CVD_N; cvd++)
            {
              PjBoardLayout L;
              double need, least_w = G_MAXDOUBLE;
              guint least = G_MAXUINT, la = 0, lb = 0;

              pj_peg_style_set_high_contrast (hc);
              pj_board_layout_init (&L, tables[t][0], tables[t][1], 0, boards[b][0], boards[b][1]);
              for (guint c = 0; c < L.n; c++)
                {
                  double w, h;

                  render_peg (c, L.peg_r, L.hole_r, dark, cvd, lab[c]);
                  pj_peg_style_get_mark_size (c, L.peg_r, &w, &h);
                  least_w = MIN (least_w, MIN (w, h));
                }
              least_w = MAX (least_w, PJ_PEG_MARK_MIN);
              need = MIN_DIFF_SHARE * least_w * least_w;
              for (guint a = 0; a < L.n; a++)
                for (guint c = a + 1; c < L.n; c++)
                  {
                    guint n = 0;

                    for (guint p = 0; p < CELL * CELL; p++)
                      {
                        double d0 = lab[a][p][0] - lab[c][p][0], d1 = lab[a][p][1] - lab[c][p][1];
                        double d2 = lab[a][p][2] - lab[c][p][2];

                        n += sqrt (d0 * d0 + d1 * d1 + d2 * d2) >= MIN_PIXEL_DE;
                      }
                    if (n < least)
                      {
                        least = n;
                        la = a;
                        lb = c;
                      }
                  }
              g_test_message ("%s, %.0f x %.0f, %u seats, %u holes, %s, %s: colours %u and %u differ in %u px "
                              "(%.0f needed)", hc ? "high contrast" : "default", boards[b][0], boards[b][1],
                              tables[t][0], tables[t][1], dark ? "dark" : "light", pj_test_cvd_names[cvd], la, lb,
                              least, need);
              g_assert_cmpfloat (least, >=, need);
            }
  pj_peg_style_set_high_contrast (FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/peg-colours/high-contrast-apart", test_high_contrast_apart);
  g_test_add_func ("/peg-colours/default-figures", test_default_figures);
  g_test_add_func ("/peg-colours/holes-default", test_holes_default);
  g_test_add_func ("/peg-colours/holes-high-contrast", test_holes_high_contrast);
  g_test_add_func ("/peg-colours/mark-size", test_mark_size);
  g_test_add_func ("/peg-colours/pegs-apart", test_pegs_apart);
  return g_test_run ();
}
