/* pj-ai.h — computer players (see ARCHITECTURE.md: engine <- ai <- model)
 *
 * A computer player sees only what its seat may see: pj_ai_choose() works on a
 * copy of the state redacted to the actor's view (pj_state_redact), so another
 * seat's hand or the stock order can never influence its choice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-engine.h"
#include "pj-ai-level.h"

G_BEGIN_DECLS

/* NULL budget: the level's default playouts with a 900 ms safety limit (for
 * people waiting on a seat); a budget without time_ms is exactly deterministic. */
typedef struct {
  guint iterations;   /* 0: the level's default */
  guint time_ms;      /* 0: no time limit (iterations only: deterministic) */
  guint threads;      /* 0: as many as cores, at most 2 */
} PjAiBudget;

/* Hard-level default budget: playouts at a 4-player table. Bigger tables
 * have longer playouts and more actions per ply, NC tens far more, so the
 * default shrinks with them to keep decisions near the same time. */
#define PJ_AI_HARD_ITERATIONS 6000
guint       pj_ai_default_iterations (const PjRules *rules);

const char *pj_ai_level_name (PjAiLevel level);                /* "easy", "normal", "hard" */
gboolean    pj_ai_level_from_string (const char *name, PjAiLevel *out);

/* Choose an action for state->actor. `state` may be the full state or any view
 * that contains the actor's hand; the AI redacts its own copy first.
 * Deterministic for the same view, level, budget (without time limit) and seed.
 * Returns FALSE only when there is no legal action (game over). */
gboolean pj_ai_choose (const PjState *state, PjAiLevel level, const PjAiBudget *budget,
                       guint64 seed, PjAction *out);

/* The best action for the player to move and a one-line reason (translatable
 * English, for the hint button and beginner mode). Free the reason with g_free. */
gboolean pj_ai_hint (const PjState *state, PjAction *out, char **reason);

G_END_DECLS
