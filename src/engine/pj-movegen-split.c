/* pj-movegen-split.c — split moves (B-41, AZ-5/6, NC-7/8/9), each final
 * placement of a card listed once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-movegen-private.h"

typedef enum { SPLIT_FWD_FWD, SPLIT_FWD_BACK, SPLIT_ANY } SplitMode;

/* ---- each placement once ---------------------------------------------- */

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
void
pj_gen_keep_if_new (Gen     *g,
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

/* ---- splits --------------------------------------------------------- */

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
      pair_blocks (fwd, back, pos, on[x], on[y], L);
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

/* Put back what pj_gen_land() changed on `w`, from `ref` (the board before). */
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
    pj_gen_live_pegs (g);
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

/* DIR_FWD, or DIR_BACK when a part may go back: a constant in each copy of
 * gen_split() */
#define SPLIT_DIR_HI(mode) ((mode) == SPLIT_FWD_FWD ? DIR_FWD : DIR_BACK)

/* One split card being generated: what holds for all its parts. */
typedef struct
{
  Gen *g;
  const PjBoard *b0;     /* the board as it is */
  guint total;
  guint dir_hi;          /* SPLIT_DIR_HI () */
  guint mask1;           /* the colours that may move first */
  gboolean fixed_mask;   /* a first part never changes who may move second */
  /* the pegs that may move first, in peg order; and, once needed, those of
   * the team's colours (after a first part that finished a colour) */
  guint8 pegs1[PJ_MAX_PEGS], pegs[PJ_MAX_PEGS];
  guint n_pegs1, n_pegs;
  PjBoard w;             /* the board after the first part; put back after each */
  /* every peg's destinations on the board as it is, by distance and way: a
   * second part of another colour than the first, which hit nothing, has
   * the same ones (blocks and homes are per colour) */
  guint8 nd0[PJ_MAX_PEGS][10][2];
  guint8 dd0[PJ_MAX_PEGS][10][2][2];
  guint64 have_row;      /* pegs whose nd0, dd0 are filled in */
  guint64 have_ex;       /* pegs whose fexp, bexp are filled in */
  /* SPLIT_ANY, by pegs1 index: the pegs of each colour, and those that
   * have a move of k on the board as it is */
  guint64 colour_pegs[PJ_MAX_PLAYERS], rest_pegs[10];
  /* blocks_without() of each peg that moved first so far */
  guint8 fexp[PJ_MAX_PEGS][PJ_PEGS], bexp[PJ_MAX_PEGS][PJ_PEGS];
} Split;

/* The first part of a split, played on Split.w. */
typedef struct
{
  guint total;           /* Split's, copied: this is what the inner loops read */
  gboolean fixed_mask;
  guint p1, c1;
  guint8 pos1, in1;      /* where p1 stood; its colour's in-spot */
  guint8 *fex, *bex;     /* p1's own colour's blocks once p1 has left */
  guint a, dir1;         /* p1 moves `a` holes that way */
  guint8 to1;            /* to there */
  PjStep steps[PJ_MAX_STEPS];   /* with the hits it made */
  guint n;
  guint64 key;
  guint mask2;           /* who may move second */
  const guint8 *cand;    /* the pegs that may then move second */
  guint n_cand;
  guint64 todo;          /* SPLIT_ANY: those among pegs1 worth trying */
} FirstPart;

/* The moves of 1 .. 15 a live peg has on the board as it is (bits) */
static inline guint16
live_reach (const Gen *g,
            guint      li,
            guint      dir_hi)
{
  return g->live[li].to_home | g->live[li].on_track | (dir_hi == DIR_BACK ? g->live[li].back : 0);
}

/* Is p2 of p1's colour, and p1 was not in its way on the board as it is?
 * Then p1 can only be in its way now, so after a first part by p1 that hit
 * nothing p2 goes no further than it could before (B-31). */
static inline gboolean
reach_unchanged (const Split *sp,
                 guint        dir_hi,
                 guint        p1,
                 guint8       pos1,
                 const guint8 *fex,
                 const guint8 *bex,
                 guint        p2)
{
  const Gen *g = sp->g;

  return COLOUR (p2) == COLOUR (p1) && !PJ_POS_IS_HOME (pos1) && g->live_index[p2] != NO_LIVE
         && fex[INDEX (p2)] == g->fblk[p2]
         && (dir_hi == DIR_FWD || bex[INDEX (p2)] == g->bblk[p2]);
}

/* The pegs that may move first, in peg order (and for the NC ten, which of
 * them have a move of each rest on the board as it is). */
static inline G_ALWAYS_INLINE void
split_first_pegs (Split     *sp,
                  SplitMode  mode)
{
  Gen *g = sp->g;

  for (guint m = mode == SPLIT_ANY ? (1u << g->r->players) - 1 : sp->mask1; m != 0; m &= m - 1)
    {
      guint c = (guint) __builtin_ctz (m);

      for (guint i = 0; i < PJ_PEGS; i++)
        if (split_peg_ok (g, sp->b0, PJ_PEG_ID (c, i), sp->mask1, mode))
          sp->pegs1[sp->n_pegs1++] = PJ_PEG_ID (c, i);
    }
  if (mode != SPLIT_ANY)
    return;
  /* NC ten: most pegs of other colours have no move of a given rest */
  memset (sp->colour_pegs, 0, sizeof sp->colour_pegs);
  memset (sp->rest_pegs, 0, sizeof sp->rest_pegs);
  for (guint i = 0; i < sp->n_pegs1; i++)
    {
      guint p = sp->pegs1[i];

      dest_row (g, sp->b0, p, sp->total, sp->dir_hi, &sp->have_row, sp->nd0[p], sp->dd0[p]);
      sp->colour_pegs[COLOUR (p)] |= G_GUINT64_CONSTANT (1) << i;
      for (guint k = 1; k < sp->total; k++)
        if (sp->nd0[p][k][0] | sp->nd0[p][k][1])
          sp->rest_pegs[k] |= G_GUINT64_CONSTANT (1) << i;
    }
}

/* The distances some other peg may move after a first part by p1 that hits
 * nothing and leaves who may move alone: a peg of p1's colour whose reach is
 * unchanged (reach_unchanged()) as far as on the board as it is; any other
 * peg, as far as is known, anywhere (0xffff). */
static inline G_ALWAYS_INLINE guint16
split_rest_may (const Split *sp,
                guint        dir_hi,
                guint        p1,
                guint8       pos1,
                const guint8 *fex,
                const guint8 *bex)
{
  const Gen *g = sp->g;
  guint16 rest_may = 0;

  for (guint i2 = 0; i2 < sp->n_pegs1 && rest_may != 0xffff; i2++)
    {
      guint p2 = sp->pegs1[i2];

      if (p2 == p1)
        continue;
      if (reach_unchanged (sp, dir_hi, p1, pos1, fex, bex, p2))
        rest_may |= live_reach (g, g->live_index[p2], dir_hi);
      else
        rest_may = 0xffff;
    }
  return rest_may;
}

/* Play the first part on sp->w and work out who may move second. FALSE
 * when the landing is refused (sp->w is put back then). */
static inline G_ALWAYS_INLINE gboolean
split_play_first (Split     *sp,
                  FirstPart *f,
                  SplitMode  mode)
{
  Gen *g = sp->g;
  guint8 f1 = f->dir1 == DIR_BACK ? PJ_STEP_BACK : 0;

  f->n = 0;
  if (!PJ_POS_IS_TRACK (f->to1) || sp->b0->occ[f->to1] == 0)
    {
      /* nothing hit: pj_gen_land() in short */
      f->steps[0] = (PjStep) { (guint8) f->p1, f->pos1, f->to1, f1 };
      f->n = 1;
      pj_board_set (&sp->w, f->p1, f->to1);
    }
  else if (!pj_gen_land (g, &sp->w, f->p1, f->to1, f1, f->steps, &f->n))
    {
      restore_steps (&sp->w, sp->b0, f->steps, f->n);
      return FALSE;
    }
  f->key = steps_key (f->steps, f->n);
  /* who may move is worked out again before the second part (B-41, B-60) */
  f->mask2 = sp->mask1;
  if (!sp->fixed_mask && !PJ_POS_IS_TRACK (f->to1) && sp->w.home[f->c1] == pj_home_full_mask ())
    f->mask2 = pj_gen_movable_colours (g, &sp->w);   /* p1's colour just finished */
  if (f->mask2 != sp->mask1 && sp->n_pegs == 0)
    /* only the team's colours ever become movable (B-60) */
    for (guint m = g->team_colours; m != 0; m &= m - 1)
      {
        guint c = (guint) __builtin_ctz (m);

        for (guint i = 0; i < PJ_PEGS; i++)
          if (sp->b0->peg[c][i] != PJ_POS_START)
            sp->pegs[sp->n_pegs++] = PJ_PEG_ID (c, i);
      }
  /* the first pegs are those of mask1, in the same order */
  f->cand = f->mask2 == sp->mask1 ? sp->pegs1 : sp->pegs;
  f->n_cand = f->mask2 == sp->mask1 ? sp->n_pegs1 : sp->n_pegs;
  /* after a first part that hit nothing, a peg of another colour has the
   * moves it has on the board as it is */
  f->todo = mode == SPLIT_ANY && f->n == 1
            ? sp->rest_pegs[sp->total - f->a] | sp->colour_pegs[f->c1] : ~G_GUINT64_CONSTANT (0);
  return TRUE;
}

/* List the split of the first part and p2 to `to` (`dir2`), unless an
 * earlier one of the card leaves the same board. `as_on_b0`: p2 is of
 * another colour than a first part that hit nothing, so its moves are
 * those on the board as it is; `skip_plain`: the other order was tried
 * already and ends alike. */
static inline G_ALWAYS_INLINE void
split_emit (Split           *sp,
            const FirstPart *f,
            guint            p2,
            guint            dir2,
            guint8           to,
            gboolean         as_on_b0,
            gboolean         skip_plain,
            guint8           in2,
            SplitMode        mode)
{
  Gen *g = sp->g;
  guint c2 = COLOUR (p2), a = f->a, n = f->n;
  guint8 f2 = PJ_STEP_PART2 | (dir2 == DIR_BACK ? PJ_STEP_BACK : 0);
  gboolean plain = !PJ_POS_IS_TRACK (to) || sp->w.occ[to] == 0;
  /* home holes are per colour: only a track hole is shared */
  gboolean onto1 = PJ_POS_IS_TRACK (to) && to == f->pos1;
  gboolean one_colour_plain = plain && c2 == f->c1 && f->n == 1;
  PjAction *act;

  /* one colour, nothing hit, the other order listed before */
  if (one_colour_plain && p2 < f->p1 && !g->keep_duplicates && (sp->have_ex >> p2) & 1
      && other_order_listed (g, sp->b0, f->p1, f->dir1, a, f->to1, p2, to,
                             sp->nd0[p2][f->total - a][dir2 - 1],
                             sp->dd0[p2][f->total - a][dir2 - 1],
                             sp->fexp[p2], sp->bexp[p2]))
    return;
  if (mode == SPLIT_FWD_FWD && one_colour_plain
      && PJ_POS_IS_TRACK (f->to1) && PJ_POS_IS_TRACK (to) && !onto1)
    {
      /* one colour forward on the main track, nothing hit, no peg onto where
       * the other stood: pegs of one colour never pass each other (B-31), so
       * only the other order leaves this board, and it is passed over above
       * when it comes first and by the same test when it comes later */
      act = push (g);
      act->steps[0] = f->steps[0];
      act->steps[1] = (PjStep) { (guint8) p2, peg_pos (&sp->w, p2), to, f2 };
      act->n_steps = 2;
      return;
    }
  if (plain && as_on_b0 && !onto1 && f->fixed_mask && to != in2 && f->to1 != f->in1)
    {
      /* two colours, no hit, neither on the other's hole nor on its own
       * in-spot (where a hit partner jumps to): the other order is the only
       * other way to this board, and it is skipped when the pegs come in the
       * other order */
      if (skip_plain)
        return;
      act = push (g);
      act->steps[0] = f->steps[0];
      act->steps[1] = (PjStep) { (guint8) p2, peg_pos (&sp->w, p2), to, f2 };
      act->n_steps = 2;
      return;
    }
  if (!plain && COLOUR (sp->w.occ[to] - 1u) == c2)
    return;   /* onto its own colour */
  act = push (g);
  if (f->n == 1)
    act->steps[0] = f->steps[0];
  else
    memcpy (act->steps, f->steps, f->n * sizeof (PjStep));
  if (plain)
    act->steps[n++] = (PjStep) { (guint8) p2, peg_pos (&sp->w, p2), to, f2 };
  else
    {
      PjBoard b2 = sp->w;
      if (!pj_gen_land (g, &b2, p2, to, f2, act->steps, &n))
        {
          pop (g);
          return;
        }
    }
  if (skip_plain && (!plain || f->n > 1)
      && parts_apart (f->steps, f->n, act->steps + f->n, n - f->n))
    {
      pop (g);
      return;
    }
  act->n_steps = (guint8) n;
  pj_gen_keep_if_new (g, f->key + steps_key (act->steps + f->n, n - f->n));
}

/* Every second part after the first, each listed by split_emit(). */
static inline G_ALWAYS_INLINE void
split_second_parts (Split           *sp,
                    const FirstPart *first,
                    SplitMode        mode)
{
  Gen *g = sp->g;
  /* a copy no call can reach, so that the inner loops keep it in registers */
  const FirstPart copy = *first, *f = &copy;
  const guint dir_hi = SPLIT_DIR_HI (mode);
  guint rest = f->total - f->a;

  for (guint i2 = 0; i2 < f->n_cand; i2++)
    {
      guint p2 = f->cand[i2];
      guint c2 = COLOUR (p2);
      guint8 fb2 = 0, bb2 = 0;
      gboolean skip_plain, as_on_b0 = c2 != f->c1 && f->n == 1;
      guint8 in2;

      if (mode == SPLIT_ANY ? !((f->todo >> i2) & 1) : !((f->mask2 >> c2) & 1))
        continue;
      if (p2 == f->p1)
        continue;
      if (f->n == 1 && reach_unchanged (sp, dir_hi, f->p1, f->pos1, f->fex, f->bex, p2)
          && !((live_reach (g, g->live_index[p2], dir_hi) >> rest) & 1))
        continue;
      if (!split_peg_ok (g, &sp->w, p2, f->mask2, mode))
        continue;
      in2 = pj_in_spot_hole (g->r, c2);
      if (c2 == f->c1 && f->n == 1)
        {
          /* p1's own colour: p1 now blocks from where it went, not pos1 */
          guint8 q = peg_pos (sp->b0, p2), d = f->to1;

          fb2 = f->fex[INDEX (p2)];
          bb2 = f->bex[INDEX (p2)];
          if (PJ_POS_IS_TRACK (q) && PJ_POS_IS_TRACK (d))
            {
              guint df = d >= q ? (guint) (d - q) : d + g->L - q;
              fb2 = (guint8) MIN (fb2, df);
              bb2 = (guint8) MIN (bb2, g->L - df);
            }
        }
      else if (!as_on_b0)
        peg_blocks (g->L, &sp->w, p2, &fb2, &bb2);
      else
        dest_row (g, sp->b0, p2, f->total, dir_hi, &sp->have_row, sp->nd0[p2], sp->dd0[p2]);
      /* the other order was tried already and ends alike */
      skip_plain = !g->keep_duplicates && p2 < f->p1 && c2 != f->c1 && f->fixed_mask;
      for (guint dir2 = DIR_FWD; dir2 <= dir_hi; dir2++)
        {
          guint8 dw[2];
          const guint8 *d2 = as_on_b0 ? sp->dd0[p2][rest][dir2 - 1] : dw;
          guint k2;

          if (mode == SPLIT_FWD_BACK && dir2 == f->dir1)
            continue;
          k2 = as_on_b0 ? sp->nd0[p2][rest][dir2 - 1]
                        : part_dests (g, &sp->w, p2, rest, dir2, fb2, bb2, dw);
          for (guint j2 = 0; j2 < k2; j2++)
            split_emit (sp, f, p2, dir2, d2[j2], as_on_b0, skip_plain, in2, mode);
        }
    }
}

/* Every split whose first part is p1's. */
static inline G_ALWAYS_INLINE void
split_first_parts (Split     *sp,
                   guint      p1,
                   SplitMode  mode)
{
  Gen *g = sp->g;
  const PjBoard *b0 = sp->b0;
  const guint total = sp->total, dir_hi = SPLIT_DIR_HI (mode);
  guint li1 = g->live_index[p1];
  guint16 rest_may;
  FirstPart f;

  f.total = total;
  f.fixed_mask = sp->fixed_mask;
  f.p1 = p1;
  f.c1 = COLOUR (p1);
  f.pos1 = peg_pos (b0, p1);
  f.in1 = pj_in_spot_hole (g->r, f.c1);
  f.fex = sp->fexp[p1];
  f.bex = sp->bexp[p1];

  /* a movable peg that cannot move 1 .. total - 1 at all */
  if (li1 != NO_LIVE && !(live_reach (g, li1, dir_hi) & dist_bits (total)))
    return;
  dest_row (g, b0, p1, total, dir_hi, &sp->have_row, sp->nd0[p1], sp->dd0[p1]);
  blocks_without (g->L, b0, p1, f.fex, f.bex);
  sp->have_ex |= G_GUINT64_CONSTANT (1) << p1;
  rest_may = split_rest_may (sp, dir_hi, p1, f.pos1, f.fex, f.bex);
  for (f.a = 1; f.a < total; f.a++)
    for (f.dir1 = DIR_FWD; f.dir1 <= dir_hi; f.dir1++)
      {
        const guint8 *d1 = sp->dd0[p1][f.a][f.dir1 - 1];
        guint k1 = sp->nd0[p1][f.a][f.dir1 - 1];

        for (guint j1 = 0; j1 < k1; j1++)
          {
            f.to1 = d1[j1];
            /* never onto its own colour (B-33): pj_gen_land() would refuse it */
            if (PJ_POS_IS_TRACK (f.to1) && b0->occ[f.to1] && COLOUR (b0->occ[f.to1] - 1u) == f.c1)
              continue;
            /* nothing to move the rest with (a plain first part on the track
             * changes neither who may move nor other colours) */
            if (!((rest_may >> (total - f.a)) & 1) && PJ_POS_IS_TRACK (f.to1)
                && b0->occ[f.to1] == 0)
              continue;
            if (!split_play_first (sp, &f, mode))
              continue;
            split_second_parts (sp, &f, mode);
            restore_steps (&sp->w, b0, f.steps, f.n);
          }
      }
}

/* Every split of `total` over two pegs, each final placement once.
 *
 * The parts are tried first peg first, in peg order. A split whose second
 * peg comes before the first in that order was already tried the other way
 * round; when the two parts touch no common colour or hole, that other
 * order was legal and ends alike (parts_apart()), so it is skipped; so is
 * one of a single colour hitting nothing whose other order was legal
 * (other_order_listed()). What is left (pegs of one colour, whose parts
 * may leapfrog or swap destinations, and hits) is kept only if no earlier
 * split of the card leaves the same board.
 *
 * Most of a seven's work is in trying parts that lead nowhere, so what
 * the board as it is tells is used to pass over them early: a first peg
 * with no move at all, a first part after which no other peg could move
 * the rest, a second peg that could not move that far. Each shortcut only
 * passes over what would have listed nothing, so the list and its order
 * are as without them.
 *
 * By job: split_first_pegs() lists who may move first, split_first_parts()
 * tries each first part of a peg, split_play_first() plays it,
 * split_second_parts() tries every second part after it and split_emit()
 * lists the split unless it repeats one. */
static inline G_ALWAYS_INLINE void
gen_split (Gen       *g,
           guint      total,
           SplitMode  mode)
{
  Split sp;

  g_assert (total <= 10);
  sp.g = g;
  sp.b0 = &g->s->board;
  sp.total = total;
  sp.dir_hi = SPLIT_DIR_HI (mode);
  sp.mask1 = g->mask;
  sp.fixed_mask = mode == SPLIT_ANY || !g->r->split_finish_partner;
  sp.n_pegs1 = sp.n_pegs = 0;
  sp.w = *sp.b0;
  sp.have_row = sp.have_ex = 0;
  if (!g->have_live)
    pj_gen_live_pegs (g);

  split_first_pegs (&sp, mode);
  for (guint i1 = 0; i1 < sp.n_pegs1; i1++)
    split_first_parts (&sp, sp.pegs1[i1], mode);
}

/* One copy of gen_split() per way of splitting, each without the tests of
 * the others. */
void
pj_gen_split_fwd_fwd (Gen   *g,
                      guint  total)
{
  gen_split (g, total, SPLIT_FWD_FWD);
}

/* the split every preset has */
void
pj_gen_split_seven (Gen *g)
{
  gen_split (g, 7, SPLIT_FWD_FWD);
}

void
pj_gen_split_fwd_back (Gen   *g,
                       guint  total)
{
  gen_split (g, total, SPLIT_FWD_BACK);
}

void
pj_gen_split_any (Gen   *g,
                  guint  total)
{
  gen_split (g, total, SPLIT_ANY);
}

gboolean
pj_action_same_placement (const PjAction *a,
                          const PjAction *b)
{
  pj_gen_tables_init ();
  return a->kind == b->kind && a->card == b->card && a->declared == b->declared
         && same_placement (a, b);
}
