/* test-discovery-avahi.c — PjPublisher and PjBrowser against a real
 * avahi-daemon. Run through avahi-netns.sh, which gives each run private
 * network namespaces, a private system bus and its own daemon(s):
 *
 *   solo  /discovery/solo/publish-browse   publish, find with TXT, update, collide, withdraw
 *   lan   /discovery/lan                   publish on A, resolve and connect from B;
 *                                          a same-named table on B: one is renamed
 *   bare  /discovery/bare/restart          the daemon starts after the browser, stops, restarts
 *   bare  /discovery/bare/no-avahi         a bus without Avahi: all soft
 *   (none) /discovery/no-bus               no system bus at all (any user, no namespaces)
 *
 * Every wait is a GMainLoop with a deadline; nothing here waits unbounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-discovery.h"

#define WAIT_MS 12000

typedef gboolean (*Condition) (gpointer data);

typedef struct {
  GMainLoop *loop;
  Condition  condition;
  gpointer   data;
  gboolean   timed_out;
} Wait;

static gboolean
wait_check_cb (gpointer user_data)
{
  Wait *wait = user_data;

  if (wait->condition (wait->data))
    g_main_loop_quit (wait->loop);
  return G_SOURCE_CONTINUE;
}

static gboolean
wait_deadline_cb (gpointer user_data)
{
  Wait *wait = user_data;

  wait->timed_out = TRUE;
  g_main_loop_quit (wait->loop);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @condition holds (checked every 20 ms) or
 * @timeout_ms pass; returns whether it held. */
static gboolean
wait_for (Condition   condition,
          gpointer    data,
          guint       timeout_ms,
          const char *what)
{
  Wait wait = { g_main_loop_new (NULL, FALSE), condition, data, FALSE };
  guint check_id, deadline_id;
  gint64 start = g_get_monotonic_time ();

  if (!condition (data))
    {
      check_id = g_timeout_add (20, wait_check_cb, &wait);
      deadline_id = g_timeout_add (timeout_ms, wait_deadline_cb, &wait);
      g_main_loop_run (wait.loop);
      g_source_remove (check_id);
      if (!wait.timed_out)
        g_source_remove (deadline_id);
    }
  g_main_loop_unref (wait.loop);

  g_test_message ("%s: %s after %" G_GINT64_FORMAT " ms", what,
                  wait.timed_out ? "TIMED OUT" : "ok",
                  (g_get_monotonic_time () - start) / 1000);
  return !wait.timed_out;
}

#define WAIT_FOR(cond, data, what) g_assert_true (wait_for ((Condition) (cond), (data), WAIT_MS, (what)))

static gboolean
never (gpointer data)
{
  return FALSE;
}

/* Lets the main loop run for a while (to see that nothing happens). */
static void
run_for (guint ms)
{
  wait_for (never, NULL, ms, "idle");
}

static PjTableInfo *
find_table (GListModel *model,
            const char *service_name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (PjTableInfo) table = g_list_model_get_item (model, i);

      if (g_strcmp0 (pj_table_info_get_service_name (table), service_name) == 0)
        return table;     /* the model keeps it alive */
    }
  return NULL;
}

static guint
count_tables (GListModel *model,
              const char *service_name)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (PjTableInfo) table = g_list_model_get_item (model, i);

      n += g_strcmp0 (pj_table_info_get_service_name (table), service_name) == 0;
    }
  return n;
}

static gboolean
browser_available (PjBrowser *browser)
{
  return pj_browser_get_available (browser);
}

static gboolean
browser_unavailable (PjBrowser *browser)
{
  return !pj_browser_get_available (browser) && pj_browser_get_error (browser) != NULL;
}

static gboolean
publisher_published (PjPublisher *publisher)
{
  return pj_publisher_get_published (publisher);
}

static gboolean
publisher_gone (PjPublisher *publisher)
{
  return !pj_publisher_get_available (publisher) && pj_publisher_get_error (publisher) != NULL;
}

typedef struct {
  PjBrowser  *browser;
  const char *name;
  guint       seats_taken;
} Lookup;

static gboolean
table_listed (Lookup *lookup)
{
  return find_table (G_LIST_MODEL (lookup->browser), lookup->name) != NULL;
}

static gboolean
table_not_listed (Lookup *lookup)
{
  return find_table (G_LIST_MODEL (lookup->browser), lookup->name) == NULL;
}

/* Both protocols resolved (use-ipv6=yes in the lab), so the IPv4 and IPv6
 * sightings are known to live side by side in one row. */
static const char *expected_host_addr (void);

/* Avahi resolves each interface and protocol separately, so the LAN's IPv4
 * answer can come after an IPv6 one and after loopback's 127.0.0.1: wait
 * until the row holds the LAN address, which must then be its primary. */
static gboolean
table_listed_dual (Lookup *lookup)
{
  PjTableInfo *table = find_table (G_LIST_MODEL (lookup->browser), lookup->name);
  g_autoptr(GSocketConnectable) connectable = NULL;
  g_autoptr(GSocketAddressEnumerator) enumerator = NULL;
  GSocketAddress *next;
  gboolean has_lan = FALSE, has_ipv6 = FALSE;

  if (table == NULL)
    return FALSE;
  connectable = pj_table_info_dup_connectable (table);
  enumerator = g_socket_connectable_enumerate (connectable);
  while ((next = g_socket_address_enumerator_next (enumerator, NULL, NULL)) != NULL)
    {
      GInetAddress *inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (next));
      g_autofree char *text = g_inet_address_to_string (inet);

      if (g_strcmp0 (text, expected_host_addr ()) == 0)
        has_lan = TRUE;
      if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6)
        has_ipv6 = TRUE;
      g_object_unref (next);
    }
  return has_lan && has_ipv6;
}

static gboolean
table_seats (Lookup *lookup)
{
  PjTableInfo *table = find_table (G_LIST_MODEL (lookup->browser), lookup->name);

  return table != NULL && pj_table_info_get_seats_taken (table) == lookup->seats_taken;
}

static gboolean
list_empty (GListModel *model)
{
  return g_list_model_get_n_items (model) == 0;
}

/* The model's change signals must add up to what it holds. */
typedef struct {
  GListModel *model;
  guint       n;
  guint       changes;
} ModelCheck;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  ModelCheck *check)
{
  g_assert_cmpuint (position + removed, <=, check->n);
  check->n = check->n - removed + added;
  check->changes++;
  g_assert_cmpuint (check->n, ==, g_list_model_get_n_items (model));
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (PjTableInfo) table = g_list_model_get_item (model, i);

      /* An item is complete when it is announced. */
      g_assert_true (PJ_IS_TABLE_INFO (table));
      g_assert_nonnull (pj_table_info_get_address (table));
      g_assert_cmpuint (pj_table_info_get_port (table), >, 0);
      g_assert_cmpuint (pj_table_info_get_protocol_version (table), >, 0);
    }
}

static const char *
expected_host_addr (void)
{
  const char *addr = g_getenv ("PJ_TEST_HOST_ADDR");

  g_assert_nonnull (addr);
  return addr;
}

/* (1) One machine: publish with TXT, browse finds it with the right fields,
 * one row for its IPv4 and IPv6 entries, TXT updates are seen, a second
 * table of the same name is renamed by Avahi, withdrawal removes it. */
static void
test_solo_publish_browse (void)
{
  PjBrowser *browser = pj_browser_new ();
  PjPublisher *publisher, *twin, *longer;
  ModelCheck check = { G_LIST_MODEL (browser), 0, 0 };
  Lookup lookup = { browser, "Kitchen Table", 0 };
  Lookup twin_lookup = { browser, "Kitchen Table #2", 0 };
  PjTableInfo *table;
  g_autofree char *expected_host = g_strdup_printf ("%s.local", g_getenv ("PJ_TEST_HOSTNAME"));
  g_autoptr (GString) long_name = g_string_new (NULL);
  g_autofree char *long_service = NULL;
  Lookup long_lookup = { browser, NULL, 0 };

  g_signal_connect (browser, "items-changed", G_CALLBACK (on_items_changed), &check);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (browser)) == PJ_TYPE_TABLE_INFO);
  WAIT_FOR (browser_available, browser, "browser available");
  g_assert_null (pj_browser_get_error (browser));

  publisher = pj_publisher_new ("Kitchen Table", 4567, 3);
  pj_publisher_set_variant (publisher, "Arizona");
  pj_publisher_set_seats (publisher, 1, 4);
  pj_publisher_set_password_required (publisher, TRUE);
  WAIT_FOR (publisher_published, publisher, "published");
  g_assert_true (pj_publisher_get_available (publisher));
  g_assert_null (pj_publisher_get_error (publisher));
  g_assert_cmpstr (pj_publisher_get_service_name (publisher), ==, "Kitchen Table");

  WAIT_FOR (table_listed_dual, &lookup, "table found on IPv4 and IPv6");
  g_assert_cmpuint (count_tables (G_LIST_MODEL (browser), "Kitchen Table"), ==, 1);
  table = find_table (G_LIST_MODEL (browser), "Kitchen Table");
  g_assert_cmpstr (pj_table_info_get_table_name (table), ==, "Kitchen Table");
  g_assert_cmpuint (pj_table_info_get_protocol_version (table), ==, 3);
  g_assert_cmpstr (pj_table_info_get_variant (table), ==, "Arizona");
  g_assert_cmpuint (pj_table_info_get_seats_taken (table), ==, 1);
  g_assert_cmpuint (pj_table_info_get_seats_total (table), ==, 4);
  g_assert_true (pj_table_info_get_password_required (table));
  g_assert_cmpuint (pj_table_info_get_port (table), ==, 4567);
  g_assert_cmpstr (pj_table_info_get_host_name (table), ==, expected_host);
  g_assert_true (pj_table_info_get_local (table));
  /* The primary is the LAN's IPv4 address (not loopback, not link-local). */
  g_assert_cmpint (pj_table_info_get_family (table), ==, G_SOCKET_FAMILY_IPV4);
  g_assert_cmpstr (pj_table_info_get_address (table), ==, expected_host_addr ());
  g_test_message ("“%s” on %s at %s port %u, %u addresses",
                  pj_table_info_get_table_name (table), pj_table_info_get_host_name (table),
                  pj_table_info_get_address (table), pj_table_info_get_port (table),
                  pj_table_info_get_n_addresses (table));

  /* A seat is taken: UpdateServiceTxt, and the live resolver reports it. */
  pj_publisher_set_seats (publisher, 2, 4);
  lookup.seats_taken = 2;
  WAIT_FOR (table_seats, &lookup, "TXT update seen");
  g_assert_true (find_table (G_LIST_MODEL (browser), "Kitchen Table") == table);

  /* Same name again on this machine: Avahi's alternative name. */
  twin = pj_publisher_new ("Kitchen Table", 4568, 3);
  WAIT_FOR (publisher_published, twin, "twin published");
  g_assert_cmpstr (pj_publisher_get_service_name (twin), ==, "Kitchen Table #2");
  g_assert_cmpstr (pj_publisher_get_table_name (twin), ==, "Kitchen Table");
  WAIT_FOR (table_listed, &twin_lookup, "twin found");
  table = find_table (G_LIST_MODEL (browser), "Kitchen Table #2");
  g_assert_cmpstr (pj_table_info_get_table_name (table), ==, "Kitchen Table");
  g_assert_cmpuint (pj_table_info_get_port (table), ==, 4568);

  /* A name longer than a DNS label: cut for DNS-SD, whole in the TXT. */
  for (guint i = 0; i < 20; i++)
    g_string_append (long_name, "Tablé ");
  longer = pj_publisher_new (long_name->str, 4569, 3);
  WAIT_FOR (publisher_published, longer, "long name published");
  long_service = g_strdup (pj_publisher_get_service_name (longer));
  g_assert_cmpuint (strlen (long_service), <=, 63);
  g_assert_true (g_str_has_prefix (long_name->str, long_service));
  long_lookup.name = long_service;
  WAIT_FOR (table_listed, &long_lookup, "long name found");
  table = find_table (G_LIST_MODEL (browser), long_service);
  g_assert_cmpstr (pj_table_info_get_table_name (table), ==, long_name->str);
  g_assert_finalize_object (longer);
  WAIT_FOR (table_not_listed, &long_lookup, "long name withdrawn");

  /* Withdraw on dispose: that row goes, the twin stays. */
  g_assert_finalize_object (publisher);
  WAIT_FOR (table_not_listed, &lookup, "withdrawn");
  g_assert_nonnull (find_table (G_LIST_MODEL (browser), "Kitchen Table #2"));

  g_assert_finalize_object (twin);
  WAIT_FOR (list_empty, browser, "list empty");
  g_assert_true (pj_browser_get_available (browser));
  g_assert_cmpuint (check.n, ==, 0);
  g_assert_cmpuint (check.changes, >=, 6);

  g_assert_finalize_object (browser);
}

/* (2) Two machines: the host (A) serves a tiny echo and publishes its port;
 * the guest (B) finds it, checks the address is A's, and connects to every
 * address the table was seen at (IPv4, and IPv6 link-local with its scope). */

typedef struct {
  guint    served;
  gboolean bye;
} Echo;

static gboolean
echo_incoming (GSocketService    *service,
               GSocketConnection *connection,
               GObject           *source,
               gpointer           user_data)
{
  Echo *echo = user_data;
  g_autoptr (GDataInputStream) in =
    g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  gsize length = 0;
  GSocket *socket = g_socket_connection_get_socket (connection);

  /* A test peer on a private link: a short blocking read is fine here. */
  g_socket_set_timeout (socket, 5);
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (in), FALSE);
  line = g_data_input_stream_read_line_utf8 (in, &length, NULL, &error);
  if (line == NULL)
    return TRUE;

  if (g_str_equal (line, "bye"))
    echo->bye = TRUE;
  g_output_stream_printf (out, NULL, NULL, &error, "%s\n", line);
  echo->served++;
  return TRUE;
}

static gboolean
echo_done (Echo *echo)
{
  return echo->bye;
}

static void
lan_host (void)
{
  g_autoptr (GSocketService) service = g_socket_service_new ();
  g_autoptr (GError) error = NULL;
  PjPublisher *publisher;
  Echo echo = { 0, FALSE };
  guint16 port;

  port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (service), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (service, "incoming", G_CALLBACK (echo_incoming), &echo);
  g_socket_service_start (service);

  publisher = pj_publisher_new ("LAN Table", port, 1);
  pj_publisher_set_variant (publisher, "North Carolina");
  pj_publisher_set_seats (publisher, 1, 6);
  WAIT_FOR (publisher_published, publisher, "published on A");
  g_test_message ("host: published “LAN Table” on port %u", port);

  g_assert_true (wait_for ((Condition) echo_done, &echo, 20000, "guest said bye"));
  g_assert_cmpuint (echo.served, >=, 2);

  g_socket_service_stop (service);
  g_assert_finalize_object (publisher);
}

typedef struct {
  GIOStream *stream;
  GError    *error;
  gboolean   done;
} Connect;

static void
connect_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Connect *connect = user_data;

  connect->stream = G_IO_STREAM (g_socket_client_connect_finish (G_SOCKET_CLIENT (source),
                                                                 result, &connect->error));
  connect->done = TRUE;
}

typedef struct {
  GString  *text;
  GError   *error;
  gboolean  done;
} Reply;

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Reply *reply = user_data;
  g_autofree char *line = NULL;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                    NULL, &reply->error);
  if (line != NULL)
    g_string_append (reply->text, line);
  reply->done = TRUE;
}

static gboolean
flag_set (gboolean *flag)
{
  return *flag;
}

/* Connects asynchronously to @address, says @word, expects it back. */
static void
echo_round_trip (GSocketConnectable *address,
                 const char         *word)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GDataInputStream) in = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_strdup_printf ("%s\n", word);
  g_autofree char *shown = g_socket_connectable_to_string (address);
  Connect connect = { NULL, NULL, FALSE };
  Reply reply = { g_string_new (NULL), NULL, FALSE };

  g_socket_client_set_timeout (client, 5);
  g_socket_client_connect_async (client, address, NULL, connect_cb, &connect);
  WAIT_FOR (flag_set, &connect.done, shown);
  g_assert_no_error (connect.error);

  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (connect.stream),
                                            line, strlen (line), NULL, NULL, &error));
  g_assert_no_error (error);
  in = g_data_input_stream_new (g_io_stream_get_input_stream (connect.stream));
  g_data_input_stream_read_line_async (in, G_PRIORITY_DEFAULT, NULL, read_cb, &reply);
  WAIT_FOR (flag_set, &reply.done, "echo");
  g_assert_no_error (reply.error);
  g_assert_cmpstr (reply.text->str, ==, word);
  g_test_message ("guest: echo from %s", shown);

  g_string_free (reply.text, TRUE);
  g_io_stream_close (connect.stream, NULL, NULL);
  g_object_unref (connect.stream);
}

typedef struct {
  PjBrowser   *browser;
  PjPublisher *twin;
} Twins;

static gboolean
twins_settled (Twins *twins)
{
  PjTableInfo *one = find_table (G_LIST_MODEL (twins->browser), "LAN Table");
  PjTableInfo *two = find_table (G_LIST_MODEL (twins->browser), "LAN Table #2");

  /* While A renames, one entry (interface, protocol, name) can resolve to B
   * while another still resolves to A: wait until that has passed. */
  return pj_publisher_get_published (twins->twin) &&
         one != NULL && two != NULL &&
         count_tables (G_LIST_MODEL (twins->browser), "LAN Table") == 1 &&
         count_tables (G_LIST_MODEL (twins->browser), "LAN Table #2") == 1 &&
         g_strcmp0 (pj_table_info_get_host_name (one), pj_table_info_get_host_name (two)) != 0 &&
         pj_table_info_get_local (one) != pj_table_info_get_local (two);
}

static void
lan_guest (void)
{
  PjBrowser *browser = pj_browser_new ();
  Lookup lookup = { browser, "LAN Table", 0 };
  Twins twin_check = { NULL, NULL };
  PjPublisher *twin;
  PjTableInfo *table;
  g_autoptr (GSocketAddress) primary = NULL;
  g_autoptr (GSocketConnectable) all = NULL;
  g_autoptr (GSocketAddressEnumerator) enumerator = NULL;
  GSocketAddress *next;
  guint n = 0;

  WAIT_FOR (browser_available, browser, "browser available on B");
  WAIT_FOR (table_listed_dual, &lookup, "A's table found from B on IPv4 and IPv6");
  g_assert_cmpuint (count_tables (G_LIST_MODEL (browser), "LAN Table"), ==, 1);
  table = find_table (G_LIST_MODEL (browser), "LAN Table");

  g_assert_cmpstr (pj_table_info_get_host_name (table), ==, "hosta.local");
  g_assert_false (pj_table_info_get_local (table));
  g_assert_cmpint (pj_table_info_get_family (table), ==, G_SOCKET_FAMILY_IPV4);
  g_assert_cmpstr (pj_table_info_get_address (table), ==, expected_host_addr ());
  g_assert_cmpuint (pj_table_info_get_port (table), >, 0);
  g_assert_cmpstr (pj_table_info_get_variant (table), ==, "North Carolina");
  g_assert_cmpuint (pj_table_info_get_seats_taken (table), ==, 1);
  g_assert_cmpuint (pj_table_info_get_seats_total (table), ==, 6);
  g_assert_false (pj_table_info_get_password_required (table));
  g_test_message ("guest: “LAN Table” at %s port %u (%u addresses)",
                  pj_table_info_get_address (table), pj_table_info_get_port (table),
                  pj_table_info_get_n_addresses (table));

  /* A plain TCP connect to the primary address and port. */
  primary = pj_table_info_dup_socket_address (table);
  echo_round_trip (G_SOCKET_CONNECTABLE (primary), "ping");

  /* Every other address works too, link-local IPv6 thanks to its scope. */
  all = pj_table_info_dup_connectable (table);
  enumerator = g_socket_connectable_enumerate (all);
  while ((next = g_socket_address_enumerator_next (enumerator, NULL, NULL)) != NULL)
    {
      g_autofree char *word = g_strdup_printf ("ping%u", n++);

      echo_round_trip (G_SOCKET_CONNECTABLE (next), word);
      g_object_unref (next);
    }
  g_assert_cmpuint (n, ==, pj_table_info_get_n_addresses (table));

  /* The same name from another machine. mDNS settles it either way: B's
   * probe may meet A's answer, or both get established and the conflict is
   * seen on the next announcement — then either side's entry group reports
   * COLLISION and takes Avahi's alternative name. What must hold: two rows,
   * "LAN Table" and "LAN Table #2", one on each host, same table name. */
  twin = pj_publisher_new ("LAN Table", 4800, 1);
  twin_check.browser = browser;
  twin_check.twin = twin;
  WAIT_FOR (twins_settled, &twin_check, "same-named tables settled");
  g_assert_cmpuint (count_tables (G_LIST_MODEL (browser), "LAN Table"), ==, 1);
  table = find_table (G_LIST_MODEL (browser), pj_publisher_get_service_name (twin));
  g_assert_cmpstr (pj_table_info_get_table_name (table), ==, "LAN Table");
  g_assert_cmpstr (pj_table_info_get_host_name (table), ==, "hostb.local");
  g_assert_true (pj_table_info_get_local (table));
  g_test_message ("guest: B's table is “%s”", pj_publisher_get_service_name (twin));

  echo_round_trip (G_SOCKET_CONNECTABLE (primary), "bye");
  g_assert_finalize_object (twin);
  g_assert_finalize_object (browser);
}

static void
test_lan (void)
{
  const char *role = g_getenv ("PJ_TEST_ROLE");

  if (g_strcmp0 (role, "host") == 0)
    lan_host ();
  else if (g_strcmp0 (role, "guest") == 0)
    lan_guest ();
  else
    g_test_skip ("run through avahi-netns.sh lan");
}

/* (3) The daemon starts after the browser, stops, and starts again; the
 * script's "ctl" starts and stops it (by PID) on request. */

typedef struct {
  gboolean  done;
  GError   *error;
} Ctl;

static void
ctl_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  Ctl *ctl = user_data;

  g_subprocess_wait_check_finish (G_SUBPROCESS (source), result, &ctl->error);
  ctl->done = TRUE;
}

static void
avahi_ctl (const char *action)
{
  g_auto (GStrv) argv = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  const char *ctl = g_getenv ("PJ_AVAHI_CTL");
  Ctl done = { FALSE, NULL };

  g_assert_nonnull (ctl);
  g_assert_true (g_shell_parse_argv (ctl, NULL, &argv, &error));
  g_strv_builder_addv (builder, (const char **) argv);
  g_strv_builder_add (builder, action);
  g_strv_builder_add (builder, g_getenv ("PJ_AVAHI_HOST"));
  g_strfreev (argv);
  argv = g_strv_builder_end (builder);

  process = g_subprocess_newv ((const char * const *) argv, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check_async (process, NULL, ctl_cb, &done);
  WAIT_FOR (flag_set, &done.done, action);
  g_assert_no_error (done.error);
}

static void
on_available (GObject    *object,
              GParamSpec *pspec,
              GString    *log)
{
  g_string_append (log, pj_browser_get_available (PJ_BROWSER (object)) ? "T" : "F");
}

static void
test_bare_restart (void)
{
  PjBrowser *browser = pj_browser_new ();
  PjPublisher *publisher = pj_publisher_new ("Late Table", 4600, 2);
  ModelCheck check = { G_LIST_MODEL (browser), 0, 0 };
  Lookup lookup = { browser, "Late Table", 0 };
  g_autoptr (GString) log = g_string_new (NULL);

  g_signal_connect (browser, "items-changed", G_CALLBACK (on_items_changed), &check);
  g_signal_connect (browser, "notify::available", G_CALLBACK (on_available), log);

  /* No daemon yet: unavailable, with a reason the join page can show. */
  WAIT_FOR (browser_unavailable, browser, "browser unavailable");
  g_assert_error (pj_browser_get_error (browser), PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_NO_DAEMON);
  WAIT_FOR (publisher_gone, publisher, "publisher without Avahi");
  g_assert_false (pj_publisher_get_published (publisher));

  for (guint round = 0; round < 2; round++)
    {
      g_test_message ("round %u: starting avahi-daemon", round);
      avahi_ctl ("start");
      WAIT_FOR (browser_available, browser, "browser available");
      g_assert_null (pj_browser_get_error (browser));
      WAIT_FOR (publisher_published, publisher, "published");
      WAIT_FOR (table_listed, &lookup, "table found");
      g_assert_cmpuint (pj_table_info_get_port (find_table (G_LIST_MODEL (browser), "Late Table")),
                        ==, 4600);

      g_test_message ("round %u: stopping avahi-daemon", round);
      avahi_ctl ("stop");
      WAIT_FOR (browser_unavailable, browser, "browser unavailable");
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 0);
      g_assert_error (pj_browser_get_error (browser), PJ_DISCOVERY_ERROR, PJ_DISCOVERY_ERROR_NO_DAEMON);
      WAIT_FOR (publisher_gone, publisher, "publisher without Avahi");
      g_assert_false (pj_publisher_get_published (publisher));
    }

  g_assert_cmpstr (log->str, ==, "TFTF");
  g_assert_cmpuint (check.n, ==, 0);
  g_assert_finalize_object (publisher);
  g_assert_finalize_object (browser);
}

/* (4) A system bus without Avahi: nothing fails, nothing is listed. */
static void
check_soft_failure (PjDiscoveryError code)
{
  PjBrowser *browser = pj_browser_new ();
  PjPublisher *publisher = pj_publisher_new ("Lonely Table", 4700, 1);

  WAIT_FOR (browser_unavailable, browser, "browser unavailable");
  g_assert_error (pj_browser_get_error (browser), PJ_DISCOVERY_ERROR, (gint) code);
  g_test_message ("the join page would say: %s", pj_browser_get_error (browser)->message);
  WAIT_FOR (publisher_gone, publisher, "publisher soft failure");
  g_assert_error (pj_publisher_get_error (publisher), PJ_DISCOVERY_ERROR, (gint) code);

  /* Still usable: the host changes seats as players come. */
  pj_publisher_set_seats (publisher, 3, 4);
  g_assert_cmpuint (pj_publisher_get_seats_taken (publisher), ==, 3);
  run_for (500);
  g_assert_false (pj_browser_get_available (browser));
  g_assert_false (pj_publisher_get_published (publisher));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 0);

  g_assert_finalize_object (publisher);
  g_assert_finalize_object (browser);
}

static void
test_bare_no_avahi (void)
{
  check_soft_failure (PJ_DISCOVERY_ERROR_NO_DAEMON);
}

static void
test_no_bus (void)
{
  check_soft_failure (PJ_DISCOVERY_ERROR_NO_BUS);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discovery/solo/publish-browse", test_solo_publish_browse);
  g_test_add_func ("/discovery/lan", test_lan);
  g_test_add_func ("/discovery/bare/restart", test_bare_restart);
  g_test_add_func ("/discovery/bare/no-avahi", test_bare_no_avahi);
  g_test_add_func ("/discovery/no-bus", test_no_bus);

  return g_test_run ();
}
