/* pj-statistics.h — games played and won, and winning streaks, kept
 * across games in GSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-engine.h"

G_BEGIN_DECLS

/* One line of the table: a variant (a preset name, or "custom") at a seat count. */
typedef struct {
  char  *variant;
  guint  players;
  guint  played;
  guint  won;
  guint  streak;     /* games won in a row, up to the last one */
  guint  best;       /* the longest such run so far */
} PjStatisticsEntry;

/* The entries of the "statistics" JSON text, sorted by variant and players;
 * text that is not valid gives an empty array. */
GArray   *pj_statistics_parse    (const char    *json);
/* The text with one more game of these rules added, won or not. */
char     *pj_statistics_add      (const char    *json,
                                  const PjRules *rules,
                                  gboolean       won);
/* The winning streaks over every variant: the current and the best. */
void      pj_statistics_get_streaks (const char *json,
                                     guint      *streak,
                                     guint      *best);
/* Forget every game counted. */
void      pj_statistics_clear    (GSettings     *settings);
void      pj_statistics_record   (GSettings     *settings,
                                  const PjRules *rules,
                                  gboolean       won);
const char *pj_statistics_variant_title (const char *variant);

G_END_DECLS
