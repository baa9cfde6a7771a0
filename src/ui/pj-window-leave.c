/* pj-window-leave.c — every way out of a game goes through one rule
 *
 * New Game (once its dialog's Start is pressed), Open (once a file is
 * chosen), Host, Join, Reopen Last Table, Leave Table, Learn to Play and
 * Quit all call _pj_window_confirm_leave(). The rule: a game nobody would
 * mind losing is left at once; a game the autosave keeps (and that comes
 * back afterwards: after quitting, after a LAN table, after the lesson) is
 * saved and left without a question; anything else asks "Leave this
 * game?", with a way to save it first when it is a game of this window.
 * Before all that, a table hosted here with anyone else at it is never
 * closed without "Close the Table?", naming them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-alert.h"
#include "pj-text.h"
#include "pj-window-private.h"

/* The game at stake: during Learn to Play, the one kept aside. */
static PjGame *
game_at_stake (PjWindow *self)
{
  return self->tutorial_left != NULL ? self->tutorial_left : self->game;
}

/* A game someone would mind losing: at a LAN table, its game until the
 * end; here, a game with a move made. */
static gboolean
game_in_progress (PjWindow *self)
{
  PjGame *game = game_at_stake (self);

  if (game == NULL || pj_game_is_over (game))
    return FALSE;
  if (self->table != NULL)
    return pj_game_is_mirror (game);
  return !pj_game_is_mirror (game) && pj_game_get_n_actions (game) > 0;
}

/* Whether the game comes back after @then: the autosave keeps it for the
 * next launch and for the end of a LAN table; the lesson keeps it aside. */
static gboolean
game_comes_back (PjWindow     *self,
                 PjWindowThen  then)
{
  /* quitting is no leaving a table: the seat, or the hosted table, is
   * kept on disk and offered next time */
  if (self->table != NULL)
    return then == PJ_WINDOW_THEN_QUIT;
  switch (then)
    {
    case PJ_WINDOW_THEN_QUIT:
    case PJ_WINDOW_THEN_HOST:
    case PJ_WINDOW_THEN_JOIN:
    case PJ_WINDOW_THEN_REOPEN:
      /* a game kept aside by the lesson still has its autosave on disk */
      return self->autosave_path != NULL;
    case PJ_WINDOW_THEN_LEARN:
      return TRUE;
    case PJ_WINDOW_THEN_NEW_GAME:
    case PJ_WINDOW_THEN_OPEN:
    case PJ_WINDOW_THEN_LEAVE_TABLE:
    default:
      return FALSE;
    }
}

static void
leave_then (PjWindow     *self,
            PjWindowThen  then)
{
  switch (then)
    {
    case PJ_WINDOW_THEN_HOST:
      pj_window_host_lan (self);
      break;
    case PJ_WINDOW_THEN_JOIN:
      pj_window_join_lan (self);
      break;
    case PJ_WINDOW_THEN_NEW_GAME:
    case PJ_WINDOW_THEN_OPEN:
      _pj_window_start_chosen (self);
      break;
    case PJ_WINDOW_THEN_LEAVE_TABLE:
      pj_window_leave_table (self);
      break;
    case PJ_WINDOW_THEN_LEARN:
      pj_window_start_tutorial (self);
      break;
    case PJ_WINDOW_THEN_QUIT:
      {
        GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

        self->leave_confirmed = TRUE;
        if (app != NULL)
          g_object_ref (app);
        gtk_window_close (GTK_WINDOW (self));
        /* windows of their own (the rules, About) go too */
        if (app != NULL)
          {
            g_application_quit (G_APPLICATION (app));
            g_object_unref (app);
          }
      }
      break;
    case PJ_WINDOW_THEN_REOPEN:
      {
        g_autoptr (GError) error = NULL;

        if (!pj_window_reopen_table (self, &error))
          {
            /* Translators: reopening the saved LAN table failed; the reason follows */
            g_autofree char *text = g_strdup_printf (_("The table could not be reopened: %s"), error->message);
            _pj_window_toast (self, text);
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

typedef struct {
  PjWindow     *window;   /* owned */
  PjWindowThen  then;
} Leaving;

static gboolean
leave_idle_cb (gpointer data)
{
  Leaving *leaving = data;

  leave_then (leaving->window, leaving->then);
  g_object_unref (leaving->window);
  g_free (leaving);
  return G_SOURCE_REMOVE;
}

/* The question closes first: what comes next may close its window too. */
static void
leave_later (PjWindow     *self,
             PjWindowThen  then)
{
  Leaving *leaving = g_new (Leaving, 1);

  leaving->window = g_object_ref (self);
  leaving->then = then;
  g_idle_add (leave_idle_cb, leaving);
}

/* Staying: the game chosen to replace this one goes. */
static void
stay (PjWindow *self)
{
  g_clear_object (&self->leave_game);
  g_clear_object (&self->leave_file);
  self->leave_after_save = -1;
}

static void
leave_response_cb (PjAlert    *dialog,
                   const char *response,
                   PjWindow   *self)
{
  PjWindowThen then = (PjWindowThen) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "pj-then"));

  if (g_strcmp0 (response, "leave") == 0)
    leave_later (self, then);
  else if (g_strcmp0 (response, "save") == 0)
    {
      self->leave_after_save = (int) then;
      _pj_window_save (self);
    }
  else
    stay (self);
}

/**
 * _pj_window_saved:
 * @self: a window
 * @saved: whether the game was saved (%FALSE: it failed, or Save As was
 *   cancelled)
 *
 * A save is over: when "Leave this game?" was answered Save, go on to
 * what was chosen, or stay if the game is not saved after all.
 */
void
_pj_window_saved (PjWindow *self,
                  gboolean  saved)
{
  int then = self->leave_after_save;

  if (then < 0)
    return;
  self->leave_after_save = -1;
  if (saved)
    leave_later (self, (PjWindowThen) then);
  else
    stay (self);
}

/**
 * _pj_window_leave_for:
 * @self: a window
 * @then: %PJ_WINDOW_THEN_NEW_GAME or %PJ_WINDOW_THEN_OPEN
 * @game: the game chosen, not started
 * @file: (nullable): the file it was opened from
 *
 * Put @game on the table once the game there may be left, asking as
 * _pj_window_confirm_leave() does.
 */
void
_pj_window_leave_for (PjWindow     *self,
                      PjWindowThen  then,
                      PjGame       *game,
                      GFile        *file)
{
  g_set_object (&self->leave_game, game);
  g_set_object (&self->leave_file, file);
  _pj_window_confirm_leave (self, then);
}

/* The button says what happens next. */
static const char *
leave_verb (PjWindowThen then)
{
  switch (then)
    {
    case PJ_WINDOW_THEN_HOST:
      return _("_Host a Table");
    case PJ_WINDOW_THEN_JOIN:
      return _("_Join a Table");
    case PJ_WINDOW_THEN_NEW_GAME:
      return _("_New Game");
    case PJ_WINDOW_THEN_OPEN:
      return _("_Open");
    case PJ_WINDOW_THEN_REOPEN:
      return _("_Reopen Table");
    case PJ_WINDOW_THEN_LEARN:
      return _("_Learn to Play");
    case PJ_WINDOW_THEN_QUIT:
      return _("_Quit");
    case PJ_WINDOW_THEN_LEAVE_TABLE:
    default:
      return _("_Leave");
    }
}

/* The names of everyone at the table hosted here but its own player, as
 * a NULL-terminated array; NULL when nobody else is there (or not hosting). */
static GPtrArray *
hosted_guests (PjWindow *self)
{
  PjHost *host = self->table != NULL ? pj_table_get_host (self->table) : NULL;
  const char *own;
  GPtrArray *names;

  if (host == NULL)
    return NULL;
  own = pj_client_get_name (pj_table_get_client (self->table));
  names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < pj_host_get_n_people (host); i++)
    {
      PjNetPerson person;

      if (pj_host_get_person (host, i, &person) && g_strcmp0 (person.name, own) != 0)
        g_ptr_array_add (names, g_strdup (person.name));
    }
  if (names->len == 0)
    {
      g_ptr_array_unref (names);
      return NULL;
    }
  g_ptr_array_add (names, NULL);
  return names;
}

/* Quitting, closing the window or starting something else ends the
 * table for everyone at it: they are named, and Cancel is the default. */
static void
ask_close_table (PjWindow     *self,
                 PjWindowThen  then,
                 GPtrArray    *guests)
{
  guint n = guests->len - 1;
  g_autofree char *names = pj_text_list ((const char *const *) guests->pdata);
  g_autofree char *body = NULL;
  PjAlert *dialog;

  if (game_in_progress (self))
    /* Translators: the host is about to close its LAN table mid-game; %s names who is at it, e.g. "Bea and Cy" */
    body = g_strdup_printf (ngettext ("%s is at your table: the game ends for them too. "
                                    "The table is saved, and “Reopen Last Table” brings it back.",
                                    "%s are at your table: the game ends for them too. "
                                    "The table is saved, and “Reopen Last Table” brings it back.", n),
                            names);
  else
    /* Translators: the host is about to close its LAN table before or after a game; %s names who is at it */
    body = g_strdup_printf (ngettext ("%s is at your table and has to leave it.",
                                    "%s are at your table and have to leave it.", n),
                            names);
  dialog = pj_alert_new (_("Close the Table?"), body);
  pj_alert_add_responses (dialog,
                          "cancel", _("_Cancel"),
                          "leave", _("_Close the Table"),
                          NULL);
  pj_alert_set_response_appearance (dialog, "leave", ADW_RESPONSE_DESTRUCTIVE);
  pj_alert_set_default_response (dialog, "cancel");
  pj_alert_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "pj-then", GINT_TO_POINTER (then));
  g_signal_connect_object (dialog, "response", G_CALLBACK (leave_response_cb), self, 0);
  pj_alert_present (dialog, GTK_WIDGET (self));
}

/**
 * _pj_window_confirm_leave:
 * @self: a window
 * @then: what comes after the game
 *
 * Leave the game on the table for @then: at once when nothing is lost,
 * saved and without a question when it comes back afterwards, otherwise
 * after "Leave this game?" is answered.
 */
void
_pj_window_confirm_leave (PjWindow     *self,
                          PjWindowThen  then)
{
  PjAlert *dialog;
  g_autofree char *not_saved = NULL;
  g_autoptr (GPtrArray) guests = NULL;
  const char *body;
  gboolean can_save;

  /* the lesson turns a LAN table down itself */
  if (then != PJ_WINDOW_THEN_LEARN && (guests = hosted_guests (self)) != NULL)
    {
      ask_close_table (self, then, guests);
      return;
    }
  /* the lesson keeps the game aside */
  if (!game_in_progress (self) || then == PJ_WINDOW_THEN_LEARN)
    {
      leave_then (self, then);
      return;
    }

  if (game_comes_back (self, then))
    {
      g_autoptr (GError) error = NULL;
      PjGame *game = game_at_stake (self);

      /* the file must hold the last move before the window lets go of it */
      if (self->table != NULL || pj_game_flush_autosave (game, &error))
        {
          leave_then (self, then);
          return;
        }
      /* the disk's failure, not the program's: the person is asked, with
       * the reason, and decides (a warning would abort under fatal-warnings) */
      g_message ("The game could not be saved before leaving it: %s", error->message);
      /* TRANSLATORS: %s says why, e.g. “No space left on device” */
      not_saved = g_strdup_printf (_("The game could not be saved (%s): if you leave, it cannot be resumed."),
                                   error->message);
    }

  /* a game of this window (not a LAN table's, not the lesson's) may be
   * saved to a file first: the autosave keeps only the game on the table */
  can_save = self->table == NULL && self->tutorial_left == NULL && self->game != NULL &&
             !pj_game_is_mirror (self->game);
  if (not_saved != NULL)
    body = not_saved;
  else if (self->table != NULL && pj_table_get_host (self->table) != NULL)
    body = _("You host this game: it ends for the other players too. The table is saved, and “Reopen Last Table” brings it back.");
  else if (self->table != NULL)
    body = _("The game goes on without you: after a while the host’s computer plays your seat.");
  else if (self->tutorial_left != NULL)
    body = _("The game kept aside during the lesson ends and cannot be resumed.");
  else if (self->autosave_path == NULL)
    body = _("This window keeps no autosave: unless you save the game in progress, it cannot be resumed.");
  else
    /* Translators: asked once another game is chosen; the autosave holds only the game on the table */
    body = _("Only the game on the table is kept for next time: unless you save this one, it cannot be resumed.");

  dialog = pj_alert_new (_("Leave this game?"), body);
  if (can_save)
    pj_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            /* Translators: "Leave this game?": save it to a file first; with "…" a file is chosen */
                            "save", self->file != NULL ? _("_Save") : _("_Save…"),
                            /* Translators: "Leave this game?": leave it unsaved */
                            "leave", _("_Discard Game"),
                            NULL);
  else
    pj_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "leave", leave_verb (then),
                            NULL);
  pj_alert_set_response_appearance (dialog, "leave", ADW_RESPONSE_DESTRUCTIVE);
  pj_alert_set_default_response (dialog, "cancel");
  pj_alert_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "pj-then", GINT_TO_POINTER (then));
  g_signal_connect_object (dialog, "response", G_CALLBACK (leave_response_cb), self, 0);
  pj_alert_present (dialog, GTK_WIDGET (self));
}

/**
 * pj_window_quit:
 * @self: a window
 *
 * Close the window as Quit does: the size is kept, and a game that would
 * be lost is asked about first.
 */
void
pj_window_quit (PjWindow *self)
{
  g_return_if_fail (PJ_IS_WINDOW (self));

  _pj_window_confirm_leave (self, PJ_WINDOW_THEN_QUIT);
}

/**
 * _pj_window_leave_on_close:
 * @self: a window asked to close
 *
 * Returns: %TRUE when the close waits for an answer to "Leave this game?".
 */
gboolean
_pj_window_leave_on_close (PjWindow *self)
{
  g_autoptr (GPtrArray) guests = NULL;

  if (self->leave_confirmed)
    return FALSE;
  guests = hosted_guests (self);
  if (guests == NULL && (!game_in_progress (self) || game_comes_back (self, PJ_WINDOW_THEN_QUIT)))
    return FALSE;
  _pj_window_confirm_leave (self, PJ_WINDOW_THEN_QUIT);
  return TRUE;
}
