/* pj-game.c — a game on the table: engine state, seats and the move history
 *
 * The game is the single owner of the engine state. Humans reach it through
 * pj_game_apply(), which accepts only actions the engine lists as legal;
 * computer seats choose on a worker thread (a GTask working on a copy of the
 * state) and their choice comes back through the same checked path.
 *
 * A mirror (pj_game_new_mirror()) owns no game at all: the same checked
 * path ends in the send function, and the state changes only when the
 * host's answer comes in (pj_game_mirror_update()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-ai.h"
#include "pj-game.h"
#include "pj-move-item.h"

#include "pj-game-private.h"
#include "pj-text.h"


G_DEFINE_FINAL_TYPE (PjGame, pj_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (pj-game-error-quark, pj_game_error)


GParamSpec *_pj_game_properties[N_PROPS];
guint _pj_game_signals[N_SIGNALS];


static void
pj_game_dispose (GObject *object)
{
  PjGame *self = (PjGame *) object;

  self->running = FALSE;
  _pj_game_cancel_computer (self);
  g_clear_object (&self->history);
  _pj_game_clear_autosave (self);

  G_OBJECT_CLASS (pj_game_parent_class)->dispose (object);
}

static void
pj_game_finalize (GObject *object)
{
  PjGame *self = (PjGame *) object;

  pj_action_list_clear (&self->legal);
  g_clear_pointer (&self->record, pj_record_unref);
  g_clear_pointer (&self->ended, g_date_time_unref);
  g_clear_pointer (&self->created, g_date_time_unref);
  g_clear_pointer (&self->mirror_positions, g_array_unref);
  if (self->send_destroy != NULL)
    self->send_destroy (self->send_data);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    g_free (self->name[i]);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (pj_game_parent_class)->finalize (object);
}

static void
pj_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  PjGame *self = PJ_GAME (object);

  switch (prop_id)
    {
    case PROP_N_PLAYERS:
      g_value_set_uint (value, self->state.rules.players);
      break;

    case PROP_ACTOR:
      g_value_set_uint (value, self->state.actor);
      break;

    case PROP_TURN_NUMBER:
      g_value_set_uint (value, self->state.turn_number);
      break;

    case PROP_OVER:
      g_value_set_boolean (value, pj_game_is_over (self));
      break;

    case PROP_WINNER:
      g_value_set_int (value, pj_game_get_winner (self));
      break;

    case PROP_VIEWER:
      g_value_set_int (value, pj_game_get_viewer (self));
      break;

    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;

    case PROP_DELAY:
      g_value_set_uint (value, self->delay_ms);
      break;

    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;

    case PROP_AWAITING:
      g_value_set_boolean (value, self->awaiting);
      break;

    case PROP_SAVE_ERROR:
      g_value_set_string (value, self->save_error);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_game_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  PjGame *self = PJ_GAME (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      pj_game_set_delay (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_game_class_init (PjGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_game_dispose;
  object_class->finalize = pj_game_finalize;
  object_class->get_property = pj_game_get_property;
  object_class->set_property = pj_game_set_property;

  _pj_game_properties[PROP_N_PLAYERS] =
    g_param_spec_uint ("n-players", NULL, NULL, 4, PJ_MAX_PLAYERS, 4,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_ACTOR] =
    g_param_spec_uint ("actor", NULL, NULL, 0, PJ_MAX_PLAYERS - 1, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_TURN_NUMBER] =
    g_param_spec_uint ("turn-number", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_OVER] =
    g_param_spec_boolean ("over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_WINNER] =
    g_param_spec_int ("winner", NULL, NULL, -1, PJ_MAX_PLAYERS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, -1, PJ_MAX_PLAYERS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The least pause before a computer's move, so people can follow the
   * play: from when it starts choosing or a view stops holding the pace
   * (pj_game_hold_pace()), whichever is later. */
  _pj_game_properties[PROP_DELAY] =
    g_param_spec_uint ("delay", NULL, NULL, 0, 10000, 800,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_game_properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* A mirror sent an action and waits for the host's answer. */
  _pj_game_properties[PROP_AWAITING] =
    g_param_spec_boolean ("awaiting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* Why the autosave fails, in people's words, while it does (NULL when
   * saves work): a banner for as long as it lasts, not a passing toast. */
  _pj_game_properties[PROP_SAVE_ERROR] =
    g_param_spec_string ("save-error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, _pj_game_properties);

  /**
   * PjGame::action-applied:
   * @action: (type gpointer): the PjAction applied
   * @before: (type gpointer): the PjState before it
   */
  _pj_game_signals[ACTION_APPLIED] =
    g_signal_new ("action-applied",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_POINTER);

  _pj_game_signals[TURN_CHANGED] =
    g_signal_new ("turn-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  _pj_game_signals[GAME_OVER] =
    g_signal_new ("game-over",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * PjGame::state-reset:
   *
   * The position jumped (undo): views redraw it without animating.
   */
  _pj_game_signals[STATE_RESET] =
    g_signal_new ("state-reset",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * PjGame::save-failed:
   * @error: (type GError): why the autosave could not be written
   *
   * The game goes on; the next action tries again.
   */
  _pj_game_signals[SAVE_FAILED] =
    g_signal_new ("save-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
pj_game_init (PjGame *self)
{
  pj_action_list_init (&self->legal);
  self->history = g_list_store_new (PJ_TYPE_MOVE_ITEM);
  self->mirror_positions = g_array_new (FALSE, FALSE, sizeof (PjState));
  self->delay_ms = 800;
  self->context = g_main_context_ref_thread_default ();
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    self->cover[i] = PJ_CONTROLLER_REMOTE;
}

/* The record's seat for a local seat: names left to the colour are saved
 * as the untranslated colour, so another language shows its own. */
static void
sync_seat (PjGame *self,
           guint   seat)
{
  const char *name = self->name[seat];

  if (self->record == NULL)
    return;
  if (name == NULL || name[0] == '\0' || strlen (name) > PJ_RECORD_MAX_NAME ||
      !g_utf8_validate (name, -1, NULL))
    name = pj_colour_name (seat);
  pj_record_set_seat (self->record, seat, name, self->controller[seat]);
}

PjGame *
pj_game_new (const PjRules *rules,
             guint64        seed,
             int            dealer)
{
  g_autoptr (PjRecord) record = NULL;
  PjGame *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (pj_rules_validate (rules, NULL), NULL);

  record = pj_record_new (rules, seed, dealer, NULL, 0, NULL);
  g_return_val_if_fail (record != NULL, NULL);

  self = g_object_new (PJ_TYPE_GAME, NULL);
  self->seed = seed;
  self->record = g_steal_pointer (&record);
  self->state = *pj_record_get_state (self->record);
  pj_legal_actions (&self->state, &self->legal);

  for (guint i = 0; i < rules->players; i++)
    {
      self->controller[i] = i == 0 ? PJ_CONTROLLER_HUMAN : PJ_CONTROLLER_NORMAL;
      sync_seat (self, i);
    }

  return self;
}

PjMoveItem *
_pj_game_make_item (PjGame         *self,
                    const PjState  *before,
                    const PjAction *action)
{
  g_autofree char *notation = pj_action_to_string (before, action);
  g_autofree char *description = pj_game_describe_action (self, before, action);

  return pj_move_item_new (before->actor, before->turn_number, action, notation, description);
}

/**
 * pj_game_new_from_record:
 * @record: a game record, e.g. from pj_record_load()
 *
 * A game at the record's position, with its seats and its move history.
 * Remote seats of a saved network game become computer players. The game
 * keeps a reference to @record and appends to it.
 */
static PjGame *
new_from_record (PjRecord *record,
                 gboolean  hosted)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  PjGame *self;
  PjState s;
  guint n;

  g_return_val_if_fail (record != NULL, NULL);

  self = g_object_new (PJ_TYPE_GAME, NULL);
  self->record = pj_record_ref (record);
  self->seed = pj_record_get_seed (record);
  self->state = *pj_record_get_state (record);
  pj_legal_actions (&self->state, &self->legal);

  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    {
      const PjSeat *seat = pj_record_get_seat (record, i);

      /* opened on its own, a saved LAN game's people elsewhere become
       * computer players; at a hosted table they are still there */
      self->controller[i] = seat->controller == PJ_CONTROLLER_REMOTE && !hosted ? PJ_CONTROLLER_NORMAL
                                                                                : seat->controller;
      if (g_strcmp0 (seat->name, pj_colour_name (i)) != 0)
        self->name[i] = g_strdup (seat->name);
      sync_seat (self, i);
    }

  n = pj_record_get_n_actions (record);
  pj_record_state_at (record, 0, &s);
  for (guint i = 0; i < n; i++)
    {
      const PjAction *action = pj_record_get_action (record, i);

      g_ptr_array_add (items, _pj_game_make_item (self, &s, action));
      pj_state_apply (&s, action);
    }
  g_list_store_splice (self->history, 0, 0, items->pdata, items->len);

  return self;
}

PjGame *
pj_game_new_from_record (PjRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);

  return new_from_record (record, FALSE);
}

PjGame *
pj_game_new_for_table (PjRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);

  return new_from_record (record, TRUE);
}

/**
 * pj_game_new_rematch:
 * @game: a game
 *
 * Another game with the same rules and seats: the deal passes to the left
 * (the next seat clockwise) and the cards get a new seed.
 */
PjGame *
pj_game_new_rematch (PjGame  *game,
                     guint64  seed)
{
  PjGame *self;
  guint players;

  g_return_val_if_fail (PJ_IS_GAME (game), NULL);
  g_return_val_if_fail (!game->mirror, NULL);

  players = game->state.rules.players;
  self = pj_game_new (&game->state.rules, seed,
                      (int) ((pj_record_get_dealer (game->record) + 1) % players));
  for (guint i = 0; i < players; i++)
    {
      self->controller[i] = game->controller[i];
      self->name[i] = g_strdup (game->name[i]);
      sync_seat (self, i);
    }
  self->delay_ms = game->delay_ms;

  return self;
}

PjRecord *
pj_game_get_record (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  return self->record;
}

const PjState *
pj_game_get_state (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  return &self->state;
}

const PjRules *
pj_game_get_rules (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  return &self->state.rules;
}

guint64
pj_game_get_seed (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), 0);

  return self->seed;
}

guint
pj_game_get_n_players (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), 0);

  return self->state.rules.players;
}

guint
pj_game_get_actor (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), 0);

  return self->state.actor;
}

gboolean
pj_game_is_over (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return pj_state_is_over (&self->state);
}

int
pj_game_get_winner (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), -1);

  return pj_state_is_over (&self->state) ? (int) self->state.winner : -1;
}

void
pj_game_set_controller (PjGame       *self,
                        guint         seat,
                        PjController  controller)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (seat < self->state.rules.players);
  g_return_if_fail (controller < PJ_N_CONTROLLERS);

  if (self->controller[seat] == controller)
    return;

  self->controller[seat] = controller;
  sync_seat (self, seat);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_VIEWER]);
  _pj_game_maybe_start_computer (self);
}

PjController
pj_game_get_controller (PjGame *self,
                        guint   seat)
{
  g_return_val_if_fail (PJ_IS_GAME (self), PJ_CONTROLLER_HUMAN);
  g_return_val_if_fail (seat < PJ_MAX_PLAYERS, PJ_CONTROLLER_HUMAN);

  return self->controller[seat];
}

const char *
pj_game_get_seat_name (PjGame *self,
                       guint   seat)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);
  g_return_val_if_fail (seat < PJ_MAX_PLAYERS, NULL);

  if (self->name[seat] != NULL && self->name[seat][0] != '\0')
    return self->name[seat];
  return pj_text_colour_name (seat);
}

void
pj_game_set_seat_name (PjGame     *self,
                       guint       seat,
                       const char *name)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (seat < PJ_MAX_PLAYERS);

  g_free (self->name[seat]);
  self->name[seat] = g_strdup (name);
  if (seat < self->state.rules.players)
    sync_seat (self, seat);
}

/* The seat whose hand the screen shows: the human to move when several
 * share the screen, otherwise the first human seat; -1 if all are computers. */
int
pj_game_get_viewer (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), -1);

  if (self->mirror)
    return self->local_seat;

  if (self->controller[self->state.actor] == PJ_CONTROLLER_HUMAN &&
      !pj_state_is_over (&self->state))
    return self->state.actor;

  for (guint i = 0; i < self->state.rules.players; i++)
    if (self->controller[i] == PJ_CONTROLLER_HUMAN)
      return (int) i;

  return -1;
}

gboolean
pj_game_is_human_turn (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  if (self->mirror)
    return !pj_state_is_over (&self->state) && self->local_seat >= 0 &&
           self->state.actor == (guint) self->local_seat;

  return !pj_state_is_over (&self->state) &&
         self->controller[self->state.actor] == PJ_CONTROLLER_HUMAN;
}

gboolean
pj_game_get_thinking (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->thinking;
}

guint
pj_game_get_delay (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), 0);

  return self->delay_ms;
}

void
pj_game_set_delay (PjGame *self,
                   guint   delay_ms)
{
  g_return_if_fail (PJ_IS_GAME (self));

  if (self->delay_ms == delay_ms)
    return;

  self->delay_ms = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_DELAY]);
}

/* Let computer seats play. Games start stopped so that the caller can
 * connect to the signals and set the seats first. */
void
pj_game_start (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));

  if (self->running)
    return;

  self->running = TRUE;
  g_signal_emit (self, _pj_game_signals[TURN_CHANGED], 0, (guint) self->state.actor);
  _pj_game_maybe_start_computer (self);
}

void
pj_game_stop (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));

  self->running = FALSE;
  _pj_game_cancel_computer (self);
}

const PjAction *
pj_game_get_human_actions (PjGame *self,
                           guint  *n_actions)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);
  g_return_val_if_fail (n_actions != NULL, NULL);

  if (!pj_game_is_human_turn (self) || self->awaiting || self->legal.n == 0)
    {
      *n_actions = 0;
      return NULL;
    }

  *n_actions = self->legal.n;
  return self->legal.v;
}

GListModel *
pj_game_get_history (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  return G_LIST_MODEL (self->history);
}

/**
 * pj_game_get_position_after:
 * @item: an index into pj_game_get_history()
 * @out: (out): the position right after that move, as this screen's seat
 *   may see it (pj_game_get_local_seat(); a local game's other hands are
 *   hidden as a guest's would be)
 *
 * For looking back at a game. Returns FALSE (and leaves @out alone) when
 * there is no such move.
 */
gboolean
pj_game_get_position_after (PjGame  *self,
                            guint    item,
                            PjState *out)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (item >= g_list_model_get_n_items (G_LIST_MODEL (self->history)))
    return FALSE;
  if (self->mirror)
    {
      /* every item is appended with its position (_pj_game_mirror_append) */
      g_return_val_if_fail (item < self->mirror_positions->len, FALSE);
      *out = g_array_index (self->mirror_positions, PjState, item);
      return TRUE;
    }

  /* local history items are the record's actions, one for one */
  pj_record_state_at (self->record, item + 1, out);
  if (!pj_state_is_over (out))
    pj_state_redact (out, pj_game_get_local_seat (self));
  return TRUE;
}

/* ---- applying actions -------------------------------------------------- */


void
_pj_game_apply_internal (PjGame         *self,
                         const PjAction *action)
{
  g_autoptr (PjMoveItem) item = NULL;
  g_autoptr (GError) error = NULL;
  PjState before = self->state;
  PjAction copy = *action;
  guint old_actor = self->state.actor;
  guint old_turn = self->state.turn_number;

  /* The record checks the action once more and keeps it for saving. */
  if (!pj_record_append (self->record, &copy, &error))
    {
      g_critical ("The record refused a legal action: %s", error->message);
      return;
    }
  item = _pj_game_make_item (self, &before, &copy);
  self->state = *pj_record_get_state (self->record);
  pj_legal_actions (&self->state, &self->legal);

  g_list_store_append (self->history, item);

  g_object_freeze_notify (G_OBJECT (self));
  if (old_actor != self->state.actor)
    g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_ACTOR]);
  if (old_turn != self->state.turn_number)
    g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_TURN_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_VIEWER]);
  if (pj_state_is_over (&self->state))
    {
      g_clear_pointer (&self->ended, g_date_time_unref);
      self->ended = g_date_time_new_now_utc ();
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  _pj_game_schedule_autosave (self);

  g_signal_emit (self, _pj_game_signals[ACTION_APPLIED], 0, &copy, &before);

  if (pj_state_is_over (&self->state))
    g_signal_emit (self, _pj_game_signals[GAME_OVER], 0, (int) self->state.winner);
  else
    {
      g_signal_emit (self, _pj_game_signals[TURN_CHANGED], 0, (guint) self->state.actor);
      _pj_game_maybe_start_computer (self);
    }
}

/* ---- undo ---------------------------------------------------------------- */

/* Undo is for games against the computer only: with another human at the
 * table, taking a move back would take theirs too. */
static gboolean
single_human (PjGame *self)
{
  guint humans = 0;

  if (self->mirror)
    return FALSE;

  for (guint i = 0; i < self->state.rules.players; i++)
    {
      if (self->controller[i] == PJ_CONTROLLER_REMOTE)
        return FALSE;
      if (self->controller[i] == PJ_CONTROLLER_HUMAN)
        humans++;
    }
  return humans == 1;
}

/* The index of the last action a human chose, or -1. */
static int
last_human_action (PjGame *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->history));

  for (guint i = n; i > 0; i--)
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (G_LIST_MODEL (self->history), i - 1);

      if (self->controller[pj_move_item_get_seat (item)] == PJ_CONTROLLER_HUMAN)
        return (int) i - 1;
    }
  return -1;
}

gboolean
pj_game_can_undo (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return single_human (self) && last_human_action (self) >= 0;
}

/**
 * pj_game_undo:
 * @self: a game
 *
 * Take back the human's last action and every computer action after it:
 * the record is cut back and replayed, and a computer move in flight is
 * dropped. Only in games with one local human and no remote seats.
 */
gboolean
pj_game_undo (PjGame  *self,
              GError **error)
{
  gboolean was_over;
  int last;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  if (!single_human (self) || (last = last_human_action (self)) < 0)
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_CANNOT_UNDO,
                           _("There is no move of yours to take back"));
      return FALSE;
    }

  _pj_game_cancel_computer (self);
  was_over = pj_state_is_over (&self->state);

  pj_record_truncate (self->record, (guint) last);
  self->state = *pj_record_get_state (self->record);
  pj_legal_actions (&self->state, &self->legal);
  g_clear_pointer (&self->ended, g_date_time_unref);
  g_list_store_splice (self->history, (guint) last,
                       g_list_model_get_n_items (G_LIST_MODEL (self->history)) - (guint) last,
                       NULL, 0);

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_ACTOR]);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_TURN_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_VIEWER]);
  if (was_over)
    {
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  _pj_game_schedule_autosave (self);

  g_signal_emit (self, _pj_game_signals[STATE_RESET], 0);
  g_signal_emit (self, _pj_game_signals[TURN_CHANGED], 0, (guint) self->state.actor);
  _pj_game_maybe_start_computer (self);
  return TRUE;
}

/* ---- statistics ---------------------------------------------------------- */

/**
 * pj_game_get_stats:
 * @self: a game
 * @stats: (out): the figures so far
 *
 * Counted by replaying the record: a peg that goes from the board back to
 * its start is "sent home", and a hit for the team of the seat that acted
 * when it was another team's peg (Bluffing Joker penalties included).
 */
void
pj_game_get_stats (PjGame      *self,
                   PjGameStats *stats)
{
  const PjRules *rules;
  PjState s;
  guint n;

  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (stats != NULL);

  memset (stats, 0, sizeof *stats);
  rules = &self->state.rules;

  if (self->mirror)
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

      *stats = self->mirror_stats;
      stats->turns = self->state.turn_number;
      stats->duration_s = MAX (g_date_time_difference (self->ended ? self->ended : now,
                                                       self->created) / G_TIME_SPAN_SECOND, 0);
      return;
    }
  stats->turns = self->state.turn_number;

  n = pj_record_get_n_actions (self->record);
  pj_record_state_at (self->record, 0, &s);
  for (guint i = 0; i < n; i++)
    {
      const PjAction *a = pj_record_get_action (self->record, i);
      PjBoard before = s.board;
      guint team = pj_team_of (rules, s.actor);

      if (a->kind == PJ_ACTION_MOVE || a->kind == PJ_ACTION_DISCARD ||
          a->kind == PJ_ACTION_FREE_COME_OUT)
        stats->cards_played++;

      pj_state_apply (&s, a);

      for (guint c = 0; c < rules->players; c++)
        for (guint k = 0; k < PJ_PEGS; k++)
          if (before.peg[c][k] != PJ_POS_START && s.board.peg[c][k] == PJ_POS_START)
            {
              stats->sent_home++;
              if (pj_team_of (rules, c) != team)
                stats->hits[team]++;
            }
    }

  {
    GDateTime *created = pj_record_get_created (self->record);
    g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
    GDateTime *end = self->ended != NULL ? self->ended : now;

    /* a pause is no playing time */
    stats->duration_s = MAX ((g_date_time_difference (end, created) - _pj_game_paused_us (self)) / G_TIME_SPAN_SECOND, 0);
  }
}

/* Sources of the game live on its own context (a table may be hosted on
 * another thread), so g_source_remove(), which looks in the global one,
 * would miss them. */
void
_pj_game_remove_source (PjGame *self,
                        guint  *source_id)
{
  GSource *source;

  if (*source_id == 0)
    return;
  source = g_main_context_find_source_by_id (self->context, *source_id);
  if (source != NULL)
    g_source_destroy (source);
  *source_id = 0;
}

gboolean
_pj_game_find_legal (PjGame         *self,
                     const PjAction *action)
{
  for (guint i = 0; i < self->legal.n; i++)
    if (pj_action_equal (&self->legal.v[i], action))
      return TRUE;
  return FALSE;
}


/* The checks every chosen action passes, whoever chose it. */
static gboolean
check_action (PjGame          *self,
              const PjAction  *action,
              GError         **error)
{
  if (pj_state_is_over (&self->state))
    {
      g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER,
                           _("The game is over"));
      return FALSE;
    }

  if (self->awaiting)
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_WAITING,
                           _("Your move is on its way to the host"));
      return FALSE;
    }

  if (!_pj_game_find_legal (self, action))
    {
      g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION,
                           _("That move is not allowed now"));
      return FALSE;
    }
  return TRUE;
}

/* Apply a human's action: only a legal action of a local human to move. */
gboolean
pj_game_apply (PjGame          *self,
               const PjAction  *action,
               GError         **error)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!pj_state_is_over (&self->state) && !pj_game_is_human_turn (self))
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not a local player’s turn"));
      return FALSE;
    }

  if (!check_action (self, action, error))
    return FALSE;

  if (self->mirror)
    return _pj_game_mirror_send (self, action, error);

  _pj_game_apply_internal (self, action);
  return TRUE;
}

/**
 * pj_game_apply_for_seat:
 * @self: the game of a hosted table
 * @seat: the remote seat whose person chose @action
 * @action: the chosen action
 *
 * A person elsewhere plays through this the way a local one plays through
 * pj_game_apply(): the host never trusts a client, so the same checks
 * apply, and the seat must be the one to move.
 */
gboolean
pj_game_apply_for_seat (PjGame          *self,
                        guint            seat,
                        const PjAction  *action,
                        GError         **error)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (!self->mirror, FALSE);

  if (!pj_state_is_over (&self->state) &&
      (seat >= self->state.rules.players || seat != self->state.actor ||
       _pj_game_playing_controller (self, seat) != PJ_CONTROLLER_REMOTE))
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }

  if (!check_action (self, action, error))
    return FALSE;

  _pj_game_apply_internal (self, action);
  return TRUE;
}
