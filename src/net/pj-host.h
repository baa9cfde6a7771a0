/* pj-host.h — the authoritative table of a LAN game
 *
 * A PjHost listens on a TCP port (IPv4 and IPv6), runs the lobby (table
 * name, optional password, seats, rules, computer seats, ready marks) and,
 * once started, owns the game's PjRecord: every action a client sends is
 * checked by the engine here and then sent to each client cut to what its
 * seat may see (PROTOCOL.md). A player who drops keeps the seat under a
 * reconnect token; after the grace period a computer player covers the
 * seat's turns until the player comes back. A spectator who drops comes
 * back with its own token, as a spectator. After a game the host can go
 * back to the lobby for new people (pj_host_back_to_lobby()): one host
 * serves a table for its whole life, bans included.
 *
 * The person at the host's own screen plays through an ordinary PjClient
 * connected to 127.0.0.1 (or ::1) and pj_host_get_port(): the app then has
 * one code path for every LAN seat, and the host code stays free of any
 * user interface.
 *
 * Nobody can lock the table (PROTOCOL.md, "Framing and limits"): a
 * connection has 10 s to say hello, only greeted people count toward the
 * table's 32, a seat's token always gets back in, password and token
 * attempts are slowed per address, chat and bytes are budgeted per
 * connection, silent peers are dropped after 45 s. The host can kick and
 * ban people (pj_host_kick()).
 *
 * Signals:
 *   lobby-changed ()          seats, ready marks, people, rules or phase changed
 *   game-started ()           a deal (the first game or a rematch)
 *   action-applied (n, seat, text, computer)
 *   game-over (team)
 *   save-failed (GError)
 *   event (kind, text)        one line per event for a log: kind is "join",
 *                             "leave", "start", "over", "kick", "ban",
 *                             "refusal" (wrong password, table full, bad
 *                             token, rate limit, version, banned, timeout)
 *                             or "closed"; text a short English sentence
 *                             naming the person, address or seat. One
 *                             address gets at most 10 refusal lines per
 *                             10 s; one line then counts the rest.
 *
 * Everything runs on the thread-default main context of the thread that
 * created the host; computer moves are computed on a worker thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-ai.h"
#include "pj-game.h"
#include "pj-engine.h"
#include "pj-net.h"
#include "pj-record.h"

G_BEGIN_DECLS

#define PJ_TYPE_HOST (pj_host_get_type ())
G_DECLARE_FINAL_TYPE (PjHost, pj_host, PJ, HOST, GObject)

typedef enum {
  PJ_NET_PHASE_LOBBY,     /* seats are being taken */
  PJ_NET_PHASE_PLAYING,   /* the game runs */
  PJ_NET_PHASE_OVER,      /* a team has won; the log and seed are revealed */
} PjNetPhase;

typedef enum {
  PJ_NET_SEAT_OPEN,       /* nobody sits here yet */
  PJ_NET_SEAT_HUMAN,      /* a person (connected or not, see the connected flag) */
  PJ_NET_SEAT_COMPUTER,   /* a computer player on the host */
} PjNetSeatKind;

/* One seat as the lobby shows it (hosts and clients alike). */
typedef struct {
  PjNetSeatKind kind;
  const char   *name;       /* "" for an open seat */
  PjAiLevel     level;      /* for a computer seat */
  gboolean      ready;
  gboolean      connected;  /* a human seat whose player is here now */
} PjNetSeatInfo;

/* A table in the lobby phase with the preset's rules (basic, 4 players). */
PjHost     *pj_host_new              (const char *table_name, const char *password);
/* Reopen a table from its autosave (pj_host_set_save_path() of the host that
 * wrote it) and the token file beside it: the game goes on where it stopped,
 * every human seat waiting for its player's token. */
PjHost     *pj_host_new_from_save    (const char *save_path, GError **error);
/* The same, with the table's name and password as given now (NULL or "":
 * none) instead of those the token file remembers: a server's tables take
 * their settings from its command line or config at every start. */
PjHost     *pj_host_reopen_table     (const char *save_path, const char *table_name,
                                      const char *password, GError **error);

/* Listen on port (0: PJ_NET_DEFAULT_PORT, falling back to any free port if
 * it is taken) on every IPv4 and IPv6 address. */
gboolean    pj_host_listen           (PjHost *self, guint16 port, GError **error);
/* The certificate (with its key) every connection's TLS shows guests:
 * the table's identity, kept by the caller (pj_net_tls_load_or_make()).
 * Before pj_host_listen(); without one the host uses one made for this
 * process alone (pj_net_tls_default_certificate()). */
void        pj_host_set_certificate  (PjHost *self, GTlsCertificate *certificate);
/* Its fingerprint as people read it aloud ("4F2A 91C3 …"; NULL before a
 * certificate is set or pj_host_listen()). */
const char *pj_host_get_fingerprint  (PjHost *self);
/* The port actually listened on (0 before pj_host_listen()). */
guint16     pj_host_get_port         (PjHost *self);
/* Stop listening and hang up on every client, telling them the table is
 * closed (they stop retrying). Dispose does it too. */
void        pj_host_stop             (PjHost *self);

const char *pj_host_get_table_name   (PjHost *self);
PjNetPhase  pj_host_get_phase        (PjHost *self);

/* Lobby (PJ_NET_PHASE_LOBBY only; FALSE and PJ_NET_ERROR_WRONG_PHASE otherwise).
 * Changing the number of players frees the seats past the new count. */
gboolean    pj_host_set_rules        (PjHost *self, const PjRules *rules, GError **error);
const PjRules *pj_host_get_rules     (PjHost *self);
/* Make a seat a computer player of that level (its human, if any, stands up),
 * or open it again (computer = FALSE). */
gboolean    pj_host_set_seat_computer (PjHost *self, guint seat, gboolean computer,
                                       PjAiLevel level, GError **error);
guint       pj_host_get_n_seats      (PjHost *self);
/* What discovery announces: seats that are not open, and the preset's name
 * ("custom" for rules no preset matches). */
guint       pj_host_get_n_seats_taken (PjHost *self);
const char *pj_host_get_variant      (PjHost *self);
void        pj_host_get_seat_info    (PjHost *self, guint seat, PjNetSeatInfo *out);
/* Deal and start: every seat must be a computer or a ready, connected human
 * (PJ_NET_ERROR_NOT_READY otherwise). Publishes the fair-deal commitment. */
gboolean    pj_host_start_game       (PjHost *self, GError **error);
/* After the game (PJ_NET_PHASE_OVER): deal a new one to the same seats, the
 * deal passed to the next seat, with a new seed and fair-deal commitment
 * (PJ_NET_ERROR_WRONG_PHASE before the end, _NOT_READY if a person is away).
 * Clients get `start` again, as for the first game. */
gboolean    pj_host_rematch          (PjHost *self, GError **error);

/* After the game (PJ_NET_PHASE_OVER): back to the lobby, for the next
 * people, on the same host. The game goes (its autosave is flushed; the
 * files stay, for the caller to remove); the seats of people who are not
 * here open, those here keep theirs (not ready); rules, computer seats,
 * spectators, the bans and every token a spectator may come back with
 * stay, as they belong to the table rather than to one game
 * (PJ_NET_ERROR_WRONG_PHASE before the end). */
gboolean    pj_host_back_to_lobby    (PjHost *self, GError **error);

/* The game (NULL in the lobby). The record is the host's own: do not change it. */
PjRecord   *pj_host_get_record       (PjHost *self);

/* Autosave after every action (atomic), plus PATH.tokens, the reconnect
 * tokens and fair-deal salt (mode 0600). NULL: no autosave. */
void        pj_host_set_save_path    (PjHost *self, const char *path);

/* The game the host drives (NULL in the lobby): the host's own, with every
 * card; do not apply actions to it. */
PjGame     *pj_host_get_game         (PjHost *self);
/* Why the table's autosave fails now, in people's words (NULL while it
 * works): the "save-error" property. */
const char *pj_host_get_save_error   (PjHost *self);

/* The people connected and greeted, spectators included, in the order they
 * came. pj_host_get_person() fills out (FALSE past the end); its strings
 * last until the next "lobby-changed". */
guint       pj_host_get_n_people     (PjHost *self);
gboolean    pj_host_get_person       (PjHost *self, guint i, PjNetPerson *out);
/* Send a person away (person_id: PjNetPerson.id). A seated person's seat
 * opens in the lobby; in a game a computer covers it at once; their
 * token is revoked (a spectator's too). ban: their address may not come
 * back while this host runs, whatever games follow. FALSE and PJ_NET_ERROR_INVALID_FIELD if nobody has that id. */
gboolean    pj_host_kick             (PjHost *self, guint person_id, gboolean ban, GError **error);
/* Let a banned address in again (FALSE if it was not banned). */
gboolean    pj_host_unban            (PjHost *self, const char *address);

G_END_DECLS
