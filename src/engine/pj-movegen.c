/* pj-movegen.c — legal actions (RULES.md §3–§9)
 *
 * Generation works on copies of the small PjBoard only where a move hits a
 * peg or is the first part of a split; a plain move is a single step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

#include <stdlib.h>

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
  guint split_first;  /* index in out of the first action of the current split card */
} Gen;

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

static PjAction *
push (Gen *g)
{
  PjActionList *l = g->out;
  PjAction *a;

  if (l->n == l->cap)
    {
      l->cap = l->cap ? l->cap * 2 : 64;
      l->v = g_renew (PjAction, l->v, l->cap);
    }
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

static inline guint8
peg_pos (const PjBoard *b,
         guint          peg)
{
  return b->peg[PJ_PEG_COLOUR (peg)][PJ_PEG_INDEX (peg)];
}

static inline gboolean
is_team (const Gen *g,
         guint      colour)
{
  return colour % g->r->teams == g->team;
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
      pj_board_set (b, peg, dest);
      return TRUE;
    }
  occupant = pj_board_occupant (b, dest);
  pj_board_set (b, peg, dest);
  /* A chain ends by itself (each team colour's in-spot is visited at most once);
   * the bound is only a guard. */
  for (guint iter = 0; occupant != PJ_NO_PEG; iter++)
    {
      guint cq = PJ_PEG_COLOUR (occupant);
      guint8 target;
      guint next;

      if (cq == PJ_PEG_COLOUR (mover) || iter > 2 * PJ_MAX_PLAYERS || *n >= PJ_MAX_STEPS)
        return FALSE;
      if (!is_team (g, cq))
        {
          steps[(*n)++] = (PjStep) { (guint8) occupant, hole, PJ_POS_START, (guint8) (part | PJ_STEP_HIT) };
          pj_board_set (b, occupant, PJ_POS_START);
          return TRUE;
        }
      target = pj_in_spot_hole (g->r, cq);
      /* a team peg sitting on its own in-spot cannot be hit by its team (B-33) */
      if (target == hole)
        return FALSE;
      next = pj_board_occupant (b, target);
      steps[(*n)++] = (PjStep) { (guint8) occupant, hole, target, (guint8) (part | PJ_STEP_HIT) };
      pj_board_set (b, occupant, target);
      mover = occupant;
      hole = target;
      occupant = next;
    }
  return TRUE;
}

/* Forward destinations of a peg (B-31, B-35, B-36, K-2); 0, 1 or 2 of them. */
static guint
forward_dests (const Gen     *g,
               const PjBoard *b,
               guint          peg,
               guint          n,
               gboolean       may_home,
               guint8         dests[2])
{
  guint c = PJ_PEG_COLOUR (peg), i = PJ_PEG_INDEX (peg);
  guint8 pos = b->peg[c][i];
  guint L = g->L, block = n + 1, cnt = 0;

  if (PJ_POS_IS_HOME (pos))
    {
      guint h = pos - PJ_POS_HOME0;
      guint mask;

      if (!may_home || h + n >= PJ_HOME_HOLES)
        return 0;
      mask = ((1u << (h + n + 1)) - 1) & ~((1u << (h + 1)) - 1);
      if (b->home[c] & mask)
        return 0;
      dests[0] = PJ_POS_HOME (h + n);
      return 1;
    }
  if (!PJ_POS_IS_TRACK (pos))
    return 0;
  for (guint j = 0; j < PJ_PEGS; j++)
    {
      guint8 q = b->peg[c][j];
      if (j != i && PJ_POS_IS_TRACK (q))
        {
          guint d = q >= pos ? (guint) (q - pos) : q + L - pos;
          if (d < block)
            block = d;
        }
    }
  if (may_home)
    {
      guint in_spot = pj_in_spot_hole (g->r, c);
      guint d_in = in_spot >= pos ? in_spot - pos : in_spot + L - pos;

      if (d_in < n)
        {
          guint k = n - d_in - 1;
          if (k < PJ_HOME_HOLES && block > d_in && !(b->home[c] & ((1u << (k + 1)) - 1)))
            dests[cnt++] = PJ_POS_HOME (k);
          if (g->r->home_entry == PJ_HOME_FORCED)
            return cnt;
        }
    }
  if (block > n)
    dests[cnt++] = (guint8) (pos + n < L ? pos + n : pos + n - L);
  return cnt;
}

/* Backward destination on the main track (B-34), or FALSE. */
static gboolean
backward_dest (const Gen     *g,
               const PjBoard *b,
               guint          peg,
               guint          n,
               guint8        *dest)
{
  guint c = PJ_PEG_COLOUR (peg), i = PJ_PEG_INDEX (peg);
  guint8 pos = b->peg[c][i];
  guint L = g->L;

  if (!PJ_POS_IS_TRACK (pos))
    return FALSE;
  for (guint j = 0; j < PJ_PEGS; j++)
    {
      guint8 q = b->peg[c][j];
      if (j != i && PJ_POS_IS_TRACK (q) && (pos >= q ? (guint) (pos - q) : pos + L - q) <= n)
        return FALSE;
    }
  *dest = (guint8) (pos >= n ? pos - n : pos + L - n);
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

/* One landing from the real board: a single step unless it hits something. */
static void
emit_move (Gen    *g,
           guint   peg,
           guint8  dest,
           guint8  flags)
{
  const PjBoard *b0 = &g->s->board;
  PjAction *a = push (g);
  guint n = 0;

  if (!PJ_POS_IS_TRACK (dest) || b0->occ[dest] == 0)
    {
      a->steps[0] = (PjStep) { (guint8) peg, peg_pos (b0, peg), dest, flags };
      a->n_steps = 1;
      return;
    }
  {
    PjBoard b = *b0;
    if (!land (g, &b, peg, dest, flags, a->steps, &n))
      {
        pop (g);
        return;
      }
  }
  a->n_steps = (guint8) n;
}

static void
gen_come_out (Gen   *g,
              guint  mask)
{
  const PjBoard *b = &g->s->board;

  for (guint c = 0; c < g->r->players; c++)
    if (mask & (1u << c))
      {
        guint peg = pj_board_start_peg (b, c);
        if (peg != PJ_NO_PEG)
          emit_move (g, peg, pj_come_out_hole (g->r, c), 0);
      }
}

static void
gen_forward (Gen   *g,
             guint  mask,
             guint  n)
{
  const PjBoard *b = &g->s->board;

  for (guint c = 0; c < g->r->players; c++)
    if (mask & (1u << c))
      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 d[2];
          guint k;

          if (b->peg[c][i] == PJ_POS_START)
            continue;
          k = forward_dests (g, b, PJ_PEG_ID (c, i), n, TRUE, d);
          for (guint j = 0; j < k; j++)
            emit_move (g, PJ_PEG_ID (c, i), d[j], 0);
        }
}

static void
gen_backward (Gen   *g,
              guint  mask,
              guint  n)
{
  const PjBoard *b = &g->s->board;

  for (guint c = 0; c < g->r->players; c++)
    if (mask & (1u << c))
      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 d;
          if (backward_dest (g, b, PJ_PEG_ID (c, i), n, &d))
            emit_move (g, PJ_PEG_ID (c, i), d, PJ_STEP_BACK);
        }
}

/* ---- splits (B-41, AZ-5/6, NC-7/8/9) ---------------------------------- */

typedef enum { SPLIT_FWD_FWD, SPLIT_FWD_BACK, SPLIT_ANY } SplitMode;

/* Final placement of the pegs an action moves, as a hash independent of order. */
static guint32
placement_hash (const PjAction *a)
{
  guint64 h = 0;

  for (guint i = 0; i < a->n_steps; i++)
    {
      gboolean last = TRUE;
      for (guint j = i + 1; j < a->n_steps; j++)
        last &= a->steps[j].peg != a->steps[i].peg;
      if (last)
        {
          guint64 x = ((guint64) a->steps[i].peg << 8 | a->steps[i].to) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
          h += x ^ (x >> 29);
        }
    }
  return (guint32) (h ^ (h >> 32)) | 1u;
}

static guint8
final_pos (const PjAction *a,
           guint           peg,
           gboolean       *touched)
{
  guint8 pos = 0;

  *touched = FALSE;
  for (guint i = 0; i < a->n_steps; i++)
    if (a->steps[i].peg == peg)
      pos = a->steps[i].to, *touched = TRUE;
  return pos;
}

static gboolean
same_placement (const PjAction *a,
                const PjAction *b)
{
  for (guint i = 0; i < a->n_steps; i++)
    {
      gboolean ta, tb;
      guint8 pa = final_pos (a, a->steps[i].peg, &ta);
      guint8 pb = final_pos (b, a->steps[i].peg, &tb);
      if (!tb || pa != pb)
        return FALSE;
    }
  for (guint i = 0; i < b->n_steps; i++)
    {
      gboolean ta;
      final_pos (a, b->steps[i].peg, &ta);
      if (!ta)
        return FALSE;
    }
  return TRUE;
}

/* Keep the newest action only if no earlier split of this card ends in the
 * same placement ("two orders that end in the same placement are one action").
 * The table holds (stamp, hash, index) triples; a new stamp empties it. */
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

/* A table sized to this split's actions, not to the whole list, so that it
 * stays in cache; a fresh stamp empties it without clearing memory. */
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
    seen_insert (l, placement_hash (&l->v[k]), k);
}

static void
dedupe_last (Gen *g)
{
  PjActionList *l = g->out;
  guint idx = l->n - 1;
  guint32 h = placement_hash (&l->v[idx]);
  guint live = idx - g->split_first + 1;
  guint mask, slot;

  if (l->seen_mask == 0 || 2 * live > l->seen_mask + 1)
    seen_rebuild (g, idx, l->seen_mask == 0 ? 256 : 2 * (l->seen_mask + 1));
  mask = l->seen_mask;
  for (slot = h & mask; l->seen[3 * slot] == l->seen_stamp; slot = (slot + 1) & mask)
    if (l->seen[3 * slot + 1] == h && same_placement (&l->v[l->seen[3 * slot + 2]], &l->v[idx]))
      {
        l->n--;
        return;
      }
  seen_insert (l, h, idx);
}

static void
reset_seen (Gen *g)
{
  g->out->seen_mask = 0;   /* the first split action builds a fresh table */
  g->split_first = g->out->n;
}

/* May this peg take part in a split part? */
static gboolean
split_peg_ok (const Gen     *g,
              const PjBoard *b,
              guint          peg,
              guint          mask,
              SplitMode      mode)
{
  guint c = PJ_PEG_COLOUR (peg);
  guint8 pos = peg_pos (b, peg);

  if (pos == PJ_POS_START)
    return FALSE;
  if (mode == SPLIT_ANY)
    return PJ_POS_IS_TRACK (pos) || is_team (g, c);   /* NC-8: not an opponent's home peg */
  return (mask & (1u << c)) != 0;
}

static guint
part_dests (const Gen     *g,
            const PjBoard *b,
            guint          peg,
            guint          n,
            guint          dir,
            guint8         d[2])
{
  if (dir == DIR_BACK)
    return backward_dest (g, b, peg, n, &d[0]) ? 1 : 0;
  /* an opponent's peg moved by the NC ten never turns into its home (NC-8) */
  return forward_dests (g, b, peg, n, is_team (g, PJ_PEG_COLOUR (peg)), d);
}

static void
gen_split (Gen       *g,
           guint      total,
           SplitMode  mode)
{
  const PjBoard *b0 = &g->s->board;
  guint players = g->r->players;
  guint mask1 = movable_colours (g, b0);

  reset_seen (g);
  for (guint p1 = 0; p1 < players * PJ_PEGS; p1++)
    {
      if (mode != SPLIT_ANY && !(mask1 & (1u << PJ_PEG_COLOUR (p1))))
        {
          p1 += PJ_PEGS - 1 - PJ_PEG_INDEX (p1);   /* next colour */
          continue;
        }
      if (!split_peg_ok (g, b0, p1, mask1, mode))
        continue;
      for (guint a = 1; a < total; a++)
        for (guint dir1 = DIR_FWD; dir1 <= DIR_BACK; dir1++)
          {
            guint8 d1[2];
            guint k1;

            if (mode == SPLIT_FWD_FWD && dir1 == DIR_BACK)
              continue;
            k1 = part_dests (g, b0, p1, a, dir1, d1);
            for (guint j1 = 0; j1 < k1; j1++)
              {
                PjBoard b1 = *b0;
                PjStep steps1[PJ_MAX_STEPS];
                guint n1 = 0, mask2;
                guint8 f1 = dir1 == DIR_BACK ? PJ_STEP_BACK : 0;

                if (!land (g, &b1, p1, d1[j1], f1, steps1, &n1))
                  continue;
                /* who may move is worked out again before the second part (B-41, B-60) */
                mask2 = g->r->split_finish_partner ? movable_colours (g, &b1) : mask1;
                for (guint p2 = 0; p2 < players * PJ_PEGS; p2++)
                  {
                    if (mode != SPLIT_ANY && !(mask2 & (1u << PJ_PEG_COLOUR (p2))))
                      {
                        p2 += PJ_PEGS - 1 - PJ_PEG_INDEX (p2);
                        continue;
                      }
                    if (p2 == p1 || !split_peg_ok (g, &b1, p2, mask2, mode))
                      continue;
                    for (guint dir2 = DIR_FWD; dir2 <= DIR_BACK; dir2++)
                      {
                        guint8 d2[2];
                        guint k2;

                        if (mode == SPLIT_FWD_FWD && dir2 == DIR_BACK)
                          continue;
                        if (mode == SPLIT_FWD_BACK && dir2 == dir1)
                          continue;
                        k2 = part_dests (g, &b1, p2, total - a, dir2, d2);
                        for (guint j2 = 0; j2 < k2; j2++)
                          {
                            PjBoard b2 = b1;
                            PjAction *act = push (g);
                            guint n = n1;
                            guint8 f2 = PJ_STEP_PART2 | (dir2 == DIR_BACK ? PJ_STEP_BACK : 0);

                            memcpy (act->steps, steps1, n1 * sizeof (PjStep));
                            if (!land (g, &b2, p2, d2[j2], f2, act->steps, &n))
                              {
                                pop (g);
                                continue;
                              }
                            act->n_steps = (guint8) n;
                            dedupe_last (g);
                          }
                      }
                  }
              }
          }
    }
}

/* ---- jokers, swaps --------------------------------------------------- */

static void
gen_joker (Gen   *g,
           guint  mask)
{
  const PjBoard *b = &g->s->board;
  const PjRules *r = g->r;
  guint L = g->L;
  gboolean from_start_only = FALSE;

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
                emit_move (g, movers[m], door, 0);
              continue;
            }
          for (guint h = 0; h < L; h++)
            {
              guint occ = b->occ[h];
              if (occ != 0 && PJ_PEG_COLOUR (occ - 1) != c)
                emit_move (g, movers[m], (guint8) h, 0);
            }
        }
    }

  if (r->joker == PJ_JOKER_PEGOO)
    {
      /* or send any opponent's peg on the main track back to start, no chain */
      for (guint h = 0; h < L; h++)
        {
          guint occ = b->occ[h];
          if (occ != 0 && !is_team (g, PJ_PEG_COLOUR (occ - 1)))
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
  guint8 holes[PJ_MAX_PEGS];
  guint n = 0;

  for (guint h = 0; h < g->L; h++)
    if (b->occ[h])
      holes[n++] = (guint8) h;
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        guint pa = b->occ[holes[i]] - 1u, pb = b->occ[holes[j]] - 1u;
        guint ca = PJ_PEG_COLOUR (pa), cb = PJ_PEG_COLOUR (pb);
        PjAction *a;

        if (ca == cb)
          continue;
        if (g->r->swap_needs_own_peg && !(mask & ((1u << ca) | (1u << cb))))
          continue;
        a = push (g);
        a->steps[0] = (PjStep) { (guint8) pa, holes[i], holes[j], PJ_STEP_SWAP };
        a->steps[1] = (PjStep) { (guint8) pb, holes[j], holes[i], PJ_STEP_SWAP };
        a->n_steps = 2;
      }
}

/* ---- one card -------------------------------------------------------- */

static void
gen_card (Gen   *g,
          guint  card)
{
  const PjRules *r = g->r;
  guint mask = movable_colours (g, &g->s->board);

  g->card = g->declared = (guint8) card;
  g->kind = PJ_ACTION_MOVE;
  switch (card)
    {
    case PJ_CARD_ACE:
      gen_come_out (g, mask);
      gen_forward (g, mask, 1);
      if (r->ace == PJ_ACE_ONE_BACK_ELEVEN)
        {
          gen_backward (g, mask, 1);
          gen_forward (g, mask, 11);
        }
      break;
    case 2:
      gen_forward (g, mask, 2);
      if (r->two_swap)
        gen_swap (g, mask);
      break;
    case 3: case 4: case 5: case 6:
      gen_forward (g, mask, card);
      break;
    case 7:
      gen_forward (g, mask, 7);
      gen_split (g, 7, SPLIT_FWD_FWD);
      break;
    case 8:
      gen_backward (g, mask, 8);
      break;
    case 9:
      gen_forward (g, mask, 9);
      if (r->nine == PJ_NINE_FWD_FWD)
        gen_split (g, 9, SPLIT_FWD_FWD);
      else if (r->nine == PJ_NINE_FWD_BACK)
        gen_split (g, 9, SPLIT_FWD_BACK);
      break;
    case 10:
      if (r->ten == PJ_TEN_SPLIT_ANY)
        gen_split (g, 10, SPLIT_ANY);        /* NC-8: must be split */
      else
        {
          gen_forward (g, mask, 10);
          if (r->ten == PJ_TEN_FWD_OR_BACK1)
            gen_backward (g, mask, 1);
        }
      break;
    case PJ_CARD_JACK: case PJ_CARD_QUEEN: case PJ_CARD_KING:
      gen_come_out (g, mask);
      gen_forward (g, mask, 10);
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
  guint n = 0;

  for (guint k = 0; k < s->hand_count[seat]; k++)
    {
      guint8 c = PJ_CARD_RANK (s->hand[seat][k]);
      gboolean dup = FALSE;
      for (guint j = 0; j < n; j++)
        dup |= out[j] == c;
      if (!dup)
        out[n++] = c;
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
  guint mask = movable_colours (g, b);
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
        emit_move (g, peg, pj_come_out_hole (g->r, c), 0);
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

void
pj_legal_actions (const PjState *s,
                  PjActionList  *out)
{
  Gen g = { 0 };

  out->n = 0;
  g.s = s;
  g.r = &s->rules;
  g.L = s->track_len;
  g.player = s->actor;
  g.team = pj_team_of (&s->rules, s->actor);
  g.out = out;

  switch (s->phase)
    {
    case PJ_PHASE_PLAY:
      g.player = s->turn;
      g.team = pj_team_of (&s->rules, s->turn);
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
