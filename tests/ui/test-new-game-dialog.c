/* test-new-game-dialog.c — the new-game dialog makes the game the user set
 * up (rules, names, controllers, shuffle), shows rule options by their
 * value titles, keeps options consistent, and remembers the last choices.
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of the dialog at its default size,
 * with every group expanded, at 360 px, dark and right-to-left.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-new-game-dialog.h"
#include "pj-settings.h"
#include "pj-test-display.h"
#include "pj-window.h"

/* ---- finding widgets the way a user would: by what they show ---------- */

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, out);
}

static GPtrArray *
find_all (gpointer root,
          GType    type)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (GTK_WIDGET (root), type, out);
  return out;
}

static AdwComboRow *
find_combo (PjNewGameDialog *dialog,
            const char      *title)
{
  g_autoptr (GPtrArray) rows = find_all (dialog, ADW_TYPE_COMBO_ROW);

  for (guint i = 0; i < rows->len; i++)
    {
      const char *t = adw_preferences_row_get_title (rows->pdata[i]);

      /* the template's rows have mnemonics */
      if (g_strcmp0 (t, title) == 0 || (t[0] == '_' && g_strcmp0 (t + 1, title) == 0))
        return rows->pdata[i];
    }
  g_error ("no combo row “%s”", title);
  return NULL;
}

static const char *
combo_text (AdwComboRow *row)
{
  GtkStringObject *item = adw_combo_row_get_selected_item (row);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

static void
choose (AdwComboRow *row,
        const char  *text)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), text) == 0)
        {
          adw_combo_row_set_selected (row, i);
          return;
        }
    }
  g_error ("row “%s” has no choice “%s”", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), text);
}

/* The seat rows, in seat order. */
static AdwEntryRow *
seat_row (PjNewGameDialog *dialog,
          guint            seat)
{
  g_autoptr (GPtrArray) rows = find_all (dialog, ADW_TYPE_ENTRY_ROW);
  guint n = 0;

  for (guint i = 0; i < rows->len; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (rows->pdata[i]), "Seat "))
      if (n++ == seat)
        return rows->pdata[i];
  g_error ("no row for seat %u", seat);
  return NULL;
}

static GtkDropDown *
seat_controller (PjNewGameDialog *dialog,
                 guint            seat)
{
  g_autoptr (GPtrArray) found = find_all (seat_row (dialog, seat), GTK_TYPE_DROP_DOWN);

  g_assert_cmpuint (found->len, ==, 1);
  return found->pdata[0];
}

static AdwEntryRow *
seed_row (PjNewGameDialog *dialog)
{
  g_autoptr (GPtrArray) rows = find_all (dialog, ADW_TYPE_ENTRY_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (g_str_has_prefix (adw_preferences_row_get_title (rows->pdata[i]), "Shuffle"))
      return rows->pdata[i];
  g_error ("no shuffle number row");
  return NULL;
}

static gboolean
is_shown_cb (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

static GSettings *
fresh_settings (void)
{
  GSettings *settings = pj_settings_new ();

  g_assert_nonnull (settings);
  g_settings_reset (settings, "last-rules");
  g_settings_reset (settings, "last-seats");
  return settings;
}

/* Six players, North Carolina with a house change, named seats. */
static void
set_up_a_game (PjNewGameDialog *dialog)
{
  choose (find_combo (dialog, "Rules"), "North Carolina");
  choose (find_combo (dialog, "Number of Players"), "6");
  choose (find_combo (dialog, "Teams"), "Teams of two, partners opposite");
  choose (find_combo (dialog, "Nine split"), "Both forward");
  gtk_editable_set_text (GTK_EDITABLE (seed_row (dialog)), "42");

  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 0)), "  Ann  ");
  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 1)), "Bob: the builder");
  gtk_drop_down_set_selected (seat_controller (dialog, 1), PJ_CONTROLLER_HARD);
  gtk_drop_down_set_selected (seat_controller (dialog, 2), PJ_CONTROLLER_HUMAN);
  gtk_drop_down_set_selected (seat_controller (dialog, 5), PJ_CONTROLLER_EASY);
}

static void
check_game (PjGame *game)
{
  const PjRules *rules = pj_game_get_rules (game);
  PjRules want;

  pj_rules_preset (&want, PJ_PRESET_NORTH_CAROLINA, 6);
  want.teams = 3;
  want.nine = PJ_NINE_FWD_FWD;
  g_assert_cmpmem (rules, sizeof *rules, &want, sizeof want);
  g_assert_cmpuint (pj_game_get_seed (game), ==, 42);

  g_assert_cmpstr (pj_game_get_seat_name (game, 0), ==, "Ann");
  g_assert_cmpstr (pj_game_get_seat_name (game, 1), ==, "Bob: the builder");
  g_assert_cmpstr (pj_game_get_seat_name (game, 2), ==, "Green");
  g_assert_cmpstr (pj_game_get_seat_name (game, 5), ==, "Purple");
  g_assert_cmpint (pj_game_get_controller (game, 0), ==, PJ_CONTROLLER_HUMAN);
  g_assert_cmpint (pj_game_get_controller (game, 1), ==, PJ_CONTROLLER_HARD);
  g_assert_cmpint (pj_game_get_controller (game, 2), ==, PJ_CONTROLLER_HUMAN);
  g_assert_cmpint (pj_game_get_controller (game, 3), ==, PJ_CONTROLLER_NORMAL);
  g_assert_cmpint (pj_game_get_controller (game, 5), ==, PJ_CONTROLLER_EASY);
}

static void
test_create_game (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (PjGame) game = NULL;
  PjNewGameDialog *dialog;
  AdwComboRow *preset;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  settings = fresh_settings ();
  dialog = pj_new_game_dialog_new (NULL, settings);
  preset = find_combo (dialog, "Rules");

  /* each preset says what it is */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (preset)), ==,
                   "The common game: draw, play a card, race your pegs home");
  set_up_a_game (dialog);
  /* the house change is shown as such */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (preset)), ==, "Custom (based on North Carolina)");
  /* names follow the colours until typed */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seat_row (dialog, 2))), ==, "Green");

  game = pj_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  check_game (game);

  /* choosing a preset again sets all its options */
  choose (preset, "Basic");
  choose (preset, "North Carolina");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Nine split")), ==, "One forward, one back");
  /* each preset says what it is */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (preset)), ==,
                   "Jokers jump onto any peg, twos swap, tens split; a free come-out after stuck turns");

  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
is_raw_name (const char *text)
{
  for (guint i = 0; i < pj_option_count (); i++)
    {
      const PjOptionInfo *opt = pj_option_info (i);

      for (guint k = 0; opt->names[k] != NULL; k++)
        /* numbers read the same either way */
        if (g_strcmp0 (text, opt->names[k]) == 0 && g_strcmp0 (opt->names[k], opt->value_titles[k]) != 0 &&
            !g_ascii_isdigit (opt->names[k][0]))
          return TRUE;
    }
  return FALSE;
}

static void
test_value_titles (void)
{
  g_autoptr (GPtrArray) combos = NULL;
  g_autoptr (GPtrArray) expanders = NULL;
  g_autoptr (GPtrArray) labels = NULL;
  PjNewGameDialog *dialog;
  guint n_options = 0;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  dialog = pj_new_game_dialog_new (NULL, NULL);
  gtk_window_present (GTK_WINDOW (dialog));

  /* one expander per group, titled */
  expanders = find_all (dialog, ADW_TYPE_EXPANDER_ROW);
  g_assert_cmpuint (expanders->len, ==, PJ_N_OPTION_GROUPS);
  for (guint g = 0; g < expanders->len; g++)
    {
      g_assert_cmpstr (adw_preferences_row_get_title (expanders->pdata[g]), ==,
                       pj_option_group_title ((PjOptionGroup) g));
      adw_expander_row_set_expanded (expanders->pdata[g], TRUE);
    }
  pj_test_wait (200);

  combos = find_all (dialog, ADW_TYPE_COMBO_ROW);
  for (guint i = 0; i < combos->len; i++)
    {
      AdwComboRow *row = combos->pdata[i];
      GListModel *model = adw_combo_row_get_model (row);
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
      const PjOptionInfo *opt = NULL;

      for (guint o = 0; o < pj_option_count (); o++)
        if (g_strcmp0 (pj_option_info (o)->title, title) == 0)
          opt = pj_option_info (o);

      for (guint k = 0; k < g_list_model_get_n_items (model); k++)
        {
          g_autoptr (GtkStringObject) item = g_list_model_get_item (model, k);
          const char *text = gtk_string_object_get_string (item);

          g_assert_false (is_raw_name (text));
          if (opt != NULL)
            g_assert_cmpstr (text, ==, opt->value_titles[k]);
        }
      if (opt != NULL)
        {
          /* a greyed-out option says why instead */
          if (gtk_widget_get_sensitive (GTK_WIDGET (row)))
            g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, opt->description);
          else
            g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (row)));
          n_options++;
        }
    }
  /* players and teams have their own rows at the top */
  g_assert_cmpuint (n_options, ==, pj_option_count () - 2);

  /* nothing on screen is a value name: "fwd_back", "hit_any", "no" … */
  labels = find_all (dialog, GTK_TYPE_LABEL);
  g_assert_cmpuint (labels->len, >, 20);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_label (labels->pdata[i]);

      if (is_raw_name (text))
        g_error ("a label shows the value name “%s”", text);
    }
  g_assert_cmpstr (combo_text (find_combo (dialog, "Nine split")), ==, "No split");

  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Changing the number of players keeps the user's options and gives the
 * preset's choices for the new count (more decks at 8). */
static void
test_players_keep_options (void)
{
  PjNewGameDialog *dialog;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  dialog = pj_new_game_dialog_new (NULL, NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (find_combo (dialog, "Teams"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (seat_row (dialog, 4))));
  g_assert_cmpstr (combo_text (find_combo (dialog, "Decks")), ==, "3 decks");

  choose (find_combo (dialog, "Ten"), "10 forward or 1 back");
  choose (find_combo (dialog, "Number of Players"), "8");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Decks")), ==, "4 decks");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Ten")), ==, "10 forward or 1 back");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (find_combo (dialog, "Teams"))));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (seat_row (dialog, 7))));

  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Options that cannot go together are kept apart as they are chosen. */
static void
test_consistent_options (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjGame) game = NULL;
  PjNewGameDialog *dialog;
  AdwComboRow *counting, *pile, *swap_needs;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  dialog = pj_new_game_dialog_new (NULL, NULL);
  choose (find_combo (dialog, "Rules"), "Pegoo");
  counting = find_combo (dialog, "Counting rule");
  pile = find_combo (dialog, "Unable-to-play pile");
  swap_needs = find_combo (dialog, "Swap needs your peg");
  g_assert_cmpstr (combo_text (counting), ==, "After 3 turns");
  g_assert_cmpstr (combo_text (pile), ==, "Yes");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (pile)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (swap_needs)));

  choose (find_combo (dialog, "Bluffing"), "Yes");
  g_assert_cmpstr (combo_text (counting), ==, "Off");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (counting)));
  g_assert_cmpstr (combo_text (pile), ==, "No");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (pile)));

  choose (find_combo (dialog, "Two swaps pegs"), "Moves 2");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (swap_needs)));

  game = pj_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  g_assert_true (pj_game_get_rules (game)->bluffing);

  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_bad_names (void)
{
  static const char *const bad[] = {
    "An extremely long name for a player", /* 35 characters */
    "Tab\tbed",
    "Bell\a",
  };
  PjNewGameDialog *dialog;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  dialog = pj_new_game_dialog_new (NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (PjGame) game = NULL;
      AdwEntryRow *row = seat_row (dialog, 1);

      gtk_editable_set_text (GTK_EDITABLE (row), bad[i]);
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
      game = pj_new_game_dialog_create_game (dialog, &error);
      g_assert_null (game);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "seat 2"));
    }

  /* 32 characters, not bytes */
  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 1)), "Ééééééééééééééééééééééééééééééé!");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (seat_row (dialog, 1)), "error"));
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (PjGame) game = pj_new_game_dialog_create_game (dialog, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (pj_game_get_seat_name (game, 1), ==, "Ééééééééééééééééééééééééééééééé!");
  }

  /* an empty name is the colour's */
  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 1)), "   ");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (PjGame) game = pj_new_game_dialog_create_game (dialog, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (pj_game_get_seat_name (game, 1), ==, "Blue");
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
}

static GtkButton *
start_button (PjNewGameDialog *dialog)
{
  g_autoptr (GPtrArray) buttons = find_all (dialog, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Start") == 0)
      return buttons->pdata[i];
  g_error ("no Start button");
  return NULL;
}

static GtkLabel *
shown_error (PjNewGameDialog *dialog)
{
  g_autoptr (GPtrArray) labels = find_all (dialog, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (labels->pdata[i], "error") && gtk_widget_get_visible (labels->pdata[i]))
      return labels->pdata[i];
  return NULL;
}

static void
start_game_cb (PjNewGameDialog  *dialog,
               PjGame           *game,
               PjGame          **out)
{
  g_set_object (out, game);
}

/* Start with a bad name says why and stays; Enter in a name starts. */
static void
test_start (void)
{
  g_autoptr (PjGame) game = NULL;
  PjNewGameDialog *dialog;
  GtkLabel *error;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  dialog = pj_new_game_dialog_new (NULL, NULL);
  g_signal_connect (dialog, "start-game", G_CALLBACK (start_game_cb), &game);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (pj_test_run_until (is_shown_cb, dialog, 3000));

  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 2)), "Ann\nBob");
  g_signal_emit_by_name (start_button (dialog), "clicked");
  g_assert_null (game);
  error = shown_error (dialog);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (gtk_label_get_label (error), "seat 3"));

  /* fixing it hides the stale message */
  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 2)), "Ann");
  g_assert_null (shown_error (dialog));

  /* a button that is activated shows itself pressed for a moment first */
  gtk_widget_grab_focus (GTK_WIDGET (seat_row (dialog, 2)));
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (seat_row (dialog, 2))), "activate");
  g_assert_true (pj_test_run_until (pj_test_is_null, &dialog, 3000));
  g_assert_nonnull (game);
  g_assert_cmpstr (pj_game_get_seat_name (game, 2), ==, "Ann");
}

static void
test_settings_round_trip (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (PjGame) again = NULL;
  g_auto (GStrv) seats = NULL;
  g_autofree char *rules_text = NULL;
  PjNewGameDialog *dialog;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  settings = fresh_settings ();
  dialog = pj_new_game_dialog_new (NULL, settings);
  set_up_a_game (dialog);
  game = pj_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));

  rules_text = g_settings_get_string (settings, "last-rules");
  g_assert_cmpstr (rules_text, ==, "north-carolina players=6 teams=3 nine_split=fwd_fwd");
  seats = g_settings_get_strv (settings, "last-seats");
  g_assert_cmpuint (g_strv_length (seats), ==, 6);
  g_assert_cmpstr (seats[0], ==, "human:Ann");
  g_assert_cmpstr (seats[1], ==, "hard:Bob: the builder");
  /* defaults are not remembered: they follow the language */
  g_assert_cmpstr (seats[2], ==, "human:");
  g_assert_cmpstr (seats[3], ==, "normal:");
  g_assert_cmpstr (seats[5], ==, "easy:");

  /* the next dialog starts where this one ended */
  dialog = pj_new_game_dialog_new (NULL, settings);
  g_assert_cmpstr (combo_text (find_combo (dialog, "Rules")), ==, "North Carolina");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Number of Players")), ==, "6");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Teams")), ==, "Teams of two, partners opposite");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Nine split")), ==, "Both forward");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_combo (dialog, "Rules"))), ==,
                   "Custom (based on North Carolina)");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seat_row (dialog, 0))), ==, "Ann");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seat_row (dialog, 1))), ==, "Bob: the builder");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seat_row (dialog, 2))), ==, "Green");
  g_assert_cmpuint (gtk_drop_down_get_selected (seat_controller (dialog, 1)), ==, PJ_CONTROLLER_HARD);

  gtk_editable_set_text (GTK_EDITABLE (seed_row (dialog)), "42");
  again = pj_new_game_dialog_create_game (dialog, &error);
  g_assert_no_error (error);
  check_game (again);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* a broken entry changes nothing and breaks nothing */
  g_settings_set_string (settings, "last-rules", "no-such-rules players=5");
  g_settings_set_strv (settings, "last-seats", (const char *const[]) { "robot:X", "hard", NULL });
  dialog = pj_new_game_dialog_new (NULL, settings);
  g_assert_cmpstr (combo_text (find_combo (dialog, "Rules")), ==, "Basic");
  g_assert_cmpuint (gtk_drop_down_get_selected (seat_controller (dialog, 0)), ==, PJ_CONTROLLER_HUMAN);
  g_assert_cmpuint (gtk_drop_down_get_selected (seat_controller (dialog, 1)), ==, PJ_CONTROLLER_HARD);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seat_row (dialog, 0))), ==, "Red");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
look_at (int         width,
         gboolean    expanded,
         const char *players,
         const char *name)
{
  g_autoptr (GPtrArray) expanders = NULL;
  PjNewGameDialog *dialog = pj_new_game_dialog_new (NULL, NULL);
  int min_width;

  choose (find_combo (dialog, "Number of Players"), players);
  choose (find_combo (dialog, "Nine split"), "Both forward");
  gtk_editable_set_text (GTK_EDITABLE (seat_row (dialog, 1)), "Bob");
  gtk_drop_down_set_selected (seat_controller (dialog, 2), PJ_CONTROLLER_HARD);

  expanders = find_all (dialog, ADW_TYPE_EXPANDER_ROW);
  for (guint g = 0; g < expanders->len; g++)
    adw_expander_row_set_expanded (expanders->pdata[g], expanded);

  /* usable on a phone: nothing asks for more than 360 pixels */
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);

  if (width > 0)
    gtk_window_set_default_size (GTK_WINDOW (dialog), width, 1000);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (pj_test_run_until (is_shown_cb, dialog, 3000));
  pj_test_wait (500);
  pj_test_screenshot (GTK_WIDGET (dialog), name);

  /* and everything below the fold: the page's scrolled content, on the
   * window's background so that the dark style reads as it does on screen */
  {
    g_autoptr (GPtrArray) viewports = find_all (dialog, GTK_TYPE_VIEWPORT);
    g_autofree char *full = g_strdup_printf ("full-%s", name);
    GtkWidget *content;

    g_assert_cmpuint (viewports->len, ==, 1);
    content = gtk_viewport_get_child (viewports->pdata[0]);
    gtk_widget_add_css_class (content, "background");
    pj_test_wait (100);
    pj_test_screenshot (content, full);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_look (void)
{
  AdwStyleManager *style;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  style = adw_style_manager_get_default ();
  look_at (-1, FALSE, "6", "new-game-dialog.png");
  look_at (-1, TRUE, "6", "new-game-dialog-options.png");
  look_at (360, FALSE, "8", "new-game-dialog-360-8.png");

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  look_at (-1, TRUE, "6", "new-game-dialog-dark.png");
  /* a picture only: the light one above checks the same widths */
  if (g_getenv ("PJ_SCREENSHOT_DIR") != NULL)
    look_at (360, FALSE, "8", "new-game-dialog-dark-360-8.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  look_at (360, TRUE, "6", "new-game-dialog-rtl.png");
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
}

static gboolean
dialog_open_cb (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (PJ_IS_NEW_GAME_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          *(gpointer *) data = w;
          return TRUE;
        }
    }
  return FALSE;
}

static const char *
group_description (PjNewGameDialog *dialog)
{
  GtkWidget *group = gtk_widget_get_ancestor (GTK_WIDGET (seat_row (dialog, 0)), ADW_TYPE_PREFERENCES_GROUP);

  return adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group));
}

static guint
count_of (const char *text,
          const char *what)
{
  guint n = 0;

  for (const char *p = strstr (text, what); p != NULL; p = strstr (p + 1, what))
    n++;
  return n;
}

/* New Game from the window starts from the game on the table (not the
 * last rules used); seats read "Computer — Hard"; partners are listed;
 * an option greyed out says why. */
static void
test_from_table (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GPtrArray) labels = NULL;
  PjNewGameDialog *dialog = NULL;
  AdwComboRow *row;
  gboolean computer_hard = FALSE;
  const char *partners;
  PjWindow *window;
  PjRules rules;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = fresh_settings ();
  g_settings_set_string (settings, "last-rules", "north-carolina players=6");
  g_settings_set_strv (settings, "last-seats", (const char *const[]) { "human:", "hard:", NULL });

  pj_rules_preset (&rules, PJ_PRESET_BLUFFING_JOKER, 8);
  game = pj_game_new (&rules, 5, 0);
  window = pj_window_new (NULL);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_true (pj_test_run_until (dialog_open_cb, &dialog, 3000));
  g_assert_nonnull (dialog);

  g_assert_cmpstr (combo_text (find_combo (dialog, "Rules")), ==, "Bluffing Joker");
  g_assert_cmpstr (combo_text (find_combo (dialog, "Number of Players")), ==, "8");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_combo (dialog, "Rules"))), ==,
                   "Florida’s bluffing game: cards are played face down and may be challenged");

  /* the seat's button, as shown */
  labels = find_all (seat_controller (dialog, 1), GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    computer_hard |= g_strcmp0 (gtk_label_get_label (labels->pdata[i]), "Computer — Hard") == 0;
  g_assert_true (computer_hard);

  partners = group_description (dialog);
  g_test_message ("%s", partners);
  g_assert_nonnull (strstr (partners, "Partners: "));
  g_assert_cmpuint (count_of (partners, " — "), ==, 1);   /* two teams of four */
  choose (find_combo (dialog, "Teams"), "Teams of two, partners opposite");
  partners = group_description (dialog);
  g_test_message ("%s", partners);
  g_assert_cmpuint (count_of (partners, " — "), ==, 3);   /* four teams of two */

  row = find_combo (dialog, "Counting rule");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (row)));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Not with bluffing: a bluffer is never stuck");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (row)), ==, "Not with bluffing: a bluffer is never stuck");

  if (g_getenv ("PJ_SCREENSHOT_DIR") != NULL)
    {
      g_autoptr (GPtrArray) viewports = find_all (dialog, GTK_TYPE_VIEWPORT);
      GtkWidget *expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);

      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
      g_assert_true (pj_test_run_until (is_shown_cb, dialog, 3000));
      pj_test_wait (500);
      pj_test_screenshot (GTK_WIDGET (dialog), "new-game-dialog-from-table.png");
      gtk_widget_add_css_class (gtk_viewport_get_child (viewports->pdata[0]), "background");
      pj_test_wait (100);
      pj_test_screenshot (gtk_viewport_get_child (viewports->pdata[0]), "full-new-game-dialog-from-table.png");
    }

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/new-game-dialog/create-game", test_create_game);
  g_test_add_func ("/new-game-dialog/value-titles", test_value_titles);
  g_test_add_func ("/new-game-dialog/players-keep-options", test_players_keep_options);
  g_test_add_func ("/new-game-dialog/consistent-options", test_consistent_options);
  g_test_add_func ("/new-game-dialog/bad-names", test_bad_names);
  g_test_add_func ("/new-game-dialog/start", test_start);
  g_test_add_func ("/new-game-dialog/settings-round-trip", test_settings_round_trip);
  g_test_add_func ("/new-game-dialog/from-table", test_from_table);
  g_test_add_func ("/new-game-dialog/look", test_look);

  return g_test_run ();
}
