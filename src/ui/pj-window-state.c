/* pj-window-state.c — what the window says of the game around the board:
 * its file in the title, the pause, fullscreen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-window-private.h"

/* ---- the title ------------------------------------------------------------ */

/**
 * _pj_window_update_title:
 * @self: a window
 *
 * The title names the game's file, marked when moves were made or taken
 * back since it was saved; without a file, the app's name.
 */
void
_pj_window_update_title (PjWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (self->file != NULL)
    {
      g_autoptr (GFileInfo) info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                      G_FILE_QUERY_INFO_NONE, NULL, NULL);

      name = info != NULL ? g_strdup (g_file_info_get_display_name (info)) : g_file_get_basename (self->file);
    }
  if (name == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Pegs and Jokers"));
      gtk_window_set_title (GTK_WINDOW (self), _("Pegs and Jokers"));
      return;
    }
  if (self->game != NULL && pj_game_get_n_actions (self->game) != self->file_n_actions)
    {
      /* Translators: the title of a game changed since it was saved, e.g. "• Evening.json" */
      g_autofree char *marked = g_strdup_printf (_("• %s"), name);

      g_free (name);
      name = g_steal_pointer (&marked);
    }
  adw_window_title_set_title (self->window_title, name);
  /* Translators: the window's title, e.g. "Evening.json — Pegs and Jokers" */
  title = g_strdup_printf (_("%s — Pegs and Jokers"), name);
  gtk_window_set_title (GTK_WINDOW (self), title);
}


/* ---- the pause ------------------------------------------------------------ */

/* The pause shown: the banner with Resume, and no picking on the board
 * or the hand until then (the computers wait, so should the person). */
void
_pj_window_show_paused (PjWindow *self)
{
  gboolean paused = self->game != NULL && pj_game_get_paused (self->game);

  /* hidden, not only folded: its Resume is no button of the window then
   * (for a screen reader either) */
  gtk_widget_set_visible (GTK_WIDGET (self->pause_revealer), paused);
  gtk_revealer_set_reveal_child (self->pause_revealer, paused);
  gtk_widget_set_sensitive (GTK_WIDGET (self->board), !paused);
  gtk_widget_set_sensitive (GTK_WIDGET (self->hand), !paused);
  gtk_widget_set_sensitive (self->action_box, !paused);
}

/**
 * _pj_window_set_paused:
 * @self: a window
 * @paused: whether the game on the table waits
 *
 * Returns: whether the pause changed (the "paused" property is to be
 *   notified)
 */
gboolean
_pj_window_set_paused (PjWindow *self,
                       gboolean  paused)
{
  if (self->game == NULL || pj_game_get_paused (self->game) == !!paused)
    return FALSE;
  if (!pj_game_set_paused (self->game, paused))
    return FALSE;
  _pj_window_show_paused (self);
  return TRUE;
}

/* ---- fullscreen ----------------------------------------------------------- */

static void
fullscreen_changed (PjWindow *self)
{
  gtk_widget_set_visible (self->unfullscreen_button, gtk_window_is_fullscreen (GTK_WINDOW (self)));
}

static void
fullscreen_on_map (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (widget, fullscreen_on_map, NULL);
  gtk_window_fullscreen (GTK_WINDOW (widget));
}

/* The way out of fullscreen shown while it lasts, and the state kept at the
 * last quit (pj_window_save_size()) asked for again. */
void
_pj_window_fullscreen_init (PjWindow *self)
{
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (fullscreen_changed), NULL);
  /* once mapped: asked before, the window manager may not see it (X11) */
  if (self->settings != NULL && g_settings_get_boolean (self->settings, "window-fullscreen"))
    g_signal_connect_after (self, "map", G_CALLBACK (fullscreen_on_map), NULL);
}
