/* pj-net-tls.c — the table's certificate: made once, kept, and shown as a
 * fingerprint people can read aloud to each other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <string.h>
#include <time.h>

#include "pj-file.h"
#include "pj-net-tls.h"

/* a certificate and its key are a few hundred bytes: anything much larger
 * is not ours */
#define MAX_PEM_SIZE (64 * 1024)

gboolean
pj_net_tls_check_available (GError **error)
{
  if (g_tls_backend_supports_tls (g_tls_backend_get_default ()))
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("Tables on the network are encrypted, and this computer cannot encrypt "
                         "them: install glib-networking (with GnuTLS) and try again"));
  return FALSE;
}

static gboolean
gnutls_failed (int      ret,
               GError **error)
{
  if (ret >= 0)
    return FALSE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("The table's certificate could not be made: %s"), gnutls_strerror (ret));
  return TRUE;
}

/* The certificate and its key in one PEM text, as GTlsCertificate reads it. */
static char *
make_pem (GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t crt_pem = { NULL, 0 };
  gnutls_datum_t key_pem = { NULL, 0 };
  guint8 serial[16];
  static const char cn[] = "Pegs and Jokers table";
  char *pem = NULL;

  for (gsize i = 0; i < sizeof serial; i++)
    serial[i] = (guint8) g_random_int_range (0, 256);
  /* a positive serial, as RFC 5280 asks */
  serial[0] &= 0x7f;
  serial[0] |= 0x01;

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error) ||
      gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                   GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0), error) ||
      gnutls_failed (gnutls_x509_crt_init (&crt), error) ||
      gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error) ||
      gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error) ||
      /* a day back: a guest whose clock is a little behind still takes it */
      gnutls_failed (gnutls_x509_crt_set_activation_time (crt, time (NULL) - 24 * 60 * 60), error) ||
      /* never expires (RFC 5280's 99991231235959Z): the pin is what is
       * trusted, and a table kept for years must not change its identity */
      gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, (time_t) -1), error) ||
      gnutls_failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, cn, sizeof cn - 1), error) ||
      gnutls_failed (gnutls_x509_crt_set_key (crt, key), error) ||
      gnutls_failed (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), error) ||
      gnutls_failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error) ||
      /* SHA-256: what the tls-server-end-point channel binding hashes with */
      gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error) ||
      gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &crt_pem), error) ||
      /* PKCS #8 ("BEGIN PRIVATE KEY"): what every GIO version reads */
      gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                        GNUTLS_PKCS_PLAIN, &key_pem), error))
    goto out;
  pem = g_strdup_printf ("%.*s%.*s", (int) crt_pem.size, (const char *) crt_pem.data,
                         (int) key_pem.size, (const char *) key_pem.data);
out:
  if (key_pem.data)
    {
      /* the key is the table's identity: no copy lingers in freed memory */
      memset (key_pem.data, 0, key_pem.size);
      gnutls_free (key_pem.data);
    }
  gnutls_free (crt_pem.data);
  if (crt)
    gnutls_x509_crt_deinit (crt);
  if (key)
    gnutls_x509_privkey_deinit (key);
  return pem;
}

GTlsCertificate *
pj_net_tls_make (GError **error)
{
  g_autofree char *pem = make_pem (error);
  GTlsCertificate *certificate;

  if (pem == NULL)
    return NULL;
  certificate = g_tls_certificate_new_from_pem (pem, -1, error);
  memset (pem, 0, strlen (pem));
  return certificate;
}

GTlsCertificate *
pj_net_tls_default_certificate (GError **error)
{
  static GMutex lock;
  static GTlsCertificate *certificate;
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&lock);

  if (certificate == NULL)
    certificate = pj_net_tls_make (error);
  return certificate ? g_object_ref (certificate) : NULL;
}

GTlsCertificate *
pj_net_tls_load_or_make (const char  *path,
                         GError     **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *data = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pem = NULL;
  GTlsCertificate *certificate;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  /* our own file: never a link elsewhere, a FIFO or a device */
  data = pj_file_read_regular (path, MAX_PEM_SIZE, PJ_FILE_READ_NOFOLLOW, &len, &local);
  if (data != NULL)
    {
      certificate = g_tls_certificate_new_from_pem (data, (gssize) len, &local);
      memset (data, 0, len);
      if (certificate == NULL)
        {
          /* never replaced behind the person's back: guests pinned it */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The table's certificate “%s” cannot be read (%s): move it away to make a "
                         "new one, and tell your guests its fingerprint changes"),
                       path, local->message);
          return NULL;
        }
      return certificate;
    }
  if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }

  pem = make_pem (error);
  if (pem == NULL)
    return NULL;
  dir = g_path_get_dirname (path);
  /* a folder made here is the user's alone: the key is a secret */
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not make the folder “%s”: %s"), dir, g_strerror (saved));
      return NULL;
    }
  if (!pj_file_write_atomic (path, pem, strlen (pem), 0600, PJ_FILE_WRITE_NONE, error))
    return NULL;
  certificate = g_tls_certificate_new_from_pem (pem, -1, error);
  memset (pem, 0, strlen (pem));
  return certificate;
}

char *
pj_net_tls_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr (GByteArray) der = NULL;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize digest_len = sizeof digest;
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);
  g_object_get (certificate, "certificate", &der, NULL);
  g_checksum_update (sum, der->data, der->len);
  g_checksum_get_digest (sum, digest, &digest_len);
  for (guint i = 0; i < PJ_NET_FINGERPRINT_BYTES; i += 2)
    g_string_append_printf (text, "%s%02X%02X", i ? " " : "", digest[i], digest[i + 1]);
  return g_string_free (text, FALSE);
}

char *
pj_net_tls_app_certificate_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "pegs-and-jokers", "table-certificate.pem", NULL);
}

/* ---- trust on first use ---------------------------------------------------------- */

/* a guest's list of tables is small; a larger file is not ours */
#define MAX_PIN_FILE_SIZE (1024 * 1024)

char *
pj_net_tls_default_pin_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "pegs-and-jokers", "known-tables", NULL);
}

static char *
pin_group (const char *address,
           guint16     port)
{
  /* a keyfile group name may not hold brackets or new lines; an address
   * never does, and the table's name (which may) is a value */
  return g_strdup_printf ("%s %u", address, port);
}

static GKeyFile *
pin_file_load (const char  *path,
               GError     **error)
{
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  gsize len;
  g_autofree char *data = pj_file_read_regular (path, MAX_PIN_FILE_SIZE, PJ_FILE_READ_NOFOLLOW, &len, &local);

  if (data == NULL)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&keyfile);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (!g_key_file_load_from_data (keyfile, data, len, G_KEY_FILE_KEEP_COMMENTS, error))
    return NULL;
  return g_steal_pointer (&keyfile);
}

char *
pj_net_tls_pin_lookup (const char *path,
                       const char *address,
                       guint16     port)
{
  g_autoptr (GKeyFile) keyfile = pin_file_load (path, NULL);
  g_autofree char *group = pin_group (address, port);

  if (keyfile == NULL)
    return NULL;
  return g_key_file_get_string (keyfile, group, "fingerprint", NULL);
}

gboolean
pj_net_tls_pin_save (const char  *path,
                     const char  *address,
                     guint16      port,
                     const char  *table_name,
                     const char  *fingerprint,
                     GError     **error)
{
  g_autoptr (GKeyFile) keyfile = pin_file_load (path, error);
  g_autofree char *group = pin_group (address, port);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  gsize len;

  if (keyfile == NULL)
    return FALSE;
  g_key_file_set_string (keyfile, group, "fingerprint", fingerprint);
  if (table_name)
    g_key_file_set_string (keyfile, group, "table", table_name);
  data = g_key_file_to_data (keyfile, &len, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not make the folder “%s”: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  /* which tables this person visits is theirs alone */
  return pj_file_write_atomic (path, data, len, 0600, PJ_FILE_WRITE_NONE, error);
}

char *
pj_net_tls_channel_binding (GTlsConnection  *tls,
                            GTlsCertificate *host_certificate)
{
  g_autoptr (GByteArray) data = g_byte_array_new ();
  g_autoptr (GError) error = NULL;

  if (!g_tls_connection_get_channel_binding_data (tls, G_TLS_CHANNEL_BINDING_TLS_SERVER_END_POINT,
                                                  data, &error))
    {
      g_autoptr (GByteArray) der = NULL;
      g_autoptr (GChecksum) sum = NULL;
      guint8 digest[32];
      gsize digest_len = sizeof digest;

      /* an older glib-networking: the same hash, as RFC 5929 defines it
       * for a certificate signed with SHA-256 */
      g_debug ("channel binding from GIO: %s; computed here", error->message);
      if (host_certificate == NULL)
        return NULL;
      g_object_get (host_certificate, "certificate", &der, NULL);
      sum = g_checksum_new (G_CHECKSUM_SHA256);
      g_checksum_update (sum, der->data, der->len);
      g_checksum_get_digest (sum, digest, &digest_len);
      g_byte_array_set_size (data, 0);
      g_byte_array_append (data, digest, (guint) digest_len);
    }
  {
    GString *hex = g_string_sized_new (data->len * 2);

    for (guint i = 0; i < data->len; i++)
      g_string_append_printf (hex, "%02x", data->data[i]);
    return g_string_free (hex, FALSE);
  }
}
