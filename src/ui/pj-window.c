/* pj-window.c — the main window: board, hand, move history
 *
 * The window only connects views to the game: the hand shows the cards of
 * the seat the model says is viewing, the board turns picks into one of
 * the model's legal actions, and that action goes back through the model's
 * checked pj_game_apply().
 *
 * A LAN game is no different for the views: its PjGame is a mirror of the
 * table (pj-game.h), kept by a PjTable (pj-table.h). What hosting and
 * joining add is in pj-window-lan.c, the win.* actions in
 * pj-window-actions.c, the end of a game in pj-window-game-over.c, the
 * move list in pj-window-history.c (pj-window-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-announce.h"
#include "pj-card-names.h"
#include "pj-move-item.h"
#include "pj-settings.h"
#include "pj-window-private.h"

G_DEFINE_FINAL_TYPE (PjWindow, pj_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- keeping the views in step with the game --------------------------- */

gboolean
_pj_window_find_action (PjWindow     *self,
                        PjActionKind  kind,
                        guint         card,
                        PjAction     *out)
{
  return pj_move_picker_find_action (_pj_window_get_picker (self), kind, card, out);
}

/* The board's picker, following the game: the window asks the same one
 * the board does (whichever of the two hears of a new position first). */
PjMovePicker *
_pj_window_get_picker (PjWindow *self)
{
  PjMovePicker *picker = pj_board_view_get_picker (self->board);
  const PjAction *legal = NULL;
  guint n_legal = 0;

  /* looking back, nothing is played (as in the board's own update_input) */
  if (self->looking)
    {
      pj_move_picker_set_actions (picker, pj_board_view_get_look_back (self->board), NULL, 0);
      return picker;
    }
  if (self->game != NULL)
    legal = pj_game_get_human_actions (self->game, &n_legal);
  pj_move_picker_set_actions (picker, self->game ? pj_game_get_state (self->game) : NULL,
                              legal, n_legal);
  return picker;
}

void
_pj_window_update_buttons (PjWindow *self)
{
  int selected = pj_hand_view_get_selected (self->hand);
  guint card = selected >= 0 ? PJ_CARD_RANK (pj_hand_view_get_card (self->hand, selected)) : 0;
  const char *prompt = pj_board_view_get_prompt (self->board);
  g_autofree char *question = NULL;
  PjAction action;
  gboolean human = self->game != NULL && pj_game_is_human_turn (self->game);
  gboolean hinted_card = self->have_hint && card != 0 && PJ_CARD_RANK (self->hint.card) == card;

  gtk_widget_set_visible (self->discard_button,
                          card != 0 && _pj_window_find_action (self, PJ_ACTION_DISCARD, card, &action));
  gtk_widget_set_visible (self->cancel_button, card != 0);
  gtk_widget_set_visible (self->challenge_button, _pj_window_find_action (self, PJ_ACTION_CHALLENGE, 0, &action));
  gtk_widget_set_visible (self->pass_button, _pj_window_find_action (self, PJ_ACTION_PASS, 0, &action));
  /* a hint to challenge or not marks its button, as a card is marked */
  if (self->have_hint && self->hint.kind == PJ_ACTION_CHALLENGE)
    gtk_widget_add_css_class (self->challenge_button, "hinted");
  else
    gtk_widget_remove_css_class (self->challenge_button, "hinted");
  if (self->have_hint && self->hint.kind == PJ_ACTION_PASS)
    gtk_widget_add_css_class (self->pass_button, "hinted");
  else
    gtk_widget_remove_css_class (self->pass_button, "hinted");
  /* In a LAN game a hint is table talk of a kind: beginners' tables only */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 human && !self->looking && (!pj_game_is_mirror (self->game) ||
                                           pj_game_get_rules (self->game)->beginner_table_talk));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 self->game != NULL && pj_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as",
                                 self->game != NULL && !pj_game_is_mirror (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save",
                                 self->game != NULL && !pj_game_is_mirror (self->game));
  /* at a LAN table the computers play on the host, and the others would
   * wait for a pause they cannot see: no pausing there, even hosting */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause",
                                 self->game != NULL && self->table == NULL && !pj_game_is_mirror (self->game) &&
                                 !pj_game_is_over (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-table", self->table != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-table", _pj_window_lan_can_reopen (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.discard",
                                 card != 0 && _pj_window_find_action (self, PJ_ACTION_DISCARD, card, &action));

  /* away from the table the banner says why; nothing is being sent */
  if (self->looking)
    prompt = _("Looking back: press Escape to return to the game");
  else if (self->game != NULL && pj_game_get_awaiting (self->game) &&
      self->table != NULL && !pj_table_get_connected (self->table))
    prompt = NULL;
  else if (self->game != NULL && pj_game_get_awaiting (self->game))
    prompt = _("Sending your move to the host…");
  else if (human && self->hint_text != NULL && (card == 0 || hinted_card))
    prompt = self->hint_text;   /* what to do, in place of how to pick it */
  else if (human && card == 0 && (question = pj_game_describe_question (self->game)) != NULL)
    prompt = question;          /* Bluffing Joker: challenge, or whose peg goes back */
  else if (human && card == 0 && prompt == NULL)
    prompt = _("Pick a card");
  if (self->outcome_text != NULL && !self->looking)
    {
      g_autofree char *both = prompt != NULL && prompt[0] != '\0'
                              ? g_strdup_printf ("%s\n%s", self->outcome_text, prompt)
                              : g_strdup (self->outcome_text);

      gtk_label_set_label (self->prompt_label, both);
      prompt = self->outcome_text;
    }
  else
    gtk_label_set_label (self->prompt_label, prompt ? prompt : "");
  /* An empty status would be read out as "GtkLabel"; hiding the label
   * itself would make the board jump as the prompt comes and goes. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->prompt_label),
                               GTK_ACCESSIBLE_STATE_HIDDEN, prompt == NULL || prompt[0] == '\0',
                               -1);
}

static void
update_title (PjWindow *self)
{
  g_autofree char *subtitle = NULL;
  guint actor;

  _pj_window_update_title (self);
  if (self->game == NULL)
    {
      adw_window_title_set_subtitle (self->window_title, "");
      return;
    }

  actor = pj_game_get_actor (self->game);

  if (pj_game_is_over (self->game))
    subtitle = g_strdup (_("Game over"));
  else if (pj_game_get_paused (self->game))
    /* Translators: the window's subtitle while the game is paused */
    subtitle = g_strdup (C_("game", "Paused"));
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
  gboolean any_playable = FALSE;
  PjMovePicker *picker;
  const PjState *s;
  guint n_legal = 0;
  int viewer;

  if (self->game == NULL || (viewer = pj_game_get_viewer (self->game)) < 0)
    {
      pj_hand_view_set_cards (self->hand, NULL, NULL, 0);
      gtk_widget_set_visible (GTK_WIDGET (self->hand), FALSE);
      return;
    }

  /* looking back: the hand as it was then, legible, not playable */
  if (self->looking)
    {
      s = pj_board_view_get_look_back (self->board);
      pj_hand_view_set_cards (self->hand, s->hand[viewer], NULL, s->hand_count[viewer]);
      gtk_widget_set_visible (GTK_WIDGET (self->hand), TRUE);
      return;
    }

  s = pj_game_get_state (self->game);
  picker = _pj_window_get_picker (self);
  pj_game_get_human_actions (self->game, &n_legal);
  for (guint i = 0; i < s->hand_count[viewer]; i++)
    any_playable |= playable[i] = pj_move_picker_card_is_playable (picker, s->hand[viewer][i]);

  /* Between the human's turns, and while a Bluffing Joker question is
   * answered with buttons, the cards stay legible, just not clickable. */
  if (!any_playable)
    for (guint i = 0; i < PJ_MAX_HAND; i++)
      playable[i] = TRUE;
  gtk_widget_set_can_target (GTK_WIDGET (self->hand), any_playable);
  gtk_widget_set_can_focus (GTK_WIDGET (self->hand), any_playable);

  pj_hand_view_set_cards (self->hand, s->hand[viewer], playable, s->hand_count[viewer]);
  gtk_widget_set_visible (GTK_WIDGET (self->hand), TRUE);

  if (self->have_hint && self->hint.kind != PJ_ACTION_CHALLENGE && self->hint.kind != PJ_ACTION_PASS &&
      self->hint.kind != PJ_ACTION_PENALTY)
    for (guint i = 0; i < s->hand_count[viewer]; i++)
      if (PJ_CARD_RANK (s->hand[viewer][i]) == PJ_CARD_RANK (self->hint.card))
        {
          pj_hand_view_set_hint (self->hand, (int) i);
          break;
        }
}

static void
clear_hint (PjWindow *self)
{
  self->have_hint = FALSE;
  g_clear_pointer (&self->hint_text, g_free);
  pj_hand_view_set_hint (self->hand, -1);
  pj_board_view_show_hint (self->board, NULL);
}

/* A hint for the position on the table now: the card marked on the hand,
 * the pegs and holes on the board, the instruction in the prompt line. */
void
_pj_window_show_hint (PjWindow       *self,
                      const PjAction *action,
                      const char     *text)
{
  self->hint = *action;
  self->have_hint = TRUE;
  g_free (self->hint_text);
  self->hint_text = g_strdup (text);
  pj_board_view_show_hint (self->board, action);
  _pj_window_refresh (self);
}

void
_pj_window_refresh (PjWindow *self)
{
  update_hand (self);
  update_title (self);
  _pj_window_update_buttons (self);
  _pj_window_review_update (self);
}

void
_pj_window_toast (PjWindow   *self,
                  const char *text)
{
  _pj_window_add_toast (self, adw_toast_new (text));
}

void
_pj_window_add_toast (PjWindow *self,
                      AdwToast *toast)
{
  /* in a game, never over the hand. Over the side panel when it is shown
   * beside the board: at the board's foot a toast covers the seat there,
   * the player's own, in a window wider than tall. Without it, the board
   * is narrow (its foot is empty below the track) or the person hid the
   * panel. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "game") == 0 &&
      pj_side_panel_get_show_sidebar (self->side_panel) && !pj_side_panel_get_collapsed (self->side_panel))
    adw_toast_overlay_add_toast (self->side_toast_overlay, toast);
  else if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "game") == 0)
    adw_toast_overlay_add_toast (self->board_toast_overlay, toast);
  else
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
pj_window_add_toast (PjWindow   *self,
                     const char *text)
{
  g_return_if_fail (PJ_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  _pj_window_toast (self, text);
}

void
_pj_window_apply_action (PjWindow       *self,
                         const PjAction *action)
{
  g_autoptr (GError) error = NULL;

  /* a position looked back at is not played on */
  if (self->looking)
    return;
  if (!pj_game_apply (self->game, action, &error))
    _pj_window_toast (self, error->message);
}

static void
action_chosen_cb (PjWindow       *self,
                  const PjAction *action,
                  PjBoardView    *board)
{
  _pj_window_apply_action (self, action);
}

/* Bluffing Joker: offer every card the selected one may be declared as
 * (the ranks of the model's legal moves with it), itself chosen when it
 * moves. When it does not, nothing is chosen: pre-selecting the first
 * entry (an Ace) made a bluff the player never chose (issue 24). */
static void
update_declare (PjWindow *self,
                guint     card)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint chosen = GTK_INVALID_LIST_POSITION;

  self->n_declare = pj_move_picker_get_declarations (_pj_window_get_picker (self), card,
                                                     self->declare_ranks);
  for (guint i = 0; i < self->n_declare; i++)
    {
      if (self->declare_ranks[i] == card)
        chosen = i;
      gtk_string_list_append (names, pj_card_name (self->declare_ranks[i]));
    }

  self->updating_declare = TRUE;
  gtk_drop_down_set_model (self->declare_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->declare_dropdown, chosen);
  self->updating_declare = FALSE;
  gtk_widget_set_visible (self->declare_box, self->n_declare > 0);
  /* what the list shows is what the board plays: a GTK whose list cannot
   * show nothing (4.24) picked an entry of its own */
  chosen = gtk_drop_down_get_selected (self->declare_dropdown);
  if (chosen < self->n_declare)
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
  _pj_window_update_buttons (self);

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
        /* no notify when the list showed it already */
        pj_board_view_set_declared (self->board, declared);
        return TRUE;
      }
  return FALSE;
}

static void
prompt_changed_cb (PjWindow    *self,
                   GParamSpec  *pspec,
                   PjBoardView *board)
{
  const char *prompt = pj_board_view_get_prompt (board);

  _pj_window_update_buttons (self);
  /* a card picked from the hand (Alt+1 …): what to do next is told where
   * the player is; on the board the board tells it */
  if (prompt != NULL && !pj_board_view_has_keyboard_focus (board))
    pj_announce (GTK_WIDGET (self), prompt);
}

static void
turn_changed_cb (PjWindow *self,
                 guint     actor,
                 PjGame   *game)
{
  _pj_window_refresh (self);
}

static void
thinking_changed_cb (PjWindow   *self,
                     GParamSpec *pspec,
                     PjGame     *game)
{
  update_title (self);
}


/* ---- game over ---------------------------------------------------------- */

/* The team of the first local human, or -1 when only computers play. */
/* The game goes on; the person learns that the disk is not keeping it,
 * for as long as that lasts (the writer tries again by itself). At a table
 * hosted here the host's game is the one saved, not the window's mirror. */
void
_pj_window_update_save_banner (PjWindow *self)
{
  PjHost *host = self->table != NULL ? pj_table_get_host (self->table) : NULL;
  const char *message = NULL;

  if (host != NULL)
    message = pj_host_get_save_error (host);
  else if (self->game != NULL)
    message = pj_game_get_save_error (self->game);
  if (message != NULL)
    gtk_label_set_label (self->save_banner_label, message);
  /* hidden, an empty status would still be read out as "GtkLabel" */
  gtk_widget_set_visible (GTK_WIDGET (self->save_banner_label), message != NULL);
  gtk_revealer_set_reveal_child (self->save_banner_revealer, message != NULL);
}

static void
state_reset_cb (PjWindow *self,
                PjGame   *game)
{
  _pj_window_look_back_reset (self);
  clear_hint (self);
  g_clear_pointer (&self->outcome_text, g_free);
  _pj_window_refresh (self);
  /* a position jump (rejoin, resume): the list shows where it stands now */
  _pj_window_history_follow_end (self);
}

/* A hint is for one position. A challenge's outcome is told as it
 * happens, whoever challenged, in the prompt line (a toast would cut it
 * short) until the next card is played; the log keeps it. */
static void
action_applied_cb (PjWindow       *self,
                   const PjAction *action,
                   const PjState  *before,
                   PjGame         *game)
{
  clear_hint (self);
  if (action->kind == PJ_ACTION_CHALLENGE)
    {
      GListModel *history = pj_game_get_history (game);
      guint n = g_list_model_get_n_items (history);
      g_autoptr (PjMoveItem) item = n > 0 ? g_list_model_get_item (history, n - 1) : NULL;

      g_free (self->outcome_text);
      self->outcome_text = item != NULL ? g_strdup (pj_move_item_get_description (item)) : NULL;
    }
  else if (action->kind != PJ_ACTION_PENALTY && action->kind != PJ_ACTION_PASS)
    g_clear_pointer (&self->outcome_text, g_free);
}

/* ---- saving as it goes --------------------------------------------------- */

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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-table", _pj_window_lan_can_reopen (self));
}

/* ---- narrow windows ------------------------------------------------------ */

/* Below this the header keeps only its icons, the hand's cards are
 * smaller and the move's buttons are under its prompt; below the second the side panel leaves the board its room and
 * comes over it on demand. */
#define COMPACT_WIDTH 600
#define FOLD_WIDTH 720

static void
set_compact (PjWindow *self,
             gboolean  compact)
{
  if (self->compact == compact)
    return;
  self->compact = compact;
  /* New Game and Hint are in the menu too; the undo icon stays */
  gtk_widget_set_visible (self->new_game_button, !compact);
  gtk_widget_set_visible (self->hint_button, !compact);
  /* the prompt and two buttons (Challenge, Let It Stand; Declare as and
   * Cancel) are wider than the narrowest window: the buttons go under the
   * prompt */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->action_box),
                                  compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (self->action_box), compact ? 2 : 6);
  if (compact)
    gtk_widget_add_css_class (GTK_WIDGET (self), "compact");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "compact");
}

/* The side panel: shown or hidden by choice while there is room beside
 * the board (the choice is kept), over the board on demand when there is
 * not. */
static void
panel_collapsed_cb (PjWindow *self)
{
  gboolean shown = self->settings == NULL || g_settings_get_boolean (self->settings, "show-side-panel");

  pj_side_panel_set_show_sidebar (self->side_panel, !pj_side_panel_get_collapsed (self->side_panel) && shown);
}

static void
panel_shown_cb (PjWindow *self)
{
  if (self->settings != NULL && !pj_side_panel_get_collapsed (self->side_panel))
    g_settings_set_boolean (self->settings, "show-side-panel", pj_side_panel_get_show_sidebar (self->side_panel));
}

/* The narrow layouts follow the window's width, never the content's
 * minimum: the window's minimum is its width-request whatever the layout
 * of the moment, so that a window manager's resize to it, in one step
 * from a wide window with the side panel beside the board, gets there.
 * The layout changes while the window is allocated, before its content
 * is: libadwaita's breakpoints do exactly that; before them (1.4) the
 * window does it itself. */
#if ADW_CHECK_VERSION (1, 4, 0)

static void
compact_applied_cb (PjWindow *self)
{
  set_compact (self, TRUE);
}

static void
compact_unapplied_cb (PjWindow *self)
{
  set_compact (self, FALSE);
}

static void
add_breakpoints (PjWindow *self)
{
  /* the last breakpoint that matches applies, and only it */
  AdwBreakpoint *fold = adw_breakpoint_new (adw_breakpoint_condition_new_length (
    ADW_BREAKPOINT_CONDITION_MAX_WIDTH, FOLD_WIDTH - 1, ADW_LENGTH_UNIT_PX));
  AdwBreakpoint *compact = adw_breakpoint_new (adw_breakpoint_condition_new_length (
    ADW_BREAKPOINT_CONDITION_MAX_WIDTH, COMPACT_WIDTH - 1, ADW_LENGTH_UNIT_PX));
  GValue folded = G_VALUE_INIT;

  g_value_init (&folded, G_TYPE_BOOLEAN);
  g_value_set_boolean (&folded, TRUE);
  adw_breakpoint_add_setter (fold, G_OBJECT (self->side_panel), "collapsed", &folded);
  adw_breakpoint_add_setter (compact, G_OBJECT (self->side_panel), "collapsed", &folded);
  g_signal_connect_object (compact, "apply", G_CALLBACK (compact_applied_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (compact, "unapply", G_CALLBACK (compact_unapplied_cb), self, G_CONNECT_SWAPPED);
  adw_application_window_add_breakpoint (ADW_APPLICATION_WINDOW (self), fold);
  adw_application_window_add_breakpoint (ADW_APPLICATION_WINDOW (self), compact);
}

static void
narrow_class_init (GtkWidgetClass *widget_class)
{
}

#else

static void
add_breakpoints (PjWindow *self)
{
}

/* As a window with breakpoints: at least its width-request wide, the
 * narrow layouts fit in it. */
static void
pj_window_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  GTK_WIDGET_CLASS (pj_window_parent_class)->measure (widget, orientation, for_size, minimum, natural,
                                                      minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = 0;
}

static void
pj_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  PjWindow *self = PJ_WINDOW (widget);

  set_compact (self, width < COMPACT_WIDTH);
  pj_side_panel_set_collapsed (self->side_panel, width < FOLD_WIDTH);

  GTK_WIDGET_CLASS (pj_window_parent_class)->size_allocate (widget, width, height, baseline);
}

static void
narrow_class_init (GtkWidgetClass *widget_class)
{
  widget_class->measure = pj_window_measure;
  widget_class->size_allocate = pj_window_size_allocate;
}

#endif

gboolean
pj_window_get_compact (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  return self->compact;
}

/* ---- GObject ------------------------------------------------------------- */

/**
 * pj_window_save_size:
 * @self: a window
 *
 * Keep the window's size for the next launch: on every way out (the close
 * button, Quit, the session ending).
 */
void
pj_window_save_size (PjWindow *self)
{
  int width, height;

  g_return_if_fail (PJ_IS_WINDOW (self));

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_set_boolean (self->settings, "window-fullscreen", gtk_window_is_fullscreen (GTK_WINDOW (self)));
}

static gboolean
pj_window_close_request (GtkWindow *window)
{
  PjWindow *self = PJ_WINDOW (window);

  pj_window_save_size (self);
  /* a game that would be lost is asked about; the answer closes again */
  if (_pj_window_leave_on_close (self))
    return TRUE;

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
  g_clear_handle_id (&self->history_idle, g_source_remove);
  g_clear_handle_id (&self->over_idle, g_source_remove);
  g_clear_object (&self->over_pending);
  g_clear_handle_id (&self->news_idle, g_source_remove);
  g_clear_pointer (&self->news, g_ptr_array_unref);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->leave_game);
  g_clear_object (&self->leave_file);
  g_clear_object (&self->file);
  g_clear_object (&self->history_selection);
  if (self->side_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->side_panel, self);
  /* the action holds the side panel, and the "win" group outlives the
   * window while widgets inside the panel still watch its actions: the
   * panel, and the board and team progress in it, would keep the game */
  g_action_map_remove_action (G_ACTION_MAP (self), "show-history");
  g_clear_pointer (&self->hint_text, g_free);
  g_clear_pointer (&self->outcome_text, g_free);
  g_clear_object (&self->settings);
  _pj_window_lan_dispose (self);
  _pj_window_tutorial_dispose (self);
  _pj_window_review_dispose (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_WINDOW);

  G_OBJECT_CLASS (pj_window_parent_class)->dispose (object);
}

static void
pj_window_finalize (GObject *object)
{
  PjWindow *self = (PjWindow *) object;

  g_clear_pointer (&self->autosave_path, g_free);

  G_OBJECT_CLASS (pj_window_parent_class)->finalize (object);
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

    case PROP_PAUSED:
      g_value_set_boolean (value, self->game != NULL && pj_game_get_paused (self->game));
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

    case PROP_PAUSED:
      if (_pj_window_set_paused (self, g_value_get_boolean (value)))
        {
          _pj_window_refresh (self);
          g_object_notify_by_pspec (object, properties[PROP_PAUSED]);
        }
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
  object_class->finalize = pj_window_finalize;
  object_class->get_property = pj_window_get_property;
  object_class->set_property = pj_window_set_property;
  window_class->close_request = pj_window_close_request;
  narrow_class_init (widget_class);

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the game on the table is paused: win.pause */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* toggles, shown checked in the menu */
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");
  gtk_widget_class_install_property_action (widget_class, "win.fullscreen", "fullscreened");
  /* P alone walks the pegs on the board (pj-board-view-a11y.c) */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.pause", NULL);
  /* F11 alone; Escape steps back in a move, out of a look back, and only
   * then out of fullscreen (win.cancel-move) */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "win.fullscreen", NULL);

  g_type_ensure (PJ_TYPE_BOARD_VIEW);
  g_type_ensure (PJ_TYPE_SIDE_PANEL);
  g_type_ensure (PJ_TYPE_HAND_VIEW);
  g_type_ensure (PJ_TYPE_TEAM_PROGRESS);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/pegsandjokers/PegsAndJokers/pj-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, side_panel_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, unfullscreen_button);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, board_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, side_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, action_box);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, side_panel);
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
  gtk_widget_class_bind_template_child (widget_class, PjWindow, save_banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, save_banner_label);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, pause_revealer);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, sidebar_box);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, team_progress);

  _pj_window_class_actions_init (widget_class);
  _pj_window_lan_class_init (widget_class);
  _pj_window_tutorial_class_init (widget_class);
  _pj_window_review_class_init (widget_class);
  _pj_window_look_back_class_init (widget_class);
}

static void
queue_draw_tree (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    queue_draw_tree (child);
}

/* Pegs are drawn in the side panel's teams too, each drawing kept until
 * asked again: all of them show the new colours. */
static void
pieces_changed (PjWindow *self)
{
  queue_draw_tree (GTK_WIDGET (self));
}

/* The computer speed preference: the game's pause and the board's pace. */
static void
apply_speed (PjWindow *self)
{
  g_autofree char *speed = NULL;
  double animation_speed;
  guint delay_ms;

  if (self->settings == NULL)
    return;
  speed = g_settings_get_string (self->settings, "computer-speed");
  pj_settings_speed (speed, &delay_ms, &animation_speed);
  g_object_set (self->board, "animation-speed", animation_speed, NULL);
  if (self->game != NULL)
    pj_game_set_delay (self->game, delay_ms);
}

static void
pj_window_init (PjWindow *self)
{

  gtk_widget_init_template (GTK_WIDGET (self));
  self->news = g_ptr_array_new_with_free_func (g_free);
  self->leave_after_save = -1;

  self->settings = pj_settings_new ();
  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      /* read only: the Preferences window is the one place they are set */
      g_settings_bind (self->settings, "animations", self->board, "animations", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "reduce-motion", self->board, "reduce-motion", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "high-contrast-pieces", self->board, "high-contrast", G_SETTINGS_BIND_GET);
      g_signal_connect_object (self->board, "notify::high-contrast", G_CALLBACK (pieces_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::computer-speed", G_CALLBACK (apply_speed), self,
                               G_CONNECT_SWAPPED);
      apply_speed (self);
    }
  else
    gtk_window_set_default_size (GTK_WINDOW (self), 1100, 760);

  {
    g_autoptr (GPropertyAction) show_history = g_property_action_new ("show-history", self->side_panel, "show-sidebar");
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_history));
  }

  _pj_window_review_init (self);
  _pj_window_history_init (self);
  _pj_window_look_back_init (self);

  _pj_window_fullscreen_init (self);

  add_breakpoints (self);
  panel_collapsed_cb (self);
  g_signal_connect_swapped (self->side_panel, "notify::collapsed", G_CALLBACK (panel_collapsed_cb), self);
  g_signal_connect_swapped (self->side_panel, "notify::show-sidebar", G_CALLBACK (panel_shown_cb), self);
  g_signal_connect_swapped (self->board, "action-chosen", G_CALLBACK (action_chosen_cb), self);
  g_signal_connect_swapped (self->board, "notify::prompt", G_CALLBACK (prompt_changed_cb), self);
  g_signal_connect_swapped (self->hand, "notify::selected", G_CALLBACK (hand_selected_cb), self);
  g_signal_connect_swapped (self->declare_dropdown, "notify::selected", G_CALLBACK (declare_changed_cb), self);

  self->game_signals = g_signal_group_new (PJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "turn-changed", G_CALLBACK (turn_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "game-over", G_CALLBACK (_pj_window_game_over), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::save-error",
                                  G_CALLBACK (_pj_window_update_save_banner), self);
  g_signal_group_connect_swapped (self->game_signals, "state-reset", G_CALLBACK (state_reset_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "action-applied", G_CALLBACK (action_applied_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::thinking", G_CALLBACK (thinking_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::awaiting", G_CALLBACK (_pj_window_refresh), self);

  _pj_window_lan_init (self);
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
      g_signal_handlers_disconnect_by_func (pj_game_get_history (self->game), _pj_window_history_changed, self);
    }
  _pj_window_review_reset (self);
  g_set_object (&self->game, game);
  /* another game is no longer the file's (Open sets it again) */
  g_clear_object (&self->file);
  self->have_hint = FALSE;
  g_clear_pointer (&self->hint_text, g_free);
  g_clear_pointer (&self->outcome_text, g_free);
  if (game != NULL && self->autosave_path != NULL)
    pj_game_set_autosave_path (game, self->autosave_path);
  g_signal_group_set_target (self->game_signals, game);
  _pj_window_update_save_banner (self);
  pj_board_view_set_game (self->board, game);
  apply_speed (self);
  pj_team_progress_set_game (self->team_progress, game);

  history = game ? pj_game_get_history (game) : NULL;
  g_clear_object (&self->history_selection);
  /* another game: nothing of the last one to look back at */
  _pj_window_look_back_reset (self);
  self->history_selection = gtk_single_selection_new (_pj_window_review_filter (self, history));
  gtk_single_selection_set_autoselect (self->history_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->history_selection, TRUE);
  gtk_single_selection_set_selected (self->history_selection, GTK_INVALID_LIST_POSITION);
  gtk_list_view_set_model (self->history_list, GTK_SELECTION_MODEL (self->history_selection));
  _pj_window_look_back_model_changed (self);
  if (history != NULL)
    {
      g_signal_connect_object (history, "items-changed", G_CALLBACK (_pj_window_history_changed), self, G_CONNECT_SWAPPED);
      /* an opened or resumed game shows where it stands, not how it began */
      _pj_window_history_follow_end (self);
    }

  _pj_window_lan_update_chat (self);
  _pj_window_refresh (self);
  _pj_window_show_paused (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
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
