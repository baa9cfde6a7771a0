/* pj-server-log.h — one line per event on stderr
 *
 *   2026-12-01T20:15:03Z [Friday table] Ann joined
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* table: NULL for the server itself. */
void pj_server_log (const char *table,
                    const char *format,
                    ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
