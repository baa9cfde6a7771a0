/* pj-window-game-over.c — the end of a game: statistics, the game-over
 * dialog (once no other window of ours is in its way), play again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-alert.h"
#include "pj-statistics.h"
#include "pj-window-private.h"

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

void
_pj_window_play_again (PjWindow *self)
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
    _pj_window_play_again (self);
  else if (g_strcmp0 (response, "leave") == 0)
    pj_window_leave_table (self);
  else if (g_strcmp0 (response, "rematch") == 0)
    _pj_window_lan_rematch (self);
}

static void show_game_over (PjWindow *self);

static gboolean
show_game_over_idle_cb (gpointer data)
{
  PjWindow *self = data;

  self->over_idle = 0;
  show_game_over (self);
  return G_SOURCE_REMOVE;
}

/* The window in the way has gone: look again once it is off screen. */
static void
blocker_hidden_cb (PjWindow  *self,
                   GtkWidget *blocker)
{
  g_signal_handlers_disconnect_by_func (blocker, blocker_hidden_cb, self);
  if (self->over_pending != NULL && self->over_idle == 0)
    self->over_idle = g_idle_add (show_game_over_idle_cb, self);
}

/* The end of the game waiting in over_pending, shown once nothing else is. */
static void
show_game_over (PjWindow *self)
{
  g_autoptr (PjGame) game = NULL;
  PjGameOverDialog *dialog;
  GtkWidget *blocker;
  gboolean mirror;
  int team;

  if (self->over_pending == NULL)
    return;
  /* another game took its place meanwhile: nothing to say */
  if (self->over_pending != self->game || !pj_game_is_over (self->over_pending))
    {
      g_clear_object (&self->over_pending);
      return;
    }
  /* a window or dialog of ours on screen (About, the rules, a question):
   * the end of the game waits for it rather than stacking over it */
  blocker = pj_dialog_shown_over (GTK_WINDOW (self));
  if (blocker != NULL)
    {
      g_signal_connect_object (blocker, "unmap", G_CALLBACK (blocker_hidden_cb), self, G_CONNECT_SWAPPED);
      return;
    }

  game = g_steal_pointer (&self->over_pending);
  team = local_team (game);
  mirror = pj_game_is_mirror (game);
  dialog = pj_game_over_dialog_new (game, team,
                                    mirror && self->table != NULL && pj_table_can_rematch (self->table));
  /* a LAN game's dialog takes the fair-deal check, and goes with the next deal */
  if (mirror)
    g_set_weak_pointer (&self->over_dialog, dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (game_over_response_cb), self, G_CONNECT_SWAPPED);
  if (!mirror)
    _pj_window_review_over_dialog (self, dialog);
  else
    /* the deal may be checked already: then the review is there at once */
    _pj_window_review_guest_game (self, dialog);
  _pj_window_look_back_over_dialog (self, dialog);
  pj_alert_present (PJ_ALERT (dialog), GTK_WIDGET (self));
}

void
_pj_window_game_over (PjWindow *self,
                      int       winner,
                      PjGame   *game)
{
  _pj_window_refresh (self);
  record_statistics (self, game, local_team (game), winner);
  g_set_object (&self->over_pending, game);
  show_game_over (self);
}
