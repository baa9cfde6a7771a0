/* pj-tournament.h — computer levels against each other (the CLI's
 * `tournament` subcommand and the tournament benchmark)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `pegs-and-jokers-cli tournament …`: the whole subcommand (parses its own
 * arguments, prints results); returns the exit status (2 for bad arguments). */
int pj_tournament_main (int argc, char **argv);

G_END_DECLS
