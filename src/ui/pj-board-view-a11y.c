/* pj-board-view-a11y.c — the board for screen readers
 *
 * GTK 4.8 has accessible objects only for widgets, so every hole of the
 * board is a PjBoardSpot child (pj-board-spot.c): focusable, allocated
 * where the hole is, drawn by the board. The keyboard cursor is one of
 * them; it moves among what may be picked now (arrows) or anywhere
 * (exploration keys), and the focus follows it so the screen reader reads
 * the hole's name. The question keys answer through pj_announce().
 * The words are pj-board-text.c's; this file only forwards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-announce.h"
#include "pj-board-spot.h"
#include "pj-board-text.h"
#include "pj-board-view-private.h"

static gboolean
same_place (const PjPlace *a,
            const PjPlace *b)
{
  if (a->pos != b->pos)
    return FALSE;
  if (PJ_POS_IS_TRACK (a->pos))
    return TRUE;
  return a->colour == b->colour && (a->pos != PJ_POS_START || a->slot == b->slot);
}

static PjBoardSpot *
spot_at (PjBoardView   *self,
         const PjPlace *place)
{
  for (guint i = 0; self->spots != NULL && i < self->spots->len; i++)
    {
      PjBoardSpot *spot = g_ptr_array_index (self->spots, i);

      if (same_place (pj_board_spot_get_place (spot), place))
        return spot;
    }
  return NULL;
}

static gboolean
focus_is_inside (PjBoardView *self)
{
  return gtk_widget_has_focus (GTK_WIDGET (self)) || gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL;
}

gboolean
pj_board_view_has_keyboard_focus (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  return focus_is_inside (self);
}

/* The board as the game stands, with the picks so far (the second part of
 * a split is picked from where the first left the pegs). Not the
 * animation's: a moving peg would rename the focused hole on every step,
 * and a screen reader reads out each renaming. */
static void
positions (PjBoardView *self,
           guint8       pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  memcpy (pos, _pj_board_view_state (self)->board.peg, sizeof (guint8) * PJ_MAX_PLAYERS * PJ_PEGS);
  pj_move_picker_apply_picks (self->picker, pos);
}

/* ---- the holes as widgets ---------------------------------------------- */

static void
spot_pick_cb (PjBoardSpot *spot,
              PjBoardView *self)
{
  PjPlace place = *pj_board_spot_get_place (spot);

  /* a screen reader acts on the object it is on: the keys go on from there */
  self->cursor = place;
  self->have_cursor = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (spot)))
    gtk_widget_grab_focus (GTK_WIDGET (spot));
  _pj_board_view_pick_place (self, &place);
}

static void
add_spot (PjBoardView *self,
          PjPlace      place)
{
  GtkWidget *spot = pj_board_spot_new (&place);

  g_signal_connect_object (spot, "pick", G_CALLBACK (spot_pick_cb), self, 0);
  gtk_widget_set_parent (spot, GTK_WIDGET (self));
  g_ptr_array_add (self->spots, spot);
}

void
_pj_board_view_clear_spots (PjBoardView *self)
{
  if (self->spots == NULL)
    return;
  for (guint i = 0; i < self->spots->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->spots, i));
  g_clear_pointer (&self->spots, g_ptr_array_unref);
  self->spots_players = 0;
}

/* One spot per hole of the game's board, in the order a person reads the
 * board: the main track in play order from the viewer's come-out hole,
 * then each colour's home and start areas. */
static void
ensure_spots (PjBoardView *self)
{
  const PjRules *rules;
  guint n, hps, len, viewer, first;

  if (self->game == NULL)
    {
      _pj_board_view_clear_spots (self);
      return;
    }
  rules = pj_game_get_rules (self->game);
  n = rules->players;
  hps = rules->holes_per_side;
  viewer = pj_game_get_viewer (self->game) >= 0 ? (guint) pj_game_get_viewer (self->game) : 0;
  if (self->spots != NULL && self->spots_players == n && self->spots_hps == hps && self->spots_viewer == viewer)
    return;

  _pj_board_view_clear_spots (self);
  self->spots = g_ptr_array_new ();
  self->spots_players = n;
  self->spots_hps = hps;
  self->spots_viewer = viewer;
  len = pj_track_len (rules);
  first = pj_come_out_hole (rules, viewer);
  for (guint i = 0; i < len; i++)
    add_spot (self, (PjPlace) { (guint8) (((first + i) % len) / hps), (guint8) ((first + i) % len), 0 });
  for (guint k = 0; k < n; k++)
    {
      guint c = (viewer + k) % n;

      for (guint h = 0; h < PJ_HOME_HOLES; h++)
        add_spot (self, (PjPlace) { (guint8) c, PJ_POS_HOME (h), 0 });
      for (guint s = 0; s < PJ_PEGS; s++)
        add_spot (self, (PjPlace) { (guint8) c, PJ_POS_START, (guint8) s });
    }
}

void
_pj_board_view_allocate_spots (PjBoardView *self)
{
  PjBoardLayout L;
  double r;

  if (self->spots == NULL)
    return;
  _pj_board_view_compute_layout (self, &L);
  r = MAX (L.hole_r, 1.0);
  for (guint i = 0; i < self->spots->len; i++)
    {
      GtkWidget *spot = g_ptr_array_index (self->spots, i);
      double x, y;

      pj_board_layout_place_point (&L, pj_board_spot_get_place (PJ_BOARD_SPOT (spot)), &x, &y);
      /* GTK wants every child measured before it is given a size */
      gtk_widget_measure (spot, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_size_allocate (spot, &(GtkAllocation) { (int) (x - r), (int) (y - r),
                                                         (int) (2 * r) + 1, (int) (2 * r) + 1 }, -1);
    }
}

static gboolean
is_lit (PjBoardView   *self,
        const PjPlace *place)
{
  gboolean holding = pj_move_picker_get_peg (self->picker, NULL, NULL);

  for (guint i = 0; i < self->n_lit; i++)
    if (same_place (&self->lit[i], place) && (holding || place->pos != PJ_POS_START || self->lit[i].slot == place->slot))
      return TRUE;
  return FALSE;
}

static char *
destination_text (PjBoardView   *self,
                  const PjPlace *place)
{
  g_autofree const PjAction **cands = NULL;
  guint n = pj_move_picker_get_n_candidates (self->picker);
  guint colour = 0, from = 0;

  pj_move_picker_get_peg (self->picker, &colour, &from);
  cands = g_new (const PjAction *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    cands[i] = pj_move_picker_get_candidate (self->picker, i);
  return pj_board_text_destination (_pj_board_view_state (self), cands, n, colour, from, place->pos);
}

/* Every spot's name from the board as shown, and whether it may be picked;
 * a destination says what going there does. */
static void
update_spots (PjBoardView *self)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjRules *rules;
  gboolean holding;

  ensure_spots (self);
  if (self->spots == NULL)
    return;

  rules = pj_game_get_rules (self->game);
  holding = pj_move_picker_get_peg (self->picker, NULL, NULL);
  positions (self, pos);
  for (guint i = 0; i < self->spots->len; i++)
    {
      PjBoardSpot *spot = g_ptr_array_index (self->spots, i);
      const PjPlace *place = pj_board_spot_get_place (spot);
      g_autofree char *where = pj_board_text_place (rules, pos, place->colour, place->pos, place->slot);
      gboolean lit = is_lit (self, place);

      if (lit && holding)
        {
          g_autofree char *does = destination_text (self, place);

          if (does != NULL)
            {
              /* Translators: a hole the held peg may go to, then what that does,
               * e.g. "Move to Red home hole 1, empty: Seven: peg 1 to home 1, peg 2 +4" */
              g_autofree char *label = g_strdup_printf (_("Move to %s: %s"), where, does);

              pj_board_spot_set_label (spot, label);
            }
          else
            {
              /* Translators: a hole the held peg may go to */
              g_autofree char *label = g_strdup_printf (_("Move to %s"), where);

              pj_board_spot_set_label (spot, label);
            }
        }
      else
        pj_board_spot_set_label (spot, where);
      pj_board_spot_set_pickable (spot, lit);
    }
}

/* ---- the cursor ---------------------------------------------------------- */

/* The keyboard cursor to place, and the focus with it when it is on the
 * board; tell (may be NULL) is said where the focus lands. */
static void
move_cursor (PjBoardView   *self,
             const PjPlace *place,
             const char    *tell)
{
  PjBoardSpot *spot;

  self->cursor = *place;
  self->have_cursor = TRUE;
  spot = spot_at (self, place);
  if (spot != NULL && focus_is_inside (self) && gtk_widget_get_mapped (GTK_WIDGET (spot)))
    pj_announce_with_focus (GTK_WIDGET (spot), tell);
  else if (tell != NULL)
    pj_announce (GTK_WIDGET (self), tell);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Called whenever what may be picked or the focus among it changed. */
void
_pj_board_view_update_focus_label (PjBoardView *self)
{
  const char *tell = NULL;

  update_spots (self);
  /* a new instruction is told to whoever is on the board, where the focus
   * goes next (not once the move is whole: the move follows) */
  if (self->prompt_untold && self->prompt != NULL && focus_is_inside (self) &&
      !pj_move_picker_get_chosen (self->picker, NULL))
    tell = self->prompt;
  if (self->focus >= 0 && self->focus < (int) self->n_lit)
    move_cursor (self, &self->lit[self->focus], tell);
  else if (tell != NULL)
    pj_announce (GTK_WIDGET (self), tell);
  self->prompt_untold = FALSE;
}

gboolean
_pj_board_view_focus_cursor (PjBoardView *self)
{
  PjBoardSpot *spot;

  ensure_spots (self);
  if (!self->have_cursor && self->spots != NULL && self->spots->len > 0)
    {
      self->cursor = *pj_board_spot_get_place (g_ptr_array_index (self->spots, 0));
      self->have_cursor = TRUE;
    }
  spot = self->have_cursor ? spot_at (self, &self->cursor) : NULL;
  if (spot == NULL || !gtk_widget_get_mapped (GTK_WIDGET (spot)))
    return FALSE;
  return gtk_widget_grab_focus (GTK_WIDGET (spot));
}

gboolean
_pj_board_view_get_cursor (PjBoardView *self,
                           PjPlace     *place)
{
  if (!self->have_cursor || !focus_is_inside (self))
    return FALSE;
  *place = self->cursor;
  return TRUE;
}

char *
pj_board_view_describe_focus (PjBoardView *self)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjPlace *place;

  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  if (self->game == NULL || self->focus < 0 || self->focus >= (int) self->n_lit)
    return NULL;
  place = &self->lit[self->focus];
  positions (self, pos);
  return pj_board_text_place (pj_game_get_rules (self->game), pos, place->colour, place->pos, place->slot);
}

static void
set_description (PjBoardView *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->prompt ? self->prompt : "",
                                  -1);
  self->description_stale = FALSE;
}

/* The board's description is the instruction, read when the focus comes
 * onto the board. While the focus is inside, the instruction is told
 * (_pj_board_view_update_focus_label), and a screen reader also reads out
 * any change to the description of an object around the focus (Orca
 * does): said once, the description follows when the focus leaves. */
void
_pj_board_view_update_description (PjBoardView *self)
{
  self->prompt_untold = TRUE;
  if (focus_is_inside (self))
    self->description_stale = TRUE;
  else
    set_description (self);
}

static gboolean
set_description_idle_cb (gpointer data)
{
  PjBoardView *self = data;

  self->description_idle = 0;
  if (self->description_stale && !focus_is_inside (self))
    set_description (self);
  return G_SOURCE_REMOVE;
}

/* The focus controller's "leave": the focus is on its way out, and the
 * screen reader hears of where it lands before the description changes. */
void
_pj_board_view_focus_left (PjBoardView *self)
{
  if (self->description_stale && self->description_idle == 0)
    self->description_idle = g_idle_add (set_description_idle_cb, self);
}

/* ---- exploration ----------------------------------------------------------- */

/* The peg in the hole at place, if any. */
static gboolean
peg_in (PjBoardView   *self,
        guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS],
        const PjPlace *place,
        guint         *colour,
        guint         *index)
{
  guint n = pj_game_get_rules (self->game)->players;

  if (place->pos == PJ_POS_START)
    {
      if (pos[place->colour][place->slot] != PJ_POS_START)
        return FALSE;
      *colour = place->colour;
      *index = place->slot;
      return TRUE;
    }
  for (guint c = 0; c < n; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (pos[c][k] == place->pos && (PJ_POS_IS_TRACK (place->pos) || c == place->colour))
        {
          *colour = c;
          *index = k;
          return TRUE;
        }
  return FALSE;
}

char *
_pj_board_view_tooltip_at (PjBoardView *self,
                           double       x,
                           double       y)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  PjBoardLayout L;
  PjPlace place;
  PjBoardSpot *spot;
  guint colour, index;

  if (self->game == NULL)
    return NULL;
  _pj_board_view_compute_layout (self, &L);
  if (!pj_board_layout_place_at (&L, x, y, &place))
    return NULL;
  positions (self, pos);
  if (!peg_in (self, pos, &place, &colour, &index))
    return NULL;
  spot = spot_at (self, &place);
  if (spot == NULL || pj_board_spot_get_label (spot) == NULL)
    return NULL;
  return g_strdup (pj_board_spot_get_label (spot));
}

static guint
viewer_colour (PjBoardView *self)
{
  int viewer = pj_game_get_viewer (self->game);

  return viewer >= 0 ? (guint) viewer : 0;
}

/* Page Down / Page Up: the next hole along the main track. */
static void
step_along_track (PjBoardView *self,
                  int          delta)
{
  const PjRules *rules = pj_game_get_rules (self->game);
  guint len = pj_track_len (rules);
  guint from;
  PjPlace place;

  if (self->have_cursor && PJ_POS_IS_TRACK (self->cursor.pos))
    from = (self->cursor.pos + len + (guint) (delta % (int) len)) % len;
  else
    from = pj_come_out_hole (rules, self->have_cursor ? self->cursor.colour : viewer_colour (self));
  place = (PjPlace) { (guint8) (from / rules->holes_per_side), (guint8) from, 0 };
  move_cursor (self, &place, NULL);
}

/* P / Shift+P: the next peg, colour by colour from the viewer's, each
 * colour's pegs in order. */
static void
step_peg (PjBoardView *self,
          int          delta)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  guint n = pj_game_get_rules (self->game)->players;
  guint viewer = viewer_colour (self);
  guint total = n * PJ_PEGS, at = total - 1, colour, index, next, c, k;
  PjPlace place;

  positions (self, pos);
  if (self->have_cursor && peg_in (self, pos, &self->cursor, &colour, &index))
    at = ((colour + n - viewer) % n) * PJ_PEGS + index;
  else if (delta < 0)
    at = 0;
  next = (at + total + (guint) (delta % (int) total)) % total;
  c = (viewer + next / PJ_PEGS) % n;
  k = next % PJ_PEGS;
  if (pos[c][k] == PJ_POS_START)
    place = (PjPlace) { (guint8) c, PJ_POS_START, (guint8) k };
  else
    place = (PjPlace) { (guint8) c, pos[c][k], 0 };
  move_cursor (self, &place, NULL);
}

static void
answer (PjBoardView *self,
        guint        keyval)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjRules *rules = pj_game_get_rules (self->game);
  g_autofree char *text = NULL;
  guint colour = viewer_colour (self), index;
  gboolean on_peg;

  positions (self, pos);
  on_peg = self->have_cursor && peg_in (self, pos, &self->cursor, &colour, &index);
  switch (keyval)
    {
    case GDK_KEY_t:
      text = on_peg ? pj_board_text_threats (rules, pos, colour, index)
                    : g_strdup (_("No peg here: move to a peg to hear what threatens it"));
      break;
    case GDK_KEY_d:
      text = pj_board_text_progress (rules, pos, colour);
      break;
    case GDK_KEY_l:
      text = pj_board_text_leader (rules, pos);
      break;
    default:
      g_return_if_reached ();
    }
  self->last_answer = g_strdup (text);
  pj_announce (GTK_WIDGET (self), text);
}

gboolean
_pj_board_view_explore_key (PjBoardView     *self,
                            guint            keyval,
                            GdkModifierType  state)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;

  if (self->game == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  ensure_spots (self);

  switch (keyval)
    {
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
    case GDK_KEY_Right:
    case GDK_KEY_Down:
      step_along_track (self, 1);
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
    case GDK_KEY_Left:
    case GDK_KEY_Up:
      step_along_track (self, -1);
      return TRUE;
    case GDK_KEY_p:
    case GDK_KEY_P:
      step_peg (self, shift ? -1 : 1);
      return TRUE;
    case GDK_KEY_t:
    case GDK_KEY_d:
    case GDK_KEY_l:
      g_clear_pointer (&self->last_answer, g_free);
      answer (self, keyval);
      return TRUE;
    default:
      return FALSE;
    }
}

const char *
pj_board_view_get_last_answer (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->last_answer;
}
