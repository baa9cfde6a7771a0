/* test-strings-fit.c — every string of the dialogs can be read whole at
 * their default size, in English and in each language of po/LINGUAS.
 *
 * Why: translations run longer than English (German, Greek) or the other
 * way round (Persian), and GTK cuts a label that gets less than its
 * natural width with "…" without a word. Issue 23 found "Nor…" (Normal) in
 * the Preferences, "Ba…" (Basic) in the New Game dialog, and the game-over
 * dialog's review offer cut. So each dialog is opened as a person opens
 * it, in every state it has, and every label shown in it is measured,
 * with the pop-up lists of its drop-downs: a label fails when Pango
 * ellipsized it, when it got less than its natural width (wrapping ones:
 * less than the height its lines need at that width), so that its text
 * runs past its edges, or when it runs outside its window. The captions
 * on the board have their own test (board-layout).
 *
 * The language is the one argument: each runs in a process of its own,
 * with LANGUAGE set and the build's catalogs (<build>/po) bound, one
 * meson test per language (tests/ui/meson.build).
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of the Preferences and New Game
 * dialogs in each language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-game-over-dialog.h"
#include "pj-join-page.h"
#include "pj-lobby-page.h"
#include "pj-new-game-dialog.h"
#include "pj-preferences-window.h"
#include "pj-review.h"
#include "pj-rules-window.h"
#include "pj-settings.h"
#include "pj-statistics.h"
#include "pj-statistics-window.h"
#include "pj-test-display.h"
#include "pj-test-games.h"
#include "pj-test-window.h"
#include "pj-welcome-dialog.h"
#include "pj-window.h"

/* What failed in this process's language, one line each */
static GString *failures;
static const char *language;
/* how many labels were measured, and of them how many in pop-up lists:
 * a walk that found nothing would pass */
static guint n_checked, n_in_lists;

/* ---- measuring --------------------------------------------------------- */

/* A short name for where a label sits: the nearest row, button or pop-up
 * around it, with that one's title where it has one. */
static char *
describe (GtkWidget *label)
{
  for (GtkWidget *w = gtk_widget_get_parent (label); w != NULL; w = gtk_widget_get_parent (w))
    {
      if (ADW_IS_PREFERENCES_ROW (w))
        return g_strdup_printf ("%s “%s”", G_OBJECT_TYPE_NAME (w),
                                adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)));
      if (ADW_IS_PREFERENCES_GROUP (w))
        return g_strdup_printf ("%s “%s”", G_OBJECT_TYPE_NAME (w),
                                adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (w)));
      if (GTK_IS_BUTTON (w) || GTK_IS_POPOVER (w) || GTK_IS_DROP_DOWN (w) || GTK_IS_LIST_BOX_ROW (w))
        return g_strdup (G_OBJECT_TYPE_NAME (w));
    }
  return g_strdup (G_OBJECT_TYPE_NAME (gtk_widget_get_parent (label)));
}

static void
fail (const char *where,
      GtkWidget  *label,
      const char *why)
{
  g_autofree char *around = describe (label);
  g_autofree char *line = g_strdup_printf ("%s: %s: GtkLabel in %s: “%s”: %s", language, where, around,
                                           gtk_label_get_text (GTK_LABEL (label)), why);

  g_printerr ("%s\n", line);
  g_string_append_printf (failures, "%s\n", line);
}

/* The widget whose edges a label must stay within: its window, or the
 * scrolled view it is inside (which scrolls only up and down). */
static GtkWidget *
frame_of (GtkWidget *label)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW);

  return scrolled != NULL ? scrolled : GTK_WIDGET (gtk_widget_get_native (label));
}

static void
check_label (const char *where,
             GtkWidget  *label)
{
  const char *text = gtk_label_get_text (GTK_LABEL (label));
  int width = gtk_widget_get_width (label), height = gtk_widget_get_height (label);
  PangoLayout *layout;
  PangoRectangle ink, logical;
  graphene_rect_t bounds;
  GtkWidget *frame;
  int x, y;

  if (text == NULL || *text == '\0')
    return;
  n_checked++;
  if (gtk_widget_get_ancestor (label, GTK_TYPE_POPOVER) != NULL)
    n_in_lists++;
  layout = gtk_label_get_layout (GTK_LABEL (label));
  if (pango_layout_is_ellipsized (layout))
    {
      fail (where, label, "ellipsized");
      return;
    }
  /* the text where the label draws it, against the label's content box:
   * one that got less than its natural width (or, wrapped, less than the
   * height of its lines) draws past its edges */
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  gtk_label_get_layout_offsets (GTK_LABEL (label), &x, &y);
  x += logical.x;
  y += logical.y;
  if (x < -1 || x + logical.width > width + 1 || y < -1 || y + logical.height > height + 1)
    {
      g_autofree char *why = g_strdup_printf ("%d × %d px for text of %d × %d px", width, height,
                                              logical.width, logical.height);

      fail (where, label, why);
      return;
    }
  frame = frame_of (label);
  if (gtk_widget_compute_bounds (label, frame, &bounds) &&
      (bounds.origin.x < -1 || bounds.origin.x + bounds.size.width > gtk_widget_get_width (frame) + 1))
    {
      g_autofree char *why = g_strdup_printf ("runs outside its window (x %.0f to %.0f of %d px)",
                                              bounds.origin.x, bounds.origin.x + bounds.size.width,
                                              gtk_widget_get_width (frame));

      fail (where, label, why);
    }
}

/* Every label on screen below `widget`; the drop-downs' pop-ups gathered
 * in `popovers` (they are on screen only once opened). */
static void
walk (const char *where,
      GtkWidget  *widget,
      GPtrArray  *popovers)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child) && popovers != NULL &&
          (gtk_widget_get_ancestor (child, GTK_TYPE_DROP_DOWN) != NULL ||
           gtk_widget_get_ancestor (child, ADW_TYPE_COMBO_ROW) != NULL))
        {
          g_ptr_array_add (popovers, g_object_ref (child));
          continue;
        }
      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_LABEL (child))
        check_label (where, child);
      walk (where, child, popovers);
    }
}

static gboolean
popover_drawn (gpointer popover)
{
  return gtk_widget_get_mapped (popover) && gtk_widget_get_width (popover) > 0;
}

static gboolean
popover_gone (gpointer popover)
{
  return !gtk_widget_get_mapped (popover);
}

/* Scroll the view `widget` is in so that it shows in the middle. */
static void
scroll_to (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj;
  graphene_rect_t bounds;

  if (scrolled == NULL)
    return;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_true (gtk_widget_compute_bounds (widget, scrolled, &bounds));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + bounds.origin.y + bounds.size.height / 2 -
                                 gtk_widget_get_height (scrolled) / 2.0);
}

/* `owner` (a combo row or drop-down) with each of its choices chosen in
 * turn: the longest is not always the one shown first. */
static void
check_each_choice (const char *where,
                   GtkWidget  *root,
                   GtkWidget  *owner)
{
  gboolean row = ADW_IS_COMBO_ROW (owner);
  GListModel *model = row ? adw_combo_row_get_model (ADW_COMBO_ROW (owner))
                          : gtk_drop_down_get_model (GTK_DROP_DOWN (owner));
  guint was = row ? adw_combo_row_get_selected (ADW_COMBO_ROW (owner))
                  : gtk_drop_down_get_selected (GTK_DROP_DOWN (owner));

  for (guint k = 0; k < g_list_model_get_n_items (model); k++)
    {
      g_autofree char *chosen = g_strdup_printf ("%s, choice %u", where, k + 1);

      if (k == was)
        continue;
      if (row)
        adw_combo_row_set_selected (ADW_COMBO_ROW (owner), k);
      else
        gtk_drop_down_set_selected (GTK_DROP_DOWN (owner), k);
      g_assert_true (pj_test_run_frames (root));
      /* a choice that rebuilds what it is in (a lobby's seat) ends it */
      if (!gtk_widget_get_mapped (owner))
        return;
      walk (chosen, owner, NULL);
    }
  if (row)
    adw_combo_row_set_selected (ADW_COMBO_ROW (owner), was);
  else
    gtk_drop_down_set_selected (GTK_DROP_DOWN (owner), was);
}

/* Every label `root` shows, and those of each drop-down's list, opened in
 * turn. */
static void
check_all (const char *where,
           GtkWidget  *root)
{
  /* held: a choice may rebuild the rows they are in */
  g_autoptr (GPtrArray) popovers = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_true (pj_test_run_frames (root));
  walk (where, root, popovers);
  for (guint i = 0; i < popovers->len; i++)
    {
      GtkWidget *popover = g_ptr_array_index (popovers, i);
      g_autofree char *list = NULL;
      graphene_rect_t bounds;
      g_autoptr (GtkWidget) owner = NULL;

      /* only the drop-downs one can open here */
      if (gtk_widget_get_parent (popover) == NULL || !gtk_widget_get_mapped (gtk_widget_get_parent (popover)))
        continue;
      list = g_strdup_printf ("%s, a list", where);
      /* scrolled into view first: a pop-up's place must be on the screen */
      owner = gtk_widget_get_ancestor (popover, ADW_TYPE_COMBO_ROW);
      if (owner == NULL)
        owner = gtk_widget_get_ancestor (popover, GTK_TYPE_DROP_DOWN);
      g_object_ref (owner);
      scroll_to (owner);
      g_assert_true (pj_test_run_frames (root));
      g_assert_true (gtk_widget_compute_bounds (owner, root, &bounds));
      g_assert_cmpfloat (bounds.origin.y, >=, 0);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (root));
      gtk_popover_popup (GTK_POPOVER (popover));
      g_assert_true (pj_test_run_until (popover_drawn, popover, 5000));
      g_assert_true (pj_test_run_frames (popover));
      walk (list, popover, NULL);
      gtk_popover_popdown (GTK_POPOVER (popover));
      g_assert_true (pj_test_run_until (popover_gone, popover, 5000));
      check_each_choice (where, root, owner);
    }
}

static void
screenshot (GtkWidget  *widget,
            const char *name)
{
  g_autofree char *file = NULL;

  if (g_getenv ("PJ_SCREENSHOT_DIR") == NULL)
    return;
  file = g_strdup_printf ("fit-%s-%s.png", name, language);
  pj_test_wait (300);
  pj_test_screenshot (widget, file);
}

/* ---- the dialogs ------------------------------------------------------- */

static gboolean
dialog_drawn (gpointer dialog)
{
  return pj_test_dialog_drawn (dialog) && gtk_widget_get_width (dialog) > 100;
}

static void
check_preferences (PjWindow  *window,
                   GSettings *settings)
{
  PjPreferencesWindow *prefs;

  /* as a person first sees it: the tests' pace is "instant" */
  g_settings_set_string (settings, "computer-speed", "normal");
  prefs = pj_preferences_window_new (settings);
  pj_dialog_present (GTK_WIDGET (prefs), GTK_WIDGET (window));
  g_assert_true (pj_test_run_until (dialog_drawn, prefs, 5000));
  /* before the lists are opened and the page scrolled */
  screenshot (GTK_WIDGET (prefs), "preferences");
  check_all ("Preferences", GTK_WIDGET (prefs));
  pj_dialog_close (GTK_WIDGET (prefs));
  pj_test_run_until_idle ();
  g_settings_set_string (settings, "computer-speed", "instant");
}

static void
find_all (GtkWidget *root,
          GType      type,
          GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (out, child);
      find_all (child, type, out);
    }
}

/* The dialog's i-th combo row, in the order the dialog shows them: titles
 * are translated here */
static AdwComboRow *
combo_row (PjNewGameDialog *dialog,
           guint            i)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();

  find_all (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  g_assert_cmpuint (i, <, rows->len);
  return g_ptr_array_index (rows, i);
}

static gboolean
has_error_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error") && gtk_widget_get_mapped (widget))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (has_error_label (c))
      return TRUE;
  return FALSE;
}

/* the dialog says why it does not start */
static gboolean
error_shown (gpointer dialog)
{
  return has_error_label (dialog);
}

static void
check_new_game (PjWindow  *window,
                GSettings *settings)
{
  PjNewGameDialog *dialog = pj_new_game_dialog_new (GTK_WINDOW (window), settings);
  AdwComboRow *preset_row, *players_row, *teams_row;
  g_autoptr (GPtrArray) option_rows = g_ptr_array_new ();
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  AdwComboRow *option;

  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, dialog, 5000));
  /* the first three combo rows (pj-new-game-dialog.ui) */
  preset_row = combo_row (dialog, 0);
  players_row = combo_row (dialog, 1);
  teams_row = combo_row (dialog, 2);

  /* as it opens, each drop-down with each choice and its list open */
  screenshot (GTK_WIDGET (dialog), "new-game");
  check_all ("New Game", GTK_WIDGET (dialog));
  /* each rule set at the biggest table (every seat row shown): the other
   * sizes and team choices were chosen in turn above */
  adw_combo_row_set_selected (players_row, 2);
  for (guint preset = 0; preset < PJ_N_PRESETS; preset++)
    for (guint teams = 0; teams < 2; teams++)
      {
        g_autofree char *where = g_strdup_printf ("New Game, %s, 8 players%s", pj_preset_title (preset),
                                                  teams ? ", teams of two" : "");

        adw_combo_row_set_selected (preset_row, preset);
        adw_combo_row_set_selected (teams_row, teams);
        g_assert_true (pj_test_run_frames (GTK_WIDGET (dialog)));
        walk (where, GTK_WIDGET (dialog), NULL);
      }

  /* every group of rule options opened */
  {
    g_autoptr (GPtrArray) expanders = g_ptr_array_new ();

    find_all (GTK_WIDGET (dialog), ADW_TYPE_EXPANDER_ROW, expanders);
    g_assert_cmpuint (expanders->len, >, 0);
    for (guint i = 0; i < expanders->len; i++)
      adw_expander_row_set_expanded (g_ptr_array_index (expanders, i), TRUE);
  }

  /* a house variant: an option changed from its rule set's */
  adw_combo_row_set_selected (preset_row, PJ_PRESET_BASIC);
  adw_combo_row_set_selected (players_row, 0);
  find_all (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, option_rows);
  g_assert_cmpuint (option_rows->len, >, 3);
  option = g_ptr_array_index (option_rows, 3);
  adw_combo_row_set_selected (option, adw_combo_row_get_selected (option) == 0 ? 1 : 0);
  check_all ("New Game, a custom variant", GTK_WIDGET (dialog));

  /* a shuffle number it refuses: the error line */
  find_all (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, entries);
  for (guint i = 0; i < entries->len; i++)
    if (adw_entry_row_get_input_purpose (g_ptr_array_index (entries, i)) == GTK_INPUT_PURPOSE_DIGITS)
      gtk_editable_set_text (g_ptr_array_index (entries, i), "12ab");
  gtk_widget_activate_default (GTK_WIDGET (dialog));
  g_assert_true (pj_test_run_until (error_shown, dialog, 5000));
  check_all ("New Game, a wrong shuffle number", GTK_WIDGET (dialog));

  gtk_window_destroy (GTK_WINDOW (dialog));
  pj_test_run_until_idle ();
}

static void
check_welcome (PjWindow *window)
{
  PjWelcomeDialog *dialog = pj_welcome_dialog_new ();

  pj_alert_present (PJ_ALERT (dialog), GTK_WIDGET (window));
  g_assert_true (pj_test_run_until (pj_test_alert_shown, NULL, 5000));
  check_all ("Welcome", GTK_WIDGET (dialog));
  pj_alert_close (PJ_ALERT (dialog));
  pj_test_run_until_idle ();
}

static void
check_statistics (PjWindow  *window,
                  GSettings *settings)
{
  PjStatisticsWindow *stats;
  PjRules rules;

  /* a few variants played, so that it has rows by variant */
  for (guint preset = 0; preset < PJ_N_PRESETS; preset++)
    {
      pj_rules_preset (&rules, preset, preset % 2 ? 6 : 8);
      pj_statistics_record (settings, &rules, preset % 3 == 0);
    }
  stats = pj_statistics_window_new (GTK_WINDOW (window), settings);
  gtk_window_present (GTK_WINDOW (stats));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, stats, 5000));
  check_all ("Statistics", GTK_WIDGET (stats));
  gtk_window_destroy (GTK_WINDOW (stats));
  pj_test_run_until_idle ();
}

static void
check_rules (PjWindow *window)
{
  PjRulesWindow *rules = pj_rules_window_new (GTK_WINDOW (window), NULL);

  gtk_window_present (GTK_WINDOW (rules));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, rules, 5000));
  check_all ("Rules", GTK_WIDGET (rules));
  gtk_window_destroy (GTK_WINDOW (rules));
  pj_test_run_until_idle ();
}

/* on screen, and in its place: the window's pages slide in */
static gboolean
page_drawn (gpointer page)
{
  GtkWidget *stack = gtk_widget_get_ancestor (page, GTK_TYPE_STACK);

  return gtk_widget_get_mapped (page) && gtk_widget_get_width (page) > 100 &&
         (stack == NULL || !gtk_stack_get_transition_running (GTK_STACK (stack)));
}

static gboolean
has_table (gpointer window)
{
  return pj_window_get_table (window) != NULL;
}

static void
check_lan_pages (PjWindow *window)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *page;

  page = pj_window_join_lan (window);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));
  check_all ("Join a Table", page);

  page = pj_window_host_lan (window);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));
  check_all ("Host a Table", page);

  g_assert_true (pj_lobby_page_open_table (PJ_LOBBY_PAGE (page), "Kitchen", NULL, "Ann", &error));
  g_assert_no_error (error);
  g_assert_true (pj_test_run_until (has_table, window, 5000));
  check_all ("Lobby", page);
  pj_window_leave_table (window);
  pj_test_run_until_idle ();
}

static gboolean
review_offered (gpointer data)
{
  return pj_game_over_dialog_get_review_text (data) != NULL;
}

static gboolean
review_done (gpointer data)
{
  PjReview *review = pj_game_over_dialog_get_review (data);

  return review != NULL && pj_review_get_done (review);
}

static void
check_game_over (GSettings *settings)
{
  g_autoptr (PjGame) game = pj_test_nearly_over_game ();
  PjGameOverDialog *dialog;
  PjWindow *window;

  pj_game_set_delay (game, 0);
  window = pj_window_new (NULL);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  pj_window_set_review_iterations (window, 8);

  pj_game_start (game);
  g_assert_true (pj_test_run_until (pj_test_game_over_shown, NULL, 10000));
  dialog = pj_test_find_game_over_dialog ();
  g_assert_true (pj_test_run_until (review_offered, dialog, 5000));
  check_all ("Game over", GTK_WIDGET (dialog));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL);
  g_assert_true (pj_test_run_until (review_done, dialog, 60000));
  check_all ("Game over, reviewed", GTK_WIDGET (dialog));

  pj_test_close_alerts ();
  pj_test_close_window (window);
}

/* ---- one language ------------------------------------------------------ */

static void
check_language (void)
{
  g_autoptr (GSettings) settings = NULL;
  PjWindow *window;

  failures = g_string_new (NULL);
  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  g_assert_nonnull (settings);

  window = pj_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, window, 5000));

  check_preferences (window, settings);
  check_new_game (window, settings);
  check_welcome (window);
  check_statistics (window, settings);
  check_rules (window);
  check_lan_pages (window);
  pj_test_close_window (window);
  check_game_over (settings);

  g_test_message ("%u labels measured, %u of them in pop-up lists", n_checked, n_in_lists);
  g_assert_cmpuint (n_in_lists, >, 20);
  if (failures->len > 0)
    g_test_fail_printf ("strings cut in %s:\n%s", language, failures->str);
  g_string_free (g_steal_pointer (&failures), TRUE);
}

/* GTK 4.24 on Xvfb warns when a drop-down's pop-up is first drawn, about
 * its own frame clock's bookkeeping: nothing of ours, and no effect on
 * what is measured. Every other message goes the usual way (warnings are
 * fatal in tests). */
static GLogWriterOutput
drop_frame_timings_warning (GLogLevelFlags   log_level,
                            const GLogField *fields,
                            gsize            n_fields,
                            gpointer         user_data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
      domain = fields[i].value;
    else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
      message = fields[i].value;
  if ((log_level & G_LOG_LEVEL_WARNING) && g_strcmp0 (domain, "Gdk") == 0 && message != NULL &&
      strstr (message, "gdk_frame_timings_submitted() called on submitted frame") != NULL)
    return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

int
main (int    argc,
      char **argv)
{
  g_log_set_writer_func (drop_frame_timings_warning, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  /* the one language of this process: strings that GTK or the app looked
   * up once stay in it for the life of the process (tests/ui/meson.build
   * starts one per language) */
  if (argc != 2)
    {
      g_printerr ("usage: %s [GTEST-OPTION…] LANGUAGE\n", argv[0]);
      return 2;
    }
  language = argv[1];
  /* the tests' locale is C.UTF-8 (tests/meson.build), in which gettext
   * heeds LANGUAGE, as it does not in plain C */
  g_setenv ("LANGUAGE", language, TRUE);
  bindtextdomain (GETTEXT_PACKAGE, PJ_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (g_str_has_prefix (language, "fa"))
    gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    pj_test_start_xvfb ();

  g_test_add_func ("/strings-fit/every-dialog", check_language);
  return g_test_run ();
}
