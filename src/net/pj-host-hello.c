/* pj-host-hello.c — a connection's hello: the protocol both sides speak,
 * the password or token, the seat or the watching place it comes back to,
 * a name of its own; then the welcome, or a refusal that ends it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-host-private.h"

/* Refuse a hello: the connection ends, as nothing else can follow. */
static void
refuse (PjHost     *self,
        Client     *c,
        PjNetError  code,
        const char *message,
        const char *why)
{
  g_autofree char *text = g_strdup_printf ("was refused: %s", why);

  _pj_host_hang_up (self, c, code, message, "hello", "refusal", text);
}

/* A hello is said once per connection: a second one (or one while the
 * first waits for its turn) is a strike, not a new greeting. */
static gboolean
hello_is_first (PjHost *self,
                Client *c)
{
  if (!c->greeted && !c->held_hello)
    return TRUE;
  if (_pj_host_strike (c, PJ_NET_ERROR_HELLO_FIRST, _("Already greeted"), "hello"))
    _pj_host_drop_client (self, c);
  return FALSE;
}

/* The version both speak (the highest in both ranges), or 0 after the
 * client has been refused with why, in its own words and in the log's. */
static int
negotiate_version (PjHost     *self,
                   Client     *c,
                   JsonObject *msg)
{
  gint64 protocol = json_object_get_int_member (msg, "protocol");
  /* a version-1 client sends "protocol" alone */
  int low = (int) MIN (json_object_get_int_member_with_default (msg, "protocol_min", protocol), G_MAXINT);
  int high = (int) MIN (json_object_get_int_member_with_default (msg, "protocol_max", protocol), G_MAXINT);
  int version = pj_net_version_pick (low, high, PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX);
  g_autofree char *m = NULL;
  g_autofree char *why = NULL;

  if (version != 0)
    return version;
  m = pj_net_version_message (low, high, PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX);
  why = g_strdup_printf ("its app is %s (protocol %d to %d; this table speaks %d to %d)",
                         high < PJ_NET_PROTOCOL_MIN ? "older" : "newer",
                         low, high, PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX);
  refuse (self, c, PJ_NET_ERROR_VERSION, m, why);
  return 0;
}

/* What a hello's proofs open: a seat, a spectator's place again, or
 * nothing (a newcomer, who may still watch or sit down). */
typedef struct {
  Seat   *seat;
  char   *watcher_token;   /* a spectator's token (a copy) */
  Client *holder;          /* the connection that spectator has now, which the new one replaces */
} Opened;

typedef enum {
  AUTH_OK,
  AUTH_HELD,      /* the address must wait for its turn: handled again later */
  AUTH_REFUSED,   /* the client has been refused and is gone */
} AuthResult;

/* The password's proof and the token's, each checked against this
 * connection's nonce; every attempt is paced per address and a failure
 * slows the address's next one. */
static AuthResult
authenticate (PjHost     *self,
              Client     *c,
              JsonObject *msg,
              Opened     *opened)
{
  const char *proof = json_object_get_string_member_with_default (msg, "proof", NULL);
  const char *token_proof = json_object_get_string_member_with_default (msg, "token_proof", NULL);
  gboolean locked = self->password && *self->password;

  /* guesses wait their address's turn: at most ~10 answers a second */
  if ((locked || token_proof) && !_pj_host_guard_auth_turn (self, c, msg))
    return AUTH_HELD;
  if (locked)
    {
      g_autofree char *expected = pj_net_bound_proof (self->password, PJ_NET_PROOF_PASSWORD,
                                                      c->nonce, c->binding);

      if (proof == NULL || !pj_net_equal_secret (expected, proof))
        {
          _pj_host_guard_auth_done (self, c, FALSE);
          refuse (self, c, PJ_NET_ERROR_BAD_PASSWORD, _("Wrong password for this table"), "wrong password");
          return AUTH_REFUSED;
        }
    }
  if (token_proof)
    {
      opened->seat = _pj_host_seat_of_proof (self, c, token_proof);
      /* a spectator's token gives back a spectator's place, never a seat */
      opened->watcher_token = _pj_host_spectator_of_proof (self, c, token_proof, &opened->holder);
      if (opened->seat != NULL)
        {
          g_clear_pointer (&opened->watcher_token, g_free);
          opened->holder = NULL;
        }
      if (opened->seat == NULL && opened->watcher_token == NULL)
        {
          _pj_host_guard_auth_done (self, c, FALSE);
          refuse (self, c, PJ_NET_ERROR_BAD_TOKEN, _("No seat at this table has that token"), "unknown token");
          return AUTH_REFUSED;
        }
    }
  if (locked || token_proof)
    _pj_host_guard_auth_done (self, c, TRUE);
  return AUTH_OK;
}

/* The seat's owner is back: an older connection of theirs loses it, and a
 * computer covering it in a game hands it back. */
static void
reclaim_seat (PjHost *self,
              Client *c,
              Seat   *seat)
{
  if (seat->client && seat->client != c)
    {
      Client *old = seat->client;
      g_autofree char *who = _pj_host_describe (old);

      seat->client = NULL;
      old->seat = -1;
      _pj_host_event (self, "leave", "%s was replaced by a new connection", who);
      old->reported = TRUE;
      _pj_host_drop_client (self, old);
    }
  _pj_host_clear_source (&seat->grace);
  if (self->game && self->phase == PJ_NET_PHASE_PLAYING)
    pj_game_cover_seat (self->game, seat->index, PJ_CONTROLLER_REMOTE);
  seat->client = c;
  c->seat = (int) seat->index;
  g_free (c->token);
  c->token = g_strdup (seat->token);
  if (self->phase == PJ_NET_PHASE_LOBBY)
    {
      g_free (seat->name);
      seat->name = g_strdup (c->name);
    }
}

/* A spectator is back with its token: a half-open link of theirs goes, as
 * a seat's does. */
static void
reclaim_watching (PjHost *self,
                  Client *c,
                  Opened *opened)
{
  if (opened->holder)
    {
      g_autofree char *who = _pj_host_describe (opened->holder);

      _pj_host_event (self, "leave", "%s was replaced by a new connection", who);
      opened->holder->reported = TRUE;
      opened->holder->token_void = TRUE;
      _pj_host_drop_client (self, opened->holder);
    }
  _pj_host_forget_away (self, opened->watcher_token);
  g_free (c->token);
  c->token = g_steal_pointer (&opened->watcher_token);
}

static gboolean
name_taken (PjHost     *self,
            Client     *c,
            Opened     *opened,
            const char *key)
{
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);
      g_autofree char *other_key = NULL;

      /* whoever this connection replaces does not count */
      if (other == c || !other->greeted || other == opened->holder ||
          (opened->seat && other == opened->seat->client))
        continue;
      other_key = pj_net_name_key (other->name);
      if (strcmp (other_key, key) == 0)
        return TRUE;
    }
  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];
      g_autofree char *seat_key = NULL;

      if (seat == opened->seat || seat->kind == PJ_NET_SEAT_OPEN || seat->name == NULL)
        continue;
      seat_key = pj_net_name_key (seat->name);
      if (strcmp (seat_key, key) == 0)
        return TRUE;
    }
  return FALSE;
}

/* One name per person at the table, seats (computers, a guest away)
 * included: a second "Ann" is "Ann 2", so that no one can pass for
 * another in the lobby, the chat or the log. */
static void
make_name_unique (PjHost *self,
                  Client *c,
                  Opened *opened)
{
  g_autofree char *key = pj_net_name_key (c->name);

  if (!name_taken (self, c, opened, key))
    return;
  for (guint n = 2; n < 2 + 2 * PJ_NET_MAX_CLIENTS + PJ_MAX_PLAYERS; n++)
    {
      g_autofree char *suffix = g_strdup_printf (" %u", n);
      g_autofree char *base = g_strdup (c->name);
      g_autofree char *candidate = NULL;
      g_autofree char *candidate_key = NULL;

      /* the number always fits: the name gives way */
      while (*base && (g_utf8_strlen (base, -1) + (glong) strlen (suffix) > PJ_NET_MAX_NAME_CHARS ||
                       strlen (base) + strlen (suffix) > PJ_NET_MAX_NAME))
        *g_utf8_find_prev_char (base, base + strlen (base)) = '\0';
      candidate = g_strconcat (g_strchomp (base), suffix, NULL);
      candidate_key = pj_net_name_key (candidate);
      if (!name_taken (self, c, opened, candidate_key))
        {
          g_free (c->name);
          c->name = g_steal_pointer (&candidate);
          return;
        }
    }
}

/* Let the client in: at its seat, at its spectator's place, or as a
 * newcomer if the table has room (FALSE: it was refused, and is gone). */
static gboolean
admit (PjHost *self,
       Client *c,
       Opened *opened)
{
  gboolean watching_again = FALSE;
  g_autofree char *who = NULL;
  const char *message = NULL, *why = NULL;
  PjNetError code;

  /* a seat's owner is not a newcomer: no address or name budget keeps
   * them out, only their token's own */
  if ((opened->seat == NULL
       ? (code = _pj_host_guard_join (self, c, opened->holder, opened->watcher_token, &message, &why))
       : (code = _pj_host_guard_token (self, opened->seat->token, &message, &why))) != 0)
    {
      refuse (self, c, code, message, why);
      return FALSE;
    }

  /* a seat's owner always gets back in; only newcomers find it full */
  if (opened->seat == NULL && _pj_host_n_greeted (self) - (opened->holder != NULL) >= PJ_NET_MAX_CLIENTS)
    {
      refuse (self, c, PJ_NET_ERROR_TABLE_FULL, _("This table is full"), "the table is full");
      return FALSE;
    }

  make_name_unique (self, c, opened);
  c->returning = opened->seat != NULL || opened->watcher_token != NULL;
  if (opened->seat)
    reclaim_seat (self, c, opened->seat);
  else if (opened->watcher_token)
    {
      reclaim_watching (self, c, opened);
      watching_again = TRUE;
    }
  _pj_host_guard_greeted (self, c);
  c->greeted = TRUE;
  c->heard_us = g_get_monotonic_time ();
  who = _pj_host_describe (c);
  if (c->seat >= 0)
    _pj_host_event (self, "join", "%s is back at the %s seat", who, pj_colour_name ((guint) c->seat));
  else if (watching_again)
    _pj_host_event (self, "join", "%s is back, watching", who);
  else
    _pj_host_event (self, "join", "%s joined", who);

  /* a spectator's token is kept across a restart too, as a seat's is */
  if (c->seat < 0)
    _pj_host_queue_save_tokens (self);
  return TRUE;
}

/* A line from the table itself in the chat: no person's name is empty
 * (an empty one is refused at the door), so nobody can say one. In the
 * host's language, as its errors are. */
static void
send_notice (PjHost     *self,
             Client     *only,
             const char *text)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_CHAT);

  json_object_set_string_member (msg, "from", "");
  json_object_set_int_member (msg, "seat", -1);
  json_object_set_string_member (msg, "text", text);
  json_object_set_boolean_member (msg, "team", FALSE);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);

      if (c->greeted && (only == NULL || c == only))
        pj_net_connection_send (c->conn, msg);
    }
}

static const char *
unsaved_text (void)
{
  return _("The host cannot save this game now: if the host stops, the game may be lost. "
           "You will be told when it is saved again.");
}

/* Guests whose game is not being saved (a full disk) would lose it with
 * the host: they are told, and told again once it is saved again. The
 * reason stays with the host: it names the host's files. */
void
_pj_host_tell_saving (PjHost *self,
                      Client *only)
{
  gboolean failing = self->game != NULL && pj_host_get_save_error (self) != NULL;

  if (only != NULL)
    {
      if (self->told_unsaved)
        send_notice (self, only, unsaved_text ());
      return;
    }
  if (failing == self->told_unsaved)
    return;
  self->told_unsaved = failing;
  if (failing)
    send_notice (self, NULL, unsaved_text ());
  else if (self->game != NULL)
    send_notice (self, NULL, _("The host saves this game again."));
}

/* The welcome, the lobby for everyone (the people list changed), and a
 * game already under way as this seat may see it. */
static void
send_welcome (PjHost *self,
              Client *c)
{
  g_autoptr (JsonObject) welcome = pj_net_message_new (PJ_MSG_WELCOME);

  json_object_set_int_member (welcome, "protocol", c->protocol);
  json_object_set_int_member (welcome, "id", c->id);
  json_object_set_string_member (welcome, "token", c->token);
  json_object_set_int_member (welcome, "seat", c->seat);
  json_object_set_string_member (welcome, "table", self->table_name);
  if (self->password && *self->password)
    {
      /* the host knows the password too: a man in the middle who does
       * not cannot welcome the guest in its place */
      g_autofree char *proof = pj_net_bound_proof (self->password, PJ_NET_PROOF_HOST, c->nonce, c->binding);
      json_object_set_string_member (welcome, "host_proof", proof);
    }
  pj_net_connection_send (c->conn, welcome);
  _pj_host_broadcast_lobby (self);
  if (self->phase != PJ_NET_PHASE_LOBBY)
    {
      _pj_host_send_start (self, c);
      _pj_host_catch_up (self, c);
    }
  /* only someone back had heard it: a newcomer starts with the talk to come */
  else if (c->returning)
    _pj_host_send_earlier_talk (self, c, 0);
  _pj_host_tell_saving (self, c);
}

/* The one door in: each step either lets the hello on or ends it (a
 * strike, a refusal that hangs up, or a hold until the address's turn,
 * after which the guard calls this again). */
void
_pj_host_handle_hello (PjHost     *self,
                       Client     *c,
                       JsonObject *msg)
{
  Opened opened = { NULL, NULL, NULL };
  int version;

  if (!hello_is_first (self, c))
    return;
  /* named before anything can refuse it: the refusal's log line says who */
  g_free (c->name);
  c->name = pj_net_clean_name (json_object_get_string_member (msg, "name"));
  if (c->name == NULL)
    {
      c->name = g_strdup ("");
      refuse (self, c, PJ_NET_ERROR_INVALID_FIELD, _("Your name must have letters or signs in it"),
              "a name with nothing to show");
      return;
    }
  version = negotiate_version (self, c, msg);
  if (version == 0)
    return;
  switch (authenticate (self, c, msg, &opened))
    {
    case AUTH_OK:
      break;
    case AUTH_HELD:
    case AUTH_REFUSED:
      g_free (opened.watcher_token);
      return;
    }
  c->protocol = version;
  c->reads_past = json_object_get_boolean_member_with_default (msg, "past", FALSE);
  if (admit (self, c, &opened))
    send_welcome (self, c);
  g_free (opened.watcher_token);
}
