/* pj-board-view.c — the board: draws a PjGame and turns clicks into actions
 *
 * The board is a regular polygon with one side per seat, drawn so that the
 * seat whose hand is shown sits at the bottom and play runs clockwise on
 * screen in every text direction.
 *
 * Input never decides what is legal: a PjMovePicker keeps the model's
 * legal actions for the chosen card and narrows them by each pick (a peg,
 * then where it goes); the view lights what it offers next. When one
 * action is fully picked the view emits "action-chosen".
 *
 * This file: the class, its properties, input and the public API; the
 * drawing and the animation are in pj-board-view-draw.c; screen readers
 * get one focusable child widget per hole (PjBoardSpot, drawn by the
 * board) and the exploration keys in pj-board-view-a11y.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gi18n.h>

#include "pj-board-view-private.h"
#include "pj-peg-style.h"
#include "pj-text.h"

G_DEFINE_FINAL_TYPE (PjBoardView, pj_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_CARD,
  PROP_PROMPT,
  PROP_ANIMATIONS,
  PROP_REDUCE_MOTION,
  PROP_ANIMATION_SPEED,
  PROP_ANIMATING,
  PROP_HIGH_CONTRAST,
  N_PROPS
};

enum {
  ACTION_CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
_pj_board_view_notify_animating (PjBoardView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

/* ---- what is shown ------------------------------------------------------ */

const PjState *
_pj_board_view_state (PjBoardView *self)
{
  if (self->looking)
    return &self->look_state;
  return self->game != NULL ? pj_game_get_state (self->game) : NULL;
}

char *
_pj_board_view_seat_label (PjBoardView *self,
                           guint        seat)
{
  const char *name = pj_game_get_seat_name (self->game, seat);
  g_autofree char *label = NULL;

  if (pj_game_get_controller (self->game, seat) == PJ_CONTROLLER_HUMAN)
    label = g_strdup (name);
  else
    /* Translators: a computer player's name on the board */
    label = g_strdup_printf (_("%s (computer)"), name);

  /* Bluffing Joker extra turns: a run of turns shows where it is played
   * (the game's run now: not said of a position looked back at) */
  if (!self->looking && seat == pj_game_get_state (self->game)->turn)
    {
      g_autofree char *run = pj_game_describe_turn_run (self->game);

      if (run != NULL)
        /* Translators: a player's name on the board, then "2 turns in a row" */
        return g_strdup_printf (_("%s · %s"), label, run);
    }
  return g_steal_pointer (&label);
}

/* The size the board draws the seat names at, in bold (the player to
 * move) so that either fits. */
#define MEASURE_SIZE 20.0

void
_pj_board_view_compute_layout (PjBoardView   *self,
                               PjBoardLayout *L)
{
  int viewer = self->game ? pj_game_get_viewer (self->game) : -1;
  double text_w[PJ_MAX_PLAYERS], text_h[PJ_MAX_PLAYERS];
  g_autoptr (PangoLayout) layout = NULL;
  PangoFontDescription *font;

  pj_board_layout_init (L,
                        self->game ? pj_game_get_n_players (self->game) : 4,
                        self->game ? pj_game_get_rules (self->game)->holes_per_side : 18,
                        viewer >= 0 ? (guint) viewer : 0,
                        gtk_widget_get_width (GTK_WIDGET (self)),
                        gtk_widget_get_height (GTK_WIDGET (self)));
  if (self->game == NULL)
    return;

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  font = pango_font_description_new ();
  pango_font_description_set_absolute_size (font, MEASURE_SIZE * PANGO_SCALE);
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  for (guint s = 0; s < L->n; s++)
    {
      g_autofree char *label = _pj_board_view_seat_label (self, s);
      int w, h;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      text_w[s] = w;
      text_h[s] = h;
    }
  pj_board_layout_set_labels (L, text_w, text_h, MEASURE_SIZE);

  font = pango_font_description_new ();
  pango_font_description_set_absolute_size (font, MEASURE_SIZE * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  for (guint i = 0; i < 2; i++)
    {
      int w, h;

      pango_layout_set_text (layout, i == 0 ? _("Discard") : _("Stock"), -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      text_w[i] = w;
    }
  pj_board_layout_set_captions (L, text_w, MEASURE_SIZE);
}

/* A part of a split on its way counts as where the person put it: the
 * next part is picked from there. */
static void
base_positions (PjBoardView *self,
                guint8       pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  if (self->animating && self->anim_parts == 0)
    memcpy (pos, self->anim_base, sizeof self->anim_base);
  else if (self->game != NULL)
    memcpy (pos, _pj_board_view_state (self)->board.peg, sizeof self->anim_base);
  else
    memset (pos, PJ_POS_START, sizeof self->anim_base);
}

/* The board as it stands after the picks so far, so the second part of a
 * split is picked from where the first left the pegs. */
void
_pj_board_view_shown_positions (PjBoardView *self,
                                guint8       pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  base_positions (self, pos);
  pj_move_picker_apply_picks (self->picker, pos);
}

/* The pegs as drawn: while the part just picked moves, the pegs it moves
 * stand where its animation has them. */
void
_pj_board_view_drawn_positions (PjBoardView *self,
                                guint8       pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  if (self->animating && self->anim_parts > 0)
    memcpy (pos, self->anim_base, sizeof self->anim_base);
  else
    _pj_board_view_shown_positions (self, pos);
}

static void
action_applied_cb (PjBoardView    *self,
                   const PjAction *action,
                   const PjState  *before,
                   PjGame         *game)
{
  gboolean picked_here = self->have_chosen &&
                         self->chosen.n_steps == action->n_steps &&
                         memcmp (self->chosen.steps, action->steps, action->n_steps * sizeof (PjStep)) == 0;

  _pj_board_view_stop_animation (self);
  self->have_hint = FALSE;
  self->have_chosen = FALSE;
  if (pj_action_is_play (action))
    {
      self->live_moved = pj_action_moved_pegs (action);
      if (!self->looking)
        self->last_moved = self->live_moved;
    }

  /* the parts picked before the last one stay where the person put them;
   * a position looked back at stays as it is */
  if (self->animations && action->n_steps > 0 && !self->looking && gtk_widget_get_mapped (GTK_WIDGET (self)))
    _pj_board_view_start_animation (self, action, before,
                                    picked_here ? (const guint8 (*)[PJ_PEGS]) self->chosen_base : NULL, 0);

  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
state_reset_cb (PjBoardView *self,
                PjGame      *game)
{
  _pj_board_view_stop_animation (self);
  self->have_chosen = FALSE;
  self->have_hint = FALSE;
  /* a jump (undo, open, a lesson's step): no play led here */
  self->live_moved = 0;
  if (!self->looking)
    self->last_moved = 0;
  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
turn_changed_cb (PjBoardView *self,
                 guint        actor,
                 PjGame      *game)
{
  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- input ------------------------------------------------------------- */

/* Pointing at a peg names it, in its hole's accessible name. */
static gboolean
query_tooltip_cb (PjBoardView *self,
                  int          x,
                  int          y,
                  gboolean     keyboard,
                  GtkTooltip  *tooltip,
                  gpointer     user_data)
{
  g_autofree char *text = NULL;

  if (keyboard)
    return FALSE;
  text = _pj_board_view_tooltip_at (self, x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
set_prompt (PjBoardView *self,
            char        *prompt)
{
  if (g_strcmp0 (self->prompt, prompt) == 0)
    {
      g_free (prompt);
      return;
    }
  g_free (self->prompt);
  self->prompt = prompt;
  _pj_board_view_update_description (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROMPT]);
}

static void
add_lit (PjBoardView *self,
         PjPlace      place)
{
  for (guint i = 0; i < self->n_lit; i++)
    if (self->lit[i].colour == place.colour && self->lit[i].pos == place.pos &&
        self->lit[i].slot == place.slot)
      return;
  if (self->n_lit < PJ_BOARD_MAX_LIT)
    self->lit[self->n_lit++] = place;
}

/* Give the picker the model's legal actions now and light what it offers
 * to pick next. */
void
_pj_board_view_update_input (PjBoardView *self)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  PjPickTarget targets[PJ_PICK_MAX_TARGETS];
  const PjAction *legal = NULL;
  guint n_legal = 0, n_targets;
  gboolean holding;

  /* looking back, nothing may be played: no legal action, nothing lit */
  if (self->game != NULL && !self->looking)
    legal = pj_game_get_human_actions (self->game, &n_legal);
  pj_move_picker_set_actions (self->picker, _pj_board_view_state (self), legal, n_legal);
  /* a part taken back (Escape, another card) does not go on moving */
  if (self->animating && self->anim_parts > pj_move_picker_get_n_parts (self->picker))
    _pj_board_view_stop_animation (self);

  holding = pj_move_picker_get_peg (self->picker, NULL, NULL);
  _pj_board_view_shown_positions (self, pos);
  n_targets = pj_move_picker_get_targets (self->picker, targets, G_N_ELEMENTS (targets));
  self->n_lit = 0;
  for (guint i = 0; i < n_targets; i++)
    {
      const PjPickTarget *t = &targets[i];

      if (holding)
        add_lit (self, (PjPlace) { t->colour, t->pos, t->index });
      else if (t->pos == PJ_POS_START)
        {
          /* any peg in that start area will do: one lights, the next to
           * come out, so "the peg that lights up" is one (any is taken) */
          for (guint k = 0; k < PJ_PEGS; k++)
            if (pos[t->colour][k] == PJ_POS_START)
              {
                add_lit (self, (PjPlace) { t->colour, PJ_POS_START, (guint8) k });
                break;
              }
        }
      else
        add_lit (self, (PjPlace) { t->colour, t->pos, 0 });
    }

  if (self->focus >= (int) self->n_lit)
    self->focus = self->n_lit > 0 ? 0 : -1;

  set_prompt (self, pj_text_pick_prompt (self->picker));
  _pj_board_view_update_focus_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The part of a split just picked moves to its hole as a whole move
 * does: its steps are those of the candidates (all alike so far) that take
 * a peg from where it stood before the pick to where it stands now, the
 * picked peg's and its hits' or swap partner's. */
static void
animate_part (PjBoardView *self)
{
  guint8 after[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjAction *a;
  PjAction part;

  if (!self->animations || self->game == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)) ||
      pj_move_picker_get_n_candidates (self->picker) == 0)
    return;

  _pj_board_view_shown_positions (self, after);
  a = pj_move_picker_get_candidate (self->picker, 0);
  part = *a;
  part.n_steps = 0;
  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      guint c = PJ_PEG_COLOUR (st->peg), k = PJ_PEG_INDEX (st->peg);

      if (st->from != st->to && self->chosen_base[c][k] == st->from && after[c][k] == st->to)
        part.steps[part.n_steps++] = *st;
    }
  if (part.n_steps == 0)
    return;

  _pj_board_view_stop_animation (self);
  _pj_board_view_start_animation (self, &part, _pj_board_view_state (self), self->chosen_base,
                                  pj_move_picker_get_n_parts (self->picker));
}

gboolean
_pj_board_view_pick_place (PjBoardView   *self,
                           const PjPlace *place)
{
  gboolean holding = pj_move_picker_get_peg (self->picker, NULL, NULL);
  gboolean is_lit = FALSE;
  PjAction chosen;

  for (guint i = 0; i < self->n_lit; i++)
    /* a lit start area takes a click on any of its pegs */
    if (self->lit[i].pos == place->pos &&
        (PJ_POS_IS_TRACK (place->pos) || self->lit[i].colour == place->colour))
      is_lit = TRUE;

  if (!is_lit)
    {
      /* a click elsewhere lets go of the peg */
      if (holding)
        {
          pj_move_picker_drop_peg (self->picker);
          _pj_board_view_update_input (self);
        }
      return FALSE;
    }

  if (!holding)
    {
      pj_move_picker_pick_peg (self->picker, place->colour, place->pos);
      _pj_board_view_update_input (self);
      return TRUE;
    }

  /* lit destinations are the picker's own targets */
  _pj_board_view_shown_positions (self, self->chosen_base);
  if (!pj_move_picker_pick_hole (self->picker, place->colour, place->pos))
    g_return_val_if_reached (FALSE);
  _pj_board_view_update_input (self);

  if (pj_move_picker_get_chosen (self->picker, &chosen))
    {
      self->chosen = chosen;
      self->have_chosen = TRUE;
      g_signal_emit (self, signals[ACTION_CHOSEN], 0, &chosen);
    }
  else
    animate_part (self);

  return TRUE;
}

char *
pj_board_view_get_tooltip_at (PjBoardView *self,
                              double       x,
                              double       y)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return _pj_board_view_tooltip_at (self, x, y);
}

gboolean
pj_board_view_get_last_moved (PjBoardView *self,
                              guint        peg)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (peg < PJ_MAX_PEGS, FALSE);

  return (self->last_moved & (G_GUINT64_CONSTANT (1) << peg)) != 0;
}

gboolean
pj_board_view_pick_at (PjBoardView *self,
                       double       x,
                       double       y)
{
  PjBoardLayout L;
  PjPlace place;

  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  _pj_board_view_compute_layout (self, &L);
  if (self->game == NULL || !pj_board_layout_place_at (&L, x, y, &place))
    {
      if (pj_move_picker_get_peg (self->picker, NULL, NULL))
        {
          pj_move_picker_drop_peg (self->picker);
          _pj_board_view_update_input (self);
        }
      return FALSE;
    }

  return _pj_board_view_pick_place (self, &place);
}

gboolean
pj_board_view_get_place_point (PjBoardView *self,
                               guint        colour,
                               guint        pos,
                               guint        slot,
                               double      *x,
                               double      *y)
{
  PjBoardLayout L;
  PjPlace place = { (guint8) colour, (guint8) pos, (guint8) slot };

  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL)
    return FALSE;

  _pj_board_view_compute_layout (self, &L);
  pj_board_layout_place_point (&L, &place, x, y);
  return TRUE;
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   PjBoardView     *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  pj_board_view_pick_at (self, x, y);
}

static void
move_focus (PjBoardView *self,
            int          delta)
{
  self->focus = (self->focus + (int) self->n_lit + delta) % (int) self->n_lit;
  _pj_board_view_update_focus_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                PjBoardView           *self)
{
  switch (keyval)
    {
    case GDK_KEY_Right:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Right:
    case GDK_KEY_KP_Down:
      if (self->n_lit == 0)
        return _pj_board_view_explore_key (self, keyval, state);
      move_focus (self, 1);
      return TRUE;

    case GDK_KEY_Left:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Left:
    case GDK_KEY_KP_Up:
      if (self->n_lit == 0)
        return _pj_board_view_explore_key (self, keyval, state);
      move_focus (self, -1);
      return TRUE;

    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      {
        PjPlace place;

        /* the hole the keyboard is on, explored or among the lit ones */
        if (!_pj_board_view_get_cursor (self, &place))
          {
            if (self->focus < 0 || self->focus >= (int) self->n_lit)
              return FALSE;
            place = self->lit[self->focus];
          }
        self->focus = 0;
        _pj_board_view_pick_place (self, &place);
        return TRUE;
      }

    case GDK_KEY_Escape:
      if (pj_move_picker_get_peg (self->picker, NULL, NULL) ||
          pj_move_picker_get_n_parts (self->picker) > 0)
        {
          pj_move_picker_clear_picks (self->picker);
          _pj_board_view_update_input (self);
          return TRUE;
        }
      return FALSE;

    default:
      return _pj_board_view_explore_key (self, keyval, state);
    }
}

/* Fonts may change under the same description (new fonts installed, new
 * rendering settings): the kept text must be drawn again. */
static void
pj_board_view_system_setting_changed (GtkWidget        *widget,
                                      GtkSystemSetting  setting)
{
  _pj_board_view_drop_caches (PJ_BOARD_VIEW (widget));
  gtk_widget_queue_draw (widget);

  GTK_WIDGET_CLASS (pj_board_view_parent_class)->system_setting_changed (widget, setting);
}

static void
pj_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  _pj_board_view_allocate_spots (PJ_BOARD_VIEW (widget));
}

/* Focus goes to the hole the keyboard was on, not to the board itself:
 * that is what a screen reader reads. */
static gboolean
pj_board_view_grab_focus (GtkWidget *widget)
{
  if (_pj_board_view_focus_cursor (PJ_BOARD_VIEW (widget)))
    return TRUE;
  return GTK_WIDGET_CLASS (pj_board_view_parent_class)->grab_focus (widget);
}

/* Tab enters the board once and leaves it at the next press, however many
 * holes it has. */
static gboolean
pj_board_view_focus (GtkWidget        *widget,
                     GtkDirectionType  direction)
{
  if (pj_board_view_has_keyboard_focus (PJ_BOARD_VIEW (widget)))
    return FALSE;
  return gtk_widget_grab_focus (widget);
}

static void
pj_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = 200;
  *natural = 640;
}

/* ---- GObject ------------------------------------------------------------ */

static void
pj_board_view_dispose (GObject *object)
{
  PjBoardView *self = (PjBoardView *) object;

  _pj_board_view_stop_animation (self);
  g_clear_handle_id (&self->description_idle, g_source_remove);
  pj_board_view_set_game (self, NULL);
  _pj_board_view_drop_caches (self);
  _pj_board_view_clear_spots (self);

  G_OBJECT_CLASS (pj_board_view_parent_class)->dispose (object);
}

static void
pj_board_view_finalize (GObject *object)
{
  PjBoardView *self = (PjBoardView *) object;

  g_clear_object (&self->picker);
  g_clear_pointer (&self->prompt, g_free);
  g_clear_pointer (&self->last_answer, g_free);
  _pj_board_view_clear_digits (self);

  G_OBJECT_CLASS (pj_board_view_parent_class)->finalize (object);
}

static void
pj_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PjBoardView *self = PJ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_CARD:
      g_value_set_uint (value, pj_move_picker_get_card (self->picker));
      break;

    case PROP_PROMPT:
      g_value_set_string (value, self->prompt);
      break;

    case PROP_ANIMATIONS:
      g_value_set_boolean (value, self->animations);
      break;

    case PROP_REDUCE_MOTION:
      g_value_set_boolean (value, self->reduce_motion);
      break;

    case PROP_ANIMATION_SPEED:
      g_value_set_double (value, self->animation_speed);
      break;

    case PROP_ANIMATING:
      g_value_set_boolean (value, self->animating);
      break;

    case PROP_HIGH_CONTRAST:
      g_value_set_boolean (value, pj_peg_style_get_high_contrast ());
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PjBoardView *self = PJ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pj_board_view_set_game (self, g_value_get_object (value));
      break;

    case PROP_CARD:
      pj_board_view_set_card (self, g_value_get_uint (value));
      break;

    case PROP_ANIMATIONS:
      if (self->animations != g_value_get_boolean (value))
        {
          self->animations = g_value_get_boolean (value);
          if (!self->animations)
            _pj_board_view_stop_animation (self);
          g_object_notify_by_pspec (object, pspec);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;

    case PROP_REDUCE_MOTION:
      if (self->reduce_motion != g_value_get_boolean (value))
        {
          self->reduce_motion = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    case PROP_HIGH_CONTRAST:
      if (pj_peg_style_get_high_contrast () != g_value_get_boolean (value))
        {
          pj_peg_style_set_high_contrast (g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;

    case PROP_ANIMATION_SPEED:
      if (self->animation_speed != g_value_get_double (value))
        {
          self->animation_speed = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_board_view_class_init (PjBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_board_view_dispose;
  object_class->finalize = pj_board_view_finalize;
  object_class->get_property = pj_board_view_get_property;
  object_class->set_property = pj_board_view_set_property;

  widget_class->snapshot = _pj_board_view_snapshot;
  widget_class->measure = pj_board_view_measure;
  widget_class->size_allocate = pj_board_view_size_allocate;
  widget_class->grab_focus = pj_board_view_grab_focus;
  widget_class->focus = pj_board_view_focus;
  widget_class->system_setting_changed = pj_board_view_system_setting_changed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CARD] =
    g_param_spec_uint ("card", NULL, NULL, 0, PJ_CARD_JOKER, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROMPT] =
    g_param_spec_string ("prompt", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATIONS] =
    g_param_spec_boolean ("animations", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDUCE_MOTION] =
    g_param_spec_boolean ("reduce-motion", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_double ("animation-speed", NULL, NULL, 0.25, 4.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* the colours of every view's pegs (pj_peg_style_set_high_contrast()):
   * the board is where the preference is bound */
  properties[PROP_HIGH_CONTRAST] =
    g_param_spec_boolean ("high-contrast", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PjBoardView::action-chosen:
   * @action: (type gpointer): the PjAction picked, one of the model's legal ones
   */
  signals[ACTION_CHOSEN] =
    g_signal_new ("action-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_css_name (widget_class, "pj-board");
  /* a group of holes, one accessible object each (pj-board-view-a11y.c) */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
pj_board_view_init (PjBoardView *self)
{
  GtkGesture *click;
  GtkEventController *keys;
  GtkEventController *focus;

  self->picker = pj_move_picker_new ();
  self->animations = TRUE;
  self->animation_speed = 1.0;
  self->focus = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);

  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  /* the focus ring is drawn by the board, for whichever hole has it */
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (_pj_board_view_focus_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  /* the kept drawing is checked against the style and scale when drawn
   * (update_caches); these make sure a frame is drawn when they change */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
#if ADW_CHECK_VERSION (1, 6, 0)
  /* the highlights are in the accent, which people may change meanwhile */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::accent-color",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
#endif
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (gtk_widget_queue_draw), NULL);
}

GtkWidget *
pj_board_view_new (void)
{
  return g_object_new (PJ_TYPE_BOARD_VIEW, NULL);
}

PjGame *
pj_board_view_get_game (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
pj_board_view_set_game (PjBoardView *self,
                        PjGame      *game)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || PJ_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->applied_handler, self->game);
      g_clear_signal_handler (&self->turn_handler, self->game);
      g_clear_signal_handler (&self->reset_handler, self->game);
      g_clear_object (&self->game);
    }

  _pj_board_view_stop_animation (self);

  if (game != NULL)
    {
      self->game = g_object_ref (game);
      self->applied_handler = g_signal_connect_swapped (game, "action-applied",
                                                        G_CALLBACK (action_applied_cb), self);
      self->turn_handler = g_signal_connect_swapped (game, "turn-changed",
                                                     G_CALLBACK (turn_changed_cb), self);
      self->reset_handler = g_signal_connect_swapped (game, "state-reset",
                                                      G_CALLBACK (state_reset_cb), self);
    }

  self->have_hint = FALSE;
  self->looking = FALSE;
  self->last_moved = self->live_moved = 0;
  /* a new game drops the card quietly */
  pj_move_picker_reset (self->picker);
  pj_board_view_reset_input (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

guint
pj_board_view_get_card (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), 0);

  return pj_move_picker_get_card (self->picker);
}

/* Start picking a move for a card rank (0: none). */
void
pj_board_view_set_card (PjBoardView *self,
                        guint        card)
{
  gboolean changed;

  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  card = PJ_CARD_RANK (card);
  changed = pj_move_picker_get_card (self->picker) != card;
  pj_move_picker_set_card (self->picker, card);
  self->focus = 0;
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
  _pj_board_view_update_input (self);
}

/* Bluffing Joker: the picks that follow are over the moves of the card
 * declared (0: the card itself); the real card stays the one set. */
void
pj_board_view_set_declared (PjBoardView *self,
                            guint        declared)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  pj_move_picker_set_declared (self->picker, declared);
  self->focus = 0;
  _pj_board_view_update_input (self);
}

guint
pj_board_view_get_declared (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), 0);

  return pj_move_picker_get_declared (self->picker);
}

void
pj_board_view_reset_input (PjBoardView *self)
{
  gboolean had_card;

  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  had_card = pj_move_picker_get_card (self->picker) != 0;
  pj_move_picker_reset (self->picker);
  self->focus = 0;
  if (had_card)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
  _pj_board_view_update_input (self);
}

const char *
pj_board_view_get_prompt (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->prompt;
}

gboolean
pj_board_view_get_animating (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  return self->animating;
}

/* What is left to play of the action being animated (the steps the board
 * showed already are not in it), or NULL when nothing moves. */
const PjAction *
pj_board_view_get_animated_action (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->animating ? &self->anim_action : NULL;
}

void
pj_board_view_show_hint (PjBoardView    *self,
                         const PjAction *action)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  /* a hint is for the live position, never for one looked back at */
  self->have_hint = action != NULL && !self->looking;
  if (self->have_hint)
    self->hint = *action;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
pj_board_view_get_hint (PjBoardView *self,
                        guint       *peg,
                        guint       *hole)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  if (!self->have_hint)
    return FALSE;
  for (guint i = 0; i < self->hint.n_steps; i++)
    if (pj_move_picker_is_picked_step (&self->hint, i))
      {
        if (peg != NULL)
          *peg = self->hint.steps[i].peg;
        if (hole != NULL)
          *hole = self->hint.steps[i].to;
        return TRUE;
      }
  return FALSE;
}

PjMovePicker *
pj_board_view_get_picker (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->picker;
}

void
pj_board_view_set_look_back (PjBoardView    *self,
                             const PjState  *state,
                             const PjAction *action)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));
  g_return_if_fail (state == NULL || self->game != NULL);

  if (state == NULL && !self->looking)
    return;

  _pj_board_view_stop_animation (self);
  self->have_chosen = FALSE;
  if (state != NULL)
    {
      if (!self->looking)
        self->live_moved = self->last_moved;
      self->looking = TRUE;
      self->look_state = *state;
      self->have_hint = FALSE;
      self->last_moved = action != NULL && pj_action_is_play (action) ? pj_action_moved_pegs (action) : 0;
    }
  else
    {
      self->looking = FALSE;
      self->last_moved = self->live_moved;
    }
  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const PjState *
pj_board_view_get_look_back (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->looking ? &self->look_state : NULL;
}
