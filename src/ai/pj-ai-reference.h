/* pj-ai-reference.h — the frozen reference hard player, for tournaments only
 *
 * The hard player as it was before the Bluffing Joker and search work of
 * issue 14, kept so that `pegs-and-jokers-cli tournament` can measure a new
 * hard against it. Not a level: the app, the LAN host and the server never
 * offer it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-ai.h"

G_BEGIN_DECLS

/* As pj_ai_choose (…, PJ_AI_HARD, …) did then: redacts its own copy first;
 * deterministic for a budget without time limit. */
gboolean pj_ai_choose_reference (const PjState    *state,
                                 const PjAiBudget *budget,
                                 guint64           seed,
                                 PjAction         *out);

G_END_DECLS
