/* test-resize.c — a narrow window, as a window manager makes it
 *
 * The other GUI tests open a window at the size they want: GTK lays it
 * out for that size from the start. A person drags the window's edge
 * instead, and the window manager holds the window at the minimum size it
 * was told before the drag: a minimum that depends on the layout of the
 * moment (the side panel beside the board, the header's wide buttons)
 * stops the drag short. Here openbox runs next to the test's own Xvfb and
 * the mapped toplevel is resized through it, in one step or several, or
 * made fullscreen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include "pj-test-window.h"
#include "pj-settings.h"
#include "pj-window-private.h"

#define NARROW 360
#define WIDE 1100
#define HEIGHT 760

static GPid wm_pid;
/* the test's own connection to the X server: what it asks of the window
 * manager, it asks as any other client would (GDK's X11 API is deprecated
 * from GTK 4.18) */
static Display *xdisplay;

static void
stop_wm (void)
{
  if (wm_pid > 0)
    {
      kill (wm_pid, SIGTERM);
      waitpid (wm_pid, NULL, 0);
      wm_pid = 0;
    }
}

static gboolean
wm_running (void)
{
  Atom check = XInternAtom (xdisplay, "_NET_SUPPORTING_WM_CHECK", False);
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *data = NULL;
  gboolean found;

  if (XGetWindowProperty (xdisplay, DefaultRootWindow (xdisplay), check, 0, 1, False, XA_WINDOW, &type,
                          &format, &n, &after, &data) != Success)
    return FALSE;
  found = n == 1;
  if (data != NULL)
    XFree (data);
  return found;
}

/* A window of the client list may be gone by the time it is read: not
 * found, rather than Xlib's default of ending the process. (GDK's handler,
 * set once GTK opens its display, ignores displays it did not open.) */
static int
ignore_x_error (Display     *display,
                XErrorEvent *event)
{
  return 0;
}

static gboolean
get_cardinals (Window         window,
               const char    *property,
               unsigned long *values,
               unsigned long *n_values)
{
  Atom atom = XInternAtom (xdisplay, property, False);
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *data = NULL;

  *n_values = 0;
  if (XGetWindowProperty (xdisplay, window, atom, 0, 64, False, AnyPropertyType, &type, &format, &n, &after,
                          &data) != Success || data == NULL)
    return FALSE;
  if (format == 32)
    for (unsigned long i = 0; i < n && i < 64; i++)
      values[(*n_values)++] = ((unsigned long *) data)[i];
  XFree (data);
  return *n_values > 0;
}

/* The X window of this test's toplevel, as the window manager lists it:
 * the one client of this process (the tests open one window at a time) */
static Window
find_toplevel (void)
{
  unsigned long clients[64], n_clients;
  Window found = None;

  if (!get_cardinals (DefaultRootWindow (xdisplay), "_NET_CLIENT_LIST", clients, &n_clients))
    return None;
  for (unsigned long i = 0; i < n_clients; i++)
    {
      unsigned long pid, n;

      if (get_cardinals (clients[i], "_NET_WM_PID", &pid, &n) && pid == (unsigned long) getpid ())
        found = clients[i];
    }
  return found;
}

static gboolean
toplevel_listed (gpointer data)
{
  return find_toplevel () != None;
}

/* Our own X server (never the desktop's: a window manager is started on
 * it) with openbox managing it, ready once it says so on the root window. */
static gboolean
start_display_with_wm (void)
{
  char *argv[] = { (char *) "openbox", (char *) "--sm-disable", NULL };
  gint64 end;
  gboolean ready = FALSE;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  if (!pj_test_start_xvfb ())
    return FALSE;
  if (!g_spawn_async (NULL, argv, NULL,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                      G_SPAWN_STDERR_TO_DEV_NULL,
                      pj_test_xvfb_child_setup, NULL, &wm_pid, NULL))
    return FALSE;
  atexit (stop_wm);

  xdisplay = XOpenDisplay (g_getenv ("DISPLAY"));
  g_assert_nonnull (xdisplay);
  XSetErrorHandler (ignore_x_error);
  end = g_get_monotonic_time () + pj_test_scaled_ms (10000) * G_TIME_SPAN_MILLISECOND;
  while (!(ready = wm_running ()) && g_get_monotonic_time () < end)
    g_usleep (20000);
  g_assert_true (ready);
  return pj_test_init_display ();
}

static PjGame *
new_game (guint players)
{
  PjRules rules;
  PjGame *game;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, players);
  game = pj_game_new (&rules, 7, players - 1);
  for (guint i = 1; i < players; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  pj_game_set_delay (game, 0);
  return game;
}

typedef struct {
  GtkWidget *window;
  int        width;
} SizeWait;

/* The window has the width asked for (a wait's condition) */
static gboolean
has_width (gpointer data)
{
  SizeWait *wait = data;

  return gtk_widget_get_width (wait->window) == wait->width;
}

/* What a user's drag of the window's edge does: the window manager is
 * asked for the new size, and gives what the window's hints allow. */
static void
wm_resize (PjWindow *window,
           int       width)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  Window toplevel;
  SizeWait wait = { GTK_WIDGET (window), width };
  /* the X window holds the window's shadow or border as well */
  int frame = gdk_surface_get_width (surface) - gtk_widget_get_width (GTK_WIDGET (window));

  g_assert_cmpint (frame, >=, 0);
  g_assert_true (pj_test_run_until (toplevel_listed, NULL, 3000));
  toplevel = find_toplevel ();
  g_assert_true (toplevel != None);
  XResizeWindow (xdisplay, toplevel, width + frame, HEIGHT);
  XFlush (xdisplay);
  g_assert_true (pj_test_run_until (has_width, &wait, 3000));
  /* the idle after an allocation, and the frames after it */
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  g_test_message ("asked for %d px: the window is %d px wide", width, gtk_widget_get_width (GTK_WIDGET (window)));
}

static gboolean
panel_shown (PjWindow *window)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-history");

  return g_variant_get_boolean (state) && gtk_widget_get_mapped (window->sidebar_box);
}

static gboolean
panel_away (gpointer data)
{
  return !panel_shown (data);
}

/* Shown and done sliding in: all of it inside the window. */
static gboolean
panel_in_place (gpointer data)
{
  PjWindow *window = data;
  graphene_rect_t panel;

  return panel_shown (window) &&
         gtk_widget_compute_bounds (window->sidebar_box, GTK_WIDGET (window), &panel) &&
         panel.origin.x >= 0 && panel.origin.x + panel.size.width <= gtk_widget_get_width (GTK_WIDGET (window)) + 0.5;
}

static void
bounds_in_window (PjWindow        *window,
                  GtkWidget       *widget,
                  graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), bounds));
}

typedef struct
{
  PjWindow  *window;
  GtkWidget *board;
  int        width;
} BoardWidth;

static gboolean
board_at_least (gpointer data)
{
  BoardWidth *want = data;
  graphene_rect_t bounds;

  bounds_in_window (want->window, want->board, &bounds);
  return bounds.size.width >= want->width;
}

/* The narrow layout: the window is as narrow as asked, the board takes
 * its width, every card of the hand is in the window (or the hand
 * scrolls, with its scroll bar shown), and the side panel opens over the
 * board and closes again. */
static void
assert_narrow (PjWindow   *window,
               const char *shot)
{
  GtkWidget *board = GTK_WIDGET (pj_window_get_board_view (window));
  GtkWidget *hand = GTK_WIDGET (pj_window_get_hand_view (window));
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (hand, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *scroll = gtk_scrolled_window_get_hadjustment (scroller);
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  graphene_rect_t board_bounds, bounds, panel;
  gboolean scrolls;
  guint cards = 0;
  int min_width;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_test_message ("the window asks for at least %d px", min_width);
  g_assert_cmpint (width, ==, NARROW);
  g_assert_cmpint (min_width, <=, NARROW);
  /* and what is in it fits, part by part (none is squeezed below its
   * minimum) */
  {
    struct { const char *name; GtkWidget *widget; } parts[] = {
      { "content", adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)) },
      { "header bar", gtk_widget_get_ancestor (window->side_panel_button, ADW_TYPE_HEADER_BAR) },
      { "tutorial bar", GTK_WIDGET (window->tutorial_bar) },
      { "action row", window->action_box },
      { "hand", GTK_WIDGET (scroller) },
      { "side panel", window->sidebar_box },
      { "team progress", GTK_WIDGET (window->team_progress) },
    };

    for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
      {
        int min;

        g_assert_nonnull (parts[i].widget);
        gtk_widget_measure (parts[i].widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
        g_test_message ("%s: at least %d px", parts[i].name, min);
        g_assert_cmpint (min, <=, NARROW);
      }
  }
  g_assert_true (pj_window_get_compact (window));

  /* the action row, with each set of buttons it shows at a time (a
   * Joker's declaring is for a card that moves: never with Discard) */
  {
    GtkWidget *sets[][3] = {
      { window->challenge_button, window->pass_button, NULL },
      { window->discard_button, window->cancel_button, NULL },
      { window->declare_box, window->cancel_button, NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
      {
        gboolean was[3] = { FALSE, FALSE, FALSE };
        int min;

        for (guint j = 0; j < 3 && sets[i][j] != NULL; j++)
          {
            was[j] = gtk_widget_get_visible (sets[i][j]);
            gtk_widget_set_visible (sets[i][j], TRUE);
          }
        gtk_widget_measure (window->action_box, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
        for (guint j = 0; j < 3 && sets[i][j] != NULL; j++)
          gtk_widget_set_visible (sets[i][j], was[j]);
        g_test_message ("action row, buttons %u: at least %d px", i, min);
        g_assert_cmpint (min, <=, NARROW);
      }
    /* the buttons are back as they were: let the window lay itself out
     * again before anything is measured (a fixed pause was not always
     * enough under the sanitizers, and the board came out a pixel short) */
    g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  }

  /* the board, less its margins: once the window has laid itself out
   * again (a frame or two more now and then, hence a bounded wait and not
   * a count of frames) */
  {
    BoardWidth want = { window, board, width - 16 };

    g_assert_true (pj_test_run_until (board_at_least, &want, 5000));
  }
  bounds_in_window (window, board, &board_bounds);
  g_test_message ("board: %.0f px at %.0f", board_bounds.size.width, board_bounds.origin.x);
  g_assert_cmpfloat (board_bounds.origin.x, >=, 0);
  g_assert_cmpfloat (board_bounds.origin.x + board_bounds.size.width, <=, width);
  g_assert_cmpfloat (board_bounds.size.width, >=, width - 16);

  /* the hand: each card whole in the window, or a hand that scrolls and
   * shows that it does */
  scrolls = gtk_adjustment_get_upper (scroll) > gtk_adjustment_get_page_size (scroll) + 0.5;
  g_test_message ("hand: %.0f of %.0f px", gtk_adjustment_get_upper (scroll), gtk_adjustment_get_page_size (scroll));
  bounds_in_window (window, GTK_WIDGET (scroller), &bounds);
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
  if (scrolls)
    g_assert_true (gtk_widget_get_mapped (gtk_scrolled_window_get_hscrollbar (scroller)));
  else
    for (GtkWidget *card = gtk_widget_get_first_child (hand); card != NULL; card = gtk_widget_get_next_sibling (card))
      {
        if (!gtk_widget_get_visible (card))
          continue;
        bounds_in_window (window, card, &bounds);
        g_assert_cmpfloat (bounds.origin.x, >=, 0);
        g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
        cards++;
      }
  g_assert_true (scrolls || cards == pj_hand_view_get_n_cards (PJ_HAND_VIEW (hand)));
  g_assert_cmpuint (pj_hand_view_get_n_cards (PJ_HAND_VIEW (hand)), >, 0);

  /* the side panel: away, then over the board (which keeps its room),
   * then away again */
  g_assert_false (panel_shown (window));
  {
    g_autofree char *closed = g_strdup_printf ("%s-board.png", shot);

    pj_test_screenshot (GTK_WIDGET (window), closed);
  }
  /* the width the board has now, frames later, is what the panel must leave it */
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  bounds_in_window (window, board, &board_bounds);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL);
  /* it slides in: where it ends, it is inside the window */
  g_assert_true (pj_test_run_until (panel_in_place, window, 5000));
  bounds_in_window (window, window->sidebar_box, &panel);
  g_test_message ("panel: %.0f px at %.0f", panel.size.width, panel.origin.x);
  g_assert_cmpfloat (panel.origin.x, >=, 0);
  g_assert_cmpfloat (panel.origin.x + panel.size.width, <=, width + 0.5);
  g_assert_true (graphene_rect_intersection (&panel, &board_bounds, NULL));
  bounds_in_window (window, board, &bounds);
  /* over the board, not beside it: a panel that squeezed the board would
   * take its own width (hundreds of px); a layout caught between two frames
   * has been seen a pixel apart under load, which says nothing */
  g_assert_cmpfloat_with_epsilon (bounds.size.width, board_bounds.size.width, 1.5);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, NARROW);
  {
    g_autofree char *open = g_strdup_printf ("%s-panel.png", shot);

    pj_test_screenshot (GTK_WIDGET (window), open);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL);
  g_assert_true (pj_test_run_until (panel_away, window, 5000));
}

static PjWindow *
open_wide (PjGame  *game,
           gboolean panel)
{
  g_autoptr (GSettings) settings = pj_settings_new ();
  PjWindow *window;

  g_settings_set_boolean (settings, "show-side-panel", panel);
  /* screenshots of the dark style: PJ_TEST_DARK=1 */
  window = pj_test_open_window (game, WIDE, HEIGHT, pj_test_style (g_getenv ("PJ_TEST_DARK") != NULL));
  /* the default size is the X window's, frame and all: the window itself
   * is narrower than WIDE until the window manager resizes it */
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  wm_resize (window, WIDE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, WIDE);
  g_assert_true (panel_shown (window) == panel);
  g_assert_false (pj_window_get_compact (window));
  return window;
}

/* The screenshots' names, as the run that takes them */
static char *
shot_name (guint       players,
           const char *what)
{
  return g_strdup_printf ("resize-%u-%s-%s-%s", players, what,
                          g_getenv ("PJ_TEST_DARK") != NULL ? "dark" : "light",
                          gtk_widget_get_default_direction () == GTK_TEXT_DIR_RTL ? "rtl" : "ltr");
}

/* From wide to narrow in one drag, the side panel shown */
static void
test_one_step (gconstpointer data)
{
  guint players = GPOINTER_TO_UINT (data);
  g_autoptr (PjGame) game = new_game (players);
  g_autofree char *shot = shot_name (players, "one-step");
  g_autoptr (GSettings) settings = pj_settings_new ();
  PjWindow *window;

  window = open_wide (game, TRUE);
  wm_resize (window, NARROW);
  assert_narrow (window, shot);
  /* folded, the panel was opened and closed: the choice made beside the
   * board is kept */
  g_assert_true (g_settings_get_boolean (settings, "show-side-panel"));

  /* and wide again, the panel is back beside the board */
  wm_resize (window, WIDE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, WIDE);
  g_assert_true (panel_shown (window));
  g_assert_false (pj_window_get_compact (window));
  pj_test_close_window (window);
}

/* From wide to narrow a step at a time, the side panel hidden */
static void
test_steps (gconstpointer data)
{
  guint players = GPOINTER_TO_UINT (data);
  g_autoptr (PjGame) game = new_game (players);
  g_autofree char *shot = shot_name (players, "steps");
  const int steps[] = { 900, 700, 560, 480, 400, NARROW };
  PjWindow *window;

  window = open_wide (game, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      wm_resize (window, steps[i]);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, steps[i]);
    }
  assert_narrow (window, shot);
  wm_resize (window, WIDE);
  g_assert_false (panel_shown (window));
  pj_test_close_window (window);
}

/* Right to left, the panel comes from the other side: still over the
 * board, still in the window */
static void
test_one_step_rtl (gconstpointer data)
{
  GtkTextDirection direction = gtk_widget_get_default_direction ();

  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  test_one_step (data);
  gtk_widget_set_default_direction (direction);
}

static gboolean
is_fullscreen (gpointer data)
{
  return gtk_window_is_fullscreen (data);
}

static gboolean
not_fullscreen (gpointer data)
{
  return !gtk_window_is_fullscreen (data);
}

/* F11's action toggles fullscreen (through the window manager, as a
 * person's F11 does), and Escape leaves it once no move is begun; the
 * state is kept for the next window as the size is. */
static void
test_window_fullscreen (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;
  PjRules rules;

  settings = pj_settings_new ();
  g_assert_nonnull (settings);
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 3, 0);
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, pj_window_get_board_view (window), 5000));
  g_assert_false (gtk_window_is_fullscreen (GTK_WINDOW (window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.fullscreen", NULL));
  g_assert_true (pj_test_run_until (is_fullscreen, window, 5000));
  /* the way out, in the header */
  g_assert_true (gtk_widget_get_visible (window->unfullscreen_button));
  pj_test_wait (300);
  pj_test_screenshot (GTK_WIDGET (window), "window-fullscreen.png");
  pj_window_save_size (window);
  g_assert_true (g_settings_get_boolean (settings, "window-fullscreen"));
  pj_test_close_window (window);

  /* the next window opens fullscreen; F11 again leaves it */
  window = pj_window_new (NULL);
  pj_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (is_fullscreen, window, 5000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.fullscreen", NULL));
  g_assert_true (pj_test_run_until (not_fullscreen, window, 5000));

  /* Escape steps back from a card picked first, and stays fullscreen;
   * with nothing to step back from, it leaves */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.fullscreen", NULL));
  g_assert_true (pj_test_run_until (is_fullscreen, window, 5000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.select-card", "i", 0));
  g_assert_cmpint (pj_hand_view_get_selected (pj_window_get_hand_view (window)), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-move", NULL));
  g_assert_cmpint (pj_hand_view_get_selected (pj_window_get_hand_view (window)), ==, -1);
  pj_test_wait (300);
  g_assert_true (gtk_window_is_fullscreen (GTK_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-move", NULL));
  g_assert_true (pj_test_run_until (not_fullscreen, window, 5000));
  g_assert_false (gtk_widget_get_visible (window->unfullscreen_button));
  pj_window_save_size (window);
  g_assert_false (g_settings_get_boolean (settings, "window-fullscreen"));
  pj_test_close_window (window);
  g_settings_reset (settings, "window-fullscreen");
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("PJ_TEST_LOCALEDIR");
  const char *language = g_getenv ("LANGUAGE");

  g_autofree char *openbox = g_find_program_in_path ("openbox");
  g_autofree char *xvfb = g_find_program_in_path ("Xvfb");

  g_test_init (&argc, &argv, NULL);
  /* screenshots in a language: LANGUAGE=fa PJ_TEST_LOCALEDIR=<build>/po */
  if (localedir != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  if (openbox == NULL || xvfb == NULL)
    {
      g_test_skip ("needs Xvfb and a window manager (Debian: xvfb, openbox)");
      return g_test_run ();
    }
  g_assert_true (start_display_with_wm ());
  /* after gtk_init(), which sets the direction from GTK's own translations
   * (not always installed) */
  if (localedir != NULL && language != NULL && g_str_has_prefix (language, "fa"))
    gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);

  for (guint players = 4; players <= 8; players += 2)
    {
      g_autofree char *one = g_strdup_printf ("/resize/%u/one-step-panel-shown", players);
      g_autofree char *steps = g_strdup_printf ("/resize/%u/steps-panel-hidden", players);

      g_test_add_data_func (one, GUINT_TO_POINTER (players), test_one_step);
      g_test_add_data_func (steps, GUINT_TO_POINTER (players), test_steps);
    }
  g_test_add_data_func ("/resize/6/one-step-right-to-left", GUINT_TO_POINTER (6), test_one_step_rtl);
  g_test_add_func ("/resize/fullscreen", test_window_fullscreen);
  return g_test_run ();
}
