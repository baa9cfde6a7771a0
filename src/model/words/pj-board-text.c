/* pj-board-text.c — the board in words (see pj-board-text.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-text.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "pj-move-picker.h"
#include "pj-text.h"

/* from the come-out hole to the in-spot (B-13: 18N − 5 on 18-hole sides) */
static guint
lap (const PjRules *rules)
{
  return pj_track_len (rules) - (PJ_COME_OUT_HOLE - PJ_IN_SPOT_HOLE);
}

static guint
to_in_spot (const PjRules *rules,
            guint          colour,
            guint          pos)
{
  guint len = pj_track_len (rules);

  return (pj_in_spot_hole (rules, colour) + len - pos) % len;
}

guint
pj_board_holes_to_go (const PjRules *rules,
                      guint          colour,
                      guint          pos)
{
  g_return_val_if_fail (rules != NULL, 0);

  if (PJ_POS_IS_HOME (pos))
    return 0;
  if (pos == PJ_POS_START)
    return 1 + lap (rules) + 1;
  return to_in_spot (rules, colour, pos) + 1;
}

/* The landmark a main-track hole is on or comes before: an in-spot or a
 * come-out hole, and how far it is. */
static char *
track_landmark (const PjRules *rules,
                guint          colour,
                guint          pos,
                gboolean      *own_in_spot)
{
  guint hps = rules->holes_per_side;
  guint side = pos / hps, hole = pos % hps;
  guint mark_side = side, mark_hole, ahead;

  if (hole == PJ_IN_SPOT_HOLE || hole == PJ_COME_OUT_HOLE)
    {
      *own_in_spot = hole == PJ_IN_SPOT_HOLE && side == colour;
      if (*own_in_spot)
        return g_strdup (_("on its in-spot"));
      if (hole == PJ_IN_SPOT_HOLE)
        /* Translators: where a peg is, e.g. "on Blue's in-spot" */
        return g_strdup_printf (_("on %s’s in-spot"), pj_text_colour_name (side));
      if (side == colour)
        return g_strdup (_("on its come-out hole"));
      /* Translators: where a peg is, e.g. "on Blue's come-out hole" */
      return g_strdup_printf (_("on %s’s come-out hole"), pj_text_colour_name (side));
    }

  if (hole < PJ_IN_SPOT_HOLE)
    mark_hole = PJ_IN_SPOT_HOLE;
  else if (hole < PJ_COME_OUT_HOLE)
    mark_hole = PJ_COME_OUT_HOLE;
  else
    {
      mark_side = (side + 1) % rules->players;
      mark_hole = PJ_IN_SPOT_HOLE;
    }
  ahead = (mark_side * hps + mark_hole + pj_track_len (rules) - pos) % pj_track_len (rules);
  *own_in_spot = mark_hole == PJ_IN_SPOT_HOLE && mark_side == colour;

  if (mark_hole == PJ_IN_SPOT_HOLE && mark_side == colour)
    /* Translators: where a peg is, e.g. "5 holes before its in-spot" */
    return g_strdup_printf (ngettext ("%u hole before its in-spot", "%u holes before its in-spot", ahead),
                            ahead);
  if (mark_hole == PJ_IN_SPOT_HOLE)
    /* Translators: where a peg is, e.g. "5 holes before Blue's in-spot" */
    return g_strdup_printf (ngettext ("%u hole before %s’s in-spot", "%u holes before %s’s in-spot", ahead),
                            ahead, pj_text_colour_name (mark_side));
  if (mark_side == colour)
    /* Translators: where a peg is, e.g. "2 holes before its come-out hole" */
    return g_strdup_printf (ngettext ("%u hole before its come-out hole", "%u holes before its come-out hole", ahead),
                            ahead);
  /* Translators: where a peg is, e.g. "2 holes before Blue's come-out hole" */
  return g_strdup_printf (ngettext ("%u hole before %s’s come-out hole", "%u holes before %s’s come-out hole", ahead),
                          ahead, pj_text_colour_name (mark_side));
}

static char *
peg_at (const PjRules *rules,
        guint          colour,
        guint          index,
        guint          pos)
{
  const char *name = pj_text_colour_name (colour);

  if (pos == PJ_POS_START)
    /* Translators: e.g. "Red peg 3, in its start area" */
    return g_strdup_printf (_("%s peg %u, in its start area"), name, index + 1);
  if (PJ_POS_IS_HOME (pos))
    /* Translators: e.g. "Red peg 3, in home hole 2" */
    return g_strdup_printf (_("%s peg %u, in home hole %u"), name, index + 1, pos - PJ_POS_HOME0 + 1);

  {
    gboolean own_in_spot = FALSE;
    g_autofree char *where = track_landmark (rules, colour, pos, &own_in_spot);
    guint left = to_in_spot (rules, colour, pos);

    if (own_in_spot)
      /* Translators: a peg on the main track, e.g. "Red peg 3, main track, 5 holes before its in-spot" */
      return g_strdup_printf (_("%s peg %u, main track, %s"), name, index + 1, where);
    /* Translators: a peg on the main track, e.g. "Red peg 3, main track, 5 holes
     * before Blue's in-spot, 40 holes from its in-spot" */
    return g_strdup_printf (ngettext ("%s peg %u, main track, %s, %u hole from its in-spot",
                                      "%s peg %u, main track, %s, %u holes from its in-spot", left),
                            name, index + 1, where, left);
  }
}

char *
pj_board_text_peg (const PjRules *rules,
                   guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS],
                   guint          colour,
                   guint          index)
{
  g_return_val_if_fail (rules != NULL && colour < rules->players && index < PJ_PEGS, NULL);

  return peg_at (rules, colour, index, pos[colour][index]);
}

char *
pj_board_text_place (const PjRules *rules,
                     guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS],
                     guint          colour,
                     guint          place,
                     guint          slot)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (place == PJ_POS_START)
    {
      if (colour < rules->players && slot < PJ_PEGS && pos[colour][slot] == PJ_POS_START)
        return peg_at (rules, colour, slot, PJ_POS_START);
      /* Translators: an empty hole in a start area, e.g. "Red start area, empty" */
      return g_strdup_printf (_("%s start area, empty"), pj_text_colour_name (colour));
    }

  for (guint c = 0; c < rules->players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (pos[c][k] == place && (PJ_POS_IS_TRACK (place) || c == colour))
        return peg_at (rules, c, k, place);

  if (PJ_POS_IS_HOME (place))
    /* Translators: an empty hole of a home track, e.g. "Red home hole 2, empty" */
    return g_strdup_printf (_("%s home hole %u, empty"), pj_text_colour_name (colour),
                            place - PJ_POS_HOME0 + 1);

  {
    guint side = place / rules->holes_per_side;
    guint hole = place % rules->holes_per_side;

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

typedef struct {
  guint colour, index, holes;
  gboolean behind;
} Threat;

static int
threat_cmp (gconstpointer a,
            gconstpointer b)
{
  const Threat *x = a, *y = b;

  if (x->holes != y->holes)
    return x->holes < y->holes ? -1 : 1;
  return x->behind == y->behind ? 0 : (x->behind ? -1 : 1);
}

char *
pj_board_text_threats (const PjRules *rules,
                       guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS],
                       guint          colour,
                       guint          index)
{
  g_autoptr (GArray) threats = NULL;
  g_autoptr (GPtrArray) parts = NULL;
  g_autofree char *list = NULL;
  const char *name;
  guint p, len;

  g_return_val_if_fail (rules != NULL && colour < rules->players && index < PJ_PEGS, NULL);

  name = pj_text_colour_name (colour);
  p = pos[colour][index];
  if (p == PJ_POS_START)
    /* Translators: the answer to "what threatens this peg" */
    return g_strdup_printf (_("%s peg %u is in its start area, out of reach"), name, index + 1);
  if (PJ_POS_IS_HOME (p))
    /* Translators: the answer to "what threatens this peg" */
    return g_strdup_printf (_("%s peg %u is home, out of reach"), name, index + 1);

  len = pj_track_len (rules);
  threats = g_array_new (FALSE, FALSE, sizeof (Threat));
  for (guint c = 0; c < rules->players; c++)
    {
      if (pj_team_of (rules, c) == pj_team_of (rules, colour))
        continue;
      for (guint k = 0; k < PJ_PEGS; k++)
        {
          guint q = pos[c][k];
          guint behind, ahead;

          if (!PJ_POS_IS_TRACK (q))
            continue;
          behind = (p + len - q) % len;
          ahead = (q + len - p) % len;
          if (behind >= 1 && behind <= PJ_BOARD_TEXT_REACH_FORWARD)
            g_array_append_val (threats, ((Threat) { c, k, behind, TRUE }));
          else if (ahead >= 1 && ahead <= PJ_BOARD_TEXT_REACH_BACKWARD)
            g_array_append_val (threats, ((Threat) { c, k, ahead, FALSE }));
        }
    }

  if (threats->len == 0)
    /* Translators: the answer to "what threatens this peg" */
    return g_strdup_printf (_("%s peg %u: no other team’s peg within %u holes behind or %u ahead"),
                            name, index + 1, PJ_BOARD_TEXT_REACH_FORWARD, PJ_BOARD_TEXT_REACH_BACKWARD);

  g_array_sort (threats, threat_cmp);
  parts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < threats->len; i++)
    {
      const Threat *t = &g_array_index (threats, Threat, i);
      const char *other = pj_text_colour_name (t->colour);

      if (t->behind)
        /* Translators: a threat, e.g. "Blue peg 1, 3 holes behind" */
        g_ptr_array_add (parts, g_strdup_printf (ngettext ("%s peg %u, %u hole behind", "%s peg %u, %u holes behind",
                                                           t->holes),
                                                 other, t->index + 1, t->holes));
      else
        /* Translators: a threat, e.g. "Blue peg 1, 2 holes ahead" (an Eight moves back) */
        g_ptr_array_add (parts, g_strdup_printf (ngettext ("%s peg %u, %u hole ahead", "%s peg %u, %u holes ahead",
                                                           t->holes),
                                                 other, t->index + 1, t->holes));
    }
  g_ptr_array_add (parts, NULL);
  /* Translators: the separator between the threats to a peg */
  list = g_strjoinv (_("; "), (char **) parts->pdata);
  /* Translators: the answer to "what threatens this peg", e.g. "Red peg 2
   * within reach of: Blue peg 1, 3 holes behind; Green peg 4, 2 holes ahead" */
  return g_strdup_printf (_("%s peg %u within reach of: %s"), name, index + 1, list);
}

char *
pj_board_text_progress (const PjRules *rules,
                        guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS],
                        guint          colour)
{
  g_autoptr (GPtrArray) parts = NULL;
  g_autofree char *list = NULL;
  guint total = 0;

  g_return_val_if_fail (rules != NULL && colour < rules->players, NULL);

  parts = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < PJ_PEGS; k++)
    {
      guint p = pos[colour][k];
      guint left = pj_board_holes_to_go (rules, colour, p);

      total += left;
      if (p == PJ_POS_START)
        /* Translators: one peg's progress, e.g. "peg 1 in start" */
        g_ptr_array_add (parts, g_strdup_printf (_("peg %u in start"), k + 1));
      else if (PJ_POS_IS_HOME (p))
        /* Translators: one peg's progress, e.g. "peg 3 home" */
        g_ptr_array_add (parts, g_strdup_printf (_("peg %u home"), k + 1));
      else
        /* Translators: one peg's progress, e.g. "peg 2 23 holes from home" */
        g_ptr_array_add (parts, g_strdup_printf (ngettext ("peg %u %u hole from home", "peg %u %u holes from home", left),
                                                 k + 1, left));
    }
  g_ptr_array_add (parts, NULL);
  list = g_strjoinv (_(", "), (char **) parts->pdata);
  /* Translators: e.g. "Red: peg 1 in start, peg 2 23 holes from home, …; 120 holes to go" */
  return g_strdup_printf (ngettext ("%s: %s; %u hole to go", "%s: %s; %u holes to go", total),
                          pj_text_colour_name (colour), list, total);
}

typedef struct {
  guint team, left;
} TeamLeft;

static int
team_cmp (gconstpointer a,
          gconstpointer b)
{
  const TeamLeft *x = a, *y = b;

  if (x->left != y->left)
    return x->left < y->left ? -1 : 1;
  return x->team < y->team ? -1 : 1;
}

static char *
team_names (const PjRules *rules,
            guint          team)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint c = 0; c < rules->players; c++)
    if (pj_team_of (rules, c) == team)
      g_ptr_array_add (names, (char *) pj_text_colour_name (c));
  g_ptr_array_add (names, NULL);
  return pj_text_list ((const char *const *) names->pdata);
}

char *
pj_board_text_leader (const PjRules *rules,
                      guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  TeamLeft teams[PJ_MAX_PLAYERS] = { { 0 } };
  g_autoptr (GPtrArray) parts = NULL;
  g_autofree char *first = NULL;
  g_autofree char *rest = NULL;

  g_return_val_if_fail (rules != NULL && rules->teams > 0, NULL);

  for (guint t = 0; t < rules->teams; t++)
    teams[t].team = t;
  for (guint c = 0; c < rules->players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      teams[pj_team_of (rules, c)].left += pj_board_holes_to_go (rules, c, pos[c][k]);
  qsort (teams, rules->teams, sizeof teams[0], team_cmp);

  first = team_names (rules, teams[0].team);
  if (teams[1].left == teams[0].left && rules->teams == 2)
    /* Translators: who leads, when the two teams are level */
    return g_strdup_printf (ngettext ("Level: each team has %u hole to go", "Level: each team has %u holes to go",
                                      teams[0].left),
                            teams[0].left);

  parts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 1; i < rules->teams; i++)
    {
      g_autofree char *names = team_names (rules, teams[i].team);

      /* Translators: a team behind the leaders, e.g. "Red and Green, 171" */
      g_ptr_array_add (parts, g_strdup_printf (_("%s, %u"), names, teams[i].left));
    }
  g_ptr_array_add (parts, NULL);
  rest = g_strjoinv (_("; "), (char **) parts->pdata);
  /* Translators: who leads, e.g. "Blue and Yellow lead, 150 holes to go; Red and Green, 171" */
  return g_strdup_printf (ngettext ("%s lead, %u hole to go; %s", "%s lead, %u holes to go; %s", teams[0].left),
                          first, teams[0].left, rest);
}

char *
pj_board_text_action (const PjState  *before,
                      const PjAction *action)
{
  g_autofree char *steps = NULL;

  g_return_val_if_fail (before != NULL && action != NULL, NULL);

  steps = pj_text_action_steps (before, before->actor, action);
  if (action->kind != PJ_ACTION_MOVE && action->kind != PJ_ACTION_FREE_COME_OUT)
    return g_steal_pointer (&steps);
  /* Translators: a move by what it does, e.g. "Seven: peg 2 to home 3, peg 4 +4" */
  return g_strdup_printf (_("%s: %s"), pj_text_card_name (action->declared ? action->declared : action->card),
                          steps);
}

/* Steps [first, end) of the part that moves the peg at `from` (its own
 * step, then what it hit, up to the next picked step). The parts of a
 * split may be picked in either order, so the part is found by its peg,
 * not by its place in the action. */
static gboolean
part_range (const PjAction *a,
            guint           colour,
            guint           from,
            guint          *first,
            guint          *end)
{
  for (guint i = 0; i < a->n_steps; i++)
    {
      if (!pj_move_picker_is_picked_step (a, i) || a->steps[i].from != from ||
          (!PJ_POS_IS_TRACK (from) && PJ_PEG_COLOUR (a->steps[i].peg) != colour))
        continue;
      *first = i;
      *end = i + 1;
      while (*end < a->n_steps && !pj_move_picker_is_picked_step (a, *end))
        (*end)++;
      return TRUE;
    }
  return FALSE;
}

char *
pj_board_text_destination (const PjState   *before,
                           const PjAction **candidates,
                           guint            n_candidates,
                           guint            colour,
                           guint            from,
                           guint            pos)
{
  const PjAction *found = NULL;
  gboolean several = FALSE;
  guint first = 0, end = 0;

  g_return_val_if_fail (before != NULL, NULL);

  for (guint i = 0; i < n_candidates; i++)
    {
      const PjAction *a = candidates[i];
      guint f, e;

      if (!part_range (a, colour, from, &f, &e) || a->steps[f].to != pos)
        continue;
      if (found == NULL)
        {
          found = a;
          first = f;
          end = e;
        }
      else if (!pj_action_equal (found, a))
        several = TRUE;
    }

  if (found == NULL)
    return NULL;
  if (!several)
    return pj_board_text_action (before, found);

  {
    g_autofree char *words = pj_text_action_steps_range (before, before->actor, found, first, end);

    /* Translators: one part of a split move, another peg moves next, e.g.
     * "peg 2 +3, then another peg" */
    return g_strdup_printf (_("%s, then another peg"), words);
  }
}
