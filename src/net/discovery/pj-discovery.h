/* pj-discovery.h — LAN table discovery over Avahi's D-Bus API
 *
 * The one header to include: the error domain, the service type, and the
 * three types (PjPublisher, PjBrowser, PjTableInfo).
 *
 * Avahi is reached through GDBus on the system bus only (no libavahi), so it
 * works the same inside Flatpak with --system-talk-name=org.freedesktop.Avahi.
 * Nothing here fails hard when the bus or the daemon is missing: a host still
 * hosts (it just is not announced) and a browser says it is not available,
 * so the UI can offer "join by address" instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The DNS-SD service type every table is published under. */
#define PJ_DISCOVERY_SERVICE_TYPE "_pegs-jokers._tcp"

#define PJ_DISCOVERY_ERROR (pj_discovery_error_quark ())
GQuark pj_discovery_error_quark (void);

/**
 * PjDiscoveryError:
 * @PJ_DISCOVERY_ERROR_NO_BUS: the D-Bus system bus cannot be reached
 * @PJ_DISCOVERY_ERROR_NO_DAEMON: Avahi is not running (or too old: < 0.8)
 * @PJ_DISCOVERY_ERROR_COLLISION: no free service name was found
 * @PJ_DISCOVERY_ERROR_FAILED: Avahi refused a request or reported a failure
 * @PJ_DISCOVERY_ERROR_INVALID_TXT: a peer's TXT record is malformed
 */
typedef enum {
  PJ_DISCOVERY_ERROR_NO_BUS,
  PJ_DISCOVERY_ERROR_NO_DAEMON,
  PJ_DISCOVERY_ERROR_COLLISION,
  PJ_DISCOVERY_ERROR_FAILED,
  PJ_DISCOVERY_ERROR_INVALID_TXT,
} PjDiscoveryError;

G_END_DECLS

#include "pj-table-info.h"
#include "pj-publisher.h"
#include "pj-browser.h"
