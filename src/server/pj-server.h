/* pj-server.h — pegs-and-jokers-server: the tables and the admin socket
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-server-config.h"
#include "pj-server-table.h"

G_BEGIN_DECLS

#define PJ_TYPE_SERVER (pj_server_get_type ())
G_DECLARE_FINAL_TYPE (PjServer, pj_server, PJ, SERVER, GObject)

/* Takes config. */
PjServer      *pj_server_new         (PjServerConfig *config);
/* Create the save folder, add the tables saved there to those asked for,
 * open them all, then the admin socket. G_OPTION_ERROR when there is no
 * table to host (a usage error), other domains otherwise. */
gboolean       pj_server_start       (PjServer  *self,
                                      GError   **error);
/* Save and close every table; remove the admin socket. */
void           pj_server_stop        (PjServer  *self);

guint          pj_server_get_n_tables (PjServer *self);
PjServerTable *pj_server_get_table    (PjServer *self,
                                       guint     i);
PjServerTable *pj_server_find_table   (PjServer   *self,
                                       const char *name);

/* pj-server-admin.c: answer one admin command line with one JSON object on
 * one line (no newline; README.md, "The table server"); the socket itself,
 * which refuses a path where another server answers and removes only the
 * socket it made. */
char          *pj_server_admin_run    (PjServer   *self,
                                       const char *line);
gboolean       pj_server_admin_listen (PjServer   *self,
                                       const char *path,
                                       GError    **error);
void           pj_server_admin_close  (PjServer   *self);

G_END_DECLS
