/* pj-net-connection.h — one peer's stream: bounded reads, queued writes
 *
 * Internal to src/net. Reads run as one async loop on the thread-default
 * main context; every complete line is parsed and validated
 * (pj_net_message_parse) before a callback sees it. Writes are queued and
 * written one after the other, so callers never wait.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-net-message.h"

G_BEGIN_DECLS

typedef struct _PjNetConnection PjNetConnection;

/* Bytes queued for writing, shared by many connections (a table's): past
 * its limit, a connection far behind (more than its share) is cut, as one
 * past PJ_NET_MAX_QUEUED of its own is. Every connection also counts in
 * the process's (PJ_NET_MAX_QUEUED_PROCESS). */
typedef struct _PjNetBudget PjNetBudget;

PjNetBudget     *pj_net_budget_new       (gsize limit);
PjNetBudget     *pj_net_budget_ref       (PjNetBudget *budget);
void             pj_net_budget_unref     (PjNetBudget *budget);
gsize            pj_net_budget_get_queued (PjNetBudget *budget);
/* the most it ever held */
gsize            pj_net_budget_get_peak  (PjNetBudget *budget);
PjNetBudget     *pj_net_process_budget   (void);
/* 0: PJ_NET_MAX_QUEUED_PROCESS again (and the peak starts over) */
void             pj_net_set_process_limit_for_testing (gsize limit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjNetBudget, pj_net_budget_unref)

typedef struct {
  /* a valid message */
  void (*message)     (PjNetConnection *conn, PjNetMessageType type, JsonObject *msg, gpointer user_data);
  /* a line that failed (PJ_NET_ERROR_MALFORMED, _TOO_LARGE, _UNKNOWN_TYPE, _INVALID_FIELD) */
  void (*bad_message) (PjNetConnection *conn, const GError *error, gpointer user_data);
  /* the peer went away or the stream failed; not called after pj_net_connection_close() */
  void (*closed)      (PjNetConnection *conn, const GError *error, gpointer user_data);
  /* TLS (pj_net_connection_set_tls_*): error NULL once the handshake is
   * done, before any message is read; else why it failed (closed follows).
   * PJ_NET_ERROR_VERSION: a host's peer spoke in clear (an older app). */
  void (*secured)     (PjNetConnection *conn, const GError *error, gpointer user_data);
} PjNetConnectionCallbacks;

/* For tests: every byte read, before parsing. */
typedef void (*PjNetTapFunc) (const guint8 *data, gsize len, gpointer user_data);

PjNetConnection *pj_net_connection_new   (GIOStream *stream, PjNetDirection incoming,
                                          const PjNetConnectionCallbacks *callbacks,
                                          gpointer user_data);
PjNetConnection *pj_net_connection_ref   (PjNetConnection *conn);
void             pj_net_connection_unref (PjNetConnection *conn);
void             pj_net_connection_set_tap (PjNetConnection *conn, PjNetTapFunc func, gpointer user_data);
void             pj_net_connection_start (PjNetConnection *conn);
/* Before start: serve TLS with certificate (and its key). A peer whose
 * first byte is no TLS record (an app older than protocol 3, which speaks
 * JSON in clear) is written clear_answer in clear, and nothing it sends is
 * read as a message; the connection closes when the peer does. */
void             pj_net_connection_set_tls_server (PjNetConnection *conn, GTlsCertificate *certificate,
                                                   GBytes *clear_answer);
/* Before start: speak TLS as a client. Any certificate is taken: the
 * caller checks it in the secured callback (its pin). */
void             pj_net_connection_set_tls_client (PjNetConnection *conn);
/* After secured: the peer's certificate (a client: the host's), or NULL. */
GTlsCertificate *pj_net_connection_get_peer_certificate (PjNetConnection *conn);
/* After secured: the host's certificate as both sides see it: its own on
 * a host, the peer's on a client. */
GTlsCertificate *pj_net_connection_get_host_certificate (PjNetConnection *conn);
/* After secured: what binds a proof to this TLS channel (hex:
 * pj_net_tls_channel_binding()), or NULL. */
char            *pj_net_connection_get_channel_binding (PjNetConnection *conn);
/* Bound what the peer may send: burst bytes at once, then rate a second
 * (each line costs 64 more). Past it the bad_message callback gets
 * PJ_NET_ERROR_FLOOD once and nothing more is read. */
void             pj_net_connection_set_read_budget (PjNetConnection *conn, gsize burst, gsize rate);
void             pj_net_connection_send  (PjNetConnection *conn, JsonObject *message);
/* A whole state (a lobby): it replaces the one sent before if that one is
 * still queued and nothing was queued after it, so a slow reader gets the
 * latest state, not every one between. */
void             pj_net_connection_send_latest (PjNetConnection *conn, JsonObject *message);
/* Count what is queued in budget too (before anything is sent). */
void             pj_net_connection_set_budget (PjNetConnection *conn, PjNetBudget *budget);
/* bytes waiting to be written (each piece a little more) */
gsize            pj_net_connection_get_queued (PjNetConnection *conn);
/* Raw bytes as they are (tests send broken lines with it). */
void             pj_net_connection_send_raw (PjNetConnection *conn, const void *data, gsize len);
/* Stop reading and close once the queued lines are written. No callbacks after. */
void             pj_net_connection_close (PjNetConnection *conn);
gboolean         pj_net_connection_is_closed (PjNetConnection *conn);
/* "[::1]:47251" for logs */
char            *pj_net_connection_describe_peer (PjNetConnection *conn);

/* Send an error message {code, message, ref}. */
void             pj_net_connection_send_error (PjNetConnection *conn, PjNetError code,
                                               const char *message, const char *ref);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjNetConnection, pj_net_connection_unref)

G_END_DECLS
