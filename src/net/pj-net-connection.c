/* pj-net-connection.c — one peer's stream: bounded reads, queued writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

#include "pj-net-connection.h"

#define READ_CHUNK    16384
/* what one queued piece costs besides its bytes (the GBytes, the link) */
#define CHUNK_OVERHEAD 64

struct _PjNetBudget {
  gsize         limit;
  gsize         queued;         /* atomic: a process's connections may run on more threads */
  gsize         peak;
};

/* every connection of the process, whatever table it belongs to */
static PjNetBudget process_budget = { PJ_NET_MAX_QUEUED_PROCESS, 0, 0 };

struct _PjNetConnection {
  gint          ref_count;
  GIOStream    *stream;
  GCancellable *cancellable;
  GMainContext *context;        /* thread-default context of the owner */
  PjNetDirection incoming;
  PjNetConnectionCallbacks callbacks;
  gpointer      user_data;
  PjNetTapFunc  tap;
  gpointer      tap_data;

  PjLineReader  reader;
  guint8        chunk[READ_CHUNK];

  GQueue        queue;          /* GBytes waiting to be written */
  gsize         queued;         /* their bytes, CHUNK_OVERHEAD each more */
  GBytes       *latest;         /* the queue's tail, if a newer one may replace it */
  PjNetBudget  *budget_out;     /* the table's (or NULL): what all its connections queue */
  gboolean      writing;
  gboolean      closed;         /* no more callbacks */
  gboolean      close_pending;  /* close when the queue is empty */
  gboolean      overflowed;     /* the peer stopped reading: failing soon */

  gsize         budget_burst;   /* 0: no read budget */
  gsize         budget_rate;    /* bytes a second */
  double        budget;         /* bytes the peer may still send now */
  gint64        budget_us;      /* when budget was last filled */
};

PjNetBudget *
pj_net_budget_new (gsize limit)
{
  PjNetBudget *budget = g_atomic_rc_box_new0 (PjNetBudget);

  budget->limit = limit;
  return budget;
}

PjNetBudget *
pj_net_budget_ref (PjNetBudget *budget)
{
  return g_atomic_rc_box_acquire (budget);
}

void
pj_net_budget_unref (PjNetBudget *budget)
{
  g_atomic_rc_box_release (budget);
}

gsize
pj_net_budget_get_queued (PjNetBudget *budget)
{
  return (gsize) g_atomic_pointer_get (&budget->queued);
}

gsize
pj_net_budget_get_peak (PjNetBudget *budget)
{
  return (gsize) g_atomic_pointer_get (&budget->peak);
}

PjNetBudget *
pj_net_process_budget (void)
{
  return &process_budget;
}

void
pj_net_set_process_limit_for_testing (gsize limit)
{
  process_budget.limit = limit ? limit : PJ_NET_MAX_QUEUED_PROCESS;
  process_budget.peak = 0;
}

static void
budget_add (PjNetBudget *budget,
            gssize       delta)
{
  gsize now = (gsize) (g_atomic_pointer_add (&budget->queued, delta) + delta);
  gsize peak = (gsize) g_atomic_pointer_get (&budget->peak);

  while (now > peak && !g_atomic_pointer_compare_and_exchange (&budget->peak, (gpointer) peak, (gpointer) now))
    peak = (gsize) g_atomic_pointer_get (&budget->peak);
}

static void
account (PjNetConnection *conn,
         gssize           delta)
{
  conn->queued = (gsize) ((gssize) conn->queued + delta);
  budget_add (&process_budget, delta);
  if (conn->budget_out)
    budget_add (conn->budget_out, delta);
}

/* A budget shared by many connections is over: the ones far behind go
 * first, the ones keeping up (a little queued) are let through, so that a
 * few that stopped reading cannot cost the others their place. */
static gboolean
over_shared (PjNetConnection *conn,
             PjNetBudget     *budget,
             gsize            cost)
{
  if (budget == NULL)
    return FALSE;
  return pj_net_budget_get_queued (budget) + cost > budget->limit &&
         conn->queued + cost > MIN ((gsize) PJ_NET_QUEUED_FAIR, budget->limit / PJ_NET_MAX_CLIENTS);
}

void
pj_net_connection_set_budget (PjNetConnection *conn,
                              PjNetBudget     *budget)
{
  g_return_if_fail (conn->queued == 0);
  g_clear_pointer (&conn->budget_out, pj_net_budget_unref);
  if (budget)
    conn->budget_out = pj_net_budget_ref (budget);
}

gsize
pj_net_connection_get_queued (PjNetConnection *conn)
{
  return conn->queued;
}

PjNetConnection *
pj_net_connection_new (GIOStream                      *stream,
                       PjNetDirection                  incoming,
                       const PjNetConnectionCallbacks *callbacks,
                       gpointer                        user_data)
{
  PjNetConnection *conn = g_new0 (PjNetConnection, 1);

  conn->ref_count = 1;
  conn->stream = g_object_ref (stream);
  conn->cancellable = g_cancellable_new ();
  conn->context = g_main_context_ref_thread_default ();
  conn->incoming = incoming;
  conn->callbacks = *callbacks;
  conn->user_data = user_data;
  pj_line_reader_init (&conn->reader, PJ_NET_MAX_LINE);
  g_queue_init (&conn->queue);

  /* every message is small and answers a move: do not wait to fill packets */
  if (G_IS_SOCKET_CONNECTION (stream))
    {
      GSocket *socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (stream));
      if (g_socket_get_family (socket) != G_SOCKET_FAMILY_UNIX)
        g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
    }
  return conn;
}

PjNetConnection *
pj_net_connection_ref (PjNetConnection *conn)
{
  conn->ref_count++;
  return conn;
}

void
pj_net_connection_unref (PjNetConnection *conn)
{
  if (--conn->ref_count > 0)
    return;
  while (!g_queue_is_empty (&conn->queue))
    {
      GBytes *bytes = g_queue_pop_head (&conn->queue);
      account (conn, -(gssize) (g_bytes_get_size (bytes) + CHUNK_OVERHEAD));
      g_bytes_unref (bytes);
    }
  g_clear_pointer (&conn->budget_out, pj_net_budget_unref);
  pj_line_reader_clear (&conn->reader);
  g_clear_object (&conn->cancellable);
  g_clear_object (&conn->stream);
  g_main_context_unref (conn->context);
  g_free (conn);
}

void
pj_net_connection_set_tap (PjNetConnection *conn,
                           PjNetTapFunc     func,
                           gpointer         user_data)
{
  conn->tap = func;
  conn->tap_data = user_data;
}

gboolean
pj_net_connection_is_closed (PjNetConnection *conn)
{
  return conn->closed;
}

static void
stream_closed_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_io_stream_close_finish (G_IO_STREAM (source), result, NULL);
}

static void
really_close (PjNetConnection *conn)
{
  g_cancellable_cancel (conn->cancellable);
  /* close is not cancelled: it must run even though reads were */
  g_io_stream_close_async (conn->stream, G_PRIORITY_DEFAULT, NULL, stream_closed_cb, NULL);
}

/* The peer or the stream failed: tell the owner once. */
static void
fail (PjNetConnection *conn,
      const GError    *error)
{
  if (conn->closed)
    return;
  conn->closed = TRUE;
  really_close (conn);
  if (conn->callbacks.closed)
    conn->callbacks.closed (conn, error, conn->user_data);
}

void
pj_net_connection_close (PjNetConnection *conn)
{
  if (conn->closed)
    return;
  conn->closed = TRUE;
  if (conn->writing || !g_queue_is_empty (&conn->queue))
    conn->close_pending = TRUE;
  else
    really_close (conn);
}

static void write_next (PjNetConnection *conn);

static void
write_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  PjNetConnection *conn = user_data;
  g_autoptr (GError) error = NULL;
  GBytes *bytes;

  conn->writing = FALSE;
  bytes = g_queue_pop_head (&conn->queue);
  if (bytes)
    {
      if (bytes == conn->latest)
        conn->latest = NULL;
      account (conn, -(gssize) (g_bytes_get_size (bytes) + CHUNK_OVERHEAD));
      g_bytes_unref (bytes);
    }
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      if (conn->close_pending)
        really_close (conn);
      else
        fail (conn, error);
    }
  else
    write_next (conn);
  pj_net_connection_unref (conn);
}

static void
write_next (PjNetConnection *conn)
{
  GBytes *bytes;
  gsize size;
  gconstpointer data;

  if (conn->writing)
    return;
  bytes = g_queue_peek_head (&conn->queue);
  if (bytes == NULL)
    {
      if (conn->close_pending)
        {
          conn->close_pending = FALSE;
          really_close (conn);
        }
      return;
    }
  if (g_cancellable_is_cancelled (conn->cancellable))
    return;
  conn->writing = TRUE;
  data = g_bytes_get_data (bytes, &size);
  /* a closing connection still flushes its last lines (an error, a bye):
   * no cancellable then, the stream close ends it anyway */
  g_output_stream_write_all_async (g_io_stream_get_output_stream (conn->stream),
                                   data, size, G_PRIORITY_DEFAULT,
                                   conn->close_pending ? NULL : conn->cancellable,
                                   write_done_cb, pj_net_connection_ref (conn));
}

static gboolean
overflow_idle (gpointer user_data)
{
  PjNetConnection *conn = user_data;
  g_autoptr (GError) error = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED,
                                         _("The other side stopped reading"));

  fail (conn, error);
  return G_SOURCE_REMOVE;
}

static void
send_bytes (PjNetConnection *conn,
            const void      *data,
            gsize            len,
            gboolean         replaceable)
{
  gsize cost = len + CHUNK_OVERHEAD;
  GBytes *bytes;

  if (conn->closed && !conn->close_pending)
    return;
  if (conn->overflowed)
    return;
  /* a newer state replaces one the peer has not been sent yet (the
   * head is being written: it stays) */
  if (replaceable && conn->latest && conn->latest == g_queue_peek_tail (&conn->queue) &&
      !(conn->writing && conn->queue.length == 1))
    {
      GBytes *old = g_queue_pop_tail (&conn->queue);

      account (conn, -(gssize) (g_bytes_get_size (old) + CHUNK_OVERHEAD));
      g_bytes_unref (old);
      conn->latest = NULL;
    }
  /* a peer that stops reading while we keep writing is cut early, and
   * sooner when its table or the whole process is short of room */
  if (conn->queued + cost > PJ_NET_MAX_QUEUED ||
      over_shared (conn, conn->budget_out, cost) || over_shared (conn, &process_budget, cost))
    {
      /* from an idle: the owner may be walking its list of connections now */
      conn->overflowed = TRUE;
      GSource *idle = g_idle_source_new ();
      g_source_set_callback (idle, overflow_idle, pj_net_connection_ref (conn),
                             (GDestroyNotify) pj_net_connection_unref);
      g_source_attach (idle, conn->context);
      g_source_unref (idle);
      return;
    }
  /* Nothing waiting: write right now, as far as the socket takes it. An
   * update goes to every client at a table after every action, and the
   * asynchronous write's task, callback and main-loop turn cost more than
   * the send itself. What does not fit (or an error) takes the queue, whose
   * asynchronous write waits for room or reports the error. */
  if (!conn->writing && g_queue_is_empty (&conn->queue) && !conn->close_pending &&
      !g_cancellable_is_cancelled (conn->cancellable))
    {
      GOutputStream *out = g_io_stream_get_output_stream (conn->stream);

      if (G_IS_POLLABLE_OUTPUT_STREAM (out) &&
          g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (out)))
        {
          gssize n = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (out),
                                                                  data, len, NULL, NULL);
          if (n > 0)
            {
              data = (const guint8 *) data + n;
              len -= (gsize) n;
            }
          if (len == 0)
            return;
          /* a piece of a line is never replaced */
          if (n > 0)
            replaceable = FALSE;
        }
    }
  bytes = g_bytes_new (data, len);
  g_queue_push_tail (&conn->queue, bytes);
  conn->latest = replaceable ? bytes : NULL;
  account (conn, (gssize) (len + CHUNK_OVERHEAD));
  write_next (conn);
}

void
pj_net_connection_send_raw (PjNetConnection *conn,
                            const void      *data,
                            gsize            len)
{
  send_bytes (conn, data, len, FALSE);
}

void
pj_net_connection_send_latest (PjNetConnection *conn,
                               JsonObject      *message)
{
  gsize len;
  g_autofree char *line = pj_net_message_to_line (message, &len);

  send_bytes (conn, line, len, TRUE);
}

void
pj_net_connection_send (PjNetConnection *conn,
                        JsonObject      *message)
{
  gsize len;
  g_autofree char *line = pj_net_message_to_line (message, &len);

  pj_net_connection_send_raw (conn, line, len);
}

void
pj_net_connection_send_error (PjNetConnection *conn,
                              PjNetError       code,
                              const char      *message,
                              const char      *ref)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_ERROR);

  json_object_set_string_member (msg, "code", pj_net_error_code_name (code));
  /* the schema bounds messages to 512 bytes; engine texts quote the input */
  if (strlen (message) > 500)
    {
      g_autofree char *cut = g_utf8_make_valid (message, 500);
      json_object_set_string_member (msg, "message", cut);
    }
  else
    json_object_set_string_member (msg, "message", message);
  if (ref)
    json_object_set_string_member (msg, "ref", ref);
  pj_net_connection_send (conn, msg);
}

static gboolean
line_cb (const char *line,
         gsize       len,
         gboolean    too_large,
         gpointer    user_data)
{
  PjNetConnection *conn = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) msg = NULL;
  PjNetMessageType type;

  if (conn->closed)
    return FALSE;
  if (too_large)
    {
      error = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_TOO_LARGE,
                           _("A message is at most %u bytes"), (guint) PJ_NET_MAX_LINE);
      if (conn->callbacks.bad_message)
        conn->callbacks.bad_message (conn, error, conn->user_data);
    }
  else if (!pj_net_message_parse (line, len, conn->incoming, &type, &msg, &error))
    {
      if (conn->callbacks.bad_message)
        conn->callbacks.bad_message (conn, error, conn->user_data);
    }
  else if (conn->callbacks.message)
    conn->callbacks.message (conn, type, msg, conn->user_data);
  return !conn->closed;
}

void
pj_net_connection_set_read_budget (PjNetConnection *conn,
                                   gsize            burst,
                                   gsize            rate)
{
  conn->budget_burst = burst;
  conn->budget_rate = rate;
  conn->budget = (double) burst;
  conn->budget_us = g_get_monotonic_time ();
}

/* Every byte counts, with or without a newline, and every line costs a
 * little more (parsing it costs more than reading it): FALSE once the peer
 * is over its budget. */
static gboolean
spend_budget (PjNetConnection *conn,
              const guint8    *data,
              gsize            len)
{
  gint64 now = g_get_monotonic_time ();
  double cost = (double) len;

  if (conn->budget_burst == 0)
    return TRUE;
  for (const guint8 *p = data; (p = memchr (p, '\n', len - (gsize) (p - data))) != NULL; p++)
    cost += 64;
  conn->budget = MIN ((double) conn->budget_burst,
                      conn->budget + (double) (now - conn->budget_us) * (double) conn->budget_rate / G_USEC_PER_SEC);
  conn->budget_us = now;
  conn->budget -= cost;
  return conn->budget >= 0;
}

static void read_next (PjNetConnection *conn);

static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  PjNetConnection *conn = user_data;
  g_autoptr (GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (n < 0)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fail (conn, error);
    }
  else if (n == 0)
    {
      g_autoptr (GError) eof = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED,
                                           _("The connection was closed"));
      fail (conn, eof);
    }
  else if (!conn->closed)
    {
      if (conn->tap)
        conn->tap (conn->chunk, (gsize) n, conn->tap_data);
      if (!spend_budget (conn, conn->chunk, (gsize) n))
        {
          g_autoptr (GError) flood = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_FLOOD,
                                                 _("You sent too much too fast: goodbye"));
          /* nothing more is read: the owner hangs up */
          if (conn->callbacks.bad_message)
            conn->callbacks.bad_message (conn, flood, conn->user_data);
        }
      else if (pj_line_reader_feed (&conn->reader, conn->chunk, (gsize) n, line_cb, conn))
        read_next (conn);
    }
  pj_net_connection_unref (conn);
}

static void
read_next (PjNetConnection *conn)
{
  if (conn->closed)
    return;
  g_input_stream_read_async (g_io_stream_get_input_stream (conn->stream),
                             conn->chunk, sizeof conn->chunk, G_PRIORITY_DEFAULT,
                             conn->cancellable, read_done_cb, pj_net_connection_ref (conn));
}

void
pj_net_connection_start (PjNetConnection *conn)
{
  read_next (conn);
}

char *
pj_net_connection_describe_peer (PjNetConnection *conn)
{
  g_autoptr (GSocketAddress) addr = NULL;

  if (G_IS_SOCKET_CONNECTION (conn->stream))
    addr = g_socket_connection_get_remote_address (G_SOCKET_CONNECTION (conn->stream), NULL);
  if (addr && G_IS_INET_SOCKET_ADDRESS (addr))
    {
      g_autofree char *ip = g_inet_address_to_string (
        g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (addr)));
      return g_strdup_printf ("[%s]:%u", ip, g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (addr)));
    }
  return g_strdup ("(unknown peer)");
}
