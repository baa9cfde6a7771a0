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

/* A search's stop flag: any thread may raise it, and a search polls it
 * between its samples and ends early. The one way to stop every search (the
 * game's seats, hints, the review); model/pj-search.h raises it from a
 * GCancellable. Zero-initialised: not raised. */
typedef struct {
  gint raised;   /* atomic */
} PjAiCancel;

void     pj_ai_cancel_raise     (PjAiCancel       *cancel);
gboolean pj_ai_cancel_is_raised (const PjAiCancel *cancel);   /* NULL: never raised */

/* Searches run on one pool of the project's own, bounded by the number of
 * cores (at least 2) and created on first use, never on GLib's shared pool
 * that GIO's async calls need. A job may not wait for another job. */
typedef void (*PjAiJobFunc) (gpointer data);

void     pj_ai_pool_push            (PjAiJobFunc func, gpointer data);
guint    pj_ai_pool_get_max_threads (void);
guint    pj_ai_pool_get_n_running   (void);   /* jobs in progress now (tests) */

/* Choose an action for state->actor. `state` may be the full state or any view
 * that contains the actor's hand; the AI redacts its own copy first.
 * Deterministic for the same view, level, budget (without time limit) and seed.
 * Once `cancel` (may be NULL) is raised the hard search stops as at its time
 * limit and plays its best so far: whoever raised it drops the answer.
 * Returns FALSE only when there is no legal action (game over). */
gboolean pj_ai_choose (const PjState *state, PjAiLevel level, const PjAiBudget *budget,
                       guint64 seed, PjAction *out, const PjAiCancel *cancel);

/* What a bluff estimate is made of (tools/fit-bluff-reading fits the
 * reading to it): the kind of declaration, each kind of player's modelled
 * chance of a bluff before its fit, and the weight of the habitual kind. */
typedef struct {
  guint  cls;          /* the class of declaration the fit tells apart;
                        * G_MAXUINT when the estimate is not fitted (a sure
                        * bluff: every copy of the rank seen) */
  double rest;         /* the model's chance, by a player of the rest */
  double habitual;     /* … by a habitual bluffer */
  double habit;        /* the habitual kind's weight from the seat's record */
} PjAiBluffReading;

/* Bluffing Joker, in the challenge phase: the chance that the pending
 * declaration is a bluff as the actor's seat judges it (the one estimate
 * normal and hard challenge by); redacts its own copy first. `reading`
 * (optional) gets what it is made of. */
double   pj_ai_bluff_estimate (const PjState *state, PjAiBluffReading *reading);

/* Why a hint suggests its action; model/pj-text.h words it for people. */
typedef enum {
  PJ_HINT_SAFE_PROGRESS,        /* the most safe progress for the team */
  PJ_HINT_CHALLENGE,            /* BJ: few of the declared cards are left unseen */
  PJ_HINT_PASS,                 /* BJ: the declared card is likely real */
  PJ_HINT_PENALTY,              /* BJ: sends `colour`'s most advanced peg to start */
  PJ_HINT_KEEP_JOKER,           /* keeps the joker for a double play */
  PJ_HINT_DISCARD,              /* no card moves a peg: the least useful card */
  PJ_HINT_FREE_COME_OUT,        /* NC-10: the counting privilege */
  PJ_HINT_SEND_BACK,            /* sends a `colour` peg back to start */
  PJ_HINT_BLUFF,                /* BJ: declares `card` for a much better move */
  PJ_HINT_TEAM_PEG_HOME_RUN,    /* a team peg to its in-spot and on into home */
  PJ_HINT_TEAM_PEG_IN_SPOT,     /* a team peg ahead to its in-spot */
  PJ_HINT_INTO_HOME,            /* brings a peg home */
  PJ_HINT_COME_OUT,             /* brings a new peg into play */
  PJ_HINT_PARTNER_COME_OUT,     /* waits on a partner's come-out hole */
  PJ_HINT_BACKWARD,             /* moves backwards to just short of home */
  PJ_HINT_SWAP,                 /* swaps pegs to gain ground */
  PJ_N_HINT_REASONS
} PjHintReason;

typedef struct {
  PjHintReason reason;
  guint        colour;   /* PJ_HINT_PENALTY, PJ_HINT_SEND_BACK: the pegs' colour */
  guint        card;     /* PJ_HINT_BLUFF: the card declared */
} PjHint;

/* The best action for the player to move and why (for the hint button and
 * beginner mode); `cancel` as for pj_ai_choose(). */
gboolean pj_ai_hint_reason (const PjState *state, PjAction *out, PjHint *hint,
                            const PjAiCancel *cancel);
/* Why an action of state->actor is worth playing, in the same codes a hint
 * gives (the game review words its "Better: …" line with them). */
PjHint   pj_ai_describe_action (const PjState *state, const PjAction *a);

/* Game review: the hard player's estimate, for the actor's team, of its
 * chance to win after an action (0…1; a finished game is 0 or 1, otherwise
 * the search's playout value, the same scale for every action rated). */
typedef struct {
  PjAction action;
  double   win;
} PjAiRating;

/* Rates `played` (a legal action of state->actor) and the hard player's
 * candidates, searched on the same sampled deals so that the differences are
 * fair; only what the actor's seat may see is used (the state is redacted
 * first). Writes at most `max_out` ratings, best first, `played` always among
 * them; returns how many, 0 when there is no legal action, `played` is not
 * legal or `cancel` was raised (see PjAiCancel).
 * Deterministic for the same state, budget (iterations only) and seed. */
guint    pj_ai_rate_actions (const PjState    *state,
                             const PjAiBudget *budget,
                             guint64           seed,
                             const PjAction   *played,
                             PjAiRating       *out,
                             guint             max_out,
                             const PjAiCancel *cancel);


G_END_DECLS
