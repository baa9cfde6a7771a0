/* pj-table-info.h — one table found on the local network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PJ_TYPE_TABLE_INFO (pj_table_info_get_type ())
G_DECLARE_FINAL_TYPE (PjTableInfo, pj_table_info, PJ, TABLE_INFO, GObject)

/* What the table says about itself (its TXT record); "notify" when it changes. */
const char     *pj_table_info_get_table_name         (PjTableInfo *self);
guint           pj_table_info_get_protocol_version   (PjTableInfo *self);
const char     *pj_table_info_get_variant            (PjTableInfo *self);
guint           pj_table_info_get_seats_taken        (PjTableInfo *self);
guint           pj_table_info_get_seats_total        (PjTableInfo *self);
gboolean        pj_table_info_get_password_required  (PjTableInfo *self);

/* Where it is: the DNS-SD identity and the primary address. */
const char     *pj_table_info_get_service_name       (PjTableInfo *self);
const char     *pj_table_info_get_host_name          (PjTableInfo *self);
const char     *pj_table_info_get_address            (PjTableInfo *self);
guint16         pj_table_info_get_port               (PjTableInfo *self);
int             pj_table_info_get_interface_index    (PjTableInfo *self);
GSocketFamily   pj_table_info_get_family             (PjTableInfo *self);
gboolean        pj_table_info_get_local              (PjTableInfo *self);
guint           pj_table_info_get_n_addresses        (PjTableInfo *self);

GSocketAddress *pj_table_info_dup_socket_address     (PjTableInfo *self);
GSocketConnectable *pj_table_info_dup_connectable    (PjTableInfo *self);

G_END_DECLS
