/* pj-test-cvd.h — colour-vision deficiency simulation, for tests only
 *
 * Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model
 * for Simulation of Color Vision Deficiency", severity 1.0, applied to
 * linear sRGB; distances are CIE76 ΔE in CIELAB (D65).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <glib.h>

typedef enum {
  PJ_TEST_CVD_NONE,
  PJ_TEST_CVD_PROTAN,
  PJ_TEST_CVD_DEUTAN,
  PJ_TEST_CVD_TRITAN,
  PJ_TEST_CVD_N
} PjTestCvd;

static const char *const pj_test_cvd_names[PJ_TEST_CVD_N] = {
  "normal vision", "protanopia", "deuteranopia", "tritanopia"
};

static const double pj_test_cvd_matrix[PJ_TEST_CVD_N][3][3] = {
  { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
  { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 }, { -0.003882, -0.048116, 1.051998 } },
  { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 }, { -0.011820, 0.042940, 0.968881 } },
  { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 }, { 0.004733, 0.691367, 0.303900 } },
};

static inline double
pj_test_cvd_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static inline double
pj_test_cvd_lab_f (double t)
{
  return t > 216.0 / 24389.0 ? cbrt (t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

/* An sRGB colour (0..1) as a person with `cvd` sees it, in CIELAB. */
static inline void
pj_test_cvd_lab (PjTestCvd    cvd,
                 const double rgb[3],
                 double       lab[3])
{
  double lin[3], sim[3], X, Y, Z, fx, fy, fz;

  for (guint i = 0; i < 3; i++)
    lin[i] = pj_test_cvd_linear (rgb[i]);
  for (guint i = 0; i < 3; i++)
    sim[i] = CLAMP (pj_test_cvd_matrix[cvd][i][0] * lin[0] + pj_test_cvd_matrix[cvd][i][1] * lin[1]
                    + pj_test_cvd_matrix[cvd][i][2] * lin[2], 0.0, 1.0);
  X = 0.4124 * sim[0] + 0.3576 * sim[1] + 0.1805 * sim[2];
  Y = 0.2126 * sim[0] + 0.7152 * sim[1] + 0.0722 * sim[2];
  Z = 0.0193 * sim[0] + 0.1192 * sim[1] + 0.9505 * sim[2];
  fx = pj_test_cvd_lab_f (X / 0.95047);
  fy = pj_test_cvd_lab_f (Y);
  fz = pj_test_cvd_lab_f (Z / 1.08883);
  lab[0] = 116 * fy - 16;
  lab[1] = 500 * (fx - fy);
  lab[2] = 200 * (fy - fz);
}

/* CIE76 ΔE between two sRGB colours as a person with `cvd` sees them. */
static inline double
pj_test_cvd_delta_e (PjTestCvd    cvd,
                     const double a[3],
                     const double b[3])
{
  double la[3], lb[3];

  pj_test_cvd_lab (cvd, a, la);
  pj_test_cvd_lab (cvd, b, lb);
  return sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1])
               + (la[2] - lb[2]) * (la[2] - lb[2]));
}
