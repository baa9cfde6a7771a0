/* test-net-unexpected.c — what a peer may not send, sent anyway: every type
 * only the other side sends, and messages valid in the schema but out of
 * turn. Neither side aborts; the host strikes (and hangs up at the limit),
 * the client reports an error and carries on. And the protocol version the
 * hello agreed on, as each side keeps it.
 *
 * Loopback only; every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <string.h>

#include "net-test-util.h"
#include "pj-net-message.h"

#define WAIT_MS 5000

/* The error the host answered with, waiting for the n-th error line. */
static char *
raw_nth_error (Raw  *raw,
               guint n)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_MS * 1000;

  for (;;)
    {
      guint seen = 0;

      for (guint i = 0; i < raw->lines->len; i++)
        {
          const char *line = g_ptr_array_index (raw->lines, i);
          g_autoptr (JsonObject) msg = NULL;
          PjNetMessageType type;

          if (!pj_net_message_parse (line, strlen (line), PJ_NET_TO_CLIENT, &type, &msg, NULL))
            g_error ("the host sent a bad line: %s", line);
          if (type == PJ_MSG_ERROR && seen++ == n)
            return g_strdup (json_object_get_string_member (msg, "code"));
        }
      if (g_get_monotonic_time () > deadline)
        g_error ("no error number %u from the host", n + 1);
      g_main_context_iteration (NULL, FALSE);
      raw_pump (raw);
      g_usleep (500);
    }
}

static void
raw_wait_for (Raw        *raw,
              const char *text)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_MS * 1000;

  while (raw_find (raw, text) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      raw_pump (raw);
      g_usleep (500);
    }
}

/* A raw guest past the handshake (no password at the table). */
static Raw *
raw_greeted (guint16     port,
             const char *name)
{
  Raw *raw = raw_open (port);
  g_autofree char *nonce = raw_nonce (raw);
  g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"protocol\":3,\"name\":\"%s\"}\n", name);

  raw_send (raw, hello);
  raw_wait_for (raw, "\"welcome\"");
  return raw;
}

static gboolean
raw_closed (gpointer data)
{
  Raw *raw = data;

  raw_pump (raw);
  return raw->eof;
}

/* Every type only the host sends, from a greeted guest: each is refused
 * as an unknown type (a strike), the host goes on, and the guest is still
 * answered until the strikes run out, and then only it goes. */
static void
test_host_takes_no_host_messages (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Strict", NULL);
  g_autoptr (GError) error = NULL;
  Raw *raw;
  guint n = 0;
  Bot *bot;

  g_assert_true (pj_host_listen (host, 0, &error));
  g_assert_no_error (error);
  raw = raw_greeted (pj_host_get_port (host), "Mallory");
  for (guint t = 0; t < PJ_N_MSG; t++)
    {
      g_autofree char *line = NULL;
      g_autofree char *code = NULL;

      if (pj_net_message_allowed (t, PJ_NET_TO_HOST))
        continue;
      g_assert_true (pj_net_message_allowed (t, PJ_NET_TO_CLIENT));
      /* more host-only types than strikes: the rest on a second guest,
       * once this one is shown to be still answered */
      if (n == PJ_NET_MAX_ERROR_STRIKES - 1)
        {
          g_assert_false (raw->eof);
          raw_send (raw, "{\"type\":\"ping\",\"id\":76}\n");
          raw_wait_for (raw, "\"id\":76");
          raw_free (raw);
          raw = raw_greeted (pj_host_get_port (host), "Mallory");
          n = 0;
        }
      line = g_strdup_printf ("{\"type\":\"%s\"}\n", pj_net_message_type_name (t));
      raw_send (raw, line);
      code = raw_nth_error (raw, n++);
      g_test_message ("%s: %s", pj_net_message_type_name (t), code);
      g_assert_cmpstr (code, ==, "unknown-type");
    }
  /* fewer than the strikes allowed: still at the table, still answered */
  g_assert_cmpuint (n, <, PJ_NET_MAX_ERROR_STRIKES);
  g_assert_false (raw->eof);
  raw_send (raw, "{\"type\":\"ping\",\"id\":77}\n");
  raw_wait_for (raw, "\"id\":77");

  /* the rest of the strikes: too-many-errors, and that guest alone goes */
  while (n < PJ_NET_MAX_ERROR_STRIKES)
    {
      g_autofree char *code = NULL;

      raw_send (raw, "{\"type\":\"lobby\"}\n");
      code = raw_nth_error (raw, n++);
      g_assert_cmpstr (code, ==, "unknown-type");
    }
  {
    g_autofree char *code = raw_nth_error (raw, n);
    g_assert_cmpstr (code, ==, "too-many-errors");
  }
  g_assert_true (run_until (raw_closed, raw, WAIT_MS));
  raw_free (raw);

  bot = bot_new ("Alice", PJ_AI_EASY);
  g_assert_true (bot_connect (bot, "127.0.0.1", pj_host_get_port (host)));
  bot_free (bot);
  pj_host_stop (host);
}

/* Messages a client may send, but not now: each gets the strike the
 * schema's state rules name (PROTOCOL.md), never an abort. */
static void
test_host_out_of_turn (void)
{
  static const struct { const char *line; const char *code; } before_hello[] = {
    { "{\"type\":\"sit\",\"seat\":0}\n", "hello-first" },
    { "{\"type\":\"stand\"}\n", "hello-first" },
    { "{\"type\":\"ready\",\"ready\":true}\n", "hello-first" },
    { "{\"type\":\"action\",\"text\":\"draw\"}\n", "hello-first" },
    { "{\"type\":\"chat\",\"text\":\"hi\"}\n", "hello-first" },
    { "{\"type\":\"bye\"}\n", "hello-first" },
  };
  static const struct { const char *line; const char *code; } after_hello[] = {
    { "{\"type\":\"hello\",\"protocol\":3,\"name\":\"Again\"}\n", "hello-first" },
    { "{\"type\":\"ready\",\"ready\":true}\n", "not-seated" },
    { "{\"type\":\"action\",\"text\":\"draw\"}\n", "wrong-phase" },
    { "{\"type\":\"sit\",\"seat\":7}\n", "invalid-field" },
  };
  g_autoptr (PjHost) host = pj_host_new ("Strict", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *nonce = NULL;
  Raw *raw;
  guint n = 0;

  g_assert_true (pj_host_listen (host, 0, &error));
  g_assert_no_error (error);
  raw = raw_open (pj_host_get_port (host));
  nonce = raw_nonce (raw);
  for (guint i = 0; i < G_N_ELEMENTS (before_hello); i++)
    {
      g_autofree char *code = NULL;

      raw_send (raw, before_hello[i].line);
      code = raw_nth_error (raw, n++);
      g_assert_cmpstr (code, ==, before_hello[i].code);
    }
  raw_send (raw, "{\"type\":\"hello\",\"protocol\":3,\"name\":\"Eve\"}\n");
  raw_wait_for (raw, "\"welcome\"");
  for (guint i = 0; i < G_N_ELEMENTS (after_hello); i++)
    {
      g_autofree char *code = NULL;

      raw_send (raw, after_hello[i].line);
      code = raw_nth_error (raw, n++);
      g_assert_cmpstr (code, ==, after_hello[i].code);
    }
  /* ten strikes: gone, with the reason */
  g_assert_cmpuint (n, ==, PJ_NET_MAX_ERROR_STRIKES);
  {
    g_autofree char *code = raw_nth_error (raw, n);
    g_assert_cmpstr (code, ==, "too-many-errors");
  }
  g_assert_true (run_until (raw_closed, raw, WAIT_MS));
  raw_free (raw);
  g_assert_cmpuint (pj_host_get_n_people (host), ==, 0);
  pj_host_stop (host);
}

typedef struct {
  Bot   *bot;
  guint  n;
} ErrorWait;

static gboolean
has_errors (gpointer data)
{
  ErrorWait *w = data;
  return w->bot->errors->len >= w->n;
}

static gboolean
bot_has_chat (gpointer data)
{
  return ((Bot *) data)->n_chat > 0;
}

static gboolean
has_seats (gpointer data)
{
  Bot *bot = data;
  return pj_client_get_n_seats (bot->client) == 4;
}

#define NONCE "00112233445566778899aabbccddeeff"

/* A host (written by hand) that sends, after its welcome, every type only
 * clients send, then a second welcome and a second challenge: the client
 * reports each as an error, keeps its token and seat, stays connected,
 * and reads the lobby that follows. */
static void
test_client_takes_no_client_messages (void)
{
  g_autoptr (GString) greeting = g_string_new (NULL);
  g_autoptr (GSocketService) service = NULL;
  guint16 port;
  ErrorWait w = { NULL, 0 };
  Bot *bot;

  g_string_append (greeting, "{\"type\":\"challenge\",\"nonce\":\"" NONCE "\",\"protocol_min\":3,\"protocol_max\":3}\n");
  g_string_append (greeting, "{\"type\":\"welcome\",\"protocol\":3,\"token\":\"" NONCE "\",\"seat\":-1,\"table\":\"Odd\",\"id\":1}\n");
  for (guint t = 0; t < PJ_N_MSG; t++)
    {
      if (pj_net_message_allowed (t, PJ_NET_TO_CLIENT))
        continue;
      g_assert_true (pj_net_message_allowed (t, PJ_NET_TO_HOST));
      g_string_append_printf (greeting, "{\"type\":\"%s\"}\n", pj_net_message_type_name (t));
      w.n++;
    }
  /* valid from a host, but not now */
  g_string_append (greeting, "{\"type\":\"welcome\",\"protocol\":3,\"token\":\"ffeeddccbbaa99887766554433221100\",\"seat\":3,\"table\":\"Moved\",\"id\":9}\n");
  g_string_append (greeting, "{\"type\":\"challenge\",\"nonce\":\"ffeeddccbbaa99887766554433221100\",\"protocol_min\":3,\"protocol_max\":3}\n");
  w.n += 2;
  g_string_append (greeting, "{\"type\":\"lobby\",\"table\":\"Odd\",\"password\":false,\"rules\":\"basic\",\"phase\":\"lobby\",\"seats\":["
                   "{\"seat\":0,\"colour\":\"R\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false},"
                   "{\"seat\":1,\"colour\":\"B\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false},"
                   "{\"seat\":2,\"colour\":\"Y\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false},"
                   "{\"seat\":3,\"colour\":\"G\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false}]}\n");

  service = fake_host (greeting->str, &port);
  bot = bot_new ("Trusting", PJ_AI_EASY);
  w.bot = bot;
  g_assert_true (bot_connect (bot, "127.0.0.1", port));
  g_assert_true (run_until (has_seats, bot, WAIT_MS));
  g_assert_true (run_until (has_errors, &w, WAIT_MS));
  g_assert_cmpuint (bot->errors->len, ==, w.n);
  for (guint i = 0; i < bot->errors->len; i++)
    g_assert_cmpint (g_array_index (bot->errors, int, i), ==, PJ_NET_ERROR_UNKNOWN_TYPE);
  /* the second welcome moved nothing */
  g_assert_cmpstr (pj_client_get_token (bot->client), ==, NONCE);
  g_assert_cmpstr (pj_client_get_table_name (bot->client), ==, "Odd");
  g_assert_cmpint (pj_client_get_seat (bot->client), ==, -1);
  g_assert_cmpuint (pj_client_get_person_id (bot->client), ==, 1);
  g_assert_true (pj_client_is_connected (bot->client));
  g_assert_false (bot->disconnected);
  bot_disconnect_finalized (bot);
  bot_free (bot);
  fake_host_free (g_steal_pointer (&service));
}

static char *
past_line (guint first, int actor, const char *action, const char *position)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_PAST);
  JsonArray *entries = json_array_new ();
  JsonObject *entry = json_object_new ();

  json_object_set_int_member (entry, "actor", actor);
  json_object_set_string_member (entry, "action", action);
  json_object_set_string_member (entry, "position", position);
  json_array_add_object_element (entries, entry);
  json_object_set_int_member (msg, "first", first);
  json_object_set_array_member (msg, "entries", entries);
  return pj_net_message_to_line (msg, NULL);
}

/* A host (written by hand) that sends the game so far wrong every way the
 * schema lets through: each is an error in the client's words and changes
 * nothing (its mirror's move list stays empty); a past that stops short of
 * the position is dropped whole; a line of earlier talk comes once. */
static void
test_client_checks_past (void)
{
  g_autoptr (GString) greeting = g_string_new (NULL);
  g_autoptr (GSocketService) service = NULL;
  g_autofree char *position = NULL, *after_text = NULL, *action = NULL;
  g_autofree char *rules = NULL;
  PjActionList legal;
  PjRules r;
  PjState s, view, after;
  guint16 port;
  ErrorWait w = { NULL, 6 };
  Bot *bot;
  char *line;

  pj_rules_preset (&r, PJ_PRESET_BASIC, 4);
  rules = pj_rules_to_string (&r);
  pj_state_new_game (&s, &r, 42, 0);
  view = s;
  pj_state_redact (&view, -1);
  position = pj_position_to_string (&view);
  pj_action_list_init (&legal);
  pj_legal_actions (&s, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  action = pj_action_to_string (&s, &legal.v[0]);
  after = s;
  pj_state_apply (&after, &legal.v[0]);
  pj_state_redact (&after, -1);
  after_text = pj_position_to_string (&after);
  pj_action_list_clear (&legal);

  g_string_append (greeting, "{\"type\":\"challenge\",\"nonce\":\"" NONCE "\",\"protocol_min\":3,\"protocol_max\":3}\n");
  g_string_append (greeting, "{\"type\":\"welcome\",\"protocol\":3,\"token\":\"" NONCE "\",\"seat\":-1,\"table\":\"Odd\",\"id\":1}\n");
  /* before the start: out of turn */
  line = past_line (0, view.actor, action, position);
  g_string_append (greeting, line);
  g_free (line);
  g_string_append_printf (greeting, "{\"type\":\"start\",\"commitment\":\"%s%s\",\"dealer\":0,\"rules\":\"%s\",\"seat\":-1}\n",
                          NONCE, NONCE, rules);
  /* out of order, a position that does not read, the wrong actor, an
   * action not legal there */
  line = past_line (3, view.actor, action, position);
  g_string_append (greeting, line);
  g_free (line);
  line = past_line (0, view.actor, action, "not a position");
  g_string_append (greeting, line);
  g_free (line);
  line = past_line (0, (view.actor + 1) % 4, action, position);
  g_string_append (greeting, line);
  g_free (line);
  line = past_line (0, view.actor, "teleport R1 r1-h4", position);
  g_string_append (greeting, line);
  g_free (line);
  /* a good move, but the position comes two moves on: dropped whole */
  line = past_line (0, view.actor, action, position);
  g_string_append (greeting, line);
  g_free (line);
  {
    g_autoptr (JsonObject) update = pj_net_message_new (PJ_MSG_UPDATE);

    json_object_set_int_member (update, "n", 2);
    json_object_set_string_member (update, "position", after_text);
    line = pj_net_message_to_line (update, NULL);
    g_string_append (greeting, line);
    g_free (line);
  }
  g_string_append (greeting, "{\"type\":\"chat\",\"from\":\"Ann\",\"seat\":0,\"text\":\"once\",\"team\":false,\"id\":3,\"earlier\":true}\n");
  g_string_append (greeting, "{\"type\":\"chat\",\"from\":\"Ann\",\"seat\":0,\"text\":\"twice\",\"team\":false,\"id\":3,\"earlier\":true}\n");

  service = fake_host (greeting->str, &port);
  bot = bot_new ("Careful", PJ_AI_EASY);
  bot->autoplay = FALSE;
  w.bot = bot;
  g_assert_true (bot_connect (bot, "127.0.0.1", port));
  g_assert_true (run_until (has_errors, &w, WAIT_MS));
  g_assert_true (run_until (bot_has_chat, bot, WAIT_MS));
  run_for (100);
  g_assert_cmpuint (bot->errors->len, ==, w.n);
  g_assert_cmpint (g_array_index (bot->errors, int, 0), ==, PJ_NET_ERROR_UNKNOWN_TYPE);
  for (guint i = 1; i < bot->errors->len; i++)
    g_assert_cmpint (g_array_index (bot->errors, int, i), ==, PJ_NET_ERROR_INVALID_FIELD);
  g_assert_nonnull (pj_client_get_game (bot->client));
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (pj_client_get_game (bot->client))), ==, 0);
  g_assert_cmpuint (bot->n_chat, ==, 1);
  g_assert_cmpuint (bot->n_earlier, ==, 1);
  g_assert_cmpstr (bot->last_chat, ==, "once");
  g_assert_true (pj_client_is_connected (bot->client));
  bot_disconnect_finalized (bot);
  bot_free (bot);
  fake_host_free (g_steal_pointer (&service));
}

/* The version the hello agreed on stays with each side: the host's record
 * of the person and the client both answer whether the other speaks it. */
static void
test_protocol_kept (void)
{
  g_autoptr (PjHost) host = pj_host_new ("Versions", NULL);
  g_autoptr (GError) error = NULL;
  Bot *bot = bot_new ("Speaker", PJ_AI_EASY);
  guint id;

  g_assert_true (pj_host_listen (host, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pj_client_get_protocol (bot->client), ==, 0);
  g_assert_false (pj_client_host_speaks (bot->client, PJ_NET_PROTOCOL_MIN));
  /* a range wider than the host's: the highest both speak */
  pj_client_set_protocol_for_testing (bot->client, 1, PJ_NET_PROTOCOL_MAX + 3);
  g_assert_true (bot_connect (bot, "127.0.0.1", pj_host_get_port (host)));

  g_assert_cmpint (pj_client_get_protocol (bot->client), ==, PJ_NET_PROTOCOL_MAX);
  g_assert_true (pj_client_host_speaks (bot->client, PJ_NET_PROTOCOL_MIN));
  g_assert_true (pj_client_host_speaks (bot->client, PJ_NET_PROTOCOL_MAX));
  g_assert_false (pj_client_host_speaks (bot->client, PJ_NET_PROTOCOL_MAX + 1));

  id = pj_client_get_person_id (bot->client);
  g_assert_cmpuint (id, >, 0);
  g_assert_true (pj_host_person_speaks_for_testing (host, id, PJ_NET_PROTOCOL_MAX));
  g_assert_false (pj_host_person_speaks_for_testing (host, id, PJ_NET_PROTOCOL_MAX + 1));
  g_assert_false (pj_host_person_speaks_for_testing (host, id + 100, PJ_NET_PROTOCOL_MIN));

  bot_disconnect_finalized (bot);
  bot_free (bot);
  pj_host_stop (host);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/unexpected/host-takes-no-host-messages", test_host_takes_no_host_messages);
  g_test_add_func ("/net/unexpected/host-out-of-turn", test_host_out_of_turn);
  g_test_add_func ("/net/unexpected/client-takes-no-client-messages", test_client_takes_no_client_messages);
  g_test_add_func ("/net/unexpected/protocol-kept", test_protocol_kept);
  g_test_add_func ("/net/unexpected/client-checks-past", test_client_checks_past);
  return g_test_run ();
}
