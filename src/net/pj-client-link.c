/* pj-client-link.c — a PjClient's connection: the handshake (the host's
 * nonce, proofs instead of the password and token, protocol versions),
 * liveness both ways, and how the link ends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pj-client-private.h"
#include "pj-net-tls.h"

void
_pj_client_send (PjClient   *self,
                 JsonObject *msg)
{
  if (self->conn)
    pj_net_connection_send (self->conn, msg);
}

static void
stop_pings (PjClient *self)
{
  if (self->ping_source)
    {
      g_source_destroy (self->ping_source);
      g_clear_pointer (&self->ping_source, g_source_unref);
    }
}

void
_pj_client_close_connection (PjClient *self)
{
  stop_pings (self);
  if (self->conn)
    {
      pj_net_connection_close (self->conn);
      g_clear_pointer (&self->conn, pj_net_connection_unref);
      g_object_notify_by_pspec (G_OBJECT (self), _pj_client_properties[PROP_CONNECTED]);
    }
}

void
_pj_client_finish_connect (PjClient *self,
                           GError   *error)
{
  GTask *task = g_steal_pointer (&self->connect_task);

  if (task == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (self->cancel_id)
    {
      g_cancellable_disconnect (g_task_get_cancellable (task), self->cancel_id);
      self->cancel_id = 0;
    }
  g_clear_pointer (&self->connect_context, g_main_context_unref);
  if (error)
    {
      _pj_client_close_connection (self);
      g_task_return_error (task, error);
    }
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* The link is gone (the host hung up, said it closed, or went silent). */
static void
lose_connection (PjClient     *self,
                 const GError *error)
{
  g_autoptr (PjClient) hold = g_object_ref (self);
  g_autoptr (GError) copy = g_error_copy (self->final_error ? self->final_error : error);

  _pj_client_close_connection (self);
  /* what the mirror shows may be old now, and an action sent would go
   * nowhere: nothing is chosen before the host's next position */
  if (self->game != NULL)
    pj_game_mirror_hold (self->game);
  if (self->connect_task)
    _pj_client_finish_connect (self, g_error_copy (copy));
  g_signal_emit (self, _pj_client_signals[DISCONNECTED], 0, copy);
}

/* ---- the handshake ------------------------------------------------------------ */

/* proofs = FALSE: only who we are and what we speak, so a host whose
 * versions do not meet ours can log why it lost a guest. */
static void
send_hello (PjClient *self,
            gboolean  proofs)
{
  g_autoptr (JsonObject) hello = pj_net_message_new (PJ_MSG_HELLO);

  /* "protocol" alone is what a version-1 host reads */
  json_object_set_int_member (hello, "protocol", self->protocol_max);
  json_object_set_int_member (hello, "protocol_min", self->protocol_min);
  json_object_set_int_member (hello, "protocol_max", self->protocol_max);
  json_object_set_string_member (hello, "name", self->name);
  json_object_set_string_member (hello, "app", "pegs-and-jokers " PACKAGE_VERSION);
  /* coming into a game under way, the moves before it and the talk we had */
  json_object_set_boolean_member (hello, "past", TRUE);
  /* neither the password nor the token crosses the network */
  if (proofs && self->password && *self->password)
    {
      g_autofree char *proof = pj_net_bound_proof (self->password, PJ_NET_PROOF_PASSWORD,
                                                   self->nonce, self->binding);
      json_object_set_string_member (hello, "proof", proof);
    }
  if (proofs && self->token)
    {
      g_autofree char *proof = pj_net_bound_proof (self->token, PJ_NET_PROOF_TOKEN,
                                                   self->nonce, self->binding);
      json_object_set_string_member (hello, "token_proof", proof);
    }
  _pj_client_send (self, hello);
}

static void
handle_challenge (PjClient   *self,
                  JsonObject *msg)
{
  int low = (int) MIN (json_object_get_int_member (msg, "protocol_min"), G_MAXINT);
  int high = (int) MIN (json_object_get_int_member (msg, "protocol_max"), G_MAXINT);
  g_autofree char *refusal = NULL;

  if (self->nonce != NULL || self->connect_task == NULL)
    {
      /* one per connection, before the hello: a second nonce now would
       * ask for proofs again, to no end */
      _pj_client_unexpected (self, PJ_MSG_CHALLENGE, "not at the start of a connection");
      return;
    }
  self->nonce = g_strdup (json_object_get_string_member (msg, "nonce"));
  refusal = pj_net_version_message (self->protocol_min, self->protocol_max, low, high);
  if (refusal)
    {
      send_hello (self, FALSE);
      _pj_client_finish_connect (self, g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_VERSION, refusal));
      return;
    }
  send_hello (self, TRUE);
}

/* An error that ends the link: the disconnected signal carries it. */
static gboolean
is_goodbye (int code)
{
  return code == PJ_NET_ERROR_KICKED || code == PJ_NET_ERROR_BANNED ||
         code == PJ_NET_ERROR_TIMEOUT || code == PJ_NET_ERROR_FLOOD ||
         code == PJ_NET_ERROR_TOO_MANY_ERRORS;
}

/* FALSE: the message is not the link's, pj-client.c reads it. */
static gboolean
handle_error (PjClient   *self,
              JsonObject *msg)
{
  int code = pj_net_error_code_from_name (json_object_get_string_member (msg, "code"));

  /* a version-1 host answers the first ping so, never with a challenge */
  if (self->connect_task && self->nonce == NULL && code == PJ_NET_ERROR_HELLO_FIRST)
    {
      g_autofree char *m = pj_net_version_message (self->protocol_min, self->protocol_max, 1, 1);
      _pj_client_finish_connect (self, g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_VERSION,
                                                            m ? m : _("This table runs an older version of Pegs and Jokers")));
      return TRUE;
    }
  if (self->connect_task || !is_goodbye (code))
    return FALSE;
  g_clear_error (&self->final_error);
  self->final_error = g_error_new_literal (PJ_NET_ERROR, code, json_object_get_string_member (msg, "message"));
  /* a kick says it all in the disconnected signal that follows */
  return code == PJ_NET_ERROR_KICKED || code == PJ_NET_ERROR_BANNED;
}

static void
connection_message (PjNetConnection  *conn,
                    PjNetMessageType  type,
                    JsonObject       *msg,
                    gpointer          user_data)
{
  PjClient *self = user_data;
  g_autoptr (PjClient) hold = g_object_ref (self);

  self->heard_us = g_get_monotonic_time ();
  switch (type)
    {
    case PJ_MSG_CHALLENGE:
      handle_challenge (self, msg);
      break;
    case PJ_MSG_PING:
      if (!self->mute)
        {
          g_autoptr (JsonObject) pong = pj_net_message_new (PJ_MSG_PONG);
          if (json_object_has_member (msg, "id"))
            json_object_set_int_member (pong, "id", json_object_get_int_member (msg, "id"));
          _pj_client_send (self, pong);
        }
      break;
    case PJ_MSG_PONG:
      break;
    case PJ_MSG_CLOSED:
      {
        /* in our words: the host's are in the host's language */
        g_autoptr (GError) error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_TABLE_CLOSED,
                                                       _("The host closed the table"));
        g_clear_error (&self->final_error);
        self->final_error = g_error_copy (error);
        lose_connection (self, error);
        break;
      }
    case PJ_MSG_ERROR:
      if (!handle_error (self, msg))
        _pj_client_message (self, type, msg);
      break;
    /* Every type has its case and there is no default (-Werror=switch,
     * meson.build): a new message fails the build here until it is routed. */
    case PJ_MSG_WELCOME:
    case PJ_MSG_LOBBY:
    case PJ_MSG_START:
    case PJ_MSG_UPDATE:
    case PJ_MSG_LOG:
    case PJ_MSG_OVER:
    case PJ_MSG_CHAT:
    case PJ_MSG_PAST:
    /* only clients send these (the parser refuses them): pj-client.c says so */
    case PJ_MSG_HELLO:
    case PJ_MSG_SIT:
    case PJ_MSG_STAND:
    case PJ_MSG_READY:
    case PJ_MSG_ACTION:
    case PJ_MSG_BYE:
    case PJ_N_MSG:
      _pj_client_message (self, type, msg);
      break;
    }
}

static void
connection_bad_message (PjNetConnection *conn,
                        const GError    *error,
                        gpointer         user_data)
{
  PjClient *self = user_data;

  /* a host that sends garbage is a bug or an attack: report, carry on */
  g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
}

static void
connection_closed (PjNetConnection *conn,
                   const GError    *error,
                   gpointer         user_data)
{
  PjClient *self = user_data;

  /* the connection is closed already: no bye, no flush */
  g_clear_pointer (&self->conn, pj_net_connection_unref);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_client_properties[PROP_CONNECTED]);
  lose_connection (self, error);
}

/* The handshake is done: the certificate is the one this table showed
 * before, or the first (pinned once the table welcomes us). A changed one
 * ends the join before the hello: no proof goes to whoever it is. */
static void
connection_secured (PjNetConnection *conn,
                    const GError    *error,
                    gpointer         user_data)
{
  PjClient *self = user_data;
  GTlsCertificate *certificate;
  g_autofree char *pinned = NULL;

  /* a failure is the closed callback's: the join fails with why */
  if (error != NULL)
    return;
  certificate = pj_net_connection_get_host_certificate (conn);
  g_clear_pointer (&self->fingerprint, g_free);
  self->pin_new = FALSE;
  if (certificate == NULL)
    {
      g_autoptr (GError) none = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED,
                                                    _("The table showed no certificate"));
      lose_connection (self, none);
      return;
    }
  self->fingerprint = pj_net_tls_fingerprint (certificate);
  g_free (self->binding);
  self->binding = pj_net_connection_get_channel_binding (conn);
  if (self->pin_path == NULL || self->host_address == NULL)
    return;
  pinned = pj_net_tls_pin_lookup (self->pin_path, self->host_address, self->host_port);
  if (pinned == NULL)
    {
      self->pin_new = TRUE;
      return;
    }
  if (g_strcmp0 (pinned, self->fingerprint) != 0)
    {
      g_autoptr (GError) changed =
        g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_HOST_CHANGED,
                     _("This table is not the one you joined before: its fingerprint was %s and is %s now. "
                       "Someone on the network may be pretending to be it. Ask the host to read out the "
                       "fingerprint their lobby shows; only if it is the new one (they moved or reinstalled "
                       "the game), remove the table's lines from “%s” and join again."),
                     pinned, self->fingerprint, self->pin_path);

      g_clear_error (&self->final_error);
      self->final_error = g_error_copy (changed);
      g_free (self->pinned_before);
      self->pinned_before = g_steal_pointer (&pinned);
      lose_connection (self, changed);
    }
}

gboolean
_pj_client_host_proven (PjClient   *self,
                        JsonObject *welcome)
{
  const char *proof = json_object_get_string_member_with_default (welcome, "host_proof", NULL);
  g_autofree char *expected = NULL;

  /* no password, nothing to prove: the pin is all there is */
  if (self->password == NULL || *self->password == '\0')
    return TRUE;
  expected = pj_net_bound_proof (self->password, PJ_NET_PROOF_HOST, self->nonce, self->binding);
  if (proof != NULL && pj_net_equal_secret (expected, proof))
    return TRUE;
  _pj_client_finish_connect (self, g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_HOST_UNPROVEN,
                                                        _("This table could not show that it knows its password: "
                                                          "someone on the network may be pretending to be it. "
                                                          "Nothing was given away; ask the host to check the "
                                                          "fingerprint their lobby shows.")));
  return FALSE;
}

void
_pj_client_pin_welcomed (PjClient *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->pin_new || self->fingerprint == NULL)
    return;
  self->pin_new = FALSE;
  if (!pj_net_tls_pin_save (self->pin_path, self->host_address, self->host_port,
                            self->table_name, self->fingerprint, &error))
    {
      /* the join goes on; the person hears why the table is not kept */
      g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
    }
}

void
pj_client_set_pin_path (PjClient   *self,
                        const char *path)
{
  g_return_if_fail (PJ_IS_CLIENT (self));
  g_free (self->pin_path);
  self->pin_path = g_strdup (path);
}

const char *
pj_client_get_host_fingerprint (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->fingerprint;
}

const char *
pj_client_get_pinned_fingerprint (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->pinned_before;
}

gboolean
pj_client_trust_changed_host (PjClient  *self,
                              GError   **error)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);

  if (self->pinned_before == NULL || self->fingerprint == NULL || self->pin_path == NULL)
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD,
                           _("No changed certificate to trust: join the table again first"));
      return FALSE;
    }
  /* the fingerprint the person compared, not whatever the next
   * connection shows: a second impostor is refused again */
  if (!pj_net_tls_pin_save (self->pin_path, self->host_address, self->host_port,
                            self->table_name, self->fingerprint, error))
    return FALSE;
  g_clear_pointer (&self->pinned_before, g_free);
  return TRUE;
}

static const PjNetConnectionCallbacks connection_callbacks = {
  connection_message,
  connection_bad_message,
  connection_closed,
  connection_secured,
};

/* ---- liveness ------------------------------------------------------------------ */

static gboolean
ping_cb (gpointer user_data)
{
  PjClient *self = user_data;
  g_autoptr (JsonObject) ping = NULL;

  if (self->conn == NULL)
    return G_SOURCE_CONTINUE;
  /* A table greets within a third of the idle time (its own hello deadline
   * is shorter): something else answers on that port, or nothing does. */
  if (self->connect_task)
    {
      g_autoptr (GError) error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_TIMEOUT,
                                                     _("The table did not answer"));
      lose_connection (self, error);
      return G_SOURCE_REMOVE;
    }
  if (g_get_monotonic_time () - self->heard_us > (gint64) self->idle_timeout_ms * 1000)
    {
      /* a host that says nothing for so long is gone: the app reconnects */
      g_autoptr (GError) error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_TIMEOUT,
                                                     _("The host stopped answering"));
      g_clear_error (&self->final_error);
      lose_connection (self, error);
      return G_SOURCE_REMOVE;
    }
  if (!self->mute)
    {
      ping = pj_net_message_new (PJ_MSG_PING);
      _pj_client_send (self, ping);
    }
  return G_SOURCE_CONTINUE;
}

static void
start_pings (PjClient *self)
{
  GMainContext *context = g_main_context_ref_thread_default ();

  stop_pings (self);
  self->heard_us = g_get_monotonic_time ();
  self->ping_source = g_timeout_source_new (MAX (self->idle_timeout_ms / 3, 1));
  /* no reference: dispose stops it */
  g_source_set_callback (self->ping_source, ping_cb, self, NULL);
  g_source_attach (self->ping_source, context);
  g_main_context_unref (context);
}

void
pj_client_set_idle_timeout_for_testing (PjClient *self,
                                        guint     idle_ms)
{
  self->idle_timeout_ms = idle_ms;
  if (self->ping_source)
    start_pings (self);
}

void
pj_client_set_mute_for_testing (PjClient *self,
                                gboolean  mute)
{
  self->mute = mute;
}

void
pj_client_set_protocol_for_testing (PjClient *self,
                                    int       min,
                                    int       max)
{
  self->protocol_min = min;
  self->protocol_max = max;
}

/* ---- connecting --------------------------------------------------------------- */

static gboolean
cancel_idle (gpointer user_data)
{
  PjClient *self = user_data;

  if (self->connect_task && g_task_return_error_if_cancelled (self->connect_task))
    {
      /* the task has its answer: drop it without a second one */
      GTask *task = g_steal_pointer (&self->connect_task);
      g_cancellable_disconnect (g_task_get_cancellable (task), self->cancel_id);
      self->cancel_id = 0;
      g_clear_pointer (&self->connect_context, g_main_context_unref);
      _pj_client_close_connection (self);
      g_object_unref (task);
    }
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  PjClient *self = user_data;
  g_autoptr (GSource) source = g_idle_source_new ();

  /* May run in another thread: finish in the context that connected. And
   * always later, from a source, never inline (as g_main_context_invoke()
   * would on the owning thread): cancel_idle disconnects this handler, and
   * g_cancellable_disconnect() from inside the "cancelled" emission waits
   * for the emission to end — forever. connect_context outlives this call:
   * it is cleared only after that disconnect. */
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, cancel_idle, g_object_ref (self), g_object_unref);
  g_source_attach (source, self->connect_context);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (PjClient) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (JsonObject) ping = NULL;

  connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (self->connect_task == NULL)
    return;
  if (connection == NULL)
    {
      _pj_client_finish_connect (self, g_steal_pointer (&error));
      return;
    }
  self->conn = pj_net_connection_new (G_IO_STREAM (connection), PJ_NET_TO_CLIENT,
                                      &connection_callbacks, self);
  /* the ping below waits for the handshake, and the hello for the
   * challenge: nothing is said in clear */
  pj_net_connection_set_tls_client (self->conn);
  if (self->tap)
    pj_net_connection_set_tap (self->conn, self->tap, self->tap_data);
  pj_net_connection_start (self->conn);
  start_pings (self);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_client_properties[PROP_CONNECTED]);

  /* The hello waits for the host's challenge (its nonce). A version-1 host
   * sends none and answers this ping with "hello-first" instead. */
  ping = pj_net_message_new (PJ_MSG_PING);
  _pj_client_send (self, ping);
}

void
pj_client_connect_async (PjClient            *self,
                         const char          *host,
                         guint16              port,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr (GSocketConnectable) address = NULL;

  g_return_if_fail (PJ_IS_CLIENT (self));
  g_return_if_fail (host != NULL);
  g_return_if_fail (self->connect_task == NULL);

  _pj_client_close_connection (self);
  {
    g_autoptr (GError) error = NULL;

    /* nothing crosses the network in clear: no TLS, no joining */
    if (!pj_net_tls_check_available (&error))
      {
        g_task_report_error (self, callback, user_data, pj_client_connect_async,
                             g_steal_pointer (&error));
        return;
      }
  }
  self->started = FALSE;
  self->has_state = FALSE;
  g_clear_pointer (&self->nonce, g_free);
  g_clear_error (&self->final_error);
  g_clear_pointer (&self->fingerprint, g_free);
  g_clear_pointer (&self->pinned_before, g_free);
  g_free (self->host_address);
  self->host_address = g_strdup (host);
  self->host_port = port ? port : PJ_NET_DEFAULT_PORT;
  self->pin_new = FALSE;
  self->protocol = 0;
  self->connect_task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->connect_task, pj_client_connect_async);
  if (cancellable)
    {
      self->connect_context = g_main_context_ref_thread_default ();
      self->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL);
    }
  address = g_network_address_new (host, port ? port : PJ_NET_DEFAULT_PORT);
  g_socket_client_connect_async (self->socket_client, address, cancellable,
                                 connected_cb, g_object_ref (self));
}

gboolean
pj_client_connect_finish (PjClient      *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
pj_client_disconnect (PjClient *self)
{
  g_return_if_fail (PJ_IS_CLIENT (self));

  if (self->conn)
    {
      g_autoptr (JsonObject) bye = pj_net_message_new (PJ_MSG_BYE);
      _pj_client_send (self, bye);
    }
  _pj_client_close_connection (self);
  if (self->connect_task)
    _pj_client_finish_connect (self, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Disconnected")));
}

gboolean
pj_client_is_connected (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  return self->conn != NULL;
}

void
_pj_client_link_init (PjClient *self)
{
  self->idle_timeout_ms = PJ_NET_IDLE_TIMEOUT_MS;
  self->protocol_min = PJ_NET_PROTOCOL_MIN;
  self->protocol_max = PJ_NET_PROTOCOL_MAX;
}

void
_pj_client_link_clear (PjClient *self)
{
  stop_pings (self);
  g_clear_pointer (&self->nonce, g_free);
  g_clear_error (&self->final_error);
  g_clear_pointer (&self->pin_path, g_free);
  g_clear_pointer (&self->host_address, g_free);
  g_clear_pointer (&self->fingerprint, g_free);
  g_clear_pointer (&self->pinned_before, g_free);
  g_clear_pointer (&self->binding, g_free);
}
