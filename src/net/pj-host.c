/* pj-host.c — the authoritative table of a LAN game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-game.h"
#include "pj-host.h"
#include "pj-net-connection.h"
#include "pj-net-private.h"

#define TOKENS_FORMAT  "pegs-and-jokers-lan-tokens"

typedef struct _Client Client;

typedef struct {
  PjHost      *host;           /* back-pointers for the grace timeout */
  guint        index;
  PjNetSeatKind kind;
  char        *name;
  PjAiLevel    level;          /* computer seats */
  gboolean     ready;
  char        *token;          /* human seats: the token that owns the seat */
  Client      *client;         /* the connection sitting here now, or NULL */
  GSource     *grace;          /* running grace period after a drop */
} Seat;

struct _Client {
  PjHost          *host;       /* not a reference: clients die with the host */
  PjNetConnection *conn;
  guint            id;
  char            *name;
  char            *token;
  int              seat;       /* -1: not seated (spectator) */
  gboolean         greeted;    /* hello accepted */
  guint            strikes;    /* bad messages so far */
};

struct _PjHost {
  GObject          parent_instance;

  char            *table_name;
  char            *password;
  GSocketService  *service;
  guint16          port;

  PjNetPhase       phase;
  PjRules          rules;
  Seat             seats[PJ_MAX_PLAYERS];
  GPtrArray       *clients;    /* Client* */
  guint            next_client_id;

  PjGame          *game;       /* the one game driver: NULL in the lobby */
  char            *salt;
  char            *commitment;
  guint64          committed_seed;
  PjHostLie        lie;

  char            *save_path;
  guint            grace_ms;
  PjAiLevel        cover_level;
  guint            computer_delay_ms;

  GMainContext    *context;       /* the thread-default context of the creating thread */
};

G_DEFINE_FINAL_TYPE (PjHost, pj_host, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TABLE_NAME,
  PROP_PASSWORD,
  PROP_PORT,
  PROP_PHASE,
  PROP_GRACE_MS,
  PROP_COVER_LEVEL,
  PROP_COMPUTER_DELAY_MS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  LOBBY_CHANGED,
  GAME_STARTED,
  ACTION_APPLIED,
  GAME_OVER,
  SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The game's record (NULL in the lobby): what is saved and replayed. */
static PjRecord *
record_of (PjHost *self)
{
  return self->game ? pj_game_get_record (self->game) : NULL;
}


/* Timeouts go to the host's own context (g_timeout_add would use the global
 * default one, which another thread may be running). */
static GSource *
add_timeout (PjHost *self, guint ms, GSourceFunc func, gpointer data)
{
  GSource *source = g_timeout_source_new (ms);

  g_source_set_callback (source, func, data, NULL);
  g_source_attach (source, self->context);
  return source;
}

static void
clear_source (GSource **source)
{
  if (*source)
    {
      g_source_destroy (*source);
      g_source_unref (*source);
      *source = NULL;
    }
}
static void broadcast_lobby (PjHost *self);

/* ---- clients ------------------------------------------------------------ */

static void
client_free (Client *c)
{
  if (c->conn)
    {
      pj_net_connection_close (c->conn);
      pj_net_connection_unref (c->conn);
    }
  g_free (c->name);
  g_free (c->token);
  g_free (c);
}

static void
seat_clear (Seat *seat)
{
  clear_source (&seat->grace);
  g_clear_pointer (&seat->name, g_free);
  g_clear_pointer (&seat->token, g_free);
  seat->kind = PJ_NET_SEAT_OPEN;
  seat->ready = FALSE;
  seat->client = NULL;
  seat->name = g_strdup ("");
}

static void
send_error (Client *c, PjNetError code, const char *message, const char *ref)
{
  pj_net_connection_send_error (c->conn, code, message, ref);
}

/* Every refused request counts; past the limit the client is hung up on,
 * and only that client: the table goes on. */
static gboolean
strike (Client *c, PjNetError code, const char *message, const char *ref)
{
  send_error (c, code, message, ref);
  if (++c->strikes < PJ_NET_MAX_ERROR_STRIKES)
    return FALSE;
  send_error (c, PJ_NET_ERROR_TOO_MANY_ERRORS, _("Too many bad messages: goodbye"), ref);
  return TRUE;
}

static void drop_client (PjHost *self, Client *c);

/* ---- what one seat may see ---------------------------------------------- */

static char *
position_for (const PjState *state, int viewer)
{
  PjState view = *state;

  pj_state_redact (&view, viewer);
  return pj_position_to_string (&view);
}

/* The action as `viewer` may see it (the engine knows what is face down). */
static char *
action_for (const PjState *before, const PjAction *a, int viewer)
{
  PjAction seen;

  pj_action_redact (before, a, viewer, &seen);
  return pj_action_to_string (before, &seen);
}

static void
send_update (PjHost *self, Client *c, const PjState *before, const PjAction *a,
             int actor, gboolean computer)
{
  g_autoptr(JsonObject) msg = pj_net_message_new (PJ_MSG_UPDATE);
  g_autofree char *position = position_for (pj_game_get_state (self->game), c->seat);

  json_object_set_int_member (msg, "n", pj_game_get_n_actions (self->game));
  if (a)
    {
      g_autofree char *text = action_for (before, a, c->seat);

      json_object_set_int_member (msg, "actor", actor);
      json_object_set_string_member (msg, "action", text);
      json_object_set_boolean_member (msg, "computer", computer);
      /* a challenge turns the pending card face up for everyone */
      if (a->kind == PJ_ACTION_CHALLENGE)
        json_object_set_string_member (msg, "revealed",
                                       pj_card_to_string (pj_action_revealed_card (before, a)));
    }
  json_object_set_string_member (msg, "position", position);
  pj_net_connection_send (c->conn, msg);
}

static void
send_start (PjHost *self, Client *c)
{
  g_autoptr(JsonObject) msg = pj_net_message_new (PJ_MSG_START);
  g_autofree char *rules = pj_rules_to_string (pj_record_get_rules (record_of (self)));

  json_object_set_string_member (msg, "commitment", self->commitment);
  json_object_set_int_member (msg, "dealer", pj_record_get_dealer (record_of (self)));
  json_object_set_string_member (msg, "rules", rules);
  json_object_set_int_member (msg, "seat", c->seat);
  pj_net_connection_send (c->conn, msg);
}

/* The fair-deal reveal: the full log (cards and all), then seed and salt. */
static void
send_reveal (PjHost *self, Client *c, GPtrArray *log)
{
  g_autoptr(JsonObject) over = pj_net_message_new (PJ_MSG_OVER);
  g_autofree char *seed = NULL;
  g_autofree char *salt = NULL;

  for (guint first = 0; first < log->len; first += PJ_NET_LOG_CHUNK)
    {
      g_autoptr(JsonObject) msg = pj_net_message_new (PJ_MSG_LOG);
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
static GPtrArray *
full_log (PjHost *self)
{
  GPtrArray *log = g_ptr_array_new_with_free_func (g_free);
  PjState s;

  pj_state_new_game (&s, pj_record_get_rules (record_of (self)), pj_record_get_seed (record_of (self)),
                     (int) pj_record_get_dealer (record_of (self)));
  for (guint i = 0; i < pj_game_get_n_actions (self->game); i++)
    {
      const PjAction *a = pj_record_get_action (record_of (self), i);

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
      json_array_add_object_element (seats, o);
    }
  json_object_set_array_member (msg, "seats", seats);
  return msg;
}

static void
broadcast_lobby (PjHost *self)
{
  g_autoptr(JsonObject) msg = lobby_message (self);

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (!c->greeted)
        continue;
      /* the one member that differs per client: where it sits */
      json_object_set_int_member (msg, "seat", c->seat);
      pj_net_connection_send (c->conn, msg);
    }
  g_signal_emit (self, signals[LOBBY_CHANGED], 0);
}

/* ---- saving ----------------------------------------------------------------- */

static char *
tokens_path (const char *save_path)
{
  return g_strconcat (save_path, ".tokens", NULL);
}

static void
save_failed (PjHost *self, GError *error)
{
  g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

/* Tokens and salt are secrets of the host: a side file only the user reads,
 * written once at the start (neither changes during a game). */
static void
save_tokens (PjHost *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  g_autofree char *tmp = NULL;
  gsize len;

  if (self->save_path == NULL || self->game == NULL)
    return;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, TOKENS_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "table");
  json_builder_add_string_value (b, self->table_name);
  json_builder_set_member_name (b, "password");
  json_builder_add_string_value (b, self->password ? self->password : "");
  json_builder_set_member_name (b, "salt");
  json_builder_add_string_value (b, self->salt);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "token");
      json_builder_add_string_value (b, seat->token ? seat->token : "");
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, seat->kind == PJ_NET_SEAT_COMPUTER ? "computer" : "human");
      json_builder_set_member_name (b, "level");
      json_builder_add_string_value (b, pj_ai_level_name (seat->level));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  data = json_generator_to_data (gen, &len);

  path = tokens_path (self->save_path);
  tmp = g_strconcat (path, ".tmp", NULL);
  /* mode 0600 before the secrets go in, then an atomic rename */
  if (!g_file_set_contents_full (tmp, data, (gssize) len, G_FILE_SET_CONTENTS_CONSISTENT,
                                 0600, &error) ||
      g_rename (tmp, path) != 0)
    {
      if (error == NULL)
        error = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("Could not write “%s”"), path);
      save_failed (self, error);
    }
}

/* ---- the game ------------------------------------------------------------ */

static void
finish_game (PjHost *self)
{
  g_autoptr(GPtrArray) log = full_log (self);

  self->phase = PJ_NET_PHASE_OVER;
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (c->greeted)
        send_reveal (self, c, log);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  broadcast_lobby (self);
  g_signal_emit (self, signals[GAME_OVER], 0, (guint) pj_game_get_state (self->game)->winner);
}

/* The game applied an action (a client's, checked by the game, or a
 * computer's): tell everyone what they may see of it. */
static void
game_action_applied_cb (PjGame         *game,
                        const PjAction *a,
                        const PjState  *before,
                        PjHost         *self)
{
  g_autofree char *text = pj_action_to_string (before, a);
  int actor = before->actor;
  gboolean computer = pj_game_seat_is_computer (game, before->actor);

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (c->greeted)
        send_update (self, c, before, a, actor, computer);
    }
  g_signal_emit (self, signals[ACTION_APPLIED], 0,
                 pj_game_get_n_actions (game), actor, text, computer);
}

static void
game_over_cb (PjGame *game,
              int     winner,
              PjHost *self)
{
  finish_game (self);
}

static void
game_save_failed_cb (PjGame       *game,
                     const GError *error,
                     PjHost       *self)
{
  save_failed (self, (GError *) error);
}

static void
set_game (PjHost *self,
          PjGame *game)
{
  if (self->game)
    {
      g_autoptr(GError) error = NULL;

      pj_game_stop (self->game);
      /* the last action reaches the disk before the game goes */
      if (!pj_game_flush_autosave (self->game, &error))
        save_failed (self, error);
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_clear_object (&self->game);
    }
  if (game == NULL)
    return;
  self->game = game;
  pj_game_set_delay (game, self->computer_delay_ms);
  g_signal_connect (game, "action-applied", G_CALLBACK (game_action_applied_cb), self);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (game, "save-failed", G_CALLBACK (game_save_failed_cb), self);
  if (self->save_path)
    pj_game_set_autosave_path (game, self->save_path);
}

/* The grace period ran out: a computer plays the absent human's turns. */
static gboolean
grace_over_cb (gpointer user_data)
{
  Seat *seat = user_data;
  PjHost *self = seat->host;

  g_clear_pointer (&seat->grace, g_source_unref);
  if (seat->client == NULL && seat->kind == PJ_NET_SEAT_HUMAN &&
      self->game && self->phase == PJ_NET_PHASE_PLAYING)
    {
      g_debug ("seat %u: a computer covers for %s", seat->index, seat->name);
      pj_game_cover_seat (self->game, seat->index, pj_controller_from_level (self->cover_level));
    }
  return G_SOURCE_REMOVE;
}

static void
start_grace (PjHost *self, Seat *seat)
{
  clear_source (&seat->grace);
  seat->grace = add_timeout (self, self->grace_ms, grace_over_cb, seat);
}

/* ---- requests ------------------------------------------------------------ */

static void
handle_hello (PjHost *self, Client *c, JsonObject *msg)
{
  gint64 protocol = json_object_get_int_member (msg, "protocol");
  const char *password = json_object_get_string_member_with_default (msg, "password", "");
  const char *token = json_object_get_string_member_with_default (msg, "token", NULL);
  g_autoptr(JsonObject) welcome = NULL;

  if (c->greeted)
    {
      if (strike (c, PJ_NET_ERROR_HELLO_FIRST, _("Already greeted"), "hello"))
        drop_client (self, c);
      return;
    }
  /* a failed handshake ends the connection: nothing else can follow it */
  if (protocol != PJ_NET_PROTOCOL_VERSION)
    {
      g_autofree char *m = g_strdup_printf (_("This table speaks protocol %d, not %d"),
                                            PJ_NET_PROTOCOL_VERSION, (int) protocol);
      send_error (c, PJ_NET_ERROR_VERSION, m, "hello");
      drop_client (self, c);
      return;
    }
  if (self->password && *self->password && g_strcmp0 (self->password, password) != 0)
    {
      send_error (c, PJ_NET_ERROR_BAD_PASSWORD, _("Wrong password for this table"), "hello");
      drop_client (self, c);
      return;
    }

  g_free (c->name);
  c->name = g_strdup (json_object_get_string_member (msg, "name"));
  if (token)
    {
      Seat *seat = NULL;

      for (guint i = 0; i < self->rules.players && !seat; i++)
        if (self->seats[i].token && strcmp (self->seats[i].token, token) == 0)
          seat = &self->seats[i];
      if (seat == NULL)
        {
          send_error (c, PJ_NET_ERROR_BAD_TOKEN, _("No seat at this table has that token"), "hello");
          drop_client (self, c);
          return;
        }
      /* the same person again: an older connection of theirs loses the seat */
      if (seat->client && seat->client != c)
        {
          Client *old = seat->client;
          seat->client = NULL;
          old->seat = -1;
          drop_client (self, old);
        }
      clear_source (&seat->grace);
      if (self->game && self->phase == PJ_NET_PHASE_PLAYING)
        pj_game_cover_seat (self->game, seat->index, PJ_CONTROLLER_REMOTE);
      seat->client = c;
      c->seat = (int) seat->index;
      g_free (c->token);
      c->token = g_strdup (token);
      if (self->phase == PJ_NET_PHASE_LOBBY)
        {
          g_free (seat->name);
          seat->name = g_strdup (c->name);
        }
    }
  c->greeted = TRUE;

  welcome = pj_net_message_new (PJ_MSG_WELCOME);
  json_object_set_int_member (welcome, "protocol", PJ_NET_PROTOCOL_VERSION);
  json_object_set_string_member (welcome, "token", c->token);
  json_object_set_int_member (welcome, "seat", c->seat);
  json_object_set_string_member (welcome, "table", self->table_name);
  pj_net_connection_send (c->conn, welcome);
  broadcast_lobby (self);
  if (self->phase != PJ_NET_PHASE_LOBBY)
    {
      send_start (self, c);
      send_update (self, c, NULL, NULL, -1, FALSE);
      if (self->phase == PJ_NET_PHASE_OVER)
        {
          g_autoptr(GPtrArray) log = full_log (self);
          send_reveal (self, c, log);
        }
    }
}

static void
stand_up (PjHost *self, Client *c)
{
  if (c->seat < 0)
    return;
  seat_clear (&self->seats[c->seat]);
  c->seat = -1;
}

static gboolean
check_lobby (PjHost *self, Client *c, const char *ref)
{
  if (self->phase == PJ_NET_PHASE_LOBBY)
    return TRUE;
  if (strike (c, PJ_NET_ERROR_WRONG_PHASE, _("The game has already started"), ref))
    drop_client (self, c);
  return FALSE;
}

static void
handle_sit (PjHost *self, Client *c, JsonObject *msg)
{
  guint index = (guint) json_object_get_int_member (msg, "seat");
  Seat *seat;

  if (!check_lobby (self, c, "sit"))
    return;
  if (index >= self->rules.players)
    {
      if (strike (c, PJ_NET_ERROR_INVALID_FIELD, _("No such seat at this table"), "sit"))
        drop_client (self, c);
      return;
    }
  seat = &self->seats[index];
  if (c->seat == (int) index)
    return;
  if (seat->kind != PJ_NET_SEAT_OPEN)
    {
      if (strike (c, PJ_NET_ERROR_SEAT_TAKEN, _("That seat is taken"), "sit"))
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
  broadcast_lobby (self);
}

static void
handle_stand (PjHost *self, Client *c)
{
  if (!check_lobby (self, c, "stand"))
    return;
  stand_up (self, c);
  broadcast_lobby (self);
}

static void
handle_ready (PjHost *self, Client *c, JsonObject *msg)
{
  if (!check_lobby (self, c, "ready"))
    return;
  if (c->seat < 0)
    {
      if (strike (c, PJ_NET_ERROR_NOT_SEATED, _("Take a seat first"), "ready"))
        drop_client (self, c);
      return;
    }
  self->seats[c->seat].ready = json_object_get_boolean_member (msg, "ready");
  broadcast_lobby (self);
}

static void
handle_chat (PjHost *self, Client *c, JsonObject *msg)
{
  gboolean team = json_object_get_boolean_member_with_default (msg, "team", FALSE);
  g_autoptr(JsonObject) out = pj_net_message_new (PJ_MSG_CHAT);

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
          if (strike (c, code, refusal, "chat"))
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
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);

      if (!other->greeted)
        continue;
      if (team && (other->seat < 0 ||
                   pj_team_of (&self->rules, (guint) other->seat) != pj_team_of (&self->rules, (guint) c->seat)))
        continue;
      pj_net_connection_send (other->conn, out);
    }
}

static void
handle_action (PjHost *self, Client *c, JsonObject *msg)
{
  const char *text = json_object_get_string_member (msg, "text");
  const PjState *s;
  PjAction a;
  g_autoptr(GError) error = NULL;
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
      if (strike (c, code, message, "action"))
        drop_client (self, c);
      return;
    }
  g_clear_error (&error);
  /* the game checks it again, as it checks every action it applies */
  if (!pj_game_apply_for_seat (self->game, (guint) c->seat, &a, &error))
    {
      if (strike (c, PJ_NET_ERROR_ILLEGAL_ACTION, error->message, "action"))
        drop_client (self, c);
    }
}

static void
connection_message (PjNetConnection *conn, PjNetMessageType type, JsonObject *msg, gpointer user_data)
{
  Client *c = user_data;
  PjHost *self = c->host;

  if (!c->greeted && type != PJ_MSG_HELLO)
    {
      if (strike (c, PJ_NET_ERROR_HELLO_FIRST, _("Say hello first"), pj_net_message_type_name (type)))
        drop_client (self, c);
      return;
    }
  switch (type)
    {
    case PJ_MSG_HELLO:  handle_hello (self, c, msg); break;
    case PJ_MSG_SIT:    handle_sit (self, c, msg); break;
    case PJ_MSG_STAND:  handle_stand (self, c); break;
    case PJ_MSG_READY:  handle_ready (self, c, msg); break;
    case PJ_MSG_CHAT:   handle_chat (self, c, msg); break;
    case PJ_MSG_ACTION: handle_action (self, c, msg); break;
    case PJ_MSG_PING:
      {
        g_autoptr(JsonObject) pong = pj_net_message_new (PJ_MSG_PONG);
        if (json_object_has_member (msg, "id"))
          json_object_set_int_member (pong, "id", json_object_get_int_member (msg, "id"));
        pj_net_connection_send (c->conn, pong);
        break;
      }
    case PJ_MSG_BYE:    drop_client (self, c); break;
    default:            g_assert_not_reached ();
    }
}

static void
connection_bad_message (PjNetConnection *conn, const GError *error, gpointer user_data)
{
  Client *c = user_data;

  if (strike (c, (PjNetError) error->code, error->message, NULL))
    drop_client (c->host, c);
}

static void
connection_closed (PjNetConnection *conn, const GError *error, gpointer user_data)
{
  Client *c = user_data;

  drop_client (c->host, c);
}

static const PjNetConnectionCallbacks connection_callbacks = {
  connection_message,
  connection_bad_message,
  connection_closed,
};

/* Forget a connection. Its seat: freed in the lobby; kept during a game
 * under its token, with a computer taking over after the grace period. */
static void
drop_client (PjHost *self, Client *c)
{
  gboolean seated = c->seat >= 0;

  if (seated)
    {
      Seat *seat = &self->seats[c->seat];

      seat->client = NULL;
      if (self->phase == PJ_NET_PHASE_LOBBY)
        seat_clear (seat);
      else if (self->phase == PJ_NET_PHASE_PLAYING)
        start_grace (self, seat);
    }
  c->seat = -1;
  g_ptr_array_remove (self->clients, c);   /* frees it */
  if (seated)
    broadcast_lobby (self);
}

static gboolean
incoming_cb (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer user_data)
{
  PjHost *self = user_data;
  Client *c = g_new0 (Client, 1);

  c->host = self;
  c->id = ++self->next_client_id;
  c->seat = -1;
  c->name = g_strdup ("");
  c->token = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
  c->conn = pj_net_connection_new (G_IO_STREAM (connection), PJ_NET_TO_HOST,
                                   &connection_callbacks, c);
  if (self->clients->len >= PJ_NET_MAX_CLIENTS)
    {
      pj_net_connection_send_error (c->conn, PJ_NET_ERROR_TABLE_FULL, _("This table is full"), NULL);
      client_free (c);
      return TRUE;
    }
  g_ptr_array_add (self->clients, c);
  pj_net_connection_start (c->conn);
  return TRUE;
}

/* ---- public API ---------------------------------------------------------- */

gboolean
pj_host_listen (PjHost *self, guint16 port, GError **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (self->port == 0, FALSE);

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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORT]);
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

  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      self->seats[i].client = NULL;
      clear_source (&self->seats[i].grace);
    }
  g_ptr_array_set_size (self->clients, 0);
  if (self->game)
    pj_game_stop (self->game);
}

const char *
pj_host_get_table_name (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return self->table_name;
}

PjNetPhase
pj_host_get_phase (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), PJ_NET_PHASE_LOBBY);
  return self->phase;
}

static gboolean
lobby_only (PjHost *self, GError **error)
{
  if (self->phase == PJ_NET_PHASE_LOBBY)
    return TRUE;
  g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE, _("The game has already started"));
  return FALSE;
}

gboolean
pj_host_set_rules (PjHost *self, const PjRules *rules, GError **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);

  if (!lobby_only (self, error) || !pj_rules_validate (rules, error))
    return FALSE;
  for (guint i = rules->players; i < self->rules.players; i++)
    {
      Client *c = self->seats[i].client;
      if (c)
        c->seat = -1;
      seat_clear (&self->seats[i]);
    }
  self->rules = *rules;
  broadcast_lobby (self);
  return TRUE;
}

const PjRules *
pj_host_get_rules (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return &self->rules;
}

gboolean
pj_host_set_seat_computer (PjHost *self, guint index, gboolean computer,
                           PjAiLevel level, GError **error)
{
  Seat *seat;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (level < PJ_AI_N_LEVELS, FALSE);
  if (!lobby_only (self, error))
    return FALSE;
  if (index >= self->rules.players)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD, _("No such seat at this table"));
      return FALSE;
    }
  seat = &self->seats[index];
  if (seat->client)
    seat->client->seat = -1;
  seat_clear (seat);
  if (computer)
    {
      seat->kind = PJ_NET_SEAT_COMPUTER;
      seat->level = level;
      g_free (seat->name);
      /* the colour names the computer, as in a local game */
      seat->name = g_strdup_printf ("%s (%s)", pj_colour_name (index), pj_ai_level_name (level));
    }
  broadcast_lobby (self);
  return TRUE;
}

guint
pj_host_get_n_seats (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), 0);
  return self->rules.players;
}

void
pj_host_get_seat_info (PjHost *self, guint index, PjNetSeatInfo *out)
{
  Seat *seat;

  g_return_if_fail (PJ_IS_HOST (self));
  g_return_if_fail (index < self->rules.players);
  seat = &self->seats[index];
  out->kind = seat->kind;
  out->name = seat->name;
  out->level = seat->level;
  out->ready = seat->ready || seat->kind == PJ_NET_SEAT_COMPUTER;
  out->connected = seat->client != NULL;
}

static guint64
random_seed (void)
{
  g_autofree char *hex = pj_net_random_hex (8);

  return g_ascii_strtoull (hex, NULL, 16);
}

/* Deal a game to the seats as they are: every seat a computer or a ready,
 * connected person. dealer < 0: the seed picks the dealer. */
static gboolean
deal (PjHost *self, int dealer, GError **error)
{
  PjSeat record_seats[PJ_MAX_PLAYERS];
  g_autoptr(PjRecord) record = NULL;
  guint64 seed;

  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];

      if (seat->kind == PJ_NET_SEAT_COMPUTER)
        {
          record_seats[i].controller = pj_controller_from_level (seat->level);
        }
      else if (seat->kind == PJ_NET_SEAT_HUMAN && seat->client && seat->ready)
        record_seats[i].controller = PJ_CONTROLLER_REMOTE;
      else
        {
          g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_NOT_READY,
                       _("The %s seat is not ready"), pj_colour_name (i));
          return FALSE;
        }
      record_seats[i].name = (char *) seat->name;
    }

  seed = random_seed ();
  record = pj_record_new (&self->rules, seed, dealer, record_seats, self->rules.players, error);
  if (record == NULL)
    return FALSE;
  if (self->table_name && *self->table_name)
    pj_record_set_title (record, self->table_name);
  /* a new game: nobody's turns are covered, as nobody is away */
  for (guint i = 0; i < self->rules.players; i++)
    clear_source (&self->seats[i].grace);
  set_game (self, pj_game_new_for_table (record));

  g_free (self->salt);
  g_free (self->commitment);
  self->salt = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
  /* a lying host (tests only) commits to a seed it did not deal from */
  self->committed_seed = self->lie == PJ_HOST_LIE_SEED ? seed + 1 : seed;
  self->commitment = pj_net_commitment (self->committed_seed, self->salt);

  self->phase = PJ_NET_PHASE_PLAYING;
  save_tokens (self);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (!c->greeted)
        continue;
      send_start (self, c);
      send_update (self, c, NULL, NULL, -1, FALSE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  broadcast_lobby (self);
  g_signal_emit (self, signals[GAME_STARTED], 0);
  pj_game_start (self->game);
  return TRUE;
}

gboolean
pj_host_start_game (PjHost *self, GError **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  if (!lobby_only (self, error))
    return FALSE;
  return deal (self, -1, error);
}

gboolean
pj_host_rematch (PjHost *self, GError **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  if (self->phase != PJ_NET_PHASE_OVER || self->game == NULL)
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE,
                           _("A new game can follow only a finished one"));
      return FALSE;
    }
  /* the deal passes to the left: the next seat in turn order */
  return deal (self, (int) ((pj_record_get_dealer (record_of (self)) + 1) % self->rules.players), error);
}

PjRecord *
pj_host_get_record (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return record_of (self);
}

void
pj_host_set_save_path (PjHost *self, const char *path)
{
  g_return_if_fail (PJ_IS_HOST (self));
  g_free (self->save_path);
  self->save_path = g_strdup (path);
  save_tokens (self);
  if (self->game)
    pj_game_set_autosave_path (self->game, path);
}

static gboolean
load_tokens (PjHost *self, const char *save_path, GError **error)
{
  g_autofree char *path = tokens_path (save_path);
  g_autofree char *data = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *seats;
  gsize len;

  if (!g_file_get_contents (path, &data, &len, error))
    return FALSE;
  if (!json_parser_load_from_data (parser, data, (gssize) len, error))
    return FALSE;
  root = JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))
    ? json_node_get_object (json_parser_get_root (parser)) : NULL;
  if (root == NULL ||
      g_strcmp0 (json_object_get_string_member_with_default (root, "format", ""), TOKENS_FORMAT) != 0 ||
      !json_object_has_member (root, "seats") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "seats")) ||
      json_array_get_length (seats = json_object_get_array_member (root, "seats")) != self->rules.players)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("“%s” is not this table’s token file"), path);
      return FALSE;
    }
  self->table_name = g_strdup (json_object_get_string_member_with_default (root, "table", ""));
  self->password = g_strdup (json_object_get_string_member_with_default (root, "password", ""));
  self->salt = g_strdup (json_object_get_string_member_with_default (root, "salt", ""));
  if (strlen (self->salt) != PJ_NET_TOKEN_LEN)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("“%s” is not this table’s token file"), path);
      return FALSE;
    }
  for (guint i = 0; i < self->rules.players; i++)
    {
      JsonNode *node = json_array_get_element (seats, i);
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      Seat *seat = &self->seats[i];
      const char *token = o ? json_object_get_string_member_with_default (o, "token", "") : "";
      const char *kind = o ? json_object_get_string_member_with_default (o, "kind", "") : "";
      const char *level = o ? json_object_get_string_member_with_default (o, "level", "normal") : "normal";

      g_free (seat->name);
      seat->name = g_strdup (pj_record_get_seat (record_of (self), i)->name);
      if (g_strcmp0 (kind, "computer") == 0)
        {
          seat->kind = PJ_NET_SEAT_COMPUTER;
          if (!pj_ai_level_from_string (level, &seat->level))
            seat->level = PJ_AI_NORMAL;
        }
      else
        {
          seat->kind = PJ_NET_SEAT_HUMAN;
          seat->ready = TRUE;
          seat->token = strlen (token) == PJ_NET_TOKEN_LEN ? g_strdup (token) : NULL;
        }
    }
  return TRUE;
}

PjHost *
pj_host_new_from_save (const char *save_path, GError **error)
{
  g_autoptr(PjHost) self = NULL;
  g_autoptr(PjRecord) record = NULL;

  g_return_val_if_fail (save_path != NULL, NULL);
  record = pj_record_load (save_path, error);
  if (record == NULL)
    return NULL;
  self = g_object_new (PJ_TYPE_HOST, NULL);
  g_clear_pointer (&self->table_name, g_free);
  g_clear_pointer (&self->password, g_free);
  set_game (self, pj_game_new_for_table (record));
  self->rules = *pj_record_get_rules (record);
  if (!load_tokens (self, save_path, error))
    return NULL;
  self->committed_seed = pj_record_get_seed (record_of (self));
  self->commitment = pj_net_commitment (self->committed_seed, self->salt);
  pj_host_set_save_path (self, save_path);
  self->phase = pj_state_is_over (pj_game_get_state (self->game))
    ? PJ_NET_PHASE_OVER : PJ_NET_PHASE_PLAYING;
  /* nobody is connected yet: every human seat starts its grace period */
  for (guint i = 0; i < self->rules.players; i++)
    if (self->seats[i].kind == PJ_NET_SEAT_HUMAN && self->phase == PJ_NET_PHASE_PLAYING)
      start_grace (self, &self->seats[i]);
  pj_game_start (self->game);
  return g_steal_pointer (&self);
}

PjHost *
pj_host_new (const char *table_name, const char *password)
{
  return g_object_new (PJ_TYPE_HOST, "table-name", table_name, "password", password, NULL);
}

/* ---- testing hooks ------------------------------------------------------- */

void
pj_host_set_lie_for_testing (PjHost *self, PjHostLie lie)
{
  self->lie = lie;
}

const char *
pj_host_get_seat_token_for_testing (PjHost *self, guint seat)
{
  return self->seats[seat].token ? self->seats[seat].token : "";
}

gboolean
pj_host_seat_is_covered_for_testing (PjHost *self, guint seat)
{
  return self->game != NULL && pj_game_is_covered (self->game, seat);
}

/* ---- GObject ------------------------------------------------------------- */

static void
pj_host_dispose (GObject *object)
{
  PjHost *self = PJ_HOST (object);

  if (self->service)
    pj_host_stop (self);
  g_clear_object (&self->service);
  /* an autosave in flight keeps the game alive: it must not call back here */
  set_game (self, NULL);
  G_OBJECT_CLASS (pj_host_parent_class)->dispose (object);
}

static void
pj_host_finalize (GObject *object)
{
  PjHost *self = PJ_HOST (object);

  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      seat_clear (&self->seats[i]);
      g_clear_pointer (&self->seats[i].name, g_free);
    }
  g_ptr_array_unref (self->clients);
  set_game (self, NULL);
  g_free (self->table_name);
  g_free (self->password);
  g_free (self->salt);
  g_free (self->commitment);
  g_free (self->save_path);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (pj_host_parent_class)->finalize (object);
}

static void
pj_host_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  PjHost *self = PJ_HOST (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:        g_value_set_string (value, self->table_name); break;
    case PROP_PASSWORD:          g_value_set_string (value, self->password); break;
    case PROP_PORT:              g_value_set_uint (value, self->port); break;
    case PROP_PHASE:             g_value_set_int (value, self->phase); break;
    case PROP_GRACE_MS:          g_value_set_uint (value, self->grace_ms); break;
    case PROP_COVER_LEVEL:       g_value_set_int (value, self->cover_level); break;
    case PROP_COMPUTER_DELAY_MS: g_value_set_uint (value, self->computer_delay_ms); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_host_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  PjHost *self = PJ_HOST (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:
      g_free (self->table_name);
      /* cut to the protocol's limit on a character boundary */
      self->table_name = g_utf8_make_valid (g_value_get_string (value) ? g_value_get_string (value) : "", -1);
      if (strlen (self->table_name) > PJ_NET_MAX_NAME)
        {
          const char *end = g_utf8_find_prev_char (self->table_name, self->table_name + PJ_NET_MAX_NAME + 1);
          self->table_name[end - self->table_name] = '\0';
        }
      break;
    case PROP_PASSWORD:
      g_free (self->password);
      self->password = g_strdup (g_value_get_string (value));
      break;
    case PROP_GRACE_MS:          self->grace_ms = g_value_get_uint (value); break;
    case PROP_COVER_LEVEL:       self->cover_level = (PjAiLevel) g_value_get_int (value); break;
    case PROP_COMPUTER_DELAY_MS:
      self->computer_delay_ms = g_value_get_uint (value);
      if (self->game)
        pj_game_set_delay (self->game, self->computer_delay_ms);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_host_class_init (PjHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_host_dispose;
  object_class->finalize = pj_host_finalize;
  object_class->get_property = pj_host_get_property;
  object_class->set_property = pj_host_set_property;

  properties[PROP_TABLE_NAME] =
    g_param_spec_string ("table-name", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PASSWORD] =
    g_param_spec_string ("password", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL, PJ_NET_PHASE_LOBBY, PJ_NET_PHASE_OVER, PJ_NET_PHASE_LOBBY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* how long a dropped player's seat waits before a computer covers it */
  properties[PROP_GRACE_MS] =
    g_param_spec_uint ("grace-ms", NULL, NULL, 0, G_MAXUINT, 30000,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  properties[PROP_COVER_LEVEL] =
    g_param_spec_int ("cover-level", NULL, NULL, 0, PJ_AI_N_LEVELS - 1, PJ_AI_NORMAL,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  /* a pause before each computer move, so people can follow the game */
  properties[PROP_COMPUTER_DELAY_MS] =
    g_param_spec_uint ("computer-delay-ms", NULL, NULL, 0, 60000, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* seats, ready marks, connections, rules or phase changed */
  signals[LOBBY_CHANGED] =
    g_signal_new ("lobby-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (n_actions, seat, full action text, by a computer) after every action */
  signals[ACTION_APPLIED] =
    g_signal_new ("action-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_UINT, G_TYPE_INT, G_TYPE_STRING, G_TYPE_BOOLEAN);
  /* (winning team) */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* (GError) the autosave failed; the game goes on */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
pj_host_init (PjHost *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->service = g_socket_service_new ();
  g_signal_connect (self->service, "incoming", G_CALLBACK (incoming_cb), self);
  self->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) client_free);
  pj_rules_preset (&self->rules, PJ_PRESET_BASIC, 4);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      self->seats[i].host = self;
      self->seats[i].index = i;
      seat_clear (&self->seats[i]);
    }
}
