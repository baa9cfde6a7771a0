/* pj-discovery.c — the error domain, TXT records and the messages users see
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "pj-discovery-private.h"

G_DEFINE_QUARK (pj-discovery-error-quark, pj_discovery_error)

void
pj_txt_fields_clear (PjTxtFields *fields)
{
  g_clear_pointer (&fields->table_name, g_free);
  g_clear_pointer (&fields->variant, g_free);
  memset (fields, 0, sizeof *fields);
}

/* Cut @text to at most @max_bytes without splitting a UTF-8 character:
 * DNS labels and TXT strings have hard byte limits, table names do not. */
char *
pj_discovery_truncate_utf8 (const char *text,
                            gsize       max_bytes)
{
  const char *end;

  g_return_val_if_fail (text != NULL, NULL);

  if (strlen (text) <= max_bytes)
    return g_strdup (text);

  /* The character that starts at or straddles byte @max_bytes is dropped. */
  end = text + max_bytes;
  while (end > text && ((guchar) *end & 0xC0) == 0x80)
    end--;

  return g_strndup (text, (gsize) (end - text));
}

static void
txt_add (GVariantBuilder *builder,
         const char      *key,
         const char      *value)
{
  g_autofree char *item = g_strdup_printf ("%s=%s", key, value);
  g_autofree char *cut = pj_discovery_truncate_utf8 (item, PJ_DISCOVERY_MAX_TXT_STRING);

  /* "ay" without the trailing NUL: TXT strings are length-prefixed. */
  g_variant_builder_add_value (builder,
                               g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                          cut, strlen (cut), 1));
}

/* The record as Avahi's AddService/UpdateServiceTxt take it ("aay"). */
GVariant *
pj_discovery_txt_build (const PjTxtFields *fields)
{
  GVariantBuilder builder;
  g_autofree char *version = g_strdup_printf ("%u", fields->protocol_version);
  g_autofree char *seats = g_strdup_printf ("%u/%u", fields->seats_taken, fields->seats_total);

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  txt_add (&builder, "v", version);
  txt_add (&builder, "name", fields->table_name != NULL ? fields->table_name : "");
  txt_add (&builder, "variant", fields->variant != NULL ? fields->variant : "");
  txt_add (&builder, "seats", seats);
  txt_add (&builder, "pw", fields->password_required ? "1" : "0");

  return g_variant_builder_end (&builder);
}

static gboolean
parse_uint (const char *text,
            guint       max,
            guint      *out)
{
  guint64 value;

  /* g_ascii_string_to_unsigned() takes a sign and spaces in some versions;
   * a record is written by us, so only plain digits are accepted. */
  if (*text == '\0' || strlen (text) > 9)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;

  value = g_ascii_strtoull (text, NULL, 10);
  if (value > max)
    return FALSE;

  *out = (guint) value;
  return TRUE;
}

static gboolean
txt_invalid (GError     **error,
             const char  *key,
             const char  *value)
{
  g_set_error (error, PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_INVALID_TXT,
               /* Translators: a table on the network announced a bad value; %s are the key and value */
               _("The table announced an invalid “%s” value: “%s”"), key, value);
  return FALSE;
}

/* Fills @fields from a resolver's "aay". "v" is required (it is how a peer
 * says it speaks our protocol at all); the other keys are optional, but a key
 * that is present must be well-formed. As RFC 6763 §6.4 says, keys compare
 * case-insensitively and only the first of a repeated key counts. On error
 * @fields is left cleared. */
gboolean
pj_discovery_txt_parse (GVariant     *txt,
                        PjTxtFields  *fields,
                        GError      **error)
{
  GVariantIter iter;
  GVariant *child;
  gboolean have_version = FALSE, have_name = FALSE, have_variant = FALSE;
  gboolean have_seats = FALSE, have_pw = FALSE;

  g_return_val_if_fail (g_variant_is_of_type (txt, G_VARIANT_TYPE ("aay")), FALSE);
  g_return_val_if_fail (fields != NULL, FALSE);

  memset (fields, 0, sizeof *fields);

  g_variant_iter_init (&iter, txt);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_autoptr (GVariant) item = child;
      gsize len = 0;
      const char *bytes = g_variant_get_fixed_array (item, &len, 1);
      g_autofree char *text = NULL;
      const char *value;
      char *eq;

      if (len == 0 || len > PJ_DISCOVERY_MAX_TXT_STRING)
        continue;

      text = g_strndup (bytes, len);
      if (strlen (text) != len)           /* an embedded NUL: not ours */
        continue;

      eq = strchr (text, '=');
      if (eq == NULL)                     /* a boolean attribute: none of ours */
        continue;
      *eq = '\0';
      value = eq + 1;

      if (g_ascii_strcasecmp (text, "v") == 0 && !have_version)
        {
          have_version = TRUE;
          if (!parse_uint (value, G_MAXINT32, &fields->protocol_version) ||
              fields->protocol_version == 0)
            goto invalid;
        }
      else if (g_ascii_strcasecmp (text, "name") == 0 && !have_name)
        {
          have_name = TRUE;
          if (!g_utf8_validate (value, -1, NULL))
            goto invalid;
          fields->table_name = g_strdup (value);
        }
      else if (g_ascii_strcasecmp (text, "variant") == 0 && !have_variant)
        {
          have_variant = TRUE;
          if (!g_utf8_validate (value, -1, NULL))
            goto invalid;
          fields->variant = g_strdup (value);
        }
      else if (g_ascii_strcasecmp (text, "seats") == 0 && !have_seats)
        {
          g_auto (GStrv) parts = g_strsplit (value, "/", 3);

          have_seats = TRUE;
          if (g_strv_length (parts) != 2 ||
              !parse_uint (parts[0], PJ_DISCOVERY_MAX_SEATS, &fields->seats_taken) ||
              !parse_uint (parts[1], PJ_DISCOVERY_MAX_SEATS, &fields->seats_total) ||
              fields->seats_total == 0 ||
              fields->seats_taken > fields->seats_total)
            goto invalid;
        }
      else if (g_ascii_strcasecmp (text, "pw") == 0 && !have_pw)
        {
          have_pw = TRUE;
          if (g_strcmp0 (value, "0") != 0 && g_strcmp0 (value, "1") != 0)
            goto invalid;
          fields->password_required = value[0] == '1';
        }
      continue;

    invalid:
      {
        g_autofree char *shown = g_utf8_make_valid (value, -1);

        pj_txt_fields_clear (fields);
        return txt_invalid (error, text, shown);
      }
    }

  if (!have_version)
    {
      g_set_error_literal (error, PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_INVALID_TXT,
                           _("The table did not announce a protocol version"));
      pj_txt_fields_clear (fields);
      return FALSE;
    }

  return TRUE;
}

GError *
pj_discovery_error_unavailable (gboolean have_bus)
{
  if (!have_bus)
    return g_error_new_literal (PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_NO_BUS,
                                _("Finding tables on the local network is off: "
                                  "the system message bus cannot be reached"));

  return g_error_new_literal (PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_NO_DAEMON,
                              _("Finding tables on the local network is off: "
                                "the Avahi service is not running"));
}

GError *
pj_discovery_error_from_avahi (const char *what)
{
  return g_error_new (PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_FAILED,
                      /* Translators: %s is Avahi's own (English) error text */
                      _("Local network discovery failed: %s"), what);
}

GError *
pj_discovery_error_collision (const char *table_name)
{
  return g_error_new (PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_COLLISION,
                      /* Translators: %s is the table's name */
                      _("No free name like “%s” was found on the local network"),
                      table_name);
}
