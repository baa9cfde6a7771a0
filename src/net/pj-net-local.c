/* pj-net-local.c — where friends can reach this machine, as they type it
 *
 * Without Avahi the lobby said "Friends join at vm:47251": a bare host
 * name that rarely resolves on another computer. These are the addresses
 * the host can read out instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _DEFAULT_SOURCE

#include <ifaddrs.h>
#include <netinet/in.h>
#include <net/if.h>
#include <sys/socket.h>

#include "pj-net.h"

/* What people can type for an address: IPv4 first (short, and every
 * network has it), then IPv6 that routes (global or unique-local); never
 * loopback, and never link-local (an fe80:: address needs a zone). */
static int
rank (GInetAddress *address)
{
  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_any (address) ||
      g_inet_address_get_is_link_local (address) || g_inet_address_get_is_multicast (address))
    return -1;
  return g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV4 ? 0 : 1;
}

char **
pj_net_typeable_addresses (GInetAddress **addresses,
                           guint          n,
                           guint16        port)
{
  GPtrArray *out = g_ptr_array_new ();

  for (int want = 0; want <= 1; want++)
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *text = NULL;
        char *line;
        gboolean seen = FALSE;

        if (rank (addresses[i]) != want)
          continue;
        text = g_inet_address_to_string (addresses[i]);
        line = want == 0 ? g_strdup_printf ("%s:%u", text, port)
                         : g_strdup_printf ("[%s]:%u", text, port);
        for (guint j = 0; j < out->len && !seen; j++)
          seen = g_strcmp0 (g_ptr_array_index (out, j), line) == 0;
        if (seen)
          g_free (line);
        else
          g_ptr_array_add (out, line);
      }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char **
pj_net_local_addresses (guint16 port)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) != 0)
    return pj_net_typeable_addresses (NULL, 0, port);
  for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
    {
      GSocketAddress *socket_address;

      if (ifa->ifa_addr == NULL || !(ifa->ifa_flags & IFF_UP) ||
          (ifa->ifa_addr->sa_family != AF_INET && ifa->ifa_addr->sa_family != AF_INET6))
        continue;
      socket_address = g_socket_address_new_from_native (ifa->ifa_addr,
                                                         ifa->ifa_addr->sa_family == AF_INET
                                                           ? sizeof (struct sockaddr_in)
                                                           : sizeof (struct sockaddr_in6));
      if (G_IS_INET_SOCKET_ADDRESS (socket_address))
        g_ptr_array_add (found, g_object_ref (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (socket_address))));
      g_clear_object (&socket_address);
    }
  freeifaddrs (list);
  return pj_net_typeable_addresses ((GInetAddress **) found->pdata, found->len, port);
}
