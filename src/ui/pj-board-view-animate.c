/* pj-board-view-animate.c — the board view's animation of the last action
 * (or of the part of a split just picked): a peg goes hole by hole, holding
 * the game's pace until it has arrived
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-view-private.h"

#define HOLE_MS      70.0     /* per hole at speed 1 */
#define JUMP_MS      280.0    /* a hit, a swap, a joker: straight across */
#define ANIM_GUARD_MS 1000    /* past its length an animation is cut short */

/* The way a step goes: hole by hole, or with reduced motion straight
 * from where it starts to where it ends. */
static guint
anim_path (PjBoardView         *self,
           const PjBoardLayout *L,
           guint                i,
           PjPlace             *path)
{
  guint n = pj_board_layout_step_path (L, &self->anim_action, i, path);

  if (self->reduce_motion && n > 2)
    {
      path[1] = path[n - 1];
      n = 2;
    }
  return n;
}

/* The time a step takes: hole by hole, or one jump straight there. */
static double
step_duration (PjBoardView    *self,
               const PjAction *a,
               guint           i,
               guint           n_path)
{
  const PjStep *st = &a->steps[i];
  double speed = self->animation_speed > 0 ? self->animation_speed : 1.0;
  /* one hole along the track is counted, anything else of two places jumps */
  gboolean jump = n_path == 2 &&
                  (self->reduce_motion ||
                   !(PJ_POS_IS_TRACK (st->from) && PJ_POS_IS_TRACK (st->to) && st->flags == 0));

  return (jump ? JUMP_MS : HOLE_MS * (n_path - 1)) / speed;
}

/* The model waits with the next computer move until the board is still. */
static void
release_pace (PjBoardView *self)
{
  g_clear_handle_id (&self->anim_guard, g_source_remove);
  if (self->pace_game != NULL)
    {
      pj_game_release_pace (self->pace_game);
      g_clear_object (&self->pace_game);
    }
}

void
_pj_board_view_stop_animation (PjBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  release_pace (self);
  if (self->animating)
    {
      self->animating = FALSE;
      _pj_board_view_notify_animating (self);
    }
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  PjBoardView *self = PJ_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  PjBoardLayout L;
  PjPlace path[PJ_BOARD_MAX_PATH];

  _pj_board_view_compute_layout (self, &L);

  while (self->anim_step < self->anim_action.n_steps)
    {
      const PjStep *st = &self->anim_action.steps[self->anim_step];
      guint n = anim_path (self, &L, self->anim_step, path);
      double dur = step_duration (self, &self->anim_action, self->anim_step, n);

      if ((now - self->anim_step_start) / 1000.0 < dur)
        break;
      self->anim_base[PJ_PEG_COLOUR (st->peg)][PJ_PEG_INDEX (st->peg)] = st->to;
      self->anim_step++;
      self->anim_step_start = now;
    }

  gtk_widget_queue_draw (widget);

  if (self->anim_step >= self->anim_action.n_steps)
    {
      self->tick_id = 0;
      self->animating = FALSE;
      _pj_board_view_notify_animating (self);
      _pj_board_view_update_input (self);
      release_pace (self);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static gboolean
animation_guard_cb (gpointer user_data)
{
  PjBoardView *self = user_data;

  self->anim_guard = 0;
  _pj_board_view_stop_animation (self);
  _pj_board_view_update_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Plays the action from the board before it, step by step; the parts a
 * person picked before the last are on the board already (base), so only
 * the rest plays. parts > 0: the steps are the part of a split the person
 * just picked (of that many parts), shown while the game waits for the
 * rest of the move; no computer move is due, so the pace is not held. */
void
_pj_board_view_start_animation (PjBoardView    *self,
                                const PjAction *action,
                                const PjState  *before,
                                const guint8    base[PJ_MAX_PLAYERS][PJ_PEGS],
                                guint           parts)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  PjPlace path[PJ_BOARD_MAX_PATH];
  double total_ms = 0;
  PjBoardLayout L;

  memcpy (self->anim_base, base != NULL ? base : before->board.peg, sizeof self->anim_base);
  self->anim_action = *action;
  if (base != NULL)
    {
      self->anim_action.n_steps = 0;
      for (guint i = 0; i < action->n_steps; i++)
        {
          const PjStep *st = &action->steps[i];
          guint c = PJ_PEG_COLOUR (st->peg), k = PJ_PEG_INDEX (st->peg);

          if (base[c][k] == st->to && before->board.peg[c][k] != st->to)
            continue;
          self->anim_action.steps[self->anim_action.n_steps++] = *st;
        }
    }
  self->anim_step = 0;
  self->anim_step_start = clock ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
  self->anim_parts = parts;
  self->animating = TRUE;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
  release_pace (self);
  if (self->game != NULL && parts == 0)
    {
      self->pace_game = g_object_ref (self->game);
      pj_game_hold_pace (self->pace_game);
    }
  /* a hidden window gets no frames: the game must not wait for ever, nor
   * a picked part stay half-way */
  _pj_board_view_compute_layout (self, &L);
  for (guint i = 0; i < self->anim_action.n_steps; i++)
    total_ms += step_duration (self, &self->anim_action, i, anim_path (self, &L, i, path));
  self->anim_guard = g_timeout_add ((guint) total_ms + ANIM_GUARD_MS, animation_guard_cb, self);
  _pj_board_view_notify_animating (self);
}

/* Where the moving peg is now, if one is moving. */
gboolean
_pj_board_view_moving_peg (PjBoardView         *self,
                           const PjBoardLayout *L,
                           guint               *peg,
                           double              *x,
                           double              *y)
{
  GdkFrameClock *clock;
  PjPlace path[PJ_BOARD_MAX_PATH];
  double t, dur;
  guint n;

  if (!self->animating || self->anim_step >= self->anim_action.n_steps)
    return FALSE;

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  n = anim_path (self, L, self->anim_step, path);
  dur = step_duration (self, &self->anim_action, self->anim_step, n);
  t = clock ? (gdk_frame_clock_get_frame_time (clock) - self->anim_step_start) / 1000.0 : dur;
  pj_board_layout_path_point (L, path, n, dur > 0 ? t / dur : 1.0, x, y);
  *peg = self->anim_action.steps[self->anim_step].peg;
  return TRUE;
}

gboolean
_pj_board_view_get_moving_peg (PjBoardView *self,
                               guint       *peg,
                               double      *x,
                               double      *y)
{
  PjBoardLayout L;

  _pj_board_view_compute_layout (self, &L);
  return _pj_board_view_moving_peg (self, &L, peg, x, y);
}
