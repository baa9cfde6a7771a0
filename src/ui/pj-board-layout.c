/* pj-board-layout.c — where everything on the board is, and how pegs travel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-layout.h"

#include <math.h>

void
pj_board_layout_init (PjBoardLayout *L,
                      guint          n_players,
                      guint          holes_per_side,
                      guint          bottom,
                      double         width,
                      double         height)
{
  double minx = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, miny = G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  double margin, R;

  g_return_if_fail (n_players >= 3 && n_players <= PJ_MAX_PLAYERS);
  g_return_if_fail (holes_per_side > 0 && holes_per_side <= PJ_MAX_SIDE);

  L->n = n_players;
  L->hps = holes_per_side;
  L->bottom = bottom < n_players ? bottom : 0;

  /* corner k starts display side k; angles grow clockwise on screen */
  for (guint k = 0; k <= L->n; k++)
    {
      double a = G_PI / 2 - G_PI / L->n + k * 2 * G_PI / L->n;

      L->corner_x[k] = cos (a);
      L->corner_y[k] = sin (a);
      minx = MIN (minx, L->corner_x[k]);
      maxx = MAX (maxx, L->corner_x[k]);
      miny = MIN (miny, L->corner_y[k]);
      maxy = MAX (maxy, L->corner_y[k]);
    }

  /* room outside the track for the seat names, in hole spacings */
  margin = 2.4 * 2 * sin (G_PI / L->n) / L->hps;
  R = MIN ((width - 4) / (maxx - minx + 2 * margin), (height - 4) / (maxy - miny + 2 * margin));
  R = MAX (R, 1.0);

  L->cx = width / 2 - R * (minx + maxx) / 2;
  L->cy = height / 2 - R * (miny + maxy) / 2;
  for (guint k = 0; k <= L->n; k++)
    {
      L->corner_x[k] = L->cx + R * L->corner_x[k];
      L->corner_y[k] = L->cy + R * L->corner_y[k];
    }
  L->d = 2 * R * sin (G_PI / L->n) / L->hps;
  L->hole_r = L->d * 0.2;
  L->peg_r = L->d * 0.42;
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
