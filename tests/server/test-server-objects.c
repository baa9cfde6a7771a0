/* test-server-objects.c — the server's pieces in the test's own process:
 * the command line, a PjServer's life and its admin commands
 *
 * Not TAP: the tables print their `table "NAME" port N` lines on stdout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "net-test-util.h"
#include "pj-server-private.h"

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

/* A second table of a name, case and hidden characters aside, is left out
 * and its options with it; the others stay. Names are cleaned as guests'. */
static void
test_unique_names (void)
{
  const char *args[] = {
    "--table", "Kitchen", "--password", "pw",
    "--table", "KIT\u202eCHEN", "--password", "evil", "--rules", "basic players=6",
    "--table", "At\u200btic   2", "--save-dir", "/nowhere", NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (PjServerConfig) config = parse (args, &error);
  PjServerTableConfig *kitchen;

  g_assert_no_error (error);
  g_assert_cmpuint (config->tables->len, ==, 2);
  kitchen = pj_server_config_find (config, "kitchen");
  g_assert_nonnull (kitchen);
  g_assert_cmpstr (kitchen->name, ==, "Kitchen");
  g_assert_cmpstr (kitchen->password, ==, "pw");
  g_assert_cmpuint (kitchen->rules.players, ==, 4);
  g_assert_nonnull (pj_server_config_find (config, "Attic 2"));
  g_assert_cmpstr (((PjServerTableConfig *) g_ptr_array_index (config->tables, 1))->name, ==, "Attic 2");
}

/* One admin answer, parsed: TRUE for ok. */
static JsonObject *
answer_of (const char *line)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_test_message ("answer: %s", line);
  g_assert_null (strchr (line, '\n'));
  g_assert_true (json_parser_load_from_data (parser, line, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static const char *
error_of (JsonObject *answer)
{
  g_assert_false (json_object_get_boolean_member (answer, "ok"));
  return json_object_get_string_member (answer, "error");
}

/* Every character that could end a line, or move or hide text on a
 * terminal, is written \uXXXX; the rest of UTF-8 stays readable, and a
 * JSON reader gets the very string back. */
static void
test_admin_line (void)
{
  const char *name =
    "a\nb\r\t\x01\x1b[2J\x7f"        /* C0 controls, a terminal escape, DEL */
    "\xc2\x85"                        /* NEL */
    "\xe2\x80\xae\xe2\x81\xa6"          /* RLO, LRI */
    "\xe2\x80\xa8\xe2\x80\xa9"          /* line and paragraph separators */
    "\xe2\x80\x8b\xef\xbb\xbf"          /* zero width space, BOM */
    "\xee\x80\x80\xf3\xa0\x80\x81"      /* private use, a tag character */
    "\"}{\\ \xc3\xa9\xf0\x9f\x98\x80";   /* quotes and braces, é and an emoji */
  g_autoptr (JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autoptr (JsonObject) object = json_object_new ();
  g_autoptr (JsonObject) back = NULL;
  g_autofree char *line = NULL;

  json_object_set_string_member (object, "name", name);
  json_node_set_object (root, object);
  line = _pj_server_admin_to_line (root);
  g_assert_cmpstr (line, ==,
                   "{\"name\":\"a\\nb\\r\\t\\u0001\\u001b[2J\\u007f\\u0085\\u202e\\u2066"
                   "\\u2028\\u2029\\u200b\\ufeff\\ue000\\udb40\\udc01\\\"}{\\\\ \xc3\xa9\xf0\x9f\x98\x80\"}");
  back = answer_of (line);
  g_assert_cmpstr (json_object_get_string_member (back, "name"), ==, name);
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
  g_autoptr (JsonObject) answer = NULL;
  g_autofree char *line = NULL, *kick = NULL;
  JsonArray *list;
  JsonObject *entry;
  guint id;
  Bot *bot;

  g_assert_no_error (error);
  server = pj_server_new (config);
  g_assert_true (pj_server_start (server, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pj_server_get_n_tables (server), ==, 1);
  table = pj_server_find_table (server, "Solo");
  g_assert_nonnull (table);
  /* one name, case aside, as the tables are told apart */
  g_assert_true (pj_server_find_table (server, "sOLO") == table);
  g_assert_true (g_file_test (settings, G_FILE_TEST_IS_REGULAR));

  bot = bot_new ("Bo", PJ_AI_EASY);
  g_assert_true (bot_connect (bot, "127.0.0.1", pj_server_table_get_port (table)));
  pj_client_sit (bot->client, 0);
  g_assert_true (run_until (seated, bot, 5000));

  answer = answer_of (line = pj_server_admin_run (server, "tables"));
  g_clear_pointer (&line, g_free);
  g_assert_true (json_object_get_boolean_member (answer, "ok"));
  list = json_object_get_array_member (answer, "tables");
  g_assert_cmpuint (json_array_get_length (list), ==, 1);
  entry = json_array_get_object_element (list, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "name"), ==, "Solo");
  g_assert_cmpint (json_object_get_int_member (entry, "port"), ==, pj_server_table_get_port (table));
  g_assert_cmpstr (json_object_get_string_member (entry, "phase"), ==, "lobby");
  g_assert_cmpint (json_object_get_int_member (entry, "people"), ==, 1);
  g_clear_pointer (&answer, json_object_unref);

  answer = answer_of (line = pj_server_admin_run (server, "people   'Solo'"));
  g_clear_pointer (&line, g_free);
  list = json_object_get_array_member (answer, "people");
  g_assert_cmpuint (json_array_get_length (list), ==, 1);
  entry = json_array_get_object_element (list, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "name"), ==, "Bo");
  g_assert_cmpint (json_object_get_int_member (entry, "seat"), ==, 1);
  id = (guint) json_object_get_int_member (entry, "id");
  g_assert_cmpuint (id, ==, pj_client_get_person_id (bot->client));
  g_clear_pointer (&answer, json_object_unref);

  answer = answer_of (line = pj_server_admin_run (server, "dance Solo"));
  g_clear_pointer (&line, g_free);
  g_assert_cmpstr (error_of (answer), ==, "usage");
  g_clear_pointer (&answer, json_object_unref);
  answer = answer_of (line = pj_server_admin_run (server, "people \"Solo"));
  g_clear_pointer (&line, g_free);
  g_assert_cmpstr (error_of (answer), ==, "usage");
  g_clear_pointer (&answer, json_object_unref);
  answer = answer_of (line = pj_server_admin_run (server, "people \"So\\\"lo\""));
  g_clear_pointer (&line, g_free);
  g_assert_cmpstr (error_of (answer), ==, "no-table");
  g_assert_nonnull (strstr (json_object_get_string_member (answer, "message"), "So\"lo"));
  g_clear_pointer (&answer, json_object_unref);
  /* # starts no comment: #999 is looked for, and nobody has it */
  answer = answer_of (line = pj_server_admin_run (server, "kick Solo #999"));
  g_clear_pointer (&line, g_free);
  g_assert_cmpstr (error_of (answer), ==, "nobody");
  g_clear_pointer (&answer, json_object_unref);

  kick = g_strdup_printf ("kick Solo #%u", id);
  answer = answer_of (line = pj_server_admin_run (server, kick));
  g_clear_pointer (&line, g_free);
  g_assert_true (json_object_get_boolean_member (answer, "ok"));
  entry = json_object_get_object_member (answer, "kicked");
  g_assert_cmpstr (json_object_get_string_member (entry, "name"), ==, "Bo");
  g_assert_cmpuint (json_object_get_int_member (entry, "id"), ==, id);
  g_clear_pointer (&answer, json_object_unref);
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
  /* as the server's main: names on its command line are UTF-8 text */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/server/objects/parse", test_parse);
  g_test_add_func ("/server/objects/unique-names", test_unique_names);
  g_test_add_func ("/server/objects/admin-line", test_admin_line);
  g_test_add_func ("/server/objects/lifecycle", test_lifecycle);
  return g_test_run ();
}
