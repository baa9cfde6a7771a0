/* test-table-seats.c — LAN tables that outlive their process: a table
 * reopened on the same port, seats kept on disk and taken back after a
 * kill, a kicked player, a folder that cannot be written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "pj-net-private.h"
#include "pj-net-tls.h"
#include "pj-table.h"
#include "table-test-util.h"

typedef struct {
  PjTable *table;
  int      seat;
} Back;

static gboolean
back_in_seat (gpointer data)
{
  Back *b = data;

  return pj_table_get_connected (b->table) && !pj_table_get_reconnecting (b->table) &&
         pj_client_get_seat (pj_table_get_client (b->table)) == b->seat &&
         pj_table_get_game (b->table) != NULL;
}

static gboolean
gave_up (gpointer data)
{
  return !pj_table_get_reconnecting (data) && !pj_table_get_connected (data);
}

/* A hosted table saved as it goes is reopened after the host closed it:
 * the game goes on where it stopped, Ann takes back seat 0 with the token
 * saved beside it, and Bob, told the table closed, stops trying but keeps
 * his seat on disk and takes it back with that. */
static void
test_table_reopen (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) again = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-reopen-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lan-table.json", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  g_autofree char *seat = g_strconcat (path, ".seat", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept", NULL);
  g_autoptr (GPtrArray) list = NULL;
  Back ann_back, bob_back;
  guint16 port;
  guint n;
  Play play;

  host = open_table ("Reopened", &bob);
  pj_table_set_save_path (host, path);
  pj_table_set_reconnect_policy (bob, 50, 200, 40);
  pj_table_set_rejoin_dir (bob, kept);
  g_assert_true (pj_host_start_game (pj_table_get_host (host), NULL));
  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (run_until (has_game, bob, 5000));
  play.tables[0] = host;
  play.tables[1] = bob;
  play.target = 6;
  g_assert_true (run_until (played_enough, &play, 20000));
  n = pj_record_get_n_actions (pj_host_get_record (pj_table_get_host (host)));
  port = pj_host_get_port (pj_table_get_host (host));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (seat, G_FILE_TEST_IS_REGULAR));

  /* the host closes the table: Bob stops trying, his seat kept */
  leave_and_finalize (g_steal_pointer (&host));
  g_assert_true (run_until (gave_up, bob, 5000));
  list = pj_rejoin_list (kept);
  g_assert_cmpuint (list->len, ==, 1);
  /* marked: the app no longer opens the join page for it at start */
  g_assert_cmpint (((PjRejoin *) g_ptr_array_index (list, 0))->closed, >, 0);
  leave_and_finalize (g_steal_pointer (&bob));

  again = pj_table_new ("Ann");
  g_assert_true (pj_table_host_from_save (again, path, &error));
  g_assert_no_error (error);
  g_object_set (pj_table_get_host (again), "computer-delay-ms", 0, NULL);
  g_assert_cmpuint (pj_host_get_port (pj_table_get_host (again)), ==, port);
  g_assert_cmpuint (pj_record_get_n_actions (pj_host_get_record (pj_table_get_host (again))), >=, n);
  ann_back.table = again;
  ann_back.seat = 0;
  bob = pj_table_new ("Bob");
  pj_table_set_rejoin_dir (bob, kept);
  pj_table_rejoin_async (bob, g_ptr_array_index (list, 0), NULL, join_done_cb, &error);
  g_assert_true (run_until (join_finished, bob, 5000));
  g_assert_no_error (error);
  bob_back.table = bob;
  bob_back.seat = 1;
  g_assert_true (run_until (back_in_seat, &ann_back, 5000));
  g_assert_true (run_until (back_in_seat, &bob_back, 15000));

  /* and play goes on */
  play.tables[0] = again;
  play.tables[1] = bob;
  play.target = n + 4;
  g_assert_true (run_until (played_enough, &play, 20000));

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&again));
  g_unlink (seat);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (kept);
  g_rmdir (dir);
}


/* ---- seats kept on disk ------------------------------------------------------ */

static void
test_table_rejoin_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-rejoin-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "tables", NULL);
  g_autoptr (PjRejoin) a = pj_rejoin_new ("Friday", "192.168.1.5", 47251, "0123456789abcdef0123456789abcdef");
  g_autoptr (PjRejoin) b = pj_rejoin_new ("Friday", "192.168.1.5", 47252, "fedcba9876543210fedcba9876543210");
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path_a = pj_rejoin_path (sub, "192.168.1.5", 47251, "Friday");
  g_autofree char *path_b = pj_rejoin_path (sub, "192.168.1.5", 47252, "Friday");
  g_autofree char *junk = g_build_filename (sub, "junk.seat", NULL);
  GStatBuf st;
  PjRejoin *r;

  /* one file per table: another port is another table */
  g_assert_cmpstr (path_a, !=, path_b);
  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);

  a->seat = 2;
  a->password = g_strdup ("pw");
  a->player_name = g_strdup ("Bob");
  g_assert_true (pj_rejoin_save (sub, a, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path_a, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_usleep (2000);
  b->seat = 0;
  g_assert_true (pj_rejoin_save (sub, b, &error));
  /* damaged or foreign files are not seats */
  g_assert_true (g_file_set_contents (junk, "[seat]\ntable=x\naddress=y\nport=1\ntoken=short\nseat=0\n", -1, NULL));

  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 2);
  r = g_ptr_array_index (list, 0);   /* newest first */
  g_assert_cmpuint (r->port, ==, 47252);
  g_assert_null (r->password);
  r = g_ptr_array_index (list, 1);
  g_assert_cmpstr (r->table_name, ==, "Friday");
  g_assert_cmpstr (r->address, ==, "192.168.1.5");
  g_assert_cmpstr (r->token, ==, a->token);
  g_assert_cmpstr (r->password, ==, "pw");
  g_assert_cmpstr (r->player_name, ==, "Bob");
  g_assert_cmpint (r->seat, ==, 2);
  g_clear_pointer (&list, g_ptr_array_unref);

  /* a new game at the same table replaces its file */
  a->seat = 3;
  g_assert_true (pj_rejoin_save (sub, a, &error));
  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpint (((PjRejoin *) g_ptr_array_index (list, 0))->seat, ==, 3);
  g_clear_pointer (&list, g_ptr_array_unref);

  pj_rejoin_remove (sub, "192.168.1.5", 47251, "Friday");
  pj_rejoin_remove (sub, "192.168.1.5", 47251, "Friday");   /* twice: no harm */
  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_false (g_file_test (path_a, G_FILE_TEST_EXISTS));

  pj_rejoin_remove (sub, "192.168.1.5", 47252, "Friday");
  g_unlink (junk);
  g_rmdir (sub);
  g_rmdir (dir);
}

typedef struct {
  PjTable *table;
  int      code;
} ErrorSeen;

static void
error_seen_cb (PjTable      *table,
               const GError *error,
               ErrorSeen    *seen)
{
  if (error->domain == PJ_NET_ERROR)
    seen->code = error->code;
}

static gboolean
saw_error (gpointer data)
{
  return ((ErrorSeen *) data)->code >= 0;
}

static guint
person_id_of (PjHost     *host,
              const char *name)
{
  for (guint i = 0; i < pj_host_get_n_people (host); i++)
    {
      PjNetPerson person;

      if (pj_host_get_person (host, i, &person) && g_strcmp0 (person.name, name) == 0)
        return person.id;
    }
  return 0;
}

/* Kicked in a game: the table stops (no reconnecting), says why, and the
 * seat kept on disk goes (a closed table keeps it: see /table/reopen). */
static void
test_table_kicked_in_game (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-kicked-XXXXXX", NULL);
  ErrorSeen seen = { NULL, -1 };
  PjHost *h;

  host = open_table ("Kicks", &bob);
  h = pj_table_get_host (host);
  pj_table_set_rejoin_dir (bob, dir);
  pj_table_set_reconnect_policy (bob, 20, 20, 5);
  g_signal_connect (bob, "error", G_CALLBACK (error_seen_cb), &seen);
  g_assert_true (pj_host_start_game (h, NULL));
  g_assert_true (run_until (has_game, bob, 5000));
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 1);
  g_clear_pointer (&list, g_ptr_array_unref);

  g_assert_true (pj_host_kick (h, person_id_of (h, "Bob"), FALSE, NULL));
  g_assert_true (run_until (saw_error, &seen, 5000));
  g_assert_cmpint (seen.code, ==, PJ_NET_ERROR_KICKED);
  g_assert_false (pj_table_get_reconnecting (bob));
  g_assert_false (pj_table_get_connected (bob));
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 0);

  g_signal_handlers_disconnect_by_data (bob, &seen);
  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
  g_rmdir (dir);
}

static const char *self_exe;

/* The guest that gets killed: its own process, so that nothing of it says
 * goodbye. Joins Bob at seat 1, ready, keeping its seat in dir. */
static int
run_guest_child (const char *spec)
{
  g_auto (GStrv) parts = g_strsplit (spec, ":", 2);
  g_autoptr (PjTable) table = NULL;
  guint16 port;

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  port = (guint16) g_ascii_strtoull (parts[0], NULL, 10);
  table = join (port, "Bob", 1);
  pj_table_set_rejoin_dir (table, parts[1]);
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  /* until killed; bounded all the same */
  for (gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, TRUE);
  return 1;
}

static gboolean
dir_has_seat (gpointer data)
{
  g_autoptr (GPtrArray) list = pj_rejoin_list (data);

  return list->len == 1;
}

typedef struct {
  PjHost *host;
  guint   seat;
  gboolean connected;
} SeatState;

static gboolean
seat_is (gpointer data)
{
  SeatState *w = data;
  PjNetSeatInfo info;

  pj_host_get_seat_info (w->host, w->seat, &info);
  return info.kind == PJ_NET_SEAT_HUMAN && info.connected == w->connected &&
         (!w->connected || info.ready);
}

static gboolean
mirror_has_hand (gpointer data)
{
  PjTable *table = data;

  return pj_table_get_connected (table) && pj_table_get_game (table) != NULL &&
         pj_game_get_state (pj_table_get_game (table))->hand_count[1] > 0;
}

/* A guest app killed mid-game (SIGKILL: no goodbye, no cleanup) left its
 * token on disk; a new one started from that file gets seat 1 and the
 * hand the host holds for it. Then leaving on purpose forgets the file. */
static void
test_table_rejoin_after_kill (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) again = NULL;
  g_autoptr (GSubprocess) child = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-kill-XXXXXX", NULL);
  g_autofree char *spec = NULL;
  SeatWait w = { host, 0 };
  SeatState ss;
  PjRejoin *r;
  PjHost *h;

  g_assert_true (pj_table_host (host, "Killed", NULL, 0, &error));
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, "grace-ms", 60000, NULL);
  g_assert_true (run_until (is_connected, host, 5000));
  pj_client_sit (pj_table_get_client (host), 0);
  g_assert_true (run_until (is_seated, &w, 5000));
  for (guint seat = 2; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (h, seat, TRUE, PJ_AI_EASY, &error));

  spec = g_strdup_printf ("%u:%s", pj_host_get_port (h), dir);
  child = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, self_exe, "--rejoin-child", spec, NULL);
  g_assert_no_error (error);
  ss.host = h;
  ss.seat = 1;
  ss.connected = TRUE;
  g_assert_true (run_until (seat_is, &ss, 10000));
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_true (run_until (dir_has_seat, dir, 10000));

  g_subprocess_force_exit (child);
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_true (g_subprocess_get_if_signaled (child));
  ss.connected = FALSE;
  g_assert_true (run_until (seat_is, &ss, 5000));

  /* the app starts again and finds its seat */
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 1);
  r = g_ptr_array_index (list, 0);
  g_assert_cmpstr (r->table_name, ==, "Killed");
  g_assert_cmpint (r->seat, ==, 1);
  g_assert_cmpstr (r->token, ==, pj_host_get_seat_token_for_testing (h, 1));
  again = pj_table_new (r->player_name);
  pj_table_set_rejoin_dir (again, dir);
  pj_table_rejoin_async (again, r, NULL, join_done_cb, &error);
  g_assert_true (run_until (join_finished, again, 5000));
  g_assert_no_error (error);
  g_assert_true (run_until (mirror_has_hand, again, 5000));
  g_assert_cmpint (pj_client_get_seat (pj_table_get_client (again)), ==, 1);
  g_assert_cmpmem (pj_game_get_state (pj_table_get_game (again))->hand[1], PJ_MAX_HAND,
                   pj_record_get_state (pj_host_get_record (h))->hand[1], PJ_MAX_HAND);
  ss.connected = TRUE;
  g_assert_true (run_until (seat_is, &ss, 5000));

  /* leaving on purpose: nothing left to rejoin */
  leave_and_finalize (g_steal_pointer (&again));
  g_clear_pointer (&list, g_ptr_array_unref);
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 0);

  leave_and_finalize (g_steal_pointer (&host));
  g_rmdir (dir);
}

/* A host that stood up (a spectator at its own table) and then went away
 * reopens the table and watches it — also with a seat file left from an
 * older game, whose token no seat holds. */
static void
test_table_reopen_standing_host (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (PjTable) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-stood-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lan-table.json", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  g_autofree char *seat = g_strconcat (path, ".seat", NULL);
  g_autofree char *stale = NULL;
  Back ann_back;
  PjHost *h;

  g_assert_true (pj_table_host (host, "Stood up", NULL, 0, &error));
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, NULL);
  pj_table_set_save_path (host, path);
  g_assert_true (run_until (is_connected, host, 5000));
  bob = join (pj_host_get_port (h), "Bob", 1);
  pj_table_set_reconnect_policy (bob, 50, 200, 40);
  g_assert_true (pj_host_set_seat_computer (h, 0, TRUE, PJ_AI_EASY, &error));
  for (guint s = 2; s < 4; s++)
    g_assert_true (pj_host_set_seat_computer (h, s, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (bob), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));
  /* a spectator's token is no seat's: nothing to take back */
  g_assert_false (g_file_test (seat, G_FILE_TEST_EXISTS));

  for (guint round = 0; round < 2; round++)
    {
      if (round == 1)
        {
          /* a seat file from an older game */
          stale = g_strdup_printf ("[table]\ntoken=%s\nport=%u\n", "00112233445566778899aabbccddeeff",
                                   pj_host_get_port (pj_table_get_host (again)));
          leave_and_finalize (g_steal_pointer (&again));
          g_assert_true (g_file_set_contents (seat, stale, -1, NULL));
        }
      else
        leave_and_finalize (g_steal_pointer (&host));

      again = pj_table_new ("Ann");
      g_assert_true (pj_table_host_from_save (again, path, &error));
      g_assert_no_error (error);
      ann_back.table = again;
      ann_back.seat = -1;
      g_assert_true (run_until (back_in_seat, &ann_back, 5000));
      g_assert_true (pj_client_get_phase (pj_table_get_client (again)) == PJ_NET_PHASE_PLAYING);
    }

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&again));
  g_unlink (seat);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (dir);
}

static void
count_message_cb (const char     *log_domain,
                  GLogLevelFlags  log_level,
                  const char     *message,
                  gpointer        user_data)
{
  guint *n = user_data;

  g_test_message ("%s: %s", log_domain, message);
  (*n)++;
}

/* Nowhere to write: the host's save path and Bob's seat store lie under a
 * plain file. Under fatal warnings (the tests' G_DEBUG) the failures are
 * reported as messages and the game goes on; nothing aborts. */
static void
test_table_unwritable (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-unwritable-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "a-file", NULL);
  g_autofree char *path = g_build_filename (file, "lan-table.json", NULL);
  g_autofree char *kept = g_build_filename (file, "kept", NULL);
  guint n_table = 0, n_model = 0, table_handler, model_handler;
  Play play;

  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  table_handler = g_log_set_handler ("pj-table", G_LOG_LEVEL_MESSAGE, count_message_cb, &n_table);
  model_handler = g_log_set_handler ("pj-model", G_LOG_LEVEL_MESSAGE, count_message_cb, &n_model);

  host = open_table ("Unwritable", &bob);
  pj_table_set_save_path (host, path);
  pj_table_set_rejoin_dir (bob, kept);
  g_assert_true (pj_host_start_game (pj_table_get_host (host), NULL));
  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (run_until (has_game, bob, 5000));
  play.tables[0] = host;
  play.tables[1] = bob;
  play.target = 6;
  g_assert_true (run_until (played_enough, &play, 20000));

  /* the host's seat and Bob's kept seat, each told at least once */
  g_assert_cmpuint (n_table, >=, 2);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
  g_log_remove_handler ("pj-table", table_handler);
  g_log_remove_handler ("pj-model", model_handler);
  g_unlink (file);
  g_rmdir (dir);
}


int
main (int    argc,
      char **argv)
{
  if (argc == 3 && g_strcmp0 (argv[1], "--rejoin-child") == 0)
    return run_guest_child (argv[2]);
  int status;

  self_exe = argv[0];

  table_test_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/reopen", test_table_reopen);
  g_test_add_func ("/table/unwritable", test_table_unwritable);
  g_test_add_func ("/table/reopen-standing-host", test_table_reopen_standing_host);
  g_test_add_func ("/table/rejoin-store", test_table_rejoin_store);
  g_test_add_func ("/table/rejoin-after-kill", test_table_rejoin_after_kill);
  g_test_add_func ("/table/kicked-in-game", test_table_kicked_in_game);

  status = g_test_run ();
  table_test_finish ();
  return status;
}
