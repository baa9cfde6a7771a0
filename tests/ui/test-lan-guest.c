/* test-lan-guest.c — what a guest (and a host) of a LAN table sees when
 * things go wrong: a killed app takes its seat back from the token kept on
 * disk, a --new-instance host saves apart, a host who stood up reopens and
 * watches; each refusal and drop in people's words (screenshots with
 * PJ_SCREENSHOT_DIR); the host's lobby lists everyone and removes or bans.
 * Network on 127.0.0.1 only; every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-application.h"
#include "pj-chat-box.h"
#include "pj-net-private.h"
#include "pj-net-tls.h"
#include "pj-test-lan.h"

typedef struct {
  PjWindow *window;
  int       seat;
} WindowSeat;

static gboolean
window_seated_with_hand (gpointer data)
{
  WindowSeat *w = data;
  PjTable *table = pj_window_get_table (w->window);
  PjGame *game = pj_window_get_game (w->window);

  return table != NULL && pj_client_get_seat (pj_table_get_client (table)) == w->seat &&
         game != NULL && pj_game_is_mirror (game) &&
         pj_game_get_state (game)->hand_count[w->seat] > 0;
}

static gboolean
host_seat_away (gpointer data)
{
  PjNetSeatInfo info;

  pj_host_get_seat_info (data, 1, &info);
  return !info.connected;
}

/* A window that keeps its rejoin tokens in `dir`, as a started app
 * would, shown at the size the screenshots expect. */
static PjWindow *
rejoin_window_new (const char *dir)
{
  PjWindow *window = pj_window_new (NULL);

  pj_window_set_rejoin_dir (window, dir);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 700);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Joins `host` on loopback from the join page and waits for the table. */
static void
join_host (PjWindow  *window,
           GtkWidget *page,
           PjHost    *host)
{
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (host));

  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  g_assert_true (pj_test_run_until (has_table, window, 5000));
}

/* A guest whose app went away mid-game (its window gone without leaving,
 * as when it is killed or quit) finds "Rejoin your seat at …" on the join
 * page of the next start, and gets seat 1 and its hand back. */
static void
test_lan_rejoin_seat (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-lan-rejoin-XXXXXX", NULL);
  g_autoptr (GPtrArray) kept = NULL;
  WindowSeat ws;
  PjWindow *window;
  GtkWidget *page;
  PjHost *h;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host = host_elsewhere ();
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, "grace-ms", 60000, NULL);
  window = rejoin_window_new (dir);
  page = pj_window_join_lan (window);
  g_assert_cmpuint (pj_join_page_get_n_rejoins (PJ_JOIN_PAGE (page)), ==, 0);
  join_host (window, page, h);
  g_assert_nonnull (pj_window_get_table (window));
  pj_client_sit (pj_table_get_client (pj_window_get_table (window)), 1);
  pj_client_sit (pj_table_get_client (host), 0);
  pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error);
  pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_EASY, &error);
  g_assert_no_error (error);
  pj_client_set_ready (pj_table_get_client (pj_window_get_table (window)), TRUE);
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  g_assert_true (pj_test_run_until (host_can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  ws.window = window;
  ws.seat = 1;
  g_assert_true (pj_test_run_until (window_seated_with_hand, &ws, 5000));
  kept = pj_rejoin_list (dir);
  g_assert_cmpuint (kept->len, ==, 1);

  /* the app goes away without leaving */
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (host_seat_away, h, 5000));
  g_clear_pointer (&kept, g_ptr_array_unref);
  kept = pj_rejoin_list (dir);
  g_assert_cmpuint (kept->len, ==, 1);

  /* and starts again */
  window = rejoin_window_new (dir);
  page = pj_window_join_lan (window);
  g_assert_cmpuint (pj_join_page_get_n_rejoins (PJ_JOIN_PAGE (page)), ==, 1);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));
  pj_test_wait (600);
  pj_test_screenshot (GTK_WIDGET (window), "lan-rejoin-join-page.png");
  pj_join_page_rejoin (PJ_JOIN_PAGE (page), 0);
  ws.window = window;
  g_assert_true (pj_test_run_until (window_seated_with_hand, &ws, 5000));
  g_assert_cmpstr (visible_page (window), ==, "game");
  g_assert_cmpmem (pj_game_get_state (pj_window_get_game (window))->hand[1], PJ_MAX_HAND,
                   pj_record_get_state (pj_host_get_record (h))->hand[1], PJ_MAX_HAND);

  /* leaving on purpose forgets it */
  pj_window_leave_table (window);
  g_clear_pointer (&kept, g_ptr_array_unref);
  kept = pj_rejoin_list (dir);
  g_assert_cmpuint (kept->len, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  pj_table_leave (host);
  g_rmdir (dir);
}


typedef struct {
  PjWindow *window;
  PjHost   *host;
  guint     n;
} GuestPlays;

/* Plays the guest's turns (its first legal action) in its window until
 * the host has n actions. */
static gboolean
guest_played_until (gpointer data)
{
  GuestPlays *g = data;
  PjGame *game = pj_window_get_game (g->window);
  const PjAction *legal;
  guint n = 0;

  if (pj_record_get_n_actions (pj_host_get_record (g->host)) >= g->n ||
      pj_state_is_over (pj_record_get_state (pj_host_get_record (g->host))))
    return TRUE;
  if (game == NULL || pj_game_get_awaiting (game))
    return FALSE;
  legal = pj_game_get_human_actions (game, &n);
  if (n > 0)
    pj_game_apply (game, &legal[0], NULL);
  return FALSE;
}

/* The list view under widget that shows the move list (its model's
 * rows come from model, the game's history), or NULL. */
static GtkListView *
find_move_list (GtkWidget  *widget,
                GListModel *history)
{
  if (GTK_IS_LIST_VIEW (widget))
    {
      GtkSelectionModel *model = gtk_list_view_get_model (GTK_LIST_VIEW (widget));
      GListModel *shown = GTK_IS_SINGLE_SELECTION (model) ? gtk_single_selection_get_model (GTK_SINGLE_SELECTION (model))
                        : GTK_IS_NO_SELECTION (model) ? gtk_no_selection_get_model (GTK_NO_SELECTION (model)) : NULL;

      if (GTK_IS_FILTER_LIST_MODEL (shown))
        shown = gtk_filter_list_model_get_model (GTK_FILTER_LIST_MODEL (shown));
      if (shown == history)
        return GTK_LIST_VIEW (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListView *found = find_move_list (child, history);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window's move list, as its list view shows it. */
static guint
move_list_rows (PjWindow *window)
{
  PjGame *game = pj_window_get_game (window);
  GtkListView *list = game ? find_move_list (GTK_WIDGET (window), pj_game_get_history (game)) : NULL;

  return list != NULL ? g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (list))) : 0;
}

/* The window's chat boxes (the lobby's, the game's), found once: a walk
 * of the whole window on every turn of a wait would starve the loop. */
static void
find_chat_boxes (GtkWidget *widget,
                 GPtrArray *boxes)
{
  if (PJ_IS_CHAT_BOX (widget))
    g_ptr_array_add (boxes, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_chat_boxes (child, boxes);
}

/* The most lines any of the chat boxes shows. */
static guint
chat_lines (GPtrArray *boxes)
{
  guint most = 0;

  for (guint i = 0; i < boxes->len; i++)
    most = MAX (most, pj_chat_box_get_n_messages (g_ptr_array_index (boxes, i)));
  return most;
}

static gboolean
window_has_any_table (gpointer data)
{
  return pj_window_get_table (data) != NULL;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

static gboolean
boxes_have_chat (gpointer data)
{
  return chat_lines (data) > 0;
}

static gboolean
move_list_has (gpointer data)
{
  GuestPlays *g = data;

  return pj_window_get_game (g->window) != NULL && move_list_rows (g->window) >= g->n;
}

/* A guest's app dies after some moves; a new window rejoins with the
 * token and its move list has every move played so far, not only those
 * after it came back. */
static void
test_lan_rejoin_move_list (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-lan-moves-XXXXXX", NULL);
  GPtrArray *boxes;
  guint earlier = 0;
  GuestPlays g;
  WindowSeat ws;
  PjWindow *window;
  GtkWidget *page;
  PjHost *h;
  guint played;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host = host_elsewhere ();
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, "grace-ms", 60000, NULL);
  window = rejoin_window_new (dir);
  page = pj_window_join_lan (window);
  join_host (window, page, h);
  pj_client_sit (pj_table_get_client (pj_window_get_table (window)), 1);
  for (guint seat = 0; seat < 4; seat++)
    if (seat != 1)
      g_assert_true (pj_host_set_seat_computer (h, seat, TRUE, PJ_AI_EASY, &error));
  g_assert_no_error (error);
  pj_client_set_ready (pj_table_get_client (pj_window_get_table (window)), TRUE);
  /* a word before the game, which the guest's chat box shows again */
  pj_client_send_chat (pj_table_get_client (pj_window_get_table (window)), "good luck all", FALSE);
  g_assert_true (pj_test_run_until (host_can_start, host, 5000));
  boxes = g_ptr_array_new ();
  find_chat_boxes (GTK_WIDGET (window), boxes);
  g_assert_true (pj_test_run_until (boxes_have_chat, boxes, 5000));
  g_clear_pointer (&boxes, g_ptr_array_unref);
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_no_error (error);
  ws.window = window;
  ws.seat = 1;
  g_assert_true (pj_test_run_until (window_seated_with_hand, &ws, 5000));

  /* some moves, the guest's among them */
  g.window = window;
  g.host = h;
  g.n = 30;
  g_assert_true (pj_test_run_until (guest_played_until, &g, 20000));
  played = pj_record_get_n_actions (pj_host_get_record (h));
  g_assert_cmpuint (played, >=, 30);
  g_assert_false (pj_state_is_over (pj_record_get_state (pj_host_get_record (h))));

  /* the app dies; the computers play on to the guest's turn */
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (pj_test_run_until (host_seat_away, h, 5000));
  pj_test_wait (200);
  played = pj_record_get_n_actions (pj_host_get_record (h));

  window = rejoin_window_new (dir);
  page = pj_window_join_lan (window);
  g_assert_cmpuint (pj_join_page_get_n_rejoins (PJ_JOIN_PAGE (page)), ==, 1);
  pj_join_page_rejoin (PJ_JOIN_PAGE (page), 0);
  /* the talk comes back as earlier talk, to show without telling of it anew */
  g_assert_true (pj_test_run_until (window_has_any_table, window, 5000));
  g_signal_connect_swapped (pj_window_get_table (window), "chat::earlier", G_CALLBACK (count_cb), &earlier);
  ws.window = window;
  g_assert_true (pj_test_run_until (window_seated_with_hand, &ws, 5000));
  g.window = window;
  g.n = played;
  if (!pj_test_run_until (move_list_has, &g, 5000))
    g_error ("rows %u history %u n %u played %u", move_list_rows (window),
             g_list_model_get_n_items (pj_game_get_history (pj_window_get_game (window))),
             pj_game_get_n_actions (pj_window_get_game (window)), played);
  pj_test_wait (200);
  /* every move, each once: the game waits for the guest, so none is on its way */
  g_assert_cmpuint (pj_record_get_n_actions (pj_host_get_record (h)), ==, played);
  g_assert_cmpuint (move_list_rows (window), ==, played);
  g_assert_cmpuint (pj_game_get_n_actions (pj_window_get_game (window)), ==, played);
  /* and the talk it had: the line said before the game, once */
  boxes = g_ptr_array_new ();
  find_chat_boxes (GTK_WIDGET (window), boxes);
  g_assert_cmpuint (boxes->len, >, 0);
  g_assert_true (pj_test_run_until (boxes_have_chat, boxes, 5000));
  g_assert_cmpuint (chat_lines (boxes), ==, 1);
  g_assert_cmpuint (earlier, ==, 1);
  g_clear_pointer (&boxes, g_ptr_array_unref);
  pj_test_screenshot (GTK_WIDGET (window), "lan-rejoin-move-list.png");

  /* it plays on: the new moves follow the old ones */
  g.n = played + 8;
  g_assert_true (pj_test_run_until (guest_played_until, &g, 20000));
  g.n = pj_record_get_n_actions (pj_host_get_record (h));
  g_assert_true (pj_test_run_until (move_list_has, &g, 5000));
  g_assert_cmpuint (move_list_rows (window), ==, pj_game_get_n_actions (pj_window_get_game (window)));

  pj_window_leave_table (window);
  gtk_window_destroy (GTK_WINDOW (window));
  pj_table_leave (host);
  g_rmdir (dir);
}

typedef struct {
  PjApplication *app;
  char          *saved;      /* where the new instance's table saves */
  gboolean       checked;
} NewInstance;

/* Plays Ann's turns until the table's first autosave. */
static gboolean
table_saved (gpointer data)
{
  NewInstance *ni = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (ni->app));

  if (g_file_test (ni->saved, G_FILE_TEST_IS_REGULAR))
    return TRUE;
  played_to_the_end (window);
  return FALSE;
}

static gboolean
new_instance_check_cb (gpointer data)
{
  NewInstance *ni = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (ni->app));
  g_autofree char *main_saved = g_build_filename (g_get_user_data_dir (), "pegs-and-jokers",
                                                  "lan-table.json", NULL);
  g_autofree char *autosave = g_build_filename (g_get_user_data_dir (), "pegs-and-jokers",
                                                "autosave.json", NULL);
  g_autofree char *tokens = g_strconcat (ni->saved, ".tokens", NULL);
  g_autoptr (GError) error = NULL;
  PjTable *table;
  PjHost *host;

  g_assert_nonnull (window);
  g_assert_true (pj_test_run_until (seated_first, window, 5000));
  table = pj_window_get_table (PJ_WINDOW (window));
  g_assert_nonnull (table);
  host = pj_table_get_host (table);
  g_object_set (host, "computer-delay-ms", 0, NULL);
  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  g_assert_true (pj_test_run_until (host_can_start, table, 5000));
  g_assert_true (pj_host_start_game (host, &error));
  g_assert_no_error (error);
  g_assert_true (pj_test_run_until (has_mirror, window, 5000));
  g_assert_true (pj_test_run_until (table_saved, ni, 10000));
  g_assert_true (g_file_test (ni->saved, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));
  /* the main copy's files are untouched */
  g_assert_false (g_file_test (main_saved, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));
  ni->checked = TRUE;
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

/* A --new-instance copy that hosts saves its table to a file of its own,
 * so that after a crash it has something to reopen, and the main copy's
 * save stays as it was. */
static void
test_lan_new_instance_saves (void)
{
  const char *argv[] = { "pegs-and-jokers", "--new-instance", "--host-table=Second", NULL };
  g_autoptr (PjApplication) app = NULL;
  NewInstance ni = { 0 };

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  app = pj_application_new ();
  ni.app = app;
  ni.saved = g_build_filename (g_get_user_data_dir (), "pegs-and-jokers", "new-instance",
                               "lan-table.json", NULL);
  g_timeout_add (100, new_instance_check_cb, &ni);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 3, (char **) argv), ==, 0);
  g_assert_true (ni.checked);
  g_free (ni.saved);
}

/* ---- what a guest sees when things go wrong -------------------------------- */

static gboolean
widget_shows (GtkWidget  *widget,
              const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (widget_shows (child, text))
      return TRUE;
  return FALSE;
}

typedef struct {
  GtkWidget  *widget;
  const char *text;
} Shows;

static gboolean
shows (gpointer data)
{
  Shows *s = data;

  return widget_shows (s->widget, s->text);
}

/* Waits until the window shows text (a toast, a banner), then saves it. */
static void
assert_shows (PjWindow   *window,
              const char *text,
              const char *shot)
{
  Shows s = { GTK_WIDGET (window), text };

  if (!pj_test_run_until (shows, &s, 10000))
    {
      /* what it shows instead */
      pj_test_screenshot (GTK_WIDGET (window), shot);
      g_error ("the window does not show “%s”", text);
    }
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), shot);
}

/* Hosts of other versions, as far as a joining app can tell: one of
 * protocol 2, before TLS, which says its challenge in clear at once, and
 * one of a future protocol, in TLS, whose challenge offers only version 4. */
static const char older_host_says[] =
  "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\","
  "\"protocol_min\":2,\"protocol_max\":2}\n";
static const char newer_host_says[] =
  "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\","
  "\"protocol_min\":4,\"protocol_max\":4}\n";

static void
other_host_secured_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  const char *says = user_data;

  if (g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, NULL))
    g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (source)),
                               says, strlen (says), NULL, NULL, NULL);
}

static gboolean
other_host_incoming_cb (GSocketService     *service,
                        GSocketConnection  *connection,
                        GObject            *source,
                        gpointer            user_data)
{
  const char *says = user_data;
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));

  if (says == newer_host_says)
    {
      /* a host since protocol 3 says everything in TLS */
      g_autoptr (GTlsCertificate) certificate = pj_net_tls_default_certificate (NULL);
      g_autoptr (GIOStream) tls = g_tls_server_connection_new (G_IO_STREAM (connection), certificate, NULL);

      g_assert_nonnull (tls);
      g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, NULL,
                                        other_host_secured_cb, (gpointer) says);
      g_object_set_data_full (G_OBJECT (service), "pj-last", g_object_ref (tls), g_object_unref);
      return TRUE;
    }
  g_output_stream_write_all (out, says, strlen (says), NULL, NULL, NULL);
  /* held open: the app hangs up itself once it has read the answer */
  g_object_set_data_full (G_OBJECT (service), "pj-last", g_object_ref (connection), g_object_unref);
  return TRUE;
}

static GSocketService *
other_host_new (const char *says,
                guint16    *port)
{
  GSocketService *service = g_socket_service_new ();
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GError) error = NULL;

  g_socket_listener_add_address (G_SOCKET_LISTENER (service), address, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error);
  g_assert_no_error (error);
  *port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect (service, "incoming", G_CALLBACK (other_host_incoming_cb), (gpointer) says);
  g_socket_service_start (service);
  return service;
}

static gboolean
table_connected (gpointer data)
{
  return pj_table_get_connected (data);
}


static gboolean
dialog_shown (gpointer data)
{
  return find_dialog (data, "cancel") != NULL;
}

static gboolean
dialog_shown_close (gpointer data)
{
  return find_dialog (data, "close") != NULL;
}

static gboolean
join_idle (gpointer data)
{
  PjJoinPage *page = data;
  GtkWidget *title = gtk_widget_get_first_child (GTK_WIDGET (page));

  /* nothing in flight: the title has no "Connecting to …" */
  return title != NULL && gtk_widget_get_sensitive (GTK_WIDGET (page)) &&
         !widget_shows (GTK_WIDGET (page), "Connecting to");
}

/* The shown button with that icon: libadwaita 1.4's header bar has a back
 * button of its own (go-previous too), hidden outside a navigation view. */
static GtkWidget *
find_icon_button (GtkWidget  *widget,
                  const char *icon_name)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_icon_button (child, icon_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Each refusal on joining, in the guest's words: a wrong password, a full
 * table, a table of another version, an address where no table answers. */
static void
test_lan_join_failures (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (GSocketService) other_host = NULL;
  g_autoptr (GPtrArray) crowd = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;
  PjAlert *dialog;
  PjWindow *window;
  GtkWidget *page;
  People people;
  guint16 port;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host = pj_table_new ("Ann");
  g_assert_true (pj_table_host (host, "Locked table", "secret", 0, &error));
  g_assert_no_error (error);
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));

  /* a wrong password: asked again, with the table's refusal */
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (pj_table_get_host (host)));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, "guess"));
  g_assert_true (pj_test_run_until (dialog_shown, window, 5000));
  dialog = find_dialog (window, "cancel");
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (pj_alert_get_body (dialog), "Wrong password for this table"));
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (dialog), "lan-fail-password.png");
  /* the answer closes it */
  gtk_window_set_focus (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (dialog))), NULL);
  pj_test_answer_alert (dialog, "cancel");
  pj_test_wait (100);

  pj_table_leave (host);
  g_clear_object (&host);

  /* a full table: the host's own player and 31 more (a few at a time:
   * the host takes only so many handshakes from one address at once) */
  host = host_elsewhere ();
  g_assert_true (pj_test_run_until (table_connected, host, 5000));
  people.host = pj_table_get_host (host);
  /* the whole crowd comes from one loopback address: past the places and
   * greetings one address may have, only the table's own bound is tried */
  pj_host_set_address_limits_for_testing (people.host, PJ_NET_MAX_CLIENTS + 1, 2 * PJ_NET_MAX_CLIENTS);
  g_free (address);
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (pj_table_get_host (host)));
  while (crowd->len < PJ_NET_MAX_CLIENTS - 1)
    {
      for (guint i = 0; i < 4 && crowd->len < PJ_NET_MAX_CLIENTS - 1; i++)
        {
          PjClient *client = pj_client_new ("Crowd");

          pj_client_connect_async (client, "127.0.0.1", pj_host_get_port (pj_table_get_host (host)),
                                   NULL, NULL, NULL);
          g_ptr_array_add (crowd, client);
        }
      people.n = crowd->len + 1;
      g_assert_true (pj_test_run_until (host_has_people, &people, 20000));
      g_assert_cmpuint (pj_host_get_n_people (people.host), ==, people.n);
    }
  g_assert_cmpuint (pj_host_get_n_people (pj_table_get_host (host)), ==, PJ_NET_MAX_CLIENTS);
  g_assert_true (pj_test_run_until (join_idle, page, 5000));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "This table is full", "lan-fail-full.png");
  for (guint i = 0; i < crowd->len; i++)
    pj_client_disconnect (g_ptr_array_index (crowd, i));
  pj_table_leave (host);

  /* tables of other versions */
  other_host = other_host_new (newer_host_says, &port);
  g_free (address);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  g_assert_true (pj_test_run_until (join_idle, page, 5000));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "This table needs a newer version of Pegs and Jokers", "lan-fail-version-newer.png");
  g_socket_service_stop (other_host);
  g_socket_listener_close (G_SOCKET_LISTENER (other_host));
  g_clear_object (&other_host);

  other_host = other_host_new (older_host_says, &port);
  g_free (address);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  g_assert_true (pj_test_run_until (join_idle, page, 5000));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "This table runs an older version of Pegs and Jokers", "lan-fail-version-older.png");
  g_socket_service_stop (other_host);
  g_socket_listener_close (G_SOCKET_LISTENER (other_host));

  /* nobody there any more */
  g_assert_true (pj_test_run_until (join_idle, page, 5000));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "No table answers at that address", "lan-fail-refused.png");

  /* a table that never answers: a second try, then Back, each cancel the
   * join in flight and the app goes on (both once hung it for good; a hang
   * ends the test by alarm) */
  {
    g_autoptr (GSocketService) silent = other_host_new ("", &port);
    GtkWidget *back;

    g_free (address);
    address = g_strdup_printf ("127.0.0.1:%u", port);
    g_assert_true (pj_test_run_until (join_idle, page, 5000));
    alarm (60);
    g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
    assert_shows (window, "Connecting to", "lan-join-silent.png");
    g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
    assert_shows (window, "Connecting to", "lan-join-silent-again.png");
    /* the first try's end does not speak for the second */
    g_assert_false (join_idle (page));
    back = find_icon_button (page, "go-previous-symbolic");
    g_assert_nonnull (back);
    g_object_add_weak_pointer (G_OBJECT (page), (gpointer *) &page);
    gtk_widget_activate (back);
    g_assert_true (pj_test_run_until (pj_test_is_null, &page, 5000));
    g_assert_null (page);
    alarm (0);
    g_socket_service_stop (silent);
    g_socket_listener_close (G_SOCKET_LISTENER (silent));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_wait (100);
}

static gboolean
table_reconnecting (gpointer data)
{
  return pj_table_get_reconnecting (data);
}

/* A guest's window seated at 1 in a game the host (elsewhere) dealt. */
static PjWindow *
guest_in_game (PjTable *host)
{
  g_autoptr (GError) error = NULL;
  PjHost *h = pj_table_get_host (host);
  PjTable *table;
  PjWindow *window;
  GtkWidget *page;
  WindowSeat ws;

  g_object_set (h, "computer-delay-ms", 0, "grace-ms", 60000, NULL);
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  join_host (window, page, h);
  table = pj_window_get_table (window);
  g_assert_nonnull (table);
  pj_table_set_reconnect_policy (table, 200, 200, 4);
  pj_client_sit (pj_table_get_client (table), 1);
  pj_client_sit (pj_table_get_client (host), 0);
  pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error);
  pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_EASY, &error);
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  g_assert_true (pj_test_run_until (host_can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  ws.window = window;
  ws.seat = 1;
  g_assert_true (pj_test_run_until (window_seated_with_hand, &ws, 5000));
  return window;
}

/* In a game: the link drops (here the host stops hearing the guest) and
 * the banner says "Reconnecting…", then "Back at the table"; the host
 * closes the table: "The host closed the table"; the guest's tries run
 * out: "The connection to the table was lost". */
static void
test_lan_link_lost (void)
{
  g_autoptr (PjTable) host = NULL;
  PjClient *client;
  PjWindow *window;
  WindowSeat ws;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host = host_elsewhere ();
  window = guest_in_game (host);
  /* the host pings every half second and gives up after one and a half
   * (only now: before, a slow build's first frames would trip it) */
  pj_host_set_timeouts_for_testing (pj_table_get_host (host), 0, pj_test_scaled_ms (1500));
  /* the banner stays a while before the first try */
  pj_table_set_reconnect_policy (pj_window_get_table (window), 1500, 1500, 4);
  client = pj_table_get_client (pj_window_get_table (window));

  pj_client_set_mute_for_testing (client, TRUE);
  g_assert_true (pj_test_run_until (table_reconnecting, pj_window_get_table (window), 10000));
  assert_shows (window, "Reconnecting", "lan-fail-reconnecting.png");
  pj_client_set_mute_for_testing (client, FALSE);
  assert_shows (window, "Back at the table", "lan-fail-back.png");
  ws.window = window;
  ws.seat = 1;
  g_assert_true (window_seated_with_hand (&ws));

  pj_table_leave (host);
  assert_shows (window, "The host closed the table", "lan-fail-closed.png");
  g_assert_false (pj_table_get_reconnecting (pj_window_get_table (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&host);

  /* the guest's tries run out (here: none is allowed, so that no other
   * program on this computer taking the freed port can answer one) */
  host = host_elsewhere ();
  window = guest_in_game (host);
  pj_host_set_timeouts_for_testing (pj_table_get_host (host), 0, pj_test_scaled_ms (1500));
  pj_table_set_reconnect_policy (pj_window_get_table (window), 1000, 1000, 0);
  client = pj_table_get_client (pj_window_get_table (window));
  pj_client_set_mute_for_testing (client, TRUE);
  assert_shows (window, "The connection to the table was lost", "lan-fail-lost.png");
  g_assert_false (pj_table_get_reconnecting (pj_window_get_table (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  pj_table_leave (host);
  pj_test_wait (100);
}

/* ---- the host sends people away ---------------------------------------------- */

static GtkWidget *
find_kick_button (GtkWidget *widget,
                  guint      person_id,
                  gboolean   ban)
{
  if (GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "pj-person") != NULL &&
      GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "pj-person")) == person_id &&
      (g_object_get_data (G_OBJECT (widget), "pj-ban") != NULL) == ban)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_kick_button (child, person_id, ban);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A guest's window joins the table at port under that name. */
static void
guest_joins (PjWindow   *window,
             const char *name,
             guint16     port)
{
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
  GtkWidget *page = pj_window_join_lan (window);

  gtk_editable_set_text (GTK_EDITABLE (find_of_type (page, ADW_TYPE_ENTRY_ROW)), name);
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  g_assert_true (pj_test_run_until (has_table, window, 5000));
  g_assert_nonnull (pj_window_get_table (window));
}

typedef struct {
  PjLobbyPage *page;
  guint        n;
} LobbyPeople;

static gboolean
lobby_lists (gpointer data)
{
  LobbyPeople *l = data;

  return pj_lobby_page_get_n_people (l->page) == l->n;
}

static gboolean
no_table (gpointer data)
{
  return pj_window_get_table (data) == NULL;
}

/* Reads the message a guest's window shows after it lost the table in the
 * lobby (a dialog), saves it, closes it. */
static void
assert_told (PjWindow   *window,
             const char *text,
             const char *shot)
{
  PjAlert *dialog;

  g_assert_true (pj_test_run_until (no_table, window, 5000));
  g_assert_null (pj_window_get_table (window));
  g_assert_true (pj_test_run_until (dialog_shown_close, window, 5000));
  dialog = find_dialog (window, "close");
  g_assert_nonnull (dialog);
  g_assert_cmpstr (pj_alert_get_body (dialog), ==, text);
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (dialog), shot);
  pj_test_answer_alert (dialog, "close");
}

/* The host's lobby lists everyone, watchers included, with Remove and Ban
 * for the others; a removed guest reads why and may come back, a banned
 * one may not; when the host closes the table the others read that. */
static void
test_lan_kick_and_ban (void)
{
  g_autoptr (GError) error = NULL;
  PjWindow *host_window, *bob, *carol;
  GtkWidget *button;
  LobbyPeople people;
  guint16 port;
  guint bob_id;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host_window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (host_window), 800, 900);
  gtk_window_present (GTK_WINDOW (host_window));
  g_assert_true (pj_window_host_table (host_window, "Friday table", &error));
  g_assert_no_error (error);
  g_assert_true (pj_test_run_until (seated_first, host_window, 5000));
  port = pj_host_get_port (pj_table_get_host (pj_window_get_table (host_window)));

  bob = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (bob), 700, 700);
  gtk_window_present (GTK_WINDOW (bob));
  guest_joins (bob, "Bob", port);
  pj_client_sit (pj_table_get_client (pj_window_get_table (bob)), 1);
  carol = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (carol), 700, 700);
  gtk_window_present (GTK_WINDOW (carol));
  guest_joins (carol, "Carol", port);   /* she watches */

  people.page = PJ_LOBBY_PAGE (find_of_type (GTK_WIDGET (host_window), PJ_TYPE_LOBBY_PAGE));
  people.n = 3;
  g_assert_true (pj_test_run_until (lobby_lists, &people, 5000));
  g_assert_cmpuint (pj_lobby_page_get_n_people (people.page), ==, 3);
  /* a guest's lobby lists them too, without the buttons */
  {
    LobbyPeople seen = { PJ_LOBBY_PAGE (find_of_type (GTK_WIDGET (carol), PJ_TYPE_LOBBY_PAGE)), 3 };

    g_assert_true (pj_test_run_until (lobby_lists, &seen, 5000));
    g_assert_cmpuint (pj_lobby_page_get_n_people (seen.page), ==, 3);
    g_assert_null (find_kick_button (GTK_WIDGET (carol), 1, FALSE));
    g_assert_true (pj_test_run_until (page_drawn, seen.page, 5000));
    pj_test_wait (400);
    pj_test_screenshot (GTK_WIDGET (carol), "lan-lobby-people-guest.png");
  }
  bob_id = pj_client_get_person_id (pj_table_get_client (pj_window_get_table (bob)));
  g_assert_cmpuint (bob_id, >, 0);
  /* nobody removes themselves */
  g_assert_null (find_kick_button (GTK_WIDGET (host_window),
                                   pj_client_get_person_id (pj_table_get_client (pj_window_get_table (host_window))),
                                   FALSE));
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (host_window), "lan-lobby-people-host.png");

  /* Remove: Bob reads why, and his seat opens */
  button = find_kick_button (GTK_WIDGET (host_window), bob_id, FALSE);
  g_assert_nonnull (button);
  gtk_widget_activate (button);
  assert_shows (host_window, "Bob was removed from the table", "lan-host-kicked.png");
  assert_told (bob, "The host removed you from the table", "lan-fail-kicked.png");
  people.n = 2;
  g_assert_true (pj_test_run_until (lobby_lists, &people, 5000));
  g_assert_cmpuint (pj_lobby_page_get_n_people (people.page), ==, 2);

  /* he may come back; then Ban */
  guest_joins (bob, "Bob", port);
  people.n = 3;
  g_assert_true (pj_test_run_until (lobby_lists, &people, 5000));
  bob_id = pj_client_get_person_id (pj_table_get_client (pj_window_get_table (bob)));
  button = find_kick_button (GTK_WIDGET (host_window), bob_id, TRUE);
  g_assert_nonnull (button);
  gtk_widget_activate (button);
  assert_told (bob, "The host removed you from the table and will not let you back in", "lan-fail-banned.png");

  /* and may not come back */
  {
    g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);
    GtkWidget *page = pj_window_join_lan (bob);

    g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
    assert_shows (bob, "will not let you back in", "lan-fail-banned-join.png");
    g_assert_null (pj_window_get_table (bob));
  }

  /* the host closes the table: Carol, watching, reads so */
  pj_window_leave_table (host_window);
  assert_told (carol, "The host closed the table", "lan-fail-closed-lobby.png");

  gtk_window_destroy (GTK_WINDOW (carol));
  gtk_window_destroy (GTK_WINDOW (bob));
  gtk_window_destroy (GTK_WINDOW (host_window));
  pj_test_wait (100);
}


static gboolean
watching_game (gpointer data)
{
  PjWindow *window = data;
  PjTable *table = pj_window_get_table (window);
  PjGame *game = pj_window_get_game (window);

  return table != NULL && pj_table_get_connected (table) &&
         pj_client_get_seat (pj_table_get_client (table)) == -1 &&
         game != NULL && pj_game_is_mirror (game);
}

/* A host that stood up (four computers play) and whose app went away
 * reopens the table and watches it: not stuck on "Connecting…". */
static void
test_lan_reopen_standing_host (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-lan-stood-XXXXXX", NULL);
  g_autofree char *autosave = g_build_filename (dir, "autosave.json", NULL);
  g_autoptr (GError) error = NULL;
  PjWindow *window;
  PjTable *table;
  PjHost *host;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_window_new (NULL);
  pj_window_set_autosave_path (window, autosave);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_window_host_table (window, "Computers only", &error));
  g_assert_no_error (error);
  g_assert_true (pj_test_run_until (seated_first, window, 5000));
  table = pj_window_get_table (window);
  host = pj_table_get_host (table);
  /* a slow pace: the reopened game must still be running */
  g_object_set (host, "computer-delay-ms", 200, NULL);
  pj_client_stand (pj_table_get_client (table));
  for (guint seat = 0; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  g_assert_true (pj_test_run_until (host_can_start, table, 5000));
  g_assert_true (pj_host_start_game (host, &error));
  g_assert_no_error (error);
  g_assert_true (pj_test_run_until (watching_game, window, 5000));

  /* the app goes away (the window closes without leaving) */
  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_wait (100);

  window = pj_window_new (NULL);
  pj_window_set_autosave_path (window, autosave);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (pj_window_can_reopen_table (window));
  g_assert_true (pj_window_reopen_table (window, &error));
  g_assert_no_error (error);
  g_assert_true (pj_test_run_until (watching_game, window, 5000));
  g_assert_cmpstr (visible_page (window), ==, "game");
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), "lan-reopen-standing-host.png");

  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_wait (100);
  remove_tree (dir);
}

typedef struct {
  PjApplication *app;
  gboolean       checked;
} Startup;

static gboolean
startup_check_cb (gpointer data)
{
  Startup *st = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (st->app));
  GtkWidget *page;

  g_assert_nonnull (window);
  g_assert_cmpstr (visible_page (PJ_WINDOW (window)), ==, "join");
  page = find_of_type (GTK_WIDGET (window), PJ_TYPE_JOIN_PAGE);
  g_assert_nonnull (page);
  g_assert_cmpuint (pj_join_page_get_n_rejoins (PJ_JOIN_PAGE (page)), ==, 1);
  st->checked = TRUE;
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

/* An app that finds a seat kept from a game it was killed in opens on the
 * join page, where "Rejoin your seat at …" is. */
static void
test_lan_startup_offers_rejoin (void)
{
  const char *argv[] = { "pegs-and-jokers", "--new-instance", NULL };
  g_autofree char *dir = pj_rejoin_default_dir ();
  g_autoptr (PjRejoin) kept = pj_rejoin_new ("Friday table", "192.0.2.7", 47251,
                                             "0123456789abcdef0123456789abcdef");
  g_autoptr (PjApplication) app = NULL;
  g_autoptr (GError) error = NULL;
  Startup st = { 0 };

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  kept->seat = 2;
  g_assert_true (pj_rejoin_save (dir, kept, &error));
  g_assert_no_error (error);
  app = pj_application_new ();
  st.app = app;
  g_timeout_add (100, startup_check_cb, &st);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, (char **) argv), ==, 0);
  g_assert_true (st.checked);
  pj_rejoin_remove (dir, kept->address, kept->port, kept->table_name);
}

static gboolean
startup_closed_check_cb (gpointer data)
{
  Startup *st = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (st->app));

  g_assert_nonnull (window);
  g_assert_cmpstr (visible_page (PJ_WINDOW (window)), ==, "game");
  st->checked = TRUE;
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

/* A seat at a table its host closed is still offered on the join page
 * (the host may reopen it), but the app no longer opens on that page at
 * every start; a week later it is forgotten (issue 23). */
static void
test_lan_startup_skips_closed_table (void)
{
  const char *argv[] = { "pegs-and-jokers", "--new-instance", NULL };
  g_autofree char *dir = pj_rejoin_default_dir ();
  g_autoptr (PjRejoin) kept = pj_rejoin_new ("Closed table", "192.0.2.8", 47251,
                                             "0123456789abcdef0123456789abcdef");
  g_autofree char *path = pj_rejoin_path (dir, kept->address, kept->port, kept->table_name);
  g_autoptr (PjApplication) app = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  Startup st = { 0 };

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  kept->seat = 1;
  g_assert_true (pj_rejoin_save (dir, kept, &error));
  g_assert_no_error (error);
  pj_rejoin_mark_closed (dir, kept->address, kept->port, kept->table_name);
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpint (((PjRejoin *) g_ptr_array_index (list, 0))->closed, >, 0);

  app = pj_application_new ();
  st.app = app;
  g_timeout_add (100, startup_closed_check_cb, &st);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, (char **) argv), ==, 0);
  g_assert_true (st.checked);

  /* closed more than PJ_REJOIN_CLOSED_KEPT_DAYS ago: forgotten */
  kept->closed = g_get_real_time () - (PJ_REJOIN_CLOSED_KEPT_DAYS + 1) * G_TIME_SPAN_DAY;
  g_assert_true (pj_rejoin_save (dir, kept, &error));
  g_clear_pointer (&list, g_ptr_array_unref);
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 0);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static gboolean
trust_shown (gpointer data)
{
  return find_dialog (data, "trust") != NULL;
}


/* A table met before shows another certificate: the guest is shown both
 * fingerprints and asked, Cancel the default; cancelling changes nothing,
 * trusting pins the one shown and joins (issue 22: a clear message, and a
 * way on when the host only reinstalled). */
static void
test_lan_certificate_changed (void)
{
  static const char before[] = "0000 1111 2222 3333 4444 5555 6666 7777";
  g_autoptr (PjTable) host = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *pins = pj_net_tls_default_pin_path ();
  g_autofree char *address = NULL;
  g_autofree char *pinned = NULL;
  const char *real;
  PjAlert *dialog;
  PjWindow *window;
  GtkWidget *page;
  guint16 port;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host = pj_table_new ("Ann");
  g_assert_true (pj_table_host (host, "Moved table", NULL, 0, &error));
  g_assert_no_error (error);
  port = pj_host_get_port (pj_table_get_host (host));
  real = pj_host_get_fingerprint (pj_table_get_host (host));
  g_assert_nonnull (real);
  /* what this guest saw at that address last time */
  g_assert_true (pj_net_tls_pin_save (pins, "127.0.0.1", port, "Moved table", before, &error));
  g_assert_no_error (error);

  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  g_assert_true (pj_test_run_until (page_drawn, page, 5000));
  address = g_strdup_printf ("127.0.0.1:%u", port);

  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  g_assert_true (pj_test_run_until (trust_shown, window, 5000));
  dialog = find_dialog (window, "trust");
  g_assert_nonnull (strstr (pj_alert_get_body (dialog), before));
  g_assert_nonnull (strstr (pj_alert_get_body (dialog), real));
  g_assert_cmpstr (pj_alert_get_default_response (dialog), ==, "cancel");
  g_assert_cmpstr (pj_alert_get_close_response (dialog), ==, "cancel");
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (dialog), "lan-certificate-changed.png");
  gtk_window_set_focus (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (dialog))), NULL);
  pj_test_answer_alert (dialog, "cancel");
  g_assert_true (pj_test_run_until (join_idle, page, 5000));
  /* not joined, nothing said to the table, the pin as it was */
  g_assert_null (pj_window_get_table (window));
  g_assert_cmpuint (pj_host_get_n_people (pj_table_get_host (host)), ==, 1);
  pinned = pj_net_tls_pin_lookup (pins, "127.0.0.1", port);
  g_assert_cmpstr (pinned, ==, before);

  /* again, and this time the host read out the new one: trusted, in */
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  g_assert_true (pj_test_run_until (trust_shown, window, 5000));
  dialog = find_dialog (window, "trust");
  gtk_window_set_focus (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (dialog))), NULL);
  pj_test_answer_alert (dialog, "trust");
  g_assert_true (pj_test_run_until (window_at_table, window, 10000));
  g_clear_pointer (&pinned, g_free);
  pinned = pj_net_tls_pin_lookup (pins, "127.0.0.1", port);
  g_assert_cmpstr (pinned, ==, real);
  g_assert_cmpuint (pj_host_get_n_people (pj_table_get_host (host)), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_wait (100);
  pj_table_leave (host);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data_home = pj_test_lan_data_home ();
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lan-guest/rejoin-seat", test_lan_rejoin_seat);
  g_test_add_func ("/lan-guest/rejoin-move-list", test_lan_rejoin_move_list);
  g_test_add_func ("/lan-guest/new-instance-saves", test_lan_new_instance_saves);
  g_test_add_func ("/lan-guest/join-failures", test_lan_join_failures);
  g_test_add_func ("/lan-guest/certificate-changed", test_lan_certificate_changed);
  g_test_add_func ("/lan-guest/link-lost", test_lan_link_lost);
  g_test_add_func ("/lan-guest/kick-and-ban", test_lan_kick_and_ban);
  g_test_add_func ("/lan-guest/reopen-standing-host", test_lan_reopen_standing_host);
  g_test_add_func ("/lan-guest/startup-offers-rejoin", test_lan_startup_offers_rejoin);
  g_test_add_func ("/lan-guest/startup-skips-closed-table", test_lan_startup_skips_closed_table);

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
