/* test-rng.c — the engine's random numbers and seed mixer
 *
 * Saved games replay from their seed, and the computer players and the
 * tournament derive seeds with pj_seed_mix(): these numbers may never change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"

#define GAMMA G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)

static void
test_seed_mix_is_splitmix64 (void)
{
  /* the published splitmix64 outputs for the state 0 */
  g_assert_cmphex (pj_seed_mix (0), ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (pj_seed_mix (GAMMA), ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (pj_seed_mix (2 * GAMMA), ==, G_GUINT64_CONSTANT (0x06c45d188009454f));
}

static void
test_rng_seeded_by_seed_mix (void)
{
  const guint64 seeds[] = { 0, 1, 42, G_MAXUINT64 };

  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      PjRng rng;

      pj_rng_seed (&rng, seeds[i]);
      g_assert_cmphex (rng.s[0], ==, pj_seed_mix (seeds[i]));
      g_assert_cmphex (rng.s[1], ==, pj_seed_mix (seeds[i] + GAMMA));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rng/seed-mix/splitmix64", test_seed_mix_is_splitmix64);
  g_test_add_func ("/rng/seed/through-seed-mix", test_rng_seeded_by_seed_mix);
  return g_test_run ();
}
