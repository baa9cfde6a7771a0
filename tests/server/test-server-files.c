/* test-server-files.c — pegs-and-jokers-server's files: what it reads at
 * start and what it writes
 *
 * A start survives any one bad file (empty, cut short, a link, a FIFO, a
 * table with wrong settings); every file written is the server's user's
 * alone; a table's password comes from its settings, never its save; a
 * token file that cannot be written is tried again. The server is a child
 * process (server-test-util), the players the net tests' bots; every wait
 * is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* symlink, mkfifo */
#define _GNU_SOURCE

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "net-test-util.h"
#include "pj-file.h"
#include "pj-net-tls.h"
#include "pj-record.h"
#include "server-test-util.h"

#define TABLE "Porch"

/* ---- helpers ------------------------------------------------------------------- */

/* The bot's turn, after more than `after` actions */
typedef struct {
  Bot   *bot;
  guint  after;
} Stall;

static gboolean
stalled (gpointer data)
{
  const Stall *s = data;

  return pj_client_get_state (s->bot->client) && pj_client_is_my_turn (s->bot->client) &&
         pj_client_get_n_actions (s->bot->client) > s->after;
}

/* autoplay off, and the table waits for the bot's move */
static gboolean
settled (gpointer data)
{
  Bot *bot = data;
  guint n = pj_client_get_n_actions (bot->client);

  return pj_client_is_my_turn (bot->client) && !(bot->has_sent && bot->sent_for_n == n);
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* The last chat line is the table's own (from nobody) and says text. */
static gboolean
told (gpointer data)
{
  Bot *bot = ((gpointer *) data)[0];
  const char *text = ((gpointer *) data)[1];

  return bot->last_chat && g_strcmp0 (bot->last_chat_from, "") == 0 && strstr (bot->last_chat, text);
}

static char *
path_in (const char *dir,
         const char *file)
{
  return g_build_filename (dir, file, NULL);
}

typedef struct {
  char    *dir;       /* the save folder */
  char    *save;
  char    *backup;
  char    *tokens;
  char    *snapshot;  /* the folder's files as the kill left them */
  Bot     *bot;       /* seat 1; computers in the others */
  guint    n;         /* actions saved */
  guint16  port;
} Game;

static void
copy_files (const char *from,
            const char *to)
{
  g_autoptr (GDir) dir = g_dir_open (from, 0, NULL);
  const char *file;

  g_assert_nonnull (dir);
  while ((file = g_dir_read_name (dir)))
    {
      g_autofree char *src = path_in (from, file), *dst = path_in (to, file);
      g_autofree char *data = NULL;
      gsize len;

      if (!g_file_test (src, G_FILE_TEST_IS_REGULAR))
        continue;
      g_assert_true (g_file_get_contents (src, &data, &len, NULL));
      g_unlink (dst);
      g_assert_true (g_file_set_contents (dst, data, (gssize) len, NULL));
      g_assert_cmpint (g_chmod (dst, 0600), ==, 0);
    }
}

/* Everything in dir goes (files only), then what the kill left comes back. */
static void
restore (Game *g)
{
  g_autoptr (GDir) dir = g_dir_open (g->dir, 0, NULL);
  const char *file;

  while ((file = g_dir_read_name (dir)))
    {
      g_autofree char *path = path_in (g->dir, file);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  copy_files (g->snapshot, g->dir);
}

static gboolean
is_regular_file (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* A game under way at TABLE, saved and killed with SIGKILL: a bot at seat
 * 1 whose turn it is, the save and its backup on disk. */
static void
game_setup (Game             *g,
            const char * const *extra)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  Server *server;

  memset (g, 0, sizeof *g);
  g->dir = save_dir_new ();
  g->snapshot = save_dir_new ();
  g->save = path_in (g->dir, TABLE ".save");
  g->backup = pj_file_backup_path (g->save);
  g->tokens = g_strconcat (g->save, ".tokens", NULL);
  {
    const char *base[] = {
      "--table", TABLE, "--port", "0", "--computer", "2:easy", "--computer", "3:easy",
      "--computer", "4:easy", "--no-discovery", "--computer-delay", "0", "--save-dir", g->dir,
    };
    for (guint i = 0; i < G_N_ELEMENTS (base); i++)
      g_ptr_array_add (args, (char *) base[i]);
    for (guint i = 0; extra && extra[i]; i++)
      g_ptr_array_add (args, (char *) extra[i]);
    g_ptr_array_add (args, NULL);
  }
  server = server_start (1, (const char * const *) args->pdata);
  g_assert_nonnull (server);
  g->port = server_port (server, TABLE);
  g->bot = bot_new ("Sam", PJ_AI_EASY);
  g_assert_true (bot_connect (g->bot, "127.0.0.1", g->port));
  pj_client_sit (g->bot->client, 0);
  pj_client_set_ready (g->bot->client, TRUE);
  /* The writer takes the newest text, so a burst of moves may reach the
   * disk as one write, and leave no backup: the table waits at the bot's
   * turn until a save is on disk, then the game goes on, and the next write
   * keeps that save as the backup. */
  for (guint pass = 0; pass < 2; pass++)
    {
      Stall stall = { g->bot, pass == 0 ? 11 : g->n };
      SaveWait w = { g->save, 0 };

      g->bot->autoplay = TRUE;
      bot_poke (g->bot);
      g_assert_true (run_until (stalled, &stall, 30000));
      g->bot->autoplay = FALSE;
      g_assert_true (run_until (settled, g->bot, 10000));
      g->n = w.n = pj_client_get_n_actions (g->bot->client);
      g_assert_true (run_until (save_has, &w, 5000));
    }
  g_assert_true (is_regular_file (g->backup));
  g_assert_true (run_until (is_regular_file, g->tokens, 5000));
  server_signal (server, SIGKILL);
  server_free (server);
  copy_files (g->dir, g->snapshot);
}

static void
game_free (Game *g)
{
  bot_free (g->bot);
  save_dir_remove (g->dir);
  save_dir_remove (g->snapshot);
  g_free (g->dir);
  g_free (g->snapshot);
  g_free (g->save);
  g_free (g->backup);
  g_free (g->tokens);
}

static Server *
restart (Game               *g,
         const char * const *extra)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  const char *base[] = { "--no-discovery", "--computer-delay", "0", "--save-dir", g->dir };
  Server *server;

  for (guint i = 0; extra && extra[i]; i++)
    g_ptr_array_add (args, (char *) extra[i]);
  for (guint i = 0; i < G_N_ELEMENTS (base); i++)
    g_ptr_array_add (args, (char *) base[i]);
  g_ptr_array_add (args, NULL);
  server = server_start (1, (const char * const *) args->pdata);
  g_assert_nonnull (server);
  g_assert_null (strstr (server->log->str, "CRITICAL"));
  g_assert_null (strstr (server->log->str, "WARNING"));
  return server;
}

static void
write_file (const char *path,
            const char *data,
            gssize      len)
{
  g_unlink (path);
  g_assert_true (g_file_set_contents (path, data, len, NULL));
}

static gboolean
set_aside_exists (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;

  while ((file = g_dir_read_name (d)))
    if (g_str_has_prefix (file, TABLE ".save.damaged-"))
      return TRUE;
  return FALSE;
}

/* ---- a bad save ------------------------------------------------------------------ */

/* An empty or truncated save beside a whole backup: the backup's game comes
 * back (one action or so earlier), the damaged file is kept aside, and the
 * bot gets its seat back with its token. */
static void
test_damaged_save (void)
{
  Game g;

  game_setup (&g, NULL);
  for (guint c = 0; c < 3; c++)
    {
      g_autofree char *data = NULL;
      gsize len;
      Server *server;

      g_test_message ("case %u", c);
      restore (&g);
      g_assert_true (g_file_get_contents (g.save, &data, &len, NULL));
      if (c == 0)
        write_file (g.save, "", 0);
      else if (c == 1)
        write_file (g.save, data, (gssize) len / 2);
      else
        write_file (g.save, "\n\n  \n", -1);
      server = restart (&g, NULL);
      g_assert_true (server_wait_log (server, "reopened the one before", 5000));
      g_assert_true (set_aside_exists (g.dir));
      bot_kill (g.bot);
      g_assert_true (bot_connect (g.bot, "127.0.0.1", g.port));
      g_assert_true (run_until (bot_rejoined, g.bot, 10000));
      g_assert_cmpint (pj_client_get_seat (g.bot->client), ==, 0);
      /* the computers may have played the lost action again by now */
      g_assert_cmpuint (pj_client_get_n_actions (g.bot->client), <=, g.n);
      g_assert_cmpuint (pj_client_get_n_actions (g.bot->client), >, 0);
      server_signal (server, SIGTERM);
      g_assert_cmpint (server->status, ==, 0);
      server_free (server);
    }
  game_free (&g);
}

/* An empty token file beside a whole save: no game can take its players
 * back, so the table starts afresh, with one line and no crash. */
static void
test_empty_tokens (void)
{
  Game g;
  Server *server;

  game_setup (&g, NULL);
  restore (&g);
  write_file (g.tokens, "", 0);
  server = restart (&g, NULL);
  g_assert_true (server_wait_log (server, "Cannot reopen the saved game", 5000));
  g_assert_true (server_wait_log (server, "token file", 5000));
  g_assert_true (set_aside_exists (g.dir));
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  game_free (&g);
}

/* ---- files that are not the server's own ---------------------------------------------- */

/* The save a link to a file elsewhere, the settings of another table a
 * FIFO: neither is followed nor waited on, the tables start. */
static void
test_not_regular (void)
{
  Game g;
  g_autofree char *elsewhere = NULL;
  g_autofree char *fifo = NULL;
  Server *server;

  game_setup (&g, NULL);
  restore (&g);
  elsewhere = path_in (g.snapshot, "elsewhere.save");
  g_assert_true (g_file_set_contents (elsewhere, "{}", -1, NULL));
  g_assert_cmpint (g_unlink (g.save), ==, 0);
  g_assert_cmpint (symlink (elsewhere, g.save), ==, 0);
  g_assert_cmpint (g_unlink (g.backup), ==, 0);
  fifo = path_in (g.dir, "Attic.table");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  server = restart (&g, NULL);
  g_assert_true (server_wait_log (server, "is a link", 5000));
  g_assert_true (server_wait_log (server, "not a regular file", 5000));
  g_assert_true (g_file_test (elsewhere, G_FILE_TEST_IS_REGULAR));
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  g_unlink (fifo);
  game_free (&g);
}

/* ---- the password ------------------------------------------------------------------ */

/* A game saved without a password, the table restarted with one: the
 * password holds for everyone, a token or none. */
static void
test_password_from_settings (void)
{
  Game g;
  const char *with_pw[] = { "--table", TABLE, "--port", "0", "--password", "pw", NULL };
  Server *server;
  Bot *stranger;

  game_setup (&g, NULL);
  restore (&g);
  server = restart (&g, with_pw);
  g_assert_true (server_wait_log (server, "Reopened the saved game", 5000));

  stranger = bot_new ("Stranger", PJ_AI_EASY);
  g_assert_false (bot_connect (stranger, "127.0.0.1", g.port));
  g_assert_error (stranger->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_PASSWORD);
  bot_free (stranger);

  /* its token alone does not let the seated player past it either */
  bot_kill (g.bot);
  g_assert_false (bot_connect (g.bot, "127.0.0.1", g.port));
  g_assert_error (g.bot->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_PASSWORD);
  bot_kill (g.bot);
  pj_client_set_password (g.bot->client, "pw");
  g_assert_true (bot_connect (g.bot, "127.0.0.1", g.port));
  g_assert_true (run_until (bot_rejoined, g.bot, 10000));
  g_assert_cmpint (pj_client_get_seat (g.bot->client), ==, 0);
  server_signal (server, SIGTERM);
  server_free (server);
  game_free (&g);
}

/* ---- what the server writes ------------------------------------------------------------ */

static void
assert_private_files (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;
  guint n = 0;

  while ((file = g_dir_read_name (d)))
    {
      g_autofree char *path = path_in (dir, file);
      GStatBuf st;

      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_test_message ("%s %o", file, (guint) (st.st_mode & 0777));
      g_assert_cmpint (st.st_mode & 0777, ==, 0600);
      n++;
    }
  /* the save, its backup, the tokens and the settings */
  g_assert_cmpuint (n, >=, 4);
}

/* Into a folder that is there already, as the README's --save-dir
 * ~/tables, every file is 0600; a folder the server makes is 0700. */
static void
test_file_modes (void)
{
  g_autofree char *parent = save_dir_new ();
  g_autofree char *made = path_in (parent, "tables");
  Game g;
  GStatBuf st;

  game_setup (&g, NULL);
  assert_private_files (g.dir);

  {
    const char *args[] = { "--table", TABLE, "--port", "0", "--no-discovery", "--save-dir", made, NULL };
    Server *server = server_start (1, args);

    g_assert_nonnull (server);
    g_assert_cmpint (g_stat (made, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0700);
    server_signal (server, SIGTERM);
    server_free (server);
  }
  save_dir_remove (made);
  g_rmdir (parent);
  game_free (&g);
}

/* Writes of the token file that fail are tried again: once the disk takes
 * them, the file is there and one line says saving works again. The guests
 * are told while the game is not saved (one who comes in then too), and
 * told once it is again. */
static void
test_tokens_retried (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *tokens = path_in (dir, TABLE ".save.tokens");
  const char *args[] = {
    "--table", TABLE, "--port", "0", "--computer", "2:easy", "--computer", "3:easy",
    "--computer", "4:easy", "--no-discovery", "--computer-delay", "0", "--save-dir", dir, NULL
  };
  Server *server = server_start (1, args);
  Bot *bot = bot_new ("Sam", PJ_AI_EASY);
  Bot *watcher = bot_new ("Wes", PJ_AI_EASY);

  /* a folder in the file's place: every write of it fails, even as root */
  g_assert_cmpint (g_mkdir (tokens, 0700), ==, 0);
  g_assert_true (bot_connect (bot, "127.0.0.1", server_port (server, TABLE)));
  pj_client_sit (bot->client, 0);
  pj_client_set_ready (bot->client, TRUE);
  g_assert_true (run_until (bot_rejoined, bot, 10000));
  g_assert_true (server_wait_log (server, "Autosave failed", 5000));
  g_assert_true (run_until (told, (gpointer[]) { bot, "cannot save" }, 5000));
  g_assert_true (bot_connect (watcher, "127.0.0.1", server_port (server, TABLE)));
  g_assert_true (run_until (told, (gpointer[]) { watcher, "cannot save" }, 5000));
  g_assert_cmpint (g_rmdir (tokens), ==, 0);
  g_assert_true (run_until (file_exists, tokens, 15000));
  g_assert_true (server_wait_log (server, "Saving works again", 15000));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));
  g_assert_true (run_until (told, (gpointer[]) { bot, "saves this game again" }, 5000));
  g_assert_true (run_until (told, (gpointer[]) { watcher, "saves this game again" }, 5000));
  bot_free (watcher);
  bot_free (bot);
  server_signal (server, SIGTERM);
  server_free (server);
  save_dir_remove (dir);
}

/* ---- the config ------------------------------------------------------------------- */

/* A password that is not UTF-8 refuses the start, naming the key, where it
 * used to become no password at all. */
static void
test_config_not_utf8 (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *conf = path_in (dir, "tables.conf");
  g_autofree char *log = NULL;
  const char *args[] = { "--config", conf, "--no-discovery", "--save-dir", dir, NULL };
  int status;

  write_file (conf, "[Attic]\npassword=s\xff" "cret\nport=0\n", -1);
  status = server_run_status (args, &log);
  g_test_message ("%s", log);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (log, "“password”"));
  g_assert_nonnull (strstr (log, "Attic"));
  g_assert_null (strstr (log, "CRITICAL"));
  save_dir_remove (dir);
}

/* One table with wrong settings is left out with one line naming it; the
 * others start. A file with no good table at all refuses the start. */
static void
test_config_bad_table (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *conf = path_in (dir, "tables.conf");
  g_autofree char *log = NULL;
  const char *args[] = { "--config", conf, "--no-discovery", "--save-dir", dir, NULL };
  Server *server;
  guint lines = 0;
  g_auto (GStrv) split = NULL;

  write_file (conf, "[Attic]\ncomputer=2:genius\nport=0\n\n[Kitchen]\nport=0\n", -1);
  server = server_start (1, args);
  g_assert_nonnull (server);
  g_assert_cmpuint (server_port (server, "Kitchen"), >, 0);
  split = g_strsplit (server->log->str, "\n", -1);
  for (guint i = 0; split[i]; i++)
    if (strstr (split[i], "Attic"))
      {
        g_assert_nonnull (strstr (split[i], "genius"));
        lines++;
      }
  g_assert_cmpuint (lines, ==, 1);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);

  write_file (conf, "[Attic]\ncomputer=2:genius\n", -1);
  g_assert_cmpint (server_run_status (args, &log), ==, 2);
  g_assert_nonnull (strstr (log, "genius"));
  save_dir_remove (dir);
}

/* A table named twice (case aside), on the command line and in --config,
 * is left out with one line naming it; the others start. */
static void
test_config_same_name (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *conf = path_in (dir, "tables.conf");
  const char *args[] = {
    "--table", "KITCHEN", "--port", "0", "--config", conf, "--no-discovery", "--save-dir", dir, NULL
  };
  g_auto (GStrv) split = NULL;
  Server *server;
  guint lines = 0;

  write_file (conf, "[Kitchen]\nport=0\n\n[Attic]\nport=0\n", -1);
  server = server_start (2, args);
  g_assert_nonnull (server);
  g_assert_cmpuint (server_port (server, "KITCHEN"), >, 0);
  g_assert_cmpuint (server_port (server, "Attic"), >, 0);
  g_assert_cmpuint (server_port (server, "Kitchen"), ==, 0);
  split = g_strsplit (server->log->str, "\n", -1);
  for (guint i = 0; split[i]; i++)
    if (strstr (split[i], "second table"))
      {
        g_assert_nonnull (strstr (split[i], "“Kitchen”"));
        lines++;
      }
  g_assert_cmpuint (lines, ==, 1);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  save_dir_remove (dir);
}

/* An older build kept a table's name as it came, bidi override included,
 * and named its files so: the table comes back by its cleaned name, and
 * its files are still the ones it writes. */
static void
test_old_table_name (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *old = path_in (dir, "Kit%E2%80%AEchen.table");
  g_autofree char *clean = path_in (dir, "Kitchen.table");
  const char *args[] = { "--no-discovery", "--save-dir", dir, NULL };
  Server *server;

  write_file (old, "[Kit\u202echen]\nrules=basic players=4\nport=0\n", -1);
  server = server_start (1, args);
  g_assert_nonnull (server);
  g_assert_cmpuint (server_port (server, "Kitchen"), >, 0);
  g_assert_null (strstr (server->log->str, "\u202e"));
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  g_assert_true (g_file_test (old, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (clean, G_FILE_TEST_EXISTS));
  save_dir_remove (dir);
}

/* Every table name the server takes comes back after a restart, by the
 * same name and port. */
static void
test_table_name_stored (void)
{
  static const char name[] = "x=y # z; \u00e9t\u00e9 / 100% .";
  g_autofree char *dir = save_dir_new ();
  const char *args[] = { "--table", name, "--port", "0", "--no-discovery", "--save-dir", dir, NULL };
  const char *again[] = { "--no-discovery", "--save-dir", dir, NULL };
  Server *server = server_start (1, args);
  guint port;

  g_assert_nonnull (server);
  port = server_port (server, name);
  g_assert_cmpuint (port, >, 0);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);

  server = server_start (1, again);
  g_assert_nonnull (server);
  g_assert_cmpuint (server_port (server, name), ==, port);
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  save_dir_remove (dir);
}

/* A table whose port is taken cannot open: one line names it, the other
 * table opens. */
static void
test_table_cannot_open (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autoptr (GSocketListener) holder = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *held = NULL;
  guint16 port;
  Server *server;

  port = g_socket_listener_add_any_inet_port (holder, NULL, &error);
  g_assert_no_error (error);
  held = g_strdup_printf ("%u", port);
  {
    const char *args[] = {
      "--table", "Attic", "--port", held, "--table", "Kitchen", "--port", "0",
      "--no-discovery", "--save-dir", dir, NULL
    };
    server = server_start (1, args);
  }
  g_assert_nonnull (server);
  g_assert_cmpuint (server_port (server, "Kitchen"), >, 0);
  g_assert_cmpuint (server_port (server, "Attic"), ==, 0);
  g_assert_true (server_wait_log (server, "[Attic] Cannot open", 5000));
  server_signal (server, SIGTERM);
  g_assert_cmpint (server->status, ==, 0);
  server_free (server);
  g_socket_listener_close (holder);
  save_dir_remove (dir);
}

/* The log's fingerprint of the server's certificate: NULL if none. */
static char *
logged_fingerprint (Server *server)
{
  const char *at = strstr (server->log->str, "Certificate fingerprint: ");

  if (at == NULL)
    return NULL;
  at += strlen ("Certificate fingerprint: ");
  return g_strndup (at, strcspn (at, "\n"));
}

/* The server makes its certificate on first start, kept in the save
 * folder (0600); the log gives its fingerprint for each table, the one
 * guests see, and the same after a restart. */
static void
test_fingerprint_logged (void)
{
  g_autofree char *dir = save_dir_new ();
  g_autofree char *pem = path_in (dir, "table-certificate.pem");
  const char *args[] = { "--table", TABLE, "--port", "0", "--no-discovery", "--save-dir", dir, NULL };
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  Server *server = server_start (1, args);
  Bot *bot = bot_new ("Sam", PJ_AI_EASY);
  GStatBuf st;

  g_assert_nonnull (server);
  g_assert_true (server_wait_log (server, "Certificate fingerprint: ", 5000));
  g_assert_true (server_wait_log (server, "\n", 1000));
  first = logged_fingerprint (server);
  g_assert_nonnull (first);
  g_assert_cmpuint (strlen (first), ==, 39);
  g_assert_cmpint (g_stat (pem, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  certificate = pj_net_tls_load_or_make (pem, NULL);
  g_assert_nonnull (certificate);
  kept = pj_net_tls_fingerprint (certificate);
  g_assert_cmpstr (kept, ==, first);

  g_assert_true (bot_connect (bot, "127.0.0.1", server_port (server, TABLE)));
  g_assert_cmpstr (pj_client_get_host_fingerprint (bot->client), ==, first);
  bot_disconnect_finalized (bot);
  bot_free (bot);
  server_signal (server, SIGTERM);
  server_free (server);

  server = server_start (1, args);
  g_assert_nonnull (server);
  g_assert_true (server_wait_log (server, "Certificate fingerprint: ", 5000));
  again = logged_fingerprint (server);
  g_assert_cmpstr (again, ==, first);
  server_signal (server, SIGTERM);
  server_free (server);
  save_dir_remove (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/server/files/damaged-save", test_damaged_save);
  g_test_add_func ("/server/files/empty-tokens", test_empty_tokens);
  g_test_add_func ("/server/files/not-regular", test_not_regular);
  g_test_add_func ("/server/files/password-from-settings", test_password_from_settings);
  g_test_add_func ("/server/files/modes", test_file_modes);
  g_test_add_func ("/server/files/tokens-retried", test_tokens_retried);
  g_test_add_func ("/server/files/config-not-utf8", test_config_not_utf8);
  g_test_add_func ("/server/files/config-bad-table", test_config_bad_table);
  g_test_add_func ("/server/files/table-cannot-open", test_table_cannot_open);
  g_test_add_func ("/server/files/config-same-name", test_config_same_name);
  g_test_add_func ("/server/files/old-table-name", test_old_table_name);
  g_test_add_func ("/server/files/table-name-stored", test_table_name_stored);
  g_test_add_func ("/server/files/fingerprint-logged", test_fingerprint_logged);
  return g_test_run ();
}
