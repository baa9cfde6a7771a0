/* pj-cli.h — shared pieces of pegs-and-jokers-cli's subcommands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-engine.h"

G_BEGIN_DECLS

#define PJ_CLI_NAME "pegs-and-jokers-cli"

/* Exit statuses: 0 success, 1 the command failed (bad file, illegal action,
 * errors found), 2 the command line was wrong. */
enum {
  PJ_CLI_OK = 0,
  PJ_CLI_FAILED = 1,
  PJ_CLI_USAGE = 2,
};

/* Print "pegs-and-jokers-cli SUB: message" on one line to stderr; returns status. */
int  pj_cli_fail (const char *sub, int status, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* Set up a GOptionContext for a subcommand, parse, and on a bad argument print
 * one line and return FALSE (the caller exits 2). --help exits 0 by itself. */
gboolean pj_cli_parse (const char *sub, const char *parameters, const char *summary,
                       const char *description, const GOptionEntry *entries,
                       int *argc, char ***argv);

/* Rules from --preset, --players, --teams and --option key=value. */
gboolean pj_cli_build_rules (const char *preset, int players, const char *teams,
                             char **options, PjRules *out, GError **error);

/* "a, b, c" (a list of names typed as they are) as "a, b or c", translated. */
char *pj_cli_or_list (const char *list);
/* The --preset option's help, from the presets' table. */
char *pj_cli_preset_help (void);

/* "team 1 (Red, Yellow)" */
char *pj_cli_team_label (const PjRules *rules, guint team);

/* A seat from a colour letter ("R"), a colour name or a 0-based number; -1 if none. */
int  pj_cli_parse_seat (guint players, const char *text);

int pj_cli_simulate (int argc, char **argv);
int pj_cli_review (int argc, char **argv);

G_END_DECLS
