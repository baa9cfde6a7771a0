/* test-rule-status.c — the status line under the board names the rule
 * that limits the card picked (issue 23): a North Carolina Ten that must
 * be split, an Arizona Nine whose second part goes back, a Pegoo Joker
 * that may send an opponent home, a counted-out turn's free come-out
 * (NC-10); picked through the hand and the board as a person does.
 *
 * Set PJ_SCREENSHOT_DIR to keep PNGs of each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-board-view.h"
#include "pj-hand-view.h"
#include "pj-test-display.h"
#include "pj-test-window.h"
#include "pj-window.h"
#include "pj-window-private.h"

static gboolean
send_cb (PjGame         *game,
         const PjAction *action,
         const char     *text,
         gpointer        user_data,
         GError        **error)
{
  return TRUE;
}

/* Red's view of a position of four on a preset (hand-made lines, see
 * NOTATION in pj-notation.c), Red to move. */
static PjGame *
table_game (PjPreset    preset,
            const char *lines)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *text = NULL;
  PjState s;
  PjRules r;

  pj_rules_preset (&r, preset, 4);
  rules = pj_rules_to_string (&r);
  text = g_strdup_printf ("pegs-and-jokers position 1\nrules %s\n%s", rules, lines);
  g_assert_true (pj_position_from_string (&s, text, &error));
  g_assert_no_error (error);
  pj_state_redact (&s, 0);
  return pj_game_new_mirror (&s, 0, 0, send_cb, NULL, NULL);
}

static const char *
status_of (PjWindow *window)
{
  return gtk_label_get_label (window->prompt_label);
}

static void
pick_card (PjWindow *window,
           guint     rank)
{
  PjHandView *hand = pj_window_get_hand_view (window);

  for (guint i = 0; i < pj_hand_view_get_n_cards (hand); i++)
    if (PJ_CARD_RANK (pj_hand_view_get_card (hand, i)) == rank)
      {
        pj_hand_view_set_selected (hand, (int) i);
        return;
      }
  g_assert_not_reached ();
}

static void
pick_place (PjWindow *window,
            guint     colour,
            guint     pos)
{
  double x, y;

  g_assert_true (pj_board_view_get_place_point (pj_window_get_board_view (window), colour, pos, 0, &x, &y));
  g_assert_true (pj_board_view_pick_at (pj_window_get_board_view (window), x, y));
}

static void
shot (PjWindow   *window,
      const char *name)
{
  pj_test_wait (g_getenv ("PJ_SCREENSHOT_DIR") ? 300 : 0);
  pj_test_screenshot (GTK_WIDGET (window), name);
}

/* NC-8: the Ten is split over two pegs of any colour, either way */
static void
test_status_nc_ten (void)
{
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = table_game (PJ_PRESET_NORTH_CAROLINA,
                     "turn R 9\npegs R r10 s s s s\npegs B b5 s s s s\nhand R 10 3 4 5 6 9\n");
  window = pj_test_open_window (game, 1100, 800, PJ_TEST_STYLE_LIGHT);
  pick_card (window, 10);
  g_assert_cmpstr (status_of (window), ==,
                   "Split your Ten between two pegs of any colour, each part forward or back (North Carolina)");
  shot (window, "status-nc-ten.png");
  pick_place (window, 0, 10);
  pick_place (window, 0, 13);
  g_assert_cmpstr (status_of (window), ==,
                   "Move another peg 7 holes, forward or back, with the rest of your Ten (North Carolina)");
  shot (window, "status-nc-ten-rest.png");
  pj_test_close_window (window);
}

/* AZ-5: the rest of a split Nine goes back */
static void
test_status_az_nine (void)
{
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = table_game (PJ_PRESET_ARIZONA, "turn R 9\npegs R r2 r10 s s s\nhand R 9 3 4 5 6\n");
  window = pj_test_open_window (game, 1100, 800, PJ_TEST_STYLE_DARK);
  pick_card (window, 9);
  pick_place (window, 0, 10);
  pick_place (window, 0, 13);
  g_assert_cmpstr (status_of (window), ==, "Now move another peg 6 holes back with the rest of your Nine (Arizona)");
  shot (window, "status-az-nine.png");
  pj_test_close_window (window);
}

/* PG: the Joker goes to the in-spot or sends an opponent back */
static void
test_status_pegoo_joker (void)
{
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = table_game (PJ_PRESET_PEGOO, "turn R 9\npegs R r10 s s s s\npegs B b5 s s s s\nhand R JK 3 4 5 6 9\n");
  window = pj_test_open_window (game, 360, 760, PJ_TEST_STYLE_LIGHT);
  pick_card (window, PJ_CARD_JOKER);
  g_assert_cmpstr (status_of (window), ==,
                   "Move one of your pegs straight to its in-spot with your Joker, or send an opponent’s peg back to start (Pegoo)");
  shot (window, "status-pegoo-joker-360.png");
  pj_test_close_window (window);
}

/* NC-10: the turn after the counted ones, a card that cannot bring a peg
 * out: discarded, and a peg comes out for free (at 360 px, the longest of
 * the rule lines) */
static void
test_status_nc_count (void)
{
  g_autoptr (PjGame) game = NULL;
  PjWindow *window;

  if (!pj_test_init_display ())
    {
      g_test_skip ("no display");
      return;
    }
  game = table_game (PJ_PRESET_NORTH_CAROLINA, "turn R 9\nstuck R 2\nhand R K 5 3 4 6\n");
  window = pj_test_open_window (game, 360, 760, PJ_TEST_STYLE_DARK);
  pick_card (window, 5);
  g_assert_cmpstr (status_of (window), ==,
                   "No move for 2 turns: this card is discarded and a peg comes out of your start for free (North Carolina)");
  shot (window, "status-nc-count-360.png");
  pj_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rule-status/NC-8/ten", test_status_nc_ten);
  g_test_add_func ("/rule-status/AZ-5/nine", test_status_az_nine);
  g_test_add_func ("/rule-status/PG/joker", test_status_pegoo_joker);
  g_test_add_func ("/rule-status/NC-10/count", test_status_nc_count);

  return g_test_run ();
}
