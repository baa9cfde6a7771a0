/* test-discovery-unit.c — the parts of discovery that need no daemon: TXT
 * records (round trips, and each bad record giving INVALID_TXT), name
 * cutting, and how a table picks its primary address among its endpoints.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-discovery-private.h"

static GVariant *
txt_from_strings (const char * const *items)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  for (guint i = 0; items[i] != NULL; i++)
    g_variant_builder_add_value (&builder,
                                 g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, items[i],
                                                            strlen (items[i]), 1));
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static void
test_txt_round_trip (void)
{
  PjTxtFields in = { 3, (char *) "Kitchen “table” ♠", (char *) "Arizona", 2, 6, TRUE };
  g_auto (PjTxtFields) out = { 0, };
  g_autoptr (GVariant) txt = g_variant_ref_sink (pj_discovery_txt_build (&in));
  g_autoptr (GError) error = NULL;

  g_assert_true (g_variant_is_of_type (txt, G_VARIANT_TYPE ("aay")));
  g_assert_true (pj_discovery_txt_parse (txt, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out.protocol_version, ==, 3);
  g_assert_cmpstr (out.table_name, ==, in.table_name);
  g_assert_cmpstr (out.variant, ==, "Arizona");
  g_assert_cmpuint (out.seats_taken, ==, 2);
  g_assert_cmpuint (out.seats_total, ==, 6);
  g_assert_true (out.password_required);
}

static void
test_txt_lenient (void)
{
  /* Only "v" is required; keys are case-insensitive; the first of a repeated
   * key counts; attributes without "=" and foreign keys are ignored. */
  const char *items[] = { "V=2", "v=9", "flag", "other=x", "PW=0", "pw=1", NULL };
  g_autoptr (GVariant) txt = txt_from_strings (items);
  g_auto (PjTxtFields) out = { 0, };
  g_autoptr (GError) error = NULL;

  g_assert_true (pj_discovery_txt_parse (txt, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out.protocol_version, ==, 2);
  g_assert_false (out.password_required);
  g_assert_null (out.table_name);
  g_assert_cmpuint (out.seats_total, ==, 0);
}

static void
test_txt_invalid (void)
{
  const char *bad[][4] = {
    { "name=x", NULL },                        /* no version */
    { "v=", NULL },
    { "v=0", NULL },
    { "v=-1", NULL },
    { "v= 1", NULL },
    { "v=1x", NULL },
    { "v=99999999999", NULL },
    { "v=1", "seats=3", NULL },
    { "v=1", "seats=5/4", NULL },
    { "v=1", "seats=0/0", NULL },
    { "v=1", "seats=1/2/3", NULL },
    { "v=1", "seats=1/99", NULL },
    { "v=1", "pw=yes", NULL },
    { "v=1", "name=\xff\xfe", NULL },
    { "v=1", "variant=\xc3", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GVariant) txt = txt_from_strings (bad[i]);
      g_auto (PjTxtFields) out = { 0, };
      g_autoptr (GError) error = NULL;

      g_test_message ("bad record %u", i);
      g_assert_false (pj_discovery_txt_parse (txt, &out, &error));
      g_assert_error (error, PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_INVALID_TXT);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_null (out.table_name);
      g_assert_null (out.variant);
    }
}

static void
test_txt_long_name (void)
{
  /* A TXT string is at most 255 bytes: a long name is cut at a character. */
  g_autoptr (GString) name = g_string_new (NULL);
  PjTxtFields in = { 1, NULL, (char *) "", 0, 4, FALSE };
  g_auto (PjTxtFields) out = { 0, };
  g_autoptr (GVariant) txt = NULL;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 200; i++)
    g_string_append (name, "é");
  in.table_name = name->str;
  txt = g_variant_ref_sink (pj_discovery_txt_build (&in));

  g_assert_true (pj_discovery_txt_parse (txt, &out, &error));
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (out.table_name, -1, NULL));
  g_assert_cmpuint (strlen ("name=") + strlen (out.table_name), <=, 255);
  g_assert_true (g_str_has_prefix (name->str, out.table_name));
}

static void
test_truncate_utf8 (void)
{
  g_autofree char *a = pj_discovery_truncate_utf8 ("abc", 63);
  g_autofree char *b = pj_discovery_truncate_utf8 ("aé", 2);   /* é is 2 bytes */
  g_autofree char *c = pj_discovery_truncate_utf8 ("a♠b", 3);  /* ♠ is 3 bytes */
  g_autofree char *d = pj_discovery_truncate_utf8 ("♠", 2);

  g_assert_cmpstr (a, ==, "abc");
  g_assert_cmpstr (b, ==, "a");
  g_assert_cmpstr (c, ==, "a");
  g_assert_cmpstr (d, ==, "");
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           gpointer    user_data)
{
  GString *log = user_data;

  g_string_append_printf (log, "%s;", pspec->name);
}

static void
test_table_info_endpoints (void)
{
  PjTableInfo *table = pj_table_info_new ("T", PJ_DISCOVERY_SERVICE_TYPE, "local", "h.local");
  PjTxtFields fields = { 1, (char *) "Table", (char *) "Alaska", 1, 4, FALSE };
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GSocketAddress) address = NULL;
  g_autoptr (GSocketConnectable) connectable = NULL;
  g_autoptr (GSocketAddressEnumerator) enumerator = NULL;
  GSocketAddress *next;
  GPtrArray *seen = g_ptr_array_new_with_free_func (g_free);

  g_signal_connect (table, "notify", G_CALLBACK (on_notify), log);
  g_assert_cmpint (pj_table_info_get_family (table), ==, G_SOCKET_FAMILY_INVALID);
  g_assert_null (pj_table_info_dup_socket_address (table));
  g_assert_cmpstr (pj_table_info_get_table_name (table), ==, "T");

  pj_table_info_set_txt (table, &fields);
  g_assert_cmpstr (pj_table_info_get_table_name (table), ==, "Table");
  g_assert_cmpstr (pj_table_info_get_variant (table), ==, "Alaska");

  /* Seen on IPv6 (link-local, interface 3) first, then loopback, then IPv4:
   * IPv4 becomes the primary whatever the order. */
  pj_table_info_set_endpoint (table, "3/1", 3, "fe80::1", 4000, FALSE);
  g_assert_cmpstr (pj_table_info_get_address (table), ==, "fe80::1");
  pj_table_info_set_endpoint (table, "1/0", 1, "127.0.0.1", 4000, TRUE);
  g_assert_cmpstr (pj_table_info_get_address (table), ==, "fe80::1");
  pj_table_info_set_endpoint (table, "3/0", 3, "10.1.2.3", 4000, FALSE);
  g_assert_cmpstr (pj_table_info_get_address (table), ==, "10.1.2.3");
  g_assert_cmpint (pj_table_info_get_family (table), ==, G_SOCKET_FAMILY_IPV4);
  g_assert_cmpuint (pj_table_info_get_n_addresses (table), ==, 3);
  g_assert_cmpint (pj_table_info_get_interface_index (table), ==, 3);
  g_assert_false (pj_table_info_get_local (table));
  g_assert_cmpuint (pj_table_info_get_port (table), ==, 4000);

  /* A garbage address from the daemon is ignored. */
  pj_table_info_set_endpoint (table, "9/0", 9, "not an address", 1, FALSE);
  g_assert_cmpuint (pj_table_info_get_n_addresses (table), ==, 3);

  /* The connectable tries them best first, link-local with its scope. */
  connectable = pj_table_info_dup_connectable (table);
  enumerator = g_socket_connectable_enumerate (connectable);
  while ((next = g_socket_address_enumerator_next (enumerator, NULL, NULL)) != NULL)
    {
      GInetSocketAddress *inet = G_INET_SOCKET_ADDRESS (next);
      g_autofree char *text = g_inet_address_to_string (g_inet_socket_address_get_address (inet));

      guint scope = 0;

      if (g_socket_address_get_family (next) == G_SOCKET_FAMILY_IPV6)
        scope = g_inet_socket_address_get_scope_id (inet);
      g_ptr_array_add (seen, g_strdup_printf ("%s%%%u:%u", text, scope,
                                              g_inet_socket_address_get_port (inet)));
      g_object_unref (next);
    }
  g_assert_cmpuint (seen->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (seen, 0), ==, "10.1.2.3%0:4000");
  g_assert_cmpstr (g_ptr_array_index (seen, 1), ==, "fe80::1%3:4000");
  g_assert_cmpstr (g_ptr_array_index (seen, 2), ==, "127.0.0.1%0:4000");
  g_ptr_array_unref (seen);

  /* IPv4 goes: the link-local IPv6 address takes over, with its scope. */
  g_string_truncate (log, 0);
  g_assert_false (pj_table_info_remove_endpoint (table, "3/0"));
  g_assert_cmpstr (pj_table_info_get_address (table), ==, "fe80::1");
  g_assert_nonnull (strstr (log->str, "address;"));
  g_assert_nonnull (strstr (log->str, "family;"));
  g_assert_null (strstr (log->str, "port;"));
  address = pj_table_info_dup_socket_address (table);
  g_assert_cmpuint (g_inet_socket_address_get_scope_id (G_INET_SOCKET_ADDRESS (address)), ==, 3);

  /* A TXT change notifies exactly what changed. */
  g_string_truncate (log, 0);
  fields.seats_taken = 2;
  pj_table_info_set_txt (table, &fields);
  g_assert_cmpstr (log->str, ==, "seats-taken;");

  g_assert_false (pj_table_info_remove_endpoint (table, "nope"));
  g_assert_false (pj_table_info_remove_endpoint (table, "3/1"));
  g_assert_true (pj_table_info_get_local (table));     /* only loopback left */
  g_assert_true (pj_table_info_remove_endpoint (table, "1/0"));
  g_assert_null (pj_table_info_get_address (table));

  g_assert_finalize_object (table);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discovery/txt/round-trip", test_txt_round_trip);
  g_test_add_func ("/discovery/txt/lenient", test_txt_lenient);
  g_test_add_func ("/discovery/txt/invalid", test_txt_invalid);
  g_test_add_func ("/discovery/txt/long-name", test_txt_long_name);
  g_test_add_func ("/discovery/truncate-utf8", test_truncate_utf8);
  g_test_add_func ("/discovery/table-info/endpoints", test_table_info_endpoints);

  return g_test_run ();
}
