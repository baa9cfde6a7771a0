/* pj-review.h — Game Review: every decision of the reviewed seats rated
 * against the hard player's (GNU Backgammon's analysis is the model)
 *
 * A review replays a record; for each action of a reviewed seat it asks
 * pj_ai_rate_actions() on the position that seat saw (redacted: only what
 * the player knew then), and keeps the loss in estimated win chance between
 * the best action found and the one played. The work runs on a worker thread
 * (GTask); progress is a property, notified on the main context the review
 * was started from; cancel with the GCancellable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "pj-engine.h"
#include "pj-record.h"

G_BEGIN_DECLS

typedef enum {
  PJ_REVIEW_GOOD,          /* loss < 2 points of win chance */
  PJ_REVIEW_INACCURACY,    /* 2 … < 5 */
  PJ_REVIEW_MISTAKE,       /* 5 … < 12 */
  PJ_REVIEW_BLUNDER,       /* ≥ 12 */
  PJ_REVIEW_N_LABELS
} PjReviewLabel;

/* One rated decision. Owned by the review; valid while it lives and until
 * it runs again. */
typedef struct {
  guint         index;        /* the action's index in the record */
  guint         seat;
  PjAction      played;
  PjAction      best;         /* == played when the played action was best */
  double        win_played;   /* estimated chance to win, 0…1 */
  double        win_best;
  double        loss;         /* win_best - win_played, ≥ 0 */
  PjReviewLabel label;
  char         *reason;       /* the better move, as a review words it: "Playing
                                 your Five (peg 2 to home 5) would have brought a
                                 peg home"; NULL when good */
  guint         turn;         /* the turn number the action was played in */
} PjReviewEntry;

#define PJ_TYPE_REVIEW (pj_review_get_type ())
G_DECLARE_FINAL_TYPE (PjReview, pj_review, PJ, REVIEW, GObject)

/* `seats`: a bit mask of the seats whose decisions are rated (the people
 * at the table; 0: every seat). `iterations`: the search budget per
 * decision (0: a default that keeps a whole game under a minute or so). */
PjReview            *pj_review_new            (PjRecord            *record,
                                               guint                seats,
                                               guint                iterations);
/* The budget per decision that iterations 0 stands for: a fraction
 * (1/PJ_REVIEW_ITERATIONS_DIVISOR) of the hard player's own, so that a
 * whole 4-player game reviews in well under a minute on two cores. */
#define PJ_REVIEW_ITERATIONS_DIVISOR 2
guint                pj_review_default_iterations (const PjRules   *rules);

void                 pj_review_run_async      (PjReview            *self,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* The entries, "progress" 1 and "done" are set before the callback runs;
 * a cancelled run finishes with G_IO_ERROR_CANCELLED and keeps no entries.
 * The worker holds no reference to the review once the callback ran. */
gboolean             pj_review_run_finish     (PjReview            *self,
                                               GAsyncResult        *result,
                                               GError             **error);
/* The same, blocking (the CLI, tests). */
gboolean             pj_review_run            (PjReview            *self,
                                               GCancellable        *cancellable,
                                               GError             **error);

PjRecord            *pj_review_get_record     (PjReview            *self);
double               pj_review_get_progress   (PjReview            *self);   /* 0…1, property "progress" */
gboolean             pj_review_get_done       (PjReview            *self);   /* property "done" */

guint                pj_review_get_n_entries  (PjReview            *self);
const PjReviewEntry *pj_review_get_entry      (PjReview            *self,
                                               guint                i);
/* The entry for the record's action `index`, or NULL (not reviewed:
 * another seat's action or a forced one). */
const PjReviewEntry *pj_review_lookup         (PjReview            *self,
                                               guint                index);
/* How many entries of `seat` (G_MAXUINT: any) have this label. */
guint                pj_review_count          (PjReview            *self,
                                               guint                seat,
                                               PjReviewLabel        label);
/* "2 mistakes, 1 blunder" / "No mistakes" — for the game-over dialog. */
char                *pj_review_summary        (PjReview            *self,
                                               guint                seat);

const char          *pj_review_label_name     (PjReviewLabel        label);   /* "good", "inaccuracy", … (JSON) */
const char          *pj_review_label_text     (PjReviewLabel        label);   /* translated: "Mistake" */
/* The mark beside a rated move: "?!", "?", "??"; NULL for a good one. */
const char          *pj_review_label_marker   (PjReviewLabel        label);
/* The key to the marks, "?! inaccuracy · ? mistake · ?? blunder". */
char                *pj_review_legend         (void);
/* What a weak move cost: "−18 % win chance". */
char                *pj_review_loss_text      (const PjReviewEntry *entry);
/* A weak move's whole line, its loss then the better move: "−18 % win
 * chance: Playing your Five (…) would have brought a peg home"; NULL when
 * good. */
char                *pj_review_entry_text     (const PjReviewEntry *entry);

/* The CLI's `review --json` document (UTF-8, pretty-printed, ends in a
 * newline); "version" changes when a member changes meaning or goes away:
 *
 *   {
 *     "version": 1,
 *     "game": { "rules": "basic players=4 …",      pj_rules_to_string()
 *               "seed": "1234",                    u64 as a decimal string
 *               "title": "Friday night" | null,
 *               "actions": 212,                    actions in the record
 *               "winner": 0 | null,                winning team, null if not over
 *               "iterations": 3000,                search budget per decision
 *               "complete": true },                false: not run, or cancelled
 *     "seats": [ { "seat": 0, "colour": "Red", "name": "Ann",
 *                  "controller": "human",          pj_controller_to_id()
 *                  "reviewed": true,
 *                  "good": 30, "inaccuracies": 2, "mistakes": 1, "blunders": 0 }, … ],
 *     "decisions": [ { "index": 17,                the action's index in the record
 *                      "turn": 5, "seat": 0,
 *                      "played": "7 R1 r3-r10",    notation, for the position before
 *                      "best": "K R2 s-r8",        == "played" when it was best
 *                      "win_played": 0.41, "win_best": 0.55,   0…1 for the seat's team
 *                      "loss": 0.14,               win_best - win_played, ≥ 0
 *                      "label": "blunder",         pj_review_label_name()
 *                      "reason": "Playing your …" | null }, … ]   translated; null when good
 *   }
 *
 * Decisions list the rated actions only (a reviewed seat's, with more than
 * one legal choice), in the record's order. */
char                *pj_review_to_json        (PjReview            *self);

G_END_DECLS
