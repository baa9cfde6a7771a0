/* pj-window-history.c — the move list: its rows (with a review's markers,
 * pj-window-review.c), following the newest move, and telling the screen
 * reader the moves others made
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-announce.h"
#include "pj-move-item.h"
#include "pj-window-private.h"

/* The rows, with a reviewed move's marker: pj-window-review.c */
static void
history_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  PjWindow                 *self)
{
  _pj_window_review_setup_row (self, item);
  /* a row picked shows the board after its move (pj-window-look-back.c) */
  gtk_list_item_set_activatable (item, TRUE);
  gtk_list_item_set_selectable (item, TRUE);
}

static void
history_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 PjWindow                 *self)
{
  _pj_window_review_bind_row (self, item);
}

static void
history_unbind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   PjWindow                 *self)
{
  _pj_window_review_unbind_row (self, item);
}

/* This many looks, a moment apart, at the list's end once asked for it */
#define FOLLOW_LOOKS 10

static gboolean
shows_end (PjWindow *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->history_scroller);

  return gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj) >= gtk_adjustment_get_upper (adj) - 1;
}

static gboolean
scroll_to_end_cb (gpointer user_data)
{
  PjWindow *self = user_data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history_selection));

  self->history_idle = 0;
  /* a hidden panel (narrow window) has no rows to scroll to: GtkListView
   * warns; history_mapped_cb() comes back when it is shown */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->history_scroller)))
    return G_SOURCE_REMOVE;

  if (n == 0 || self->history_tries >= FOLLOW_LOOKS)
    {
      self->history_follow = FALSE;
      self->history_tries = 0;
      return G_SOURCE_REMOVE;
    }
  /* anchored to its last item, not scrolled to the adjustment's upper
   * bound: rows not yet measured are only estimated, and moving the
   * adjustment before they are laid out makes GTK 4.8 warn that it
   * "failed to scroll to given position" (fatal in the tests) */
  if (self->history_row < n)
    {
      /* a move looked back at: one scroll, the rows are laid out by now */
      gtk_widget_activate_action (GTK_WIDGET (self->history_list), "list.scroll-to-item", "u",
                                  self->history_row);
      self->history_follow = FALSE;
      return G_SOURCE_REMOVE;
    }
  if (self->history_tries == 0 || !shows_end (self))
    gtk_widget_activate_action (GTK_WIDGET (self->history_list), "list.scroll-to-item", "u", n - 1);
  /* a list given a new model (an opened game) still loses that anchor
   * when it first lays out its rows, a moment later on a loaded machine:
   * look again a few times */
  self->history_tries++;
  self->history_idle = g_timeout_add (50, scroll_to_end_cb, self);
  return G_SOURCE_REMOVE;
}

/* Show the newest move once the list has measured it (a frame or so
 * later), or when the panel is shown next. A moment, not an idle: while
 * the board animates a jump (an opened game, a rejoin) the main loop is
 * never idle on a slow machine, and the list stayed at its top. */
void
_pj_window_history_follow_end (PjWindow *self)
{
  _pj_window_history_scroll_to (self, G_MAXUINT);
}

/* The same for the list's row `row` (the move looked back at); the last
 * asked for wins. */
void
_pj_window_history_scroll_to (PjWindow *self,
                              guint     row)
{
  self->history_row = row;
  self->history_follow = TRUE;
  self->history_tries = 0;
  if (self->history_idle == 0)
    self->history_idle = g_timeout_add (50, scroll_to_end_cb, self);
}

static void
history_mapped_cb (PjWindow *self)
{
  if (self->history_follow)
    _pj_window_history_follow_end (self);
}

/* Hidden at its end (the panel folded away, the window's content swapped
 * while a game is opened), the list comes back at its top: it is taken
 * back to its end when shown again. */
static void
history_unmapped_cb (PjWindow *self)
{
  if (self->history_selection != NULL && shows_end (self))
    self->history_follow = TRUE;
}

/* Tell the screen reader the moves others made, in the move list's words,
 * and what the player is asked next: in one go, as a second piece of news
 * would cut the first short, and once the turn has passed on. */
static gboolean
tell_news_cb (gpointer user_data)
{
  PjWindow *self = user_data;
  g_autoptr (GString) text = g_string_new (NULL);

  self->news_idle = 0;
  for (guint i = 0; i < self->news->len; i++)
    {
      if (text->len > 0)
        /* Translators: between two moves told to the screen reader */
        g_string_append (text, _(". "));
      g_string_append (text, g_ptr_array_index (self->news, i));
    }
  g_ptr_array_set_size (self->news, 0);
  self->news_play = 0;

  if (self->game != NULL && pj_game_is_human_turn (self->game) && !pj_game_is_over (self->game))
    {
      const char *next;

      if (pj_game_get_state (self->game)->phase == PJ_PHASE_CHALLENGE)
        next = _("Challenge, or let it stand?");
      else if (pj_game_get_state (self->game)->phase == PJ_PHASE_PENALTY)
        next = pj_board_view_get_prompt (self->board);
      else
        next = _("Your turn");
      if (next != NULL)
        {
          if (text->len > 0)
            g_string_append (text, _(". "));
          g_string_append (text, next);
        }
    }
  pj_announce (GTK_WIDGET (self), text->str);
  return G_SOURCE_REMOVE;
}

/* The Bluffing Joker play a let-stand answer at `index` answers. */
static guint
play_of_answer (GListModel *history,
                guint       index)
{
  while (index > 0)
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (history, --index);

      if (pj_move_item_get_action (item)->kind != PJ_ACTION_PASS)
        return index;
    }
  return 0;
}

/* Others' moves for the screen reader, in the move list's words: an
 * answer that lets a card stand is read as the play's folded line
 * ("… — Blue and Green let it stand"), once the answers are in or it is
 * this player's turn to answer, and replaces that line when it is still
 * waiting to be told: a play is read once or twice, not once per answer.
 * FALSE when there is nothing new to tell yet. */
static gboolean
add_news (PjWindow   *self,
          GListModel *history,
          guint       index,
          PjMoveItem *item)
{
  guint play = index;
  char *text;

  if (pj_move_item_get_action (item)->kind == PJ_ACTION_PASS)
    {
      /* more answers to come, none of them this player's */
      if (pj_game_get_state (self->game)->phase == PJ_PHASE_CHALLENGE && !pj_game_is_human_turn (self->game))
        return FALSE;
      play = play_of_answer (history, index);
    }
  text = pj_game_describe_history_item (self->game, play);
  if (self->news_play == play + 1 && self->news->len > 0)
    {
      g_free (self->news->pdata[self->news->len - 1]);
      self->news->pdata[self->news->len - 1] = text;
    }
  else
    g_ptr_array_add (self->news, text);
  self->news_play = play + 1;
  return TRUE;
}

void
_pj_window_history_changed (PjWindow   *self,
                            guint       position,
                            guint       removed,
                            guint       added,
                            GListModel *model)
{
  /* looking back, the list stays on the move looked at */
  if (!self->looking)
    _pj_window_history_follow_end (self);
  _pj_window_review_history_changed (self, position, removed);
  /* a Bluffing Joker play's line tells the answers that came after it */
  if (self->game != NULL && pj_game_get_rules (self->game)->bluffing)
    _pj_window_review_refresh_rows (self);
  _pj_window_look_back_history_changed (self, position, removed, added);

  /* one move appended: a game going on, not one opened or undone */
  if (removed == 0 && added == 1 && position + 1 == g_list_model_get_n_items (model))
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (model, position);
      int viewer = self->game != NULL ? pj_game_get_viewer (self->game) : -1;

      if ((int) pj_move_item_get_seat (item) == viewer || self->news == NULL)
        return;
      if (!add_news (self, model, position, item))
        return;
      /* a moment, not an idle: while pegs are animated the main loop is
       * never idle on a slow machine */
      if (self->news_idle == 0)
        self->news_idle = g_timeout_add (100, tell_news_cb, self);
    }
}

guint
_pj_window_history_item_of_row (PjWindow *self,
                                guint     row)
{
  g_autoptr (PjMoveItem) item = NULL;
  GListModel *history;
  guint index;

  g_return_val_if_fail (PJ_IS_WINDOW (self), G_MAXUINT);

  if (self->game == NULL || self->history_selection == NULL ||
      (item = g_list_model_get_item (G_LIST_MODEL (self->history_selection), row)) == NULL)
    return G_MAXUINT;
  history = pj_game_get_history (self->game);
  if (!g_list_store_find (G_LIST_STORE (history), item, &index))
    return G_MAXUINT;
  /* the last item of the row's line: a Bluffing Joker play whose answers
   * let it stand is shown as it stood after them */
  for (guint n = g_list_model_get_n_items (history); index + 1 < n; index++)
    {
      g_autoptr (PjMoveItem) next = g_list_model_get_item (history, index + 1);

      if (pj_move_item_get_action (next)->kind != PJ_ACTION_PASS)
        break;
    }
  return index;
}

void
_pj_window_history_init (PjWindow *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (history_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (history_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (history_unbind_cb), self);
  gtk_list_view_set_factory (self->history_list, factory);
  g_signal_connect_swapped (self->history_scroller, "map", G_CALLBACK (history_mapped_cb), self);
  g_signal_connect_swapped (self->history_scroller, "unmap", G_CALLBACK (history_unmapped_cb), self);
}
