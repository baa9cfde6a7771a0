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

#include "pj-file.h"
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

/* What the writer tells the game's thread: a failure, or (error NULL)
 * that saving works again. */
typedef struct {
  PjAutosave *saver;
  GError     *error;
} Failure;

static void retry_later (PjGame *self);

static void
set_save_error (PjGame     *self,
                const char *message)
{
  if (g_strcmp0 (self->save_error, message) == 0)
    return;
  g_free (self->save_error);
  self->save_error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_SAVE_ERROR]);
}

static gboolean
report_failure_cb (gpointer data)
{
  Failure *failure = data;
  g_autoptr (PjGame) self = g_weak_ref_get (&failure->saver->game);

  if (self == NULL || self->saver != failure->saver)
    return G_SOURCE_REMOVE;
  if (failure->error == NULL)
    {
      _pj_game_remove_source (self, &self->save_retry_source);
      set_save_error (self, NULL);
      return G_SOURCE_REMOVE;
    }
  set_save_error (self, failure->error->message);
  retry_later (self);
  /* a program that does not show it (a headless host) still logs it */
  if (g_signal_has_handler_pending (self, _pj_game_signals[SAVE_FAILED], 0, FALSE))
    g_signal_emit (self, _pj_game_signals[SAVE_FAILED], 0, failure->error);
  else
    g_message ("%s", failure->error->message);
  return G_SOURCE_REMOVE;
}

static void
failure_free (gpointer data)
{
  Failure *failure = data;

  autosave_unref (failure->saver);
  g_clear_error (&failure->error);
  g_free (failure);
}

/* Tell the game's thread, never this one: g_main_context_invoke() would
 * run it right here when that context is idle and also ours. */
static void
post_report (PjAutosave *saver,
             GError     *error)
{
  g_autoptr (GSource) idle = g_idle_source_new ();
  Failure *failure = g_new0 (Failure, 1);

  failure->saver = autosave_ref (saver);
  failure->error = error;
  g_source_set_callback (idle, report_failure_cb, failure, failure_free);
  g_source_attach (idle, saver->context);
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
  /* the file replaced stays as PATH.bak: the last good autosave. 0600:
   * it holds every hand, the stock and the seed of a game under way */
  if (!pj_file_write_atomic (saver->path, data, len, 0600, PJ_FILE_WRITE_KEEP_BACKUP, &local))
    {
      /* the details are for the log; the person gets the reason */
      g_debug ("autosave: %s", local->message);
      g_set_error (error, G_FILE_ERROR, local->code,
                   /* Translators: %s says why, e.g. "the disk is full" */
                   _("Your game could not be saved: %s"), pj_file_error_reason (local));
      return FALSE;
    }
  g_mutex_lock (&saver->lock);
  saver->written_gen = MAX (saver->written_gen, gen);
  saver->failing = FALSE;
  g_mutex_unlock (&saver->lock);
  return TRUE;
}

static void
writer_thread (gpointer data,
               gpointer unused)
{
  PjAutosave *saver = data;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      gboolean more, was_failing;

      g_mutex_lock (&saver->write_lock);
      was_failing = saver->failing;
      if (!write_latest (saver, FALSE, &error))
        {
          /* told once per streak of failures, not at every move */
          if (!was_failing)
            post_report (saver, g_steal_pointer (&error));
          saver->failing = TRUE;
        }
      else if (was_failing && !saver->failing)
        post_report (saver, NULL);
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
}

/* Call only after setting saver->running under the lock: one writer at a
 * time keeps the writes in order. The threads are shared and kept: a host
 * with many tables saves after every action at each, and a new thread per
 * write cost more than the write's own work. No limit on their number: a
 * table's write never waits for another table's. */
static void
start_writer (PjAutosave *saver)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, g_thread_pool_new (writer_thread, NULL, -1, FALSE, NULL));
  g_thread_pool_push (pool, autosave_ref (saver), NULL);
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
    start_writer (saver);
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
  gboolean ok, was_failing;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  if ((saver = self->saver) == NULL)
    return TRUE;
  g_mutex_lock (&saver->write_lock);
  was_failing = saver->failing;
  ok = write_latest (saver, TRUE, error);
  if (ok && was_failing && !saver->failing)
    post_report (saver, NULL);
  g_mutex_unlock (&saver->write_lock);
  return ok;
}

/* While saves fail, try again now and then: the disk may have room again
 * before the next move comes. */
static gboolean
retry_cb (gpointer data)
{
  PjGame *self = data;
  PjAutosave *saver = self->saver;
  gboolean start;

  if (saver == NULL || self->save_error == NULL)
    {
      self->save_retry_source = 0;
      return G_SOURCE_REMOVE;
    }
  g_mutex_lock (&saver->lock);
  /* the newest text was tried already: let the writer try it again */
  saver->tried_gen = saver->written_gen;
  start = !saver->running && saver->latest_gen > saver->written_gen;
  if (start)
    saver->running = TRUE;
  g_mutex_unlock (&saver->lock);
  if (start)
    start_writer (saver);
  return G_SOURCE_CONTINUE;
}

static void
retry_later (PjGame *self)
{
  g_autoptr (GSource) source = NULL;

  if (self->save_retry_source != 0)
    return;
  source = g_timeout_source_new_seconds (PJ_GAME_SAVE_RETRY_S);
  g_source_set_callback (source, retry_cb, self, NULL);
  self->save_retry_source = g_source_attach (source, self->context);
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
    g_message ("%s", error->message);
  g_clear_pointer (&self->saver, autosave_unref);
  _pj_game_remove_source (self, &self->save_retry_source);
  set_save_error (self, NULL);
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

const char *
pj_game_get_save_error (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  return self->save_error;
}

/* Load path as a record, or NULL with error. */
static PjRecord *
load_record (const char  *path,
             GError     **error)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  return pj_record_load (path, error);
}

/**
 * pj_game_restore_autosave:
 * @path: the autosave (pj_game_set_autosave_path())
 * @notice: (out) (optional): what to tell the person, or NULL
 *
 * The record of the autosaved game, or NULL when there is none to restore.
 * Nothing is lost on the way: a damaged autosave is set aside (renamed,
 * never deleted) and the last good one kept beside it (PATH.bak, the
 * position before the last move) is restored instead; @notice says what
 * happened in people's words.
 */
PjRecord *
pj_game_restore_autosave (const char  *path,
                          char       **notice)
{
  g_autofree char *backup = NULL;
  g_autofree char *aside = NULL;
  g_autoptr (GError) error = NULL;
  PjRecord *record;

  g_return_val_if_fail (path != NULL, NULL);

  if (notice != NULL)
    *notice = NULL;
  record = load_record (path, &error);
  if (record != NULL || error == NULL)
    {
      /* no autosave at all: a write cut between its two renames leaves
       * only the last good one */
      if (record == NULL)
        {
          backup = pj_file_backup_path (path);
          record = load_record (backup, NULL);
        }
      return record;
    }

  g_message ("The autosave could not be read: %s", error->message);
  g_clear_error (&error);
  if (!pj_file_set_aside (path, &aside, &error))
    g_message ("%s", error->message);

  backup = pj_file_backup_path (path);
  record = load_record (backup, NULL);
  /* a toast has one line: the file set aside is named in the log */
  if (aside != NULL)
    g_message ("The damaged autosave was set aside as %s", aside);
  if (notice != NULL)
    *notice = g_strdup (record != NULL
                        ? _("Your last save was damaged; the game one move earlier is back")
                        : _("Your last save was damaged; a new game starts"));
  return record;
}
