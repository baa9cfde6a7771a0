/* pj-test-games.h — games the GUI tests start from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-game.h"

/* A game one computer move from its end, with a human on the winning team. */
G_GNUC_UNUSED static PjGame *
pj_test_nearly_over_game (void)
{
  g_autoptr (PjGame) full = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  PjRecord *record;
  PjState last;
  PjRules rules;
  guint n, human;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  full = pj_game_new (&rules, 31, -1);
  pj_game_set_delay (full, 0);
  for (guint i = 0; i < 4; i++)
    pj_game_set_controller (full, i, PJ_CONTROLLER_EASY);
  g_signal_connect_swapped (full, "game-over", G_CALLBACK (g_main_loop_quit), loop);
  pj_game_start (full);
  g_main_loop_run (loop);

  record = pj_game_get_record (full);
  n = pj_record_get_n_actions (record);
  pj_record_state_at (record, n - 1, &last);
  human = (last.actor + 2) % 4;   /* the partner of the last mover */
  pj_record_truncate (record, n - 1);
  pj_record_set_seat (record, human, "Ann", PJ_CONTROLLER_HUMAN);
  return pj_game_new_from_record (record);
}
