/* pj-window.c — the main window: board, hand, move history
 *
 * The window only connects views to the game: the hand shows the cards of
 * the seat the model says is viewing, the board turns picks into one of
 * the model's legal actions, and that action goes back through the model's
 * checked pj_game_apply().
 *
 * A LAN game is no different for the views: its PjGame is a mirror of the
 * table (pj-game.h), kept by a PjTable (pj-table.h). The window only adds
 * the pages to host or join one, the banner for drops, table talk in the
 * sidebar when the rules allow it (RULES §12), and the fair-deal result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-board-view.h"
#include "pj-card-names.h"
#include "pj-chat-box.h"
#include "pj-game-over-dialog.h"
#include "pj-hand-view.h"
#include "pj-join-page.h"
#include "pj-lobby-page.h"
#include "pj-move-item.h"
#include "pj-new-game-dialog.h"
#include "pj-peg-style.h"
#include "pj-settings.h"
#include "pj-statistics.h"
#include "pj-statistics-window.h"
#include "pj-team-progress.h"
#include "pj-window.h"

struct _PjWindow
{
  AdwApplicationWindow  parent_instance;

  /* template */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkWidget            *new_game_button;
  GtkWidget            *hint_button;
  GtkWidget            *action_box;
  AdwFlap              *flap;
  PjBoardView          *board;
  PjHandView           *hand;
  GtkLabel             *prompt_label;
  GtkWidget            *declare_box;
  GtkDropDown          *declare_dropdown;
  GtkWidget            *challenge_button;
  GtkWidget            *pass_button;
  GtkWidget            *discard_button;
  GtkWidget            *cancel_button;
  GtkScrolledWindow    *history_scroller;
  GtkListView          *history_list;
  GtkStack             *main_stack;
  GtkRevealer          *banner_revealer;
  GtkLabel             *banner_label;
  GtkWidget            *sidebar_box;
  PjTeamProgress       *team_progress;
  PjChatBox            *game_chat;

  /* LAN play */
  PjTable              *table;
  GtkWidget            *lobby_page;
  GtkWidget            *join_page;
  PjBrowser            *browser;
  PjGameOverDialog     *over_dialog;     /* weak: the winner dialog of a LAN game */

  GSettings            *settings;
  char                 *autosave_path;
  PjGame               *game;
  GSignalGroup         *game_signals;
  GtkNoSelection       *history_selection;
  guint                 history_idle;
  gboolean              history_follow;    /* the list still has to show its newest move */

  /* narrow windows (libadwaita 1.2 has no breakpoints) */
  gboolean              compact;
  guint                 compact_idle;

  /* Bluffing Joker: the ranks the selected card may be declared as */
  guint8                declare_ranks[PJ_N_RANKS];
  guint                 n_declare;
  gboolean              updating_declare;
};

G_DEFINE_FINAL_TYPE (PjWindow, pj_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_game_chat (PjWindow *self);
static void game_chat_send_cb (PjWindow *self, const char *text, gboolean team);
static void chat_reset (PjWindow *self);
static void host_lan_action (GtkWidget *widget, const char *action_name, GVariant *param);
static void join_lan_action (GtkWidget *widget, const char *action_name, GVariant *param);
static void leave_table_action (GtkWidget *widget, const char *action_name, GVariant *param);
static void reopen_table_action (GtkWidget *widget, const char *action_name, GVariant *param);
static gboolean can_reopen_table (PjWindow *self);

/* what follows "Leave this game?" */
typedef enum {
  THEN_HOST,
  THEN_JOIN,
  THEN_NEW_GAME,
  THEN_LEAVE_TABLE,
  THEN_REOPEN,
} LeaveThen;

static void confirm_leave (PjWindow *self, LeaveThen then);

/* ---- keeping the views in step with the game --------------------------- */

static gboolean
find_action (PjWindow     *self,
             PjActionKind  kind,
             guint         card,
             PjAction     *out)
{
  const PjAction *legal;
  guint n = 0;

  if (self->game == NULL)
    return FALSE;

  legal = pj_game_get_human_actions (self->game, &n);
  for (guint i = 0; i < n; i++)
    if (legal[i].kind == kind && (card == 0 || PJ_CARD_RANK (legal[i].card) == card))
      {
        *out = legal[i];
        return TRUE;
      }
  return FALSE;
}

static void
update_buttons (PjWindow *self)
{
  int selected = pj_hand_view_get_selected (self->hand);
  guint card = selected >= 0 ? PJ_CARD_RANK (pj_hand_view_get_card (self->hand, selected)) : 0;
  const char *prompt = pj_board_view_get_prompt (self->board);
  PjAction action;
  gboolean human = self->game != NULL && pj_game_is_human_turn (self->game);

  gtk_widget_set_visible (self->discard_button,
                          card != 0 && find_action (self, PJ_ACTION_DISCARD, card, &action));
  gtk_widget_set_visible (self->cancel_button, card != 0);
  gtk_widget_set_visible (self->challenge_button, find_action (self, PJ_ACTION_CHALLENGE, 0, &action));
  gtk_widget_set_visible (self->pass_button, find_action (self, PJ_ACTION_PASS, 0, &action));
  /* In a LAN game a hint is table talk of a kind: beginners' tables only */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 human && (!pj_game_is_mirror (self->game) ||
                                           pj_game_get_rules (self->game)->beginner_table_talk));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 self->game != NULL && pj_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as",
                                 self->game != NULL && !pj_game_is_mirror (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-table", self->table != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-table", can_reopen_table (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard",
                                 card != 0 && find_action (self, PJ_ACTION_DISCARD, card, &action));

  if (self->game != NULL && pj_game_get_awaiting (self->game))
    prompt = _("Sending your move to the host…");
  else if (human && card == 0 && prompt == NULL)
    prompt = _("Pick a card");
  gtk_label_set_label (self->prompt_label, prompt ? prompt : "");
}

static void
update_title (PjWindow *self)
{
  g_autofree char *subtitle = NULL;
  guint actor;

  if (self->game == NULL)
    {
      adw_window_title_set_subtitle (self->window_title, "");
      return;
    }

  actor = pj_game_get_actor (self->game);

  if (pj_game_is_over (self->game))
    subtitle = g_strdup (_("Game over"));
  else if (pj_game_get_thinking (self->game))
    /* Translators: a computer player is choosing its move */
    subtitle = g_strdup_printf (_("%s is thinking…"), pj_game_get_seat_name (self->game, actor));
  else if (pj_game_is_mirror (self->game) && !pj_game_is_human_turn (self->game) &&
           pj_game_get_controller (self->game, actor) == PJ_CONTROLLER_HUMAN)
    /* Translators: another person at a LAN table is choosing, e.g. "Bob is choosing…" */
    subtitle = g_strdup_printf (_("%s is choosing…"), pj_game_get_seat_name (self->game, actor));
  else if (pj_game_is_human_turn (self->game))
    /* Translators: the human player to move, e.g. "Red, your turn" */
    subtitle = g_strdup_printf (_("%s, your turn"), pj_game_get_seat_name (self->game, actor));
  else
    subtitle = g_strdup_printf (_("%s to play"), pj_game_get_seat_name (self->game, actor));

  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_hand (PjWindow *self)
{
  gboolean playable[PJ_MAX_HAND] = { FALSE };
  const PjState *s;
  const PjAction *legal;
  guint n_legal = 0;
  int viewer;

  if (self->game == NULL || (viewer = pj_game_get_viewer (self->game)) < 0)
    {
      pj_hand_view_set_cards (self->hand, NULL, NULL, 0);
      gtk_widget_set_visible (GTK_WIDGET (self->hand), FALSE);
      return;
    }

  s = pj_game_get_state (self->game);
  legal = pj_game_get_human_actions (self->game, &n_legal);
  for (guint i = 0; i < s->hand_count[viewer]; i++)
    for (guint k = 0; k < n_legal && !playable[i]; k++)
      playable[i] = PJ_CARD_RANK (legal[k].card) == PJ_CARD_RANK (s->hand[viewer][i]) &&
                    (legal[k].kind == PJ_ACTION_MOVE || legal[k].kind == PJ_ACTION_DISCARD ||
                     legal[k].kind == PJ_ACTION_FREE_COME_OUT);

  /* Between the human's turns the cards stay legible, just not clickable. */
  if (n_legal == 0)
    for (guint i = 0; i < PJ_MAX_HAND; i++)
      playable[i] = TRUE;
  gtk_widget_set_can_target (GTK_WIDGET (self->hand), n_legal > 0);
  gtk_widget_set_can_focus (GTK_WIDGET (self->hand), n_legal > 0);

  pj_hand_view_set_cards (self->hand, s->hand[viewer], playable, s->hand_count[viewer]);
  gtk_widget_set_visible (GTK_WIDGET (self->hand), TRUE);
}

static void
refresh (PjWindow *self)
{
  update_hand (self);
  update_title (self);
  update_buttons (self);
}

static void
apply_action (PjWindow       *self,
              const PjAction *action)
{
  g_autoptr (GError) error = NULL;

  if (!pj_game_apply (self->game, action, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
action_chosen_cb (PjWindow       *self,
                  const PjAction *action,
                  PjBoardView    *board)
{
  apply_action (self, action);
}

/* Bluffing Joker: offer every card the selected one may be declared as
 * (the ranks of the model's legal moves with it), itself first chosen. */
static void
update_declare (PjWindow *self,
                guint     card)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  gboolean offered[PJ_N_RANKS] = { FALSE };
  const PjAction *legal = NULL;
  guint n_legal = 0;
  guint chosen = 0;

  self->n_declare = 0;
  if (self->game != NULL && card != 0 && pj_game_get_rules (self->game)->bluffing)
    legal = pj_game_get_human_actions (self->game, &n_legal);
  for (guint i = 0; i < n_legal; i++)
    if (legal[i].kind == PJ_ACTION_MOVE && PJ_CARD_RANK (legal[i].card) == card)
      offered[PJ_CARD_RANK (legal[i].declared)] = TRUE;

  for (guint r = PJ_CARD_ACE; r <= PJ_CARD_JOKER; r++)
    if (offered[r])
      {
        if (r == card)
          chosen = self->n_declare;
        self->declare_ranks[self->n_declare++] = (guint8) r;
        gtk_string_list_append (names, pj_card_name (r));
      }

  self->updating_declare = TRUE;
  gtk_drop_down_set_model (self->declare_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->declare_dropdown, chosen);
  self->updating_declare = FALSE;
  gtk_widget_set_visible (self->declare_box, self->n_declare > 0);
  if (self->n_declare > 0)
    pj_board_view_set_declared (self->board, self->declare_ranks[chosen]);
}

static void
declare_changed_cb (PjWindow    *self,
                    GParamSpec  *pspec,
                    GtkDropDown *dropdown)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->updating_declare || i >= self->n_declare)
    return;
  pj_board_view_set_declared (self->board, self->declare_ranks[i]);
}

static void
hand_selected_cb (PjWindow   *self,
                  GParamSpec *pspec,
                  PjHandView *hand)
{
  int selected = pj_hand_view_get_selected (hand);
  guint card = selected >= 0 ? PJ_CARD_RANK (pj_hand_view_get_card (hand, selected)) : 0;

  pj_board_view_set_card (self->board, card);
  update_declare (self, card);
  update_buttons (self);

  /* keyboard play: a card chosen from the hand goes on to the board */
  if (card != 0)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (hand)))
        gtk_widget_grab_focus (GTK_WIDGET (self->board));
    }
}

/**
 * pj_window_declare:
 * @self: a window
 * @declared: a card rank
 *
 * Bluffing Joker: choose what the selected card is declared as, as the
 * "Declare as" list does. FALSE if that card cannot be declared so.
 */
gboolean
pj_window_declare (PjWindow *self,
                   guint     declared)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  for (guint i = 0; i < self->n_declare; i++)
    if (self->declare_ranks[i] == declared)
      {
        gtk_drop_down_set_selected (self->declare_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

static void
prompt_changed_cb (PjWindow    *self,
                   GParamSpec  *pspec,
                   PjBoardView *board)
{
  update_buttons (self);
}

static void
turn_changed_cb (PjWindow *self,
                 guint     actor,
                 PjGame   *game)
{
  refresh (self);
}

static void
thinking_changed_cb (PjWindow   *self,
                     GParamSpec *pspec,
                     PjGame     *game)
{
  update_title (self);
}

/* The team of the first local human, or -1 when only computers play. */
static int
local_team (PjGame *game)
{
  const PjRules *rules = pj_game_get_rules (game);

  if (pj_game_is_mirror (game))
    return pj_game_get_local_seat (game) >= 0 ? (int) pj_team_of (rules, (guint) pj_game_get_local_seat (game)) : -1;

  for (guint seat = 0; seat < rules->players; seat++)
    if (pj_game_get_controller (game, seat) == PJ_CONTROLLER_HUMAN)
      return (int) pj_team_of (rules, seat);
  return -1;
}

/* An undone and replayed ending is still one game. */
static void
record_statistics (PjWindow *self,
                   PjGame   *game,
                   int       team,
                   int       winner)
{
  if (team < 0 || g_object_get_data (G_OBJECT (game), "pj-counted") != NULL)
    return;
  g_object_set_data (G_OBJECT (game), "pj-counted", GINT_TO_POINTER (TRUE));
  pj_statistics_record (self->settings, pj_game_get_rules (game), team == winner);
}

static void
play_again (PjWindow *self)
{
  g_autoptr (PjGame) game = NULL;

  if (self->game == NULL)
    return;

  game = pj_game_new_rematch (self->game, ((guint64) g_random_int () << 32) | g_random_int ());
  pj_window_set_game (self, game);
  pj_game_start (game);
}

static void
game_over_response_cb (PjWindow         *self,
                       const char       *response,
                       PjGameOverDialog *dialog)
{
  if (g_strcmp0 (response, "new") == 0)
    pj_window_new_game (self);
  else if (g_strcmp0 (response, "again") == 0)
    play_again (self);
  else if (g_strcmp0 (response, "leave") == 0)
    pj_window_leave_table (self);
  else if (g_strcmp0 (response, "rematch") == 0 && self->table != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!pj_table_rematch (self->table, &error))
        adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
    }
}

static void
game_over_cb (PjWindow *self,
              int       winner,
              PjGame   *game)
{
  int team = local_team (game);
  gboolean mirror = pj_game_is_mirror (game);
  PjGameOverDialog *dialog;

  refresh (self);
  record_statistics (self, game, team, winner);

  dialog = pj_game_over_dialog_new (GTK_WINDOW (self), game, team,
                                    mirror && self->table != NULL && pj_table_can_rematch (self->table));
  /* a LAN game's dialog takes the fair-deal check, and goes with the next deal */
  if (mirror)
    g_set_weak_pointer (&self->over_dialog, dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (game_over_response_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
state_reset_cb (PjWindow *self,
                PjGame   *game)
{
  refresh (self);
}

/* ---- history ------------------------------------------------------------ */

static void
history_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_set_margin_bottom (label, 2);
  gtk_list_item_set_child (item, label);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
history_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  PjMoveItem *move = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       pj_move_item_get_description (move));
}

static gboolean
scroll_to_end_cb (gpointer user_data)
{
  PjWindow *self = user_data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->history_scroller);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history_selection));

  self->history_idle = 0;
  /* a hidden panel (narrow window) has no rows to scroll to: GtkListView
   * warns; history_mapped_cb() comes back when it is shown */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->history_scroller)))
    return G_SOURCE_REMOVE;

  self->history_follow = FALSE;
  if (n == 0)
    return G_SOURCE_REMOVE;
  /* rows not yet measured are only estimated: the adjustment's upper
   * bound may fall short of a long game's end, so the list is anchored
   * to its last item last */
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  gtk_widget_activate_action (GTK_WIDGET (self->history_list), "list.scroll-to-item", "u", n - 1);
  return G_SOURCE_REMOVE;
}

/* Show the newest move once the list has measured it (after this main loop
 * iteration), or when the panel is shown next. */
static void
follow_history_end (PjWindow *self)
{
  self->history_follow = TRUE;
  if (self->history_idle == 0)
    self->history_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_end_cb, self, NULL);
}

static void
history_mapped_cb (PjWindow *self)
{
  if (self->history_follow)
    follow_history_end (self);
}

static void
history_changed_cb (PjWindow   *self,
                    guint       position,
                    guint       removed,
                    guint       added,
                    GListModel *model)
{
  follow_history_end (self);
}

/* ---- actions ------------------------------------------------------------- */

static void
start_game_cb (PjWindow        *self,
               PjGame          *game,
               PjNewGameDialog *dialog)
{
  /* a game here ends any LAN table */
  if (self->table != NULL)
    pj_window_leave_table (self);
  pj_window_set_game (self, game);
  pj_game_start (game);
}

void
pj_window_new_game (PjWindow *self)
{
  PjNewGameDialog *dialog;

  g_return_if_fail (PJ_IS_WINDOW (self));

  dialog = pj_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  g_signal_connect_object (dialog, "start-game", G_CALLBACK (start_game_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  confirm_leave (PJ_WINDOW (widget), THEN_NEW_GAME);
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
      update_buttons (self);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && game == self->game)
        adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      return;
    }
  if (game != self->game)
    return;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", TRUE);
  pj_board_view_show_hint (self->board, &action);
  text = pj_game_describe_action (game, pj_game_get_state (game), &action);
  if (reason != NULL)
    {
      /* Translators: a hint: the move, then why */
      g_autofree char *with_reason = g_strdup_printf (_("%s — %s"), text, reason);
      g_free (text);
      text = g_steal_pointer (&with_reason);
    }
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
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
      find_action (self, PJ_ACTION_DISCARD, PJ_CARD_RANK (pj_hand_view_get_card (self->hand, selected)), &action))
    apply_action (self, &action);
}

static void
cancel_move_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);
  int selected = pj_hand_view_get_selected (self->hand);
  gboolean on_board = gtk_widget_has_focus (GTK_WIDGET (self->board));

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

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

static void
challenge_clicked_cb (PjWindow *self)
{
  PjAction action;

  if (find_action (self, PJ_ACTION_CHALLENGE, 0, &action))
    apply_action (self, &action);
}

static void
pass_clicked_cb (PjWindow *self)
{
  PjAction action;

  if (find_action (self, PJ_ACTION_PASS, 0, &action))
    apply_action (self, &action);
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
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
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
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A bad file gets its error and leaves the game on the table as it was. */
void
pj_window_open_file (PjWindow *self,
                     GFile    *file)
{
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  g_return_if_fail (PJ_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("Only games saved on this computer can be opened"));
  else
    record = pj_record_load (path, &error);

  if (record == NULL)
    {
      show_file_error (self, _("Could Not Open the Game"), error);
      return;
    }

  game = pj_game_new_from_record (record);
  pj_window_set_game (self, game);
  pj_game_start (game);
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
  return pj_record_save (pj_game_get_record (self->game), path, error);
}

static void
save_to (PjWindow *self,
         GFile    *file)
{
  g_autoptr (GError) error = NULL;

  if (!pj_window_save_file (self, file, &error))
    show_file_error (self, _("Could Not Save the Game"), error);
  else
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Game saved")));
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
    pj_window_open_file (self, file);
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
        pj_window_open_file (self, file);
      else
        save_to (self, file);
    }
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
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("Game.json"));
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
#endif

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);

#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr (GtkFileDialog) dialog = file_dialog (_("Open a Saved Game"));

  gtk_file_dialog_open (dialog, GTK_WINDOW (self), NULL, open_done_cb, g_object_ref (self));
#else
  run_chooser (self, _("Open a Saved Game"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
#endif
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  PjWindow *self = PJ_WINDOW (widget);

#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr (GtkFileDialog) dialog = file_dialog (_("Save the Game"));

  gtk_file_dialog_set_initial_name (dialog, _("Game.json"));
  gtk_file_dialog_save (dialog, GTK_WINDOW (self), NULL, save_done_cb, g_object_ref (self));
#else
  run_chooser (self, _("Save the Game"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
#endif
}

/* ---- resuming ------------------------------------------------------------ */

static void
resume_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    PjWindow         *self)
{
  if (self->game == NULL)
    return;

  if (g_strcmp0 (response, "resume") == 0)
    pj_game_start (self->game);
  else
    play_again (self);
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
  GtkWidget *dialog;

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
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Resume Your Game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "new", _("_New Game"),
                                    "resume", _("_Resume"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resume",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "resume");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "resume");
  g_signal_connect (dialog, "response", G_CALLBACK (resume_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
pj_window_set_autosave_path (PjWindow   *self,
                             const char *path)
{
  g_return_if_fail (PJ_IS_WINDOW (self));

  g_free (self->autosave_path);
  self->autosave_path = g_strdup (path);
  if (self->game != NULL)
    pj_game_set_autosave_path (self->game, path);
  /* a hosted table's save lives beside it: "Reopen Last Table" */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-table", can_reopen_table (self));
}

/* ---- narrow windows ------------------------------------------------------ */

#define COMPACT_WIDTH 600

static gboolean
apply_compact_cb (gpointer user_data)
{
  PjWindow *self = user_data;

  self->compact_idle = 0;
  /* New Game and Hint are in the menu too; the undo icon stays */
  gtk_widget_set_visible (self->new_game_button, !self->compact);
  gtk_widget_set_visible (self->hint_button, !self->compact);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->action_box),
                                  self->compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  if (self->compact)
    gtk_widget_add_css_class (GTK_WIDGET (self), "compact");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "compact");
  return G_SOURCE_REMOVE;
}

/* Changing widgets while GTK allocates them is not allowed: the change
 * waits for an idle moment. */
static void
pj_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  PjWindow *self = PJ_WINDOW (widget);
  gboolean compact = width < COMPACT_WIDTH;

  GTK_WIDGET_CLASS (pj_window_parent_class)->size_allocate (widget, width, height, baseline);

  if (compact != self->compact)
    {
      self->compact = compact;
      g_clear_handle_id (&self->compact_idle, g_source_remove);
      self->compact_idle = g_idle_add (apply_compact_cb, self);
    }
}

/* A window opened (or set) narrow is compact before its first allocation,
 * so that its header does not hold it wider than asked. */
static void
default_width_cb (PjWindow   *self,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width <= 0 || (width < COMPACT_WIDTH) == self->compact)
    return;
  self->compact = width < COMPACT_WIDTH;
  g_clear_handle_id (&self->compact_idle, g_source_remove);
  apply_compact_cb (self);
}

gboolean
pj_window_get_compact (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  return self->compact;
}

/* ---- LAN play ------------------------------------------------------------- */

static const char *
player_name (void)
{
  const char *name = g_get_real_name ();

  if (name == NULL || name[0] == '\0' || g_strcmp0 (name, "Unknown") == 0)
    name = g_get_user_name ();
  return name;
}

static void
toast (PjWindow   *self,
       const char *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
show_banner (PjWindow   *self,
             const char *text)
{
  if (text != NULL)
    gtk_label_set_label (self->banner_label, text);
  gtk_revealer_set_reveal_child (self->banner_revealer, text != NULL);
}

/* RULES §12: during a game only team talk, and only at a beginners' table;
 * spectators have no team. */
static void
update_game_chat (PjWindow *self)
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
  update_game_chat (self);
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
  pj_table_leave (table);
  if (self->game != NULL && pj_game_is_mirror (self->game))
    a_fresh_local_game (self);
  update_game_chat (self);
  update_buttons (self);
}

static void
table_game_started_cb (PjWindow *self,
                       PjGame   *game,
                       PjTable  *table)
{
  /* a new game at the table (the host's rematch): the last one's dialog goes */
  if (self->over_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->over_dialog));
  g_clear_weak_pointer (&self->over_dialog);
  pj_window_set_game (self, game);
  pj_game_start (game);
  show_page (self, "game");
  if (pj_game_get_local_seat (game) < 0)
    toast (self, _("You are watching this game"));
}

static void
table_error_cb (PjWindow     *self,
                const GError *error,
                PjTable      *table)
{
  /* the lobby page shows its own; in a game they come here */
  if (pj_table_get_game (table) != NULL)
    toast (self, error->message);
  if (g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_CLOSED) && !pj_table_get_connected (table))
    show_banner (self, _("The connection to the table was lost"));
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
      toast (self, _("Back at the table"));
    }
}

static void
table_seat_covered_cb (PjWindow *self,
                       guint     seat,
                       gboolean  covered,
                       PjTable  *table)
{
  g_autofree char *text = NULL;
  const char *name = self->game != NULL ? pj_game_get_seat_name (self->game, seat) : pj_game_colour_name (seat);

  if (covered)
    /* Translators: a player dropped from a LAN game, e.g. "Bob lost the connection: a computer plays for them until they come back" */
    text = g_strdup_printf (_("%s lost the connection: a computer plays for them until they come back"), name);
  else
    /* Translators: e.g. "Bob is back" */
    text = g_strdup_printf (_("%s is back"), name);
  toast (self, text);
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
    toast (self, text);
}

static void
lobby_leave_cb (PjWindow *self)
{
  pj_window_leave_table (self);
}

static void show_lobby (PjWindow *self);

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
      pj_table_leave (self->table);
      g_clear_object (&self->table);
    }

  self->table = g_object_ref (table);
  g_signal_connect_swapped (table, "game-started", G_CALLBACK (table_game_started_cb), self);
  g_signal_connect_swapped (table, "error", G_CALLBACK (table_error_cb), self);
  g_signal_connect_swapped (table, "notify::reconnecting", G_CALLBACK (table_reconnecting_cb), self);
  g_signal_connect_swapped (table, "seat-covered", G_CALLBACK (table_seat_covered_cb), self);
  g_signal_connect_swapped (table, "chat", G_CALLBACK (table_chat_cb), self);
  g_signal_connect_swapped (table, "verified", G_CALLBACK (table_verified_cb), self);

  /* the host keeps its game beside the local one, to reopen after a crash */
  if (pj_table_get_host (table) != NULL && self->autosave_path != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self->autosave_path);
      g_autofree char *path = g_build_filename (dir, "lan-table.json", NULL);

      g_mkdir_with_parents (dir, 0700);
      pj_table_set_save_path (table, path);
    }

  chat_reset (self);
  update_buttons (self);
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
  self->lobby_page = pj_lobby_page_new_host (player_name ());
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

  lobby = pj_window_host_lan (self);
  return pj_lobby_page_open_table (PJ_LOBBY_PAGE (lobby), table_name, NULL, player_name (), error);
}

static char *
lan_save_path (PjWindow *self)
{
  g_autofree char *dir = NULL;

  if (self->autosave_path == NULL)
    return NULL;
  dir = g_path_get_dirname (self->autosave_path);
  return g_build_filename (dir, "lan-table.json", NULL);
}

/* A table hosted here was saved with its tokens: it can be reopened. */
static gboolean
can_reopen_table (PjWindow *self)
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

  return can_reopen_table (self);
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
  table = pj_table_new (player_name ());
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
  self->join_page = pj_join_page_new (player_name ());
  pj_join_page_set_browser (PJ_JOIN_PAGE (self->join_page), self->browser);
  g_signal_connect_swapped (self->join_page, "joined", G_CALLBACK (joined_cb), self);
  g_signal_connect_swapped (self->join_page, "back", G_CALLBACK (join_back_cb), self);
  gtk_stack_add_named (self->main_stack, self->join_page, "join");
  show_page (self, "join");
  return self->join_page;
}

/* ---- leaving a game ------------------------------------------------------ */

/* A game someone would mind losing: at a LAN table, its game until the
 * end; here, a game with a move made. */
static gboolean
game_in_progress (PjWindow *self)
{
  if (self->game == NULL || pj_game_is_over (self->game))
    return FALSE;
  if (self->table != NULL)
    return pj_game_is_mirror (self->game);
  return !pj_game_is_mirror (self->game) && pj_game_get_n_actions (self->game) > 0;
}

static void
leave_then (PjWindow  *self,
            LeaveThen  then)
{
  switch (then)
    {
    case THEN_HOST:
      pj_window_host_lan (self);
      break;
    case THEN_JOIN:
      pj_window_join_lan (self);
      break;
    case THEN_NEW_GAME:
      pj_window_new_game (self);
      break;
    case THEN_LEAVE_TABLE:
      pj_window_leave_table (self);
      break;
    case THEN_REOPEN:
      {
        g_autoptr (GError) error = NULL;

        if (!pj_window_reopen_table (self, &error))
          {
            /* Translators: reopening the saved LAN table failed; the reason follows */
            g_autofree char *text = g_strdup_printf (_("The table could not be reopened: %s"), error->message);
            toast (self, text);
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
leave_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   PjWindow         *self)
{
  LeaveThen then = (LeaveThen) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "pj-then"));

  if (g_strcmp0 (response, "leave") == 0)
    leave_then (self, then);
}

/* Ask before a game in progress is left; anything else goes ahead. */
static void
confirm_leave (PjWindow  *self,
               LeaveThen  then)
{
  GtkWidget *dialog;
  const char *body;

  if (!game_in_progress (self))
    {
      leave_then (self, then);
      return;
    }

  if (self->table != NULL && pj_table_get_host (self->table) != NULL)
    body = _("You host this game: it ends for the other players too. The table is saved, and “Reopen Last Table” brings it back.");
  else if (self->table != NULL)
    body = _("The game goes on without you: after a while the host’s computer plays your seat.");
  else if (then == THEN_NEW_GAME)
    body = _("The game in progress ends, and the new one takes its place.");
  else
    body = _("This game is saved: you can resume it when you leave the LAN table.");

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Leave this game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "leave", _("_Leave"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "leave",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "pj-then", GINT_TO_POINTER (then));
  g_signal_connect_object (dialog, "response", G_CALLBACK (leave_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
host_lan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  confirm_leave (PJ_WINDOW (widget), THEN_HOST);
}

static void
join_lan_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  confirm_leave (PJ_WINDOW (widget), THEN_JOIN);
}

static void
leave_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  confirm_leave (PJ_WINDOW (widget), THEN_LEAVE_TABLE);
}

static void
reopen_table_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  confirm_leave (PJ_WINDOW (widget), THEN_REOPEN);
}

/* ---- GObject ------------------------------------------------------------- */

static gboolean
pj_window_close_request (GtkWindow *window)
{
  PjWindow *self = PJ_WINDOW (window);

  if (self->settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
    }

  if (self->game != NULL)
    pj_game_stop (self->game);

  return GTK_WINDOW_CLASS (pj_window_parent_class)->close_request (window);
}

static void
pj_window_dispose (GObject *object)
{
  PjWindow *self = (PjWindow *) object;

  if (self->game != NULL)
    pj_game_stop (self->game);
  g_clear_handle_id (&self->compact_idle, g_source_remove);
  g_clear_handle_id (&self->history_idle, g_source_remove);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->history_selection);
  g_clear_object (&self->settings);
  if (self->table != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->table, self);
      pj_table_leave (self->table);
      g_clear_object (&self->table);
    }
  g_clear_object (&self->browser);
  g_clear_weak_pointer (&self->over_dialog);
  g_clear_pointer (&self->autosave_path, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_WINDOW);

  G_OBJECT_CLASS (pj_window_parent_class)->dispose (object);
}

static void
pj_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PjWindow *self = PJ_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PjWindow *self = PJ_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pj_window_set_game (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_window_class_init (PjWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = pj_window_dispose;
  object_class->get_property = pj_window_get_property;
  object_class->set_property = pj_window_set_property;
  window_class->close_request = pj_window_close_request;
  widget_class->size_allocate = pj_window_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PJ_TYPE_BOARD_VIEW);
  g_type_ensure (PJ_TYPE_HAND_VIEW);
  g_type_ensure (PJ_TYPE_TEAM_PROGRESS);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/pegsandjokers/PegsAndJokers/pj-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, action_box);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, board);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, hand);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, declare_box);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, declare_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, challenge_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, pass_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, discard_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, history_scroller);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, history_list);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, sidebar_box);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, team_progress);
  gtk_widget_class_bind_template_callback (widget_class, challenge_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pass_clicked_cb);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_action);
  gtk_widget_class_install_action (widget_class, "win.discard", NULL, discard_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-move", NULL, cancel_move_action);
  gtk_widget_class_install_action (widget_class, "win.select-card", "i", select_card_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-history", NULL, toggle_history_action);
  gtk_widget_class_install_action (widget_class, "win.host-lan", NULL, host_lan_action);
  gtk_widget_class_install_action (widget_class, "win.join-lan", NULL, join_lan_action);
  gtk_widget_class_install_action (widget_class, "win.leave-table", NULL, leave_table_action);
  gtk_widget_class_install_action (widget_class, "win.reopen-table", NULL, reopen_table_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-move", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.discard", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-history", NULL);
  for (guint i = 0; i < PJ_MAX_HAND; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK, "win.select-card", "i", (gint32) i);
}

static void
pj_window_init (PjWindow *self)
{
  g_autoptr (GtkListItemFactory) factory = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = pj_settings_new ();
  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_bind (self->settings, "reduce-motion", self->board, "reduce-motion", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "animation-speed", self->board, "animation-speed", G_SETTINGS_BIND_GET);
      {
        g_autoptr (GAction) reduce_motion = g_settings_create_action (self->settings, "reduce-motion");
        g_action_map_add_action (G_ACTION_MAP (self), reduce_motion);
      }
    }
  else
    gtk_window_set_default_size (GTK_WINDOW (self), 1100, 760);

  {
    g_autoptr (GPropertyAction) show_history = g_property_action_new ("show-history", self->flap, "reveal-flap");
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_history));
  }

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (history_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (history_bind_cb), NULL);
  gtk_list_view_set_factory (self->history_list, factory);
  g_signal_connect_swapped (self->history_scroller, "map", G_CALLBACK (history_mapped_cb), self);

  g_signal_connect (self, "notify::default-width", G_CALLBACK (default_width_cb), NULL);
  default_width_cb (self, NULL, NULL);
  g_signal_connect_swapped (self->board, "action-chosen", G_CALLBACK (action_chosen_cb), self);
  g_signal_connect_swapped (self->board, "notify::prompt", G_CALLBACK (prompt_changed_cb), self);
  g_signal_connect_swapped (self->hand, "notify::selected", G_CALLBACK (hand_selected_cb), self);
  g_signal_connect_swapped (self->declare_dropdown, "notify::selected", G_CALLBACK (declare_changed_cb), self);

  self->game_signals = g_signal_group_new (PJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "turn-changed", G_CALLBACK (turn_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "state-reset", G_CALLBACK (state_reset_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::thinking", G_CALLBACK (thinking_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::awaiting", G_CALLBACK (refresh), self);

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

PjWindow *
pj_window_new (GtkApplication *application)
{
  return g_object_new (PJ_TYPE_WINDOW, "application", application, NULL);
}

PjGame *
pj_window_get_game (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  return self->game;
}

void
pj_window_set_game (PjWindow *self,
                    PjGame   *game)
{
  GListModel *history;

  g_return_if_fail (PJ_IS_WINDOW (self));
  g_return_if_fail (game == NULL || PJ_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      pj_game_stop (self->game);
      pj_game_set_autosave_path (self->game, NULL);
      g_signal_handlers_disconnect_by_func (pj_game_get_history (self->game), history_changed_cb, self);
    }
  g_set_object (&self->game, game);
  if (game != NULL && self->autosave_path != NULL)
    pj_game_set_autosave_path (game, self->autosave_path);
  g_signal_group_set_target (self->game_signals, game);
  pj_board_view_set_game (self->board, game);
  pj_team_progress_set_game (self->team_progress, game);

  history = game ? pj_game_get_history (game) : NULL;
  g_clear_object (&self->history_selection);
  self->history_selection = gtk_no_selection_new (history ? g_object_ref (history) : NULL);
  gtk_list_view_set_model (self->history_list, GTK_SELECTION_MODEL (self->history_selection));
  if (history != NULL)
    {
      g_signal_connect_object (history, "items-changed", G_CALLBACK (history_changed_cb), self, G_CONNECT_SWAPPED);
      /* an opened or resumed game shows where it stands, not how it began */
      follow_history_end (self);
    }

  update_game_chat (self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

PjBoardView *
pj_window_get_board_view (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  return self->board;
}

PjHandView *
pj_window_get_hand_view (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  return self->hand;
}
