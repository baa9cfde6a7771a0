/* pj-cli-simulate.c — `pegs-and-jokers-cli simulate`: random games as a
 * property test of the engine, and a throughput figure.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-cli.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/* Uniform random challenges make Bluffing Joker games nearly endless (every
 * challenge costs someone a peg), so the random player challenges rarely. */
#define CHALLENGE_PROBABILITY 0.1
#define MAX_ERRORS_PRINTED    10

typedef struct {
  guint64 games;
  guint64 wins[PJ_MAX_PLAYERS];
  guint64 turns;
  guint64 actions;
  guint64 errors;
  guint64 capped;
  guint64 listed;   /* legal actions listed, over every position */
} Totals;

static void
report_error (Totals     *t,
              guint       game,
              guint64     seed,
              guint       action,
              const char *message)
{
  if (t->errors++ < MAX_ERRORS_PRINTED)
    g_printerr ("%s simulate: error: game %u (seed %" G_GUINT64_FORMAT "), action %u: %s\n",
                PJ_CLI_NAME, game + 1, seed, action, message);
}

/* The action notation must read back as the same action. */
static gboolean
check_notation (const PjState   *s,
                const PjAction  *a,
                GError         **error)
{
  g_autofree char *text = pj_action_to_string (s, a);
  g_autofree char *pos = NULL;
  PjAction back;
  PjState copy;

  if (!pj_action_from_string (s, text, &back, error))
    return FALSE;
  if (!pj_action_equal (a, &back))
    {
      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_PARSE,
                   "“%s” reads back as a different action", text);
      return FALSE;
    }
  pos = pj_position_to_string (s);
  if (!pj_position_from_string (&copy, pos, error))
    {
      g_prefix_error (error, "position does not read back: ");
      return FALSE;
    }
  return TRUE;
}

static const PjAction *
pick_action (const PjState      *s,
             const PjActionList *list,
             PjRng              *rng)
{
  if (s->phase == PJ_PHASE_CHALLENGE)
    {
      gboolean challenge = pj_rng_double (rng) < CHALLENGE_PROBABILITY;

      for (guint i = 0; i < list->n; i++)
        if (list->v[i].kind == (challenge ? PJ_ACTION_CHALLENGE : PJ_ACTION_PASS))
          return &list->v[i];
    }
  return &list->v[pj_rng_below (rng, list->n)];
}

static void
play_game (const PjRules *rules,
           guint          game,
           guint64        seed,
           guint          max_actions,
           gboolean       notation,
           gboolean       check,
           PjRng         *rng,
           PjActionList  *list,
           Totals        *t)
{
  PjState s;
  guint n = 0;

  pj_state_new_game (&s, rules, seed, -1);
  while (!pj_state_is_over (&s))
    {
      g_autoptr (GError) error = NULL;
      const PjAction *a;

      if (n >= max_actions)
        {
          g_autofree char *msg = g_strdup_printf ("no winner after %u actions (the cap)", n);
          t->capped++;
          report_error (t, game, seed, n, msg);
          break;
        }
      pj_legal_actions (&s, list);
      t->listed += list->n;
      if (list->n == 0)
        {
          report_error (t, game, seed, n, "no legal action, but the game is not over");
          break;
        }
      a = pick_action (&s, list, rng);
      if (notation && !check_notation (&s, a, &error))
        {
          report_error (t, game, seed, n + 1, error->message);
          break;
        }
      pj_state_apply (&s, a);
      n++;
      if (check && !pj_state_check (&s, &error))
        {
          report_error (t, game, seed, n, error->message);
          break;
        }
    }
  t->games++;
  t->actions += n;
  t->turns += s.turn_number;
  if (pj_state_is_over (&s))
    {
      if (s.winner < rules->teams)
        t->wins[s.winner]++;
      else
        report_error (t, game, seed, n, "the game ended without a winning team");
    }
}

/* JSON wants a '.' whatever the locale says */
static void
append_number (GString    *out,
               const char *name,
               const char *format,
               double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, ", \"%s\": %s", name, g_ascii_formatd (buf, sizeof buf, format, value));
}

static void
print_json (const PjRules *rules,
            guint64        seed,
            gboolean       check,
            guint          max_actions,
            const Totals  *t,
            double         secs)
{
  g_autofree char *rules_text = pj_rules_to_string (rules);
  double games = t->games ? (double) t->games : 1.0;
  GString *out = g_string_new (NULL);

  /* written by hand so the figures keep a sensible number of digits; the only
   * strings are the rules text and the seed, which need no escaping */
  g_string_append_printf (out, "{\"rules\": \"%s\", \"players\": %u, \"teams\": %u, "
                          "\"seed\": \"%" G_GUINT64_FORMAT "\", \"games\": %" G_GUINT64_FORMAT
                          ", \"wins\": [", rules_text, rules->players, rules->teams, seed, t->games);
  for (guint i = 0; i < rules->teams; i++)
    g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, i ? ", " : "", t->wins[i]);
  g_string_append_printf (out, "], \"checked\": %s, \"errors\": %" G_GUINT64_FORMAT
                          ", \"capped_games\": %" G_GUINT64_FORMAT ", \"max_actions\": %u",
                          check ? "true" : "false", t->errors, t->capped, max_actions);
  append_number (out, "turns_per_game", "%.1f", (double) t->turns / games);
  append_number (out, "actions_per_game", "%.1f", (double) t->actions / games);
  append_number (out, "seconds", "%.3f", secs);
  append_number (out, "games_per_second", "%.1f", (double) t->games / secs);
  append_number (out, "turns_per_second", "%.0f", (double) t->turns / secs);
  append_number (out, "actions_per_second", "%.0f", (double) t->actions / secs);
  /* per turn: one player's whole turn (listing, choosing, playing, and the
   * checks unless --no-check); listed: legal actions offered per position */
  append_number (out, "microseconds_per_turn", "%.3f", secs * 1e6 / MAX ((double) t->turns, 1.0));
  append_number (out, "listed_actions_per_position", "%.1f",
                 (double) t->listed / MAX ((double) t->actions, 1.0));
  g_string_append (out, "}\n");
  g_print ("%s", out->str);
  g_string_free (out, TRUE);
}

static void
print_text (const PjRules *rules,
            guint64        seed,
            gboolean       check,
            const Totals  *t,
            double         secs)
{
  g_autofree char *rules_text = pj_rules_to_string (rules);
  double games = t->games ? (double) t->games : 1.0;

  g_print (_("Rules: %s\n"), rules_text);
  {
    /* xgettext cannot read through G_GUINT64_FORMAT: 64-bit numbers go in as text */
    g_autofree char *games_text = g_strdup_printf ("%" G_GUINT64_FORMAT, t->games);
    g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
    g_print (_("Games: %s from seed %s\n"), games_text, seed_text);
  }
  for (guint i = 0; i < rules->teams; i++)
    {
      g_autofree char *team = pj_cli_team_label (rules, i);
      g_autofree char *wins = g_strdup_printf ("%" G_GUINT64_FORMAT, t->wins[i]);
      g_print (_("Wins, %s: %s\n"), team, wins);
    }
  g_print (_("Average turns per game: %.1f (%.1f actions)\n"),
           (double) t->turns / games, (double) t->actions / games);
  {
    g_autofree char *errors = g_strdup_printf ("%" G_GUINT64_FORMAT, t->errors);
    g_autofree char *capped = g_strdup_printf ("%" G_GUINT64_FORMAT, t->capped);
    g_print (_("Errors: %s (games stopped by the action cap: %s)\n"), errors, capped);
  }
  g_print (_("Legal actions listed per position: %.1f\n"),
           (double) t->listed / MAX ((double) t->actions, 1.0));
  g_print (check ? _("Time: %.2f s, every invariant checked\n")
                 : _("Time: %.2f s, invariants not checked\n"), secs);
  g_print (_("Speed: %.1f games per second, %.0f turns per second, %.0f actions played per second, "
             "%.2f µs per turn\n"),
           (double) t->games / secs, (double) t->turns / secs, (double) t->actions / secs,
           secs * 1e6 / MAX ((double) t->turns, 1.0));
}

int
pj_cli_simulate (int    argc,
                 char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *preset = NULL, *teams = NULL, *seed_text = NULL;
  g_auto (GStrv) options = NULL;
  gint players = 0, games = -1, max_actions = 1000000;
  gboolean json = FALSE, notation = FALSE, no_check = FALSE;
  g_autofree char *preset_help = pj_cli_preset_help ();
  const GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset, preset_help, "NAME" },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("4, 6 or 8"), "N" },
    { "teams", 0, 0, G_OPTION_ARG_STRING, &teams,
      N_("2 (seats alternate, the default) or “pairs” (partners opposite; or give the number)"),
      "LAYOUT" },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options,
      N_("Change one rule option, e.g. count_turns=4 (repeatable)"), "KEY=VALUE" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("How many games to play"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed: game i is dealt from seed S + i"), "S" },
    { "max-actions", 0, 0, G_OPTION_ARG_INT, &max_actions,
      N_("Safety cap on actions per game; a game that reaches it counts as an error "
         "(default 1000000)"), "N" },
    { "check-notation", 0, 0, G_OPTION_ARG_NONE, &notation,
      N_("Also check that every action and position reads back from its notation (slower)"), NULL },
    { "no-check", 0, 0, G_OPTION_ARG_NONE, &no_check,
      N_("Skip the invariant checks after every action: pure engine speed"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the results as one JSON object"), NULL },
    { NULL }
  };
  PjRules rules;
  guint64 seed;
  PjRng rng;
  PjActionList list;
  Totals totals = { 0 };
  gint64 start;
  double secs;

  if (!pj_cli_parse ("simulate", "",
                     _("Play games of random legal actions, checking every invariant of the "
                       "position after every action (peg counts, one peg of a colour per hole, "
                       "every card in exactly one place, no peg in a foreign start or home). "
                       "Prints the wins of each team, the average length of a game, the errors "
                       "found and the speed. Exit status 1 if any error was found."),
                     _("In Bluffing Joker games the random player challenges a declared move "
                       "only with probability 0.1 (uniformly random challenges make games "
                       "nearly endless).\n\n"
                       "Example: pegs-and-jokers-cli simulate --preset basic --players 4 "
                       "--games 100 --seed 1"),
                     entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc != 1)
    return pj_cli_fail ("simulate", PJ_CLI_USAGE, _("unexpected argument “%s” (see --help)"),
                        argv[1]);
  if (!pj_cli_build_rules (preset, players, teams, options, &rules, &error))
    return pj_cli_fail ("simulate", PJ_CLI_USAGE, "%s", error->message);
  if (games < 1)
    return pj_cli_fail ("simulate", PJ_CLI_USAGE,
                        games == -1 ? _("--games N is required") : _("--games must be at least 1"));
  if (max_actions < 1)
    return pj_cli_fail ("simulate", PJ_CLI_USAGE, _("--max-actions must be at least 1"));
  if (seed_text == NULL)
    return pj_cli_fail ("simulate", PJ_CLI_USAGE, _("--seed S is required"));
  if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    return pj_cli_fail ("simulate", PJ_CLI_USAGE, _("--seed must be a whole number, not “%s”"),
                        seed_text);

  /* the players' choices get their own stream, apart from the deals */
  pj_rng_seed (&rng, seed ^ G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  pj_action_list_init (&list);
  start = g_get_monotonic_time ();
  for (guint g = 0; g < (guint) games; g++)
    play_game (&rules, g, seed + g, (guint) max_actions, notation, !no_check, &rng, &list, &totals);
  secs = MAX ((double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC, 1e-6);
  pj_action_list_clear (&list);

  if (json)
    print_json (&rules, seed, !no_check, (guint) max_actions, &totals, secs);
  else
    print_text (&rules, seed, !no_check, &totals, secs);
  return totals.errors ? PJ_CLI_FAILED : PJ_CLI_OK;
}
