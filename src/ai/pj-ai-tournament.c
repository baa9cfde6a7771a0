/* pj-ai-tournament.c — placeholder until the computer players land
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai.h"

int
pj_ai_tournament_main (int argc, char **argv)
{
  g_printerr ("tournament: computer players are not built yet\n");
  return 2;
}
