/* test-server-objects.c — the server's pieces in the test's own process:
 * the command line, a PjServer's life and its admin commands
 *
 * Not TAP: the tables print their `table "NAME" port N` lines on stdout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "net-test-util.h"
#include "pj-server.h"

static PjServerConfig *
parse (const char * const *args,
       GError            **error)
{
  g_autoptr (PjServerConfig) config = pj_server_config_new ();
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  char **v;
  int argc;

  g_ptr_array_add (argv, (char *) "pegs-and-jokers-server");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  argc = (int) argv->len - 1;
  v = (char **) argv->pdata;
  if (!pj_server_config_parse (config, &argc, &v, error))
    return NULL;
  return g_steal_pointer (&config);
}

static void
test_parse (void)
{
  const char *args[] = {
    "--table", "A", "--computer", "2:hard", "--rules", "north-carolina players=6", "--port", "0",
    "--table", "B", "--password", "pw", "--computer", "4:easy",
    "--computer-delay", "0", "--save-dir", "/nowhere", NULL
  };
  const char *bad[] = { "--table", "A", "--computer", "3:genius", "--save-dir", "/nowhere", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (PjServerConfig) config = parse (args, &error);
  PjServerTableConfig *a, *b;

  g_assert_no_error (error);
  g_assert_cmpuint (config->tables->len, ==, 2);
  a = pj_server_config_find (config, "A");
  b = pj_server_config_find (config, "B");
  /* each option went to the table before it */
  g_assert_cmpuint (a->rules.players, ==, 6);
  g_assert_true (a->computer[1]);
  g_assert_cmpint (a->level[1], ==, PJ_AI_HARD);
  g_assert_cmpint (a->port, ==, 0);
  g_assert_null (a->password);
  g_assert_cmpuint (b->rules.players, ==, 4);
  g_assert_cmpstr (b->password, ==, "pw");
  g_assert_true (b->computer[3]);
  g_assert_false (b->computer[1]);
  g_assert_cmpint (b->port, ==, PJ_SERVER_PORT_DEFAULT);
  g_assert_cmpuint (config->computer_delay_ms, ==, 0);

  g_assert_null (parse (bad, &error) ? (gpointer) 1 : NULL);
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "genius"));
}

static gboolean
seated (gpointer data)
{
  return pj_client_get_seat (((Bot *) data)->client) == 0;
}

static gboolean
disconnected (gpointer data)
{
  return ((Bot *) data)->disconnected;
}

static void
test_lifecycle (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-server-objects-XXXXXX", NULL);
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  g_autofree char *settings = g_build_filename (dir, "Solo.table", NULL);
  const char *args[] = {
    "--table", "Solo", "--port", "0", "--computer", "2:easy",
    "--no-discovery", "--admin", socket_path, "--save-dir", dir, NULL
  };
  g_autoptr (GError) error = NULL;
  PjServerConfig *config = parse (args, &error);
  PjServer *server;
  PjServerTable *table;
  g_autofree char *tables = NULL, *people = NULL, *kicked = NULL, *unknown = NULL, *expected = NULL;
  Bot *bot;

  g_assert_no_error (error);
  server = pj_server_new (config);
  g_assert_true (pj_server_start (server, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pj_server_get_n_tables (server), ==, 1);
  table = pj_server_find_table (server, "Solo");
  g_assert_nonnull (table);
  g_assert_true (g_file_test (settings, G_FILE_TEST_IS_REGULAR));

  bot = bot_new ("Bo", PJ_AI_EASY);
  g_assert_true (bot_connect (bot, "127.0.0.1", pj_server_table_get_port (table)));
  pj_client_sit (bot->client, 0);
  g_assert_true (run_until (seated, bot, 5000));

  tables = pj_server_admin_run (server, "tables");
  expected = g_strdup_printf ("ok 1 tables: \"Solo\" port %u lobby 1 people",
                              pj_server_table_get_port (table));
  g_assert_cmpstr (tables, ==, expected);
  people = pj_server_admin_run (server, "people Solo");
  g_assert_true (g_str_has_prefix (people, "ok 1 people: #"));
  g_assert_nonnull (strstr (people, "\"Bo\" seat 1 "));
  unknown = pj_server_admin_run (server, "dance Solo");
  g_assert_true (g_str_has_prefix (unknown, "error"));
  kicked = pj_server_admin_run (server, "kick Solo #999");
  g_assert_true (g_str_has_prefix (kicked, "error"));
  g_free (kicked);
  kicked = pj_server_admin_run (server, "kick Solo Bo");
  g_assert_cmpstr (kicked, ==, "ok kicked \"Bo\"");
  g_assert_true (run_until (disconnected, bot, 5000));
  bot_free (bot);

  pj_server_stop (server);
  g_assert_false (g_file_test (socket_path, G_FILE_TEST_EXISTS));
  run_until_last_ref (server, 5000);
  g_assert_finalize_object (server);

  g_unlink (settings);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/server/objects/parse", test_parse);
  g_test_add_func ("/server/objects/lifecycle", test_lifecycle);
  return g_test_run ();
}
