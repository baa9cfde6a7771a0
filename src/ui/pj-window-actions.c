/* pj-window-actions.c — the main window's win.* actions
 *
 * Games (new, undo, hint, statistics), files (open, save, save as), the moves
 * that are buttons rather than picks on the board (discard, challenge,
 * pass, cancel), and resuming the game left at the last quit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-new-game-dialog.h"
#include "pj-statistics-window.h"
#include "pj-alert.h"
#include "pj-window-private.h"

/* ---- games --------------------------------------------------------------- */

/* Asked only now, once the new game is chosen: cancelling the dialog
 * leaves the game on the table as it was. */
static void
start_game_cb (PjWindow        *self,
               PjGame          *game,
               PjNewGameDialog *dialog)
{
  _pj_window_leave_for (self, PJ_WINDOW_THEN_NEW_GAME, game, NULL);
}

/**
 * _pj_window_start_chosen:
 * @self: a window
 *
 * Put the game chosen in New Game or Open on the table, now that the one
 * there may go.
 */
void
_pj_window_start_chosen (PjWindow *self)
{
  g_autoptr (PjGame) game = g_steal_pointer (&self->leave_game);
  g_autoptr (GFile) file = g_steal_pointer (&self->leave_file);

  if (game == NULL)
    return;
  /* a game here ends any LAN table */
  if (self->table != NULL)
    pj_window_leave_table (self);
  pj_window_set_game (self, game);
  if (file != NULL)
    {
      /* Save writes back where it came from */
      g_set_object (&self->file, file);
      self->file_n_actions = pj_game_get_n_actions (game);
      _pj_window_update_title (self);
    }
  pj_game_start (game);
  if (file != NULL)
    _pj_window_review_offer (self);
}

void
pj_window_new_game (PjWindow *self)
{
  PjNewGameDialog *dialog;

  g_return_if_fail (PJ_IS_WINDOW (self));

  dialog = pj_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  /* the table as it is now (not the lesson's), not the last rules chosen */
  {
    PjGame *current = self->tutorial != NULL ? self->tutorial_left : self->game;

    if (current != NULL)
      pj_new_game_dialog_set_rules (dialog, pj_game_get_rules (current));
  }
  g_signal_connect_object (dialog, "start-game", G_CALLBACK (start_game_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  pj_window_new_game (PJ_WINDOW (widget));
}

static void
hint_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (PjWindow) self = user_data;
  PjGame *game = PJ_GAME (object);
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *text = NULL;
  PjAction action;

  if (!pj_game_hint_finish (game, result, &action, &reason, &error))
    {
      _pj_window_update_buttons (self);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && game == self->game)
        _pj_window_toast (self, error->message);
      return;
    }
  if (game != self->game)
    return;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", TRUE);
  /* shown in place, not in a toast: the toast would cover the hand */
  text = pj_game_describe_hint (game, pj_game_get_state (game), &action, reason);
  _pj_window_show_hint (self, &action, text);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);

  if (self->game == NULL)
    return;

  /* one search at a time */
  gtk_widget_action_set_enabled (widget, "win.hint", FALSE);
  pj_game_hint_async (self->game, NULL, hint_done_cb, g_object_ref (self));
}

static void
discard_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);
  int selected = pj_hand_view_get_selected (self->hand);
  PjAction action;

  if (selected >= 0 &&
      _pj_window_find_action (self, PJ_ACTION_DISCARD, PJ_CARD_RANK (pj_hand_view_get_card (self->hand, selected)), &action))
    _pj_window_apply_action (self, &action);
}

static void
cancel_move_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);
  int selected = pj_hand_view_get_selected (self->hand);
  gboolean on_board = pj_board_view_has_keyboard_focus (self->board);

  /* Escape leaves a position looked back at first (pj-window-look-back.c) */
  if (self->looking)
    {
      _pj_window_look_back_return (self);
      return;
    }
  /* with no move begun to step back from, Escape leaves fullscreen, as in
   * GNOME's own apps (F11 too) */
  if (selected < 0 && pj_board_view_get_card (self->board) == 0 && gtk_window_is_fullscreen (GTK_WINDOW (self)))
    {
      gtk_window_unfullscreen (GTK_WINDOW (self));
      return;
    }
  pj_hand_view_set_selected (self->hand, -1);
  pj_board_view_reset_input (self->board);
  /* Escape steps back: from the board to the card it came from */
  if (on_board && selected >= 0)
    pj_hand_view_focus_card (self->hand, (guint) selected);
}

static void
select_card_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);

  pj_hand_view_set_selected (self->hand, g_variant_get_int32 (param));
}

static void
toggle_history_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);

  pj_side_panel_set_show_sidebar (self->side_panel, !pj_side_panel_get_show_sidebar (self->side_panel));
}

static void
challenge_clicked_cb (PjWindow *self)
{
  PjAction action;

  if (_pj_window_find_action (self, PJ_ACTION_CHALLENGE, 0, &action))
    _pj_window_apply_action (self, &action);
}

static void
pass_clicked_cb (PjWindow *self)
{
  PjAction action;

  if (_pj_window_find_action (self, PJ_ACTION_PASS, 0, &action))
    _pj_window_apply_action (self, &action);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->game == NULL)
    return;
  if (!pj_game_undo (self->game, &error))
    _pj_window_toast (self, error->message);
}

static void
statistics_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (pj_statistics_window_new (GTK_WINDOW (self), self->settings)));
}

/* ---- files ----------------------------------------------------------- */

static void
show_file_error (PjWindow     *self,
                 const char   *heading,
                 const GError *error)
{
  PjAlert *dialog = pj_alert_new (heading, error->message);

  pj_alert_add_response (dialog, "close", _("_Close"));
  pj_alert_present (dialog, GTK_WIDGET (self));
}

/* The game in @file, not started; NULL when it is no game (the error shown). */
static PjGame *
load_game (PjWindow *self,
           GFile    *file)
{
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("Only games saved on this computer can be opened"));
  else
    record = pj_record_load (path, &error);

  if (record == NULL)
    {
      show_file_error (self, _("Could Not Open the Game"), error);
      return NULL;
    }
  return pj_game_new_from_record (record);
}

/* A bad file gets its error and leaves the game on the table as it was.
 * Opening from the command line asks nothing: the person chose it there. */
void
pj_window_open_file (PjWindow *self,
                     GFile    *file)
{
  g_return_if_fail (PJ_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_clear_object (&self->leave_game);
  self->leave_game = load_game (self, file);
  g_set_object (&self->leave_file, file);
  _pj_window_start_chosen (self);
}

/* Chosen in Open: the file is read first, so that a bad one asks nothing. */
void
_pj_window_open_chosen (PjWindow *self,
             GFile    *file)
{
  g_autoptr (PjGame) game = load_game (self, file);

  if (game != NULL)
    _pj_window_leave_for (self, PJ_WINDOW_THEN_OPEN, game, file);
}

gboolean
pj_window_save_file (PjWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->game == NULL)
    return TRUE;

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Games can only be saved on this computer"));
      return FALSE;
    }
  if (!pj_record_save (pj_game_get_record (self->game), path, error))
    return FALSE;
  g_set_object (&self->file, file);
  self->file_n_actions = pj_game_get_n_actions (self->game);
  _pj_window_update_title (self);
  return TRUE;
}

static void
save_to (PjWindow *self,
         GFile    *file)
{
  g_autoptr (GError) error = NULL;

  if (!pj_window_save_file (self, file, &error))
    {
      show_file_error (self, _("Could Not Save the Game"), error);
      _pj_window_saved (self, FALSE);
    }
  else
    {
      _pj_window_toast (self, _("Game saved"));
      _pj_window_saved (self, TRUE);
    }
}

static GtkFileFilter *
games_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Saved games"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  return filter;
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
open_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (PjWindow) self = user_data;
  g_autoptr (GFile) file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (object), result, NULL);

  if (file != NULL)
    _pj_window_open_chosen (self, file);
}

static void
save_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (PjWindow) self = user_data;
  g_autoptr (GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (object), result, NULL);

  if (file != NULL)
    save_to (self, file);
  else
    _pj_window_saved (self, FALSE);
}

static GtkFileDialog *
file_dialog (const char *title)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  g_autoptr (GtkFileFilter) filter = games_filter ();
  g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  g_list_store_append (filters, filter);
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_modal (dialog, TRUE);
  return dialog;
}
#else
static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     PjWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_OPEN)
        _pj_window_open_chosen (self, file);
      else
        save_to (self, file);
    }
  else if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE)
    _pj_window_saved (self, FALSE);
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
run_chooser (PjWindow             *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept)
{
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) filter = games_filter ();

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE && self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("Game.json"));
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
#endif

/* Open: the game on the table is asked about once a file is chosen. */
void
_pj_window_choose_file (PjWindow *self)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr (GtkFileDialog) dialog = file_dialog (_("Open a Saved Game"));

  gtk_file_dialog_open (dialog, GTK_WINDOW (self), NULL, open_done_cb, g_object_ref (self));
#else
  run_chooser (self, _("Open a Saved Game"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
#endif
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  _pj_window_choose_file (PJ_WINDOW (widget));
}

static void
save_as (PjWindow *self)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr (GtkFileDialog) dialog = file_dialog (_("Save the Game"));

  if (self->file != NULL)
    gtk_file_dialog_set_initial_file (dialog, self->file);
  else
    gtk_file_dialog_set_initial_name (dialog, _("Game.json"));
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_done_cb, g_object_ref (self));
#else
  run_chooser (self, _("Save the Game"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
#endif
}

/**
 * _pj_window_save:
 * @self: a window
 *
 * Save: back to the game's file without asking, or Save As when it has
 * none. _pj_window_saved() follows, now or once the chooser is answered.
 */
void
_pj_window_save (PjWindow *self)
{
  if (self->file != NULL)
    save_to (self, self->file);
  else
    save_as (self);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  _pj_window_save (PJ_WINDOW (widget));
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  save_as (PJ_WINDOW (widget));
}

/* ---- resuming ------------------------------------------------------------ */

static void
resume_response_cb (PjAlert    *dialog,
                    const char *response,
                    PjWindow   *self)
{
  if (self->game == NULL)
    return;

  if (g_strcmp0 (response, "resume") == 0)
    pj_game_start (self->game);
  else
    _pj_window_play_again (self);
}

/**
 * pj_window_offer_resume:
 * @self: a window
 * @game: an unfinished game, not started
 *
 * Show @game and ask whether to go on with it or to start a new one with
 * the same table. Computer seats wait for the answer.
 */
void
pj_window_offer_resume (PjWindow *self,
                        PjGame   *game)
{
  g_autofree char *body = NULL;
  PjAlert *dialog;

  g_return_if_fail (PJ_IS_WINDOW (self));
  g_return_if_fail (PJ_IS_GAME (game));

  pj_window_set_game (self, game);

  {
    int preset = pj_rules_match_preset (pj_game_get_rules (game));

    /* Translators: the resume prompt at start-up, e.g. "Your game of North Carolina was left at turn 12. …" */
    body = g_strdup_printf (_("Your game of %s was left at turn %u. Go on where you stopped, or start a new game with the same players?"),
                            preset >= 0 ? _(pj_preset_title ((PjPreset) preset)) : C_("variant", "Custom rules"),
                            pj_game_get_state (game)->turn_number);
  }
  dialog = pj_alert_new (_("Resume Your Game?"), body);
  pj_alert_add_responses (dialog,
                          "new", _("_New Game"),
                          "resume", _("_Resume"),
                          NULL);
  pj_alert_set_response_appearance (dialog, "resume", ADW_RESPONSE_SUGGESTED);
  pj_alert_set_default_response (dialog, "resume");
  pj_alert_set_close_response (dialog, "resume");
  g_signal_connect_object (dialog, "response", G_CALLBACK (resume_response_cb), self, 0);
  pj_alert_present (dialog, GTK_WIDGET (self));
}

/* ---- the class's actions and keys ------------------------------------------ */

void
_pj_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, challenge_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pass_clicked_cb);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_action);
  gtk_widget_class_install_action (widget_class, "win.discard", NULL, discard_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-move", NULL, cancel_move_action);
  gtk_widget_class_install_action (widget_class, "win.select-card", "i", select_card_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-history", NULL, toggle_history_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-move", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.discard", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-history", NULL);
  for (guint i = 0; i < PJ_MAX_HAND; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK, "win.select-card", "i", (gint32) i);
}
