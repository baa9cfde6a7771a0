/* pj-ai-private.h — what the computer players share inside src/ai
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-ai.h"
#include "pj-ai-weights.h"

/* What one seat knows about the cards it cannot see, plus tables derived from
 * the rules. Built only from the viewer's own hand and the face-up discards,
 * so it may be built from a determinized state without peeking. */
typedef struct {
  guint  viewer;
  guint  team;
  guint  L;                       /* track length */
  double freq[PJ_N_RANKS + 1];    /* chance that an unseen card has this rank */
  double fwd_hit[PJ_MAX_TRACK];   /* chance that one card moves a peg exactly d forward */
  double back_hit[PJ_MAX_TRACK];  /* … exactly d backward */
  double come_out;                /* chance that one card is a come-out card */
  double joker_hit;               /* weight of a joker hit from anywhere */
  guint  seat_colours[PJ_MAX_PLAYERS]; /* colours each seat moves now (mask) */
  const PjAiWeights *w;           /* the evaluation's weights */
} PjAiView;

void   pj_ai_view_init (PjAiView *v, const PjState *s, guint viewer);
void   pj_ai_view_init_weighted (PjAiView *v, const PjState *s, guint viewer, const PjAiWeights *w);

/* Team-progress evaluation of a board for `team` (positive is good for it):
 * its own progress less the opponents' per opposing team. */
double pj_ai_eval_board (const PjAiView *v, const PjState *s, const PjBoard *b, guint team);
/* Each team's progress on the board (value[] indexed by team), as `team`
 * weighs the dangers: what pj_ai_eval_board() sums. */
void   pj_ai_eval_teams (const PjAiView *v, const PjState *s, const PjBoard *b, guint team,
                         double value[PJ_MAX_PLAYERS]);

/* The worth of the cards in each team's hands (value[] indexed by team), in
 * the units of pj_ai_eval_board. Reads every hand, so only for states whose
 * hands are all known to the caller: determinized ones. */
void   pj_ai_hands_teams (const PjAiView *v, const PjState *s, double value[PJ_MAX_PLAYERS]);

/* One-ply value of an action for the actor's team (the normal player). */
double pj_ai_score_action (const PjAiView *v, const PjState *s, const PjAction *a);
/* A cheap estimate from the moved pegs only (playouts and pre-filtering). */
double pj_ai_quick_score (const PjAiView *v, const PjState *s, const PjAction *a);

/* Bluffing Joker: the chance that the pending declared move is a bluff, judged
 * from the declared rank and the cards `v` has seen, whether the mover could
 * have had to bluff (no peg in play) and how much the move gains. */
double pj_ai_bluff_probability (const PjAiView *v, const PjState *s);
/* The same, with what it is made of (optional) */
double pj_ai_bluff_reading (const PjAiView *v, const PjState *s, PjAiBluffReading *reading);
/* Whether it is surely a bluff (every copy of the rank seen) */
gboolean pj_ai_bluff_is_sure (const PjAiView *v, const PjState *s);

/* The index of the best action by pj_ai_score_action (scores optional, n entries). */
guint  pj_ai_best_normal (const PjAiView *v, const PjState *s, const PjActionList *list, double *scores);

/* The normal player with other weights than the players' (self-play tuning,
 * tests/ai/ai-tune; `state` as for pj_ai_choose). */
gboolean pj_ai_choose_normal_weighted (const PjState *state, const PjAiWeights *w, PjAction *out);

gboolean pj_ai_choose_hard (const PjState *view, const PjAiBudget *budget, guint64 seed, PjAction *out,
                            const PjAiCancel *cancel);

/* Half of a search's samples offered to the pool (pj-ai-pool.c): a pool
 * thread runs func (data), or pj_ai_share_finish() runs it on the caller's
 * thread when none has taken it yet; either way it returns once it ran. */
typedef struct _PjAiShare PjAiShare;
PjAiShare *pj_ai_share_offer  (PjAiJobFunc func, gpointer data);
void       pj_ai_share_finish (PjAiShare *share);

/* Without a budget (the app's seats and hints) a busy machine may not keep a
 * player waiting longer than this: the search stops and plays its best so far. */
#define PJ_AI_DEFAULT_TIME_CAP_MS 900

/* The chance, for each track hole, that an opponent of `team` hits a peg there
 * before that team moves again, on one board (see pj-ai-eval.c). Computed per
 * hole on first use, so build one per board and ask it many times. */
#define PJ_AI_THREAT_COME_OUT 0x8000u
typedef struct {
  const PjAiView *v;
  guint    team;
  guint    L;
  guint    hand;
  guint    n_opp;
  guint    n_item[PJ_MAX_PLAYERS];
  guint16  item[PJ_MAX_PLAYERS][PJ_MAX_PEGS + PJ_MAX_PLAYERS];  /* track hole, or come-out hole | PJ_AI_THREAT_COME_OUT */
  guint8   known[PJ_MAX_TRACK];
  double   memo[PJ_MAX_TRACK];
} PjAiThreat;

void   pj_ai_threat_init   (PjAiThreat *t, const PjAiView *v, const PjState *s, const PjBoard *b, guint team);
double pj_ai_threat_danger (PjAiThreat *t, guint x);
/* pj_ai_quick_score with the threats of the actor's team on s->board. */
double pj_ai_quick_score_threat (const PjAiView *v, const PjState *s, PjAiThreat *t, const PjAction *a);

/* Bluffing Joker, in the challenge phase: what challenging the pending move is
 * worth over passing to the actor's team (holes; > 0: challenge), from the
 * moved pegs only, for playouts. Weighs the chance of a bluff, the move
 * undone, the peg each side may lose and the extra turn when it has none. */
double pj_ai_challenge_edge_quick (const PjAiView *v, const PjState *s);

/* Bluffing Joker: a determinized sample `det` of `view` in the challenge
 * phase deals the face-down card afresh: the declared rank with the chance
 * that the declaration is honest (as `v` judges it), another rank otherwise,
 * swapping it only with cards `view` does not see. Nothing else changes.
 * `sample` counts the samples, so that bluffs come in their share. */
gboolean pj_ai_challenge_feeds_run (const PjAiView *v, const PjState *s);
void   pj_ai_determinize_pending (const PjAiView *v, const PjState *view, PjState *det,
                                  guint sample, PjRng *rng);
