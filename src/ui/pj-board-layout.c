/* pj-board-layout.c — where everything on the board is, and how pegs travel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-layout.h"

#include <math.h>

/* Outside each side, in hole spacings from the track: the turn band's
 * outer edge, then a gap, then the names. */
#define BAND_IN    0.6
#define BAND_OUT   0.9
#define LABEL_GAP  0.15
/* a line of text in font sizes, tall scripts and diacritics included */
#define LABEL_H_EM 1.35
/* the symbol before a name, and the gap between them, in font sizes */
#define SYMBOL_EM  0.8
#define SYMBOL_GAP 0.35
/* the share of its side a name may take */
#define LABEL_FILL 0.94
#define LABEL_MIN  6.0
/* a peg's radius, in hole spacings */
#define PEG_R      0.46

static double
base_label_size (double d)
{
  return CLAMP (0.75 * d, PJ_BOARD_MIN_TEXT, 18.0);
}

/* How far out from the track the names start: past the turn band, and
 * past the number badges of pegs on the track (drawn outward), so that
 * a name never covers a peg's number. */
static double
label_offset (double d)
{
  double r = d * PEG_R, offset = (BAND_OUT + LABEL_GAP) * d;

  if (r >= PJ_PEG_BADGE_MIN_R)
    {
      double br, size, distance;

      pj_board_layout_badge_size (r, &br, &size, &distance);
      offset = MAX (offset, distance + br + 1);
    }
  return offset;
}

/* What lies outside the track on each side: the band and the names. */
static double
outer_margin (double d)
{
  return label_offset (d) + LABEL_H_EM * base_label_size (d) + 2;
}

void
pj_board_layout_init (PjBoardLayout *L,
                      guint          n_players,
                      guint          holes_per_side,
                      guint          bottom,
                      double         width,
                      double         height)
{
  double minx = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, miny = G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  double lo, hi, k, free;

  g_return_if_fail (n_players >= 3 && n_players <= PJ_MAX_PLAYERS);
  g_return_if_fail (holes_per_side > 0 && holes_per_side <= PJ_MAX_SIDE);

  L->n = n_players;
  L->hps = holes_per_side;
  L->bottom = bottom < n_players ? bottom : 0;

  /* corner k starts display side k; angles grow clockwise on screen */
  for (guint c = 0; c <= L->n; c++)
    {
      double a = G_PI / 2 - G_PI / L->n + c * 2 * G_PI / L->n;

      L->corner_x[c] = cos (a);
      L->corner_y[c] = sin (a);
      minx = MIN (minx, L->corner_x[c]);
      maxx = MAX (maxx, L->corner_x[c]);
      miny = MIN (miny, L->corner_y[c]);
      maxy = MAX (maxy, L->corner_y[c]);
    }

  /* the largest board whose names still fit outside it: the names have a
   * readable floor, so their room does not shrink with the board, and
   * the radius is searched for rather than solved */
  k = 2 * sin (G_PI / L->n) / L->hps;
  lo = 1.0;
  hi = MAX (MIN ((width - 4) / (maxx - minx), (height - 4) / (maxy - miny)), 1.0);
  for (guint i = 0; i < 40; i++)
    {
      double R = (lo + hi) / 2, m = outer_margin (k * R);

      if (R * (maxx - minx) + 2 * m <= width - 2 && R * (maxy - miny) + 2 * m <= height - 2)
        lo = R;
      else
        hi = R;
    }

  L->cx = width / 2 - lo * (minx + maxx) / 2;
  L->cy = height / 2 - lo * (miny + maxy) / 2;
  for (guint c = 0; c <= L->n; c++)
    {
      L->corner_x[c] = L->cx + lo * L->corner_x[c];
      L->corner_y[c] = L->cy + lo * L->corner_y[c];
    }
  L->d = k * lo;
  /* small boards keep holes one can see: at least 10 px across while
   * they stay well inside the pegs */
  L->hole_r = MAX (L->d * 0.2, MIN (5.0, L->d * 0.43));
  L->peg_r = L->d * PEG_R;

  /* the cards in the middle, inside the home tracks */
  free = lo * cos (G_PI / L->n) - (1.15 * PJ_HOME_HOLES + 0.8) * L->d;
  L->card_w = MAX (L->d * 2.2, MIN (44.0, free * 0.32));
  L->card_h = L->card_w * 1.41;
  L->caption_size = MAX (L->card_w * 0.24, PJ_BOARD_MIN_TEXT);

  pj_board_layout_set_captions (L, (double[2]) { 0, 0 }, 1.0);
  pj_board_layout_set_labels (L, NULL, NULL, 1.0);
}

void
pj_board_layout_set_captions (PjBoardLayout *L,
                              const double   text_w[2],
                              double         measured_size)
{
  double w0 = text_w[0] * L->caption_size / measured_size;
  double w1 = text_w[1] * L->caption_size / measured_size;
  /* the cards' centres far enough apart for both captions and a space */
  double gap = MAX (L->card_w * 0.14, ((w0 + w1) / 2 + L->caption_size * 0.6 - L->card_w) / 2);

  g_return_if_fail (measured_size > 0);

  L->card_x[0] = L->cx - L->card_w - gap;
  L->card_x[1] = L->cx + gap;
  L->card_y[0] = L->card_y[1] = L->cy - L->card_h * 0.6;
  for (guint i = 0; i < 2; i++)
    L->caption[i] = (PjBoardBox) {
      .x = L->card_x[i] + L->card_w / 2,
      .y = L->card_y[i] + L->card_h + L->caption_size * 0.9,
      .w = i == 0 ? w0 : w1,
      .h = L->caption_size * 1.2,
      .angle = 0,
    };
}

void
pj_board_layout_set_labels (PjBoardLayout *L,
                            const double  *text_w,
                            const double  *text_h,
                            double         measured_size)
{
  double size = base_label_size (L->d);
  double side = L->hps * L->d * LABEL_FILL;

  g_return_if_fail (measured_size > 0);

  /* the longest name and the tallest line set one size for all */
  for (guint s = 0; text_w != NULL && s < L->n; s++)
    {
      double w_em = text_w[s] / measured_size, h_em = text_h[s] / measured_size;

      if (w_em > 0)
        size = MIN (size, side / (w_em + SYMBOL_EM + SYMBOL_GAP));
      if (h_em > LABEL_H_EM)
        size = MIN (size, base_label_size (L->d) * LABEL_H_EM / h_em);
    }
  /* below this no name is read at all */
  L->label_size = MAX (size, LABEL_MIN);
  L->label_sym_r = L->label_size * SYMBOL_EM / 2;

  for (guint s = 0; s < L->n; s++)
    {
      PjBoardBox *b = &L->label[s];
      double ax, ay, tx, ty, nx, ny, angle, ux, uy, tw, th;

      tw = text_w != NULL ? text_w[s] * L->label_size / measured_size : 0;
      th = text_h != NULL ? text_h[s] * L->label_size / measured_size : L->label_size * 1.2;
      pj_board_layout_side_frame (L, s, &ax, &ay, &tx, &ty, &nx, &ny);
      /* keep text upright */
      angle = atan2 (ty, tx);
      if (angle > G_PI / 2 + 0.01)
        angle -= G_PI;
      else if (angle < -G_PI / 2 + 0.01)
        angle += G_PI;
      ux = cos (angle);
      uy = sin (angle);

      b->w = tw + L->label_size * (SYMBOL_EM + SYMBOL_GAP);
      b->h = MAX (th, L->label_size * SYMBOL_EM);
      b->angle = angle;
      pj_board_layout_side_point (L, s, L->hps / 2.0, 0, &b->x, &b->y);
      b->x -= nx * (label_offset (L->d) + b->h / 2);
      b->y -= ny * (label_offset (L->d) + b->h / 2);
      /* the symbol first, then the name */
      L->label_sym_x[s] = b->x - ux * (b->w / 2 - L->label_sym_r);
      L->label_sym_y[s] = b->y - uy * (b->w / 2 - L->label_sym_r);
      L->label_text_x[s] = b->x + ux * (b->w / 2 - tw / 2);
      L->label_text_y[s] = b->y + uy * (b->w / 2 - tw / 2);
    }
}

void
pj_board_layout_turn_band (const PjBoardLayout *L,
                           guint                seat,
                           PjBoardBox          *box)
{
  double ax, ay, tx, ty, nx, ny;

  pj_board_layout_side_frame (L, seat, &ax, &ay, &tx, &ty, &nx, &ny);
  pj_board_layout_side_point (L, seat, L->hps / 2.0, -(BAND_IN + BAND_OUT) / 2, &box->x, &box->y);
  box->w = (L->hps - 0.6) * L->d;
  box->h = (BAND_OUT - BAND_IN) * L->d;
  box->angle = atan2 (ty, tx);
}

/* the corners of a box */
static void
box_corners (const PjBoardBox *b,
             double            x[4],
             double            y[4])
{
  double ux = cos (b->angle), uy = sin (b->angle);

  for (guint i = 0; i < 4; i++)
    {
      double sa = (i == 0 || i == 3) ? -0.5 : 0.5, sb = i < 2 ? -0.5 : 0.5;

      x[i] = b->x + ux * sa * b->w - uy * sb * b->h;
      y[i] = b->y + uy * sa * b->w + ux * sb * b->h;
    }
}

/* separating axes: two boxes miss each other when their shadows on one
 * of their four edge directions do */
gboolean
pj_board_box_overlap (const PjBoardBox *a,
                      const PjBoardBox *b)
{
  double ax[4], ay[4], bx[4], by[4];
  double axes[4] = { a->angle, a->angle + G_PI / 2, b->angle, b->angle + G_PI / 2 };

  box_corners (a, ax, ay);
  box_corners (b, bx, by);
  for (guint i = 0; i < 4; i++)
    {
      double ux = cos (axes[i]), uy = sin (axes[i]);
      double amin = G_MAXDOUBLE, amax = -G_MAXDOUBLE, bmin = G_MAXDOUBLE, bmax = -G_MAXDOUBLE;

      for (guint c = 0; c < 4; c++)
        {
          double pa = ax[c] * ux + ay[c] * uy, pb = bx[c] * ux + by[c] * uy;

          amin = MIN (amin, pa);
          amax = MAX (amax, pa);
          bmin = MIN (bmin, pb);
          bmax = MAX (bmax, pb);
        }
      if (amax <= bmin || bmax <= amin)
        return FALSE;
    }
  return TRUE;
}

gboolean
pj_board_box_inside (const PjBoardBox *box,
                     double            width,
                     double            height)
{
  double x[4], y[4];

  box_corners (box, x, y);
  for (guint i = 0; i < 4; i++)
    if (x[i] < 0 || y[i] < 0 || x[i] > width || y[i] > height)
      return FALSE;
  return TRUE;
}

guint
pj_board_layout_display_side (const PjBoardLayout *L,
                              guint                seat)
{
  return (seat + L->n - L->bottom) % L->n;
}

void
pj_board_layout_side_frame (const PjBoardLayout *L,
                            guint                seat,
                            double              *ax,
                            double              *ay,
                            double              *tx,
                            double              *ty,
                            double              *nx,
                            double              *ny)
{
  guint k = pj_board_layout_display_side (L, seat);
  double bx = L->corner_x[k + 1], by = L->corner_y[k + 1];
  double len;

  *ax = L->corner_x[k];
  *ay = L->corner_y[k];
  len = hypot (bx - *ax, by - *ay);
  *tx = (bx - *ax) / len;
  *ty = (by - *ay) / len;
  /* the inward normal: clockwise travel on screen keeps the centre on the right */
  *nx = -*ty;
  *ny = *tx;
  if ((L->cx - *ax) * *nx + (L->cy - *ay) * *ny < 0)
    {
      *nx = -*nx;
      *ny = -*ny;
    }
}

void
pj_board_layout_side_point (const PjBoardLayout *L,
                            guint                seat,
                            double               along,
                            double               in,
                            double              *x,
                            double              *y)
{
  double ax, ay, tx, ty, nx, ny;

  pj_board_layout_side_frame (L, seat, &ax, &ay, &tx, &ty, &nx, &ny);
  *x = ax + tx * along * L->d + nx * in * L->d;
  *y = ay + ty * along * L->d + ny * in * L->d;
}

void
pj_board_layout_place_point (const PjBoardLayout *L,
                             const PjPlace       *p,
                             double              *x,
                             double              *y)
{
  if (PJ_POS_IS_TRACK (p->pos))
    pj_board_layout_side_point (L, p->pos / L->hps, p->pos % L->hps, 0, x, y);
  else if (PJ_POS_IS_HOME (p->pos))
    pj_board_layout_side_point (L, p->colour, PJ_IN_SPOT_HOLE, 1.15 * (p->pos - PJ_POS_HOME0 + 1), x, y);
  else
    pj_board_layout_side_point (L, p->colour, PJ_COME_OUT_HOLE - 2.0 + p->slot, 2.4, x, y);
}

static void
try_place (const PjBoardLayout *L,
           const PjPlace       *place,
           double               x,
           double               y,
           double              *best,
           PjPlace             *out)
{
  double px, py, dist;

  pj_board_layout_place_point (L, place, &px, &py);
  dist = hypot (px - x, py - y);
  if (dist < *best && dist < L->d * 0.6)
    {
      *best = dist;
      *out = *place;
    }
}

gboolean
pj_board_layout_place_at (const PjBoardLayout *L,
                          double               x,
                          double               y,
                          PjPlace             *out)
{
  double best = G_MAXDOUBLE;

  for (guint h = 0; h < L->n * L->hps; h++)
    {
      PjPlace pl = { (guint8) (h / L->hps), (guint8) h, 0 };

      try_place (L, &pl, x, y, &best, out);
    }
  for (guint c = 0; c < L->n; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      {
        PjPlace home = { (guint8) c, PJ_POS_HOME (k), 0 };
        PjPlace start = { (guint8) c, PJ_POS_START, (guint8) k };

        try_place (L, &home, x, y, &best, out);
        try_place (L, &start, x, y, &best, out);
      }

  return best < G_MAXDOUBLE;
}

guint
pj_board_layout_step_path (const PjBoardLayout *L,
                           const PjAction      *a,
                           guint                i,
                           PjPlace              path[PJ_BOARD_MAX_PATH])
{
  const PjStep *st = &a->steps[i];
  guint colour = PJ_PEG_COLOUR (st->peg);
  guint len = L->n * L->hps;
  guint n = 0;
  gboolean counting;

  path[n++] = (PjPlace) { colour, st->from, PJ_PEG_INDEX (st->peg) };

  counting = !(st->flags & (PJ_STEP_HIT | PJ_STEP_SWAP | PJ_STEP_SEND | PJ_STEP_PENALTY)) &&
             PJ_CARD_RANK (a->card) != PJ_CARD_JOKER && st->from != PJ_POS_START &&
             st->to != PJ_POS_START && len > 0;

  if (counting && PJ_POS_IS_TRACK (st->from) && (st->flags & PJ_STEP_BACK))
    {
      for (guint h = st->from; h != st->to && n < PJ_BOARD_MAX_PATH - 1;)
        {
          h = (h + len - 1) % len;
          path[n++] = (PjPlace) { colour, (guint8) h, 0 };
        }
    }
  else if (counting && PJ_POS_IS_TRACK (st->from))
    {
      guint target = PJ_POS_IS_HOME (st->to) ? colour * L->hps + PJ_IN_SPOT_HOLE : st->to;

      for (guint h = st->from; h != target && n < PJ_BOARD_MAX_PATH - PJ_HOME_HOLES - 1;)
        {
          h = (h + 1) % len;
          path[n++] = (PjPlace) { colour, (guint8) h, 0 };
        }
      if (PJ_POS_IS_HOME (st->to))
        for (guint k = 0; k <= (guint) (st->to - PJ_POS_HOME0); k++)
          path[n++] = (PjPlace) { colour, PJ_POS_HOME (k), 0 };
    }
  else if (counting && PJ_POS_IS_HOME (st->from) && PJ_POS_IS_HOME (st->to))
    {
      for (guint k = st->from - PJ_POS_HOME0 + 1; k <= (guint) (st->to - PJ_POS_HOME0); k++)
        path[n++] = (PjPlace) { colour, PJ_POS_HOME (k), 0 };
    }
  else
    path[n++] = (PjPlace) { colour, st->to, PJ_PEG_INDEX (st->peg) };

  return n;
}

void
pj_board_layout_path_point (const PjBoardLayout *L,
                            const PjPlace       *path,
                            guint                n_path,
                            double               fraction,
                            double              *x,
                            double              *y)
{
  double f, x0, y0, x1, y1;
  guint seg;

  if (n_path < 2)
    {
      pj_board_layout_place_point (L, &path[0], x, y);
      return;
    }
  f = CLAMP (fraction, 0.0, 1.0) * (n_path - 1);
  seg = MIN ((guint) f, n_path - 2);
  f -= seg;

  pj_board_layout_place_point (L, &path[seg], &x0, &y0);
  pj_board_layout_place_point (L, &path[seg + 1], &x1, &y1);
  *x = x0 + (x1 - x0) * f;
  *y = y0 + (y1 - y0) * f;
}

void
pj_board_layout_badge_size (double  r,
                            double *badge_r,
                            double *digit_size,
                            double *distance)
{
  double size = MAX (r * 0.75, 8.0);
  double br = size * 0.62;

  *badge_r = br;
  *digit_size = size;
  /* its edge half a pixel clear of the symbol */
  *distance = MAX (r * 0.72 * G_SQRT2, pj_board_layout_mark_reach (r) + br + 0.5);
}

void
pj_board_layout_badge_point (const PjBoardLayout *L,
                             const PjPlace       *place,
                             double              *x,
                             double              *y)
{
  double ax, ay, tx, ty, nx, ny, br, size, d;
  guint seat = PJ_POS_IS_TRACK (place->pos) ? place->pos / L->hps : place->colour;

  pj_board_layout_badge_size (L->peg_r, &br, &size, &d);
  pj_board_layout_side_frame (L, seat, &ax, &ay, &tx, &ty, &nx, &ny);
  pj_board_layout_place_point (L, place, x, y);
  if (PJ_POS_IS_TRACK (place->pos) || place->pos == PJ_POS_START)
    {
      *x -= nx * d;
      *y -= ny * d;
    }
  else
    {
      *x += tx * d;
      *y += ty * d;
    }
}
