/* pj-publisher.h — announce a hosted table on the local network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PJ_TYPE_PUBLISHER (pj_publisher_get_type ())
G_DECLARE_FINAL_TYPE (PjPublisher, pj_publisher, PJ, PUBLISHER, GObject)

PjPublisher  *pj_publisher_new                   (const char   *table_name,
                                                  guint16       port,
                                                  guint         protocol_version);

const char   *pj_publisher_get_table_name        (PjPublisher  *self);
guint16       pj_publisher_get_port              (PjPublisher  *self);
guint         pj_publisher_get_protocol_version  (PjPublisher  *self);

const char   *pj_publisher_get_variant           (PjPublisher  *self);
void          pj_publisher_set_variant           (PjPublisher  *self,
                                                  const char   *variant);
guint         pj_publisher_get_seats_taken       (PjPublisher  *self);
guint         pj_publisher_get_seats_total       (PjPublisher  *self);
void          pj_publisher_set_seats             (PjPublisher  *self,
                                                  guint         taken,
                                                  guint         total);
gboolean      pj_publisher_get_password_required (PjPublisher  *self);
void          pj_publisher_set_password_required (PjPublisher  *self,
                                                  gboolean      password_required);

const char   *pj_publisher_get_service_name      (PjPublisher  *self);
gboolean      pj_publisher_get_available         (PjPublisher  *self);
gboolean      pj_publisher_get_published         (PjPublisher  *self);
/* Avahi's name for this machine ("kitchen.local"); NULL without Avahi. */
const char   *pj_publisher_get_host_name         (PjPublisher  *self);
const GError *pj_publisher_get_error             (PjPublisher  *self);

G_END_DECLS
