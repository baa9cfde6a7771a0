/* pj-game.c — a local game: engine state, seats and the move history
 *
 * The game is the single owner of the engine state. Humans reach it through
 * pj_game_apply(), which accepts only actions the engine lists as legal;
 * computer seats choose on a worker thread (a GTask working on a copy of the
 * state) and their choice comes back through the same checked path.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-ai.h"
#include "pj-game.h"
#include "pj-move-item.h"

struct _PjGame
{
  GObject        parent_instance;

  PjState        state;
  PjActionList   legal;          /* legal actions of state.actor */
  guint64        seed;

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
  N_PROPS
};

enum {
  ACTION_APPLIED,
  TURN_CHANGED,
  GAME_OVER,
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

  G_OBJECT_CLASS (pj_game_parent_class)->dispose (object);
}

static void
pj_game_finalize (GObject *object)
{
  PjGame *self = (PjGame *) object;

  pj_action_list_clear (&self->legal);
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
}

static void
pj_game_init (PjGame *self)
{
  pj_action_list_init (&self->legal);
  self->history = g_list_store_new (PJ_TYPE_MOVE_ITEM);
  self->delay_ms = 800;
}

PjGame *
pj_game_new (const PjRules *rules,
             guint64        seed,
             int            dealer)
{
  PjGame *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (pj_rules_validate (rules, NULL), NULL);

  self = g_object_new (PJ_TYPE_GAME, NULL);
  self->seed = seed;
  pj_state_new_game (&self->state, rules, seed, dealer);
  pj_legal_actions (&self->state, &self->legal);

  for (guint i = 0; i < rules->players; i++)
    self->controller[i] = i == 0 ? PJ_CONTROLLER_HUMAN : PJ_CONTROLLER_NORMAL;

  return self;
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
}

/* The seat whose hand the screen shows: the human to move when several
 * share the screen, otherwise the first human seat; -1 if all are computers. */
int
pj_game_get_viewer (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), -1);

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

  if (!pj_game_is_human_turn (self) || self->legal.n == 0)
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
      return g_strdup (pj_card_to_string ((PjCard) PJ_CARD_RANK (card)));
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
               const PjStep  *step)
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
        part = describe_step (before, actor, st);

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

static void
apply_internal (PjGame         *self,
                const PjAction *action)
{
  g_autoptr (PjMoveItem) item = NULL;
  g_autofree char *notation = NULL;
  g_autofree char *description = NULL;
  PjState before = self->state;
  PjAction copy = *action;
  guint old_actor = self->state.actor;
  guint old_turn = self->state.turn_number;

  notation = pj_action_to_string (&before, &copy);
  description = pj_game_describe_action (self, &before, &copy);

  pj_state_apply (&self->state, &copy);
  pj_legal_actions (&self->state, &self->legal);

  item = pj_move_item_new (old_actor, old_turn, &copy, notation, description);
  g_list_store_append (self->history, item);

  g_object_freeze_notify (G_OBJECT (self));
  if (old_actor != self->state.actor)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTOR]);
  if (old_turn != self->state.turn_number)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_NUMBER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
  if (pj_state_is_over (&self->state))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNER]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[ACTION_APPLIED], 0, &copy, &before);

  if (pj_state_is_over (&self->state))
    g_signal_emit (self, signals[GAME_OVER], 0, (int) self->state.winner);
  else
    {
      g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) self->state.actor);
      maybe_start_computer (self);
    }
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

  if (self->controller[self->state.actor] != PJ_CONTROLLER_HUMAN)
    {
      g_set_error_literal (error, PJ_GAME_ERROR, PJ_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not a local player’s turn"));
      return FALSE;
    }

  if (!find_legal (self, action))
    {
      g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION,
                           _("That move is not allowed now"));
      return FALSE;
    }

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

  if (!self->running || self->thinking || pj_state_is_over (&self->state))
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

  if (!pj_game_is_human_turn (self))
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
