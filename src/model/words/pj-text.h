/* pj-text.h — the words for people: colours, cards, seat controllers and
 * hint reasons, translated
 *
 * The one place below ui/ that words things for people (ARCHITECTURE): the
 * engine, record and ai give codes and untranslated ids; this file turns
 * them into the reader's language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pj-ai.h"
#include "pj-engine.h"
#include "pj-move-picker.h"
#include "pj-record.h"

G_BEGIN_DECLS

const char *pj_text_colour_name (guint colour);              /* "Red" */
const char *pj_text_card_name   (guint card);                /* "Seven", "Hidden card" */
const char *pj_text_card_index  (guint card);                /* "A", "7", "JK", as printed on cards */
const char *pj_text_card_with_article (guint card);          /* "an Ace", "a Seven" */

/* Items as a sentence lists them: "Ann", "Ann and Bea", "Ann, Bea and
 * Cy" (a NULL-terminated array). Free with g_free. */
char       *pj_text_list (const char *const *items);

const char *pj_text_controller_title      (PjController controller);   /* "Easy" */
const char *pj_text_controller_long_title (PjController controller);   /* "Computer — Easy" */

/* One line for the hint button and beginner mode. Free with g_free. */
char       *pj_text_hint (const PjHint *hint);

/* A peg as its actor names it: "peg 2" for one of its own colour, "Blue
 * peg 2" for another. Free with g_free. */
char       *pj_text_peg_label          (guint           actor,
                                        guint           peg);

/* The steps of a move in the move list's words, from the actor's side
 * ("peg 2 to home 3, peg 4 +4, hit Blue peg 1"); the range form words
 * steps first … end - 1 only (one part of a split). Free with g_free. */
char       *pj_text_action_steps       (const PjState  *before,
                                        guint           actor,
                                        const PjAction *a);
char       *pj_text_action_steps_range (const PjState  *before,
                                        guint           actor,
                                        const PjAction *a,
                                        guint           first,
                                        guint           end);
/* The same steps as what to do, for a hint ("move peg 1 6 holes forward,
 * Blue peg 2 goes back to start"). Free with g_free. */
char       *pj_text_action_instructions (const PjState  *before,
                                         guint           actor,
                                         const PjAction *a);

/* A hint told as what to do, then why (`reason`, may be NULL): "Play your
 * Six: move peg 1 6 holes forward — Brings a peg home". Free with g_free. */
char       *pj_text_hint_instruction   (const PjState  *before,
                                        const PjAction *action,
                                        const char     *reason);

/* The instruction for what the picker expects next, with the variant's
 * rule that limits the choice named where one does (pj_move_picker_get_rule()):
 * "Pick a peg to move", "Split your Ten between two pegs of any colour, each
 * part forward or back (North Carolina)". NULL when nothing is to be
 * picked. Free with g_free. */
char       *pj_text_pick_prompt        (PjMovePicker   *picker);

G_END_DECLS
