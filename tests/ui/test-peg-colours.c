/* test-peg-colours.c — the 8 seat colours under colour-vision deficiency
 * (issue 23): with high-contrast pieces they stay pairwise apart under
 * protanopia, deuteranopia and tritanopia, and in both palettes no peg is
 * nearly the colour of an empty hole, light or dark. No display needed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"
#include "pj-peg-style.h"
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/peg-colours/high-contrast-apart", test_high_contrast_apart);
  g_test_add_func ("/peg-colours/default-figures", test_default_figures);
  g_test_add_func ("/peg-colours/holes-default", test_holes_default);
  g_test_add_func ("/peg-colours/holes-high-contrast", test_holes_high_contrast);
  return g_test_run ();
}
