/* pj-game-computer.c — computer seats on worker threads, pacing and hints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-ai.h"
#include "pj-game-private.h"
#include "pj-search.h"
#include "pj-text.h"

/* One computer decision, worked on a copy of the state on a search thread. */
typedef struct {
  PjState        state;
  PjAiLevel      level;
  guint64        seed;
  PjAction       chosen;
  guint          iterations;    /* tests: without a time limit; 0: the app's budget */
  gboolean       fail;          /* tests: the decision fails */
  PjSearchCancel cancel;        /* raised when the game stops or goes */
} ComputerTurn;

static void
computer_turn_free (gpointer data)
{
  ComputerTurn *turn = data;

  pj_search_cancel_clear (&turn->cancel);
  g_free (turn);
}

void
_pj_game_cancel_computer (PjGame *self)
{
  /* raises the searching turn's flag: its search ends within a sample */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  _pj_game_remove_source (self, &self->pace_source);
  self->have_pending = FALSE;

  if (self->thinking)
    {
      self->thinking = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_THINKING]);
    }
}


/* ---- computer players -------------------------------------------------- */

static void
computer_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  ComputerTurn *turn = task_data;
  PjAiBudget budget = { .iterations = turn->iterations };

  if (g_task_return_error_if_cancelled (task))
    return;

  if (turn->fail)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "A failure made by a test");
      return;
    }

  /* pj_ai_choose() redacts its own copy to the actor's view */
  if (!pj_ai_choose (&turn->state, turn->level, turn->iterations ? &budget : NULL, turn->seed,
                     &turn->chosen, &turn->cancel.flag))
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
  self->have_pending = FALSE;
  g_clear_object (&self->cancellable);
  self->thinking = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_THINKING]);

  /* The same check a human's action gets: the engine is the only judge. */
  if (_pj_game_find_legal (self, &action))
    _pj_game_apply_internal (self, &action);
  else
    g_critical ("A computer player chose an illegal action");

  return G_SOURCE_REMOVE;
}

/* The chosen action is applied once no view is animating and the delay has
 * passed since the computer began choosing or since the board came to rest,
 * whichever is later: a person sees each move end before the next starts. */
static void
schedule_pace (PjGame *self)
{
  g_autoptr (GSource) pace = NULL;
  gint64 since, elapsed_ms;

  if (!self->have_pending || self->holds > 0 || self->pace_source != 0)
    return;

  since = MAX (self->turn_started, self->settled_at);
  elapsed_ms = (g_get_monotonic_time () - since) / 1000;
  /* the creating thread's context: a table may be hosted on its own thread */
  pace = g_timeout_source_new (elapsed_ms < self->delay_ms ? self->delay_ms - (guint) elapsed_ms : 0);
  g_source_set_callback (pace, pace_done_cb, self, NULL);
  self->pace_source = g_source_attach (pace, self->context);
}

static void start_decision (PjGame *self, PjAiLevel level);

/* A decision that failed is never the end of the game: the next level down
 * takes the turn (the easy player fails only when there is no legal action,
 * which the game over catches first). Reported, not warned: tests run with
 * fatal warnings and this is no programming error of the caller's. */
static void
decision_failed (PjGame       *self,
                 PjAiLevel     level,
                 const GError *error)
{
  if (level > PJ_AI_EASY)
    {
      PjAiLevel down = level - 1;

      g_message ("The %s computer player could not choose (%s); the %s player takes the turn",
                 pj_ai_level_name (level), error->message, pj_ai_level_name (down));
      start_decision (self, down);
      return;
    }
  g_message ("The %s computer player could not choose (%s); the turn waits for a new start",
             pj_ai_level_name (level), error->message);
  g_clear_object (&self->cancellable);
  self->thinking = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_THINKING]);
}

/* The task holds no reference to the game (a weak one here), so that a game
 * its owner drops mid-search goes at once: disposing it stops the search. */
static void
computer_done_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GWeakRef *game_ref = user_data;
  g_autoptr (PjGame) self = g_weak_ref_get (game_ref);
  GTask *task = G_TASK (result);
  ComputerTurn *turn = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (task, &error);

  g_weak_ref_clear (game_ref);
  g_free (game_ref);

  /* Gone, or a newer turn has started meanwhile (new seats, stop): drop this one. */
  if (self == NULL || g_task_get_cancellable (task) != self->cancellable)
    return;

  if (!ok)
    {
      decision_failed (self, turn->level, error);
      return;
    }

  self->pending = turn->chosen;
  self->have_pending = TRUE;
  schedule_pace (self);
}

/**
 * pj_game_hold_pace:
 * @self: a game
 *
 * A view starts showing a move (an animation): no computer action is
 * applied until every hold is released with pj_game_release_pace(). The
 * computer goes on choosing meanwhile.
 */
void
pj_game_hold_pace (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));

  self->holds++;
  /* a pause already counting down waits for the view too */
  if (self->pace_source != 0)
    _pj_game_remove_source (self, &self->pace_source);
}

void
pj_game_release_pace (PjGame *self)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (self->holds > 0);

  if (--self->holds > 0)
    return;
  self->settled_at = g_get_monotonic_time ();
  schedule_pace (self);
}

gboolean
pj_game_get_pace_held (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->holds > 0;
}

/**
 * pj_game_set_paused:
 * @self: a game
 * @paused: whether the computers wait
 *
 * Pause or resume: a pause is one more hold on the pace, so a computer's
 * move already chosen waits too, and the delay starts again on resuming.
 *
 * Returns: %FALSE for a mirror, whose computers play on the host.
 */
gboolean
pj_game_set_paused (PjGame   *self,
                    gboolean  paused)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  if (self->mirror)
    return FALSE;
  paused = !!paused;
  if (self->paused == paused)
    return TRUE;
  self->paused = paused;
  if (paused)
    {
      self->paused_at = g_get_monotonic_time ();
      pj_game_hold_pace (self);
    }
  else
    {
      self->paused_us += g_get_monotonic_time () - self->paused_at;
      pj_game_release_pace (self);
    }
  return TRUE;
}

gboolean
pj_game_get_paused (PjGame *self)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);

  return self->paused;
}

/* The time paused so far, in µs: the game's clock leaves it out. */
gint64
_pj_game_paused_us (PjGame *self)
{
  return self->paused_us + (self->paused ? g_get_monotonic_time () - self->paused_at : 0);
}

/* Who chooses the seat's actions now: its controller, or the computer
 * covering a remote seat whose person is away. */
PjController
_pj_game_playing_controller (PjGame *self,
                             guint   seat)
{
  if (self->controller[seat] == PJ_CONTROLLER_REMOTE)
    return self->cover[seat];
  return self->controller[seat];
}

gboolean
pj_game_seat_is_computer (PjGame *self,
                          guint   seat)
{
  PjController c;

  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (seat < PJ_MAX_PLAYERS, FALSE);

  c = _pj_game_playing_controller (self, seat);
  return c != PJ_CONTROLLER_HUMAN && c != PJ_CONTROLLER_REMOTE;
}

gboolean
pj_game_is_covered (PjGame *self,
                    guint   seat)
{
  g_return_val_if_fail (PJ_IS_GAME (self), FALSE);
  g_return_val_if_fail (seat < PJ_MAX_PLAYERS, FALSE);

  return self->controller[seat] == PJ_CONTROLLER_REMOTE && self->cover[seat] != PJ_CONTROLLER_REMOTE;
}

void
pj_game_cover_seat (PjGame       *self,
                    guint         seat,
                    PjController  level)
{
  g_return_if_fail (PJ_IS_GAME (self));
  g_return_if_fail (!self->mirror);
  g_return_if_fail (seat < self->state.rules.players);
  g_return_if_fail (level != PJ_CONTROLLER_HUMAN && level < PJ_N_CONTROLLERS);

  if (self->cover[seat] == level)
    return;
  self->cover[seat] = level;
  /* the person came back while the computer was choosing: theirs is the move */
  if (level == PJ_CONTROLLER_REMOTE && seat == self->state.actor && self->thinking)
    _pj_game_cancel_computer (self);
  _pj_game_maybe_start_computer (self);
}

/* Starts the search of `level` for the actor; the game is thinking until
 * the chosen action is applied or the turn is cancelled. */
static void
start_decision (PjGame    *self,
                PjAiLevel  level)
{
  g_autoptr (GTask) task = NULL;
  GWeakRef *game_ref = g_new (GWeakRef, 1);
  ComputerTurn *turn;

  turn = g_new0 (ComputerTurn, 1);
  turn->state = self->state;
  turn->level = level;
  /* Different for every decision, the same when a game is replayed. */
  turn->seed = self->seed ^ ((guint64) g_list_model_get_n_items (G_LIST_MODEL (self->history)) * 0x9e3779b97f4a7c15ull);
  turn->iterations = level == PJ_AI_HARD ? self->test_hard_iterations : 0;
  turn->fail = (self->test_failing_levels & (1u << level)) != 0;

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  pj_search_cancel_init (&turn->cancel, self->cancellable);

  g_weak_ref_init (game_ref, self);
  task = g_task_new (NULL, self->cancellable, computer_done_cb, game_ref);
  g_task_set_source_tag (task, start_decision);
  g_task_set_task_data (task, turn, computer_turn_free);
  pj_search_run_task (task, computer_thread);
}

void
_pj_game_maybe_start_computer (PjGame *self)
{
  PjAiLevel level;

  if (self->mirror || !self->running || self->thinking || pj_state_is_over (&self->state))
    return;
  if (!pj_game_seat_is_computer (self, self->state.actor))
    return;
  if (!pj_controller_to_level (_pj_game_playing_controller (self, self->state.actor), &level))
    g_return_if_reached ();

  self->turn_started = g_get_monotonic_time ();
  self->thinking = TRUE;
  start_decision (self, level);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_game_properties[PROP_THINKING]);
}

void
_pj_game_set_computer_failures_for_testing (PjGame *self,
                                            guint   levels)
{
  g_return_if_fail (PJ_IS_GAME (self));

  self->test_failing_levels = levels;
}

void
_pj_game_set_hard_iterations_for_testing (PjGame *self,
                                          guint   iterations)
{
  g_return_if_fail (PJ_IS_GAME (self));

  self->test_hard_iterations = iterations;
}

/* ---- hints ------------------------------------------------------------- */

typedef struct {
  PjState        state;
  PjAction       action;
  char          *reason;
  PjSearchCancel cancel;
} HintData;

static void
hint_data_free (gpointer data)
{
  HintData *hint = data;

  pj_search_cancel_clear (&hint->cancel);
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
  PjHint why;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!pj_ai_hint_reason (&hint->state, &hint->action, &why, &hint->cancel.flag))
    {
      g_task_return_new_error (task, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER,
                               _("There is no move to suggest"));
      return;
    }
  hint->reason = pj_text_hint (&why);
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
  pj_search_cancel_init (&hint->cancel, cancellable);
  g_task_set_task_data (task, hint, hint_data_free);
  pj_search_run_task (task, hint_thread);
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
  if (!_pj_game_find_legal (self, &hint->action))
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
