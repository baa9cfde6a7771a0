/* pj-server-admin.c — the --admin socket: kick and ban from the server
 *
 * A Unix socket only the server's user may open (mode 0600), one command a
 * line. Words are split on spaces; a name with spaces is quoted ("…" with
 * \" and \\ inside, or '…'); `#` is an ordinary character, so `#ID` needs
 * no quotes:
 *
 *   tables
 *   people "Friday table"
 *   kick "Friday table" Ann        (or #ID, as `people` lists them)
 *   ban "Friday table" "Bob B"
 *
 * Each answer is one JSON object on one line: {"ok":true,…} or
 * {"ok":false,"error":CODE,"message":TEXT}. Names are JSON strings, and
 * every character that could move or hide text on a terminal (controls,
 * bidi and other format characters, line separators) is written \uXXXX,
 * so no name can end an answer, start another or change how one reads.
 *
 * The tables run on the same main loop: nothing here may block. Answers go
 * out with non-blocking writes; a client that does not read them is cut
 * off once a new answer finds more than MAX_QUEUED bytes still unsent.
 *
 * Answers are for scripts and the person typing them; they stay in English
 * like the log's event texts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* lstat() and S_ISSOCK(), which -std=c17 alone hides */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <gio/gunixsocketaddress.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>

#include "pj-server-log.h"
#include "pj-server-private.h"

#define MAX_COMMAND  1024
#define MAX_QUEUED   (64 * 1024)   /* unsent answer bytes before a new answer cuts a client off */
#define MAX_CLIENTS  16            /* each holds a descriptor the tables also need */
#define READ_CHUNK   4096

typedef struct {
  PjServer          *server;
  GSocketConnection *connection;
  GSource           *in_source;
  GSource           *out_source;
  GByteArray        *line;       /* the command read so far */
  gboolean           too_long;   /* skipping the rest of an overlong command */
  GByteArray        *unsent;     /* answers the client has not taken yet */
  gboolean           closing;    /* it sent its last command: close once unsent is out */
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

/* ---- answers ---------------------------------------------------------------------- */

static gboolean
must_escape (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:              /* C0, DEL, C1 (NEL) */
    case G_UNICODE_FORMAT:               /* bidi overrides and isolates, zero widths */
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_SURROGATE:
      return TRUE;
    default:
      return FALSE;
    }
}

/* json-glib escapes what JSON requires (", \, below U+0020) and DEL, but
 * writes the rest as UTF-8. Outside strings the generator writes ASCII only,
 * so what is left to escape is inside a string, where \uXXXX means the same
 * character to any JSON reader. */
char *
_pj_server_admin_to_line (JsonNode *root)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;
  GString *line;

  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  line = g_string_sized_new (strlen (text));
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x80 && c != 0x7f)
        g_string_append_c (line, (char) c);
      else if (!must_escape (c))
        g_string_append_len (line, p, g_utf8_next_char (p) - p);
      else if (c < 0x10000)
        g_string_append_printf (line, "\\u%04x", c);
      else
        g_string_append_printf (line, "\\u%04x\\u%04x",
                                0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 0x3ff));
    }
  return g_string_free (line, FALSE);
}

/* Strings from the tables are UTF-8 already; a stray byte must still not
 * make the answer unreadable JSON. */
static void
add_string (JsonBuilder *b,
            const char  *member,
            const char  *value)
{
  g_autofree char *valid = g_utf8_make_valid (value ? value : "", -1);

  json_builder_set_member_name (b, member);
  json_builder_add_string_value (b, valid);
}

static void
add_int (JsonBuilder *b,
         const char  *member,
         gint64       value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_int_value (b, value);
}

static JsonBuilder *
begin_answer (gboolean ok)
{
  JsonBuilder *b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ok");
  json_builder_add_boolean_value (b, ok);
  return b;
}

static char *
end_answer (JsonBuilder *b)
{
  g_autoptr (JsonNode) root = NULL;

  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return _pj_server_admin_to_line (root);
}

static char *
error_answer (const char *code,
              const char *format,
              ...) G_GNUC_PRINTF (2, 3);

static char *
error_answer (const char *code,
              const char *format,
              ...)
{
  g_autoptr (JsonBuilder) b = begin_answer (FALSE);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  add_string (b, "error", code);
  add_string (b, "message", message);
  return end_answer (b);
}

static char *
list_tables (PjServer *self)
{
  g_autoptr (JsonBuilder) b = begin_answer (TRUE);

  json_builder_set_member_name (b, "tables");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->tables->len; i++)
    {
      PjServerTable *table = g_ptr_array_index (self->tables, i);
      PjHost *host = pj_server_table_get_host (table);

      json_builder_begin_object (b);
      add_string (b, "name", pj_server_table_get_name (table));
      add_int (b, "port", pj_server_table_get_port (table));
      add_string (b, "phase", host ? phase_name (pj_host_get_phase (host)) : "closed");
      add_int (b, "people", host ? pj_host_get_n_people (host) : 0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return end_answer (b);
}

static char *
list_people (PjServerTable *table,
             PjHost        *host)
{
  g_autoptr (JsonBuilder) b = begin_answer (TRUE);
  guint n = pj_host_get_n_people (host);

  add_string (b, "table", pj_server_table_get_name (table));
  json_builder_set_member_name (b, "people");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      PjNetPerson p;

      if (!pj_host_get_person (host, i, &p))
        break;
      json_builder_begin_object (b);
      add_int (b, "id", p.id);
      add_string (b, "name", p.name);
      json_builder_set_member_name (b, "seat");
      if (p.seat >= 0)
        json_builder_add_int_value (b, p.seat + 1);
      else
        json_builder_add_null_value (b);
      add_string (b, "address", p.address);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return end_answer (b);
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
    ? (by_id ? error_answer ("nobody", "nobody here has the id %s", who)
             : error_answer ("nobody", "nobody here is called \"%s\"", who))
    : error_answer ("ambiguous", "%u people are called \"%s\": use #ID from people", found, who);
  return FALSE;
}

/* Words as a person types them at a shell, without a shell's comments or
 * expansions: `kick Den #3` is three words. NULL if a quote is not closed. */
static GStrv
split_words (const char *line)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();
  const char *p = line;

  for (;;)
    {
      g_autoptr (GString) word = NULL;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      word = g_string_new (NULL);
      while (*p && *p != ' ' && *p != '\t')
        {
          if (*p == '"')
            {
              for (p++; *p && *p != '"'; p++)
                {
                  if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
                    p++;
                  g_string_append_c (word, *p);
                }
              if (*p != '"')
                return NULL;
              p++;
            }
          else if (*p == '\'')
            {
              const char *end = strchr (p + 1, '\'');

              if (end == NULL)
                return NULL;
              g_string_append_len (word, p + 1, end - p - 1);
              p = end + 1;
            }
          else if (*p == '\\' && p[1])
            {
              g_string_append_c (word, p[1]);
              p += 2;
            }
          else
            g_string_append_c (word, *p++);
        }
      g_strv_builder_add (words, word->str);
    }
  return g_strv_builder_end (words);
}

char *
pj_server_admin_run (PjServer   *self,
                     const char *line)
{
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  PjServerTable *table = NULL;
  PjHost *host;
  guint argc;
  char *problem = NULL;
  PjNetPerson person;
  gboolean ban;

  g_return_val_if_fail (PJ_IS_SERVER (self), NULL);
  argv = split_words (line);
  argc = argv ? g_strv_length (argv) : 0;
  if (argc == 0)
    return error_answer ("usage", "empty or badly quoted command (tables, people, kick, ban)");
  if (g_str_equal (argv[0], "tables") && argc == 1)
    return list_tables (self);
  if (!((g_str_equal (argv[0], "people") && argc == 2) ||
        ((g_str_equal (argv[0], "kick") || g_str_equal (argv[0], "ban")) && argc == 3)))
    return error_answer ("usage", "commands: tables | people TABLE | kick TABLE NAME|#ID | ban TABLE NAME|#ID");
  table = pj_server_find_table (self, argv[1]);
  host = table ? pj_server_table_get_host (table) : NULL;
  if (host == NULL)
    return error_answer ("no-table", "no table \"%s\"", argv[1]);
  if (g_str_equal (argv[0], "people"))
    return list_people (table, host);
  if (!find_person (host, argv[2], &person, &problem))
    return problem;
  ban = g_str_equal (argv[0], "ban");
  /* the strings of person last until the next lobby change: the kick is one
   * (the host's own event logs it) */
  {
    g_autofree char *name = g_strdup (person.name);
    g_autoptr (JsonBuilder) b = NULL;

    if (!pj_host_kick (host, person.id, ban, &error))
      return error_answer ("failed", "%s", error->message);
    b = begin_answer (TRUE);
    json_builder_set_member_name (b, ban ? "banned" : "kicked");
    json_builder_begin_object (b);
    add_int (b, "id", person.id);
    add_string (b, "name", name);
    json_builder_end_object (b);
    return end_answer (b);
  }
}

/* ---- the socket ----------------------------------------------------------------- */

static void
clear_source (GSource **source)
{
  if (*source)
    g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
}

static void
admin_client_free (AdminClient *c)
{
  clear_source (&c->in_source);
  clear_source (&c->out_source);
  g_io_stream_close (G_IO_STREAM (c->connection), NULL, NULL);
  g_clear_object (&c->connection);
  g_byte_array_unref (c->line);
  g_byte_array_unref (c->unsent);
  g_free (c);
}

static void
drop (AdminClient *c)
{
  g_ptr_array_remove (c->server->admin_clients, c);
}

static gboolean write_ready_cb (GObject *stream, gpointer data);

/* Write what the client takes now, wait for it to take the rest; FALSE if
 * the client is gone (c is freed). */
static gboolean
flush (AdminClient *c)
{
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (c->connection));

  while (c->unsent->len > 0)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (out),
                                                             c->unsent->data, c->unsent->len,
                                                             NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          if (c->out_source == NULL)
            {
              c->out_source = g_pollable_output_stream_create_source (G_POLLABLE_OUTPUT_STREAM (out), NULL);
              g_source_set_callback (c->out_source, G_SOURCE_FUNC (write_ready_cb), c, NULL);
              g_source_attach (c->out_source, c->server->context);
            }
          return TRUE;
        }
      if (n < 0)
        {
          drop (c);
          return FALSE;
        }
      g_byte_array_remove_range (c->unsent, 0, (guint) n);
    }
  clear_source (&c->out_source);
  if (c->closing)
    {
      drop (c);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_ready_cb (GObject  *stream,
                gpointer  data)
{
  /* flush() removes this source once everything is out */
  flush (data);
  return G_SOURCE_CONTINUE;
}

/* FALSE if the client is gone. */
static gboolean
send_answer (AdminClient *c,
             const char  *answer)
{
  /* the answers before are still unread: a script that stopped reading, or
   * a person who left a pipe open. Holding more would be memory the tables
   * need, waiting would stop them. */
  if (c->unsent->len > MAX_QUEUED)
    {
      pj_server_log (NULL, _("An admin client was disconnected: it did not read its answers"));
      drop (c);
      return FALSE;
    }
  g_byte_array_append (c->unsent, (const guint8 *) answer, (guint) strlen (answer));
  g_byte_array_append (c->unsent, (const guint8 *) "\n", 1);
  /* already waiting for room: writing now would only be refused */
  return c->out_source ? TRUE : flush (c);
}

/* One line has ended: answer it. FALSE if the client is gone. */
static gboolean
answer_line (AdminClient *c)
{
  g_autofree char *answer = NULL;
  char *line;

  if (c->too_long)
    answer = error_answer ("too-long", "a command is at most %u bytes", MAX_COMMAND);
  else
    {
      g_byte_array_append (c->line, (const guint8 *) "", 1);
      line = g_strstrip ((char *) c->line->data);
      answer = *line ? pj_server_admin_run (c->server, line) : NULL;
    }
  g_byte_array_set_size (c->line, 0);
  c->too_long = FALSE;
  return answer == NULL || send_answer (c, answer);
}

static gboolean
read_ready_cb (GObject  *stream,
               gpointer  data)
{
  AdminClient *c = data;
  g_autoptr (GError) error = NULL;
  guint8 buffer[READ_CHUNK];
  gssize n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                       buffer, sizeof buffer, NULL, &error);

  if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    return G_SOURCE_CONTINUE;
  if (n < 0)
    {
      drop (c);
      return G_SOURCE_REMOVE;
    }
  if (n == 0)
    {
      /* the client has said all it will (socat at the end of its input):
       * what it asked for still goes out, then the connection closes */
      clear_source (&c->in_source);
      c->closing = TRUE;
      flush (c);
      return G_SOURCE_REMOVE;
    }
  for (gssize i = 0; i < n; i++)
    {
      if (buffer[i] == '\n')
        {
          if (!answer_line (c))
            return G_SOURCE_REMOVE;
        }
      else if (c->line->len >= MAX_COMMAND)
        {
          /* the rest of this line is read and dropped, never kept */
          c->too_long = TRUE;
          g_byte_array_set_size (c->line, 0);
        }
      else if (!c->too_long)
        g_byte_array_append (c->line, &buffer[i], 1);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source,
             PjServer          *self)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  AdminClient *c;

  if (self->admin_clients->len >= MAX_CLIENTS)
    {
      g_autofree char *answer = error_answer ("busy", "%u admin connections are open already", MAX_CLIENTS);
      g_autofree char *line = g_strconcat (answer, "\n", NULL);

      /* one try at saying why, never a wait */
      g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (G_IO_STREAM (connection))),
                                                  line, strlen (line), NULL, NULL);
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }
  c = g_new0 (AdminClient, 1);
  c->server = self;
  c->connection = g_object_ref (connection);
  c->line = g_byte_array_new ();
  c->unsent = g_byte_array_new ();
  c->in_source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (in), NULL);
  g_source_set_callback (c->in_source, G_SOURCE_FUNC (read_ready_cb), c, NULL);
  g_source_attach (c->in_source, self->context);
  g_ptr_array_add (self->admin_clients, c);
  return TRUE;
}

typedef enum {
  PATH_LIVE,     /* a server answers there */
  PATH_STALE,    /* a socket nobody listens on: left by a server that was killed */
  PATH_UNKNOWN,  /* something else: binding will say what */
} PathState;

static PathState
probe_path (const char *path)
{
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GSocketAddress) address = NULL;
  g_autoptr (GError) error = NULL;
  GStatBuf st;

  if (g_lstat (path, &st) != 0 || !S_ISSOCK (st.st_mode))
    return PATH_UNKNOWN;
  socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, NULL);
  if (socket == NULL)
    return PATH_UNKNOWN;
  /* a Unix socket connects or is refused at once; a full backlog (would
   * block, pending) is a live server that is busy */
  g_socket_set_blocking (socket, FALSE);
  address = g_unix_socket_address_new (path);
  if (g_socket_connect (socket, address, NULL, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    return PATH_LIVE;
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED) ? PATH_STALE : PATH_UNKNOWN;
}

gboolean
pj_server_admin_listen (PjServer    *self,
                        const char  *path,
                        GError     **error)
{
  g_autoptr (GSocketAddress) address = NULL;
  g_autoptr (GError) local = NULL;
  GStatBuf st;
  mode_t mask;
  gboolean ok;

  g_return_val_if_fail (PJ_IS_SERVER (self), FALSE);
  switch (probe_path (path))
    {
    case PATH_LIVE:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE,
                   _("Another server already answers admin commands on “%s”"), path);
      return FALSE;
    case PATH_STALE:
      g_unlink (path);
      break;
    case PATH_UNKNOWN:
      break;
    }
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
  /* which file is ours: at the end, another server may have made its own
   * socket at this path (after ours was removed by hand) */
  if (g_lstat (path, &st) == 0)
    {
      self->admin_dev = st.st_dev;
      self->admin_ino = st.st_ino;
      self->admin_path = g_strdup (path);
    }
  g_signal_connect (self->admin, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (self->admin);
  pj_server_log (NULL, _("Admin commands on %s"), path);
  return TRUE;
}

void
pj_server_admin_close (PjServer *self)
{
  GStatBuf st;

  g_return_if_fail (PJ_IS_SERVER (self));
  /* while ours is still bound, no other socket can have its inode */
  if (self->admin_path && g_lstat (self->admin_path, &st) == 0 && S_ISSOCK (st.st_mode) &&
      st.st_dev == self->admin_dev && st.st_ino == self->admin_ino)
    g_unlink (self->admin_path);
  g_clear_pointer (&self->admin_path, g_free);
  if (self->admin)
    {
      g_socket_service_stop (self->admin);
      g_socket_listener_close (G_SOCKET_LISTENER (self->admin));
      g_clear_object (&self->admin);
    }
  g_clear_pointer (&self->admin_clients, g_ptr_array_unref);
}
