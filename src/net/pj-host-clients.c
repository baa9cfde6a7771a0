/* pj-host-clients.c — the host's connections: what each seat may see, and
 * every request a client makes after its hello (pj-host-hello.c), checked
 * before anything changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-host-private.h"
#include "pj-net-tls.h"

#define drop_client _pj_host_drop_client

/* ---- clients ------------------------------------------------------------ */

void
_pj_host_client_free (Client *c)
{
  _pj_host_cancel_catch_up (c);
  _pj_host_guard_greeted (c->host, c);
  if (c->conn)
    {
      pj_net_connection_close (c->conn);
      pj_net_connection_unref (c->conn);
    }
  g_free (c->name);
  g_free (c->token);
  g_free (c->address);
  g_free (c->key);
  g_free (c->nonce);
  g_free (c->binding);
  g_free (c);
}

void
_pj_host_seat_clear (Seat *seat)
{
  _pj_host_clear_source (&seat->grace);
  g_clear_pointer (&seat->name, g_free);
  g_clear_pointer (&seat->token, g_free);
  seat->kind = PJ_NET_SEAT_OPEN;
  seat->ready = FALSE;
  seat->client = NULL;
  seat->name = g_strdup ("");
}

static void
send_error (Client     *c,
            PjNetError  code,
            const char *message,
            const char *ref)
{
  pj_net_connection_send_error (c->conn, code, message, ref);
}

/* Every refused request counts; past the limit the client is hung up on,
 * and only that client: the table goes on. */
gboolean
_pj_host_strike (Client     *c,
                 PjNetError  code,
                 const char *message,
                 const char *ref)
{
  send_error (c, code, message, ref);
  if (++c->strikes < PJ_NET_MAX_ERROR_STRIKES)
    return FALSE;
  send_error (c, PJ_NET_ERROR_TOO_MANY_ERRORS, _("Too many bad messages: goodbye"), ref);
  return TRUE;
}

/* ---- what one seat may see ---------------------------------------------- */

char *
_pj_host_position_for (const PjState *state,
                       int            viewer)
{
  PjState view = *state;

  pj_state_redact (&view, viewer);
  return pj_position_to_string (&view);
}

/* The action as `viewer` may see it (the engine knows what is face down). */
char *
_pj_host_action_for (const PjState  *before,
                     const PjAction *a,
                     int             viewer)
{
  PjAction seen;

  pj_action_redact (before, a, viewer, &seen);
  return pj_action_to_string (before, &seen);
}

/* The update line (encoded, newline and all) for whoever sits at `seat`
 * (-1: a spectator): the same for everyone there, so a broadcast makes it
 * once per seat. */
char *
_pj_host_update_line (PjHost         *self,
                      int             seat,
                      const PjState  *before,
                      const PjAction *a,
                      int             actor,
                      gboolean        computer,
                      gsize          *length)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_UPDATE);
  g_autofree char *position = _pj_host_position_for (pj_game_get_state (self->game), seat);

  json_object_set_int_member (msg, "n", pj_game_get_n_actions (self->game));
  if (a)
    {
      g_autofree char *text = _pj_host_action_for (before, a, seat);

      json_object_set_int_member (msg, "actor", actor);
      json_object_set_string_member (msg, "action", text);
      json_object_set_boolean_member (msg, "computer", computer);
      /* a challenge turns the pending card face up for everyone */
      if (a->kind == PJ_ACTION_CHALLENGE)
        json_object_set_string_member (msg, "revealed",
                                       pj_card_to_string (pj_action_revealed_card (before, a)));
    }
  json_object_set_string_member (msg, "position", position);
  return pj_net_message_to_line (msg, length);
}

void
_pj_host_send_update (PjHost         *self,
                      Client         *c,
                      const PjState  *before,
                      const PjAction *a,
                      int             actor,
                      gboolean        computer)
{
  gsize length;
  g_autofree char *line = _pj_host_update_line (self, c->seat, before, a, actor, computer, &length);

  pj_net_connection_send_raw (c->conn, line, length);
}

void
_pj_host_send_start (PjHost *self,
                     Client *c)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_START);
  g_autofree char *rules = pj_rules_to_string (pj_record_get_rules (_pj_host_record_of (self)));

  json_object_set_string_member (msg, "commitment", self->commitment);
  json_object_set_int_member (msg, "dealer", pj_record_get_dealer (_pj_host_record_of (self)));
  json_object_set_string_member (msg, "rules", rules);
  json_object_set_int_member (msg, "seat", c->seat);
  pj_net_connection_send (c->conn, msg);
}

/* The fair-deal reveal: the full log (cards and all), then seed and salt. */
void
_pj_host_send_reveal (PjHost    *self,
                      Client    *c,
                      GPtrArray *log)
{
  g_autoptr (JsonObject) over = pj_net_message_new (PJ_MSG_OVER);
  g_autofree char *seed = NULL;
  g_autofree char *salt = NULL;

  for (guint first = 0; first < log->len; first += PJ_NET_LOG_CHUNK)
    {
      g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_LOG);
      JsonArray *array = json_array_new ();

      for (guint i = first; i < log->len && i < first + PJ_NET_LOG_CHUNK; i++)
        json_array_add_string_element (array, g_ptr_array_index (log, i));
      json_object_set_int_member (msg, "first", first);
      json_object_set_array_member (msg, "actions", array);
      pj_net_connection_send (c->conn, msg);
    }
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, self->committed_seed);
  salt = g_strdup (self->salt);
  if (self->lie == PJ_HOST_LIE_SALT)
    salt[0] = salt[0] == '0' ? '1' : '0';
  json_object_set_int_member (over, "winner", pj_game_get_state (self->game)->winner);
  json_object_set_string_member (over, "seed", seed);
  json_object_set_string_member (over, "salt", salt);
  json_object_set_int_member (over, "n", log->len);
  pj_net_connection_send (c->conn, over);
}

/* The full text of every action, each written for the position before it. */
GPtrArray *
_pj_host_full_log (PjHost *self)
{
  GPtrArray *log = g_ptr_array_new_with_free_func (g_free);
  PjState s;

  pj_state_new_game (&s, pj_record_get_rules (_pj_host_record_of (self)), pj_record_get_seed (_pj_host_record_of (self)),
                     (int) pj_record_get_dealer (_pj_host_record_of (self)));
  for (guint i = 0; i < pj_game_get_n_actions (self->game); i++)
    {
      const PjAction *a = pj_record_get_action (_pj_host_record_of (self), i);

      g_ptr_array_add (log, pj_action_to_string (&s, a));
      pj_state_apply (&s, a);
    }
  return log;
}

/* ---- lobby messages ------------------------------------------------------- */

static JsonObject *
lobby_message (PjHost *self)
{
  JsonObject *msg = pj_net_message_new (PJ_MSG_LOBBY);
  g_autofree char *rules = pj_rules_to_string (&self->rules);
  static const char *const phase_names[] = { "lobby", "playing", "over" };
  static const char *const kind_names[] = { "open", "human", "computer" };
  JsonArray *seats = json_array_new ();
  JsonArray *people = json_array_new ();

  json_object_set_string_member (msg, "table", self->table_name);
  json_object_set_boolean_member (msg, "password", self->password && *self->password);
  json_object_set_string_member (msg, "rules", rules);
  json_object_set_string_member (msg, "phase", phase_names[self->phase]);
  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];
      JsonObject *o = json_object_new ();
      char colour[2] = { pj_colour_letter (i), 0 };

      json_object_set_int_member (o, "seat", i);
      json_object_set_string_member (o, "colour", colour);
      json_object_set_string_member (o, "name", seat->name);
      json_object_set_string_member (o, "kind", kind_names[seat->kind]);
      if (seat->kind == PJ_NET_SEAT_COMPUTER)
        json_object_set_string_member (o, "level", pj_ai_level_name (seat->level));
      json_object_set_boolean_member (o, "ready", seat->ready || seat->kind == PJ_NET_SEAT_COMPUTER);
      json_object_set_boolean_member (o, "connected", seat->client != NULL);
      /* a person whose link dropped: everyone can say when a computer
       * takes over, counting down */
      if (seat->client == NULL && seat->grace != NULL)
        json_object_set_int_member (o, "cover_ms",
                                    MAX (seat->grace_until - g_get_monotonic_time (), 0) / 1000);
      json_array_add_object_element (seats, o);
    }
  json_object_set_array_member (msg, "seats", seats);
  /* who is here, spectators included (a kick names its person by id) */
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      JsonObject *o;

      if (!c->greeted)
        continue;
      o = json_object_new ();
      json_object_set_int_member (o, "id", c->id);
      json_object_set_string_member (o, "name", c->name);
      json_object_set_int_member (o, "seat", c->seat);
      json_array_add_object_element (people, o);
    }
  json_object_set_array_member (msg, "people", people);
  return msg;
}

void
_pj_host_broadcast_lobby (PjHost *self)
{
  g_autoptr (JsonObject) msg = lobby_message (self);

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (!c->greeted)
        continue;
      /* the one member that differs per client: where it sits */
      json_object_set_int_member (msg, "seat", c->seat);
      /* a join/leave storm leaves a slow reader one lobby to read, not each */
      pj_net_connection_send_latest (c->conn, msg);
    }
  g_signal_emit (self, _pj_host_signals[LOBBY_CHANGED], 0);
}

gboolean
_pj_host_client_speaks (const Client *c,
                        int           version)
{
  return c->greeted && c->protocol >= version;
}

gboolean
pj_host_person_speaks_for_testing (PjHost *self,
                                   guint   person_id,
                                   int     version)
{
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);

      if (c->id == person_id)
        return _pj_host_client_speaks (c, version);
    }
  return FALSE;
}

static void
stand_up (PjHost *self,
          Client *c)
{
  if (c->seat < 0)
    return;
  _pj_host_seat_clear (&self->seats[c->seat]);
  c->seat = -1;
}

static gboolean
check_lobby (PjHost     *self,
             Client     *c,
             const char *ref)
{
  if (self->phase == PJ_NET_PHASE_LOBBY)
    return TRUE;
  if (_pj_host_strike (c, PJ_NET_ERROR_WRONG_PHASE, _("The game has already started"), ref))
    drop_client (self, c);
  return FALSE;
}

static void
handle_sit (PjHost     *self,
            Client     *c,
            JsonObject *msg)
{
  guint index = (guint) json_object_get_int_member (msg, "seat");
  Seat *seat;

  if (!check_lobby (self, c, "sit"))
    return;
  if (index >= self->rules.players)
    {
      if (_pj_host_strike (c, PJ_NET_ERROR_INVALID_FIELD, _("No such seat at this table"), "sit"))
        drop_client (self, c);
      return;
    }
  seat = &self->seats[index];
  if (c->seat == (int) index)
    return;
  if (seat->kind != PJ_NET_SEAT_OPEN)
    {
      if (_pj_host_strike (c, PJ_NET_ERROR_SEAT_TAKEN, _("That seat is taken"), "sit"))
        drop_client (self, c);
      return;
    }
  stand_up (self, c);
  seat->kind = PJ_NET_SEAT_HUMAN;
  g_free (seat->name);
  seat->name = g_strdup (c->name);
  seat->token = g_strdup (c->token);
  seat->client = c;
  seat->ready = FALSE;
  c->seat = (int) index;
  _pj_host_broadcast_lobby (self);
}

static void
handle_stand (PjHost *self,
              Client *c)
{
  if (!check_lobby (self, c, "stand"))
    return;
  stand_up (self, c);
  _pj_host_broadcast_lobby (self);
}

static void
handle_ready (PjHost     *self,
              Client     *c,
              JsonObject *msg)
{
  if (!check_lobby (self, c, "ready"))
    return;
  if (c->seat < 0)
    {
      if (_pj_host_strike (c, PJ_NET_ERROR_NOT_SEATED, _("Take a seat first"), "ready"))
        drop_client (self, c);
      return;
    }
  self->seats[c->seat].ready = json_object_get_boolean_member (msg, "ready");
  _pj_host_broadcast_lobby (self);
}

static void
handle_chat (PjHost     *self,
             Client     *c,
             JsonObject *msg)
{
  gboolean team = json_object_get_boolean_member_with_default (msg, "team", FALSE);
  g_autoptr (JsonObject) out = pj_net_message_new (PJ_MSG_CHAT);

  /* a burst is fine; a flood would reach every player: refused, as strikes */
  if (!_pj_host_guard_chat (self, c))
    {
      g_autofree char *who = _pj_host_describe (c);

      if (_pj_host_guard_may_log_refusal (self, c->key))
        _pj_host_event (self, "refusal", "%s chats too fast", who);
      if (_pj_host_strike (c, PJ_NET_ERROR_SLOW_DOWN, _("Too many messages: wait a moment"), "chat"))
        drop_client (self, c);
      return;
    }
  if (self->phase == PJ_NET_PHASE_PLAYING)
    {
      /* RULES §12: no table talk between experienced players; beginners'
       * tables may talk within a team */
      const char *refusal = NULL;
      PjNetError code = PJ_NET_ERROR_CHAT_REFUSED;

      if (!self->rules.beginner_table_talk)
        refusal = _("Table talk is off at this table");
      else if (c->seat < 0)
        refusal = _("Spectators cannot talk during a game"), code = PJ_NET_ERROR_NOT_SEATED;
      else if (!team)
        refusal = _("During a game only team chat is allowed");
      if (refusal)
        {
          if (_pj_host_strike (c, code, refusal, "chat"))
            drop_client (self, c);
          return;
        }
    }
  else
    team = FALSE;

  json_object_set_string_member (out, "from", c->name);
  json_object_set_int_member (out, "seat", c->seat);
  json_object_set_string_member (out, "text", json_object_get_string_member (msg, "text"));
  json_object_set_boolean_member (out, "team", team);
  json_object_set_int_member (out, "id",
                              _pj_host_talk_keep (self, c->name, c->seat,
                                                  json_object_get_string_member (msg, "text"), team));
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);

      /* one catching up reads it with the earlier talk (it is kept) */
      if (!other->greeted || other->catching_up)
        continue;
      if (team && (other->seat < 0 ||
                   pj_team_of (&self->rules, (guint) other->seat) != pj_team_of (&self->rules, (guint) c->seat)))
        continue;
      pj_net_connection_send (other->conn, out);
    }
}

static void
handle_action (PjHost     *self,
               Client     *c,
               JsonObject *msg)
{
  const char *text = json_object_get_string_member (msg, "text");
  const PjState *s;
  PjAction a;
  g_autoptr (GError) error = NULL;
  PjNetError code = 0;
  const char *message = NULL;

  if (self->phase != PJ_NET_PHASE_PLAYING)
    code = PJ_NET_ERROR_WRONG_PHASE, message = _("No game is being played");
  else if (c->seat < 0)
    code = PJ_NET_ERROR_NOT_SEATED, message = _("Spectators cannot play");
  else if ((s = pj_game_get_state (self->game))->actor != (guint) c->seat)
    code = PJ_NET_ERROR_NOT_YOUR_TURN, message = _("It is not your turn");
  else if (json_object_has_member (msg, "n") &&
           json_object_get_int_member (msg, "n") != pj_game_get_n_actions (self->game))
    code = PJ_NET_ERROR_STALE, message = _("That answers an earlier position");
  else if (!pj_action_from_string (s, text, &a, &error))
    code = PJ_NET_ERROR_ILLEGAL_ACTION, message = error->message;

  if (message)
    {
      if (_pj_host_strike (c, code, message, "action"))
        drop_client (self, c);
      return;
    }
  g_clear_error (&error);
  /* the game checks it again, as it checks every action it applies */
  if (!pj_game_apply_for_seat (self->game, (guint) c->seat, &a, &error))
    {
      if (_pj_host_strike (c, PJ_NET_ERROR_ILLEGAL_ACTION, error->message, "action"))
        drop_client (self, c);
    }
}

/* A type only the host sends. The parser refuses those from a client, so
 * only a schema row opened to clients by mistake comes here: logged and
 * struck like any bad message, so that a peer never aborts the host. */
static void
unexpected (PjHost           *self,
            Client           *c,
            PjNetMessageType  type)
{
  const char *name = pj_net_message_type_name (type);

  if (_pj_host_guard_may_log_refusal (self, c->key))
    {
      g_autofree char *who = _pj_host_describe (c);
      _pj_host_event (self, "refusal", "%s sent a “%s”, which only a host sends", who, name);
    }
  if (_pj_host_strike (c, PJ_NET_ERROR_UNKNOWN_TYPE, _("A table does not take that message"), name))
    drop_client (self, c);
}

static void
connection_message (PjNetConnection  *conn,
                    PjNetMessageType  type,
                    JsonObject       *msg,
                    gpointer          user_data)
{
  Client *c = user_data;
  PjHost *self = c->host;

  /* only whole messages count: a line dripping in byte by byte is silence */
  c->heard_us = g_get_monotonic_time ();
  /* a ping may come first: a client finds out so whether the host is too old */
  if (!c->greeted && type != PJ_MSG_HELLO && type != PJ_MSG_PING && type != PJ_MSG_PONG)
    {
      if (_pj_host_strike (c, PJ_NET_ERROR_HELLO_FIRST, _("Say hello first"), pj_net_message_type_name (type)))
        drop_client (self, c);
      return;
    }
  /* Every type has its case and there is no default (-Werror=switch,
   * meson.build): a new message fails the build here until it is handled. */
  switch (type)
    {
    case PJ_MSG_HELLO:  _pj_host_handle_hello (self, c, msg); break;
    case PJ_MSG_SIT:    handle_sit (self, c, msg); break;
    case PJ_MSG_STAND:  handle_stand (self, c); break;
    case PJ_MSG_READY:  handle_ready (self, c, msg); break;
    case PJ_MSG_CHAT:   handle_chat (self, c, msg); break;
    case PJ_MSG_ACTION: handle_action (self, c, msg); break;
    case PJ_MSG_PING:
      {
        g_autoptr (JsonObject) pong = pj_net_message_new (PJ_MSG_PONG);
        if (json_object_has_member (msg, "id"))
          json_object_set_int_member (pong, "id", json_object_get_int_member (msg, "id"));
        pj_net_connection_send (c->conn, pong);
        break;
      }
    case PJ_MSG_PONG:   break;   /* heard: that is all a pong says */
    case PJ_MSG_BYE:    c->token_void = TRUE; drop_client (self, c); break;
    /* the host's own messages */
    case PJ_MSG_WELCOME:
    case PJ_MSG_LOBBY:
    case PJ_MSG_START:
    case PJ_MSG_UPDATE:
    case PJ_MSG_LOG:
    case PJ_MSG_OVER:
    case PJ_MSG_ERROR:
    case PJ_MSG_CHALLENGE:
    case PJ_MSG_CLOSED:
    case PJ_MSG_PAST:
    case PJ_N_MSG:
      unexpected (self, c, type);
      break;
    }
}

static void
connection_bad_message (PjNetConnection *conn,
                        const GError    *error,
                        gpointer         user_data)
{
  Client *c = user_data;

  c->heard_us = g_get_monotonic_time ();
  if (error->code == PJ_NET_ERROR_FLOOD)
    {
      _pj_host_hang_up (c->host, c, PJ_NET_ERROR_FLOOD, error->message, NULL,
                        c->greeted ? "leave" : "refusal", "sent too much and was cut off");
      return;
    }
  if (_pj_host_strike (c, (PjNetError) error->code, error->message, NULL))
    drop_client (c->host, c);
}

static void
connection_closed (PjNetConnection *conn,
                   const GError    *error,
                   gpointer         user_data)
{
  Client *c = user_data;

  drop_client (c->host, c);
}

/* The TLS handshake: done (the hello may come), or one line saying why a
 * connection never got that far; what follows is the usual drop. */
static void
connection_secured (PjNetConnection *conn,
                    const GError    *error,
                    gpointer         user_data)
{
  Client *c = user_data;

  if (error == NULL)
    {
      /* before any hello can be read: every proof answers this channel */
      g_free (c->binding);
      c->binding = pj_net_connection_get_channel_binding (conn);
      return;
    }
  if (_pj_host_guard_may_log_refusal (c->host, c->key))
    {
      if (g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_VERSION))
        _pj_host_event (c->host, "refusal", "a connection from %s was refused: its app is older "
                        "and speaks without encryption (protocol 2 or less)", c->address);
      else
        _pj_host_event (c->host, "refusal", "a connection from %s failed its TLS handshake: %s",
                        c->address, error->message);
    }
}

static const PjNetConnectionCallbacks connection_callbacks = {
  connection_message,
  connection_bad_message,
  connection_closed,
  connection_secured,
};

/* Forget a connection. Its seat: freed in the lobby; kept during a game
 * under its token, with a computer taking over after the grace period. */
void
_pj_host_drop_client (PjHost *self,
                      Client *c)
{
  gboolean seated = c->seat >= 0;
  gboolean greeted = c->greeted;

  if (c->greeted && !c->reported)
    {
      g_autofree char *who = _pj_host_describe (c);
      _pj_host_event (self, "leave", "%s left", who);
    }
  c->reported = TRUE;

  if (seated)
    {
      Seat *seat = &self->seats[c->seat];

      seat->client = NULL;
      if (self->phase == PJ_NET_PHASE_LOBBY)
        _pj_host_seat_clear (seat);
      else if (self->phase == PJ_NET_PHASE_PLAYING)
        _pj_host_start_grace (self, seat);
    }
  c->seat = -1;
  _pj_host_keep_away (self, c);
  if (greeted && !seated)
    _pj_host_queue_save_tokens (self);
  g_ptr_array_remove (self->clients, c);   /* frees it */
  /* the people list changed even for a spectator */
  if (seated || greeted)
    _pj_host_broadcast_lobby (self);
}

gboolean
_pj_host_incoming_cb (GSocketService    *service,
                      GSocketConnection *connection,
                      GObject           *source,
                      gpointer           user_data)
{
  PjHost *self = user_data;
  Client *c = g_new0 (Client, 1);
  g_autoptr (JsonObject) challenge = pj_net_message_new (PJ_MSG_CHALLENGE);

  c->host = self;
  c->id = ++self->next_client_id;
  c->seat = -1;
  c->name = g_strdup ("");
  c->token = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
  c->nonce = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
  c->conn = pj_net_connection_new (G_IO_STREAM (connection), PJ_NET_TO_HOST,
                                   &connection_callbacks, c);
  /* every line is in TLS; an older app, in clear, is told to update. The
   * handshake runs within the hello deadline (a silent peer is evicted as
   * any other), and even a refusal at the door goes out in TLS. */
  pj_net_connection_set_tls_server (c->conn, self->certificate, self->clear_answer);
  pj_net_connection_start (c->conn);
  /* Only greeted people count toward the table's limit (handle_hello):
   * connections still silent are bounded apart, the oldest going first. */
  if (!_pj_host_guard_admit (self, c, connection))
    {
      _pj_host_client_free (c);
      return TRUE;
    }
  pj_net_connection_set_read_budget (c->conn, PJ_NET_READ_BURST, PJ_NET_READ_RATE);
  /* 31 guests that never read cannot grow the table without end */
  pj_net_connection_set_budget (c->conn, self->out_budget);
  g_ptr_array_add (self->clients, c);
  /* the nonce the password and token proofs answer, and the versions spoken */
  json_object_set_string_member (challenge, "nonce", c->nonce);
  json_object_set_int_member (challenge, "protocol_min", PJ_NET_PROTOCOL_MIN);
  json_object_set_int_member (challenge, "protocol_max", PJ_NET_PROTOCOL_MAX);
  pj_net_connection_send (c->conn, challenge);
  return TRUE;
}

/* What an app of protocol 2 or less, which speaks in clear, reads from a
 * TLS-only table: a challenge whose versions it cannot meet (a version-2
 * app then says "needs a newer version" itself), and the version error a
 * version-1 app, which sends hello first, shows as it is. */
static GBytes *
clear_answer_new (void)
{
  g_autoptr (JsonObject) challenge = pj_net_message_new (PJ_MSG_CHALLENGE);
  g_autoptr (JsonObject) refusal = pj_net_message_new (PJ_MSG_ERROR);
  g_autofree char *nonce = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
  g_autofree char *message = pj_net_version_message (1, PJ_NET_PROTOCOL_MIN - 1,
                                                     PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize len_first, len_second;
  GByteArray *bytes = g_byte_array_new ();

  json_object_set_string_member (challenge, "nonce", nonce);
  json_object_set_int_member (challenge, "protocol_min", PJ_NET_PROTOCOL_MIN);
  json_object_set_int_member (challenge, "protocol_max", PJ_NET_PROTOCOL_MAX);
  json_object_set_string_member (refusal, "code", pj_net_error_code_name (PJ_NET_ERROR_VERSION));
  json_object_set_string_member (refusal, "message", message);
  json_object_set_string_member (refusal, "ref", "hello");
  first = pj_net_message_to_line (challenge, &len_first);
  second = pj_net_message_to_line (refusal, &len_second);
  g_byte_array_append (bytes, (const guint8 *) first, (guint) len_first);
  g_byte_array_append (bytes, (const guint8 *) second, (guint) len_second);
  return g_byte_array_free_to_bytes (bytes);
}

/* ---- public API ---------------------------------------------------------- */

gboolean
pj_host_listen (PjHost   *self,
                guint16   port,
                GError  **error)
{
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (self->port == 0, FALSE);

  /* nothing crosses the network in clear: no TLS, no table */
  if (!pj_net_tls_check_available (error))
    return FALSE;
  if (self->certificate == NULL)
    {
      g_autoptr (GTlsCertificate) certificate = pj_net_tls_default_certificate (error);

      if (certificate == NULL)
        return FALSE;
      pj_host_set_certificate (self, certificate);
    }
  if (self->clear_answer == NULL)
    self->clear_answer = clear_answer_new ();
  if (port == 0)
    port = PJ_NET_DEFAULT_PORT;
  /* every IPv4 and IPv6 address (one dual-stack socket where the system allows) */
  if (g_socket_listener_add_inet_port (G_SOCKET_LISTENER (self->service), port, NULL, &local))
    self->port = port;
  else if (port == PJ_NET_DEFAULT_PORT &&
           g_error_matches (local, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
    {
      /* another table on this machine: any free port (discovery tells it) */
      self->port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (self->service), NULL, error);
      if (self->port == 0)
        return FALSE;
    }
  else
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_socket_service_start (self->service);
  _pj_host_guard_start_tick (self);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_PORT]);
  return TRUE;
}

guint16
pj_host_get_port (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), 0);
  return self->port;
}

void
pj_host_stop (PjHost *self)
{
  g_return_if_fail (PJ_IS_HOST (self));

  if (self->stopped)
    return;
  self->stopped = TRUE;
  _pj_host_flush_tokens (self);
  /* said before the sockets close: guests stop retrying */
  _pj_host_send_closed (self);
  _pj_host_clear_source (&self->tick);
  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      self->seats[i].client = NULL;
      _pj_host_clear_source (&self->seats[i].grace);
    }
  g_ptr_array_set_size (self->clients, 0);
  if (self->game)
    pj_game_stop (self->game);
}

