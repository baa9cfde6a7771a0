/* bench-board.c — how long the board takes to draw, and the app to show
 * its first frame. Prints figures; asserts nothing (STYLE: benchmarks
 * measure, tests check).
 *
 *   launch to first frame: from before gtk_init() to the window's first
 *     painted frame, in this process (Xvfb, if started here, excluded);
 *   board frame: the 8-player board at 1920×1080, the widget's snapshot
 *     rendered to a texture by the window's GskRenderer and by GSK's Cairo
 *     renderer: the first frame at a new size (cold: the board draws what
 *     it keeps again) and the frames after it (steady), both printed.
 *
 * The board is timed with the window's renderer, then with GSK's Cairo
 * renderer in a second run of this program (GSK_RENDERER=cairo); set
 * GSK_RENDERER to time one renderer only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-view.h"
#include "pj-test-display.h"
#include "pj-window.h"

#define FRAMES 60
#define COLD_FRAMES 5

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

static void
on_realize_cb (GtkWidget *widget,
               gpointer   user_data)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

/* One frame as the window draws it: the widget's snapshot, rendered to a
 * texture by the renderer. Returns milliseconds; adds the snapshot part to
 * *drawing_ms. */
static double
time_frame (PjBoardView *board,
            GskRenderer *renderer,
            double      *drawing_ms)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  int w = gtk_widget_get_width (GTK_WIDGET (board));
  int h = gtk_widget_get_height (GTK_WIDGET (board));
  gint64 start, mid;

  start = g_get_monotonic_time ();
  GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  mid = g_get_monotonic_time ();
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (drawing_ms != NULL)
    *drawing_ms += (mid - start) / 1000.0;
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* PJ_BENCH_SAVE=prefix writes the frame to prefix-<renderer>.png, to
 * compare the drawing before and after a change pixel by pixel. */
static void
save_frame (PjBoardView *board,
            GskRenderer *renderer,
            const char  *prefix)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = g_strdup_printf ("%s-%s.png", prefix, G_OBJECT_TYPE_NAME (renderer));

  GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (board)),
                                                              gtk_widget_get_height (GTK_WIDGET (board))));
  gdk_texture_save_to_png (texture, path);
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
size_board (PjBoardView *board,
            int          w,
            int          h)
{
  gtk_widget_size_allocate (GTK_WIDGET (board), &(GtkAllocation) { 0, 0, w, h }, -1);
}

/* Cold: the first frame after the board changed size (what a window
 * resize, a new scale factor or a style change costs: the board drops
 * what it keeps and draws it again), median of COLD_FRAMES. Steady: the
 * frames that follow, averaged; every one is a full snapshot and render,
 * as when a highlight or a peg changes. */
static void
time_frames (PjBoardView *board,
             GskRenderer *renderer)
{
  double cold[COLD_FRAMES];
  double steady_ms = 0, drawing_ms = 0, cold_drawing = 0;
  int w = gtk_widget_get_width (GTK_WIDGET (board));
  int h = gtk_widget_get_height (GTK_WIDGET (board));

  for (guint i = 0; i < COLD_FRAMES; i++)
    {
      size_board (board, w - 20, h);
      time_frame (board, renderer, NULL);
      size_board (board, w, h);
      cold[i] = time_frame (board, renderer, &cold_drawing);
    }
  qsort (cold, COLD_FRAMES, sizeof cold[0], cmp_double);

  for (guint i = 0; i < 5; i++)   /* the renderer's own caches warm up */
    time_frame (board, renderer, NULL);
  for (guint i = 0; i < FRAMES; i++)
    steady_ms += time_frame (board, renderer, &drawing_ms);

  if (g_getenv ("PJ_BENCH_SAVE") != NULL)
    save_frame (board, renderer, g_getenv ("PJ_BENCH_SAVE"));

  g_print ("board frame (8 players, %d×%d, %s): cold %.2f ms (first frame at a new size, median of %d), "
           "steady %.2f ms per frame (drawing %.2f ms + rendering to a texture %.2f ms; target ≤ 4 ms)\n",
           w, h, G_OBJECT_TYPE_NAME (renderer), cold[COLD_FRAMES / 2], COLD_FRAMES,
           steady_ms / FRAMES, drawing_ms / FRAMES, (steady_ms - drawing_ms) / FRAMES);
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
main (int    argc,
      char **argv)
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
  if (g_getenv ("PJ_BENCH_NO_LAUNCH") == NULL)
    {
      pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
      game = pj_game_new (&rules, 1, -1);
      window = GTK_WIDGET (pj_window_new (NULL));
      g_signal_connect (window, "realize", G_CALLBACK (on_realize_cb), NULL);
      pj_window_set_game (PJ_WINDOW (window), game);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (pj_test_run_until (painted, NULL, 10000));
      g_print ("launch to first frame: %.1f ms (target ≤ 500 ms)\n", (first_frame_us - t0) / 1000.0);
      gtk_window_destroy (GTK_WINDOW (window));
    }

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
  g_assert_true (pj_test_run_until (pj_test_is_drawn, board, 5000));
  /* the screen may be smaller than 1920×1080: size the board by hand (no
   * main loop runs below, so nothing sizes it back) */
  gtk_widget_size_allocate (GTK_WIDGET (board), &(GtkAllocation) { 0, 0, 1920, 1080 }, -1);
  g_print ("board size: %d×%d\n", gtk_widget_get_width (GTK_WIDGET (board)), gtk_widget_get_height (GTK_WIDGET (board)));

  /* The board draws for the renderer of its window (it keeps textures for
   * GL, Cairo nodes for Cairo), so each renderer is timed in a window of
   * its own: this process uses the default one (GL here, often software GL
   * under Xvfb), then runs itself again with GSK_RENDERER=cairo, what a
   * machine without working GL uses. */
  {
    GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (board)));

    time_frames (board, renderer);
    time_baseline (renderer, 1920, 1080);
  }
  gtk_window_destroy (GTK_WINDOW (board_window));

  if (g_getenv ("GSK_RENDERER") == NULL)
    {
      g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "GSK_RENDERER", "cairo", TRUE);
      g_autofree char *out = NULL;
      g_autoptr (GError) error = NULL;
      char *child_argv[] = { argv[0], NULL };
      int status;

      env = g_environ_setenv (env, "PJ_BENCH_NO_LAUNCH", "1", TRUE);
      if (g_spawn_sync (NULL, child_argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error))
        g_print ("%s", out);
      else
        g_print ("GSK_RENDERER=cairo: not run: %s\n", error->message);
    }

  return 0;
}
