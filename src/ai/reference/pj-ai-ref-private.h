/* pj-ai-ref-private.h — the frozen reference hard player's insides
 *
 * A copy of the hard player as it was on 2026-12-01 (commit 888d24a), kept
 * unchanged so that tournaments can measure the new hard against it
 * (`--team-a hard --team-b reference`). Never offered in the app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-ai.h"
#include "pj-ai-reference.h"

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
} PjAiRefView;

void   pj_ai_ref_view_init (PjAiRefView *v, const PjState *s, guint viewer);
guint  pj_ai_ref_default_iterations (const PjRules *rules);

/* Team-progress evaluation of a board for `team` (positive is good for it). */
double pj_ai_ref_eval_board (const PjAiRefView *v, const PjState *s, const PjBoard *b, guint team);

/* The worth of the cards in the hands of `team` minus the opponents' (per
 * opposing team), in the units of pj_ai_ref_eval_board. Reads every hand, so only
 * for states whose hands are all known to the caller: determinized ones. */
double pj_ai_ref_hands_value (const PjState *s, guint team);

/* One-ply value of an action for the actor's team (the normal player). */
double pj_ai_ref_score_action (const PjAiRefView *v, const PjState *s, const PjAction *a);
/* A cheap estimate from the moved pegs only (playouts and pre-filtering). */
double pj_ai_ref_quick_score (const PjAiRefView *v, const PjState *s, const PjAction *a);

/* Bluffing Joker: the chance that the pending declared move is a bluff, judged
 * from the declared rank and the cards `v` has seen. */
double pj_ai_ref_bluff_probability (const PjAiRefView *v, const PjState *s);

/* The index of the best action by pj_ai_ref_score_action (scores optional, n entries). */
guint  pj_ai_ref_best_normal (const PjAiRefView *v, const PjState *s, const PjActionList *list, double *scores);

gboolean pj_ai_ref_choose_hard (const PjState *view, const PjAiBudget *budget, guint64 seed, PjAction *out);

/* Without a budget (the app's seats and hints) a busy machine may not keep a
 * player waiting longer than this: the search stops and plays its best so far. */
#define PJ_AI_REF_TIME_CAP_MS 900
#define PJ_AI_REF_HARD_ITERATIONS 6000
