/* pj-board-view.h — the board: draws a PjGame and turns clicks into actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pj-game.h"
#include "pj-move-picker.h"

G_BEGIN_DECLS

#define PJ_TYPE_BOARD_VIEW (pj_board_view_get_type ())
G_DECLARE_FINAL_TYPE (PjBoardView, pj_board_view, PJ, BOARD_VIEW, GtkWidget)

GtkWidget  *pj_board_view_new              (void);
PjGame     *pj_board_view_get_game         (PjBoardView *self);
void        pj_board_view_set_game         (PjBoardView *self,
                                            PjGame      *game);
guint       pj_board_view_get_card         (PjBoardView *self);
void        pj_board_view_set_card         (PjBoardView *self,
                                            guint        card);
void        pj_board_view_set_declared     (PjBoardView *self,
                                            guint        declared);
guint       pj_board_view_get_declared     (PjBoardView *self);
void        pj_board_view_reset_input      (PjBoardView *self);
const char *pj_board_view_get_prompt       (PjBoardView *self);
char       *pj_board_view_describe_focus   (PjBoardView *self);
gboolean    pj_board_view_get_animating    (PjBoardView *self);
const PjAction *pj_board_view_get_animated_action (PjBoardView *self);
void        pj_board_view_show_hint        (PjBoardView *self,
                                            const PjAction *action);
/* What the hint shown marks: the first peg moved by choice (peg id) and
 * the hole it goes to (a position); FALSE when no hint is shown. */
gboolean    pj_board_view_get_hint         (PjBoardView *self,
                                            guint       *peg,
                                            guint       *hole);

/* The input path a click takes, for keyboard use and tests: the centre of a
 * place on the board in widget coordinates (pos: a PjState position; colour
 * picks the home or start area, slot the start hole), and a pick there. */
gboolean    pj_board_view_get_place_point  (PjBoardView *self,
                                            guint        colour,
                                            guint        pos,
                                            guint        slot,
                                            double      *x,
                                            double      *y);
gboolean    pj_board_view_pick_at          (PjBoardView *self,
                                            double       x,
                                            double       y);

/* What pointing at (x, y) shows: the name of the peg there, the words of
 * its hole's accessible name; NULL where there is no peg. */
char       *pj_board_view_get_tooltip_at   (PjBoardView *self,
                                            double       x,
                                            double       y);
/* Whether the peg (a peg id) moved in the last play, and is marked so. */
gboolean    pj_board_view_get_last_moved   (PjBoardView *self,
                                            guint        peg);

/* Keyboard focus is on the board or one of its holes. */
gboolean        pj_board_view_has_keyboard_focus (PjBoardView *self);
/* What the last question key (T, D, L) answered, as told to the screen
 * reader; NULL before any. */
const char     *pj_board_view_get_last_answer (PjBoardView   *self);

/* Looking back at a game: draw state (a position of the game's history,
 * pj_game_get_position_after()) read-only in place of the game's, with
 * the pegs action moved marked as the last move (action may be NULL);
 * NULL goes back to the game as it stands. Nothing can be picked, no hint
 * is shown, and the game's moves meanwhile are not animated. */
void            pj_board_view_set_look_back   (PjBoardView    *self,
                                               const PjState  *state,
                                               const PjAction *action);
/* The position looked back at, or NULL while the board shows the game. */
const PjState  *pj_board_view_get_look_back   (PjBoardView    *self);

/* The picker the board narrows its picks with; the window asks it too. */
PjMovePicker   *pj_board_view_get_picker      (PjBoardView    *self);

G_END_DECLS
