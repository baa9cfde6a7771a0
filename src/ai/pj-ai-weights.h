/* pj-ai-weights.h — the weights of the heuristic evaluation (pj-ai-eval.c)
 *
 * Their values are data: src/ai/pj-ai-weights.txt, tuned by self-play with
 * tests/ai/ai-tune (see there), compiled in by the build so that a player
 * never depends on a file found at run time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

typedef struct {
  double v_start;             /* a peg in start: it still needs a come-out card */
  double tied_up_base;        /* a home peg that is not final yet … */
  double tied_up_per;         /* … blocks every peg of its colour still outside */
  double eight_ready;         /* 1–3 past the come-out: an 8 back lands by the in-spot */
  double home_run;            /* share of the gain from parking on a partner's come-out */
  double in_play_bonus;       /* per peg in play, up to two (7s, 9s, jokers need two) */
  double opp_danger;          /* threats to opponents count less: they move before we do */
  double danger_scale;        /* how much of a threatened peg's worth a threat costs */
  double keep_joker;          /* cards kept in hand: a joker for a double play … */
  double keep_come_out_start; /* … a come-out card while pegs wait in start … */
  double keep_come_out;       /* … and when none waits … */
  double keep_seven;          /* … a seven to split … */
  double keep_eight;          /* … an eight to go back … */
  double keep_nine_split;     /* … a nine that splits forward and back … */
  double keep_ten_split;      /* … a ten that splits over any pegs … */
  double keep_two_swap;       /* … a two that swaps … */
  double keep_per_rank;       /* … and plain cards, per pip */
  double joker_threat;        /* share of the jokers counted as a threat to one peg */
} PjAiWeights;

#define PJ_AI_N_WEIGHTS (sizeof (PjAiWeights) / sizeof (double))

/* The players' weights (pj-ai-weights.txt) */
extern const PjAiWeights pj_ai_weights_default;

/* The weights' names as in the data file, in the struct's order */
extern const char *const pj_ai_weight_names[PJ_AI_N_WEIGHTS];
