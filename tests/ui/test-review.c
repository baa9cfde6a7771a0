/* test-review.c — Review Game in the window: from the game-over dialog and
 * from the menu, markers in the move list, "Mistakes Only", the summary in
 * the dialog, and a cancelled review that leaves nothing behind.
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of the move list with its markers and
 * filtered, of the progress bar and of the dialog's summary.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "pj-game-over-dialog.h"
#include "pj-move-item.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-test-games.h"
#include "pj-window.h"
#include "pj-window-private.h"

/* tiny budgets: the labels are the model's business, not this test's */
#define QUICK_ITERATIONS 8
#define SLOW_ITERATIONS  4000

static gboolean
review_done (gpointer data)
{
  PjReview *review = pj_window_get_review (data);

  return review != NULL && pj_review_get_done (review) && !gtk_widget_get_visible (GTK_WIDGET (PJ_WINDOW (data)->review_progress));
}

static gboolean
review_started (gpointer data)
{
  PjReview *review = pj_window_get_review (data);

  return review != NULL && pj_review_get_progress (review) > 0;
}

/* GTK 4.8 tells whether a widget action is enabled to what it drives */
static gboolean
action_enabled (PjWindow   *window,
                const char *name)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), name);
  gtk_box_append (GTK_BOX (window->sidebar_box), probe);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (GTK_BOX (window->sidebar_box), probe);
  return enabled;
}

typedef struct {
  guint rows;
  guint marked;
} RowCount;

/* Every row the move list shows: its marker is there exactly when the
 * review rated its move below good, and says which label in words. */
static void
check_rows (GtkWidget *widget,
            PjWindow  *window,
            RowCount  *count)
{
  PjMoveItem *move = g_object_get_data (G_OBJECT (widget), "pj-move");

  if (move != NULL && gtk_widget_get_mapped (widget))
    {
      GListModel *history = pj_game_get_history (pj_window_get_game (window));
      GtkWidget *marker = g_object_get_data (G_OBJECT (widget), "pj-marker");
      PjReview *review = pj_window_get_review (window);
      const PjReviewEntry *entry = NULL;
      guint index = G_MAXUINT;

      g_assert_true (g_list_store_find (G_LIST_STORE (history), move, &index));
      if (review != NULL && pj_review_get_done (review))
        entry = pj_review_lookup (review, index);
      count->rows++;
      if (entry != NULL && entry->label != PJ_REVIEW_GOOD)
        {
          const char *tip;

          g_assert_true (gtk_widget_get_visible (marker));
          g_assert_true (gtk_widget_has_css_class (marker, pj_review_label_name (entry->label)));
          tip = gtk_widget_get_tooltip_text (marker);
          g_assert_true (g_str_has_prefix (tip, pj_review_label_text (entry->label)));
          count->marked++;
        }
      else
        g_assert_false (gtk_widget_get_visible (marker));
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    check_rows (c, window, count);
}

static RowCount
rows_of (PjWindow *window)
{
  RowCount count = { 0, 0 };

  check_rows (GTK_WIDGET (window->history_list), window, &count);
  return count;
}

static gboolean
only_marked_rows (gpointer data)
{
  RowCount count = rows_of (data);

  return count.rows > 0 && count.marked == count.rows;
}

static void
restyle (PjWindow *window,
         int       width,
         gboolean  dark)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 760);
  pj_test_wait (400);
}

/* What @widget shows, in a wide light window and in a narrow dark one
 * (only when PJ_SCREENSHOT_DIR is set: the checks do not depend on it). */
static void
shots (PjWindow   *window,
       GtkWidget  *widget,
       const char *what)
{
  g_autofree char *wide = g_strdup_printf ("%s-1100-light.png", what);
  g_autofree char *narrow = g_strdup_printf ("%s-360-dark.png", what);

  if (g_getenv ("PJ_SCREENSHOT_DIR") == NULL)
    return;
  restyle (window, 1100, FALSE);
  pj_test_screenshot (widget, wide);
  restyle (window, 360, TRUE);
  /* narrow, the side panel folds away: shown over the board */
  pj_side_panel_set_show_sidebar (window->side_panel, TRUE);
  pj_test_wait (400);
  pj_test_screenshot (widget, narrow);
  restyle (window, 1100, FALSE);
}

/* pj_test_nearly_over_game() plays a whole game: once per run */
static PjRecord *nearly_over;

static PjRecord *
copy_record (PjRecord *record)
{
  g_autofree PjSeat *seats = g_new0 (PjSeat, pj_record_get_n_seats (record));
  PjRecord *copy;

  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    seats[i] = *pj_record_get_seat (record, i);
  copy = pj_record_new (pj_record_get_rules (record), pj_record_get_seed (record),
                        (int) pj_record_get_dealer (record), seats, pj_record_get_n_seats (record), NULL);
  g_assert_nonnull (copy);
  for (guint i = 0; i < pj_record_get_n_actions (record); i++)
    g_assert_true (pj_record_append (copy, pj_record_get_action (record, i), NULL));
  return copy;
}

static PjGame *
nearly_over_game (void)
{
  g_autoptr (PjRecord) record = NULL;

  if (nearly_over == NULL)
    {
      g_autoptr (PjGame) game = pj_test_nearly_over_game ();

      nearly_over = copy_record (pj_game_get_record (game));
    }
  record = copy_record (nearly_over);
  return pj_game_new_from_record (record);
}

/* Played to its end with a person at the table; the dialog's Review runs
 * the review, whose markers, filter and summary all agree with it. */
static void
test_review_after_game (void)
{
  PjGame *game;
  g_autofree char *summary = NULL;
  PjGameOverDialog *dialog;
  GtkWidget *button;
  PjWindow *window;
  PjReview *review;
  RowCount count;
  guint mistakes;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = nearly_over_game ();
  pj_game_set_delay (game, 0);
  window = pj_test_open_window (game, 1100, 760, pj_test_style (FALSE));
  pj_window_set_review_iterations (window, QUICK_ITERATIONS);
  /* nothing to say before a review: no markers, no filter */
  g_assert_false (gtk_widget_get_visible (window->review_filter_button));
  g_assert_cmpuint (rows_of (window).marked, ==, 0);

  pj_game_start (game);
  g_assert_true (pj_test_run_until (pj_test_game_over_shown, NULL, 10000));
  dialog = pj_test_find_game_over_dialog ();
  g_assert_nonnull (dialog);

  /* the dialog offers the review; the window runs it */
  g_assert_true (pj_test_run_until (pj_test_review_offered, dialog, 5000));
  button = pj_test_find_drawn_button (GTK_WIDGET (dialog), "_Review");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  review = pj_window_get_review (window);
  g_assert_nonnull (review);
  g_assert_true (pj_game_over_dialog_get_review (dialog) == review);
  g_assert_true (gtk_revealer_get_reveal_child (window->review_revealer));
  g_assert_false (action_enabled (window, "win.review-game"));

  g_assert_true (g_str_has_prefix (pj_game_over_dialog_get_review_text (dialog), "Reviewing… "));
  shots (window, GTK_WIDGET (dialog), "review-dialog-progress");

  g_assert_true (pj_test_run_until (review_done, window, 60000));
  g_assert_cmpuint (pj_review_get_n_entries (review), >, 0);
  /* only the person's decisions (Ann's seat), as she saw them */
  for (guint i = 0; i < pj_review_get_n_entries (review); i++)
    g_assert_cmpuint (pj_game_get_controller (game, pj_review_get_entry (review, i)->seat), ==,
                      PJ_CONTROLLER_HUMAN);

  /* the summary, in the dialog and above the move list */
  summary = pj_review_summary (review, G_MAXUINT);
  g_assert_cmpstr (pj_game_over_dialog_get_review_text (dialog), ==, summary);
  g_assert_cmpstr (gtk_label_get_label (window->review_label), ==, summary);
  shots (window, GTK_WIDGET (dialog), "review-summary");

  /* Ann played like an easy computer player: the hard one finds fault */
  mistakes = pj_review_count (review, G_MAXUINT, PJ_REVIEW_MISTAKE) +
             pj_review_count (review, G_MAXUINT, PJ_REVIEW_BLUNDER);
  g_assert_cmpuint (mistakes, >, 0);

  pj_alert_close (PJ_ALERT (dialog));
  pj_test_run_until_idle ();
  g_assert_true (gtk_widget_get_visible (window->review_filter_button));
  pj_side_panel_set_show_sidebar (window->side_panel, TRUE);
  pj_test_wait (100);
  /* the last marked move in view, among others */
  {
    const PjReviewEntry *last = NULL;

    for (guint i = 0; i < pj_review_get_n_entries (review); i++)
      if (pj_review_get_entry (review, i)->label != PJ_REVIEW_GOOD)
        last = pj_review_get_entry (review, i);
    g_assert_nonnull (last);
    gtk_widget_activate_action (GTK_WIDGET (window->history_list), "list.scroll-to-item", "u", last->index);
    pj_test_wait (100);
  }
  count = rows_of (window);
  g_assert_cmpuint (count.rows, >, 0);
  g_assert_cmpuint (count.marked, >, 0);
  shots (window, GTK_WIDGET (window), "review-markers");

  /* Mistakes Only: the mistakes and blunders, every one of them marked */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (window->review_filter_button), TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->history_selection)), ==, mistakes);
  /* the list's rows are made anew */
  g_assert_true (pj_test_run_until (only_marked_rows, window, 3000));
  count = rows_of (window);
  g_assert_cmpuint (count.rows, >, 0);
  g_assert_cmpuint (count.marked, ==, count.rows);
  shots (window, GTK_WIDGET (window), "review-mistakes-only");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (window->review_filter_button), FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->history_selection)), ==,
                    g_list_model_get_n_items (pj_game_get_history (game)));

  /* hidden again: no markers, no filter */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-review", NULL);
  g_assert_null (pj_window_get_review (window));
  g_assert_false (gtk_widget_get_visible (window->review_filter_button));
  g_assert_cmpuint (rows_of (window).marked, ==, 0);

  pj_test_close_window (window);
  pj_test_finalize_game (game);
}

/* From the menu, on a game not over; cancelled midway it leaves no
 * markers, and its worker stops. */
static void
test_review_cancel (void)
{
  PjGame *game;
  PjReview *review;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = nearly_over_game ();
  window = pj_test_open_window (game, 1100, 760, pj_test_style (FALSE));
  pj_window_set_review_iterations (window, SLOW_ITERATIONS);
  g_assert_true (action_enabled (window, "win.review-game"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL);
  review = pj_window_get_review (window);
  g_assert_nonnull (review);
  g_object_add_weak_pointer (G_OBJECT (review), (gpointer *) &review);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->review_progress)));
  g_assert_true (pj_test_run_until (review_started, window, 20000));
  g_assert_false (pj_review_get_done (review));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (window->review_label), "Reviewing… "));
  pj_side_panel_set_show_sidebar (window->side_panel, TRUE);
  shots (window, GTK_WIDGET (window), "review-progress");

  /* the game is still the person's to play meanwhile */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (pj_window_get_board_view (window))));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-review", NULL);
  g_assert_null (pj_window_get_review (window));
  g_assert_false (gtk_revealer_get_reveal_child (window->review_revealer));
  g_assert_false (gtk_widget_get_visible (window->review_filter_button));
  g_assert_cmpuint (rows_of (window).marked, ==, 0);
  g_assert_true (action_enabled (window, "win.review-game"));
  /* the worker lets go of it */
  g_assert_true (pj_test_run_until (pj_test_is_null, &review, 20000));
  g_assert_null (review);
  g_assert_cmpuint (rows_of (window).marked, ==, 0);

  pj_test_close_window (window);
  pj_test_finalize_game (game);
}

/* A saved game, opened and reviewed from the menu while its computer
 * players go on: the person's moves only, and the list marked. */
static void
test_review_saved_game (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-review-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (PjRecord) record = NULL;
  PjSeat seats[4] = {
    { (char *) "You", PJ_CONTROLLER_HUMAN }, { (char *) "Blue", PJ_CONTROLLER_NORMAL },
    { (char *) "Green", PJ_CONTROLLER_NORMAL }, { (char *) "Yellow", PJ_CONTROLLER_NORMAL },
  };
  PjActionList legal;
  PjWindow *window;
  PjReview *review;
  PjRules rules;
  guint people = 0;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  record = pj_record_new (&rules, 5, -1, seats, 4, NULL);
  g_assert_nonnull (record);
  pj_action_list_init (&legal);
  for (guint i = 0; i < 24; i++)
    {
      pj_legal_actions (pj_record_get_state (record), &legal);
      people += pj_record_get_state (record)->actor == 0 && legal.n > 1;
      g_assert_true (pj_record_append (record, &legal.v[legal.n - 1], NULL));
    }
  pj_action_list_clear (&legal);
  g_assert_cmpuint (people, >, 0);
  g_assert_true (pj_record_save (record, path, NULL));

  window = pj_window_new (NULL);
  pj_window_set_review_iterations (window, QUICK_ITERATIONS);
  gtk_window_present (GTK_WINDOW (window));
  pj_window_open_file (window, file);
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_nonnull (pj_window_get_game (window));
  pj_game_set_delay (pj_window_get_game (window), 0);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL);
  review = pj_window_get_review (window);
  g_assert_nonnull (review);
  g_assert_true (pj_test_run_until (review_done, window, 60000));
  for (guint i = 0; i < pj_review_get_n_entries (review); i++)
    g_assert_cmpuint (pj_review_get_entry (review, i)->seat, ==, 0);
  g_assert_cmpuint (pj_review_get_n_entries (review), >, 0);
  g_assert_true (gtk_widget_get_visible (window->review_filter_button));
  g_assert_true (gtk_widget_get_mapped (window->review_filter_button));
  rows_of (window);

  /* a move of the person's taken back: the markers would be wrong */
  g_assert_true (pj_game_can_undo (pj_window_get_game (window)));
  g_assert_true (pj_game_undo (pj_window_get_game (window), NULL));
  g_assert_null (pj_window_get_review (window));
  g_assert_false (gtk_widget_get_visible (window->review_filter_button));
  g_assert_cmpuint (rows_of (window).marked, ==, 0);

  pj_test_close_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

static GtkWidget *
find_toast (GtkWidget *widget)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0 && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_toast (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
shows_toast (gpointer data)
{
  return find_toast (data) != NULL;
}

static gboolean
is_over (gpointer data)
{
  return pj_game_is_over (data);
}

/* A finished game, opened from its file: a toast offers the review. */
static void
test_review_opened_finished_game (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-review-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (PjGame) game = NULL;
  GtkWidget *toast, *button;
  PjReview *review;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = nearly_over_game ();
  pj_game_set_delay (game, 0);
  pj_game_start (game);
  g_assert_true (pj_test_run_until (is_over, game, 10000));
  g_assert_true (pj_game_is_over (game));
  g_assert_true (pj_record_save (pj_game_get_record (game), path, NULL));

  window = pj_window_new (NULL);
  pj_window_set_review_iterations (window, QUICK_ITERATIONS);
  gtk_window_present (GTK_WINDOW (window));
  pj_window_open_file (window, file);
  g_assert_true (pj_test_run_until (shows_toast, window, 5000));
  toast = find_toast (GTK_WIDGET (window));
  g_assert_nonnull (toast);
  button = pj_test_find_drawn_button (toast, "_Review");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  review = pj_window_get_review (window);
  g_assert_nonnull (review);
  g_assert_true (pj_review_get_record (review) != pj_game_get_record (pj_window_get_game (window)));
  g_assert_cmpuint (pj_record_get_n_actions (pj_review_get_record (review)), ==,
                    pj_record_get_n_actions (pj_game_get_record (game)));
  /* the rest is /review/after-game's: stopped here, it lets go */
  g_object_add_weak_pointer (G_OBJECT (review), (gpointer *) &review);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-review", NULL);
  g_assert_true (pj_test_run_until (pj_test_is_null, &review, 20000));
  g_assert_null (review);

  pj_test_close_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/after-game", test_review_after_game);
  g_test_add_func ("/review/saved-game", test_review_saved_game);
  g_test_add_func ("/review/opened-finished-game", test_review_opened_finished_game);
  g_test_add_func ("/review/cancel", test_review_cancel);
  status = g_test_run ();
  g_clear_pointer (&nearly_over, pj_record_unref);
  return status;
}
