/* pj-net-address.c — what a person types to reach a table, and the key an
 * address is counted by
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-net.h"

/* Without a port the table's default one: people type "kitchen.local" or
 * "192.168.1.5"; "[v6]:port" is the only way to give an IPv6 address a
 * port, and a bare IPv6 address has more than one colon. */
gboolean
pj_net_parse_address (const char  *text,
                      char       **host,
                      guint16     *port)
{
  g_autofree char *copy = NULL;
  const char *port_text = NULL;
  char *name;
  guint64 value = PJ_NET_DEFAULT_PORT;

  g_return_val_if_fail (host != NULL && port != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  copy = g_strstrip (g_strdup (text));
  name = copy;

  if (name[0] == '[')
    {
      char *end = strchr (name, ']');

      if (end == NULL)
        return FALSE;
      *end = '\0';
      name++;
      if (end[1] == ':')
        port_text = end + 2;
      else if (end[1] != '\0')
        return FALSE;
    }
  else
    {
      char *colon = strchr (name, ':');

      /* one colon: name:port; more: a bare IPv6 address */
      if (colon != NULL && strchr (colon + 1, ':') == NULL)
        {
          *colon = '\0';
          port_text = colon + 1;
        }
    }

  if (name[0] == '\0' || strpbrk (name, " \t/") != NULL)
    return FALSE;
  if (port_text != NULL &&
      !g_ascii_string_to_unsigned (port_text, 10, 1, G_MAXUINT16, &value, NULL))
    return FALSE;

  *host = g_strdup (name);
  *port = (guint16) value;
  return TRUE;
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
