/* pj-tournament.c — `pegs-and-jokers-cli tournament`: computer levels
 * against each other. Each deal is played twice with the sides' seats
 * exchanged, so neither side keeps the first move, a lucky seat or a lucky
 * hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-tournament.h"

#include "pj-ai.h"
#include "pj-ai-bluffer.h"
#include "pj-ai-reference.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DECISIONS 200000   /* a game this long is a draw (never seen in practice) */

/* A side's player: one of the app's levels, the frozen copy of the hard
 * player of before issue 14 or the exploiting bluffer of issue 24
 * (tournaments only, never offered by the app). */
#define LEVEL_REFERENCE PJ_AI_N_LEVELS
#define LEVEL_BLUFFER   (PJ_AI_N_LEVELS + 1)
#define N_LEVELS        (PJ_AI_N_LEVELS + 2)

/* Bluffing Joker challenge decisions by normal and hard, by the predicted
 * bluff chance in tenths */
#define N_CAL_BINS 10

/* Longest runs of turns by one player are counted exactly up to this. */
#define MAX_RUN_BIN 64

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

static const char *
level_name (guint level)
{
  return level == LEVEL_REFERENCE ? "reference"
         : level == LEVEL_BLUFFER ? "bluffer" : pj_ai_level_name ((PjAiLevel) level);
}

static gboolean
level_from_string (const char *name,
                   guint      *out)
{
  PjAiLevel level;

  if (g_strcmp0 (name, "reference") == 0)
    {
      *out = LEVEL_REFERENCE;
      return TRUE;
    }
  if (g_strcmp0 (name, "bluffer") == 0)
    {
      *out = LEVEL_BLUFFER;
      return TRUE;
    }
  if (!pj_ai_level_from_string (name, &level))
    return FALSE;
  *out = level;
  return TRUE;
}

/* the reference is the hard player of before issue 14: it searches too */
static gboolean
level_searches (guint level)
{
  if (level == LEVEL_BLUFFER)
    return FALSE;
  return level == LEVEL_REFERENCE || pj_ai_level_info ((PjAiLevel) level)->searches;
}

/* "easy, normal, hard, reference or bluffer": the levels' table, then the
 * tournament's own players */
static char *
level_choices (void)
{
  g_autofree char *levels = pj_ai_level_list ();

  return g_strdup_printf ("%s, reference or bluffer", levels);
}

static const char summary[] =
  "Plays computer levels (%s, reference, bluffer) against each other. Each\n"
  "deal is played twice: team A takes the seats of the odd-numbered teams (1, 3)\n"
  "in the first game and of the even-numbered ones in the second; team B takes\n"
  "the other seats. Prints each side's win rate with a 95%% Wilson interval,\n"
  "the time per decision (median, 95th percentile, max) of each level, counting\n"
  "decisions with more than one legal action, the game length in turns and the\n"
  "longest run of turns in a row by one player.\n"
  "\n"
  "Required: --preset, --players, --team-a and --team-b.";

typedef struct {
  GArray *ms;    /* double */
} LevelTimes;

typedef struct {
  const char *preset_name, *level_a, *level_b;
  guint players, teams, games, iterations, scaled_iterations, time_ms, threads;
  guint64 seed;
  gboolean json, verbose, teams_given;
  FILE *challenge_log;  /* --challenge-log, or NULL */
  /* what the names above stand for, once checked */
  PjPreset preset;
  guint lv[2];          /* PjAiLevel or LEVEL_REFERENCE */
  PjRules rules;
  PjAiBudget budget;
  gboolean use_budget;  /* FALSE: the app's default (NULL budget) */
} TournamentOptions;

typedef struct {
  guint wins[2], draws;    /* [0] team A, [1] team B */
  LevelTimes times[N_LEVELS];
  GArray *turns;           /* guint: turns of each game */
  guint run_games[MAX_RUN_BIN + 1];  /* games by their longest run (last bin: longer) */
  guint run_max;
  guint over_3[2];         /* games where a player of side A / B took > 3 turns in a row */
  guint cal_n[N_CAL_BINS], cal_bluffs[N_CAL_BINS];   /* decisions, of them bluffs */
  double cal_sum[N_CAL_BINS];                        /* predicted chances added up */
  guint challenges, right_challenges;
  double seconds, cpu_seconds;  /* the games' wall-clock and processor time (all threads) */
} TournamentResults;

typedef struct {
  double lo[2], hi[2];
  double med[N_LEVELS], p95[N_LEVELS], max[N_LEVELS];
  double turns_mean, run_mean;
  guint turns_min, turns_max, over_3;
} TournamentFigures;

/* The options as typed: every number is read as text and checked below, so
 * that a bad one gets the tournament's own message. */
typedef struct {
  char *preset, *team_a, *team_b;
  char *players, *teams, *games, *seed, *iterations, *scaled_iterations, *time_ms, *threads;
  char *challenge_log;
  gboolean json, verbose, list_presets, help;
} TournamentArgs;

static void
tournament_args_clear (TournamentArgs *a)
{
  g_free (a->preset);
  g_free (a->team_a);
  g_free (a->team_b);
  g_free (a->players);
  g_free (a->teams);
  g_free (a->games);
  g_free (a->seed);
  g_free (a->iterations);
  g_free (a->challenge_log);
  g_free (a->scaled_iterations);
  g_free (a->time_ms);
  g_free (a->threads);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TournamentArgs, tournament_args_clear)

/* The two mistakes GOption would word its own way: an unknown argument
 * and a value missing at the end. Returns the exit status 2 after the
 * message, or -1 when neither is there. */
static int
check_words (const GOptionEntry *entries,
             int                 argc,
             char              **argv)
{
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const GOptionEntry *e = NULL;

      if (strcmp (arg, "-h") == 0)
        continue;
      if (g_str_has_prefix (arg, "--"))
        for (const GOptionEntry *k = entries; k->long_name; k++)
          {
            gsize len = strlen (k->long_name);

            if (strncmp (arg + 2, k->long_name, len) == 0
                && (arg[2 + len] == '\0' || (arg[2 + len] == '=' && k->arg != G_OPTION_ARG_NONE)))
              e = k;
          }
      if (e == NULL)
        {
          g_printerr ("tournament: unknown argument “%s” (see --help)\n", arg);
          return 2;
        }
      if (e->arg != G_OPTION_ARG_NONE && strchr (arg, '=') == NULL)
        {
          if (i + 1 >= argc)
            {
              g_printerr ("tournament: %s needs a value\n", arg);
              return 2;
            }
          i++;
        }
    }
  return -1;
}

/* Returns -1 to go on, or the exit status: 0 after --help, 2 for a bad argument. */
static int
parse_arguments (TournamentOptions  *o,
                 TournamentArgs     *a,
                 int                 argc,
                 char              **argv)
{
  g_autofree char *choices = level_choices ();
  g_autofree char *levels = pj_ai_level_list ();
  g_autofree char *presets = pj_preset_list ();
  g_autofree char *preset_help = g_strdup_printf ("Rules preset: %s", presets);
  g_autofree char *level_b_help = g_strdup_printf ("Level of team B: %s; the reference is the hard "
                                                   "player as it was before issue 14, with the "
                                                   "same budget as hard", choices);
  g_autofree char *level_a_help = g_strdup_printf ("Level of team A: %s", choices);
  g_autofree char *about = g_strdup_printf (summary, levels);
  const GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &a->preset, preset_help, "NAME" },
    { "players", 0, 0, G_OPTION_ARG_STRING, &a->players, "4, 6 or 8", "N" },
    { "teams", 0, 0, G_OPTION_ARG_STRING, &a->teams,
      "2 (default), or players/2 (partners opposite)", "T" },
    { "team-a", 0, 0, G_OPTION_ARG_STRING, &a->team_a, level_a_help, "LEVEL" },
    { "team-b", 0, 0, G_OPTION_ARG_STRING, &a->team_b, level_b_help, "LEVEL" },
    { "games", 0, 0, G_OPTION_ARG_STRING, &a->games,
      "Number of games (default 10; even, so that every deal is played from both sides)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &a->seed, "Seed of the first deal (default 1)", "S" },
    { "iterations", 0, 0, G_OPTION_ARG_STRING, &a->iterations,
      "The searching levels' playouts per decision (default " G_STRINGIFY (PJ_AI_HARD_ITERATIONS)
      " at 4 players, fewer at bigger tables and with NC tens)", "N" },
    { "scaled-iterations", 0, 0, G_OPTION_ARG_STRING, &a->scaled_iterations,
      "N playouts at a 4-player basic table, and at other tables fewer in the same proportion "
      "as the default", "N" },
    { "time-ms", 0, 0, G_OPTION_ARG_STRING, &a->time_ms,
      "The searching levels' time limit per decision (without this and the iterations: the "
      "app's default, at most 900 ms)", "MS" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &a->threads,
      "Threads per searching decision, 1 or 2 (default: as many as cores, at most 2); needs an "
      "iteration or time budget", "N" },
    { "challenge-log", 0, 0, G_OPTION_ARG_FILENAME, &a->challenge_log,
      "Write every Bluffing Joker challenge decision of normal and hard to FILE, a line each "
      "(tools/fit-bluff-reading reads it)", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &a->json, "Print the results as JSON", NULL },
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &a->verbose,
      "Print each game's result to standard error", NULL },
    { "list-presets", 0, 0, G_OPTION_ARG_NONE, &a->list_presets,
      "Print the presets' names, one a line, and stop", NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &a->help, "Show help options", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  /* GOption takes out what it reads: a copy, so the caller's stays whole;
   * "--preset …" without the subcommand's name gets one in front */
  gboolean named = argc > 0 && argv[0] && (g_strcmp0 (argv[0], "tournament") == 0 || argv[0][0] != '-');
  g_autofree char **args = g_new0 (char *, argc + 2);
  int n = 0;
  int status;

  args[n++] = (char *) "tournament";
  for (int i = named ? 1 : 0; i < argc; i++)
    args[n++] = argv[i];
  status = check_words (entries, n, args);
  if (status >= 0)
    return status;

  g_set_prgname ("pegs-and-jokers-cli tournament");
  g_option_context_set_summary (context, about);
  /* --help returns here (the benchmark and the tests go on after it) */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &n, &args, &error))
    {
      g_printerr ("tournament: %s (see --help)\n", error->message);
      return 2;
    }
  if (a->help)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      g_print ("%s", help);
      return 0;
    }
  if (a->list_presets)
    {
      /* for scripts that go over every preset (tools/ai-results) */
      for (guint p = 0; p < PJ_N_PRESETS; p++)
        g_print ("%s\n", pj_preset_name ((PjPreset) p));
      return 0;
    }
  if (n > 1)
    {
      g_printerr ("tournament: unknown argument “%s” (see --help)\n", args[1]);
      return 2;
    }

  o->json = a->json;
  o->verbose = a->verbose;
  o->preset_name = a->preset;
  o->level_a = a->team_a;
  o->level_b = a->team_b;
  if (a->players && (!parse_uint (a->players, 4, 8, &o->players) || o->players % 2))
    {
      g_printerr ("tournament: --players must be 4, 6 or 8, not “%s”\n", a->players);
      return 2;
    }
  if (a->teams)
    {
      if (!parse_uint (a->teams, 2, 4, &o->teams))
        {
          g_printerr ("tournament: --teams must be 2, 3 or 4, not “%s”\n", a->teams);
          return 2;
        }
      o->teams_given = TRUE;
    }
  if (a->games && !parse_uint (a->games, 1, 1000000, &o->games))
    {
      g_printerr ("tournament: --games must be a number from 1 to 1000000, not “%s”\n", a->games);
      return 2;
    }
  if (a->iterations && !parse_uint (a->iterations, 1, 10000000, &o->iterations))
    {
      g_printerr ("tournament: --iterations must be a positive number, not “%s”\n", a->iterations);
      return 2;
    }
  if (a->scaled_iterations && !parse_uint (a->scaled_iterations, 1, 10000000, &o->scaled_iterations))
    {
      g_printerr ("tournament: --scaled-iterations must be a positive number, not “%s”\n",
                  a->scaled_iterations);
      return 2;
    }
  if (a->time_ms && !parse_uint (a->time_ms, 1, 3600000, &o->time_ms))
    {
      g_printerr ("tournament: --time-ms must be a positive number, not “%s”\n", a->time_ms);
      return 2;
    }
  if (a->threads && !parse_uint (a->threads, 1, 2, &o->threads))
    {
      g_printerr ("tournament: --threads must be 1 or 2, not “%s”\n", a->threads);
      return 2;
    }
  if (a->seed)
    {
      char *end = NULL;

      o->seed = g_ascii_strtoull (a->seed, &end, 10);
      if (!g_ascii_isdigit (a->seed[0]) || *end)
        {
          g_printerr ("tournament: --seed must be a number, not “%s”\n", a->seed);
          return 2;
        }
    }
  return -1;
}

/* Looks up the preset and levels and builds the rules and the budget; FALSE
 * (with the message printed) when they do not make a tournament. */
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
  if (!level_from_string (o->level_a, &o->lv[0]) || !level_from_string (o->level_b, &o->lv[1]))
    {
      g_autofree char *choices = level_choices ();

      g_printerr ("tournament: a level is %s, not “%s”\n", choices,
                  level_from_string (o->level_a, &o->lv[0]) ? o->level_b : o->level_a);
      return FALSE;
    }
  if (o->iterations && o->scaled_iterations)
    {
      g_printerr ("tournament: give --iterations or --scaled-iterations, not both\n");
      return FALSE;
    }
  if (o->threads && !o->iterations && !o->scaled_iterations && !o->time_ms)
    {
      g_printerr ("tournament: --threads needs --iterations, --scaled-iterations or --time-ms "
                  "(the app's default budget uses every core)\n");
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
  if (o->scaled_iterations)
    {
      PjRules basic4;
      guint64 n;

      /* the app's default shrinks at bigger tables and with NC tens to keep
       * decisions near the same time; a scaled budget keeps that proportion */
      pj_rules_preset (&basic4, PJ_PRESET_BASIC, 4);
      n = (guint64) o->scaled_iterations * pj_ai_default_iterations (&o->rules)
          / pj_ai_default_iterations (&basic4);
      o->iterations = (guint) MAX (n, 1u);
    }
  o->use_budget = o->iterations || o->time_ms;
  o->budget.iterations = o->iterations;
  o->budget.time_ms = o->time_ms;
  o->budget.threads = o->threads;
  return TRUE;
}

/* Team A's seats in game g: the teams of g's parity. With two teams that
 * is one team each; with three, A has two teams in one game of a deal and
 * one in the other, so equal levels still win half. */
static inline guint
side_of_seat (const TournamentOptions *o,
              guint                    g,
              guint                    seat)
{
  return pj_team_of (&o->rules, seat) % 2 == g % 2 ? 0 : 1;
}

static gboolean
choose (const TournamentOptions *o,
        guint                    level,
        const PjState           *s,
        guint64                  seed,
        PjAction                *out)
{
  const PjAiBudget *budget = o->use_budget ? &o->budget : NULL;

  if (level == LEVEL_REFERENCE)
    return pj_ai_choose_reference (s, budget, seed, out);
  if (level == LEVEL_BLUFFER)
    return pj_ai_choose_bluffer (s, out);
  return pj_ai_choose (s, (PjAiLevel) level, budget, seed, out, NULL);
}

static void
play_game (const TournamentOptions *o,
           guint                    g,
           TournamentResults       *res)
{
  const PjRules *rules = &o->rules;
  /* both games of a deal get the same cards, dealer and computer seeds */
  guint64 game_seed = pj_seed_mix (o->seed + g / 2);
  PjState s;
  PjActionList list;
  guint decisions = 0, run = 1, run_side_max[2] = { 0, 0 }, run_max, winner_side = 0;
  guint32 last_turn;

  pj_action_list_init (&list);
  pj_state_new_game (&s, rules, game_seed, -1);
  last_turn = s.turn_number;
  run_side_max[side_of_seat (o, g, s.turn)] = 1;
  while (!pj_state_is_over (&s) && decisions < MAX_DECISIONS)
    {
      guint side = side_of_seat (o, g, s.actor);
      guint seat = s.turn;
      PjAction a;
      gint64 t0, t1;

      pj_legal_actions (&s, &list);
      t0 = g_get_monotonic_time ();
      if (!choose (o, o->lv[side], &s, pj_seed_mix (game_seed ^ (decisions + 1)), &a))
        break;
      t1 = g_get_monotonic_time ();
      if (list.n > 1)
        {
          double ms = (t1 - t0) / 1000.0;
          g_array_append_val (res->times[o->lv[side]].ms, ms);
        }
      if (s.phase == PJ_PHASE_CHALLENGE
          && (o->lv[side] == PJ_AI_NORMAL || o->lv[side] == PJ_AI_HARD))
        {
          /* the calibration of the levels' one bluff estimate */
          PjAiBluffReading reading;
          double p = pj_ai_bluff_estimate (&s, &reading);
          gboolean bluff = s.pending.card != s.pending.declared;
          guint bin = MIN ((guint) (p * N_CAL_BINS), N_CAL_BINS - 1u);

          if (o->challenge_log)
            fprintf (o->challenge_log, "%s %s %d %d %u %.5f %.5f %.5f %.5f %u %u\n",
                     level_name (o->lv[side]), level_name (o->lv[side_of_seat (o, g, s.turn)]),
                     bluff, a.kind == PJ_ACTION_CHALLENGE, reading.cls, reading.rest, reading.habitual,
                     reading.habit, p, g, s.turn_number);

          res->cal_n[bin]++;
          res->cal_bluffs[bin] += bluff;
          res->cal_sum[bin] += p;
          if (a.kind == PJ_ACTION_CHALLENGE)
            {
              res->challenges++;
              res->right_challenges += bluff;
            }
        }
      pj_state_apply (&s, &a);
      decisions++;
      if (s.turn_number != last_turn && !pj_state_is_over (&s))
        {
          guint turn_side = side_of_seat (o, g, s.turn);

          /* a Bluffing Joker extra turn begins the same seat's turn again */
          run = s.turn == seat ? run + 1 : 1;
          run_side_max[turn_side] = MAX (run_side_max[turn_side], run);
          last_turn = s.turn_number;
        }
    }
  pj_action_list_clear (&list);

  run_max = MAX (run_side_max[0], run_side_max[1]);
  res->run_games[MIN (run_max, MAX_RUN_BIN)]++;
  res->run_max = MAX (res->run_max, run_max);
  for (guint side = 0; side < 2; side++)
    res->over_3[side] += run_side_max[side] > 3;
  g_array_append_val (res->turns, s.turn_number);
  if (!pj_state_is_over (&s))
    res->draws++;
  else
    {
      winner_side = s.winner % 2 == g % 2 ? 0 : 1;
      res->wins[winner_side]++;
    }
  if (o->verbose)
    g_printerr ("game %u/%u (deal %u): %s, %u decisions, %u turns, longest run %u\n",
                g + 1, o->games, g / 2 + 1,
                !pj_state_is_over (&s) ? "draw" : winner_side == 0 ? "team A" : "team B",
                decisions, s.turn_number, run_max);
}

static double
percentile (GArray *sorted,
            double  p)
{
  /* nearest rank */
  guint rank = (guint) ceil (p * sorted->len);

  return g_array_index (sorted, double, MAX (rank, 1u) - 1);
}

static void
compute_figures (const TournamentOptions *o,
                 TournamentResults       *res,
                 TournamentFigures       *fig)
{
  double turns_sum = 0, runs_sum = 0;

  for (guint side = 0; side < 2; side++)
    wilson (res->wins[side], o->games, &fig->lo[side], &fig->hi[side]);
  for (guint l = 0; l < N_LEVELS; l++)
    {
      GArray *ms = res->times[l].ms;
      if (ms->len == 0)
        continue;
      qsort (ms->data, ms->len, sizeof (double), cmp_double);
      fig->med[l] = ms->len % 2 ? g_array_index (ms, double, ms->len / 2)
                                : (g_array_index (ms, double, ms->len / 2 - 1) + g_array_index (ms, double, ms->len / 2)) / 2;
      fig->p95[l] = percentile (ms, 0.95);
      fig->max[l] = g_array_index (ms, double, ms->len - 1);
    }
  fig->turns_min = G_MAXUINT;
  for (guint i = 0; i < res->turns->len; i++)
    {
      guint t = g_array_index (res->turns, guint, i);
      turns_sum += t;
      fig->turns_min = MIN (fig->turns_min, t);
      fig->turns_max = MAX (fig->turns_max, t);
    }
  fig->turns_mean = turns_sum / MAX (res->turns->len, 1u);
  for (guint r = 0; r <= MAX_RUN_BIN; r++)
    {
      runs_sum += (double) r * res->run_games[r];
      if (r > 3)
        fig->over_3 += res->run_games[r];
    }
  fig->run_mean = runs_sum / MAX (res->turns->len, 1u);
}

static guint
calibration_decisions (const TournamentResults *res)
{
  guint n = 0;

  for (guint b = 0; b < N_CAL_BINS; b++)
    n += res->cal_n[b];
  return n;
}

static void
append_figures_json (GString                 *out,
                     const TournamentOptions *o,
                     const TournamentResults *res,
                     const TournamentFigures *fig)
{
  gboolean any = FALSE;

  g_string_append_printf (out, "{\"preset\": \"%s\", \"players\": %u, \"teams\": %u, \"games\": %u, "
                          "\"deals\": %u, \"seed\": %" G_GUINT64_FORMAT ", \"iterations\": %u, "
                          "\"time_ms\": %u, \"draws\": %u,\n \"sides\": [",
                          pj_preset_name (o->preset), o->players, o->teams, o->games, (o->games + 1) / 2,
                          o->seed, o->iterations ? o->iterations : pj_ai_default_iterations (&o->rules),
                          o->use_budget ? o->time_ms : 0, res->draws);
  for (guint side = 0; side < 2; side++)
    g_string_append_printf (out, "%s\n  {\"name\": \"%s\", \"level\": \"%s\", \"wins\": %u, "
                            "\"win_rate\": %.4f, \"ci95\": [%.4f, %.4f], \"runs_over_3\": %u}",
                            side ? "," : "", side ? "B" : "A", level_name (o->lv[side]),
                            res->wins[side], (double) res->wins[side] / o->games, fig->lo[side], fig->hi[side],
                            res->over_3[side]);
  g_string_append (out, "],\n \"ms_per_decision\": {");
  for (guint l = 0; l < N_LEVELS; l++)
    if (res->times[l].ms->len)
      {
        g_string_append_printf (out, "%s\n  \"%s\": {\"decisions\": %u, \"median\": %.3f, "
                                "\"p95\": %.3f, \"max\": %.3f}",
                                any ? "," : "", level_name (l), res->times[l].ms->len,
                                fig->med[l], fig->p95[l], fig->max[l]);
        any = TRUE;
      }
  g_string_append_printf (out, "},\n \"turns\": {\"mean\": %.2f, \"min\": %u, \"max\": %u},\n",
                          fig->turns_mean, fig->turns_min, fig->turns_max);
  g_string_append_printf (out, " \"seconds\": %.2f, \"cpu_seconds\": %.2f,\n", res->seconds, res->cpu_seconds);
  g_string_append_printf (out, " \"longest_run\": {\"mean\": %.3f, \"max\": %u, \"over_3\": %u, "
                          "\"over_3_rate\": %.4f, \"games\": {",
                          fig->run_mean, res->run_max, fig->over_3, (double) fig->over_3 / o->games);
  any = FALSE;
  for (guint r = 0; r <= MAX_RUN_BIN; r++)
    if (res->run_games[r])
      {
        g_string_append_printf (out, "%s\"%u%s\": %u", any ? ", " : "", r,
                                r == MAX_RUN_BIN ? "+" : "", res->run_games[r]);
        any = TRUE;
      }
  g_string_append (out, "}}");
  if (calibration_decisions (res))
    {
      g_string_append (out, ",\n \"calibration\": {\"bins\": [");
      any = FALSE;
      for (guint b = 0; b < N_CAL_BINS; b++)
        if (res->cal_n[b])
          {
            g_string_append_printf (out, "%s\n  {\"from\": %.1f, \"to\": %.1f, \"decisions\": %u, "
                                    "\"predicted\": %.4f, \"bluffs\": %.4f}",
                                    any ? "," : "", (double) b / N_CAL_BINS, (double) (b + 1) / N_CAL_BINS,
                                    res->cal_n[b], res->cal_sum[b] / res->cal_n[b],
                                    (double) res->cal_bluffs[b] / res->cal_n[b]);
            any = TRUE;
          }
      g_string_append_printf (out, "], \"challenges\": %u, \"right\": %u}", res->challenges,
                              res->right_challenges);
    }
  g_string_append (out, "}\n");
}

/* Bluffing Joker: predicted bluff chance against how often it was one */
static void
append_calibration_text (GString                 *out,
                         const TournamentResults *res)
{
  if (calibration_decisions (res) == 0)
    return;
  g_string_append_printf (out, "challenge decisions of normal and hard (%u), predicted vs actual bluffs:\n",
                          calibration_decisions (res));
  for (guint b = 0; b < N_CAL_BINS; b++)
    if (res->cal_n[b])
      g_string_append_printf (out, "  %3u-%3u %%: %6u decisions, predicted %5.1f%%, bluffs %5.1f%%\n",
                              b * 100 / N_CAL_BINS, (b + 1) * 100 / N_CAL_BINS, res->cal_n[b],
                              100.0 * res->cal_sum[b] / res->cal_n[b],
                              100.0 * res->cal_bluffs[b] / res->cal_n[b]);
  g_string_append_printf (out, "challenges: %u, right %u (%.1f%%)\n", res->challenges, res->right_challenges,
                          res->challenges ? 100.0 * res->right_challenges / res->challenges : 0.0);
}

static void
append_figures_text (GString                 *out,
                     const TournamentOptions *o,
                     const TournamentResults *res,
                     const TournamentFigures *fig)
{
  g_string_append_printf (out, "%s, %u players, %u teams: %u games (%u deals, seats swapped), seed %" G_GUINT64_FORMAT,
                          pj_preset_name (o->preset), o->players, o->teams, o->games, (o->games + 1) / 2, o->seed);
  if (level_searches (o->lv[0]) || level_searches (o->lv[1]))
    {
      if (!o->use_budget)
        g_string_append_printf (out, ", hard: the app's budget (%u iterations, at most 900 ms)",
                                pj_ai_default_iterations (&o->rules));
      else if (o->iterations)
        g_string_append_printf (out, ", hard: %u iterations", o->iterations);
      if (o->time_ms)
        g_string_append_printf (out, ", %u ms per decision at most", o->time_ms);
    }
  g_string_append_c (out, '\n');
  for (guint side = 0; side < 2; side++)
    g_string_append_printf (out, "team %c (%-9s) %5u wins  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n",
                            side ? 'B' : 'A', level_name (o->lv[side]), res->wins[side],
                            100.0 * res->wins[side] / o->games, 100.0 * fig->lo[side], 100.0 * fig->hi[side]);
  if (res->draws)
    g_string_append_printf (out, "draws %u\n", res->draws);
  for (guint l = 0; l < N_LEVELS; l++)
    if (res->times[l].ms->len)
      g_string_append_printf (out, "%-9s ms/decision: median %.3f, p95 %.3f, max %.3f (%u decisions)\n",
                              level_name (l), fig->med[l], fig->p95[l], fig->max[l], res->times[l].ms->len);
  g_string_append_printf (out, "game length: %.1f turns on average (%u to %u)\n",
                          fig->turns_mean, fig->turns_min, fig->turns_max);
  g_string_append_printf (out, "longest run of turns by one player: %.2f on average, max %u; "
                          "over 3 in %u games (%.1f%%: team A %u, team B %u)\n",
                          fig->run_mean, res->run_max, fig->over_3, 100.0 * fig->over_3 / o->games,
                          res->over_3[0], res->over_3[1]);
  g_string_append (out, "games by longest run:");
  for (guint r = 0; r <= MAX_RUN_BIN; r++)
    if (res->run_games[r])
      g_string_append_printf (out, " %u%s: %u", r, r == MAX_RUN_BIN ? "+" : "", res->run_games[r]);
  g_string_append_c (out, '\n');
  append_calibration_text (out, res);
  g_string_append_printf (out, "time: %.1f s (%.1f s of processor time)\n", res->seconds, res->cpu_seconds);
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
  g_auto (TournamentArgs) args = { 0 };
  int status;

  o.teams = 2;
  o.games = 10;
  o.seed = 1;
  status = parse_arguments (&o, &args, argc, argv);
  if (status >= 0)
    return status;
  if (!resolve_options (&o))
    return 2;
  status = 0;
  if (args.challenge_log)
    {
      o.challenge_log = fopen (args.challenge_log, "w");
      if (o.challenge_log == NULL)
        {
          int e = errno;

          g_printerr ("tournament: cannot write the challenge log “%s”: %s\n", args.challenge_log,
                      g_strerror (e));
          return 2;
        }
      fprintf (o.challenge_log, "# reader mover bluff challenged class rest habitual habit estimate game turn\n");
    }

  for (guint l = 0; l < N_LEVELS; l++)
    res.times[l].ms = g_array_new (FALSE, FALSE, sizeof (double));
  res.turns = g_array_new (FALSE, FALSE, sizeof (guint));
  {
    gint64 t0 = g_get_monotonic_time ();
    clock_t c0 = clock ();

    for (guint g = 0; g < o.games; g++)
      play_game (&o, g, &res);
    /* processor time does not depend on what else runs on the machine:
     * what tools/ai-results adds up to say what the whole table costs */
    res.cpu_seconds = (double) (clock () - c0) / CLOCKS_PER_SEC;
    res.seconds = (g_get_monotonic_time () - t0) / 1e6;
  }
  if (o.challenge_log && fclose (o.challenge_log) != 0)
    {
      g_printerr ("tournament: the challenge log “%s” was not written whole\n", args.challenge_log);
      status = 1;
    }
  print_figures (&o, &res);
  for (guint l = 0; l < N_LEVELS; l++)
    g_array_free (res.times[l].ms, TRUE);
  g_array_free (res.turns, TRUE);
  return status;
}
