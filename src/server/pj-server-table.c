/* pj-server-table.c — one table of pegs-and-jokers-server: its host, its
 * files, and what the person at a GUI host would do (start, play again)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "pj-discovery.h"
#include "pj-file.h"
#include "pj-net.h"
#include "pj-server-log.h"
#include "pj-server-table.h"
#include "pj-source.h"

#define SETTINGS_SUFFIX ".table"
#define SAVE_SUFFIX     ".save"
#define LAST_PORT_KEY   "last-port"
/* a table's settings are a few lines */
#define SETTINGS_MAX_SIZE (64 * 1024)

struct _PjServerTable
{
  GObject              parent_instance;

  PjServerTableConfig *config;
  char                *save_dir;
  char                *save_path;
  char                *settings_path;
  guint                computer_delay_ms;
  guint                rematch_delay_ms;
  gboolean             discovery;

  PjHost              *host;
  GTlsCertificate     *certificate;  /* the server's, every host's identity */
  PjPublisher         *publisher;
  guint16              port;
  guint                start_id;     /* idle: start the game or play again */
  guint                rematch_id;   /* the pause after a game */
  gboolean             save_failing; /* the last autosave or token file write failed */
  GMainContext        *context;      /* the thread-default one where it was made: the ids' */
};

G_DEFINE_FINAL_TYPE (PjServerTable, pj_server_table, G_TYPE_OBJECT)

static void set_host (PjServerTable *self, PjHost *host);

/* ---- files ------------------------------------------------------------------ */

/* Any table name is a safe, distinct file name once %-escaped ('/' and '%'
 * included); names are at most 64 bytes, so it stays short. */
static char *
file_base (const char *save_dir,
           const char *name,
           const char *suffix)
{
  g_autofree char *escaped = g_uri_escape_string (name, " ", TRUE);
  g_autofree char *file = NULL;

  if (escaped[0] == '.')
    {
      /* no hidden files */
      g_autofree char *dot = g_steal_pointer (&escaped);
      escaped = g_strconcat ("%2E", dot + 1, NULL);
    }
  file = g_strconcat (escaped, suffix, NULL);
  return g_build_filename (save_dir, file, NULL);
}

static void
write_settings (PjServerTable *self)
{
  g_autoptr (GKeyFile) key_file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len;

  pj_server_table_config_to_key_file (self->config, key_file);
  g_key_file_set_integer (key_file, self->config->name, LAST_PORT_KEY, self->port);
  data = g_key_file_to_data (key_file, &len, NULL);
  /* it holds the password: only the server's user reads it */
  if (!pj_file_write_atomic (self->settings_path, data, len, 0600, PJ_FILE_WRITE_NONE, &error))
    pj_server_log (self->config->name, _("Cannot save the table’s settings: %s"), error->message);
}

static void
remove_save (PjServerTable *self)
{
  g_autofree char *tokens = g_strconcat (self->save_path, ".tokens", NULL);
  g_autofree char *backup = pj_file_backup_path (self->save_path);

  if (g_unlink (self->save_path) != 0 && errno != ENOENT)
    pj_server_log (self->config->name, _("Cannot remove “%s”: %s"), self->save_path, g_strerror (errno));
  g_unlink (backup);
  g_unlink (tokens);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  const PjServerTableConfig *x = *(PjServerTableConfig * const *) a;
  const PjServerTableConfig *y = *(PjServerTableConfig * const *) b;
  g_autofree char *key_x = pj_net_name_key (x->name);
  g_autofree char *key_y = pj_net_name_key (y->name);
  int by_key = strcmp (key_x, key_y);

  /* names one but for case side by side, then in a fixed order */
  return by_key != 0 ? by_key : strcmp (x->name, y->name);
}

GPtrArray *
pj_server_table_load_saved (const char *save_dir)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) pj_server_table_config_free);
  g_autoptr (GDir) dir = g_dir_open (save_dir, 0, NULL);
  const char *file;

  while (dir && (file = g_dir_read_name (dir)))
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_autoptr (GKeyFile) key_file = NULL;
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) groups = NULL;
      g_autofree char *stem = NULL;
      PjServerTableConfig *config;
      gint64 last_port;
      gsize len;

      if (!g_str_has_suffix (file, SETTINGS_SUFFIX))
        continue;
      path = g_build_filename (save_dir, file, NULL);
      key_file = g_key_file_new ();
      /* the server's own file: not a link elsewhere, a FIFO or a device */
      text = pj_file_read_regular (path, SETTINGS_MAX_SIZE, PJ_FILE_READ_NOFOLLOW, &len, &error);
      if (text == NULL)
        {
          pj_server_log (NULL, _("Cannot read a table’s settings: %s"), error->message);
          continue;
        }
      if (!g_key_file_load_from_data (key_file, text, len, G_KEY_FILE_NONE, &error))
        {
          pj_server_log (NULL, _("Cannot read “%s”: %s"), path, error->message);
          continue;
        }
      groups = g_key_file_get_groups (key_file, NULL);
      if (g_strv_length (groups) != 1)
        {
          pj_server_log (NULL, _("“%s” is not a table’s settings"), path);
          continue;
        }
      last_port = g_key_file_get_int64 (key_file, groups[0], LAST_PORT_KEY, NULL);
      g_key_file_remove_key (key_file, groups[0], LAST_PORT_KEY, NULL);
      config = pj_server_table_config_from_key_file (key_file, groups[0], &error);
      if (config == NULL || !pj_server_table_config_check (config, &error))
        {
          pj_server_log (NULL, _("“%s” is not a table’s settings: %s"), path, error->message);
          pj_server_table_config_free (config);
          continue;
        }
      config->last_port = (guint16) CLAMP (last_port, 0, G_MAXUINT16);
      /* an older build kept names as they came, and named the files so:
       * the table goes by its cleaned name, its files keep theirs */
      stem = g_strndup (file, strlen (file) - strlen (SETTINGS_SUFFIX));
      config->stored_as = g_uri_unescape_string (stem, NULL);
      if (g_strcmp0 (config->stored_as, config->name) == 0)
        g_clear_pointer (&config->stored_as, g_free);
      g_ptr_array_add (tables, config);
    }
  g_ptr_array_sort (tables, compare_names);
  /* two that an older build told apart by case or by a hidden character
   * are one name now: the first (by name) is hosted */
  for (guint i = 1; i < tables->len;)
    {
      PjServerTableConfig *before = g_ptr_array_index (tables, i - 1);
      PjServerTableConfig *config = g_ptr_array_index (tables, i);

      if (!pj_server_table_name_equal (before->name, config->name))
        {
          i++;
          continue;
        }
      pj_server_log (NULL, _("Not hosting a second table named “%s”: “%s” is hosted already"),
                     config->name, before->name);
      g_ptr_array_remove_index (tables, i);
    }
  return g_steal_pointer (&tables);
}

/* ---- playing without a person at the host -------------------------------------- */

/* Every seat a computer or a ready person who is here, and at least one
 * person (a table of computers alone would play for nobody). */
static gboolean
seats_ready (PjServerTable *self,
             gboolean      *anyone_here)
{
  guint n = pj_host_get_n_seats (self->host);
  gboolean ready = TRUE, people = FALSE;

  *anyone_here = FALSE;
  for (guint i = 0; i < n; i++)
    {
      PjNetSeatInfo info;

      pj_host_get_seat_info (self->host, i, &info);
      if (info.kind == PJ_NET_SEAT_HUMAN)
        {
          people = TRUE;
          if (info.connected)
            *anyone_here = TRUE;
          if (!info.connected || !info.ready)
            ready = FALSE;
        }
      else if (info.kind == PJ_NET_SEAT_OPEN)
        ready = FALSE;
    }
  return ready && people;
}

/* The table's settings on a host in the lobby: rules and computer seats. */
static void
apply_settings (PjServerTable *self,
                PjHost        *host)
{
  PjServerTableConfig *config = self->config;
  g_autoptr (GError) error = NULL;

  if (!pj_host_set_rules (host, &config->rules, &error))
    g_error ("rules checked by the config: %s", error->message);
  for (guint i = 0; i < config->rules.players; i++)
    {
      PjNetSeatInfo info;

      pj_host_get_seat_info (host, i, &info);
      if (config->computer[i] ? !pj_host_set_seat_computer (host, i, TRUE, config->level[i], &error)
                              : info.kind == PJ_NET_SEAT_COMPUTER &&
                                !pj_host_set_seat_computer (host, i, FALSE, PJ_AI_NORMAL, &error))
        g_error ("seat checked by the config: %s", error->message);
    }
}

/* A new host for the table's settings, in the lobby. */
static PjHost *
new_lobby_host (PjServerTable *self)
{
  PjHost *host = pj_host_new (self->config->name, self->config->password);

  apply_settings (self, host);
  return host;
}

/* Everyone left after a game: an empty lobby, and no save (a restart would
 * otherwise bring back a finished game). The same host, on the same port:
 * its bans hold for the table's whole session, and spectators stay. */
static void
back_to_lobby (PjServerTable *self)
{
  g_autoptr (GError) error = NULL;

  if (!pj_host_back_to_lobby (self->host, &error))
    g_error ("the table's game is over: %s", error->message);
  pj_source_clear (self->context, &self->rematch_id);
  remove_save (self);
  /* a reopened game's rules may be older than the settings */
  apply_settings (self, self->host);
  pj_server_log (self->config->name, _("Everyone has gone: waiting for players"));
}

static gboolean
start_cb (gpointer user_data)
{
  PjServerTable *self = user_data;
  g_autoptr (GError) error = NULL;
  gboolean anyone_here;
  gboolean ready;

  self->start_id = 0;
  ready = seats_ready (self, &anyone_here);
  switch (pj_host_get_phase (self->host))
    {
    case PJ_NET_PHASE_LOBBY:
      if (ready && !pj_host_start_game (self->host, &error))
        pj_server_log (self->config->name, _("Cannot start the game: %s"), error->message);
      break;
    case PJ_NET_PHASE_OVER:
      if (!anyone_here)
        back_to_lobby (self);
      else if (self->rematch_id == 0 && ready && !pj_host_rematch (self->host, &error))
        pj_server_log (self->config->name, _("Cannot deal again: %s"), error->message);
      break;
    case PJ_NET_PHASE_PLAYING:
      break;
    }
  return G_SOURCE_REMOVE;
}

/* Out of the host's signal: starting deals and sends to every client. */
static void
queue_start (PjServerTable *self)
{
  if (self->start_id == 0)
    self->start_id = pj_source_add_idle (self->context, start_cb, self);
}

static gboolean
rematch_cb (gpointer user_data)
{
  PjServerTable *self = user_data;

  self->rematch_id = 0;
  queue_start (self);
  return G_SOURCE_REMOVE;
}

static void
update_publisher (PjServerTable *self)
{
  if (self->publisher == NULL)
    return;
  pj_publisher_set_seats (self->publisher, pj_host_get_n_seats_taken (self->host),
                          pj_host_get_n_seats (self->host));
  pj_publisher_set_variant (self->publisher, pj_host_get_variant (self->host));
}

static void
lobby_changed_cb (PjHost        *host,
                  PjServerTable *self)
{
  update_publisher (self);
  queue_start (self);
}

static void
event_cb (PjHost        *host,
          const char    *kind,
          const char    *text,
          PjServerTable *self)
{
  pj_server_log (self->config->name, "%s", text);
}

static void
game_started_cb (PjHost        *host,
                 PjServerTable *self)
{
  pj_source_clear (self->context, &self->rematch_id);
}

static void
game_over_cb (PjHost        *host,
              guint          winner,
              PjServerTable *self)
{
  /* time to read the result before the next deal */
  pj_source_clear (self->context, &self->rematch_id);
  self->rematch_id = pj_source_add_timeout (self->context, self->rematch_delay_ms, rematch_cb, self);
}

static void
save_failed_cb (PjHost        *host,
                GError        *error,
                PjServerTable *self)
{
  pj_server_log (self->config->name, _("Autosave failed: %s"), error->message);
}

/* After "Autosave failed" lines, one line once the disk takes the writes
 * again: whoever reads the log knows the game is safe again. */
static void
save_error_cb (PjHost        *host,
               GParamSpec    *pspec,
               PjServerTable *self)
{
  gboolean failing = pj_host_get_save_error (host) != NULL;

  if (self->save_failing && !failing && pj_host_get_game (host) != NULL)
    pj_server_log (self->config->name, _("Saving works again"));
  self->save_failing = failing;
}

static void
set_host (PjServerTable *self,
          PjHost        *host)
{
  if (self->host)
    {
      g_signal_handlers_disconnect_by_data (self->host, self);
      pj_host_stop (self->host);
      /* flushes the autosave: the last action is on disk before we go on */
      g_object_run_dispose (G_OBJECT (self->host));
      g_clear_object (&self->host);
    }
  pj_source_clear (self->context, &self->start_id);
  pj_source_clear (self->context, &self->rematch_id);
  if (host == NULL)
    return;
  self->host = g_object_ref (host);
  if (self->certificate)
    pj_host_set_certificate (host, self->certificate);
  g_object_set (host, "computer-delay-ms", self->computer_delay_ms, NULL);
  pj_host_set_save_path (host, self->save_path);
  g_signal_connect (host, "lobby-changed", G_CALLBACK (lobby_changed_cb), self);
  g_signal_connect (host, "game-started", G_CALLBACK (game_started_cb), self);
  g_signal_connect (host, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (host, "save-failed", G_CALLBACK (save_failed_cb), self);
  g_signal_connect (host, "notify::save-error", G_CALLBACK (save_error_cb), self);
  self->save_failing = pj_host_get_save_error (host) != NULL;
  g_signal_connect (host, "event", G_CALLBACK (event_cb), self);
}

/* ---- opening and closing ----------------------------------------------------- */

/* Any free port, not the protocol's default: what --port 0 asks for. */
static guint16
free_port (GError **error)
{
  g_autoptr (GSocketListener) probe = g_socket_listener_new ();
  guint16 port = g_socket_listener_add_any_inet_port (probe, NULL, error);

  g_socket_listener_close (probe);
  return port;
}

static gboolean
listen (PjServerTable  *self,
        GError        **error)
{
  int wanted = self->config->port;

  /* guests reconnect to the port they knew: keep it unless told otherwise */
  if (self->config->last_port != 0 && (wanted == 0 || wanted == PJ_SERVER_PORT_DEFAULT) &&
      pj_host_listen (self->host, self->config->last_port, NULL))
    return TRUE;
  if (wanted == 0)
    {
      /* another program may take the probed port first: try again */
      for (guint attempt = 0; attempt < 5; attempt++)
        {
          g_autoptr (GError) local = NULL;
          guint16 port = free_port (error);

          if (port == 0)
            return FALSE;
          if (pj_host_listen (self->host, port, &local))
            return TRUE;
          if (attempt == 4 || !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
        }
    }
  return pj_host_listen (self->host, wanted == PJ_SERVER_PORT_DEFAULT ? 0 : (guint16) wanted, error);
}

static PjHost *
reopen_file (PjServerTable  *self,
             GError        **error)
{
  /* the name and password are the table's now, never the token file's */
  return pj_host_reopen_table (self->save_path, self->config->name, self->config->password, error);
}

static gboolean
exists_here (const char *path)
{
  /* the name itself: a dangling link is there too */
  return g_file_test (path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK);
}

/* The saved game, or NULL for a new lobby. A save that cannot be read is
 * set aside (never deleted: a bug report wants it) and the backup kept
 * beside it, the game one action earlier, is reopened instead; one log
 * line says which happened. */
static PjHost *
reopen (PjServerTable *self)
{
  g_autofree char *backup = pj_file_backup_path (self->save_path);
  g_autofree char *aside = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) backup_error = NULL;
  g_autoptr (GError) aside_error = NULL;
  PjHost *host;

  if (!exists_here (self->save_path))
    {
      /* killed between the autosave's two renames: the previous save is
       * one action behind, and better than no game at all */
      if (!exists_here (backup) || g_rename (backup, self->save_path) != 0)
        return NULL;
      host = reopen_file (self, &error);
      if (host)
        {
          pj_server_log (self->config->name, _("The last autosave was cut short: reopened the one before"));
          return host;
        }
    }
  else
    {
      host = reopen_file (self, &error);
      if (host)
        {
          pj_server_log (self->config->name, _("Reopened the saved game"));
          return host;
        }
      if (!pj_file_set_aside (self->save_path, &aside, &aside_error))
        {
          pj_server_log (self->config->name, _("Cannot reopen the saved game (%s): %s"),
                         error->message, aside_error->message);
          return NULL;
        }
      if (exists_here (backup) && g_rename (backup, self->save_path) == 0)
        {
          host = reopen_file (self, &backup_error);
          if (host)
            {
              pj_server_log (self->config->name,
                             _("The last autosave is damaged (%s; set aside as “%s”): reopened the one before"),
                             error->message, aside);
              return host;
            }
        }
    }
  /* nothing whole to reopen: what is left goes aside too, the table starts afresh */
  if (exists_here (self->save_path))
    {
      g_clear_error (&aside_error);
      g_clear_pointer (&aside, g_free);
      pj_file_set_aside (self->save_path, &aside, &aside_error);
    }
  if (aside != NULL)
    pj_server_log (self->config->name, _("Cannot reopen the saved game (set aside as “%s”): %s"),
                   aside, (backup_error ? backup_error : error)->message);
  else
    pj_server_log (self->config->name, _("Cannot reopen the saved game: %s"),
                   (backup_error ? backup_error : error)->message);
  return NULL;
}

gboolean
pj_server_table_open (PjServerTable  *self,
                      GError        **error)
{
  g_autoptr (PjHost) host = NULL;

  g_return_val_if_fail (PJ_IS_SERVER_TABLE (self), FALSE);
  g_return_val_if_fail (self->host == NULL, FALSE);

  host = reopen (self);
  if (host == NULL)
    host = new_lobby_host (self);
  set_host (self, host);
  if (!listen (self, error))
    {
      set_host (self, NULL);
      return FALSE;
    }
  self->port = pj_host_get_port (self->host);
  write_settings (self);
  if (self->discovery)
    {
      self->publisher = pj_publisher_new (self->config->name, self->port, PJ_NET_PROTOCOL_VERSION);
      pj_publisher_set_password_required (self->publisher, self->config->password != NULL);
      update_publisher (self);
    }
  /* tools wait for this line: the table takes players from now on */
  fprintf (stdout, "table \"%s\" port %u\n", self->config->name, self->port);
  fflush (stdout);
  pj_server_log (self->config->name, _("Listening on port %u"), self->port);
  /* what a guest compares, read aloud, with what its app shows */
  pj_server_log (self->config->name, _("Certificate fingerprint: %s"), pj_host_get_fingerprint (self->host));
  if (pj_host_get_phase (self->host) == PJ_NET_PHASE_OVER)
    game_over_cb (self->host, 0, self);
  return TRUE;
}

void
pj_server_table_close (PjServerTable *self)
{
  g_return_if_fail (PJ_IS_SERVER_TABLE (self));
  g_clear_object (&self->publisher);
  set_host (self, NULL);
}

const char *
pj_server_table_get_name (PjServerTable *self)
{
  g_return_val_if_fail (PJ_IS_SERVER_TABLE (self), NULL);
  return self->config->name;
}

guint16
pj_server_table_get_port (PjServerTable *self)
{
  g_return_val_if_fail (PJ_IS_SERVER_TABLE (self), 0);
  return self->port;
}

const GError *
pj_server_table_get_discovery_error (PjServerTable *self)
{
  g_return_val_if_fail (PJ_IS_SERVER_TABLE (self), NULL);
  if (self->publisher == NULL || pj_publisher_get_published (self->publisher))
    return NULL;
  return pj_publisher_get_error (self->publisher);
}

PjHost *
pj_server_table_get_host (PjServerTable *self)
{
  g_return_val_if_fail (PJ_IS_SERVER_TABLE (self), NULL);
  return self->host;
}

/* ---- GObject ----------------------------------------------------------------- */

static void
pj_server_table_dispose (GObject *object)
{
  PjServerTable *self = PJ_SERVER_TABLE (object);

  pj_server_table_close (self);
  G_OBJECT_CLASS (pj_server_table_parent_class)->dispose (object);
}

static void
pj_server_table_finalize (GObject *object)
{
  PjServerTable *self = PJ_SERVER_TABLE (object);

  pj_server_table_config_free (self->config);
  g_free (self->save_dir);
  g_free (self->save_path);
  g_free (self->settings_path);
  g_clear_object (&self->certificate);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (pj_server_table_parent_class)->finalize (object);
}

static void
pj_server_table_class_init (PjServerTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_server_table_dispose;
  object_class->finalize = pj_server_table_finalize;
}

static void
pj_server_table_init (PjServerTable *self)
{
  self->context = g_main_context_ref_thread_default ();
}

void
pj_server_table_set_certificate (PjServerTable   *self,
                                 GTlsCertificate *certificate)
{
  g_return_if_fail (PJ_IS_SERVER_TABLE (self));
  g_set_object (&self->certificate, certificate);
}

PjServerTable *
pj_server_table_new (const PjServerTableConfig *config,
                     const PjServerConfig      *server)
{
  PjServerTable *self = g_object_new (PJ_TYPE_SERVER_TABLE, NULL);

  self->config = pj_server_table_config_copy (config);
  self->save_dir = g_strdup (server->save_dir);
  self->save_path = file_base (server->save_dir, config->stored_as ? config->stored_as : config->name, SAVE_SUFFIX);
  self->settings_path = file_base (server->save_dir, config->stored_as ? config->stored_as : config->name,
                                   SETTINGS_SUFFIX);
  self->computer_delay_ms = server->computer_delay_ms;
  self->rematch_delay_ms = server->rematch_delay_ms;
  self->discovery = !server->no_discovery;
  return self;
}
