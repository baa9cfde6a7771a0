/* test-server.c — pegs-and-jokers-server as a LAN party would use it
 *
 * The server is a child process on loopback with discovery off and the
 * computer players' pause off; the players are the net tests' bots (the
 * app's own PjClient). Every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>

#include "net-test-util.h"
#include "pj-file.h"
#include "pj-record.h"
#include "server-test-util.h"

/* ---- helpers ------------------------------------------------------------------- */

typedef struct {
  Bot   **bots;
  guint   n;
} Bots;

static gboolean
all_over (gpointer data)
{
  Bots *b = data;
  for (guint i = 0; i < b->n; i++)
    if (!b->bots[i]->verified)
      return FALSE;
  return TRUE;
}

static gboolean
all_started (gpointer data)
{
  Bots *b = data;
  for (guint i = 0; i < b->n; i++)
    if (pj_client_get_state (b->bots[i]->client) == NULL)
      return FALSE;
  return TRUE;
}

/* Connect bots named "NAME 1"… to seats, ready. */
static void
seat_bots (Bot        **bots,
           guint        n,
           const char  *name,
           guint16      port,
           const guint *seats)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *who = g_strdup_printf ("%s %u", name, i + 1);

      bots[i] = bot_new (who, PJ_AI_EASY);
      g_assert_true (bot_connect (bots[i], "127.0.0.1", port));
      pj_client_sit (bots[i]->client, seats[i]);
      pj_client_set_ready (bots[i]->client, TRUE);
    }
}

/* ---- arguments ---------------------------------------------------------------- */

static void
test_arguments (void)
{
  g_autofree char *dir = save_dir_new ();
  const struct {
    const char *args[10];
    const char *says;
  } cases[] = {
    { { "--table", "T", NULL }, "--save-dir" },
    { { "--table", "T", "--computer", "2:genius", "--save-dir", dir, NULL }, "genius" },
    { { "--table", "T", "--computer", "9:easy", "--save-dir", dir, NULL }, "seat" },
    { { "--table", "T", "--computer", "two", "--save-dir", dir, NULL }, "SEAT:LEVEL" },
    { { "--table", "T", "--computer", "5:easy", "--save-dir", dir, NULL }, "no seat 5" },
    { { "--table", "T", "--rules", "chess players=4", "--save-dir", dir, NULL }, "preset" },
    { { "--table", "T", "--rules", "basic players=5", "--save-dir", dir, NULL }, "players" },
    { { "--password", "x", "--table", "T", "--save-dir", dir, NULL }, "after --table" },
    { { "--table", "T", "--port", "70000", "--save-dir", dir, NULL }, "port" },
    { { "--table", "T", "--frobnicate", "--save-dir", dir, NULL }, "frobnicate" },
    { { "--save-dir", dir, NULL }, "No table" },
    { { "--table", "A \"quoted\" name", "--save-dir", dir, NULL }, "table name" },
    /* a key file's group could not hold it: the table would be forgotten */
    { { "--table", "A [b] c", "--save-dir", dir, NULL }, "table name" },
    { { "--config", "/nonexistent/tables.conf", "--save-dir", dir, NULL }, "tables.conf" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *log = NULL;
      int status = server_run_status (cases[i].args, &log);

      g_test_message ("case %u: %s", i, log);
      g_assert_cmpint (status, ==, 2);
      g_assert_nonnull (strstr (log, cases[i].says));
      /* one line in people's words, not a crash or a warning */
      g_assert_null (strstr (log, "CRITICAL"));
      g_assert_null (strstr (log, "WARNING"));
    }
  save_dir_remove (dir);
}

static gboolean
six_seats (gpointer data)
{
  return pj_client_get_n_seats (((Bot *) data)->client) == 6;
}

/* A --config file: one group per table. */
static void
test_config_file (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *conf = g_build_filename (dir, "tables.conf", NULL);
  g_autoptr (GError) error = NULL;
  Server *server;

  g_file_set_contents (conf,
                       "[Kitchen]\nrules=north-carolina players=6\ncomputer=2:easy;3:hard\nport=0\n\n"
                       "[Attic]\npassword=secret\nport=0\n", -1, &error);
  g_assert_no_error (error);
  {
    const char *args[] = { "--config", conf, "--no-discovery", "--save-dir", dir, NULL };
    server = server_start (2, args);
  }
  g_assert_cmpuint (server_port (server, "Kitchen"), >, 0);
  g_assert_cmpuint (server_port (server, "Attic"), >, 0);
  g_assert_cmpuint (server_port (server, "Kitchen"), !=, server_port (server, "Attic"));
  {
    /* the table's rules and computer seats reach a guest */
    Bot *bot = bot_new ("Guest", PJ_AI_EASY);
    PjNetSeatInfo info;

    g_assert_true (bot_connect (bot, "127.0.0.1", server_port (server, "Kitchen")));
    g_assert_true (run_until (six_seats, bot, 5000));
    pj_client_get_seat_info (bot->client, 1, &info);
    g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_COMPUTER);
    g_assert_cmpint (info.level, ==, PJ_AI_EASY);
    pj_client_get_seat_info (bot->client, 2, &info);
    g_assert_cmpint (info.level, ==, PJ_AI_HARD);
    bot_free (bot);
  }
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  save_dir_remove (dir);
}

/* ---- two tables at once ----------------------------------------------------------- */

/* check_no_leaks() on every whole line so far: the next game's messages
 * may be arriving, the last one cut mid-line. */
static guint
check_whole_lines (Bot *bot)
{
  g_autoptr (GByteArray) lines = g_byte_array_new ();
  guint len = bot->received->len;

  while (len > 0 && bot->received->data[len - 1] != '\n')
    len--;
  g_assert_cmpuint (len, >, 0);
  g_byte_array_append (lines, bot->received->data, len);
  return check_no_leaks (lines, pj_client_get_seat (bot->client));
}

/* The table dealt again: playing after the end of the first game. */
static gboolean
second_deal (gpointer data)
{
  return pj_client_get_phase (((Bot *) data)->client) == PJ_NET_PHASE_PLAYING;
}

static void
test_two_tables (void)
{
  g_autofree char *dir = save_dir_new ();
  const char *args[] = {
    "--table", "Kitchen", "--port", "0", "--computer", "2:easy", "--computer", "4:easy",
    "--table", "Attic", "--port", "0", "--rules", "basic players=4",
    "--no-discovery", "--computer-delay", "0", "--rematch-delay", "0", "--save-dir", dir, NULL
  };
  Server *server = server_start (2, args);
  const guint kitchen_seats[] = { 0, 2 }, attic_seats[] = { 0, 1, 2, 3 };
  Bot *kitchen[2], *attic[4];
  Bot *all[6] = { 0 };
  Bots both = { all, 6 };

  seat_bots (kitchen, 2, "Cook", server_port (server, "Kitchen"), kitchen_seats);
  seat_bots (attic, 4, "Owl", server_port (server, "Attic"), attic_seats);
  memcpy (all, kitchen, sizeof kitchen);
  memcpy (all + 2, attic, sizeof attic);

  /* the server deals once every seat is ready, at both tables */
  g_assert_true (run_until (all_started, &both, 10000));
  g_assert_true (run_until (all_over, &both, 120000));
  for (guint i = 0; i < 6; i++)
    {
      g_assert_true (all[i]->verified_ok);
      g_assert_cmpuint (check_whole_lines (all[i]), >, 0);
    }
  /* and deals again to the same people */
  g_assert_true (run_until (second_deal, kitchen[0], 10000));
  g_assert_true (run_until (second_deal, attic[0], 10000));
  g_assert_true (server_wait_log (server, "Kitchen", 1000));

  for (guint i = 0; i < 6; i++)
    bot_free (all[i]);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  save_dir_remove (dir);
}

static gboolean
is_verified (gpointer data)
{
  return ((Bot *) data)->verified;
}

static gboolean
is_disconnected (gpointer data)
{
  return ((Bot *) data)->disconnected;
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

static gboolean
four_seats (gpointer data)
{
  return pj_client_get_n_seats (((Bot *) data)->client) == 4;
}

static gboolean
in_lobby (gpointer data)
{
  return pj_client_get_phase (((Bot *) data)->client) == PJ_NET_PHASE_LOBBY;
}

static gboolean
deals_to_seat_0 (gpointer data)
{
  PjClient *client = ((Bot *) data)->client;

  return pj_client_get_phase (client) == PJ_NET_PHASE_PLAYING && pj_client_get_game (client) != NULL &&
         pj_game_get_local_seat (pj_client_get_game (client)) == 0;
}

/* After the game, once everyone has gone, the table waits for new players
 * in an empty lobby (and a restart would not bring the old game back);
 * a spectator watching stays at the table, and may sit down for the next
 * game. */
static void
test_back_to_lobby (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *save = g_build_filename (dir, "Porch.save", NULL);
  const char *args[] = {
    "--table", "Porch", "--port", "0", "--computer", "2:easy", "--computer", "3:easy", "--computer", "4:easy",
    "--no-discovery", "--computer-delay", "0", "--rematch-delay", "60000", "--save-dir", dir, NULL
  };
  Server *server = server_start (1, args);
  guint16 port = server_port (server, "Porch");
  const guint seats[] = { 0 };
  Bot *bot[1], *next, *viv;
  Bots one = { bot, 1 };
  PjNetSeatInfo info;

  viv = bot_new ("Viv", PJ_AI_EASY);
  g_assert_true (bot_connect (viv, "127.0.0.1", port));
  seat_bots (bot, 1, "Sam", port, seats);
  g_assert_true (run_until (all_over, &one, 60000));
  g_assert_true (run_until (is_verified, viv, 5000));
  /* the autosave replaces the file in two renames: it may be between them */
  g_assert_true (run_until (file_exists, save, 5000));
  bot_free (bot[0]);
  g_assert_true (server_wait_log (server, "waiting for players", 5000));
  g_assert_false (g_file_test (save, G_FILE_TEST_EXISTS));

  next = bot_new ("Kim", PJ_AI_EASY);
  g_assert_true (bot_connect (next, "127.0.0.1", port));
  g_assert_true (run_until (four_seats, next, 5000));
  g_assert_cmpint (pj_client_get_phase (next->client), ==, PJ_NET_PHASE_LOBBY);
  pj_client_get_seat_info (next->client, 0, &info);
  g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_OPEN);
  pj_client_get_seat_info (next->client, 3, &info);
  g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_COMPUTER);
  bot_free (next);

  /* the spectator was not sent away: it sits down and is dealt in */
  g_assert_true (run_until (in_lobby, viv, 5000));
  g_assert_false (viv->disconnected);
  pj_client_sit (viv->client, 0);
  pj_client_set_ready (viv->client, TRUE);
  g_assert_true (run_until (deals_to_seat_0, viv, 10000));
  g_assert_false (viv->disconnected);
  bot_free (viv);
  server_signal (server, SIGTERM);
  server_free (server);
  save_dir_remove (dir);
}

/* A ban outlives the game: when the banned person was the last one there
 * and the table goes back to the lobby, they still may not come back. */
static void
test_ban_outlives_lobby (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  const char *args[] = {
    "--table", "Porch", "--port", "0", "--computer", "2:easy", "--computer", "3:easy", "--computer", "4:easy",
    "--no-discovery", "--computer-delay", "0", "--rematch-delay", "60000", "--save-dir", dir,
    "--admin", socket_path, NULL
  };
  Server *server = server_start (1, args);
  guint16 port = server_port (server, "Porch");
  const guint seats[] = { 0 };
  Bot *bot[1], *again;
  Bots one = { bot, 1 };
  g_autoptr (JsonObject) banned = NULL;

  seat_bots (bot, 1, "Sam", port, seats);
  g_assert_true (run_until (all_over, &one, 60000));
  banned = admin_json (socket_path, "ban Porch \"Sam 1\"", TRUE);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (banned, "banned"), "name"),
                   ==, "Sam 1");
  g_assert_true (run_until (is_disconnected, bot[0], 5000));
  g_assert_error (bot[0]->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_BANNED);
  g_assert_true (server_wait_log (server, "waiting for players", 5000));

  again = bot_new ("Sam again", PJ_AI_EASY);
  g_assert_false (bot_connect (again, "127.0.0.1", port));
  g_assert_error (again->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BANNED);
  bot_free (again);
  bot_free (bot[0]);
  server_signal (server, SIGTERM);
  server_free (server);
  save_dir_remove (dir);
}

/* ---- killed and restarted --------------------------------------------------------- */

typedef struct {
  PjState  state;
  guint    n;
  int      seat;
} Seen;

static void
seen_of (Bot  *bot,
         Seen *out)
{
  out->state = *pj_client_get_state (bot->client);
  out->n = pj_client_get_n_actions (bot->client);
  out->seat = pj_client_get_seat (bot->client);
}

static void
assert_same_seen (const Seen *a,
                  const Seen *b)
{
  g_assert_cmpuint (a->n, ==, b->n);
  g_assert_cmpint (a->seat, ==, b->seat);
  g_assert_cmpuint (a->state.turn, ==, b->state.turn);
  g_assert_cmpmem (a->state.board.peg, sizeof a->state.board.peg, b->state.board.peg, sizeof b->state.board.peg);
  g_assert_cmpuint (a->state.hand_count[a->seat], ==, b->state.hand_count[b->seat]);
  g_assert_cmpmem (a->state.hand[a->seat], a->state.hand_count[a->seat],
                   b->state.hand[b->seat], b->state.hand_count[b->seat]);
}

typedef struct {
  Bot  **bots;
  guint  n;
} Stall;

/* Every bot paused and one of them to play: the table waits for a person. */
static gboolean
stalled_on_person (gpointer data)
{
  Stall *s = data;
  for (guint i = 0; i < s->n; i++)
    if (pj_client_get_state (s->bots[i]->client) && pj_client_is_my_turn (s->bots[i]->client) &&
        pj_client_get_n_actions (s->bots[i]->client) >= 12)
      return TRUE;
  return FALSE;
}

/* Autoplay off and the table still: every bot has seen the same last action
 * and one of them is to play and has not answered. Nothing moves until a
 * person does (a move a bot sent before its autoplay went off has landed). */
static gboolean
settled_on_person (gpointer data)
{
  Stall *s = data;
  gboolean waiting = FALSE;

  for (guint i = 0; i < s->n; i++)
    {
      PjClient *c = s->bots[i]->client;
      guint n = pj_client_get_n_actions (c);

      if (pj_client_get_state (c) == NULL || n != pj_client_get_n_actions (s->bots[0]->client))
        return FALSE;
      if (pj_client_is_my_turn (c) && !(s->bots[i]->has_sent && s->bots[i]->sent_for_n == n))
        waiting = TRUE;
    }
  return waiting;
}

static void
test_kill_restart (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *kitchen_save = g_build_filename (dir, "Kitchen.save", NULL);
  g_autofree char *attic_save = g_build_filename (dir, "Attic%2FLoft.save", NULL);
  const char *args[] = {
    "--table", "Kitchen", "--port", "0", "--computer", "2:easy", "--computer", "4:normal",
    "--table", "Attic/Loft", "--port", "0", "--password", "pw", "--computer", "3:easy",
    "--no-discovery", "--computer-delay", "0", "--save-dir", dir, NULL
  };
  Server *server = server_start (2, args);
  const guint kitchen_seats[] = { 0, 2 }, attic_seats[] = { 0, 1, 3 };
  guint16 kitchen_port = server_port (server, "Kitchen"), attic_port = server_port (server, "Attic/Loft");
  Bot *kitchen[2], *attic[3];
  Stall ks = { kitchen, 2 }, as = { attic, 3 };
  Seen before_k[2], before_a[3];
  Bots all_k = { kitchen, 2 }, all_a = { attic, 3 };

  seat_bots (kitchen, 2, "Cook", kitchen_port, kitchen_seats);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *who = g_strdup_printf ("Owl %u", i + 1);
      attic[i] = bot_new (who, PJ_AI_EASY);
      pj_client_set_password (attic[i]->client, "pw");
      g_assert_true (bot_connect (attic[i], "127.0.0.1", attic_port));
      pj_client_sit (attic[i]->client, attic_seats[i]);
      pj_client_set_ready (attic[i]->client, TRUE);
    }
  g_assert_true (run_until (all_started, &all_k, 10000));
  g_assert_true (run_until (all_started, &all_a, 10000));

  /* play a while, then every person stops: the tables wait for one of them */
  g_assert_true (run_until (stalled_on_person, &ks, 30000));
  for (guint i = 0; i < 2; i++)
    kitchen[i]->autoplay = FALSE;
  g_assert_true (run_until (stalled_on_person, &as, 30000));
  for (guint i = 0; i < 3; i++)
    attic[i]->autoplay = FALSE;
  g_assert_true (run_until (settled_on_person, &ks, 10000));
  g_assert_true (run_until (settled_on_person, &as, 10000));
  for (guint i = 0; i < 2; i++)
    seen_of (kitchen[i], &before_k[i]);
  for (guint i = 0; i < 3; i++)
    seen_of (attic[i], &before_a[i]);
  {
    /* the autosave runs off the host's thread: let the last one land */
    SaveWait wk = { kitchen_save, before_k[0].n }, wa = { attic_save, before_a[0].n };
    g_assert_true (run_until (save_has, &wk, 5000));
    g_assert_true (run_until (save_has, &wa, 5000));
  }

  server_signal (server, SIGKILL);
  server_free (server);
  {
    /* as if killed between the autosave's two renames: only the backup is there */
    g_autofree char *backup = pj_file_backup_path (attic_save);
    g_assert_cmpint (g_rename (attic_save, backup), ==, 0);
  }

  /* the same command line: both tables come back from their saves, same ports */
  server = server_start (2, args);
  g_assert_cmpuint (server_port (server, "Kitchen"), ==, kitchen_port);
  g_assert_cmpuint (server_port (server, "Attic/Loft"), ==, attic_port);
  for (guint i = 0; i < 2; i++)
    {
      Seen after;

      bot_kill (kitchen[i]);
      g_assert_true (bot_connect (kitchen[i], "127.0.0.1", kitchen_port));
      g_assert_true (run_until (bot_rejoined, kitchen[i], 10000));
      seen_of (kitchen[i], &after);
      assert_same_seen (&before_k[i], &after);
    }
  for (guint i = 0; i < 3; i++)
    {
      Seen after;

      bot_kill (attic[i]);
      pj_client_set_password (attic[i]->client, "pw");
      g_assert_true (bot_connect (attic[i], "127.0.0.1", attic_port));
      g_assert_true (run_until (bot_rejoined, attic[i], 10000));
      seen_of (attic[i], &after);
      assert_same_seen (&before_a[i], &after);
    }

  /* and the games go on to the end, the deal still verified */
  for (guint i = 0; i < 2; i++)
    {
      kitchen[i]->autoplay = TRUE;
      bot_poke (kitchen[i]);
    }
  for (guint i = 0; i < 3; i++)
    {
      attic[i]->autoplay = TRUE;
      bot_poke (attic[i]);
    }
  g_assert_true (run_until (all_over, &all_k, 120000));
  g_assert_true (run_until (all_over, &all_a, 120000));
  for (guint i = 0; i < 2; i++)
    g_assert_true (kitchen[i]->verified_ok);
  for (guint i = 0; i < 3; i++)
    g_assert_true (attic[i]->verified_ok);

  for (guint i = 0; i < 2; i++)
    bot_free (kitchen[i]);
  for (guint i = 0; i < 3; i++)
    bot_free (attic[i]);
  server_signal (server, SIGTERM);
  server_free (server);
  save_dir_remove (dir);
}

/* ---- SIGTERM ------------------------------------------------------------------------ */

static void
record_disconnect_cb (PjClient *client,
                      GError   *error,
                      gpointer  data)
{
  int *code = data;
  *code = error && error->domain == PJ_NET_ERROR ? error->code : -1;
}

static gboolean
code_set (gpointer data)
{
  return *(int *) data != -2;
}

static void
test_sigterm (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *save = g_build_filename (dir, "Porch.save", NULL);
  const char *args[] = {
    "--table", "Porch", "--port", "0", "--computer", "2:easy", "--computer", "3:easy", "--computer", "4:easy",
    "--no-discovery", "--computer-delay", "0", "--save-dir", dir, NULL
  };
  Server *server = server_start (1, args);
  const guint seats[] = { 0 };
  Bot *bot[1];
  Stall s = { bot, 1 };
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  guint n;
  int code = -2;

  seat_bots (bot, 1, "Sam", server_port (server, "Porch"), seats);
  g_signal_connect (bot[0]->client, "disconnected", G_CALLBACK (record_disconnect_cb), &code);
  g_assert_true (run_until (stalled_on_person, &s, 30000));
  bot[0]->autoplay = FALSE;
  g_assert_true (run_until (settled_on_person, &s, 10000));
  n = pj_client_get_n_actions (bot[0]->client);

  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  g_assert_true (server_wait_log (server, "Stopped", 1000));
  /* the guest is told the table closed, not left retrying */
  g_assert_true (run_until (code_set, &code, 5000));
  g_assert_cmpint (code, ==, PJ_NET_ERROR_TABLE_CLOSED);
  /* saved up to the last action */
  record = pj_record_load (save, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pj_record_get_n_actions (record), ==, n);
  bot_free (bot[0]);
  server_free (server);
  save_dir_remove (dir);
}

/* ---- admin ------------------------------------------------------------------------- */

static gboolean
bot_seated (gpointer data)
{
  return pj_client_get_seat (((Bot *) data)->client) >= 0;
}

/* The entry of people's answer for this name, or NULL. */
static JsonObject *
person_named (JsonObject *answer,
              const char *name)
{
  JsonArray *people = json_object_get_array_member (answer, "people");

  for (guint i = 0; i < json_array_get_length (people); i++)
    {
      JsonObject *p = json_array_get_object_element (people, i);

      if (g_strcmp0 (json_object_get_string_member (p, "name"), name) == 0)
        return p;
    }
  return NULL;
}

static const char *
error_code (JsonObject *answer)
{
  return json_object_get_string_member (answer, "error");
}

static void
test_admin (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  const char *args[] = {
    "--table", "Den", "--port", "0", "--table", "Hall", "--port", "0",
    "--admin", socket_path, "--no-discovery", "--save-dir", dir, NULL
  };
  Server *server = server_start (2, args);
  Bot *ann = bot_new ("Ann", PJ_AI_EASY), *bob = bot_new ("Bob B", PJ_AI_EASY);
  g_autoptr (JsonObject) tables = NULL, people = NULL, kicked = NULL, banned = NULL;
  g_autoptr (JsonObject) nobody = NULL, bad = NULL, unknown = NULL, no_table = NULL, too_long = NULL;
  g_autofree char *kick = NULL, *huge = NULL;
  JsonArray *list;
  JsonObject *den, *p;
  GStatBuf st;
  int ann_code = -2;

  g_assert_cmpint (g_stat (socket_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  g_assert_true (bot_connect (ann, "127.0.0.1", server_port (server, "Den")));
  g_assert_true (bot_connect (bob, "127.0.0.1", server_port (server, "Den")));
  pj_client_sit (ann->client, 0);
  g_signal_connect (ann->client, "disconnected", G_CALLBACK (record_disconnect_cb), &ann_code);
  g_assert_true (run_until (bot_seated, ann, 5000));

  tables = admin_json (socket_path, "tables", TRUE);
  list = json_object_get_array_member (tables, "tables");
  g_assert_cmpuint (json_array_get_length (list), ==, 2);
  den = json_array_get_object_element (list, 0);
  g_assert_cmpstr (json_object_get_string_member (den, "name"), ==, "Den");
  g_assert_cmpint (json_object_get_int_member (den, "port"), ==, server_port (server, "Den"));
  g_assert_cmpstr (json_object_get_string_member (den, "phase"), ==, "lobby");
  g_assert_cmpint (json_object_get_int_member (den, "people"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 1), "name"), ==, "Hall");

  people = admin_json (socket_path, "people Den", TRUE);
  g_assert_cmpstr (json_object_get_string_member (people, "table"), ==, "Den");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (people, "people")), ==, 2);
  p = person_named (people, "Ann");
  g_assert_nonnull (p);
  g_assert_cmpint (json_object_get_int_member (p, "seat"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (p, "address"), ==, "127.0.0.1");
  g_assert_cmpuint (json_object_get_int_member (p, "id"), ==, pj_client_get_person_id (ann->client));
  p = person_named (people, "Bob B");
  g_assert_nonnull (p);
  g_assert_true (json_object_get_null_member (p, "seat"));

  nobody = admin_json (socket_path, "kick Den Carol", FALSE);
  g_assert_cmpstr (error_code (nobody), ==, "nobody");
  bad = admin_json (socket_path, "kick \"Den", FALSE);
  g_assert_cmpstr (error_code (bad), ==, "usage");
  unknown = admin_json (socket_path, "dance Den", FALSE);
  g_assert_cmpstr (error_code (unknown), ==, "usage");
  no_table = admin_json (socket_path, "people Attic", FALSE);
  g_assert_cmpstr (error_code (no_table), ==, "no-table");
  /* read and dropped as it comes, never held whole */
  huge = g_strnfill (100000, 'x');
  too_long = admin_json (socket_path, huge, FALSE);
  g_assert_cmpstr (error_code (too_long), ==, "too-long");

  /* #ID as `people` shows it, unquoted as the documentation writes it */
  kick = g_strdup_printf ("kick Den #%u", pj_client_get_person_id (ann->client));
  kicked = admin_json (socket_path, kick, TRUE);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (kicked, "kicked"), "name"), ==, "Ann");
  g_assert_true (run_until (code_set, &ann_code, 5000));
  g_assert_cmpint (ann_code, ==, PJ_NET_ERROR_KICKED);
  g_assert_true (server_wait_log (server, "Ann (127.0.0.1) was kicked", 5000));

  banned = admin_json (socket_path, "ban Den \"Bob B\"", TRUE);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (banned, "banned"), "name"), ==, "Bob B");
  g_assert_true (run_until (is_disconnected, bob, 5000));
  bot_free (bob);
  /* banned for the session: the address may not come back */
  bob = bot_new ("Bob again", PJ_AI_EASY);
  g_assert_false (bot_connect (bob, "127.0.0.1", server_port (server, "Den")));

  bot_free (ann);
  bot_free (bob);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  /* the socket goes with the server */
  g_assert_false (g_file_test (socket_path, G_FILE_TEST_EXISTS));
  server_free (server);
  save_dir_remove (dir);
}

/* This bot's own entry in the lobby's list of people. */
static gboolean
find_self (Bot         *bot,
           PjNetPerson *out)
{
  for (guint k = 0; k < pj_client_get_n_people (bot->client); k++)
    if (pj_client_get_person (bot->client, k, out) && out->id == pj_client_get_person_id (bot->client))
      return TRUE;
  return FALSE;
}

static gboolean
sees_self (gpointer data)
{
  PjNetPerson me;
  return find_self (data, &me);
}

/* Names that try to end an answer and write one of their own, or to turn
 * the text around on the admin's terminal, come back as one JSON answer
 * holding each name as the table knows it. */
static void
test_admin_names (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  const char *args[] = {
    "--table", "Den", "--port", "0", "--admin", socket_path, "--no-discovery", "--save-dir", dir, NULL
  };
  const char *names[] = {
    "Eve\n{\"ok\":true,\"kicked\":{\"id\":1}}",
    "Mal\xe2\x80\xaeyrol\xe2\x80\xac",        /* U+202E ... U+202C: "Mal" then "lory" shown reversed */
    "Q \"x\" \\ #1 \xc2\x85 \x1b[2J",         /* quotes, a backslash, NEL, a terminal escape */
  };
  Server *server = server_start (1, args);
  Bot *bots[G_N_ELEMENTS (names)];
  g_autoptr (JsonObject) people = NULL;
  JsonArray *list;
  guint16 port = server_port (server, "Den");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      bots[i] = bot_new (names[i], PJ_AI_EASY);
      g_assert_true (bot_connect (bots[i], "127.0.0.1", port));
    }
  /* the last one in is in the host's list once the lobby shows it */
  g_assert_true (run_until (sees_self, bots[G_N_ELEMENTS (names) - 1], 5000));
  people = admin_json (socket_path, "people Den", TRUE);
  list = json_object_get_array_member (people, "people");
  g_assert_cmpuint (json_array_get_length (list), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      PjNetPerson me = { 0 };
      JsonObject *p = NULL;

      /* the name as the table took it, from the lobby everyone sees */
      g_assert_true (run_until (sees_self, bots[i], 5000));
      g_assert_true (find_self (bots[i], &me));
      for (guint k = 0; k < json_array_get_length (list); k++)
        if ((guint) json_object_get_int_member (json_array_get_object_element (list, k), "id") == me.id)
          p = json_array_get_object_element (list, k);
      g_assert_nonnull (p);
      g_assert_cmpstr (json_object_get_string_member (p, "name"), ==, me.name);
    }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    bot_free (bots[i]);
  server_signal (server, SIGTERM);
  server_free (server);
  save_dir_remove (dir);
}

/* An admin client that sends commands and never reads its answers. */
typedef struct {
  GSocket  *socket;
  gsize     sent;
  gboolean  dropped;
} Flood;

typedef struct {
  GSocket        *socket;
  GSocketAddress *address;
  GError         *error;
} Connect;

/* A full backlog (the server accepts on its own time) says "try again". */
static gboolean
connected (gpointer data)
{
  Connect *c = data;

  g_clear_error (&c->error);
  return g_socket_connect (c->socket, c->address, NULL, &c->error) ||
         !g_error_matches (c->error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK);
}

static Flood *
flood_open (const char *path)
{
  g_autoptr (GSocketAddress) address = g_unix_socket_address_new (path);
  g_autoptr (GError) error = NULL;
  Flood *f = g_new0 (Flood, 1);
  Connect c = { NULL, address, NULL };

  f->socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  g_socket_set_blocking (f->socket, FALSE);
  c.socket = f->socket;
  g_assert_true (run_until (connected, &c, 5000));
  g_assert_no_error (c.error);
  return f;
}

static void
flood_free (Flood *f)
{
  g_object_unref (f->socket);
  g_free (f);
}

/* Send what the server takes without waiting; TRUE once it has hung up. */
static gboolean
flood_dropped (gpointer data)
{
  Flood *f = data;
  static const char command[] = "people Den\npeople Den\npeople Den\npeople Den\n";

  /* the test's own bound: far beyond what the server may hold for it */
  for (guint i = 0; i < 64 && !f->dropped && f->sent < 64 * 1024 * 1024; i++)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_socket_send (f->socket, command, sizeof command - 1, NULL, &error);

      if (n > 0)
        f->sent += (gsize) n;
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      else
        f->dropped = TRUE;
    }
  return f->dropped;
}

typedef struct {
  Bot   *bot;
  guint  n_actions;
} Moved;

static gboolean
actions_past (gpointer data)
{
  Moved *m = data;
  return pj_client_get_n_actions (m->bot->client) > m->n_actions;
}

/* A blocking write to an admin client that does not read froze every
 * table; now it is dropped, and the guest's moves are answered all along. */
static void
test_admin_stuck_client (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  const char *args[] = {
    "--table", "Den", "--port", "0", "--computer", "2:easy", "--computer", "3:easy", "--computer", "4:easy",
    "--no-discovery", "--computer-delay", "0", "--rematch-delay", "60000", "--save-dir", dir,
    "--admin", socket_path, NULL
  };
  Server *server = server_start (1, args);
  const guint seats[] = { 0 };
  Bot *bot[1];
  Bots one = { bot, 1 };
  Stall s = { bot, 1 };
  Moved moved = { NULL, 0 };
  g_autoptr (JsonObject) tables = NULL;
  Flood *flood;

  seat_bots (bot, 1, "Gus", server_port (server, "Den"), seats);
  g_assert_true (run_until (stalled_on_person, &s, 30000));
  bot[0]->autoplay = FALSE;
  g_assert_true (run_until (settled_on_person, &s, 10000));
  moved.bot = bot[0];
  moved.n_actions = pj_client_get_n_actions (bot[0]->client);

  /* the table waits for Gus while the admin client fills its buffers */
  flood = flood_open (socket_path);
  g_assert_true (run_until (flood_dropped, flood, 20000));
  g_assert_true (server_wait_log (server, "did not read its answers", 5000));
  g_test_message ("the admin client was dropped after %" G_GSIZE_FORMAT " bytes of commands", flood->sent);

  /* Gus's move is answered, and the game goes on to its end */
  bot[0]->autoplay = TRUE;
  bot_poke (bot[0]);
  g_assert_true (run_until (actions_past, &moved, 10000));
  g_assert_true (run_until (all_over, &one, 60000));
  g_assert_true (bot[0]->verified_ok);
  g_assert_false (bot[0]->disconnected);
  /* and the admin socket answers the next client */
  tables = admin_json (socket_path, "tables", TRUE);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (tables, "tables")), ==, 1);

  flood_free (flood);
  bot_free (bot[0]);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  save_dir_remove (dir);
}

/* The answer to a command sent before the client shut its side (what
 * `echo tables | socat - UNIX-CONNECT:…` does), read to the end. */
static char *
answer_after_eof (const char *path,
                  const char *command)
{
  g_autoptr (GSocketAddress) address = g_unix_socket_address_new (path);
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_DEFAULT, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) got = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  g_assert_nonnull (socket);
  /* the server is another process: blocking calls, bounded by a timeout */
  g_socket_set_timeout (socket, 5);
  g_assert_true (g_socket_connect (socket, address, NULL, &error));
  g_assert_cmpint (g_socket_send (socket, command, strlen (command), NULL, &error), ==, (gssize) strlen (command));
  g_assert_true (g_socket_shutdown (socket, FALSE, TRUE, &error));
  while ((n = g_socket_receive (socket, buffer, sizeof buffer, NULL, &error)) > 0)
    g_string_append_len (got, buffer, n);
  g_assert_no_error (error);
  return g_string_free (g_steal_pointer (&got), FALSE);
}

static gboolean
admin_answers_ok (gpointer data)
{
  g_autofree char *line = admin_command (data, "tables");

  return g_str_has_prefix (line, "{\"ok\":true,");
}

/* At most 16 admin connections: the tables need descriptors too. One that
 * said its last command still gets its answers, then the server closes it. */
static void
test_admin_connections (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  const char *args[] = {
    "--table", "Den", "--port", "0", "--admin", socket_path, "--no-discovery", "--save-dir", dir, NULL
  };
  Server *server = server_start (1, args);
  g_autoptr (GPtrArray) open = g_ptr_array_new_with_free_func ((GDestroyNotify) flood_free);
  g_autoptr (JsonObject) busy = NULL;
  g_autofree char *two = NULL;
  g_auto (GStrv) lines = NULL;

  two = answer_after_eof (socket_path, "tables\npeople Den\n");
  lines = g_strsplit (two, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_true (g_str_has_prefix (lines[0], "{\"ok\":true,\"tables\":"));
  g_assert_true (g_str_has_prefix (lines[1], "{\"ok\":true,\"table\":\"Den\",\"people\":[]"));
  g_assert_cmpstr (lines[2], ==, "");

  for (guint i = 0; i < 16; i++)
    g_ptr_array_add (open, flood_open (socket_path));
  busy = admin_json (socket_path, "tables", FALSE);
  g_assert_cmpstr (error_code (busy), ==, "busy");
  /* one gone, room for the next (once the server has seen it go) */
  g_ptr_array_remove_index (open, 0);
  g_assert_true (run_until (admin_answers_ok, socket_path, 5000));

  g_ptr_array_set_size (open, 0);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  save_dir_remove (dir);
}

/* A second server on a live --admin path refuses to start and leaves the
 * first one's socket alone; a socket nobody answers on (the server was
 * killed) is taken over; a server removes only the socket it made. */
static void
test_admin_path_taken (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *dir2 = save_dir_new ();
  g_autofree char *socket_path = g_build_filename (dir, "admin.sock", NULL);
  const char *first_args[] = {
    "--table", "Den", "--port", "0", "--admin", socket_path, "--no-discovery", "--save-dir", dir, NULL
  };
  const char *second_args[] = {
    "--table", "Hall", "--port", "0", "--admin", socket_path, "--no-discovery", "--save-dir", dir2, NULL
  };
  Server *first = server_start (1, first_args), *second, *third;
  g_autoptr (JsonObject) tables = NULL;
  g_autofree char *log = NULL;
  int status;

  /* refused, in one line naming the path */
  status = server_run_status (second_args, &log);
  g_test_message ("second server: %s", log);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (log, "already answers admin commands"));
  g_assert_nonnull (strstr (log, socket_path));
  g_assert_nonnull (strchr (log, '\n'));
  g_assert_null (strchr (strchr (log, '\n') + 1, '\n'));
  tables = admin_json (socket_path, "tables", TRUE);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (tables, "tables"), 0),
                                                  "name"), ==, "Den");
  g_clear_pointer (&tables, json_object_unref);

  /* killed, its socket left behind: the next server takes the path */
  server_signal (first, SIGKILL);
  server_free (first);
  g_assert_true (g_file_test (socket_path, G_FILE_TEST_EXISTS));
  second = server_start (1, second_args);
  tables = admin_json (socket_path, "tables", TRUE);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (tables, "tables"), 0),
                                                  "name"), ==, "Hall");
  g_clear_pointer (&tables, json_object_unref);

  /* its socket removed by hand and a new server there: the old one, when
   * it stops, leaves the new one's socket in place */
  g_assert_cmpint (g_unlink (socket_path), ==, 0);
  third = server_start (1, first_args);
  server_signal (second, SIGTERM);
  g_assert_cmpint (second->status, ==, 0);
  server_free (second);
  g_assert_true (g_file_test (socket_path, G_FILE_TEST_EXISTS));
  tables = admin_json (socket_path, "tables", TRUE);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (tables, "tables"), 0),
                                                  "name"), ==, "Den");

  server_signal (third, SIGTERM);
  g_assert_cmpint (third->status, ==, 0);
  g_assert_false (g_file_test (socket_path, G_FILE_TEST_EXISTS));
  server_free (third);
  save_dir_remove (dir);
  save_dir_remove (dir2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/server/arguments", test_arguments);
  g_test_add_func ("/server/config-file", test_config_file);
  g_test_add_func ("/server/two-tables", test_two_tables);
  g_test_add_func ("/server/back-to-lobby", test_back_to_lobby);
  g_test_add_func ("/server/ban-outlives-lobby", test_ban_outlives_lobby);
  g_test_add_func ("/server/kill-restart", test_kill_restart);
  g_test_add_func ("/server/sigterm", test_sigterm);
  g_test_add_func ("/server/admin", test_admin);
  g_test_add_func ("/server/admin-names", test_admin_names);
  g_test_add_func ("/server/admin-stuck-client", test_admin_stuck_client);
  g_test_add_func ("/server/admin-connections", test_admin_connections);
  g_test_add_func ("/server/admin-path-taken", test_admin_path_taken);
  return g_test_run ();
}
