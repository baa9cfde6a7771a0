/* bench-board.c — how long the board takes to draw, and the app to show
 * its first frame. Prints figures; asserts nothing (STYLE: benchmarks
 * measure, tests check).
 *
 *   launch to first frame: from before gtk_init() to the window's first
 *     painted frame, in this process (Xvfb, if started here, excluded);
 *   board frame: the 8-player board at 1920×1080, the widget's snapshot
 *     rendered to a texture by the window's GskRenderer, averaged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-view.h"
#include "pj-test-display.h"
#include "pj-window.h"

#define FRAMES 60

static gint64 first_frame_us;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (first_frame_us == 0)
    first_frame_us = g_get_monotonic_time ();
}

static gboolean
painted (gpointer data)
{
  return first_frame_us != 0;
}

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

static void
on_realize_cb (GtkWidget *widget,
               gpointer   user_data)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

static void
time_frames (PjBoardView *board,
             GskRenderer *renderer)
{
  double snapshot_ms = 0, render_ms = 0;
  int w = gtk_widget_get_width (GTK_WIDGET (board));
  int h = gtk_widget_get_height (GTK_WIDGET (board));

  for (guint i = 0; i < FRAMES + 5; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr (GskRenderNode) node = NULL;
      g_autoptr (GdkTexture) texture = NULL;
      gint64 start, mid;

      start = g_get_monotonic_time ();
      GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      mid = g_get_monotonic_time ();
      texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      if (i >= 5)   /* the first frames warm caches */
        {
          snapshot_ms += (mid - start) / 1000.0;
          render_ms += (g_get_monotonic_time () - mid) / 1000.0;
        }
    }
  g_print ("board frame (8 players, %d×%d, %s): %.2f ms per frame "
           "(drawing %.2f ms + rendering to a texture %.2f ms; target ≤ 4 ms)\n",
           w, h, G_OBJECT_TYPE_NAME (renderer),
           (snapshot_ms + render_ms) / FRAMES, snapshot_ms / FRAMES, render_ms / FRAMES);
}

/* What any full-window Cairo drawing costs here: an empty Cairo node of
 * the same size, rendered the same way (to tell the board from the
 * machine). */
static void
time_baseline (GskRenderer *renderer,
               int          w,
               int          h)
{
  gint64 start = 0;

  for (guint i = 0; i < FRAMES + 5; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr (GskRenderNode) node = NULL;
      g_autoptr (GdkTexture) texture = NULL;
      cairo_t *cr;

      if (i == 5)
        start = g_get_monotonic_time ();
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      cairo_destroy (cr);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
    }
  g_print ("baseline (an empty %d×%d Cairo node, %s): %.2f ms per frame\n",
           w, h, G_OBJECT_TYPE_NAME (renderer), (g_get_monotonic_time () - start) / 1000.0 / FRAMES);
}

int
main (int argc, char **argv)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (PjGame) big = NULL;
  PjBoardView *board;
  GtkWidget *window, *board_window;
  PjRules rules;
  gint64 t0;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL && !pj_test_start_xvfb ())
    {
      g_print ("no display: skipped\n");
      return 77;
    }

  /* ---- launch to first frame: what the app does at start ---- */
  t0 = g_get_monotonic_time ();
  if (!pj_test_init_display ())
    {
      g_print ("no display: skipped\n");
      return 77;
    }
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 1, -1);
  window = GTK_WIDGET (pj_window_new (NULL));
  g_signal_connect (window, "realize", G_CALLBACK (on_realize_cb), NULL);
  pj_window_set_game (PJ_WINDOW (window), game);
  gtk_window_present (GTK_WINDOW (window));
  pj_test_run_until (painted, NULL, 10000);
  g_print ("launch to first frame: %.1f ms (target ≤ 500 ms)\n", (first_frame_us - t0) / 1000.0);
  gtk_window_destroy (GTK_WINDOW (window));

  /* ---- the 8-player board at 1920×1080 ---- */
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 8);
  big = pj_game_new (&rules, 2, -1);
  board_window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (board_window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (board_window), 1920, 1080);
  board = PJ_BOARD_VIEW (pj_board_view_new ());
  pj_board_view_set_game (board, big);
  gtk_window_set_child (GTK_WINDOW (board_window), GTK_WIDGET (board));
  gtk_window_present (GTK_WINDOW (board_window));
  pj_test_run_until (is_drawn, board, 5000);
  /* the screen may be smaller than 1920×1080: size the board by hand (no
   * main loop runs below, so nothing sizes it back) */
  gtk_widget_size_allocate (GTK_WIDGET (board), &(GtkAllocation) { 0, 0, 1920, 1080 }, -1);
  g_print ("board size: %d×%d\n", gtk_widget_get_width (GTK_WIDGET (board)), gtk_widget_get_height (GTK_WIDGET (board)));

  /* the window's renderer (GL here, often software GL under Xvfb), then
   * GSK's Cairo renderer, which is what a software-only machine uses */
  {
    GskRenderer *cairo_renderer = gsk_cairo_renderer_new ();

    gsk_renderer_realize (cairo_renderer, NULL, NULL);
    time_frames (board, gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (board))));
    time_frames (board, cairo_renderer);
    time_baseline (gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (board))), 1920, 1080);
    time_baseline (cairo_renderer, 1920, 1080);
    gsk_renderer_unrealize (cairo_renderer);
    g_object_unref (cairo_renderer);
  }

  gtk_window_destroy (GTK_WINDOW (board_window));
  return 0;
}
