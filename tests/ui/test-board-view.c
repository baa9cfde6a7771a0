/* test-board-view.c — the board draws 4, 6 and 8 sides, light and dark,
 * and animates a move, without a single warning (G_DEBUG=fatal-warnings).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-view.h"
#include "pj-test-display.h"

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

static gboolean
not_animating (gpointer data)
{
  return !pj_board_view_get_animating (data);
}

static void
draw_board (guint    players,
            gboolean dark)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autofree char *name = NULL;
  GtkWidget *window, *board;
  PjActionList list;
  PjRules rules;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);

  pj_rules_preset (&rules, players == 8 ? PJ_PRESET_PEGOO : PJ_PRESET_BASIC, players);
  game = pj_game_new (&rules, 11, -1);
  pj_game_set_delay (game, 0);

  window = gtk_window_new ();
  board = pj_board_view_new ();
  pj_board_view_set_game (PJ_BOARD_VIEW (board), game);
  g_object_set (board, "animation-speed", 4.0, NULL);
  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 700);
  gtk_window_present (GTK_WINDOW (window));
  pj_test_run_until (is_drawn, board, 5000);
  g_assert_true (gtk_widget_get_mapped (board));

  /* draw it ourselves, too: the snapshot must hold the Cairo drawing */
  paintable = gtk_widget_paintable_new (board);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (board), gtk_widget_get_height (board));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);

  /* play a few computer moves through the model and let them animate */
  pj_action_list_init (&list);
  for (guint i = 0; i < players; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  for (guint k = 0; k < 8 && !pj_game_is_over (game); k++)
    {
      guint n = g_list_model_get_n_items (pj_game_get_history (game));

      pj_game_start (game);
      while (g_list_model_get_n_items (pj_game_get_history (game)) == n)
        g_main_context_iteration (NULL, TRUE);
      pj_game_stop (game);
      pj_test_run_until (not_animating, board, 5000);
    }
  pj_action_list_clear (&list);

  name = g_strdup_printf ("board-%u-%s.png", players, dark ? "dark" : "light");
  pj_test_screenshot (board, name);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void test_board_4 (void) { draw_board (4, FALSE); }
static void test_board_6 (void) { draw_board (6, FALSE); }
static void test_board_8_dark (void) { draw_board (8, TRUE); }

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board-view/4-players", test_board_4);
  g_test_add_func ("/board-view/6-players", test_board_6);
  g_test_add_func ("/board-view/8-players-pegoo-dark", test_board_8_dark);

  return g_test_run ();
}
