/* pj-ai-level.h — the computer players' levels, alone
 *
 * The enum only, so that record/ (the one mapping between seat controllers
 * and levels, pj-controller.h) can name a level without linking or seeing
 * the players themselves: record includes this header, ai never includes
 * record.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

typedef enum {
  PJ_AI_EASY,     /* a random legal action */
  PJ_AI_NORMAL,   /* heuristic from the strategy notes (RULES.md §11) */
  PJ_AI_HARD,     /* determinized / information-set Monte Carlo search */
  PJ_AI_N_LEVELS
} PjAiLevel;
