/* pj-net.h — LAN play: protocol constants and the PJ_NET_ERROR domain
 *
 * See PROTOCOL.md beside this file for the messages on the wire. PjHost
 * (pj-host.h) is the authoritative table; PjClient (pj-client.h) is a player's
 * or spectator's connection to it, keeping a mirror of what its seat may see.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PJ_NET_PROTOCOL_VERSION   1
#define PJ_NET_DEFAULT_PORT       47251
#define PJ_NET_MAX_LINE           (64 * 1024)   /* bytes in one message, newline included */
#define PJ_NET_MAX_NAME           64            /* bytes in a player or table name */
#define PJ_NET_MAX_PASSWORD       128
#define PJ_NET_MAX_CHAT           500           /* bytes in one chat message */
#define PJ_NET_MAX_ACTION         200           /* bytes in one action text (the engine's limit) */
#define PJ_NET_MAX_POSITION       16384         /* bytes in one position text */
#define PJ_NET_MAX_ERROR_STRIKES  10            /* bad messages before the host hangs up */
#define PJ_NET_MAX_CLIENTS        32            /* connections per table: 8 seats and spectators */
#define PJ_NET_LOG_CHUNK          200           /* actions per "log" message */
#define PJ_NET_TOKEN_LEN          32            /* hex digits of a reconnect token or salt */

#define PJ_NET_ERROR (pj_net_error_quark ())
GQuark pj_net_error_quark (void);

/* Each code has a fixed name on the wire (pj_net_error_code_name()). */
typedef enum {
  PJ_NET_ERROR_MALFORMED,        /* "malformed": not UTF-8, not JSON, not an object, too deep */
  PJ_NET_ERROR_TOO_LARGE,        /* "too-large": a line longer than PJ_NET_MAX_LINE */
  PJ_NET_ERROR_UNKNOWN_TYPE,     /* "unknown-type": no such message type (in this direction) */
  PJ_NET_ERROR_INVALID_FIELD,    /* "invalid-field": a member missing, of the wrong type or out of range */
  PJ_NET_ERROR_VERSION,          /* "version": a protocol version this build does not speak */
  PJ_NET_ERROR_HELLO_FIRST,      /* "hello-first": a message before the handshake, or a second hello */
  PJ_NET_ERROR_BAD_PASSWORD,     /* "bad-password": the table's password was not given */
  PJ_NET_ERROR_BAD_TOKEN,        /* "bad-token": no seat holds this reconnect token */
  PJ_NET_ERROR_TABLE_FULL,       /* "table-full": too many connections */
  PJ_NET_ERROR_WRONG_PHASE,      /* "wrong-phase": a lobby request in a game, or an action in the lobby */
  PJ_NET_ERROR_SEAT_TAKEN,       /* "seat-taken": the seat has a player or is a computer */
  PJ_NET_ERROR_NOT_SEATED,       /* "not-seated": a spectator cannot do that */
  PJ_NET_ERROR_NOT_YOUR_TURN,    /* "not-your-turn": another seat must act now */
  PJ_NET_ERROR_ILLEGAL_ACTION,   /* "illegal-action": the engine refused the action */
  PJ_NET_ERROR_STALE,            /* "stale": the action answered an older position */
  PJ_NET_ERROR_CHAT_REFUSED,     /* "chat-refused": table talk is not allowed now (RULES §12) */
  PJ_NET_ERROR_TOO_MANY_ERRORS,  /* "too-many-errors": the host hangs up after this */
  PJ_NET_ERROR_NOT_READY,        /* "not-ready": the table cannot start (local to the host) */
  PJ_NET_ERROR_CLOSED,           /* "closed": the connection was lost (local) */
  PJ_NET_ERROR_VERIFY,           /* "verify-failed": the fair-deal check failed (local) */
  PJ_NET_ERROR_SAVE,             /* "save": the autosave or its token file failed (local to the host) */
  PJ_NET_N_ERRORS
} PjNetError;

const char *pj_net_error_code_name (PjNetError code);
/* The code of a wire name, or -1. */
int         pj_net_error_code_from_name (const char *name);

/* Split what a person typed — "host", "host:port", "[v6]:port" or "v6" —
 * into a host and a port (PJ_NET_DEFAULT_PORT when none is given); FALSE if
 * it is not an address. */
gboolean    pj_net_parse_address      (const char  *text,
                                       char       **host,
                                       guint16     *port);

G_END_DECLS
