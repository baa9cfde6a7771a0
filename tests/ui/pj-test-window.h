/* pj-test-window.h — a game's main window on screen, for the GUI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-game-over-dialog.h"
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
  pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pj_window_get_board_view (window))));
  return window;
}

/* The game-over dialog on screen, if any */
G_GNUC_UNUSED static PjGameOverDialog *
pj_test_find_game_over_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (PJ_IS_GAME_OVER_DIALOG (w) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        return PJ_GAME_OVER_DIALOG (w);
    }
  return NULL;
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
  pj_test_run_until (pj_test_game_let_go, game, 5000);
  g_assert_finalize_object (game);
}
