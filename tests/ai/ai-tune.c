/* ai-tune.c — tunes the evaluation's weights (src/ai/pj-ai-weights.txt) by
 * self-play: simultaneous perturbation stochastic approximation (SPSA,
 * Spall 1992). Each step perturbs every weight at once by ±c (in units of
 * the weight's own scale), plays the normal player with the weights moved
 * one way against itself with them moved the other way — every deal twice
 * with the seats exchanged, on a round of tables — and moves the weights
 * along the difference of the wins. Normal games take about a millisecond, so
 * a few hundred thousand games fit in minutes. Deterministic from --seed.
 *
 *   ai-tune [--steps N] [--games G] [--seed S] [--start FILE] > weights.txt
 *   ai-tune --compare FILE [--games G]   FILE's weights against the players'
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  PjPreset preset;
  guint    players;
} Table;

static const Table tables[] = {
  { PJ_PRESET_BASIC, 4 },
  { PJ_PRESET_BASIC, 6 },
  { PJ_PRESET_NORTH_CAROLINA, 4 },
  { PJ_PRESET_ARIZONA, 4 },
  { PJ_PRESET_BASIC, 8 },
  { PJ_PRESET_WIZARD_WOODWORKS, 4 },
  { PJ_PRESET_PEGOO, 4 },
  { PJ_PRESET_BLUFFING_JOKER, 4 },
};

#define MAX_DECISIONS 20000

/* 1: the team with weights `a` won, 0: the other, 0.5: no end */
static double
play (const PjRules     *rules,
      guint64            seed,
      gboolean           a_even,
      const PjAiWeights *a,
      const PjAiWeights *b)
{
  PjState s;

  pj_state_new_game (&s, rules, seed, -1);
  for (guint d = 0; d < MAX_DECISIONS && !pj_state_is_over (&s); d++)
    {
      gboolean is_a = (pj_team_of (rules, s.actor) % 2 == 0) == a_even;
      PjAction act;

      if (!pj_ai_choose_normal_weighted (&s, is_a ? a : b, &act))
        break;
      pj_state_apply (&s, &act);
    }
  if (!pj_state_is_over (&s))
    return 0.5;
  return (pj_team_of (rules, s.winner) % 2 == 0) == a_even ? 1.0 : 0.0;
}

typedef struct {
  const PjAiWeights *a, *b;
  guint64 seed;
  guint   deals;
  guint   first, step;
  double  score;
} Match;

static gpointer
run_match (gpointer data)
{
  Match *m = data;

  m->score = 0;
  for (guint k = m->first; k < m->deals; k += m->step)
    {
      const Table *t = &tables[k % G_N_ELEMENTS (tables)];
      PjRules rules;
      guint64 seed = pj_seed_mix (m->seed + k);

      pj_rules_preset (&rules, t->preset, t->players);
      m->score += play (&rules, seed, TRUE, m->a, m->b) + play (&rules, seed, FALSE, m->a, m->b);
    }
  return NULL;
}

/* a's share of the points over `deals` deals (each played twice) */
static double
match (const PjAiWeights *a,
       const PjAiWeights *b,
       guint64            seed,
       guint              deals)
{
  Match m[2];
  GThread *th;

  for (guint t = 0; t < 2; t++)
    m[t] = (Match) { a, b, seed, deals, t, 2, 0 };
  th = g_thread_new ("ai-tune", run_match, &m[1]);
  run_match (&m[0]);
  g_thread_join (th);
  return (m[0].score + m[1].score) / (2.0 * deals);
}

static double *
wv (PjAiWeights *w)
{
  return (double *) w;
}

static gboolean
load (const char  *path,
      PjAiWeights *w,
      GError     **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  *w = pj_ai_weights_default;
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  lines = g_strsplit (text, "\n", -1);
  for (guint n = 0; lines[n]; n++)
    {
      char name[64];
      double value;
      guint i;

      if (lines[n][0] == '#' || g_strstrip (lines[n])[0] == '\0')
        continue;
      if (sscanf (lines[n], "%63s %lf", name, &value) != 2)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: expected “name number”", path, n + 1);
          return FALSE;
        }
      for (i = 0; i < PJ_AI_N_WEIGHTS && strcmp (pj_ai_weight_names[i], name) != 0; i++)
        ;
      if (i == PJ_AI_N_WEIGHTS)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: no weight is called “%s”", path, n + 1, name);
          return FALSE;
        }
      wv (w)[i] = value;
    }
  return TRUE;
}

static void
print_weights (const PjAiWeights *w,
               const char        *comment)
{
  PjAiWeights *mw = (PjAiWeights *) w;

  g_print ("# Weights of the computer players' evaluation (src/ai/pj-ai-weights.h),\n"
           "# in holes of progress. Written by tests/ai/ai-tune; the build compiles them in.\n"
           "# %s\n", comment);
  for (guint i = 0; i < PJ_AI_N_WEIGHTS; i++)
    g_print ("%s %.4g\n", pj_ai_weight_names[i], wv (mw)[i]);
}

static void
compare (const PjAiWeights *w,
         guint              deals,
         guint64            seed)
{
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      double pts = 0;
      PjRules rules;
      guint n = 2 * deals;

      pj_rules_preset (&rules, tables[t].preset, tables[t].players);
      for (guint k = 0; k < deals; k++)
        {
          guint64 s = pj_seed_mix (seed + 7919 * t + k);
          pts += play (&rules, s, TRUE, w, &pj_ai_weights_default) + play (&rules, s, FALSE, w, &pj_ai_weights_default);
        }
      {
        double p = pts / n, z = 1.96, den = 1 + z * z / n;
        double mid = (p + z * z / (2 * n)) / den, half = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / den;

        g_print ("%s %up: %.1f %% [%.1f, %.1f] of %u games\n", pj_preset_name (tables[t].preset),
                 tables[t].players, 100 * p, 100 * (mid - half), 100 * (mid + half), n);
      }
    }
}

int
main (int   argc,
      char *argv[])
{
  guint steps = 300, deals = 200;
  guint64 seed = 1;
  const char *start = NULL, *cmp = NULL;
  PjAiWeights theta = pj_ai_weights_default, scale;
  g_autoptr (GError) error = NULL;
  double c0 = 0.2, a0 = 0.6;

  for (int i = 1; i < argc; i++)
    {
      if (i + 1 < argc && strcmp (argv[i], "--steps") == 0)
        steps = atoi (argv[++i]);
      else if (i + 1 < argc && strcmp (argv[i], "--games") == 0)
        {
          int g = atoi (argv[++i]);
          deals = MAX (g / 2, 1);
        }
      else if (i + 1 < argc && strcmp (argv[i], "--seed") == 0)
        seed = g_ascii_strtoull (argv[++i], NULL, 10);
      else if (i + 1 < argc && strcmp (argv[i], "--start") == 0)
        start = argv[++i];
      else if (i + 1 < argc && strcmp (argv[i], "--compare") == 0)
        cmp = argv[++i];
      else
        {
          g_printerr ("usage: ai-tune [--steps N] [--games G] [--seed S] [--start FILE]\n"
                      "       ai-tune --compare FILE [--games G] [--seed S]\n");
          return 2;
        }
    }
  if ((start || cmp) && !load (start ? start : cmp, &theta, &error))
    {
      g_printerr ("ai-tune: %s\n", error->message);
      return 1;
    }
  if (cmp)
    {
      compare (&theta, deals, seed);
      return 0;
    }

  for (guint i = 0; i < PJ_AI_N_WEIGHTS; i++)
    wv (&scale)[i] = MAX (fabs (wv ((PjAiWeights *) &pj_ai_weights_default)[i]), 0.5);

  for (guint k = 1; k <= steps; k++)
    {
      double ck = c0 / pow (k, 0.101), ak = a0 / pow (k + steps / 10.0, 0.602);
      PjAiWeights plus = theta, minus = theta;
      double delta[PJ_AI_N_WEIGHTS], y;
      PjRng rng;

      pj_rng_seed (&rng, pj_seed_mix (seed * 1000003u + k));
      for (guint i = 0; i < PJ_AI_N_WEIGHTS; i++)
        {
          delta[i] = pj_rng_below (&rng, 2) ? 1.0 : -1.0;
          wv (&plus)[i] += ck * delta[i] * wv (&scale)[i];
          wv (&minus)[i] -= ck * delta[i] * wv (&scale)[i];
        }
      y = 2 * match (&plus, &minus, pj_seed_mix (seed ^ (k * 0x9e3779b97f4a7c15ull)), deals) - 1;
      for (guint i = 0; i < PJ_AI_N_WEIGHTS; i++)
        {
          double def = wv ((PjAiWeights *) &pj_ai_weights_default)[i];
          double *x = &wv (&theta)[i];

          *x += ak * y / (2 * ck * delta[i]) * wv (&scale)[i];
          /* a weight keeps its sign, within three times its scale */
          *x = def < 0 ? CLAMP (*x, -3 * wv (&scale)[i], 0) : CLAMP (*x, 0, 3 * wv (&scale)[i]);
        }
      if (k % 10 == 0)
        {
          g_printerr ("step %u: y %+.3f", k, y);
          for (guint i = 0; i < PJ_AI_N_WEIGHTS; i++)
            g_printerr (" %.3g", wv (&theta)[i]);
          g_printerr ("\n");
        }
    }
  {
    g_autofree char *what = g_strdup_printf ("ai-tune --steps %u --games %u --seed %" G_GUINT64_FORMAT "%s%s",
                                             steps, deals * 2, seed, start ? " --start " : "", start ? start : "");
    print_weights (&theta, what);
  }
  return 0;
}
