/* bench-tournament.c — a short tournament for `meson benchmark`, or any
 * tournament with the arguments given (the same as the CLI's subcommand).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-tournament.h"

int
main (int    argc,
      char **argv)
{
  if (argc > 1)
    return pj_tournament_main (argc - 1, argv + 1);
  else
    {
      char *args[] = { "tournament", "--preset", "basic", "--players", "4",
                       "--team-a", "hard", "--team-b", "normal", "--games", "4",
                       "--seed", "1", NULL };
      return pj_tournament_main (G_N_ELEMENTS (args) - 1, args);
    }
}
