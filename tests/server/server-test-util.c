/* server-test-util.c — a pegs-and-jokers-server child process for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <string.h>

#include "net-test-util.h"
#include "pj-record.h"
#include "server-test-util.h"

gboolean server_echo_log = TRUE;

static void read_out (Server *server);
static void read_err (Server *server);

static void
out_line_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Server *server = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                result, NULL, &error);
  g_autofree char *name = NULL;
  const char *end;
  guint port;

  if (line == NULL)
    {
      server->out_done = TRUE;
      return;
    }
  /* table "NAME" port N */
  end = strrchr (line, '"');
  g_assert_true (g_str_has_prefix (line, "table \"") && end && end > line + 6);
  name = g_strndup (line + 7, end - line - 7);
  g_assert_cmpint (sscanf (end, "\" port %u", &port), ==, 1);
  g_assert_cmpuint (port, >, 0);
  g_hash_table_replace (server->ports, g_steal_pointer (&name), GUINT_TO_POINTER (port));
  read_out (server);
}

static void
read_out (Server *server)
{
  g_data_input_stream_read_line_async (server->out, G_PRIORITY_DEFAULT, server->cancellable,
                                       out_line_cb, server);
}

static void
err_line_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Server *server = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                result, NULL, &error);

  if (line == NULL)
    {
      server->log_done = TRUE;
      return;
    }
  /* the test's log shows what the server said */
  if (server_echo_log)
    g_printerr ("  server: %s\n", line);
  g_string_append_printf (server->log, "%s\n", line);
  read_err (server);
}

static void
read_err (Server *server)
{
  g_data_input_stream_read_line_async (server->err, G_PRIORITY_DEFAULT, server->cancellable,
                                       err_line_cb, server);
}

static void
exited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Server *server = data;
  GSubprocess *process = G_SUBPROCESS (source);

  if (!g_subprocess_wait_finish (process, result, NULL))
    return;
  server->status = g_subprocess_get_if_exited (process)
    ? g_subprocess_get_exit_status (process) : -g_subprocess_get_term_sig (process);
  server->exited = TRUE;
}

/* A test that fails must not leave a server behind. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

Server *
server_spawn (const char * const *args)
{
  Server *server = g_new0 (Server, 1);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  const char *bin = g_getenv ("PJ_SERVER_BIN");

  g_assert_nonnull (bin);
  g_ptr_array_add (argv, (char *) bin);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  server->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  server->cancellable = g_cancellable_new ();
  server->ports = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  server->log = g_string_new (NULL);
  server->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));
  server->err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (server->process));
  read_out (server);
  read_err (server);
  g_subprocess_wait_async (server->process, server->cancellable, exited_cb, server);
  return server;
}

typedef struct {
  Server *server;
  guint   n;
} PortsWait;

static gboolean
have_ports (gpointer data)
{
  PortsWait *w = data;
  return g_hash_table_size (w->server->ports) >= w->n || w->server->exited;
}

Server *
server_start (guint               n_tables,
              const char * const *args)
{
  Server *server = server_spawn (args);
  PortsWait w = { server, n_tables };

  g_assert_true (run_until (have_ports, &w, 10000));
  g_assert_false (server->exited);
  return server;
}

guint16
server_port (Server     *server,
             const char *table)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (server->ports, table));
}

static gboolean
has_exited (gpointer data)
{
  Server *server = data;

  /* the pipes end once the process has gone */
  return server->exited && server->out_done && server->log_done;
}

gboolean
server_wait_exit (Server *server,
                  guint   timeout_ms)
{
  return run_until (has_exited, server, timeout_ms);
}

typedef struct {
  Server     *server;
  const char *text;
} LogWait;

static gboolean
log_has (gpointer data)
{
  LogWait *w = data;
  return strstr (w->server->log->str, w->text) != NULL;
}

gboolean
server_wait_log (Server     *server,
                 const char *text,
                 guint       timeout_ms)
{
  LogWait w = { server, text };
  return run_until (log_has, &w, timeout_ms);
}

void
server_signal (Server *server,
               int     signum)
{
  if (!server->exited)
    g_subprocess_send_signal (server->process, signum);
  g_assert_true (server_wait_exit (server, 10000));
}

void
server_free (Server *server)
{
  server_signal (server, SIGKILL);
  /* both pipes were read to their end (server_wait_exit) */
  g_cancellable_cancel (server->cancellable);
  g_clear_object (&server->out);
  g_clear_object (&server->err);
  g_clear_object (&server->process);
  g_clear_object (&server->cancellable);
  g_hash_table_unref (server->ports);
  g_string_free (server->log, TRUE);
  g_free (server);
}

char *
save_dir_new (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("pj-server-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
save_dir_remove (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *file = g_build_filename (path, name, NULL);
      g_unlink (file);
    }
  g_rmdir (path);
}

char *
admin_command (const char *path,
               const char *command)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketAddress) address = g_unix_socket_address_new (path);
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (GDataInputStream) in = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  char *answer;

  /* the server is another process: blocking calls, bounded by a timeout */
  g_socket_client_set_timeout (client, 5);
  for (guint tries = test_scaled_ms (5000) / 10; ; tries--)
    {
      connection = g_socket_client_connect (client, G_SOCKET_CONNECTABLE (address), NULL, &error);
      /* a full backlog: the server accepts on its own time */
      if (tries == 0 || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      g_clear_error (&error);
      g_usleep (10000);
    }
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                            line, strlen (line), NULL, NULL, &error));
  in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  answer = g_data_input_stream_read_line (in, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);
  return answer;
}

gboolean
has_raw_controls (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    switch (g_unichar_type (g_utf8_get_char (p)))
      {
      case G_UNICODE_CONTROL:
      case G_UNICODE_FORMAT:
      case G_UNICODE_LINE_SEPARATOR:
      case G_UNICODE_PARAGRAPH_SEPARATOR:
        return TRUE;
      default:
        break;
      }
  return FALSE;
}

JsonObject *
admin_json (const char *path,
            const char *command,
            gboolean    ok)
{
  g_autofree char *line = admin_command (path, command);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *answer;

  /* a TAP reader takes a line of 64 KiB or more for non-TAP output: the
   * too-long test's command is shown by its start and length */
  if (strlen (command) > 200)
    {
      g_autofree char *start = g_utf8_substring (command, 0, 60);

      g_test_message ("admin: %s… (%zu bytes) -> %s", start, strlen (command), line);
    }
  else
    g_test_message ("admin: %s -> %s", command, line);
  g_assert_true (g_utf8_validate (line, -1, NULL));
  g_assert_false (has_raw_controls (line));
  g_assert_true (json_parser_load_from_data (parser, line, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  answer = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  g_assert_true (json_object_has_member (answer, "ok"));
  g_assert_cmpint (json_object_get_boolean_member (answer, "ok"), ==, ok);
  if (!ok)
    {
      g_assert_nonnull (json_object_get_string_member (answer, "error"));
      g_assert_nonnull (json_object_get_string_member (answer, "message"));
    }
  return answer;
}

int
server_run_status (const char * const *args,
                   char              **log)
{
  Server *server = server_spawn (args);
  int status;

  g_assert_true (server_wait_exit (server, 10000));
  status = server->status;
  *log = g_strdup (server->log->str);
  server_free (server);
  return status;
}

gboolean
save_has (gpointer data)
{
  SaveWait *w = data;
  g_autoptr (PjRecord) record = pj_record_load (w->path, NULL);

  return record && pj_record_get_n_actions (record) == w->n;
}

gboolean
bot_rejoined (gpointer data)
{
  return pj_client_get_state (((Bot *) data)->client) != NULL;
}
