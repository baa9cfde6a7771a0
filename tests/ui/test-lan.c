/* test-lan.c — LAN play in the window: the join page without Avahi and
 * joining by address; a hosted table's lobby; a move made through the
 * board view's input path goes to the host and comes back; the
 * --host-table and --join options.
 * Network on 127.0.0.1 only; every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "pj-application.h"
#include "pj-board-view.h"
#include "pj-hand-view.h"
#include "pj-join-page.h"
#include "pj-move-item.h"
#include "pj-net-private.h"
#include "pj-lobby-page.h"
#include "pj-test-display.h"
#include "pj-window.h"

static gboolean
has_table (gpointer data)
{
  return pj_window_get_table (data) != NULL &&
         pj_client_get_n_seats (pj_table_get_client (pj_window_get_table (data))) > 0;
}

static gboolean
seated_first (gpointer data)
{
  PjTable *table = pj_window_get_table (data);

  return table != NULL && pj_client_get_seat (pj_table_get_client (table)) == 0;
}

static gboolean
can_start (gpointer data)
{
  return pj_lobby_page_get_can_start (data);
}

static gboolean
has_mirror (gpointer data)
{
  PjGame *game = pj_window_get_game (data);

  return game != NULL && pj_game_is_mirror (game);
}

static gboolean
my_turn (gpointer data)
{
  guint n = 0;

  pj_game_get_human_actions (pj_window_get_game (data), &n);
  return n > 0 && !pj_board_view_get_animating (pj_window_get_board_view (data));
}

static gboolean
page_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

static gboolean
host_can_start (gpointer data)
{
  return pj_table_can_start (data);
}

static const char *
visible_page (PjWindow *window)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (pj_window_get_board_view (window)), GTK_TYPE_STACK);

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

static PjTable *
host_elsewhere (void)
{
  PjTable *table = pj_table_new ("Ann");
  g_autoptr (GError) error = NULL;

  g_assert_true (pj_table_host (table, "Kitchen table", NULL, 0, &error));
  g_assert_no_error (error);
  return table;
}

static void
join_page_at (int         width,
              const char *shot)
{
  g_autoptr (PjTable) host = NULL;
  g_autofree char *address = NULL;
  g_autofree char *name = NULL;
  PjWindow *window;
  GtkWidget *page;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  host = host_elsewhere ();
  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 700);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  pj_test_run_until (page_drawn, page, 5000);
  g_assert_cmpstr (visible_page (window), ==, "join");

  /* no Avahi here: the page says so, and the address row is there */
  g_assert_true (pj_join_page_get_discovery_off (PJ_JOIN_PAGE (page)));
  g_assert_nonnull (strstr (pj_join_page_get_status (PJ_JOIN_PAGE (page)), "Discovery is off"));
  name = g_strdup_printf ("%s-join.png", shot);
  pj_test_wait (600);
  pj_test_screenshot (GTK_WIDGET (window), name);

  g_assert_false (pj_join_page_join_address (PJ_JOIN_PAGE (page), "not an address", NULL));
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (pj_table_get_host (host)));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  pj_test_run_until (has_table, window, 5000);
  g_assert_nonnull (pj_window_get_table (window));
  g_assert_cmpstr (visible_page (window), ==, "lobby");
  g_assert_cmpstr (pj_client_get_table_name (pj_table_get_client (pj_window_get_table (window))), ==,
                   "Kitchen table");
  g_free (name);
  name = g_strdup_printf ("%s-joined-lobby.png", shot);
  pj_test_wait (600);
  pj_test_screenshot (GTK_WIDGET (window), name);

  /* sit, and the host deals: the client's window shows the game */
  {
    PjTable *table = pj_window_get_table (window);
    PjHost *h = pj_table_get_host (host);
    g_autoptr (GError) error = NULL;

    g_object_set (h, "computer-delay-ms", 0, NULL);
    pj_client_sit (pj_table_get_client (table), 1);
    pj_client_sit (pj_table_get_client (host), 0);
    pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error);
    pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_NORMAL, &error);
    g_assert_no_error (error);
    pj_client_set_ready (pj_table_get_client (table), TRUE);
    pj_client_set_ready (pj_table_get_client (host), TRUE);
    pj_test_run_until (host_can_start, host, 5000);
    g_assert_true (pj_host_start_game (h, &error));
    pj_test_run_until (has_mirror, window, 5000);
    g_assert_true (has_mirror (window));
    g_assert_cmpint (pj_game_get_viewer (pj_window_get_game (window)), ==, 1);
    g_assert_cmpuint (pj_hand_view_get_n_cards (pj_window_get_hand_view (window)), >, 0);
    g_free (name);
    name = g_strdup_printf ("%s-client-game.png", shot);
    pj_test_wait (600);
    pj_test_screenshot (GTK_WIDGET (window), name);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  pj_table_leave (host);
}

static void
test_lan_join_page (void)
{
  join_page_at (1000, "lan");
}

static void
test_lan_join_page_narrow_rtl (void)
{
  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  join_page_at (360, "lan-360-rtl");
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
}

typedef struct {
  PjWindow *window;
  guint     n;
} Count;

static gboolean
host_has_actions (gpointer data)
{
  Count *c = data;
  PjHost *host = pj_table_get_host (pj_window_get_table (c->window));

  return pj_host_get_record (host) != NULL && pj_record_get_n_actions (pj_host_get_record (host)) >= c->n;
}

static gboolean
mirror_has_actions (gpointer data)
{
  Count *c = data;

  return pj_game_get_n_actions (pj_window_get_game (c->window)) >= c->n &&
         !pj_game_get_awaiting (pj_window_get_game (c->window));
}

static void
test_lan_host_and_move (void)
{
  g_autoptr (GError) error = NULL;
  PjWindow *window;
  GtkWidget *page;
  PjTable *table;
  PjHost *host;
  PjGame *game;
  PjBoardView *board;
  PjHandView *hand;
  const PjAction *legal;
  PjAction move = { 0 };
  const PjStep *st;
  guint n = 0;
  int card_index = -1;
  double x, y;
  Count count;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  gtk_window_present (GTK_WINDOW (window));

  page = pj_window_host_lan (window);
  pj_test_run_until (page_drawn, page, 5000);
  pj_test_screenshot (GTK_WIDGET (window), "lan-host-setup.png");
  g_assert_true (pj_lobby_page_open_table (PJ_LOBBY_PAGE (page), "Test table", NULL, "Ann", &error));
  g_assert_no_error (error);
  pj_test_run_until (seated_first, window, 5000);
  table = pj_window_get_table (window);
  g_assert_nonnull (table);
  host = pj_table_get_host (table);
  g_object_set (host, "computer-delay-ms", 0, NULL);

  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  g_assert_false (pj_lobby_page_get_can_start (PJ_LOBBY_PAGE (page)));
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  pj_test_run_until (can_start, page, 5000);
  g_assert_true (pj_lobby_page_get_can_start (PJ_LOBBY_PAGE (page)));
  pj_test_wait (200);
  pj_test_screenshot (GTK_WIDGET (window), "lan-host-lobby.png");

  g_assert_true (pj_lobby_page_start (PJ_LOBBY_PAGE (page)));
  pj_test_run_until (has_mirror, window, 5000);
  g_assert_true (has_mirror (window));
  game = pj_window_get_game (window);
  g_assert_cmpstr (visible_page (window), ==, "game");
  g_assert_false (pj_game_can_undo (game));

  /* the computers play on the host until it is Ann's turn */
  pj_test_run_until (my_turn, window, 15000);
  g_assert_true (my_turn (window));
  board = pj_window_get_board_view (window);
  hand = pj_window_get_hand_view (window);
  legal = pj_game_get_human_actions (game, &n);
  for (guint i = 0; i < n && move.kind == PJ_ACTION_NONE; i++)
    if (legal[i].kind == PJ_ACTION_MOVE && legal[i].n_steps == 1 && legal[i].card != PJ_CARD_JOKER)
      move = legal[i];
  if (move.kind == PJ_ACTION_NONE)
    {
      g_test_skip ("no simple move in this deal");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  /* the input path of a click: card, peg, hole */
  for (guint i = 0; i < pj_hand_view_get_n_cards (hand) && card_index < 0; i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == move.card)
      card_index = (int) i;
  g_assert_cmpint (card_index, >=, 0);
  pj_hand_view_set_selected (hand, card_index);
  st = &move.steps[0];
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->from,
                                                PJ_PEG_INDEX (st->peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  count.window = window;
  count.n = pj_game_get_n_actions (game) + 1;
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->to,
                                                PJ_PEG_INDEX (st->peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));

  /* sent, not applied: the host decides */
  g_assert_true (pj_game_get_awaiting (game) || pj_game_get_n_actions (game) >= count.n);
  pj_test_run_until (host_has_actions, &count, 5000);
  g_assert_true (host_has_actions (&count));
  pj_test_run_until (mirror_has_actions, &count, 5000);
  g_assert_true (mirror_has_actions (&count));
  {
    g_autoptr (PjMoveItem) item = g_list_model_get_item (pj_game_get_history (game), 0);
    guint seen = g_list_model_get_n_items (pj_game_get_history (game));
    gboolean found = FALSE;

    for (guint i = 0; i < seen && !found; i++)
      {
        g_autoptr (PjMoveItem) it = g_list_model_get_item (pj_game_get_history (game), i);

        found = pj_move_item_get_seat (it) == 0;
      }
    g_assert_true (found);
    (void) item;
  }
  /* the peg is where the host put it */
  g_assert_cmpuint (pj_record_get_state (pj_host_get_record (host))->board.peg[0][PJ_PEG_INDEX (st->peg)],
                    ==, pj_game_get_state (game)->board.peg[0][PJ_PEG_INDEX (st->peg)]);
  pj_test_wait (300);
  pj_test_screenshot (GTK_WIDGET (window), "lan-host-game.png");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Bad --host-table / --join arguments are refused before anything opens. */
static void
test_lan_command_line (void)
{
  const char *cases[][4] = {
    { "pegs-and-jokers", "--join", "not an address", NULL },
    { "pegs-and-jokers", "--host-table", "   ", NULL },
    { "pegs-and-jokers", "--host-table=Kitchen", "--join=127.0.0.1", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (PjApplication) app = pj_application_new ();
      int argc = g_strv_length ((char **) cases[i]);

      /* a second instance of its own: no session bus is asked who runs */
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
      g_assert_cmpint (g_application_run (G_APPLICATION (app), argc, (char **) cases[i]), ==, 1);
      g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));
    }
}

/* --host-table's path: the window opens the table at once, Ann seated. */
static void
test_lan_host_table (void)
{
  g_autoptr (GError) error = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (pj_window_host_table (window, "  ", &error));
  g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD);
  g_assert_null (pj_window_get_table (window));
  g_clear_error (&error);

  g_assert_true (pj_window_host_table (window, "Kitchen", &error));
  g_assert_no_error (error);
  pj_test_run_until (seated_first, window, 5000);
  g_assert_true (seated_first (window));
  g_assert_cmpstr (visible_page (window), ==, "lobby");
  g_assert_cmpstr (pj_host_get_table_name (pj_table_get_host (pj_window_get_table (window))), ==, "Kitchen");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The message dialog over `window` that has `response`, if one is open. */
static AdwMessageDialog *
find_dialog (PjWindow   *window,
             const char *response)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)) &&
          gtk_window_get_transient_for (w) == GTK_WINDOW (window) &&
          adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (w), response))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

typedef struct {
  PjWindow   *window;
  const char *response;
} DialogWait;

static gboolean
dialog_open (gpointer data)
{
  DialogWait *d = data;

  return find_dialog (d->window, d->response) != NULL;
}

/* Answers the dialog with `response` (it must be open); returns its heading. */
static char *
answer_dialog (PjWindow   *window,
               const char *response)
{
  DialogWait d = { window, response };
  AdwMessageDialog *dialog;
  char *heading;

  pj_test_run_until (dialog_open, &d, 5000);
  dialog = find_dialog (window, response);
  g_assert_nonnull (dialog);
  heading = g_strdup (adw_message_dialog_get_heading (dialog));
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  return heading;
}

static gboolean
local_move_made (gpointer data)
{
  PjGame *game = pj_window_get_game (data);
  const PjAction *legal;
  guint n = 0;

  if (pj_game_get_n_actions (game) > 0)
    return TRUE;
  legal = pj_game_get_human_actions (game, &n);
  if (n > 0)
    pj_game_apply (game, &legal[0], NULL);
  return FALSE;
}

/* A local game with a move made: one worth asking about. */
static void
local_game_under_way (PjWindow *window)
{
  g_autoptr (PjGame) game = NULL;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 11, -1);
  g_object_set (game, "delay", 0, NULL);
  pj_window_set_game (window, game);
  pj_game_start (game);
  pj_test_run_until (local_move_made, window, 10000);
  g_assert_cmpuint (pj_game_get_n_actions (game), >, 0);
}

static void
no_dialog_left (PjWindow *window)
{
  g_assert_null (find_dialog (window, "leave"));
  g_assert_null (find_dialog (window, "cancel"));
}

/* Host, Join, New Game and Leave the Table ask before a game in progress
 * is left; "Cancel" leaves everything as it was. */
static void
test_lan_leave_asks (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *heading = NULL;
  PjWindow *window;
  PjGame *game;
  PjTable *table;
  PjHost *host;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  /* nothing played yet: no question */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-lan", NULL);
  g_assert_cmpstr (visible_page (window), ==, "lobby");
  no_dialog_left (window);
  pj_window_leave_table (window);
  g_assert_cmpstr (visible_page (window), ==, "game");

  local_game_under_way (window);
  game = pj_window_get_game (window);
  for (guint i = 0; i < 3; i++)
    {
      const char *actions[] = { "win.host-lan", "win.join-lan", "win.new-game" };

      gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL);
      g_clear_pointer (&heading, g_free);
      heading = answer_dialog (window, "cancel");
      g_assert_cmpstr (heading, ==, "Leave this game?");
      g_assert_cmpstr (visible_page (window), ==, "game");
      g_assert_true (pj_window_get_game (window) == game);
      g_assert_null (pj_window_get_table (window));
    }

  /* leave it for a hosted table */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-lan", NULL);
  g_clear_pointer (&heading, g_free);
  heading = answer_dialog (window, "leave");
  g_assert_cmpstr (visible_page (window), ==, "lobby");
  no_dialog_left (window);

  /* the lobby is not a game: leaving it asks nothing */
  pj_window_leave_table (window);
  g_assert_true (pj_window_host_table (window, "Asking", &error));
  g_assert_no_error (error);
  pj_test_run_until (seated_first, window, 5000);
  table = pj_window_get_table (window);
  host = pj_table_get_host (table);
  g_object_set (host, "computer-delay-ms", 0, NULL);
  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  pj_test_run_until (host_can_start, table, 5000);
  g_assert_true (pj_host_start_game (host, &error));
  pj_test_run_until (has_mirror, window, 5000);
  g_assert_true (has_mirror (window));

  /* a LAN game in progress: Leave the Table and New Game ask too */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-table", NULL);
  g_clear_pointer (&heading, g_free);
  heading = answer_dialog (window, "cancel");
  g_assert_true (pj_window_get_table (window) == table);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_clear_pointer (&heading, g_free);
  heading = answer_dialog (window, "cancel");
  g_assert_true (pj_window_get_table (window) == table);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-table", NULL);
  g_clear_pointer (&heading, g_free);
  heading = answer_dialog (window, "leave");
  g_assert_null (pj_window_get_table (window));
  g_assert_false (pj_game_is_mirror (pj_window_get_game (window)));
  no_dialog_left (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
mirror_has_moves (gpointer data)
{
  Count *c = data;
  PjGame *game = pj_window_get_game (c->window);

  return game != NULL && pj_game_is_mirror (game) && pj_game_get_n_actions (game) >= c->n;
}

/* Plays Ann's turns with her first legal action until the game ends. */
static gboolean
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

/* A hosted table with computers at 1–3, the game dealt. */
static PjTable *
host_a_game (PjWindow   *window,
             const char *name)
{
  g_autoptr (GError) error = NULL;
  PjTable *table;
  PjHost *host;

  g_assert_true (pj_window_host_table (window, name, &error));
  g_assert_no_error (error);
  pj_test_run_until (seated_first, window, 5000);
  table = pj_window_get_table (window);
  g_assert_nonnull (table);
  host = pj_table_get_host (table);
  g_object_set (host, "computer-delay-ms", 0, NULL);
  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  pj_test_run_until (host_can_start, table, 5000);
  g_assert_true (pj_host_start_game (host, &error));
  g_assert_no_error (error);
  pj_test_run_until (has_mirror, window, 5000);
  g_assert_true (has_mirror (window));
  return table;
}

/* "Reopen Last Table" shows once a hosted table was saved beside the
 * autosave, and brings its game back with Ann in her seat. */
static void
test_lan_reopen_table (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-lan-reopen-XXXXXX", NULL);
  g_autofree char *autosave = g_build_filename (dir, "autosave.json", NULL);
  g_autofree char *saved = g_build_filename (dir, "lan-table.json", NULL);
  g_autofree char *heading = NULL;
  const char *files[] = { "lan-table.json", "lan-table.json.tokens", "lan-table.json.seat", "autosave.json" };
  PjWindow *window;
  PjTable *table;
  Count count;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_window_new (NULL);
  pj_window_set_autosave_path (window, autosave);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (pj_window_can_reopen_table (window));

  table = host_a_game (window, "Reopened");
  count.window = window;
  count.n = 1;
  pj_test_run_until (my_turn, window, 15000);
  pj_test_run_until (played_to_the_end, window, 300);   /* a few of Ann's moves */
  n = pj_record_get_n_actions (pj_host_get_record (pj_table_get_host (table)));
  g_assert_true (g_file_test (saved, G_FILE_TEST_IS_REGULAR));
  /* not while the table is open */
  g_assert_false (pj_window_can_reopen_table (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-table", NULL);
  heading = answer_dialog (window, "leave");
  g_assert_null (pj_window_get_table (window));
  g_assert_true (pj_window_can_reopen_table (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reopen-table", NULL);
  /* the local game that followed may have had a move: then it asks */
  if (find_dialog (window, "leave") != NULL)
    {
      g_clear_pointer (&heading, g_free);
      heading = answer_dialog (window, "leave");
    }
  table = pj_window_get_table (window);
  g_assert_nonnull (table);
  g_assert_false (pj_window_can_reopen_table (window));
  count.n = n;
  pj_test_run_until (mirror_has_moves, &count, 5000);
  g_assert_true (mirror_has_moves (&count));
  g_assert_cmpint (pj_game_get_local_seat (pj_window_get_game (window)), ==, 0);
  g_assert_cmpstr (visible_page (window), ==, "game");
  pj_test_run_until (seated_first, window, 5000);
  g_assert_true (seated_first (window));

  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_wait (100);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

typedef struct {
  PjWindow *window;
  PjGame   *old;
} NewDeal;

static gboolean
dealt_again (gpointer data)
{
  NewDeal *d = data;
  PjGame *game = pj_window_get_game (d->window);

  return game != NULL && game != d->old && pj_game_is_mirror (game) && !pj_game_is_over (game);
}

/* After the game the host's dialog offers "Play Again": the same seats
 * get a new deal, and the dialog goes. */
static void
test_lan_play_again (void)
{
  g_autoptr (PjGame) old = NULL;
  g_autofree char *heading = NULL;
  PjWindow *window;
  PjTable *table;
  NewDeal deal;
  guint dealer;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  table = host_a_game (window, "Again");
  pj_test_run_until (played_to_the_end, window, 60000);
  g_assert_true (pj_game_is_over (pj_window_get_game (window)));
  old = g_object_ref (pj_window_get_game (window));
  dealer = pj_record_get_dealer (pj_host_get_record (pj_table_get_host (table)));

  heading = answer_dialog (window, "rematch");
  deal.window = window;
  deal.old = old;
  pj_test_run_until (dealt_again, &deal, 5000);
  g_assert_true (dealt_again (&deal));
  g_assert_true (pj_window_get_table (window) == table);
  g_assert_cmpint (pj_game_get_local_seat (pj_window_get_game (window)), ==, 0);
  g_assert_cmpuint (pj_record_get_dealer (pj_host_get_record (pj_table_get_host (table))), ==,
                    (dealer + 1) % 4);
  g_assert_null (find_dialog (window, "rematch"));

  gtk_window_destroy (GTK_WINDOW (window));
}


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

/* A guest whose app went away mid-game (its window gone without leaving,
 * as when it is killed or quit) finds "Rejoin your seat at …" on the join
 * page of the next start, and gets seat 1 and its hand back. */
static void
test_lan_rejoin_seat (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-lan-rejoin-XXXXXX", NULL);
  g_autofree char *address = NULL;
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
  window = pj_window_new (NULL);
  pj_window_set_rejoin_dir (window, dir);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 700);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  g_assert_cmpuint (pj_join_page_get_n_rejoins (PJ_JOIN_PAGE (page)), ==, 0);
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (h));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  pj_test_run_until (has_table, window, 5000);
  g_assert_nonnull (pj_window_get_table (window));
  pj_client_sit (pj_table_get_client (pj_window_get_table (window)), 1);
  pj_client_sit (pj_table_get_client (host), 0);
  pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error);
  pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_EASY, &error);
  g_assert_no_error (error);
  pj_client_set_ready (pj_table_get_client (pj_window_get_table (window)), TRUE);
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  pj_test_run_until (host_can_start, host, 5000);
  g_assert_true (pj_host_start_game (h, &error));
  ws.window = window;
  ws.seat = 1;
  pj_test_run_until (window_seated_with_hand, &ws, 5000);
  g_assert_true (window_seated_with_hand (&ws));
  kept = pj_rejoin_list (dir);
  g_assert_cmpuint (kept->len, ==, 1);

  /* the app goes away without leaving */
  gtk_window_destroy (GTK_WINDOW (window));
  pj_test_run_until (host_seat_away, h, 5000);
  g_assert_true (host_seat_away (h));
  g_clear_pointer (&kept, g_ptr_array_unref);
  kept = pj_rejoin_list (dir);
  g_assert_cmpuint (kept->len, ==, 1);

  /* and starts again */
  window = pj_window_new (NULL);
  pj_window_set_rejoin_dir (window, dir);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 700);
  gtk_window_present (GTK_WINDOW (window));
  page = pj_window_join_lan (window);
  g_assert_cmpuint (pj_join_page_get_n_rejoins (PJ_JOIN_PAGE (page)), ==, 1);
  pj_test_run_until (page_drawn, page, 5000);
  pj_test_wait (600);
  pj_test_screenshot (GTK_WIDGET (window), "lan-rejoin-join-page.png");
  pj_join_page_rejoin (PJ_JOIN_PAGE (page), 0);
  ws.window = window;
  pj_test_run_until (window_seated_with_hand, &ws, 5000);
  g_assert_true (window_seated_with_hand (&ws));
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
  pj_test_run_until (seated_first, window, 5000);
  table = pj_window_get_table (PJ_WINDOW (window));
  g_assert_nonnull (table);
  host = pj_table_get_host (table);
  g_object_set (host, "computer-delay-ms", 0, NULL);
  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  pj_test_run_until (host_can_start, table, 5000);
  g_assert_true (pj_host_start_game (host, &error));
  g_assert_no_error (error);
  pj_test_run_until (has_mirror, window, 5000);
  pj_test_run_until (table_saved, ni, 10000);
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

  pj_test_run_until (shows, &s, 5000);
  if (!shows (&s))
    pj_test_screenshot (GTK_WIDGET (window), shot);
  if (!shows (&s))
    g_error ("the window does not show “%s”", text);
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), shot);
}

/* Hosts of other versions, as far as a joining app can tell: one of
 * protocol 1, which answers the app's first message with "hello-first",
 * and one of a future protocol, whose challenge offers only version 3. */
static const char older_host_says[] =
  "{\"type\":\"error\",\"code\":\"hello-first\",\"message\":\"Say hello first\"}\n";
static const char newer_host_says[] =
  "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\","
  "\"protocol_min\":3,\"protocol_max\":3}\n";

static gboolean
other_host_incoming_cb (GSocketService     *service,
                        GSocketConnection  *connection,
                        GObject            *source,
                        gpointer            user_data)
{
  const char *says = user_data;
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));

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

typedef struct {
  PjHost *host;
  guint   n;
} People;

static gboolean
host_has_people (gpointer data)
{
  People *p = data;

  return pj_host_get_n_people (p->host) == p->n;
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
  AdwMessageDialog *dialog;
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
  pj_test_run_until (page_drawn, page, 5000);

  /* a wrong password: asked again, with the table's refusal */
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (pj_table_get_host (host)));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, "guess"));
  pj_test_run_until (dialog_shown, window, 5000);
  dialog = find_dialog (window, "cancel");
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Wrong password for this table"));
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (dialog), "lan-fail-password.png");
  /* the answer closes it */
  gtk_window_set_focus (GTK_WINDOW (dialog), NULL);
  adw_message_dialog_response (dialog, "cancel");
  pj_test_wait (100);

  pj_table_leave (host);
  g_clear_object (&host);

  /* a full table: the host's own player and 31 more (a few at a time:
   * the host takes only so many handshakes from one address at once) */
  host = host_elsewhere ();
  pj_test_run_until (table_connected, host, 5000);
  people.host = pj_table_get_host (host);
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
      pj_test_run_until (host_has_people, &people, 5000);
      g_assert_cmpuint (pj_host_get_n_people (people.host), ==, people.n);
    }
  g_assert_cmpuint (pj_host_get_n_people (pj_table_get_host (host)), ==, PJ_NET_MAX_CLIENTS);
  pj_test_run_until (join_idle, page, 5000);
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "This table is full", "lan-fail-full.png");
  for (guint i = 0; i < crowd->len; i++)
    pj_client_disconnect (g_ptr_array_index (crowd, i));
  pj_table_leave (host);

  /* tables of other versions */
  other_host = other_host_new (newer_host_says, &port);
  g_free (address);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  pj_test_run_until (join_idle, page, 5000);
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "This table needs a newer version of Pegs and Jokers", "lan-fail-version-newer.png");
  g_socket_service_stop (other_host);
  g_socket_listener_close (G_SOCKET_LISTENER (other_host));
  g_clear_object (&other_host);

  other_host = other_host_new (older_host_says, &port);
  g_free (address);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  pj_test_run_until (join_idle, page, 5000);
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "This table runs an older version of Pegs and Jokers", "lan-fail-version-older.png");
  g_socket_service_stop (other_host);
  g_socket_listener_close (G_SOCKET_LISTENER (other_host));

  /* nobody there any more */
  pj_test_run_until (join_idle, page, 5000);
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  assert_shows (window, "No table answers at that address", "lan-fail-refused.png");

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
  g_autofree char *address = NULL;
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
  address = g_strdup_printf ("127.0.0.1:%u", pj_host_get_port (h));
  g_assert_true (pj_join_page_join_address (PJ_JOIN_PAGE (page), address, NULL));
  pj_test_run_until (has_table, window, 5000);
  table = pj_window_get_table (window);
  g_assert_nonnull (table);
  pj_table_set_reconnect_policy (table, 200, 200, 4);
  pj_client_sit (pj_table_get_client (table), 1);
  pj_client_sit (pj_table_get_client (host), 0);
  pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error);
  pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_EASY, &error);
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  pj_test_run_until (host_can_start, host, 5000);
  g_assert_true (pj_host_start_game (h, &error));
  ws.window = window;
  ws.seat = 1;
  pj_test_run_until (window_seated_with_hand, &ws, 5000);
  g_assert_true (window_seated_with_hand (&ws));
  return window;
}

/* In a game: the link drops (here the host stops hearing the guest) and
 * the banner says "Reconnecting…", then "Back at the table"; the host
 * closes the table: "The host closed the table". */
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
  /* the host pings every half second and gives up after one and a half */
  pj_host_set_timeouts_for_testing (pj_table_get_host (host), 0, 1500);
  window = guest_in_game (host);
  client = pj_table_get_client (pj_window_get_table (window));

  pj_client_set_mute_for_testing (client, TRUE);
  pj_test_run_until (table_reconnecting, pj_window_get_table (window), 5000);
  pj_client_set_mute_for_testing (client, FALSE);
  assert_shows (window, "Reconnecting", "lan-fail-reconnecting.png");
  assert_shows (window, "Back at the table", "lan-fail-back.png");
  ws.window = window;
  ws.seat = 1;
  g_assert_true (window_seated_with_hand (&ws));

  pj_table_leave (host);
  assert_shows (window, "The host closed the table", "lan-fail-closed.png");
  g_assert_false (pj_table_get_reconnecting (pj_window_get_table (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&host);

  /* the host's computer vanishes while the guest is away: after its
   * tries, the guest says the connection is lost */
  host = host_elsewhere ();
  pj_host_set_timeouts_for_testing (pj_table_get_host (host), 0, 1500);
  window = guest_in_game (host);
  /* the first try a second after the drop: none is on its way when the
   * host goes */
  pj_table_set_reconnect_policy (pj_window_get_table (window), 1000, 1000, 2);
  client = pj_table_get_client (pj_window_get_table (window));
  pj_client_set_mute_for_testing (client, TRUE);
  pj_test_run_until (table_reconnecting, pj_window_get_table (window), 5000);
  pj_table_leave (host);
  assert_shows (window, "The connection to the table was lost", "lan-fail-lost.png");

  gtk_window_destroy (GTK_WINDOW (window));
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

static GtkWidget *
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
  pj_test_run_until (has_table, window, 5000);
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
  AdwMessageDialog *dialog;

  pj_test_run_until (no_table, window, 5000);
  g_assert_null (pj_window_get_table (window));
  pj_test_run_until (dialog_shown_close, window, 5000);
  dialog = find_dialog (window, "close");
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, text);
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (dialog), shot);
  adw_message_dialog_response (dialog, "close");
  gtk_window_destroy (GTK_WINDOW (dialog));
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
  pj_test_run_until (seated_first, host_window, 5000);
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
  pj_test_run_until (lobby_lists, &people, 5000);
  g_assert_cmpuint (pj_lobby_page_get_n_people (people.page), ==, 3);
  /* a guest's lobby lists them too, without the buttons */
  {
    LobbyPeople seen = { PJ_LOBBY_PAGE (find_of_type (GTK_WIDGET (carol), PJ_TYPE_LOBBY_PAGE)), 3 };

    pj_test_run_until (lobby_lists, &seen, 5000);
    g_assert_cmpuint (pj_lobby_page_get_n_people (seen.page), ==, 3);
    g_assert_null (find_kick_button (GTK_WIDGET (carol), 1, FALSE));
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
  pj_test_run_until (lobby_lists, &people, 5000);
  g_assert_cmpuint (pj_lobby_page_get_n_people (people.page), ==, 2);

  /* he may come back; then Ban */
  guest_joins (bob, "Bob", port);
  people.n = 3;
  pj_test_run_until (lobby_lists, &people, 5000);
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

static void
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
  pj_test_run_until (seated_first, window, 5000);
  table = pj_window_get_table (window);
  host = pj_table_get_host (table);
  /* a slow pace: the reopened game must still be running */
  g_object_set (host, "computer-delay-ms", 200, NULL);
  pj_client_stand (pj_table_get_client (table));
  for (guint seat = 0; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (host, seat, TRUE, PJ_AI_EASY, &error));
  pj_test_run_until (host_can_start, table, 5000);
  g_assert_true (pj_host_start_game (host, &error));
  g_assert_no_error (error);
  pj_test_run_until (watching_game, window, 5000);
  g_assert_true (watching_game (window));

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
  pj_test_run_until (watching_game, window, 5000);
  g_assert_true (watching_game (window));
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

int
main (int    argc,
      char **argv)
{
  /* a data folder of our own (the app's autosave, saved tables, kept
   * seats), while the system's schemas stay where they are */
  g_autofree char *data_home = g_dir_make_tmp ("pj-lan-data-XXXXXX", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lan/join-page", test_lan_join_page);
  g_test_add_func ("/lan/join-page-narrow-rtl", test_lan_join_page_narrow_rtl);
  g_test_add_func ("/lan/host-and-move", test_lan_host_and_move);
  g_test_add_func ("/lan/command-line", test_lan_command_line);
  g_test_add_func ("/lan/host-table", test_lan_host_table);
  g_test_add_func ("/lan/leave-asks", test_lan_leave_asks);
  g_test_add_func ("/lan/reopen-table", test_lan_reopen_table);
  g_test_add_func ("/lan/play-again", test_lan_play_again);
  g_test_add_func ("/lan/rejoin-seat", test_lan_rejoin_seat);
  g_test_add_func ("/lan/new-instance-saves", test_lan_new_instance_saves);
  g_test_add_func ("/lan/join-failures", test_lan_join_failures);
  g_test_add_func ("/lan/link-lost", test_lan_link_lost);
  g_test_add_func ("/lan/kick-and-ban", test_lan_kick_and_ban);
  g_test_add_func ("/lan/reopen-standing-host", test_lan_reopen_standing_host);
  g_test_add_func ("/lan/startup-offers-rejoin", test_lan_startup_offers_rejoin);

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
