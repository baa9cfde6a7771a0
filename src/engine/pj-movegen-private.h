/* pj-movegen-private.h — what the legal-action generator's files share
 *
 * pj-movegen.c lists single moves, jokers, swaps and the cards of a hand;
 * pj-movegen-split.c lists split moves and keeps each final placement of a
 * card once. Both work on one Gen: the position being generated for and
 * what is worked out about it once per list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-engine-private.h"

typedef struct {
  const PjState *s;
  const PjRules *r;
  guint L;
  guint player;       /* seat choosing (hits are judged from its side: B-33, NC-9) */
  guint team;
  PjActionList *out;
  guint8 card;        /* card being played */
  guint8 declared;
  guint8 kind;
  guint split_first;  /* index in out of the first action of the current card */
  /* 10, J, Q and K move ten forward alike: the first of them lists the
   * moves, the others copy them (G_MAXUINT: none listed yet) */
  guint fwd10_first, fwd10_n;   /* a block of ten-forward moves in out */
  guint court_first, court_n;   /* a whole J, Q or K (come-outs, then ten forward) */
  gboolean keep_duplicates; /* list every order and crossing (reading old notation) */
  guint team_colours; /* the colours of the chooser's team, as bits */
  guint mask;         /* colours the player may move on s->board (pj_gen_movable_colours()) */
  gboolean have_live; /* live[] below is filled in */
  guint n_live;
  guint blk_colours;  /* colours whose blocks below are worked out for s->board */
  gboolean have_occ;  /* occ_holes[] below is filled in */
  guint n_occ;

  /* Tables worked out on first use (not cleared for each list): */
  /* the pegs of the movable colours out of start, in peg order, with the
   * distances (bit n) each may move forward and back from s->board */
  struct {
    guint8 peg, pos;
    gint8 home_off;     /* a forward move of n that ends at home lands on home hole home_off + n */
    guint16 to_home;    /* distances that end in the home track */
    guint16 on_track;   /* distances forward that stay on the main track */
    guint16 back;       /* distances backward */
  } live[PJ_MAX_PEGS];
  guint8 live_index[PJ_MAX_PEGS];   /* peg -> its entry in live[], or NO_LIVE */
  guint8 occ_holes[PJ_MAX_PEGS];   /* the occupied main-track holes, in order */
  guint8 fblk[PJ_MAX_PEGS];   /* track distance to the nearest own peg ahead */
  guint8 bblk[PJ_MAX_PEGS];   /* … and behind (NO_BLOCK when none) */
} Gen;

#define NO_BLOCK 255
#define NO_LIVE 255

enum { DIR_FWD = 1, DIR_BACK = 2 };

/* Filled once by pj_gen_tables_init(). PJ_PEG_COLOUR() and PJ_PEG_INDEX()
 * read from a table: the loops ask them often, and a division by five
 * costs more than a load. */
extern guint8 pj_gen_colour_of[256], pj_gen_index_of[256];
#define COLOUR(peg) (pj_gen_colour_of[(guint8) (peg)])
#define INDEX(peg)  (pj_gen_index_of[(guint8) (peg)])
/* distances 1 .. below - 1 as bits, by below (dist_bits()) */
extern guint16 pj_gen_dist_bits_of[256 + PJ_HOME_HOLES + 1];
/* An additive key of what a move changes on the board, by colour and
 * position only: pegs of one colour are interchangeable, so two actions that
 * leave the same board have the same key whatever pegs or order they use
 * ("two orders that end in the same placement are one action"). A peg that
 * moves twice adds up to its whole way. */
extern guint64 pj_gen_place_keys[PJ_MAX_PLAYERS][256];

void     pj_gen_tables_init    (void);
void     pj_gen_grow           (PjActionList *l);
gboolean pj_gen_land           (const Gen *g,
                                PjBoard   *b,
                                guint      peg,
                                guint8     dest,
                                guint8     flags,
                                PjStep    *steps,
                                guint     *n);
void     pj_gen_colour_blocks  (Gen   *g,
                                guint  c);
guint    pj_gen_movable_colours (const Gen     *g,
                                 const PjBoard *b);
void     pj_gen_live_pegs      (Gen *g);
/* pj-movegen-split.c */
void     pj_gen_keep_if_new    (Gen     *g,
                                guint64  key);
void     pj_gen_split_seven    (Gen *g);
void     pj_gen_split_fwd_fwd  (Gen   *g,
                                guint  total);
void     pj_gen_split_fwd_back (Gen   *g,
                                guint  total);
void     pj_gen_split_any      (Gen   *g,
                                guint  total);

static inline PjAction *
push (Gen *g)
{
  PjActionList *l = g->out;
  PjAction *a;

  if (G_UNLIKELY (l->n == l->cap))
    pj_gen_grow (l);
  a = &l->v[l->n++];
  /* the whole action, unused steps too: a listed action is copied by value
   * into states, which compare byte for byte */
  memset (a, 0, sizeof *a);
  a->kind = g->kind;
  a->card = g->card;
  a->declared = g->declared;
  return a;
}

static inline void
pop (Gen *g)
{
  g->out->n--;
}

/* peg[colour][index] read as one row: a peg id is colour * 5 + index */
static inline guint8
peg_pos (const PjBoard *b,
         guint          peg)
{
  G_STATIC_ASSERT (sizeof b->peg == PJ_MAX_PEGS);
  return ((const guint8 *) b->peg)[peg];
}

static inline gboolean
is_team (const Gen *g,
         guint      colour)
{
  return (g->team_colours >> colour) & 1;
}

/* Two track pegs of one colour, i and j, block each other: j stands df
 * ahead of i, and so L - df behind it (B-31). */
static inline void
pair_blocks (guint8       *fwd,
             guint8       *back,
             const guint8 *pos,
             guint         i,
             guint         j,
             guint         L)
{
  guint df = pos[j] >= pos[i] ? (guint) (pos[j] - pos[i]) : pos[j] + L - pos[i];
  guint db = L - df;

  fwd[i] = (guint8) MIN (fwd[i], df);
  back[i] = (guint8) MIN (back[i], db);
  fwd[j] = (guint8) MIN (fwd[j], db);
  back[j] = (guint8) MIN (back[j], df);
}

/* The blocks of a peg on the position being generated for. */
static inline void
board_blocks (Gen    *g,
              guint   peg,
              guint8 *fwd,
              guint8 *back)
{
  guint c = COLOUR (peg);

  if (!(g->blk_colours & (1u << c)))
    pj_gen_colour_blocks (g, c);
  *fwd = g->fblk[peg];
  *back = g->bblk[peg];
}

/* Forward destinations of a peg of colour c at pos (B-31, B-35, B-36,
 * K-2), 0, 1 or 2 of them, with `home` the colour's home holes filled and
 * `block` the peg's forward block (peg_blocks()). */
static inline guint
forward_dests_at (const Gen *g,
                  guint      c,
                  guint8     pos,
                  guint      home,
                  guint      n,
                  gboolean   may_home,
                  guint      block,
                  guint8     dests[2])
{
  guint L = g->L, cnt = 0;

  if (PJ_POS_IS_HOME (pos))
    {
      guint h = pos - PJ_POS_HOME0;
      guint mask;

      if (!may_home || h + n >= PJ_HOME_HOLES)
        return 0;
      mask = ((1u << (h + n + 1)) - 1) & ~((1u << (h + 1)) - 1);
      if (home & mask)
        return 0;
      dests[0] = PJ_POS_HOME (h + n);
      return 1;
    }
  if (!PJ_POS_IS_TRACK (pos))
    return 0;
  if (may_home)
    {
      guint in_spot = pj_in_spot_hole (g->r, c);
      guint d_in = in_spot >= pos ? in_spot - pos : in_spot + L - pos;

      if (d_in < n)
        {
          guint k = n - d_in - 1;
          if (k < PJ_HOME_HOLES && block > d_in && !(home & ((1u << (k + 1)) - 1)))
            dests[cnt++] = PJ_POS_HOME (k);
          if (g->r->home_entry == PJ_HOME_FORCED)
            return cnt;
        }
    }
  if (block > n)
    dests[cnt++] = (guint8) (pos + n < L ? pos + n : pos + n - L);
  return cnt;
}

/* The same on a board, for a peg (`home`: the home holes filled). */
static inline guint
forward_dests (const Gen     *g,
               const PjBoard *b,
               guint          peg,
               guint          n,
               gboolean       may_home,
               guint          block,
               guint8         dests[2])
{
  guint c = COLOUR (peg);

  return forward_dests_at (g, c, b->peg[c][INDEX (peg)], b->home[c], n, may_home,
                           block, dests);
}

/* Backward destination on the main track (B-34), or FALSE; `block` is the
 * peg's backward block. */
static inline gboolean
backward_dest (const Gen     *g,
               const PjBoard *b,
               guint          peg,
               guint          n,
               guint          block,
               guint8        *dest)
{
  guint8 pos = peg_pos (b, peg);

  if (!PJ_POS_IS_TRACK (pos) || block <= n)
    return FALSE;
  *dest = (guint8) (pos >= n ? pos - n : pos + g->L - n);
  return TRUE;
}

static inline guint16
dist_bits (guint below)
{
  return pj_gen_dist_bits_of[below];
}

static inline guint64
place_key (guint  colour,
           guint8 pos)
{
  return pj_gen_place_keys[colour][pos];
}

static inline guint64
steps_key (const PjStep *st,
           guint         n)
{
  guint64 k = 0;

  for (guint i = 0; i < n; i++)
    k += place_key (COLOUR (st[i].peg), st[i].to)
         - place_key (COLOUR (st[i].peg), st[i].from);
  return k;
}
