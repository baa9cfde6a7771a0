/* pj-tutorial.h — "Learn to Play": a guided first game on a scripted deal
 *
 * A PjTutorial is the host of a one-person table: its game is a mirror
 * (pj_game_new_mirror()) of a position it keeps itself, so the board, the
 * hand and the move picker work exactly as in any game. Each step asks for
 * one kind of move (coming out, an ordinary move, a split 7, a joker hit,
 * the home track, a partner's pegs). The move the person makes is legal or
 * the game refuses it already (the engine's legal list); the tutorial then
 * checks that it is the move the step teaches. A move that is not gets a
 * friendly explanation ("message") and nothing is applied; the step is
 * tried again. A right one is applied by the engine, then the other seats
 * answer with scripted actions (read in the engine's notation and applied
 * through it, so they are legal), and the next step begins — from where the
 * table stands, or from the step's own position ("later in the game").
 *
 * The game is a mirror: it has no record, no autosave and no undo, so a
 * tutorial never overwrites the person's real game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-engine.h"
#include "pj-game.h"

G_BEGIN_DECLS

#define PJ_TUTORIAL_ERROR (pj_tutorial_error_quark ())
GQuark pj_tutorial_error_quark (void);

typedef enum {
  PJ_TUTORIAL_ERROR_WRONG_MOVE,   /* legal, but not the move the step teaches */
  PJ_TUTORIAL_ERROR_NOT_NOW,      /* the lesson is over, or the others are moving */
} PjTutorialError;

/* What each step teaches (RULES.md ids in pj-tutorial.c). */
typedef enum {
  PJ_TUTORIAL_COME_OUT,
  PJ_TUTORIAL_MOVE,
  PJ_TUTORIAL_SPLIT_SEVEN,
  PJ_TUTORIAL_JOKER_HIT,
  PJ_TUTORIAL_HOME_TRACK,
  PJ_TUTORIAL_PARTNER_PEGS,
  PJ_TUTORIAL_N_STEPS
} PjTutorialStep;

#define PJ_TYPE_TUTORIAL (pj_tutorial_get_type ())
G_DECLARE_FINAL_TYPE (PjTutorial, pj_tutorial, PJ, TUTORIAL, GObject)

PjTutorial     *pj_tutorial_new             (void);
/* The game to show; seat 0 (Red) is the person, the others are scripted. */
PjGame         *pj_tutorial_get_game        (PjTutorial     *self);

/* The step now (PJ_TUTORIAL_N_STEPS once finished). */
guint           pj_tutorial_get_step        (PjTutorial     *self);
gboolean        pj_tutorial_get_finished    (PjTutorial     *self);
/* TRUE while the move made and the other seats' answers are being shown. */
gboolean        pj_tutorial_get_busy        (PjTutorial     *self);
/* Why the last move was not taken, or NULL (translated). */
const char     *pj_tutorial_get_message     (PjTutorial     *self);

/* The pause (ms) between the moves shown after each step; 0 in tests. */
void            pj_tutorial_set_delay       (PjTutorial     *self,
                                             guint           delay_ms);

/* Whether @action, legal in the game's position, is the move the step
 * teaches; FALSE with the explanation (PJ_TUTORIAL_ERROR) if not. Changes
 * nothing: the game sends the move it takes through pj_game_apply(). */
gboolean        pj_tutorial_check           (PjTutorial     *self,
                                             const PjAction *action,
                                             GError        **error);
/* The move the script has in mind for this step (one of those the step
 * accepts), e.g. to show or to test. FALSE once finished or while busy. */
gboolean        pj_tutorial_get_example     (PjTutorial     *self,
                                             PjAction       *out);

/* The words of a step (pj-tutorial-text.c), translated. */
const char     *pj_tutorial_step_title       (guint          step);   /* "Coming out" */
const char     *pj_tutorial_step_instruction (guint          step);
const char     *pj_tutorial_step_retry       (guint          step);
const char     *pj_tutorial_finished_text    (void);

G_END_DECLS
