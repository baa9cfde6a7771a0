/* pj-client-private.h — what the files of PjClient share
 *
 * PjClient is one class over three files, split by concern:
 *   pj-client.c        the object, the lobby and the mirror game, requests
 *   pj-client-past.c   coming into a game under way: the game so far, the
 *                      talk it had, the whole game at the end
 *   pj-client-link.c   the connection: handshake (nonce, proofs, versions),
 *                      liveness both ways, and how it ends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-client.h"
#include "pj-game.h"
#include "pj-net-connection.h"
#include "pj-net-private.h"

G_BEGIN_DECLS

/* A move of the game so far, as the host's `past` sent it for this seat. */
typedef struct {
  PjState  before;
  char    *action;
  char    *position;    /* before, as sent: what the fair-deal check compares */
} PastMove;

typedef struct {
  PjNetSeatKind kind;
  char         *name;
  PjAiLevel     level;
  gboolean      ready;
  gboolean      connected;
  guint         cover_ms;    /* dropped in a game: a computer covers in this long */
  gboolean      dropped;     /* "seat-dropped" told, neither back nor covered since */
} LobbySeat;

struct _PjClient {
  GObject          parent_instance;

  char            *name;
  char            *password;
  char            *token;
  char            *table_name;

  GSocketClient   *socket_client;
  PjNetConnection *conn;
  GTask           *connect_task;    /* until the welcome */
  gulong           cancel_id;
  GMainContext    *connect_context; /* where the connect task finishes */
  PjNetTapFunc     tap;
  gpointer         tap_data;

  int              seat;
  PjNetPhase       phase;
  PjRules          rules;
  gboolean         has_password;
  guint            n_seats;
  LobbySeat        seats[PJ_MAX_PLAYERS];

  /* the game */
  gboolean         started;
  PjRules          game_rules;
  guint            dealer;
  char            *commitment;
  PjGame          *game;            /* the mirror: the one copy of the position */
  gboolean         has_state;       /* a position came since the last start */
  gboolean         new_game;        /* the next position deals a new game */
  gboolean         covered[PJ_MAX_PLAYERS];   /* a computer plays for a person away */
  GPtrArray       *positions;       /* index n: the position after n actions as sent, or NULL */
  GPtrArray       *log;             /* the revealed full log */
  GArray          *past;            /* PastMove: the game so far (`past`), until its update */
  gboolean         verified;        /* the log and seed at the end checked out */
  guint64          revealed_seed;
  guint            talk_id;         /* the id of the last chat line shown (none: 0) */

  /* the link (pj-client-link.c) */
  char            *nonce;           /* the host's challenge, NULL before it */
  gboolean         pinged_first;    /* the ping that finds a version-1 host */
  GError          *final_error;     /* why the host hung up for good */
  gint64           heard_us;        /* the host's last message */
  GSource         *ping_source;
  guint            idle_timeout_ms;
  gboolean         mute;            /* tests: answer nothing */
  int              protocol_min, protocol_max;
  int              protocol;        /* the version the welcome named; 0 before */
  guint            person_id;
  GArray          *people;          /* PjNetPerson, names owned */

  /* trust on first use (pj-client-link.c) */
  char            *pin_path;        /* the pins' keyfile; NULL: none kept */
  char            *host_address;    /* the table as we reach it: the pin's key */
  guint16          host_port;
  char            *fingerprint;     /* the host's certificate, read-aloud form */
  gboolean         pin_new;         /* nothing pinned yet: pin it at the welcome */
  char            *pinned_before;   /* refused with HOST_CHANGED: what was pinned */
  char            *binding;         /* the TLS channel's binding (hex): what proofs answer too */
};

/* The welcome proves the host knows the table's password (when we gave
 * one): FALSE after the join failed with PJ_NET_ERROR_HOST_UNPROVEN. */
gboolean _pj_client_host_proven (PjClient *self, JsonObject *welcome);
/* The welcome came: a table met for the first time is pinned now. */
void _pj_client_pin_welcomed (PjClient *self);

enum {
  PROP_0,
  PROP_NAME,
  PROP_SEAT,
  PROP_PHASE,
  PROP_CONNECTED,
  N_PROPS
};

extern GParamSpec *_pj_client_properties[N_PROPS];

enum {
  LOBBY_CHANGED,
  GAME_STARTED,
  STATE_CHANGED,
  CHAT,
  ERROR,
  GAME_OVER,
  VERIFIED,
  DISCONNECTED,
  SEAT_COVERED,
  SEAT_DROPPED,
  N_SIGNALS
};

extern guint _pj_client_signals[N_SIGNALS];

/* pj-client.c */
void _pj_client_message          (PjClient *self, PjNetMessageType type, JsonObject *msg);
void _pj_client_set_seat         (PjClient *self, int seat);
void _pj_client_clear_people     (PjClient *self);
/* A message the host may send but not now, or one only clients send (the
 * parser refuses those, so only a schema row opened by mistake comes
 * here): logged and reported as an error, never trusted, never fatal. */
void _pj_client_unexpected       (PjClient *self, PjNetMessageType type, const char *why);

/* pj-client-past.c */
void _pj_client_past_move_clear  (gpointer data);   /* a PastMove's */
void _pj_client_handle_past      (PjClient *self, JsonObject *msg);
/* After the update that brings the position now (n actions). */
void _pj_client_apply_past       (PjClient *self, guint n, const PjState *now);
void _pj_client_handle_chat      (PjClient *self, JsonObject *msg);

/* pj-client-link.c */
void _pj_client_send             (PjClient *self, JsonObject *msg);
void _pj_client_close_connection (PjClient *self);
void _pj_client_finish_connect   (PjClient *self, GError *error);
void _pj_client_link_init        (PjClient *self);
void _pj_client_link_clear       (PjClient *self);

G_END_DECLS
