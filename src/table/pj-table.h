/* pj-table.h — a LAN table as the app sees it: hosted here or joined
 *
 * A PjTable ties a PjClient (this app's seat or spectator place at a table)
 * to a mirror PjGame (pj-game.h), so that the board view plays a LAN game
 * through the same PjGame API as a local one. When the table is hosted
 * here it also owns the PjHost (listening on the default port, or a free
 * one) and the PjPublisher that announces it; the host's own player still
 * plays through an ordinary client on 127.0.0.1.
 *
 * A dropped connection during a game is retried with the client's
 * reconnect token (bounded backoff; "reconnecting" is TRUE meanwhile), and
 * the seat comes back with its hand (a spectator watches on). After the last try the table gives up
 * with an "error" (PJ_NET_ERROR_CLOSED).
 *
 * Signals:
 *   game-started (PjGame)           a mirror for the deal, not started yet
 *   error (GError)                  a refusal by the host, or the connection lost
 *   chat (from, seat, text, team)   as PjClient::chat (detail "earlier" too)
 *   verified (ok, detail)           the fair-deal check at the end
 *   lobby-changed ()                seats, names, readiness or rules changed
 *   seat-covered (seat, covered)    hosted here: a computer plays for a
 *                                   dropped player (or stops, they are back)
 *
 * This sits in model/ beside PjGame but in its own library (it needs
 * net/), so that libpj-model itself stays free of the network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-client.h"
#include "pj-discovery.h"
#include "pj-game.h"
#include "pj-host.h"
#include "pj-rejoin.h"

G_BEGIN_DECLS

#define PJ_TYPE_TABLE (pj_table_get_type ())
G_DECLARE_FINAL_TYPE (PjTable, pj_table, PJ, TABLE, GObject)

PjTable     *pj_table_new                 (const char   *player_name);

/* Open a table here: listen (port 0: the default port, or any free one),
 * announce it, and connect this app's client to it. The client's
 * connection finishes asynchronously ("connected" turns TRUE). */
gboolean     pj_table_host                (PjTable      *self,
                                           const char   *table_name,
                                           const char   *password,
                                           guint16       port,
                                           GError      **error);
/* Reopen the table a host here saved (pj_table_set_save_path()): the game
 * goes on where it stopped, on the same port if it is free, and this app's
 * player takes back their seat with the token saved beside it; the others
 * come back with theirs (PjHost's pj_host_new_from_save()). */
gboolean     pj_table_host_from_save      (PjTable      *self,
                                           const char   *save_path,
                                           GError      **error);
/* Hosted here: autosave the game to save_path (plus the host's
 * save_path.tokens, and save_path.seat: this player's token and the port,
 * mode 0600), so that pj_table_host_from_save() can reopen it. */
void         pj_table_set_save_path       (PjTable      *self,
                                           const char   *save_path);
/* Hosted here, after the game: deal a new one to the same seats (the deal
 * passes left, a new seed and commitment); every client follows. */
gboolean     pj_table_rematch             (PjTable      *self,
                                           GError      **error);
gboolean     pj_table_can_rematch         (PjTable      *self);
/* Join a table elsewhere; finishes after the host's welcome or refusal. */
void         pj_table_join_async          (PjTable      *self,
                                           const char   *address,
                                           guint16       port,
                                           const char   *password,
                                           GCancellable *cancellable,
                                           GAsyncReadyCallback callback,
                                           gpointer      user_data);
gboolean     pj_table_join_finish         (PjTable      *self,
                                           GAsyncResult *result,
                                           GError      **error);
/* Take back a seat kept on disk (pj-rejoin.h) after the app was killed
 * or quit; finishes with pj_table_join_finish() (PJ_NET_ERROR_BAD_TOKEN
 * when the host no longer keeps that seat: the kept file goes). */
void         pj_table_rejoin_async        (PjTable      *self,
                                           const PjRejoin *rejoin,
                                           GCancellable *cancellable,
                                           GAsyncReadyCallback callback,
                                           gpointer      user_data);
/* Joined here: keep this table's seat in dir while a game runs (written
 * at the deal, removed at the end, on pj_table_leave(), when the host
 * refuses the token and on a kick or ban; kept when the host closes the
 * table, which it may reopen). NULL: keep nothing. Dropping the last reference
 * without pj_table_leave() (quitting) keeps the file, like a crash. */
void         pj_table_set_rejoin_dir      (PjTable      *self,
                                           const char   *dir);
/* Hang up as the app quits: like pj_table_leave(), but a seat kept on
 * disk stays there, to rejoin at the next start. */
void         pj_table_close               (PjTable      *self);
/* Leave on purpose: say goodbye, stop hosting and announcing, and forget
 * the seat kept for a rejoin. */
void         pj_table_leave               (PjTable      *self);

PjClient    *pj_table_get_client          (PjTable      *self);
PjHost      *pj_table_get_host            (PjTable      *self);   /* NULL when joined */
PjPublisher *pj_table_get_publisher       (PjTable      *self);   /* NULL when joined */
PjGame      *pj_table_get_game            (PjTable      *self);   /* NULL before the deal */
const char  *pj_table_get_address         (PjTable      *self);
guint16      pj_table_get_port            (PjTable      *self);
gboolean     pj_table_get_connected       (PjTable      *self);
gboolean     pj_table_get_reconnecting    (PjTable      *self);
gboolean     pj_table_get_seat_covered    (PjTable      *self,
                                           guint         seat);
/* TRUE when every seat is a computer or a ready, connected person. */
gboolean     pj_table_can_start           (PjTable      *self);

/* What went wrong, in the words of the person at this screen: a host's
 * refusal (PJ_NET_ERROR) or a failed connection (G_IO_ERROR). */
const char  *pj_table_error_text          (const GError *error);

/* Bounds of the reconnect backoff (tests shorten them). */
void         pj_table_set_reconnect_policy (PjTable     *self,
                                            guint        first_delay_ms,
                                            guint        max_delay_ms,
                                            guint        max_attempts);


G_END_DECLS
