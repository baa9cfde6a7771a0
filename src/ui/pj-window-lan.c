/* pj-window-lan.c — the main window at a LAN table
 *
 * The pages to host or join a table, the banner for drops and
 * reconnecting, table talk in the sidebar when the rules allow it
 * (RULES §12), the fair-deal result, leaving, reopening and dealing again
 * at a table hosted here — and the question before a game in progress is
 * left for any of these (or for a new game).
 *
 * The views do not change for a LAN game: its PjGame is the table's
 * mirror (pj-table.h), set on the window like any other.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-text.h"
#include "pj-join-page.h"
#include "pj-lobby-page.h"
#include "pj-alert.h"
#include "pj-window-private.h"

static void drop_stop_all (PjWindow *self);

/* ---- the table's pages, banner and talk ----------------------------------- */

/* The name last used at a table (kept in the settings), else the
 * account's; one that is no longer a name a table takes is not offered. */
static char *
player_name (PjWindow *self)
{
  g_autofree char *kept = self->settings ? g_settings_get_string (self->settings, "player-name") : NULL;
  g_autofree char *clean = kept ? pj_net_clean_name (kept) : NULL;
  const char *name;

  if (clean != NULL)
    return g_steal_pointer (&clean);
  name = g_get_real_name ();
  if (name == NULL || name[0] == '\0' || g_strcmp0 (name, "Unknown") == 0)
    name = g_get_user_name ();
  return g_strdup (name);
}

/* Asked once: the name a table took is the one offered next time. */
static void
remember_player_name (PjWindow *self,
                      PjTable  *table)
{
  const char *name = pj_client_get_name (pj_table_get_client (table));
  g_autofree char *kept = NULL;

  if (self->settings == NULL || name == NULL || name[0] == '\0')
    return;
  kept = g_settings_get_string (self->settings, "player-name");
  if (g_strcmp0 (kept, name) != 0)
    g_settings_set_string (self->settings, "player-name", name);
}

static void
show_banner (PjWindow   *self,
             const char *text)
{
  if (text != NULL)
    gtk_label_set_label (self->banner_label, text);
  /* hidden, an empty status would still be read out as "GtkLabel" */
  gtk_widget_set_visible (GTK_WIDGET (self->banner_label), text != NULL);
  gtk_revealer_set_reveal_child (self->banner_revealer, text != NULL);
}

/* RULES §12: during a game only team talk, and only at a beginners' table;
 * spectators have no team. */
void
_pj_window_lan_update_chat (PjWindow *self)
{
  gboolean shown = self->table != NULL && self->game != NULL && pj_game_is_mirror (self->game) &&
                   pj_game_get_local_seat (self->game) >= 0 &&
                   pj_game_get_rules (self->game)->beginner_table_talk;

  gtk_widget_set_visible (GTK_WIDGET (self->game_chat), shown);
}

static void
game_chat_send_cb (PjWindow   *self,
                   const char *text,
                   gboolean    team)
{
  if (self->table != NULL)
    pj_client_send_chat (pj_table_get_client (self->table), text, TRUE);
}

static void
chat_reset (PjWindow *self)
{
  pj_chat_box_clear (self->game_chat);
  _pj_window_lan_update_chat (self);
}

static void
show_page (PjWindow   *self,
           const char *name)
{
  gtk_stack_set_visible_child_name (self->main_stack, name);
}

static void
drop_page (PjWindow   *self,
           GtkWidget **page)
{
  if (*page == NULL)
    return;
  g_signal_handlers_disconnect_by_data (*page, self);
  gtk_stack_remove (self->main_stack, *page);
  *page = NULL;
}

/* The local game left for a LAN table is still in the autosave (a mirror
 * never writes it): offer it back before anything overwrites it. */
static PjGame *
saved_local_game (PjWindow *self)
{
  g_autoptr (PjRecord) record = NULL;

  if (self->autosave_path == NULL || !g_file_test (self->autosave_path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  record = pj_record_load (self->autosave_path, NULL);
  if (record == NULL || pj_state_is_over (pj_record_get_state (record)) ||
      pj_record_get_n_actions (record) == 0)
    return NULL;
  return pj_game_new_from_record (record);
}

static void
a_fresh_local_game (PjWindow *self)
{
  g_autoptr (PjGame) game = NULL;
  PjRules rules;

  game = saved_local_game (self);
  if (game != NULL)
    {
      pj_window_offer_resume (self, game);
      return;
    }
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int (), -1);
  pj_window_set_game (self, game);
  pj_game_start (game);
}

/**
 * pj_window_leave_table:
 * @self: a window
 *
 * Leave the LAN table (stop hosting it, if it is ours) and go back to a
 * game on this computer.
 */
void
pj_window_leave_table (PjWindow *self)
{
  g_autoptr (PjTable) table = NULL;

  g_return_if_fail (PJ_IS_WINDOW (self));

  show_page (self, "game");
  drop_page (self, &self->lobby_page);
  drop_page (self, &self->join_page);
  show_banner (self, NULL);
  if (self->table == NULL)
    return;

  table = g_steal_pointer (&self->table);
  g_signal_handlers_disconnect_by_data (table, self);
  drop_stop_all (self);
  pj_table_leave (table);
  if (self->game != NULL && pj_game_is_mirror (self->game))
    a_fresh_local_game (self);
  _pj_window_lan_update_chat (self);
  _pj_window_update_save_banner (self);
  _pj_window_update_buttons (self);
}

static void
table_game_started_cb (PjWindow *self,
                       PjGame   *game,
                       PjTable  *table)
{
  /* a new game at the table (the host's rematch): the last one's dialog goes */
  if (self->over_dialog != NULL)
    pj_alert_close (PJ_ALERT (self->over_dialog));
  g_clear_weak_pointer (&self->over_dialog);
  pj_window_set_game (self, game);
  pj_game_start (game);
  show_page (self, "game");
  if (pj_game_get_local_seat (game) < 0)
    _pj_window_toast (self, _("You are watching this game"));
}

/* The table is gone from the lobby (kicked, banned, closed, the link
 * lost): back to the board, and a message that stays until read. */
static void
left_lobby (PjWindow   *self,
            PjTable    *table,
            const char *text)
{
  g_autofree char *heading = g_strdup (pj_client_get_table_name (pj_table_get_client (table)));
  PjAlert *dialog;

  pj_window_leave_table (self);
  dialog = pj_alert_new (heading ? heading : _("LAN Table"), text);
  pj_alert_add_response (dialog, "close", _("_Close"));
  pj_alert_set_default_response (dialog, "close");
  pj_alert_set_close_response (dialog, "close");
  pj_alert_present (dialog, GTK_WIDGET (self));
}

static void
table_error_cb (PjWindow     *self,
                const GError *error,
                PjTable      *table)
{
  const char *text = pj_table_error_text (error);

  /* the end of the table for us: the host will not have us back, or the
   * link is lost for good */
  if (!pj_table_get_connected (table) && !pj_table_get_reconnecting (table) &&
      (pj_net_error_is_final (error) || g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_CLOSED)))
    {
      g_autoptr (PjTable) hold = g_object_ref (table);

      /* in a game the board stays, to see how it stood */
      if (pj_table_get_game (table) != NULL)
        show_banner (self, text);
      else
        left_lobby (self, table, text);
      return;
    }
  /* the lobby page shows its own; in a game they come here */
  if (pj_table_get_game (table) != NULL)
    _pj_window_toast (self, text);
}

static void
table_reconnecting_cb (PjWindow   *self,
                       GParamSpec *pspec,
                       PjTable    *table)
{
  if (pj_table_get_reconnecting (table))
    show_banner (self, _("Reconnecting…"));
  else if (pj_table_get_connected (table))
    {
      show_banner (self, NULL);
      _pj_window_toast (self, _("Back at the table"));
    }
}

static void
drop_stop (PjWindow *self,
           guint     seat)
{
  g_clear_handle_id (&self->dropped[seat].tick, g_source_remove);
  if (self->dropped[seat].toast != NULL)
    adw_toast_dismiss (self->dropped[seat].toast);
  g_clear_weak_pointer (&self->dropped[seat].toast);
}

static void
drop_stop_all (PjWindow *self)
{
  for (guint seat = 0; seat < PJ_MAX_PLAYERS; seat++)
    drop_stop (self, seat);
}

/* Who sits there, as the toasts name them. */
static const char *
seat_name (PjWindow *self,
           guint     seat)
{
  return self->game != NULL ? pj_game_get_seat_name (self->game, seat) : pj_text_colour_name (seat);
}

static char *
drop_text (PjWindow *self,
           guint     seat)
{
  const char *name = seat_name (self, seat);
  gint64 left_us = self->dropped[seat].until - g_get_monotonic_time ();
  guint left = (guint) MAX ((left_us + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC, 0);

  /* Translators: a player's app lost its link to the LAN game; counts down, e.g. "Bob lost the connection — a computer plays for them in 25 s" */
  return g_strdup_printf (ngettext ("%s lost the connection — a computer plays for them in %u s",
                                    "%s lost the connection — a computer plays for them in %u s", left),
                          name, left);
}

typedef struct {
  PjWindow *window;
  guint     seat;
} DropTick;

static gboolean
drop_tick_cb (gpointer data)
{
  DropTick *t = data;
  PjWindow *self = t->window;
  g_autofree char *text = NULL;

  if (self->dropped[t->seat].toast == NULL || g_get_monotonic_time () >= self->dropped[t->seat].until)
    {
      self->dropped[t->seat].tick = 0;
      return G_SOURCE_REMOVE;
    }
  text = drop_text (self, t->seat);
  adw_toast_set_title (self->dropped[t->seat].toast, text);
  return G_SOURCE_CONTINUE;
}

/* Shown to everyone at once (the host notices a closed socket at once),
 * counting down to the computer; gone when they are back or covered. */
static void
table_seat_dropped_cb (PjWindow *self,
                       guint     seat,
                       guint     cover_ms,
                       PjTable  *table)
{
  g_autofree char *text = NULL;
  AdwToast *toast;
  DropTick *t;

  if (seat >= PJ_MAX_PLAYERS)
    return;
  drop_stop (self, seat);
  self->dropped[seat].until = g_get_monotonic_time () + (gint64) cover_ms * 1000;
  text = drop_text (self, seat);
  toast = adw_toast_new (text);
  adw_toast_set_timeout (toast, 0);
  g_set_weak_pointer (&self->dropped[seat].toast, toast);
  _pj_window_add_toast (self, toast);
  t = g_new (DropTick, 1);
  t->window = self;
  t->seat = seat;
  self->dropped[seat].tick = g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, 1, drop_tick_cb, t, g_free);
  if (self->board != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self->board));
}

static void
table_seat_covered_cb (PjWindow *self,
                       guint     seat,
                       gboolean  covered,
                       PjTable  *table)
{
  g_autofree char *text = NULL;
  const char *name = seat_name (self, seat);

  if (seat < PJ_MAX_PLAYERS)
    drop_stop (self, seat);
  if (covered)
    /* Translators: a player dropped from a LAN game, e.g. "Bob lost the connection: a computer plays for them until they come back" */
    text = g_strdup_printf (_("%s lost the connection: a computer plays for them until they come back"), name);
  else
    /* Translators: e.g. "Bob is back" */
    text = g_strdup_printf (_("%s is back"), name);
  _pj_window_toast (self, text);
  if (self->board != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self->board));
}

static void
table_chat_cb (PjWindow   *self,
               const char *from,
               int         seat,
               const char *text,
               gboolean    team,
               PjTable    *table)
{
  pj_chat_box_add_message (self->game_chat, from, text, team);
}

/* The fair-deal check at the end: in the winner dialog if it is still up. */
static void
table_verified_cb (PjWindow   *self,
                   gboolean    ok,
                   const char *detail,
                   PjTable    *table)
{
  g_autofree char *text = NULL;

  if (ok)
    text = g_strdup (_("Deal verified: the host dealt the cards it had committed to"));
  else
    /* Translators: the fair-deal check failed; the mismatch follows */
    text = g_strdup_printf (_("The deal could not be verified: %s"), detail ? detail : "");

  if (self->over_dialog != NULL)
    pj_game_over_dialog_set_deal_check (self->over_dialog, text);
  else
    _pj_window_toast (self, text);

  /* the cards are known now: the guest's moves can be reviewed */
  _pj_window_review_guest_game (self, self->over_dialog);
}

static void
lobby_leave_cb (PjWindow *self)
{
  pj_window_leave_table (self);
}

static void show_lobby (PjWindow *self);
static char *lan_save_path (PjWindow *self);

/**
 * pj_window_set_table:
 * @self: a window
 * @table: a LAN table, joined or hosted here
 *
 * Play at @table: its lobby now, its mirror game from the deal on.
 */
void
pj_window_set_table (PjWindow *self,
                     PjTable  *table)
{
  g_return_if_fail (PJ_IS_WINDOW (self));
  g_return_if_fail (PJ_IS_TABLE (table));

  if (self->table == table)
    return;
  if (self->table != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->table, self);
      drop_stop_all (self);
      pj_table_leave (self->table);
      g_clear_object (&self->table);
    }

  self->table = g_object_ref (table);
  remember_player_name (self, table);
  g_signal_connect_swapped (table, "game-started", G_CALLBACK (table_game_started_cb), self);
  g_signal_connect_swapped (table, "error", G_CALLBACK (table_error_cb), self);
  g_signal_connect_swapped (table, "notify::reconnecting", G_CALLBACK (table_reconnecting_cb), self);
  g_signal_connect_swapped (table, "notify::connected", G_CALLBACK (_pj_window_update_buttons), self);
  g_signal_connect_swapped (table, "seat-covered", G_CALLBACK (table_seat_covered_cb), self);
  g_signal_connect_swapped (table, "seat-dropped", G_CALLBACK (table_seat_dropped_cb), self);
  g_signal_connect_swapped (table, "chat", G_CALLBACK (table_chat_cb), self);
  g_signal_connect_swapped (table, "verified", G_CALLBACK (table_verified_cb), self);

  /* the host keeps its game beside the local one, to reopen after a crash */
  if (pj_table_get_host (table) != NULL)
    {
      g_autofree char *path = lan_save_path (self);

      if (path != NULL)
        {
          g_autofree char *dir = g_path_get_dirname (path);

          g_mkdir_with_parents (dir, 0700);
          pj_table_set_save_path (table, path);
        }
    }
  /* a guest keeps its seat, to take it back after a crash */
  else if (self->rejoin_dir != NULL)
    pj_table_set_rejoin_dir (table, self->rejoin_dir);
  /* the table's game is saved here: a failing save shows as the banner */
  if (pj_table_get_host (table) != NULL)
    g_signal_connect_object (pj_table_get_host (table), "notify::save-error",
                             G_CALLBACK (_pj_window_update_save_banner), self, G_CONNECT_SWAPPED);

  chat_reset (self);
  _pj_window_update_buttons (self);
  if (pj_table_get_game (table) == NULL)
    show_lobby (self);
}

PjTable *
pj_window_get_table (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  return self->table;
}

static void
table_opened_cb (PjWindow    *self,
                 PjTable     *table,
                 PjLobbyPage *page)
{
  pj_window_set_table (self, table);
}

static void
show_lobby (PjWindow *self)
{
  if (self->lobby_page != NULL &&
      pj_lobby_page_get_table (PJ_LOBBY_PAGE (self->lobby_page)) == self->table)
    {
      show_page (self, "lobby");
      return;
    }
  drop_page (self, &self->lobby_page);
  self->lobby_page = pj_lobby_page_new_for_table (self->table);
  g_signal_connect_swapped (self->lobby_page, "leave", G_CALLBACK (lobby_leave_cb), self);
  gtk_stack_add_named (self->main_stack, self->lobby_page, "lobby");
  show_page (self, "lobby");
  drop_page (self, &self->join_page);
}

/**
 * pj_window_host_lan:
 * @self: a window
 *
 * Show the page to open a table here. Returns it.
 */
GtkWidget *
pj_window_host_lan (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  if (self->table != NULL)
    pj_window_leave_table (self);
  drop_page (self, &self->lobby_page);
  {
    g_autofree char *name = player_name (self);

    self->lobby_page = pj_lobby_page_new_host (name);
  }
  g_signal_connect_swapped (self->lobby_page, "leave", G_CALLBACK (lobby_leave_cb), self);
  g_signal_connect_swapped (self->lobby_page, "table-opened", G_CALLBACK (table_opened_cb), self);
  gtk_stack_add_named (self->main_stack, self->lobby_page, "lobby");
  show_page (self, "lobby");
  return self->lobby_page;
}

/**
 * pj_window_host_table:
 * @self: a window
 * @table_name: what the table is called on the network
 * @error: where a refusal goes
 *
 * Open a table here at once, without a password, the player named as the
 * account is (what `--host-table` does). The lobby shows, or on failure
 * the page to open a table, with the error.
 */
gboolean
pj_window_host_table (PjWindow    *self,
                      const char  *table_name,
                      GError     **error)
{
  GtkWidget *lobby;

  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  g_autofree char *name = player_name (self);

  lobby = pj_window_host_lan (self);
  return pj_lobby_page_open_table (PJ_LOBBY_PAGE (lobby), table_name, NULL, name, error);
}

static char *
lan_save_path (PjWindow *self)
{
  g_autofree char *dir = NULL;

  if (self->lan_save_path != NULL)
    return g_strdup (self->lan_save_path);
  if (self->autosave_path == NULL)
    return NULL;
  dir = g_path_get_dirname (self->autosave_path);
  return g_build_filename (dir, "lan-table.json", NULL);
}

void
pj_window_set_lan_save_path (PjWindow   *self,
                             const char *path)
{
  g_return_if_fail (PJ_IS_WINDOW (self));

  g_free (self->lan_save_path);
  self->lan_save_path = g_strdup (path);
  _pj_window_update_buttons (self);
}

void
pj_window_set_rejoin_dir (PjWindow   *self,
                          const char *dir)
{
  g_return_if_fail (PJ_IS_WINDOW (self));

  g_free (self->rejoin_dir);
  self->rejoin_dir = g_strdup (dir);
  if (self->join_page != NULL)
    pj_join_page_set_rejoin_dir (PJ_JOIN_PAGE (self->join_page), dir);
}

/* A table hosted here was saved with its tokens: it can be reopened. */
gboolean
_pj_window_lan_can_reopen (PjWindow *self)
{
  g_autofree char *path = lan_save_path (self);
  g_autofree char *tokens = NULL;

  if (path == NULL || self->table != NULL)
    return FALSE;
  tokens = g_strconcat (path, ".tokens", NULL);
  return g_file_test (path, G_FILE_TEST_IS_REGULAR) && g_file_test (tokens, G_FILE_TEST_IS_REGULAR);
}

/* What shows or hides "Reopen Last Table". */
gboolean
pj_window_can_reopen_table (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  return _pj_window_lan_can_reopen (self);
}

/**
 * pj_window_reopen_table:
 * @self: a window
 * @error: where a bad save goes
 *
 * Reopen the LAN table last hosted here (its autosave and tokens beside
 * the window's autosave): the game goes on, and its players take back
 * their seats with their tokens.
 */
gboolean
pj_window_reopen_table (PjWindow  *self,
                        GError   **error)
{
  g_autofree char *path = NULL;
  g_autoptr (PjTable) table = NULL;

  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  path = lan_save_path (self);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No table was saved here"));
      return FALSE;
    }
  if (self->table != NULL)
    pj_window_leave_table (self);
  {
    g_autofree char *name = player_name (self);

    table = pj_table_new (name);
  }
  if (!pj_table_host_from_save (table, path, error))
    return FALSE;
  pj_window_set_table (self, table);
  return TRUE;
}


static void
joined_cb (PjWindow   *self,
           PjTable    *table,
           PjJoinPage *page)
{
  pj_window_set_table (self, table);
}

static void
join_back_cb (PjWindow *self)
{
  show_page (self, "game");
  drop_page (self, &self->join_page);
}

/**
 * pj_window_join_lan:
 * @self: a window
 *
 * Show the page that lists the tables on the network. Returns it.
 */
GtkWidget *
pj_window_join_lan (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  if (self->table != NULL)
    pj_window_leave_table (self);
  drop_page (self, &self->join_page);
  if (self->browser == NULL)
    self->browser = pj_browser_new ();
  {
    g_autofree char *name = player_name (self);

    self->join_page = pj_join_page_new (name);
  }
  pj_join_page_set_browser (PJ_JOIN_PAGE (self->join_page), self->browser);
  pj_join_page_set_rejoin_dir (PJ_JOIN_PAGE (self->join_page), self->rejoin_dir);
  g_signal_connect_swapped (self->join_page, "joined", G_CALLBACK (joined_cb), self);
  g_signal_connect_swapped (self->join_page, "back", G_CALLBACK (join_back_cb), self);
  gtk_stack_add_named (self->main_stack, self->join_page, "join");
  show_page (self, "join");
  return self->join_page;
}

static void
host_lan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  _pj_window_confirm_leave (PJ_WINDOW (widget), PJ_WINDOW_THEN_HOST);
}

static void
join_lan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  _pj_window_confirm_leave (PJ_WINDOW (widget), PJ_WINDOW_THEN_JOIN);
}

static void
leave_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  _pj_window_confirm_leave (PJ_WINDOW (widget), PJ_WINDOW_THEN_LEAVE_TABLE);
}

static void
reopen_table_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  _pj_window_confirm_leave (PJ_WINDOW (widget), PJ_WINDOW_THEN_REOPEN);
}

/* ---- the window's LAN parts ------------------------------------------------ */

/* Play Again at the end of a LAN game: the host deals to the same seats. */
void
_pj_window_lan_rematch (PjWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->table != NULL && !pj_table_rematch (self->table, &error))
    _pj_window_toast (self, error->message);
}

void
_pj_window_lan_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.host-lan", NULL, host_lan_action);
  gtk_widget_class_install_action (widget_class, "win.join-lan", NULL, join_lan_action);
  gtk_widget_class_install_action (widget_class, "win.leave-table", NULL, leave_table_action);
  gtk_widget_class_install_action (widget_class, "win.reopen-table", NULL, reopen_table_action);
}

void
_pj_window_lan_init (PjWindow *self)
{
  /* table talk during a LAN game: shown only where the rules allow it */
  self->game_chat = PJ_CHAT_BOX (pj_chat_box_new ());
  pj_chat_box_set_team_only (self->game_chat, TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->game_chat), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->game_chat), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->game_chat), 6);
  gtk_widget_set_size_request (GTK_WIDGET (self->game_chat), -1, 200);
  gtk_widget_set_vexpand (GTK_WIDGET (self->game_chat), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->game_chat), FALSE);
  gtk_box_append (GTK_BOX (self->sidebar_box), GTK_WIDGET (self->game_chat));
  g_signal_connect_swapped (self->game_chat, "send", G_CALLBACK (game_chat_send_cb), self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-table", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-table", FALSE);
}

void
_pj_window_lan_dispose (PjWindow *self)
{
  if (self->table != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->table, self);
      drop_stop_all (self);
      /* quitting is no leaving: a seat kept on disk is offered next time */
      pj_table_close (self->table);
      g_clear_object (&self->table);
    }
  g_clear_object (&self->browser);
  g_clear_pointer (&self->lan_save_path, g_free);
  g_clear_pointer (&self->rejoin_dir, g_free);
  g_clear_weak_pointer (&self->over_dialog);
}
