/* pj-review-private.h — what pj-review.c and pj-review-text.c share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-review.h"

G_BEGIN_DECLS

/* "Playing your Five (peg 2 to home 5) would have brought a peg home": the
 * action the hard player preferred to the one played at `before`, worded
 * from what the actor could see. */
char *_pj_review_describe_better (const PjState  *before,
                                  const PjAction *best);

G_END_DECLS
