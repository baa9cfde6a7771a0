/* pj-net-name.c — the names people and tables go by, cleaned at the door
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-net.h"

/* Characters that would steer what is printed next to a name (the bidi
 * overrides and isolates, U+200E/F, U+061C), hide in it (U+200B, U+FEFF)
 * or break a line or a log (C0 and C1 controls): none survives. The two
 * joiners stay, as scripts and emoji need them and they move nothing. */
static gboolean
is_dropped (gunichar ch)
{
  GUnicodeType type = g_unichar_type (ch);

  if (ch == 0x200C || ch == 0x200D)
    return FALSE;
  return type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT ||
         type == G_UNICODE_SURROGATE || ch == 0xFFFE || ch == 0xFFFF;
}

char *
pj_net_clean_name (const char *text)
{
  g_autofree char *valid = NULL;
  g_autofree char *composed = NULL;
  GString *out;
  gboolean space = FALSE;
  guint n_chars = 0;

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  /* one spelling of "é", so that two names that look alike compare alike */
  composed = g_utf8_normalize (valid, -1, G_NORMALIZE_DEFAULT_COMPOSE);
  if (composed == NULL)
    return NULL;
  out = g_string_new (NULL);
  for (const char *p = composed; *p; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char (p);
      char buf[6];
      int len;

      if (g_unichar_isspace (ch) || g_unichar_type (ch) == G_UNICODE_LINE_SEPARATOR ||
          g_unichar_type (ch) == G_UNICODE_PARAGRAPH_SEPARATOR || g_unichar_type (ch) == G_UNICODE_SPACE_SEPARATOR)
        {
          space = out->len > 0;
          continue;
        }
      if (is_dropped (ch))
        continue;
      len = g_unichar_to_utf8 (ch, buf);
      if (n_chars + space + 1 > PJ_NET_MAX_NAME_CHARS || out->len + space + (gsize) len > PJ_NET_MAX_NAME)
        break;
      if (space)
        {
          g_string_append_c (out, ' ');
          n_chars++;
          space = FALSE;
        }
      g_string_append_len (out, buf, len);
      n_chars++;
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

char *
pj_net_name_key (const char *name)
{
  return g_utf8_casefold (name, -1);
}

/* ---- address keys -------------------------------------------------------------- */

static gboolean
same_prefix (const guint8 *a,
             const guint8 *b)
{
  return memcmp (a, b, 8) == 0;
}

char *
pj_net_address_key (GInetAddress *remote,
                    GInetAddress *local)
{
  const guint8 *bytes;
  char *text;

  g_return_val_if_fail (G_IS_INET_ADDRESS (remote), NULL);

  text = g_inet_address_to_string (remote);
  /* a dual-stack socket shows IPv4 peers as ::ffff:a.b.c.d */
  if (g_str_has_prefix (text, "::ffff:") && strchr (text + 7, '.') != NULL)
    memmove (text, text + 7, strlen (text + 7) + 1);
  if (g_inet_address_get_family (remote) != G_SOCKET_FAMILY_IPV6 || strchr (text, '.') != NULL)
    return text;
  bytes = g_inet_address_to_bytes (remote);
  /* Anyone given a global IPv6 address has its whole /64 to pick from, so
   * a budget per address would be one per guess: one per /64 instead. The
   * people on the table's own link share its /64 (and link-local,
   * site-local and ULA addresses are that link), so there each address
   * keeps its own, as an IPv4 one does. */
  if (g_inet_address_get_is_loopback (remote) || g_inet_address_get_is_link_local (remote) ||
      g_inet_address_get_is_site_local (remote) || (bytes[0] & 0xfe) == 0xfc ||
      (local && g_inet_address_get_family (local) == G_SOCKET_FAMILY_IPV6 &&
       same_prefix (bytes, g_inet_address_to_bytes (local))))
    return text;
  g_free (text);
  return g_strdup_printf ("%x:%x:%x:%x::/64",
                          bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3],
                          bytes[4] << 8 | bytes[5], bytes[6] << 8 | bytes[7]);
}
