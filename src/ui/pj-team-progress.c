/* pj-team-progress.c — how far each team is: pegs home, whose turn, cards left
 *
 * One row a team: its name, its colours (peg symbol and name, as on the
 * board, so that no one needs to tell colours apart), a bar of its pegs
 * home out of all its pegs, and which team is to play. Below, the cards
 * left in the stock (and Pegoo's unable-to-play pile).
 *
 * It reads the game's state only: a LAN mirror, an undo or a resumed game
 * look the same to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-colours.h"
#include "pj-peg-style.h"
#include "pj-team-progress.h"
#include "pj-text.h"

#define SYMBOL_SIZE 16
#define SYMBOL_GAP  3

typedef struct {
  GtkWidget   *row;
  GtkLabel    *title_label;
  GtkLabel    *turn_label;
  GtkLabel    *count_label;
  GtkLabel    *names_label;
  GtkWidget   *symbols;
  GtkLevelBar *bar;
  guint        n_colours;
  guint8       colours[PJ_MAX_PLAYERS];
} TeamRow;

struct _PjTeamProgress
{
  GtkWidget     parent_instance;

  /* template */
  GtkBox       *rows_box;
  GtkLabel     *stock_label;
  GtkLabel     *stuck_label;

  PjGame       *game;
  GSignalGroup *game_signals;
  TeamRow       rows[PJ_MAX_PLAYERS];
  guint         n_rows;
};

G_DEFINE_FINAL_TYPE (PjTeamProgress, pj_team_progress, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
draw_symbols (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  TeamRow *row = user_data;
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (area)) == GTK_TEXT_DIR_RTL;
  GdkRGBA fg;

  pj_colours_get_foreground (GTK_WIDGET (area), &fg);
  fg.alpha = 0.55;

  /* in the order of the names beside them, which read right to left there */
  for (guint i = 0; i < row->n_colours; i++)
    {
      guint slot = rtl ? row->n_colours - 1 - i : i;
      double x = slot * (SYMBOL_SIZE + SYMBOL_GAP) + SYMBOL_SIZE / 2.0;

      pj_peg_style_draw_peg (cr, row->colours[i], x, height / 2.0, SYMBOL_SIZE / 2.0 - 1, &fg);
    }
}

static GtkWidget *
caption_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The rows are made here because their number depends on the game. */
static void
build_row (PjTeamProgress *self,
           TeamRow        *row,
           guint           team)
{
  const PjRules *rules = pj_game_get_rules (self->game);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autofree char *title = NULL;
  g_autofree char *joined = NULL;
  GtkWidget *header, *colours;

  row->n_colours = 0;
  for (guint seat = 0; seat < rules->players; seat++)
    if (pj_team_of (rules, seat) == team)
      {
        row->colours[row->n_colours++] = (guint8) seat;
        g_ptr_array_add (names, (gpointer) pj_text_colour_name (seat));
      }
  g_ptr_array_add (names, NULL);

  row->row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  gtk_widget_add_css_class (row->row, "team-progress-row");

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: the name of a team in the side panel, e.g. "Team 1" */
  title = g_strdup_printf (_("Team %u"), team + 1);
  row->title_label = GTK_LABEL (gtk_label_new (title));
  gtk_widget_add_css_class (GTK_WIDGET (row->title_label), "caption-heading");
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (row->title_label));
  row->turn_label = GTK_LABEL (caption_label ("team-turn"));
  gtk_widget_set_visible (GTK_WIDGET (row->turn_label), FALSE);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (row->turn_label));
  row->count_label = GTK_LABEL (caption_label ("numeric"));
  gtk_widget_set_hexpand (GTK_WIDGET (row->count_label), TRUE);
  gtk_label_set_xalign (row->count_label, 1);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (row->count_label));
  gtk_box_append (GTK_BOX (row->row), header);

  colours = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  row->symbols = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (row->symbols),
                                      row->n_colours * (SYMBOL_SIZE + SYMBOL_GAP) - SYMBOL_GAP);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (row->symbols), SYMBOL_SIZE);
  gtk_widget_set_valign (row->symbols, GTK_ALIGN_START);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (row->symbols), draw_symbols, row, NULL);
  /* the names beside them say the same */
  gtk_accessible_update_state (GTK_ACCESSIBLE (row->symbols), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_box_append (GTK_BOX (colours), row->symbols);
  /* Translators: between the colour names of a team, e.g. "Red · Green" */
  joined = g_strjoinv (_(" · "), (char **) names->pdata);
  row->names_label = GTK_LABEL (caption_label ("dim-label"));
  gtk_label_set_label (row->names_label, joined);
  gtk_label_set_wrap (row->names_label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (row->names_label), TRUE);
  gtk_box_append (GTK_BOX (colours), GTK_WIDGET (row->names_label));
  gtk_box_append (GTK_BOX (row->row), colours);

  row->bar = GTK_LEVEL_BAR (gtk_level_bar_new_for_interval (0, pj_team_size (rules) * PJ_PEGS));
  /* one colour for all: the default offsets would paint a team at 25 % "low" */
  gtk_level_bar_remove_offset_value (row->bar, GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (row->bar, GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (row->bar, GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_box_append (GTK_BOX (row->row), GTK_WIDGET (row->bar));

  gtk_box_append (self->rows_box, row->row);
}

static void
clear_rows (PjTeamProgress *self)
{
  for (guint i = 0; i < self->n_rows; i++)
    gtk_box_remove (self->rows_box, self->rows[i].row);
  memset (self->rows, 0, sizeof self->rows);
  self->n_rows = 0;
}

static void
update (PjTeamProgress *self)
{
  const PjState *s;
  const PjRules *rules;
  g_autofree char *stock = NULL;
  int playing = -1;

  if (self->game == NULL)
    return;

  s = pj_game_get_state (self->game);
  rules = &s->rules;
  if (!pj_state_is_over (s))
    playing = (int) pj_team_of (rules, s->actor);

  for (guint t = 0; t < self->n_rows; t++)
    {
      TeamRow *row = &self->rows[t];
      guint total = row->n_colours * PJ_PEGS;
      guint home = 0;
      g_autofree char *count = NULL;
      g_autofree char *description = NULL;
      const char *turn = NULL;

      for (guint i = 0; i < row->n_colours; i++)
        for (guint k = 0; k < PJ_PEGS; k++)
          home += PJ_POS_IS_HOME (s->board.peg[row->colours[i]][k]);

      if ((int) t == playing)
        /* Translators: beside a team's name: it is that team's turn */
        turn = _("To play");
      else if (pj_state_is_over (s) && s->winner == t)
        /* Translators: beside a team's name at the end of a game */
        turn = _("Won");

      /* Translators: pegs of a team in their home holes, e.g. "7 of 10 home" */
      count = g_strdup_printf (ngettext ("%u of %u home", "%u of %u home", total), home, total);
      gtk_label_set_label (row->count_label, count);
      gtk_level_bar_set_value (row->bar, home);
      gtk_label_set_label (row->turn_label, turn != NULL ? turn : "");
      gtk_widget_set_visible (GTK_WIDGET (row->turn_label), turn != NULL);
      if (turn != NULL)
        gtk_widget_add_css_class (row->row, "current");
      else
        gtk_widget_remove_css_class (row->row, "current");

      /* Translators: what a screen reader says for a team's progress:
       * the team, its colours, its pegs home, e.g.
       * "Team 1 (Red · Green): 7 of 10 home" */
      if (turn == NULL)
        description = g_strdup_printf (_("%s (%s): %s"),
                                       gtk_label_get_label (row->title_label),
                                       gtk_label_get_label (row->names_label),
                                       count);
      else
        /* Translators: as above, then "To play" or "Won" */
        description = g_strdup_printf (_("%s (%s): %s, %s"),
                                       gtk_label_get_label (row->title_label),
                                       gtk_label_get_label (row->names_label),
                                       count, turn);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->bar),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                      -1);
    }

  /* Translators: the number of cards left to draw */
  stock = g_strdup_printf (_("Cards in the stock: %u"), (guint) s->n_stock);
  gtk_label_set_label (self->stock_label, stock);

  gtk_widget_set_visible (GTK_WIDGET (self->stuck_label), rules->stuck_pile);
  if (rules->stuck_pile)
    {
      /* Translators: Pegoo: the number of cards on the pile of cards that
       * could not be played */
      g_autofree char *stuck = g_strdup_printf (_("Unable-to-play pile: %u"),
                                                pj_state_stuck_pile_count (s));

      gtk_label_set_label (self->stuck_label, stuck);
    }
}

static void
pj_team_progress_direction_changed (GtkWidget        *widget,
                                    GtkTextDirection  previous)
{
  PjTeamProgress *self = PJ_TEAM_PROGRESS (widget);

  GTK_WIDGET_CLASS (pj_team_progress_parent_class)->direction_changed (widget, previous);
  for (guint i = 0; i < self->n_rows; i++)
    gtk_widget_queue_draw (self->rows[i].symbols);
}

static void
pj_team_progress_dispose (GObject *object)
{
  PjTeamProgress *self = PJ_TEAM_PROGRESS (object);
  GtkWidget *child;

  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  self->n_rows = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_TEAM_PROGRESS);
  /* the children the template does not name go too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pj_team_progress_parent_class)->dispose (object);
}

static void
pj_team_progress_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PjTeamProgress *self = PJ_TEAM_PROGRESS (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_team_progress_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PjTeamProgress *self = PJ_TEAM_PROGRESS (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pj_team_progress_set_game (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_team_progress_class_init (PjTeamProgressClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_team_progress_dispose;
  object_class->get_property = pj_team_progress_get_property;
  object_class->set_property = pj_team_progress_set_property;
  widget_class->direction_changed = pj_team_progress_direction_changed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-team-progress.ui");
  /* read as the group of the teams' rows, named by its heading */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, PjTeamProgress, rows_box);
  gtk_widget_class_bind_template_child (widget_class, PjTeamProgress, stock_label);
  gtk_widget_class_bind_template_child (widget_class, PjTeamProgress, stuck_label);
  gtk_widget_class_set_css_name (widget_class, "pj-team-progress");
}

static void
pj_team_progress_init (PjTeamProgress *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* every way the position changes: a move (here or at the host), undo,
   * a resumed game, the end */
  self->game_signals = g_signal_group_new (PJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "action-applied", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->game_signals, "state-reset", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->game_signals, "turn-changed", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->game_signals, "game-over", G_CALLBACK (update), self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
pj_team_progress_new (void)
{
  return g_object_new (PJ_TYPE_TEAM_PROGRESS, NULL);
}

PjGame *
pj_team_progress_get_game (PjTeamProgress *self)
{
  g_return_val_if_fail (PJ_IS_TEAM_PROGRESS (self), NULL);

  return self->game;
}

void
pj_team_progress_set_game (PjTeamProgress *self,
                           PjGame         *game)
{
  g_return_if_fail (PJ_IS_TEAM_PROGRESS (self));
  g_return_if_fail (game == NULL || PJ_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;

  g_signal_group_set_target (self->game_signals, game);
  clear_rows (self);
  if (game != NULL)
    {
      const PjRules *rules = pj_game_get_rules (game);

      for (guint t = 0; t < rules->teams; t++)
        build_row (self, &self->rows[self->n_rows++], t);
    }
  update (self);
  gtk_widget_set_visible (GTK_WIDGET (self), game != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}
