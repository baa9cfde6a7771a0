/* pj-rejoin.h — a guest's seats at LAN tables, kept on disk
 *
 * A guest's reconnect token lived only in its PjClient: an app that was
 * killed came back as a spectator. Each table where this app holds a seat
 * in a game now has a small file in a folder (pj_rejoin_default_dir()),
 * one per table named by its address, port and table name, mode 0600 (the
 * token is the seat's key), written atomically. PjTable writes it when a
 * game starts and removes it when the game ends or the player leaves on
 * purpose (pj_table_set_rejoin_dir()); a killed app finds it on the next
 * start and offers "Rejoin your seat at …".
 *
 * No display needed: the join page lists these, the tests read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char    *table_name;
  char    *address;
  guint16  port;
  char    *token;
  char    *password;     /* NULL: the table asks for none */
  char    *player_name;
  int      seat;
  gint64   saved;        /* real time (µs) of the save, newest first in lists */
  gint64   closed;       /* real time (µs) the host closed the table; 0: it did not */
} PjRejoin;

/* How long a seat at a table its host closed stays offered (the host may
 * reopen it): then pj_rejoin_list() forgets it. */
#define PJ_REJOIN_CLOSED_KEPT_DAYS 7

PjRejoin   *pj_rejoin_new          (const char  *table_name,
                                    const char  *address,
                                    guint16      port,
                                    const char  *token);
void        pj_rejoin_free         (PjRejoin    *rejoin);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjRejoin, pj_rejoin_free)

/* Where the app keeps them: the user data dir's pegs-and-jokers/tables. */
char       *pj_rejoin_default_dir  (void);
/* The file of one table in dir. */
char       *pj_rejoin_path         (const char      *dir,
                                    const char      *address,
                                    guint16          port,
                                    const char      *table_name);
/* Write (or replace) the table's file; creates dir (0700). */
gboolean    pj_rejoin_save         (const char      *dir,
                                    const PjRejoin  *rejoin,
                                    GError         **error);
/* Forget the table's seat (no error if there was none). */
void        pj_rejoin_remove       (const char      *dir,
                                    const char      *address,
                                    guint16          port,
                                    const char      *table_name);
/* The host closed the table: the seat stays for a while (the host may
 * reopen it), but the app no longer opens the join page for it at start. */
void        pj_rejoin_mark_closed  (const char      *dir,
                                    const char      *address,
                                    guint16          port,
                                    const char      *table_name);
/* Every seat kept in dir, newest first (a PjRejoin each; damaged files
 * are skipped; a seat at a table closed more than
 * PJ_REJOIN_CLOSED_KEPT_DAYS ago is forgotten). Never NULL. */
GPtrArray  *pj_rejoin_list         (const char      *dir);

G_END_DECLS
