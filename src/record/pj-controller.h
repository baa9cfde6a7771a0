/* pj-controller.h — who plays a seat, and the one mapping between seat
 * controllers and computer levels
 *
 * Each controller has an id (saved games, settings, the CLI, the network
 * all use it) and an untranslated title; model/pj-text.h translates it.
 * A computer level's controller, id and titles come from the levels' table
 * (ai/pj-ai-level.c): adding a level adds its controller by itself, and
 * PJ_CONTROLLER_<LEVEL> is only a name for code that means that one level.
 * The whole recipe for a level, every place it touches, is in HACKING.md
 * ("A computer level"); tests/recipes/test-recipes.c names a place forgotten.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pj-ai-level.h"

G_BEGIN_DECLS

/* A person here, then each computer level in PjAiLevel order (the New Game
 * dialog's seat chooser lists them so), then a person elsewhere. */
typedef enum {
  PJ_CONTROLLER_HUMAN,
  PJ_CONTROLLER_EASY   = 1 + PJ_AI_EASY,
  PJ_CONTROLLER_NORMAL = 1 + PJ_AI_NORMAL,
  PJ_CONTROLLER_HARD   = 1 + PJ_AI_HARD,
  PJ_CONTROLLER_REMOTE = 1 + PJ_AI_N_LEVELS,
  PJ_N_CONTROLLERS
} PjController;

const char  *pj_controller_to_id      (PjController controller);  /* "human", "easy", … */
gboolean     pj_controller_from_id    (const char *id, PjController *out);
/* "human, easy, normal, hard, remote": for the texts that list the ids. */
char        *pj_controller_id_list    (void);

/* The computer level that plays the seat; FALSE for a person (here or remote). */
gboolean     pj_controller_to_level   (PjController controller, PjAiLevel *out);
PjController pj_controller_from_level (PjAiLevel level);

/* Untranslated: "Easy" with the context pj_controller_title_context(), and
 * "Computer — Easy"; NULL for PJ_CONTROLLER_REMOTE. */
const char  *pj_controller_title         (PjController controller);
const char  *pj_controller_title_context (PjController controller);   /* or NULL */
const char  *pj_controller_long_title    (PjController controller);

G_END_DECLS
