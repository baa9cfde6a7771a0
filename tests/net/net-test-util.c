/* net-test-util.c — shared helpers of the src/net tests and benchmark
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "net-test-util.h"
#include "pj-net-message.h"
#include "pj-net-tls.h"

static void
tap_cb (const guint8 *data,
        gsize         len,
        gpointer      user_data)
{
  Bot *bot = user_data;
  g_byte_array_append (bot->received, data, (guint) len);
}

void
bot_poke (Bot *bot)
{
  const PjState *s = pj_client_get_state (bot->client);
  guint n = pj_client_get_n_actions (bot->client);
  PjAction a;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  /* once per position: the answer to an action we sent may still be on its way */
  if (!bot->autoplay || !pj_client_is_my_turn (bot->client) || (bot->has_sent && bot->sent_for_n == n))
    return;
  g_assert_true (pj_ai_choose (s, bot->level, NULL, n * 7919u + (guint) pj_client_get_seat (bot->client), &a, NULL));
  text = pj_action_to_string (s, &a);
  if (!pj_client_send_action (bot->client, text, &error))
    g_error ("bot could not send %s: %s", text, error->message);
  bot->has_sent = TRUE;
  bot->sent_for_n = n;
}

static void
state_changed_cb (PjClient   *client,
                  guint       n,
                  int         actor,
                  const char *action,
                  const char *revealed,
                  Bot        *bot)
{
  bot->n_updates++;
  bot->last_update_us = g_get_monotonic_time ();
  bot_poke (bot);
}

static void
error_cb (PjClient *client,
          GError   *error,
          Bot      *bot)
{
  if (error->domain != PJ_NET_ERROR)
    g_error ("%s: %s", pj_client_get_name (client), error->message);
  g_debug ("%s: error %d: %s", pj_client_get_name (client), error->code, error->message);
  g_array_append_val (bot->errors, error->code);
}

static void
earlier_chat_cb (Bot *bot)
{
  bot->n_earlier++;
}

static void
chat_cb (PjClient   *client,
         const char *from,
         int         seat,
         const char *text,
         gboolean    team,
         Bot        *bot)
{
  bot->n_chat++;
  g_ptr_array_add (bot->chats, g_strdup (text));
  g_free (bot->last_chat);
  bot->last_chat = g_strdup (text);
  g_free (bot->last_chat_from);
  bot->last_chat_from = g_strdup (from);
}

static void
game_over_cb (PjClient *client,
              guint     winner,
              Bot      *bot)
{
  bot->game_over = TRUE;
}

static void
verified_cb (PjClient   *client,
             gboolean    ok,
             const char *detail,
             Bot        *bot)
{
  bot->verified = TRUE;
  bot->verified_ok = ok;
  g_free (bot->verify_detail);
  bot->verify_detail = g_strdup (detail);
}

static void
disconnected_cb (PjClient *client,
                 GError   *error,
                 Bot      *bot)
{
  bot->disconnected = TRUE;
  g_clear_error (&bot->disconnect_error);
  bot->disconnect_error = g_error_copy (error);
}

static void
attach (Bot      *bot,
        PjClient *client)
{
  bot->client = client;
  pj_client_set_tap_for_testing (client, tap_cb, bot);
  g_signal_connect (client, "state-changed", G_CALLBACK (state_changed_cb), bot);
  g_signal_connect (client, "error", G_CALLBACK (error_cb), bot);
  g_signal_connect (client, "chat", G_CALLBACK (chat_cb), bot);
  g_signal_connect_swapped (client, "chat::earlier", G_CALLBACK (earlier_chat_cb), bot);
  g_signal_connect (client, "game-over", G_CALLBACK (game_over_cb), bot);
  g_signal_connect (client, "verified", G_CALLBACK (verified_cb), bot);
  g_signal_connect (client, "disconnected", G_CALLBACK (disconnected_cb), bot);
}

Bot *
bot_new (const char *name,
         PjAiLevel   level)
{
  Bot *bot = g_new0 (Bot, 1);

  bot->level = level;
  bot->autoplay = TRUE;
  bot->received = g_byte_array_new ();
  bot->errors = g_array_new (FALSE, FALSE, sizeof (int));
  bot->chats = g_ptr_array_new_with_free_func (g_free);
  attach (bot, pj_client_new (name));
  return bot;
}

void
bot_free (Bot *bot)
{
  if (bot->client)
    {
      g_signal_handlers_disconnect_by_data (bot->client, bot);
      pj_client_disconnect (bot->client);
      g_object_unref (bot->client);
    }
  g_byte_array_unref (bot->received);
  g_array_unref (bot->errors);
  g_ptr_array_unref (bot->chats);
  g_clear_error (&bot->connect_error);
  g_clear_error (&bot->disconnect_error);
  g_free (bot->last_chat);
  g_free (bot->last_chat_from);
  g_free (bot->verify_detail);
  g_free (bot);
}

void
bot_disconnect_finalized (Bot *bot)
{
  gpointer mirror;

  if (bot->client == NULL)
    return;
  mirror = pj_client_get_game (bot->client);
  if (mirror)
    g_object_add_weak_pointer (mirror, &mirror);
  g_signal_handlers_disconnect_by_data (bot->client, bot);
  pj_client_disconnect (bot->client);
  run_until_last_ref (bot->client, 5000);
  g_assert_finalize_object (g_steal_pointer (&bot->client));
  /* the client owned its mirror: nothing else may keep it */
  g_assert_null (mirror);
}

void
bot_kill (Bot *bot)
{
  g_autofree char *token = g_strdup (pj_client_get_token (bot->client));
  g_autofree char *name = g_strdup (pj_client_get_name (bot->client));
  PjClient *fresh = pj_client_new (name);

  /* no bye: the socket just closes, as when the program dies */
  g_signal_handlers_disconnect_by_data (bot->client, bot);
  run_until_last_ref (bot->client, 5000);
  g_assert_finalize_object (g_steal_pointer (&bot->client));
  pj_client_set_token (fresh, token);
  bot->connected = FALSE;
  bot->has_sent = FALSE;
  attach (bot, fresh);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Bot *bot = user_data;

  g_clear_error (&bot->connect_error);
  bot->connected = pj_client_connect_finish (PJ_CLIENT (source), result, &bot->connect_error);
  bot->connect_done = TRUE;
}

static gboolean
connect_done (gpointer data)
{
  return ((Bot *) data)->connect_done;
}

gboolean
bot_connect (Bot        *bot,
             const char *address,
             guint16     port)
{
  bot->connect_done = FALSE;
  pj_client_connect_async (bot->client, address, port, NULL, connected_cb, bot);
  g_assert_true (run_until (connect_done, bot, 5000));
  return bot->connected;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
look_again_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

guint
test_scaled_ms (guint ms)
{
  const char *scale = g_getenv ("PJ_TEST_TIMEOUT_SCALE");

  return scale != NULL ? ms * CLAMP (atoi (scale), 1, 20) : ms;
}

static gboolean never (gpointer data);

gboolean
run_until (CondFunc cond,
           gpointer data,
           guint    timeout_ms)
{
  gboolean timed_out = FALSE;
  /* a plain pause (run_for) is not stretched */
  guint id = g_timeout_add (cond == never ? timeout_ms : test_scaled_ms (timeout_ms), timeout_cb, &timed_out);
  /* Some conditions change with no event on this loop (a file the server
   * or a writer thread writes): without a wake-up the loop would sleep
   * through them to the timeout. */
  guint poll = g_timeout_add (10, look_again_cb, NULL);
  gboolean met;

  while (!(met = cond (data)) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (poll);
  if (!timed_out)
    g_source_remove (id);
  return met;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

void
run_for (guint ms)
{
  run_until (never, NULL, ms);
}

static gboolean
is_last_ref (gpointer object)
{
  return g_atomic_int_get (&G_OBJECT (object)->ref_count) == 1;
}

gboolean
run_until_last_ref (gpointer object,
                    guint    timeout_ms)
{
  return run_until (is_last_ref, object, timeout_ms);
}

/* One position (and the action that follows or led to it) as seat got it. */
static void
check_seen (const char *position,
            const char *action,
            int         actor,
            int         seat)
{
  g_autoptr (GError) error = NULL;
  PjState s;

  g_assert_true (pj_position_from_string (&s, position, &error));
  g_assert_no_error (error);
  for (guint c = 0; c < s.rules.players; c++)
    {
      if ((int) c == seat)
        continue;
      for (guint k = 0; k < s.hand_count[c]; k++)
        g_assert_cmpuint (s.hand[c][k], ==, PJ_CARD_UNKNOWN);
    }
  for (guint k = 0; k < s.n_stock; k++)
    g_assert_cmpuint (PJ_CARD_RANK (s.pile[k]), ==, PJ_CARD_UNKNOWN);
  for (guint k = s.n_cards - s.n_discard; k < s.n_cards; k++)
    /* only the bluffer sees their own card while it awaits challenges */
    if ((s.pile[k] & PJ_CARD_FACE_DOWN) &&
        !(k == (guint) (s.n_cards - s.n_discard) && s.pending.kind != PJ_ACTION_NONE && (int) s.turn == seat))
      g_assert_cmpuint (PJ_CARD_RANK (s.pile[k]), ==, PJ_CARD_UNKNOWN);
  /* a Bluffing Joker card of another seat travels face down: "?=5 …" */
  if (s.rules.bluffing && action != NULL && actor != seat)
    {
      if (!g_str_has_prefix (action, "challenge") && !g_str_has_prefix (action, "pass") &&
          !g_str_has_prefix (action, "penalty") && !g_str_has_prefix (action, "discard"))
        g_assert_true (g_str_has_prefix (action, "?="));
    }
}

guint
check_no_leaks (const GByteArray *received,
                int               seat)
{
  g_autofree char *text = g_strndup ((const char *) received->data, received->len);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint checked = 0;

  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonObject *obj;

      if (lines[i][0] == '\0')
        continue;
      /* what arrived so far may end inside a message: only whole lines */
      if (lines[i + 1] == NULL)
        break;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
      obj = json_node_get_object (json_parser_get_root (parser));
      /* the game so far: every entry's position (before its action) too */
      if (g_strcmp0 (json_object_get_string_member_with_default (obj, "type", ""), "past") == 0)
        {
          JsonArray *entries = json_object_get_array_member (obj, "entries");

          for (guint e = 0; e < json_array_get_length (entries); e++)
            {
              JsonObject *entry = json_array_get_object_element (entries, e);

              check_seen (json_object_get_string_member (entry, "position"),
                          json_object_get_string_member (entry, "action"),
                          (int) json_object_get_int_member (entry, "actor"), seat);
            }
          continue;
        }
      if (!json_object_has_member (obj, "position"))
        continue;
      check_seen (json_object_get_string_member (obj, "position"),
                  json_object_get_string_member_with_default (obj, "action", NULL),
                  (int) json_object_get_int_member_with_default (obj, "actor", -1), seat);
      checked++;
    }
  return checked;
}

/* The `past` entries in what a seat received (each checked by
 * check_no_leaks()), and the bytes of their lines. */
guint
count_past (const GByteArray *received,
            gsize             from,
            gsize            *bytes,
            guint            *n_lines)
{
  g_autofree char *text = g_strndup ((const char *) received->data + from, received->len - from);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  *bytes = 0;
  *n_lines = 0;
  for (guint i = 0; lines[i] && lines[i + 1]; i++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonObject *obj;

      if (!g_str_has_prefix (lines[i], "{\"type\":\"past\""))
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
      obj = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpuint (json_object_get_int_member (obj, "first"), ==, n);
      n += json_array_get_length (json_object_get_array_member (obj, "entries"));
      *bytes += strlen (lines[i]) + 1;
      (*n_lines)++;
    }
  return n;
}

/* ---- a raw socket: what a hand-written client does ---------------------------- */


Raw *
raw_open_clear (guint16 port)
{
  g_autoptr (GSocketClient) sc = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  Raw *raw = g_new0 (Raw, 1);

  raw->conn = g_socket_client_connect_to_host (sc, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  raw->socket = g_socket_connection_get_socket (raw->conn);
  g_socket_set_blocking (raw->socket, FALSE);
  raw->in = g_string_new (NULL);
  raw->lines = g_ptr_array_new_with_free_func (g_free);
  return raw;
}

static gboolean
raw_accept_any (GTlsConnection       *tls,
                GTlsCertificate      *certificate,
                GTlsCertificateFlags  errors,
                gpointer              user_data)
{
  return TRUE;
}

static void
raw_handshake_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GError **error = user_data;

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, error) && *error == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "handshake failed");
  if (*error == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "done");
}

Raw *
raw_open (guint16 port)
{
  Raw *raw = raw_open_clear (port);
  g_autoptr (GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  raw->tls = g_tls_client_connection_new (G_IO_STREAM (raw->conn), NULL, &error);
  g_assert_no_error (error);
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (raw->tls), FALSE);
  g_signal_connect (raw->tls, "accept-certificate", G_CALLBACK (raw_accept_any), NULL);
  /* error set on the way out: "done" (G_IO_ERROR_EXISTS) or why it failed */
  g_tls_connection_handshake_async (G_TLS_CONNECTION (raw->tls), G_PRIORITY_DEFAULT, NULL,
                                    raw_handshake_cb, &error);
  while (error == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (200);
    }
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  raw->host_certificate = g_object_ref (g_tls_connection_get_peer_certificate (G_TLS_CONNECTION (raw->tls)));
  return raw;
}

static GIOStream *
raw_stream (Raw *raw)
{
  return raw->tls ? raw->tls : G_IO_STREAM (raw->conn);
}

void
raw_free (Raw *raw)
{
  g_clear_object (&raw->tls);
  g_clear_object (&raw->host_certificate);
  g_object_unref (raw->conn);
  g_string_free (raw->in, TRUE);
  g_ptr_array_unref (raw->lines);
  g_free (raw);
}

void
raw_send (Raw        *raw,
          const char *text)
{
  g_autoptr (GError) error = NULL;

  g_socket_set_blocking (raw->socket, TRUE);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (raw_stream (raw)),
                                            text, strlen (text), NULL, NULL, &error));
  g_assert_no_error (error);
  g_socket_set_blocking (raw->socket, FALSE);
}

/* Read what is there without waiting; TRUE if anything came. */
gboolean
raw_pump (Raw *raw)
{
  char buf[4096];
  gboolean got = FALSE;

  while (!raw->eof)
    {
      g_autoptr (GError) error = NULL;
      GInputStream *in = g_io_stream_get_input_stream (raw_stream (raw));
      gssize n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (in),
                                                           buf, sizeof buf, NULL, &error);
      char *nl;

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      if (n <= 0)
        {
          raw->eof = TRUE;
          got = TRUE;
          break;
        }
      got = TRUE;
      g_string_append_len (raw->in, buf, n);
      while ((nl = memchr (raw->in->str, '\n', raw->in->len)) != NULL)
        {
          g_ptr_array_add (raw->lines, g_strndup (raw->in->str, (gsize) (nl - raw->in->str)));
          g_string_erase (raw->in, 0, nl - raw->in->str + 1);
        }
    }
  return got;
}

/* The first line with this text in it, or NULL. */
const char *
raw_find (Raw        *raw,
          const char *text)
{
  for (guint i = 0; i < raw->lines->len; i++)
    if (strstr (g_ptr_array_index (raw->lines, i), text))
      return g_ptr_array_index (raw->lines, i);
  return NULL;
}

/* The nonce of the host's challenge (waits for it). */
char *
raw_nonce (Raw *raw)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  const char *line;
  g_autoptr (JsonObject) msg = NULL;
  PjNetMessageType type;

  while ((line = raw_find (raw, "\"challenge\"")) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      raw_pump (raw);
      g_usleep (500);
    }
  g_assert_true (pj_net_message_parse (line, strlen (line), PJ_NET_TO_CLIENT, &type, &msg, NULL));
  g_assert_cmpint (type, ==, PJ_MSG_CHALLENGE);
  return g_strdup (json_object_get_string_member (msg, "nonce"));
}

/* ---- a fake host -------------------------------------------------------------- */

static void
fake_handshake_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  const char *greeting = user_data;

  /* as a host does: the greeting inside TLS */
  if (g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, NULL))
    g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (source)),
                               greeting, strlen (greeting), NULL, NULL, NULL);
}

static gboolean
fake_incoming_cb (GSocketService    *service,
                  GSocketConnection *connection,
                  GObject           *source,
                  gpointer           user_data)
{
  g_autoptr (GTlsCertificate) certificate = pj_net_tls_default_certificate (NULL);
  g_autoptr (GIOStream) tls = g_tls_server_connection_new (G_IO_STREAM (connection), certificate, NULL);

  g_assert_nonnull (tls);
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (tls), FALSE);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, NULL,
                                    fake_handshake_cb, user_data);
  /* kept open and silent: "conn" is what the client's lines come out of */
  g_object_set_data_full (G_OBJECT (service), "conn", g_object_ref (tls), g_object_unref);
  return TRUE;
}

GSocketService *
fake_host (const char *greeting,
           guint16    *port)
{
  GSocketService *service = g_socket_service_new ();
  g_autoptr (GError) error = NULL;

  *port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (service), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (service, "incoming", G_CALLBACK (fake_incoming_cb), (gpointer) greeting);
  g_socket_service_start (service);
  return service;
}

void
fake_host_free (GSocketService *service)
{
  g_socket_service_stop (service);
  g_socket_listener_close (G_SOCKET_LISTENER (service));
  g_object_set_data (G_OBJECT (service), "conn", NULL);
  run_for (20);
  g_object_unref (service);
}

