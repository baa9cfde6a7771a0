/* pj-game-autosave.c — the record written after every action, off the main thread
 *
 * Every action hands the record's JSON (made on the main thread: a copy of
 * the record as text) to one writer on a worker thread, which replaces the
 * file atomically. Writes never overlap and never go back in time: the
 * writer always takes the newest text, and pj_game_flush_autosave() (a game
 * or table closing) writes what is still waiting before it returns, so a
 * host that quits right after a move still has that move on disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-game-private.h"

struct _PjAutosave
{
  gatomicrefcount ref;
  char           *path;
  GMutex          write_lock;   /* held for a whole write: writes are in order */
  GMutex          lock;         /* guards the fields below */
  GBytes         *latest;       /* the newest text */
  guint64         latest_gen;   /* counts the texts handed in */
  guint64         tried_gen;    /* the newest text a write was tried with */
  guint64         written_gen;  /* the newest text on disk */
  gboolean        running;      /* a worker is writing or about to */
  gboolean        failing;      /* the last write failed: told once, until one works */
  GWeakRef        game;         /* where a failure is told */
  GMainContext   *context;      /* ... on the game's thread */
};

static PjAutosave *
autosave_ref (PjAutosave *saver)
{
  g_atomic_ref_count_inc (&saver->ref);
  return saver;
}

static void
autosave_unref (PjAutosave *saver)
{
  if (!g_atomic_ref_count_dec (&saver->ref))
    return;
  g_free (saver->path);
  g_clear_pointer (&saver->latest, g_bytes_unref);
  g_mutex_clear (&saver->write_lock);
  g_mutex_clear (&saver->lock);
  g_weak_ref_clear (&saver->game);
  g_main_context_unref (saver->context);
  g_free (saver);
}

typedef struct {
  PjAutosave *saver;
  GError     *error;
} Failure;

static gboolean
report_failure_cb (gpointer data)
{
  Failure *failure = data;
  g_autoptr (PjGame) self = g_weak_ref_get (&failure->saver->game);

  if (self != NULL && self->saver == failure->saver)
    {
      /* a program that does not show it (a headless host) still logs it */
      if (g_signal_has_handler_pending (self, _pj_game_signals[SAVE_FAILED], 0, FALSE))
        g_signal_emit (self, _pj_game_signals[SAVE_FAILED], 0, failure->error);
      else
        g_warning ("%s", failure->error->message);
    }
  return G_SOURCE_REMOVE;
}

static void
failure_free (gpointer data)
{
  Failure *failure = data;

  autosave_unref (failure->saver);
  g_error_free (failure->error);
  g_free (failure);
}

/* Why a write failed, as people say it. */
static const char *
reason_in_words (const GError *error)
{
  switch (error->code)
    {
    case G_FILE_ERROR_NOSPC:
      return _("the disk is full");
    case G_FILE_ERROR_ACCES:
    case G_FILE_ERROR_PERM:
      return _("you may not write to its folder");
    case G_FILE_ERROR_ROFS:
      return _("the disk is read-only");
    case G_FILE_ERROR_ISDIR:
      return _("a folder has the save file’s name");
    case G_FILE_ERROR_NOENT:
    case G_FILE_ERROR_NOTDIR:
      return _("its folder is missing");
    default:
      return error->message;
    }
}

/* Write the newest text unless it is on disk already (or, for the worker,
 * unless it was tried already: a failing disk is not retried in a loop).
 * Called with write_lock held. */
static gboolean
write_latest (PjAutosave  *saver,
              gboolean     retry,
              GError     **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local = NULL;
  guint64 gen;
  gsize len = 0;
  const char *data;

  g_mutex_lock (&saver->lock);
  gen = saver->latest_gen;
  if (gen > (retry ? saver->written_gen : saver->tried_gen))
    bytes = g_bytes_ref (saver->latest);
  saver->tried_gen = gen;
  g_mutex_unlock (&saver->lock);
  if (bytes == NULL)
    return TRUE;

  data = g_bytes_get_data (bytes, &len);
  if (!g_file_set_contents_full (saver->path, data, (gssize) len,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0644, &local))
    {
      /* the details are for the log; the person gets the reason */
      g_debug ("autosave: %s", local->message);
      g_set_error (error, G_FILE_ERROR, local->code,
                   /* Translators: %s says why, e.g. "the disk is full" */
                   _("Your game could not be saved: %s"), reason_in_words (local));
      return FALSE;
    }
  g_mutex_lock (&saver->lock);
  saver->written_gen = MAX (saver->written_gen, gen);
  saver->failing = FALSE;
  g_mutex_unlock (&saver->lock);
  return TRUE;
}

static gpointer
writer_thread (gpointer data)
{
  PjAutosave *saver = data;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      gboolean more;

      g_mutex_lock (&saver->write_lock);
      if (!write_latest (saver, FALSE, &error) && !saver->failing)
        {
          Failure *failure = g_new0 (Failure, 1);

          failure->saver = autosave_ref (saver);
          failure->error = g_steal_pointer (&error);
          g_autoptr (GSource) idle = g_idle_source_new ();

          /* always on the game's thread: g_main_context_invoke() would run
           * it right here when that context is idle and also ours */
          g_source_set_callback (idle, report_failure_cb, failure, failure_free);
          g_source_attach (idle, saver->context);
          saver->failing = TRUE;
        }
      g_mutex_unlock (&saver->write_lock);

      g_mutex_lock (&saver->lock);
      more = saver->latest_gen > saver->tried_gen;
      if (!more)
        saver->running = FALSE;
      g_mutex_unlock (&saver->lock);
      if (!more)
        break;
    }
  /* pj_game_get_saving() changed: let a loop waiting on it look again */
  g_main_context_wakeup (saver->context);
  autosave_unref (saver);
  return NULL;
}

void
_pj_game_schedule_autosave (PjGame *self)
{
  PjAutosave *saver = self->saver;
  gsize length = 0;
  char *json;
  gboolean start;

  if (saver == NULL || self->record == NULL)
    return;

  json = pj_record_to_json (self->record, &length);
  g_mutex_lock (&saver->lock);
  g_clear_pointer (&saver->latest, g_bytes_unref);
  saver->latest = g_bytes_new_take (json, length);
  saver->latest_gen++;
  start = !saver->running;
  saver->running = TRUE;
  g_mutex_unlock (&saver->lock);

  if (start)
    g_thread_unref (g_thread_new ("pj-autosave", writer_thread, autosave_ref (saver)));
}

/**
 * pj_game_flush_autosave:
 * @self: a game
 *
 * Write the newest position now, on this thread, unless it is on disk
 * already (a game or table about to close; a write that failed is tried
 * again). Returns FALSE with @error if that write failed.
 */
gboolean
pj_game_flush_autosave (PjGame  *self,
                        GError **error)
{
  PjAutosave *saver;
  gboolean ok;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  if ((saver = self->saver) == NULL)
    return TRUE;
  g_mutex_lock (&saver->write_lock);
  ok = write_latest (saver, TRUE, error);
  g_mutex_unlock (&saver->write_lock);
  return ok;
}

void
_pj_game_clear_autosave (PjGame *self)
{
  g_autoptr (GError) error = NULL;
  PjAutosave *saver = self->saver;
  gboolean ok;

  if (saver == NULL)
    return;
  /* nothing lost: the last action reaches the disk even as the game goes
   * (a text already tried and refused was told about then) */
  g_mutex_lock (&saver->write_lock);
  ok = write_latest (saver, FALSE, &error);
  g_mutex_unlock (&saver->write_lock);
  if (!ok)
    g_warning ("%s", error->message);
  g_clear_pointer (&self->saver, autosave_unref);
}

/**
 * pj_game_set_autosave_path:
 * @self: a game
 * @path: (nullable): where to keep the game after every action
 *
 * From now on every action (and undo) rewrites @path without blocking.
 * The file is written once now as well.
 */
void
pj_game_set_autosave_path (PjGame     *self,
                           const char *path)
{
  PjAutosave *saver;

  g_return_if_fail (PJ_IS_GAME (self));

  _pj_game_clear_autosave (self);
  /* the host keeps a LAN game; a mirror must not overwrite the local one */
  if (path == NULL || self->mirror)
    return;

  {
    g_autofree char *dir = g_path_get_dirname (path);

    g_mkdir_with_parents (dir, 0700);
  }
  saver = g_new0 (PjAutosave, 1);
  g_atomic_ref_count_init (&saver->ref);
  saver->path = g_strdup (path);
  g_mutex_init (&saver->write_lock);
  g_mutex_init (&saver->lock);
  g_weak_ref_init (&saver->game, self);
  saver->context = g_main_context_ref (self->context);
  self->saver = saver;
  _pj_game_schedule_autosave (self);
}

/* TRUE while a write is waiting or under way. */
gboolean
pj_game_get_saving (PjGame *self)
{
  gboolean running;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  if (self->saver == NULL)
    return FALSE;
  g_mutex_lock (&self->saver->lock);
  running = self->saver->running;
  g_mutex_unlock (&self->saver->lock);
  return running;
}
