/* pj-ai-level.h — the computer players' levels: the enum and the one table
 *
 * The levels alone (a library of their own, libpj-ai-level), so that record/
 * (seat controllers, pj-controller.h), net/ and the CLI can name a level
 * without linking or seeing the players themselves: record includes this
 * header, ai never includes record.
 *
 * Everything that lists the levels takes the list from the table in
 * pj-ai-level.c (names, which ones search, titles); HACKING.md, "A computer
 * level", has the whole recipe.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  PJ_AI_EASY,     /* a random legal action */
  PJ_AI_NORMAL,   /* heuristic from the strategy notes (RULES.md §11) */
  PJ_AI_HARD,     /* determinized / information-set Monte Carlo search */
  PJ_AI_N_LEVELS
} PjAiLevel;

/* The context of every level's title ("Easy"): model/pj-text.h translates it. */
#define PJ_AI_LEVEL_TITLE_CONTEXT "computer player level"

typedef struct {
  PjAiLevel   level;
  const char *name;        /* "easy": saved games, settings, the CLI and the
                            * network all use it: never change one */
  gboolean    searches;    /* spends a search budget (playouts, time, threads) */
  const char *title;       /* untranslated, PJ_AI_LEVEL_TITLE_CONTEXT: "Easy" */
  const char *long_title;  /* untranslated: "Computer — Easy" */
} PjAiLevelInfo;

const PjAiLevelInfo *pj_ai_level_info      (PjAiLevel level);
const char          *pj_ai_level_name      (PjAiLevel level);   /* "easy"; "unknown" out of range */
gboolean             pj_ai_level_from_string (const char *name, PjAiLevel *out);  /* any case */
/* Every level's name in order, NULL-terminated (the network's schema). */
const char *const   *pj_ai_level_names     (void);
/* "easy, normal, hard": for the help and error texts that list them. */
char                *pj_ai_level_list      (void);

G_END_DECLS
