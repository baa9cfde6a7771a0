/* pj-controller.h — who plays a seat, and the one mapping between seat
 * controllers and computer levels
 *
 * Each controller has an id (saved games, settings, the CLI, the network
 * all use it) and an untranslated title; model/pj-text.h translates it.
 * Adding a computer level: its PjAiLevel, its search, a PjController value
 * and one line of the table in pj-controller.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pj-ai-level.h"

G_BEGIN_DECLS

typedef enum {
  PJ_CONTROLLER_HUMAN,
  PJ_CONTROLLER_EASY,
  PJ_CONTROLLER_NORMAL,
  PJ_CONTROLLER_HARD,
  PJ_CONTROLLER_REMOTE,
  PJ_N_CONTROLLERS
} PjController;

const char  *pj_controller_to_id      (PjController controller);  /* "human", "easy", … */
gboolean     pj_controller_from_id    (const char *id, PjController *out);

/* The computer level that plays the seat; FALSE for a person (here or remote). */
gboolean     pj_controller_to_level   (PjController controller, PjAiLevel *out);
PjController pj_controller_from_level (PjAiLevel level);

/* Untranslated: "Easy" with the context pj_controller_title_context(), and
 * "Computer — Easy"; NULL for PJ_CONTROLLER_REMOTE. */
const char  *pj_controller_title         (PjController controller);
const char  *pj_controller_title_context (PjController controller);   /* or NULL */
const char  *pj_controller_long_title    (PjController controller);

G_END_DECLS
