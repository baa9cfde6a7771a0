/* pj-host-guard.c — what keeps a table open to its own people whatever a
 * hostile guest does: admission and bans, the hello deadline, liveness,
 * password and token attempts slowed per address, the chat rate, kicks,
 * the people list and the event log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

#include "pj-host-private.h"

/* refusal lines per address in the event log, per window of the hello
 * deadline (10 s; shortened with it in the tests) */
#define REFUSAL_LOG_BURST      10
#define REFUSAL_LOG_WINDOW_US  ((gint64) self->hello_timeout_ms * 1000)

static void
peer_free (Peer *peer)
{
  g_free (peer->address);
  g_free (peer);
}

static Peer *
peer_get (PjHost     *self,
          const char *address)
{
  Peer *peer = g_hash_table_lookup (self->peers, address);

  if (peer == NULL)
    {
      peer = g_new0 (Peer, 1);
      peer->address = g_strdup (address);
      g_hash_table_insert (self->peers, peer->address, peer);
    }
  return peer;
}

void
_pj_host_guard_init (PjHost *self)
{
  self->peers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) peer_free);
  self->hello_timeout_ms = PJ_NET_HELLO_TIMEOUT_MS;
  self->idle_timeout_ms = PJ_NET_IDLE_TIMEOUT_MS;
  /* a burst of connects (a LAN party arriving, or a flood) waits in the
   * kernel's queue instead of stalling on retransmits */
  g_socket_listener_set_backlog (G_SOCKET_LISTENER (self->service), PJ_NET_LISTEN_BACKLOG);
}

void
_pj_host_guard_clear (PjHost *self)
{
  _pj_host_clear_source (&self->tick);
  g_clear_pointer (&self->peers, g_hash_table_unref);
}

void
_pj_host_event (PjHost     *self,
                const char *kind,
                const char *format,
                ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s: %s", kind, text);
  g_signal_emit (self, _pj_host_signals[EVENT], 0, kind, text);
}

char *
_pj_host_describe (Client *c)
{
  if (c->greeted)
    return g_strdup_printf ("%s (%s)", c->name, c->address);
  if (c->name && *c->name)
    return g_strdup_printf ("%s (%s, not greeted)", c->name, c->address);
  return g_strdup_printf ("a connection from %s", c->address);
}

static void
log_unlogged (PjHost *self,
              Peer   *peer)
{
  if (peer->n_unlogged == 0)
    return;
  _pj_host_event (self, "refusal", "%u more refusals of %s were not logged one by one",
                  peer->n_unlogged, peer->address);
  peer->n_unlogged = 0;
}

gboolean
_pj_host_guard_may_log_refusal (PjHost     *self,
                                const char *address)
{
  Peer *peer = peer_get (self, address);
  gint64 now = g_get_monotonic_time ();

  if (peer->log_since_us == 0 || now - peer->log_since_us >= REFUSAL_LOG_WINDOW_US)
    {
      log_unlogged (self, peer);
      peer->log_since_us = now;
      peer->n_logged = 0;
    }
  if (peer->n_logged < REFUSAL_LOG_BURST)
    {
      peer->n_logged++;
      return TRUE;
    }
  peer->n_unlogged++;
  return FALSE;
}

void
_pj_host_hang_up (PjHost     *self,
                  Client     *c,
                  PjNetError  code,
                  const char *message,
                  const char *ref,
                  const char *kind,
                  const char *why)
{
  g_autofree char *who = _pj_host_describe (c);

  if (strcmp (kind, "refusal") != 0 || _pj_host_guard_may_log_refusal (self, c->address))
    _pj_host_event (self, kind, "%s %s", who, why);
  pj_net_connection_send_error (c->conn, code, message, ref);
  /* the line above is its leaving in the log */
  c->reported = TRUE;
  _pj_host_drop_client (self, c);
}

/* The IP address alone: bans and limits are per machine, not per port. A
 * dual-stack socket shows IPv4 peers as ::ffff:a.b.c.d. */
static char *
address_of (GSocketConnection *connection)
{
  g_autoptr (GSocketAddress) addr = g_socket_connection_get_remote_address (connection, NULL);
  char *text;

  if (addr == NULL || !G_IS_INET_SOCKET_ADDRESS (addr))
    return g_strdup ("unknown");
  text = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (addr)));
  if (g_str_has_prefix (text, "::ffff:") && strchr (text + 7, '.') != NULL)
    memmove (text, text + 7, strlen (text + 7) + 1);
  return text;
}

/* ---- admission and the hello deadline -------------------------------------- */

static gboolean
deadline_cb (gpointer user_data)
{
  Client *c = user_data;

  g_clear_pointer (&c->deadline, g_source_unref);
  if (c->greeted || c->held_hello)
    return G_SOURCE_REMOVE;
  _pj_host_hang_up (c->host, c, PJ_NET_ERROR_TIMEOUT, _("No hello in time: goodbye"), NULL,
                    "refusal", "said no hello in time");
  return G_SOURCE_REMOVE;
}

/* The oldest connection not greeted yet (of one address, or of any), those
 * that said nothing first: a new connection pushes it out, so silent
 * sockets can never keep anyone out, a seat's owner least of all. */
static Client *
oldest_pending (PjHost     *self,
                const char *address)
{
  Client *silent = NULL, *any = NULL;

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);

      if (!c->pending || (address && strcmp (c->address, address) != 0))
        continue;
      if (any == NULL)
        any = c;
      if (c->held_hello == NULL && silent == NULL)
        silent = c;
    }
  return silent ? silent : any;
}

static void
evict (PjHost *self,
       Client *c)
{
  if (c == NULL)
    return;
  _pj_host_hang_up (self, c, PJ_NET_ERROR_TIMEOUT, _("Too many connections wait for a hello"), NULL,
                    "refusal", "was closed to make room");
}

gboolean
_pj_host_guard_admit (PjHost            *self,
                      Client            *c,
                      GSocketConnection *connection)
{
  Peer *peer;
  guint n_pending = 0;

  c->address = address_of (connection);
  c->heard_us = g_get_monotonic_time ();
  peer = peer_get (self, c->address);
  if (peer->banned)
    {
      if (_pj_host_guard_may_log_refusal (self, c->address))
        _pj_host_event (self, "refusal", "a connection from %s was refused: banned", c->address);
      pj_net_connection_send_error (c->conn, PJ_NET_ERROR_BANNED,
                                    _("The host does not let you join this table"), NULL);
      return FALSE;
    }
  if (peer->n_pending >= PJ_NET_MAX_PENDING_PER_ADDRESS)
    evict (self, oldest_pending (self, c->address));
  for (guint i = 0; i < self->clients->len; i++)
    n_pending += ((Client *) g_ptr_array_index (self->clients, i))->pending;
  if (n_pending >= PJ_NET_MAX_PENDING)
    evict (self, oldest_pending (self, NULL));
  /* evict() may have dropped the address's last entry: look it up again */
  peer = peer_get (self, c->address);
  peer->n_pending++;
  c->pending = TRUE;
  c->deadline = _pj_host_add_timeout (self, self->hello_timeout_ms, deadline_cb, c);
  return TRUE;
}

void
_pj_host_guard_greeted (PjHost *self,
                        Client *c)
{
  _pj_host_clear_source (&c->deadline);
  _pj_host_clear_source (&c->hold);
  g_clear_pointer (&c->held_hello, json_object_unref);
  if (c->pending && self->peers)
    {
      Peer *peer = g_hash_table_lookup (self->peers, c->address);
      if (peer && peer->n_pending > 0)
        peer->n_pending--;
    }
  c->pending = FALSE;
}

/* ---- password and token attempts ----------------------------------------- */

static gboolean
hold_cb (gpointer user_data)
{
  Client *c = user_data;
  g_autoptr (JsonObject) hello = g_steal_pointer (&c->held_hello);

  g_clear_pointer (&c->hold, g_source_unref);
  /* held clients compete for the next turn; the loser waits again */
  _pj_host_handle_hello (c->host, c, hello);
  return G_SOURCE_REMOVE;
}

gboolean
_pj_host_guard_auth_turn (PjHost     *self,
                          Client     *c,
                          JsonObject *hello)
{
  Peer *peer = peer_get (self, c->address);
  gint64 now = g_get_monotonic_time ();

  if (peer->next_answer_us <= now)
    {
      peer->next_answer_us = now + PJ_NET_AUTH_SPACING_MS * 1000;
      return TRUE;
    }
  c->held_hello = json_object_ref (hello);
  c->hold = _pj_host_add_timeout (self, (guint) ((peer->next_answer_us - now + 999) / 1000), hold_cb, c);
  return FALSE;
}

void
_pj_host_guard_auth_done (PjHost   *self,
                          Client   *c,
                          gboolean  ok)
{
  Peer *peer = peer_get (self, c->address);
  gint64 delay_ms = PJ_NET_AUTH_SPACING_MS;

  if (ok)
    {
      peer->failures = 0;
      return;
    }
  /* each failure in a row doubles the wait of the address's next answer */
  peer->failures = MIN (peer->failures + 1, 16);
  for (guint i = 0; i < peer->failures && delay_ms < PJ_NET_AUTH_MAX_DELAY_MS; i++)
    delay_ms *= 2;
  delay_ms = MIN (delay_ms, PJ_NET_AUTH_MAX_DELAY_MS);
  peer->next_answer_us = MAX (peer->next_answer_us, g_get_monotonic_time () + delay_ms * 1000);
}

/* ---- chat ------------------------------------------------------------------ */

gboolean
_pj_host_guard_chat (PjHost *self,
                     Client *c)
{
  gint64 now = g_get_monotonic_time ();

  if (c->chat_us == 0)
    c->chat_tokens = PJ_NET_CHAT_BURST;
  else
    c->chat_tokens = MIN (PJ_NET_CHAT_BURST,
                          c->chat_tokens + (double) (now - c->chat_us) / (PJ_NET_CHAT_INTERVAL_MS * 1000.0));
  c->chat_us = now;
  if (c->chat_tokens < 1.0)
    return FALSE;
  c->chat_tokens -= 1.0;
  return TRUE;
}

/* ---- liveness ------------------------------------------------------------ */

static gboolean
tick_cb (gpointer user_data)
{
  PjHost *self = user_data;
  gint64 now = g_get_monotonic_time ();
  g_autoptr (JsonObject) ping = pj_net_message_new (PJ_MSG_PING);
  GHashTableIter iter;
  Peer *peer;

  for (guint i = self->clients->len; i-- > 0;)
    {
      Client *c;

      if (i >= self->clients->len)
        continue;
      c = g_ptr_array_index (self->clients, i);
      if (!c->greeted)
        continue;
      /* its seat waits for it, as after any drop */
      if (now - c->heard_us > (gint64) self->idle_timeout_ms * 1000)
        _pj_host_hang_up (self, c, PJ_NET_ERROR_TIMEOUT, _("You stopped answering"), NULL,
                          "leave", "stopped answering");
      else
        pj_net_connection_send (c->conn, ping);
    }

  /* tell the refusals a window held back; forget addresses that left
   * nothing behind */
  g_hash_table_iter_init (&iter, self->peers);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &peer))
    {
      if (peer->n_unlogged > 0 && now - peer->log_since_us >= REFUSAL_LOG_WINDOW_US)
        log_unlogged (self, peer);
      if (peer->n_pending == 0 && !peer->banned && peer->failures == 0 && peer->next_answer_us <= now &&
          now - peer->log_since_us >= REFUSAL_LOG_WINDOW_US)
        g_hash_table_iter_remove (&iter);
    }
  return G_SOURCE_CONTINUE;
}

void
_pj_host_guard_start_tick (PjHost *self)
{
  _pj_host_clear_source (&self->tick);
  self->tick = _pj_host_add_timeout (self, MAX (self->idle_timeout_ms / 3, 1), tick_cb, self);
}

void
pj_host_set_timeouts_for_testing (PjHost *self,
                                  guint   hello_ms,
                                  guint   idle_ms)
{
  if (hello_ms)
    self->hello_timeout_ms = hello_ms;
  if (idle_ms)
    self->idle_timeout_ms = idle_ms;
  if (self->tick)
    _pj_host_guard_start_tick (self);
}

/* ---- the end of the table ------------------------------------------------- */

void
_pj_host_send_closed (PjHost *self)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_CLOSED);

  json_object_set_string_member (msg, "message", _("The host closed the table"));
  for (guint i = 0; i < self->clients->len; i++)
    pj_net_connection_send (((Client *) g_ptr_array_index (self->clients, i))->conn, msg);
  if (self->port != 0)
    _pj_host_event (self, "closed", "the table \"%s\" closed", self->table_name);
}

/* ---- people --------------------------------------------------------------- */

guint
_pj_host_n_greeted (PjHost *self)
{
  guint n = 0;

  for (guint i = 0; i < self->clients->len; i++)
    n += ((Client *) g_ptr_array_index (self->clients, i))->greeted;
  return n;
}

guint
pj_host_get_n_people (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), 0);
  return _pj_host_n_greeted (self);
}

gboolean
pj_host_get_person (PjHost      *self,
                    guint        index,
                    PjNetPerson *out)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);

      if (!c->greeted)
        continue;
      if (index-- == 0)
        {
          out->id = c->id;
          out->name = c->name;
          out->seat = c->seat;
          out->address = c->address;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
pj_host_kick (PjHost    *self,
              guint      person_id,
              gboolean   ban,
              GError   **error)
{
  Client *c = NULL;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);

  for (guint i = 0; i < self->clients->len && c == NULL; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);
      if (other->greeted && other->id == person_id)
        c = other;
    }
  if (c == NULL)
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD,
                           _("That person is not at the table any more"));
      return FALSE;
    }
  if (c->seat >= 0)
    {
      Seat *seat = &self->seats[c->seat];

      seat->client = NULL;
      if (self->phase == PJ_NET_PHASE_LOBBY)
        _pj_host_seat_clear (seat);
      else
        {
          /* the seat is nobody's now: a computer plays it to the end, and
           * the old token opens nothing */
          g_free (seat->token);
          seat->token = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
          _pj_host_clear_source (&seat->grace);
          if (self->phase == PJ_NET_PHASE_PLAYING && self->game)
            pj_game_cover_seat (self->game, seat->index, pj_controller_from_level (self->cover_level));
          _pj_host_save_tokens (self);
        }
      c->seat = -1;
    }
  /* a spectator's token goes with them, as a seat's does */
  c->token_void = TRUE;
  if (ban)
    peer_get (self, c->address)->banned = TRUE;
  /* everyone's lobby (seats and people) follows from the drop */
  if (ban)
    _pj_host_hang_up (self, c, PJ_NET_ERROR_BANNED, _("The host does not let you join this table"), NULL,
                      "ban", "was banned by the host");
  else
    _pj_host_hang_up (self, c, PJ_NET_ERROR_KICKED, _("The host asked you to leave the table"), NULL,
                      "kick", "was kicked by the host");
  return TRUE;
}

gboolean
pj_host_unban (PjHost     *self,
               const char *address)
{
  Peer *peer;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (address != NULL, FALSE);
  peer = g_hash_table_lookup (self->peers, address);
  if (peer == NULL || !peer->banned)
    return FALSE;
  peer->banned = FALSE;
  return TRUE;
}
