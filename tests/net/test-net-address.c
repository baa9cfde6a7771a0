/* test-net-address.c — what people type to join a table by address
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-net.h"

static void
test_parse_address (void)
{
  const struct { const char *text; const char *host; guint16 port; } ok[] = {
    { "192.168.1.5", "192.168.1.5", PJ_NET_DEFAULT_PORT },
    { " 192.168.1.5:4000 ", "192.168.1.5", 4000 },
    { "[::1]:4000", "::1", 4000 },
    { "[fe80::1]", "fe80::1", PJ_NET_DEFAULT_PORT },
    { "fe80::1", "fe80::1", PJ_NET_DEFAULT_PORT },
    { "kitchen.local:47251", "kitchen.local", 47251 },
  };
  const char *bad[] = { "", "   ", "host:", "host:0", "host:70000", "[::1", "[::1]x", "a b" };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autofree char *host = NULL;
      guint16 port = 0;

      g_assert_true (pj_net_parse_address (ok[i].text, &host, &port));
      g_assert_cmpstr (host, ==, ok[i].host);
      g_assert_cmpuint (port, ==, ok[i].port);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *host = NULL;
      guint16 port = 0;

      g_assert_false (pj_net_parse_address (bad[i], &host, &port));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/address/parse", test_parse_address);

  return g_test_run ();
}
