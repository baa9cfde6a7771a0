/* pj-test-window.h — a game's main window on screen, for the GUI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-alert.h"
#include "pj-game-over-dialog.h"
#include "pj-new-game-dialog.h"
#include "pj-test-display.h"
#include "pj-window.h"

typedef enum {
  PJ_TEST_STYLE_AS_IS,   /* leave the colour scheme alone */
  PJ_TEST_STYLE_LIGHT,
  PJ_TEST_STYLE_DARK,
} PjTestStyle;

G_GNUC_UNUSED static PjTestStyle
pj_test_style (gboolean dark)
{
  return dark ? PJ_TEST_STYLE_DARK : PJ_TEST_STYLE_LIGHT;
}

/* A window showing `game` at width × height, presented, its board drawn. */
G_GNUC_UNUSED static PjWindow *
pj_test_open_window (PjGame     *game,
                     int         width,
                     int         height,
                     PjTestStyle style)
{
  PjWindow *window;

  if (style != PJ_TEST_STYLE_AS_IS)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        style == PJ_TEST_STYLE_DARK ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                    : ADW_COLOR_SCHEME_FORCE_LIGHT);
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pj_window_get_board_view (window))));
  return window;
}

/* ---- alerts ---------------------------------------------------------------
 *
 * A question of the app's is a PjAlert (pj-alert.h): before libadwaita 1.5
 * a toplevel of its own, since then a dialog inside the window it asks
 * about. These find it either way and answer it as a person would, with
 * its button. */

static void
pj_test_collect_dialogs (GtkWidget *widget,
                         GType      type,
                         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    {
      if (PJ_IS_ALERT (widget) ? pj_alert_is_shown (PJ_ALERT (widget)) : gtk_widget_get_visible (widget))
        g_ptr_array_add (found, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pj_test_collect_dialogs (child, type, found);
}

/* Every dialog of `type` on screen (pj_dialog_present()), oldest first. */
G_GNUC_UNUSED static GPtrArray *
pj_test_find_dialogs (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* owned by GTK */
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);

      pj_test_collect_dialogs (w, type, found);
    }
  return found;
}

/* The button of `root` whose label is `label` (with its mnemonic), drawn. */
G_GNUC_UNUSED static GtkWidget *
pj_test_find_drawn_button (GtkWidget  *root,
                           const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0 &&
      gtk_widget_is_drawable (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = pj_test_find_drawn_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The game-over dialog's Review button is on screen (it slides in on
 * libadwaita >= 1.5). */
G_GNUC_UNUSED static gboolean
pj_test_review_offered (gpointer dialog)
{
  return pj_test_find_drawn_button (dialog, "_Review") != NULL;
}

/* The newest dialog of `type` on screen, if any. */
G_GNUC_UNUSED static GtkWidget *
pj_test_find_dialog (GType type)
{
  g_autoptr (GPtrArray) found = pj_test_find_dialogs (type);

  return found->len > 0 ? g_ptr_array_index (found, found->len - 1) : NULL;
}

/* `dialog` is on screen with its contents: a dialog inside the window is
 * mapped a frame before what its sheet holds, so down to the innermost
 * first child shown. */
G_GNUC_UNUSED static gboolean
pj_test_dialog_drawn (GtkWidget *dialog)
{
  GtkWidget *w = dialog;

  while (w != NULL)
    {
      GtkWidget *child;

      if (!gtk_widget_get_mapped (w))
        return FALSE;
      /* shown, and not a page its parent keeps hidden (a stack's other
       * pages are visible but not child-visible, and never mapped) */
      for (child = gtk_widget_get_first_child (w);
           child != NULL && !(gtk_widget_get_visible (child) && gtk_widget_get_child_visible (child));
           child = gtk_widget_get_next_sibling (child))
        ;
      w = child;
    }
  return dialog != NULL;
}

/* The window `dialog` belongs to and keeps waiting: the one it is inside,
 * or the one its own window is modal over (NULL when it is not modal). */
G_GNUC_UNUSED static GtkWindow *
pj_test_dialog_window (GtkWidget *dialog)
{
  GtkRoot *root = gtk_widget_get_root (dialog);

  if (GTK_ROOT (dialog) != root)
    return GTK_WINDOW (root);
  return gtk_window_get_modal (GTK_WINDOW (dialog)) ? gtk_window_get_transient_for (GTK_WINDOW (dialog)) : NULL;
}

G_GNUC_UNUSED static GtkWindow *
pj_test_alert_window (PjAlert *alert)
{
  return pj_test_dialog_window (GTK_WIDGET (alert));
}

/* The newest alert on screen over `window` (any window when NULL), with
 * `heading` and the response `response` where they are not NULL. */
G_GNUC_UNUSED static PjAlert *
pj_test_find_alert_full (GtkWindow  *window,
                         const char *heading,
                         const char *response)
{
  g_autoptr (GPtrArray) alerts = pj_test_find_dialogs (PJ_TYPE_ALERT);

  for (guint i = alerts->len; i-- > 0;)
    {
      PjAlert *alert = g_ptr_array_index (alerts, i);

      if ((window == NULL || pj_test_alert_window (alert) == window) &&
          (heading == NULL || g_strcmp0 (pj_alert_get_heading (alert), heading) == 0) &&
          (response == NULL || pj_alert_has_response (alert, response)))
        return alert;
    }
  return NULL;
}

/* The newest alert on screen, if any */
G_GNUC_UNUSED static PjAlert *
pj_test_find_alert (void)
{
  return pj_test_find_alert_full (NULL, NULL, NULL);
}

/* for pj_test_run_until (): an alert is on screen and drawn */
G_GNUC_UNUSED static gboolean
pj_test_alert_shown (gpointer data)
{
  PjAlert *alert = pj_test_find_alert ();

  return alert != NULL && pj_test_dialog_drawn (GTK_WIDGET (alert));
}

/* Press `response`'s button of `alert`; the alert closes. */
G_GNUC_UNUSED static void
pj_test_answer_alert (PjAlert    *alert,
                      const char *response)
{
  g_autoptr (PjAlert) held = NULL;
  GtkWidget *button;

  g_assert_true (PJ_IS_ALERT (alert));
  button = pj_alert_get_response_button (alert, response);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  /* a window of its own is destroyed by the answer */
  held = g_object_ref (alert);
  g_signal_emit_by_name (button, "clicked");
  g_assert_false (pj_alert_is_shown (alert));
}

/* Take every alert away, as Escape would (each gives its close response). */
G_GNUC_UNUSED static void
pj_test_close_alerts (void)
{
  PjAlert *alert;

  while ((alert = pj_test_find_alert ()) != NULL)
    pj_alert_close (alert);
}

/* The game-over dialog on screen, if any */
G_GNUC_UNUSED static PjGameOverDialog *
pj_test_find_game_over_dialog (void)
{
  PjAlert *alert = pj_test_find_alert ();

  return PJ_IS_GAME_OVER_DIALOG (alert) && pj_test_dialog_drawn (GTK_WIDGET (alert))
    ? PJ_GAME_OVER_DIALOG (alert) : NULL;
}

G_GNUC_UNUSED static gboolean
pj_test_game_over_shown (gpointer data)
{
  return pj_test_find_game_over_dialog () != NULL;
}

/* Closes `window`; nothing may keep it alive once it is closed. */
G_GNUC_UNUSED static void
pj_test_close_window (PjWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_run_until_idle ();
  g_assert_finalize_object (window);
}

G_GNUC_UNUSED static gboolean
pj_test_game_let_go (gpointer game)
{
  return G_OBJECT (game)->ref_count == 1;
}

/* After its window is gone, nothing but the test may hold the game: a
 * computer move the closing window cancelled lets go of it when its worker
 * thread returns, hence the (bounded) wait. */
G_GNUC_UNUSED static void
pj_test_finalize_game (PjGame *game)
{
  g_assert_true (pj_test_run_until (pj_test_game_let_go, game, 5000));
  g_assert_finalize_object (game);
}

static gboolean
pj_test_new_game_dialog_shown (gpointer data)
{
  GtkWidget *dialog = pj_test_find_dialog (PJ_TYPE_NEW_GAME_DIALOG);

  return dialog != NULL && gtk_widget_get_mapped (dialog);
}

static GtkWidget *
pj_test_find_button (GtkWidget  *widget,
                     const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = pj_test_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* New Game as a person asks for it: the action opens the dialog; with
 * `start`, its Start is pressed, otherwise the dialog is closed unanswered. */
G_GNUC_UNUSED static void
pj_test_new_game (PjWindow *window,
                  gboolean  start)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_true (pj_test_run_until (pj_test_new_game_dialog_shown, NULL, 5000));
  dialog = pj_test_find_dialog (PJ_TYPE_NEW_GAME_DIALOG);
  if (start)
    {
      GtkWidget *button = pj_test_find_button (dialog, "_Start");

      g_assert_nonnull (button);
      g_signal_emit_by_name (button, "clicked");
    }
  else
    gtk_window_close (GTK_WINDOW (dialog));
  /* what follows runs in idles */
  for (guint i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}
