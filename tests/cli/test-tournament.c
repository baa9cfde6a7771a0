/* test-tournament.c — the tournament runner's arguments and output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-tournament.h"

static int
run_tournament (const char *args)
{
  g_auto (GStrv) argv = g_strsplit (args, " ", -1);
  return pj_tournament_main ((int) g_strv_length (argv), argv);
}

static void
test_tournament_arguments (void)
{
  if (g_test_subprocess ())
    {
      g_assert_cmpint (run_tournament ("tournament --preset basic --players 5 --team-a easy --team-b easy"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --preset nope --players 4 --team-a easy --team-b easy"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --preset basic --players 4 --team-a no-such-level --team-b easy"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --preset basic --players 4 --team-a easy"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --preset basic --players 6 --teams 4 --team-a easy --team-b easy"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --games"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --bogus"), ==, 2);
      g_assert_cmpint (run_tournament ("tournament --help"), ==, 0);
      g_assert_cmpint (run_tournament ("tournament --preset basic --players 4 --team-a normal "
                                       "--team-b easy --games 2 --seed 3 --json"), ==, 0);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*--players must be 4, 6 or 8*unknown preset*");
  g_test_trap_assert_stdout ("*Usage:*\"win_rate\"*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/tournament/arguments", test_tournament_arguments);
  return g_test_run ();
}
