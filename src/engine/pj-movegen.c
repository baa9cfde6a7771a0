/* pj-movegen.c — legal actions (RULES.md §3–§9)
 *
 * Generation works on copies of the small PjBoard only where a move hits a
 * peg or is the first part of a split; a plain move is a single step.
 * What a position allows (who may move, each movable peg's blocks and
 * reach, the occupied holes) is worked out once per list, on first use.
 * Splits and the rule that each final placement is listed once are in
 * pj-movegen-split.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-movegen-private.h"

guint8 pj_gen_colour_of[256], pj_gen_index_of[256];
guint16 pj_gen_dist_bits_of[256 + PJ_HOME_HOLES + 1];
guint64 pj_gen_place_keys[PJ_MAX_PLAYERS][256];

void
pj_gen_tables_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
        for (guint p = 0; p < 256; p++)
          pj_gen_place_keys[c][p] = pj_seed_mix (c << 8 | p);
      for (guint k = 0; k < G_N_ELEMENTS (pj_gen_dist_bits_of); k++)
        pj_gen_dist_bits_of[k] = (guint16) (((1u << MIN (k, 16u)) - 1) & ~1u);
      for (guint p = 0; p < 256; p++)
        {
          pj_gen_colour_of[p] = (guint8) PJ_PEG_COLOUR (p);
          pj_gen_index_of[p] = (guint8) PJ_PEG_INDEX (p);
        }
      g_once_init_leave (&done, 1);
    }
}

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

void
pj_gen_grow (PjActionList *l)
{
  l->cap = l->cap ? l->cap * 2 : 64;
  l->v = g_renew (PjAction, l->v, l->cap);
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

  if (n == 0)
    return;   /* nothing to copy, maybe not even a list yet */
  while (l->n + n > l->cap)
    pj_gen_grow (l);
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

guint64
pj_action_moved_pegs (const PjAction *a)
{
  guint64 moved = 0;

  g_return_val_if_fail (a != NULL, 0);

  for (guint i = 0; i < a->n_steps; i++)
    if (a->steps[i].from != a->steps[i].to || (a->steps[i].flags & PJ_STEP_SEND))
      moved |= G_GUINT64_CONSTANT (1) << a->steps[i].peg;
  return moved;
}

gboolean
pj_action_is_play (const PjAction *a)
{
  g_return_val_if_fail (a != NULL, FALSE);

  return !((a->kind == PJ_ACTION_CHALLENGE || a->kind == PJ_ACTION_PASS) && a->n_steps == 0);
}

/* ---- board primitives ----------------------------------------------- */

/* Put `peg` on `dest` and resolve what it lands on (B-33): an opponent goes to
 * start; a team peg jumps to its own in-spot, hitting what is there in turn.
 * Illegal (FALSE) when a peg would land on its own colour. Appends steps. */
gboolean
pj_gen_land (const Gen *g,
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
      guint cq = COLOUR (occupant);
      guint8 target;
      guint next;

      if (cq == COLOUR (mover) || iter > 2 * PJ_MAX_PLAYERS || *n >= PJ_MAX_STEPS)
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

/* The blocks of every peg of colour c on the position being generated for:
 * the track pegs' distances worked out once, each pair read both ways. */
void
pj_gen_colour_blocks (Gen   *g,
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
          pair_blocks (fwd, back, pos, i, j, L);
  g->blk_colours |= 1u << c;
}

guint
pj_gen_movable_colours (const Gen     *g,
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

  if (!pj_gen_land (g, &b, peg, dest, flags, a->steps, &n))
    {
      pop (g);
      return;
    }
  a->n_steps = (guint8) n;
  if (g->kind == PJ_ACTION_MOVE && n > 1 && a->steps[1].to != PJ_POS_START)
    pj_gen_keep_if_new (g, steps_key (a->steps, n));
}

/* One landing from the real board: a single step unless it hits something.
 * An opponent's peg goes to start (pj_gen_land() in short); a hit
 * partner's peg jumps to its in-spot, where it may hit in turn: such chains
 * can end alike from different pegs (pegs of one colour are
 * interchangeable), so they are kept only if their placement is new. */
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

/* forward_dests() and backward_dest() of every movable peg, for every
 * distance at once: each card then only tests a bit. */
void
pj_gen_live_pegs (Gen *g)
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
        pj_gen_colour_blocks (g, c);
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
              g->live[n].to_home = fb > d_in
                                   ? dist_bits (d_in + room + 1) & ~dist_bits (d_in + 1) : 0;
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
    pj_gen_live_pegs (g);
  for (guint i = 0; i < g->n_live; i++)
    {
      guint peg = g->live[i].peg;
      guint8 pos = g->live[i].pos;

      if ((g->live[i].to_home >> n) & 1)
        {
          PjAction *a = push (g);
          guint8 hole = (guint8) (PJ_POS_HOME0 + g->live[i].home_off + (int) n);

          a->steps[0] = (PjStep) { (guint8) peg, pos, hole, 0 };
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
    pj_gen_live_pegs (g);
  for (guint i = 0; i < g->n_live; i++)
    if ((g->live[i].back >> n) & 1)
      {
        guint8 pos = g->live[i].pos;

        emit_move (g, g->live[i].peg, pos, (guint8) (pos >= n ? pos - n : pos + L - n),
                   PJ_STEP_BACK);
      }
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
          pj_gen_keep_if_new (g, steps_key (a->steps, 2));
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
      pj_gen_split_seven (g);
      break;
    case 8:
      gen_backward (g, 8);
      break;
    case 9:
      gen_forward (g, 9);
      if (r->nine == PJ_NINE_FWD_FWD)
        pj_gen_split_fwd_fwd (g, 9);
      else if (r->nine == PJ_NINE_FWD_BACK)
        pj_gen_split_fwd_back (g, 9);
      break;
    case 10:
      if (r->ten == PJ_TEN_SPLIT_ANY)
        pj_gen_split_any (g, 10);        /* NC-8: must be split */
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
  pj_gen_tables_init ();
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
      g.mask = pj_gen_movable_colours (&g, &s->board);
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
