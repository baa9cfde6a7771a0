/* pj-client-past.c — what a client coming into a game under way is told:
 * the game so far (`past`) into the mirror's move list, the talk it had
 * (`chat` with `earlier`), and at the end the whole game for a review
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pj-client-private.h"

void
_pj_client_past_move_clear (gpointer data)
{
  PastMove *move = data;

  g_free (move->action);
  g_free (move->position);
}

static void
emit_invalid (PjClient   *self,
              const char *message)
{
  g_autoptr (GError) error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD, message);

  g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
}

/* The game so far (a rejoin, or coming in late), in order: kept until
 * the update that brings the position now. Every entry is checked first:
 * a bad one is an error and nothing of the message is kept. */
void
_pj_client_handle_past (PjClient   *self,
                        JsonObject *msg)
{
  JsonArray *entries = json_object_get_array_member (msg, "entries");
  guint first = (guint) json_object_get_int_member (msg, "first");
  guint n = json_array_get_length (entries);
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (PastMove));

  g_array_set_clear_func (moves, _pj_client_past_move_clear);
  if (!self->started || self->has_state)
    {
      _pj_client_unexpected (self, PJ_MSG_PAST, "not before a game's first position");
      return;
    }
  if (first != self->past->len || first + n > PJ_RECORD_MAX_ACTIONS)
    {
      emit_invalid (self, _("The host sent the moves so far out of order"));
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      JsonObject *entry = json_array_get_object_element (entries, i);
      const char *position = json_object_get_string_member (entry, "position");
      const char *action = json_object_get_string_member (entry, "action");
      PastMove move = { 0 };
      PjAction seen;

      /* the position must be this game's, the actor the one to move, the
       * action one this seat may see there */
      if (!pj_position_from_string (&move.before, position, NULL) ||
          move.before.rules.players != self->game_rules.players ||
          (int) move.before.actor != json_object_get_int_member (entry, "actor") ||
          !pj_action_read_seen (&move.before, action, &seen, NULL))
        {
          emit_invalid (self, _("The host sent a move of the game so far that does not read"));
          return;
        }
      move.action = g_strdup (action);
      move.position = g_strdup (position);
      g_array_append_val (moves, move);
    }
  g_array_append_vals (self->past, moves->data, moves->len);
  /* the past owns the strings now */
  g_array_set_clear_func (moves, NULL);
}

/* The position now came after the past: the moves go into the mirror's
 * history (one it holds already is skipped), and the positions into what
 * the fair-deal check compares. A past that does not end at the position
 * (a move missing) is dropped whole. */
void
_pj_client_apply_past (PjClient      *self,
                       guint          n,
                       const PjState *now)
{
  g_autoptr (GError) error = NULL;

  if (self->past->len == 0)
    return;
  if (self->past->len != n)
    error = g_error_new (PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD,
                         /* Translators: a rejoin's move list came short, e.g. "The host sent 12 of the 40 moves so far" */
                         _("The host sent %u of the %u moves so far"), self->past->len, n);
  for (guint i = 0; error == NULL && i < self->past->len; i++)
    {
      PastMove *move = &g_array_index (self->past, PastMove, i);
      const PjState *after = i + 1 < self->past->len
                             ? &g_array_index (self->past, PastMove, i + 1).before : now;

      g_autoptr (GError) local = NULL;

      if (!pj_game_mirror_add_past (self->game, i, &move->before, move->action, after, &local))
        {
          /* the host's fault, told as the client's other refusals are */
          error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD, local->message);
          break;
        }
      if (self->positions->len <= i)
        g_ptr_array_set_size (self->positions, (gint) i + 1);
      if (g_ptr_array_index (self->positions, i) == NULL)
        g_ptr_array_index (self->positions, i) = g_strdup (move->position);
    }
  g_array_set_size (self->past, 0);
  if (error)
    g_signal_emit (self, _pj_client_signals[ERROR], 0, error);
}

/* A line said now, or (`earlier`) one said before we came back: shown
 * once, though a link dropped and back in this program gets the talk
 * it heard again. */
void
_pj_client_handle_chat (PjClient   *self,
                        JsonObject *msg)
{
  gboolean earlier = json_object_get_boolean_member_with_default (msg, "earlier", FALSE);
  guint id = (guint) json_object_get_int_member_with_default (msg, "id", 0);

  if (earlier && id != 0 && id <= self->talk_id)
    return;
  if (id != 0)
    self->talk_id = id;
  g_signal_emit (self, _pj_client_signals[CHAT],
                 earlier ? g_quark_from_static_string ("earlier") : 0,
                 json_object_get_string_member (msg, "from"),
                 (int) json_object_get_int_member (msg, "seat"),
                 json_object_get_string_member (msg, "text"),
                 json_object_get_boolean_member (msg, "team"));
}

/**
 * pj_client_dup_record:
 *
 * The whole game with every card, as the host revealed it at the end and
 * the fair-deal check confirmed, for a review: whoever came in mid-game
 * has it as whole as one there from the deal. The seats are named and
 * played as the last lobby said. NULL before a verified end.
 */
PjRecord *
pj_client_dup_record (PjClient *self)
{
  g_autofree PjSeat *seats = NULL;
  g_autoptr (PjRecord) record = NULL;
  guint n;

  g_return_val_if_fail (PJ_IS_CLIENT (self), NULL);

  if (!self->verified)
    return NULL;
  n = self->game_rules.players;
  seats = g_new0 (PjSeat, n);
  for (guint i = 0; i < n; i++)
    {
      const LobbySeat *info = i < self->n_seats ? &self->seats[i] : NULL;

      seats[i].name = info && info->name && strlen (info->name) <= PJ_RECORD_MAX_NAME ? info->name : (char *) "";
      seats[i].controller = info && info->kind == PJ_NET_SEAT_COMPUTER
                            ? pj_controller_from_level (info->level) : PJ_CONTROLLER_HUMAN;
    }
  record = pj_record_new (&self->game_rules, self->revealed_seed, (int) self->dealer, seats, n, NULL);
  for (guint i = 0; record != NULL && i < self->log->len; i++)
    if (!pj_record_append_string (record, g_ptr_array_index (self->log, i), NULL))
      return NULL;
  return g_steal_pointer (&record);
}
