/* pj-game-autosave.c — the record written after every action, off the main thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-ai.h"
#include "pj-game-private.h"

/* ---- autosave ------------------------------------------------------------ */

static void start_autosave (PjGame *self);

static void
autosave_done_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (PjGame) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    g_warning ("Could not save the game: %s", error->message);

  self->saving = FALSE;
  if (self->save_dirty && self->autosave_file != NULL)
    start_autosave (self);
}

/* The JSON is made here (a copy of the record as text); the write runs in
 * GIO's worker thread and replaces the file atomically. */
static void
start_autosave (PjGame *self)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize length = 0;
  char *json;

  json = pj_record_to_json (self->record, &length);
  bytes = g_bytes_new_take (json, length);
  self->saving = TRUE;
  self->save_dirty = FALSE;
  g_file_replace_contents_bytes_async (self->autosave_file, bytes, NULL, FALSE,
                                       G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       autosave_done_cb, g_object_ref (self));
}

void
_pj_game_schedule_autosave (PjGame *self)
{
  if (self->autosave_file == NULL)
    return;

  if (self->saving)
    self->save_dirty = TRUE;
  else
    start_autosave (self);
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
  g_return_if_fail (PJ_IS_GAME (self));

  g_clear_object (&self->autosave_file);
  /* the host keeps a LAN game; a mirror must not overwrite the local one */
  if (path == NULL || self->mirror)
    return;

  {
    g_autofree char *dir = g_path_get_dirname (path);

    g_mkdir_with_parents (dir, 0700);
  }
  self->autosave_file = g_file_new_for_path (path);
  _pj_game_schedule_autosave (self);
}

gboolean
pj_game_get_saving (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->saving;
}
