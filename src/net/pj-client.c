/* pj-client.c — one player's (or spectator's) connection to a PjHost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pj-client-private.h"

G_DEFINE_FINAL_TYPE (PjClient, pj_client, G_TYPE_OBJECT)

GParamSpec *_pj_client_properties[N_PROPS];
guint _pj_client_signals[N_SIGNALS];

void
_pj_client_set_seat (PjClient *self,
                     int       seat)
{
  if (self->seat == seat)
    return;
  self->seat = seat;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_client_properties[PROP_SEAT]);
}

static void
set_phase (PjClient   *self,
           PjNetPhase  phase)
{
  if (self->phase == phase)
    return;
  self->phase = phase;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_client_properties[PROP_PHASE]);
}

/* ---- the mirror game ------------------------------------------------------- */

/* Names and who plays each seat, as the lobby says (a covered person's
 * seat shows as a computer player's until they come back). */
static void
sync_game_seats (PjClient *self)
{
  guint n;

  if (self->game == NULL)
    return;

  n = MIN (self->n_seats, pj_game_get_n_players (self->game));
  for (guint seat = 0; seat < n; seat++)
    {
      const LobbySeat *info = &self->seats[seat];
      PjController controller;

      /* a computer is named by its colour here (the views say "computer") */
      pj_game_set_seat_name (self->game, seat,
                             info->kind == PJ_NET_SEAT_HUMAN && info->name != NULL && info->name[0] != '\0'
                             ? info->name : NULL);

      if ((int) seat == pj_game_get_local_seat (self->game))
        controller = PJ_CONTROLLER_HUMAN;
      else if (info->kind == PJ_NET_SEAT_COMPUTER)
        controller = pj_controller_from_level (info->level);
      else if (info->kind == PJ_NET_SEAT_HUMAN)
        controller = self->covered[seat] ? PJ_CONTROLLER_NORMAL : PJ_CONTROLLER_HUMAN;
      else
        controller = PJ_CONTROLLER_REMOTE;
      pj_game_set_controller (self->game, seat, controller);
    }
}

static void
set_covered (PjClient *self,
             guint     seat,
             gboolean  covered)
{
  if (seat >= PJ_MAX_PLAYERS || self->covered[seat] == covered)
    return;
  self->covered[seat] = covered;
  sync_game_seats (self);
  g_signal_emit (self, _pj_client_signals[SEAT_COVERED], 0, seat, covered);
}

static gboolean
send_action_cb (PjGame          *game,
                const PjAction  *action,
                const char      *text,
                gpointer         user_data,
                GError         **error)
{
  g_autoptr (PjClient) self = g_weak_ref_get (user_data);

  /* No connection (or no client): the message would be dropped and never
   * answered. */
  if (self == NULL || self->game != game || self->conn == NULL || !self->has_state)
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_STALE,
                           _("The table has moved on: choose again"));
      return FALSE;
    }
  return pj_client_send_action (self, text, error);
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* The first position of a game: a new mirror, every seat as the lobby says. */
static void
new_mirror (PjClient      *self,
            const PjState *s,
            guint          n)
{
  GWeakRef *weak = g_new0 (GWeakRef, 1);

  g_weak_ref_init (weak, self);
  g_clear_object (&self->game);
  memset (self->covered, 0, sizeof self->covered);
  self->game = pj_game_new_mirror (s, self->seat, n, send_action_cb, weak, weak_ref_free);
  self->new_game = FALSE;
  sync_game_seats (self);
}

/* ---- the fair-deal check ----------------------------------------------------- */

static gboolean
verify_game (PjClient    *self,
             guint64      seed,
             const char  *salt,
             guint        winner,
             guint        n,
             char       **detail)
{
  g_autofree char *commitment = pj_net_commitment (seed, salt);
  PjState s;

  if (self->commitment == NULL || g_strcmp0 (commitment, self->commitment) != 0)
    {
      *detail = g_strdup (_("The seed the host revealed is not the one it committed to"));
      return FALSE;
    }
  if (self->log->len != n)
    {
      *detail = g_strdup_printf (_("The host revealed %u of %u actions"), self->log->len, n);
      return FALSE;
    }
  pj_state_new_game (&s, &self->game_rules, seed, (int) self->dealer);
  for (guint i = 0; i <= n; i++)
    {
      const char *seen = i < self->positions->len ? g_ptr_array_index (self->positions, i) : NULL;
      PjAction a;

      /* every position this seat was shown must be the replay's, cut alike */
      if (seen)
        {
          PjState view = s;
          g_autofree char *text = NULL;

          pj_state_redact (&view, self->seat);
          text = pj_position_to_string (&view);
          if (strcmp (text, seen) != 0)
            {
              *detail = g_strdup_printf (_("The position after action %u differs from the replay of the revealed deal"), i);
              return FALSE;
            }
        }
      if (i == n)
        break;
      if (!pj_action_from_string (&s, g_ptr_array_index (self->log, i), &a, NULL))
        {
          *detail = g_strdup_printf (_("Action %u of the revealed log is not legal: “%s”"),
                                     i + 1, (const char *) g_ptr_array_index (self->log, i));
          return FALSE;
        }
      pj_state_apply (&s, &a);
    }
  if (!pj_state_is_over (&s) || s.winner != winner)
    {
      *detail = g_strdup (_("The replay does not end with the announced winner"));
      return FALSE;
    }
  return TRUE;
}

/* ---- messages ----------------------------------------------------------------- */

static void
handle_lobby (PjClient   *self,
              JsonObject *msg)
{
  JsonArray *seats = json_object_get_array_member (msg, "seats");
  const char *phase = json_object_get_string_member (msg, "phase");
  g_autoptr (GArray) dropped = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) back = g_array_new (FALSE, FALSE, sizeof (guint));
  PjRules rules;

  if (pj_rules_from_string (&rules, json_object_get_string_member (msg, "rules"), NULL))
    self->rules = rules;
  g_free (self->table_name);
  self->table_name = g_strdup (json_object_get_string_member (msg, "table"));
  self->has_password = json_object_get_boolean_member (msg, "password");
  self->n_seats = MIN (json_array_get_length (seats), PJ_MAX_PLAYERS);
  for (guint i = 0; i < self->n_seats; i++)
    {
      JsonObject *o = json_array_get_object_element (seats, i);
      LobbySeat *seat = &self->seats[i];
      const char *kind = json_object_get_string_member (o, "kind");

      g_free (seat->name);
      seat->name = g_strdup (json_object_get_string_member (o, "name"));
      seat->kind = g_str_equal (kind, "human") ? PJ_NET_SEAT_HUMAN
                 : g_str_equal (kind, "computer") ? PJ_NET_SEAT_COMPUTER : PJ_NET_SEAT_OPEN;
      if (!pj_ai_level_from_string (json_object_get_string_member_with_default (o, "level", "normal"),
                                    &seat->level))
        seat->level = PJ_AI_NORMAL;
      gboolean was_here = seat->kind == PJ_NET_SEAT_HUMAN && seat->connected;

      seat->ready = json_object_get_boolean_member (o, "ready");
      seat->connected = json_object_get_boolean_member (o, "connected");
      seat->cover_ms = (guint) json_object_get_int_member_with_default (o, "cover_ms", 0);
      if (was_here && seat->kind == PJ_NET_SEAT_HUMAN && !seat->connected &&
          json_object_has_member (o, "cover_ms") && (int) i != self->seat)
        {
          seat->dropped = TRUE;
          g_array_append_val (dropped, i);
        }
      else if (seat->dropped && (seat->kind != PJ_NET_SEAT_HUMAN || seat->connected))
        {
          /* back before a computer covered: "… is back" all the same */
          seat->dropped = FALSE;
          if (!self->covered[i])
            g_array_append_val (back, i);
        }
    }
  _pj_client_clear_people (self);
  if (json_object_has_member (msg, "people"))
    {
      JsonArray *people = json_object_get_array_member (msg, "people");

      for (guint i = 0; i < json_array_get_length (people); i++)
        {
          JsonObject *o = json_array_get_object_element (people, i);
          PjNetPerson person = {
            .id = (guint) json_object_get_int_member (o, "id"),
            .name = g_strdup (json_object_get_string_member (o, "name")),
            .seat = (int) json_object_get_int_member (o, "seat"),
            .address = NULL,
          };
          g_array_append_val (self->people, person);
        }
    }
  /* the host tells each client where it sits (it may have been moved) */
  if (json_object_has_member (msg, "seat"))
    _pj_client_set_seat (self, (int) json_object_get_int_member (msg, "seat"));
  for (guint i = 0; i < dropped->len; i++)
    {
      guint seat = g_array_index (dropped, guint, i);

      g_signal_emit (self, _pj_client_signals[SEAT_DROPPED], 0, seat, self->seats[seat].cover_ms);
    }
  for (guint i = 0; i < back->len; i++)
    g_signal_emit (self, _pj_client_signals[SEAT_COVERED], 0, g_array_index (back, guint, i), FALSE);
  if (g_str_equal (phase, "over") && self->phase == PJ_NET_PHASE_PLAYING)
    ; /* the "over" message changes the phase, after the log */
  else if (g_str_equal (phase, "lobby"))
    set_phase (self, PJ_NET_PHASE_LOBBY);
  /* a covered player who is back plays their seat again */
  for (guint i = 0; i < self->n_seats; i++)
    if (self->seats[i].kind != PJ_NET_SEAT_HUMAN || self->seats[i].connected)
      set_covered (self, i, FALSE);
  sync_game_seats (self);
  g_signal_emit (self, _pj_client_signals[LOBBY_CHANGED], 0);
}

static void
handle_start (PjClient   *self,
              JsonObject *msg)
{
  PjRules rules;

  if (!pj_rules_from_string (&rules, json_object_get_string_member (msg, "rules"), NULL))
    {
      g_autoptr (GError) error = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD,
                                             _("The host sent rules this version does not know"));
      g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
      return;
    }
  self->game_rules = rules;
  self->rules = rules;
  self->dealer = (guint) json_object_get_int_member (msg, "dealer");
  g_free (self->commitment);
  self->commitment = g_strdup (json_object_get_string_member (msg, "commitment"));
  g_ptr_array_set_size (self->positions, 0);
  g_ptr_array_set_size (self->log, 0);
  g_array_set_size (self->past, 0);
  self->verified = FALSE;
  self->started = TRUE;
  self->has_state = FALSE;
  /* A rejoin (the host sends `start` again after a reconnect) goes on with
   * the same mirror, even into a position that shows the end already.
   * Only the first start, or one after the host's `over` or its return to
   * the lobby, is a new game. */
  if (self->game == NULL || self->phase != PJ_NET_PHASE_PLAYING)
    self->new_game = TRUE;
  _pj_client_set_seat (self, (int) json_object_get_int_member (msg, "seat"));
  set_phase (self, PJ_NET_PHASE_PLAYING);
}

static void
handle_update (PjClient   *self,
               JsonObject *msg)
{
  const char *position = json_object_get_string_member (msg, "position");
  guint n = (guint) json_object_get_int_member (msg, "n");
  const char *action = json_object_get_string_member_with_default (msg, "action", NULL);
  const char *revealed = json_object_get_string_member_with_default (msg, "revealed", NULL);
  int actor = action ? (int) json_object_get_int_member_with_default (msg, "actor", -1) : -1;
  g_autoptr (GError) error = NULL;
  gboolean first = !self->has_state;
  PjState s;

  if (!self->started || !pj_position_from_string (&s, position, &error))
    {
      if (error == NULL)
        error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE, _("A position before the deal"));
      g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
      return;
    }
  if (self->new_game || self->game == NULL)
    new_mirror (self, &s, n);
  else
    {
      /* a person away whose turn was played: a computer covers them */
      if (actor >= 0 && actor != self->seat && (guint) actor < self->n_seats &&
          self->seats[actor].kind == PJ_NET_SEAT_HUMAN && !self->seats[actor].connected)
        set_covered (self, (guint) actor, TRUE);
      pj_game_mirror_update (self->game, n, actor, action, &s);
    }
  _pj_client_apply_past (self, n, &s);
  self->has_state = TRUE;
  if (self->positions->len <= n)
    g_ptr_array_set_size (self->positions, (gint) n + 1);
  g_free (g_ptr_array_index (self->positions, n));
  g_ptr_array_index (self->positions, n) = g_strdup (position);
  if (first)
    g_signal_emit (self, _pj_client_signals[GAME_STARTED], 0);
  g_signal_emit (self, _pj_client_signals[STATE_CHANGED], 0, n, actor, action, revealed);
}

static void
handle_log (PjClient   *self,
            JsonObject *msg)
{
  JsonArray *actions = json_object_get_array_member (msg, "actions");
  guint first = (guint) json_object_get_int_member (msg, "first");

  /* the chunks come in order; a gap makes the check fail on the count */
  if (first != self->log->len)
    return;
  for (guint i = 0; i < json_array_get_length (actions); i++)
    g_ptr_array_add (self->log, g_strdup (json_array_get_string_element (actions, i)));
}

static void
handle_over (PjClient   *self,
             JsonObject *msg)
{
  guint winner = (guint) json_object_get_int_member (msg, "winner");
  const char *seed_text = json_object_get_string_member (msg, "seed");
  g_autofree char *detail = NULL;
  guint64 seed;
  gboolean ok;

  set_phase (self, PJ_NET_PHASE_OVER);
  g_signal_emit (self, _pj_client_signals[GAME_OVER], 0, winner);
  if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      ok = FALSE;
      detail = g_strdup (_("The host revealed a seed that is not a number"));
    }
  else
    ok = verify_game (self, seed, json_object_get_string_member (msg, "salt"), winner,
                      (guint) json_object_get_int_member (msg, "n"), &detail);
  self->verified = ok;
  self->revealed_seed = ok ? seed : 0;
  g_signal_emit (self, _pj_client_signals[VERIFIED], 0, ok, ok ? "verified" : detail);
}

void
_pj_client_unexpected (PjClient         *self,
                       PjNetMessageType  type,
                       const char       *why)
{
  g_autoptr (GError) error = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_UNKNOWN_TYPE,
                                          _("The host sent a message out of turn (%s)"),
                                          pj_net_message_type_name (type));

  /* debug only: a hostile host must not fill the log; the signal tells */
  g_debug ("Ignored a “%s” from the host: %s", pj_net_message_type_name (type), why);
  g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
}

static void
handle_welcome (PjClient   *self,
                JsonObject *msg)
{
  /* once per connection, as the answer to our hello: a later one would
   * move us to another seat or token behind the person's back */
  if (self->connect_task == NULL)
    {
      _pj_client_unexpected (self, PJ_MSG_WELCOME, "not connecting");
      return;
    }
  if (!_pj_client_host_proven (self, msg))
    return;
  g_free (self->token);
  self->token = g_strdup (json_object_get_string_member (msg, "token"));
  g_free (self->table_name);
  self->table_name = g_strdup (json_object_get_string_member (msg, "table"));
  self->protocol = (int) MIN (json_object_get_int_member (msg, "protocol"), G_MAXINT);
  _pj_client_set_seat (self, (int) json_object_get_int_member (msg, "seat"));
  self->person_id = (guint) json_object_get_int_member_with_default (msg, "id", 0);
  _pj_client_pin_welcomed (self);
  _pj_client_finish_connect (self, NULL);
}

/* Every message but the link's own (pj-client-link.c). Every type has its
 * case and there is no default (-Werror=switch, meson.build): a new
 * message fails the build here until it is handled. */
void
_pj_client_message (PjClient         *self,
                    PjNetMessageType  type,
                    JsonObject       *msg)
{

  switch (type)
    {
    case PJ_MSG_WELCOME:
      handle_welcome (self, msg);
      break;
    case PJ_MSG_LOBBY:
      handle_lobby (self, msg);
      break;
    case PJ_MSG_START:
      handle_start (self, msg);
      break;
    case PJ_MSG_UPDATE:
      handle_update (self, msg);
      break;
    case PJ_MSG_LOG:
      handle_log (self, msg);
      break;
    case PJ_MSG_OVER:
      handle_over (self, msg);
      break;
    case PJ_MSG_CHAT:
      _pj_client_handle_chat (self, msg);
      break;
    case PJ_MSG_PAST:
      _pj_client_handle_past (self, msg);
      break;
    case PJ_MSG_ERROR:
      {
        int code = pj_net_error_code_from_name (json_object_get_string_member (msg, "code"));
        GError *error = g_error_new_literal (PJ_NET_ERROR, code >= 0 ? code : PJ_NET_ERROR_MALFORMED,
                                             json_object_get_string_member (msg, "message"));
        if (self->connect_task)
          _pj_client_finish_connect (self, error);
        else
          {
            /* a refused action: the player may choose again */
            if (self->game != NULL && pj_game_get_awaiting (self->game) &&
                (code == PJ_NET_ERROR_ILLEGAL_ACTION || code == PJ_NET_ERROR_NOT_YOUR_TURN ||
                 code == PJ_NET_ERROR_STALE || code == PJ_NET_ERROR_WRONG_PHASE ||
                 code == PJ_NET_ERROR_NOT_SEATED))
              pj_game_mirror_refused (self->game);
            g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
            g_error_free (error);
          }
        break;
      }
    /* the link's (pj-client-link.c reads them and never passes them on) */
    case PJ_MSG_CHALLENGE:
    case PJ_MSG_PING:
    case PJ_MSG_PONG:
    case PJ_MSG_CLOSED:
      _pj_client_unexpected (self, type, "the link's own");
      break;
    /* what only clients send */
    case PJ_MSG_HELLO:
    case PJ_MSG_SIT:
    case PJ_MSG_STAND:
    case PJ_MSG_READY:
    case PJ_MSG_ACTION:
    case PJ_MSG_BYE:
    case PJ_N_MSG:
      _pj_client_unexpected (self, type, "only clients send it");
      break;
    }
}


/* ---- requests ------------------------------------------------------------------ */

void
pj_client_sit (PjClient *self,
               guint     seat)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_SIT);

  g_return_if_fail (PJ_IS_CLIENT (self));
  json_object_set_int_member (msg, "seat", seat);
  _pj_client_send (self, msg);
}

void
pj_client_stand (PjClient *self)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_STAND);

  g_return_if_fail (PJ_IS_CLIENT (self));
  _pj_client_send (self, msg);
}

void
pj_client_set_ready (PjClient *self,
                     gboolean  ready)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_READY);

  g_return_if_fail (PJ_IS_CLIENT (self));
  json_object_set_boolean_member (msg, "ready", ready);
  _pj_client_send (self, msg);
}

void
pj_client_send_chat (PjClient   *self,
                     const char *text,
                     gboolean    team)
{
  g_autoptr (JsonObject) msg = pj_net_message_new (PJ_MSG_CHAT);
  g_autofree char *valid = NULL;

  g_return_if_fail (PJ_IS_CLIENT (self));
  g_return_if_fail (text != NULL);
  valid = g_utf8_make_valid (text, -1);
  if (strlen (valid) > PJ_NET_MAX_CHAT)
    *g_utf8_find_prev_char (valid, valid + PJ_NET_MAX_CHAT + 1) = '\0';
  if (*valid == '\0')
    return;
  json_object_set_string_member (msg, "text", valid);
  json_object_set_boolean_member (msg, "team", team);
  _pj_client_send (self, msg);
}

gboolean
pj_client_send_action (PjClient    *self,
                       const char  *text,
                       GError     **error)
{
  g_autoptr (JsonObject) msg = NULL;
  g_autoptr (GError) local = NULL;
  PjAction a;

  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->phase != PJ_NET_PHASE_PLAYING || !self->has_state)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE, _("No game is being played"));
      return FALSE;
    }
  if (self->seat < 0)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_NOT_SEATED, _("Spectators cannot play"));
      return FALSE;
    }
  if (pj_game_get_actor (self->game) != (guint) self->seat)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_NOT_YOUR_TURN, _("It is not your turn"));
      return FALSE;
    }
  if (!pj_action_from_string (pj_game_get_state (self->game), text, &a, &local))
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_ILLEGAL_ACTION, local->message);
      return FALSE;
    }
  msg = pj_net_message_new (PJ_MSG_ACTION);
  json_object_set_string_member (msg, "text", text);
  json_object_set_int_member (msg, "n", pj_game_get_n_actions (self->game));
  _pj_client_send (self, msg);
  return TRUE;
}

/* ---- getters ------------------------------------------------------------------- */

const char *
pj_client_get_name (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->name;
}

const char *
pj_client_get_table_name (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->table_name;
}

void
pj_client_set_password (PjClient   *self,
                        const char *password)
{
  g_return_if_fail (PJ_IS_CLIENT (self));
  g_free (self->password);
  self->password = g_strdup (password);
}

const char *
pj_client_get_token (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->token;
}

void
pj_client_set_token (PjClient   *self,
                     const char *token)
{
  g_return_if_fail (PJ_IS_CLIENT (self));
  g_free (self->token);
  self->token = g_strdup (token);
}

PjNetPhase
pj_client_get_phase (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), PJ_NET_PHASE_LOBBY);
  return self->phase;
}

int
pj_client_get_seat (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), -1);
  return self->seat;
}

const PjRules *
pj_client_get_rules (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return &self->rules;
}

gboolean
pj_client_has_password (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  return self->has_password;
}

guint
pj_client_get_n_seats (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), 0);
  return self->n_seats;
}

void
pj_client_get_seat_info (PjClient      *self,
                         guint          seat,
                         PjNetSeatInfo *out)
{
  g_return_if_fail (PJ_IS_CLIENT (self));
  g_return_if_fail (seat < self->n_seats);
  out->kind = self->seats[seat].kind;
  out->name = self->seats[seat].name;
  out->level = self->seats[seat].level;
  out->ready = self->seats[seat].ready;
  out->connected = self->seats[seat].connected;
}

void
_pj_client_clear_people (PjClient *self)
{
  for (guint i = 0; i < self->people->len; i++)
    g_free ((char *) g_array_index (self->people, PjNetPerson, i).name);
  g_array_set_size (self->people, 0);
}

guint
pj_client_get_n_people (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), 0);
  return self->people->len;
}

gboolean
pj_client_get_person (PjClient    *self,
                      guint        i,
                      PjNetPerson *out)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  if (i >= self->people->len)
    return FALSE;
  *out = g_array_index (self->people, PjNetPerson, i);
  return TRUE;
}

guint
pj_client_get_person_id (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), 0);
  return self->person_id;
}

int
pj_client_get_protocol (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), 0);
  return self->protocol;
}

gboolean
pj_client_host_speaks (PjClient *self,
                       int       version)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  return self->protocol != 0 && self->protocol >= version;
}

const PjState *
pj_client_get_state (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->has_state ? pj_game_get_state (self->game) : NULL;
}

/* The mirror game (NULL before the first deal): what this seat may see of
 * the table, its chosen actions sent here. The same object through a
 * rejoin; a new one for each new game. */
PjGame *
pj_client_get_game (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);
  return self->game;
}

gboolean
pj_client_get_seat_covered (PjClient *self,
                            guint     seat)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  return seat < PJ_MAX_PLAYERS && self->covered[seat];
}

guint
pj_client_get_n_actions (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), 0);
  return self->game ? pj_game_get_n_actions (self->game) : 0;
}

gboolean
pj_client_is_my_turn (PjClient *self)
{
  g_return_val_if_fail (PJ_IS_CLIENT (self), FALSE);
  return self->has_state && self->phase == PJ_NET_PHASE_PLAYING && self->seat >= 0 &&
         !pj_game_is_over (self->game) && pj_game_get_actor (self->game) == (guint) self->seat;
}

void
pj_client_set_tap_for_testing (PjClient     *self,
                               PjNetTapFunc  func,
                               gpointer      user_data)
{
  self->tap = func;
  self->tap_data = user_data;
  if (self->conn)
    pj_net_connection_set_tap (self->conn, func, user_data);
}

void
pj_client_send_raw_for_testing (PjClient   *self,
                                const char *data,
                                gsize       len)
{
  if (self->conn)
    pj_net_connection_send_raw (self->conn, data, len);
}

/* ---- GObject ------------------------------------------------------------------- */

PjClient *
pj_client_new (const char *name)
{
  return g_object_new (PJ_TYPE_CLIENT, "name", name, NULL);
}

static void
pj_client_dispose (GObject *object)
{
  PjClient *self = PJ_CLIENT (object);

  _pj_client_close_connection (self);
  _pj_client_link_clear (self);
  G_OBJECT_CLASS (pj_client_parent_class)->dispose (object);
}

static void
pj_client_finalize (GObject *object)
{
  PjClient *self = PJ_CLIENT (object);

  g_assert (self->connect_task == NULL);
  _pj_client_link_clear (self);
  _pj_client_clear_people (self);
  g_array_unref (self->people);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    g_free (self->seats[i].name);
  g_clear_object (&self->socket_client);
  g_ptr_array_unref (self->positions);
  g_ptr_array_unref (self->log);
  g_array_unref (self->past);
  g_free (self->name);
  g_free (self->password);
  g_free (self->token);
  g_free (self->table_name);
  g_free (self->commitment);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (pj_client_parent_class)->finalize (object);
}

static void
pj_client_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PjClient *self = PJ_CLIENT (object);

  switch (prop_id)
    {
    case PROP_NAME:      g_value_set_string (value, self->name); break;
    case PROP_SEAT:      g_value_set_int (value, self->seat); break;
    case PROP_PHASE:     g_value_set_int (value, self->phase); break;
    case PROP_CONNECTED: g_value_set_boolean (value, self->conn != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_client_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PjClient *self = PJ_CLIENT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      {
        const char *name = g_value_get_string (value);
        g_free (self->name);
        self->name = g_utf8_make_valid (name && *name ? name : "?", -1);
        /* the host refuses longer names: cut on a character boundary */
        if (strlen (self->name) > PJ_NET_MAX_NAME)
          *g_utf8_find_prev_char (self->name, self->name + PJ_NET_MAX_NAME + 1) = '\0';
        break;
      }
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_client_class_init (PjClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_client_dispose;
  object_class->finalize = pj_client_finalize;
  object_class->get_property = pj_client_get_property;
  object_class->set_property = pj_client_set_property;

  _pj_client_properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _pj_client_properties[PROP_SEAT] =
    g_param_spec_int ("seat", NULL, NULL, -1, PJ_MAX_PLAYERS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_client_properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL, PJ_NET_PHASE_LOBBY, PJ_NET_PHASE_OVER, PJ_NET_PHASE_LOBBY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_client_properties[PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, _pj_client_properties);

  _pj_client_signals[LOBBY_CHANGED] =
    g_signal_new ("lobby-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  _pj_client_signals[GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  _pj_client_signals[STATE_CHANGED] =
    g_signal_new ("state-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_UINT, G_TYPE_INT, G_TYPE_STRING, G_TYPE_STRING);
  /* detail "earlier": a line said before this connection (a rejoin's
   * backlog), to show without telling of it as new */
  _pj_client_signals[CHAT] =
    g_signal_new ("chat", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_INT, G_TYPE_STRING, G_TYPE_BOOLEAN);
  _pj_client_signals[ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  _pj_client_signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  _pj_client_signals[VERIFIED] =
    g_signal_new ("verified", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  _pj_client_signals[DISCONNECTED] =
    g_signal_new ("disconnected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /* (seat, covered) a computer plays for a person away, or they are back */
  _pj_client_signals[SEAT_COVERED] =
    g_signal_new ("seat-covered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* A person's link dropped mid-game (noticed by the host as the socket
   * closed or a write failed): a computer plays their seat in cover_ms
   * unless they are back first. */
  _pj_client_signals[SEAT_DROPPED] =
    g_signal_new ("seat-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
pj_client_init (PjClient *self)
{
  self->seat = -1;
  self->socket_client = g_socket_client_new ();
  self->positions = g_ptr_array_new_with_free_func (g_free);
  self->log = g_ptr_array_new_with_free_func (g_free);
  self->past = g_array_new (FALSE, FALSE, sizeof (PastMove));
  g_array_set_clear_func (self->past, _pj_client_past_move_clear);
  self->people = g_array_new (FALSE, FALSE, sizeof (PjNetPerson));
  _pj_client_link_init (self);
  pj_rules_preset (&self->rules, PJ_PRESET_BASIC, 4);
}
