/* pj-test-display.h — GUI tests bring their own X server when none is set
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdlib.h>
#include <string.h>
#include <adwaita.h>
#include "pj-test-announce.h"

/* Built with AddressSanitizer (gcc says __SANITIZE_ADDRESS__, clang
 * __has_feature): a few tests leave out what only costs time there or
 * what leaks inside the toolkit, and say why where they do. */
#if defined(__SANITIZE_ADDRESS__)
#define PJ_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PJ_TEST_SANITIZED 1
#endif
#endif
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <pthread.h>
#ifdef __GLIBC__
#include <execinfo.h>
#endif
#ifdef __linux__
#include <sys/prctl.h>
#endif

static GPid pj_test_xvfb_pid;

static void
pj_test_stop_xvfb (void)
{
  if (pj_test_xvfb_pid > 0)
    {
      kill (pj_test_xvfb_pid, SIGTERM);
      waitpid (pj_test_xvfb_pid, NULL, 0);
      pj_test_xvfb_pid = 0;
    }
}

/* In the child: die with the test, also when the test aborts (atexit does
 * not run then, and a stray Xvfb would outlive the run). */
static void
pj_test_xvfb_child_setup (gpointer data)
{
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGTERM);
#endif
}

/* Start Xvfb on a free display (it tells which through -displayfd). */
static gboolean
pj_test_start_xvfb (void)
{
  g_autofree char *fd_text = NULL;
  char buf[32] = { 0 };
  int fds[2];
  ssize_t n;
  char *argv[] = { (char *) "Xvfb", (char *) "-displayfd", NULL, (char *) "-screen", (char *) "0",
                   (char *) "1280x800x24", (char *) "-nolisten", (char *) "tcp", NULL };

  if (pipe (fds) != 0)
    return FALSE;
  fd_text = g_strdup_printf ("%d", fds[1]);
  argv[2] = fd_text;

  if (!g_spawn_async (NULL, argv, NULL,
                      /* a direct child (no double fork), so that the parent-death
                       * signal of pj_test_xvfb_child_setup is tied to the test */
                      G_SPAWN_SEARCH_PATH | G_SPAWN_LEAVE_DESCRIPTORS_OPEN | G_SPAWN_DO_NOT_REAP_CHILD |
                      G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                      pj_test_xvfb_child_setup, NULL, &pj_test_xvfb_pid, NULL))
    {
      close (fds[0]);
      close (fds[1]);
      return FALSE;
    }
  close (fds[1]);
  n = read (fds[0], buf, sizeof buf - 1);
  close (fds[0]);
  if (n <= 0)
    return FALSE;

  g_strstrip (buf);
  {
    g_autofree char *display = g_strdup_printf (":%s", buf);
    g_setenv ("DISPLAY", display, TRUE);
  }
  atexit (pj_test_stop_xvfb);
  return TRUE;
}

/* When meson's timeout kills a test that hangs, say where the main thread
 * was: a CI log then shows the wait that never ended (a deadlock once cost
 * a whole run with nothing but "TIMEOUT" to go on). */
static pthread_t pj_test_main_thread;

static void
pj_test_on_term (int sig)
{
#ifdef __GLIBC__
  static const char msg[] = "\n** killed, maybe by the test timeout, in ";
  const char *path = g_test_get_path ();
  void *frames[64];
  int n;

  if (!pthread_equal (pthread_self (), pj_test_main_thread))
    {
      /* another thread took the signal: hand it to the one that matters */
      pthread_kill (pj_test_main_thread, sig);
      return;
    }
  if (write (STDERR_FILENO, msg, sizeof msg - 1) < 0 ||
      write (STDERR_FILENO, path, strlen (path)) < 0 ||
      write (STDERR_FILENO, "; the main thread was here:\n", 28) < 0)
    _exit (128 + sig);
  n = backtrace (frames, G_N_ELEMENTS (frames));
  backtrace_symbols_fd (frames, n, STDERR_FILENO);
#endif
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
pj_test_watch_for_timeout (void)
{
#ifdef __GLIBC__
  static gboolean watching;
  void *frame;

  if (watching)
    return;
  watching = TRUE;
  pj_test_main_thread = pthread_self ();
  /* the first backtrace() loads what it needs; not in a signal handler */
  backtrace (&frame, 1);
  signal (SIGTERM, pj_test_on_term);
#endif
}

/* TRUE when GTK and libadwaita are ready; otherwise the tests skip. */
G_GNUC_UNUSED static gboolean
pj_test_init_display (void)
{

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL &&
      !pj_test_start_xvfb ())
    return FALSE;

  if (!gtk_init_check ())
    return FALSE;
  adw_init ();
  /* the sanitizer builds' GL switch (tests/meson.build) is one GTK heeds */
  if (g_getenv ("PJ_TEST_NO_GL") != NULL)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (gdk_display_prepare_gl (gdk_display_get_default (), &error));
      g_assert_nonnull (error);
    }
  pj_test_watch_for_timeout ();

  /* AdwApplication loads the app's style.css; tests have no application */
  {
    static gboolean styled;
    const char *css = "/io/github/pegsandjokers/PegsAndJokers/style.css";

    if (!styled && g_resources_get_info (css, 0, NULL, NULL, NULL))
      {
        g_autoptr (GtkCssProvider) provider = gtk_css_provider_new ();

        gtk_css_provider_load_from_resource (provider, css);
        gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                    GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
        styled = TRUE;
      }
  }

  /* a window sets its game's pace from the preferences: at "instant" the
   * tests' computer players do not wait (GSETTINGS_BACKEND=memory) */
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr (GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, "io.github.pegsandjokers.PegsAndJokers", TRUE) : NULL;

    if (schema != NULL)
      {
        g_autoptr (GSettings) settings = g_settings_new_full (schema, NULL, NULL);

        g_settings_set_string (settings, "computer-speed", "instant");
      }
  }
  return TRUE;
}

G_GNUC_UNUSED static gboolean
pj_test_never (gpointer data)
{
  return FALSE;
}

/* A bound on waiting, stretched in slow (sanitizer) builds. Also for the
 * deadlines a test sets for the code under test (a host's patience with a
 * silent guest): a main loop stalled by a slow build must not look like a
 * silent peer. */
G_GNUC_UNUSED static guint
pj_test_scaled_ms (guint ms)
{
  const char *scale = g_getenv ("PJ_TEST_TIMEOUT_SCALE");

  return scale != NULL ? ms * CLAMP (atoi (scale), 1, 20) : ms;
}

/* Runs the main loop until `done` holds or `ms` have passed. */
G_GNUC_UNUSED static gboolean
pj_test_iterate_until (gboolean (*done) (gpointer),
                       gpointer   data,
                       guint      ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  gboolean held;

  while (!(held = done (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  return held;
}

/* Runs the main loop until `done` holds, for at most timeout_ms (scaled):
 * TRUE when it held. A wait that gave up must fail its test, so the result
 * must be used: g_assert_true (pj_test_run_until (…)), which names the
 * condition when it fails. */
G_GNUC_UNUSED G_GNUC_WARN_UNUSED_RESULT static gboolean
pj_test_run_until (gboolean (*done) (gpointer),
                   gpointer   data,
                   guint      timeout_ms)
{
  return pj_test_iterate_until (done, data, pj_test_scaled_ms (timeout_ms));
}

/* A pointer (a weak pointer's target, say) became NULL: a wait's condition,
 * given the pointer's address */
G_GNUC_UNUSED static gboolean
pj_test_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* A widget is on screen and laid out (a wait's condition) */
G_GNUC_UNUSED static gboolean
pj_test_is_drawn (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 100;
}

/* Run what the main loop has ready, and nothing more */
G_GNUC_UNUSED static void
pj_test_run_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
pj_test_count_tick (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
pj_test_three_ticks (gpointer data)
{
  return *(guint *) data >= 3;
}

/* Waits until `widget`'s window has drawn a few frames (the frame clock
 * runs while a tick callback is on), so that what a change set off (an
 * idle after an allocation, a new layout) is done: a count of frames, not
 * a time, so a loaded machine waits longer. For checks that something did
 * NOT move; a wait for what should happen waits for that instead. */
G_GNUC_UNUSED G_GNUC_WARN_UNUSED_RESULT static gboolean
pj_test_run_frames (GtkWidget *widget)
{
  guint ticks = 0;
  guint id = gtk_widget_add_tick_callback (widget, pj_test_count_tick, &ticks, NULL);
  gboolean held = pj_test_run_until (pj_test_three_ticks, &ticks, 5000);

  gtk_widget_remove_tick_callback (widget, id);
  return held;
}

/* Let a few frames pass, e.g. before a screenshot. */
G_GNUC_UNUSED static void
pj_test_wait (guint ms)
{
  /* a plain pause, not stretched: nothing is waited for */
  pj_test_iterate_until (pj_test_never, NULL, ms);
}

/* Save what a widget shows as PNG when PJ_SCREENSHOT_DIR is set (to look at
 * the app from a test run); a no-op otherwise. */
G_GNUC_UNUSED static void
pj_test_screenshot (GtkWidget  *widget,
                    const char *name)
{
  const char *dir = g_getenv ("PJ_SCREENSHOT_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  if (dir == NULL || w <= 0 || h <= 0)
    return;

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    {
      g_test_message ("nothing drawn yet for %s", name);
      return;
    }
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}
