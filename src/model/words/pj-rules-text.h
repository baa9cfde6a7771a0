/* pj-rules-text.h — the rules of a variant, written for players, translated
 *
 * What the rules window shows, built here so that it can be tested without
 * a display: general paragraphs, and for every rule option the explanation
 * of its value from the option table (PjOptionInfo.value_explanations), so
 * an option's text lives once and the window cannot forget it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pj-engine.h"

G_BEGIN_DECLS

typedef enum {
  PJ_RULES_TEXT_HEADING,     /* text: a section's title */
  PJ_RULES_TEXT_PARAGRAPH,   /* text */
  PJ_RULES_TEXT_CARD,        /* title: the cards ("Seven"), text: what they do; a run of
                              * these is one table, named by the heading before it */
} PjRulesTextKind;

typedef struct {
  PjRulesTextKind kind;
  char *title;
  char *text;
} PjRulesTextBlock;

/* The blocks in reading order (PjRulesTextBlock, freed with the array) */
GPtrArray  *pj_rules_text_new      (const PjRules *rules);
/* "Basic, 4 players"; free with g_free */
char       *pj_rules_text_subtitle (const PjRules *rules);
/* The option's explanation at its value in `rules`, translated; NULL if the
 * option does not apply under the others (pj_rules_option_blocked()) */
const char *pj_rules_text_explain  (const PjRules *rules, const PjOptionInfo *opt);

G_END_DECLS
