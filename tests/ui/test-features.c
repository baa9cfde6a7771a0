/* test-features.c — the app's features around the board: saved games,
 * undo, the end of a game, statistics, bluff declarations, the rules page,
 * accessible names and narrow windows.
 *
 * Set PJ_SCREENSHOT_DIR to keep a PNG of every window and dialog shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-announce.h"
#include "pj-board-view.h"
#include "pj-card-names.h"
#include "pj-hand-view.h"
#include "pj-move-item.h"
#include "pj-rules-window.h"
#include "pj-settings.h"
#include "pj-statistics.h"
#include "pj-statistics-window.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-test-games.h"
#include "pj-window.h"

static gboolean
not_animating (gpointer data)
{
  return !pj_board_view_get_animating (data);
}

static PjAlert *
find_message_dialog (void)
{
  return pj_test_find_alert ();
}

static gboolean
dialog_shown (gpointer data)
{
  return pj_test_alert_shown (data);
}

static void
shoot (GtkWidget  *widget,
       const char *name)
{
  if (g_getenv ("PJ_SCREENSHOT_DIR") == NULL)
    return;
  pj_test_wait (400);
  pj_test_screenshot (widget, name);
}

static void
close_dialogs (void)
{
  pj_test_close_alerts ();
}

/* Seat 0 human and first to play, the others easy computers. */
static PjGame *
human_game (PjPreset preset,
            guint    players,
            guint64  seed)
{
  PjGame *game;
  PjRules rules;

  pj_rules_preset (&rules, preset, players);
  game = pj_game_new (&rules, seed, players - 1);
  pj_game_set_delay (game, 0);
  for (guint i = 1; i < players; i++)
    pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
  return game;
}

static void
test_save_open (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_BASIC, 4, 3);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  const PjAction *legal;
  PjWindow *window;
  PjGame *opened;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  legal = pj_game_get_human_actions (game, &n);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  window = pj_test_open_window (game, 1000, 700, PJ_TEST_STYLE_AS_IS);

  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  path = g_build_filename (g_get_user_data_dir (), "game.json", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (pj_window_save_file (window, file, &error));
  g_assert_no_error (error);

  pj_window_set_game (window, NULL);
  pj_window_open_file (window, file);
  opened = pj_window_get_game (window);
  g_assert_nonnull (opened);
  g_assert_true (opened != game);
  g_assert_cmpmem (pj_game_get_state (opened), sizeof (PjState), pj_game_get_state (game), sizeof (PjState));
  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (opened)), ==, 1);
  g_assert_null (find_message_dialog ());

  pj_game_stop (opened);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_open_corrupt (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_BASIC, 4, 4);
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  PjAlert *dialog;
  PjWindow *window;
  PjState before;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_test_open_window (game, 1000, 700, PJ_TEST_STYLE_AS_IS);
  before = *pj_game_get_state (game);

  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  path = g_build_filename (g_get_user_data_dir (), "corrupt.json", NULL);
  g_assert_true (g_file_set_contents (path, "{\"format\": \"pegs-and-jokers-game\", \"version\": 1, \"rules\": ", -1, NULL));
  file = g_file_new_for_path (path);
  pj_window_open_file (window, file);

  /* a clear message, and the game on the table as it was */
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (pj_alert_get_heading (dialog), ==, "Could Not Open the Game");
  g_assert_true (strlen (pj_alert_get_body (dialog)) > 10);
  g_test_message ("error shown: %s", pj_alert_get_body (dialog));
  g_assert_true (pj_window_get_game (window) == game);
  g_assert_cmpmem (&before, sizeof before, pj_game_get_state (game), sizeof before);
  shoot (GTK_WIDGET (dialog), "open-corrupt.png");

  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_undo (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_BASIC, 4, 5);
  const PjAction *legal;
  PjWindow *window;
  PjState before;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_test_open_window (game, 1000, 700, PJ_TEST_STYLE_AS_IS);
  before = *pj_game_get_state (game);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL) &&
                  g_list_model_get_n_items (pj_game_get_history (game)) > 0);

  legal = pj_game_get_human_actions (game, &n);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpmem (&before, sizeof before, pj_game_get_state (game), sizeof before);
  g_assert_cmpuint (pj_hand_view_get_n_cards (pj_window_get_hand_view (window)), ==, before.hand_count[0]);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
game_over (gpointer data)
{
  return pj_game_is_over (data);
}

static void
test_winner_and_statistics (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GArray) stats = NULL;
  g_autofree char *json = NULL;
  PjAlert *dialog;
  PjWindow *window;
  PjGame *again;
  guint dealer;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  g_assert_nonnull (settings);
  g_settings_reset (settings, "statistics");

  game = pj_test_nearly_over_game ();
  pj_game_set_delay (game, 0);
  dealer = pj_record_get_dealer (pj_game_get_record (game));
  window = pj_test_open_window (game, 1100, 760, PJ_TEST_STYLE_AS_IS);
  pj_game_start (game);
  g_assert_true (pj_test_run_until (game_over, game, 10000));
  g_assert_true (pj_game_is_over (game));

  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (pj_alert_get_extra_child (dialog));
  g_assert_true (pj_alert_has_response (dialog, "again"));
  g_assert_true (pj_alert_has_response (dialog, "new"));
  g_assert_true (pj_test_run_until (not_animating, pj_window_get_board_view (window), 5000));
  shoot (GTK_WIDGET (dialog), "winner-dialog.png");
  shoot (GTK_WIDGET (window), "winner-board.png");

  /* counted once, as a win of basic with 4 players */
  json = g_settings_get_string (settings, "statistics");
  stats = pj_statistics_parse (json);
  g_assert_cmpuint (stats->len, ==, 1);
  g_assert_cmpstr (g_array_index (stats, PjStatisticsEntry, 0).variant, ==, "basic");
  g_assert_cmpuint (g_array_index (stats, PjStatisticsEntry, 0).players, ==, 4);
  g_assert_cmpuint (g_array_index (stats, PjStatisticsEntry, 0).played, ==, 1);
  g_assert_cmpuint (g_array_index (stats, PjStatisticsEntry, 0).won, ==, 1);

  {
    PjStatisticsWindow *sw = pj_statistics_window_new (GTK_WINDOW (window), settings);

    gtk_window_present (GTK_WINDOW (sw));
    g_assert_true (pj_test_run_until (pj_test_is_drawn, sw, 3000));
    shoot (GTK_WIDGET (sw), "statistics.png");
    gtk_window_destroy (GTK_WINDOW (sw));
  }

  /* Play Again: the same seats and rules, the deal passes on */
  pj_test_answer_alert (dialog, "again");
  again = pj_window_get_game (window);
  g_assert_true (again != game);
  g_assert_false (pj_game_is_over (again));
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (pj_game_get_controller (again, i), ==, pj_game_get_controller (game, i));
      g_assert_cmpstr (pj_game_get_seat_name (again, i), ==, pj_game_get_seat_name (game, i));
    }
  g_assert_cmpuint (pj_record_get_dealer (pj_game_get_record (again)), ==, (dealer + 1) % 4);

  pj_game_stop (again);
  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_resume (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_NORTH_CAROLINA, 6, 6);
  const PjAction *legal;
  PjAlert *dialog;
  PjWindow *window;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  legal = pj_game_get_human_actions (game, &n);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));

  window = pj_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  pj_window_offer_resume (window, game);
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_false (pj_game_get_thinking (game));   /* the computers wait */
  shoot (GTK_WIDGET (window), "resume-board.png");
  shoot (GTK_WIDGET (dialog), "resume-dialog.png");

  pj_test_answer_alert (dialog, "resume");
  g_assert_true (pj_window_get_game (window) == game);
  g_assert_true (pj_game_get_thinking (game));   /* seat 1 plays on */

  pj_game_stop (game);
  close_dialogs ();
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Bluffing Joker: the hand's real card, declared as another, then the
 * usual picks over the declared card's moves. */
static void
test_declare_as (void)
{
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;
  PjBoardView *board;
  PjHandView *hand;
  const PjAction *legal, *last;
  PjAction bluff = { 0 };
  const PjStep *st;
  double x, y;
  int index = -1;
  guint n;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  for (guint64 seed = 1; seed < 200 && bluff.kind == 0; seed++)
    {
      g_clear_object (&game);
      game = human_game (PJ_PRESET_BLUFFING_JOKER, 4, seed);
      legal = pj_game_get_human_actions (game, &n);
      for (guint i = 0; i < n; i++)
        if (legal[i].kind == PJ_ACTION_MOVE && legal[i].n_steps == 1 &&
            PJ_CARD_RANK (legal[i].declared) != PJ_CARD_RANK (legal[i].card) &&
            PJ_CARD_RANK (legal[i].declared) != PJ_CARD_JOKER)
          {
            bluff = legal[i];
            break;
          }
    }
  g_assert_cmpint (bluff.kind, ==, PJ_ACTION_MOVE);

  window = pj_test_open_window (game, 1100, 760, PJ_TEST_STYLE_AS_IS);
  board = pj_window_get_board_view (window);
  hand = pj_window_get_hand_view (window);
  for (guint i = 0; i < pj_hand_view_get_n_cards (hand) && index < 0; i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == PJ_CARD_RANK (bluff.card))
      index = (int) i;
  g_assert_cmpint (index, >=, 0);

  pj_hand_view_set_selected (hand, index);
  /* by default the card is declared as itself (when it has a move) */
  if (pj_window_declare (window, PJ_CARD_RANK (bluff.card)))
    g_assert_cmpuint (pj_board_view_get_declared (board), ==, PJ_CARD_RANK (bluff.card));
  g_assert_true (pj_window_declare (window, PJ_CARD_RANK (bluff.declared)));
  g_assert_cmpuint (pj_board_view_get_declared (board), ==, PJ_CARD_RANK (bluff.declared));
  g_assert_false (pj_window_declare (window, 0));

  st = &bluff.steps[0];
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->from,
                                                PJ_PEG_INDEX (st->peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  shoot (GTK_WIDGET (window), "declare-as.png");
  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (st->peg), st->to,
                                                PJ_PEG_INDEX (st->peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));

  g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (game)), ==, 1);
  last = pj_record_get_action (pj_game_get_record (game), 0);
  g_assert_cmpuint (PJ_CARD_RANK (last->card), ==, PJ_CARD_RANK (bluff.card));
  g_assert_cmpuint (PJ_CARD_RANK (last->declared), ==, PJ_CARD_RANK (bluff.declared));
  /* the next seat may now challenge the move */
  g_assert_cmpuint (pj_game_get_state (game)->phase, ==, PJ_PHASE_CHALLENGE);

  g_assert_true (pj_test_run_until (not_animating, board, 5000));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Each card button's accessible name: on the player's turn the card's
 * name with "playable" or "no legal move" (as its button is sensitive or
 * not), between turns the card's name alone. */
static void
assert_card_labels (PjHandView *hand,
                    gboolean    players_turn)
{
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (hand));
       child != NULL && i < pj_hand_view_get_n_cards (hand);
       child = gtk_widget_get_next_sibling (child), i++)
    {
      const char *name = pj_card_name (pj_hand_view_get_card (hand, i));
      g_autofree char *expected = NULL;
      g_autofree char *error = NULL;

      if (!players_turn)
        expected = g_strdup (name);
      else if (gtk_widget_get_sensitive (child))
        expected = g_strdup_printf ("%s, playable", name);
      else
        expected = g_strdup_printf ("%s, no legal move", name);
      error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
      if (error != NULL)
        g_error ("card %u: %s (expected “%s”)", i, error, expected);
    }
  g_assert_cmpuint (i, ==, pj_hand_view_get_n_cards (hand));
}

static void
test_accessible_names (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_BASIC, 4, 7);
  g_autofree char *focus = NULL;
  PjWindow *window;
  PjHandView *hand;
  PjBoardView *board;
  GtkWidget *child;
  guint labelled = 0;
  int playable = -1;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_test_open_window (game, 1100, 760, PJ_TEST_STYLE_AS_IS);
  hand = pj_window_get_hand_view (window);
  board = pj_window_get_board_view (window);

  for (child = gtk_widget_get_first_child (GTK_WIDGET (hand)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      {
        g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL));
        labelled++;
      }
  g_assert_cmpuint (labelled, ==, pj_hand_view_get_n_cards (hand));

  for (guint i = 0; i < pj_hand_view_get_n_cards (hand) && playable < 0; i++)
    {
      g_autofree char *text = NULL;

      pj_hand_view_set_selected (hand, (int) i);
      if (pj_hand_view_get_selected (hand) == (int) i && (text = pj_board_view_describe_focus (board)) != NULL)
        playable = (int) i;
    }
  g_assert_cmpint (playable, >=, 0);
  /* the card picked from the hand: what to do next is told */
  g_assert_nonnull (pj_board_view_get_prompt (board));
  g_assert_cmpstr (pj_announce_get_last (GTK_WIDGET (window)), ==, pj_board_view_get_prompt (board));
  pj_test_assert_announced (window, pj_board_view_get_prompt (board));
  focus = pj_board_view_describe_focus (board);
  g_test_message ("focused: %s", focus);
  g_assert_nonnull (strstr (focus, "Red peg"));

  /* on the player's turn a card is "playable" exactly when it can be used */
  assert_card_labels (hand, TRUE);

  /* between turns (a computer to move) every card is just its name */
  {
    const PjAction *legal;
    guint n;

    legal = pj_game_get_human_actions (game, &n);
    g_assert_cmpuint (n, >, 0);
    g_assert_true (pj_game_apply (game, &legal[0], NULL));
    g_assert_false (pj_game_is_human_turn (game));
    g_assert_cmpuint (pj_hand_view_get_n_cards (hand), >, 0);
    assert_card_labels (hand, FALSE);
  }

  g_assert_true (pj_test_run_until (not_animating, board, 5000));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
human_challenges (gpointer data)
{
  PjGame *game = data;

  return pj_game_is_human_turn (game) && pj_game_get_state (game)->phase == PJ_PHASE_CHALLENGE;
}

static gboolean
question_told (gpointer data)
{
  const char *told = pj_announce_get_last (data);

  return told != NULL && g_str_has_suffix (told, "Challenge, or let it stand?");
}

/* Bluffing Joker: the others' moves and challenges are told to the screen
 * reader in the move list's words (the answers that let a card stand
 * folded into its line, never "X let the move stand" on its own), then
 * what the player is asked. */
static void
test_announced_moves (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_BLUFFING_JOKER, 4, 5);
  g_autofree char *want = NULL;
  const PjAction *legal;
  PjWindow *window;
  GListModel *history;
  const char *told;
  guint n, mine;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_test_open_window (game, 1100, 760, PJ_TEST_STYLE_AS_IS);
  history = pj_game_get_history (game);
  g_assert_null (pj_announce_get_last (GTK_WIDGET (window)));

  /* the player's own move is not told back */
  pj_game_start (game);
  legal = pj_game_get_human_actions (game, &n);
  g_assert_cmpuint (n, >, 0);
  g_assert_true (pj_game_apply (game, &legal[0], NULL));
  mine = g_list_model_get_n_items (history);

  /* the computers play on until Ann may challenge a move */
  g_assert_true (pj_test_run_until (human_challenges, game, 20000));
  g_assert_true (pj_test_run_until (question_told, window, 5000));
  told = pj_announce_get_last (GTK_WIDGET (window));
  g_test_message ("told: %s", told);
  g_assert_nonnull (told);
  g_assert_true (g_str_has_suffix (told, "Challenge, or let it stand?"));

  /* the latest moves since Ann's (told as they came, maybe in more than
   * one go), in the list's words and order, then the question */
  {
    guint last = g_list_model_get_n_items (history);

    g_assert_cmpuint (last, >, mine);
    for (guint first = last; first > mine && want == NULL; first--)
      {
        g_autoptr (GString) moves = g_string_new (NULL);

        for (guint i = first - 1; i < last; i++)
          {
            g_autoptr (PjMoveItem) item = g_list_model_get_item (history, i);
            g_autofree char *line = NULL;

            /* the answers that let a card stand are told in the play's line */
            if (pj_move_item_get_action (item)->kind == PJ_ACTION_PASS)
              continue;
            line = pj_game_describe_history_item (game, i);
            g_string_append_printf (moves, "%s. ", line);
          }
        g_string_append (moves, "Challenge, or let it stand?");
        if (g_str_equal (moves->str, told))
          want = g_string_free (g_steal_pointer (&moves), FALSE);
      }
    g_assert_nonnull (want);
    g_assert_null (strstr (told, "let the move stand"));
    pj_test_assert_announced (window, want);
  }

  pj_game_stop (game);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_rules_page (void)
{
  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  for (PjPreset p = 0; p < PJ_N_PRESETS; p++)
    {
      PjRulesWindow *rules_window;
      PjRules rules;

      pj_rules_preset (&rules, p, 4);
      rules_window = pj_rules_window_new (NULL, &rules);
      gtk_window_present (GTK_WINDOW (rules_window));
      if (p == PJ_PRESET_NORTH_CAROLINA || p == PJ_PRESET_BLUFFING_JOKER)
        {
          g_autofree char *name = g_strdup_printf ("rules-%s.png", pj_preset_name (p));

          g_assert_true (pj_test_run_until (pj_test_is_drawn, rules_window, 3000));
          shoot (GTK_WIDGET (rules_window), name);
        }
      gtk_window_destroy (GTK_WINDOW (rules_window));
    }
}

static void
test_statistics_json (void)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autoptr (GArray) entries = NULL;
  PjRules basic, nc;

  pj_rules_preset (&basic, PJ_PRESET_BASIC, 4);
  pj_rules_preset (&nc, PJ_PRESET_NORTH_CAROLINA, 6);
  a = pj_statistics_add ("not json", &basic, TRUE);
  b = pj_statistics_add (a, &basic, FALSE);
  c = pj_statistics_add (b, &nc, TRUE);
  entries = pj_statistics_parse (c);
  g_assert_cmpuint (entries->len, ==, 2);
  g_assert_cmpstr (g_array_index (entries, PjStatisticsEntry, 0).variant, ==, "basic");
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 0).played, ==, 2);
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 0).won, ==, 1);
  g_assert_cmpstr (g_array_index (entries, PjStatisticsEntry, 1).variant, ==, "north-carolina");
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 1).players, ==, 6);
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 1).won, ==, 1);
}

/* Winning streaks: each variant's, and over all of them, where a game lost
 * in any variant ends the run; the best run stays. Text from before the
 * streaks reads as none. */
static void
test_statistics_streaks (void)
{
  g_autofree char *json = NULL;
  g_autoptr (GArray) entries = NULL;
  const gboolean basic_games[] = { TRUE, TRUE, TRUE, FALSE, TRUE };
  PjStatisticsEntry *basic, *nc;
  PjRules basic_rules, nc_rules;
  guint streak, best;

  pj_rules_preset (&basic_rules, PJ_PRESET_BASIC, 4);
  pj_rules_preset (&nc_rules, PJ_PRESET_NORTH_CAROLINA, 6);
  for (guint i = 0; i < G_N_ELEMENTS (basic_games); i++)
    {
      char *next = pj_statistics_add (json, &basic_rules, basic_games[i]);

      g_free (json);
      json = next;
    }
  pj_statistics_get_streaks (json, &streak, &best);
  g_assert_cmpuint (streak, ==, 1);
  g_assert_cmpuint (best, ==, 3);

  /* a North Carolina win goes on with the run over all; its own starts */
  {
    char *next = pj_statistics_add (json, &nc_rules, TRUE);

    g_free (json);
    json = next;
  }
  pj_statistics_get_streaks (json, &streak, &best);
  g_assert_cmpuint (streak, ==, 2);
  g_assert_cmpuint (best, ==, 3);
  entries = pj_statistics_parse (json);
  g_assert_cmpuint (entries->len, ==, 2);
  basic = &g_array_index (entries, PjStatisticsEntry, 0);
  nc = &g_array_index (entries, PjStatisticsEntry, 1);
  g_assert_cmpuint (basic->streak, ==, 1);
  g_assert_cmpuint (basic->best, ==, 3);
  g_assert_cmpuint (nc->streak, ==, 1);
  g_assert_cmpuint (nc->best, ==, 1);
  g_clear_pointer (&entries, g_array_unref);

  /* a loss elsewhere ends the run over all, not Basic's */
  {
    char *next = pj_statistics_add (json, &nc_rules, FALSE);

    g_free (json);
    json = next;
  }
  pj_statistics_get_streaks (json, &streak, &best);
  g_assert_cmpuint (streak, ==, 0);
  g_assert_cmpuint (best, ==, 3);
  entries = pj_statistics_parse (json);
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 0).streak, ==, 1);
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 1).streak, ==, 0);
  g_clear_pointer (&entries, g_array_unref);

  /* the text of before: no streaks, and none made up */
  pj_statistics_get_streaks ("{\"version\": 1, \"games\": {\"basic/4\": {\"played\": 3, \"won\": 2}}}",
                             &streak, &best);
  g_assert_cmpuint (streak, ==, 0);
  g_assert_cmpuint (best, ==, 0);
  entries = pj_statistics_parse ("{\"version\": 1, \"games\": {\"basic/4\": {\"played\": 3, \"won\": 2, \"streak\": 9}}}");
  /* never more in a row than won */
  g_assert_cmpuint (g_array_index (entries, PjStatisticsEntry, 0).streak, ==, 2);
}

/* The suffix number of the row titled `title`. */
static const char *
row_number (GtkWidget  *widget,
            const char *title)
{
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    {
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();

      for (GtkWidget *w = widget; w != NULL;)
        {
          if (GTK_IS_LABEL (w) && gtk_widget_has_css_class (w, "numeric"))
            return gtk_label_get_label (GTK_LABEL (w));
          /* depth first, within the row */
          if (gtk_widget_get_first_child (w) != NULL)
            w = gtk_widget_get_first_child (w);
          else
            {
              while (w != widget && gtk_widget_get_next_sibling (w) == NULL)
                w = gtk_widget_get_parent (w);
              w = w == widget ? NULL : gtk_widget_get_next_sibling (w);
            }
        }
      return NULL;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found = row_number (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The Statistics window shows the streaks; Clear Statistics… asks, and
 * only Clear forgets. */
static void
test_statistics_clear (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autofree char *json = NULL;
  PjStatisticsWindow *sw;
  GtkWidget *clear;
  PjAlert *dialog;
  PjRules rules;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  settings = pj_settings_new ();
  g_assert_nonnull (settings);
  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  for (guint i = 0; i < 4; i++)
    {
      char *next = pj_statistics_add (json, &rules, i != 1);

      g_free (json);
      json = next;
    }
  g_settings_set_string (settings, "statistics", json);

  sw = pj_statistics_window_new (NULL, settings);
  gtk_window_present (GTK_WINDOW (sw));
  g_assert_true (pj_test_run_until (pj_test_is_drawn, sw, 3000));
  g_assert_cmpstr (row_number (GTK_WIDGET (sw), "Games played"), ==, "4");
  g_assert_cmpstr (row_number (GTK_WIDGET (sw), "Current winning streak"), ==, "2");
  g_assert_cmpstr (row_number (GTK_WIDGET (sw), "Best winning streak"), ==, "2");
  shoot (GTK_WIDGET (sw), "statistics-streaks.png");

  clear = pj_test_find_button (GTK_WIDGET (sw), "_Clear Statistics…");
  g_assert_nonnull (clear);
  g_assert_true (gtk_widget_is_sensitive (clear));
  g_signal_emit_by_name (clear, "clicked");
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  dialog = find_message_dialog ();
  g_assert_cmpstr (pj_alert_get_heading (dialog), ==, "Clear Statistics?");
  g_assert_cmpstr (pj_alert_get_default_response (dialog), ==, "cancel");
  shoot (GTK_WIDGET (dialog), "statistics-clear.png");
  pj_test_answer_alert (dialog, "cancel");
  g_assert_true (pj_test_run_until (pj_test_is_drawn, sw, 3000));
  g_assert_cmpstr (row_number (GTK_WIDGET (sw), "Games played"), ==, "4");

  g_signal_emit_by_name (clear, "clicked");
  g_assert_true (pj_test_run_until (dialog_shown, NULL, 3000));
  pj_test_answer_alert (find_message_dialog (), "clear");
  g_assert_cmpstr (row_number (GTK_WIDGET (sw), "Games played"), ==, "0");
  g_assert_cmpstr (row_number (GTK_WIDGET (sw), "Best winning streak"), ==, "0");
  g_assert_false (gtk_widget_is_sensitive (clear));
  g_clear_pointer (&json, g_free);
  json = g_settings_get_string (settings, "statistics");
  {
    g_autoptr (GArray) entries = pj_statistics_parse (json);

    g_assert_cmpuint (entries->len, ==, 0);
  }
  gtk_window_destroy (GTK_WINDOW (sw));
}

static gboolean
is_compact (gpointer data)
{
  return pj_window_get_compact (data) && gtk_widget_get_width (data) <= 400;
}

static void
test_narrow (void)
{
  g_autoptr (PjGame) game = human_game (PJ_PRESET_BASIC, 8, 8);
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  window = pj_test_open_window (game, 360, 720, PJ_TEST_STYLE_AS_IS);
  g_assert_true (pj_test_run_until (is_compact, window, 3000));
  g_assert_true (pj_window_get_compact (window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 400);
  pj_hand_view_set_selected (pj_window_get_hand_view (window), 0);
  shoot (GTK_WIDGET (window), "narrow-360.png");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  pj_test_wait (300);
  shoot (GTK_WIDGET (window), "dark-rtl.png");
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/features/statistics-json", test_statistics_json);
  g_test_add_func ("/features/statistics-streaks", test_statistics_streaks);
  g_test_add_func ("/features/statistics-clear", test_statistics_clear);
  g_test_add_func ("/features/save-open", test_save_open);
  g_test_add_func ("/features/open-corrupt", test_open_corrupt);
  g_test_add_func ("/features/undo", test_undo);
  g_test_add_func ("/features/winner-and-statistics", test_winner_and_statistics);
  g_test_add_func ("/features/resume", test_resume);
  g_test_add_func ("/features/declare-as", test_declare_as);
  g_test_add_func ("/features/accessible-names", test_accessible_names);
  g_test_add_func ("/features/rules-page", test_rules_page);
  g_test_add_func ("/features/announced-moves", test_announced_moves);
  g_test_add_func ("/features/narrow", test_narrow);

  return g_test_run ();
}
