/* bench-ai.c — the hard player's decision times at every table, with the
 * app's default budget (as a seat of the app plays it: default iterations,
 * 900 ms at most, up to two threads).
 *
 * The positions are fixed: every few decisions of all-computer games (the
 * normal level plays them, which is fast) from fixed seeds, counting only
 * decisions with more than one legal action. Issue 14 asks for a median of
 * at most 150 ms and a max of at most 600 ms at every table; this prints
 * the figures and never fails on them (times depend on the machine).
 *
 * The milliseconds are wall-clock time, what a person waits; on a busy
 * machine they stretch, so the processor time per decision (all threads) is
 * printed beside them: on an idle machine the wait is about that divided by
 * the threads.
 *
 * Usage: bench-ai [--positions N] [--table PATTERN] [--reference]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai.h"
#include "pj-ai-reference.h"
#include "../bench-util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STRIDE        7      /* every 7th decision of a game, to spread over its phases */
#define CAP_MS        900.0  /* the app's time limit per decision */
#define TARGET_MEDIAN 150.0
#define TARGET_MAX    600.0

typedef struct {
  const char *name;
  PjPreset preset;
  guint players;
} Table;

static const Table tables[] = {
  { "basic 4p", PJ_PRESET_BASIC, 4 },
  { "basic 6p", PJ_PRESET_BASIC, 6 },
  { "basic 8p", PJ_PRESET_BASIC, 8 },
  { "north-carolina 4p", PJ_PRESET_NORTH_CAROLINA, 4 },
  { "north-carolina 6p", PJ_PRESET_NORTH_CAROLINA, 6 },
  { "north-carolina 8p", PJ_PRESET_NORTH_CAROLINA, 8 },
  { "arizona 4p", PJ_PRESET_ARIZONA, 4 },
  { "arizona 8p", PJ_PRESET_ARIZONA, 8 },
  { "pegoo 4p", PJ_PRESET_PEGOO, 4 },
  { "wizard-woodworks 4p", PJ_PRESET_WIZARD_WOODWORKS, 4 },
  { "alaska 4p", PJ_PRESET_ALASKA, 4 },
  { "kilpatrick 4p", PJ_PRESET_KILPATRICK, 4 },
  { "bluffing-joker 4p", PJ_PRESET_BLUFFING_JOKER, 4 },
  { "bluffing-joker 8p", PJ_PRESET_BLUFFING_JOKER, 8 },
};

/* The table's fixed positions: decisions of normal-level games. */
static GArray *
collect_positions (const PjRules *rules,
                   guint          wanted)
{
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (PjState));
  PjActionList list;

  pj_action_list_init (&list);
  for (guint64 game = 1; positions->len < wanted && game < 1000; game++)
    {
      PjState s;
      guint decisions = 0;

      pj_state_new_game (&s, rules, pj_seed_mix (game), -1);
      /* a few positions from each game, from its start to its end */
      while (!pj_state_is_over (&s) && positions->len < wanted && decisions < 100000)
        {
          PjAction a;

          pj_legal_actions (&s, &list);
          if (list.n > 1 && decisions % STRIDE == game % STRIDE)
            g_array_append_val (positions, s);
          if (!pj_ai_choose (&s, PJ_AI_NORMAL, NULL, pj_seed_mix (game ^ (decisions + 1)), &a, NULL))
            break;
          pj_state_apply (&s, &a);
          decisions++;
        }
    }
  pj_action_list_clear (&list);
  return positions;
}

static void
time_level (const char    *table,
            const char    *who,
            gboolean       reference,
            const PjRules *rules,
            GArray        *positions)
{
  g_autofree double *ms = g_new (double, MAX (positions->len, 1u));
  g_autofree double *cpu = g_new (double, MAX (positions->len, 1u));
  guint at_cap = 0, n = positions->len;
  double median, p95, max;

  for (guint i = 0; i < n; i++)
    {
      const PjState *s = &g_array_index (positions, PjState, i);
      guint64 seed = pj_seed_mix (1000 + i);
      PjAction a;
      gint64 t0 = g_get_monotonic_time ();
      clock_t c0 = clock ();

      if (reference)
        pj_ai_choose_reference (s, NULL, seed, &a);
      else
        pj_ai_choose (s, PJ_AI_HARD, NULL, seed, &a, NULL);
      ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
      cpu[i] = (double) (clock () - c0) * 1000.0 / CLOCKS_PER_SEC;
      at_cap += ms[i] >= CAP_MS - 10;
    }
  if (n == 0)
    {
      g_print ("%-20s %-9s  no positions\n", table, who);
      return;
    }
  bench_sort (ms, n);
  bench_sort (cpu, n);
  median = bench_percentile (ms, n, 0.5);
  p95 = bench_percentile (ms, n, 0.95);
  max = bench_percentile (ms, n, 1);
  g_print ("%-20s %-9s %9u %10u %9.1f %8.1f %8.1f %7u %11s %12.1f\n", table, who, pj_ai_default_iterations (rules), n,
           median, p95, max, at_cap,
           median <= TARGET_MEDIAN && max <= TARGET_MAX ? "yes" : "NO",
           bench_percentile (cpu, n, 0.5));
}

int
main (int    argc,
      char **argv)
{
  guint wanted = 30;
  const char *pattern = NULL;
  gboolean reference = FALSE;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--positions") == 0 && i + 1 < argc && g_ascii_isdigit (argv[i + 1][0]))
        {
          guint64 n = g_ascii_strtoull (argv[++i], NULL, 10);   /* CLAMP evaluates twice */
          wanted = (guint) CLAMP (n, 1u, 10000u);
        }
      else if (strcmp (argv[i], "--table") == 0 && i + 1 < argc)
        pattern = argv[++i];
      else if (strcmp (argv[i], "--reference") == 0)
        reference = TRUE;
      else
        {
          g_printerr ("Usage: %s [--positions N] [--table PATTERN] [--reference]\n"
                      "  --positions N    positions per table (default 30)\n"
                      "  --table PATTERN  only the tables whose name matches, e.g. \"basic*\"\n"
                      "  --reference      also time the frozen reference hard player\n", argv[0]);
          return 2;
        }
    }

  g_print ("The hard player's decisions with the app's default budget (%u cores, %u threads);\n"
           "target: median <= %.0f ms and max <= %.0f ms at every table.\n\n",
           g_get_num_processors (), MIN (g_get_num_processors (), 2u), TARGET_MEDIAN, TARGET_MAX);
  g_print ("%-20s %-9s %9s %10s %9s %8s %8s %7s %11s %12s\n", "table", "player", "playouts", "positions",
           "median ms", "p95 ms", "max ms", "at cap", "target met", "median CPU ms");
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      PjRules rules;
      g_autoptr (GArray) positions = NULL;

      if (pattern && !g_pattern_match_simple (pattern, tables[t].name))
        continue;
      pj_rules_preset (&rules, tables[t].preset, tables[t].players);
      positions = collect_positions (&rules, wanted);
      time_level (tables[t].name, "hard", FALSE, &rules, positions);
      if (reference)
        time_level (tables[t].name, "reference", TRUE, &rules, positions);
    }
  return 0;
}
