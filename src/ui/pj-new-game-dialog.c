/* pj-new-game-dialog.c — rules, seats and shuffle of a new game
 *
 * Every rule option of the engine gets a row, generated from
 * pj_option_info(), so a new option shows up here without UI work.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-new-game-dialog.h"

#define N_LEVELS 4   /* human, easy, normal, hard: PjController order */

struct _PjNewGameDialog
{
  AdwWindow          parent_instance;

  AdwComboRow       *preset_row;
  AdwComboRow       *players_row;
  AdwComboRow       *teams_row;
  AdwEntryRow       *seed_row;
  AdwPreferencesGroup *seats_group;
  AdwExpanderRow    *options_row;
  GtkLabel          *error_label;

  GtkWidget         *seat_rows[PJ_MAX_PLAYERS];
  GPtrArray         *option_rows;   /* AdwComboRow, data "option": PjOptionInfo */
  GSettings         *settings;
};

G_DEFINE_FINAL_TYPE (PjNewGameDialog, pj_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  START_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const controller_keys[N_LEVELS] = { "human", "easy", "normal", "hard" };

static guint
selected_players (PjNewGameDialog *self)
{
  return 4 + 2 * adw_combo_row_get_selected (self->players_row);
}

static void
show_rules (PjNewGameDialog *self,
            const PjRules   *rules)
{
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->option_rows, i);
      const PjOptionInfo *opt = g_object_get_data (G_OBJECT (row), "option");
      const char *value = pj_option_get_string (rules, opt);

      for (guint k = 0; opt->names[k] != NULL; k++)
        if (g_strcmp0 (opt->names[k], value) == 0)
          adw_combo_row_set_selected (row, k);
    }
}

static void
preset_changed_cb (PjNewGameDialog *self)
{
  PjRules rules;
  guint players = selected_players (self);

  pj_rules_preset (&rules, (PjPreset) adw_combo_row_get_selected (self->preset_row), players);
  show_rules (self, &rules);

  /* with four players both layouts are two teams of two */
  gtk_widget_set_visible (GTK_WIDGET (self->teams_row), players > 4);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    gtk_widget_set_visible (self->seat_rows[i], i < players);
}

static gboolean
read_rules (PjNewGameDialog *self,
            PjRules         *rules,
            GError         **error)
{
  guint players = selected_players (self);

  pj_rules_preset (rules, (PjPreset) adw_combo_row_get_selected (self->preset_row), players);
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->option_rows, i);
      const PjOptionInfo *opt = g_object_get_data (G_OBJECT (row), "option");

      if (!pj_option_set_string (rules, opt->key, opt->names[adw_combo_row_get_selected (row)], error))
        return FALSE;
    }
  rules->teams = adw_combo_row_get_selected (self->teams_row) == 1 ? (guint8) (players / 2) : 2;

  return pj_rules_validate (rules, error);
}

PjGame *
pj_new_game_dialog_create_game (PjNewGameDialog  *self,
                                GError          **error)
{
  g_autoptr (PjGame) game = NULL;
  const char *seed_text;
  guint64 seed;
  PjRules rules;

  g_return_val_if_fail (PJ_IS_NEW_GAME_DIALOG (self), NULL);

  if (!read_rules (self, &rules, error))
    return NULL;

  seed_text = gtk_editable_get_text (GTK_EDITABLE (self->seed_row));
  if (seed_text == NULL || seed_text[0] == '\0')
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  else if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The shuffle number must be a whole number, not “%s”"), seed_text);
      return NULL;
    }

  game = pj_game_new (&rules, seed, -1);
  for (guint i = 0; i < rules.players; i++)
    pj_game_set_controller (game, i,
                            (PjController) adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i])));

  if (self->settings != NULL)
    {
      g_autofree char *text = pj_rules_to_string (&rules);
      g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
      g_auto (GStrv) seats = NULL;

      for (guint i = 0; i < rules.players; i++)
        {
          g_autofree char *entry = g_strdup_printf ("%s:", controller_keys[adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i]))]);
          g_strv_builder_add (builder, entry);
        }
      seats = g_strv_builder_end (builder);
      g_settings_set_string (self->settings, "last-rules", text);
      g_settings_set_strv (self->settings, "last-seats", (const char *const *) seats);
    }

  return g_steal_pointer (&game);
}

static void
start_clicked_cb (PjNewGameDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjGame) game = pj_new_game_dialog_create_game (self, &error);

  if (game == NULL)
    {
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }

  g_signal_emit (self, signals[START_GAME], 0, game);
  gtk_window_close (GTK_WINDOW (self));
}

static void
load_settings (PjNewGameDialog *self)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) seats = NULL;
  g_auto (GStrv) words = NULL;
  PjPreset preset = PJ_PRESET_BASIC;
  PjRules rules;

  if (self->settings == NULL)
    return;

  text = g_settings_get_string (self->settings, "last-rules");
  words = g_strsplit (text, " ", 2);
  if (words[0] != NULL && pj_preset_lookup (words[0], &preset) && pj_rules_from_string (&rules, text, NULL))
    {
      adw_combo_row_set_selected (self->preset_row, preset);
      adw_combo_row_set_selected (self->players_row, (rules.players - 4) / 2);
      adw_combo_row_set_selected (self->teams_row, rules.teams > 2 ? 1 : 0);
      show_rules (self, &rules);
    }

  seats = g_settings_get_strv (self->settings, "last-seats");
  for (guint i = 0; seats[i] != NULL && i < PJ_MAX_PLAYERS; i++)
    for (guint k = 0; k < N_LEVELS; k++)
      if (g_str_has_prefix (seats[i], controller_keys[k]) && seats[i][strlen (controller_keys[k])] == ':')
        adw_combo_row_set_selected (ADW_COMBO_ROW (self->seat_rows[i]), k);
}

static void
pj_new_game_dialog_dispose (GObject *object)
{
  PjNewGameDialog *self = (PjNewGameDialog *) object;

  g_clear_object (&self->settings);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_NEW_GAME_DIALOG);

  G_OBJECT_CLASS (pj_new_game_dialog_parent_class)->dispose (object);
}

static void
pj_new_game_dialog_class_init (PjNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_new_game_dialog_dispose;

  /**
   * PjNewGameDialog::start-game:
   * @game: the new game, not started yet
   */
  signals[START_GAME] =
    g_signal_new ("start-game",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, PJ_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/pegsandjokers/PegsAndJokers/pj-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, preset_row);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, players_row);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, teams_row);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, seed_row);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, seats_group);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, options_row);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pj_new_game_dialog_init (PjNewGameDialog *self)
{
  g_autoptr (GtkStringList) presets = gtk_string_list_new (NULL);
  const char *levels[N_LEVELS + 1] = {
    _("Human"), _("Computer, easy"), _("Computer, normal"), _("Computer, hard"), NULL
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->option_rows = g_ptr_array_new ();

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    gtk_string_list_append (presets, _(pj_preset_title ((PjPreset) p)));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (presets));

  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      g_autoptr (GtkStringList) model = gtk_string_list_new (levels);
      GtkWidget *row = adw_combo_row_new ();
      g_autofree char *title = g_strdup_printf (_("Seat %u: %s"), i + 1, pj_game_colour_name (i));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), i == 0 ? PJ_CONTROLLER_HUMAN : PJ_CONTROLLER_NORMAL);
      adw_preferences_group_add (self->seats_group, row);
      self->seat_rows[i] = row;
    }

  for (guint i = 0; i < pj_option_count (); i++)
    {
      const PjOptionInfo *opt = pj_option_info (i);
      g_autoptr (GtkStringList) model = NULL;
      GtkWidget *row;

      /* players and teams have their own rows above */
      if (g_str_equal (opt->key, "players") || g_str_equal (opt->key, "teams"))
        continue;

      model = gtk_string_list_new ((const char *const *) opt->names);
      row = adw_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(opt->title));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(opt->description));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
      g_object_set_data (G_OBJECT (row), "option", (gpointer) opt);
      adw_expander_row_add_row (self->options_row, row);
      g_ptr_array_add (self->option_rows, row);
    }

  g_signal_connect_swapped (self->preset_row, "notify::selected", G_CALLBACK (preset_changed_cb), self);
  g_signal_connect_swapped (self->players_row, "notify::selected", G_CALLBACK (preset_changed_cb), self);
  preset_changed_cb (self);
}

PjNewGameDialog *
pj_new_game_dialog_new (GtkWindow *parent,
                        GSettings *settings)
{
  PjNewGameDialog *self;

  self = g_object_new (PJ_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      load_settings (self);
    }

  return self;
}
