/* pj-tutorial.c — "Learn to Play": the script and its checks
 *
 * The script is two positions in the engine's notation (pj-notation.c) on
 * the basic rules for four: Red (seat 0) is the person, Green its partner
 * (B-1: partners sit opposite), Blue and Yellow the other team. Steps 1–4
 * play on from the first position; steps 5–6 start "later in the game"
 * from the second. After each step the other seats answer with the
 * scripted actions, in notation, found among the engine's legal actions
 * and applied by it: a script that no longer fits is a bug, logged, and
 * the seat plays its first legal action instead so the lesson goes on.
 *
 * The words are in pj-tutorial-text.c (model's text files word things for
 * people, ARCHITECTURE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-source.h"
#include "pj-tutorial.h"

#define RED   0u
#define GREEN 2u

/* Steps 1–4. Red has one peg on the track (b2); the others keep out of its
 * reach until the joker, so every scripted answer stays legal whichever
 * right move the person picks. */
static const char position_start[] =
  "rules basic players=4\n"
  "dealer Y\n"
  "turn R 5\n"
  "pegs R b2 s s s s\n"
  "pegs B y2 s s s s\n"
  "pegs G g12 s s s s\n"
  "pegs Y g2 s s s s\n"
  "hand R A 5 7 JK 10 9\n"
  "hand B 2 3 4 6 9\n"
  "hand G 3 2 4 6 9\n"
  "hand Y 2 3 4 6 9\n";

/* Steps 5–6: four red pegs home, the last one at Red's corner. */
static const char position_late[] =
  "rules basic players=4\n"
  "dealer Y\n"
  "turn R 40\n"
  "pegs R h2 h3 h4 h5 r0\n"
  "pegs B g2 b9 s s s\n"
  "pegs G y5 g9 s s s\n"
  "pegs Y b5 y12 s s s\n"
  "hand R 4 6 9 10 K 3\n"
  "hand B 2 5 6 9 10\n"
  "hand G 3 5 6 9 10\n"
  "hand Y 2 5 6 9 10\n";

typedef gboolean (*StepCheck) (const PjState *s, const PjAction *a);

typedef struct {
  const char *position;     /* NULL: play on from where the table stands */
  guint       card;         /* the card the step is about */
  StepCheck   check;
  const char *example;      /* a move the step accepts, in the script's line */
  const char *replies[3];   /* Blue, Green and Yellow answer */
} Step;

/* B-12, B §5 (A, K, Q, J): a peg from the start area onto the come-out hole */
static gboolean
check_come_out (const PjState  *s,
                const PjAction *a)
{
  return a->steps[0].from == PJ_POS_START;
}

/* B-23: an ordinary card moves one peg its full value forward */
static gboolean
check_move (const PjState  *s,
            const PjAction *a)
{
  return a->steps[0].from != PJ_POS_START && !(a->steps[0].flags & PJ_STEP_BACK);
}

/* B §5 seven, B-41: split between two different pegs */
static gboolean
check_split (const PjState  *s,
             const PjAction *a)
{
  for (guint i = 0; i < a->n_steps; i++)
    if (a->steps[i].flags & PJ_STEP_PART2)
      return TRUE;
  return FALSE;
}

/* B §5 joker, B-33: onto an opponent's peg, which goes back to its start */
static gboolean
check_joker_hit (const PjState  *s,
                 const PjAction *a)
{
  for (guint i = 0; i < a->n_steps; i++)
    if ((a->steps[i].flags & PJ_STEP_HIT) && a->steps[i].to == PJ_POS_START &&
        pj_team_of (&s->rules, PJ_PEG_COLOUR (a->steps[i].peg)) != pj_team_of (&s->rules, RED))
      return TRUE;
  return FALSE;
}

/* B-13, B-35: at the in-spot the peg turns into its own home track */
static gboolean
check_home (const PjState  *s,
            const PjAction *a)
{
  for (guint i = 0; i < a->n_steps; i++)
    if (!(a->steps[i].flags & PJ_STEP_HIT) && PJ_PEG_COLOUR (a->steps[i].peg) == RED &&
        PJ_POS_IS_HOME (a->steps[i].to))
      return TRUE;
  return FALSE;
}

/* B-60: with all five of your pegs home you move your partner's */
static gboolean
check_partner (const PjState  *s,
               const PjAction *a)
{
  return PJ_PEG_COLOUR (a->steps[0].peg) == GREEN;
}

static const Step steps[PJ_TUTORIAL_N_STEPS] = {
  [PJ_TUTORIAL_COME_OUT] = {
    position_start, PJ_CARD_ACE, check_come_out, "A R2 s-r8",
    { "2 B1 y2-y4", "3 G1 g12-g15", "2 Y1 g2-g4" } },
  [PJ_TUTORIAL_MOVE] = {
    NULL, 5, check_move, "5 R2 r8-r13",
    { "3 B1 y4-y7", "2 G1 g15-g17", "3 Y1 g4-g7" } },
  [PJ_TUTORIAL_SPLIT_SEVEN] = {
    NULL, 7, check_split, "7 R1 b2-b5, R2 r13-r17",
    { "4 B1 y7-y11", "4 G1 g17-y3", "4 Y1 g7-g11" } },
  [PJ_TUTORIAL_JOKER_HIT] = {
    NULL, PJ_CARD_JOKER, check_joker_hit, "JK R1 b5-y11",
    { NULL } },
  [PJ_TUTORIAL_HOME_TRACK] = {
    position_late, 4, check_home, "4 R5 r0-h1",
    { "2 B1 g2-g4", "3 G2 g9-g12", "2 Y1 b5-b7" } },
  [PJ_TUTORIAL_PARTNER_PEGS] = {
    NULL, 0, check_partner, "6 G1 y5-y11",
    { NULL } },
};

struct _PjTutorial
{
  GObject   parent_instance;

  PjGame   *game;
  PjState   state;        /* the whole table; the game shows Red's view of it */
  guint     n_actions;
  guint     step;
  guint     reply;        /* the next scripted answer of this step */
  gboolean  busy;
  char     *message;
  guint     delay;
  guint     source;       /* of `context` */
  GMainContext *context;  /* the thread-default one where it was made */

  /* the move sent, judged when the game is told (never inside its send) */
  PjAction  sent;
  gboolean  accepted;
};

G_DEFINE_FINAL_TYPE (PjTutorial, pj_tutorial, G_TYPE_OBJECT)
G_DEFINE_QUARK (pj-tutorial-error-quark, pj_tutorial_error)

enum {
  PROP_0,
  PROP_STEP,
  PROP_FINISHED,
  PROP_BUSY,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
load_position (PjTutorial *self,
               const char *text)
{
  g_autoptr (GError) error = NULL;

  if (!pj_position_from_string (&self->state, text, &error))
    g_error ("The tutorial's position does not read: %s", error->message);
}

static void
seen_by_red (PjTutorial *self,
             PjState    *seen)
{
  *seen = self->state;
  pj_state_redact (seen, RED);
}

static void
set_message (PjTutorial *self,
             const char *message)
{
  if (g_strcmp0 (self->message, message) == 0)
    return;
  g_free (self->message);
  self->message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static void
set_busy (PjTutorial *self,
          gboolean    busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* The engine applies @a to the table and the game is shown the change. */
static void
play (PjTutorial     *self,
      const PjAction *a)
{
  g_autofree char *text = pj_action_to_string (&self->state, a);
  g_autoptr (GError) error = NULL;
  guint actor = self->state.actor;
  PjState seen;

  if (!pj_state_apply_checked (&self->state, a, &error))
    g_error ("The tutorial's move is refused: %s", error->message);
  seen_by_red (self, &seen);
  pj_game_mirror_update (self->game, ++self->n_actions, (int) actor, text, &seen);
}

static gboolean next_cb (gpointer user_data);

#define PACE_POLL_MS 30

static void
schedule_next (PjTutorial *self)
{
  pj_source_clear (self->context, &self->source);
  if (self->delay == 0)
    self->source = pj_source_add_idle (self->context, next_cb, self);
  else
    self->source = pj_source_add_timeout (self->context, self->delay, next_cb, self);
}

static void
begin_step (PjTutorial *self)
{
  PjState seen;

  self->reply = 0;
  if (self->step < PJ_TUTORIAL_N_STEPS && steps[self->step].position != NULL)
    {
      load_position (self, steps[self->step].position);
      seen_by_red (self, &seen);
      /* the moves that led elsewhere are not this position's history */
      pj_game_mirror_clear_history (self->game);
      pj_game_mirror_update (self->game, self->n_actions, -1, NULL, &seen);
    }
  set_busy (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  if (self->step == PJ_TUTORIAL_N_STEPS)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
}

/* The other seats answer one after the other, then the next step begins. */
static gboolean
next_cb (gpointer user_data)
{
  PjTutorial *self = user_data;
  const Step *step = &steps[self->step];
  const char *text = self->reply < G_N_ELEMENTS (step->replies) ? step->replies[self->reply] : NULL;

  self->source = 0;
  /* the other players' answers wait while the board still shows a move,
   * as computer players do (pj_game_hold_pace()) */
  if (pj_game_get_pace_held (self->game))
    {
      self->source = pj_source_add_timeout (self->context, PACE_POLL_MS, next_cb, self);
      return G_SOURCE_REMOVE;
    }
  if (text == NULL)
    {
      self->step++;
      begin_step (self);
      return G_SOURCE_REMOVE;
    }

  {
    g_autoptr (GError) error = NULL;
    PjAction a;

    if (!pj_action_from_string (&self->state, text, &a, &error))
      {
        PjActionList legal;

        g_critical ("The tutorial's answer “%s” does not fit: %s", text, error->message);
        pj_action_list_init (&legal);
        pj_legal_actions (&self->state, &legal);
        a = legal.v[0];
        pj_action_list_clear (&legal);
      }
    self->reply++;
    play (self, &a);
  }
  schedule_next (self);
  return G_SOURCE_REMOVE;
}

/* The answer to the move sent: taken and played on, or refused with why. */
static gboolean
answer_cb (gpointer user_data)
{
  PjTutorial *self = user_data;

  self->source = 0;
  if (!self->accepted)
    {
      set_message (self, pj_tutorial_step_retry (self->step));
      pj_game_mirror_refused (self->game);
      return G_SOURCE_REMOVE;
    }

  set_message (self, NULL);
  set_busy (self, TRUE);
  play (self, &self->sent);
  schedule_next (self);
  return G_SOURCE_REMOVE;
}

static gboolean
send_cb (PjGame          *game,
         const PjAction  *action,
         const char      *text,
         gpointer         user_data,
         GError         **error)
{
  g_autoptr (PjTutorial) self = g_weak_ref_get (user_data);

  if (self == NULL || self->busy || self->step >= PJ_TUTORIAL_N_STEPS)
    {
      g_set_error_literal (error, PJ_TUTORIAL_ERROR, PJ_TUTORIAL_ERROR_NOT_NOW, _("The lesson is over"));
      return FALSE;
    }
  /* the move as the whole table knows it (Red's cards are no secret here) */
  if (!pj_action_from_string (&self->state, text, &self->sent, error))
    return FALSE;
  self->accepted = pj_tutorial_check (self, &self->sent, NULL);
  /* the game waits for its answer after this returns */
  pj_source_clear (self->context, &self->source);
  self->source = pj_source_add_idle (self->context, answer_cb, self);
  return TRUE;
}

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* ---- public API --------------------------------------------------------- */

PjTutorial *
pj_tutorial_new (void)
{
  return g_object_new (PJ_TYPE_TUTORIAL, NULL);
}

PjGame *
pj_tutorial_get_game (PjTutorial *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL (self), NULL);

  return self->game;
}

guint
pj_tutorial_get_step (PjTutorial *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL (self), 0);

  return self->step;
}

gboolean
pj_tutorial_get_finished (PjTutorial *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL (self), FALSE);

  return self->step >= PJ_TUTORIAL_N_STEPS;
}

gboolean
pj_tutorial_get_busy (PjTutorial *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL (self), FALSE);

  return self->busy;
}

const char *
pj_tutorial_get_message (PjTutorial *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL (self), NULL);

  return self->message;
}

void
pj_tutorial_set_delay (PjTutorial *self,
                       guint       delay_ms)
{
  g_return_if_fail (PJ_IS_TUTORIAL (self));

  self->delay = delay_ms;
}

gboolean
pj_tutorial_check (PjTutorial     *self,
                   const PjAction *action,
                   GError        **error)
{
  const Step *step;

  g_return_val_if_fail (PJ_IS_TUTORIAL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->step >= PJ_TUTORIAL_N_STEPS || self->busy)
    {
      g_set_error_literal (error, PJ_TUTORIAL_ERROR, PJ_TUTORIAL_ERROR_NOT_NOW, _("The lesson is over"));
      return FALSE;
    }
  step = &steps[self->step];
  if (action->kind != PJ_ACTION_MOVE || action->n_steps == 0 ||
      (step->card != 0 && action->card != step->card) ||
      !step->check (&self->state, action))
    {
      g_set_error_literal (error, PJ_TUTORIAL_ERROR, PJ_TUTORIAL_ERROR_WRONG_MOVE,
                           pj_tutorial_step_retry (self->step));
      return FALSE;
    }
  return TRUE;
}

gboolean
pj_tutorial_get_example (PjTutorial *self,
                         PjAction   *out)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (PJ_IS_TUTORIAL (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (self->step >= PJ_TUTORIAL_N_STEPS || self->busy)
    return FALSE;
  if (!pj_action_from_string (&self->state, steps[self->step].example, out, &error))
    {
      g_critical ("The tutorial's example “%s” does not fit: %s",
                  steps[self->step].example, error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- GObject ------------------------------------------------------------- */

static void
pj_tutorial_dispose (GObject *object)
{
  PjTutorial *self = PJ_TUTORIAL (object);

  pj_source_clear (self->context, &self->source);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (pj_tutorial_parent_class)->dispose (object);
}

static void
pj_tutorial_finalize (GObject *object)
{
  PjTutorial *self = PJ_TUTORIAL (object);

  g_free (self->message);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (pj_tutorial_parent_class)->finalize (object);
}

static void
pj_tutorial_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PjTutorial *self = PJ_TUTORIAL (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;

    case PROP_FINISHED:
      g_value_set_boolean (value, pj_tutorial_get_finished (self));
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_tutorial_class_init (PjTutorialClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_tutorial_dispose;
  object_class->finalize = pj_tutorial_finalize;
  object_class->get_property = pj_tutorial_get_property;

  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, PJ_TUTORIAL_N_STEPS, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pj_tutorial_init (PjTutorial *self)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);
  PjState seen;

  self->context = g_main_context_ref_thread_default ();
  self->delay = 900;
  load_position (self, steps[0].position);
  seen_by_red (self, &seen);
  g_weak_ref_init (ref, self);
  self->game = pj_game_new_mirror (&seen, RED, 0, send_cb, ref, free_weak_ref);
  for (guint seat = 1; seat < self->state.rules.players; seat++)
    pj_game_set_controller (self->game, seat, PJ_CONTROLLER_EASY);
}
