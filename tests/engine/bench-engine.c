/* bench-engine.c — random-play throughput of the engine (a meson benchmark:
 * it prints figures and never fails on speed).
 *
 * For every preset and 4, 6 and 8 players: turns/s and games/s of random
 * legal play on one core, and the time pj_legal_actions() takes per turn
 * (one position's whole list) and per action listed. For North
 * Carolina, whose split tens generate the most actions, also the time to
 * generate the actions of a hand holding a ten at 8 players.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"

#include <stdio.h>
#include <stdlib.h>

static double
now (void)
{
  return (double) g_get_monotonic_time () / 1e6;
}

/* Random legal play; Bluffing Joker challenges are rare so games end. */
static void
pick (const PjState      *s,
      const PjActionList *l,
      PjRng              *rng,
      PjAction           *out)
{
  if (s->phase == PJ_PHASE_CHALLENGE)
    *out = l->v[pj_rng_double (rng) < 0.1 ? 0 : 1];
  else
    *out = l->v[pj_rng_below (rng, l->n)];
}

static void
bench_preset (PjPreset preset,
              guint    players,
              double   budget_s)
{
  PjRules rules;
  PjActionList list;
  PjRng rng;
  guint64 turns = 0, actions = 0, gen_calls = 0;
  guint games = 0;
  double start = now (), gen_time = 0;

  pj_rules_preset (&rules, preset, players);
  pj_action_list_init (&list);
  pj_rng_seed (&rng, 99);
  while (now () - start < budget_s || games == 0)
    {
      PjState s;

      pj_state_new_game (&s, &rules, 5000 + games, -1);
      while (!pj_state_is_over (&s))
        {
          PjAction a;

          pj_legal_actions (&s, &list);
          gen_calls++;
          actions += list.n;
          pick (&s, &list, &rng, &a);
          pj_state_apply (&s, &a);
        }
      turns += s.turn_number;
      games++;
    }
  {
    double dt = now () - start;
    /* generation alone, timed call by call over one game's positions */
    PjState s;
    guint reps = 0;
    guint64 listed = 0;

    pj_state_new_game (&s, &rules, 77, -1);
    gen_time = 0;
    while (!pj_state_is_over (&s) && reps < 20000)
      {
        PjAction a;
        double g0 = now ();

        pj_legal_actions (&s, &list);
        gen_time += now () - g0;
        listed += list.n;
        pick (&s, &list, &rng, &a);
        pj_state_apply (&s, &a);
        reps++;
      }
    printf ("%-17s %2up %11.0f %9.1f %9.0f %9.1f %12.2f %13.1f\n",
            pj_preset_name (preset), players, turns / dt, games / dt, (double) turns / games,
            (double) actions / gen_calls, gen_time / reps * 1e6, gen_time / MAX (listed, 1) * 1e9);
  }
  pj_action_list_clear (&list);
}

/* NC-8: how long generating every action of a hand with a ten takes at 8 players. */
static void
bench_nc_tens (void)
{
  PjRules rules;
  PjActionList list;
  PjRng rng;
  guint samples = 0;
  guint64 total_actions = 0;
  guint max_actions = 0;
  double total_time = 0, max_time = 0;

  pj_rules_preset (&rules, PJ_PRESET_NORTH_CAROLINA, 8);
  pj_action_list_init (&list);
  pj_rng_seed (&rng, 3);
  for (guint game = 0; game < 10; game++)
    {
      PjState s;

      pj_state_new_game (&s, &rules, 900 + game, -1);
      while (!pj_state_is_over (&s))
        {
          PjAction a;
          gboolean has_ten = FALSE;
          double t0;

          for (guint k = 0; k < s.hand_count[s.turn]; k++)
            has_ten |= s.hand[s.turn][k] == 10;
          t0 = now ();
          pj_legal_actions (&s, &list);
          if (has_ten && s.phase == PJ_PHASE_PLAY)
            {
              double dt = now () - t0;
              samples++;
              total_time += dt;
              total_actions += list.n;
              max_time = MAX (max_time, dt);
              max_actions = MAX (max_actions, list.n);
            }
          pick (&s, &list, &rng, &a);
          pj_state_apply (&s, &a);
        }
    }
  printf ("\nnorth-carolina 8p, hands with a ten: %u positions, %.0f actions listed per position "
          "on average (max %u); generating one position's list: %.1f µs on average (max %.1f µs), "
          "%.1f ns per listed action\n",
          samples, (double) total_actions / MAX (samples, 1), max_actions,
          total_time / MAX (samples, 1) * 1e6, max_time * 1e6,
          total_time / MAX (total_actions, 1) * 1e9);
  pj_action_list_clear (&list);
}

int
main (int    argc,
      char **argv)
{
  double budget = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 1.0;

  if (budget <= 0 || budget > 60)
    {
      fprintf (stderr, "usage: bench-engine [SECONDS-PER-CASE (0 < s <= 60)]\n");
      return 2;
    }
  printf ("Random legal play on one core, %.1f s per case.\n"
          "turns/s, games/s: whole random games (list, choose, play); a turn is one\n"
          "player's play. listed/pos: legal actions listed per position. gen µs/turn:\n"
          "pj_legal_actions() alone per position; gen ns/action: the same per listed action.\n\n",
          budget);
  printf ("%-17s %3s %11s %9s %9s %9s %12s %13s\n", "preset", "", "turns/s", "games/s",
          "turns/game", "listed/pos", "gen µs/turn", "gen ns/action");
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      bench_preset ((PjPreset) p, players, budget);
  bench_nc_tens ();
  return 0;
}
