/* pj-game-mirror.c — a game that shows a table decided elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-ai.h"
#include "pj-game-private.h"

/* ---- mirrors of a remote table ------------------------------------------ */

gboolean
_pj_game_mirror_send (PjGame          *self,
                      const PjAction  *action,
                      GError         **error)
{
  g_autofree char *text = pj_action_to_string (&self->state, action);

  if (self->send_func == NULL)
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                           _("This table is not connected"));
      return FALSE;
    }
  if (!self->send_func (self, action, text, self->send_data, error))
    return FALSE;

  self->sent_at = self->n_actions;
  self->awaiting = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_AWAITING]);
  return TRUE;
}

static void
set_awaiting (PjGame   *self,
              gboolean  awaiting)
{
  if (self->awaiting == awaiting)
    return;
  self->awaiting = awaiting;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_AWAITING]);
}

/**
 * pj_game_new_mirror:
 * @position: the host's position as @local_seat may see it
 * @local_seat: the seat played here, or -1 for a spectator
 * @n_actions: the actions played before @position
 * @send: (nullable): where pj_game_apply() sends the chosen action
 *
 * A game that shows a table decided elsewhere (see pj-game.h). Every seat
 * starts as PJ_CONTROLLER_REMOTE but @local_seat (a human); the table tells
 * who plays the others with pj_game_set_controller().
 */
PjGame *
pj_game_new_mirror (const PjState  *position,
                    int             local_seat,
                    guint           n_actions,
                    PjGameSendFunc  send,
                    gpointer        user_data,
                    GDestroyNotify  destroy)
{
  PjGame *self;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (local_seat >= -1 && local_seat < (int) position->rules.players, NULL);

  self = g_object_new (PJ_TYPE_GAME, NULL);
  self->mirror = TRUE;
  self->local_seat = local_seat;
  self->n_actions = n_actions;
  self->send_func = send;
  self->send_data = user_data;
  self->send_destroy = destroy;
  self->state = *position;
  self->created = g_date_time_new_now_utc ();
  for (guint i = 0; i < position->rules.players; i++)
    self->controller[i] = (int) i == local_seat ? PJ_CONTROLLER_HUMAN : PJ_CONTROLLER_REMOTE;
  if (pj_game_is_human_turn (self))
    pj_legal_actions (&self->state, &self->legal);

  return self;
}

gboolean
pj_game_is_mirror (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->mirror;
}

/* The seat played on this screen: a mirror's local seat (-1: spectator);
 * in a local game the seat whose hand is shown. */
int
pj_game_get_local_seat (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), -1);

  return self->mirror ? self->local_seat : pj_game_get_viewer (self);
}

guint
pj_game_get_n_actions (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), 0);

  if (self->mirror)
    return self->n_actions;
  return pj_record_get_n_actions (self->record);
}

gboolean
pj_game_get_awaiting (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->awaiting;
}

static void
count_mirror_stats (PjGame         *self,
                    const PjState  *before,
                    const PjAction *a,
                    const PjState  *after)
{
  const PjRules *rules = &after->rules;
  guint team = pj_team_of (rules, before->actor);

  if (a->kind == PJ_ACTION_MOVE || a->kind == PJ_ACTION_DISCARD ||
      a->kind == PJ_ACTION_FREE_COME_OUT)
    self->mirror_stats.cards_played++;

  for (guint c = 0; c < rules->players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (before->board.peg[c][k] != PJ_POS_START && after->board.peg[c][k] == PJ_POS_START)
        {
          self->mirror_stats.sent_home++;
          if (pj_team_of (rules, c) != team)
            self->mirror_stats.hits[team]++;
        }
}

/* A challenge turns the card up: the position after it shows it on top
 * of the discard pile, so the move list can say what it was. */
static void
reveal_challenged (PjState        *before,
                   const PjAction *seen,
                   const PjState  *after)
{
  if (seen->kind == PJ_ACTION_CHALLENGE && before->pending.kind != PJ_ACTION_NONE &&
      PJ_CARD_RANK (before->pending.card) == PJ_CARD_UNKNOWN && after->n_discard > 0 &&
      !(after->pile[after->n_cards - after->n_discard] & PJ_CARD_FACE_DOWN))
    before->pending.card = (guint8) PJ_CARD_RANK (after->pile[after->n_cards - after->n_discard]);
}

/* One move into the history, with the position it left (for looking back:
 * pj_game_get_position_after()). */
void
_pj_game_mirror_append (PjGame         *self,
                        guint           index,
                        const PjState  *before,
                        const PjAction *seen,
                        const PjState  *after)
{
  g_autoptr (PjMoveItem) item = _pj_game_make_item (self, before, seen);

  /* a mirror that came in later has fewer items than moves */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->history)) != index)
    self->mirror_gap = TRUE;
  g_array_append_val (self->mirror_positions, *after);
  g_list_store_append (self->history, item);
}

/**
 * pj_game_mirror_clear_history:
 * @self: a mirror
 *
 * The table starts afresh from the next position (a lesson's "later in
 * the game"): the moves before it are no history of that position, so the
 * move list and the look back forget them.
 */
void
pj_game_mirror_clear_history (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (self->mirror);

  g_array_set_size (self->mirror_positions, 0);
  g_list_store_remove_all (self->history);
  /* the next item is not the table's first action */
  self->mirror_gap = self->n_actions > 0;
}

/**
 * pj_game_mirror_update:
 * @self: a mirror
 * @n_actions: the host's count of actions after this update
 * @actor: the seat that acted, or -1 for a position without an action
 *   (the deal, a rejoin)
 * @action: (nullable): the action's text as this seat may see it
 * @position: the host's position as this seat may see it
 *
 * The host's answer. An action that follows the last one seen animates
 * ("action-applied"); anything else (a rejoin, a missed update) makes the
 * position jump ("state-reset"). Returns TRUE if the action was animated.
 */
gboolean
pj_game_mirror_update (PjGame        *self,
                       guint          n_actions,
                       int            actor,
                       const char    *action,
                       const PjState *position)
{
  PjState before;
  PjAction seen;
  gboolean animated, was_over, answered;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (self->mirror, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);

  before = self->state;
  was_over = pj_state_is_over (&before);
  animated = action != NULL && actor == (int) before.actor &&
             n_actions == self->n_actions + 1 && !was_over &&
             pj_action_read_seen (&before, action, &seen, NULL);
  /* The host answers a sent action with exactly one of: the update that
   * applies it, or an error (pj_game_mirror_refused()). Any other update
   * (someone else moved first: the action was stale) leaves the answer
   * still to come, and choosing again before it would put two actions in
   * flight, the second one judged by the first one's refusal. A position
   * without an action (a rejoin) or the end answers everything. */
  answered = self->held || actor < 0 || pj_state_is_over (position) ||
             (actor == self->local_seat && n_actions == self->sent_at + 1);

  self->state = *position;
  self->n_actions = n_actions;
  pj_action_list_clear (&self->legal);
  pj_action_list_init (&self->legal);
  if (pj_game_is_human_turn (self))
    pj_legal_actions (&self->state, &self->legal);
  if (answered)
    {
      self->held = FALSE;
      set_awaiting (self, FALSE);
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (before.actor != self->state.actor)
    g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_ACTOR]);
  if (before.turn_number != self->state.turn_number)
    g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_TURN_NUMBER]);
  if (!was_over && pj_state_is_over (&self->state))
    {
      g_clear_pointer (&self->ended, g_date_time_unref);
      self->ended = g_date_time_new_now_utc ();
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  if (animated)
    {
      reveal_challenged (&before, &seen, position);
      count_mirror_stats (self, &before, &seen, position);
      _pj_game_mirror_append (self, n_actions - 1, &before, &seen, position);
      g_signal_emit (self, _pj_game_signals[ACTION_APPLIED], 0, &seen, &before);
    }
  else
    g_signal_emit (self, _pj_game_signals[STATE_RESET], 0);

  if (pj_state_is_over (&self->state))
    {
      if (!was_over)
        g_signal_emit (self, _pj_game_signals[GAME_OVER], 0, (int) self->state.winner);
    }
  else
    g_signal_emit (self, _pj_game_signals[TURN_CHANGED], 0, (guint) self->state.actor);

  return animated;
}

/**
 * pj_game_mirror_add_past:
 * @self: a mirror
 * @index: the action's number in the game (0: the first move)
 * @before: the position before it, as this seat may see it
 * @action: the action's text as this seat may see it (in @before)
 * @after: the position after it (the next past move's @before, or the
 *   mirror's position for the last one)
 *
 * A move played before this mirror saw the table (a rejoin: the host's
 * `past`), into the history as if it had been watched, without animating
 * anything. Moves come in order; one the history holds already is
 * skipped, so a link dropped and back in the same program gets no
 * duplicates. A history that misses moves (the mirror came in mid-game
 * from a host that sent no past) is replaced from @index 0 on.
 *
 * Returns: FALSE (and nothing changes) if the move does not follow the
 * history or does not read in @before.
 */
gboolean
pj_game_mirror_add_past (PjGame         *self,
                         guint           index,
                         const PjState  *before,
                         const char     *action,
                         const PjState  *after,
                         GError        **error)
{
  guint n_items;
  PjState shown;
  PjAction seen;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (self->mirror, FALSE);
  g_return_val_if_fail (before != NULL && action != NULL && after != NULL, FALSE);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->history));
  if (!self->mirror_gap && index < n_items)
    return TRUE;
  if (index >= self->n_actions || (index != n_items && !(self->mirror_gap && index == 0)))
    {
      g_set_error (error, PJ_GAME_ERROR, PJ_GAME_ERROR_BAD_PAST,
                   /* Translators: the LAN table's account of the moves before one came back, %u counts from 1 */
                   _("The table sent move %u of the game out of order"), index + 1);
      return FALSE;
    }
  shown = *before;
  if (before->rules.players != self->state.rules.players ||
      !pj_action_read_seen (&shown, action, &seen, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, PJ_GAME_ERROR, PJ_GAME_ERROR_BAD_PAST,
                     /* Translators: %u counts the moves from 1 */
                     _("The table sent move %u of another game"), index + 1);
      return FALSE;
    }
  if (self->mirror_gap)
    {
      /* the moves it missed come with the rest: the list starts over, whole */
      g_list_store_remove_all (self->history);
      g_array_set_size (self->mirror_positions, 0);
      memset (&self->mirror_stats, 0, sizeof self->mirror_stats);
      self->mirror_gap = FALSE;
    }
  reveal_challenged (&shown, &seen, after);
  count_mirror_stats (self, &shown, &seen, after);
  _pj_game_mirror_append (self, index, &shown, &seen, after);
  return TRUE;
}

/**
 * pj_game_mirror_refused:
 * @self: a mirror
 *
 * The host refused the action sent (its error is the caller's to show):
 * the local seat may choose again.
 */
void
pj_game_mirror_refused (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (self->mirror);

  /* held: the refusal came before the link went; the next position decides */
  if (!self->awaiting || self->held)
    return;
  set_awaiting (self, FALSE);
  if (!pj_state_is_over (&self->state))
    g_signal_emit (self, _pj_game_signals[TURN_CHANGED], 0, (guint) self->state.actor);
}

/**
 * pj_game_mirror_hold:
 * @self: a mirror
 *
 * The link to the host is gone: what the mirror shows may be out of date
 * and an action sent now would not reach the host or would answer an old
 * position. Nothing can be chosen (pj_game_get_awaiting() is TRUE) until
 * the host's next position comes with pj_game_mirror_update().
 */
void
pj_game_mirror_hold (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (self->mirror);

  if (pj_state_is_over (&self->state))
    return;
  self->held = TRUE;
  set_awaiting (self, TRUE);
}
