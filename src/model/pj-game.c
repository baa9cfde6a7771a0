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

struct _PjGame
{
  GObject        parent_instance;

  PjState        state;          /* always equal to the record's state */
  PjActionList   legal;          /* legal actions of state.actor */
  guint64        seed;
  PjRecord      *record;         /* what is saved and replayed: rules, seats, actions */
  GDateTime     *ended;          /* when the last action ended the game */

  PjController   controller[PJ_MAX_PLAYERS];
  char          *name[PJ_MAX_PLAYERS];

  GListStore    *history;

  /* computer play */
  guint          delay_ms;
  gboolean       running;
  gboolean       thinking;
  GCancellable  *cancellable;
  guint          pace_source;
  PjAction       pending;

  /* autosave: one write in flight at a time; a move during it marks the
   * record dirty and the finished write starts the next one */
  GFile         *autosave_file;
  gboolean       saving;
  gboolean       save_dirty;

  /* mirror of a remote table: the record is NULL, the host decides */
  gboolean       mirror;
  int            local_seat;      /* -1: a spectator */
  guint          n_actions;       /* the host's count */
  gboolean       awaiting;        /* an action sent, not answered yet, or held */
  guint          sent_at;         /* n_actions when the awaited action was sent */
  gboolean       held;            /* no host: waiting for its next position */
  PjGameSendFunc send_func;
  gpointer       send_data;
  GDestroyNotify send_destroy;
  PjGameStats    mirror_stats;    /* counted from the updates (no record to replay) */
  GDateTime     *created;
};

G_DEFINE_FINAL_TYPE (PjGame, pj_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (pj-game-error-quark, pj_game_error)

enum {
  PROP_0,
  PROP_N_PLAYERS,
  PROP_ACTOR,
  PROP_TURN_NUMBER,
  PROP_OVER,
  PROP_WINNER,
  PROP_VIEWER,
  PROP_THINKING,
  PROP_DELAY,
  PROP_HISTORY,
  PROP_AWAITING,
  N_PROPS
};

enum {
  ACTION_APPLIED,
  TURN_CHANGED,
  GAME_OVER,
  STATE_RESET,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct {
  PjState      state;
  PjController level;
  guint64      seed;
  gint64       started;
  PjAction     chosen;
} ComputerTurn;

static void maybe_start_computer (PjGame *self);

const char *
pj_game_colour_name (guint colour)
{
  switch (colour)
    {
    case 0: return C_("peg colour", "Red");
    case 1: return C_("peg colour", "Blue");
    case 2: return C_("peg colour", "Green");
    case 3: return C_("peg colour", "Yellow");
    case 4: return C_("peg colour", "Orange");
    case 5: return C_("peg colour", "Purple");
    case 6: return C_("peg colour", "Teal");
    case 7: return C_("peg colour", "Magenta");
    default: return "?";
    }
}

static void
cancel_computer (PjGame *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->pace_source, g_source_remove);

  if (self->thinking)
    {
      self->thinking = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
    }
}

static void
pj_game_dispose (GObject *object)
{
  PjGame *self = (PjGame *) object;

  self->running = FALSE;
  cancel_computer (self);
  g_clear_object (&self->history);
  g_clear_object (&self->autosave_file);

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
  if (self->send_destroy != NULL)
    self->send_destroy (self->send_data);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    g_free (self->name[i]);

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

  properties[PROP_N_PLAYERS] =
    g_param_spec_uint ("n-players", NULL, NULL, 4, PJ_MAX_PLAYERS, 4,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTOR] =
    g_param_spec_uint ("actor", NULL, NULL, 0, PJ_MAX_PLAYERS - 1, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_NUMBER] =
    g_param_spec_uint ("turn-number", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OVER] =
    g_param_spec_boolean ("over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINNER] =
    g_param_spec_int ("winner", NULL, NULL, -1, PJ_MAX_PLAYERS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, -1, PJ_MAX_PLAYERS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The least time a computer turn takes, so people can follow the play. */
  properties[PROP_DELAY] =
    g_param_spec_uint ("delay", NULL, NULL, 0, 10000, 800,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* A mirror sent an action and waits for the host's answer. */
  properties[PROP_AWAITING] =
    g_param_spec_boolean ("awaiting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PjGame::action-applied:
   * @action: (type gpointer): the PjAction applied
   * @before: (type gpointer): the PjState before it
   */
  signals[ACTION_APPLIED] =
    g_signal_new ("action-applied",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_POINTER);

  signals[TURN_CHANGED] =
    g_signal_new ("turn-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  signals[GAME_OVER] =
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
  signals[STATE_RESET] =
    g_signal_new ("state-reset",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
pj_game_init (PjGame *self)
{
  pj_action_list_init (&self->legal);
  self->history = g_list_store_new (PJ_TYPE_MOVE_ITEM);
  self->delay_ms = 800;
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

static PjMoveItem *
make_item (PjGame         *self,
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
PjGame *
pj_game_new_from_record (PjRecord *record)
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

      self->controller[i] = seat->controller == PJ_CONTROLLER_REMOTE ? PJ_CONTROLLER_NORMAL
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

      g_ptr_array_add (items, make_item (self, &s, action));
      pj_state_apply (&s, action);
    }
  g_list_store_splice (self->history, 0, 0, items->pdata, items->len);

  return self;
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
  maybe_start_computer (self);
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
  return pj_game_colour_name (seat);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
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
  g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) self->state.actor);
  maybe_start_computer (self);
}

void
pj_game_stop (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));

  self->running = FALSE;
  cancel_computer (self);
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

/* ---- describing actions ---------------------------------------------- */

static char *
card_label (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_JOKER:
      return g_strdup (_("Joker"));
    case PJ_CARD_UNKNOWN:
    case PJ_CARD_NONE:
      return g_strdup (_("a hidden card"));
    default:
      return g_strdup (pj_game_card_index (card));
    }
}

const char *
pj_game_card_index (guint card)
{
  /* Translators: the index printed in the corner of a playing card, as cards
   * are printed in your language (French decks: R for Roi, D for Dame, V for
   * Valet; German: K, D, B). Keep it to one or two characters. */
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card index", "A");
    case PJ_CARD_JACK: return C_("card index", "J");
    case PJ_CARD_QUEEN: return C_("card index", "Q");
    case PJ_CARD_KING: return C_("card index", "K");
    case PJ_CARD_JOKER: return C_("card index", "JK");
    case PJ_CARD_UNKNOWN: return "?";
    default: return pj_card_to_string ((PjCard) PJ_CARD_RANK (card));
    }
}

static char *
peg_label (guint actor,
           guint peg)
{
  guint colour = PJ_PEG_COLOUR (peg);

  if (colour == actor)
    /* Translators: a peg of the player's own colour, e.g. "peg 2" */
    return g_strdup_printf (_("peg %u"), PJ_PEG_INDEX (peg) + 1);

  /* Translators: a peg of another colour, e.g. "Blue peg 2" */
  return g_strdup_printf (_("%s peg %u"), pj_game_colour_name (colour), PJ_PEG_INDEX (peg) + 1);
}

static char *
describe_step (const PjState *before,
               guint          actor,
               const PjStep  *step,
               gboolean       jump)
{
  g_autofree char *peg = peg_label (actor, step->peg);
  guint L = before->track_len;

  if (step->flags & (PJ_STEP_SEND | PJ_STEP_PENALTY))
    /* Translators: e.g. "Blue peg 2 back to start" */
    return g_strdup_printf (_("%s back to start"), peg);

  if (step->flags & PJ_STEP_HIT)
    {
      if (step->to == PJ_POS_START)
        /* Translators: a peg was hit and went back to its start, e.g. "hit Blue peg 2" */
        return g_strdup_printf (_("hit %s"), peg);
      /* Translators: a partner's peg was hit and jumped to its in-spot */
      return g_strdup_printf (_("%s to its in-spot"), peg);
    }

  if (step->flags & PJ_STEP_SWAP)
    return NULL;   /* described once, with the pair */

  if (step->from == PJ_POS_START)
    /* Translators: a peg came out of its start area */
    return g_strdup_printf (_("%s out"), peg);

  if (PJ_POS_IS_HOME (step->to))
    /* Translators: e.g. "peg 2 to home 3" */
    return g_strdup_printf (_("%s to home %u"), peg, step->to - PJ_POS_HOME0 + 1);

  if (jump)
    /* Translators: a joker moved a peg along the track onto another peg,
     * e.g. "peg 1 jumps" (followed by ", hit Blue peg 2") */
    return g_strdup_printf (_("%s jumps"), peg);

  if (PJ_POS_IS_TRACK (step->from) && PJ_POS_IS_TRACK (step->to) && L > 0)
    {
      if (step->flags & PJ_STEP_BACK)
        /* Translators: a backward move, e.g. "peg 4 −8" */
        return g_strdup_printf (_("%s −%u"), peg, (step->from + L - step->to) % L);
      /* Translators: a forward move, e.g. "peg 4 +5" */
      return g_strdup_printf (_("%s +%u"), peg, (step->to + L - step->from) % L);
    }

  return g_strdup (peg);
}

static char *
describe_steps (const PjState  *before,
                guint           actor,
                const PjAction *a)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      char *part;

      if ((st->flags & PJ_STEP_SWAP) && i + 1 < a->n_steps && (a->steps[i + 1].flags & PJ_STEP_SWAP))
        {
          g_autofree char *p1 = peg_label (actor, st->peg);
          g_autofree char *p2 = peg_label (actor, a->steps[i + 1].peg);

          /* Translators: a Two swapping two pegs, e.g. "swapped peg 1 and Blue peg 3" */
          part = g_strdup_printf (_("swapped %s and %s"), p1, p2);
          i++;
        }
      else
        part = describe_step (before, actor, st, a->declared == PJ_CARD_JOKER);

      if (part != NULL)
        g_ptr_array_add (parts, part);
    }
  g_ptr_array_add (parts, NULL);

  /* Translators: the separator between the parts of a move */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
pj_game_describe_action (PjGame         *self,
                         const PjState  *before,
                         const PjAction *a)
{
  g_autofree char *card = NULL;
  g_autofree char *steps = NULL;
  const char *who;
  guint actor;

  g_return_val_if_fail (PJ_IS_GAME (self), NULL);
  g_return_val_if_fail (before != NULL && a != NULL, NULL);

  actor = before->actor;
  who = pj_game_get_seat_name (self, actor);
  card = card_label (a->declared ? a->declared : a->card);
  steps = describe_steps (before, actor, a);

  switch (a->kind)
    {
    case PJ_ACTION_MOVE:
      /* Translators: e.g. "Red played 7: peg 2 to home 3, peg 4 +4" */
      return g_strdup_printf (_("%s played %s: %s"), who, card, steps);

    case PJ_ACTION_DISCARD:
      /* Translators: e.g. "Red discarded 5" */
      return g_strdup_printf (_("%s discarded %s"), who, card);

    case PJ_ACTION_FREE_COME_OUT:
      /* Translators: e.g. "Red discarded 5 and came out: peg 1 out" */
      return g_strdup_printf (_("%s discarded %s and came out: %s"), who, card, steps);

    case PJ_ACTION_CHALLENGE:
      /* Translators: Bluffing Joker, e.g. "Blue challenged" */
      return g_strdup_printf (_("%s challenged"), who);

    case PJ_ACTION_PASS:
      /* Translators: Bluffing Joker: no challenge */
      return g_strdup_printf (_("%s let the move stand"), who);

    case PJ_ACTION_PENALTY:
      /* Translators: Bluffing Joker penalty, e.g. "Blue: Red peg 2 back to start" */
      return g_strdup_printf (_("%s: %s"), who, steps);

    default:
      return g_strdup (who);
    }
}

/* ---- applying actions -------------------------------------------------- */

static void schedule_autosave (PjGame *self);

static void
apply_internal (PjGame         *self,
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
  item = make_item (self, &before, &copy);
  self->state = *pj_record_get_state (self->record);
  pj_legal_actions (&self->state, &self->legal);

  g_list_store_append (self->history, item);

  g_object_freeze_notify (G_OBJECT (self));
  if (old_actor != self->state.actor)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTOR]);
  if (old_turn != self->state.turn_number)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
  if (pj_state_is_over (&self->state))
    {
      g_clear_pointer (&self->ended, g_date_time_unref);
      self->ended = g_date_time_new_now_utc ();
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  schedule_autosave (self);

  g_signal_emit (self, signals[ACTION_APPLIED], 0, &copy, &before);

  if (pj_state_is_over (&self->state))
    g_signal_emit (self, signals[GAME_OVER], 0, (int) self->state.winner);
  else
    {
      g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) self->state.actor);
      maybe_start_computer (self);
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

  cancel_computer (self);
  was_over = pj_state_is_over (&self->state);

  pj_record_truncate (self->record, (guint) last);
  self->state = *pj_record_get_state (self->record);
  pj_legal_actions (&self->state, &self->legal);
  g_clear_pointer (&self->ended, g_date_time_unref);
  g_list_store_splice (self->history, (guint) last,
                       g_list_model_get_n_items (G_LIST_MODEL (self->history)) - (guint) last,
                       NULL, 0);

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTOR]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
  if (was_over)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  schedule_autosave (self);

  g_signal_emit (self, signals[STATE_RESET], 0);
  g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) self->state.actor);
  maybe_start_computer (self);
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

    stats->duration_s = MAX (g_date_time_difference (end, created) / G_TIME_SPAN_SECOND, 0);
  }
}

/* ---- autosave ------------------------------------------------------------ */

static void start_autosave (PjGame *self);

static void
autosave_done_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (PjGame) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    g_warning ("Could not save the game: %s", error->message);

  self->saving = FALSE;
  if (self->save_dirty && self->autosave_file != NULL)
    start_autosave (self);
}

/* The JSON is made here (a copy of the record as text); the write runs in
 * GIO's worker thread and replaces the file atomically. */
static void
start_autosave (PjGame *self)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize length = 0;
  char *json;

  json = pj_record_to_json (self->record, &length);
  bytes = g_bytes_new_take (json, length);
  self->saving = TRUE;
  self->save_dirty = FALSE;
  g_file_replace_contents_bytes_async (self->autosave_file, bytes, NULL, FALSE,
                                       G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       autosave_done_cb, g_object_ref (self));
}

static void
schedule_autosave (PjGame *self)
{
  if (self->autosave_file == NULL)
    return;

  if (self->saving)
    self->save_dirty = TRUE;
  else
    start_autosave (self);
}

/**
 * pj_game_set_autosave_path:
 * @self: a game
 * @path: (nullable): where to keep the game after every action
 *
 * From now on every action (and undo) rewrites @path without blocking.
 * The file is written once now as well.
 */
void
pj_game_set_autosave_path (PjGame     *self,
                           const char *path)
{
  g_return_if_fail (PJ_IS_GAME (self));

  g_clear_object (&self->autosave_file);
  /* the host keeps a LAN game; a mirror must not overwrite the local one */
  if (path == NULL || self->mirror)
    return;

  {
    g_autofree char *dir = g_path_get_dirname (path);

    g_mkdir_with_parents (dir, 0700);
  }
  self->autosave_file = g_file_new_for_path (path);
  schedule_autosave (self);
}

gboolean
pj_game_get_saving (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->saving;
}

static gboolean
find_legal (PjGame         *self,
            const PjAction *action)
{
  for (guint i = 0; i < self->legal.n; i++)
    if (pj_action_equal (&self->legal.v[i], action))
      return TRUE;
  return FALSE;
}

/* ---- mirrors of a remote table ------------------------------------------ */

static gboolean
mirror_send (PjGame         *self,
             const PjAction *action,
             GError        **error)
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AWAITING]);
  return TRUE;
}

static void
set_awaiting (PjGame   *self,
              gboolean  awaiting)
{
  if (self->awaiting == awaiting)
    return;
  self->awaiting = awaiting;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AWAITING]);
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

/* The action behind an update's text, in the position before it. Another
 * seat's cards are unknown here, so its action is not among the legal
 * ones of this position: it is found again in a copy where that seat holds
 * the played rank. Only its steps and kind matter (for the animation and
 * the history); the position itself always comes from the host. */
static gboolean
parse_seen_action (const PjState *before,
                   const char    *text,
                   PjAction      *out)
{
  g_autofree char *plain = NULL;
  gboolean hidden = FALSE;
  guint actor = before->actor;

  if (pj_action_from_string (before, text, out, NULL))
    return TRUE;

  /* a Bluffing Joker card played face down: "?=5 R1 r12-r17" */
  if (g_str_has_prefix (text, "?="))
    {
      hidden = TRUE;
      plain = g_strdup (text + 2);
    }
  else
    plain = g_strdup (text);

  for (guint r = PJ_CARD_ACE; r <= PJ_CARD_JOKER; r++)
    {
      PjState probe = *before;
      guint n = MAX (probe.hand_count[actor], 1);

      for (guint k = 0; k < n; k++)
        probe.hand[actor][k] = (guint8) r;
      probe.hand_count[actor] = (guint8) n;
      if (pj_action_from_string (&probe, plain, out, NULL))
        {
          if (hidden)
            out->card = PJ_CARD_UNKNOWN;
          return TRUE;
        }
    }
  return FALSE;
}

static void
count_mirror_stats (PjGame         *self,
                    const PjState  *before,
                    const PjAction *a)
{
  const PjRules *rules = &self->state.rules;
  guint team = pj_team_of (rules, before->actor);

  if (a->kind == PJ_ACTION_MOVE || a->kind == PJ_ACTION_DISCARD ||
      a->kind == PJ_ACTION_FREE_COME_OUT)
    self->mirror_stats.cards_played++;

  for (guint c = 0; c < rules->players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (before->board.peg[c][k] != PJ_POS_START && self->state.board.peg[c][k] == PJ_POS_START)
        {
          self->mirror_stats.sent_home++;
          if (pj_team_of (rules, c) != team)
            self->mirror_stats.hits[team]++;
        }
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
             parse_seen_action (&before, action, &seen);
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTOR]);
  if (before.turn_number != self->state.turn_number)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_NUMBER]);
  if (!was_over && pj_state_is_over (&self->state))
    {
      g_clear_pointer (&self->ended, g_date_time_unref);
      self->ended = g_date_time_new_now_utc ();
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  if (animated)
    {
      g_autoptr (PjMoveItem) item = make_item (self, &before, &seen);

      count_mirror_stats (self, &before, &seen);
      g_list_store_append (self->history, item);
      g_signal_emit (self, signals[ACTION_APPLIED], 0, &seen, &before);
    }
  else
    g_signal_emit (self, signals[STATE_RESET], 0);

  if (pj_state_is_over (&self->state))
    {
      if (!was_over)
        g_signal_emit (self, signals[GAME_OVER], 0, (int) self->state.winner);
    }
  else
    g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) self->state.actor);

  return animated;
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
    g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) self->state.actor);
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

/* Apply a human's action: only a legal action of a local human to move. */
gboolean
pj_game_apply (PjGame          *self,
               const PjAction  *action,
               GError         **error)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (pj_state_is_over (&self->state))
    {
      g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER,
                           _("The game is over"));
      return FALSE;
    }

  if (!pj_game_is_human_turn (self))
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not a local player’s turn"));
      return FALSE;
    }

  if (self->awaiting)
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_WAITING,
                           _("Your move is on its way to the host"));
      return FALSE;
    }

  if (!find_legal (self, action))
    {
      g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION,
                           _("That move is not allowed now"));
      return FALSE;
    }

  if (self->mirror)
    return mirror_send (self, action, error);

  apply_internal (self, action);
  return TRUE;
}

/* ---- computer players -------------------------------------------------- */

static gboolean
choose_action (const PjState *state,
               PjController   level,
               guint64        seed,
               PjAction      *out)
{
  PjAiLevel ai_level;

  switch (level)
    {
    case PJ_CONTROLLER_EASY: ai_level = PJ_AI_EASY; break;
    case PJ_CONTROLLER_HARD: ai_level = PJ_AI_HARD; break;
    default: ai_level = PJ_AI_NORMAL; break;
    }

  /* pj_ai_choose() redacts its own copy to the actor's view */
  return pj_ai_choose (state, ai_level, NULL, seed, out);
}

static void
computer_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  ComputerTurn *turn = task_data;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!choose_action (&turn->state, turn->level, turn->seed, &turn->chosen))
    {
      g_task_return_new_error (task, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER,
                               "No legal action");
      return;
    }

  g_task_return_boolean (task, TRUE);
}

static gboolean
pace_done_cb (gpointer user_data)
{
  PjGame *self = user_data;
  PjAction action = self->pending;

  self->pace_source = 0;
  g_clear_object (&self->cancellable);
  self->thinking = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);

  /* The same check a human's action gets: the engine is the only judge. */
  if (find_legal (self, &action))
    apply_internal (self, &action);
  else
    g_critical ("A computer player chose an illegal action");

  return G_SOURCE_REMOVE;
}

static void
computer_done_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  PjGame *self = PJ_GAME (object);
  GTask *task = G_TASK (result);
  ComputerTurn *turn = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  gint64 elapsed_ms;

  if (!g_task_propagate_boolean (task, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Computer player failed: %s", error->message);
      return;
    }

  /* A newer turn has started meanwhile (new seats, stop): drop this one. */
  if (g_task_get_cancellable (task) != self->cancellable)
    return;

  self->pending = turn->chosen;
  elapsed_ms = (g_get_monotonic_time () - turn->started) / 1000;
  self->pace_source = g_timeout_add (elapsed_ms < self->delay_ms ? self->delay_ms - (guint) elapsed_ms : 0,
                                     pace_done_cb, self);
}

static void
maybe_start_computer (PjGame *self)
{
  g_autoptr (GTask) task = NULL;
  ComputerTurn *turn;

  if (self->mirror || !self->running || self->thinking || pj_state_is_over (&self->state))
    return;
  if (self->controller[self->state.actor] == PJ_CONTROLLER_HUMAN ||
      self->controller[self->state.actor] == PJ_CONTROLLER_REMOTE)
    return;

  turn = g_new0 (ComputerTurn, 1);
  turn->state = self->state;
  turn->level = self->controller[self->state.actor];
  /* Different for every decision, the same when a game is replayed. */
  turn->seed = self->seed ^ ((guint64) g_list_model_get_n_items (G_LIST_MODEL (self->history)) * 0x9e3779b97f4a7c15ull);
  turn->started = g_get_monotonic_time ();

  self->thinking = TRUE;
  self->cancellable = g_cancellable_new ();

  task = g_task_new (self, self->cancellable, computer_done_cb, NULL);
  g_task_set_source_tag (task, maybe_start_computer);
  g_task_set_task_data (task, turn, g_free);
  g_task_run_in_thread (task, computer_thread);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* ---- hints ------------------------------------------------------------- */

typedef struct {
  PjState  state;
  PjAction action;
  char    *reason;
} HintData;

static void
hint_data_free (gpointer data)
{
  HintData *hint = data;

  g_free (hint->reason);
  g_free (hint);
}

static void
hint_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  HintData *hint = task_data;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!pj_ai_hint (&hint->state, &hint->action, &hint->reason))
    {
      g_task_return_new_error (task, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER,
                               _("There is no move to suggest"));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The hint searches like the hard computer player: on a worker thread. */
void
pj_game_hint_async (PjGame              *self,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  HintData *hint;

  g_return_if_fail (PJ_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pj_game_hint_async);

  if (!pj_game_is_human_turn (self) || self->awaiting)
    {
      g_task_return_new_error (task, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                               _("It is not a local player’s turn"));
      return;
    }

  hint = g_new0 (HintData, 1);
  hint->state = self->state;
  g_task_set_task_data (task, hint, hint_data_free);
  g_task_run_in_thread (task, hint_thread);
}

gboolean
pj_game_hint_finish (PjGame        *self,
                     GAsyncResult  *result,
                     PjAction      *out,
                     char         **reason,
                     GError       **error)
{
  HintData *hint;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  hint = g_task_get_task_data (G_TASK (result));
  /* the game may have moved on while the hint was searching */
  if (!find_legal (self, &hint->action))
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                           _("The game has moved on"));
      return FALSE;
    }
  if (out != NULL)
    *out = hint->action;
  if (reason != NULL)
    *reason = g_strdup (hint->reason);
  return TRUE;
}
