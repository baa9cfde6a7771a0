/* pj-tournament.c — `pegs-and-jokers-cli tournament`: computer levels
 * against each other, seats swapped every other game so neither side keeps
 * the first move or a lucky seat.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-tournament.h"

#include "pj-ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DECISIONS 200000   /* a game this long is a draw (never seen in practice) */

/* Wilson score interval, 95 % */
static void
wilson (guint wins, guint n, double *lo, double *hi)
{
  const double z = 1.959964;
  double p, denom, centre, half;

  if (n == 0)
    {
      *lo = 0;
      *hi = 1;
      return;
    }
  p = (double) wins / n;
  denom = 1 + z * z / n;
  centre = (p + z * z / (2.0 * n)) / denom;
  half = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / denom;
  *lo = MAX (0.0, centre - half);
  *hi = MIN (1.0, centre + half);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static gboolean
parse_uint (const char *text, guint min, guint max, guint *out)
{
  char *end = NULL;
  guint64 v;

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return FALSE;
  v = g_ascii_strtoull (text, &end, 10);
  if (*end || v < min || v > max)
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

static const char usage[] =
  "Usage: pegs-and-jokers-cli tournament --preset NAME --players N [--teams T]\n"
  "         --team-a LEVEL --team-b LEVEL --games N --seed S [--iterations N]\n"
  "         [--time-ms MS] [--json] [--verbose]\n"
  "\n"
  "Plays computer levels (%s) against each other. Team A takes\n"
  "team 1's seats in even games and team 2's in odd games; team B takes every\n"
  "other seat. Prints each side's win rate with a 95%% Wilson interval and the\n"
  "time per decision (median and max) of each level, counting decisions with\n"
  "more than one legal action.\n"
  "\n"
  "  --preset NAME      basic, arizona, north-carolina, pegoo, wizard-woodworks,\n"
  "                     alaska, kilpatrick, bluffing-joker\n"
  "  --players N        4, 6 or 8\n"
  "  --teams T          2 (default), or players/2 (partners opposite)\n"
  "  --team-a LEVEL     level of team A\n"
  "  --team-b LEVEL     level of team B\n"
  "  --games N          number of games (default 10)\n"
  "  --seed S           seed of the first game (default 1)\n"
  "  --iterations N     the hard level's playouts per decision (default "
  G_STRINGIFY (PJ_AI_HARD_ITERATIONS) " at\n"
  "                     4 players, fewer at bigger tables and with NC tens)\n"
  "  --time-ms MS       the hard level's time limit per decision (without this\n"
  "                     and --iterations: the app's default, at most 900 ms)\n"
  "  --json             print the results as JSON\n"
  "  --verbose          print each game's result to standard error\n";

typedef struct {
  GArray *ms;    /* double */
} LevelTimes;

int
pj_tournament_main (int argc, char **argv)
{
  const char *preset_name = NULL, *level_a = NULL, *level_b = NULL;
  guint players = 0, teams = 2, games = 10, iterations = 0, time_ms = 0;
  guint64 seed = 1;
  gboolean json = FALSE, verbose = FALSE, teams_given = FALSE;
  PjPreset preset;
  PjAiLevel lv[2];
  PjRules rules;
  PjAiBudget budget = { 0 };
  guint wins[2] = { 0, 0 }, draws = 0;
  LevelTimes times[PJ_AI_N_LEVELS];
  g_autoptr (GError) error = NULL;
  int first = 1;

  /* accept both "tournament --preset …" and "--preset …" */
  if (argc > 0 && argv[0] && g_strcmp0 (argv[0], "tournament") != 0 && argv[0][0] == '-')
    first = 0;
  for (int i = first; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;

#define NEED_VALUE() G_STMT_START { if (val == NULL) { \
        g_printerr ("tournament: %s needs a value\n", arg); return 2; } i++; } G_STMT_END
      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          g_autoptr (GString) levels = g_string_new (NULL);

          for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
            g_string_append_printf (levels, "%s%s", l ? ", " : "", pj_ai_level_name ((PjAiLevel) l));
          g_print (usage, levels->str);
          return 0;
        }
      else if (strcmp (arg, "--json") == 0)
        json = TRUE;
      else if (strcmp (arg, "--verbose") == 0)
        verbose = TRUE;
      else if (strcmp (arg, "--preset") == 0)
        {
          NEED_VALUE ();
          preset_name = val;
        }
      else if (strcmp (arg, "--team-a") == 0)
        {
          NEED_VALUE ();
          level_a = val;
        }
      else if (strcmp (arg, "--team-b") == 0)
        {
          NEED_VALUE ();
          level_b = val;
        }
      else if (strcmp (arg, "--players") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 4, 8, &players) || players % 2)
            {
              g_printerr ("tournament: --players must be 4, 6 or 8, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--teams") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 2, 4, &teams))
            {
              g_printerr ("tournament: --teams must be 2, 3 or 4, not “%s”\n", val);
              return 2;
            }
          teams_given = TRUE;
        }
      else if (strcmp (arg, "--games") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 1, 1000000, &games))
            {
              g_printerr ("tournament: --games must be a number from 1 to 1000000, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--iterations") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 1, 10000000, &iterations))
            {
              g_printerr ("tournament: --iterations must be a positive number, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--time-ms") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 1, 3600000, &time_ms))
            {
              g_printerr ("tournament: --time-ms must be a positive number, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--seed") == 0)
        {
          char *end = NULL;
          NEED_VALUE ();
          seed = g_ascii_strtoull (val, &end, 10);
          if (!g_ascii_isdigit (val[0]) || *end)
            {
              g_printerr ("tournament: --seed must be a number, not “%s”\n", val);
              return 2;
            }
        }
      else
        {
          g_printerr ("tournament: unknown argument “%s” (see --help)\n", arg);
          return 2;
        }
#undef NEED_VALUE
    }

  if (preset_name == NULL || players == 0 || level_a == NULL || level_b == NULL)
    {
      g_printerr ("tournament: --preset, --players, --team-a and --team-b are required (see --help)\n");
      return 2;
    }
  if (!pj_preset_lookup (preset_name, &preset))
    {
      g_printerr ("tournament: unknown preset “%s” (see --help)\n", preset_name);
      return 2;
    }
  if (!pj_ai_level_from_string (level_a, &lv[0]) || !pj_ai_level_from_string (level_b, &lv[1]))
    {
      g_printerr ("tournament: a level is easy, normal or hard, not “%s”\n",
                  pj_ai_level_from_string (level_a, &lv[0]) ? level_b : level_a);
      return 2;
    }
  pj_rules_preset (&rules, preset, players);
  rules.teams = (guint8) teams;
  if (teams_given && teams != 2 && teams != players / 2)
    {
      g_printerr ("tournament: %u players play as 2 teams or %u teams, not %u\n", players, players / 2, teams);
      return 2;
    }
  if (!pj_rules_validate (&rules, &error))
    {
      g_printerr ("tournament: %s\n", error->message);
      return 2;
    }
  budget.iterations = iterations;
  budget.time_ms = time_ms;

  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    times[l].ms = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint g = 0; g < games; g++)
    {
      guint64 game_seed = pj_seed_mix (seed + g);
      guint a_team = g % 2;   /* team A's seats: team 0 in even games, team 1 in odd */
      PjState s;
      PjActionList list;
      guint decisions = 0;

      pj_action_list_init (&list);
      pj_state_new_game (&s, &rules, game_seed, -1);
      while (!pj_state_is_over (&s) && decisions < MAX_DECISIONS)
        {
          guint side = pj_team_of (&rules, s.actor) == a_team ? 0 : 1;
          PjAction a;
          gint64 t0, t1;

          pj_legal_actions (&s, &list);
          t0 = g_get_monotonic_time ();
          if (!pj_ai_choose (&s, lv[side], iterations || time_ms ? &budget : NULL, pj_seed_mix (game_seed ^ (decisions + 1)), &a))
            break;
          t1 = g_get_monotonic_time ();
          if (list.n > 1)
            {
              double ms = (t1 - t0) / 1000.0;
              g_array_append_val (times[lv[side]].ms, ms);
            }
          pj_state_apply (&s, &a);
          decisions++;
        }
      pj_action_list_clear (&list);
      if (!pj_state_is_over (&s))
        draws++;
      else
        wins[s.winner == a_team ? 0 : 1]++;
      if (verbose)
        g_printerr ("game %u/%u: %s (%u decisions, %u turns)\n", g + 1, games,
                    !pj_state_is_over (&s) ? "draw" : s.winner == a_team ? "team A" : "team B",
                    decisions, s.turn_number);
    }

  {
    double lo[2], hi[2];
    double med[PJ_AI_N_LEVELS] = { 0 }, max[PJ_AI_N_LEVELS] = { 0 };
    GString *out = g_string_new (NULL);

    for (guint side = 0; side < 2; side++)
      wilson (wins[side], games, &lo[side], &hi[side]);
    for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
      {
        GArray *ms = times[l].ms;
        if (ms->len == 0)
          continue;
        qsort (ms->data, ms->len, sizeof (double), cmp_double);
        med[l] = ms->len % 2 ? g_array_index (ms, double, ms->len / 2)
                             : (g_array_index (ms, double, ms->len / 2 - 1) + g_array_index (ms, double, ms->len / 2)) / 2;
        max[l] = g_array_index (ms, double, ms->len - 1);
      }

    if (json)
      {
        g_string_append_printf (out, "{\"preset\": \"%s\", \"players\": %u, \"teams\": %u, \"games\": %u, "
                                "\"seed\": %" G_GUINT64_FORMAT ", \"iterations\": %u, \"draws\": %u,\n \"sides\": [",
                                pj_preset_name (preset), players, teams, games, seed,
                                iterations ? iterations : pj_ai_default_iterations (&rules), draws);
        for (guint side = 0; side < 2; side++)
          g_string_append_printf (out, "%s\n  {\"name\": \"%s\", \"level\": \"%s\", \"wins\": %u, "
                                  "\"win_rate\": %.4f, \"ci95\": [%.4f, %.4f]}",
                                  side ? "," : "", side ? "B" : "A", pj_ai_level_name (lv[side]),
                                  wins[side], (double) wins[side] / games, lo[side], hi[side]);
        g_string_append (out, "],\n \"ms_per_decision\": {");
        {
          gboolean any = FALSE;
          for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
            if (times[l].ms->len)
              {
                g_string_append_printf (out, "%s\n  \"%s\": {\"decisions\": %u, \"median\": %.3f, \"max\": %.3f}",
                                        any ? "," : "", pj_ai_level_name (l), times[l].ms->len, med[l], max[l]);
                any = TRUE;
              }
        }
        g_string_append (out, "}}\n");
      }
    else
      {
        g_string_append_printf (out, "%s, %u players, %u teams: %u games, seed %" G_GUINT64_FORMAT,
                                pj_preset_name (preset), players, teams, games, seed);
        if (lv[0] == PJ_AI_HARD || lv[1] == PJ_AI_HARD)
          g_string_append_printf (out, ", hard: %u iterations", iterations ? iterations : pj_ai_default_iterations (&rules));
        g_string_append_c (out, '\n');
        for (guint side = 0; side < 2; side++)
          g_string_append_printf (out, "team %c (%-6s) %5u wins  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n",
                                  side ? 'B' : 'A', pj_ai_level_name (lv[side]), wins[side],
                                  100.0 * wins[side] / games, 100.0 * lo[side], 100.0 * hi[side]);
        if (draws)
          g_string_append_printf (out, "draws %u\n", draws);
        for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
          if (times[l].ms->len)
            g_string_append_printf (out, "%-6s ms/decision: median %.3f, max %.3f (%u decisions)\n",
                                    pj_ai_level_name (l), med[l], max[l], times[l].ms->len);
      }
    g_print ("%s", out->str);
    g_string_free (out, TRUE);
  }
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    g_array_free (times[l].ms, TRUE);
  return 0;
}
