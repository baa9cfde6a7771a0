/* pj-discovery-private.h — Avahi's D-Bus names and constants, TXT records,
 * and the browser's hold on PjTableInfo. Not for use outside discovery/ (and
 * its tests).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-discovery.h"

G_BEGIN_DECLS

/* Avahi's D-Bus API (avahi-daemon/org.freedesktop.Avahi.*.xml). */
#define PJ_AVAHI_NAME                   "org.freedesktop.Avahi"
#define PJ_AVAHI_SERVER_PATH            "/"
#define PJ_AVAHI_SERVER_IFACE           "org.freedesktop.Avahi.Server"
#define PJ_AVAHI_SERVER2_IFACE          "org.freedesktop.Avahi.Server2"
#define PJ_AVAHI_ENTRY_GROUP_IFACE      "org.freedesktop.Avahi.EntryGroup"
#define PJ_AVAHI_SERVICE_BROWSER_IFACE  "org.freedesktop.Avahi.ServiceBrowser"
#define PJ_AVAHI_SERVICE_RESOLVER_IFACE "org.freedesktop.Avahi.ServiceResolver"
#define PJ_AVAHI_COLLISION_ERROR        "org.freedesktop.Avahi.CollisionError"

/* Avahi's own numbers (avahi-common/defs.h); the D-Bus API passes them as is. */
#define PJ_AVAHI_IF_UNSPEC    (-1)
#define PJ_AVAHI_PROTO_INET   0
#define PJ_AVAHI_PROTO_INET6  1
#define PJ_AVAHI_PROTO_UNSPEC (-1)
#define PJ_AVAHI_LOOKUP_RESULT_LOCAL 8

typedef enum {
  PJ_AVAHI_SERVER_INVALID,
  PJ_AVAHI_SERVER_REGISTERING,
  PJ_AVAHI_SERVER_RUNNING,
  PJ_AVAHI_SERVER_COLLISION,
  PJ_AVAHI_SERVER_FAILURE,
} PjAvahiServerState;

typedef enum {
  PJ_AVAHI_ENTRY_GROUP_UNCOMMITTED,
  PJ_AVAHI_ENTRY_GROUP_REGISTERING,
  PJ_AVAHI_ENTRY_GROUP_ESTABLISHED,
  PJ_AVAHI_ENTRY_GROUP_COLLISION,
  PJ_AVAHI_ENTRY_GROUP_FAILURE,
} PjAvahiEntryGroupState;

/* Every D-Bus call is bounded; Avahi answers locally, so this is generous. */
#define PJ_AVAHI_CALL_TIMEOUT_MS 10000

/* DNS labels (the service name) are at most 63 bytes; one TXT string 255. */
#define PJ_DISCOVERY_MAX_SERVICE_NAME 63
#define PJ_DISCOVERY_MAX_TXT_STRING   255
/* More seats than any preset has; a bigger number is a bad record. */
#define PJ_DISCOVERY_MAX_SEATS        16

/* What a table says about itself in its TXT record. */
typedef struct {
  guint     protocol_version;
  char     *table_name;
  char     *variant;
  guint     seats_taken;
  guint     seats_total;
  gboolean  password_required;
} PjTxtFields;

void      pj_txt_fields_clear           (PjTxtFields        *fields);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PjTxtFields, pj_txt_fields_clear)

GVariant *pj_discovery_txt_build        (const PjTxtFields  *fields);
gboolean  pj_discovery_txt_parse        (GVariant           *txt,
                                         PjTxtFields        *fields,
                                         GError            **error);
char     *pj_discovery_truncate_utf8    (const char         *text,
                                         gsize               max_bytes);

/* All user-visible messages live in pj-discovery.c (one file for po/). */
GError   *pj_discovery_error_unavailable (gboolean            have_bus);
GError   *pj_discovery_error_from_avahi  (const char         *what);
GError   *pj_discovery_error_collision   (const char         *table_name);

/* How the browser fills a PjTableInfo: one "endpoint" per Avahi entry
 * (interface, protocol, name, type, domain) that resolved to this host. */
PjTableInfo *pj_table_info_new             (const char        *service_name,
                                            const char        *type,
                                            const char        *domain,
                                            const char        *host_name);
gboolean     pj_table_info_matches         (PjTableInfo       *self,
                                            const char        *service_name,
                                            const char        *type,
                                            const char        *domain,
                                            const char        *host_name);
void         pj_table_info_set_endpoint    (PjTableInfo       *self,
                                            const char        *key,
                                            int                interface,
                                            const char        *address,
                                            guint16            port,
                                            gboolean           local);
gboolean     pj_table_info_remove_endpoint (PjTableInfo       *self,
                                            const char        *key);
void         pj_table_info_set_txt         (PjTableInfo       *self,
                                            const PjTxtFields *fields);

G_END_DECLS
