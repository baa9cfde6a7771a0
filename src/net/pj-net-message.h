/* pj-net-message.h — the wire format: bounded lines and validated JSON messages
 *
 * Internal to src/net (and its tests and fuzz target). Every message is one
 * line of UTF-8 JSON, an object with a "type" member; PROTOCOL.md lists the
 * members of each type. Parsing checks the whole schema (types, ranges, enum
 * values, lengths), so the host and client handlers only read members that
 * are known to be there and in range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pj-net.h"

G_BEGIN_DECLS

typedef enum {
  PJ_NET_TO_HOST,     /* sent by a client */
  PJ_NET_TO_CLIENT,   /* sent by the host */
} PjNetDirection;

typedef enum {
  /* client -> host */
  PJ_MSG_HELLO,
  PJ_MSG_SIT,
  PJ_MSG_STAND,
  PJ_MSG_READY,
  PJ_MSG_ACTION,
  PJ_MSG_BYE,
  /* both ways (a different schema each way) */
  PJ_MSG_CHAT,
  PJ_MSG_PING,
  PJ_MSG_PONG,
  /* host -> client */
  PJ_MSG_WELCOME,
  PJ_MSG_LOBBY,
  PJ_MSG_START,
  PJ_MSG_UPDATE,
  PJ_MSG_LOG,
  PJ_MSG_OVER,
  PJ_MSG_ERROR,
  PJ_MSG_CHALLENGE,   /* protocol 2: the host's nonce and versions, before hello */
  PJ_MSG_CLOSED,      /* protocol 2: the host closed the table */
  PJ_MSG_PAST,        /* protocol 3, asked for in the hello: the game so far */
  PJ_N_MSG
} PjNetMessageType;

/* The type's wire name ("hello"); NULL for a type without a schema row. */
const char *pj_net_message_type_name (PjNetMessageType type);
/* Whether the schema lets that side send the type (a client: PJ_NET_TO_HOST). */
gboolean    pj_net_message_allowed   (PjNetMessageType type, PjNetDirection direction);

/* Parse and validate one line (without its newline). On success *out holds
 * the message object (unref it) and *type its type. On failure a PJ_NET_ERROR:
 * MALFORMED, UNKNOWN_TYPE or INVALID_FIELD (TOO_LARGE comes from the reader). */
gboolean pj_net_message_parse (const char        *line,
                               gsize              len,
                               PjNetDirection     direction,
                               PjNetMessageType  *type,
                               JsonObject       **out,
                               GError           **error);

/* A new message object of that type ("type" already set). */
JsonObject *pj_net_message_new (PjNetMessageType type);
/* One line of compact JSON ending in '\n'. */
char       *pj_net_message_to_line (JsonObject *message, gsize *length);

/* A line reader with a bound: complete lines go to func; a line longer than
 * max bytes (newline included) is reported once with too_large = TRUE as soon
 * as it passes the bound, and the rest of it is dropped without buffering. */
typedef gboolean (*PjLineFunc) (const char *line, gsize len, gboolean too_large, gpointer user_data);

typedef struct {
  GByteArray *buf;
  gsize       max;
  gboolean    discarding;
} PjLineReader;

void     pj_line_reader_init  (PjLineReader *reader, gsize max);
void     pj_line_reader_clear (PjLineReader *reader);
/* FALSE as soon as func returns FALSE (the rest of data is not read). */
gboolean pj_line_reader_feed  (PjLineReader *reader, const guint8 *data, gsize len,
                               PjLineFunc func, gpointer user_data);

/* Random hex digits (2 * n_bytes) from the system's secure source. */
char *pj_net_random_hex (guint n_bytes);
/* SHA-256 (hex) of "SEED:SALT", the fair-deal commitment. */
char *pj_net_commitment (guint64 seed, const char *salt);

/* pj-net-auth.c: HMAC-SHA-256 (hex) of the host's nonce keyed with a
 * password or token: what crosses the network instead of them. */
char     *pj_net_proof        (const char *key, const char *nonce);
/* What a proof proves, each with its own words in the HMAC's message: a
 * proof of one kind never passes for another. */
typedef enum {
  PJ_NET_PROOF_PASSWORD,   /* the guest knows the table's password */
  PJ_NET_PROOF_TOKEN,      /* the guest holds a reconnect token */
  PJ_NET_PROOF_HOST,       /* the host knows the password too (welcome.host_proof) */
} PjNetProofRole;
/* Protocol 3: HMAC-SHA-256 (hex) keyed with the password or token of
 * "pegs-and-jokers/3 ROLE NONCE BINDING", BINDING the TLS channel's
 * (pj_net_tls_channel_binding(), hex). A proof made through a man in the
 * middle binds his channel, not the host's: it opens nothing there. */
char     *pj_net_bound_proof  (const char *key, PjNetProofRole role, const char *nonce,
                               const char *binding);
/* Compare two strings of the same length without an early exit. */
gboolean  pj_net_equal_secret (const char *a, const char *b);
/* Why the client's and the table's protocol ranges do not meet, in the
 * words of the person joining; NULL if they meet. */
char     *pj_net_version_message (int client_min, int client_max, int table_min, int table_max);
/* The version both speak (the highest in both ranges); 0 if none. */
int       pj_net_version_pick    (int mine_min, int mine_max, int peer_min, int peer_max);

G_END_DECLS
