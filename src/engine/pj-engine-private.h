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

/* ---- invariants (pj-state.c) ------------------------------------------ */

/* Where pj_state_check() found a fault: the part of the state, so that the
 * position reader can name the line that gave it. */
typedef enum {
  PJ_STATE_PART_NONE,      /* the state as a whole */
  PJ_STATE_PART_TURN,
  PJ_STATE_PART_PHASE,
  PJ_STATE_PART_PEGS,      /* of the colour `seat` */
  PJ_STATE_PART_HAND,      /* of `seat` */
  PJ_STATE_PART_EXTRA,     /* the extra turns of `seat` */
  PJ_STATE_PART_DISCARD,
  PJ_STATE_PART_STOCK,
  PJ_STATE_PART_PENDING,
} PjStatePart;

typedef struct {
  PjStatePart part;
  PjStatePart or_else;     /* where to point when `part` was left out */
  guint seat;
} PjStateFault;

typedef enum {
  /* a position to start from, as read: the player to move holds a card */
  PJ_STATE_CHECK_START = 1 << 0,
  /* it gives every hand (a whole table, as the engine prints it), so each
   * holds exactly the cards of this point of the turn; otherwise a hand may
   * hold fewer, as in a hand-made position naming only the cards that matter */
  PJ_STATE_CHECK_EVERY_HAND = 1 << 1,
} PjStateCheckFlags;

/* pj_state_check() (flags 0), saying where the fault is */
gboolean pj_state_check_where (const PjState *s, PjStateCheckFlags flags, PjStateFault *fault,
                               GError **error);
/* The error of cards that do not add up to the decks: too many placed in
 * hands and discard pile, or a stock of the wrong size. Returns FALSE. */
gboolean pj_state_card_total_error (guint n_cards, guint in_hands, guint n_discard, guint stock,
                                    GError **error);

/* ---- notation (pj-notation*.c) ---------------------------------------- */

#define PARSE_ERROR(...) G_STMT_START { \
    g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_PARSE, __VA_ARGS__); \
    return FALSE; } G_STMT_END

/* The words every notation shares (pj-notation.c): a colour letter at this
 * table (-1 if none), a hole ("r12", "h3", "s") and a peg ("R1"). */
int      pj_notation_colour_from_letter (const PjState *s, char ch);
void     pj_notation_append_uint (GString *out, guint n);
void     pj_notation_append_pos (GString *out, const PjState *s, guint8 pos);
gboolean pj_notation_parse_pos (const PjState *s, const char *text, guint8 *pos);
void     pj_notation_append_peg (GString *out, guint peg);

/* A position's small per-seat counters, each a line "KEY COLOUR NUMBER"
 * written when not 0, in this order (pj-notation.c; the reader and the
 * writer both go by it): what the reader's messages call it, and where
 * in PjState its guint8[PJ_MAX_PLAYERS] is. */
typedef enum {
  PJ_COUNTER_STUCK,
  PJ_COUNTER_EXTRA,
  PJ_COUNTER_CAUGHT,
  PJ_COUNTER_HONEST,
  PJ_COUNTER_ACES_OUT,
  PJ_COUNTER_OTHERS_OUT,
  PJ_N_COUNTERS
} PjCounter;

typedef struct {
  const char *key, *what, *verb;
  gsize       offset;
} PjCounterLine;

extern const PjCounterLine pj_counter_lines[PJ_N_COUNTERS];
