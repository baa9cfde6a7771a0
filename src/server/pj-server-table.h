/* pj-server-table.h — one table of pegs-and-jokers-server
 *
 * A PjServerTable runs a PjHost without anyone at the host's screen: it
 * starts the game once every seat is a computer or a ready person, deals
 * again after each game while the same people are there, and goes back to
 * an empty lobby when they have all gone. It autosaves to its files in the
 * save folder (NAME.save, NAME.save.tokens and NAME.table, the table's
 * settings and port) and reopens from them when the server starts again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-host.h"
#include "pj-server-config.h"

G_BEGIN_DECLS

#define PJ_TYPE_SERVER_TABLE (pj_server_table_get_type ())
G_DECLARE_FINAL_TYPE (PjServerTable, pj_server_table, PJ, SERVER_TABLE, GObject)

PjServerTable *pj_server_table_new        (const PjServerTableConfig *config,
                                           const PjServerConfig      *server);
/* What every connection's TLS shows guests (the server's, shared by its
 * tables); before pj_server_table_open(). */
void           pj_server_table_set_certificate (PjServerTable *self, GTlsCertificate *certificate);
/* Reopen the saved game if there is one (a damaged save is set aside and
 * the backup before it reopened), else open the lobby; listen and
 * announce. The name and password are the config's, never the save's.
 * Prints `table "NAME" port N` on stdout once it listens. */
gboolean       pj_server_table_open       (PjServerTable *self,
                                           GError       **error);
/* Write the last action to disk and hang up on everyone. */
void           pj_server_table_close      (PjServerTable *self);

const char    *pj_server_table_get_name   (PjServerTable *self);
guint16        pj_server_table_get_port   (PjServerTable *self);
/* Why the table is not announced on the network (NULL: it is, or
 * discovery is off). */
const GError  *pj_server_table_get_discovery_error (PjServerTable *self);
/* The host now (a new one after the table went back to an empty lobby). */
PjHost        *pj_server_table_get_host   (PjServerTable *self);

/* The tables whose settings are in the save folder (PjServerTableConfig,
 * sorted by name, last_port set); a file that cannot be read is logged and
 * left out. */
GPtrArray     *pj_server_table_load_saved (const char *save_dir);

G_END_DECLS
