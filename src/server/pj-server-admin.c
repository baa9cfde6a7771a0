/* pj-server-admin.c — the --admin socket: kick and ban from the server
 *
 * A Unix socket only the server's user may open (mode 0600), one command a
 * line, one answer a line: "ok …" or "error …". Arguments are split like a
 * shell would, so names with spaces are quoted:
 *
 *   tables
 *   people "Friday table"
 *   kick "Friday table" Ann        (or #ID, as `people` lists them)
 *   ban "Friday table" "Bob B"
 *
 * Answers are for scripts and the person typing them; they stay in English
 * like the log's event texts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <gio/gunixsocketaddress.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "pj-server-log.h"
#include "pj-server-private.h"

#define MAX_COMMAND 1024

typedef struct {
  PjServer          *server;
  GSocketConnection *connection;
  GDataInputStream  *in;
  GCancellable      *cancellable;
} AdminClient;

static const char *
phase_name (PjNetPhase phase)
{
  switch (phase)
    {
    case PJ_NET_PHASE_LOBBY:   return "lobby";
    case PJ_NET_PHASE_PLAYING: return "playing";
    case PJ_NET_PHASE_OVER:    return "over";
    }
  return "?";
}

static char *
list_tables (PjServer *self)
{
  g_autoptr (GString) out = g_string_new (NULL);

  g_string_append_printf (out, "ok %u tables", self->tables->len);
  for (guint i = 0; i < self->tables->len; i++)
    {
      PjServerTable *table = g_ptr_array_index (self->tables, i);
      PjHost *host = pj_server_table_get_host (table);

      g_string_append_printf (out, "%s \"%s\" port %u %s %u people", i == 0 ? ":" : ";",
                              pj_server_table_get_name (table), pj_server_table_get_port (table),
                              host ? phase_name (pj_host_get_phase (host)) : "closed",
                              host ? pj_host_get_n_people (host) : 0);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
list_people (PjHost *host)
{
  g_autoptr (GString) out = g_string_new (NULL);
  guint n = pj_host_get_n_people (host);

  g_string_append_printf (out, "ok %u people", n);
  for (guint i = 0; i < n; i++)
    {
      PjNetPerson p;

      if (!pj_host_get_person (host, i, &p))
        break;
      g_string_append_printf (out, "%s #%u \"%s\" ", i == 0 ? ":" : ";", p.id, p.name);
      if (p.seat >= 0)
        g_string_append_printf (out, "seat %d", p.seat + 1);
      else
        g_string_append (out, "spectator");
      g_string_append_printf (out, " %s", p.address ? p.address : "");
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The person named (or "#ID"); FALSE if nobody or several have that name. */
static gboolean
find_person (PjHost      *host,
             const char  *who,
             PjNetPerson *out,
             char       **problem)
{
  guint n = pj_host_get_n_people (host), found = 0;
  guint64 id = 0;
  gboolean by_id = who[0] == '#' && g_ascii_string_to_unsigned (who + 1, 10, 0, G_MAXUINT, &id, NULL);

  for (guint i = 0; i < n; i++)
    {
      PjNetPerson p;

      if (pj_host_get_person (host, i, &p) &&
          (by_id ? p.id == id : g_strcmp0 (p.name, who) == 0))
        {
          *out = p;
          found++;
        }
    }
  if (found == 1)
    return TRUE;
  *problem = found == 0
    ? g_strdup_printf ("error nobody here is called \"%s\"", who)
    : g_strdup_printf ("error %u people are called \"%s\": use #ID from people", found, who);
  return FALSE;
}

char *
pj_server_admin_run (PjServer   *self,
                     const char *line)
{
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  PjServerTable *table = NULL;
  PjHost *host;
  int argc = 0;
  char *problem = NULL;
  PjNetPerson person;
  gboolean ban;

  g_return_val_if_fail (PJ_IS_SERVER (self), NULL);
  if (!g_shell_parse_argv (line, &argc, &argv, &error))
    return g_strdup ("error empty or badly quoted command (tables, people, kick, ban)");
  if (g_str_equal (argv[0], "tables") && argc == 1)
    return list_tables (self);
  if (!((g_str_equal (argv[0], "people") && argc == 2) ||
        ((g_str_equal (argv[0], "kick") || g_str_equal (argv[0], "ban")) && argc == 3)))
    return g_strdup ("error commands: tables | people TABLE | kick TABLE NAME | ban TABLE NAME");
  table = pj_server_find_table (self, argv[1]);
  host = table ? pj_server_table_get_host (table) : NULL;
  if (host == NULL)
    return g_strdup_printf ("error no table \"%s\"", argv[1]);
  if (g_str_equal (argv[0], "people"))
    return list_people (host);
  if (!find_person (host, argv[2], &person, &problem))
    return problem;
  ban = g_str_equal (argv[0], "ban");
  /* the strings of person last until the next lobby change: the kick is one
   * (the host's own event logs it) */
  {
    g_autofree char *name = g_strdup (person.name);

    if (!pj_host_kick (host, person.id, ban, &error))
      return g_strdup_printf ("error %s", error->message);
    return g_strdup_printf ("ok %s \"%s\"", ban ? "banned" : "kicked", name);
  }
}

/* ---- the socket ----------------------------------------------------------------- */

static void
admin_client_free (AdminClient *c)
{
  g_cancellable_cancel (c->cancellable);
  g_io_stream_close (G_IO_STREAM (c->connection), NULL, NULL);
  g_clear_object (&c->in);
  g_clear_object (&c->connection);
  g_clear_object (&c->cancellable);
  g_free (c);
}

static void read_next (AdminClient *c);

static void
line_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  AdminClient *c = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                result, NULL, &error);
  g_autofree char *answer = NULL;
  GOutputStream *out;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (line == NULL)
    {
      /* the other end closed (or broke): forget it */
      g_ptr_array_remove (c->server->admin_clients, c);
      return;
    }
  g_strchomp (line);
  answer = strlen (line) > MAX_COMMAND
    ? g_strdup ("error command too long")
    : *line ? pj_server_admin_run (c->server, line) : NULL;
  out = g_io_stream_get_output_stream (G_IO_STREAM (c->connection));
  if (answer &&
      (!g_output_stream_write_all (out, answer, strlen (answer), NULL, c->cancellable, NULL) ||
       !g_output_stream_write_all (out, "\n", 1, NULL, c->cancellable, NULL)))
    {
      g_ptr_array_remove (c->server->admin_clients, c);
      return;
    }
  read_next (c);
}

static void
read_next (AdminClient *c)
{
  g_data_input_stream_read_line_async (c->in, G_PRIORITY_DEFAULT, c->cancellable, line_cb, c);
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source,
             PjServer          *self)
{
  AdminClient *c = g_new0 (AdminClient, 1);

  c->server = self;
  c->connection = g_object_ref (connection);
  c->in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  c->cancellable = g_cancellable_new ();
  g_ptr_array_add (self->admin_clients, c);
  read_next (c);
  return TRUE;
}

gboolean
pj_server_admin_listen (PjServer    *self,
                        const char  *path,
                        GError     **error)
{
  g_autoptr (GSocketAddress) address = NULL;
  g_autoptr (GError) local = NULL;
  mode_t mask;
  gboolean ok;

  g_return_val_if_fail (PJ_IS_SERVER (self), FALSE);
  /* a socket left by a server that was killed */
  if (g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (path, G_FILE_TEST_IS_REGULAR | G_FILE_TEST_IS_DIR))
    g_unlink (path);
  address = g_unix_socket_address_new (path);
  self->admin = g_socket_service_new ();
  self->admin_clients = g_ptr_array_new_with_free_func ((GDestroyNotify) admin_client_free);
  /* only the server's user may connect: 0600 from the moment it exists */
  mask = umask (0177);
  ok = g_socket_listener_add_address (G_SOCKET_LISTENER (self->admin), address,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT,
                                      NULL, NULL, &local);
  umask (mask);
  if (!ok)
    {
      g_set_error (error, local->domain, local->code,
                   _("Cannot make the admin socket “%s”: %s"), path, local->message);
      pj_server_admin_close (self);
      return FALSE;
    }
  self->admin_path = g_strdup (path);
  g_signal_connect (self->admin, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (self->admin);
  pj_server_log (NULL, _("Admin commands on %s"), path);
  return TRUE;
}

void
pj_server_admin_close (PjServer *self)
{
  g_return_if_fail (PJ_IS_SERVER (self));
  if (self->admin)
    {
      g_socket_service_stop (self->admin);
      g_socket_listener_close (G_SOCKET_LISTENER (self->admin));
      g_clear_object (&self->admin);
    }
  g_clear_pointer (&self->admin_clients, g_ptr_array_unref);
  if (self->admin_path)
    g_unlink (self->admin_path);
  g_clear_pointer (&self->admin_path, g_free);
}
