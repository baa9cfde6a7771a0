/* pj-net-tls.h — the table's certificate: made once, kept, and shown as a
 * fingerprint people can read aloud to each other
 *
 * Every LAN connection runs over TLS (GIO's GTlsConnection, from
 * glib-networking). A host proves who it is with a self-signed certificate
 * it makes on its first start and keeps; guests pin it per table (trust on
 * first use). GIO cannot make a certificate, so GnuTLS does here, and only
 * here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The fingerprint's first bytes that are shown: 16 (8 groups of 4 hex
 * digits). 128 bits: someone who wants to pass for a table must make a key
 * whose certificate hashes to the same prefix (a second preimage, not a
 * collision, as they do not make the table's certificate), 2^128 tries. */
#define PJ_NET_FINGERPRINT_BYTES 16

/* FALSE, in people's words, when GIO has no TLS backend (glib-networking
 * is missing): nothing can be hosted or joined then. */
gboolean         pj_net_tls_check_available (GError **error);

/* The certificate (with its key) kept at path: read if it is there, else
 * made and written (mode 0600, its folder made 0700). */
GTlsCertificate *pj_net_tls_load_or_make    (const char  *path,
                                             GError     **error);
/* A new one in memory (ECDSA P-256, signed with SHA-256). */
GTlsCertificate *pj_net_tls_make            (GError     **error);
/* One made once for this process and never kept: for a host no one gave a
 * certificate (the tests'). */
GTlsCertificate *pj_net_tls_default_certificate (GError **error);

/* "4F2A 91C3 …": the first PJ_NET_FINGERPRINT_BYTES of SHA-256 of the
 * certificate's DER, upper-case hex in groups of 4. */
char            *pj_net_tls_fingerprint     (GTlsCertificate *certificate);

/* The channel binding both ends of one TLS connection compute alike and
 * a man in the middle cannot share: RFC 5929's tls-server-end-point (the
 * host's certificate hashed, SHA-256 for ours), from GIO, else made here
 * the same way. Lower-case hex, or NULL without a host certificate. */
char            *pj_net_tls_channel_binding (GTlsConnection  *tls,
                                             GTlsCertificate *host_certificate);

/* ---- trust on first use: the fingerprints a guest has seen --------------- */

/* The app's pins: a keyfile under the user's config folder. */
char            *pj_net_tls_default_pin_path (void);
/* The fingerprint pinned for the table at address and port (the table as
 * a guest reaches it, before it is told anything), or NULL. */
char            *pj_net_tls_pin_lookup  (const char  *path,
                                         const char  *address,
                                         guint16      port);
/* Pin it (the file written atomically, mode 0600, its folder made 0700). */
gboolean         pj_net_tls_pin_save    (const char  *path,
                                         const char  *address,
                                         guint16      port,
                                         const char  *table_name,
                                         const char  *fingerprint,
                                         GError     **error);

/* Where the app's host keeps its certificate (under the user's data
 * folder, beside the app's saves). */
char            *pj_net_tls_app_certificate_path (void);

G_END_DECLS
