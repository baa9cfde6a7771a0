/* test-net-address.c — what people type to join a table by address
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

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

/* What the host's limits count an address by: a machine's address, but a
 * far IPv6 address's whole /64 (anyone there has all of it to pick from);
 * the table's own link keeps one per address. */
static void
test_address_key (void)
{
  const struct { const char *remote; const char *local; const char *key; } cases[] = {
    { "10.0.0.7", NULL, "10.0.0.7" },
    { "::ffff:192.168.1.5", "::ffff:192.168.1.2", "192.168.1.5" },
    { "127.0.0.1", NULL, "127.0.0.1" },
    { "::1", "::1", "::1" },
    { "2001:db8:1:2:3:4:5:6", NULL, "2001:db8:1:2::/64" },
    { "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:9::1", "2001:db8:1:2::/64" },
    { "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::1", "2001:db8:1:2:3:4:5:6" },
    { "fe80::1:2", "fe80::9", "fe80::1:2" },
    { "fd12:3456::1", NULL, "fd12:3456::1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GInetAddress) remote = g_inet_address_new_from_string (cases[i].remote);
      g_autoptr (GInetAddress) local = cases[i].local ? g_inet_address_new_from_string (cases[i].local) : NULL;
      g_autofree char *key = pj_net_address_key (remote, local);

      g_assert_cmpstr (key, ==, cases[i].key);
    }
}

/* Names as the host keeps them: nothing that steers or hides text, one
 * space between words, at most PJ_NET_MAX_NAME_CHARS characters and
 * PJ_NET_MAX_NAME bytes, cut between characters. */
static void
test_clean_name (void)
{
  const struct { const char *text; const char *clean; } cases[] = {
    { "  Ann  ", "Ann" },
    { "A\tB\nC\r\nD", "A B C D" },
    { "\u202EnaL\u202C", "naL" },
    { "L\u200Ei\u200Fz\u2066\u2067\u2068\u2069\u202A\u202B\u202C\u202D", "Liz" },
    { "\x01\x1f\x7f\xc2\x80\xc2\x9f" "Bo", "Bo" },
    { "\u200BZ\uFEFF\u00ADed", "Zed" },
    { "e\u0301", "\u00e9" },
    { "\u2028Sam\u2029Lee", "Sam Lee" },
    { "\U0001F469\u200D\U0001F467", "\U0001F469\u200D\U0001F467" },
    { "0123456789012345678901234567890123456789", "01234567890123456789012345678901" },
    /* 30 three-byte characters: the bytes bound first */
    { "\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e"
      "\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e"
      "\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e",
      "\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e"
      "\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e\u674e" },
    { "Bad\xff\xfeUTF", "Bad\uFFFD\uFFFDUTF" },
  };
  const char *empty[] = { "", "   ", "\u202E\u202C", "\x01\x02\t", "\u200B\u2060" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *clean = pj_net_clean_name (cases[i].text);

      g_assert_cmpstr (clean, ==, cases[i].clean);
      g_assert_cmpuint (g_utf8_strlen (clean, -1), <=, PJ_NET_MAX_NAME_CHARS);
      g_assert_cmpuint (strlen (clean), <=, PJ_NET_MAX_NAME);
    }
  for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
    g_assert_null (pj_net_clean_name (empty[i]));
}

/* What the lobby lists for friends to type: IPv4 first, then IPv6 that
 * routes, bracketed with the port; never loopback, any, multicast or
 * link-local; no repeats (issue 23: not a bare host name). */
static void
test_typeable_addresses (void)
{
  static const char *const given[] = {
    "127.0.0.1", "::1", "fe80::1", "2001:db8::5", "192.168.1.5", "0.0.0.0",
    "224.0.0.251", "10.0.0.2", "192.168.1.5", "fd12:3456::7",
  };
  static const char *const want[] = {
    "192.168.1.5:47251", "10.0.0.2:47251", "[2001:db8::5]:47251", "[fd12:3456::7]:47251", NULL,
  };
  GInetAddress *addresses[G_N_ELEMENTS (given)];
  g_auto (GStrv) typeable = NULL;
  g_auto (GStrv) local = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    addresses[i] = g_inet_address_new_from_string (given[i]);
  typeable = pj_net_typeable_addresses (addresses, G_N_ELEMENTS (given), 47251);
  g_assert_cmpstrv (typeable, want);
  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    g_object_unref (addresses[i]);

  /* this machine's own: each one a person can type back in */
  local = pj_net_local_addresses (47251);
  for (guint i = 0; local[i] != NULL; i++)
    {
      g_autofree char *host = NULL;
      guint16 port = 0;

      g_assert_true (pj_net_parse_address (local[i], &host, &port));
      g_assert_cmpuint (port, ==, 47251);
      g_assert_false (g_str_has_prefix (local[i], "127."));
      g_assert_false (g_str_has_prefix (local[i], "[::1]"));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/address/parse", test_parse_address);
  g_test_add_func ("/net/address/key", test_address_key);
  g_test_add_func ("/net/address/clean-name", test_clean_name);
  g_test_add_func ("/net/address/typeable", test_typeable_addresses);

  return g_test_run ();
}
