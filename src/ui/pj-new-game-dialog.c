/* pj-new-game-dialog.c — rules, seats and shuffle of a new game
 *
 * Every rule option of the engine gets a row, generated from
 * pj_option_info() and shown in its group, so a new option shows up here
 * without UI work. Rows show the options' value titles, never the value
 * names that saves and the network use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-new-game-dialog.h"
#include "pj-choice-factory.h"
#include "pj-colours.h"
#include "pj-peg-style.h"
#include "pj-rules-text.h"
#include "pj-text.h"

#define N_CHOICES     (1 + PJ_AI_N_LEVELS)   /* a person, then each computer level */
#define MAX_NAME_CHARS 32  /* fits beside the board at every size */

typedef struct
{
  AdwEntryRow *row;
  GtkDropDown *controller;
  gboolean     named;    /* the user typed the name: remember it */
} Seat;

struct _PjNewGameDialog
{
  AdwWindow            parent_instance;

  AdwComboRow         *preset_row;
  AdwComboRow         *players_row;
  AdwComboRow         *teams_row;
  AdwEntryRow         *seed_row;
  AdwPreferencesGroup *seats_group;
  AdwPreferencesGroup *options_group;
  GtkLabel            *error_label;

  Seat                 seats[PJ_MAX_PLAYERS];
  AdwExpanderRow      *group_rows[PJ_N_OPTION_GROUPS];
  GPtrArray           *option_rows;   /* AdwComboRow, data "option": PjOptionInfo */
  guint                players;       /* what the rows were set up for */
  guint                updating;      /* rows being set from code, not by the user */
  GSettings           *settings;
};

G_DEFINE_FINAL_TYPE (PjNewGameDialog, pj_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  START_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];


static guint8 *
rules_field (PjRules            *rules,
             const PjOptionInfo *opt)
{
  return (guint8 *) rules + opt->offset;
}

static guint
selected_players (PjNewGameDialog *self)
{
  return 4 + 2 * adw_combo_row_get_selected (self->players_row);
}

static PjPreset
selected_preset (PjNewGameDialog *self)
{
  guint preset = adw_combo_row_get_selected (self->preset_row);

  return preset < PJ_N_PRESETS ? (PjPreset) preset : PJ_PRESET_BASIC;
}

/* The rules the rows show, for that many players; not validated. */
static void
read_rules (PjNewGameDialog *self,
            guint            players,
            PjRules         *rules)
{
  pj_rules_preset (rules, selected_preset (self), players);
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->option_rows, i);
      const PjOptionInfo *opt = g_object_get_data (G_OBJECT (row), "option");
      guint selected = adw_combo_row_get_selected (row);

      if (selected != GTK_INVALID_LIST_POSITION)
        *rules_field (rules, opt) = opt->values[selected];
    }
  rules->teams = players > 4 && adw_combo_row_get_selected (self->teams_row) == 1 ? (guint8) (players / 2) : 2;
}

static void
show_rules (PjNewGameDialog *self,
            const PjRules   *rules)
{
  self->updating++;
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->option_rows, i);
      const PjOptionInfo *opt = g_object_get_data (G_OBJECT (row), "option");
      guint8 value = *rules_field ((PjRules *) rules, opt);

      for (guint k = 0; opt->names[k] != NULL; k++)
        if (opt->values[k] == value)
          adw_combo_row_set_selected (row, k);
    }
  self->updating--;
}

/* A row whose option does not apply with the others as they are
 * (pj_rules_option_blocked()) is greyed out and says why in place of its
 * description; one that applies tells in its tooltip what its value means,
 * in the words of the rules window. */
static void
show_option_applies (AdwComboRow   *row,
                     const PjRules *rules)
{
  const PjOptionInfo *opt = g_object_get_data (G_OBJECT (row), "option");
  const PjOptionDependency *blocked = pj_rules_option_blocked (rules, opt);
  const char *reason = blocked ? _(blocked->why) : NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (row), blocked == NULL);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), blocked ? reason : _(opt->description));
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), blocked ? reason : pj_rules_text_explain (rules, opt));
}

/* Who plays with whom, for the table as it is set: "Red, Green — Blue, Yellow". */
static void
show_partners (PjNewGameDialog *self,
               const PjRules   *rules)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint team = 0; team < rules->teams; team++)
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      g_autofree char *list = NULL;

      for (guint seat = 0; seat < rules->players; seat++)
        if (pj_team_of (rules, seat) == team)
          g_ptr_array_add (names, (gpointer) pj_text_colour_name (seat));
      g_ptr_array_add (names, NULL);
      /* Translators: the separator of the colours of one team, e.g. "Red, Green" */
      list = g_strjoinv (_(", "), (char **) names->pdata);
      if (team > 0)
        /* Translators: between two teams in the list of partners */
        g_string_append (text, _(" — "));
      g_string_append (text, list);
    }
  {
    /* Translators: the seats group's description; %s lists the teams, e.g. "Red, Green — Blue, Yellow" */
    g_autofree char *description = g_strdup_printf (_("Play goes clockwise from seat to seat. Partners: %s"), text->str);

    adw_preferences_group_set_description (self->seats_group, description);
  }
}

/* Rows whose option has no effect with the others as they are go
 * insensitive; the preset row says when the options are the user's own. */
static void
update_state (PjNewGameDialog *self)
{
  PjRules rules, preset_rules;
  PjPreset preset = selected_preset (self);
  guint players = selected_players (self);
  GPtrArray *changed[PJ_N_OPTION_GROUPS], *titles[PJ_N_OPTION_GROUPS];
  AdwComboRow *row;

  /* an error from Start is about what was there then */
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  read_rules (self, players, &rules);
  pj_rules_preset (&preset_rules, preset, players);

  if (pj_rules_match_preset (&rules) != (int) preset)
    {
      /* Translators: the subtitle of the rules row once an option differs from the chosen rules, e.g. "Custom (based on North Carolina)" */
      g_autofree char *text = g_strdup_printf (_("Custom (based on %s)"), _(pj_preset_title (preset)));

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), text);
    }
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), _(pj_preset_description (preset)));

  for (guint g = 0; g < PJ_N_OPTION_GROUPS; g++)
    {
      changed[g] = g_ptr_array_new ();
      titles[g] = g_ptr_array_new ();
    }
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      const PjOptionInfo *opt;

      row = g_ptr_array_index (self->option_rows, i);
      opt = g_object_get_data (G_OBJECT (row), "option");
      g_ptr_array_add (titles[opt->group], (gpointer) _(opt->title));
      if (*rules_field (&rules, opt) != *rules_field (&preset_rules, opt))
        g_ptr_array_add (changed[opt->group], (gpointer) _(opt->title));
    }
  for (guint g = 0; g < PJ_N_OPTION_GROUPS; g++)
    {
      /* what is inside, or what the user changed there */
      if (self->group_rows[g] != NULL)
        {
          GPtrArray *shown = changed[g]->len > 0 ? changed[g] : titles[g];
          g_autofree char *list = NULL;
          g_autofree char *text = NULL;

          g_ptr_array_add (shown, NULL);
          /* Translators: the separator of a list of option titles, e.g. "Nine split, Ten" */
          list = g_strjoinv (_(", "), (char **) shown->pdata);
          if (changed[g]->len > 0)
            /* Translators: %s is a list of rule options, e.g. "Changed: Nine split, Ten" */
            text = g_strdup_printf (_("Changed: %s"), list);
          adw_expander_row_set_subtitle (self->group_rows[g], text ? text : list);
        }
      g_ptr_array_unref (changed[g]);
      g_ptr_array_unref (titles[g]);
    }

  /* with four players both layouts are two teams of two */
  gtk_widget_set_visible (GTK_WIDGET (self->teams_row), players > 4);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->seats[i].row), i < players);

  show_partners (self, &rules);

  for (guint i = 0; i < self->option_rows->len; i++)
    show_option_applies (g_ptr_array_index (self->option_rows, i), &rules);
}

static void
preset_changed_cb (PjNewGameDialog *self)
{
  PjRules rules;

  if (self->updating)
    return;

  pj_rules_preset (&rules, selected_preset (self), selected_players (self));
  show_rules (self, &rules);
  update_state (self);
}

/* Options the user changed stay; those that were the preset's choice for
 * the old number of players become its choice for the new one (decks). */
static void
players_changed_cb (PjNewGameDialog *self)
{
  PjRules rules, old_preset, new_preset;
  guint players = selected_players (self);

  if (self->updating || players == self->players)
    return;

  read_rules (self, self->players, &rules);
  pj_rules_preset (&old_preset, selected_preset (self), self->players);
  pj_rules_preset (&new_preset, selected_preset (self), players);
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->option_rows, i);
      const PjOptionInfo *opt = g_object_get_data (G_OBJECT (row), "option");

      if (*rules_field (&rules, opt) == *rules_field (&old_preset, opt))
        *rules_field (&rules, opt) = *rules_field (&new_preset, opt);
    }
  self->players = players;
  show_rules (self, &rules);
  update_state (self);
}

/* Keep the options consistent (pj_rules_validate()) as the user changes
 * them, rather than refusing them at Start. */
static void
option_changed_cb (PjNewGameDialog *self)
{
  PjRules rules, fixed;

  if (self->updating)
    return;

  read_rules (self, selected_players (self), &rules);
  fixed = rules;
  /* an option pj_rules_validate() refuses with the others is turned off,
   * and so on down what depends on it (bluffing, counting, the pile) */
  for (gboolean again = TRUE; again;)
    {
      again = FALSE;
      for (guint i = 0; i < pj_option_count (); i++)
        {
          const PjOptionInfo *opt = pj_option_info (i);
          const PjOptionDependency *blocked = pj_rules_option_blocked (&fixed, opt);

          if (blocked && blocked->must_be_off && *rules_field (&fixed, opt) != blocked->off)
            {
              *rules_field (&fixed, opt) = blocked->off;
              again = TRUE;
            }
        }
    }
  if (memcmp (&fixed, &rules, sizeof rules) != 0)
    show_rules (self, &fixed);
  update_state (self);
}

/* ---- seats ---------------------------------------------------------------- */

/* Every seat's default name is its colour, as in pj_game_get_seat_name():
 * the board already adds "(computer)" to a computer's name, and three
 * computers of one level need names that tell them apart. */
static const char *
default_name (guint seat)
{
  return pj_text_colour_name (seat);
}

/* A seat's chooser lists a person, then the computer levels in their order
 * (record's mapping says which controller plays each). */
static PjController
choice_controller (guint position)
{
  if (position == 0 || position >= N_CHOICES)
    return PJ_CONTROLLER_HUMAN;
  return pj_controller_from_level ((PjAiLevel) (position - 1));
}

static guint
controller_choice (PjController controller)
{
  PjAiLevel level;

  return pj_controller_to_level (controller, &level) ? 1 + (guint) level : 0;
}

static PjController
seat_controller (PjNewGameDialog *self,
                 guint            seat)
{
  guint selected = gtk_drop_down_get_selected (self->seats[seat].controller);

  return choice_controller (selected);
}

/* The trimmed name in @out (NULL when empty: the default applies). */
static gboolean
check_name (const char  *text,
            guint        seat,
            char       **out,
            GError     **error)
{
  g_autofree char *name = g_strstrip (g_strdup (text ? text : ""));

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("The name of seat %u cannot contain control characters"), seat + 1);
        return FALSE;
      }
  if (g_utf8_strlen (name, -1) > MAX_NAME_CHARS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   ngettext ("The name of seat %u is longer than %u character",
                             "The name of seat %u is longer than %u characters", MAX_NAME_CHARS),
                   seat + 1, MAX_NAME_CHARS);
      return FALSE;
    }
  if (out != NULL)
    *out = name[0] != '\0' ? g_steal_pointer (&name) : NULL;
  return TRUE;
}

static void
set_seat_text (PjNewGameDialog *self,
               guint            seat,
               const char      *text)
{
  self->updating++;
  gtk_editable_set_text (GTK_EDITABLE (self->seats[seat].row), text);
  self->updating--;
}

static void
name_changed_cb (GtkEditable     *editable,
                 PjNewGameDialog *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "seat"));
  const char *text = gtk_editable_get_text (editable);

  if (!self->updating)
    self->seats[seat].named = text[0] != '\0' && g_strcmp0 (text, default_name (seat)) != 0;

  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  if (check_name (text, seat, NULL, NULL))
    gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editable), "error");
}

static void
draw_peg (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  GdkRGBA outline;

  /* the text colour, so that the outline shows in the dark style too */
  pj_colours_get_foreground (GTK_WIDGET (area), &outline);
  outline.alpha *= 0.5;
  pj_peg_style_draw_peg (cr, GPOINTER_TO_UINT (user_data), width / 2.0, height / 2.0,
                         MIN (width, height) / 2.0 - 1, &outline);
}

/* The chooser's button says what plays the seat: "Computer — Normal", as
 * the list does, never a bare "Normal" that reads like a person's setting. */
static void
level_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* in a narrow window "Computer — Normal" takes two lines, leaving room
   * for the name */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 9);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_list_item_set_child (item, label);
}

static void
level_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  guint position = gtk_list_item_get_position (item);
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       position < N_CHOICES ? pj_text_controller_long_title (choice_controller (position)) : text);
}

static GtkListItemFactory *
level_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (level_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (level_bind_cb), NULL);
  return factory;
}

static void
add_seat_row (PjNewGameDialog *self,
              guint            seat,
              GtkSizeGroup    *choosers)
{
  const char *levels[N_CHOICES + 1] = { NULL };
  g_autoptr (GtkListItemFactory) button_factory = level_factory_new ();
  g_autoptr (GtkListItemFactory) list_factory = pj_choice_list_factory_new ();
  g_autofree char *title = g_strdup_printf (_("Seat %u: %s"), seat + 1, pj_text_colour_name (seat));
  g_autofree char *label = NULL;
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *peg, *dropdown;
  PjController controller = seat == 0 ? PJ_CONTROLLER_HUMAN : PJ_CONTROLLER_NORMAL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
  g_object_set_data (G_OBJECT (row), "seat", GUINT_TO_POINTER (seat));

  /* the entry row's title names the colour; the peg only shows it */
  peg = g_object_new (GTK_TYPE_DRAWING_AREA,
                      "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                      "content-width", 24,
                      "content-height", 24,
                      "valign", GTK_ALIGN_CENTER,
                      NULL);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (peg), draw_peg, GUINT_TO_POINTER (seat), NULL);
  adw_entry_row_add_prefix (ADW_ENTRY_ROW (row), peg);

  for (guint k = 0; k < N_CHOICES; k++)
    levels[k] = pj_text_controller_long_title (choice_controller (k));
  dropdown = gtk_drop_down_new_from_strings (levels);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), button_factory);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (dropdown), list_factory);
  /* one width for all, so that the names line up */
  gtk_size_group_add_widget (choosers, dropdown);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), controller_choice (controller));
  g_object_set_data (G_OBJECT (dropdown), "seat", GUINT_TO_POINTER (seat));
  /* Translators: the accessible name of the human/computer chooser of a seat, e.g. "Player of seat 2" */
  label = g_strdup_printf (_("Player of seat %u"), seat + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), dropdown);

  self->seats[seat].row = ADW_ENTRY_ROW (row);
  self->seats[seat].controller = GTK_DROP_DOWN (dropdown);
  set_seat_text (self, seat, default_name (seat));
  g_signal_connect (row, "changed", G_CALLBACK (name_changed_cb), self);
  adw_preferences_group_add (self->seats_group, row);
}

/* ---- rule options ------------------------------------------------------- */

static void
add_option_rows (PjNewGameDialog *self)
{
  g_autoptr (GtkListItemFactory) value_factory = pj_choice_value_factory_new ();
  /* in the popover a value is a plain line, aligned with the others */
  g_autoptr (GtkListItemFactory) list_factory = pj_choice_list_factory_new ();
  /* the rows above the options too: "Basic" read "Ba…" beside "Rules" */
  AdwComboRow *above[] = { self->preset_row, self->players_row, self->teams_row };

  for (guint i = 0; i < G_N_ELEMENTS (above); i++)
    {
      adw_combo_row_set_factory (above[i], value_factory);
      adw_combo_row_set_list_factory (above[i], list_factory);
    }
  for (guint g = 0; g < PJ_N_OPTION_GROUPS; g++)
    for (guint i = 0; i < pj_option_count (); i++)
      {
        const PjOptionInfo *opt = pj_option_info (i);
        g_autoptr (GtkStringList) model = NULL;
        GtkWidget *row;

        /* players and teams have their own rows above */
        if (opt->group != g || g_str_equal (opt->key, "players") || g_str_equal (opt->key, "teams"))
          continue;

        if (self->group_rows[g] == NULL)
          {
            GtkWidget *expander = adw_expander_row_new ();

            adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _(pj_option_group_title (g)));
            adw_preferences_group_add (self->options_group, expander);
            self->group_rows[g] = ADW_EXPANDER_ROW (expander);
          }

        model = gtk_string_list_new (NULL);
        for (guint k = 0; opt->value_titles[k] != NULL; k++)
          gtk_string_list_append (model, _(opt->value_titles[k]));

        row = adw_combo_row_new ();
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(opt->title));
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(opt->description));
        adw_combo_row_set_factory (ADW_COMBO_ROW (row), value_factory);
        adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), list_factory);
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
        g_object_set_data (G_OBJECT (row), "option", (gpointer) opt);
        g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (option_changed_cb), self);
        adw_expander_row_add_row (self->group_rows[g], row);
        g_ptr_array_add (self->option_rows, row);
      }
}

/* ---- the game ----------------------------------------------------------- */

static void
save_settings (PjNewGameDialog  *self,
               const PjRules    *rules,
               char            **names)
{
  g_autofree char *text = pj_rules_to_string (rules);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) seats = NULL;

  /* only typed names: the defaults follow the language */
  for (guint i = 0; i < rules->players; i++)
    {
      g_autofree char *entry = g_strdup_printf ("%s:%s", pj_controller_to_id (seat_controller (self, i)),
                                                names[i] != NULL ? names[i] : "");
      g_strv_builder_add (builder, entry);
    }
  seats = g_strv_builder_end (builder);
  g_settings_set_string (self->settings, "last-rules", text);
  g_settings_set_strv (self->settings, "last-seats", (const char *const *) seats);
}

PjGame *
pj_new_game_dialog_create_game (PjNewGameDialog  *self,
                                GError          **error)
{
  g_autoptr (PjGame) game = NULL;
  char *names[PJ_MAX_PLAYERS] = { NULL, };
  const char *seed_text;
  guint64 seed;
  PjRules rules;
  gboolean ok = FALSE;

  g_return_val_if_fail (PJ_IS_NEW_GAME_DIALOG (self), NULL);

  read_rules (self, selected_players (self), &rules);
  if (!pj_rules_validate (&rules, error))
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

  for (guint i = 0; i < rules.players; i++)
    if (!check_name (gtk_editable_get_text (GTK_EDITABLE (self->seats[i].row)), i, &names[i], error))
      goto out;

  game = pj_game_new (&rules, seed, -1);
  for (guint i = 0; i < rules.players; i++)
    {
      PjController controller = seat_controller (self, i);

      pj_game_set_controller (game, i, controller);
      /* a default stays unset: the game shows the colour in the reader's language */
      if (names[i] != NULL && g_strcmp0 (names[i], default_name (i)) != 0)
        pj_game_set_seat_name (game, i, names[i]);
    }

  /* what is remembered is what the user typed, not the defaults filled in */
  for (guint i = 0; i < rules.players; i++)
    if (!self->seats[i].named)
      g_clear_pointer (&names[i], g_free);
  if (self->settings != NULL)
    save_settings (self, &rules, names);
  ok = TRUE;

out:
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    g_free (names[i]);
  return ok ? g_steal_pointer (&game) : NULL;
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

  text = g_settings_get_string (self->settings, "last-rules");
  words = g_strsplit (text, " ", 2);
  if (words[0] != NULL && pj_preset_lookup (words[0], &preset) && pj_rules_from_string (&rules, text, NULL))
    {
      self->updating++;
      adw_combo_row_set_selected (self->preset_row, preset);
      adw_combo_row_set_selected (self->players_row, (rules.players - 4) / 2);
      adw_combo_row_set_selected (self->teams_row, rules.teams > 2 ? 1 : 0);
      self->players = rules.players;
      self->updating--;
      show_rules (self, &rules);
    }

  seats = g_settings_get_strv (self->settings, "last-seats");
  for (guint i = 0; seats[i] != NULL && i < PJ_MAX_PLAYERS; i++)
    {
      /* "controller:name"; a name may itself contain colons */
      const char *colon = strchr (seats[i], ':');
      g_autofree char *key = g_strndup (seats[i], colon ? (gsize) (colon - seats[i]) : strlen (seats[i]));
      PjController controller;

      /* an entry we did not write: keep the defaults */
      if (!pj_controller_from_id (key, &controller) || controller == PJ_CONTROLLER_REMOTE)
        continue;
      gtk_drop_down_set_selected (self->seats[i].controller, controller_choice (controller));

      if (colon != NULL && colon[1] != '\0' && g_utf8_validate (colon + 1, -1, NULL))
        {
          set_seat_text (self, i, colon + 1);
          self->seats[i].named = TRUE;
        }
    }

  update_state (self);
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
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, options_group);
  gtk_widget_class_bind_template_child (widget_class, PjNewGameDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pj_new_game_dialog_init (PjNewGameDialog *self)
{
  g_autoptr (GtkStringList) presets = gtk_string_list_new (NULL);
  g_autoptr (GtkSizeGroup) choosers = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  PjRules rules;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->option_rows = g_ptr_array_new ();
  self->players = 4;

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    gtk_string_list_append (presets, _(pj_preset_title ((PjPreset) p)));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (presets));

  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    add_seat_row (self, i, choosers);
  add_option_rows (self);

  g_signal_connect_swapped (self->preset_row, "notify::selected", G_CALLBACK (preset_changed_cb), self);
  g_signal_connect_swapped (self->players_row, "notify::selected", G_CALLBACK (players_changed_cb), self);
  g_signal_connect_swapped (self->teams_row, "notify::selected", G_CALLBACK (update_state), self);

  pj_rules_preset (&rules, PJ_PRESET_BASIC, self->players);
  show_rules (self, &rules);
  update_state (self);
}

/**
 * pj_new_game_dialog_set_rules:
 * @self: a dialog
 * @rules: the rules to start from (those of the game on the table)
 *
 * Show @rules, in place of the last ones used; the seats stay as they were.
 */
void
pj_new_game_dialog_set_rules (PjNewGameDialog *self,
                              const PjRules   *rules)
{
  int preset;

  g_return_if_fail (PJ_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (rules != NULL);

  preset = pj_rules_match_preset (rules);
  self->updating++;
  /* a custom table shows as based on the basic rules */
  adw_combo_row_set_selected (self->preset_row, preset >= 0 ? (guint) preset : PJ_PRESET_BASIC);
  adw_combo_row_set_selected (self->players_row, (rules->players - 4) / 2);
  adw_combo_row_set_selected (self->teams_row, rules->teams > 2 ? 1 : 0);
  self->players = rules->players;
  self->updating--;
  show_rules (self, rules);
  update_state (self);
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
