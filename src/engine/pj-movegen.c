/* pj-movegen.c — legal actions (RULES.md §3–§9)
 *
 * Generation works on copies of the small PjBoard only where a move hits a
 * peg or is the first part of a split; a plain move is a single step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
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
  guint mask;         /* colours the player may move on s->board (movable_colours()) */
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

/* PJ_PEG_COLOUR() and PJ_PEG_INDEX() read from a table: the loops below
 * ask them often, and a division by five costs more than a load */
static guint8 colour_of[256], index_of[256];
#define COLOUR(peg) (colour_of[(guint8) (peg)])
#define INDEX(peg)  (index_of[(guint8) (peg)])

enum { DIR_FWD = 1, DIR_BACK = 2 };

/* ---- the list ------------------------------------------------------- */

void
pj_action_list_init (PjActionList *list)
{
  memset (list, 0, sizeof *list);
}

void
pj_action_list_clear (PjActionList *list)
{
  g_free (list->v);
  g_free (list->seen);
  memset (list, 0, sizeof *list);
}

static G_GNUC_NO_INLINE void
grow (PjActionList *l)
{
  l->cap = l->cap ? l->cap * 2 : 64;
  l->v = g_renew (PjAction, l->v, l->cap);
}

static inline PjAction *
push (Gen *g)
{
  PjActionList *l = g->out;
  PjAction *a;

  if (G_UNLIKELY (l->n == l->cap))
    grow (l);
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

/* List again actions listed for another card that moves alike (the same
 * steps in the same order), as played with the current card. */
static void
copy_block (Gen   *g,
            guint  first,
            guint  n)
{
  PjActionList *l = g->out;
  PjAction *a;

  while (l->n + n > l->cap)
    grow (l);
  a = &l->v[l->n];
  memcpy (a, &l->v[first], n * sizeof *a);
  for (guint i = 0; i < n; i++)
    a[i].card = a[i].declared = g->card;
  l->n += n;
}

gboolean
pj_action_equal (const PjAction *a,
                 const PjAction *b)
{
  if (a->kind != b->kind || a->card != b->card || a->declared != b->declared
      || a->flags != b->flags || a->n_steps != b->n_steps)
    return FALSE;
  return memcmp (a->steps, b->steps, a->n_steps * sizeof (PjStep)) == 0;
}

/* ---- board primitives ----------------------------------------------- */

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

/* pj_board_set() with the peg's colour and index from the tables */
static inline void
move_peg (PjBoard *b,
          guint    peg,
          guint8   to)
{
  guint c = COLOUR (peg);
  guint8 from = ((guint8 *) b->peg)[peg];

  if (PJ_POS_IS_TRACK (from))
    {
      if (b->occ[from] == peg + 1)
        b->occ[from] = 0;
    }
  else if (PJ_POS_IS_HOME (from))
    b->home[c] &= (guint8) ~(1u << (from - PJ_POS_HOME0));
  else
    b->n_start[c]--;

  if (PJ_POS_IS_TRACK (to))
    b->occ[to] = (guint8) (peg + 1);
  else if (PJ_POS_IS_HOME (to))
    b->home[c] |= (guint8) (1u << (to - PJ_POS_HOME0));
  else
    b->n_start[c]++;
  ((guint8 *) b->peg)[peg] = to;
}

/* Put `peg` on `dest` and resolve what it lands on (B-33): an opponent goes to
 * start; a team peg jumps to its own in-spot, hitting what is there in turn.
 * Illegal (FALSE) when a peg would land on its own colour. Appends steps. */
static gboolean
land (const Gen *g,
      PjBoard   *b,
      guint      peg,
      guint8     dest,
      guint8     flags,
      PjStep    *steps,
      guint     *n)
{
  guint part = flags & PJ_STEP_PART2;
  guint mover = peg;
  guint8 hole = dest;
  guint occupant;

  if (*n >= PJ_MAX_STEPS)
    return FALSE;
  steps[*n] = (PjStep) { (guint8) peg, peg_pos (b, peg), dest, flags };
  (*n)++;
  if (!PJ_POS_IS_TRACK (dest))
    {
      move_peg (b, peg, dest);
      return TRUE;
    }
  occupant = pj_board_occupant (b, dest);
  move_peg (b, peg, dest);
  /* A chain ends by itself (each team colour's in-spot is visited at most once);
   * the bound is only a guard. */
  for (guint iter = 0; occupant != PJ_NO_PEG; iter++)
    {
      guint cq = COLOUR (occupant);
      guint8 target;
      guint next;

      if (cq == COLOUR (mover) || iter > 2 * PJ_MAX_PLAYERS || *n >= PJ_MAX_STEPS)
        return FALSE;
      if (!is_team (g, cq))
        {
          steps[(*n)++] = (PjStep) { (guint8) occupant, hole, PJ_POS_START, (guint8) (part | PJ_STEP_HIT) };
          move_peg (b, occupant, PJ_POS_START);
          return TRUE;
        }
      target = pj_in_spot_hole (g->r, cq);
      /* a team peg sitting on its own in-spot cannot be hit by its team (B-33) */
      if (target == hole)
        return FALSE;
      next = pj_board_occupant (b, target);
      steps[(*n)++] = (PjStep) { (guint8) occupant, hole, target, (guint8) (part | PJ_STEP_HIT) };
      move_peg (b, occupant, target);
      mover = occupant;
      hole = target;
      occupant = next;
    }
  return TRUE;
}

/* How far the nearest peg of its own colour stands ahead of and behind a
 * track peg: it may not pass or land on it (B-35, B-34). Worked out once per
 * colour and position instead of once per card and distance. */
static void
peg_blocks (guint          L,
            const PjBoard *b,
            guint          peg,
            guint8        *fwd,
            guint8        *back)
{
  guint c = COLOUR (peg), i = INDEX (peg);
  guint8 pos = b->peg[c][i];
  guint f = NO_BLOCK, bk = NO_BLOCK;

  if (PJ_POS_IS_TRACK (pos))
    for (guint j = 0; j < PJ_PEGS; j++)
      {
        guint8 q = b->peg[c][j];
        if (j != i && PJ_POS_IS_TRACK (q))
          {
            guint df = q >= pos ? (guint) (q - pos) : q + L - pos;
            guint db = L - df;
            f = MIN (f, df);
            bk = MIN (bk, db);
          }
      }
  *fwd = (guint8) f;
  *back = (guint8) bk;
}

/* The blocks of the other pegs of `gone`'s colour, as if it were not on the
 * board (the first part of a split moves it). */
static void
blocks_without (guint          L,
                const PjBoard *b,
                guint          gone,
                guint8         fwd[PJ_PEGS],
                guint8         back[PJ_PEGS])
{
  const guint8 *pos = b->peg[COLOUR (gone)];
  guint8 on[PJ_PEGS];   /* the others on the main track */
  guint n = 0;

  for (guint i = 0; i < PJ_PEGS; i++)
    {
      fwd[i] = back[i] = NO_BLOCK;
      if (i != INDEX (gone) && PJ_POS_IS_TRACK (pos[i]))
        on[n++] = (guint8) i;
    }
  for (guint x = 0; x < n; x++)
    for (guint y = x + 1; y < n; y++)
      {
        guint i = on[x], j = on[y];
        /* j stands df ahead of i, and so L - df behind it */
        guint df = pos[j] >= pos[i] ? (guint) (pos[j] - pos[i]) : pos[j] + L - pos[i];
        guint db = L - df;

        fwd[i] = (guint8) MIN (fwd[i], df);
        back[i] = (guint8) MIN (back[i], db);
        fwd[j] = (guint8) MIN (fwd[j], db);
        back[j] = (guint8) MIN (back[j], df);
      }
}

/* The blocks of every peg of colour c on the position being generated for:
 * the track pegs' distances worked out once, each pair read both ways. */
static G_GNUC_NO_INLINE void
colour_blocks (Gen   *g,
               guint  c)
{
  const guint8 *pos = g->s->board.peg[c];
  guint8 *fwd = &g->fblk[PJ_PEG_ID (c, 0)], *back = &g->bblk[PJ_PEG_ID (c, 0)];
  guint L = g->L;

  for (guint i = 0; i < PJ_PEGS; i++)
    fwd[i] = back[i] = NO_BLOCK;
  for (guint i = 0; i < PJ_PEGS; i++)
    if (PJ_POS_IS_TRACK (pos[i]))
      for (guint j = i + 1; j < PJ_PEGS; j++)
        if (PJ_POS_IS_TRACK (pos[j]))
          {
            /* j stands df ahead of i, and so L - df behind it */
            guint df = pos[j] >= pos[i] ? (guint) (pos[j] - pos[i]) : pos[j] + L - pos[i];
            guint db = L - df;

            fwd[i] = (guint8) MIN (fwd[i], df);
            back[i] = (guint8) MIN (back[i], db);
            fwd[j] = (guint8) MIN (fwd[j], db);
            back[j] = (guint8) MIN (back[j], df);
          }
  g->blk_colours |= 1u << c;
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
    colour_blocks (g, c);
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

static guint
movable_colours (const Gen     *g,
                 const PjBoard *b)
{
  const PjRules *r = g->r;
  guint mask = 0;

  if (r->move_team_pegs)
    {
      for (guint c = g->team; c < r->players; c += r->teams)
        if (b->home[c] != pj_home_full_mask ())
          mask |= 1u << c;
      return mask;
    }
  for (guint k = 0; k < r->players; k += r->teams)
    {
      guint c = (g->player + k) % r->players;
      if (b->home[c] != pj_home_full_mask ())
        return 1u << c;
    }
  return 0;
}

/* ---- emitting ------------------------------------------------------- */


static void keep_if_new (Gen *g, guint64 key);
static guint64 steps_key (const PjStep *st, guint n);

/* A landing that hits a partner's peg, from the real board. */
static G_GNUC_NO_INLINE void
emit_chain (Gen    *g,
            guint   peg,
            guint8  dest,
            guint8  flags)
{
  PjBoard b = g->s->board;
  PjAction *a = push (g);
  guint n = 0;

  if (!land (g, &b, peg, dest, flags, a->steps, &n))
    {
      pop (g);
      return;
    }
  a->n_steps = (guint8) n;
  if (g->kind == PJ_ACTION_MOVE && n > 1 && a->steps[1].to != PJ_POS_START)
    keep_if_new (g, steps_key (a->steps, n));
}

/* One landing from the real board: a single step unless it hits something.
 * An opponent's peg goes to start (land() in short); a hit partner's peg
 * jumps to its in-spot, where it may hit in turn: such chains can end alike
 * from different pegs (pegs of one colour are interchangeable), so they are
 * kept only if their placement is new. */
static inline void
emit_move (Gen    *g,
           guint   peg,
           guint8  from,
           guint8  dest,
           guint8  flags)
{
  PjAction *a;
  guint occ, cq;

  if (!PJ_POS_IS_TRACK (dest) || (occ = g->s->board.occ[dest]) == 0)
    {
      a = push (g);
      a->steps[0] = (PjStep) { (guint8) peg, from, dest, flags };
      a->n_steps = 1;
      return;
    }
  cq = COLOUR (occ - 1u);
  if (cq == COLOUR (peg))
    return;   /* never onto its own colour (B-33) */
  if (is_team (g, cq))
    {
      emit_chain (g, peg, dest, flags);
      return;
    }
  a = push (g);
  a->steps[0] = (PjStep) { (guint8) peg, from, dest, flags };
  a->steps[1] = (PjStep) { (guint8) (occ - 1u), dest, PJ_POS_START,
                           (guint8) ((flags & PJ_STEP_PART2) | PJ_STEP_HIT) };
  a->n_steps = 2;
}

/* The occupied main-track holes of s->board in hole order: found from the
 * pegs, not by reading every hole. */
static G_GNUC_NO_INLINE void
occupied_holes (Gen *g)
{
  const PjBoard *b = &g->s->board;
  guint64 bits[(PJ_MAX_TRACK + 63) / 64] = { 0 };
  guint n = 0;

  for (guint c = 0; c < g->r->players; c++)
    for (guint i = 0; i < PJ_PEGS; i++)
      {
        guint8 pos = b->peg[c][i];

        if (pos < g->L)
          bits[pos / 64] |= G_GUINT64_CONSTANT (1) << (pos % 64);
      }
  for (guint w = 0; w < G_N_ELEMENTS (bits); w++)
    for (guint64 x = bits[w]; x != 0; x &= x - 1)
      g->occ_holes[n++] = (guint8) (w * 64 + (guint) __builtin_ctzll (x));
  g->n_occ = n;
  g->have_occ = TRUE;
}

static void
gen_come_out (Gen *g)
{
  const PjBoard *b = &g->s->board;

  for (guint m = g->mask; m != 0; m &= m - 1)
    {
      guint c = (guint) __builtin_ctz (m);
      guint peg = pj_board_start_peg (b, c);

      if (peg != PJ_NO_PEG)
        emit_move (g, peg, PJ_POS_START, pj_come_out_hole (g->r, c), 0);
    }
}

/* Distances 1 .. below - 1 as bits (distances never reach 16). */
static guint16 dist_bits_of[256 + PJ_HOME_HOLES + 1];

static inline guint16
dist_bits (guint below)
{
  return dist_bits_of[below];
}

/* forward_dests() and backward_dest() of every movable peg, for every
 * distance at once: each card then only tests a bit. */
static G_GNUC_NO_INLINE void
live_pegs (Gen *g)
{
  const PjBoard *b = &g->s->board;
  guint L = g->L, n = 0;

  memset (g->live_index, NO_LIVE, sizeof g->live_index);
  for (guint m = g->mask; m != 0; m &= m - 1)
    {
      guint c = (guint) __builtin_ctz (m);
      /* the lowest home hole filled bounds how deep a peg can go in (B-31) */
      guint room = (guint) __builtin_ctz (b->home[c] | (1u << PJ_HOME_HOLES));

      if (!(g->blk_colours & (1u << c)))
        colour_blocks (g, c);
      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint peg = PJ_PEG_ID (c, i);
          guint8 pos = b->peg[c][i];

          if (PJ_POS_IS_HOME (pos))
            {
              guint h = pos - PJ_POS_HOME0;
              /* free holes above it, up to the next filled one */
              guint above = b->home[c] >> (h + 1);
              guint free = above ? (guint) __builtin_ctz (above) : PJ_HOME_HOLES - 1 - h;

              g->live[n].to_home = dist_bits (free + 1);
              g->live[n].on_track = g->live[n].back = 0;
              g->live[n].home_off = (gint8) h;
            }
          else if (PJ_POS_IS_TRACK (pos))
            {
              guint in_spot = pj_in_spot_hole (g->r, c);
              guint d_in = in_spot >= pos ? in_spot - pos : in_spot + L - pos;
              guint fb = g->fblk[peg];
              guint16 on_track = dist_bits (fb);

              /* into home: past the in-spot (not blocked up to it), then
               * holes 0 .. n - d_in - 1 empty */
              g->live[n].to_home = fb > d_in ? dist_bits (d_in + room + 1) & ~dist_bits (d_in + 1) : 0;
              if (g->r->home_entry == PJ_HOME_FORCED)
                on_track &= dist_bits (d_in + 1);   /* K-2: never past the in-spot */
              g->live[n].on_track = on_track;
              g->live[n].back = dist_bits (g->bblk[peg]);
              g->live[n].home_off = (gint8) (-(int) d_in - 1);
            }
          else
            continue;
          g->live_index[peg] = (guint8) n;
          g->live[n].peg = (guint8) peg;
          g->live[n].pos = pos;
          n++;
        }
    }
  g->n_live = n;
  g->have_live = TRUE;
}

static void
gen_forward (Gen   *g,
             guint  n)
{
  guint L = g->L;

  if (!g->have_live)
    live_pegs (g);
  for (guint i = 0; i < g->n_live; i++)
    {
      guint peg = g->live[i].peg;
      guint8 pos = g->live[i].pos;

      if ((g->live[i].to_home >> n) & 1)
        {
          PjAction *a = push (g);
          a->steps[0] = (PjStep) { (guint8) peg, pos, (guint8) (PJ_POS_HOME0 + g->live[i].home_off + (int) n), 0 };
          a->n_steps = 1;
        }
      if ((g->live[i].on_track >> n) & 1)
        emit_move (g, peg, pos, (guint8) (pos + n < L ? pos + n : pos + n - L), 0);
    }
}

static void
gen_backward (Gen   *g,
              guint  n)
{
  guint L = g->L;

  if (!g->have_live)
    live_pegs (g);
  for (guint i = 0; i < g->n_live; i++)
    if ((g->live[i].back >> n) & 1)
      {
        guint8 pos = g->live[i].pos;

        emit_move (g, g->live[i].peg, pos, (guint8) (pos >= n ? pos - n : pos + L - n),
                   PJ_STEP_BACK);
      }
}

/* ---- splits (B-41, AZ-5/6, NC-7/8/9) ---------------------------------- */

typedef enum { SPLIT_FWD_FWD, SPLIT_FWD_BACK, SPLIT_ANY } SplitMode;

/* An additive key of what a move changes on the board, by colour and
 * position only: pegs of one colour are interchangeable, so two actions that
 * leave the same board have the same key whatever pegs or order they use
 * ("two orders that end in the same placement are one action"). A peg that
 * moves twice adds up to its whole way. */
static guint64 place_keys[PJ_MAX_PLAYERS][256];

static void
tables_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
        for (guint p = 0; p < 256; p++)
          place_keys[c][p] = pj_seed_mix (c << 8 | p);
      for (guint k = 0; k < G_N_ELEMENTS (dist_bits_of); k++)
        dist_bits_of[k] = (guint16) (((1u << MIN (k, 16u)) - 1) & ~1u);
      for (guint p = 0; p < 256; p++)
        {
          colour_of[p] = (guint8) PJ_PEG_COLOUR (p);
          index_of[p] = (guint8) PJ_PEG_INDEX (p);
        }
      g_once_init_leave (&done, 1);
    }
}

static inline guint64
place_key (guint  colour,
           guint8 pos)
{
  return place_keys[colour][pos];
}

static guint64
steps_key (const PjStep *st,
           guint         n)
{
  guint64 k = 0;

  for (guint i = 0; i < n; i++)
    k += place_key (COLOUR (st[i].peg), st[i].to)
         - place_key (COLOUR (st[i].peg), st[i].from);
  return k;
}

static inline guint32
fold_key (guint64 k)
{
  return (guint32) (k ^ (k >> 32)) | 1u;
}

/* insertion sort: a handful of entries */
static inline void
sort_u16 (guint16 *v,
          guint    n)
{
  for (guint i = 1; i < n; i++)
    {
      guint16 x = v[i];
      guint j = i;
      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

/* What an action changes on the board, colours only: the holes it empties
 * and the holes it fills (colour << 8 | position), sorted, with what
 * cancels out removed. Returns the count of each (in *n_out and *n_in). */
static void
placement_delta (const PjAction *a,
                 guint16         out[PJ_MAX_STEPS],
                 guint          *n_out,
                 guint16         in[PJ_MAX_STEPS],
                 guint          *n_in)
{
  guint no = 0, ni = 0, i, j, k;

  for (i = 0; i < a->n_steps; i++)
    {
      gboolean first = TRUE, last = TRUE;
      guint c = COLOUR (a->steps[i].peg);

      for (j = 0; j < i; j++)
        first &= a->steps[j].peg != a->steps[i].peg;
      for (j = i + 1; j < a->n_steps; j++)
        last &= a->steps[j].peg != a->steps[i].peg;
      if (first)
        out[no++] = (guint16) (c << 8 | a->steps[i].from);
      if (last)
        in[ni++] = (guint16) (c << 8 | a->steps[i].to);
    }
  sort_u16 (out, no);
  sort_u16 (in, ni);
  /* a colour's hole both emptied and filled is unchanged */
  for (i = j = 0, k = 0; i < no; i++)
    {
      while (j < ni && in[j] < out[i])
        j++;
      if (j < ni && in[j] == out[i])
        in[j++] = 0xffff;
      else
        out[k++] = out[i];
    }
  no = k;
  for (i = k = 0; i < ni; i++)
    if (in[i] != 0xffff)
      in[k++] = in[i];
  *n_out = no;
  *n_in = k;
}

/* placement_delta() of a two-step action moving two pegs, as out[0..1] and
 * in[2..3], a cancelled pair written as 0xffff */
static inline void
two_delta (const PjAction *a,
           guint16         v[4])
{
  guint16 o0 = (guint16) (COLOUR (a->steps[0].peg) << 8 | a->steps[0].from);
  guint16 o1 = (guint16) (COLOUR (a->steps[1].peg) << 8 | a->steps[1].from);
  guint16 i0 = (guint16) (COLOUR (a->steps[0].peg) << 8 | a->steps[0].to);
  guint16 i1 = (guint16) (COLOUR (a->steps[1].peg) << 8 | a->steps[1].to);

  /* one peg may land where the other stood (never where it stands still) */
  if (i1 == o0)
    i1 = o0 = 0xffff;
  else if (i0 == o1)
    i0 = o1 = 0xffff;
  v[0] = MIN (o0, o1);
  v[1] = MAX (o0, o1);
  v[2] = MIN (i0, i1);
  v[3] = MAX (i0, i1);
}

/* Do two actions leave the same board? (pegs of one colour interchangeable) */
static gboolean
same_placement (const PjAction *a,
                const PjAction *b)
{
  guint16 ao[PJ_MAX_STEPS], ai[PJ_MAX_STEPS], bo[PJ_MAX_STEPS], bi[PJ_MAX_STEPS];
  guint nao, nai, nbo, nbi;

  /* the common case: two pegs, no hits */
  if (a->n_steps == 2 && b->n_steps == 2 && a->steps[0].peg != a->steps[1].peg
      && b->steps[0].peg != b->steps[1].peg)
    {
      guint16 x[4], y[4];

      two_delta (a, x);
      two_delta (b, y);
      return memcmp (x, y, sizeof x) == 0;
    }

  placement_delta (a, ao, &nao, ai, &nai);
  placement_delta (b, bo, &nbo, bi, &nbi);
  return nao == nbo && nai == nbi && memcmp (ao, bo, nao * sizeof *ao) == 0
         && memcmp (ai, bi, nai * sizeof *ai) == 0;
}

/* same_placement() of two listed actions, whose steps follow each peg from
 * where it stands: what a peg fills and then leaves again cancels out, so
 * the holes each fills less those it leaves, counted by colour and
 * position, are equal exactly when the boards are. */
static gboolean
same_listed_placement (const PjAction *a,
                       const PjAction *b)
{
  guint16 key[4 * PJ_MAX_STEPS];
  int count[4 * PJ_MAX_STEPS];
  guint n = 0;

  if (a->n_steps == 2 && b->n_steps == 2 && a->steps[0].peg != a->steps[1].peg
      && b->steps[0].peg != b->steps[1].peg)
    return same_placement (a, b);
  for (guint side = 0; side < 2; side++)
    {
      const PjAction *x = side == 0 ? a : b;
      int sign = side == 0 ? 1 : -1;

      for (guint i = 0; i < x->n_steps; i++)
        for (guint end = 0; end < 2; end++)
          {
            guint16 k = (guint16) (COLOUR (x->steps[i].peg) << 8
                                   | (end == 0 ? x->steps[i].to : x->steps[i].from));
            guint j = 0;

            while (j < n && key[j] != k)
              j++;
            if (j == n)
              {
                key[n] = k;
                count[n++] = 0;
              }
            count[j] += end == 0 ? sign : -sign;
          }
    }
  for (guint j = 0; j < n; j++)
    if (count[j] != 0)
      return FALSE;
  return TRUE;
}

/* The table of this card's placements so far: (stamp, folded key, index)
 * triples; a new stamp empties it without clearing memory. */
static void
seen_insert (PjActionList *l,
             guint32       h,
             guint         idx)
{
  guint mask = l->seen_mask, slot;

  for (slot = h & mask; l->seen[3 * slot] == l->seen_stamp; slot = (slot + 1) & mask)
    ;
  l->seen[3 * slot] = l->seen_stamp;
  l->seen[3 * slot + 1] = h;
  l->seen[3 * slot + 2] = idx;
}

/* A table sized to this card's actions, not to the whole list, so that it
 * stays in cache. */
static void
seen_rebuild (Gen   *g,
              guint  upto,
              guint  slots)
{
  PjActionList *l = g->out;

  if (slots > l->seen_cap)
    {
      g_free (l->seen);
      l->seen_cap = slots;
      l->seen = g_new0 (guint32, 3 * (gsize) slots);
      l->seen_stamp = 0;
    }
  if (++l->seen_stamp == 0)
    {
      memset (l->seen, 0, 3 * (gsize) l->seen_cap * sizeof (guint32));
      l->seen_stamp = 1;
    }
  l->seen_mask = slots - 1;
  for (guint k = g->split_first; k < upto; k++)
    seen_insert (l, fold_key (steps_key (l->v[k].steps, l->v[k].n_steps)), k);
}

/* Keep the newest action only if no earlier action of this split card leaves
 * the same board. */
static void
keep_if_new (Gen     *g,
             guint64  key)
{
  PjActionList *l = g->out;
  guint idx = l->n - 1;
  guint32 h = fold_key (key);
  guint live = idx - g->split_first + 1;
  guint mask, slot;

  if (g->keep_duplicates)
    return;
  /* start at the size the last big split needed: growing means re-keying */
  if (l->seen_mask == 0 || 2 * live > l->seen_mask + 1)
    {
      /* the table holds every action of the card so far, those listed
       * without a look-up too: never fuller than half */
      guint slots = l->seen_mask != 0 ? 2 * (l->seen_mask + 1) : MAX (256, l->seen_cap);

      while (slots < 2 * live)
        slots *= 2;
      seen_rebuild (g, idx, slots);
    }
  mask = l->seen_mask;
  for (slot = h & mask; l->seen[3 * slot] == l->seen_stamp; slot = (slot + 1) & mask)
    if (l->seen[3 * slot + 1] == h
        && same_listed_placement (&l->v[l->seen[3 * slot + 2]], &l->v[idx]))
      {
        l->n--;
        return;
      }
  seen_insert (l, h, idx);
}

/* May this peg take part in a split part? */
static inline gboolean
split_peg_ok (const Gen     *g,
              const PjBoard *b,
              guint          peg,
              guint          mask,
              SplitMode      mode)
{
  guint c = COLOUR (peg);
  guint8 pos = peg_pos (b, peg);

  if (pos == PJ_POS_START)
    return FALSE;
  if (mode == SPLIT_ANY)
    return PJ_POS_IS_TRACK (pos) || is_team (g, c);   /* NC-8: not an opponent's home peg */
  return (mask & (1u << c)) != 0;
}

static inline guint
part_dests (const Gen     *g,
            const PjBoard *b,
            guint          peg,
            guint          n,
            guint          dir,
            guint8         fb,
            guint8         bb,
            guint8         d[2])
{
  if (dir == DIR_BACK)
    return backward_dest (g, b, peg, n, bb, &d[0]) ? 1 : 0;
  /* an opponent's peg moved by the NC ten never turns into its home (NC-8) */
  return forward_dests (g, b, peg, n, is_team (g, COLOUR (peg)), fb, d);
}

/* Put back what land() changed on `w`, from `ref` (the board before). */
static inline void
restore_steps (PjBoard       *w,
               const PjBoard *ref,
               const PjStep  *st,
               guint          n)
{
  for (guint i = 0; i < n; i++)
    {
      guint c = COLOUR (st[i].peg);

      w->peg[c][INDEX (st[i].peg)] = ref->peg[c][INDEX (st[i].peg)];
      if (PJ_POS_IS_TRACK (st[i].from))
        w->occ[st[i].from] = ref->occ[st[i].from];
      if (PJ_POS_IS_TRACK (st[i].to))
        w->occ[st[i].to] = ref->occ[st[i].to];
      w->home[c] = ref->home[c];
      w->n_start[c] = ref->n_start[c];
    }
}

/* Do two parts touch neither a common colour nor a common track hole? Then
 * each part's legality and landing are the same before or after the other
 * (blocks, homes and hits are read from its own colours' pegs and the holes
 * it lands on), so both orders are legal and leave the same board. */
static inline gboolean
parts_apart (const PjStep *s1,
             guint         n1,
             const PjStep *s2,
             guint         n2)
{
  guint cm1 = 0, cm2 = 0;

  for (guint i = 0; i < n1; i++)
    cm1 |= 1u << COLOUR (s1[i].peg);
  for (guint i = 0; i < n2; i++)
    cm2 |= 1u << COLOUR (s2[i].peg);
  if (cm1 & cm2)
    return FALSE;
  for (guint i = 0; i < n1; i++)
    for (guint j = 0; j < n2; j++)
      if ((PJ_POS_IS_TRACK (s1[i].from) && (s1[i].from == s2[j].from || s1[i].from == s2[j].to))
          || (PJ_POS_IS_TRACK (s1[i].to) && (s1[i].to == s2[j].from || s1[i].to == s2[j].to)))
        return FALSE;
  return TRUE;
}

/* A peg's destinations on the board being generated for, by distance and
 * way, filled in once per split card. */
static inline void
dest_row (Gen           *g,
          const PjBoard *b0,
          guint          peg,
          guint          total,
          guint          dir_hi,
          guint64       *have,
          guint8         nd[10][2],
          guint8         dd[10][2][2])
{
  guint8 fb, bb;
  guint li;

  if (*have & (G_GUINT64_CONSTANT (1) << peg))
    return;
  *have |= G_GUINT64_CONSTANT (1) << peg;
  if (!g->have_live)
    live_pegs (g);
  li = g->live_index[peg];
  if (li != NO_LIVE)
    {
      /* a movable peg: its reach is known (part_dests() in short) */
      guint16 to_home = g->live[li].to_home, on_track = g->live[li].on_track;
      guint16 back = g->live[li].back;
      guint8 pos = g->live[li].pos;

      for (guint k = 1; k < total; k++)
        {
          guint cnt = 0;

          if ((to_home >> k) & 1)
            dd[k][0][cnt++] = (guint8) (PJ_POS_HOME0 + g->live[li].home_off + (int) k);
          if ((on_track >> k) & 1)
            dd[k][0][cnt++] = (guint8) (pos + k < g->L ? pos + k : pos + k - g->L);
          nd[k][0] = (guint8) cnt;
          if (dir_hi == DIR_BACK)
            {
              nd[k][1] = (back >> k) & 1;
              dd[k][1][0] = (guint8) (pos >= k ? pos - k : pos + g->L - k);
            }
        }
      return;
    }
  board_blocks (g, peg, &fb, &bb);
  for (guint k = 1; k < total; k++)
    for (guint dir = DIR_FWD; dir <= dir_hi; dir++)
      nd[k][dir - 1] = (guint8) part_dests (g, b0, peg, k, dir, fb, bb, dd[k][dir - 1]);
}

/* A split of one colour that hits nothing: p1 from x1 to y1 (`a` holes
 * `dir1`), then p2 from x2 to y2 (the rest, `dir2`). Was the other order
 * legal, p2 first? Then, when p2 comes before p1 in the pegs' order, it was
 * listed before and leaves the same board. `nd2`, `dd2`: p2's destinations
 * on the board as it is for that part; `fex2`, `bex2`: the blocks of
 * p2's colour without p2 (blocks_without()). FALSE when in doubt. */
static inline gboolean
other_order_listed (const Gen     *g,
                    const PjBoard *b0,
                    guint          p1,
                    guint          dir1,
                    guint          a,
                    guint8         y1,
                    guint          p2,
                    guint8         y2,
                    guint          nd2,
                    const guint8  *dd2,
                    const guint8  *fex2,
                    const guint8  *bex2)
{
  guint c = COLOUR (p1), L = g->L;
  guint8 x1 = peg_pos (b0, p1), x2 = peg_pos (b0, p2);
  guint home = b0->home[c], fb, bb, k;
  guint8 d[2];

  /* p2 first: it may not land on p1, and must be able to go there */
  if (y2 == x1 || !((nd2 > 0 && dd2[0] == y2) || (nd2 > 1 && dd2[1] == y2)))
    return FALSE;
  if (PJ_POS_IS_HOME (x2))
    home &= ~(1u << (x2 - PJ_POS_HOME0));
  if (PJ_POS_IS_HOME (y2))
    {
      home |= 1u << (y2 - PJ_POS_HOME0);
      if (home == pj_home_full_mask ())
        return FALSE;   /* the colour is done: who may move changes (B-60) */
    }
  /* then p1, with p2 blocking from y2 instead of x2 */
  fb = fex2[INDEX (p1)];
  bb = bex2[INDEX (p1)];
  if (PJ_POS_IS_TRACK (x1) && PJ_POS_IS_TRACK (y2))
    {
      guint df = y2 >= x1 ? (guint) (y2 - x1) : y2 + L - x1;
      fb = MIN (fb, df);
      bb = MIN (bb, L - df);
    }
  if (dir1 == DIR_BACK)
    return PJ_POS_IS_TRACK (x1) && bb > a && y1 == (x1 >= a ? x1 - a : x1 + L - a);
  k = forward_dests_at (g, c, x1, home, a, is_team (g, c), fb, d);
  return (k > 0 && d[0] == y1) || (k > 1 && d[1] == y1);
}

/* Every split of `total` over two pegs, each final placement once.
 *
 * The parts are tried first peg first, in peg order. A split whose second
 * peg comes before the first in that order was already tried the other way
 * round; when the two parts touch no common colour or hole, that other
 * order was legal and ends alike (parts_apart()), so it is skipped. What is left (pegs of
 * one colour, whose parts may leapfrog or swap destinations, and hits) is
 * kept only if no earlier split of the card leaves the same board. */
static inline G_ALWAYS_INLINE void
gen_split (Gen       *g,
           guint      total,
           SplitMode  mode)
{
  const PjBoard *b0 = &g->s->board;
  const PjRules *r = g->r;
  guint players = r->players;
  guint mask1 = g->mask;
  gboolean fixed_mask = mode == SPLIT_ANY || !r->split_finish_partner;
  guint8 pegs[PJ_MAX_PEGS], pegs1[PJ_MAX_PEGS];
  guint n_pegs = 0, n_pegs1 = 0;
  PjBoard w = *b0;   /* the board after the first part; put back after each */
  /* every peg's destinations on the board as it is, by distance and way: a
   * second part of another colour than the first, which hit nothing, has
   * the same ones (blocks and homes are per colour) */
  guint8 nd0[PJ_MAX_PEGS][10][2];
  guint8 dd0[PJ_MAX_PEGS][10][2][2];
  guint64 have_row = 0;   /* pegs whose nd0, dd0 are filled in */
  guint64 have_ex = 0;    /* pegs whose fexp, bexp are filled in */
  /* blocks_without() of each peg that moved first so far */
  guint8 fexp[PJ_MAX_PEGS][PJ_PEGS], bexp[PJ_MAX_PEGS][PJ_PEGS];
  guint dir_hi = mode == SPLIT_FWD_FWD ? DIR_FWD : DIR_BACK;

  g_assert (total <= 10);
  if (!g->have_live)
    live_pegs (g);


  /* the pegs that may move first, in peg order; the same pegs may move
   * second unless the first part changes who may move */
  for (guint m = mode == SPLIT_ANY ? (1u << players) - 1 : mask1; m != 0; m &= m - 1)
    {
      guint c = (guint) __builtin_ctz (m);

      for (guint i = 0; i < PJ_PEGS; i++)
        if (split_peg_ok (g, b0, PJ_PEG_ID (c, i), mask1, mode))
          pegs1[n_pegs1++] = PJ_PEG_ID (c, i);
    }
  for (guint i1 = 0; i1 < n_pegs1; i1++)
    {
      guint p1 = pegs1[i1];
      guint c1 = COLOUR (p1);
      guint8 pos1 = peg_pos (b0, p1);

      guint8 *fex = fexp[p1], *bex = bexp[p1];   /* own pegs' blocks once p1 has left */
      guint8 in1 = pj_in_spot_hole (r, c1);
      guint16 rest_may = 0;   /* distances some other peg may then move */
      guint li1 = g->live_index[p1];

      /* a movable peg that cannot move 1 .. total - 1 at all */
      if (li1 != NO_LIVE
          && !((g->live[li1].to_home | g->live[li1].on_track
                | (dir_hi == DIR_BACK ? g->live[li1].back : 0)) & dist_bits (total)))
        continue;
      dest_row (g, b0, p1, total, dir_hi, &have_row, nd0[p1], dd0[p1]);
      blocks_without (g->L, b0, p1, fex, bex);
      have_ex |= G_GUINT64_CONSTANT (1) << p1;
      /* after a first part that hits nothing and leaves who may move alone:
       * a peg of p1's colour that p1 was not in the way of before goes no
       * further than on the board as it is (p1 can only be in its way now,
       * B-31); any other peg, as far as is known, anywhere */
      for (guint i2 = 0; i2 < n_pegs1 && rest_may != 0xffff; i2++)
        {
          guint p2 = pegs1[i2], li = g->live_index[p2];

          if (p2 == p1)
            continue;
          if (COLOUR (p2) == c1 && !PJ_POS_IS_HOME (pos1) && li != NO_LIVE
              && fex[INDEX (p2)] == g->fblk[p2]
              && (dir_hi == DIR_FWD || bex[INDEX (p2)] == g->bblk[p2]))
            rest_may |= g->live[li].to_home | g->live[li].on_track
                        | (dir_hi == DIR_BACK ? g->live[li].back : 0);
          else
            rest_may = 0xffff;
        }
      for (guint a = 1; a < total; a++)
        for (guint dir1 = DIR_FWD; dir1 <= dir_hi; dir1++)
          {
            const guint8 *d1 = dd0[p1][a][dir1 - 1];
            guint k1 = nd0[p1][a][dir1 - 1];

            for (guint j1 = 0; j1 < k1; j1++)
              {
                PjStep steps1[PJ_MAX_STEPS];
                guint n1 = 0, mask2;
                guint8 f1 = dir1 == DIR_BACK ? PJ_STEP_BACK : 0;
                guint64 key1;
                gboolean ok;

                /* never onto its own colour (B-33): land() would refuse it */
                if (PJ_POS_IS_TRACK (d1[j1]) && b0->occ[d1[j1]]
                    && COLOUR (b0->occ[d1[j1]] - 1u) == c1)
                  continue;
                /* nothing to move the rest with (a plain first part on the
                 * track changes neither who may move nor other colours) */
                if (!((rest_may >> (total - a)) & 1) && PJ_POS_IS_TRACK (d1[j1])
                    && b0->occ[d1[j1]] == 0)
                  continue;
                if (!PJ_POS_IS_TRACK (d1[j1]) || b0->occ[d1[j1]] == 0)
                  {
                    /* nothing hit: land() in short */
                    steps1[0] = (PjStep) { (guint8) p1, pos1, d1[j1], f1 };
                    n1 = 1;
                    move_peg (&w, p1, d1[j1]);
                  }
                else
                  {
                    ok = land (g, &w, p1, d1[j1], f1, steps1, &n1);
                    if (!ok)
                      {
                        restore_steps (&w, b0, steps1, n1);
                        continue;
                      }
                  }
                key1 = steps_key (steps1, n1);
                /* who may move is worked out again before the second part (B-41, B-60) */
                mask2 = mask1;
                if (!fixed_mask && !PJ_POS_IS_TRACK (d1[j1]) && w.home[c1] == pj_home_full_mask ())
                  mask2 = movable_colours (g, &w);   /* p1's colour just finished */
                if (mask2 != mask1 && n_pegs == 0)
                  /* only the team's colours ever become movable (B-60) */
                  for (guint m = g->team_colours; m != 0; m &= m - 1)
                    {
                      guint c = (guint) __builtin_ctz (m);

                      for (guint i = 0; i < PJ_PEGS; i++)
                        if (b0->peg[c][i] != PJ_POS_START)
                          pegs[n_pegs++] = PJ_PEG_ID (c, i);
                    }
                /* the first pegs are those of mask1, in the same order */
                const guint8 *cand = mask2 == mask1 ? pegs1 : pegs;
                guint n_cand = mask2 == mask1 ? n_pegs1 : n_pegs;
                for (guint i2 = 0; i2 < n_cand; i2++)
                  {
                    guint p2 = cand[i2];
                    guint c2 = COLOUR (p2);
                    guint8 fb2 = 0, bb2 = 0;
                    gboolean skip_plain, same = c2 != c1 && n1 == 1;
                    guint8 in2;

                    if (mode != SPLIT_ANY && !((mask2 >> c2) & 1))
                      continue;
                    if (p2 == p1)
                      continue;
                    /* p1's colour, p1 not in p2's way before: p1 can only be
                     * in its way now, so p2 goes no further than on the board
                     * as it is (B-31) */
                    if (c2 == c1 && n1 == 1 && !PJ_POS_IS_HOME (pos1)
                        && g->live_index[p2] != NO_LIVE
                        && fex[INDEX (p2)] == g->fblk[p2]
                        && (dir_hi == DIR_FWD || bex[INDEX (p2)] == g->bblk[p2])
                        && !(((g->live[g->live_index[p2]].to_home
                               | g->live[g->live_index[p2]].on_track
                               | (dir_hi == DIR_BACK ? g->live[g->live_index[p2]].back : 0))
                              >> (total - a)) & 1))
                      continue;
                    if (!split_peg_ok (g, &w, p2, mask2, mode))
                      continue;
                    in2 = pj_in_spot_hole (r, c2);
                    if (c2 == c1 && n1 == 1)
                      {
                        /* p1's own colour: p1 now blocks from d1, not pos1 */
                        guint8 q = peg_pos (b0, p2), d = d1[j1];

                        fb2 = fex[INDEX (p2)];
                        bb2 = bex[INDEX (p2)];
                        if (PJ_POS_IS_TRACK (q) && PJ_POS_IS_TRACK (d))
                          {
                            guint df = d >= q ? (guint) (d - q) : d + g->L - q;
                            fb2 = (guint8) MIN (fb2, df);
                            bb2 = (guint8) MIN (bb2, g->L - df);
                          }
                      }
                    else if (!same)
                      peg_blocks (g->L, &w, p2, &fb2, &bb2);
                    else
                      dest_row (g, b0, p2, total, dir_hi, &have_row, nd0[p2], dd0[p2]);
                    /* the other order was tried already and ends alike */
                    skip_plain = !g->keep_duplicates && p2 < p1 && c2 != c1 && fixed_mask;
                    for (guint dir2 = DIR_FWD; dir2 <= dir_hi; dir2++)
                      {
                        guint8 dw[2];
                        const guint8 *d2 = same ? dd0[p2][total - a][dir2 - 1] : dw;
                        guint k2;

                        if (mode == SPLIT_FWD_BACK && dir2 == dir1)
                          continue;
                        k2 = same ? nd0[p2][total - a][dir2 - 1]
                                  : part_dests (g, &w, p2, total - a, dir2, fb2, bb2, dw);
                        for (guint j2 = 0; j2 < k2; j2++)
                          {
                            guint8 to = d2[j2];
                            guint8 f2 = PJ_STEP_PART2 | (dir2 == DIR_BACK ? PJ_STEP_BACK : 0);
                            gboolean plain = !PJ_POS_IS_TRACK (to) || w.occ[to] == 0;
                            /* home holes are per colour: only a track hole is shared */
                            gboolean onto1 = PJ_POS_IS_TRACK (to) && to == pos1;
                            PjAction *act;
                            guint n = n1;

                            /* one colour, nothing hit, the other order listed before */
                            if (plain && c2 == c1 && n1 == 1 && p2 < p1 && !g->keep_duplicates
                                && (have_ex >> p2) & 1
                                && other_order_listed (g, b0, p1, dir1, a, d1[j1], p2, to,
                                                       nd0[p2][total - a][dir2 - 1],
                                                       dd0[p2][total - a][dir2 - 1],
                                                       fexp[p2], bexp[p2]))
                              continue;
                            if (plain && same && !onto1 && fixed_mask && to != in2
                                && d1[j1] != in1)
                              {
                                /* two colours, no hit, neither on the other's hole nor
                                 * on its own in-spot (where a hit partner jumps to): the
                                 * other order is the only other way to this board, and
                                 * it is skipped when the pegs come in the other order */
                                if (skip_plain)
                                  continue;
                                act = push (g);
                                act->steps[0] = steps1[0];
                                act->steps[1] = (PjStep) { (guint8) p2, peg_pos (&w, p2), to, f2 };
                                act->n_steps = 2;
                                continue;
                              }
                            if (!plain && COLOUR (w.occ[to] - 1u) == c2)
                              continue;   /* onto its own colour */
                            act = push (g);
                            if (n1 == 1)
                              act->steps[0] = steps1[0];
                            else
                              memcpy (act->steps, steps1, n1 * sizeof (PjStep));
                            if (plain)
                              act->steps[n++] = (PjStep) { (guint8) p2, peg_pos (&w, p2), to, f2 };
                            else
                              {
                                PjBoard b2 = w;
                                if (!land (g, &b2, p2, to, f2, act->steps, &n))
                                  {
                                    pop (g);
                                    continue;
                                  }
                              }
                            if (skip_plain && (!plain || n1 > 1)
                                && parts_apart (steps1, n1, act->steps + n1, n - n1))
                              {
                                pop (g);
                                continue;
                              }
                            act->n_steps = (guint8) n;
                            keep_if_new (g, key1 + steps_key (act->steps + n1, n - n1));
                          }
                      }
                  }
                restore_steps (&w, b0, steps1, n1);
              }
          }
    }
}

/* One copy of gen_split() per way of splitting, each without the tests of
 * the others. */
static G_GNUC_NO_INLINE void
gen_split_fwd_fwd (Gen   *g,
                   guint  total)
{
  gen_split (g, total, SPLIT_FWD_FWD);
}

/* the split every preset has */
static G_GNUC_NO_INLINE void
gen_split_seven (Gen *g)
{
  gen_split (g, 7, SPLIT_FWD_FWD);
}

static G_GNUC_NO_INLINE void
gen_split_fwd_back (Gen   *g,
                    guint  total)
{
  gen_split (g, total, SPLIT_FWD_BACK);
}

static G_GNUC_NO_INLINE void
gen_split_any (Gen   *g,
               guint  total)
{
  gen_split (g, total, SPLIT_ANY);
}

/* ---- jokers, swaps --------------------------------------------------- */

static void
gen_joker (Gen   *g,
           guint  mask)
{
  const PjBoard *b = &g->s->board;
  const PjRules *r = g->r;
  gboolean from_start_only = FALSE;

  if (!g->have_occ)
    occupied_holes (g);

  if (r->joker == PJ_JOKER_AZ_START_FIRST)
    for (guint c = 0; c < r->players; c++)
      if ((mask & (1u << c)) && b->n_start[c] > 0)
        from_start_only = TRUE;   /* AZ-7 */

  for (guint c = 0; c < r->players; c++)
    {
      guint movers[PJ_PEGS + 1], n_movers = 0;
      guint start_peg;

      if (!(mask & (1u << c)))
        continue;
      start_peg = pj_board_start_peg (b, c);
      if (start_peg != PJ_NO_PEG)
        movers[n_movers++] = start_peg;
      if (!from_start_only)
        for (guint i = 0; i < PJ_PEGS; i++)
          if (PJ_POS_IS_TRACK (b->peg[c][i]))      /* B-42: never from home */
            movers[n_movers++] = PJ_PEG_ID (c, i);

      for (guint m = 0; m < n_movers; m++)
        {
          if (r->joker == PJ_JOKER_PEGOO)
            {
              /* the door: its own in-spot, as a landing */
              guint8 door = pj_in_spot_hole (r, c);
              if (peg_pos (b, movers[m]) != door)
                emit_move (g, movers[m], peg_pos (b, movers[m]), door, 0);
              continue;
            }
          for (guint k = 0; k < g->n_occ; k++)
            {
              guint8 h = g->occ_holes[k];
              if (COLOUR (b->occ[h] - 1u) != c)
                emit_move (g, movers[m], peg_pos (b, movers[m]), h, 0);
            }
        }
    }

  if (r->joker == PJ_JOKER_PEGOO)
    {
      /* or send any opponent's peg on the main track back to start, no chain */
      for (guint k = 0; k < g->n_occ; k++)
        {
          guint8 h = g->occ_holes[k];
          guint occ = b->occ[h];
          if (!is_team (g, COLOUR (occ - 1)))
            {
              PjAction *a = push (g);
              a->steps[0] = (PjStep) { (guint8) (occ - 1), (guint8) h, PJ_POS_START, PJ_STEP_SEND };
              a->n_steps = 1;
            }
        }
    }
}

static void
gen_swap (Gen   *g,
          guint  mask)
{
  const PjBoard *b = &g->s->board;
  const guint8 *holes;
  guint n;

  if (!g->have_occ)
    occupied_holes (g);
  holes = g->occ_holes;
  n = g->n_occ;
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        guint pa = b->occ[holes[i]] - 1u, pb = b->occ[holes[j]] - 1u;
        guint ca = COLOUR (pa), cb = COLOUR (pb);
        PjAction *a;

        if (ca == cb)
          continue;
        if (g->r->swap_needs_own_peg && !(mask & ((1u << ca) | (1u << cb))))
          continue;
        a = push (g);
        a->steps[0] = (PjStep) { (guint8) pa, holes[i], holes[j], PJ_STEP_SWAP };
        a->steps[1] = (PjStep) { (guint8) pb, holes[j], holes[i], PJ_STEP_SWAP };
        a->n_steps = 2;
        /* swapping two of the team's pegs can end like a two that hits
         * one of them (it jumps back to its in-spot): one action (B-41) */
        if (is_team (g, ca) && is_team (g, cb))
          keep_if_new (g, steps_key (a->steps, 2));
      }
}

/* ---- one card -------------------------------------------------------- */

/* Ten forward, for a 10, J, Q or K: listed once per position. A come-out
 * listed before it by a J, Q or K never leaves the same board as a move
 * forward (it takes a peg out of start), so the moves kept are the same
 * with or without it. */
static void
gen_forward_ten (Gen *g)
{
  guint first = g->out->n;

  if (g->fwd10_n != G_MAXUINT)
    {
      copy_block (g, g->fwd10_first, g->fwd10_n);
      return;
    }
  gen_forward (g, 10);
  g->fwd10_first = first;
  g->fwd10_n = g->out->n - first;
}

static void
gen_card (Gen   *g,
          guint  card)
{
  const PjRules *r = g->r;
  guint mask = g->mask;

  g->card = g->declared = (guint8) card;
  g->kind = PJ_ACTION_MOVE;
  /* placements are compared within one card */
  g->out->seen_mask = 0;
  g->split_first = g->out->n;
  switch (card)
    {
    case PJ_CARD_ACE:
      gen_come_out (g);
      gen_forward (g, 1);
      if (r->ace == PJ_ACE_ONE_BACK_ELEVEN)
        {
          gen_backward (g, 1);
          gen_forward (g, 11);
        }
      break;
    case 2:
      gen_forward (g, 2);
      if (r->two_swap)
        gen_swap (g, mask);
      break;
    case 3: case 4: case 5: case 6:
      gen_forward (g, card);
      break;
    case 7:
      gen_forward (g, 7);
      gen_split_seven (g);
      break;
    case 8:
      gen_backward (g, 8);
      break;
    case 9:
      gen_forward (g, 9);
      if (r->nine == PJ_NINE_FWD_FWD)
        gen_split_fwd_fwd (g, 9);
      else if (r->nine == PJ_NINE_FWD_BACK)
        gen_split_fwd_back (g, 9);
      break;
    case 10:
      if (r->ten == PJ_TEN_SPLIT_ANY)
        gen_split_any (g, 10);        /* NC-8: must be split */
      else
        {
          gen_forward_ten (g);
          if (r->ten == PJ_TEN_FWD_OR_BACK1)
            gen_backward (g, 1);
        }
      break;
    case PJ_CARD_JACK: case PJ_CARD_QUEEN: case PJ_CARD_KING:
      if (g->court_n != G_MAXUINT)
        {
          copy_block (g, g->court_first, g->court_n);
          break;
        }
      gen_come_out (g);
      gen_forward_ten (g);
      g->court_first = g->split_first;
      g->court_n = g->out->n - g->split_first;
      break;
    case PJ_CARD_JOKER:
      gen_joker (g, mask);
      break;
    default:
      break;
    }
}

/* Distinct ranks of the hand, in hand order. */
static guint
distinct_cards (const PjState *s,
                guint          seat,
                guint8         out[PJ_MAX_HAND])
{
  guint n = 0, seen = 0;

  for (guint k = 0; k < s->hand_count[seat]; k++)
    {
      guint8 c = PJ_CARD_RANK (s->hand[seat][k]);

      if (!(seen & (1u << c)))
        out[n++] = c;
      seen |= 1u << c;
    }
  return n;
}

static void
add_discards (Gen          *g,
              const guint8 *cards,
              guint         n,
              guint8        flags)
{
  g->kind = PJ_ACTION_DISCARD;
  for (guint k = 0; k < n; k++)
    {
      PjAction *a;
      g->card = g->declared = cards[k];
      a = push (g);
      a->flags = flags;
    }
}

static gboolean
is_come_out (const PjAction *a)
{
  return a->kind == PJ_ACTION_MOVE && a->n_steps > 0 && a->steps[0].from == PJ_POS_START
         && !(a->steps[0].flags & (PJ_STEP_HIT | PJ_STEP_SEND));
}

/* NC-10: discard any card, then one start peg of a movable colour comes out. */
static guint
add_free_come_outs (Gen          *g,
                    const guint8 *cards,
                    guint         n_cards)
{
  const PjBoard *b = &g->s->board;
  guint mask = g->mask;
  guint added = 0;

  for (guint k = 0; k < n_cards; k++)
    for (guint c = 0; c < g->r->players; c++)
      {
        guint peg;
        guint before;

        if (!(mask & (1u << c)) || (peg = pj_board_start_peg (b, c)) == PJ_NO_PEG)
          continue;
        g->kind = PJ_ACTION_FREE_COME_OUT;
        g->card = g->declared = cards[k];
        before = g->out->n;
        emit_move (g, peg, PJ_POS_START, pj_come_out_hole (g->r, c), 0);
        added += g->out->n - before;
      }
  return added;
}

static void
gen_play_phase (Gen *g)
{
  const PjState *s = g->s;
  guint8 cards[PJ_MAX_HAND];
  guint n_cards = distinct_cards (s, g->player, cards);
  guint n_nonjoker, n_plays;
  gboolean has_joker = FALSE;

  if (s->rules.bluffing)
    {
      /* BJ: any real card, declared as any card with a legal move */
      PjActionList *out = g->out;
      guint first = out->n, n_declared;

      for (guint c = PJ_CARD_ACE; c <= PJ_CARD_JOKER; c++)
        gen_card (g, c);
      n_declared = out->n - first;
      /* a declared card is played with a real one: an empty hand has no
       * move (reading refuses such a position; this keeps any other way in
       * from making a card out of nothing) */
      if (n_cards == 0)
        {
          out->n = first;
          return;
        }
      if (n_declared == 0)
        {
          add_discards (g, cards, n_cards, PJ_ACTION_FLAG_NO_PLAY);
          return;
        }
      /* one copy of the declared moves per distinct real card */
      for (guint k = 0; k < n_cards; k++)
        for (guint i = 0; i < n_declared; i++)
          {
            PjAction *a;
            if (k == 0)
              a = &out->v[first + i];
            else
              {
                a = push (g);
                *a = out->v[first + i];
              }
            a->card = cards[k];
          }
      return;
    }

  for (guint k = 0; k < n_cards; k++)
    {
      if (cards[k] == PJ_CARD_JOKER)
        has_joker = TRUE;
      else
        gen_card (g, cards[k]);
    }
  n_nonjoker = g->out->n;
  if (has_joker)
    gen_card (g, PJ_CARD_JOKER);
  n_plays = g->out->n;

  /* NC-10: the counting privilege, offered when every legal play is a come-out */
  if (s->rules.count_turns && s->stuck[g->player] + 1u >= s->rules.count_turns)
    {
      gboolean all_come_outs = TRUE;

      for (guint i = 0; i < n_plays; i++)
        all_come_outs &= is_come_out (&g->out->v[i]);
      if (all_come_outs)
        {
          guint added = add_free_come_outs (g, cards, n_cards);
          if (n_plays == 0)
            {
              if (added == 0)
                add_discards (g, cards, n_cards, PJ_ACTION_FLAG_NO_PLAY);
              return;   /* compulsory: no plain discards */
            }
        }
    }

  /* B-21, B-22: discards only when no card but a joker could move */
  if (n_nonjoker == 0)
    add_discards (g, cards, n_cards, n_plays == 0 ? PJ_ACTION_FLAG_NO_PLAY : 0);
}

static void legal_actions (const PjState *s, PjActionList *out, gboolean keep_duplicates);

void
pj_legal_actions (const PjState *s,
                  PjActionList  *out)
{
  legal_actions (s, out, FALSE);
}

void
pj_legal_actions_all (const PjState *s,
                      PjActionList  *out)
{
  legal_actions (s, out, TRUE);
}

gboolean
pj_action_same_placement (const PjAction *a,
                          const PjAction *b)
{
  tables_init ();
  return a->kind == b->kind && a->card == b->card && a->declared == b->declared
         && same_placement (a, b);
}

static guint
team_colours (const PjRules *r,
              guint          team)
{
  guint bits = 0;

  for (guint c = team; c < r->players; c += r->teams)
    bits |= 1u << c;
  return bits;
}

static void
legal_actions (const PjState *s,
               PjActionList  *out,
               gboolean       keep_duplicates)
{
  Gen g;

  /* not the tables at the end: each is filled in before it is read */
  memset (&g, 0, G_STRUCT_OFFSET (Gen, live));
  tables_init ();
  out->n = 0;
  g.s = s;
  g.r = &s->rules;
  g.L = s->track_len;
  g.player = s->actor;
  g.team = pj_team_of (&s->rules, s->actor);
  g.team_colours = team_colours (&s->rules, g.team);
  g.out = out;
  g.keep_duplicates = keep_duplicates;
  g.fwd10_n = g.court_n = G_MAXUINT;

  switch (s->phase)
    {
    case PJ_PHASE_PLAY:
      g.player = s->turn;
      g.team = pj_team_of (&s->rules, s->turn);
      g.team_colours = team_colours (&s->rules, g.team);
      g.mask = movable_colours (&g, &s->board);
      gen_play_phase (&g);
      break;
    case PJ_PHASE_CHALLENGE:
      g.kind = PJ_ACTION_CHALLENGE;
      push (&g);
      g.kind = PJ_ACTION_PASS;
      push (&g);
      break;
    case PJ_PHASE_PENALTY:
      g.kind = PJ_ACTION_PENALTY;
      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 pos = s->board.peg[s->penalty_loser][i];
          if (PJ_POS_IS_TRACK (pos))
            {
              PjAction *a = push (&g);
              a->steps[0] = (PjStep) { PJ_PEG_ID (s->penalty_loser, i), pos, PJ_POS_START, PJ_STEP_PENALTY };
              a->n_steps = 1;
            }
        }
      break;
    case PJ_PHASE_OVER:
    default:
      break;
    }
}
