/* test-leave.c — every way out of a game asks or autosaves (one rule), the
 * window size is kept on Ctrl+Q, and the end of a game waits for About
 * rather than stacking over it.
 *
 * Set PJ_SCREENSHOT_DIR to keep a PNG of the question and of About.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "pj-application.h"
#include "pj-settings.h"
#include "pj-test-display.h"
#include "pj-test-games.h"
#include "pj-test-window.h"
#include "pj-window.h"
#include "pj-window-private.h"

static PjAlert *
find_message_dialog (void)
{
  return pj_test_find_alert ();
}

/* a dialog of the type in `data` (an alert when NULL) on screen and drawn */
static gboolean
dialog_shown (gpointer data)
{
  GtkWidget *w = pj_test_find_dialog (data != NULL ? (GType) GPOINTER_TO_SIZE (data) : PJ_TYPE_ALERT);

  return w != NULL && pj_test_dialog_drawn (w);
}

static gboolean
no_dialog (gpointer data)
{
  return find_message_dialog () == NULL;
}

static void
close_dialogs (void)
{
  pj_test_close_alerts ();
}

static void
shoot (GtkWidget  *widget,
       const char *name)
{
  if (g_getenv ("PJ_SCREENSHOT_DIR") == NULL)
    return;
  pj_test_wait (400);
  pj_test_screenshot (widget, name);
}

/* Seat 0 human, a move made: a game someone would mind losing. */
static PjGame *
game_under_way (void)
{
  PjGame *game;
  PjRules rules;
  const PjAction *legal;
  guint n;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 3, 3);
  pj_game_set_delay (game, 0);
  for (guint i = 1; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  legal = pj_game_get_human_actions (game, &n);
  g_assert_cmpuint (n, >, 0);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  return game;
}

static PjWindow *
open_window (GtkApplication *app,
             PjGame         *game,
             const char     *autosave)
{
  PjWindow *window = pj_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  pj_window_set_autosave_path (window, autosave);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  return window;
}

static char *
temp_autosave (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-leave-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, "autosave.json", NULL);
}

static void
remove_autosave (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *file = g_build_filename (dir, name, NULL);
      g_remove (file);
    }
  g_rmdir (dir);
}

static const char *
visible_page (PjWindow *window)
{
  return gtk_stack_get_visible_child_name (window->main_stack);
}

static gboolean
in_lobby (gpointer data)
{
  return g_strcmp0 (visible_page (data), "lobby") == 0;
}

/* Without the autosave, each way out asks first; a game of this window
 * may be saved first. The answer Cancel leaves the game as it was. */
static void
check_asks (const char *action)
{
  g_autoptr (PjGame) game = game_under_way ();
  PjWindow *window = open_window (NULL, game, NULL);
  PjAlert *dialog;
  guint moves = pj_game_get_n_actions (game);

  g_test_message ("%s", action);
  if (g_str_equal (action, "win.new-game"))
    pj_test_new_game (window, TRUE);
  else
    gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (pj_alert_get_heading (dialog), ==, "Leave this game?");
  g_assert_cmpstr (pj_alert_get_body (dialog), ==,
                   "This window keeps no autosave: unless you save the game in progress, it cannot be resumed.");
  g_assert_cmpstr (pj_alert_get_response_label (dialog, "save"), ==, "_Save…");
  g_assert_cmpstr (pj_alert_get_response_label (dialog, "leave"), ==, "_Discard Game");
  g_assert_cmpstr (pj_alert_get_default_response (dialog), ==, "cancel");

  pj_test_answer_alert (dialog, "cancel");
  /* answered: and nothing was left */
  g_assert_true (pj_test_run_until (no_dialog, NULL, 3000));
  g_assert_true (pj_window_get_game (window) == game);
  g_assert_cmpuint (pj_game_get_n_actions (game), ==, moves);
  g_assert_cmpstr (visible_page (window), ==, "game");
  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_asks (void)
{
  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  check_asks ("win.new-game");
  check_asks ("win.host-lan");
  check_asks ("win.join-lan");
}

G_GNUC_UNUSED static gboolean
other_toplevel (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (w != data && gtk_widget_get_mapped (GTK_WIDGET (w)))
        return TRUE;
    }
  return FALSE;
}

G_GNUC_UNUSED static void
close_other_toplevels (gpointer window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      /* closed as Escape would: the chooser answers */
      if (w != window)
        gtk_window_close (w);
    }
}

/* The question comes after the choice, not before it: New Game's dialog
 * or Open's file chooser cancelled asks nothing and changes nothing;
 * New Game's Start, or a file chosen, asks once; Discard goes on. */
static void
test_asks_after_choice (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  PjAlert *dialog;
  PjWindow *window;
  guint moves;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = game_under_way ();
  moves = pj_game_get_n_actions (game);
  window = open_window (NULL, game, NULL);

  /* New Game, the dialog closed: no question, the game as it was */
  pj_test_new_game (window, FALSE);
  pj_test_wait (200);
  g_assert_null (find_message_dialog ());
  g_assert_null (pj_test_find_dialog (PJ_TYPE_NEW_GAME_DIALOG));
  g_assert_true (pj_window_get_game (window) == game);
  g_assert_cmpuint (pj_game_get_n_actions (game), ==, moves);

  /* Open: the chooser comes first, with no question over or under it.
   * Not under the sanitizers: GTK 4.8's file chooser leaks in its own
   * code once closed (the cloud-providers singleton it asks D-Bus for,
   * the GError of the folder load it cancelled); both stacks' builds
   * open it. */
#ifndef PJ_TEST_SANITIZED
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
  g_assert_true (pj_test_run_until (other_toplevel, window, 5000));
  g_assert_null (find_message_dialog ());
  shoot (GTK_WIDGET (window), "leave-open-chooser.png");
  close_other_toplevels (window);
  pj_test_wait (200);
  g_assert_null (find_message_dialog ());
  g_assert_true (pj_window_get_game (window) == game);
#endif

  /* a file chosen: asked once; Cancel keeps the game */
  dir = g_dir_make_tmp ("pj-leave-XXXXXX", NULL);
  path = g_build_filename (dir, "Other.json", NULL);
  g_assert_true (pj_record_save (pj_game_get_record (game), path, NULL));
  file = g_file_new_for_path (path);
  _pj_window_open_chosen (window, file);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_cmpstr (pj_alert_get_heading (dialog), ==, "Leave this game?");
  shoot (GTK_WIDGET (dialog), "leave-open.png");
  pj_test_answer_alert (dialog, "cancel");
  pj_test_wait (100);
  g_assert_true (pj_window_get_game (window) == game);
  g_assert_null (find_message_dialog ());

  /* Save…, and the chooser cancelled: the game stays, nothing saved
   * (the chooser: not under the sanitizers, as above) */
#ifndef PJ_TEST_SANITIZED
  pj_test_new_game (window, TRUE);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  pj_test_answer_alert (find_message_dialog (), "save");
  g_assert_true (pj_test_run_until (other_toplevel, window, 5000));
  close_other_toplevels (window);
  pj_test_wait (200);
  g_assert_null (find_message_dialog ());
  g_assert_true (pj_window_get_game (window) == game);
  g_assert_null (window->leave_game);
#endif

  /* New Game's Start: asked once; Discard Game starts the new one */
  pj_test_new_game (window, TRUE);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_cmpstr (pj_alert_get_heading (dialog), ==, "Leave this game?");
  shoot (GTK_WIDGET (dialog), "leave-new-game.png");
  pj_test_answer_alert (dialog, "leave");
  pj_test_wait (100);
  g_assert_true (pj_window_get_game (window) != game);
  g_assert_null (find_message_dialog ());

  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
  g_rmdir (dir);
}

static PjWindow *current_window;

/* the window's game has more moves than `data` */
static gboolean
moved_past (gpointer data)
{
  PjGame *game = pj_window_get_game (current_window);

  return game != NULL && (pj_game_get_n_actions (game) > GPOINTER_TO_UINT (data) || pj_game_is_over (game));
}

static gboolean
game_replaced (gpointer data)
{
  PjGame **games = data;

  return pj_window_get_game (PJ_WINDOW (games[0])) != games[1];
}

/* Save (Ctrl+S) writes back to the game's file without asking; the title
 * names the file and marks a game changed since; "Leave this game?" says
 * Save for such a game, and saves before going on. */
static void
test_save_and_title (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (PjRecord) saved = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  gpointer games[2];
  PjAlert *dialog;
  PjWindow *window;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  dir = g_dir_make_tmp ("pj-save-XXXXXX", NULL);
  path = g_build_filename (dir, "Evening.json", NULL);
  file = g_file_new_for_path (path);

  window = current_window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  {
    g_autoptr (PjGame) first = game_under_way ();

    g_assert_true (pj_record_save (pj_game_get_record (first), path, NULL));
  }
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Pegs and Jokers");
  pj_window_open_file (window, file);
  game = g_object_ref (pj_window_get_game (window));
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Evening.json");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Evening.json — Pegs and Jokers");

  /* the computers play on: marked; paused, so that nothing moves now */
  n = pj_game_get_n_actions (game);
  g_assert_true (pj_test_run_until (moved_past, GUINT_TO_POINTER (n), 10000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  g_assert_true (pj_game_get_paused (game));
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "• Evening.json");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_null (find_message_dialog ());
  shoot (GTK_WIDGET (window), "save-toast.png");
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Evening.json");
  saved = pj_record_load (path, NULL);
  g_assert_nonnull (saved);
  g_assert_cmpuint (pj_record_get_n_actions (saved), ==, pj_game_get_n_actions (game));
  g_clear_pointer (&saved, pj_record_unref);

  /* changed again, then New Game: "Leave this game?" offers Save, which
   * saves and goes on to the new game */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  n = pj_game_get_n_actions (game);
  g_assert_true (pj_test_run_until (moved_past, GUINT_TO_POINTER (n), 10000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  pj_test_new_game (window, TRUE);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_cmpstr (pj_alert_get_response_label (dialog, "save"), ==, "_Save");
  shoot (GTK_WIDGET (dialog), "leave-save.png");
  pj_test_answer_alert (dialog, "save");
  games[0] = window;
  games[1] = game;
  g_assert_true (pj_test_run_until (game_replaced, games, 3000));
  saved = pj_record_load (path, NULL);
  g_assert_cmpuint (pj_record_get_n_actions (saved), ==, pj_game_get_n_actions (game));
  /* the new game is no file's */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Pegs and Jokers");

  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
  g_rmdir (dir);
}

/* Host: answering Leave goes on to the lobby. */
static void
test_leave_host (void)
{
  g_autoptr (PjGame) game = NULL;
  PjAlert *dialog;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = game_under_way ();
  window = open_window (NULL, game, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-lan", NULL);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (pj_alert_get_response_label (dialog, "leave"), ==, "_Discard Game");
  pj_test_answer_alert (dialog, "leave");
  g_assert_true (pj_test_run_until (in_lobby, window, 3000));
  g_assert_cmpstr (visible_page (window), ==, "lobby");
  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With the autosave on, a way out after which the game comes back saves it
 * and goes without a question; New Game (which replaces it) still asks. */
static void
test_autosave_goes (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (PjRecord) saved = NULL;
  g_autofree char *path = temp_autosave ();
  PjAlert *dialog;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = game_under_way ();
  window = open_window (NULL, game, path);

  pj_test_new_game (window, TRUE);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  pj_test_answer_alert (dialog, "cancel");
  close_dialogs ();

  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-lan", NULL);
  /* not asked: straight to the lobby */
  g_assert_true (pj_test_run_until (in_lobby, window, 3000));
  g_assert_null (find_message_dialog ());
  saved = pj_record_load (path, NULL);
  g_assert_nonnull (saved);
  g_assert_cmpuint (pj_record_get_n_actions (saved), ==, pj_game_get_n_actions (game));

  gtk_window_destroy (GTK_WINDOW (window));
  remove_autosave (path);
}

/* Ctrl+Q is the application's quit: with the autosave on it closes at
 * once, and the size is kept; without, it asks "Quit?" first. */
static void
test_quit (void)
{
  g_autoptr (PjApplication) app = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) actions = NULL;
  g_autofree char *path = temp_autosave ();
  PjAlert *dialog;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  g_assert_nonnull (settings);
  g_settings_set_int (settings, "window-width", 1100);
  g_settings_set_int (settings, "window-height", 760);

  app = pj_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>q");
  g_assert_nonnull (actions);
  g_assert_cmpstr (actions[0], ==, "app.quit");

  /* no autosave (--new-instance): asked, and Cancel keeps the window */
  game = game_under_way ();
  window = open_window (GTK_APPLICATION (app), game, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (pj_alert_get_response_label (dialog, "leave"), ==, "_Discard Game");
  pj_test_answer_alert (dialog, "cancel");
  g_assert_true (pj_test_run_until (no_dialog, NULL, 3000));
  g_assert_nonnull (window);
  close_dialogs ();

  /* the close button asks the same */
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (window);
  pj_test_answer_alert (dialog, "leave");
  g_assert_true (pj_test_run_until (pj_test_is_null, &window, 3000));
  g_assert_null (window);
  close_dialogs ();
  g_clear_object (&game);

  /* with the autosave: no question, and the size kept */
  game = game_under_way ();
  window = open_window (GTK_APPLICATION (app), game, path);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_set_default_size (GTK_WINDOW (window), 937, 641);
  pj_test_wait (100);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_true (pj_test_run_until (pj_test_is_null, &window, 3000));
  g_assert_null (window);
  g_assert_null (find_message_dialog ());
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 937);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 641);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  remove_autosave (path);
}

static gboolean
game_over (gpointer data)
{
  return pj_game_is_over (data);
}

/* The end of a game while About is open waits for About to close. */
static void
test_game_over_waits (void)
{
  g_autoptr (PjApplication) app = NULL;
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *website = NULL;
  g_autofree char *issue_url = NULL;
  g_auto (GStrv) developers = NULL;
  GtkWidget *about;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  app = pj_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));

  game = pj_test_nearly_over_game ();
  pj_game_set_delay (game, 0);
  window = open_window (GTK_APPLICATION (app), game, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (pj_test_run_until (dialog_shown, GSIZE_TO_POINTER (PJ_TYPE_ABOUT), 3000));
  about = pj_test_find_dialog (PJ_TYPE_ABOUT);
  g_assert_nonnull (about);
  g_assert_true (pj_test_dialog_window (about) == GTK_WINDOW (window));
  /* the same properties on the window (libadwaita < 1.5) and the dialog */
  g_object_get (about, "website", &website, "issue-url", &issue_url, "developers", &developers, NULL);
  g_assert_cmpstr (website, !=, NULL);
  g_assert_cmpstr (issue_url, !=, NULL);
  g_assert_nonnull (developers);
  g_assert_nonnull (developers[0]);
  shoot (about, "about.png");

  pj_game_start (game);
  g_assert_true (pj_test_run_until (game_over, game, 10000));
  g_assert_true (pj_game_is_over (game));
  /* what would show the winner is queued by now: let it run, and a few
   * frames, before saying it did not come */
  pj_test_run_until_idle ();
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  g_assert_null (find_message_dialog ());

  pj_dialog_close (about);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  g_assert_nonnull (find_message_dialog ());
  g_assert_true (pj_alert_has_response (find_message_dialog (), "again"));

  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/leave/asks", test_asks);
  g_test_add_func ("/leave/asks-after-choice", test_asks_after_choice);
  g_test_add_func ("/leave/save-and-title", test_save_and_title);
  g_test_add_func ("/leave/host", test_leave_host);
  g_test_add_func ("/leave/autosave-goes", test_autosave_goes);
  g_test_add_func ("/leave/quit", test_quit);
  g_test_add_func ("/leave/game-over-waits", test_game_over_waits);
  return g_test_run ();
}
