/* test-net-game.c — host and clients on loopback: whole games, drops and
 * reconnects, a restarted host, abuse, passwords, leaks, the fair-deal check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "net-test-util.h"
#include "pj-net-tls.h"

/* ---- a table ---------------------------------------------------------------- */

typedef struct {
  PjHost    *host;
  GPtrArray *bots;          /* Bot* */
  guint16    port;
  /* seat -> actions applied by a computer while the seat is human */
  guint      computer_actions[PJ_MAX_PLAYERS];
  guint      human_actions[PJ_MAX_PLAYERS];
  gboolean   over;
} Table;

static void
action_applied_cb (PjHost     *host,
                   guint       n,
                   int         seat,
                   const char *text,
                   gboolean    computer,
                   Table      *t)
{
  if (computer)
    t->computer_actions[seat]++;
  else
    t->human_actions[seat]++;
}

static void
host_over_cb (PjHost *host,
              guint   winner,
              Table  *t)
{
  t->over = TRUE;
}

static Table *
table_new (PjPreset    preset,
           guint       players,
           guint       n_computers,
           PjAiLevel   computer_level,
           const char *password)
{
  Table *t = g_new0 (Table, 1);
  PjRules rules;
  g_autoptr (GError) error = NULL;

  t->host = pj_host_new ("Test table", password);
  g_object_set (t->host, "grace-ms", 200, NULL);
  pj_rules_preset (&rules, preset, players);
  g_assert_true (pj_host_set_rules (t->host, &rules, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n_computers; i++)
    g_assert_true (pj_host_set_seat_computer (t->host, i, TRUE, computer_level, NULL));
  /* a fixed test port could collide with a real table: any free port */
  g_assert_true (pj_host_listen (t->host, 0, &error) || (g_clear_error (&error), FALSE) ||
                 pj_host_get_port (t->host) != 0);
  t->port = pj_host_get_port (t->host);
  g_assert_cmpuint (t->port, !=, 0);
  t->bots = g_ptr_array_new_with_free_func ((GDestroyNotify) bot_free);
  g_signal_connect (t->host, "action-applied", G_CALLBACK (action_applied_cb), t);
  g_signal_connect (t->host, "game-over", G_CALLBACK (host_over_cb), t);
  return t;
}

static void
table_bots_leave (Table *t)
{
  for (guint i = 0; i < t->bots->len; i++)
    bot_disconnect_finalized (g_ptr_array_index (t->bots, i));
  g_ptr_array_set_size (t->bots, 0);
}

/* Every client says bye and goes, the host stops: all of them, with their
 * games, must be finalized. */
static void
table_free (Table *t)
{
  table_bots_leave (t);
  g_ptr_array_unref (t->bots);
  pj_host_stop (t->host);
  /* let the last closes and any computer move already running finish */
  run_for (50);
  run_until_last_ref (t->host, 5000);
  g_assert_finalize_object (t->host);
  g_free (t);
}

typedef struct {
  Table *t;
  guint  want;
} SeatWait;

static gboolean
all_ready (gpointer data)
{
  Table *t = data;

  for (guint i = 0; i < pj_host_get_n_seats (t->host); i++)
    {
      PjNetSeatInfo info;
      pj_host_get_seat_info (t->host, i, &info);
      if (!info.ready)
        return FALSE;
    }
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      if (pj_client_get_n_seats (bot->client) != pj_host_get_n_seats (t->host))
        return FALSE;
    }
  return TRUE;
}

/* Bots take the seats from first_seat on, over 127.0.0.1 (and ::1 for every
 * other bot when the system has IPv6 loopback). */
static void
table_seat_bots (Table     *t,
                 guint      first_seat,
                 PjAiLevel  level,
                 gboolean   use_ipv6)
{
  for (guint seat = first_seat; seat < pj_host_get_n_seats (t->host); seat++)
    {
      g_autofree char *name = g_strdup_printf ("Bot %u", seat);
      Bot *bot = bot_new (name, level);
      const char *address = use_ipv6 && seat % 2 ? "::1" : "127.0.0.1";

      g_ptr_array_add (t->bots, bot);
      g_assert_true (bot_connect (bot, address, t->port));
      pj_client_sit (bot->client, seat);
      pj_client_set_ready (bot->client, TRUE);
    }
  g_assert_true (run_until (all_ready, t, 5000));
}

static gboolean
host_over (gpointer data)
{
  return ((Table *) data)->over;
}

static gboolean
all_verified (gpointer data)
{
  Table *t = data;

  for (guint i = 0; i < t->bots->len; i++)
    if (!((Bot *) g_ptr_array_index (t->bots, i))->verified)
      return FALSE;
  return TRUE;
}

static gboolean
ipv6_loopback_works (void)
{
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV6, G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr (GInetAddress) any = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV6);
  g_autoptr (GSocketAddress) addr = g_inet_socket_address_new (any, 0);

  return socket && g_socket_bind (socket, addr, TRUE, NULL);
}

/* ---- tests -------------------------------------------------------------------- */

/* A host (one computer seat) and seven clients play a whole eight-player game;
 * every client checks the fair deal and never saw another seat's cards. */
static void
test_full_game (void)
{
  Table *t = table_new (PJ_PRESET_KILPATRICK, 8, 1, PJ_AI_EASY, NULL);
  g_autoptr (GError) error = NULL;
  gboolean ipv6 = ipv6_loopback_works ();

  if (!ipv6)
    g_test_message ("no IPv6 loopback here: every client on 127.0.0.1");
  table_seat_bots (t, 1, PJ_AI_EASY, ipv6);
  g_assert_true (pj_host_start_game (t->host, &error));
  g_assert_no_error (error);
  g_assert_true (run_until (host_over, t, 25000));
  g_assert_true (run_until (all_verified, t, 5000));

  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      int seat = pj_client_get_seat (bot->client);
      guint positions;

      g_assert_true (bot->verified_ok);
      g_assert_cmpstr (bot->verify_detail, ==, "verified");
      g_assert_cmpuint (bot->errors->len, ==, 0);
      g_assert_cmpint (seat, ==, (int) i + 1);
      g_assert_cmpuint (t->human_actions[seat], >, 0);
      positions = check_no_leaks (bot->received, seat);
      g_assert_cmpuint (positions, ==, pj_record_get_n_actions (pj_host_get_record (t->host)) + 1);
      g_assert_cmpint (pj_client_get_phase (bot->client), ==, PJ_NET_PHASE_OVER);
      g_assert_cmpuint (pj_client_get_n_actions (bot->client), ==,
                        pj_record_get_n_actions (pj_host_get_record (t->host)));
    }
  g_test_message ("%u actions", pj_record_get_n_actions (pj_host_get_record (t->host)));
  table_free (t);
}

typedef struct {
  Table *t;
  guint  n;
} CountWait;

static gboolean
n_actions_at_least (gpointer data)
{
  CountWait *w = data;
  PjRecord *r = pj_host_get_record (w->t->host);
  return r && (pj_record_get_n_actions (r) >= w->n || w->t->over);
}

static gboolean
seat_covered_twice (gpointer data)
{
  CountWait *w = data;
  return w->t->computer_actions[w->n] >= 2 || w->t->over;
}

static gboolean
bot_has_state (gpointer data)
{
  Bot *bot = data;
  return pj_client_get_state (bot->client) != NULL;
}

/* A client dies mid-game: a computer covers its turns after the grace
 * period; the player comes back with the token and gets seat and hand back. */
static void
test_reconnect (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 1, PJ_AI_EASY, NULL);
  CountWait w = { t, 12 };
  Bot *victim;
  const PjState *host_state, *mirror;
  g_autofree char *token = NULL;
  guint before;

  table_seat_bots (t, 1, PJ_AI_EASY, FALSE);
  victim = g_ptr_array_index (t->bots, 1);      /* seat 2 */
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (n_actions_at_least, &w, 10000));
  g_assert_false (t->over);

  token = g_strdup (pj_client_get_token (victim->client));
  g_assert_cmpstr (token, ==, pj_host_get_seat_token_for_testing (t->host, 2));
  before = t->computer_actions[2];
  g_assert_cmpuint (before, ==, 0);
  bot_kill (victim);

  w.n = 2;
  g_assert_true (run_until (seat_covered_twice, &w, 10000));
  g_assert_false (t->over);
  g_assert_true (pj_host_seat_is_covered_for_testing (t->host, 2));

  /* back again with the token (in the fresh client) */
  victim->autoplay = FALSE;
  g_assert_true (bot_connect (victim, "127.0.0.1", t->port));
  g_assert_cmpint (pj_client_get_seat (victim->client), ==, 2);
  g_assert_true (run_until (bot_has_state, victim, 5000));
  g_assert_false (pj_host_seat_is_covered_for_testing (t->host, 2));
  host_state = pj_record_get_state (pj_host_get_record (t->host));
  mirror = pj_client_get_state (victim->client);
  if (pj_client_get_n_actions (victim->client) == pj_record_get_n_actions (pj_host_get_record (t->host)))
    {
      g_assert_cmpuint (mirror->hand_count[2], ==, host_state->hand_count[2]);
      g_assert_cmpmem (mirror->hand[2], mirror->hand_count[2], host_state->hand[2], host_state->hand_count[2]);
      g_assert_cmpmem (&mirror->board, sizeof mirror->board, &host_state->board, sizeof host_state->board);
    }
  /* the player plays on to the end */
  victim->autoplay = TRUE;
  bot_poke (victim);
  g_assert_true (run_until (host_over, t, 20000));
  g_assert_true (run_until (all_verified, t, 5000));
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      g_assert_true (bot->verified_ok);
      check_no_leaks (bot->received, pj_client_get_seat (bot->client));
    }
  table_free (t);
}

static gboolean
bot_gone (gpointer data)
{
  return ((Bot *) data)->disconnected;
}

/* A bot holding token connects as a spectator: NULL if it was refused with
 * code. */
static Bot *
spectator_back (const char *token,
                guint16     port,
                PjNetError  code)
{
  Bot *bot = bot_new ("Watcher", PJ_AI_EASY);

  pj_client_set_token (bot->client, token);
  if (bot_connect (bot, "127.0.0.1", port))
    return bot;
  g_assert_error (bot->connect_error, PJ_NET_ERROR, (int) code);
  bot_free (bot);
  return NULL;
}

/* The host autosaves; a new host reopens the table from the save and the
 * players take their seats back with their tokens, a spectator its place
 * (but not one the host had removed). */
static void
test_restart_host (void)
{
  Table *t = table_new (PJ_PRESET_KILPATRICK, 4, 1, PJ_AI_EASY, NULL);
  g_autofree char *dir = g_dir_make_tmp ("pj-net-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.pjgame", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  CountWait w = { t, 10 };
  g_autoptr (GError) error = NULL;
  PjHost *second;
  guint saved_n;
  char *names[3];
  char *toks[3];
  Bot *sue = bot_new ("Sue", PJ_AI_EASY), *kim = bot_new ("Kim", PJ_AI_EASY), *back;
  g_autofree char *sue_token = NULL, *kim_token = NULL;

  pj_host_set_save_path (t->host, path);
  table_seat_bots (t, 1, PJ_AI_EASY, FALSE);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (n_actions_at_least, &w, 10000));
  g_assert_false (t->over);
  for (guint i = 0; i < 3; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      bot->autoplay = FALSE;
      toks[i] = g_strdup (pj_client_get_token (bot->client));
      names[i] = g_strdup (pj_client_get_name (bot->client));
    }
  /* two watch; the host removes one of them */
  g_assert_true (bot_connect (sue, "127.0.0.1", t->port));
  g_assert_true (bot_connect (kim, "127.0.0.1", t->port));
  sue_token = g_strdup (pj_client_get_token (sue->client));
  kim_token = g_strdup (pj_client_get_token (kim->client));
  g_assert_true (pj_host_kick (t->host, pj_client_get_person_id (kim->client), FALSE, NULL));
  g_assert_true (run_until (bot_gone, kim, 5000));
  run_for (50);
  saved_n = pj_record_get_n_actions (pj_host_get_record (t->host));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));

  /* the host machine goes down */
  table_bots_leave (t);
  pj_host_stop (t->host);
  run_for (50);
  run_until_last_ref (t->host, 5000);
  g_assert_finalize_object (g_steal_pointer (&t->host));
  bot_free (sue);
  bot_free (kim);

  second = pj_host_new_from_save (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pj_host_get_phase (second), ==, PJ_NET_PHASE_PLAYING);
  g_assert_cmpuint (pj_record_get_n_actions (pj_host_get_record (second)), >=, saved_n);
  t->host = second;
  g_signal_connect (t->host, "action-applied", G_CALLBACK (action_applied_cb), t);
  g_signal_connect (t->host, "game-over", G_CALLBACK (host_over_cb), t);
  g_object_set (t->host, "grace-ms", 5000, NULL);
  g_assert_true (pj_host_listen (t->host, 0, NULL));
  t->port = pj_host_get_port (t->host);

  /* the spectator watches on; the removed one stays out */
  back = spectator_back (sue_token, t->port, 0);
  g_assert_nonnull (back);
  g_assert_cmpint (pj_client_get_seat (back->client), ==, -1);
  g_assert_true (run_until (bot_has_state, back, 5000));
  bot_disconnect_finalized (back);
  bot_free (back);
  g_assert_null (spectator_back (kim_token, t->port, PJ_NET_ERROR_BAD_TOKEN));

  for (guint i = 0; i < 3; i++)
    {
      Bot *bot = bot_new (names[i], PJ_AI_EASY);
      pj_client_set_token (bot->client, toks[i]);
      g_ptr_array_add (t->bots, bot);
      g_assert_true (bot_connect (bot, "::1", t->port) || bot_connect (bot, "127.0.0.1", t->port));
      g_assert_cmpint (pj_client_get_seat (bot->client), ==, (int) i + 1);
      g_assert_true (run_until (bot_has_state, bot, 5000));
      /* a bot whose turn it is now answers it */
      bot_poke (bot);
      g_free (toks[i]);
      g_free (names[i]);
    }
  g_assert_true (run_until (host_over, t, 20000));
  g_assert_true (run_until (all_verified, t, 5000));
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      g_assert_true (bot->verified_ok);
    }
  table_free (t);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct {
  Bot  *bot;
  guint n;
} ErrWait;

static gboolean
errors_at_least (gpointer data)
{
  ErrWait *w = data;
  return w->bot->errors->len >= w->n;
}

static gboolean
rogue_or_helper_turn (gpointer data)
{
  Table *t = data;
  return t->over ||
         pj_client_is_my_turn (((Bot *) g_ptr_array_index (t->bots, 0))->client) ||
         pj_client_is_my_turn (((Bot *) g_ptr_array_index (t->bots, 1))->client);
}

static void
play_one (Bot *bot)
{
  const PjState *s = pj_client_get_state (bot->client);
  PjAction a;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (pj_ai_choose (s, PJ_AI_EASY, NULL, pj_client_get_n_actions (bot->client), &a, NULL));
  text = pj_action_to_string (s, &a);
  g_assert_true (pj_client_send_action (bot->client, text, &error));
  g_assert_no_error (error);
}

static gboolean
bot_moved_on (gpointer data)
{
  SeatWait *w = data;
  Bot *bot = (Bot *) w->t;
  return pj_client_get_n_actions (bot->client) > w->want;
}

/* Play one action and wait for the host's answer to reach the bot. */
static void
play_one_and_wait (Bot *bot)
{
  SeatWait w = { (Table *) bot, pj_client_get_n_actions (bot->client) };

  play_one (bot);
  g_assert_true (run_until (bot_moved_on, &w, 5000));
}

static void
expect_error (Bot        *bot,
              const char *line,
              gsize       len,
              PjNetError  code)
{
  ErrWait w = { bot, bot->errors->len + 1 };

  pj_client_send_raw_for_testing (bot->client, line, len);
  g_assert_true (run_until (errors_at_least, &w, 5000));
  g_assert_cmpint (g_array_index (bot->errors, int, w.n - 1), ==, code);
}

#define SEND(bot, text, code) expect_error (bot, text "\n", strlen (text "\n"), code)

/* Malformed JSON, oversized lines, unknown types, bad fields, out-of-turn and
 * illegal actions: each gets its error, the game goes on for everyone. */
static void
test_abuse (void)
{
  Table *t = table_new (PJ_PRESET_KILPATRICK, 4, 1, PJ_AI_EASY, NULL);
  Bot *rogue, *helper;
  gboolean out_of_turn_done = FALSE, illegal_done = FALSE;
  g_autofree char *big = NULL;
  gsize big_len = 70 * 1024;

  table_seat_bots (t, 1, PJ_AI_EASY, FALSE);
  rogue = g_ptr_array_index (t->bots, 0);       /* seat 1 */
  rogue->autoplay = FALSE;
  g_assert_true (pj_host_start_game (t->host, NULL));

  SEND (rogue, "{\"type\": \"action\", \"text\": ", PJ_NET_ERROR_MALFORMED);
  SEND (rogue, "{\"type\": \"teleport\"}", PJ_NET_ERROR_UNKNOWN_TYPE);
  SEND (rogue, "{\"type\": \"sit\", \"seat\": \"two\"}", PJ_NET_ERROR_INVALID_FIELD);
  SEND (rogue, "{\"type\": \"sit\", \"seat\": 2}", PJ_NET_ERROR_WRONG_PHASE);
  SEND (rogue, "{\"type\": \"chat\", \"text\": \"psst\", \"team\": true}", PJ_NET_ERROR_CHAT_REFUSED);

  /* a line longer than 64 KiB: refused without being buffered whole */
  big = g_malloc (big_len);
  memset (big, 'x', big_len);
  big[0] = '{';
  big[big_len - 1] = '\n';
  expect_error (rogue, big, big_len, PJ_NET_ERROR_TOO_LARGE);

  /* Seats 1 (rogue) and 2 (helper) wait to be told: the game stops at
   * either's turn, so "not your turn" and "illegal" are deterministic. */
  helper = g_ptr_array_index (t->bots, 1);
  helper->autoplay = FALSE;
  while (!(out_of_turn_done && illegal_done))
    {
      g_assert_true (run_until (rogue_or_helper_turn, t, 10000));
      g_assert_false (t->over);
      if (pj_client_is_my_turn (helper->client))
        {
          if (!out_of_turn_done)
            SEND (rogue, "{\"type\": \"action\", \"text\": \"discard 7\"}", PJ_NET_ERROR_NOT_YOUR_TURN);
          out_of_turn_done = TRUE;
          play_one_and_wait (helper);
        }
      else
        {
          if (!illegal_done)
            {
              SEND (rogue, "{\"type\": \"action\", \"text\": \"7 X9 z1-z2\"}", PJ_NET_ERROR_ILLEGAL_ACTION);
              SEND (rogue, "{\"type\": \"action\", \"text\": \"discard 7\", \"n\": 199999}", PJ_NET_ERROR_STALE);
            }
          illegal_done = TRUE;
          play_one_and_wait (rogue);
        }
    }
  g_assert_cmpuint (rogue->errors->len, ==, 9);
  g_assert_false (rogue->disconnected);

  /* nine strikes, one short of the limit: now both play on */
  rogue->autoplay = TRUE;
  helper->autoplay = TRUE;
  bot_poke (rogue);
  bot_poke (helper);
  g_assert_true (run_until (host_over, t, 20000));
  g_assert_true (run_until (all_verified, t, 5000));
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      g_assert_true (bot->verified_ok);
      if (bot != rogue)
        g_assert_cmpuint (bot->errors->len, ==, 0);
    }
  table_free (t);
}

static gboolean
bot_seated (gpointer data)
{
  return pj_client_get_seat (((Bot *) data)->client) >= 0;
}

static gboolean
bot_disconnected (gpointer data)
{
  return ((Bot *) data)->disconnected;
}

/* Past PJ_NET_MAX_ERROR_STRIKES bad messages the host hangs up on that client. */
static void
test_strikes (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, NULL);
  Bot *bot = bot_new ("Noisy", PJ_AI_EASY);
  Bot *calm = bot_new ("Calm", PJ_AI_EASY);

  g_ptr_array_add (t->bots, bot);
  g_ptr_array_add (t->bots, calm);
  g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
  g_assert_true (bot_connect (calm, "127.0.0.1", t->port));
  for (guint i = 0; i < PJ_NET_MAX_ERROR_STRIKES; i++)
    pj_client_send_raw_for_testing (bot->client, "nonsense\n", 9);
  g_assert_true (run_until (bot_disconnected, bot, 5000));
  g_assert_cmpuint (bot->errors->len, ==, PJ_NET_MAX_ERROR_STRIKES + 1);
  g_assert_cmpint (g_array_index (bot->errors, int, PJ_NET_MAX_ERROR_STRIKES), ==,
                   PJ_NET_ERROR_TOO_MANY_ERRORS);
  /* the other client is still at the table */
  pj_client_sit (calm->client, 0);
  g_assert_true (run_until (bot_seated, calm, 5000));
  g_assert_false (calm->disconnected);
  g_assert_cmpint (pj_client_get_seat (calm->client), ==, 0);
  table_free (t);
}

static void
test_password (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, "secret");
  Bot *none = bot_new ("None", PJ_AI_EASY);
  Bot *wrong = bot_new ("Wrong", PJ_AI_EASY);
  Bot *right = bot_new ("Right", PJ_AI_EASY);

  g_ptr_array_add (t->bots, none);
  g_ptr_array_add (t->bots, wrong);
  g_ptr_array_add (t->bots, right);
  g_assert_false (bot_connect (none, "127.0.0.1", t->port));
  g_assert_error (none->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_PASSWORD);
  pj_client_set_password (wrong->client, "Secret");
  g_assert_false (bot_connect (wrong, "127.0.0.1", t->port));
  g_assert_error (wrong->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_PASSWORD);
  pj_client_set_password (right->client, "secret");
  g_assert_true (bot_connect (right, "127.0.0.1", t->port));
  g_assert_no_error (right->connect_error);
  g_assert_cmpstr (pj_client_get_table_name (right->client), ==, "Test table");
  table_free (t);
}

/* Handshake errors a PjClient never makes: a raw socket says them (in
 * TLS, or in clear as an older app). The host runs in this thread, so the
 * main loop turns until the answer is there. */
static char *
raw_say (Raw        *raw,
         const char *line,
         guint       n_lines)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  GString *all = g_string_new (NULL);

  raw_send (raw, line);
  while (raw->lines->len < n_lines && !raw->eof)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      if (!raw_pump (raw))
        g_usleep (500);
    }
  for (guint i = 0; i < raw->lines->len; i++)
    g_string_append_printf (all, "%s\n", (const char *) g_ptr_array_index (raw->lines, i));
  raw_free (raw);
  return g_string_free (all, FALSE);
}

/* the challenge and the answer to line */
static char *
raw_exchange (guint16     port,
              const char *line)
{
  return raw_say (raw_open (port), line, 2);
}

static void
test_handshake (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, NULL);
  g_autofree char *r1 = raw_exchange (t->port, "{\"type\":\"hello\",\"protocol\":1,\"name\":\"Past\"}\n");
  g_autofree char *r2 = raw_exchange (t->port, "{\"type\":\"sit\",\"seat\":0}\n");
  g_autofree char *now = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":%d,\"name\":\"X\",\"token_proof\":"
                                          "\"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\"}\n",
                                          PJ_NET_PROTOCOL_MAX);
  g_autofree char *r3 = raw_exchange (t->port, now);
  /* "the future" follows the build: a version bump must not break it */
  g_autofree char *future = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":%d,\"protocol_min\":%d,\"name\":\"Future\"}\n",
                                             PJ_NET_PROTOCOL_MAX + 1, PJ_NET_PROTOCOL_MAX + 1);
  g_autofree char *r4 = raw_exchange (t->port, future);
  g_autofree char *r5 = raw_exchange (t->port, "{\"type\":\"ping\",\"id\":5}\n");

  /* a version-1 client reads why in people's words */
  g_assert_nonnull (strstr (r1, "\"code\":\"version\""));
  g_assert_nonnull (strstr (r1, "This table needs a newer version of Pegs and Jokers"));
  g_assert_nonnull (strstr (r2, "\"code\":\"hello-first\""));
  g_assert_nonnull (strstr (r3, "\"code\":\"bad-token\""));
  g_assert_nonnull (strstr (r4, "This table runs an older version of Pegs and Jokers"));
  /* a ping before hello is answered (a client tells an old host so) */
  g_assert_nonnull (strstr (r5, "\"type\":\"pong\""));
  table_free (t);
}

/* An app older than TLS (protocol 2, or 1) speaks JSON in clear: it still
 * reads, in clear, why it cannot join, and nothing it says is taken. */
static void
test_clear_peer (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, NULL);
  g_autofree char *v2 = raw_say (raw_open_clear (t->port), "{\"type\":\"ping\"}\n", 2);
  g_autofree char *v1 = raw_say (raw_open_clear (t->port),
                                 "{\"type\":\"hello\",\"protocol\":1,\"name\":\"Past\"}\n", 2);
  g_autofree char *min = g_strdup_printf ("\"protocol_min\":%d", PJ_NET_PROTOCOL_MIN);

  /* a version-2 app reads the challenge's range and says "newer" itself */
  g_assert_nonnull (strstr (v2, "\"type\":\"challenge\""));
  g_assert_nonnull (strstr (v2, min));
  g_assert_cmpint (PJ_NET_PROTOCOL_MIN, >=, 3);
  /* a version-1 app shows the error's words */
  g_assert_nonnull (strstr (v1, "\"code\":\"version\""));
  g_assert_nonnull (strstr (v1, "This table needs a newer version of Pegs and Jokers"));
  /* and neither got further: nobody was greeted */
  g_assert_null (strstr (v2, "welcome"));
  g_assert_null (strstr (v1, "welcome"));
  g_assert_null (strstr (v2, "pong"));
  table_free (t);
}

/* The table's certificate is made once, kept the user's alone (0600 in a
 * 0700 folder it makes), read back the same, and is what a guest's TLS
 * sees; its fingerprint reads aloud as 8 groups of 4 hex digits. */
static void
test_certificate_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-test-cert-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "made", NULL);
  g_autofree char *path = g_build_filename (folder, "table-certificate.pem", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) made = pj_net_tls_load_or_make (path, &error);
  g_autoptr (GTlsCertificate) again = NULL;
  g_autoptr (GRegex) form = g_regex_new ("^[0-9A-F]{4}( [0-9A-F]{4}){7}$", 0, 0, NULL);
  g_autofree char *fingerprint = NULL;
  g_autofree char *fingerprint_again = NULL;
  g_autofree char *seen = NULL;
  g_autofree char *pem = NULL;
  GStatBuf st;
  PjHost *host;
  Raw *raw;

  g_assert_no_error (error);
  g_assert_nonnull (made);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (folder, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  g_assert_true (g_file_get_contents (path, &pem, NULL, NULL));
  g_assert_nonnull (strstr (pem, "BEGIN CERTIFICATE"));
  g_assert_nonnull (strstr (pem, "BEGIN PRIVATE KEY"));

  fingerprint = pj_net_tls_fingerprint (made);
  g_assert_true (g_regex_match (form, fingerprint, 0, NULL));
  again = pj_net_tls_load_or_make (path, &error);
  g_assert_no_error (error);
  fingerprint_again = pj_net_tls_fingerprint (again);
  g_assert_cmpstr (fingerprint, ==, fingerprint_again);

  /* a host given it shows it to every guest */
  host = pj_host_new ("Kept", NULL);
  pj_host_set_certificate (host, again);
  g_assert_true (pj_host_listen (host, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pj_host_get_fingerprint (host), ==, fingerprint);
  raw = raw_open (pj_host_get_port (host));
  seen = pj_net_tls_fingerprint (raw->host_certificate);
  g_assert_cmpstr (seen, ==, fingerprint);
  raw_free (raw);
  pj_host_stop (host);
  g_assert_true (run_until_last_ref (host, 5000));
  g_assert_finalize_object (host);

  /* a file there that is not a certificate is never replaced */
  g_assert_true (g_file_set_contents (path, "not a certificate", -1, NULL));
  g_assert_null (pj_net_tls_load_or_make (path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "fingerprint changes"));
  g_clear_pointer (&pem, g_free);
  g_assert_true (g_file_get_contents (path, &pem, NULL, NULL));
  g_assert_cmpstr (pem, ==, "not a certificate");
  g_remove (path);
  g_rmdir (folder);
  g_rmdir (dir);
}

/* Trust on first use: the first join pins the table's fingerprint (a
 * 0600 file); a table at the same address and port showing another
 * certificate is refused before the hello, naming both fingerprints. */
static void
test_pin_changed (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, "secret");
  g_autofree char *dir = g_dir_make_tmp ("pj-test-pins-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "pegs-and-jokers", NULL);
  g_autofree char *pins = g_build_filename (folder, "known-tables", NULL);
  const char *real = pj_host_get_fingerprint (t->host);
  static const char other[] = "0000 1111 2222 3333 4444 5555 6666 7777";
  g_autofree char *pinned = NULL;
  Bot *first = bot_new ("Ann", PJ_AI_EASY);
  Bot *again = bot_new ("Cy", PJ_AI_EASY);
  Bot *fooled = bot_new ("Bea", PJ_AI_EASY);
  GStatBuf st;

  g_ptr_array_add (t->bots, first);
  g_ptr_array_add (t->bots, again);
  g_ptr_array_add (t->bots, fooled);

  /* first join: pinned, the user's alone */
  pj_client_set_pin_path (first->client, pins);
  pj_client_set_password (first->client, "secret");
  g_assert_true (bot_connect (first, "127.0.0.1", t->port));
  g_assert_cmpstr (pj_client_get_host_fingerprint (first->client), ==, real);
  pinned = pj_net_tls_pin_lookup (pins, "127.0.0.1", t->port);
  g_assert_cmpstr (pinned, ==, real);
  g_assert_cmpint (g_stat (pins, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (folder, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);

  /* the same certificate again: in */
  pj_client_set_pin_path (again->client, pins);
  pj_client_set_password (again->client, "secret");
  g_assert_true (bot_connect (again, "127.0.0.1", t->port));
  g_assert_no_error (again->connect_error);

  /* what a table that changed its certificate looks like to this guest */
  g_assert_true (pj_net_tls_pin_save (pins, "127.0.0.1", t->port, "Test table", other, NULL));
  pj_client_set_pin_path (fooled->client, pins);
  pj_client_set_password (fooled->client, "secret");
  g_assert_false (bot_connect (fooled, "127.0.0.1", t->port));
  g_assert_error (fooled->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_HOST_CHANGED);
  g_assert_true (pj_net_error_is_final (fooled->connect_error));
  g_assert_nonnull (strstr (fooled->connect_error->message, other));
  g_assert_nonnull (strstr (fooled->connect_error->message, real));
  g_assert_nonnull (strstr (fooled->connect_error->message, pins));
  /* nothing was said to it: no hello, no proof */
  run_for (100);
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 2);
  /* and the pin stays what the guest trusted */
  g_clear_pointer (&pinned, g_free);
  pinned = pj_net_tls_pin_lookup (pins, "127.0.0.1", t->port);
  g_assert_cmpstr (pinned, ==, other);

  /* the person compared what the host read out and trusts the new one:
   * exactly the fingerprint shown is pinned, and the next join is taken */
  g_assert_cmpstr (pj_client_get_pinned_fingerprint (fooled->client), ==, other);
  g_assert_cmpstr (pj_client_get_host_fingerprint (fooled->client), ==, real);
  {
    g_autoptr (GError) error = NULL;

    /* nothing was refused on this link: nothing to trust */
    g_assert_null (pj_client_get_pinned_fingerprint (again->client));
    g_assert_false (pj_client_trust_changed_host (again->client, &error));
    g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD);
    g_clear_error (&error);
    g_assert_true (pj_client_trust_changed_host (fooled->client, &error));
    g_assert_no_error (error);
  }
  g_clear_pointer (&pinned, g_free);
  pinned = pj_net_tls_pin_lookup (pins, "127.0.0.1", t->port);
  g_assert_cmpstr (pinned, ==, real);
  g_assert_null (pj_client_get_pinned_fingerprint (fooled->client));
  g_clear_error (&fooled->connect_error);
  g_assert_true (bot_connect (fooled, "127.0.0.1", t->port));
  g_assert_no_error (fooled->connect_error);
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 3);

  table_free (t);
  g_remove (pins);
  g_rmdir (folder);
  g_rmdir (dir);
}

typedef struct {
  Bot  **b;
  guint  want[4];
} Chats;

/* Every bot b[i] has had at least want[i] chat messages. */
static gboolean
chats_reached (gpointer data)
{
  Chats *c = data;

  for (guint i = 0; i < 4; i++)
    if (c->b[i]->n_chat < c->want[i])
      return FALSE;
  return TRUE;
}

/* RULES §12: lobby chat for everyone; in a game only team chat, only at a
 * beginner_table_talk table, only to the team. */
static void
test_table_talk (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, NULL);
  PjRules rules;
  Bot *b[4];
  ErrWait w;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  rules.beginner_table_talk = TRUE;
  g_assert_true (pj_host_set_rules (t->host, &rules, NULL));
  table_seat_bots (t, 0, PJ_AI_EASY, FALSE);
  for (guint i = 0; i < 4; i++)
    {
      b[i] = g_ptr_array_index (t->bots, i);
      b[i]->autoplay = FALSE;
    }
  pj_client_send_chat (b[0]->client, "hello all", FALSE);
  g_assert_true (run_until (chats_reached, &(Chats) { b, { 1, 1, 1, 1 } }, 5000));
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (b[i]->n_chat, ==, 1);

  g_assert_true (pj_host_start_game (t->host, NULL));
  for (guint i = 0; i < 4; i++)
    g_assert_true (run_until (bot_has_state, b[i], 5000));
  pj_client_send_chat (b[0]->client, "go for the door", TRUE);
  /* seats 0 and 2 are one team (seats alternate) */
  g_assert_true (run_until (chats_reached, &(Chats) { b, { 2, 1, 2, 1 } }, 5000));
  g_assert_cmpuint (b[0]->n_chat, ==, 2);
  g_assert_cmpuint (b[2]->n_chat, ==, 2);
  g_assert_cmpstr (b[2]->last_chat, ==, "go for the door");
  w.bot = b[1];
  w.n = 1;
  pj_client_send_chat (b[1]->client, "everyone hear me", FALSE);
  g_assert_true (run_until (errors_at_least, &w, 5000));
  /* the refusal came after the team's message on b[1]'s connection: had
   * the host sent it there too, b[1] would have it by now */
  g_assert_cmpuint (b[1]->n_chat, ==, 1);
  w.bot = b[3];
  pj_client_send_chat (b[3]->client, "me too", FALSE);
  g_assert_true (run_until (errors_at_least, &w, 5000));
  g_assert_cmpuint (b[3]->n_chat, ==, 1);
  g_assert_cmpint (g_array_index (b[3]->errors, int, 0), ==, PJ_NET_ERROR_CHAT_REFUSED);
  g_assert_cmpint (g_array_index (b[1]->errors, int, 0), ==, PJ_NET_ERROR_CHAT_REFUSED);
  table_free (t);
}


/* ---- coming back into a game: the game so far and the talk ------------------ */

typedef struct {
  Bot  *bot;
  guint n;
} BotCount;

static gboolean
bot_chats_at_least (gpointer data)
{
  BotCount *w = data;
  return w->bot->n_chat >= w->n;
}

static gboolean
bot_earlier_at_least (gpointer data)
{
  BotCount *w = data;
  return w->bot->n_earlier >= w->n;
}

/* The mirror's move list has every move the host played, each once. */
static void
assert_history_whole (Bot *bot)
{
  PjGame *game = pj_client_get_game (bot->client);

  g_assert_nonnull (game);
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, pj_game_get_n_actions (game));
}

static gboolean
mirror_caught_up (gpointer data)
{
  Bot *bot = data;
  PjGame *game = pj_client_get_game (bot->client);
  return game != NULL && g_list_model_get_n_items (pj_game_get_history (game)) == pj_game_get_n_actions (game);
}

/* A seat's player whose program died comes back with the token, a
 * spectator with its own, a newcomer watches from the middle: each gets
 * every move so far in `past`, cut to what it may see (no other seat's
 * card anywhere: check_no_leaks reads every entry's position), and its
 * move list has them all. */
static void
test_rejoin_past (void)
{
  Table *t = table_new (PJ_PRESET_KILPATRICK, 8, 7, PJ_AI_EASY, NULL);
  CountWait w = { t, 40 };
  Bot *player, *watcher, *late;
  gsize player_from, watcher_from, late_from, bytes;
  guint lines, entries;

  g_object_set (t->host, "computer-delay-ms", 0, NULL);
  watcher = bot_new ("Watcher", PJ_AI_EASY);
  g_ptr_array_add (t->bots, watcher);
  g_assert_true (bot_connect (watcher, "127.0.0.1", t->port));
  table_seat_bots (t, 7, PJ_AI_EASY, FALSE);
  player = g_ptr_array_index (t->bots, 1);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (n_actions_at_least, &w, 10000));
  g_assert_false (t->over);

  bot_kill (player);
  bot_kill (watcher);
  /* long enough that the past takes several lines (64 KiB is about a
   * hundred moves), well short of the game's end: it must not end before
   * everyone is back */
  w.n = 200;
  g_assert_true (run_until (n_actions_at_least, &w, 20000));
  g_assert_false (t->over);

  /* the peak queued from here on: the past goes out as the queue drains */
  pj_net_set_process_limit_for_testing (0);
  player->autoplay = FALSE;
  player_from = player->received->len;
  g_assert_true (bot_connect (player, "127.0.0.1", t->port));
  g_assert_cmpint (pj_client_get_seat (player->client), ==, 7);
  watcher_from = watcher->received->len;
  g_assert_true (bot_connect (watcher, "127.0.0.1", t->port));
  g_assert_cmpint (pj_client_get_seat (watcher->client), ==, -1);
  late = bot_new ("Late", PJ_AI_EASY);
  g_ptr_array_add (t->bots, late);
  late_from = late->received->len;
  g_assert_true (bot_connect (late, "127.0.0.1", t->port));

  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      g_assert_true (run_until (bot_has_state, bot, 5000));
      g_assert_true (run_until (mirror_caught_up, bot, 5000));
    }
  /* the game waits for the player now: nothing moves under the checks */
  run_for (100);
  /* the cards come at the end, not before */
  g_assert_null (pj_client_dup_record (player->client));
  entries = count_past (player->received, player_from, &bytes, &lines);
  g_assert_cmpuint (entries, >=, 80);
  g_test_message ("a seat's past: %u actions in %u lines, %" G_GSIZE_FORMAT " bytes: %.0f a move, "
                  "%.0f KiB for 400; at most %" G_GSIZE_FORMAT " bytes queued", entries, lines, bytes,
                  (double) bytes / entries, 400.0 * bytes / entries / 1024,
                  pj_net_budget_get_peak (pj_net_process_budget ()));
  g_assert_cmpuint (lines, >, 1);
  /* three past at once (and the updates of the others): never a whole past at once */
  g_assert_cmpuint (pj_net_budget_get_peak (pj_net_process_budget ()), <, bytes);
  g_assert_cmpuint (count_past (watcher->received, watcher_from, &bytes, &lines), >=, entries);
  g_assert_cmpuint (count_past (late->received, late_from, &bytes, &lines), >=, entries);
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);

      assert_history_whole (bot);
      check_no_leaks (bot->received, pj_client_get_seat (bot->client));
      g_assert_cmpuint (bot->errors->len, ==, 0);
    }
  /* it plays on to the end: the moves so far count in the fair-deal check too */
  player->autoplay = TRUE;
  bot_poke (player);
  g_assert_true (run_until (host_over, t, 30000));
  g_assert_true (run_until (all_verified, t, 5000));
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);

      g_assert_true (bot->verified_ok);
      assert_history_whole (bot);
    }
  /* the whole game for its review, though it came in mid-game */
  {
    g_autoptr (PjRecord) whole = pj_client_dup_record (player->client);
    PjRecord *played = pj_host_get_record (t->host);

    g_assert_nonnull (whole);
    g_assert_cmpuint (pj_record_get_n_actions (whole), ==, pj_record_get_n_actions (played));
    g_assert_cmpmem (&pj_record_get_state (whole)->board, sizeof (PjBoard),
                     &pj_record_get_state (played)->board, sizeof (PjBoard));
    g_assert_cmpuint (pj_record_get_state (whole)->winner, ==, pj_record_get_state (played)->winner);
    g_assert_cmpuint (pj_record_get_seat (whole, 7)->controller, ==, PJ_CONTROLLER_HUMAN);
  }
  table_free (t);
}

/* The same in a Bluffing Joker game: the cards played face down by other
 * seats stay face down in every move of the past (check_no_leaks reads
 * each entry), and looking back at the last move shows the position now. */
static void
test_rejoin_past_bluff (void)
{
  Table *t = table_new (PJ_PRESET_BLUFFING_JOKER, 4, 3, PJ_AI_EASY, NULL);
  CountWait w = { t, 30 };
  Bot *player, *watcher;
  gsize from, bytes;
  guint lines, n;
  PjGame *game;
  PjState after;

  g_object_set (t->host, "computer-delay-ms", 0, NULL);
  table_seat_bots (t, 3, PJ_AI_EASY, FALSE);
  player = g_ptr_array_index (t->bots, 0);
  /* one who watches from the deal: what a move list there shows */
  watcher = bot_new ("Watcher", PJ_AI_EASY);
  g_ptr_array_add (t->bots, watcher);
  g_assert_true (bot_connect (watcher, "127.0.0.1", t->port));
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (n_actions_at_least, &w, 10000));
  g_assert_false (t->over);
  bot_kill (player);
  w.n = pj_record_get_n_actions (pj_host_get_record (t->host)) + 20;
  g_assert_true (run_until (n_actions_at_least, &w, 10000));

  player->autoplay = FALSE;
  from = player->received->len;
  g_assert_true (bot_connect (player, "127.0.0.1", t->port));
  g_assert_true (run_until (bot_has_state, player, 5000));
  g_assert_true (run_until (mirror_caught_up, player, 5000));
  run_for (100);
  g_assert_cmpuint (count_past (player->received, from, &bytes, &lines), >=, 50);
  check_no_leaks (player->received, 3);
  g_assert_cmpuint (player->errors->len, ==, 0);
  game = pj_client_get_game (player->client);
  n = g_list_model_get_n_items (pj_game_get_history (game));
  /* the same move list as one there from the deal */
  g_assert_cmpuint (pj_client_get_n_actions (watcher->client), ==, pj_game_get_n_actions (game));
  g_assert_cmpuint (n, ==, g_list_model_get_n_items (pj_game_get_history (pj_client_get_game (watcher->client))));
  g_assert_true (pj_game_get_position_after (game, n - 1, &after));
  g_assert_cmpmem (&after.board, sizeof after.board,
                   &pj_client_get_state (player->client)->board, sizeof after.board);
  table_free (t);
}

/* A link dropped and back in the same program: the mirror keeps its move
 * list and gets only the moves it missed, the chat box only the lines. */
static void
test_rejoin_same_mirror (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 2, PJ_AI_EASY, NULL);
  PjRules rules;
  CountWait w = { t, 10 };
  Bot *player, *other, *usurper;
  BotCount e;
  guint heard;

  g_object_set (t->host, "computer-delay-ms", 0, NULL);
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  rules.beginner_table_talk = TRUE;
  g_assert_true (pj_host_set_rules (t->host, &rules, NULL));
  table_seat_bots (t, 2, PJ_AI_EASY, FALSE);
  player = g_ptr_array_index (t->bots, 0);     /* seat 2 */
  other = g_ptr_array_index (t->bots, 1);      /* seat 3 */
  pj_client_send_chat (other->client, "first words", FALSE);
  e.bot = player;
  e.n = 1;
  g_assert_true (run_until (bot_chats_at_least, &e, 5000));
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (n_actions_at_least, &w, 10000));
  g_assert_true (run_until (mirror_caught_up, player, 5000));

  /* another program with the token takes the seat: the link drops */
  usurper = bot_new ("Usurper", PJ_AI_EASY);
  usurper->autoplay = FALSE;
  g_ptr_array_add (t->bots, usurper);
  pj_client_set_token (usurper->client, pj_client_get_token (player->client));
  player->autoplay = FALSE;
  g_assert_true (bot_connect (usurper, "127.0.0.1", t->port));
  g_assert_true (run_until (bot_disconnected, player, 5000));
  g_assert_true (pj_client_get_n_actions (player->client) > 0);
  heard = player->n_chat;
  /* the other team's line is not for seat 2; its own team's is */
  pj_client_send_chat (other->client, "blue only", TRUE);
  pj_client_send_chat (usurper->client, "said while away", TRUE);
  e.bot = usurper;
  g_assert_true (run_until (bot_chats_at_least, &e, 5000));

  /* ...and the first comes back in the same client */
  player->disconnected = FALSE;
  g_assert_true (bot_connect (player, "127.0.0.1", t->port));
  e.bot = player;
  e.n = 1;
  g_assert_true (run_until (bot_has_state, player, 5000));
  g_assert_true (run_until (mirror_caught_up, player, 5000));
  g_assert_true (run_until (bot_earlier_at_least, &e, 5000));
  run_for (100);
  assert_history_whole (player);
  /* "first words" it heard already: only the line it missed comes */
  g_assert_cmpuint (player->n_earlier, ==, 1);
  g_assert_cmpuint (player->n_chat, ==, heard + 1);
  g_assert_cmpstr (player->last_chat, ==, "said while away");
  g_assert_cmpuint (player->errors->len, ==, 0);
  table_free (t);
}

/* The talk kept for people coming back: a team's lines only to that
 * team's seats (RULES §12), none of them to a spectator, the lobby's to
 * everyone; each once, marked earlier. */
static void
test_rejoin_talk (void)
{
  Table *t = table_new (PJ_PRESET_BASIC, 4, 0, PJ_AI_EASY, NULL);
  PjRules rules;
  Bot *b[4], *watcher;
  gsize from[4], watcher_from;
  BotCount e;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  rules.beginner_table_talk = TRUE;
  g_assert_true (pj_host_set_rules (t->host, &rules, NULL));
  watcher = bot_new ("Watcher", PJ_AI_EASY);
  g_assert_true (bot_connect (watcher, "127.0.0.1", t->port));
  table_seat_bots (t, 0, PJ_AI_EASY, FALSE);
  for (guint i = 0; i < 4; i++)
    {
      b[i] = g_ptr_array_index (t->bots, i);
      b[i]->autoplay = FALSE;
    }
  pj_client_send_chat (b[0]->client, "hello all", FALSE);
  g_assert_true (run_until (chats_reached, &(Chats) { b, { 1, 1, 1, 1 } }, 5000));
  g_assert_true (pj_host_start_game (t->host, NULL));
  for (guint i = 0; i < 4; i++)
    g_assert_true (run_until (bot_has_state, b[i], 5000));
  /* seats 0 and 2 are one team, 1 and 3 the other */
  pj_client_send_chat (b[0]->client, "red team plan", TRUE);
  pj_client_send_chat (b[1]->client, "blue team plan", TRUE);
  g_assert_true (run_until (chats_reached, &(Chats) { b, { 2, 2, 2, 2 } }, 5000));

  for (guint i = 2; i < 4; i++)
    {
      bot_kill (b[i]);
      from[i] = b[i]->received->len;
      g_assert_true (bot_connect (b[i], "127.0.0.1", t->port));
      g_assert_cmpint (pj_client_get_seat (b[i]->client), ==, (int) i);
    }
  bot_kill (watcher);
  watcher_from = watcher->received->len;
  g_assert_true (bot_connect (watcher, "127.0.0.1", t->port));

  e.n = 2;
  for (guint i = 2; i < 4; i++)
    {
      e.bot = b[i];
      g_assert_true (run_until (bot_earlier_at_least, &e, 5000));
    }
  e.bot = watcher;
  e.n = 1;
  g_assert_true (run_until (bot_earlier_at_least, &e, 5000));
  run_for (200);

  g_assert_cmpuint (b[2]->n_earlier, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (b[2]->chats, 2), ==, "hello all");
  g_assert_cmpstr (g_ptr_array_index (b[2]->chats, 3), ==, "red team plan");
  g_assert_cmpuint (b[3]->n_earlier, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (b[3]->chats, 3), ==, "blue team plan");
  g_assert_cmpuint (watcher->n_earlier, ==, 1);
  g_assert_cmpstr (watcher->last_chat, ==, "hello all");
  /* not a byte of the other team's talk reached them after they came back */
  g_assert_null (g_strstr_len ((const char *) b[2]->received->data + from[2],
                               b[2]->received->len - from[2], "blue team"));
  g_assert_null (g_strstr_len ((const char *) b[3]->received->data + from[3],
                               b[3]->received->len - from[3], "red team"));
  g_assert_null (g_strstr_len ((const char *) watcher->received->data + watcher_from,
                               watcher->received->len - watcher_from, "team plan"));
  /* those who stayed were told nothing again */
  g_assert_cmpuint (b[0]->n_earlier, ==, 0);
  g_assert_cmpuint (b[0]->n_chat, ==, 2);
  bot_disconnect_finalized (watcher);
  bot_free (watcher);
  table_free (t);
}

static gboolean
bot_verified (gpointer data)
{
  return ((Bot *) data)->verified;
}

/* A host that lies about the deal is caught by every client. */
static void
lying_host (PjHostLie   lie,
            const char *expect)
{
  Table *t = table_new (PJ_PRESET_KILPATRICK, 4, 3, PJ_AI_EASY, NULL);
  Bot *bot;

  pj_host_set_lie_for_testing (t->host, lie);
  table_seat_bots (t, 3, PJ_AI_EASY, FALSE);
  bot = g_ptr_array_index (t->bots, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (bot_verified, bot, 20000));
  g_assert_false (bot->verified_ok);
  g_test_message ("detail: %s", bot->verify_detail);
  g_assert_nonnull (strstr (bot->verify_detail, expect));
  table_free (t);
}

static void
test_lie_salt (void)
{
  lying_host (PJ_HOST_LIE_SALT, "committed");
}

static void
test_lie_seed (void)
{
  lying_host (PJ_HOST_LIE_SEED, "differs");
}

/* Bluffing Joker: another seat's real card never travels before a challenge. */
static void
test_bluff_hidden (void)
{
  Table *t = table_new (PJ_PRESET_BLUFFING_JOKER, 4, 0, PJ_AI_EASY, NULL);
  CountWait w = { t, 150 };

  table_seat_bots (t, 0, PJ_AI_EASY, FALSE);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (n_actions_at_least, &w, 20000));
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      g_assert_cmpuint (check_no_leaks (bot->received, (int) i), >, 100);
    }
  table_free (t);
}

static void
host_save_failed_cb (PjHost        *host,
                     const GError  *error,
                     GError       **out)
{
  if (*out == NULL)
    *out = g_error_copy (error);
}

static gboolean
has_error (gpointer data)
{
  return *(GError **) data != NULL;
}

/* The host's autosave runs off the main loop; a failed one is not silent:
 * the host says so (the app shows it), and the game goes on. */
static void
test_save_failed (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Full disk", NULL);
  g_autoptr (GError) failure = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-host-save-XXXXXX", NULL);
  g_autofree char *tokens = g_strconcat (dir, ".tokens", NULL);

  /* a game of some 800 actions, 40 s at least: at no delay, a loaded
   * machine played it to the end before the writer's first failure came
   * back, and "the game goes on" could not be seen */
  g_object_set (host, "computer-delay-ms", 50, NULL);
  for (guint i = 0; i < 4; i++)
    g_assert_true (pj_host_set_seat_computer (host, i, TRUE, PJ_AI_EASY, NULL));
  g_signal_connect (host, "save-failed", G_CALLBACK (host_save_failed_cb), &failure);
  /* the save path is a folder: the game's writes fail */
  pj_host_set_save_path (host, dir);
  g_assert_true (pj_host_start_game (host, NULL));
  g_assert_true (run_until (has_error, &failure, 5000));
  g_assert_true (g_error_matches (failure, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
  g_assert_cmpint (pj_host_get_phase (host), ==, PJ_NET_PHASE_PLAYING);
  pj_host_stop (host);
  /* closing the table tries the last write once more, and tells it */
  g_clear_error (&failure);
  g_assert_finalize_object (g_steal_pointer (&host));
  g_assert_true (g_error_matches (failure, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
  g_unlink (tokens);
  g_rmdir (dir);
}

/* ---- a passive capture ------------------------------------------------------ */

/* A TCP relay that passes every byte on as it is and records it, both
 * ways: what anyone on the network between a guest and the table sees. */
typedef struct {
  GSocketService *service;
  guint16         port;
  guint16         table_port;
  GByteArray     *seen;
  GPtrArray      *pipes;
} Tap;

typedef struct {
  Tap       *tap;
  GIOStream *from;
  GIOStream *to;
  guint8     buf[16384];
} TapPipe;

static void tap_pipe_read (TapPipe *pipe);

static void
tap_pipe_read_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  TapPipe *pipe = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n <= 0)
    {
      g_io_stream_close (pipe->to, NULL, NULL);
      return;
    }
  g_byte_array_append (pipe->tap->seen, pipe->buf, (guint) n);
  g_output_stream_write_all (g_io_stream_get_output_stream (pipe->to), pipe->buf, (gsize) n,
                             NULL, NULL, NULL);
  tap_pipe_read (pipe);
}

static void
tap_pipe_read (TapPipe *pipe)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (pipe->from), pipe->buf, sizeof pipe->buf,
                             G_PRIORITY_DEFAULT, NULL, tap_pipe_read_cb, pipe);
}

static void
tap_pipe_free (TapPipe *pipe)
{
  g_object_unref (pipe->from);
  g_object_unref (pipe->to);
  g_free (pipe);
}

static gboolean
tap_incoming_cb (GSocketService    *service,
                 GSocketConnection *connection,
                 GObject           *source,
                 gpointer           user_data)
{
  Tap *tap = user_data;
  g_autoptr (GSocketClient) sc = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) table = g_socket_client_connect_to_host (sc, "127.0.0.1", tap->table_port,
                                                                         NULL, &error);
  TapPipe *up = g_new0 (TapPipe, 1);
  TapPipe *down = g_new0 (TapPipe, 1);

  g_assert_no_error (error);
  up->tap = down->tap = tap;
  up->from = g_object_ref (G_IO_STREAM (connection));
  up->to = g_object_ref (G_IO_STREAM (table));
  down->from = g_object_ref (G_IO_STREAM (table));
  down->to = g_object_ref (G_IO_STREAM (connection));
  g_ptr_array_add (tap->pipes, up);
  g_ptr_array_add (tap->pipes, down);
  tap_pipe_read (up);
  tap_pipe_read (down);
  return TRUE;
}

static Tap *
tap_new (guint16 table_port)
{
  Tap *tap = g_new0 (Tap, 1);
  g_autoptr (GError) error = NULL;

  tap->table_port = table_port;
  tap->seen = g_byte_array_new ();
  tap->pipes = g_ptr_array_new_with_free_func ((GDestroyNotify) tap_pipe_free);
  tap->service = g_socket_service_new ();
  tap->port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (tap->service), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (tap->service, "incoming", G_CALLBACK (tap_incoming_cb), tap);
  g_socket_service_start (tap->service);
  return tap;
}

static void
tap_free (Tap *tap)
{
  g_socket_service_stop (tap->service);
  g_socket_listener_close (G_SOCKET_LISTENER (tap->service));
  for (guint i = 0; i < tap->pipes->len; i++)
    g_io_stream_close (((TapPipe *) g_ptr_array_index (tap->pipes, i))->from, NULL, NULL);
  /* the reads in flight end (closed) before their pipes go */
  run_for (100);
  g_ptr_array_unref (tap->pipes);
  g_object_unref (tap->service);
  g_byte_array_unref (tap->seen);
  g_free (tap);
}

static gboolean
bytes_contain (const GByteArray *bytes,
               const char       *needle,
               gsize             len)
{
  if (len == 0 || len > bytes->len)
    return FALSE;
  for (gsize i = 0; i + len <= bytes->len; i++)
    if (bytes->data[i] == (guint8) needle[0] && memcmp (bytes->data + i, needle, len) == 0)
      return TRUE;
  return FALSE;
}

/* The last position a seat was sent: its own hand (and, in Bluffing
 * Joker, its face-down card) in the engine's notation. */
static char *
last_position (const GByteArray *received)
{
  g_autofree char *text = g_strndup ((const char *) received->data, received->len);
  const char *at = NULL;

  for (const char *p = text; (p = strstr (p, "\"position\":\"")) != NULL; p++)
    at = p + strlen ("\"position\":\"");
  g_assert_nonnull (at);
  return g_strndup (at, strcspn (at, "\""));
}

/* A game between the table and two guests (the last two seats; the
 * others computers), every byte recorded on the way: none of what the
 * guests read (names, tokens, hands, face-down cards, the protocol's own
 * words) is in the capture, though each needle is in what the guests read
 * once decrypted. whole: to its end and its fair-deal check; else 150
 * actions. */
static void
check_capture (PjPreset preset,
               guint    players,
               gboolean whole)
{
  Table *t = table_new (preset, players, players - 2, PJ_AI_EASY, NULL);
  Tap *tap = tap_new (t->port);
  CountWait w = { t, 150 };
  static const char *const names[] = { "Zebulon Quartz", "Xanthippe Moor" };
  static const char *const words[] = { "\"type\"", "\"position\"", "\"welcome\"", "\"token\"",
                                       "\"update\"", "\"action\"", "\"seat\"", "\"log\"" };
  g_autoptr (GError) error = NULL;
  g_autoptr (GByteArray) plain = g_byte_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      Bot *bot = bot_new (names[i], PJ_AI_EASY);

      g_ptr_array_add (t->bots, bot);
      g_assert_true (bot_connect (bot, "127.0.0.1", tap->port));
      pj_client_sit (bot->client, players - 2 + i);
      pj_client_set_ready (bot->client, TRUE);
    }
  g_assert_true (run_until (all_ready, t, 5000));
  g_assert_true (pj_host_start_game (t->host, &error));
  g_assert_no_error (error);
  if (whole)
    {
      g_assert_true (run_until (host_over, t, 25000));
      g_assert_true (run_until (all_verified, t, 5000));
    }
  else
    g_assert_true (run_until (n_actions_at_least, &w, 20000));

  /* it was a game, and the tap saw all of it */
  g_assert_cmpuint (pj_record_get_n_actions (pj_host_get_record (t->host)), >, 20);
  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      g_byte_array_append (plain, bot->received->data, bot->received->len);
    }
  g_assert_cmpuint (tap->seen->len, >, plain->len);
  /* TLS from the first byte: a handshake record */
  g_assert_cmpuint (tap->seen->data[0], ==, 0x16);

  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);
      const char *token = pj_client_get_token (bot->client);
      g_autofree char *position = last_position (bot->received);
      /* a run of the position as long as a hand's notation, from its middle */
      gsize half = strlen (position) / 2;
      gsize run = MIN ((gsize) 24, strlen (position) - half);

      g_assert_true (bytes_contain (bot->received, names[i], strlen (names[i])));
      g_assert_false (bytes_contain (tap->seen, names[i], strlen (names[i])));
      g_assert_nonnull (token);
      g_assert_true (bytes_contain (bot->received, token, strlen (token)));
      g_assert_false (bytes_contain (tap->seen, token, strlen (token)));
      g_assert_cmpuint (run, >=, 8);
      g_assert_false (bytes_contain (tap->seen, position + half, run));
      g_assert_false (bytes_contain (tap->seen, position, strlen (position)));
    }
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      /* the whole log (every card) comes only at the end */
      if (!whole && strcmp (words[i], "\"log\"") == 0)
        continue;
      g_assert_true (bytes_contain (plain, words[i], strlen (words[i])));
      g_assert_false (bytes_contain (tap->seen, words[i], strlen (words[i])));
    }
  table_free (t);
  tap_free (tap);
}

/* the full game's table (test_full_game), which ends in good time */
static void
test_capture (void)
{
  check_capture (PJ_PRESET_KILPATRICK, 8, TRUE);
}

/* Bluffing Joker: the face-down card sent to its owner is in its position */
static void
test_capture_bluff (void)
{
  check_capture (PJ_PRESET_BLUFFING_JOKER, 4, FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/game/full-eight-players", test_full_game);
  g_test_add_func ("/net/game/reconnect", test_reconnect);
  g_test_add_func ("/net/game/restart-host", test_restart_host);
  g_test_add_func ("/net/game/abuse", test_abuse);
  g_test_add_func ("/net/game/strikes", test_strikes);
  g_test_add_func ("/net/game/password", test_password);
  g_test_add_func ("/net/game/handshake", test_handshake);
  g_test_add_func ("/net/game/clear-peer", test_clear_peer);
  g_test_add_func ("/net/game/certificate-kept", test_certificate_kept);
  g_test_add_func ("/net/game/pin-changed", test_pin_changed);
  g_test_add_func ("/net/game/capture", test_capture);
  g_test_add_func ("/net/game/capture-bluff", test_capture_bluff);
  g_test_add_func ("/net/game/table-talk", test_table_talk);
  g_test_add_func ("/net/game/rejoin-past", test_rejoin_past);
  g_test_add_func ("/net/game/rejoin-past-bluff", test_rejoin_past_bluff);
  g_test_add_func ("/net/game/rejoin-same-mirror", test_rejoin_same_mirror);
  g_test_add_func ("/net/game/rejoin-talk", test_rejoin_talk);
  g_test_add_func ("/net/game/fair-deal-lie-salt", test_lie_salt);
  g_test_add_func ("/net/game/fair-deal-lie-seed", test_lie_seed);
  g_test_add_func ("/net/game/bluff-hidden", test_bluff_hidden);
  g_test_add_func ("/net/game/save-failed", test_save_failed);
  return g_test_run ();
}
