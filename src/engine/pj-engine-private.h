/* pj-engine-private.h — helpers shared inside the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-engine.h"

#include <string.h>

#define PJ_NO_PEG 0xff

static inline guint
pj_board_occupant (const PjBoard *b, guint hole)  /* peg id or PJ_NO_PEG */
{
  return b->occ[hole] ? b->occ[hole] - 1u : PJ_NO_PEG;
}

static inline guint
pj_home_full_mask (void)
{
  return (1u << PJ_HOME_HOLES) - 1u;
}

/* Move a peg on the board, keeping occ, home and n_start in step. A peg's
 * id is its place in b->peg read as one row (PJ_PEG_ID), which spares move
 * generation, its hottest caller, the division for the index. */
static inline void
pj_board_set (PjBoard *b, guint peg, guint8 to)
{
  guint c = PJ_PEG_COLOUR (peg);
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

/* The first peg of that colour in start (pegs in start are interchangeable,
 * so only this one is ever offered), or PJ_NO_PEG. */
static inline guint
pj_board_start_peg (const PjBoard *b, guint colour)
{
  if (b->n_start[colour] == 0)
    return PJ_NO_PEG;
  for (guint i = 0; i < PJ_PEGS; i++)
    if (b->peg[colour][i] == PJ_POS_START)
      return PJ_PEG_ID (colour, i);
  return PJ_NO_PEG;
}

void pj_board_rebuild (PjBoard *b, guint players);
/* pj_legal_actions() with every order and crossing of a split that ends in
 * an already listed placement kept too: for reading actions written before
 * such duplicates were dropped */
void pj_legal_actions_all (const PjState *s, PjActionList *out);
/* Do two actions leave the same board (pegs of one colour interchangeable)? */
gboolean pj_action_same_placement (const PjAction *a, const PjAction *b);
/* Fisher-Yates with our own generator: the one shuffle every deal uses */
void pj_shuffle_cards (guint8 *v, guint n, PjRng *rng);
void pj_state_begin_turn (PjState *s, guint seat);
guint pj_state_draw (PjState *s, guint seat);
