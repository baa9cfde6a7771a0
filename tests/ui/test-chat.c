/* test-chat.c — the lobby's chat, typed in as a person does, while the
 * table moves on: the deal takes the window to the board with the chat
 * line still focused, and GTK must be told the focus left it (issue 23:
 * "GtkText - did not receive a focus-out event", a warning, fatal here).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-chat-box.h"
#include "pj-test-lan.h"

static gboolean
can_start (gpointer data)
{
  return pj_lobby_page_get_can_start (data);
}

static gboolean
text_focused (gpointer data)
{
  return gtk_widget_has_focus (data);
}

/* The chat line's GtkText, where the typing goes. */
static GtkWidget *
chat_text (GtkWidget *page)
{
  GtkWidget *chat = find_of_type (page, PJ_TYPE_CHAT_BOX);

  g_assert_nonnull (chat);
  return find_of_type (chat, GTK_TYPE_TEXT);
}

/* Type into the lobby's chat, then start the game: the board takes the
 * window while the chat line has the focus and its cursor blinks. */
static void
test_chat_focus_on_deal (void)
{
  g_autofree char *data_home = pj_test_lan_data_home ();
  PjWindow *window;
  GtkWidget *page, *text;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  /* the cursor blinks, quickly: a blink with the focus gone is the warning */
  g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", TRUE, "gtk-cursor-blink-time", 200,
                "gtk-cursor-blink-timeout", 60, NULL);

  page = pj_test_lan_host_with_computers ("Chat table", &window);
  g_assert_true (pj_test_run_until (can_start, page, 5000));

  /* typing in the chat line */
  text = chat_text (page);
  g_assert_nonnull (text);
  g_assert_true (gtk_widget_grab_focus (text));
  g_assert_true (pj_test_run_until (text_focused, text, 5000));
  gtk_editable_set_text (GTK_EDITABLE (text), "ready when you are");
  gtk_editable_set_position (GTK_EDITABLE (text), -1);
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));

  /* the deal: the board takes the window */
  g_assert_true (pj_lobby_page_start (PJ_LOBBY_PAGE (page)));
  g_assert_true (pj_test_run_until (has_mirror, window, 5000));
  g_assert_cmpstr (visible_page (window), ==, "game");
  /* the chat line no longer has the focus, and its blink has stopped:
   * a blink to come would find no focus and warn */
  g_assert_false (gtk_widget_has_focus (text));
  for (guint i = 0; i < 10; i++)
    g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  pj_test_wait (pj_test_scaled_ms (1000));

  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (data_home);
}

static gboolean
lobby_shown (gpointer data)
{
  return find_of_type (GTK_WIDGET (data), PJ_TYPE_LOBBY_PAGE) != NULL &&
         g_strcmp0 (visible_page (data), "lobby") == 0;
}

static gboolean
page_is_game (gpointer data)
{
  return g_strcmp0 (visible_page (data), "game") == 0;
}

/* The host's own player has the lobby: a seat asked for before is lost. */
static gboolean
client_in_lobby (gpointer data)
{
  return pj_client_get_n_seats (data) > 0;
}

static gboolean
client_seated (gpointer data)
{
  return pj_client_get_seat (data) >= 0;
}

typedef enum {
  GUEST_DEAL,        /* the host deals */
  GUEST_CLOSED,      /* the host closes the table */
  GUEST_DEAL_AWAY,   /* the host deals while another window has the focus
                      * (host and guest on one machine, issue 23) */
} GuestEnd;

static gboolean
window_active (gpointer data)
{
  return gtk_window_is_active (data);
}

/* A guest types in the lobby's chat (and sends a line), then the host
 * deals or closes the table: the lobby goes with the chat line focused. */
static void
test_chat_guest (gconstpointer data)
{
  GuestEnd end = GPOINTER_TO_UINT (data);
  g_autoptr (GError) error = NULL;
  g_autofree char *data_home = pj_test_lan_data_home ();
  g_autofree char *address = NULL;
  g_autoptr (PjTable) host = NULL;
  PjWindow *window;
  GtkWidget *page, *text, *other = NULL;
  PjHost *h;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", TRUE, "gtk-cursor-blink-time", 200,
                "gtk-cursor-blink-timeout", 60, NULL);

  host = host_elsewhere ();
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, NULL);
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (h));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  g_assert_true (pj_test_run_until (has_table, window, 5000));
  g_assert_true (pj_test_run_until (lobby_shown, window, 5000));
  g_assert_true (pj_test_run_until (client_in_lobby, pj_table_get_client (host), 5000));
  pj_client_sit (pj_table_get_client (pj_window_get_table (window)), 1);
  pj_client_sit (pj_table_get_client (host), 0);
  /* ready counts once seated */
  g_assert_true (pj_test_run_until (client_seated, pj_table_get_client (pj_window_get_table (window)), 5000));
  g_assert_true (pj_test_run_until (client_seated, pj_table_get_client (host), 5000));
  g_assert_true (pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error));
  g_assert_true (pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (pj_window_get_table (window)), TRUE);
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  g_assert_true (pj_test_run_until (host_can_start, host, 5000));

  page = find_of_type (GTK_WIDGET (window), PJ_TYPE_LOBBY_PAGE);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));
  text = chat_text (page);
  g_assert_true (gtk_widget_grab_focus (text));
  g_assert_true (pj_test_run_until (text_focused, text, 5000));
  gtk_editable_set_text (GTK_EDITABLE (text), "hello");
  g_signal_emit_by_name (text, "activate");
  gtk_editable_set_text (GTK_EDITABLE (text), "ready when you are");
  for (guint i = 0; i < 3; i++)
    g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  g_assert_true (gtk_widget_has_focus (text));

  g_object_ref (text);
  if (end == GUEST_DEAL_AWAY)
    {
      other = gtk_window_new ();
      gtk_window_set_default_size (GTK_WINDOW (other), 300, 200);
      gtk_window_present (GTK_WINDOW (other));
      g_assert_true (pj_test_run_until (window_active, other, 5000));
    }
  if (end == GUEST_DEAL || end == GUEST_DEAL_AWAY)
    {
      g_assert_true (pj_host_start_game (h, &error));
      g_assert_true (pj_test_run_until (has_mirror, window, 5000));
    }
  else
    pj_table_leave (host);
  g_assert_true (pj_test_run_until (page_is_game, window, 5000));
  if (other != NULL)
    {
      /* back to the guest's window */
      gtk_window_destroy (GTK_WINDOW (other));
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (pj_test_run_until (window_active, window, 5000));
    }
  g_assert_false (gtk_widget_has_focus (text));
  for (guint i = 0; i < 10; i++)
    g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  pj_test_wait (pj_test_scaled_ms (1000));
  g_object_unref (text);

  pj_test_close_alerts ();
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (data_home);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chat/focus-on-deal", test_chat_focus_on_deal);
  g_test_add_data_func ("/chat/guest-deal", GUINT_TO_POINTER (GUEST_DEAL), test_chat_guest);
  g_test_add_data_func ("/chat/guest-closed", GUINT_TO_POINTER (GUEST_CLOSED), test_chat_guest);
  g_test_add_data_func ("/chat/guest-deal-away", GUINT_TO_POINTER (GUEST_DEAL_AWAY), test_chat_guest);

  return g_test_run ();
}
