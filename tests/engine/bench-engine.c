/* bench-engine.c — random-play throughput of the engine (a meson benchmark:
 * it prints figures and never fails on speed).
 *
 * For every preset and 4, 6 and 8 players: turns/s and games/s of random
 * legal play on one core, and the time pj_legal_actions() takes. For North
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
    /* generation alone, over a fixed set of positions replayed quickly */
    PjState s;
    guint reps = 0;
    double g0;

    pj_state_new_game (&s, &rules, 77, -1);
    g0 = now ();
    while (!pj_state_is_over (&s) && reps < 20000)
      {
        PjAction a;
        pj_legal_actions (&s, &list);
        pick (&s, &list, &rng, &a);
        pj_state_apply (&s, &a);
        reps++;
      }
    gen_time = (now () - g0) / reps;
    printf ("%-17s %up  %9.0f turns/s  %7.1f games/s  %6.0f turns/game  %6.1f actions/turn  %6.2f µs/turn\n",
            pj_preset_name (preset), players, turns / dt, games / dt, (double) turns / games,
            (double) actions / gen_calls, gen_time * 1e6);
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
  printf ("north-carolina 8p, hands with a ten: %u positions, %.0f actions on average (max %u), "
          "%.1f µs to generate on average (max %.1f µs)\n",
          samples, (double) total_actions / MAX (samples, 1), max_actions,
          total_time / MAX (samples, 1) * 1e6, max_time * 1e6);
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
  printf ("Random legal play on one core, %.1f s per case\n", budget);
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      bench_preset ((PjPreset) p, players, budget);
  bench_nc_tens ();
  return 0;
}
