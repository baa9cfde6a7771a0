/* pj-host-private.h — what the files of PjHost share
 *
 * PjHost is one class over three files, split by concern:
 *   pj-host.c          the object, the lobby, dealing, and the game it owns
 *   pj-host-clients.c  connections: what each seat may see, and requests
 *   pj-host-tokens.c   the reconnect tokens and fair-deal salt beside the save
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pj-game.h"
#include "pj-host.h"
#include "pj-net-connection.h"
#include "pj-net-private.h"

G_BEGIN_DECLS

typedef struct _Client Client;

typedef struct {
  PjHost      *host;           /* back-pointers for the grace timeout */
  guint        index;
  PjNetSeatKind kind;
  char        *name;
  PjAiLevel    level;          /* computer seats */
  gboolean     ready;
  char        *token;          /* human seats: the token that owns the seat */
  Client      *client;         /* the connection sitting here now, or NULL */
  GSource     *grace;          /* running grace period after a drop */
} Seat;

struct _Client {
  PjHost          *host;       /* not a reference: clients die with the host */
  PjNetConnection *conn;
  guint            id;
  char            *name;
  char            *token;
  int              seat;       /* -1: not seated (spectator) */
  gboolean         greeted;    /* hello accepted */
  guint            strikes;    /* bad messages so far */
};

struct _PjHost {
  GObject          parent_instance;

  char            *table_name;
  char            *password;
  GSocketService  *service;
  guint16          port;

  PjNetPhase       phase;
  PjRules          rules;
  Seat             seats[PJ_MAX_PLAYERS];
  GPtrArray       *clients;    /* Client* */
  guint            next_client_id;

  PjGame          *game;       /* the one game driver: NULL in the lobby */
  char            *salt;
  char            *commitment;
  guint64          committed_seed;
  PjHostLie        lie;

  char            *save_path;
  guint            grace_ms;
  PjAiLevel        cover_level;
  guint            computer_delay_ms;

  GMainContext    *context;       /* the thread-default context of the creating thread */
};

enum {
  PROP_0,
  PROP_TABLE_NAME,
  PROP_PASSWORD,
  PROP_PORT,
  PROP_PHASE,
  PROP_GRACE_MS,
  PROP_COVER_LEVEL,
  PROP_COMPUTER_DELAY_MS,
  PROP_SAVE_ERROR,
  N_PROPS
};

extern GParamSpec *_pj_host_properties[N_PROPS];

enum {
  LOBBY_CHANGED,
  GAME_STARTED,
  ACTION_APPLIED,
  GAME_OVER,
  SAVE_FAILED,
  N_SIGNALS
};

extern guint _pj_host_signals[N_SIGNALS];

/* pj-host.c */
PjRecord   *_pj_host_record_of       (PjHost *self);
void        _pj_host_clear_source    (GSource **source);
void        _pj_host_start_grace     (PjHost *self, Seat *seat);
void        _pj_host_save_failed     (PjHost *self, GError *error);

/* pj-host-clients.c */
void        _pj_host_client_free     (Client *c);
void        _pj_host_seat_clear      (Seat *seat);
void        _pj_host_send_start      (PjHost *self, Client *c);
void        _pj_host_send_update     (PjHost *self, Client *c, const PjState *before,
                                      const PjAction *a, int actor, gboolean computer);
void        _pj_host_send_reveal     (PjHost *self, Client *c, GPtrArray *log);
GPtrArray  *_pj_host_full_log        (PjHost *self);
void        _pj_host_broadcast_lobby (PjHost *self);
gboolean    _pj_host_incoming_cb     (GSocketService *service, GSocketConnection *connection,
                                      GObject *source, gpointer user_data);

/* pj-host-tokens.c */
void        _pj_host_save_tokens     (PjHost *self);
gboolean    _pj_host_load_tokens     (PjHost *self, const char *save_path, GError **error);

G_END_DECLS
