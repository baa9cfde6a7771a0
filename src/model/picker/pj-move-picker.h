/* pj-move-picker.h — the legal actions of the seat to move, narrowed by picks
 *
 * A person makes a move in pieces: a card from the hand (a rank), for a
 * Bluffing Joker the card it is declared as, then on the board a peg and
 * the hole it goes to — twice for a split card. The picker holds the legal
 * actions it was given (pj_game_get_human_actions() of a position) and
 * keeps those that fit every pick so far, the "candidates". Views ask it
 * what may be picked next and draw that; none of them decides what is
 * legal.
 *
 * - Only actions with a peg to pick reach the board (moves and Bluffing
 *   Joker penalties); discards, challenges and passes are buttons, asked
 *   for with pj_move_picker_find_action().
 * - Moves need a card; a penalty is picked without one (the card is 0).
 * - A move of a Bluffing Joker is narrowed by the card declared (by
 *   default the card itself: truthful unless the player says otherwise).
 * - A split is picked part by part, each part from the board as the parts
 *   before left it (pj_move_picker_apply_picks()), as B-41 plays it.
 * - An action is chosen only once every peg it moves by choice has been
 *   picked and it is the only such candidate: hits and the second peg of a
 *   two-swap follow from the picks, they are never picked.
 *
 * "changed" is emitted whenever the candidates, the card or the picks may
 * have changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pj-engine.h"

G_BEGIN_DECLS

/* Which instruction applies now; its sentence is pj_text_pick_prompt()'s (words/). */
typedef enum {
  PJ_PICK_PROMPT_NONE,         /* no card, nothing to pick on the board */
  PJ_PICK_PROMPT_PENALTY_PEG,  /* no card: pick a peg to send back to its start */
  PJ_PICK_PROMPT_ANY_PEG,      /* no card: pick a peg */
  PJ_PICK_PROMPT_NO_MOVE,      /* the card (as declared) cannot move a peg */
  PJ_PICK_PROMPT_FIRST_PEG,    /* pick a peg to move */
  PJ_PICK_PROMPT_DESTINATION,  /* pick where the held peg goes */
  PJ_PICK_PROMPT_SPLIT_REST,   /* move another peg by the holes left of the card */
  PJ_PICK_PROMPT_NEXT_PEG,     /* pick the peg of the next part */
} PjPickPrompt;

/* The variant's rule that limits what may be picked now, when the card
 * (as declared) is one a rule option changes: the view names it beside
 * the instruction, so a player who finds fewer (or other) moves than the
 * card's face promises is told why. */
typedef enum {
  PJ_PICK_RULE_NONE,
  PJ_PICK_RULE_TEN_SPLIT,          /* NC-8: split over two pegs, any colour, either way */
  PJ_PICK_RULE_TEN_BACK_ONE,       /* AK: 10 forward or 1 back */
  PJ_PICK_RULE_NINE_SPLIT,         /* AZ-5, NC-7: a split Nine: one peg forward, another back */
  PJ_PICK_RULE_NINE_BACK,          /* AZ-5: the rest of the Nine goes back */
  PJ_PICK_RULE_NINE_FORWARD,       /* AZ-5: the rest of the Nine goes forward */
  PJ_PICK_RULE_JOKER_START_FIRST,  /* AZ-7: start pegs first */
  PJ_PICK_RULE_JOKER_PEGOO,        /* PG: to the in-spot, or send an opponent back */
  PJ_PICK_RULE_HOME_FORCED,        /* K-2: the held peg must turn into its home */
  PJ_PICK_RULE_COUNT_PRIVILEGE,    /* NC-10: discard the card, a peg comes out free */
} PjPickRule;

/* Something that may be picked next: a peg (its colour and position; for
 * pegs in a start area any of them will do and index is 0) or, while a peg
 * is held, a hole it may go to (colour and index are the held peg's). */
typedef struct {
  guint8 colour;
  guint8 pos;
  guint8 index;
} PjPickTarget;

#define PJ_PICK_MAX_TARGETS (PJ_MAX_TRACK + PJ_MAX_PLAYERS * (PJ_HOME_HOLES + PJ_PEGS))

#define PJ_TYPE_MOVE_PICKER (pj_move_picker_get_type ())
G_DECLARE_FINAL_TYPE (PjMovePicker, pj_move_picker, PJ, MOVE_PICKER, GObject)

PjMovePicker   *pj_move_picker_new             (void);

/* The position and its legal actions for the seat to move (state NULL or
 * n_actions 0: nothing may be picked). The card, declaration and picks are
 * kept and the candidates narrowed again: a picker follows a game by being
 * given its actions whenever they may have changed. */
void            pj_move_picker_set_actions     (PjMovePicker   *self,
                                                const PjState  *state,
                                                const PjAction *actions,
                                                guint           n_actions);
/* Forgets the card, the declaration and every pick. */
void            pj_move_picker_reset           (PjMovePicker   *self);
/* Forgets the picks on the board (and the held peg), keeps the card. */
void            pj_move_picker_clear_picks     (PjMovePicker   *self);

/* The rank of the card played (0: none, then only penalties are offered);
 * setting it forgets the declaration and the picks. */
void            pj_move_picker_set_card        (PjMovePicker   *self,
                                                guint           card);
guint           pj_move_picker_get_card        (PjMovePicker   *self);
/* Bluffing Joker: the rank the card is declared as (0: the card itself);
 * forgets the picks. get returns the effective declaration. */
void            pj_move_picker_set_declared    (PjMovePicker   *self,
                                                guint           declared);
guint           pj_move_picker_get_declared    (PjMovePicker   *self);

/* Picks a peg by its position (on the main track the colour is that of the
 * peg there, whatever is passed). FALSE, and nothing changes, when no
 * candidate moves such a peg next. */
gboolean        pj_move_picker_pick_peg        (PjMovePicker   *self,
                                                guint           colour,
                                                guint           pos);
/* Lets go of the held peg; the parts picked before stay. */
void            pj_move_picker_drop_peg        (PjMovePicker   *self);
gboolean        pj_move_picker_get_peg         (PjMovePicker   *self,
                                                guint          *colour,
                                                guint          *pos);
/* Where the held peg goes: completes a part. FALSE, and nothing changes,
 * when no peg is held or no candidate takes it there. */
gboolean        pj_move_picker_pick_hole       (PjMovePicker   *self,
                                                guint           colour,
                                                guint           pos);
guint           pj_move_picker_get_n_parts     (PjMovePicker   *self);

/* The candidates: the legal actions that fit the card, the declaration and
 * every pick. */
guint           pj_move_picker_get_n_candidates (PjMovePicker  *self);
const PjAction *pj_move_picker_get_candidate   (PjMovePicker   *self,
                                                guint           i);
/* What may be picked next, in a stable order (the order of the legal list
 * and of each action's steps); returns how many were written. */
guint           pj_move_picker_get_targets     (PjMovePicker   *self,
                                                PjPickTarget   *targets,
                                                guint           max);
/* TRUE with the action when exactly one candidate has all its picked
 * steps picked. */
gboolean        pj_move_picker_get_chosen      (PjMovePicker   *self,
                                                PjAction       *out);
/* Moves the pegs in pos as the parts picked so far move them (hits and
 * swap partners included), so the next part is picked from there. */
void            pj_move_picker_apply_picks     (PjMovePicker   *self,
                                                guint8          pos[PJ_MAX_PLAYERS][PJ_PEGS]);
/* Which instruction applies; for PJ_PICK_PROMPT_SPLIT_REST, holes gets the
 * holes left of the card's value. */
PjPickPrompt    pj_move_picker_get_prompt      (PjMovePicker   *self,
                                                guint          *holes);
/* The rule option that limits the choice now (PJ_PICK_RULE_NONE without
 * a card, or when the card moves as in the basic game). */
PjPickRule      pj_move_picker_get_rule        (PjMovePicker   *self);
/* The position the actions are for; NULL when none was given. */
const PjState  *pj_move_picker_get_state       (PjMovePicker   *self);

/* Card-level questions about the whole legal list, for the hand and the
 * buttons (they ignore the picks). */
gboolean        pj_move_picker_find_action     (PjMovePicker   *self,
                                                PjActionKind    kind,
                                                guint           card,
                                                PjAction       *out);
gboolean        pj_move_picker_card_is_playable (PjMovePicker  *self,
                                                guint           card);
guint           pj_move_picker_get_declarations (PjMovePicker  *self,
                                                guint           card,
                                                guint8          ranks[PJ_N_RANKS]);

/* Is step i of the action one the player picks (not a hit, not the second
 * peg of a two-swap)? */
gboolean        pj_move_picker_is_picked_step  (const PjAction *action,
                                                guint           i);

G_END_DECLS
