/* bench-runs.c — turns in a row and game length of all-computer games
 *
 * Bluffing Joker hands out extra turns (a wrong challenge against a player
 * with no peg in play, a caught bluff of one): a level that challenges
 * carelessly lets one player move many times in a row. For every pairing of
 * levels this plays seeded games of a preset (default bluffing-joker) and of
 * basic with the same seeds, and prints the distribution of the longest run
 * of turns one player took in each game and the average game length.
 *
 *   bench-runs [--preset NAME] [--games N] [--iterations K] [--seed S]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai.h"

#include <stdlib.h>

#define MAX_DECISIONS 20000
#define MAX_RUN_BIN   8       /* runs of 8 or more share the last column */

typedef struct {
  guint games, finished;
  guint64 turns;              /* summed over finished games */
  guint max_run_hist[MAX_RUN_BIN + 1];
  guint runs_over_3;          /* runs of more than 3 turns, all games */
  guint longest;
} Figures;

static void
play (const PjRules *rules,
      PjAiLevel      lv[2],
      guint64        seed,
      guint          iterations,
      Figures       *f)
{
  PjAiBudget budget = { .iterations = iterations, .threads = 1 };
  PjState s;
  guint decisions = 0, run = 0, max_run = 0, last_seat = G_MAXUINT;
  guint32 last_turn = 0;

  pj_state_new_game (&s, rules, seed, -1);
  while (!pj_state_is_over (&s) && decisions < MAX_DECISIONS)
    {
      PjAction a;

      if (s.turn_number != last_turn)
        {
          /* a new turn begins: the same seat again is a run */
          last_turn = s.turn_number;
          if (s.turn == last_seat)
            run++;
          else
            {
              if (run > 3)
                f->runs_over_3++;
              run = 1;
              last_seat = s.turn;
            }
          max_run = MAX (max_run, run);
        }
      if (!pj_ai_choose (&s, lv[pj_team_of (rules, s.actor) % 2], &budget,
                         pj_seed_mix (seed ^ (decisions + 1)), &a, NULL))
        break;
      pj_state_apply (&s, &a);
      decisions++;
    }
  if (run > 3)
    f->runs_over_3++;
  f->games++;
  f->max_run_hist[MIN (max_run, (guint) MAX_RUN_BIN)]++;
  f->longest = MAX (f->longest, max_run);
  if (pj_state_is_over (&s))
    {
      f->finished++;
      f->turns += s.turn_number;
    }
}

static void
print_row (const char    *preset,
           PjAiLevel      lv[2],
           const Figures *f)
{
  g_autoptr (GString) hist = g_string_new (NULL);

  for (guint k = 1; k <= MAX_RUN_BIN; k++)
    g_string_append_printf (hist, " %4u", f->max_run_hist[k]);
  g_print ("%-16s %-6s %-6s %5u %7.1f %s   %5u %6u\n", preset, pj_ai_level_name (lv[0]),
           pj_ai_level_name (lv[1]), f->games,
           f->finished ? (double) f->turns / f->finished : 0.0, hist->str, f->runs_over_3,
           f->longest);
}

int
main (int    argc,
      char **argv)
{
  const char *preset_name = "bluffing-joker";
  guint games = 4, iterations = 100;
  guint64 seed = 1;
  PjPreset preset = PJ_N_PRESETS;
  const PjAiLevel pairs[][2] = {
    { PJ_AI_EASY, PJ_AI_EASY }, { PJ_AI_NORMAL, PJ_AI_NORMAL }, { PJ_AI_HARD, PJ_AI_HARD },
    { PJ_AI_EASY, PJ_AI_NORMAL }, { PJ_AI_EASY, PJ_AI_HARD }, { PJ_AI_NORMAL, PJ_AI_HARD },
  };

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (g_str_equal (argv[i], "--preset"))
        preset_name = argv[i + 1];
      else if (g_str_equal (argv[i], "--games"))
        games = (guint) atoi (argv[i + 1]);
      else if (g_str_equal (argv[i], "--iterations"))
        iterations = (guint) atoi (argv[i + 1]);
      else if (g_str_equal (argv[i], "--seed"))
        seed = g_ascii_strtoull (argv[i + 1], NULL, 10);
      else
        {
          g_printerr ("bench-runs: unknown option %s\n", argv[i]);
          return 2;
        }
    }
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    if (g_str_equal (pj_preset_name (p), preset_name))
      preset = p;
  if (preset == PJ_N_PRESETS || games == 0)
    {
      g_printerr ("bench-runs: no preset called %s, or no games\n", preset_name);
      return 2;
    }

  g_print ("4 players, %u games per row, seeds from %" G_GUINT64_FORMAT ", hard %u iterations\n"
           "max run: games whose longest run of one player's turns was 1, 2, ... 8+ turns\n\n",
           games, seed, iterations);
  g_print ("%-16s %-6s %-6s %5s %7s %s   %5s %6s\n", "preset", "team1", "team2", "games",
           "turns", "max run 1    2    3    4    5    6    7   8+", ">3", "max");
  for (guint k = 0; k < G_N_ELEMENTS (pairs); k++)
    {
      PjAiLevel lv[2] = { pairs[k][0], pairs[k][1] };
      PjPreset both[2] = { preset, PJ_PRESET_BASIC };

      for (guint b = 0; b < (preset == PJ_PRESET_BASIC ? 1u : 2u); b++)
        {
          PjRules rules;
          Figures f = { 0 };

          pj_rules_preset (&rules, both[b], 4);
          for (guint g = 0; g < games; g++)
            {
              /* seat-swapped: the pairing plays both team layouts */
              PjAiLevel sw[2] = { lv[g % 2], lv[1 - g % 2] };
              play (&rules, sw, pj_seed_mix (seed + g), iterations, &f);
            }
          print_row (pj_preset_name (both[b]), lv, &f);
        }
    }
  return 0;
}
