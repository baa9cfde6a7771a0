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

static gint64
now_us (PjHost *self)
{
  return self->now_for_testing ? self->now_for_testing : g_get_monotonic_time ();
}

/* A token bucket: tokens refilled at one per interval_us up to burst. */
static double
refill (double  tokens,
        gint64 *since_us,
        double  burst,
        double  interval_us,
        gint64  now)
{
  if (*since_us == 0)
    tokens = burst;
  else if (now > *since_us)
    tokens = MIN (burst, tokens + (double) (now - *since_us) / interval_us);
  *since_us = now;
  return tokens;
}

static void
peer_free (Peer *peer)
{
  g_free (peer->address);
  g_free (peer);
}

static void forget_peers (PjHost *self, gboolean crowded);

static Peer *
peer_get (PjHost     *self,
          const char *address)
{
  Peer *peer = g_hash_table_lookup (self->peers, address);

  if (peer == NULL)
    {
      /* a flood of addresses cannot grow the table without end */
      if (g_hash_table_size (self->peers) >= PJ_NET_MAX_PEERS)
        forget_peers (self, TRUE);
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
  self->out_budget = pj_net_budget_new (PJ_NET_MAX_QUEUED_TABLE);
  self->max_per_address = PJ_NET_MAX_PER_ADDRESS;
  self->join_burst = PJ_NET_JOIN_BURST;
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
  g_clear_pointer (&self->out_budget, pj_net_budget_unref);
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
  gint64 now = now_us (self);

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

  if (strcmp (kind, "refusal") != 0 || _pj_host_guard_may_log_refusal (self, c->key))
    _pj_host_event (self, kind, "%s %s", who, why);
  pj_net_connection_send_error (c->conn, code, message, ref);
  /* the line above is its leaving in the log */
  c->reported = TRUE;
  _pj_host_drop_client (self, c);
}

/* The IP address alone: bans and limits are per machine, not per port
 * (per /64 for a far IPv6 one: pj_net_address_key()). */
static void
address_of (GSocketConnection  *connection,
            char              **address,
            char              **key)
{
  g_autoptr (GSocketAddress) addr = g_socket_connection_get_remote_address (connection, NULL);
  g_autoptr (GSocketAddress) local = g_socket_connection_get_local_address (connection, NULL);
  GInetAddress *remote;

  if (addr == NULL || !G_IS_INET_SOCKET_ADDRESS (addr))
    {
      *address = g_strdup ("unknown");
      *key = g_strdup ("unknown");
      return;
    }
  remote = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (addr));
  *address = pj_net_address_key (remote, NULL);
  if (strchr (*address, '/') != NULL)
    {
      /* the whole address for people to read; the key for the limits */
      g_free (*address);
      *address = g_inet_address_to_string (remote);
    }
  *key = pj_net_address_key (remote, local && G_IS_INET_SOCKET_ADDRESS (local)
                                     ? g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (local)) : NULL);
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

      if (!c->pending || (address && strcmp (c->key, address) != 0))
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

  address_of (connection, &c->address, &c->key);
  c->heard_us = g_get_monotonic_time ();
  peer = peer_get (self, c->key);
  if (peer->banned)
    {
      if (_pj_host_guard_may_log_refusal (self, c->key))
        _pj_host_event (self, "refusal", "a connection from %s was refused: banned", c->address);
      pj_net_connection_send_error (c->conn, PJ_NET_ERROR_BANNED,
                                    _("The host does not let you join this table"), NULL);
      return FALSE;
    }
  if (peer->n_pending >= PJ_NET_MAX_PENDING_PER_ADDRESS)
    evict (self, oldest_pending (self, c->key));
  for (guint i = 0; i < self->clients->len; i++)
    n_pending += ((Client *) g_ptr_array_index (self->clients, i))->pending;
  if (n_pending >= PJ_NET_MAX_PENDING)
    evict (self, oldest_pending (self, NULL));
  /* evict() may have dropped the address's last entry: look it up again */
  peer = peer_get (self, c->key);
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
      Peer *peer = g_hash_table_lookup (self->peers, c->key);
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

/* Whether a password or token answer for key may be given now; if not,
 * *wait_us until it may. Each address has its pace (doubling after each
 * failure) and the whole table a budget, so that a thousand addresses
 * guessing get no more answers than a few. */
static gboolean
answer_turn (PjHost     *self,
             const char *key,
             gint64     *wait_us)
{
  Peer *peer = peer_get (self, key);
  gint64 now = now_us (self);
  double interval_us = (double) G_USEC_PER_SEC / PJ_NET_AUTH_TABLE_RATE;
  gint64 table_wait;

  self->auth_tokens = refill (self->auth_tokens, &self->auth_us, PJ_NET_AUTH_TABLE_BURST, interval_us, now);
  table_wait = self->auth_tokens >= 1.0 ? 0 : (gint64) ((1.0 - self->auth_tokens) * interval_us) + 1;
  if (peer->next_answer_us <= now && table_wait == 0)
    {
      peer->next_answer_us = now + PJ_NET_AUTH_SPACING_MS * 1000;
      self->auth_tokens -= 1.0;
      return TRUE;
    }
  *wait_us = MAX (peer->next_answer_us - now, table_wait);
  return FALSE;
}

static void
answer_done (PjHost     *self,
             const char *key,
             gboolean    ok)
{
  Peer *peer = peer_get (self, key);
  gint64 delay_ms = PJ_NET_AUTH_SPACING_MS;
  gint64 now = now_us (self);

  if (ok)
    {
      /* the budget holds back guesses: people who know the password or
       * have their token (a table back after a restart) do not spend it */
      self->auth_tokens = MIN (self->auth_tokens + 1.0, (double) PJ_NET_AUTH_TABLE_BURST);
      peer->failures = 0;
      return;
    }
  /* each failure in a row doubles the wait of the address's next answer */
  peer->failures = MIN (peer->failures + 1, 16);
  peer->failed_us = now;
  for (guint i = 0; i < peer->failures && delay_ms < PJ_NET_AUTH_MAX_DELAY_MS; i++)
    delay_ms *= 2;
  delay_ms = MIN (delay_ms, PJ_NET_AUTH_MAX_DELAY_MS);
  peer->next_answer_us = MAX (peer->next_answer_us, now + delay_ms * 1000);
}

gboolean
_pj_host_guard_auth_turn (PjHost     *self,
                          Client     *c,
                          JsonObject *hello)
{
  gint64 wait_us = 0;

  if (answer_turn (self, c->key, &wait_us))
    return TRUE;
  c->held_hello = json_object_ref (hello);
  c->hold = _pj_host_add_timeout (self, (guint) MIN ((wait_us + 999) / 1000, G_MAXUINT), hold_cb, c);
  return FALSE;
}

void
_pj_host_guard_auth_done (PjHost   *self,
                          Client   *c,
                          gboolean  ok)
{
  answer_done (self, c->key, ok);
}

gboolean
pj_host_try_answer_for_testing (PjHost       *self,
                                GInetAddress *address,
                                gboolean      right)
{
  g_autofree char *key = pj_net_address_key (address, NULL);
  gint64 wait_us;

  if (!answer_turn (self, key, &wait_us))
    return FALSE;
  answer_done (self, key, right);
  return TRUE;
}

void
pj_host_set_now_for_testing (PjHost *self,
                             gint64  now)
{
  self->now_for_testing = now;
}

/* ---- chat and joins --------------------------------------------------------- */

static char *name_budget_key (const char *name);

/* The chat tokens key has now (refilled, not spent). */
static Peer *
chat_budget (PjHost     *self,
             const char *key,
             gint64      now)
{
  Peer *peer = peer_get (self, key);

  peer->chat_tokens = refill (peer->chat_tokens, &peer->chat_us, PJ_NET_CHAT_BURST,
                              PJ_NET_CHAT_INTERVAL_MS * 1000.0, now);
  return peer;
}

/* One line from the budgets of the address, the name and the token
 * together, or from none of them: a guest back from another address, or
 * with its seat's token, finds its budget as it left it. */
gboolean
_pj_host_guard_chat (PjHost *self,
                     Client *c)
{
  g_autofree char *name_key = name_budget_key (c->name);
  g_autofree char *token_key = c->token ? g_strconcat ("token ", c->token, NULL) : NULL;
  const char *keys[] = { c->key, name_key, token_key };
  gint64 now = now_us (self);

  /* peer_get() may forget others when crowded: look each one up again */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (keys[i] && chat_budget (self, keys[i], now)->chat_tokens < 1.0)
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (keys[i])
      chat_budget (self, keys[i], now)->chat_tokens -= 1.0;
  return TRUE;
}

/* One join from the budget of key (an address, a name or a token):
 * PJ_NET_JOIN_BURST at once, then one a second. */
static gboolean
spend_join (PjHost     *self,
            const char *key)
{
  Peer *peer = peer_get (self, key);

  peer->join_tokens = refill (peer->join_tokens, &peer->join_us, self->join_burst,
                              PJ_NET_JOIN_INTERVAL_MS * 1000.0, now_us (self));
  if (peer->join_tokens < 1.0)
    return FALSE;
  peer->join_tokens -= 1.0;
  return TRUE;
}

/* Names and tokens have their budgets beside the addresses', in the same
 * table and forgotten the same way: a space is in no address's key. */
static char *
name_budget_key (const char *name)
{
  g_autofree char *folded = pj_net_name_key (name ? name : "");

  return g_strconcat ("name ", folded, NULL);
}

PjNetError
_pj_host_guard_token (PjHost      *self,
                      const char  *token,
                      const char **message,
                      const char **why)
{
  g_autofree char *key = NULL;

  if (token == NULL)
    return 0;
  /* a sniffed or shared token tried from many addresses (each replacing
   * the last) churns one place: its owner's budget, not each address's */
  key = g_strconcat ("token ", token, NULL);
  if (!spend_join (self, key))
    {
      *message = _("Too many joins with that token: wait a moment");
      *why = "joins with its token too often";
      return PJ_NET_ERROR_SLOW_DOWN;
    }
  return 0;
}

PjNetError
_pj_host_guard_join (PjHost      *self,
                     Client      *c,
                     Client      *holder,
                     const char  *token,
                     const char **message,
                     const char **why)
{
  g_autofree char *name_key = NULL;
  guint same = 0;

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);

      same += other != c && other != holder && other->greeted && strcmp (other->key, c->key) == 0;
    }
  /* one machine cannot take every place at the table */
  if (same >= self->max_per_address)
    {
      *message = _("Too many people from your address are at this table");
      *why = "too many people from its address";
      return PJ_NET_ERROR_TABLE_FULL;
    }
  if (!spend_join (self, c->key))
    {
      *message = _("Too many joins from your address: wait a moment");
      *why = "joins too often";
      return PJ_NET_ERROR_SLOW_DOWN;
    }
  /* many addresses under one name (as the name is before it is made
   * unique) are one guest coming back too often */
  name_key = name_budget_key (c->name);
  if (!spend_join (self, name_key))
    {
      *message = _("Too many joins under that name: wait a moment");
      *why = "joins under its name too often";
      return PJ_NET_ERROR_SLOW_DOWN;
    }
  return _pj_host_guard_token (self, token, message, why);
}

gboolean
pj_host_try_chat_for_testing (PjHost       *self,
                              GInetAddress *address,
                              const char   *name,
                              const char   *token)
{
  g_autofree char *key = pj_net_address_key (address, NULL);
  g_autofree char *clean = pj_net_clean_name (name);
  g_autofree char *own_token = g_strdup (token);
  Client c = { .host = self, .key = key, .name = clean, .token = own_token, .seat = -1, .greeted = TRUE };

  return _pj_host_guard_chat (self, &c);
}

int
pj_host_try_join_for_testing (PjHost       *self,
                              GInetAddress *address,
                              const char   *name,
                              const char   *token)
{
  g_autofree char *key = pj_net_address_key (address, NULL);
  g_autofree char *clean = pj_net_clean_name (name);
  Client c = { .host = self, .key = key, .name = clean, .seat = -1 };
  const char *message, *why;

  return (int) _pj_host_guard_join (self, &c, NULL, token, &message, &why);
}

void
pj_host_set_address_limits_for_testing (PjHost *self,
                                        guint   people,
                                        guint   join_burst)
{
  if (people)
    self->max_per_address = people;
  if (join_burst)
    self->join_burst = join_burst;
}

/* ---- forgetting ------------------------------------------------------------ */

/* Whether the address has anything the guard must still remember. A
 * crowded table keeps only what a flood must not wipe: connections, bans,
 * and the addresses still waiting for their next answer. */
static gboolean
peer_matters (PjHost     *self,
              Peer       *peer,
              GHashTable *connected,
              gint64      now,
              gboolean    crowded)
{
  if (peer->n_pending > 0 || peer->banned || peer->next_answer_us > now ||
      g_hash_table_contains (connected, peer->address))
    return TRUE;
  /* a budget spent to the last join is what a flood of other addresses
   * (or names) would wipe to start it over: it takes 16 joins to make
   * one, so these stay few */
  if (peer->join_us != 0 &&
      refill (peer->join_tokens, &(gint64) { peer->join_us }, self->join_burst,
              PJ_NET_JOIN_INTERVAL_MS * 1000.0, now) < 1.0)
    return TRUE;
  /* the same for a chat budget spent to the last line (a name's or a
   * token's too) */
  if (peer->chat_us != 0 &&
      refill (peer->chat_tokens, &(gint64) { peer->chat_us }, PJ_NET_CHAT_BURST,
              PJ_NET_CHAT_INTERVAL_MS * 1000.0, now) < 1.0)
    return TRUE;
  if (crowded)
    return FALSE;
  if (peer->failures > 0 && now - peer->failed_us < (gint64) PJ_NET_AUTH_FORGET_MS * 1000)
    return TRUE;
  if (peer->n_unlogged > 0 || (peer->log_since_us != 0 && now - peer->log_since_us < REFUSAL_LOG_WINDOW_US))
    return TRUE;
  /* a budget not full again would start over full: not yet */
  if (peer->chat_us != 0 &&
      refill (peer->chat_tokens, &(gint64) { peer->chat_us }, PJ_NET_CHAT_BURST,
              PJ_NET_CHAT_INTERVAL_MS * 1000.0, now) < PJ_NET_CHAT_BURST)
    return TRUE;
  if (peer->join_us != 0 &&
      refill (peer->join_tokens, &(gint64) { peer->join_us }, self->join_burst,
              PJ_NET_JOIN_INTERVAL_MS * 1000.0, now) < self->join_burst)
    return TRUE;
  return FALSE;
}

static void
forget_peers (PjHost   *self,
              gboolean  crowded)
{
  g_autoptr (GHashTable) connected = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 now = now_us (self);
  GHashTableIter iter;
  Peer *peer;

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (c->key)
        g_hash_table_add (connected, c->key);
    }
  g_hash_table_iter_init (&iter, self->peers);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &peer))
    {
      if (!crowded && peer->n_unlogged > 0 && now - peer->log_since_us >= REFUSAL_LOG_WINDOW_US)
        log_unlogged (self, peer);
      if (!peer_matters (self, peer, connected, now, crowded))
        g_hash_table_iter_remove (&iter);
    }
}

guint
pj_host_forget_peers_for_testing (PjHost *self)
{
  forget_peers (self, FALSE);
  return g_hash_table_size (self->peers);
}

/* ---- liveness ------------------------------------------------------------ */

static gboolean
tick_cb (gpointer user_data)
{
  PjHost *self = user_data;
  gint64 now = g_get_monotonic_time ();
  g_autoptr (JsonObject) ping = pj_net_message_new (PJ_MSG_PING);

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
  forget_peers (self, FALSE);
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
    peer_get (self, c->key)->banned = TRUE;
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
  g_autoptr (GInetAddress) inet = NULL;
  Peer *peer;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (address != NULL, FALSE);
  peer = g_hash_table_lookup (self->peers, address);
  /* the people list shows an address; a far IPv6 one is banned by its /64 */
  if (peer == NULL && (inet = g_inet_address_new_from_string (address)) != NULL)
    {
      g_autofree char *key = pj_net_address_key (inet, NULL);
      peer = g_hash_table_lookup (self->peers, key);
    }
  if (peer == NULL || !peer->banned)
    return FALSE;
  peer->banned = FALSE;
  return TRUE;
}
