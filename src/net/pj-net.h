/* pj-net.h — LAN play: protocol constants and the PJ_NET_ERROR domain
 *
 * See PROTOCOL.md beside this file for the messages on the wire. PjHost
 * (pj-host.h) is the authoritative table; PjClient (pj-client.h) is a player's
 * or spectator's connection to it, keeping a mirror of what its seat may see.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The protocol versions this build speaks; a peer with no overlap gets a
 * "version" error in people's words (pj_net_version_message()). */
#define PJ_NET_PROTOCOL_MIN       3
#define PJ_NET_PROTOCOL_MAX       3
/* what discovery publishes: the newest version spoken */
#define PJ_NET_PROTOCOL_VERSION   PJ_NET_PROTOCOL_MAX
#define PJ_NET_DEFAULT_PORT       47251
#define PJ_NET_MAX_LINE           (64 * 1024)   /* bytes in one message, newline included */
#define PJ_NET_MAX_NAME           64            /* bytes in a player or table name */
#define PJ_NET_MAX_NAME_CHARS     32            /* ...and characters: whichever comes first */
#define PJ_NET_MAX_PASSWORD       128
#define PJ_NET_MAX_CHAT           500           /* bytes in one chat message */
#define PJ_NET_MAX_ACTION         200           /* bytes in one action text (the engine's limit) */
#define PJ_NET_MAX_POSITION       16384         /* bytes in one position text */
#define PJ_NET_MAX_ERROR_STRIKES  10            /* bad messages before the host hangs up */
#define PJ_NET_MAX_CLIENTS        32            /* greeted connections per table: 8 seats and spectators */
#define PJ_NET_MAX_PENDING        64            /* connections per table not greeted yet */
#define PJ_NET_MAX_PENDING_PER_ADDRESS 8        /* ... from one address (the oldest goes first) */
#define PJ_NET_LISTEN_BACKLOG     128           /* connects queued before the host accepts them */
#define PJ_NET_HELLO_TIMEOUT_MS   10000         /* a connection has this long to be greeted */
#define PJ_NET_IDLE_TIMEOUT_MS    45000         /* a peer silent this long is gone; pings every third of it */
#define PJ_NET_AUTH_SPACING_MS    100           /* at most 10 password or token answers a second per address */
#define PJ_NET_AUTH_MAX_DELAY_MS  5000          /* the longest wait after failed attempts (doubling) */
#define PJ_NET_AUTH_TABLE_BURST   16            /* password or token answers a whole table gives at once... */
#define PJ_NET_AUTH_TABLE_RATE    4             /* ...then this many a second (a right one gives its turn back) */
#define PJ_NET_AUTH_FORGET_MS     60000         /* an address's failures are forgotten this long after the last */
#define PJ_NET_MAX_PEERS          4096          /* addresses a table remembers (past it, the idle ones go) */
#define PJ_NET_MAX_PER_ADDRESS    8             /* greeted people (players and spectators) from one address */
#define PJ_NET_JOIN_BURST         16            /* hellos greeted from one address at once... */
#define PJ_NET_JOIN_INTERVAL_MS   1000          /* ...then one a second (a seat's owner always gets back in) */
#define PJ_NET_CHAT_BURST         8             /* chat lines from one address at once... */
#define PJ_NET_CHAT_INTERVAL_MS   2000          /* ...then one every 2 s */
#define PJ_NET_READ_BURST         (256 * 1024)  /* bytes a peer may send at once... */
#define PJ_NET_READ_RATE          (32 * 1024)   /* ...then this many a second; every line costs 64 more */
#define PJ_NET_MAX_QUEUED         (512 * 1024)  /* bytes queued to one peer: past it, it stopped reading */
#define PJ_NET_MAX_QUEUED_TABLE   (4 * 1024 * 1024)   /* ...to all of one table's peers */
#define PJ_NET_MAX_QUEUED_PROCESS (64 * 1024 * 1024)  /* ...to every peer of the process */
#define PJ_NET_QUEUED_FAIR        (64 * 1024)   /* a peer's share: past it, it goes first when a budget is short */
#define PJ_NET_LOG_CHUNK          200           /* actions per "log" message */
#define PJ_NET_PAST_CHUNK         1000          /* entries at most in one "past" message */
#define PJ_NET_TALK_BACKLOG       100           /* chat lines the host keeps for people coming back */
#define PJ_NET_TOKEN_LEN          32            /* hex digits of a reconnect token, salt or nonce */
#define PJ_NET_PROOF_LEN          64            /* hex digits of an HMAC-SHA-256 */

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
  PJ_NET_ERROR_BAD_TOKEN,        /* "bad-token": no seat or spectator holds this reconnect token */
  PJ_NET_ERROR_TABLE_FULL,       /* "table-full": too many people at the table */
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
  /* protocol 2 */
  PJ_NET_ERROR_KICKED,           /* "kicked": the host asked this person to leave */
  PJ_NET_ERROR_BANNED,           /* "banned": this address may not join the table any more */
  PJ_NET_ERROR_SLOW_DOWN,        /* "slow-down": too many chat lines; a strike */
  PJ_NET_ERROR_FLOOD,            /* "flood": more bytes than the budget; the host hangs up */
  PJ_NET_ERROR_TIMEOUT,          /* "timeout": no hello in time, or silent too long */
  PJ_NET_ERROR_TABLE_CLOSED,     /* "table-closed": the host closed the table (do not retry) */
  /* protocol 3 */
  PJ_NET_ERROR_HOST_CHANGED,     /* "host-changed": not the certificate pinned for this table (local; do not retry) */
  PJ_NET_ERROR_HOST_UNPROVEN,    /* "host-unproven": the welcome did not prove the password (local; do not retry) */
  PJ_NET_N_ERRORS
} PjNetError;

const char *pj_net_error_code_name (PjNetError code);
/* TRUE for the errors after which reconnecting is pointless: the host will
 * not have this client back (bad token or password, version, kicked, banned,
 * the table closed). */
gboolean    pj_net_error_is_final (const GError *error);
/* The code of a wire name, or -1. */
int         pj_net_error_code_from_name (const char *name);

/* One person at the table, spectators included: from the host
 * (pj_host_get_person()) and, as the lobby message lists them, on every
 * client (pj_client_get_person()). The strings belong to the host or client
 * and last until its next change ("lobby-changed"). */
typedef struct {
  guint       id;        /* stable for the connection's life (pj_host_kick()) */
  const char *name;
  int         seat;      /* -1: a spectator */
  const char *address;   /* the host only ("192.168.1.5"); NULL on a client */
} PjNetPerson;

/* Split what a person typed — "host", "host:port", "[v6]:port" or "v6" —
 * into a host and a port (PJ_NET_DEFAULT_PORT when none is given); FALSE if
 * it is not an address. */
gboolean    pj_net_parse_address      (const char  *text,
                                       char       **host,
                                       guint16     *port);
/* What the host's limits count an address by: the address itself (an IPv4
 * one unwrapped from ::ffff:), or its /64 for a global IPv6 address not on
 * the link of local (the host's end of the connection; NULL if unknown). */
char       *pj_net_address_key        (GInetAddress *remote,
                                       GInetAddress *local);

/* Where friends reach this machine's table on port, as they type it:
 * "192.168.1.5:47251" first, then "[2001:db8::5]:47251"; no loopback or
 * link-local address, no repeats. pj_net_typeable_addresses() does the
 * choosing for given addresses (tests); both return a NULL-terminated
 * array for g_strfreev(). */
char      **pj_net_local_addresses    (guint16        port);
char      **pj_net_typeable_addresses (GInetAddress **addresses,
                                       guint          n,
                                       guint16        port);
/* A name as the host keeps it (a player's, a spectator's, a table's):
 * valid UTF-8 in its composed form, no control, format or bidi character,
 * runs of white space one space, at most PJ_NET_MAX_NAME_CHARS characters
 * and PJ_NET_MAX_NAME bytes; NULL when nothing is left. */
char       *pj_net_clean_name         (const char  *text);
/* What two names compare by (case-folded): one name per table. */
char       *pj_net_name_key           (const char  *name);

G_END_DECLS
