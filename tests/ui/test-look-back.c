/* test-look-back.c — stepping through a game in the window: a move picked
 * in the move list shows the board after it, read-only, under the
 * look-back bar; Back steps, Escape returns to the game in play; the game
 * going on meanwhile leaves the look where it is; a reviewed move in the
 * game-over dialog shows its position too; a LAN guest's (a mirror's) move
 * list steps through the positions it was shown.
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of a looked-at position, light and
 * dark, and of a reviewed move's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-view-private.h"
#include "pj-game-over-dialog.h"
#include "pj-look-back.h"
#include "pj-move-item.h"
#include "pj-test-display.h"
#include "pj-test-games.h"
#include "pj-test-lan.h"
#include "pj-test-window.h"
#include "pj-window.h"
#include "pj-window-private.h"

#define MIN_MOVES 6

static gboolean
not_animating (gpointer data)
{
  return !pj_board_view_get_animating (data);
}

/* the person's turn again, the board at rest */
static gboolean
human_to_play (gpointer data)
{
  PjWindow *window = data;
  PjGame *game = pj_window_get_game (window);

  return pj_game_is_human_turn (game) && !pj_game_get_thinking (game) &&
         !pj_board_view_get_animating (pj_window_get_board_view (window));
}

static guint
n_moves (PjGame *game)
{
  return g_list_model_get_n_items (pj_game_get_history (game));
}

/* Seat 0 a person, the rest computers (at once); played until there are
 * MIN_MOVES moves and it is the person's turn again. */
static PjGame *
game_under_way (PjWindow **out)
{
  PjGame *game;
  PjWindow *window;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, 7, 3);
  for (guint i = 1; i < 4; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  pj_game_set_delay (game, 0);
  window = pj_test_open_window (game, 1100, 760, PJ_TEST_STYLE_LIGHT);
  pj_side_panel_set_show_sidebar (window->side_panel, TRUE);
  pj_game_start (game);

  for (guint round = 0; round < 20 && n_moves (game) < MIN_MOVES; round++)
    {
      const PjAction *legal;
      guint n;

      g_assert_true (pj_test_run_until (human_to_play, window, 10000));
      legal = pj_game_get_human_actions (game, &n);
      g_assert_cmpuint (n, >, 0);
      g_assert_true (pj_game_apply (game, &legal[0], NULL));
    }
  g_assert_true (pj_test_run_until (human_to_play, window, 10000));
  g_assert_cmpuint (n_moves (game), >=, MIN_MOVES);
  *out = window;
  return game;
}

/* The pegs the board shows are those after history item `item`. */
static void
assert_board_after (PjWindow *window,
                    guint     item)
{
  PjBoardView *board = pj_window_get_board_view (window);
  guint8 shown[PJ_MAX_PLAYERS][PJ_PEGS];
  PjState then;

  g_assert_true (pj_game_get_position_after (pj_window_get_game (window), item, &then));
  _pj_board_view_shown_positions (board, shown);
  g_assert_cmpmem (shown, sizeof shown, then.board.peg, sizeof then.board.peg);
  g_assert_nonnull (pj_board_view_get_look_back (board));
}

static void
assert_board_live (PjWindow *window)
{
  PjBoardView *board = pj_window_get_board_view (window);
  guint8 shown[PJ_MAX_PLAYERS][PJ_PEGS];

  _pj_board_view_shown_positions (board, shown);
  g_assert_cmpmem (shown, sizeof shown, pj_game_get_state (pj_window_get_game (window))->board.peg,
                   sizeof shown);
  g_assert_null (pj_board_view_get_look_back (board));
}

/* The bar's button driving `action` */
static GtkWidget *
bar_button (GtkWidget  *root,
            const char *action)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = bar_button (c, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}


/* A key pressed in the move list, as its key controller hears it (the one
 * that runs before the list's own bindings) */
static gboolean
press_in_list (PjWindow *window,
               guint     keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window->history_list));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c) && gtk_event_controller_get_propagation_phase (c) == GTK_PHASE_CAPTURE)
        {
          g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
          return handled;
        }
    }
  g_assert_not_reached ();
}

/* A key pressed in the window, as its shortcuts take it: the first of the
 * window's shortcuts for `accel` ("<Alt>Left") whose action runs. */
static gboolean
press_shortcut (PjWindow   *window,
                const char *accel)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  g_autoptr (GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accel);
  gboolean found = FALSE;

  g_assert_nonnull (wanted);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), j);

          if (!gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            continue;
          found = TRUE;
          if (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (window),
                                            gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }
  g_assert_true (found);
  return FALSE;
}

static char *
describe (PjGame *game,
          guint   item)
{
  g_autoptr (PjMoveItem) move = g_list_model_get_item (pj_game_get_history (game), item);

  return pj_look_back_describe (item, n_moves (game), move);
}

static void
shots (PjWindow   *window,
       const char *what)
{
  g_autofree char *light = g_strdup_printf ("%s-light.png", what);
  g_autofree char *dark = g_strdup_printf ("%s-dark.png", what);
  g_autofree char *narrow = g_strdup_printf ("%s-360-dark.png", what);

  if (g_getenv ("PJ_SCREENSHOT_DIR") == NULL)
    return;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), light);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), dark);
  /* narrow: the bar over the board, its words wrapped */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 760);
  pj_test_wait (400);
  pj_test_screenshot (GTK_WIDGET (window), narrow);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  pj_test_wait (400);
}

/* A move of the person's own that is legal now: its card's index in the
 * hand and its first step. */
static gboolean
live_move (PjWindow *window,
           PjAction *move,
           int      *card_index)
{
  PjGame *game = pj_window_get_game (window);
  const PjState *s = pj_game_get_state (game);
  const PjAction *legal;
  guint n;

  legal = pj_game_get_human_actions (game, &n);
  for (guint i = 0; i < n; i++)
    if (legal[i].kind == PJ_ACTION_MOVE && legal[i].n_steps == 1 && legal[i].card != PJ_CARD_JOKER)
      for (guint c = 0; c < s->hand_count[0]; c++)
        if (PJ_CARD_RANK (s->hand[0][c]) == legal[i].card)
          {
            *move = legal[i];
            *card_index = (int) c;
            return TRUE;
          }
  return FALSE;
}

static void
test_move_list (void)
{
  PjWindow *window;
  PjGame *game;
  PjBoardView *board;
  PjHandView *hand;
  GtkWidget *back;
  g_autofree char *said = NULL;
  g_autofree char *said_first = NULL;
  PjAction move = { 0 };
  int card = -1;
  guint n, item = G_MAXUINT;
  double x, y;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = game_under_way (&window);
  board = pj_window_get_board_view (window);
  hand = pj_window_get_hand_view (window);
  n = n_moves (game);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->look_revealer)));
  g_assert_true (live_move (window, &move, &card));

  /* move 2 picked in the move list: the board after it, under the bar */
  g_assert_true (pj_test_run_until (pj_test_is_drawn, window->history_list, 5000));
  gtk_widget_activate_action (GTK_WIDGET (window->history_list), "list.activate-item", "u", 1);
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 1);
  assert_board_after (window, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->look_revealer)));
  g_assert_true (gtk_revealer_get_reveal_child (window->look_revealer));
  said = describe (game, 1);
  g_assert_cmpstr (gtk_label_get_label (window->look_label), ==, said);
  pj_test_assert_announced (window, said);
  /* the move list's selection follows */
  g_assert_cmpuint (gtk_single_selection_get_selected (window->history_selection), ==, 1);
  g_assert_true (pj_test_run_until (not_animating, board, 5000));
  shots (window, "look-back-move-2");

  /* read-only: no card can be held, the board offers nothing, a click on
   * a peg that may move in the game does nothing */
  g_assert_true (pj_hand_view_get_read_only (hand));
  pj_hand_view_set_selected (hand, card);
  g_assert_cmpint (pj_hand_view_get_selected (hand), ==, -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.select-card", "i", card);
  g_assert_cmpint (pj_hand_view_get_selected (hand), ==, -1);
  pj_board_view_set_card (board, move.card);
  g_assert_cmpuint (board->n_lit, ==, 0);
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (move.steps[0].peg), move.steps[0].from,
                                                PJ_PEG_INDEX (move.steps[0].peg), &x, &y));
  g_assert_false (pj_board_view_pick_at (board, x, y));
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (move.steps[0].peg), move.steps[0].to,
                                                PJ_PEG_INDEX (move.steps[0].peg), &x, &y));
  g_assert_false (pj_board_view_pick_at (board, x, y));
  g_assert_cmpuint (n_moves (game), ==, n);
  g_assert_false (pj_board_view_get_hint (board, NULL, NULL));

  /* Back (the bar's button, Alt+Left): move 1 */
  back = bar_button (window->look_bar, "win.look-back-previous");
  g_assert_nonnull (back);
  g_assert_true (gtk_widget_get_sensitive (back));
  g_signal_emit_by_name (back, "clicked");
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 0);
  assert_board_after (window, 0);
  said_first = describe (game, 0);
  pj_test_assert_announced (window, said_first);
  g_assert_cmpuint (gtk_single_selection_get_selected (window->history_selection), ==, 0);
  /* the first move: nothing further back */
  g_assert_false (gtk_widget_get_sensitive (back));
  g_assert_false (press_shortcut (window, "<Alt>Left"));
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 0);

  /* Escape: the game in play, playable again */
  g_assert_true (press_shortcut (window, "Escape"));
  g_assert_false (_pj_window_look_back_get_item (window, NULL));
  assert_board_live (window);
  g_assert_false (gtk_revealer_get_reveal_child (window->look_revealer));
  g_assert_false (pj_hand_view_get_read_only (hand));
  g_assert_cmpuint (gtk_single_selection_get_selected (window->history_selection), ==, GTK_INVALID_LIST_POSITION);
  pj_test_assert_announced (window, "Back to the game in play");

  /* Alt+Left from the game in play: the move before the last; forward
   * onto the last is the game in play again */
  g_assert_true (press_shortcut (window, "<Alt>Left"));
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, n - 2);
  assert_board_after (window, n - 2);
  g_assert_true (press_shortcut (window, "<Alt>Right"));
  g_assert_false (_pj_window_look_back_get_item (window, NULL));
  assert_board_live (window);

  /* in the move list: Left steps back, Home goes to the first move, Right
   * steps on, End is the game in play */
  g_assert_true (press_in_list (window, GDK_KEY_Left));
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, n - 2);
  g_assert_true (press_in_list (window, GDK_KEY_Home));
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 0);
  g_assert_true (press_in_list (window, GDK_KEY_Right));
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 1);
  assert_board_after (window, 1);
  g_assert_true (press_in_list (window, GDK_KEY_End));
  g_assert_false (_pj_window_look_back_get_item (window, NULL));
  assert_board_live (window);
  /* the game in play: Home and End are the list's own again */
  g_assert_false (press_in_list (window, GDK_KEY_Home));

  /* and the person's move goes through the views as ever */
  pj_hand_view_set_selected (hand, card);
  g_assert_cmpint (pj_hand_view_get_selected (hand), ==, card);
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (move.steps[0].peg), move.steps[0].from,
                                                PJ_PEG_INDEX (move.steps[0].peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (move.steps[0].peg), move.steps[0].to,
                                                PJ_PEG_INDEX (move.steps[0].peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  g_assert_cmpuint (n_moves (game), >, n);

  pj_test_close_window (window);
  pj_test_finalize_game (game);
}

/* The game goes on while the person looks back: the look stays, the bar
 * counts the new moves; an undo leaves nothing to look at. */
static void
test_game_goes_on (void)
{
  PjWindow *window;
  PjGame *game;
  const PjAction *legal;
  g_autofree char *news = NULL;
  guint n, n_legal, item = G_MAXUINT;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = game_under_way (&window);
  n = n_moves (game);
  gtk_widget_activate_action (GTK_WIDGET (window->history_list), "list.activate-item", "u", 2);
  assert_board_after (window, 2);

  /* the person's move, as another seat's would come: then the computers' */
  legal = pj_game_get_human_actions (game, &n_legal);
  g_assert_cmpuint (n_legal, >, 0);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  g_assert_true (pj_test_run_until (human_to_play, window, 10000));
  g_assert_cmpuint (n_moves (game), >, n);

  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 2);
  assert_board_after (window, 2);
  news = pj_look_back_describe_new (n_moves (game) - n);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->look_news_label)));
  g_assert_cmpstr (gtk_label_get_label (window->look_news_label), ==, news);
  g_assert_cmpuint (gtk_single_selection_get_selected (window->history_selection), ==, 2);

  /* Return to Game */
  g_signal_emit_by_name (bar_button (window->look_bar, "win.look-back-return"), "clicked");
  g_assert_false (_pj_window_look_back_get_item (window, NULL));
  assert_board_live (window);

  /* an undo while looking back: the game in play */
  gtk_widget_activate_action (GTK_WIDGET (window->history_list), "list.activate-item", "u", 1);
  g_assert_true (_pj_window_look_back_get_item (window, NULL));
  if (pj_game_can_undo (game))
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      g_assert_true (pj_test_run_until (human_to_play, window, 10000));
      g_assert_false (_pj_window_look_back_get_item (window, NULL));
      assert_board_live (window);
    }

  pj_test_close_window (window);
  pj_test_finalize_game (game);
}

static gboolean
review_done (gpointer data)
{
  PjReview *review = pj_window_get_review (data);

  return review != NULL && pj_review_get_done (review);
}

static gboolean
worst_row_shown (gpointer dialog)
{
  GtkWidget *row = pj_game_over_dialog_get_worst_row (dialog, 0);

  return row != NULL && gtk_widget_get_mapped (row);
}

/* The game-over dialog's review lists the worst moves; activating one
 * closes the dialog and shows the board after that move. */
static void
test_from_review (void)
{
  PjGame *game;
  PjGameOverDialog *dialog;
  PjWindow *window;
  GtkWidget *row;
  guint index, item = G_MAXUINT;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = pj_test_nearly_over_game ();
  pj_game_set_delay (game, 0);
  window = pj_test_open_window (game, 1100, 760, PJ_TEST_STYLE_LIGHT);
  /* tiny budget: the ratings are the model's business */
  pj_window_set_review_iterations (window, 8);
  pj_game_start (game);
  g_assert_true (pj_test_run_until (pj_test_game_over_shown, NULL, 10000));
  dialog = pj_test_find_game_over_dialog ();
  g_assert_nonnull (dialog);
  g_assert_null (pj_game_over_dialog_get_worst_row (dialog, 0));
  g_assert_true (pj_test_run_until (pj_test_review_offered, dialog, 5000));
  g_signal_emit_by_name (pj_test_find_drawn_button (GTK_WIDGET (dialog), "_Review"), "clicked");
  g_assert_true (pj_test_run_until (review_done, window, 60000));
  /* Ann played like an easy computer player: the hard one finds fault */
  g_assert_true (pj_test_run_until (worst_row_shown, dialog, 5000));
  row = pj_game_over_dialog_get_worst_row (dialog, 0);
  index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "pj-index"));
  g_assert_nonnull (pj_review_lookup (pj_window_get_review (window), index));
  g_assert_cmpint (pj_review_lookup (pj_window_get_review (window), index)->label, !=, PJ_REVIEW_GOOD);
  {
    g_autoptr (PjMoveItem) move = g_list_model_get_item (pj_game_get_history (game), index);

    g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                              pj_move_item_get_description (move)));
  }

  g_object_ref (dialog);
  g_signal_emit_by_name (row, "activate");
  pj_test_run_until_idle ();
  g_assert_false (pj_alert_is_shown (PJ_ALERT (dialog)));
  g_object_unref (dialog);

  if (index + 1 < n_moves (game))
    {
      g_assert_true (_pj_window_look_back_get_item (window, &item));
      g_assert_cmpuint (item, ==, index);
      assert_board_after (window, index);
      pj_test_wait (300);
      shots (window, "look-back-reviewed-move");
      /* Home: the first move; Escape: the end of the game */
      g_assert_true (press_shortcut (window, "<Alt>Home"));
      assert_board_after (window, 0);
      g_assert_true (press_shortcut (window, "Escape"));
    }
  g_assert_false (_pj_window_look_back_get_item (window, NULL));
  assert_board_live (window);

  pj_test_close_window (window);
  pj_test_finalize_game (game);
}


static gboolean
lan_my_turn (gpointer data)
{
  guint n = 0;

  pj_game_get_human_actions (pj_window_get_game (data), &n);
  return n > 0 && !pj_game_get_awaiting (pj_window_get_game (data)) &&
         !pj_board_view_get_animating (pj_window_get_board_view (data));
}

/* A table hosted here: the window's game is a mirror of the host's, and
 * its positions are those it was shown. Looking back sends nothing. */
static void
test_lan_mirror (void)
{
  PjWindow *window;
  GtkWidget *page;
  PjHost *host;
  PjGame *game;
  guint n, n_actions, item = G_MAXUINT;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  page = pj_test_lan_host_with_computers ("Look-back table", &window);
  host = pj_table_get_host (pj_window_get_table (window));
  g_assert_true (pj_lobby_page_start (PJ_LOBBY_PAGE (page)));
  g_assert_true (pj_test_run_until (has_mirror, window, 5000));
  game = pj_window_get_game (window);

  /* Ann plays her first card whatever it is, until there are moves to step through */
  for (guint round = 0; round < 10; round++)
    {
      const PjAction *legal;
      guint n_legal;

      g_assert_true (pj_test_run_until (lan_my_turn, window, 15000));
      if (n_moves (game) >= 4)
        break;
      legal = pj_game_get_human_actions (game, &n_legal);
      _pj_window_apply_action (window, &legal[0]);
      g_assert_true (pj_test_run_until (lan_my_turn, window, 15000));
    }
  n = n_moves (game);
  g_assert_cmpuint (n, >=, 4);

  gtk_widget_activate_action (GTK_WIDGET (window->history_list), "list.activate-item", "u", 1);
  g_assert_true (_pj_window_look_back_get_item (window, &item));
  g_assert_cmpuint (item, ==, 1);
  assert_board_after (window, 1);
  /* the mirror's position is the host's after that move, as Ann saw it */
  {
    PjState then, at_host;

    g_assert_true (pj_game_get_position_after (game, 1, &then));
    pj_record_state_at (pj_host_get_record (host), 2, &at_host);
    g_assert_cmpmem (then.board.peg, sizeof then.board.peg, at_host.board.peg, sizeof at_host.board.peg);
  }

  /* nothing goes to the host from a position looked back at */
  n_actions = pj_game_get_n_actions (game);
  {
    const PjAction *legal;
    guint n_legal;

    legal = pj_game_get_human_actions (game, &n_legal);
    g_assert_cmpuint (n_legal, >, 0);
    _pj_window_apply_action (window, &legal[0]);
    g_assert_false (pj_game_get_awaiting (game));
    pj_test_wait (200);
    g_assert_cmpuint (pj_game_get_n_actions (game), ==, n_actions);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-move", NULL);
  assert_board_live (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data_home = pj_test_lan_data_home ();
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/look-back/move-list", test_move_list);
  g_test_add_func ("/look-back/game-goes-on", test_game_goes_on);
  g_test_add_func ("/look-back/from-review", test_from_review);
  g_test_add_func ("/look-back/lan-mirror", test_lan_mirror);

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
