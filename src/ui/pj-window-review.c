/* pj-window-review.c — Review Game: the people's moves rated, in the move list
 *
 * GNU Backgammon's analysis is the model: the review (model/pj-review.h)
 * rates every decision of the people at the table against the hard
 * player's, on a worker thread; the game stays playable meanwhile. Its
 * progress is a bar above the move list, with Cancel; once done, each
 * rated move carries a marker ("?!" inaccuracy, "?" mistake, "??"
 * blunder) and the model's reason below it, "Mistakes Only" filters the
 * list, and the game-over dialog that asked shows the summary.
 *
 * The review works on a copy of the record: the game may go on (or be
 * undone) while the worker reads. Its markers are for the history's first
 * review_n moves; taking one of them back drops the review.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-announce.h"
#include "pj-client.h"
#include "pj-table.h"
#include "pj-move-item.h"
#include "pj-window-private.h"

/* ---- the review's state --------------------------------------------------- */

static const PjReviewEntry *
entry_of (PjWindow   *self,
          PjMoveItem *item)
{
  return self->review_marks != NULL ? g_hash_table_lookup (self->review_marks, item) : NULL;
}

static gboolean
mistakes_only (PjWindow *self)
{
  return gtk_widget_get_visible (self->review_filter_button) &&
         gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->review_filter_button));
}

static gboolean
filter_cb (gpointer item,
           gpointer user_data)
{
  PjWindow *self = user_data;
  const PjReviewEntry *entry;

  /* a Bluffing Joker answer that let the card stand is told in the play's
   * own line (pj_game_describe_history_item()) */
  if (pj_move_item_get_action (item)->kind == PJ_ACTION_PASS)
    return FALSE;
  if (!mistakes_only (self))
    return TRUE;
  entry = entry_of (self, item);
  return entry != NULL && entry->label >= PJ_REVIEW_MISTAKE;
}

/* The seats whose controller is a person (here or elsewhere); none: all. */
static guint
people_seats (PjRecord *record)
{
  guint seats = 0;

  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    {
      PjController controller = pj_record_get_seat (record, i)->controller;

      if (controller == PJ_CONTROLLER_HUMAN || controller == PJ_CONTROLLER_REMOTE)
        seats |= 1u << i;
    }
  return seats;
}

/* The record as it stands, for the worker to read while the game goes on. */
static PjRecord *
copy_record (PjRecord *record)
{
  g_autoptr (GPtrArray) seats = g_ptr_array_new ();
  g_autofree PjSeat *seat = g_new0 (PjSeat, pj_record_get_n_seats (record));
  PjRecord *copy;

  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    seat[i] = *pj_record_get_seat (record, i);
  copy = pj_record_new (pj_record_get_rules (record), pj_record_get_seed (record),
                        (int) pj_record_get_dealer (record), seat, pj_record_get_n_seats (record), NULL);
  if (copy == NULL)
    return NULL;
  for (guint i = 0; i < pj_record_get_n_actions (record); i++)
    if (!pj_record_append (copy, pj_record_get_action (record, i), NULL))
      {
        pj_record_unref (copy);
        return NULL;
      }
  return copy;
}

/* A LAN guest's game with every card: once the host revealed them at the
 * end and the deal checked out, and only if the move list has every move
 * (the review marks its rows by their index). NULL before. */
static PjRecord *
mirror_record (PjWindow *self)
{
  PjClient *client = self->table != NULL ? pj_table_get_client (self->table) : NULL;
  PjRecord *record = client != NULL ? pj_client_dup_record (client) : NULL;

  if (record != NULL &&
      pj_record_get_n_actions (record) != g_list_model_get_n_items (pj_game_get_history (self->game)))
    g_clear_pointer (&record, pj_record_unref);
  return record;
}

static gboolean
can_review (PjWindow *self)
{
  g_autoptr (PjRecord) guest = NULL;
  PjRecord *record;

  if (self->game == NULL || self->review_cancel != NULL)
    return FALSE;
  if (pj_game_is_mirror (self->game))
    record = guest = pj_game_is_over (self->game) ? mirror_record (self) : NULL;
  else
    record = pj_game_get_record (self->game);
  return record != NULL && pj_record_get_n_actions (record) > 0;
}

/* Every bound row shows the marks, and its words, again. */
void
_pj_window_review_refresh_rows (PjWindow *self)
{
  GHashTableIter iter;
  gpointer item;

  g_hash_table_iter_init (&iter, self->review_rows);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    _pj_window_review_bind_row (self, item);
}

void
_pj_window_review_update (PjWindow *self)
{
  gboolean running = self->review_cancel != NULL;
  gboolean done = self->review != NULL && pj_review_get_done (self->review);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-game", can_review (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-review", running || done);
  /* nothing to filter for without a mistake */
  gtk_widget_set_visible (self->review_filter_button,
                          done && (pj_review_count (self->review, G_MAXUINT, PJ_REVIEW_MISTAKE) +
                                   pj_review_count (self->review, G_MAXUINT, PJ_REVIEW_BLUNDER)) > 0);
  gtk_revealer_set_reveal_child (self->review_revealer, running || done);
  gtk_widget_set_visible (GTK_WIDGET (self->review_progress), running);
  gtk_widget_set_visible (self->review_cancel_button, running);
  gtk_widget_set_visible (self->review_hide_button, done);

  if (running)
    {
      double progress = pj_review_get_progress (self->review);
      g_autofree char *text = NULL;

      /* Translators: a game review under way, e.g. "Reviewing… 40 %" */
      text = g_strdup_printf (_("Reviewing… %d %%"), (int) (progress * 100));
      gtk_label_set_label (self->review_label, text);
      gtk_progress_bar_set_fraction (self->review_progress, progress);
    }
  else if (done)
    {
      g_autofree char *summary = pj_review_summary (self->review, G_MAXUINT);

      gtk_label_set_label (self->review_label, summary);
    }
  /* the key to the marks, under the summary once there are marks to read */
  gtk_widget_set_visible (self->review_legend,
                          done && pj_review_count (self->review, G_MAXUINT, PJ_REVIEW_GOOD) <
                                  pj_review_get_n_entries (self->review));
  /* hidden, an empty status would be read out as "GtkLabel" */
  gtk_widget_set_visible (GTK_WIDGET (self->review_label), running || done);
}

/* A whole percent at a time: the model may tell every decision, and each
 * new text is laid out again. */
/* The thread GTK runs in: a progress told from the review's worker
 * (g_main_context_invoke() runs there when no thread holds the main
 * context, as in tests) is left for the next one or "done". */
static GThread *ui_thread;

static void
progress_cb (PjWindow *self)
{
  int percent;

  if (g_thread_self () != ui_thread)
    return;
  percent = (int) (pj_review_get_progress (self->review) * 100);

  if (percent == self->review_percent)
    return;
  self->review_percent = percent;
  _pj_window_review_update (self);
}

/* Markers for the moves the review covers, found by the history's items. */
static void
mark_moves (PjWindow *self)
{
  GListModel *history = pj_game_get_history (self->game);

  g_hash_table_remove_all (self->review_marks);
  for (guint i = 0; i < self->review_n && i < g_list_model_get_n_items (history); i++)
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (history, i);
      const PjReviewEntry *entry = pj_review_lookup (self->review, i);

      if (entry != NULL)
        g_hash_table_insert (self->review_marks, item, (gpointer) entry);
    }
  _pj_window_review_refresh_rows (self);
  gtk_filter_changed (GTK_FILTER (self->review_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
free_weak_ref (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GWeakRef, free_weak_ref)

/* The window is held weakly: closing it does not wait for the worker. */
static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GWeakRef) ref = user_data;
  g_autoptr (PjWindow) self = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;
  PjReview *review = PJ_REVIEW (source);

  if (!pj_review_run_finish (review, result, &error) || self == NULL)
    {
      if (self == NULL)
        return;
      /* cancelled: the window has let it go already */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *text = NULL;

          /* told, not warned: nothing the program did wrong */
          g_message ("The game review failed: %s", error->message);
          /* TRANSLATORS: %s says why */
          text = g_strdup_printf (_("The game review failed: %s"), error->message);
          _pj_window_toast (self, text);
        }
      if (self->review == review)
        _pj_window_review_reset (self);
      return;
    }
  if (self->review != review)
    return;

  g_clear_object (&self->review_cancel);
  mark_moves (self);
  _pj_window_review_update (self);
  pj_announce (GTK_WIDGET (self), gtk_label_get_label (self->review_label));
}

/**
 * pj_window_review_game:
 * @self: a window
 *
 * Review the game on the table: the moves of its people (every seat's if
 * computers played it alone; a LAN guest's own, once the deal is checked at
 * the end). FALSE when there is nothing to review (no moves, a LAN game
 * still on) or a review already runs.
 */
gboolean
pj_window_review_game (PjWindow *self)
{
  g_autoptr (PjRecord) record = NULL;
  GWeakRef *ref;
  guint seats;

  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  if (!can_review (self))
    return FALSE;
  record = pj_game_is_mirror (self->game) ? mirror_record (self) : copy_record (pj_game_get_record (self->game));
  if (record == NULL)
    return FALSE;

  _pj_window_review_reset (self);
  /* a guest reviews its own moves; a spectator everyone's */
  if (pj_game_is_mirror (self->game) && pj_game_get_local_seat (self->game) >= 0)
    seats = 1u << pj_game_get_local_seat (self->game);
  else
    seats = people_seats (record);
  self->review_n = pj_record_get_n_actions (record);
  self->review = pj_review_new (record, seats, self->review_iterations);
  self->review_cancel = g_cancellable_new ();
  self->review_percent = -1;
  g_signal_connect_object (self->review, "notify::progress", G_CALLBACK (progress_cb), self, G_CONNECT_SWAPPED);
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  pj_review_run_async (self->review, self->review_cancel, review_done_cb, ref);
  if (self->review_dialog != NULL)
    pj_game_over_dialog_set_review (self->review_dialog, self->review);
  _pj_window_review_update (self);
  /* where the progress, and then the marks, are */
  pj_side_panel_set_show_sidebar (self->side_panel, TRUE);
  return TRUE;
}

PjReview *
pj_window_get_review (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  return self->review;
}

/* The search budget per decision; tests keep it small. */
void
pj_window_set_review_iterations (PjWindow *self,
                                 guint     iterations)
{
  g_return_if_fail (PJ_IS_WINDOW (self));

  self->review_iterations = iterations;
}

/* Cancels the review's worker if it still runs and lets go of the review. */
static void
drop_review (PjWindow *self)
{
  if (self->review_cancel != NULL)
    g_cancellable_cancel (self->review_cancel);
  g_clear_object (&self->review_cancel);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_func (self->review, progress_cb, self);
  g_clear_object (&self->review);
}

/* A running review is cancelled, a finished one hidden: no markers stay. */
void
_pj_window_review_reset (PjWindow *self)
{
  gboolean had = self->review != NULL;

  drop_review (self);
  self->review_n = 0;
  if (self->review_marks != NULL)
    g_hash_table_remove_all (self->review_marks);
  if (self->review_dialog != NULL)
    pj_game_over_dialog_set_review (self->review_dialog, NULL);
  if (had && self->review_rows != NULL)
    {
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->review_filter_button), FALSE);
      _pj_window_review_refresh_rows (self);
    }
  _pj_window_review_update (self);
}

/* Moves taken back among those reviewed: the markers would be wrong. */
void
_pj_window_review_history_changed (PjWindow *self,
                                   guint     position,
                                   guint     removed)
{
  if (removed > 0 && position < self->review_n)
    _pj_window_review_reset (self);
  else
    _pj_window_review_update (self);
}

GListModel *
_pj_window_review_filter (PjWindow   *self,
                          GListModel *history)
{
  if (history == NULL)
    return NULL;
  return G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (history),
                                                  GTK_FILTER (g_object_ref (self->review_filter))));
}

/* An opened game that is over already: the review is one click away. */
void
_pj_window_review_offer (PjWindow *self)
{
  AdwToast *toast;

  if (!can_review (self) || !pj_game_is_over (self->game))
    return;
  toast = adw_toast_new (_("This game is over"));
  adw_toast_set_button_label (toast, _("_Review"));
  adw_toast_set_action_name (toast, "win.review-game");
  _pj_window_add_toast (self, toast);
}

/* ---- the move list's rows ------------------------------------------------- */

/* A row: the turn it was played in, the move in words, its marker beside
 * it, what it cost and the better move below. */
void
_pj_window_review_setup_row (PjWindow    *self,
                             GtkListItem *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *words = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *turn = gtk_label_new (NULL);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *marker = gtk_label_new (NULL);
  GtkWidget *reason = gtk_label_new (NULL);

  /* right-aligned in a column of its own, as move numbers in a score sheet */
  gtk_label_set_xalign (GTK_LABEL (turn), 1);
  gtk_label_set_width_chars (GTK_LABEL (turn), 3);
  gtk_widget_set_valign (turn, GTK_ALIGN_START);
  gtk_widget_add_css_class (turn, "numeric");
  gtk_widget_add_css_class (turn, "dim-label");
  gtk_widget_add_css_class (turn, "move-turn");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (marker, GTK_ALIGN_START);
  gtk_widget_add_css_class (marker, "review-marker");
  gtk_widget_set_visible (marker, FALSE);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (reason), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (reason, "caption");
  gtk_widget_add_css_class (reason, "dim-label");
  gtk_widget_set_visible (reason, FALSE);
  /* the turn's column on the left; the move's words, and below them the
   * review's, on the right */
  gtk_box_append (GTK_BOX (words), label);
  gtk_box_append (GTK_BOX (words), marker);
  gtk_box_append (GTK_BOX (column), words);
  gtk_box_append (GTK_BOX (column), reason);
  gtk_widget_set_hexpand (column, TRUE);
  gtk_box_append (GTK_BOX (box), turn);
  gtk_box_append (GTK_BOX (box), column);
  /* the label's expanding stays in the row: the side panel keeps its width */
  gtk_widget_set_hexpand (box, FALSE);
  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);
  g_object_set_data (G_OBJECT (box), "pj-turn", turn);
  g_object_set_data (G_OBJECT (box), "pj-label", label);
  g_object_set_data (G_OBJECT (box), "pj-marker", marker);
  g_object_set_data (G_OBJECT (box), "pj-reason", reason);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

/* The move's line: a Bluffing Joker play with the answers folded in. */
static char *
move_line (PjWindow   *self,
           PjMoveItem *move)
{
  guint index;

  if (self->game != NULL &&
      g_list_store_find (G_LIST_STORE (pj_game_get_history (self->game)), move, &index))
    return pj_game_describe_history_item (self->game, index);
  return g_strdup (pj_move_item_get_description (move));
}

void
_pj_window_review_bind_row (PjWindow    *self,
                            GtkListItem *item)
{
  PjMoveItem *move = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *turn, *marker, *reason;
  const PjReviewEntry *entry;
  const char *text;
  g_autofree char *words = NULL;
  g_autofree char *number = NULL;
  g_autofree char *turn_name = NULL;

  if (move == NULL || box == NULL || self->review_rows == NULL)
    return;
  g_hash_table_add (self->review_rows, item);
  g_object_set_data (G_OBJECT (box), "pj-move", move);
  words = move_line (self, move);
  gtk_label_set_label (g_object_get_data (G_OBJECT (box), "pj-label"), words);

  turn = g_object_get_data (G_OBJECT (box), "pj-turn");
  number = g_strdup_printf ("%u", pj_move_item_get_turn_number (move));
  gtk_label_set_label (GTK_LABEL (turn), number);
  /* Translators: the turn number beside a move in the move list, read out
   * and shown when pointed at */
  turn_name = g_strdup_printf (_("Turn %u"), pj_move_item_get_turn_number (move));
  gtk_widget_set_tooltip_text (turn, turn_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (turn), GTK_ACCESSIBLE_PROPERTY_LABEL, turn_name, -1);

  marker = g_object_get_data (G_OBJECT (box), "pj-marker");
  reason = g_object_get_data (G_OBJECT (box), "pj-reason");
  entry = entry_of (self, move);
  text = entry != NULL ? pj_review_label_marker (entry->label) : NULL;
  for (guint l = 0; l < PJ_REVIEW_N_LABELS; l++)
    gtk_widget_remove_css_class (marker, pj_review_label_name (l));
  gtk_widget_set_visible (marker, text != NULL);
  gtk_widget_set_visible (reason, text != NULL);
  if (text == NULL)
    {
      gtk_widget_set_tooltip_text (marker, NULL);
      return;
    }

  {
    /* Translators: a reviewed move's loss, e.g. "Mistake: 8 % less chance to win" */
    g_autofree char *tip = g_strdup_printf (_("%s: %d %% less chance to win"),
                                            pj_review_label_text (entry->label),
                                            (int) (entry->loss * 100 + 0.5));
    g_autofree char *line = pj_review_entry_text (entry);

    gtk_label_set_label (GTK_LABEL (marker), text);
    gtk_widget_add_css_class (marker, pj_review_label_name (entry->label));
    gtk_widget_set_tooltip_text (marker, tip);
    /* read out as the word, not as punctuation */
    gtk_accessible_update_property (GTK_ACCESSIBLE (marker), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
    gtk_label_set_label (GTK_LABEL (reason), line);
  }
}

void
_pj_window_review_unbind_row (PjWindow    *self,
                              GtkListItem *item)
{
  if (self->review_rows != NULL)
    g_hash_table_remove (self->review_rows, item);
}

/* ---- the game-over dialog ------------------------------------------------- */

static void
dialog_review_cb (PjWindow         *self,
                  PjGameOverDialog *dialog)
{
  g_set_weak_pointer (&self->review_dialog, dialog);
  if (!pj_window_review_game (self))
    pj_game_over_dialog_set_review (dialog, self->review);
}

static void
dialog_cancel_review_cb (PjWindow         *self,
                         PjGameOverDialog *dialog)
{
  if (self->review_cancel != NULL)
    _pj_window_review_reset (self);
}

/* The dialog at the end of a game offers the review, and shows one the
 * window runs for its game already. */
void
_pj_window_review_over_dialog (PjWindow         *self,
                               PjGameOverDialog *dialog)
{
  g_set_weak_pointer (&self->review_dialog, dialog);
  if (self->review != NULL)
    pj_game_over_dialog_set_review (dialog, self->review);
  g_signal_connect_object (dialog, "review", G_CALLBACK (dialog_review_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "cancel-review", G_CALLBACK (dialog_cancel_review_cb), self,
                           G_CONNECT_SWAPPED);
}

/* A LAN game's end is checked: its review is offered, in the game-over
 * dialog too if it is still up. */
void
_pj_window_review_guest_game (PjWindow         *self,
                              PjGameOverDialog *dialog)
{
  _pj_window_review_update (self);
  if (dialog == NULL || !can_review (self))
    return;
  pj_game_over_dialog_set_reviewable (dialog, TRUE);
  _pj_window_review_over_dialog (self, dialog);
}

/* ---- actions and life ------------------------------------------------------ */

static void
review_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  pj_window_review_game (PJ_WINDOW (widget));
}

static void
stop_review_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  _pj_window_review_reset (PJ_WINDOW (widget));
}

static void
filter_toggled_cb (PjWindow *self)
{
  gtk_filter_changed (GTK_FILTER (self->review_filter),
                      mistakes_only (self) ? GTK_FILTER_CHANGE_MORE_STRICT : GTK_FILTER_CHANGE_LESS_STRICT);
}

void
_pj_window_review_class_init (GtkWidgetClass *widget_class)
{
  ui_thread = g_thread_self ();
  gtk_widget_class_bind_template_child (widget_class, PjWindow, review_filter_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, review_revealer);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, review_label);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, review_cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, review_hide_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, review_progress);
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_action);
  gtk_widget_class_install_action (widget_class, "win.stop-review", NULL, stop_review_action);
}

/* Before the move list's model is made (it filters through review_filter). */
void
_pj_window_review_init (PjWindow *self)
{
  self->review_marks = g_hash_table_new (NULL, NULL);
  self->review_rows = g_hash_table_new (NULL, NULL);
  self->review_filter = gtk_custom_filter_new (filter_cb, self, NULL);
  {
    /* the key to the marks, under the review's summary above the list */
    GtkWidget *status = gtk_widget_get_parent (GTK_WIDGET (self->review_label));
    g_autofree char *legend = pj_review_legend ();

    self->review_legend = gtk_label_new (legend);
    gtk_label_set_xalign (GTK_LABEL (self->review_legend), 0);
    gtk_label_set_wrap (GTK_LABEL (self->review_legend), TRUE);
    gtk_widget_add_css_class (self->review_legend, "caption");
    gtk_widget_add_css_class (self->review_legend, "dim-label");
    gtk_widget_add_css_class (self->review_legend, "review-legend");
    gtk_widget_set_visible (self->review_legend, FALSE);
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (status)), self->review_legend, status);
  }
  g_signal_connect_swapped (self->review_filter_button, "toggled", G_CALLBACK (filter_toggled_cb), self);
  _pj_window_review_update (self);
}

void
_pj_window_review_dispose (PjWindow *self)
{
  drop_review (self);
  g_clear_weak_pointer (&self->review_dialog);
  g_clear_pointer (&self->review_marks, g_hash_table_unref);
  g_clear_pointer (&self->review_rows, g_hash_table_unref);
  if (self->review_filter != NULL)
    gtk_custom_filter_set_filter_func (self->review_filter, NULL, NULL, NULL);
  g_clear_object (&self->review_filter);
}
