/* pj-join-page.h — find a LAN table (or name its address) and join it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-table.h"

G_BEGIN_DECLS

#define PJ_TYPE_JOIN_PAGE (pj_join_page_get_type ())
G_DECLARE_FINAL_TYPE (PjJoinPage, pj_join_page, PJ, JOIN_PAGE, GtkWidget)

GtkWidget  *pj_join_page_new              (const char *player_name);
/* The tables to list (a PjBrowser); the page makes its own when none is set. */
void        pj_join_page_set_browser      (PjJoinPage *self,
                                           PjBrowser  *browser);
gboolean    pj_join_page_get_discovery_off (PjJoinPage *self);
const char *pj_join_page_get_status       (PjJoinPage *self);
/* Join "host", "host:port" or "[v6]:port" (what the address row does). */
gboolean    pj_join_page_join_address     (PjJoinPage *self,
                                           const char *address,
                                           const char *password);
/* Seats kept at tables joined before (pj-rejoin.h): listed first, as
 * "Rejoin your seat at …" (NULL: none). */
void        pj_join_page_set_rejoin_dir   (PjJoinPage *self,
                                           const char *dir);
guint       pj_join_page_get_n_rejoins    (PjJoinPage *self);
/* Take back the i-th kept seat (what its row does). */
void        pj_join_page_rejoin           (PjJoinPage *self,
                                           guint       i);

G_END_DECLS
