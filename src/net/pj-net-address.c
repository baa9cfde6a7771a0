/* pj-net-address.c — what a person types to reach a table
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
