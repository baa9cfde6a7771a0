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

  self->history_follow = FALSE;
  if (n == 0)
    return G_SOURCE_REMOVE;
  /* anchored to its last item, not scrolled to the adjustment's upper
   * bound: rows not yet measured are only estimated, and moving the
   * adjustment before they are laid out makes GTK 4.8 warn that it
   * "failed to scroll to given position" (fatal in the tests) */
  gtk_widget_activate_action (GTK_WIDGET (self->history_list), "list.scroll-to-item", "u",
                              MIN (self->history_row, n - 1));
  return G_SOURCE_REMOVE;
}

/* Show the newest move once the list has measured it (after this main loop
 * iteration), or when the panel is shown next. */
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
  if (self->history_idle == 0)
    self->history_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_end_cb, self, NULL);
}

static void
history_mapped_cb (PjWindow *self)
{
  if (self->history_follow)
    _pj_window_history_follow_end (self);
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
  _pj_window_look_back_history_changed (self, position, removed, added);

  /* one move appended: a game going on, not one opened or undone */
  if (removed == 0 && added == 1 && position + 1 == g_list_model_get_n_items (model))
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (model, position);
      int viewer = self->game != NULL ? pj_game_get_viewer (self->game) : -1;

      if ((int) pj_move_item_get_seat (item) == viewer || self->news == NULL)
        return;
      g_ptr_array_add (self->news, g_strdup (pj_move_item_get_description (item)));
      /* a moment, not an idle: while pegs are animated the main loop is
       * never idle on a slow machine */
      if (self->news_idle == 0)
        self->news_idle = g_timeout_add (100, tell_news_cb, self);
    }
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
}
