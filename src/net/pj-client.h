/* pj-client.h — one player's (or spectator's) connection to a PjHost
 *
 * A PjClient feeds a mirror game (pj_client_get_game(), a PjGame made with
 * pj_game_new_mirror()) cut to what its seat may see: the host's redacted
 * position after every action. It never changes that mirror itself: the
 * player's choice goes to the host (pj_game_apply() on the mirror, or
 * pj_client_send_action()) and comes back, checked, in the next update.
 *
 * Coming into a game under way (a rejoin, or late), the host's `past`
 * fills the mirror's move list with every move so far before the first
 * position arrives (pj_game_mirror_add_past()); a mirror that has some
 * already (a link lost and back) gets only the rest.
 *
 * Every call returns at once; the network work runs on the thread-default
 * main context of the thread that made the client.
 *
 * Signals:
 *   lobby-changed ()                  the seats, people, rules or table phase changed
 *   game-started ()                   the deal; the mirror holds the first position
 *   state-changed (n, actor, action, revealed)
 *                                     after action n (1-based) by seat `actor`,
 *                                     its text as this seat may see it ("?=5 …" for a
 *                                     bluff of another seat), `revealed` the card a
 *                                     challenge turned up (or NULL). n = the current
 *                                     count, actor = -1 and action = NULL for a
 *                                     position sent without an action (start, rejoin).
 *   chat (from, seat, text, team)     seat -1: a spectator; detail "earlier": a line
 *                                     said before this client came back (the talk it
 *                                     may read again), each shown once, to show as
 *                                     earlier talk without telling of it as new
 *   error (GError)                    the host refused a request (PJ_NET_ERROR code)
 *   game-over (winner)                winning team; the log and seed follow
 *   verified (ok, detail)             the fair-deal check of the whole game
 *   disconnected (GError)             the connection is gone; reconnect with
 *                                     pj_client_connect_async() (the token is kept)
 *                                     unless pj_net_error_is_final (error): the
 *                                     host closed the table (PJ_NET_ERROR_TABLE_CLOSED,
 *                                     "The host closed the table"), kicked
 *                                     (_KICKED) or banned (_BANNED) this client.
 *                                     A host silent for 45 s counts as gone
 *                                     (PJ_NET_ERROR_TIMEOUT).
 *   seat-covered (seat, covered)      a computer plays for a person who is away,
 *                                     or they are back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-engine.h"
#include "pj-game.h"
#include "pj-host.h"
#include "pj-net.h"

G_BEGIN_DECLS

#define PJ_TYPE_CLIENT (pj_client_get_type ())
G_DECLARE_FINAL_TYPE (PjClient, pj_client, PJ, CLIENT, GObject)

/* name: the player's name as the table shows it (at most PJ_NET_MAX_NAME bytes). */
PjClient   *pj_client_new              (const char *name);

/* Password for the table (NULL: none). */
void        pj_client_set_password     (PjClient *self, const char *password);
/* The reconnect token: set by the host's welcome; set it before connecting
 * to take back a seat (e.g. after the app restarted). NULL: a new player. */
const char *pj_client_get_token        (PjClient *self);
void        pj_client_set_token        (PjClient *self, const char *token);

/* Connect to host:port (an address or a name) and greet the table. Finishes
 * after the host's welcome, or with the host's refusal (PJ_NET_ERROR_BAD_PASSWORD,
 * _BAD_TOKEN, _VERSION, _TABLE_FULL, _BANNED, _TABLE_CLOSED), _TIMEOUT when
 * nothing welcomes it within 15 s, or a GIO error. The password and token
 * never cross the network: the client answers the host's nonce with an
 * HMAC-SHA-256 of each. */
void        pj_client_connect_async    (PjClient *self, const char *host, guint16 port,
                                        GCancellable *cancellable,
                                        GAsyncReadyCallback callback, gpointer user_data);
gboolean    pj_client_connect_finish   (PjClient *self, GAsyncResult *result, GError **error);
/* Say goodbye and close (a seated player's seat waits for the token). */
void        pj_client_disconnect       (PjClient *self);
gboolean    pj_client_is_connected     (PjClient *self);

/* Lobby requests; refusals come back as the "error" signal. */
void        pj_client_sit              (PjClient *self, guint seat);
void        pj_client_stand            (PjClient *self);
void        pj_client_set_ready        (PjClient *self, gboolean ready);
/* team = TRUE: only your team reads it (the only chat allowed during a game,
 * and only at a beginner_table_talk table). */
void        pj_client_send_chat        (PjClient *self, const char *text, gboolean team);

/* Send an action in notation. Checked here first against the mirror
 * (PJ_NET_ERROR_WRONG_PHASE, _NOT_SEATED, _NOT_YOUR_TURN, _ILLEGAL_ACTION),
 * then again by the host. */
gboolean    pj_client_send_action      (PjClient *self, const char *text, GError **error);

const char *pj_client_get_name         (PjClient *self);
/* Trust on first use: the fingerprints of the tables joined are kept in
 * path (pj_net_tls_default_pin_path() for the app; NULL, the default: none
 * kept, any host taken). A table met before whose certificate changed is
 * refused with PJ_NET_ERROR_HOST_CHANGED before anything is sent. */
void        pj_client_set_pin_path     (PjClient *self, const char *path);
/* The host's certificate fingerprint, read-aloud form ("4F2A 91C3 …"),
 * once the connection is secured; NULL before. */
const char *pj_client_get_host_fingerprint (PjClient *self);
/* After a join refused with PJ_NET_ERROR_HOST_CHANGED: the fingerprint
 * pinned before (the host's is pj_client_get_host_fingerprint()); NULL
 * otherwise. */
const char *pj_client_get_pinned_fingerprint (PjClient *self);
/* The person compared the new fingerprint with the host's and trusts it:
 * pin exactly that one for this table, so the next join is taken. */
gboolean    pj_client_trust_changed_host (PjClient *self, GError **error);
const char *pj_client_get_table_name   (PjClient *self);
PjNetPhase  pj_client_get_phase        (PjClient *self);
/* This client's seat, or -1 for a spectator. */
int         pj_client_get_seat         (PjClient *self);
/* The lobby's rules (the game's once started). */
const PjRules *pj_client_get_rules     (PjClient *self);
gboolean    pj_client_has_password     (PjClient *self);   /* the table asks for one */
guint       pj_client_get_n_seats      (PjClient *self);
void        pj_client_get_seat_info    (PjClient *self, guint seat, PjNetSeatInfo *out);

/* The mirror: the position as this seat may see it (NULL before the deal).
 * Other hands, the stock and face-down cards are PJ_CARD_UNKNOWN. */
const PjState *pj_client_get_state     (PjClient *self);
/* The mirror game (NULL before the first deal): the same object through a
 * rejoin, a new one for each new game. */
PjGame     *pj_client_get_game         (PjClient *self);
gboolean    pj_client_get_seat_covered (PjClient *self, guint seat);
/* Actions played so far. */
guint       pj_client_get_n_actions    (PjClient *self);
/* TRUE when the mirror says this seat must act now. */
gboolean    pj_client_is_my_turn       (PjClient *self);
/* After a verified end: the whole game, every card, for a review
 * (NULL before). Unref it. */
PjRecord   *pj_client_dup_record       (PjClient *self);

/* The people at the table, spectators included, as the last lobby message
 * listed them (address NULL). Strings last until the next "lobby-changed". */
guint       pj_client_get_n_people     (PjClient *self);
gboolean    pj_client_get_person       (PjClient *self, guint i, PjNetPerson *out);
/* This client's own person id at the table (0 before the welcome). */
guint       pj_client_get_person_id    (PjClient *self);
/* The protocol version this client and its host agreed on in the
 * handshake (0 before the welcome). */
int         pj_client_get_protocol     (PjClient *self);
/* Whether the host speaks that version (or a later one): what a message or
 * member newer than PJ_NET_PROTOCOL_MIN asks before it is sent. */
gboolean    pj_client_host_speaks      (PjClient *self, int version);

G_END_DECLS
