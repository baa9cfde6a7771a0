/* pj-net-connection.c — one peer's stream: bounded reads, queued writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>

#include "pj-net-connection.h"
#include "pj-net-tls.h"

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

typedef enum {
  LINK_OPEN,          /* messages flow (in clear only for a stream given so: tests, the admin) */
  LINK_PEEKING,       /* a host waits for the first byte: TLS or an older app in clear */
  LINK_HANDSHAKING,   /* TLS handshake under way: lines wait in the queue */
  LINK_CLEAR_REFUSAL, /* an older app: its answer written in clear, the rest drained */
} LinkState;

/* the first byte of a TLS record carrying a handshake (a ClientHello) */
#define TLS_HANDSHAKE_RECORD 0x16
/* a connection closed during its handshake (a refusal at the door) waits
 * this long for it, to say why, then hangs up anyway */
#define LINGER_MS 2000

struct _PjNetConnection {
  gint          ref_count;
  GIOStream    *stream;         /* what messages go through: the TLS connection once it is up */
  GIOStream    *base;           /* the socket's own stream */
  LinkState     link;
  gboolean      tls_client;
  GTlsCertificate *certificate; /* a host's own */
  GBytes       *clear_answer;   /* what a host says in clear to an older app */
  GTlsConnection *tls;
  GSource      *peek;
  GSource      *linger;         /* closed before the handshake: how long its last lines may wait */
  gboolean      started;        /* pj_net_connection_start() was called */
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

static void
drop_source (GSource **source)
{
  if (*source)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

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
  conn->base = g_object_ref (stream);
  conn->link = LINK_OPEN;
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
  drop_source (&conn->peek);
  drop_source (&conn->linger);
  g_clear_object (&conn->cancellable);
  g_clear_object (&conn->stream);
  g_clear_object (&conn->base);
  g_clear_object (&conn->tls);
  g_clear_object (&conn->certificate);
  g_clear_pointer (&conn->clear_answer, g_bytes_unref);
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
  drop_source (&conn->peek);
  drop_source (&conn->linger);
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
    {
      /* closed by its owner, waiting to say its last lines: no more */
      if (conn->close_pending)
        {
          conn->close_pending = FALSE;
          really_close (conn);
        }
      return;
    }
  conn->closed = TRUE;
  really_close (conn);
  if (conn->callbacks.closed)
    conn->callbacks.closed (conn, error, conn->user_data);
}

static gboolean
linger_over_cb (gpointer user_data)
{
  PjNetConnection *conn = user_data;

  g_clear_pointer (&conn->linger, g_source_unref);
  conn->close_pending = FALSE;
  really_close (conn);
  return G_SOURCE_REMOVE;
}

void
pj_net_connection_close (PjNetConnection *conn)
{
  if (conn->closed)
    return;
  conn->closed = TRUE;
  if (conn->link == LINK_OPEN && (conn->writing || !g_queue_is_empty (&conn->queue)))
    conn->close_pending = TRUE;
  else if ((conn->link == LINK_PEEKING || conn->link == LINK_HANDSHAKING) && conn->started &&
           !g_queue_is_empty (&conn->queue))
    {
      /* a refusal at the door (banned, timeout) reaches the peer once the
       * handshake is done, within a bound: a silent peer holds nothing */
      conn->close_pending = TRUE;
      conn->linger = g_timeout_source_new (LINGER_MS);
      g_source_set_callback (conn->linger, linger_over_cb, pj_net_connection_ref (conn),
                             (GDestroyNotify) pj_net_connection_unref);
      g_source_attach (conn->linger, conn->context);
    }
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

  if (conn->writing || conn->link != LINK_OPEN)
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
  if (conn->overflowed || conn->link == LINK_CLEAR_REFUSAL)
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
  if (conn->link == LINK_OPEN && !conn->writing && g_queue_is_empty (&conn->queue) &&
      !conn->close_pending && !g_cancellable_is_cancelled (conn->cancellable))
    {
      GOutputStream *out = g_io_stream_get_output_stream (conn->stream);

      if (G_IS_POLLABLE_OUTPUT_STREAM (out) &&
          g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (out)))
        {
          g_autoptr (GError) ignored = NULL;
          /* the queue reports the error; one is asked for all the same,
           * as glib-networking 2.74 leaks its socket's error when the
           * caller gives no GError to fill (LeakSanitizer) */
          gssize n = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (out),
                                                                  data, len, NULL, &ignored);
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
  else if (conn->link == LINK_CLEAR_REFUSAL)
    {
      /* an older app's lines are no messages of ours: read to its end,
       * within the budget, so that closing does not reset the answer away */
      if (!spend_budget (conn, conn->chunk, (gsize) n))
        {
          g_autoptr (GError) flood = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_FLOOD,
                                                 _("You sent too much too fast: goodbye"));
          fail (conn, flood);
        }
      else
        read_next (conn);
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

/* ---- TLS ------------------------------------------------------------------------ */

void
pj_net_connection_set_tls_server (PjNetConnection *conn,
                                  GTlsCertificate *certificate,
                                  GBytes          *clear_answer)
{
  g_return_if_fail (!conn->started && G_IS_SOCKET_CONNECTION (conn->base));
  g_set_object (&conn->certificate, certificate);
  g_clear_pointer (&conn->clear_answer, g_bytes_unref);
  conn->clear_answer = clear_answer ? g_bytes_ref (clear_answer) : NULL;
  conn->tls_client = FALSE;
  conn->link = LINK_PEEKING;
}

void
pj_net_connection_set_tls_client (PjNetConnection *conn)
{
  g_return_if_fail (!conn->started);
  conn->tls_client = TRUE;
  conn->link = LINK_HANDSHAKING;
}

GTlsCertificate *
pj_net_connection_get_peer_certificate (PjNetConnection *conn)
{
  return conn->tls && conn->link == LINK_OPEN ? g_tls_connection_get_peer_certificate (conn->tls) : NULL;
}

GTlsCertificate *
pj_net_connection_get_host_certificate (PjNetConnection *conn)
{
  if (conn->tls == NULL || conn->link != LINK_OPEN)
    return NULL;
  return conn->tls_client ? g_tls_connection_get_peer_certificate (conn->tls) : conn->certificate;
}

char *
pj_net_connection_get_channel_binding (PjNetConnection *conn)
{
  if (conn->tls == NULL || conn->link != LINK_OPEN)
    return NULL;
  return pj_net_tls_channel_binding (conn->tls, pj_net_connection_get_host_certificate (conn));
}

static void
tls_failed (PjNetConnection *conn,
            const GError    *error)
{
  if (conn->closed)
    {
      fail (conn, error);
      return;
    }
  if (conn->callbacks.secured)
    conn->callbacks.secured (conn, error, conn->user_data);
  fail (conn, error);
}

static void
handshake_done_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  PjNetConnection *conn = user_data;
  g_autoptr (GError) error = NULL;

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error))
    {
      if (conn->tls_client && error->domain == G_TLS_ERROR &&
          (error->code == G_TLS_ERROR_NOT_TLS || error->code == G_TLS_ERROR_MISC))
        {
          /* What answers in clear where a table should be: a host older
           * than TLS (it speaks first, a JSON challenge, where TLS has
           * a handshake record). The bytes are the TLS library's now, so
           * this is a good guess, said as the version it most likely is. */
          g_autofree char *m = pj_net_version_message (PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX,
                                                       1, PJ_NET_PROTOCOL_MIN - 1);
          g_autoptr (GError) why = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_VERSION, m);

          g_debug ("the host does not speak TLS: %s", error->message);
          tls_failed (conn, why);
        }
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autoptr (GError) why = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED,
                                               _("The connection could not be secured: %s"),
                                               error->message);
          tls_failed (conn, why);
        }
    }
  else if (!conn->closed || conn->close_pending)
    {
      g_set_object (&conn->stream, G_IO_STREAM (conn->tls));
      conn->link = LINK_OPEN;
      if (!conn->closed && conn->callbacks.secured)
        conn->callbacks.secured (conn, NULL, conn->user_data);
      /* a connection closed meanwhile says its last lines, then hangs up */
      write_next (conn);
      if (!conn->closed)
        read_next (conn);
    }
  pj_net_connection_unref (conn);
}

/* Self-signed, as every table's is: whether it is the one this guest knows
 * is the pin's question, asked once the handshake is done. */
static gboolean
accept_certificate_cb (GTlsConnection       *tls,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       gpointer              user_data)
{
  return TRUE;
}

static void
start_handshake (PjNetConnection *conn)
{
  g_autoptr (GError) error = NULL;
  GIOStream *tls;

  /* No certificate authority vouches for a LAN table: the guest pins the
   * host's certificate and the host asks for none. Without a database,
   * glib-networking does not load the system's trust list for each
   * connection (about 4 MB of parsed certificates a guest). */
  if (conn->tls_client)
    tls = g_initable_new (g_tls_backend_get_client_connection_type (g_tls_backend_get_default ()),
                          NULL, &error, "base-io-stream", conn->base, "database", NULL, NULL);
  else
    tls = g_initable_new (g_tls_backend_get_server_connection_type (g_tls_backend_get_default ()),
                          NULL, &error, "base-io-stream", conn->base, "certificate", conn->certificate,
                          "database", NULL, NULL);
  if (tls == NULL)
    {
      g_autoptr (GError) why = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED,
                                           _("The connection could not be secured: %s"), error->message);
      tls_failed (conn, why);
      return;
    }
  conn->tls = G_TLS_CONNECTION (tls);
  /* the messages say when a peer leaves (bye, closed); a peer that just
   * goes is an end of stream like any other, not an attack */
  g_tls_connection_set_require_close_notify (conn->tls, FALSE);
  if (conn->tls_client)
    g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_certificate_cb), NULL);
  conn->link = LINK_HANDSHAKING;
  g_tls_connection_handshake_async (conn->tls, G_PRIORITY_DEFAULT, conn->cancellable,
                                    handshake_done_cb, pj_net_connection_ref (conn));
}

static void
clear_answer_written_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  PjNetConnection *conn = user_data;

  if (g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL) && !conn->closed)
    {
      GSocket *socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (conn->base));
      /* said all: the peer reads its end, and closes */
      g_socket_shutdown (socket, FALSE, TRUE, NULL);
    }
  pj_net_connection_unref (conn);
}

static void
refuse_clear (PjNetConnection *conn)
{
  g_autoptr (GError) error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_VERSION,
                                                  _("The other side speaks without encryption (an older version of Pegs and Jokers)"));

  conn->link = LINK_CLEAR_REFUSAL;
  if (conn->callbacks.secured)
    conn->callbacks.secured (conn, error, conn->user_data);
  if (conn->closed)
    return;
  if (conn->clear_answer)
    g_output_stream_write_all_async (g_io_stream_get_output_stream (conn->base),
                                     g_bytes_get_data (conn->clear_answer, NULL),
                                     g_bytes_get_size (conn->clear_answer), G_PRIORITY_DEFAULT,
                                     conn->cancellable, clear_answer_written_cb,
                                     pj_net_connection_ref (conn));
  read_next (conn);
}

static gboolean
peek_cb (GSocket      *socket,
         GIOCondition  condition,
         gpointer      user_data)
{
  PjNetConnection *conn = user_data;
  guint8 first = 0;
  gssize n;
  int saved;

  if (g_cancellable_is_cancelled (conn->cancellable))
    return G_SOURCE_REMOVE;
  /* never blocking, whatever the GSocket's own mode */
  n = recv (g_socket_get_fd (socket), &first, 1, MSG_PEEK | MSG_DONTWAIT);
  saved = errno;
  if (n < 0 && (saved == EAGAIN || saved == EWOULDBLOCK || saved == EINTR))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&conn->peek, g_source_unref);
  if (n <= 0)
    {
      g_autoptr (GError) eof = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED, "%s",
                                           n < 0 ? g_strerror (saved) : _("The connection was closed"));
      fail (conn, eof);
    }
  else if (first == TLS_HANDSHAKE_RECORD)
    start_handshake (conn);
  else if (conn->closed)
    fail (conn, NULL);
  else
    refuse_clear (conn);
  return G_SOURCE_REMOVE;
}

void
pj_net_connection_start (PjNetConnection *conn)
{
  if (conn->started)
    return;
  conn->started = TRUE;
  switch (conn->link)
    {
    case LINK_OPEN:
      read_next (conn);
      break;
    case LINK_PEEKING:
      {
        GSocket *socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (conn->base));

        /* a peek, not a read: the byte stays for the TLS handshake */
        conn->peek = g_socket_create_source (socket, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
        g_source_set_callback (conn->peek, (GSourceFunc) (void (*) (void)) peek_cb,
                               pj_net_connection_ref (conn), (GDestroyNotify) pj_net_connection_unref);
        g_source_attach (conn->peek, conn->context);
        break;
      }
    case LINK_HANDSHAKING:
      start_handshake (conn);
      break;
    case LINK_CLEAR_REFUSAL:
      break;
    }
}

char *
pj_net_connection_describe_peer (PjNetConnection *conn)
{
  g_autoptr (GSocketAddress) addr = NULL;

  if (G_IS_SOCKET_CONNECTION (conn->base))
    addr = g_socket_connection_get_remote_address (G_SOCKET_CONNECTION (conn->base), NULL);
  if (addr && G_IS_INET_SOCKET_ADDRESS (addr))
    {
      g_autofree char *ip = g_inet_address_to_string (
        g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (addr)));
      return g_strdup_printf ("[%s]:%u", ip, g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (addr)));
    }
  return g_strdup ("(unknown peer)");
}
