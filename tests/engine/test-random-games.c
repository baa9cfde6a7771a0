/* test-random-games.c — property test: seeded random games of every preset,
 * player count and team layout end with a winner and never break an invariant.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"

typedef struct {
  PjPreset preset;
  guint players;
  guint teams;
  guint games;
} Case;

static void
play_games (gconstpointer data)
{
  const Case *c = data;
  PjRules rules;
  PjActionList list;
  PjRng pick;
  guint64 total_turns = 0;

  pj_rules_preset (&rules, c->preset, c->players);
  rules.teams = (guint8) c->teams;
  g_assert_true (pj_rules_validate (&rules, NULL));
  pj_action_list_init (&list);
  pj_rng_seed (&pick, 4242 + c->players * 10 + c->teams + c->preset * 100);

  for (guint game = 0; game < c->games; game++)
    {
      PjState s;
      guint actions = 0;

      pj_state_new_game (&s, &rules, 1000 + game, -1);
      while (!pj_state_is_over (&s))
        {
          g_autoptr (GError) error = NULL;
          PjAction a;

          pj_legal_actions (&s, &list);
          g_assert_cmpuint (list.n, >, 0);
          /* Bluffing Joker: uniform random challenges make games nearly endless */
          if (s.phase == PJ_PHASE_CHALLENGE)
            a = list.v[pj_rng_double (&pick) < 0.1 ? 0 : 1];
          else
            a = list.v[pj_rng_below (&pick, list.n)];
          pj_state_apply (&s, &a);
          if (!pj_state_check (&s, &error))
            {
              g_autofree char *pos = pj_position_to_string (&s);
              g_printerr ("%s\n", pos);
              g_assert_no_error (error);
            }
          actions++;
          g_assert_cmpuint (actions, <, 200000);
        }
      g_assert_cmpuint (s.winner, <, rules.teams);
      total_turns += s.turn_number;
    }
  g_test_message ("%s %u players %u teams: %u games, %.0f turns/game",
                  pj_preset_name (c->preset), c->players, c->teams, c->games,
                  (double) total_turns / c->games);
  pj_action_list_clear (&list);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      for (guint layout = 0; layout < 2; layout++)
        {
          Case *c;
          char *path;

          if (layout == 1 && players / 2 == 2)
            continue;   /* 4 players: both layouts are two teams of two */
          c = g_new0 (Case, 1);
          c->preset = (PjPreset) p;
          c->players = players;
          c->teams = layout == 0 ? 2 : players / 2;
          c->games = g_test_slow () ? 1000 : (p == PJ_PRESET_NORTH_CAROLINA ? 60 : 200) / (players / 2);
          path = g_strdup_printf ("/random-games/%s/%up-%ut", pj_preset_name (c->preset),
                                  players, c->teams);
          g_test_add_data_func_full (path, c, play_games, g_free);
          g_free (path);
        }
  return g_test_run ();
}
