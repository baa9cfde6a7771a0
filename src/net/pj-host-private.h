/* pj-host-private.h — what the files of PjHost share
 *
 * PjHost is one class over three files, split by concern:
 *   pj-host.c          the object, the lobby, dealing, and the game it owns
 *   pj-host-clients.c  connections: what each seat may see, and requests
 *   pj-host-tokens.c   the reconnect tokens (what a proof opens: a seat, or a
 *                      spectator's place) and the file beside the save
 *   pj-host-past.c     what someone coming in missed: the game so far and
 *                      the table talk kept for them
 *   pj-host-guard.c    what keeps the table open to its people: admission,
 *                      deadlines, liveness, rate limits, kicks and bans,
 *                      the people list and the event log
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
  gint64       grace_until;    /* monotonic µs a computer covers at, while grace runs */
} Seat;

/* What the host remembers of one address (its key: pj_net_address_key(),
 * an IPv6 /64 from afar) while it matters: forgotten once it has nothing
 * connected, no ban, and every budget back to full. */
typedef struct {
  char            *address;    /* the key: an address, or "name …" / "token …" for their join and chat budgets */
  guint            n_pending;  /* its connections not greeted yet */
  guint            failures;   /* failed password or token attempts in a row */
  gint64           failed_us;  /* the last of them: failures are forgotten a while after */
  gint64           next_answer_us;  /* no password or token answer before this */
  gboolean         banned;
  gint64           log_since_us;  /* the refusal log's window for this address */
  guint            n_logged;      /* refusals logged in it */
  guint            n_unlogged;    /* refusals past the budget, told in one line later */
  /* by address, not by connection: a bye and a new hello start nothing over */
  double           chat_tokens;
  gint64           chat_us;    /* when chat_tokens was last filled */
  double           join_tokens;
  gint64           join_us;
} Peer;

/* A spectator whose link dropped: its token lets it back in (as a
 * spectator), as a seat's token lets a seated guest back. */
typedef struct {
  char            *token;
  char            *address;    /* where it dropped from, for the bound per address */
} Away;

struct _Client {
  PjHost          *host;       /* not a reference: clients die with the host */
  PjNetConnection *conn;
  guint            id;
  char            *name;
  char            *token;
  char            *address;    /* the peer's IP address, as the log and the people list show it */
  char            *key;        /* what limits and bans count it by (its Peer) */
  char            *nonce;      /* this connection's challenge */
  char            *binding;    /* its TLS channel's binding (hex), what every proof answers too */
  int              seat;       /* -1: not seated (spectator) */
  gboolean         greeted;    /* hello accepted */
  int              protocol;   /* the version both speak (its hello); 0 before */
  gboolean         pending;    /* counted in its Peer's n_pending */
  guint            strikes;    /* bad messages so far */
  gint64           heard_us;   /* its last complete message */
  GSource         *deadline;   /* closes it if no hello in time */
  JsonObject      *held_hello; /* a hello waiting for the address's turn */
  GSource         *hold;       /* ...until this fires */
  gboolean         reported;   /* its leaving is in the log already (kicked) */
  gboolean         token_void; /* its token opens nothing once it is gone (a bye, a kick) */
  gboolean         reads_past; /* its hello asked for `past` and earlier talk */
  gboolean         returning;  /* came back with a seat's or a spectator's token */
  /* the game so far on its way (pj-host-past.c): no update, reveal or
   * talk reaches it until the position now follows the past */
  gboolean         catching_up;
  guint            past_next;  /* the next action to send */
  PjState         *past_state; /* the position before it */
  PjRecord        *past_record;  /* the game it is from (not a reference: cancelled with it) */
  GSource         *past_source;  /* the next chunk, once the queue has room */
  guint            past_talk_from; /* the last line said when it came in */
};

struct _PjHost {
  GObject          parent_instance;

  char            *table_name;
  char            *password;
  GSocketService  *service;
  guint16          port;
  GTlsCertificate *certificate;   /* what every connection's TLS shows guests */
  char            *fingerprint;   /* its read-aloud form */
  GBytes          *clear_answer;  /* what an app older than TLS is told, in clear */

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
  gboolean         has_test_seed;   /* tests only: deal from test_seed */
  guint64          test_seed;

  char            *save_path;
  guint            grace_ms;
  PjAiLevel        cover_level;
  guint            computer_delay_ms;

  GMainContext    *context;       /* the thread-default context of the creating thread */

  PjNetBudget     *out_budget;    /* what all its connections have queued to write */
  GHashTable      *peers;         /* address key -> Peer */
  double           auth_tokens;   /* password and token answers the whole table may give now */
  gint64           auth_us;       /* when auth_tokens was last filled */
  guint            max_per_address;  /* greeted people from one address key */
  guint            join_burst;       /* hellos one address key may have greeted at once */
  gint64           now_for_testing;  /* tests: the guard's clock (0: the real one) */
  GPtrArray       *away;          /* Away*: spectators whose link dropped, oldest first */
  GSource         *tokens_save;   /* a write of PATH.tokens to come (spectators changed, or a retry) */
  char            *tokens_error;  /* why the last write of PATH.tokens failed (NULL: it worked) */
  gboolean         told_unsaved;  /* the guests were told the game is not being saved */
  guint            hello_timeout_ms;
  guint            idle_timeout_ms;
  GSource         *tick;          /* pings and the idle check */
  GQueue           talk;          /* TalkLine*: the last PJ_NET_TALK_BACKLOG lines said (pj-host-past.c) */
  guint            talk_serial;   /* the id of the last line said */
  gboolean         stopped;
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
  EVENT,
  N_SIGNALS
};

extern guint _pj_host_signals[N_SIGNALS];

/* pj-host.c */
PjRecord   *_pj_host_record_of       (PjHost *self);
void        _pj_host_clear_source    (GSource **source);
/* a timeout on the host's own context (not the global default one) */
GSource    *_pj_host_add_timeout     (PjHost *self, guint ms, GSourceFunc func, gpointer data);
void        _pj_host_start_grace     (PjHost *self, Seat *seat);
void        _pj_host_save_failed     (PjHost *self, GError *error);

/* pj-host-clients.c */
/* The position and the action (in the position before it) as viewer's
 * seat may see them (-1: a spectator): what every message shows. */
char       *_pj_host_position_for    (const PjState *state, int viewer);
char       *_pj_host_action_for      (const PjState *before, const PjAction *a, int viewer);
void        _pj_host_client_free     (Client *c);
void        _pj_host_seat_clear      (Seat *seat);
void        _pj_host_send_start      (PjHost *self, Client *c);
char       *_pj_host_update_line     (PjHost *self, int seat, const PjState *before,
                                      const PjAction *a, int actor, gboolean computer,
                                      gsize *length);
void        _pj_host_send_update     (PjHost *self, Client *c, const PjState *before,
                                      const PjAction *a, int actor, gboolean computer);
void        _pj_host_send_reveal     (PjHost *self, Client *c, GPtrArray *log);
GPtrArray  *_pj_host_full_log        (PjHost *self);
void        _pj_host_broadcast_lobby (PjHost *self);
/* Refuse a request: an error to the client, and past
 * PJ_NET_MAX_ERROR_STRIKES the client is hung up on (TRUE) */
gboolean    _pj_host_strike          (Client *c, PjNetError code, const char *message, const char *ref);
gboolean    _pj_host_incoming_cb     (GSocketService *service, GSocketConnection *connection,
                                      GObject *source, gpointer user_data);

/* pj-host-hello.c: tell the guests (only, or all if NULL) whether the
 * game is being saved, as it changes (all) or as one comes in (only). */
void        _pj_host_tell_saving     (PjHost *self, Client *only);

/* pj-host-guard.c */
void        _pj_host_guard_init      (PjHost *self);
void        _pj_host_guard_clear     (PjHost *self);
/* emit "event" with a printf text */
void        _pj_host_event           (PjHost *self, const char *kind, const char *format, ...) G_GNUC_PRINTF (3, 4);
/* A new connection: FALSE if it was turned away (banned); otherwise the
 * client is counted as pending and its deadline runs. */
gboolean    _pj_host_guard_admit     (PjHost *self, Client *c, GSocketConnection *connection);
/* The client said hello (or left): it no longer counts as pending. */
void        _pj_host_guard_greeted   (PjHost *self, Client *c);
/* TRUE: answer this hello now; FALSE: it is held (the address must wait
 * for its turn) and handled again later. */
gboolean    _pj_host_guard_auth_turn (PjHost *self, Client *c, JsonObject *hello);
/* The outcome of a password or token attempt: failures slow the address. */
void        _pj_host_guard_auth_done (PjHost *self, Client *c, gboolean ok);
/* Takes one chat token of the client's address, name and token at once:
 * FALSE (and none taken) if any of them is over its rate. */
gboolean    _pj_host_guard_chat      (PjHost *self, Client *c);
/* A newcomer (or a spectator back with token, replacing holder or NULL)
 * may be greeted: 0, and one of its address's, its name's and its
 * token's joins is spent; otherwise the
 * refusal's code, *message (for the guest) and *why (for the log). */
PjNetError  _pj_host_guard_join      (PjHost *self, Client *c, Client *holder, const char *token,
                                      const char **message, const char **why);
/* The joins of one token (a seat's owner back passes no other budget):
 * 0, and one is spent, or the refusal as above. NULL: none. */
PjNetError  _pj_host_guard_token     (PjHost *self, const char *token,
                                      const char **message, const char **why);
void        _pj_host_guard_start_tick (PjHost *self);
guint       _pj_host_n_greeted       (PjHost *self);
/* FALSE once an address has had its refusal lines for now (a flood of
 * connections must not flood the log); a summary line follows. */
gboolean    _pj_host_guard_may_log_refusal (PjHost *self, const char *address);
/* Send an error, log why (kind, "<who> <why>") and drop the client. */
void        _pj_host_hang_up         (PjHost *self, Client *c, PjNetError code, const char *message,
                                      const char *ref, const char *kind, const char *why);
/* "Name (address)" for events */
char       *_pj_host_describe        (Client *c);
/* Send `closed` to everyone (pj_host_stop). */
void        _pj_host_send_closed     (PjHost *self);

/* pj-host-clients.c (for the guard) */
void        _pj_host_drop_client     (PjHost *self, Client *c);
/* pj-host-hello.c (for the guard and pj-host-clients.c) */
void        _pj_host_handle_hello    (PjHost *self, Client *c, JsonObject *msg);
/* Whether the greeted client speaks that protocol version (or a later
 * one): what a message or member newer than PJ_NET_PROTOCOL_MIN asks
 * before it is sent. FALSE before its hello. */
gboolean    _pj_host_client_speaks   (const Client *c, int version);

/* pj-host-past.c */
/* c came into a game under way: the game so far as its seat may see it
 * (`past`, paced by its send queue, if its hello asked), then the
 * position now, the reveal after the game, and (returning) the talk. */
void        _pj_host_catch_up        (PjHost *self, Client *c);
void        _pj_host_cancel_catch_up (Client *c);
/* Keep a line said (the newest PJ_NET_TALK_BACKLOG): its id. */
guint       _pj_host_talk_keep       (PjHost *self, const char *from, int seat, const char *text,
                                      gboolean team);
/* The kept talk c may read said after line `after` (0: all), marked
 * `earlier`, if its hello asked. */
void        _pj_host_send_earlier_talk (PjHost *self, Client *c, guint after);
void        _pj_host_talk_forget_teams (PjHost *self);
void        _pj_host_talk_clear      (PjHost *self);

/* pj-host-tokens.c */
void        _pj_host_save_tokens     (PjHost *self);
gboolean    _pj_host_load_tokens     (PjHost *self, const char *save_path, GError **error);
/* The seat whose token proof answers for c's nonce, or NULL. */
Seat       *_pj_host_seat_of_proof   (PjHost *self, Client *c, const char *proof);
void        _pj_host_away_free       (Away *away);
/* A greeted client is gone: unless it left for good (token_void) or a
 * seat keeps its token, keep the token for its return as a spectator. */
void        _pj_host_keep_away       (PjHost *self, Client *c);
/* The spectator's token (a copy) that proof answers for c's nonce, or NULL:
 * an away spectator's, or a connected one's (*holder: that connection,
 * which a return replaces). Every candidate is tried, found or not. */
char       *_pj_host_spectator_of_proof (PjHost *self, Client *c, const char *proof, Client **holder);
/* The spectator is back (or its token void): not away any more. */
void        _pj_host_forget_away     (PjHost *self, const char *token);
/* Spectators came or went in a game: write PATH.tokens again soon (one
 * write for a burst); _pj_host_flush_tokens() writes a pending one now. */
void        _pj_host_queue_save_tokens (PjHost *self);
void        _pj_host_flush_tokens    (PjHost *self);

G_END_DECLS
