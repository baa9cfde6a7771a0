/* test-ai.c — the computer players: always legal, honest, deterministic, and
 * able to see a win in one and an obvious danger.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai.h"

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
