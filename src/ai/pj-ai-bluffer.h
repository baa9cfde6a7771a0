/* pj-ai-bluffer.h — an exploiting player, for tournaments only (issue 24)
 *
 * Plays the normal player's honest move, but bluffs whenever a bluffed
 * declaration moves it further: a measuring stick for how well the levels
 * read a bluff. Not a level: like the reference (pj-ai-reference.h), the
 * app, the LAN host and the server never offer it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-ai.h"

G_BEGIN_DECLS

/* As pj_ai_choose (…, PJ_AI_NORMAL, …) outside the Bluffing Joker play
 * phase; redacts its own copy first; deterministic. */
gboolean pj_ai_choose_bluffer (const PjState *state,
                               PjAction      *out);

G_END_DECLS
