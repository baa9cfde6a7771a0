/* pj-window-tutorial.c — the first launch's welcome and "Learn to Play"
 *
 * The lesson plays in the normal window on the normal views: its game is
 * the tutorial's mirror (no autosave, no record), set on the window like
 * any other. The game on the table before it is kept aside, untouched (its
 * autosave stays as it was), and comes back when the lesson is left; a
 * game chosen meanwhile (New Game, Open, a LAN table) ends the lesson and
 * takes its place as usual.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-tutorial-bar.h"
#include "pj-welcome-dialog.h"
#include "pj-alert.h"
#include "pj-window-private.h"

static void
end_tutorial (PjWindow *self)
{
  g_clear_signal_handler (&self->tutorial_handler, self);
  pj_tutorial_bar_set_tutorial (self->tutorial_bar, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->tutorial_bar), FALSE);
  g_clear_object (&self->tutorial);
}

/* Another game took the lesson's place: the game kept aside is not
 * brought back over it. */
static void
game_changed_cb (PjWindow   *self,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  if (self->tutorial != NULL && self->game == pj_tutorial_get_game (self->tutorial))
    return;
  end_tutorial (self);
  g_clear_object (&self->tutorial_left);
}

/**
 * pj_window_start_tutorial:
 * @self: a window
 *
 * Start "Learn to Play" (again, if it runs) on the window's board.
 */
void
pj_window_start_tutorial (PjWindow *self)
{
  PjGame *game;

  g_return_if_fail (PJ_IS_WINDOW (self));

  /* a LAN table goes on without us: the lesson would leave it */
  if (self->table != NULL)
    {
      _pj_window_toast (self, _("Leave the LAN table to learn to play"));
      return;
    }

  if (self->tutorial == NULL)
    g_set_object (&self->tutorial_left, self->game);
  end_tutorial (self);

  self->tutorial = pj_tutorial_new ();
  game = pj_tutorial_get_game (self->tutorial);
  pj_window_set_game (self, game);
  self->tutorial_handler = g_signal_connect (self, "notify::game", G_CALLBACK (game_changed_cb), NULL);
  pj_tutorial_bar_set_tutorial (self->tutorial_bar, self->tutorial);
  gtk_widget_set_visible (GTK_WIDGET (self->tutorial_bar), TRUE);
  pj_game_start (game);
}

/**
 * pj_window_leave_tutorial:
 * @self: a window
 *
 * Leave the lesson: the game kept aside comes back (a new one if there was
 * none) and goes on.
 */
void
pj_window_leave_tutorial (PjWindow *self)
{
  g_autoptr (PjGame) game = NULL;

  g_return_if_fail (PJ_IS_WINDOW (self));

  if (self->tutorial == NULL)
    return;

  game = g_steal_pointer (&self->tutorial_left);
  end_tutorial (self);
  if (game == NULL)
    {
      PjRules rules;

      pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
      game = pj_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int (), -1);
    }
  pj_window_set_game (self, game);
  pj_game_start (game);
}

PjTutorial *
pj_window_get_tutorial (PjWindow *self)
{
  g_return_val_if_fail (PJ_IS_WINDOW (self), NULL);

  return self->tutorial;
}

static void
welcome_response_cb (PjWindow   *self,
                     const char *response,
                     PjAlert    *dialog)
{
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "welcome-shown", TRUE);

  if (g_strcmp0 (response, "learn") == 0)
    pj_window_start_tutorial (self);
  else if (self->game != NULL)
    pj_game_start (self->game);
}

/**
 * pj_window_welcome:
 * @self: a window showing a game not yet started
 *
 * On the first launch (as the settings remember it), say what the game is
 * about and offer "Learn to Play"; the game starts once the person
 * answers "Play". Returns whether the welcome is shown (otherwise the
 * caller starts the game).
 */
gboolean
pj_window_welcome (PjWindow *self)
{
  PjWelcomeDialog *dialog;

  g_return_val_if_fail (PJ_IS_WINDOW (self), FALSE);

  /* without settings nothing is remembered: it would greet every launch */
  if (self->settings == NULL || g_settings_get_boolean (self->settings, "welcome-shown"))
    return FALSE;

  dialog = pj_welcome_dialog_new ();
  g_signal_connect_object (dialog, "response", G_CALLBACK (welcome_response_cb), self, G_CONNECT_SWAPPED);
  pj_alert_present (PJ_ALERT (dialog), GTK_WIDGET (self));
  return TRUE;
}

static void
learn_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  _pj_window_confirm_leave (PJ_WINDOW (widget), PJ_WINDOW_THEN_LEARN);
}

static void
leave_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  pj_window_leave_tutorial (PJ_WINDOW (widget));
}

void
_pj_window_tutorial_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (PJ_TYPE_TUTORIAL_BAR);
  gtk_widget_class_bind_template_child (widget_class, PjWindow, tutorial_bar);
  gtk_widget_class_install_action (widget_class, "win.learn-to-play", NULL, learn_action);
  gtk_widget_class_install_action (widget_class, "win.leave-tutorial", NULL, leave_action);
}

void
_pj_window_tutorial_dispose (PjWindow *self)
{
  if (self->tutorial != NULL)
    end_tutorial (self);
  g_clear_object (&self->tutorial_left);
}
