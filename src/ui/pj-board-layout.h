/* pj-board-layout.h — where everything on the board is, and how pegs travel
 *
 * Pure geometry over the engine's positions: plain C and doubles, no
 * widget, so it is tested without a display. The board is a regular
 * polygon with one side per seat; the seat `bottom` (whose hand is shown)
 * sits at the bottom and play runs clockwise on screen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-engine.h"

G_BEGIN_DECLS

/* the holes a step may pass: a lap of the longest track, the home track,
 * where it started and where it ends */
#define PJ_BOARD_MAX_PATH (PJ_MAX_TRACK + PJ_HOME_HOLES + 2)

/* A hole of the board. */
typedef struct {
  guint8 colour;   /* whose home or start area; the side for track holes */
  guint8 pos;      /* a PjState position */
  guint8 slot;     /* start hole, for PJ_POS_START */
} PjPlace;

/* A rectangle turned by `angle` about its centre: a seat's name, the
 * turn band, a card with its caption. */
typedef struct {
  double x, y;                             /* the centre */
  double w, h;                             /* along and across */
  double angle;                            /* radians, clockwise on screen */
} PjBoardBox;

typedef struct {
  guint  n;                                /* sides: the players */
  guint  hps;                              /* holes per side */
  guint  bottom;                           /* the seat drawn at the bottom */
  double cx, cy;                           /* the centre */
  double corner_x[PJ_MAX_PLAYERS + 1];     /* corner k starts display side k */
  double corner_y[PJ_MAX_PLAYERS + 1];
  double d;                                /* one hole spacing */
  double hole_r;
  double peg_r;
  /* the seats' names outside the sides: font size, the box of each name
   * with its colour's symbol, where the text and the symbol go in it */
  double label_size;
  PjBoardBox label[PJ_MAX_PLAYERS];
  double label_text_x[PJ_MAX_PLAYERS], label_text_y[PJ_MAX_PLAYERS];
  double label_sym_x[PJ_MAX_PLAYERS], label_sym_y[PJ_MAX_PLAYERS];
  double label_sym_r;
  /* the middle: the discard pile (0) and the stock (1), top-left corners,
   * and the captions' font size */
  double card_x[2], card_y[2];
  double card_w, card_h;
  double caption_size;
  PjBoardBox caption[2];
} PjBoardLayout;

/* the smallest font the board draws text in */
#define PJ_BOARD_MIN_TEXT 9.0

/* The layout filling width × height, with room for the names outside. */
void     pj_board_layout_init        (PjBoardLayout       *L,
                                      guint                n_players,
                                      guint                holes_per_side,
                                      guint                bottom,
                                      double               width,
                                      double               height);
/* The seats' names: text_w[seat] × text_h[seat] is each name's size
 * measured at font size `measured_size` (the layout scales it). Fits the
 * font so the longest name with its symbol fits its side: names then
 * never meet each other, the turn band or the widget's edge. */
void     pj_board_layout_set_labels  (PjBoardLayout       *L,
                                      const double        *text_w,
                                      const double        *text_h,
                                      double               measured_size);
/* The captions under the cards ("Discard", "Stock"), each text_w wide at
 * font size `measured_size`: the cards move apart so they never meet. */
void     pj_board_layout_set_captions (PjBoardLayout      *L,
                                      const double         text_w[2],
                                      double               measured_size);
/* The band along the side of the seat to move. */
void     pj_board_layout_turn_band   (const PjBoardLayout *L,
                                      guint                seat,
                                      PjBoardBox          *box);
/* Whether two boxes overlap; whether one lies within width × height. */
gboolean pj_board_box_overlap        (const PjBoardBox    *a,
                                      const PjBoardBox    *b);
gboolean pj_board_box_inside         (const PjBoardBox    *box,
                                      double               width,
                                      double               height);
/* Which side on screen (0 at the bottom, then clockwise) a seat's is. */
guint    pj_board_layout_display_side (const PjBoardLayout *L,
                                      guint                seat);
/* A seat's side: its first corner (a), the direction of play along it (t)
 * and the inward normal (n), all unit vectors but a. */
void     pj_board_layout_side_frame  (const PjBoardLayout *L,
                                      guint                seat,
                                      double              *ax,
                                      double              *ay,
                                      double              *tx,
                                      double              *ty,
                                      double              *nx,
                                      double              *ny);
/* Along side `seat`, `along` hole spacings from its corner, `in` inward. */
void     pj_board_layout_side_point  (const PjBoardLayout *L,
                                      guint                seat,
                                      double               along,
                                      double               in,
                                      double              *x,
                                      double              *y);
/* The centre of a hole. */
void     pj_board_layout_place_point (const PjBoardLayout *L,
                                      const PjPlace       *place,
                                      double              *x,
                                      double              *y);
/* How far a colour's symbol (pj-peg-style.c) reaches from the peg's
 * centre, in radii, on a round peg. */
#define PJ_PEG_SYMBOL_REACH 0.66
/* A colour's mark is read when its box is at least this many pixels
 * wide and tall; the symbol inside a round peg is 0.9 radii across at
 * its smallest (the dot, the square). */
#define PJ_PEG_MARK_MIN 7.0
/* Pegs smaller than this (where that symbol would be under 7 px) are
 * drawn as their colour's shape, no round peg around it: the silhouette
 * carries the colour, as large as the hole spacing allows. */
#define PJ_PEG_SHAPE_BELOW_R 8.0
static inline gboolean
pj_board_layout_peg_is_shape (double r)
{
  return r < PJ_PEG_SHAPE_BELOW_R;
}

/* Half the side of a shaped peg's box, for a peg of radius r: at least
 * half of PJ_PEG_MARK_MIN (at 360 px, 8 seats, the shapes of neighbours
 * then just touch), else 0.8 radii, which covers most of the hole and
 * moves the number's badge out only by a square's corner. */
static inline double
pj_board_layout_shape_half (double r)
{
  return MAX (PJ_PEG_MARK_MIN / 2, r * 0.8);
}

/* How far a peg's mark (symbol or shape) reaches from its centre: of the
 * shapes, the square's corner (pj-peg-style.c). */
static inline double
pj_board_layout_mark_reach (double r)
{
  return pj_board_layout_peg_is_shape (r) ? pj_board_layout_shape_half (r) * G_SQRT2
                                          : PJ_PEG_SYMBOL_REACH * r;
}

/* Smaller pegs have no number badge: it would hide the holes around. */
#define PJ_PEG_BADGE_MIN_R 5.0

/* A peg's number badge for a peg of radius r: its radius, its digit's
 * size, and how far its centre is from the peg's: far enough to keep
 * clear of the colour's mark (pj_board_layout_mark_reach()), so the
 * number never hides whose peg it is. */
void     pj_board_layout_badge_size  (double               r,
                                      double              *badge_r,
                                      double              *digit_size,
                                      double              *distance);
/* Where the badge of a peg in place goes: off the row its hole is in
 * (outward from the track and the start area, sideways from the home
 * column), so it covers no neighbour's symbol either. */
void     pj_board_layout_badge_point (const PjBoardLayout *L,
                                      const PjPlace       *place,
                                      double              *x,
                                      double              *y);

/* The hole nearest (x, y) within reach of it; FALSE when none is. */
gboolean pj_board_layout_place_at    (const PjBoardLayout *L,
                                      double               x,
                                      double               y,
                                      PjPlace             *out);

/* The holes step i of the action passes, its start and end included;
 * returns how many. Counting moves go hole by hole (into the home track
 * through the in-spot); jokers, hits, swaps and trips to or from a start
 * area jump straight there. */
guint    pj_board_layout_step_path   (const PjBoardLayout *L,
                                      const PjAction      *action,
                                      guint                i,
                                      PjPlace              path[PJ_BOARD_MAX_PATH]);
/* Where a peg following the path is after `fraction` (0 … 1) of it. */
void     pj_board_layout_path_point  (const PjBoardLayout *L,
                                      const PjPlace       *path,
                                      guint                n_path,
                                      double               fraction,
                                      double              *x,
                                      double              *y);

G_END_DECLS
