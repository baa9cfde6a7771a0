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
wilson (guint   wins,
        guint   n,
        double *lo,
        double *hi)
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
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static gboolean
parse_uint (const char *text,
            guint       min,
            guint       max,
            guint      *out)
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

typedef struct {
  const char *preset_name, *level_a, *level_b;
  guint players, teams, games, iterations, time_ms;
  guint64 seed;
  gboolean json, verbose, teams_given;
  /* what the names above stand for, once checked */
  PjPreset preset;
  PjAiLevel lv[2];
  PjRules rules;
} TournamentOptions;

typedef struct {
  guint wins[2], draws;    /* [0] team A, [1] team B */
  LevelTimes times[PJ_AI_N_LEVELS];
} TournamentResults;

typedef struct {
  double lo[2], hi[2];
  double med[PJ_AI_N_LEVELS], max[PJ_AI_N_LEVELS];
} TournamentFigures;

static void
print_usage (void)
{
  g_autoptr (GString) levels = g_string_new (NULL);

  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    g_string_append_printf (levels, "%s%s", l ? ", " : "", pj_ai_level_name ((PjAiLevel) l));
  g_print (usage, levels->str);
}

/* Returns -1 to go on, or the exit status: 0 after --help, 2 for a bad argument. */
static int
parse_arguments (TournamentOptions  *o,
                 int                 argc,
                 char              **argv)
{
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
          print_usage ();
          return 0;
        }
      else if (strcmp (arg, "--json") == 0)
        o->json = TRUE;
      else if (strcmp (arg, "--verbose") == 0)
        o->verbose = TRUE;
      else if (strcmp (arg, "--preset") == 0)
        {
          NEED_VALUE ();
          o->preset_name = val;
        }
      else if (strcmp (arg, "--team-a") == 0)
        {
          NEED_VALUE ();
          o->level_a = val;
        }
      else if (strcmp (arg, "--team-b") == 0)
        {
          NEED_VALUE ();
          o->level_b = val;
        }
      else if (strcmp (arg, "--players") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 4, 8, &o->players) || o->players % 2)
            {
              g_printerr ("tournament: --players must be 4, 6 or 8, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--teams") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 2, 4, &o->teams))
            {
              g_printerr ("tournament: --teams must be 2, 3 or 4, not “%s”\n", val);
              return 2;
            }
          o->teams_given = TRUE;
        }
      else if (strcmp (arg, "--games") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 1, 1000000, &o->games))
            {
              g_printerr ("tournament: --games must be a number from 1 to 1000000, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--iterations") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 1, 10000000, &o->iterations))
            {
              g_printerr ("tournament: --iterations must be a positive number, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--time-ms") == 0)
        {
          NEED_VALUE ();
          if (!parse_uint (val, 1, 3600000, &o->time_ms))
            {
              g_printerr ("tournament: --time-ms must be a positive number, not “%s”\n", val);
              return 2;
            }
        }
      else if (strcmp (arg, "--seed") == 0)
        {
          char *end = NULL;
          NEED_VALUE ();
          o->seed = g_ascii_strtoull (val, &end, 10);
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
  return -1;
}

/* Looks up the preset and levels and builds the rules; FALSE (with the
 * message printed) when they do not make a game. */
static gboolean
resolve_options (TournamentOptions *o)
{
  g_autoptr (GError) error = NULL;

  if (o->preset_name == NULL || o->players == 0 || o->level_a == NULL || o->level_b == NULL)
    {
      g_printerr ("tournament: --preset, --players, --team-a and --team-b are required (see --help)\n");
      return FALSE;
    }
  if (!pj_preset_lookup (o->preset_name, &o->preset))
    {
      g_printerr ("tournament: unknown preset “%s” (see --help)\n", o->preset_name);
      return FALSE;
    }
  if (!pj_ai_level_from_string (o->level_a, &o->lv[0]) || !pj_ai_level_from_string (o->level_b, &o->lv[1]))
    {
      g_printerr ("tournament: a level is easy, normal or hard, not “%s”\n",
                  pj_ai_level_from_string (o->level_a, &o->lv[0]) ? o->level_b : o->level_a);
      return FALSE;
    }
  pj_rules_preset (&o->rules, o->preset, o->players);
  o->rules.teams = (guint8) o->teams;
  if (o->teams_given && o->teams != 2 && o->teams != o->players / 2)
    {
      g_printerr ("tournament: %u players play as 2 teams or %u teams, not %u\n",
                  o->players, o->players / 2, o->teams);
      return FALSE;
    }
  if (!pj_rules_validate (&o->rules, &error))
    {
      g_printerr ("tournament: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static void
play_game (const TournamentOptions *o,
           PjAiBudget              *budget,
           guint                    g,
           TournamentResults       *res)
{
  const PjRules *rules = &o->rules;
  guint64 game_seed = pj_seed_mix (o->seed + g);
  guint a_team = g % 2;   /* team A's seats: team 0 in even games, team 1 in odd */
  PjState s;
  PjActionList list;
  guint decisions = 0;

  pj_action_list_init (&list);
  pj_state_new_game (&s, rules, game_seed, -1);
  while (!pj_state_is_over (&s) && decisions < MAX_DECISIONS)
    {
      guint side = pj_team_of (rules, s.actor) == a_team ? 0 : 1;
      PjAction a;
      gint64 t0, t1;

      pj_legal_actions (&s, &list);
      t0 = g_get_monotonic_time ();
      if (!pj_ai_choose (&s, o->lv[side], o->iterations || o->time_ms ? budget : NULL,
                         pj_seed_mix (game_seed ^ (decisions + 1)), &a))
        break;
      t1 = g_get_monotonic_time ();
      if (list.n > 1)
        {
          double ms = (t1 - t0) / 1000.0;
          g_array_append_val (res->times[o->lv[side]].ms, ms);
        }
      pj_state_apply (&s, &a);
      decisions++;
    }
  pj_action_list_clear (&list);
  if (!pj_state_is_over (&s))
    res->draws++;
  else
    res->wins[s.winner == a_team ? 0 : 1]++;
  if (o->verbose)
    g_printerr ("game %u/%u: %s (%u decisions, %u turns)\n", g + 1, o->games,
                !pj_state_is_over (&s) ? "draw" : s.winner == a_team ? "team A" : "team B",
                decisions, s.turn_number);
}

static void
compute_figures (const TournamentOptions *o,
                 TournamentResults       *res,
                 TournamentFigures       *fig)
{
  for (guint side = 0; side < 2; side++)
    wilson (res->wins[side], o->games, &fig->lo[side], &fig->hi[side]);
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    {
      GArray *ms = res->times[l].ms;
      if (ms->len == 0)
        continue;
      qsort (ms->data, ms->len, sizeof (double), cmp_double);
      fig->med[l] = ms->len % 2 ? g_array_index (ms, double, ms->len / 2)
                                : (g_array_index (ms, double, ms->len / 2 - 1) + g_array_index (ms, double, ms->len / 2)) / 2;
      fig->max[l] = g_array_index (ms, double, ms->len - 1);
    }
}

static void
append_figures_json (GString                 *out,
                     const TournamentOptions *o,
                     const TournamentResults *res,
                     const TournamentFigures *fig)
{
  gboolean any = FALSE;

  g_string_append_printf (out, "{\"preset\": \"%s\", \"players\": %u, \"teams\": %u, \"games\": %u, "
                          "\"seed\": %" G_GUINT64_FORMAT ", \"iterations\": %u, \"draws\": %u,\n \"sides\": [",
                          pj_preset_name (o->preset), o->players, o->teams, o->games, o->seed,
                          o->iterations ? o->iterations : pj_ai_default_iterations (&o->rules), res->draws);
  for (guint side = 0; side < 2; side++)
    g_string_append_printf (out, "%s\n  {\"name\": \"%s\", \"level\": \"%s\", \"wins\": %u, "
                            "\"win_rate\": %.4f, \"ci95\": [%.4f, %.4f]}",
                            side ? "," : "", side ? "B" : "A", pj_ai_level_name (o->lv[side]),
                            res->wins[side], (double) res->wins[side] / o->games, fig->lo[side], fig->hi[side]);
  g_string_append (out, "],\n \"ms_per_decision\": {");
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    if (res->times[l].ms->len)
      {
        g_string_append_printf (out, "%s\n  \"%s\": {\"decisions\": %u, \"median\": %.3f, \"max\": %.3f}",
                                any ? "," : "", pj_ai_level_name (l), res->times[l].ms->len,
                                fig->med[l], fig->max[l]);
        any = TRUE;
      }
  g_string_append (out, "}}\n");
}

static void
append_figures_text (GString                 *out,
                     const TournamentOptions *o,
                     const TournamentResults *res,
                     const TournamentFigures *fig)
{
  g_string_append_printf (out, "%s, %u players, %u teams: %u games, seed %" G_GUINT64_FORMAT,
                          pj_preset_name (o->preset), o->players, o->teams, o->games, o->seed);
  if (o->lv[0] == PJ_AI_HARD || o->lv[1] == PJ_AI_HARD)
    g_string_append_printf (out, ", hard: %u iterations",
                            o->iterations ? o->iterations : pj_ai_default_iterations (&o->rules));
  g_string_append_c (out, '\n');
  for (guint side = 0; side < 2; side++)
    g_string_append_printf (out, "team %c (%-6s) %5u wins  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n",
                            side ? 'B' : 'A', pj_ai_level_name (o->lv[side]), res->wins[side],
                            100.0 * res->wins[side] / o->games, 100.0 * fig->lo[side], 100.0 * fig->hi[side]);
  if (res->draws)
    g_string_append_printf (out, "draws %u\n", res->draws);
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    if (res->times[l].ms->len)
      g_string_append_printf (out, "%-6s ms/decision: median %.3f, max %.3f (%u decisions)\n",
                              pj_ai_level_name (l), fig->med[l], fig->max[l], res->times[l].ms->len);
}

static void
print_figures (const TournamentOptions *o,
               TournamentResults       *res)
{
  TournamentFigures fig = { { 0 } };
  GString *out = g_string_new (NULL);

  compute_figures (o, res, &fig);
  if (o->json)
    append_figures_json (out, o, res, &fig);
  else
    append_figures_text (out, o, res, &fig);
  g_print ("%s", out->str);
  g_string_free (out, TRUE);
}

int
pj_tournament_main (int    argc,
                    char **argv)
{
  TournamentOptions o = { 0 };
  TournamentResults res = { { 0 } };
  PjAiBudget budget = { 0 };
  int status;

  o.teams = 2;
  o.games = 10;
  o.seed = 1;
  status = parse_arguments (&o, argc, argv);
  if (status >= 0)
    return status;
  if (!resolve_options (&o))
    return 2;
  budget.iterations = o.iterations;
  budget.time_ms = o.time_ms;

  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    res.times[l].ms = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint g = 0; g < o.games; g++)
    play_game (&o, &budget, g, &res);
  print_figures (&o, &res);
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    g_array_free (res.times[l].ms, TRUE);
  return 0;
}
