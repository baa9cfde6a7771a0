/* pj-test-lan.h — what the LAN tests of the window share: waits on a
 * window's table, a host elsewhere in the process, the window's dialogs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>
#include <glib/gstdio.h>

#include "pj-join-page.h"
#include "pj-lobby-page.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-window.h"

G_GNUC_UNUSED static gboolean
has_table (gpointer data)
{
  return pj_window_get_table (data) != NULL &&
         pj_client_get_n_seats (pj_table_get_client (pj_window_get_table (data))) > 0;
}

G_GNUC_UNUSED static gboolean
seated_first (gpointer data)
{
  PjTable *table = pj_window_get_table (data);

  return table != NULL && pj_client_get_seat (pj_table_get_client (table)) == 0;
}

G_GNUC_UNUSED static gboolean
has_mirror (gpointer data)
{
  PjGame *game = pj_window_get_game (data);

  return game != NULL && pj_game_is_mirror (game);
}

G_GNUC_UNUSED static gboolean
page_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

G_GNUC_UNUSED static gboolean
host_can_start (gpointer data)
{
  return pj_table_can_start (data);
}

G_GNUC_UNUSED static const char *
visible_page (PjWindow *window)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (pj_window_get_board_view (window)), GTK_TYPE_STACK);

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

G_GNUC_UNUSED static PjTable *
host_elsewhere (void)
{
  PjTable *table = pj_table_new ("Ann");
  g_autoptr (GError) error = NULL;

  g_assert_true (pj_table_host (table, "Kitchen table", NULL, 0, &error));
  g_assert_no_error (error);
  return table;
}

/* The alert over `window` that has `response`, if one is open. */
typedef struct {
  PjWindow   *window;
  const char *response;
} DialogWait;

typedef struct {
  PjHost *host;
  guint   n;
} People;

/* The host has exactly n people (spectators included). */
G_GNUC_UNUSED static gboolean
host_has_people (gpointer data)
{
  People *p = data;

  return pj_host_get_n_people (p->host) == p->n;
}

/* The window is at a table, connected. */
G_GNUC_UNUSED static gboolean
window_at_table (gpointer data)
{
  PjTable *table = pj_window_get_table (data);

  return table != NULL && pj_table_get_connected (table);
}

/* The first widget of that type under widget, depth first. */
G_GNUC_UNUSED static GtkWidget *
find_of_type (GtkWidget *widget,
              GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

G_GNUC_UNUSED static PjAlert *
find_dialog (PjWindow   *window,
             const char *response)
{
  return pj_test_find_alert_full (GTK_WINDOW (window), NULL, response);
}

G_GNUC_UNUSED static gboolean
dialog_open (gpointer data)
{
  DialogWait *d = data;

  return find_dialog (d->window, d->response) != NULL;
}


/* Plays Ann's turns with her first legal action until the game ends. */
G_GNUC_UNUSED static gboolean
played_to_the_end (gpointer data)
{
  PjGame *game = pj_window_get_game (data);
  const PjAction *legal;
  guint n = 0;

  if (pj_game_is_over (game))
    return TRUE;
  legal = pj_game_get_human_actions (game, &n);
  if (n > 0)
    pj_game_apply (game, &legal[0], NULL);
  return FALSE;
}

/* Removes a folder and everything in it (a test's data home). */
G_GNUC_UNUSED static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* A data folder of the test's own (the app's autosave, saved tables, kept
 * seats), while the system's schemas stay where they are; the caller
 * removes it with remove_tree() at the end. */
G_GNUC_UNUSED static char *
pj_test_lan_data_home (void)
{
  char *data_home = g_dir_make_tmp ("pj-lan-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* the tables' pins (trust on first use) go in the config folder */
  g_setenv ("XDG_CONFIG_HOME", data_home, TRUE);
  return data_home;
}

/* The window's table, Ann seated first: easy computers at no delay in the
 * other seats, everyone ready, until the host could start. Its host. */
G_GNUC_UNUSED static PjHost *
pj_test_lan_seat_computers (PjWindow *window)
{
  g_autoptr (GError) error = NULL;
  PjTable *table;
  PjHost *host;

  g_assert_true (pj_test_run_until (seated_first, window, 5000));
  table = pj_window_get_table (window);
  host = pj_table_get_host (table);
  g_object_set (host, "computer-delay-ms", 0, NULL);
  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  g_assert_no_error (error);
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  g_assert_true (pj_test_run_until (host_can_start, table, 5000));
  return host;
}

/* A new window (1100 × 800) hosting a LAN table called `name`, from its
 * lobby page, with pj_test_lan_seat_computers(); the game not started.
 * Returns the lobby page; *window_out is the window. */
G_GNUC_UNUSED static GtkWidget *
pj_test_lan_host_with_computers (const char  *name,
                                 PjWindow   **window_out)
{
  g_autoptr (GError) error = NULL;
  PjWindow *window = pj_window_new (NULL);
  GtkWidget *page;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_host_lan (window);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));
  g_assert_true (pj_lobby_page_open_table (PJ_LOBBY_PAGE (page), name, NULL, "Ann", &error));
  g_assert_no_error (error);
  pj_test_lan_seat_computers (window);
  *window_out = window;
  return page;
}
