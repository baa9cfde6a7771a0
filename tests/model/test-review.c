/* test-review.c — the Game Review: labels on a hand-made end game, progress,
 * cancelling, the summary
 *
 * Usage: test-review [--tap] PATH-TO-review-endgame.json
 *
 * review-endgame.json is a basic 4-player game stopped where Green (Ann, the
 * only person at the table), with every Green peg home, holds a Three and
 * Red's last peg stands three holes short of Red's home: "3 R4 r1-h1" wins
 * the game, "3 R4 r1-r4" runs past home while Yellow's last peg is a few
 * holes from its own. Every other seat is a computer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-review.h"

#define GREEN        2
#define WIN          "3 R4 r1-h1"
#define PAST_HOME    "3 R4 r1-r4"
/* small: the labels here do not hang on the budget, and the suite stays fast */
#define ITERATIONS   200
#define WAIT_SECONDS 120

static const char *endgame_path;

static PjRecord *
load_endgame (const char *last)
{
  g_autoptr (GError) error = NULL;
  PjRecord *record = pj_record_load (endgame_path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (record);
  if (last)
    {
      pj_record_append_string (record, last, &error);
      g_assert_no_error (error);
    }
  return record;
}

static char *
notation_at (PjRecord       *record,
             guint           index,
             const PjAction *a)
{
  PjState s;

  pj_record_state_at (record, index, &s);
  return pj_action_to_string (&s, a);
}

static PjReview *
run_review (PjRecord *record,
            guint     seats)
{
  g_autoptr (GError) error = NULL;
  PjReview *review = pj_review_new (record, seats, ITERATIONS);

  g_assert_true (pj_review_run (review, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (pj_review_get_done (review));
  g_assert_cmpfloat (pj_review_get_progress (review), ==, 1.0);
  return review;
}

/* Running past home when the Three wins: a blunder, and the better move is
 * the winning one, worded as a hint. */
static void
test_blunder (void)
{
  g_autoptr (PjRecord) record = load_endgame (PAST_HOME);
  guint last = pj_record_get_n_actions (record) - 1;
  PjReview *review = run_review (record, 1u << GREEN);
  PjReview *again = run_review (record, 1u << GREEN);
  const PjReviewEntry *e = pj_review_lookup (review, last);
  g_autofree char *played = NULL;
  g_autofree char *best = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *blunders = NULL;
  g_autofree char *loss = NULL;
  g_autofree char *line = NULL;
  g_autofree char *expected = NULL;

  g_assert_nonnull (e);
  g_assert_cmpuint (e->index, ==, last);
  g_assert_cmpuint (e->seat, ==, GREEN);
  g_assert_cmpuint (e->turn, ==, pj_record_get_state (record)->turn_number - 1);
  played = notation_at (record, last, &e->played);
  best = notation_at (record, last, &e->best);
  g_assert_cmpstr (played, ==, PAST_HOME);
  g_assert_cmpstr (best, ==, WIN);
  g_assert_cmpint (e->label, ==, PJ_REVIEW_BLUNDER);
  g_assert_cmpfloat (e->win_best, ==, 1.0);          /* the game is won */
  g_assert_cmpfloat (e->loss, >, 0.3);
  g_assert_cmpfloat (e->loss, ==, e->win_best - e->win_played);
  /* worded as a review, in the move list's words for the steps */
  g_assert_cmpstr (e->reason, ==, "Playing your Three (Red peg 4 to home 1) would have won the game");
  loss = pj_review_loss_text (e);
  expected = g_strdup_printf ("−%d %% win chance", (int) (e->loss * 100 + 0.5));
  g_assert_cmpstr (loss, ==, expected);
  line = pj_review_entry_text (e);
  g_free (expected);
  expected = g_strdup_printf ("%s: %s", loss, e->reason);
  g_assert_cmpstr (line, ==, expected);

  /* only Green's decisions with a choice, in the record's order */
  g_assert_cmpuint (pj_review_get_n_entries (review), >, 20);
  for (guint i = 0; i < pj_review_get_n_entries (review); i++)
    {
      const PjReviewEntry *x = pj_review_get_entry (review, i);

      g_assert_cmpuint (x->seat, ==, GREEN);
      g_assert_true (pj_review_lookup (review, x->index) == x);
      g_assert_cmpfloat (x->loss, >=, 0.0);
      g_assert_true ((x->reason == NULL) == (x->label == PJ_REVIEW_GOOD));
      if (i > 0)
        g_assert_cmpuint (x->index, >, pj_review_get_entry (review, i - 1)->index);
    }
  g_assert_null (pj_review_lookup (review, last - 1));   /* Yellow's */
  g_assert_null (pj_review_lookup (review, last + 1));

  /* the same figures every time */
  g_assert_cmpuint (pj_review_get_n_entries (again), ==, pj_review_get_n_entries (review));
  for (guint i = 0; i < pj_review_get_n_entries (review); i++)
    {
      const PjReviewEntry *x = pj_review_get_entry (review, i);
      const PjReviewEntry *y = pj_review_get_entry (again, i);

      g_assert_cmpuint (x->index, ==, y->index);
      g_assert_cmpfloat (x->win_played, ==, y->win_played);
      g_assert_cmpfloat (x->win_best, ==, y->win_best);
      g_assert_true (pj_action_equal (&x->best, &y->best));
    }

  g_assert_cmpuint (pj_review_count (review, GREEN, PJ_REVIEW_BLUNDER), >=, 1);
  g_assert_cmpuint (pj_review_count (review, 0, PJ_REVIEW_BLUNDER), ==, 0);
  g_assert_cmpuint (pj_review_count (review, G_MAXUINT, PJ_REVIEW_BLUNDER), ==,
                    pj_review_count (review, GREEN, PJ_REVIEW_BLUNDER));
  summary = pj_review_summary (review, GREEN);
  blunders = g_strdup_printf (pj_review_count (review, GREEN, PJ_REVIEW_BLUNDER) == 1
                              ? "%u blunder" : "%u blunders",
                              pj_review_count (review, GREEN, PJ_REVIEW_BLUNDER));
  g_test_message ("%s", summary);
  g_assert_true (g_str_has_suffix (summary, blunders));

  g_assert_finalize_object (again);
  g_assert_finalize_object (review);
}

/* The winning move is good: nothing beats a won game. */
static void
test_best_move (void)
{
  g_autoptr (PjRecord) record = load_endgame (WIN);
  guint last = pj_record_get_n_actions (record) - 1;
  PjReview *review = run_review (record, 1u << GREEN);
  const PjReviewEntry *e = pj_review_lookup (review, last);

  g_assert_nonnull (e);
  g_assert_cmpint (e->label, ==, PJ_REVIEW_GOOD);
  g_assert_cmpfloat (e->win_played, ==, 1.0);
  g_assert_cmpfloat (e->loss, ==, 0.0);
  g_assert_true (pj_action_equal (&e->best, &e->played));
  g_assert_null (e->reason);
  g_assert_null (pj_review_entry_text (e));
  g_assert_finalize_object (review);
}

/* The marks and their key come from one place: the key names each mark
 * the rows show, mildest first. */
static void
test_legend (void)
{
  g_autofree char *legend = pj_review_legend ();

  g_assert_null (pj_review_label_marker (PJ_REVIEW_GOOD));
  g_assert_cmpstr (pj_review_label_marker (PJ_REVIEW_INACCURACY), ==, "?!");
  g_assert_cmpstr (pj_review_label_marker (PJ_REVIEW_MISTAKE), ==, "?");
  g_assert_cmpstr (pj_review_label_marker (PJ_REVIEW_BLUNDER), ==, "??");
  g_assert_cmpstr (legend, ==, "?! inaccuracy · ? mistake · ?? blunder");
}

/* No person at the table of a game's first actions: seats 0 rates every
 * seat; a review with nothing rated has no mistakes. */
static void
test_every_seat_and_summary (void)
{
  g_autoptr (PjRecord) record = load_endgame (NULL);
  g_autoptr (PjRecord) empty = NULL;
  PjReview *review;
  guint seen = 0;
  g_autofree char *summary = NULL;

  pj_record_truncate (record, 24);
  review = run_review (record, 0);
  for (guint i = 0; i < pj_review_get_n_entries (review); i++)
    seen |= 1u << pj_review_get_entry (review, i)->seat;
  g_assert_cmpuint (seen, ==, 0xf);
  g_assert_finalize_object (review);

  empty = load_endgame (NULL);
  pj_record_truncate (empty, 0);
  review = run_review (empty, 0);
  g_assert_cmpuint (pj_review_get_n_entries (review), ==, 0);
  summary = pj_review_summary (review, GREEN);
  g_assert_cmpstr (summary, ==, "No mistakes");
  g_assert_finalize_object (review);

  g_assert_cmpstr (pj_review_label_name (PJ_REVIEW_GOOD), ==, "good");
  g_assert_cmpstr (pj_review_label_name (PJ_REVIEW_INACCURACY), ==, "inaccuracy");
  g_assert_cmpstr (pj_review_label_name (PJ_REVIEW_MISTAKE), ==, "mistake");
  g_assert_cmpstr (pj_review_label_name (PJ_REVIEW_BLUNDER), ==, "blunder");
  g_assert_cmpstr (pj_review_label_text (PJ_REVIEW_MISTAKE), ==, "Mistake");
  g_assert_cmpuint (pj_review_default_iterations (pj_record_get_rules (record)), >, ITERATIONS);
}

/* ---- on a worker thread ---------------------------------------------- */

typedef struct {
  GArray       *progress;     /* double: every value notified */
  gboolean      off_thread;   /* a notification came from another thread */
  GThread      *main_thread;
  GCancellable *cancel_at_first;
  guint         done_notified;
  GAsyncResult *result;
} Watch;

static void
on_progress (PjReview   *review,
             GParamSpec *pspec,
             Watch      *w)
{
  double p = pj_review_get_progress (review);

  w->off_thread |= g_thread_self () != w->main_thread;
  g_array_append_val (w->progress, p);
  if (w->cancel_at_first && p > 0)
    g_cancellable_cancel (w->cancel_at_first);
}

static void
on_done (PjReview   *review,
         GParamSpec *pspec,
         Watch      *w)
{
  w->off_thread |= g_thread_self () != w->main_thread;
  w->done_notified += pj_review_get_done (review);
}

static void
on_finished (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Watch *w = user_data;

  w->result = g_object_ref (result);
}

static gboolean
on_timeout (gpointer user_data)
{
  g_error ("the review did not finish in %d s", WAIT_SECONDS);
  return G_SOURCE_REMOVE;
}

static void
run_async (PjReview     *review,
           GCancellable *cancellable,
           Watch        *w)
{
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, on_timeout, NULL);

  w->progress = g_array_new (FALSE, FALSE, sizeof (double));
  w->main_thread = g_thread_self ();
  g_signal_connect (review, "notify::progress", G_CALLBACK (on_progress), w);
  g_signal_connect (review, "notify::done", G_CALLBACK (on_done), w);
  pj_review_run_async (review, cancellable, on_finished, w);
  while (w->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static void
test_async_progress (void)
{
  g_autoptr (PjRecord) record = load_endgame (NULL);
  g_autoptr (GError) error = NULL;
  PjReview *review;
  Watch w = { 0 };
  double last = 0;

  pj_record_truncate (record, 40);
  review = pj_review_new (record, 0, ITERATIONS);
  run_async (review, NULL, &w);
  g_assert_true (pj_review_run_finish (review, w.result, &error));
  g_assert_no_error (error);

  g_assert_false (w.off_thread);
  g_assert_cmpuint (w.done_notified, ==, 1);
  g_assert_true (pj_review_get_done (review));
  g_assert_cmpuint (w.progress->len, >, 3);
  for (guint i = 0; i < w.progress->len; i++)
    {
      double p = g_array_index (w.progress, double, i);

      if (i > 0)   /* the first is the reset to 0 */
        g_assert_cmpfloat (p, >, last);
      last = p;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_cmpuint (pj_review_get_n_entries (review), >, 0);

  g_signal_handlers_disconnect_by_data (review, &w);
  g_array_unref (w.progress);
  g_clear_object (&w.result);
  g_assert_finalize_object (review);
}

static void
test_cancel (void)
{
  g_autoptr (PjRecord) record = load_endgame (NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  PjReview *review;
  Watch w = { .cancel_at_first = cancellable };

  review = pj_review_new (record, 0, ITERATIONS);
  run_async (review, cancellable, &w);
  g_assert_false (pj_review_run_finish (review, w.result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (pj_review_get_done (review));
  g_assert_cmpuint (w.done_notified, ==, 0);
  g_assert_cmpfloat (pj_review_get_progress (review), <, 1.0);   /* stopped early */
  g_assert_cmpuint (pj_review_get_n_entries (review), ==, 0);
  g_signal_handlers_disconnect_by_data (review, &w);
  g_array_unref (w.progress);
  g_clear_object (&w.result);
  g_clear_error (&error);

  /* cancelled before it starts; the blocking form; then it can run again */
  g_assert_false (pj_review_run (review, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (pj_review_get_done (review));
  g_clear_error (&error);
  g_assert_finalize_object (review);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s [--tap] PATH-TO-review-endgame.json\n", argv[0]);
      return 2;
    }
  endgame_path = argv[1];

  g_test_add_func ("/review/blunder", test_blunder);
  g_test_add_func ("/review/best-move", test_best_move);
  g_test_add_func ("/review/legend", test_legend);
  g_test_add_func ("/review/every-seat-and-summary", test_every_seat_and_summary);
  g_test_add_func ("/review/async-progress", test_async_progress);
  g_test_add_func ("/review/cancel", test_cancel);
  return g_test_run ();
}
