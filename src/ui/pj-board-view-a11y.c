/* pj-board-view-a11y.c — the board in words, for screen readers
 *
 * The board is one widget: its accessible name follows the keyboard focus
 * among the places that may be picked now, its description is the prompt.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-text.h"
#include "pj-board-view-private.h"

static char *
describe_peg (PjBoardView *self,
              guint        colour,
              guint        index,
              guint        pos)
{
  const PjRules *rules = pj_game_get_rules (self->game);
  const char *name = pj_text_colour_name (colour);

  if (pos == PJ_POS_START)
    /* Translators: e.g. "Red peg 3, in its start area" */
    return g_strdup_printf (_("%s peg %u, in its start area"), name, index + 1);
  if (PJ_POS_IS_HOME (pos))
    /* Translators: e.g. "Red peg 3, in home hole 2" */
    return g_strdup_printf (_("%s peg %u, in home hole %u"), name, index + 1, pos - PJ_POS_HOME0 + 1);
  {
    guint len = pj_track_len (rules);
    guint before = (pj_in_spot_hole (rules, colour) + len - pos) % len;

    if (before == 0)
      /* Translators: e.g. "Red peg 3, on its in-spot" */
      return g_strdup_printf (_("%s peg %u, on its in-spot"), name, index + 1);
    /* Translators: e.g. "Red peg 3, 5 holes before its in-spot" */
    return g_strdup_printf (ngettext ("%s peg %u, %u hole before its in-spot",
                                      "%s peg %u, %u holes before its in-spot", before),
                            name, index + 1, before);
  }
}

static char *
describe_place (PjBoardView   *self,
                const PjPlace *place)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjRules *rules;

  if (self->game == NULL)
    return NULL;

  rules = pj_game_get_rules (self->game);
  _pj_board_view_shown_positions (self, pos);

  if (place->pos == PJ_POS_START)
    {
      if (pos[place->colour][place->slot] == PJ_POS_START)
        return describe_peg (self, place->colour, place->slot, PJ_POS_START);
      /* Translators: an empty hole in a start area, e.g. "Red start area, empty" */
      return g_strdup_printf (_("%s start area, empty"), pj_text_colour_name (place->colour));
    }

  for (guint c = 0; c < rules->players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (pos[c][k] == place->pos && (PJ_POS_IS_TRACK (place->pos) || c == place->colour))
        return describe_peg (self, c, k, place->pos);

  if (PJ_POS_IS_HOME (place->pos))
    /* Translators: an empty hole of a home track, e.g. "Red home hole 2, empty" */
    return g_strdup_printf (_("%s home hole %u, empty"), pj_text_colour_name (place->colour),
                            place->pos - PJ_POS_HOME0 + 1);

  {
    guint side = place->pos / rules->holes_per_side;
    guint hole = place->pos % rules->holes_per_side;

    if (hole == PJ_COME_OUT_HOLE)
      /* Translators: e.g. "Blue's come-out hole, empty" */
      return g_strdup_printf (_("%s’s come-out hole, empty"), pj_text_colour_name (side));
    if (hole == PJ_IN_SPOT_HOLE)
      /* Translators: e.g. "Blue's in-spot, empty" */
      return g_strdup_printf (_("%s’s in-spot, empty"), pj_text_colour_name (side));
    /* Translators: a main-track hole, e.g. "Hole 12 of Blue's side, empty" */
    return g_strdup_printf (_("Hole %u of %s’s side, empty"), hole + 1, pj_text_colour_name (side));
  }
}

void
_pj_board_view_update_focus_label (PjBoardView *self)
{
  g_autofree char *label = NULL;

  if (self->focus >= 0 && self->focus < (int) self->n_lit)
    {
      g_autofree char *place = describe_place (self, &self->lit[self->focus]);
      gboolean moving = pj_move_picker_get_peg (self->picker, NULL, NULL);

      /* Translators: the board's name for screen readers with the focused place */
      label = g_strdup_printf (moving ? _("Board: move to %s") : _("Board: %s"), place);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : _("Board"),
                                  -1);
}

char *
pj_board_view_describe_focus (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  if (self->focus < 0 || self->focus >= (int) self->n_lit)
    return NULL;
  return describe_place (self, &self->lit[self->focus]);
}

void
_pj_board_view_update_description (PjBoardView *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->prompt ? self->prompt : "",
                                  -1);
}
