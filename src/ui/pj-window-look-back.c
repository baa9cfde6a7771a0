/* pj-window-look-back.c — stepping through the game: the board shows the
 * position after a move picked in the move list (or in the game-over
 * dialog's review), read-only, under a bar that says which move it is
 *
 * GNOME Chess is the model: picking a move in the history shows the board
 * as it was then; the arrows step; the newest move is the game in play.
 * So the last move of the list is never "looked back at": stepping onto
 * it, or Escape, or "Return to Game" goes back to the live game.
 *
 * Keys: the board's own arrows and Page keys explore its holes (a screen
 * reader reads the position looked at with them), so stepping is on
 * Alt+Left / Alt+Right and Alt+Home / Alt+End anywhere in the window (the
 * browsers' Back and Forward), and on the plain arrows, Home and End in
 * the move list and the bar. Escape returns (win.cancel-move asks
 * _pj_window_look_back_return() first).
 *
 * Which item and how far a step goes is pj-look-back.c's (no display).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-announce.h"
#include "pj-look-back.h"
#include "pj-move-item.h"
#include "pj-window-private.h"

static guint
n_moves (PjWindow *self)
{
  return self->game != NULL ? g_list_model_get_n_items (pj_game_get_history (self->game)) : 0;
}

/* A Bluffing Joker play and the answers that let it stand are one line of
 * the move list (pj-window-history.c): a step goes from line to line, to
 * the position once the answers are in. */
static gboolean
is_answer (PjWindow *self,
           guint     item)
{
  g_autoptr (PjMoveItem) move = g_list_model_get_item (pj_game_get_history (self->game), item);

  return move != NULL && pj_move_item_get_action (move)->kind == PJ_ACTION_PASS;
}

/* The row of the move list (filtered by "Mistakes Only") showing item,
 * or GTK_INVALID_LIST_POSITION. */
static guint
row_of_item (PjWindow *self,
             guint     item)
{
  GListModel *rows = G_LIST_MODEL (self->history_selection);
  g_autoptr (PjMoveItem) move = NULL;
  guint n;

  if (rows == NULL || self->game == NULL)
    return GTK_INVALID_LIST_POSITION;
  /* an answer that let a play stand is shown on the play's line */
  while (item > 0 && is_answer (self, item))
    item--;
  move = g_list_model_get_item (pj_game_get_history (self->game), item);
  n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n && move != NULL; i++)
    {
      g_autoptr (PjMoveItem) row = g_list_model_get_item (rows, i);

      if (row == move)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* The move list's selection is the move looked at; none for the live game. */
static void
select_row (PjWindow *self)
{
  guint row = self->looking ? row_of_item (self, self->look_item) : GTK_INVALID_LIST_POSITION;

  if (self->history_selection == NULL)
    return;
  self->look_selecting = TRUE;
  gtk_single_selection_set_selected (self->history_selection, row);
  self->look_selecting = FALSE;
  if (row != GTK_INVALID_LIST_POSITION)
    _pj_window_history_scroll_to (self, row);
}

static void
update_bar (PjWindow *self)
{
  guint n = n_moves (self);
  g_autofree char *text = NULL;
  g_autofree char *news = NULL;
  g_autofree char *label = NULL;
  g_autoptr (PjMoveItem) move = NULL;

  gtk_revealer_set_reveal_child (self->look_revealer, self->looking);
  gtk_widget_set_visible (GTK_WIDGET (self->look_revealer), self->looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.look-back-return", self->looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.look-back-next", self->looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.look-back-last", self->looking);
  /* from the game in play, Back looks at the move before the last */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.look-back-previous",
                                 self->looking ? self->look_item > 0 : n >= 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.look-back-first",
                                 self->looking ? self->look_item > 0 : n >= 2);
  if (!self->looking)
    return;

  move = g_list_model_get_item (pj_game_get_history (self->game), self->look_item);
  text = pj_look_back_describe (self->look_item, n, move);
  news = pj_look_back_describe_new (self->look_new);
  gtk_label_set_label (self->look_label, text);
  gtk_label_set_label (self->look_news_label, news != NULL ? news : "");
  gtk_widget_set_visible (GTK_WIDGET (self->look_news_label), news != NULL);

  /* Translators: the look-back bar's name for screen readers, then which
   * move, e.g. "Looking back: After move 3 of 12: Red played …" */
  label = g_strdup_printf (_("Looking back: %s"), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->look_bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

gboolean
_pj_window_look_back_at (PjWindow *self,
                         guint     item)
{
  g_autoptr (PjMoveItem) move = NULL;
  guint n = n_moves (self);
  PjState state;

  if (item + 1 >= n)
    {
      /* the newest move is the game as it stands */
      _pj_window_look_back_return (self);
      return self->game != NULL && item < n;
    }
  if (!pj_game_get_position_after (self->game, item, &state))
    return FALSE;

  move = g_list_model_get_item (pj_game_get_history (self->game), item);
  if (!self->looking)
    self->look_new = 0;
  self->looking = TRUE;
  self->look_item = item;

  /* no card held, no hint: this position cannot be played */
  pj_hand_view_set_selected (self->hand, -1);
  pj_hand_view_set_read_only (self->hand, TRUE);
  pj_board_view_set_look_back (self->board, &state, pj_move_item_get_action (move));
  update_bar (self);
  select_row (self);
  _pj_window_refresh (self);

  {
    g_autofree char *text = pj_look_back_describe (item, n, move);

    pj_announce (GTK_WIDGET (self), text);
  }
  return TRUE;
}

void
_pj_window_look_back_return (PjWindow *self)
{
  if (!self->looking)
    {
      update_bar (self);
      return;
    }
  self->looking = FALSE;
  self->look_new = 0;
  pj_board_view_set_look_back (self->board, NULL, NULL);
  pj_hand_view_set_read_only (self->hand, FALSE);
  update_bar (self);
  select_row (self);
  _pj_window_refresh (self);
  _pj_window_history_follow_end (self);
  pj_announce (GTK_WIDGET (self), _("Back to the game in play"));
}

gboolean
_pj_window_look_back_get_item (PjWindow *self,
                               guint    *item)
{
  if (self->looking && item != NULL)
    *item = self->look_item;
  return self->looking;
}

static guint
line_end (PjWindow *self,
          guint     item,
          gboolean  back)
{
  guint n = n_moves (self);

  while (item + 1 < n && is_answer (self, item + 1))
    {
      if (back && item > 0)
        item--;
      else if (back)
        break;
      else
        item++;
    }
  return item;
}

static void
step (PjWindow       *self,
      PjLookBackStep  how)
{
  guint n = n_moves (self);
  guint target;

  if (n == 0)
    return;
  if (!self->looking)
    {
      /* the game in play stands after the last move: a step back is the
       * move before it; forward there is nothing */
      if (how == PJ_LOOK_BACK_PREVIOUS && n >= 2)
        _pj_window_look_back_at (self, n - 2);
      else if (how == PJ_LOOK_BACK_FIRST && n >= 2)
        _pj_window_look_back_at (self, 0);
      return;
    }
  if (!pj_look_back_can_step (self->look_item, how, n))
    return;
  target = pj_look_back_step (self->look_item, how, n);
  target = line_end (self, target, how == PJ_LOOK_BACK_PREVIOUS && target > 0);
  if (target != self->look_item)
    _pj_window_look_back_at (self, target);
}

/* ---- the game goes on meanwhile --------------------------------------------- */

/* The game goes on while the person looks back (computers play, others at
 * the table too). The look stays: someone studying a position would lose
 * it every second at a computers' pace; the bar counts the new moves and
 * "Return to Game" is one click or Escape away. Moves taken back or a
 * history started again leave nothing to look at: back to the game. */
void
_pj_window_look_back_history_changed (PjWindow *self,
                                      guint     position,
                                      guint     removed,
                                      guint     added)
{
  if (!self->looking)
    {
      update_bar (self);
      return;
    }
  if (removed > 0 && position <= self->look_item + 1)
    {
      _pj_window_look_back_return (self);
      return;
    }
  self->look_new += added;
  update_bar (self);
}

/* An undo, an opened game, a lesson's step: the history is not the one
 * looked at any more. */
void
_pj_window_look_back_reset (PjWindow *self)
{
  if (self->looking)
    _pj_window_look_back_return (self);
  else
    update_bar (self);
}

/* ---- the move list ------------------------------------------------------------ */

static void
look_at_row (PjWindow *self,
             guint     row)
{
  guint item;

  if (self->game == NULL || row == GTK_INVALID_LIST_POSITION)
    return;
  item = _pj_window_history_item_of_row (self, row);
  if (item != G_MAXUINT)
    _pj_window_look_back_at (self, item);
}

/* A click on a row, or the arrows in the list, select a move: look at it. */
static void
selection_changed_cb (PjWindow          *self,
                      guint              position,
                      guint              n_items,
                      GtkSelectionModel *selection)
{
  guint row;

  if (self->look_selecting)
    return;
  row = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (selection));
  look_at_row (self, row);
}

/* Enter on a row, or a click on the row looked at already. */
static void
row_activated_cb (PjWindow    *self,
                  guint        row,
                  GtkListView *list)
{
  look_at_row (self, row);
}

/* A narrow window shows the move list over the board: a move clicked
 * there folds the list away to show the board (the bar's buttons step on
 * from there). Arrow keys in the list leave it where it is: the focus is
 * in it. */
static void
list_clicked_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 PjWindow        *self)
{
  if (self->looking && pj_window_get_compact (self) && pj_side_panel_get_collapsed (self->side_panel))
    pj_side_panel_set_show_sidebar (self->side_panel, FALSE);
}

/* Left and Right, Home and End in the move list and the bar step too. */
static gboolean
key_pressed_cb (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                PjWindow              *self)
{
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      step (self, PJ_LOOK_BACK_PREVIOUS);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      step (self, PJ_LOOK_BACK_NEXT);
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      if (!self->looking)
        return FALSE;
      step (self, PJ_LOOK_BACK_FIRST);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      if (!self->looking)
        return FALSE;
      step (self, PJ_LOOK_BACK_LAST);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The move list's model changed (another game, "Mistakes Only"). */
void
_pj_window_look_back_model_changed (PjWindow *self)
{
  if (self->history_selection == NULL)
    return;
  g_signal_connect_object (self->history_selection, "selection-changed",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  select_row (self);
}

/* ---- the game-over dialog ------------------------------------------------------- */

/* A reviewed move picked in the game-over dialog: the dialog goes (its
 * ways on stay in the main menu: New Game, Play Again is a new game) and
 * the board shows the move, with the move list's markers beside it. */
static void
dialog_look_back_cb (PjWindow         *self,
                     guint             item,
                     PjGameOverDialog *dialog)
{
  pj_alert_close (PJ_ALERT (dialog));
  if (!pj_side_panel_get_collapsed (self->side_panel))
    pj_side_panel_set_show_sidebar (self->side_panel, TRUE);
  _pj_window_look_back_at (self, item);
}

void
_pj_window_look_back_over_dialog (PjWindow         *self,
                                  PjGameOverDialog *dialog)
{
  g_signal_connect_object (dialog, "look-back", G_CALLBACK (dialog_look_back_cb), self, G_CONNECT_SWAPPED);
}

/* ---- actions -------------------------------------------------------------------- */

static void
look_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PjWindow *self = PJ_WINDOW (widget);

  if (g_str_equal (action_name, "win.look-back-return"))
    _pj_window_look_back_return (self);
  else if (g_str_equal (action_name, "win.look-back-previous"))
    step (self, PJ_LOOK_BACK_PREVIOUS);
  else if (g_str_equal (action_name, "win.look-back-next"))
    step (self, PJ_LOOK_BACK_NEXT);
  else if (g_str_equal (action_name, "win.look-back-first"))
    step (self, PJ_LOOK_BACK_FIRST);
  else if (g_str_equal (action_name, "win.look-back-last"))
    step (self, PJ_LOOK_BACK_LAST);
}

void
_pj_window_look_back_class_init (GtkWidgetClass *widget_class)
{
  static const char *const names[] = {
    "win.look-back-return", "win.look-back-previous", "win.look-back-next",
    "win.look-back-first", "win.look-back-last",
  };

  gtk_widget_class_bind_template_child (widget_class, PjWindow, look_revealer);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, look_bar);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, look_label);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, look_news_label);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_widget_class_install_action (widget_class, names[i], NULL, look_back_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.look-back-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, GDK_ALT_MASK, "win.look-back-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.look-back-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Right, GDK_ALT_MASK, "win.look-back-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, GDK_ALT_MASK, "win.look-back-first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, GDK_ALT_MASK, "win.look-back-last", NULL);
}

void
_pj_window_look_back_init (PjWindow *self)
{
  GtkEventController *keys;
  GtkGesture *click;

  g_signal_connect_swapped (self->history_list, "activate", G_CALLBACK (row_activated_cb), self);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (list_clicked_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->history_list), GTK_EVENT_CONTROLLER (click));
  keys = gtk_event_controller_key_new ();
  /* before the list's own bindings, which take Left and Right too */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->history_list), keys);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->look_bar), keys);
  update_bar (self);
}
