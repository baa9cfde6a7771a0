/* test-net-guard.c — a host no guest can knock over (protocol 2): silent
 * sockets, a seat's owner getting back in past a full table, password
 * attempts slowed, chat floods, slow drips, liveness both ways, kicks and
 * bans, the table closing, protocol versions, the password proof
 *
 * Loopback only; the 10 s and 45 s deadlines are shortened through the
 * testing hooks, and every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net-test-util.h"
#include "pj-file.h"
#include "pj-net-tls.h"
#include "pj-net-message.h"

/* ---- a host and its log ------------------------------------------------------ */

typedef struct {
  PjHost    *host;
  guint16    port;
  GPtrArray *bots;       /* Bot* */
  GPtrArray *events;     /* "kind: text" */
} Table;

static void
event_cb (PjHost     *host,
          const char *kind,
          const char *text,
          Table      *t)
{
  g_ptr_array_add (t->events, g_strdup_printf ("%s: %s", kind, text));
}

static guint
count_events (Table      *t,
              const char *kind)
{
  g_autofree char *prefix = g_strdup_printf ("%s: ", kind);
  guint n = 0;

  for (guint i = 0; i < t->events->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (t->events, i), prefix);
  return n;
}

static Table *
table_new_named (const char *name,
                 const char *password,
                 guint       n_computers)
{
  Table *t = g_new0 (Table, 1);
  g_autoptr (GError) error = NULL;

  t->host = pj_host_new (name, password);
  g_object_set (t->host, "grace-ms", 100, NULL);
  t->events = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (t->host, "event", G_CALLBACK (event_cb), t);
  for (guint i = 0; i < n_computers; i++)
    g_assert_true (pj_host_set_seat_computer (t->host, 3 - i, TRUE, PJ_AI_EASY, NULL));
  g_assert_true (pj_host_listen (t->host, 0, &error));
  g_assert_no_error (error);
  t->port = pj_host_get_port (t->host);
  t->bots = g_ptr_array_new_with_free_func ((GDestroyNotify) bot_free);
  return t;
}

static Table *
table_new (const char *password,
           guint       n_computers)
{
  return table_new_named ("Guarded", password, n_computers);
}

static Bot *
table_add_bot (Table      *t,
               const char *name)
{
  Bot *bot = bot_new (name, PJ_AI_EASY);

  g_ptr_array_add (t->bots, bot);
  return bot;
}

static void
table_free (Table *t)
{
  for (guint i = 0; i < t->bots->len; i++)
    bot_disconnect_finalized (g_ptr_array_index (t->bots, i));
  g_ptr_array_unref (t->bots);
  pj_host_stop (t->host);
  run_for (50);
  run_until_last_ref (t->host, 5000);
  g_assert_finalize_object (t->host);
  g_ptr_array_unref (t->events);
  g_free (t);
}

static gboolean
bot_disconnected (gpointer data)
{
  return ((Bot *) data)->disconnected;
}

typedef struct {
  Table *t;
  guint  seat;
} SeatWait;

static gboolean
seat_is_ready (gpointer data)
{
  SeatWait *w = data;
  PjNetSeatInfo info;

  pj_host_get_seat_info (w->t->host, w->seat, &info);
  return info.ready && info.connected;
}

/* The bot sits at seat, says it is ready, and the host has seen it. */
static void
sit_ready (Table *t,
           Bot   *bot,
           guint  seat)
{
  SeatWait w = { t, seat };

  pj_client_sit (bot->client, seat);
  pj_client_set_ready (bot->client, TRUE);
  g_assert_true (run_until (seat_is_ready, &w, 5000));
}

typedef struct {
  Bot   *bot;
  guint  n;
} PeopleWait;

/* n people, the first of them seated at 0 once there are two */
static gboolean
sees_people (gpointer data)
{
  PeopleWait *w = data;
  PjNetPerson first;

  if (pj_client_get_n_people (w->bot->client) != w->n)
    return FALSE;
  return w->n < 2 || (pj_client_get_person (w->bot->client, 0, &first) && first.seat == 0);
}

static void
wait_people (Bot   *bot,
             guint  n)
{
  PeopleWait w = { bot, n };

  g_assert_true (run_until (sees_people, &w, 5000));
}

typedef struct {
  Table *t;
  guint  seat;
} CoverWait;

static gboolean
seat_covered (gpointer data)
{
  CoverWait *w = data;
  return pj_host_seat_is_covered_for_testing (w->t->host, w->seat);
}

static gboolean
all_raw_closed (gpointer data)
{
  GPtrArray *raws = data;

  for (guint i = 0; i < raws->len; i++)
    {
      Raw *raw = g_ptr_array_index (raws, i);
      raw_pump (raw);
      if (!raw->eof)
        return FALSE;
    }
  return TRUE;
}

static guint
count_raw_closed (GPtrArray *raws)
{
  guint closed = 0;

  for (guint i = 0; i < raws->len; i++)
    {
      Raw *raw = g_ptr_array_index (raws, i);
      raw_pump (raw);
      closed += raw->eof;
    }
  return closed;
}

static gboolean
enough_raw_closed (gpointer data)
{
  return count_raw_closed (data) >= 60 - PJ_NET_MAX_PENDING_PER_ADDRESS;
}

/* run_until() sleeps in the main loop; raw sockets are not in it, so a
 * short timer keeps the loop turning while they are polled. */
static gboolean
keep_turning (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* ---- tests -------------------------------------------------------------------- */

/* Connections that never say hello are closed after the hello deadline,
 * with a reason, and the log says so. */
static void
test_silent_closed (void)
{
  Table *t = table_new (NULL, 0);
  g_autoptr (GPtrArray) raws = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  guint turn = g_timeout_add (5, keep_turning, NULL);

  pj_host_set_timeouts_for_testing (t->host, 200, 0);
  for (guint i = 0; i < 5; i++)
    g_ptr_array_add (raws, raw_open (t->port));
  g_assert_true (run_until (all_raw_closed, raws, 5000));
  for (guint i = 0; i < raws->len; i++)
    {
      Raw *raw = g_ptr_array_index (raws, i);
      g_assert_nonnull (raw_find (raw, "\"challenge\""));
      g_assert_nonnull (raw_find (raw, "\"code\":\"timeout\""));
    }
  g_assert_cmpuint (count_events (t, "refusal"), ==, 5);
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 0);
  g_source_remove (turn);
  table_free (t);
}

static gboolean
host_has_31 (gpointer data)
{
  return pj_host_get_n_people (((Table *) data)->host) == PJ_NET_MAX_CLIENTS - 1;
}

static gboolean
unlogged_told (gpointer data)
{
  Table *t = data;

  for (guint i = 0; i < t->events->len; i++)
    if (strstr (g_ptr_array_index (t->events, i), "more refusals of 127.0.0.1 were not logged"))
      return TRUE;
  return FALSE;
}

/* Thirty silent sockets from one address: the log gets a few lines and
 * then one line with the count of the rest, not thirty. */
static void
test_refusal_log_bounded (void)
{
  Table *t = table_new (NULL, 0);
  g_autoptr (GPtrArray) raws = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  guint turn = g_timeout_add (5, keep_turning, NULL);

  pj_host_set_timeouts_for_testing (t->host, 200, 300);
  /* silent from the first byte: not even a TLS handshake (thirty of
   * those would take longer than the log's window here) */
  for (guint i = 0; i < 30; i++)
    g_ptr_array_add (raws, raw_open_clear (t->port));
  g_assert_true (run_until (all_raw_closed, raws, 5000));
  g_assert_true (run_until (unlogged_told, t, 5000));
  g_assert_cmpuint (count_events (t, "refusal"), <, 30);
  g_source_remove (turn);
  table_free (t);
}

/* A full table (32 people) with 60 silent sockets besides: a newcomer is
 * told the table is full, the owner of a seat gets it back. */
static void
test_token_past_silent_sockets (void)
{
  Table *t = table_new (NULL, 3);
  g_autoptr (GPtrArray) raws = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  Bot *owner = table_add_bot (t, "Owner");
  Bot *late;
  guint turn;

  /* the whole table from one address: its own limits are tested apart */
  pj_host_set_address_limits_for_testing (t->host, PJ_NET_MAX_CLIENTS + 1, 2 * PJ_NET_MAX_CLIENTS);
  g_assert_true (bot_connect (owner, "127.0.0.1", t->port));
  owner->autoplay = FALSE;
  sit_ready (t, owner, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));

  /* 31 spectators: 32 people with the owner */
  for (guint i = 0; i < PJ_NET_MAX_CLIENTS - 1; i++)
    {
      g_autofree char *name = g_strdup_printf ("Watcher %u", i);
      g_assert_true (bot_connect (table_add_bot (t, name), "127.0.0.1", t->port));
    }
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, PJ_NET_MAX_CLIENTS);
  late = table_add_bot (t, "Late");
  g_assert_false (bot_connect (late, "127.0.0.1", t->port));
  g_assert_error (late->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_TABLE_FULL);

  /* the owner's program dies; a spectator takes the free place */
  bot_kill (owner);
  g_assert_true (run_until (host_has_31, t, 5000));
  g_clear_error (&late->connect_error);
  g_assert_true (bot_connect (late, "127.0.0.1", t->port));
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, PJ_NET_MAX_CLIENTS);

  for (guint i = 0; i < 60; i++)
    g_ptr_array_add (raws, raw_open (t->port));
  /* at most PJ_NET_MAX_PENDING_PER_ADDRESS wait from one address: the host
   * closed the older ones as the newer came (the rest wait for their 10 s) */
  turn = g_timeout_add (5, keep_turning, NULL);
  g_assert_true (run_until (enough_raw_closed, raws, 5000));
  g_source_remove (turn);
  run_for (100);
  g_assert_cmpuint (count_raw_closed (raws), ==, 60 - PJ_NET_MAX_PENDING_PER_ADDRESS);
  /* 52 evictions and a refusal for the full table: the log keeps to a few
   * lines for one address (the rest are summed up later) */
  g_assert_cmpuint (count_events (t, "refusal"), >=, 2);
  g_assert_cmpuint (count_events (t, "refusal"), <=, 21);   /* two windows at most */
  /* the owner's token opens its seat, full table and silent sockets or not */
  g_assert_true (bot_connect (owner, "127.0.0.1", t->port));
  g_assert_cmpint (pj_client_get_seat (owner->client), ==, 0);
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, PJ_NET_MAX_CLIENTS + 1);
  g_assert_false (pj_host_seat_is_covered_for_testing (t->host, 0));
  g_ptr_array_set_size (raws, 0);
  table_free (t);
}

/* Wrong guesses, attempt after attempt from one address, always
 * PJ_NET_MAX_PENDING_PER_ADDRESS of them waiting, for 1 s (stretched for
 * the sanitizers, where each TLS handshake is slow): the answers (code)
 * come at most ~10 a second, far fewer as failures double the wait. field
 * is "proof" (a password) or "token_proof". */
static void
check_guess_rate (Table      *t,
                  const char *field,
                  const char *code)
{
  g_autoptr (GPtrArray) raws = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  gint64 start = g_get_monotonic_time ();
  guint seconds = MAX (1, test_scaled_ms (1000) / 1000);
  guint answers = 0, sent = 0;

  while (g_get_monotonic_time () - start < seconds * G_USEC_PER_SEC)
    {
      for (guint i = 0; i < raws->len; i++)
        {
          Raw *raw = g_ptr_array_index (raws, i);

          raw_pump (raw);
          if (raw_find (raw, code) || raw->eof)
            {
              answers += raw_find (raw, code) != NULL;
              g_ptr_array_remove_index_fast (raws, i--);
            }
        }
      while (raws->len < PJ_NET_MAX_PENDING_PER_ADDRESS)
        {
          Raw *raw = raw_open (t->port);
          g_autofree char *nonce = raw_nonce (raw);
          g_autofree char *proof = pj_net_proof ("guess", nonce);
          g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":3,\"name\":\"G\",\"%s\":\"%s\"}\n",
                                                    field, proof);

          raw_send (raw, hello);
          g_ptr_array_add (raws, raw);
          sent++;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_test_message ("%s: %u attempts, %u answers in %u s", field, sent, answers, seconds);
  g_assert_cmpuint (answers, >=, 1);
  g_assert_cmpuint (answers, <=, 10 * seconds);
  g_assert_cmpuint (sent, >, answers);
}

static void
test_password_rate (void)
{
  Table *t = table_new ("secret", 0);

  check_guess_rate (t, "proof", "bad-password");
  g_assert_cmpuint (count_events (t, "refusal"), >=, 1);
  table_free (t);
}

static void
test_token_rate (void)
{
  Table *t = table_new (NULL, 0);

  check_guess_rate (t, "token_proof", "bad-token");
  table_free (t);
}


/* What a client sends a host that only challenges it: the proof, never
 * the password. */
static void
check_password_not_sent (void)
{
  static const char challenge[] =
    "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\",\"protocol_min\":3,\"protocol_max\":3}\n";
  guint16 port;
  GSocketService *service = fake_host (challenge, &port);
  PjClient *client = pj_client_new ("Dee");
  GIOStream *conn = NULL;
  GString *sent = g_string_new (NULL);
  g_autofree char *proof = NULL;
  g_autofree char *binding = NULL;
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  pj_client_set_password (client, "secret");
  pj_client_connect_async (client, "127.0.0.1", port, NULL, NULL, NULL);
  /* the ping, then the hello once the challenge is read */
  while (strstr (sent->str, "\"hello\"") == NULL || strchr (strstr (sent->str, "\"hello\""), '\n') == NULL)
    {
      char buf[4096];
      gssize n;

      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      conn = g_object_get_data (G_OBJECT (service), "conn");
      if (conn == NULL)
        continue;
      /* what the client said, out of the TLS */
      n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (conn)),
                                                    buf, sizeof buf, NULL, NULL);
      if (n > 0)
        g_string_append_len (sent, buf, n);
    }
  /* the proof answers the nonce and this TLS channel */
  {
    g_autoptr (GTlsCertificate) certificate = pj_net_tls_default_certificate (NULL);
    binding = pj_net_tls_channel_binding (G_TLS_CONNECTION (conn), certificate);
  }
  proof = pj_net_bound_proof ("secret", PJ_NET_PROOF_PASSWORD, "00112233445566778899aabbccddeeff", binding);
  g_assert_nonnull (strstr (sent->str, proof));
  g_assert_null (strstr (sent->str, "secret"));
  g_string_free (sent, TRUE);
  pj_client_disconnect (client);
  run_until_last_ref (client, 5000);
  g_assert_finalize_object (client);
  fake_host_free (service);
}

/* The password crosses as an HMAC of the host's nonce: the right proof
 * gets in, the password in clear (as protocol 1 sent it) does not. */
static void
test_hmac_login (void)
{
  Table *t = table_new ("secret", 0);
  Raw *good = raw_open (t->port);
  Raw *clear = raw_open (t->port);
  g_autofree char *nonce = raw_nonce (good);
  g_autofree char *binding = pj_net_tls_channel_binding (G_TLS_CONNECTION (good->tls), good->host_certificate);
  g_autofree char *proof = pj_net_bound_proof ("secret", PJ_NET_PROOF_PASSWORD, nonce, binding);
  g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":3,\"name\":\"Ann\",\"proof\":\"%s\"}\n", proof);
  g_autofree char *other_nonce = raw_nonce (clear);
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  Bot *bot = table_add_bot (t, "Bea");

  g_assert_cmpstr (nonce, !=, other_nonce);
  raw_send (good, hello);
  raw_send (clear, "{\"type\":\"hello\",\"protocol\":3,\"name\":\"Cy\",\"password\":\"secret\"}\n");
  while (!raw_find (good, "\"welcome\"") || !raw_find (clear, "bad-password"))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      raw_pump (good);
      raw_pump (clear);
      g_usleep (1000);
    }
  /* the client library does the same */
  pj_client_set_password (bot->client, "secret");
  g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
  raw_free (good);
  raw_free (clear);
  table_free (t);
  check_password_not_sent ();
}

static gboolean
read_burst (gpointer data)
{
  return ((Bot *) data)->n_chat >= PJ_NET_CHAT_BURST;
}

/* Forty chat lines at once: the burst goes through, the rest are refused
 * as strikes until the flooder is hung up on. */
static void
test_chat_flood (void)
{
  Table *t = table_new (NULL, 0);
  Bot *flooder = table_add_bot (t, "Flood");
  Bot *reader = table_add_bot (t, "Reader");

  g_assert_true (bot_connect (flooder, "127.0.0.1", t->port));
  g_assert_true (bot_connect (reader, "127.0.0.1", t->port));
  for (guint i = 0; i < 40; i++)
    pj_client_send_chat (flooder->client, "spam spam spam", FALSE);
  g_assert_true (run_until (bot_disconnected, flooder, 5000));
  g_assert_true (run_until (read_burst, reader, 5000));
  run_for (100);   /* anything past the burst would be here by now */
  g_assert_cmpuint (reader->n_chat, <=, PJ_NET_CHAT_BURST + 1);
  g_assert_cmpint (g_array_index (flooder->errors, int, 0), ==, PJ_NET_ERROR_SLOW_DOWN);
  g_assert_error (flooder->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_TOO_MANY_ERRORS);
  g_assert_false (reader->disconnected);
  table_free (t);
}

/* A greeted client that drips bytes with no newline is silent: dropped at
 * the idle timeout, while a quiet but live client (answering pings) stays.
 * One that floods small lines is cut off by the byte budget. */
static void
test_slow_drip (void)
{
  Table *t = table_new (NULL, 0);
  Bot *drip = table_add_bot (t, "Drip");
  Bot *quiet = table_add_bot (t, "Quiet");
  Bot *lines = table_add_bot (t, "Lines");
  g_autofree char *flood = g_malloc (PJ_NET_READ_BURST);
  gint64 start;

  /* long enough that a loaded machine still answers pings in time */
  pj_host_set_timeouts_for_testing (t->host, 0, 1000);
  g_assert_true (bot_connect (drip, "127.0.0.1", t->port));
  g_assert_true (bot_connect (quiet, "127.0.0.1", t->port));
  g_assert_true (bot_connect (lines, "127.0.0.1", t->port));
  pj_client_set_mute_for_testing (drip->client, TRUE);
  start = g_get_monotonic_time ();
  while (!drip->disconnected)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
      pj_client_send_raw_for_testing (drip->client, "{", 1);
      run_for (50);
    }
  g_assert_error (drip->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_TIMEOUT);
  g_assert_false (quiet->disconnected);

  /* each empty line costs its byte and the line's share */
  memset (flood, '\n', PJ_NET_READ_BURST);
  pj_client_send_raw_for_testing (lines->client, flood, PJ_NET_READ_BURST);
  g_assert_true (run_until (bot_disconnected, lines, 5000));
  g_assert_error (lines->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_FLOOD);
  g_assert_false (quiet->disconnected);
  g_assert_cmpuint (count_events (t, "leave"), >=, 2);
  table_free (t);
}

/* The host pings; a seated client that stops answering is dropped and its
 * seat covered after the grace period. */
static void
test_host_drops_silent_client (void)
{
  Table *t = table_new (NULL, 3);
  Bot *bot = table_add_bot (t, "Mute");

  g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
  bot->autoplay = FALSE;
  sit_ready (t, bot, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));
  pj_host_set_timeouts_for_testing (t->host, 0, 1000);
  run_for (1500);
  g_assert_false (bot->disconnected);   /* it answers pings */
  pj_client_set_mute_for_testing (bot->client, TRUE);
  g_assert_true (run_until (bot_disconnected, bot, 5000));
  g_assert_error (bot->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_TIMEOUT);
  {
    CoverWait w = { t, 0 };
    g_assert_true (run_until (seat_covered, &w, 5000));   /* after the grace period */
  }
  table_free (t);
}

static void
test_client_drops_silent_host (void)
{
  static const char greeting[] =
    "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\",\"protocol_min\":3,\"protocol_max\":3}\n"
    "{\"type\":\"welcome\",\"protocol\":3,\"token\":\"00112233445566778899aabbccddeeff\",\"seat\":-1,\"table\":\"Hush\",\"id\":1}\n";
  guint16 port;
  GSocketService *service = fake_host (greeting, &port);
  Bot *bot = bot_new ("Waiting", PJ_AI_EASY);

  pj_client_set_idle_timeout_for_testing (bot->client, 300);
  g_assert_true (bot_connect (bot, "127.0.0.1", port));
  g_assert_true (run_until (bot_disconnected, bot, 5000));
  g_assert_error (bot->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_TIMEOUT);
  g_assert_false (pj_net_error_is_final (bot->disconnect_error));   /* the app reconnects */
  g_assert_false (pj_client_is_connected (bot->client));
  bot_disconnect_finalized (bot);
  bot_free (bot);
  fake_host_free (service);
}

/* Something that accepts and says nothing at all (not a table): joining
 * ends with "did not answer" instead of waiting for ever. */
static void
test_client_gives_up_on_mute_port (void)
{
  guint16 port;
  GSocketService *service = fake_host ("", &port);
  Bot *bot = bot_new ("Knocking", PJ_AI_EASY);

  pj_client_set_idle_timeout_for_testing (bot->client, 300);
  g_assert_false (bot_connect (bot, "127.0.0.1", port));
  g_assert_error (bot->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_TIMEOUT);
  g_assert_cmpstr (bot->connect_error->message, ==, "The table did not answer");
  bot_disconnect_finalized (bot);
  bot_free (bot);
  fake_host_free (service);
}

typedef struct {
  gboolean  done;
  GError   *error;
} ConnectResult;

static void
cancel_connect_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ConnectResult *r = user_data;

  g_assert_false (pj_client_connect_finish (PJ_CLIENT (source), result, &r->error));
  r->done = TRUE;
}

static gboolean
connect_result_done (gpointer data)
{
  return ((ConnectResult *) data)->done;
}

static gboolean
client_connected (gpointer data)
{
  return pj_client_is_connected (data);
}

/* Cancelling a join in progress, from the thread that started it (the
 * join page's Cancel, a window closing while it reconnects) answers
 * "cancelled" and nothing more. It once hung the app for good: the
 * cancelled handler finished the join inline and disconnected itself from
 * within its own emission. A hang here ends the test by alarm. */
static void
test_cancel_connect (void)
{
  guint16 port;
  GSocketService *service = fake_host ("", &port);

  alarm (60);
  for (guint when = 0; when < 2; when++)
    {
      g_autoptr (PjClient) client = pj_client_new ("Impatient");
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      ConnectResult r = { FALSE, NULL };

      pj_client_connect_async (client, "127.0.0.1", port, cancellable, cancel_connect_cb, &r);
      /* before the socket connects, or after, waiting for the host to speak */
      if (when == 1)
        g_assert_true (run_until (client_connected, client, 5000));
      g_cancellable_cancel (cancellable);
      g_assert_true (run_until (connect_result_done, &r, 5000));
      g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_false (pj_client_is_connected (client));
      g_clear_error (&r.error);
      /* the cancelled connect's callback may hold it until it has run */
      g_assert_true (run_until_last_ref (client, 5000));
      g_assert_finalize_object (g_steal_pointer (&client));
    }
  alarm (0);
  fake_host_free (service);
}

/* Kick from the lobby (the seat opens), kick from a game (a computer plays
 * the seat, its token opens nothing), ban (the address stays out). */
static void
test_kick_and_ban (void)
{
  Table *t = table_new (NULL, 3);
  Bot *ann = table_add_bot (t, "Ann");
  Bot *bob = table_add_bot (t, "Bob");
  PjNetSeatInfo info;
  PjNetPerson person;
  g_autofree char *token = NULL;
  guint ann_id;
  g_autoptr (GError) error = NULL;

  g_assert_true (bot_connect (ann, "127.0.0.1", t->port));
  g_assert_true (bot_connect (bob, "127.0.0.1", t->port));
  ann->autoplay = FALSE;
  pj_client_sit (ann->client, 0);
  wait_people (bob, 2);

  /* the people list, spectators included, on host and clients alike */
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 2);
  g_assert_cmpuint (pj_client_get_n_people (bob->client), ==, 2);
  g_assert_true (pj_client_get_person (bob->client, 0, &person));
  g_assert_cmpstr (person.name, ==, "Ann");
  g_assert_cmpint (person.seat, ==, 0);
  g_assert_null (person.address);
  g_assert_cmpuint (person.id, ==, pj_client_get_person_id (ann->client));
  g_assert_true (pj_host_get_person (t->host, 1, &person));
  g_assert_cmpstr (person.name, ==, "Bob");
  g_assert_cmpint (person.seat, ==, -1);
  g_assert_cmpstr (person.address, ==, "127.0.0.1");
  g_assert_false (pj_host_get_person (t->host, 2, &person));

  /* from the lobby: the seat opens, the person may come back */
  g_assert_true (pj_host_kick (t->host, pj_client_get_person_id (ann->client), FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (run_until (bot_disconnected, ann, 5000));
  g_assert_error (ann->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_KICKED);
  g_assert_true (pj_net_error_is_final (ann->disconnect_error));
  pj_host_get_seat_info (t->host, 0, &info);
  g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_OPEN);
  wait_people (bob, 1);
  g_assert_cmpuint (count_events (t, "kick"), ==, 1);
  g_assert_false (pj_host_kick (t->host, 999, FALSE, &error));
  g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD);

  /* from a game: a computer plays the seat at once, the token is void */
  ann->disconnected = FALSE;
  pj_client_set_token (ann->client, NULL);
  g_assert_true (bot_connect (ann, "127.0.0.1", t->port));
  sit_ready (t, ann, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));
  token = g_strdup (pj_client_get_token (ann->client));
  ann_id = pj_client_get_person_id (ann->client);
  g_assert_true (pj_host_kick (t->host, ann_id, FALSE, NULL));
  g_assert_true (run_until (bot_disconnected, ann, 5000));
  g_assert_true (pj_host_seat_is_covered_for_testing (t->host, 0));
  g_assert_cmpstr (pj_host_get_seat_token_for_testing (t->host, 0), !=, token);
  g_assert_false (bot_connect (ann, "127.0.0.1", t->port));
  g_assert_error (ann->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN);

  /* a ban: the address is refused from now on */
  g_assert_true (pj_host_kick (t->host, pj_client_get_person_id (bob->client), TRUE, NULL));
  g_assert_true (run_until (bot_disconnected, bob, 5000));
  g_assert_error (bob->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_BANNED);
  g_assert_false (bot_connect (bob, "127.0.0.1", t->port));
  g_assert_error (bob->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BANNED);
  g_assert_cmpuint (count_events (t, "ban"), ==, 1);
  g_assert_true (pj_host_unban (t->host, "127.0.0.1"));
  g_clear_error (&bob->connect_error);
  pj_client_set_token (bob->client, NULL);   /* a spectator's token holds no seat */
  g_assert_true (bot_connect (bob, "127.0.0.1", t->port));
  table_free (t);
}

/* The host stops: every guest reads that the table is closed and knows not
 * to retry; the log says so. */
static void
test_closed (void)
{
  Table *t = table_new (NULL, 0);
  Bot *bot = table_add_bot (t, "Guest");

  g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
  pj_host_stop (t->host);
  g_assert_true (run_until (bot_disconnected, bot, 5000));
  g_assert_error (bot->disconnect_error, PJ_NET_ERROR, PJ_NET_ERROR_TABLE_CLOSED);
  g_assert_cmpstr (bot->disconnect_error->message, ==, "The host closed the table");
  g_assert_true (pj_net_error_is_final (bot->disconnect_error));
  g_assert_cmpuint (count_events (t, "closed"), ==, 1);
  table_free (t);
}

static gboolean
two_refusals (gpointer data)
{
  return count_events (data, "refusal") == 2;
}

/* Versions with no overlap get a message in people's words, both ways,
 * and a version-1 host (no challenge, "hello-first" to the ping) too. */
static void
test_version_range (void)
{
  Table *t = table_new (NULL, 0);
  Bot *past = table_add_bot (t, "Past");
  Bot *future = table_add_bot (t, "Future");
  Bot *now = table_add_bot (t, "Now");
  guint16 port;
  GSocketService *old = fake_host ("{\"type\":\"error\",\"code\":\"hello-first\",\"message\":\"Say hello first\",\"ref\":\"ping\"}\n",
                                   &port);
  Bot *visitor = bot_new ("Visitor", PJ_AI_EASY);

  pj_client_set_protocol_for_testing (past->client, 1, 1);
  g_assert_false (bot_connect (past, "127.0.0.1", t->port));
  g_assert_error (past->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_VERSION);
  g_assert_cmpstr (past->connect_error->message, ==, "This table needs a newer version of Pegs and Jokers");
  /* "the future" follows the build: a version bump must not break it */
  pj_client_set_protocol_for_testing (future->client, PJ_NET_PROTOCOL_MAX + 1, PJ_NET_PROTOCOL_MAX + 2);
  g_assert_false (bot_connect (future, "127.0.0.1", t->port));
  g_assert_cmpstr (future->connect_error->message, ==, "This table runs an older version of Pegs and Jokers");
  /* a range that reaches ours is fine */
  pj_client_set_protocol_for_testing (now->client, 1, PJ_NET_PROTOCOL_MAX + 1);
  g_assert_true (bot_connect (now, "127.0.0.1", t->port));
  /* the host's log says why it lost the other two */
  g_assert_true (run_until (two_refusals, t, 5000));

  g_assert_false (bot_connect (visitor, "127.0.0.1", port));
  g_assert_error (visitor->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_VERSION);
  g_assert_cmpstr (visitor->connect_error->message, ==, "This table runs an older version of Pegs and Jokers");
  bot_disconnect_finalized (visitor);
  bot_free (visitor);
  fake_host_free (old);
  table_free (t);
}

/* Every event a log needs: join, start, over, leave. */
static gboolean
host_over (gpointer data)
{
  return pj_host_get_phase (((Table *) data)->host) == PJ_NET_PHASE_OVER;
}

static gboolean
one_leave (gpointer data)
{
  return count_events (data, "leave") > 0;
}

static void
test_events (void)
{
  Table *t = table_new (NULL, 3);
  Bot *bot = table_add_bot (t, "Player");

  g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
  sit_ready (t, bot, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (host_over, t, 60000));
  g_assert_true (pj_host_rematch (t->host, NULL));
  bot_disconnect_finalized (bot);
  g_assert_true (run_until (one_leave, t, 5000));
  g_assert_cmpuint (count_events (t, "join"), ==, 1);
  g_assert_cmpuint (count_events (t, "start"), ==, 2);
  g_assert_cmpuint (count_events (t, "over"), ==, 1);
  g_assert_cmpuint (count_events (t, "leave"), ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (t->events, 0), "Player (127.0.0.1)"));
  table_free (t);
}

static gboolean
bot_watches (gpointer data)
{
  return pj_client_get_state (((Bot *) data)->client) != NULL;
}

/* A spectator whose link drops comes back with its token and watches on,
 * as a seated guest takes back its seat; the token gives back a
 * spectator's place and nothing more, and opens nothing once its holder
 * said bye or was removed, nor does a token the host never gave. */
static void
test_spectator_reconnect (void)
{
  Table *t = table_new (NULL, 3);
  Bot *ann = table_add_bot (t, "Ann");
  Bot *vic = table_add_bot (t, "Vic");
  Bot *twin = table_add_bot (t, "Vic again");
  g_autofree char *token = NULL;
  g_autofree char *second = NULL;

  g_assert_true (bot_connect (ann, "127.0.0.1", t->port));
  ann->autoplay = FALSE;
  sit_ready (t, ann, 0);
  g_assert_true (bot_connect (vic, "127.0.0.1", t->port));
  wait_people (ann, 2);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (bot_watches, vic, 5000));
  token = g_strdup (pj_client_get_token (vic->client));

  /* the link drops (no bye): back with the token, watching as before */
  bot_kill (vic);
  wait_people (ann, 1);
  g_byte_array_set_size (vic->received, 0);
  g_assert_true (bot_connect (vic, "127.0.0.1", t->port));
  g_assert_no_error (vic->connect_error);
  g_assert_cmpint (pj_client_get_seat (vic->client), ==, -1);
  g_assert_cmpstr (pj_client_get_token (vic->client), ==, token);
  g_assert_true (run_until (bot_watches, vic, 5000));
  g_assert_cmpuint (check_no_leaks (vic->received, -1), >, 0);
  wait_people (ann, 2);
  g_assert_cmpuint (count_events (t, "refusal"), ==, 0);

  /* the same token on a new link while the old one hangs on: the new one
   * takes the place (a half-open link is not a second spectator) */
  pj_client_set_token (twin->client, token);
  g_assert_true (bot_connect (twin, "127.0.0.1", t->port));
  g_assert_cmpint (pj_client_get_seat (twin->client), ==, -1);
  g_assert_true (run_until (bot_disconnected, vic, 5000));
  wait_people (ann, 2);

  /* a token the host never gave */
  vic->disconnected = FALSE;
  pj_client_set_token (vic->client, "0123456789abcdef0123456789abcdef");
  g_assert_false (bot_connect (vic, "127.0.0.1", t->port));
  g_assert_error (vic->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN);

  /* a spectator who said bye left for good: the token is void */
  bot_disconnect_finalized (twin);
  wait_people (ann, 1);
  g_clear_error (&vic->connect_error);
  pj_client_set_token (vic->client, token);
  g_assert_false (bot_connect (vic, "127.0.0.1", t->port));
  g_assert_error (vic->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN);

  /* nor does a removed spectator's token open anything */
  g_clear_error (&vic->connect_error);
  pj_client_set_token (vic->client, NULL);
  g_assert_true (bot_connect (vic, "127.0.0.1", t->port));
  second = g_strdup (pj_client_get_token (vic->client));
  g_assert_true (pj_host_kick (t->host, pj_client_get_person_id (vic->client), FALSE, NULL));
  g_assert_true (run_until (bot_disconnected, vic, 5000));
  pj_client_set_token (vic->client, second);
  g_assert_false (bot_connect (vic, "127.0.0.1", t->port));
  g_assert_error (vic->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN);
  /* and the seat was never at stake */
  g_assert_cmpstr (pj_host_get_seat_token_for_testing (t->host, 0), ==, pj_client_get_token (ann->client));
  table_free (t);
}

static gboolean
bot_in_lobby (gpointer data)
{
  return pj_client_get_phase (((Bot *) data)->client) == PJ_NET_PHASE_LOBBY;
}

static gboolean
bot_dealt_again (gpointer data)
{
  Bot *bot = data;

  return pj_client_get_phase (bot->client) == PJ_NET_PHASE_PLAYING && bot->n_updates > 0;
}

/* After a game the host goes back to the lobby itself: the people still
 * here stay (seated ones not ready), absent people's seats open, computer
 * seats stay; a spectator keeps watching, comes back with its token after
 * a drop, and is dealt the next game as a new one. */
static void
test_back_to_lobby (void)
{
  Table *t = table_new (NULL, 3);
  Bot *ann = table_add_bot (t, "Ann");
  Bot *vic = table_add_bot (t, "Vic");
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  PjGame *first_game;
  PjNetSeatInfo info;

  g_object_set (t->host, "computer-delay-ms", 0, NULL);
  g_assert_true (bot_connect (vic, "127.0.0.1", t->port));
  g_assert_true (bot_connect (ann, "127.0.0.1", t->port));
  sit_ready (t, ann, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_false (pj_host_back_to_lobby (t->host, &error));
  g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE);
  g_assert_true (run_until (host_over, t, 30000));
  g_assert_true (run_until (bot_watches, vic, 5000));
  first_game = pj_client_get_game (vic->client);
  g_object_add_weak_pointer (G_OBJECT (first_game), (gpointer *) &first_game);

  g_assert_true (pj_host_back_to_lobby (t->host, NULL));
  g_assert_cmpint (pj_host_get_phase (t->host), ==, PJ_NET_PHASE_LOBBY);
  g_assert_null (pj_host_get_game (t->host));
  pj_host_get_seat_info (t->host, 0, &info);
  g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_HUMAN);
  g_assert_true (info.connected);
  g_assert_false (info.ready);
  pj_host_get_seat_info (t->host, 3, &info);
  g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_COMPUTER);
  g_assert_true (run_until (bot_in_lobby, vic, 5000));
  g_assert_true (run_until (bot_in_lobby, ann, 5000));
  g_assert_false (vic->disconnected);
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 2);

  /* the next deal is a new game for everyone */
  vic->n_updates = 0;
  sit_ready (t, ann, 0);
  g_assert_true (pj_host_start_game (t->host, NULL));
  g_assert_true (run_until (bot_dealt_again, vic, 5000));
  g_assert_null (first_game);

  /* the spectator's token outlived the first game */
  token = g_strdup (pj_client_get_token (vic->client));
  bot_kill (vic);
  wait_people (ann, 1);
  g_assert_true (bot_connect (vic, "127.0.0.1", t->port));
  g_assert_cmpstr (pj_client_get_token (vic->client), ==, token);
  table_free (t);
}

/* The name a person is shown by, as the host lists it. */
static const char *
person_name (Table *t,
             Bot   *bot)
{
  PjNetPerson person;

  for (guint i = 0; pj_host_get_person (t->host, i, &person); i++)
    if (person.id == pj_client_get_person_id (bot->client))
      return person.name;
  return NULL;
}

static gboolean
sees_six (gpointer data)
{
  return pj_client_get_n_people (((Bot *) data)->client) == 6;
}

/* Names are cleaned at the door: no control or bidi character reaches
 * anyone, a name is bounded in characters, a second "Ann" is told apart,
 * and a name of nothing but such characters is refused. The table's own
 * name is cleaned the same way. */
static void
test_names_cleaned (void)
{
  Table *t = table_new (NULL, 1);
  Bot *ann = table_add_bot (t, "\u202EAnn\u2066\u200E\x01\x1b[2J\xc2\x85 ");
  Bot *twin = table_add_bot (t, "ANN[2j");
  Bot *copycat = table_add_bot (t, "Ann[2J\u200F");
  Bot *computer = table_add_bot (t, "Yellow (easy)");
  Bot *long_name = table_add_bot (t, "0123456789012345678901234567890123456789");
  Bot *empty = table_add_bot (t, "\u202A\u202B\u202C\u202D\u2067\u2068\u2069\x7f");
  Bot *joiner = table_add_bot (t, "Zo\u00eb \U0001F469\u200D\U0001F467\tLi\u00a0\u00a0\u674e");
  g_autoptr (PjHost) named = pj_host_new ("The \u202Ekitchen\u202C\ntable\x07", NULL);
  PjNetSeatInfo info;

  g_assert_cmpstr (pj_host_get_table_name (named), ==, "The kitchen table");
  pj_host_get_seat_info (t->host, 3, &info);
  g_assert_cmpstr (info.name, ==, "Yellow (easy)");

  for (guint i = 0; i < t->bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (t->bots, i);

      if (bot == empty)
        {
          g_assert_false (bot_connect (bot, "127.0.0.1", t->port));
          g_assert_error (bot->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD);
        }
      else
        g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
    }
  /* the escape goes; what it would have said is plain text */
  g_assert_cmpstr (person_name (t, ann), ==, "Ann[2J");
  g_assert_cmpstr (person_name (t, twin), ==, "ANN[2j 2");
  g_assert_cmpstr (person_name (t, copycat), ==, "Ann[2J 3");
  g_assert_cmpstr (person_name (t, computer), ==, "Yellow (easy) 2");
  g_assert_cmpstr (person_name (t, long_name), ==, "01234567890123456789012345678901");
  g_assert_cmpstr (person_name (t, joiner), ==, "Zo\u00eb \U0001F469\u200D\U0001F467 Li \u674e");
  /* what every guest's lobby shows */
  g_assert_true (run_until (sees_six, joiner, 5000));
  for (guint i = 0; i < pj_client_get_n_people (joiner->client); i++)
    {
      PjNetPerson person;

      PjNetPerson hosts;

      g_assert_true (pj_client_get_person (joiner->client, i, &person));
      g_assert_true (pj_host_get_person (t->host, i, &hosts));
      g_assert_cmpuint (person.id, ==, hosts.id);
      g_assert_cmpstr (person.name, ==, hosts.name);
      g_assert_true (g_utf8_validate (person.name, -1, NULL));
      for (const char *p = person.name; *p; p = g_utf8_next_char (p))
        g_assert_false (g_unichar_iscntrl (g_utf8_get_char (p)) ||
                        (g_unichar_type (g_utf8_get_char (p)) == G_UNICODE_FORMAT &&
                         g_utf8_get_char (p) != 0x200D));
    }
  table_free (t);
}

/* Every name the door lets through is kept by the save and comes back
 * with the table after a restart. */
static void
test_names_stored (void)
{
  static const char *const names[] = {
    "Zo\u00eb \U0001F469\u200D\U0001F467 \u674e\u5c0f\u9f8d",
    "\u0645\u0631\u064a\u0645 \u05e9\u05dc\u05d5\u05dd \"q\" \\ / {}",
    "\u0928\u092e\u0938\u094d\u0924\u0947 e\u0301",
  };
  Table *t = table_new_named (names[1], NULL, 1);
  g_autofree char *dir = g_dir_make_tmp ("pj-net-names-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.pjgame", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  g_autoptr (GError) error = NULL;
  char *shown[G_N_ELEMENTS (names)];
  g_autofree char *table_name = NULL;
  PjHost *second;

  /* a table's name too */
  table_name = g_strdup (pj_host_get_table_name (t->host));
  g_assert_cmpstr (table_name, !=, "");
  pj_host_set_save_path (t->host, path);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      Bot *bot = table_add_bot (t, names[i]);

      bot->autoplay = FALSE;
      g_assert_true (bot_connect (bot, "127.0.0.1", t->port));
      sit_ready (t, bot, i);
      shown[i] = g_strdup (person_name (t, bot));
      g_assert_nonnull (shown[i]);
    }
  /* the composed form: "e" and its accent are one character */
  g_assert_nonnull (strstr (shown[2], "\u00e9"));
  g_assert_true (pj_host_start_game (t->host, NULL));
  run_for (50);
  pj_host_stop (t->host);
  run_for (50);

  second = pj_host_new_from_save (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pj_host_get_table_name (second), ==, table_name);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      PjNetSeatInfo info;

      pj_host_get_seat_info (second, i, &info);
      g_assert_cmpstr (info.name, ==, shown[i]);
      g_free (shown[i]);
    }
  pj_host_stop (second);
  run_until_last_ref (second, 5000);
  g_assert_finalize_object (second);
  table_free (t);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (dir);
}

/* Set a string member of the JSON object at file's top (member) or in
 * its array array's element index, as an older build may have left it. */
static void
rewrite_json (const char *path,
              const char *array,
              guint       index,
              const char *member,
              const char *value)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *o;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  if (array)
    o = json_array_get_object_element (json_object_get_array_member (o, array), index);
  g_assert_true (json_object_has_member (o, member));
  json_object_set_string_member (o, member, value);
  json_generator_set_root (gen, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (gen, path, &error));
  g_assert_no_error (error);
}

/* A save and token file of an older build, which took names as they came:
 * control and bidi characters in a seat's name and the table's come back
 * cleaned, as a name said at the door is. */
static void
test_names_from_old_files (void)
{
  Table *t = table_new (NULL, 2);
  g_autofree char *dir = g_dir_make_tmp ("pj-net-old-names-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.pjgame", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  g_autofree char *backup = NULL;
  g_autoptr (GError) error = NULL;
  PjNetSeatInfo info;
  PjHost *second;
  Bot *ann, *bob;

  pj_host_set_save_path (t->host, path);
  ann = table_add_bot (t, "Ann");
  bob = table_add_bot (t, "Bob");
  ann->autoplay = bob->autoplay = FALSE;
  g_assert_true (bot_connect (ann, "127.0.0.1", t->port));
  g_assert_true (bot_connect (bob, "127.0.0.1", t->port));
  sit_ready (t, ann, 0);
  sit_ready (t, bob, 1);
  g_assert_true (pj_host_start_game (t->host, NULL));
  run_for (50);
  pj_host_stop (t->host);
  run_for (50);

  rewrite_json (path, "seats", 0, "name", "A\u202enn\007\nX");
  rewrite_json (path, "seats", 1, "name", "\u200b\u2066\001");
  rewrite_json (tokens, NULL, 0, "table", "Ev\u202eil\r\nTable\u061c");
  second = pj_host_new_from_save (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pj_host_get_table_name (second), ==, "Evil Table");
  pj_host_get_seat_info (second, 0, &info);
  g_assert_cmpstr (info.name, ==, "Ann X");
  /* nothing left to show: the seat goes by its colour */
  pj_host_get_seat_info (second, 1, &info);
  g_assert_cmpstr (info.name, ==, pj_colour_name (1));
  pj_host_stop (second);
  run_until_last_ref (second, 5000);
  g_assert_finalize_object (second);
  table_free (t);
  backup = pj_file_backup_path (path);
  g_unlink (backup);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (dir);
}

/* Guesses from 5,000 addresses at once, then for 5 s: the table gives no
 * more answers than its budget (each address alone would get one), an
 * IPv6 /64 is one address, a right answer gives its turn back, and every
 * address is forgotten a while after its last failure. The guard's own
 * clock: no real time passes. */
static void
test_answers_table_budget (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Guarded", "secret");
  gint64 start = 1000 * G_USEC_PER_SEC;
  guint answered = 0, remembered;

  pj_host_set_now_for_testing (host, start);
  for (guint step = 0; step <= 50; step++)
    {
      pj_host_set_now_for_testing (host, start + step * G_USEC_PER_SEC / 10);
      for (guint i = 0; i < 5000; i++)
        {
          g_autofree char *text = g_strdup_printf ("10.%u.%u.%u", i >> 16, (i >> 8) & 0xff, i & 0xff);
          g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);

          answered += pj_host_try_answer_for_testing (host, address, FALSE);
        }
    }
  g_test_message ("%u wrong-password answers to 5,000 addresses in 5 s", answered);
  g_assert_cmpuint (answered, >=, PJ_NET_AUTH_TABLE_BURST);
  g_assert_cmpuint (answered, <=, PJ_NET_AUTH_TABLE_BURST + 5 * PJ_NET_AUTH_TABLE_RATE + 1);

  /* a thousand addresses of one far /64 wait as one */
  pj_host_set_now_for_testing (host, start + 100 * G_USEC_PER_SEC);
  answered = 0;
  for (guint i = 1; i <= 1000; i++)
    {
      g_autofree char *text = g_strdup_printf ("2001:db8:5:6:%x::%x", i, i);
      g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);

      answered += pj_host_try_answer_for_testing (host, address, FALSE);
    }
  g_assert_cmpuint (answered, ==, 1);

  /* the budget holds back guesses, not the people who know the password */
  for (guint i = 0; i < PJ_NET_AUTH_TABLE_BURST + 5; i++)
    {
      g_autofree char *text = g_strdup_printf ("192.168.7.%u", i + 1);
      g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);

      g_assert_true (pj_host_try_answer_for_testing (host, address, TRUE));
    }

  /* the flood left only the addresses that failed, and they decay */
  remembered = pj_host_forget_peers_for_testing (host);
  g_assert_cmpuint (remembered, >, 0);
  g_assert_cmpuint (remembered, <=, PJ_NET_AUTH_TABLE_BURST + 5 * PJ_NET_AUTH_TABLE_RATE + 2);
  pj_host_set_now_for_testing (host, start + 100 * G_USEC_PER_SEC + (gint64) PJ_NET_AUTH_FORGET_MS * 1000 + 1);
  g_assert_cmpuint (pj_host_forget_peers_for_testing (host), ==, 0);
}

/* Joins from 500 addresses, each once a second for 5 s, under one name or
 * one spectator's token: the table greets no more than one address would
 * get, while as many people with names of their own all come in. The
 * guard's own clock: no real time passes. */
static void
test_joins_by_name_and_token (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Guarded", NULL);
  g_autofree char *token = g_strnfill (PJ_NET_TOKEN_LEN, 'a');
  gint64 start = 1000 * G_USEC_PER_SEC;
  guint by_name = 0, by_token = 0, own = 0;

  for (guint step = 0; step <= 5; step++)
    {
      pj_host_set_now_for_testing (host, start + step * G_USEC_PER_SEC);
      for (guint i = 0; i < 500; i++)
        {
          g_autofree char *text = g_strdup_printf ("10.1.%u.%u", i >> 8, i & 0xff);
          g_autofree char *other = g_strdup_printf ("10.2.%u.%u", i >> 8, i & 0xff);
          g_autofree char *third = g_strdup_printf ("10.3.%u.%u", i >> 8, i & 0xff);
          g_autofree char *name = g_strdup_printf ("Guest %u-%u", step, i);
          g_autofree char *watcher = g_strdup_printf ("Watcher %u-%u", step, i);
          g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);
          g_autoptr (GInetAddress) address2 = g_inet_address_new_from_string (other);
          g_autoptr (GInetAddress) address3 = g_inet_address_new_from_string (third);

          /* the case of a name does not make it another */
          by_name += pj_host_try_join_for_testing (host, address, i % 2 ? "ANN" : "ann", NULL) == 0;
          by_token += pj_host_try_join_for_testing (host, address2, watcher, token) == 0;
          own += pj_host_try_join_for_testing (host, address3, name, NULL) == 0;
        }
    }
  g_test_message ("joins in 5 s from 500 addresses: %u under one name, %u with one token, %u with their own",
                  by_name, by_token, own);
  g_assert_cmpuint (by_name, >=, 1);
  g_assert_cmpuint (by_name, <=, PJ_NET_JOIN_BURST + 5 * 1000 / PJ_NET_JOIN_INTERVAL_MS);
  g_assert_cmpuint (by_token, >=, 1);
  g_assert_cmpuint (by_token, <=, PJ_NET_JOIN_BURST + 5 * 1000 / PJ_NET_JOIN_INTERVAL_MS);
  g_assert_cmpuint (own, ==, 6 * 500);

  /* the budgets are forgotten once full again */
  pj_host_set_now_for_testing (host, start + 1000 * G_USEC_PER_SEC);
  g_assert_cmpuint (pj_host_forget_peers_for_testing (host), ==, 0);
}

/* Chat under one name from 500 addresses in turn, and with one seat's
 * token from 500 more, for 10 s: a guest who comes back from another
 * address (or with its token) finds its chat budget as it left it, while
 * as many people with names of their own all talk. The guard's own
 * clock: no real time passes. */
static void
test_chat_by_name_and_token (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Guarded", NULL);
  g_autofree char *token = g_strnfill (PJ_NET_TOKEN_LEN, 'b');
  gint64 start = 1000 * G_USEC_PER_SEC;
  guint by_name = 0, by_token = 0, own = 0;
  guint bound = PJ_NET_CHAT_BURST + 10 * 1000 / PJ_NET_CHAT_INTERVAL_MS;

  for (guint step = 0; step <= 10; step++)
    {
      pj_host_set_now_for_testing (host, start + step * G_USEC_PER_SEC);
      for (guint i = 0; i < 50; i++)
        {
          guint n = step * 50 + i;
          g_autofree char *text = g_strdup_printf ("10.1.%u.%u", n >> 8, n & 0xff);
          g_autofree char *other = g_strdup_printf ("10.2.%u.%u", n >> 8, n & 0xff);
          g_autofree char *third = g_strdup_printf ("10.3.%u.%u", n >> 8, n & 0xff);
          g_autofree char *name = g_strdup_printf ("Guest %u", n);
          g_autofree char *seated = g_strdup_printf ("Seated %u", n);
          g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);
          g_autoptr (GInetAddress) address2 = g_inet_address_new_from_string (other);
          g_autoptr (GInetAddress) address3 = g_inet_address_new_from_string (third);

          /* the case of a name does not make it another */
          by_name += pj_host_try_chat_for_testing (host, address, i % 2 ? "ANN" : "ann", NULL);
          by_token += pj_host_try_chat_for_testing (host, address2, seated, token);
          own += pj_host_try_chat_for_testing (host, address3, name, NULL);
        }
    }
  g_test_message ("chat lines in 10 s from 550 addresses: %u under one name, %u with one token, %u with their own",
                  by_name, by_token, own);
  g_assert_cmpuint (by_name, >=, 1);
  g_assert_cmpuint (by_name, <=, bound);
  g_assert_cmpuint (by_token, >=, 1);
  g_assert_cmpuint (by_token, <=, bound);
  g_assert_cmpuint (own, ==, 11 * 50);

  /* a refused line spends nothing: the name's budget is not drained by
   * an address already over its own */
  {
    g_autoptr (GInetAddress) one = g_inet_address_new_from_string ("10.9.0.1");
    guint said = 0;

    pj_host_set_now_for_testing (host, start + 100 * G_USEC_PER_SEC);
    for (guint i = 0; i < 3 * PJ_NET_CHAT_BURST; i++)
      said += pj_host_try_chat_for_testing (host, one, i < PJ_NET_CHAT_BURST ? "Bob" : "Carol", NULL);
    g_assert_cmpuint (said, ==, PJ_NET_CHAT_BURST);
    g_autoptr (GInetAddress) two = g_inet_address_new_from_string ("10.9.0.2");
    said = 0;
    for (guint i = 0; i < 2 * PJ_NET_CHAT_BURST; i++)
      said += pj_host_try_chat_for_testing (host, two, "Carol", NULL);
    g_assert_cmpuint (said, ==, PJ_NET_CHAT_BURST);
  }

  /* the budgets are forgotten once full again */
  pj_host_set_now_for_testing (host, start + 1000 * G_USEC_PER_SEC);
  g_assert_cmpuint (pj_host_forget_peers_for_testing (host), ==, 0);
}

/* However many addresses knock, the table remembers a bounded number. */
static void
test_peers_bounded (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Guarded", NULL);

  pj_host_set_now_for_testing (host, 1000 * G_USEC_PER_SEC);
  for (guint i = 0; i < 3 * PJ_NET_MAX_PEERS; i++)
    {
      g_autofree char *text = g_strdup_printf ("10.9.%u.%u", i >> 8, i & 0xff);
      g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);

      pj_host_try_answer_for_testing (host, address, FALSE);
    }
  g_assert_cmpuint (pj_host_forget_peers_for_testing (host), <=, PJ_NET_MAX_PEERS);
}

static gboolean
has_errors (gpointer data)
{
  Bot *bot = data;
  return bot->errors->len >= PJ_NET_CHAT_BURST;
}

/* Connect, eight lines, bye, again: the chat budget is the address's, so
 * the second and third guests of the loop are told to slow down and
 * nothing of theirs is relayed. */
static void
test_chat_across_reconnects (void)
{
  Table *t = table_new (NULL, 0);
  Bot *reader = table_add_bot (t, "Reader");

  g_assert_true (bot_connect (reader, "127.0.0.1", t->port));
  for (guint round = 0; round < 3; round++)
    {
      g_autofree char *name = g_strdup_printf ("Loop %u", round);
      Bot *flooder = bot_new (name, PJ_AI_EASY);

      g_assert_true (bot_connect (flooder, "127.0.0.1", t->port));
      for (guint i = 0; i < PJ_NET_CHAT_BURST; i++)
        pj_client_send_chat (flooder->client, "spam spam spam", FALSE);
      if (round == 0)
        g_assert_true (run_until (read_burst, reader, 5000));
      else
        {
          g_assert_true (run_until (has_errors, flooder, 5000));
          g_assert_cmpint (g_array_index (flooder->errors, int, 0), ==, PJ_NET_ERROR_SLOW_DOWN);
        }
      bot_disconnect_finalized (flooder);
      bot_free (flooder);
    }
  run_for (100);
  /* a line may have come back in the time the loop took (one in 2 s) */
  g_assert_cmpuint (reader->n_chat, <=, PJ_NET_CHAT_BURST + 2);
  table_free (t);
}

/* One address has a bounded share of the table's places, and of hellos
 * greeted in a row, whoever says bye in between. */
static void
test_address_places (void)
{
  Table *t = table_new (NULL, 0);
  Bot *late;

  pj_host_set_address_limits_for_testing (t->host, 3, 5);
  /* the guard's clock stands still: a TLS handshake can take more than the
   * second that gives a greeting back (the sanitizers), and this is about
   * the burst, not the pace */
  pj_host_set_now_for_testing (t->host, g_get_monotonic_time ());
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("Watcher %u", i);
      g_assert_true (bot_connect (table_add_bot (t, name), "127.0.0.1", t->port));
    }
  late = table_add_bot (t, "Fourth");
  g_assert_false (bot_connect (late, "127.0.0.1", t->port));
  g_assert_error (late->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_TABLE_FULL);
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 3);

  /* one leaves: a place, and two greetings left of the five */
  bot_disconnect_finalized (g_ptr_array_index (t->bots, 0));
  for (guint i = 0; i < 2; i++)
    {
      Bot *again = table_add_bot (t, "Again");

      g_assert_true (bot_connect (again, "127.0.0.1", t->port));
      bot_disconnect_finalized (again);
    }
  late = table_add_bot (t, "Sixth");
  g_assert_false (bot_connect (late, "127.0.0.1", t->port));
  g_assert_error (late->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_SLOW_DOWN);
  g_assert_cmpuint (count_events (t, "refusal"), >=, 2);
  table_free (t);
}

/* ---- output budgets: host-side connections of loopback pairs ------------------ */

typedef struct {
  GSocketConnection *near;    /* the host's end */
  GSocketConnection *far;     /* the guest's end: read by the test, or never */
  PjNetConnection   *conn;
  gboolean           closed;
  GString           *got;
} Pair;

static void
pair_closed (PjNetConnection *conn,
             const GError    *error,
             gpointer         data)
{
  ((Pair *) data)->closed = TRUE;
}

static const PjNetConnectionCallbacks pair_callbacks = { NULL, NULL, pair_closed };

static Pair *
pair_new (GSocketListener *listener,
          guint16          port,
          gboolean         reads)
{
  Pair *pair = g_new0 (Pair, 1);
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;

  pair->far = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  pair->near = g_socket_listener_accept (listener, NULL, NULL, &error);
  g_assert_no_error (error);
  if (!reads)
    {
      /* small kernel buffers: what does not fit is the host's to keep */
      g_socket_set_option (g_socket_connection_get_socket (pair->far), SOL_SOCKET, SO_RCVBUF, 4096, NULL);
      g_socket_set_option (g_socket_connection_get_socket (pair->near), SOL_SOCKET, SO_SNDBUF, 4096, NULL);
    }
  g_socket_set_blocking (g_socket_connection_get_socket (pair->far), FALSE);
  pair->conn = pj_net_connection_new (G_IO_STREAM (pair->near), PJ_NET_TO_HOST, &pair_callbacks, pair);
  pair->got = g_string_new (NULL);
  return pair;
}

static void
pair_pump (Pair *pair)
{
  char buf[65536];
  gssize n;

  while ((n = g_socket_receive (g_socket_connection_get_socket (pair->far), buf, sizeof buf, NULL, NULL)) > 0)
    g_string_append_len (pair->got, buf, n);
}

static void
pair_free (Pair *pair)
{
  pj_net_connection_close (pair->conn);
  pj_net_connection_unref (pair->conn);
  g_io_stream_close (G_IO_STREAM (pair->far), NULL, NULL);
  g_object_unref (pair->far);
  g_object_unref (pair->near);
  g_string_free (pair->got, TRUE);
  g_free (pair);
}

/* Eight guests that never read and one that does, each sent 800 KiB:
 * the shared budget (the table's, or the process's) never holds much more
 * than its limit, the ones that stopped reading are cut, the reader gets
 * every byte. */
static void
check_shared_budget (PjNetBudget *table,
                     PjNetBudget *watched,
                     gsize        limit)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) pair_free);
  char line[4096];
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  Pair *reader;
  gsize fair = MIN ((gsize) PJ_NET_QUEUED_FAIR, limit / PJ_NET_MAX_CLIENTS);
  gint64 deadline;

  g_assert_no_error (error);
  memset (line, 'x', sizeof line);
  line[sizeof line - 1] = '\n';
  for (guint i = 0; i < 9; i++)
    {
      Pair *pair = pair_new (listener, port, i == 0);

      if (table)
        pj_net_connection_set_budget (pair->conn, table);
      g_ptr_array_add (pairs, pair);
    }
  reader = g_ptr_array_index (pairs, 0);
  for (guint round = 0; round < 200; round++)
    {
      for (guint i = 0; i < pairs->len; i++)
        pj_net_connection_send_raw (((Pair *) g_ptr_array_index (pairs, i))->conn, line, sizeof line);
      while (g_main_context_iteration (NULL, FALSE))
        ;
      pair_pump (reader);
    }
  deadline = g_get_monotonic_time () + test_scaled_ms (5000) * (gint64) 1000;
  while (reader->got->len < 200 * sizeof line && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      pair_pump (reader);
      g_usleep (1000);
    }
  g_test_message ("peak %" G_GSIZE_FORMAT " bytes queued (limit %" G_GSIZE_FORMAT ")",
                  pj_net_budget_get_peak (watched), limit);
  g_assert_cmpuint (pj_net_budget_get_peak (watched), <=, limit + 9 * (fair + sizeof line + 64));
  g_assert_cmpuint (reader->got->len, ==, 200 * sizeof line);
  g_assert_false (reader->closed);
  for (guint i = 1; i < pairs->len; i++)
    g_assert_true (((Pair *) g_ptr_array_index (pairs, i))->closed);
  g_ptr_array_set_size (pairs, 0);
  run_for (50);
}

static void
test_output_budget (void)
{
  g_autoptr (PjNetBudget) table = pj_net_budget_new (256 * 1024);

  /* a table's */
  check_shared_budget (table, table, 256 * 1024);
  g_assert_cmpuint (pj_net_budget_get_queued (table), ==, 0);
  /* the process's, with no table's */
  pj_net_set_process_limit_for_testing (256 * 1024);
  check_shared_budget (NULL, pj_net_process_budget (), 256 * 1024);
  pj_net_set_process_limit_for_testing (0);
}

/* A guest that reads slowly while the lobby changes a hundred times is
 * sent the newest lobby, once. */
static void
test_lobby_coalesced (void)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  Pair *pair = pair_new (listener, port, FALSE);
  char filler[1024];
  gsize before;
  guint n_lobbies = 0;
  gint64 deadline;

  g_assert_no_error (error);
  memset (filler, 'f', sizeof filler);
  filler[sizeof filler - 1] = '\n';
  for (guint i = 0; i < 4096 && pj_net_connection_get_queued (pair->conn) == 0; i++)
    pj_net_connection_send_raw (pair->conn, filler, sizeof filler);
  g_assert_cmpuint (pj_net_connection_get_queued (pair->conn), >, 0);
  before = pj_net_connection_get_queued (pair->conn);
  for (guint i = 1; i <= 100; i++)
    {
      g_autoptr (JsonObject) lobby = pj_net_message_new (PJ_MSG_LOBBY);

      json_object_set_int_member (lobby, "version", i);
      pj_net_connection_send_latest (pair->conn, lobby);
    }
  g_assert_cmpuint (pj_net_connection_get_queued (pair->conn), <=, before + 200);
  /* the guest reads it all now */
  deadline = g_get_monotonic_time () + test_scaled_ms (5000) * (gint64) 1000;
  while (strstr (pair->got->str, "\"version\":100") == NULL && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      pair_pump (pair);
      g_usleep (1000);
    }
  for (const char *p = pair->got->str; (p = strstr (p, "\"lobby\"")) != NULL; p++)
    n_lobbies++;
  g_assert_nonnull (strstr (pair->got->str, "\"version\":100"));
  g_assert_cmpuint (n_lobbies, ==, 1);
  g_assert_false (pair->closed);
  pair_free (pair);
  run_for (50);
}

/* ---- a man in the middle ------------------------------------------------------ */

/* A relay that ends the guest's TLS with a certificate of its own (a first
 * join: no pin to stop it) and either passes every line on to the table
 * through TLS of its own, or, as an impostor, answers as a host itself.
 * It reads everything the guest says, in clear. */
typedef struct {
  GSocketService  *service;
  guint16          port;
  guint16          table_port;   /* 0: an impostor */
  GTlsCertificate *certificate;
  GPtrArray       *links;
  GString         *heard;        /* what guests said */
} Relay;

typedef struct {
  Relay     *relay;
  GIOStream *guest;
  GIOStream *table;
  guint8     from_guest[4096];
  guint8     from_table[4096];
} RelayLink;

static void relay_read_guest (RelayLink *link);

static void
relay_link_free (RelayLink *link)
{
  g_clear_object (&link->guest);
  g_clear_object (&link->table);
  g_free (link);
}

static void
relay_say (GIOStream  *stream,
           const void *data,
           gsize       len)
{
  g_output_stream_write_all (g_io_stream_get_output_stream (stream), data, len, NULL, NULL, NULL);
}

static void
relay_guest_read_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  RelayLink *link = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n <= 0)
    return;
  g_string_append_len (link->relay->heard, (const char *) link->from_guest, n);
  if (link->table)
    relay_say (link->table, link->from_guest, (gsize) n);
  else if (strstr (link->relay->heard->str, "\"hello\""))
    {
      /* the impostor welcomes anyone, with a host proof it cannot make */
      static const char welcome[] =
        "{\"type\":\"welcome\",\"protocol\":3,\"token\":\"00112233445566778899aabbccddeeff\","
        "\"seat\":-1,\"table\":\"Test table\",\"id\":1,\"host_proof\":"
        "\"0000000000000000000000000000000000000000000000000000000000000000\"}\n";
      relay_say (link->guest, welcome, strlen (welcome));
    }
  relay_read_guest (link);
}

static void
relay_read_guest (RelayLink *link)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (link->guest), link->from_guest,
                             sizeof link->from_guest, G_PRIORITY_DEFAULT, NULL,
                             relay_guest_read_cb, link);
}

static void relay_read_table (RelayLink *link);

static void
relay_table_read_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  RelayLink *link = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n <= 0)
    {
      /* the table hung up: so does the relay */
      g_io_stream_close (link->guest, NULL, NULL);
      return;
    }
  relay_say (link->guest, link->from_table, (gsize) n);
  relay_read_table (link);
}

static void
relay_read_table (RelayLink *link)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (link->table), link->from_table,
                             sizeof link->from_table, G_PRIORITY_DEFAULT, NULL,
                             relay_table_read_cb, link);
}

static gboolean
relay_accept_any (GTlsConnection       *tls,
                  GTlsCertificate      *certificate,
                  GTlsCertificateFlags  errors,
                  gpointer              user_data)
{
  return TRUE;
}

static void
relay_table_secured_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  RelayLink *link = user_data;

  g_assert_true (g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, NULL));
  relay_read_table (link);
  relay_read_guest (link);
}

static void
relay_guest_secured_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  RelayLink *link = user_data;
  g_autoptr (GSocketClient) sc = NULL;
  g_autoptr (GSocketConnection) conn = NULL;
  g_autoptr (GError) error = NULL;

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, NULL))
    return;
  if (link->relay->table_port == 0)
    {
      static const char challenge[] =
        "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\","
        "\"protocol_min\":3,\"protocol_max\":3}\n";
      relay_say (link->guest, challenge, strlen (challenge));
      relay_read_guest (link);
      return;
    }
  sc = g_socket_client_new ();
  conn = g_socket_client_connect_to_host (sc, "127.0.0.1", link->relay->table_port, NULL, &error);
  g_assert_no_error (error);
  link->table = g_tls_client_connection_new (G_IO_STREAM (conn), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (link->table, "accept-certificate", G_CALLBACK (relay_accept_any), NULL);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (link->table), G_PRIORITY_DEFAULT, NULL,
                                    relay_table_secured_cb, link);
}

static gboolean
relay_incoming_cb (GSocketService    *service,
                   GSocketConnection *connection,
                   GObject           *source,
                   gpointer           user_data)
{
  Relay *relay = user_data;
  RelayLink *link = g_new0 (RelayLink, 1);
  g_autoptr (GError) error = NULL;

  link->relay = relay;
  link->guest = g_tls_server_connection_new (G_IO_STREAM (connection), relay->certificate, &error);
  g_assert_no_error (error);
  g_ptr_array_add (relay->links, link);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (link->guest), G_PRIORITY_DEFAULT, NULL,
                                    relay_guest_secured_cb, link);
  return TRUE;
}

static Relay *
relay_new (guint16 table_port)
{
  Relay *relay = g_new0 (Relay, 1);
  g_autoptr (GError) error = NULL;

  relay->table_port = table_port;
  relay->certificate = pj_net_tls_make (&error);
  g_assert_no_error (error);
  relay->links = g_ptr_array_new_with_free_func ((GDestroyNotify) relay_link_free);
  relay->heard = g_string_new (NULL);
  relay->service = g_socket_service_new ();
  relay->port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (relay->service), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (relay->service, "incoming", G_CALLBACK (relay_incoming_cb), relay);
  g_socket_service_start (relay->service);
  return relay;
}

static void
relay_free (Relay *relay)
{
  g_socket_service_stop (relay->service);
  g_socket_listener_close (G_SOCKET_LISTENER (relay->service));
  for (guint i = 0; i < relay->links->len; i++)
    {
      RelayLink *link = g_ptr_array_index (relay->links, i);
      g_io_stream_close (link->guest, NULL, NULL);
      if (link->table)
        g_io_stream_close (link->table, NULL, NULL);
    }
  /* the reads in flight end (closed) before their links go */
  run_for (100);
  g_ptr_array_unref (relay->links);
  g_object_unref (relay->service);
  g_object_unref (relay->certificate);
  g_string_free (relay->heard, TRUE);
  g_free (relay);
}

/* On a table with a password the proofs answer the TLS channel, and the
 * host proves the password too: a relay with a certificate of its own
 * (the guest's first join, nothing pinned) passes on a proof the table
 * refuses, and posing as the table it cannot welcome the guest. */
static void
test_relay_gets_nothing (void)
{
  Table *t = table_new ("secret", 0);
  Relay *relay = relay_new (t->port);
  Relay *impostor = relay_new (0);
  Bot *through = table_add_bot (t, "Ann");
  Bot *fooled = table_add_bot (t, "Bea");
  Bot *straight = table_add_bot (t, "Cy");

  pj_client_set_password (through->client, "secret");
  g_assert_false (bot_connect (through, "127.0.0.1", relay->port));
  g_assert_error (through->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_PASSWORD);
  g_assert_nonnull (strstr (relay->heard->str, "\"proof\""));
  g_assert_null (strstr (relay->heard->str, "secret"));
  g_assert_cmpuint (pj_host_get_n_people (t->host), ==, 0);

  pj_client_set_password (fooled->client, "secret");
  g_assert_false (bot_connect (fooled, "127.0.0.1", impostor->port));
  g_assert_error (fooled->connect_error, PJ_NET_ERROR, PJ_NET_ERROR_HOST_UNPROVEN);
  g_assert_true (pj_net_error_is_final (fooled->connect_error));
  g_assert_nonnull (strstr (impostor->heard->str, "\"hello\""));

  /* the same password, straight to the table: in, and the table proved itself */
  pj_client_set_password (straight->client, "secret");
  g_assert_true (bot_connect (straight, "127.0.0.1", t->port));
  g_assert_no_error (straight->connect_error);

  relay_free (relay);
  relay_free (impostor);
  table_free (t);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/guard/silent-closed", test_silent_closed);
  g_test_add_func ("/net/guard/token-past-silent-sockets", test_token_past_silent_sockets);
  g_test_add_func ("/net/guard/refusal-log-bounded", test_refusal_log_bounded);
  g_test_add_func ("/net/guard/password-rate", test_password_rate);
  g_test_add_func ("/net/guard/token-rate", test_token_rate);
  g_test_add_func ("/net/guard/hmac-login", test_hmac_login);
  g_test_add_func ("/net/guard/relay-gets-nothing", test_relay_gets_nothing);
  g_test_add_func ("/net/guard/chat-flood", test_chat_flood);
  g_test_add_func ("/net/guard/slow-drip", test_slow_drip);
  g_test_add_func ("/net/guard/host-drops-silent-client", test_host_drops_silent_client);
  g_test_add_func ("/net/guard/client-drops-silent-host", test_client_drops_silent_host);
  g_test_add_func ("/net/guard/client-gives-up-on-mute-port", test_client_gives_up_on_mute_port);
  g_test_add_func ("/net/guard/cancel-connect", test_cancel_connect);
  g_test_add_func ("/net/guard/kick-and-ban", test_kick_and_ban);
  g_test_add_func ("/net/guard/spectator-reconnect", test_spectator_reconnect);
  g_test_add_func ("/net/guard/back-to-lobby", test_back_to_lobby);
  g_test_add_func ("/net/guard/closed", test_closed);
  g_test_add_func ("/net/guard/version-range", test_version_range);
  g_test_add_func ("/net/guard/events", test_events);
  g_test_add_func ("/net/guard/names-cleaned", test_names_cleaned);
  g_test_add_func ("/net/guard/answers-table-budget", test_answers_table_budget);
  g_test_add_func ("/net/guard/peers-bounded", test_peers_bounded);
  g_test_add_func ("/net/guard/chat-across-reconnects", test_chat_across_reconnects);
  g_test_add_func ("/net/guard/address-places", test_address_places);
  g_test_add_func ("/net/guard/output-budget", test_output_budget);
  g_test_add_func ("/net/guard/lobby-coalesced", test_lobby_coalesced);
  g_test_add_func ("/net/guard/names-stored", test_names_stored);
  g_test_add_func ("/net/guard/names-from-old-files", test_names_from_old_files);
  g_test_add_func ("/net/guard/joins-by-name-and-token", test_joins_by_name_and_token);
  g_test_add_func ("/net/guard/chat-by-name-and-token", test_chat_by_name_and_token);
  return g_test_run ();
}
