/* pj-board-text.h — the board in words: where each peg is, what threatens
 * it, how far it has to go, who leads, what a destination does
 *
 * For the screen reader's exploration of the board. No display: the view
 * only forwards what is focused and asked, so every sentence here is
 * tested headlessly. Positions are given as a board shows them
 * (pos[colour][index], PjState positions), which during a split may be
 * the board as the parts picked so far left it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pj-engine.h"

G_BEGIN_DECLS

/* How far ahead a card reaches (a King, B §5) and back (an Eight): the
 * holes within which another peg is said to threaten one. */
#define PJ_BOARD_TEXT_REACH_FORWARD  13
#define PJ_BOARD_TEXT_REACH_BACKWARD 8

/* Holes a peg still has to travel to its first home hole (0 when home; a
 * peg in its start area counts its come-out as one). */
guint  pj_board_holes_to_go       (const PjRules  *rules,
                                   guint           colour,
                                   guint           pos);

/* "Red peg 2, main track, 5 holes before Blue's in-spot, 40 holes from its
 * in-spot", "Red peg 2, in its start area", "Red peg 2, in home hole 3". */
char  *pj_board_text_peg          (const PjRules  *rules,
                                   guint8          pos[PJ_MAX_PLAYERS][PJ_PEGS],
                                   guint           colour,
                                   guint           index);
/* A hole: the peg in it, or "Hole 12 of Blue's side, empty", "Blue's
 * in-spot, empty", "Red home hole 2, empty", "Red start area, empty".
 * colour: whose home or start area (ignored on the main track); slot:
 * which start hole. */
char  *pj_board_text_place        (const PjRules  *rules,
                                   guint8          pos[PJ_MAX_PLAYERS][PJ_PEGS],
                                   guint           colour,
                                   guint           place,
                                   guint           slot);
/* The other team's pegs within a card's reach of this peg, nearest first:
 * "Red peg 2: Blue peg 1, 3 holes behind; Green peg 4, 2 holes ahead". */
char  *pj_board_text_threats      (const PjRules  *rules,
                                   guint8          pos[PJ_MAX_PLAYERS][PJ_PEGS],
                                   guint           colour,
                                   guint           index);
/* Each peg of a colour and how far from home: "Red: peg 1 in start, peg 2
 * 23 holes from home, peg 3 home …; 120 holes to go". */
char  *pj_board_text_progress     (const PjRules  *rules,
                                   guint8          pos[PJ_MAX_PLAYERS][PJ_PEGS],
                                   guint           colour);
/* The teams by holes to go: "Blue and Yellow lead, 150 holes to go; Red
 * and Green, 171". */
char  *pj_board_text_leader       (const PjRules  *rules,
                                   guint8          pos[PJ_MAX_PLAYERS][PJ_PEGS]);

/* A move by what it does: "Seven: peg 2 to home 3, peg 4 +4, hit Blue
 * peg 1". */
char  *pj_board_text_action       (const PjState  *before,
                                   const PjAction *action);
/* What taking the held peg (its colour, and where it is as the parts
 * picked before left it) to a hole does, among the candidate moves (the
 * legal moves fitting the picks so far): the whole move when only one is
 * left, else this part and that another peg follows ("peg 2 +3, then
 * another peg"). NULL when no candidate goes there. */
char  *pj_board_text_destination  (const PjState   *before,
                                   const PjAction **candidates,
                                   guint            n_candidates,
                                   guint            colour,
                                   guint            from,
                                   guint            pos);

G_END_DECLS
