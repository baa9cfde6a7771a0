/* test-layout.c — the window at every width: the board keeps its place
 * while a move is chosen, the side panel hides and shows (and the choice
 * is kept), and a window 360 px wide still reaches New Game, Hint and the
 * side panel with the whole hand in view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-board-view.h"
#include "pj-hand-view.h"
#include "pj-settings.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-window.h"
#include "pj-window-private.h"

/* what test-board-layout takes the board at 1100 × 760 to be */
#define BOARD_W 817
#define BOARD_H 571

/* A new game where seat 0 (human) plays first, with a card that
 * moves a peg. */
static PjGame *
game_with_a_move (guint     players,
                  PjAction *move)
{
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, players);
  for (guint64 seed = 1; seed < 500; seed++)
    {
      g_autoptr (PjGame) game = pj_game_new (&rules, seed, players - 1);
      const PjAction *legal;
      guint n;

      for (guint i = 1; i < players; i++)
        pj_game_set_controller (game, i, PJ_CONTROLLER_EASY);
      legal = pj_game_get_human_actions (game, &n);
      for (guint i = 0; i < n; i++)
        if (legal[i].kind == PJ_ACTION_MOVE && legal[i].n_steps == 1 && legal[i].card != PJ_CARD_JOKER)
          {
            *move = legal[i];
            return g_steal_pointer (&game);
          }
    }
  g_assert_not_reached ();
}

static PjWindow *
open_window (PjGame *game,
             int     width)
{
  PjWindow *window;

  pj_game_set_delay (game, 0);
  /* screenshots of the dark style: PJ_TEST_DARK=1 */
  window = pj_test_open_window (game, width, 760, pj_test_style (g_getenv ("PJ_TEST_DARK") != NULL));
  /* the narrow layout settles in an idle after the first allocation */
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  return window;
}

typedef struct {
  PjWindow *window;
  float     width;
} BoardWait;

/* The board is wider than w->width (the side panel's room is its own). */
static gboolean
board_wider (gpointer data)
{
  BoardWait *w = data;
  graphene_rect_t bounds;

  return gtk_widget_compute_bounds (GTK_WIDGET (pj_window_get_board_view (w->window)), GTK_WIDGET (w->window), &bounds) &&
         bounds.size.width > w->width;
}

static gboolean
sidebar_shown (gpointer data)
{
  PjWindow *window = data;

  return pj_side_panel_get_show_sidebar (window->side_panel) && gtk_widget_get_mapped (window->sidebar_box);
}

static gboolean
sidebar_hidden (gpointer data)
{
  PjWindow *window = data;

  return !pj_side_panel_get_show_sidebar (window->side_panel);
}

static gboolean
cancel_shown (gpointer data)
{
  return gtk_widget_get_mapped (((PjWindow *) data)->cancel_button);
}

static gboolean
cancel_gone (gpointer data)
{
  return !gtk_widget_get_mapped (((PjWindow *) data)->cancel_button);
}

static void
board_bounds (PjWindow        *window,
              graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (pj_window_get_board_view (window)),
                                            GTK_WIDGET (window), bounds));
}

static void
assert_same_bounds (const graphene_rect_t *a,
                    const graphene_rect_t *b)
{
  g_assert_cmpfloat (a->origin.x, ==, b->origin.x);
  g_assert_cmpfloat (a->origin.y, ==, b->origin.y);
  g_assert_cmpfloat (a->size.width, ==, b->size.width);
  g_assert_cmpfloat (a->size.height, ==, b->size.height);
}

/* Picking a card brings Cancel (and maybe Discard) and a new prompt;
 * picking the peg another prompt; cancelling takes them away. The board
 * stays where it was throughout. */
static void
board_still (guint       players,
             int         width,
             const char *shot)
{
  g_autoptr (PjGame) game = NULL;
  graphene_rect_t before, now;
  PjWindow *window;
  PjBoardView *board;
  PjHandView *hand;
  PjAction move;
  double x, y;
  int card_index = -1;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = game_with_a_move (players, &move);
  window = open_window (game, width);
  board = pj_window_get_board_view (window);
  hand = pj_window_get_hand_view (window);
  board_bounds (window, &before);
  g_test_message ("board %.0f × %.0f at %d px, the row under it %d, the hand %d", before.size.width,
                  before.size.height, width, gtk_widget_get_height (window->action_box),
                  gtk_widget_get_height (GTK_WIDGET (pj_window_get_hand_view (window))));
  if (width >= 1100)
    {
      g_assert_cmpfloat (before.size.width, >=, BOARD_W);
      g_assert_cmpfloat (before.size.height, >=, BOARD_H);
    }

  for (guint i = 0; i < pj_hand_view_get_n_cards (hand) && card_index < 0; i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == move.card)
      card_index = (int) i;
  g_assert_cmpint (card_index, >=, 0);
  pj_hand_view_set_selected (hand, card_index);
  g_assert_true (pj_test_run_until (cancel_shown, window, 3000));
  /* laid out again with the button: did the board move? */
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  board_bounds (window, &now);
  assert_same_bounds (&before, &now);

  g_assert_true (pj_board_view_get_place_point (board, PJ_PEG_COLOUR (move.steps[0].peg), move.steps[0].from,
                                                PJ_PEG_INDEX (move.steps[0].peg), &x, &y));
  g_assert_true (pj_board_view_pick_at (board, x, y));
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  board_bounds (window, &now);
  assert_same_bounds (&before, &now);
  pj_test_screenshot (GTK_WIDGET (window), shot);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-move", NULL));
  g_assert_true (pj_test_run_until (cancel_gone, window, 3000));
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));
  board_bounds (window, &now);
  assert_same_bounds (&before, &now);

  pj_test_close_window (window);
}

static void
test_board_still_4 (void)
{
  board_still (4, 1100, "layout-4-picking.png");
}

static void
test_board_still_6 (void)
{
  board_still (6, 1100, "layout-6-picking.png");
}

static void
test_board_still_8 (void)
{
  board_still (8, 1100, "layout-8-picking.png");
}

static void
test_board_still_narrow (void)
{
  board_still (6, 360, "layout-6-narrow-picking.png");
}

/* F9 (and the header's toggle) hides the side panel, the board takes the
 * room, and the next window remembers. */
static void
test_side_panel (void)
{
  g_autoptr (PjGame) game = NULL;
  g_autoptr (GSettings) settings = pj_settings_new ();
  graphene_rect_t shown, hidden;
  PjWindow *window;
  PjAction move;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  g_assert_nonnull (settings);
  g_settings_set_boolean (settings, "show-side-panel", TRUE);

  game = game_with_a_move (8, &move);
  window = open_window (game, 1100);
  g_assert_true (gtk_widget_get_mapped (window->side_panel_button));
  g_assert_true (gtk_widget_get_mapped (window->sidebar_box));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->side_panel_button)));
  board_bounds (window, &shown);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL);
  /* the panel slides away: the board has its room once it is gone */
  g_assert_true (pj_test_run_until (board_wider, &(BoardWait) { window, shown.size.width + 200 }, 5000));
  g_assert_false (pj_side_panel_get_show_sidebar (window->side_panel));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->side_panel_button)));
  g_assert_false (g_settings_get_boolean (settings, "show-side-panel"));
  board_bounds (window, &hidden);
  g_assert_cmpfloat (hidden.size.width, >, shown.size.width + 200);
  pj_test_screenshot (GTK_WIDGET (window), "layout-8-no-panel.png");
  pj_test_close_window (window);

  /* a new window opens as the last was left */
  window = open_window (game, 1100);
  g_assert_false (pj_side_panel_get_show_sidebar (window->side_panel));
  g_assert_true (gtk_widget_activate (window->side_panel_button));
  g_assert_true (pj_test_run_until (sidebar_shown, window, 5000));
  g_assert_true (g_settings_get_boolean (settings, "show-side-panel"));
  pj_test_close_window (window);
}

/* Whether a menu (or a section or submenu in it) has an item for the
 * action. */
static gboolean
menu_has_action (GMenuModel *menu,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GMenuLinkIter) links = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        return TRUE;
      links = g_menu_model_iterate_item_links (menu, i);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr (GMenuModel) link = g_menu_link_iter_get_value (links);

          if (menu_has_action (link, action))
            return TRUE;
        }
    }
  return FALSE;
}

static GtkMenuButton *
find_primary_menu (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return GTK_MENU_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_primary_menu (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Reachable: its button is on screen, or the primary menu (on screen)
 * has it; and the action can be taken now. */
static void
assert_reachable (PjWindow   *window,
                  GtkWidget  *button,
                  const char *action)
{
  GtkMenuButton *menu = find_primary_menu (GTK_WIDGET (window));

  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (menu)));
  g_assert_true (gtk_widget_get_mapped (button) ||
                 menu_has_action (gtk_menu_button_get_menu_model (menu), action));
}

/* 360 px wide: the window fits, New Game, Hint and the side panel are
 * reachable, and the whole hand is in view. */
static void
test_narrow (void)
{
  g_autoptr (PjGame) game = NULL;
  GtkAdjustment *scroll;
  PjWindow *window;
  PjAction move;
  int min_width, natural;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }

  game = game_with_a_move (6, &move);
  window = open_window (game, 360);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &natural, NULL, NULL);
  g_test_message ("window: at least %d px wide", min_width);
  g_assert_cmpint (min_width, <=, 360);
  g_assert_true (pj_window_get_compact (window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);

  assert_reachable (window, window->new_game_button, "win.new-game");
  assert_reachable (window, window->hint_button, "win.hint");
  /* it is the human's turn: a hint can be asked for (a disabled action
   * leaves its button insensitive, shown or not) */
  g_assert_true (gtk_widget_get_sensitive (window->hint_button));
  g_assert_true (gtk_widget_get_sensitive (window->new_game_button));

  /* the side panel: folded away, over the board on demand */
  g_assert_true (pj_side_panel_get_collapsed (window->side_panel));
  g_assert_false (gtk_widget_get_child_visible (window->sidebar_box) && pj_side_panel_get_show_sidebar (window->side_panel));
  g_assert_true (gtk_widget_get_mapped (window->side_panel_button));
  g_assert_true (gtk_widget_activate (window->side_panel_button));
  g_assert_true (pj_test_run_until (sidebar_shown, window, 5000));
  pj_test_screenshot (GTK_WIDGET (window), "layout-narrow-panel.png");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL);
  g_assert_true (pj_test_run_until (sidebar_hidden, window, 5000));
  /* and the hand laid out again without it */
  g_assert_true (pj_test_run_frames (GTK_WIDGET (window)));

  /* every card in view: the hand does not scroll */
  scroll = gtk_scrolled_window_get_hadjustment (
    GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (pj_window_get_hand_view (window)), GTK_TYPE_SCROLLED_WINDOW)));
  g_test_message ("hand: %.0f of %.0f px", gtk_adjustment_get_upper (scroll), gtk_adjustment_get_page_size (scroll));
  g_assert_cmpfloat (gtk_adjustment_get_upper (scroll), <=, gtk_adjustment_get_page_size (scroll));
  pj_test_screenshot (GTK_WIDGET (window), "layout-narrow.png");

  pj_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("PJ_TEST_LOCALEDIR");
  const char *language = g_getenv ("LANGUAGE");

  g_test_init (&argc, &argv, NULL);
  /* screenshots in a language: LANGUAGE=fa PJ_TEST_LOCALEDIR=<build>/po */
  if (localedir != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      if (language != NULL && g_str_has_prefix (language, "fa"))
        gtk_widget_set_default_direction (GTK_TEXT_DIR_RTL);
    }

  g_test_add_func ("/layout/board-still-4", test_board_still_4);
  g_test_add_func ("/layout/board-still-6", test_board_still_6);
  g_test_add_func ("/layout/board-still-8", test_board_still_8);
  g_test_add_func ("/layout/board-still-narrow", test_board_still_narrow);
  g_test_add_func ("/layout/side-panel", test_side_panel);
  g_test_add_func ("/layout/narrow", test_narrow);

  return g_test_run ();
}
