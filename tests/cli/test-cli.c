/* test-cli.c — run the built pegs-and-jokers-cli and check what it prints,
 * its exit statuses and what it does to files.
 *
 * Usage: test-cli [--tap] PATH-TO-pegs-and-jokers-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"

static const char *cli;
static char *tmpdir;

/* Run the CLI with a NULL-terminated list of arguments (and optional stdin). */
static Run
run_v (const char        *input,
       const char *const *args)
{
  return run_cli (cli, input, args);
}

#define RUN(...) run_v (NULL, (const char *const[]) { __VA_ARGS__, NULL })
#define RUN_STDIN(input, ...) run_v (input, (const char *const[]) { __VA_ARGS__, NULL })

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

/* ---- help and arguments ---------------------------------------------- */

static void
test_help (void)
{
  const char *commands[] = { "show", "moves", "play", "new", "simulate", "replay", "tournament",
                             "review" };

  {
    g_auto (Run) r = RUN ("--help");
    g_assert_cmpint (r.status, ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      g_assert_nonnull (strstr (r.out, commands[i]));
  }
  {
    g_auto (Run) r = RUN ("--version");
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.out, "pegs-and-jokers-cli "));
  }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (Run) r = RUN (commands[i], "--help");
      g_assert_cmpint (r.status, ==, 0);
      g_assert_nonnull (strstr (r.out, commands[i]));
      g_assert_cmpstr (r.err, ==, "");
    }
  {
    g_auto (Run) r = RUN ("simulate", "--help");
    g_assert_nonnull (strstr (r.out, "0.1"));   /* the Bluffing Joker challenge rate */
  }
}

static void
test_bad_arguments (void)
{
  g_autofree char *out = tmp_path ("bad-args.json");
  const char *const cases[][12] = {
    { NULL },
    { "fly" },
    { "--frobnicate" },
    { "show" },
    { "show", "a.json", "b.json" },
    { "show", "--bogus", "a.json" },
    { "moves" },
    { "play", "a.json" },
    { "replay" },
    { "new", "--preset", "basic", "--players", "4" },
    { "new", "--preset", "no-such-preset", "--players", "4", "-o", out },
    { "new", "--preset", "basic", "--players", "5", "-o", out },
    { "new", "--preset", "basic", "--players", "4", "--option", "decks=9", "-o", out },
    { "new", "--preset", "basic", "--players", "4", "--option", "decks", "-o", out },
    { "new", "--preset", "basic", "--players", "4", "--option", "wild=yes", "-o", out },
    { "new", "--preset", "basic", "--players", "4", "--seed", "x", "-o", out },
    { "new", "--preset", "basic", "--players", "4", "--seat", "Ann", "-o", out },
    { "new", "--preset", "basic", "--players", "4", "--dealer", "Q", "-o", out },
    { "new", "--preset", "basic", "--players", "four", "-o", out },
    { "simulate", "--preset", "basic", "--players", "4", "--games", "2" },
    { "simulate", "--preset", "basic", "--players", "4", "--seed", "1" },
    { "simulate", "--preset", "basic", "--players", "4", "--games", "0", "--seed", "1" },
    { "simulate", "--preset", "basic", "--players", "6", "--teams", "5", "--games", "1", "--seed", "1" },
    { "simulate", "--preset", "bluffing-joker", "--players", "4", "--option", "count_turns=3",
      "--games", "1", "--seed", "1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = run_v (NULL, cases[i]);
      g_autofree char *line = g_strjoinv (" ", (char **) cases[i]);

      g_test_message ("%s → %d: %s", line, r.status, r.err);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_true (g_str_has_prefix (r.err, "pegs-and-jokers-cli"));
      g_assert_cmpuint (count_lines (r.err), ==, 1);
      g_assert_cmpstr (r.out, ==, "");
    }
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* ---- simulate -------------------------------------------------------- */

static void
test_simulate_json (void)
{
  const char *const cases[][4] = {
    { "basic", "4", "2" },
    { "north-carolina", "4", "2" },
    { "pegoo", "6", "pairs" },
    { "kilpatrick", "8", "2" },
    { "bluffing-joker", "4", "2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = RUN ("simulate", "--preset", cases[i][0], "--players", cases[i][1],
                            "--teams", cases[i][2], "--games", "3", "--seed", "7", "--json");
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      JsonObject *obj;
      JsonArray *wins;
      gint64 total = 0;

      g_test_message ("%s", r.out);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
      g_assert_no_error (error);
      obj = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpint (json_object_get_int_member (obj, "errors"), ==, 0);
      g_assert_cmpint (json_object_get_int_member (obj, "games"), ==, 3);
      wins = json_object_get_array_member (obj, "wins");
      for (guint k = 0; k < json_array_get_length (wins); k++)
        total += json_array_get_int_element (wins, k);
      g_assert_cmpint (total, ==, 3);
      g_assert_cmpfloat (json_object_get_double_member (obj, "turns_per_game"), >, 10.0);
      g_assert_cmpfloat (json_object_get_double_member (obj, "games_per_second"), >, 0.0);
    }

  /* the notation check and the plain text report */
  {
    g_auto (Run) r = RUN ("simulate", "--preset", "north-carolina", "--players", "4", "--games", "2",
                          "--seed", "3", "--check-notation");
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "Errors: 0"));
  }
  /* a cap too small to finish counts as an error: exit 1 */
  {
    g_auto (Run) r = RUN ("simulate", "--preset", "basic", "--players", "4", "--games", "2",
                          "--seed", "3", "--max-actions", "10", "--json");
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.out, "\"errors\": 2"));
    g_assert_nonnull (strstr (r.err, "cap"));
  }
}

/* ---- tournament ------------------------------------------------------ */

static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* A level's decision times: median ≤ p95 ≤ max over some decisions. */
static void
assert_times (JsonObject *ms,
              const char *level)
{
  JsonObject *t;

  g_assert_true (json_object_has_member (ms, level));
  t = json_object_get_object_member (ms, level);
  g_assert_cmpint (json_object_get_int_member (t, "decisions"), >, 0);
  g_assert_cmpfloat (json_object_get_double_member (t, "median"), <=, json_object_get_double_member (t, "p95"));
  g_assert_cmpfloat (json_object_get_double_member (t, "p95"), <=, json_object_get_double_member (t, "max"));
}

static void
test_tournament_json (void)
{
  /* equal levels and equal seeds: both games of a deal are the same game
   * with the sides exchanged, so each side wins exactly one game per deal */
  const char *const layouts[][2] = { { "4", "2" }, { "6", "3" }, { "8", "4" } };

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      g_auto (Run) r = RUN ("tournament", "--preset", "basic", "--players", layouts[i][0],
                            "--teams", layouts[i][1], "--team-a", "normal", "--team-b", "normal",
                            "--games", "6", "--seed", "5", "--json");
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonObject *obj, *turns, *run, *by_run;
      JsonArray *sides;
      g_autoptr (GList) bins = NULL;
      gint64 games = 0;

      g_test_message ("%s", r.out);
      g_assert_cmpint (r.status, ==, 0);
      obj = parse_object (parser, r.out);
      g_assert_cmpint (json_object_get_int_member (obj, "games"), ==, 6);
      g_assert_cmpint (json_object_get_int_member (obj, "deals"), ==, 3);
      sides = json_object_get_array_member (obj, "sides");
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (sides, 0), "wins"), ==, 3);
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (sides, 1), "wins"), ==, 3);
      assert_times (json_object_get_object_member (obj, "ms_per_decision"), "normal");

      turns = json_object_get_object_member (obj, "turns");
      g_assert_cmpint (json_object_get_int_member (turns, "min"), >, 10);
      g_assert_cmpfloat (json_object_get_int_member (turns, "min"), <=, json_object_get_double_member (turns, "mean"));
      g_assert_cmpfloat (json_object_get_double_member (turns, "mean"), <=, json_object_get_int_member (turns, "max"));

      /* without Bluffing Joker nobody has two turns in a row */
      run = json_object_get_object_member (obj, "longest_run");
      g_assert_cmpint (json_object_get_int_member (run, "max"), ==, 1);
      g_assert_cmpint (json_object_get_int_member (run, "over_3"), ==, 0);
      g_assert_cmpfloat (json_object_get_double_member (run, "mean"), ==, 1.0);
      by_run = json_object_get_object_member (run, "games");
      bins = json_object_get_members (by_run);
      for (GList *l = bins; l; l = l->next)
        games += json_object_get_int_member (by_run, l->data);
      g_assert_cmpint (games, ==, 6);
    }

  /* the frozen reference player takes hard's budget */
  {
    g_auto (Run) r = RUN ("tournament", "--preset", "basic", "--players", "4", "--team-a", "reference",
                          "--team-b", "easy", "--games", "2", "--iterations", "20", "--threads", "1",
                          "--json");
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *obj;

    g_test_message ("%s", r.out);
    g_assert_cmpint (r.status, ==, 0);
    obj = parse_object (parser, r.out);
    g_assert_cmpint (json_object_get_int_member (obj, "iterations"), ==, 20);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                       json_object_get_array_member (obj, "sides"), 0), "level"), ==, "reference");
    assert_times (json_object_get_object_member (obj, "ms_per_decision"), "reference");
    assert_times (json_object_get_object_member (obj, "ms_per_decision"), "easy");
  }
  /* the same figures in words; a budget scaled down at 8 players */
  {
    g_auto (Run) r = RUN ("tournament", "--preset", "basic", "--players", "8", "--team-a", "hard",
                          "--team-b", "easy", "--games", "2", "--scaled-iterations", "40", "--threads", "1");

    g_test_message ("%s", r.out);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "2 games (1 deals, seats swapped)"));
    g_assert_nonnull (strstr (r.out, ", hard: "));   /* fewer than 40: the default's proportion */
    g_assert_null (strstr (r.out, ", hard: 40 iterations"));
    g_assert_nonnull (strstr (r.out, "hard      ms/decision: median "));
    g_assert_nonnull (strstr (r.out, ", p95 "));
    g_assert_nonnull (strstr (r.out, "game length: "));
    g_assert_nonnull (strstr (r.out, "longest run of turns by one player: 1.00 on average, max 1"));
  }
  {
    g_auto (Run) r = RUN ("tournament", "--list-presets");

    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.out, "basic\n"));
    g_assert_nonnull (strstr (r.out, "\nbluffing-joker\n"));
  }
}

/* --challenge-log: a line for every challenge decision the calibration
 * counts, as tools/fit-bluff-reading reads it; a log that cannot be
 * written is refused before any game */
static void
test_tournament_challenge_log (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "challenges.log", NULL);
  g_autofree char *bad = g_build_filename (dir, "no-such-folder", "challenges.log", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *bins;
  gint64 decisions = 0;
  guint n = 0, bluffs = 0;

  {
    g_auto (Run) r = RUN ("tournament", "--preset", "bluffing-joker", "--players", "4", "--team-a", "normal",
                          "--team-b", "easy", "--games", "2", "--seed", "3", "--json", "--challenge-log", path);
    JsonObject *obj;

    g_assert_cmpint (r.status, ==, 0);
    obj = parse_object (parser, r.out);
    bins = json_object_get_array_member (json_object_get_object_member (obj, "calibration"), "bins");
    for (guint i = 0; i < json_array_get_length (bins); i++)
      decisions += json_object_get_int_member (json_array_get_object_element (bins, i), "decisions");
  }
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "# reader mover bluff challenged class "));
  for (guint i = 1; lines[i] && lines[i][0]; i++, n++)
    {
      g_auto (GStrv) w = g_strsplit (lines[i], " ", -1);
      guint64 cls;
      double p;

      g_assert_cmpuint (g_strv_length (w), ==, 11);
      /* only normal reads here: easy challenges by no estimate */
      g_assert_cmpstr (w[0], ==, "normal");
      g_assert_cmpstr (w[1], ==, "easy");
      g_assert_true (strcmp (w[2], "0") == 0 || strcmp (w[2], "1") == 0);
      bluffs += w[2][0] == '1';
      /* a class of the fit, or none for a sure bluff */
      cls = g_ascii_strtoull (w[4], NULL, 10);
      g_assert_true (cls < 28 || cls == G_MAXUINT);
      p = g_ascii_strtod (w[8], NULL);
      g_assert_cmpfloat (p, >=, 0.0);
      g_assert_cmpfloat (p, <=, 1.0);
    }
  g_assert_cmpuint (n, >, 20);
  g_assert_cmpint (n, ==, decisions);
  g_assert_cmpuint (bluffs, >, 0);

  {
    g_auto (Run) r = RUN ("tournament", "--preset", "bluffing-joker", "--players", "4", "--team-a", "normal",
                          "--team-b", "easy", "--games", "2", "--challenge-log", bad);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "cannot write the challenge log"));
    g_assert_cmpuint (count_lines (r.err), ==, 1);
    g_assert_cmpstr (r.out, ==, "");
  }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_tournament_bad_arguments (void)
{
  const struct {
    const char *args[8];
    const char *message;
  } cases[] = {
    { { "--team-a", "no-such-level", "--team-b", "easy" }, "reference or bluffer, not “no-such-level”" },
    { { "--team-a", "easy", "--team-b", "Reference" }, "not “Reference”" },
    { { "--team-a", "easy", "--team-b", "hard", "--threads", "3", "--iterations", "9" }, "--threads must be 1 or 2" },
    { { "--team-a", "easy", "--team-b", "hard", "--threads", "1" }, "--threads needs --iterations" },
    { { "--team-a", "easy", "--team-b", "hard", "--iterations", "9", "--scaled-iterations", "9" }, "not both" },
    { { "--team-a", "easy", "--team-b", "hard", "--scaled-iterations", "0" }, "--scaled-iterations must be a positive number" },
    { { "--team-a", "easy", "--team-b", "hard", "--iterations", "-5" }, "--iterations must be a positive number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[16] = { "tournament", "--preset", "basic", "--players", "4" };
      guint n = 5;

      for (guint k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k]; k++)
        args[n++] = cases[i].args[k];
      {
        g_auto (Run) r = run_v (NULL, args);

        g_test_message ("case %u: %s", i, r.err);
        g_assert_cmpint (r.status, ==, 2);
        g_assert_nonnull (strstr (r.err, cases[i].message));
        g_assert_cmpuint (count_lines (r.err), ==, 1);
        g_assert_cmpstr (r.out, ==, "");
      }
    }
}

/* --no-check: the same games, without the invariant checks (pure speed) */
static void
test_simulate_no_check (void)
{
  g_auto (Run) checked = RUN ("simulate", "--preset", "north-carolina", "--players", "8",
                              "--games", "2", "--seed", "5", "--json");
  g_auto (Run) fast = RUN ("simulate", "--preset", "north-carolina", "--players", "8",
                           "--games", "2", "--seed", "5", "--json", "--no-check");
  g_autoptr (JsonParser) p1 = json_parser_new ();
  g_autoptr (JsonParser) p2 = json_parser_new ();
  JsonObject *a, *b;

  g_assert_cmpint (checked.status, ==, 0);
  g_assert_cmpint (fast.status, ==, 0);
  g_assert_true (json_parser_load_from_data (p1, checked.out, -1, NULL));
  g_assert_true (json_parser_load_from_data (p2, fast.out, -1, NULL));
  a = json_node_get_object (json_parser_get_root (p1));
  b = json_node_get_object (json_parser_get_root (p2));
  g_assert_true (json_object_get_boolean_member (a, "checked"));
  g_assert_false (json_object_get_boolean_member (b, "checked"));
  /* the checks change nothing in the games themselves */
  g_assert_cmpfloat (json_object_get_double_member (a, "turns_per_game"), ==,
                     json_object_get_double_member (b, "turns_per_game"));
  g_assert_cmpfloat (json_object_get_double_member (a, "listed_actions_per_position"), ==,
                     json_object_get_double_member (b, "listed_actions_per_position"));
  g_assert_cmpfloat (json_object_get_double_member (b, "microseconds_per_turn"), >, 0.0);
  g_assert_cmpint (json_object_get_int_member (b, "errors"), ==, 0);

  /* the text report says what was skipped and labels its speeds */
  {
    g_auto (Run) r = RUN ("simulate", "--preset", "basic", "--players", "4", "--games", "2",
                          "--seed", "3", "--no-check");
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "invariants not checked"));
    g_assert_nonnull (strstr (r.out, "turns per second"));
    g_assert_nonnull (strstr (r.out, "s per turn"));   /* µ may not survive a C locale */
  }
  /* errors the game loop finds itself are still errors */
  {
    g_auto (Run) r = RUN ("simulate", "--preset", "basic", "--players", "4", "--games", "2",
                          "--seed", "3", "--max-actions", "10", "--no-check");
    g_assert_cmpint (r.status, ==, 1);
  }
}

/* ---- new, moves, play, replay ---------------------------------------- */

static char *
first_line (const char *text)
{
  const char *nl = strchr (text, '\n');

  g_assert_nonnull (nl);
  return g_strndup (text, (gsize) (nl - text));
}

/* Play the first legal move n times into the game file. */
static void
play_first_moves (const char *game,
                  guint       n)
{
  for (guint i = 0; i < n; i++)
    {
      g_auto (Run) moves = RUN ("moves", game);
      g_autofree char *action = first_line (moves.out);
      g_auto (Run) r = RUN ("play", game, action);

      g_assert_cmpint (r.status, ==, 0);
    }
}

static void
test_play_through (void)
{
  g_autofree char *game = tmp_path ("game.json");
  g_autofree char *copy = tmp_path ("copy.json");
  g_autofree char *position = tmp_path ("position.txt");
  guint played = 0;

  {
    g_auto (Run) r = RUN ("new", "--preset", "north-carolina", "--players", "4", "--seed", "42",
                          "--seat", "Ann:human", "--seat", "Bob:hard", "--seat", "Cy",
                          "--seat", "Di:easy", "--title", "Test game", "-o", game);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "seed 42"));
  }
  for (guint i = 0; i < 40; i++)
    {
      g_auto (Run) moves = RUN ("moves", game);
      g_autofree char *action = NULL;

      g_assert_cmpint (moves.status, ==, 0);
      if (moves.out[0] == '\0')
        break;
      /* vary the choice a little without randomness */
      action = first_line (moves.out);
      {
        g_auto (Run) r = RUN ("play", game, action);
        g_assert_cmpint (r.status, ==, 0);
        g_assert_nonnull (strstr (r.out, "played"));
      }
      played++;
    }
  g_assert_cmpuint (played, ==, 40);
  {
    g_auto (Run) r = RUN ("replay", game);
    g_autofree char *expect = g_strdup_printf ("OK: %u actions replayed", played);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.out, expect));
  }

  /* show: a summary, then a position text that moves reads back */
  {
    g_auto (Run) show = RUN ("show", game);
    g_auto (Run) a = RUN ("moves", game);
    g_auto (Run) b = { 0 };
    g_auto (Run) c = { 0 };

    g_assert_cmpint (show.status, ==, 0);
    g_assert_nonnull (strstr (show.out, "pegs-and-jokers position 1"));
    g_assert_nonnull (strstr (show.out, "# Rules: north-carolina players=4"));
    g_assert_nonnull (strstr (show.out, "Ann"));
    g_assert_nonnull (strstr (show.out, "Test game"));
    g_assert_nonnull (strstr (show.out, "Top discard:"));
    g_assert_nonnull (strstr (show.out, "Cards in the stock:"));
    g_assert_true (g_file_set_contents (position, show.out, -1, NULL));
    b = RUN ("moves", position);
    g_assert_cmpint (b.status, ==, 0);
    g_assert_cmpstr (a.out, ==, b.out);
    c = RUN_STDIN (show.out, "moves", "-");
    g_assert_cmpint (c.status, ==, 0);
    g_assert_cmpstr (a.out, ==, c.out);
  }
  {
    g_auto (Run) r = RUN ("show", "--at", "3", "--as", "R", game);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "after action 3 of 40"));
    g_assert_nonnull (strstr (r.out, "hand B ? ?"));
  }

  /* -o: the original stays as it was */
  {
    g_autofree char *before = read_file (game);
    g_autofree char *after = NULL;
    g_auto (Run) moves = RUN ("moves", game);
    g_autofree char *action = first_line (moves.out);
    g_auto (Run) r = RUN ("play", game, action, "-o", copy);
    g_auto (Run) check = RUN ("replay", copy);

    g_assert_cmpint (r.status, ==, 0);
    after = read_file (game);
    g_assert_cmpstr (before, ==, after);
    g_assert_cmpint (check.status, ==, 0);
    g_assert_true (g_str_has_prefix (check.out, "OK: 41 actions"));
  }

  g_assert_cmpint (g_remove (game), ==, 0);
  g_assert_cmpint (g_remove (copy), ==, 0);
  g_assert_cmpint (g_remove (position), ==, 0);
}

static void
test_play_illegal (void)
{
  g_autofree char *game = tmp_path ("illegal.json");
  g_autofree char *before = NULL, *after = NULL;

  {
    g_auto (Run) r = RUN ("new", "--preset", "basic", "--players", "4", "--seed", "1", "-o", game);
    g_assert_cmpint (r.status, ==, 0);
  }
  before = read_file (game);
  {
    /* an 8 cannot move a peg out of start, nor another player's peg */
    g_auto (Run) r = RUN ("play", game, "8 B1 s-b8");
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "not a legal action"));
    g_assert_cmpuint (count_lines (r.err), ==, 1);
  }
  {
    g_auto (Run) r = RUN ("play", game, "hello");
    g_assert_cmpint (r.status, ==, 1);
  }
  after = read_file (game);
  g_assert_cmpstr (before, ==, after);

  /* a tampered file: play refuses it, replay names the action */
  {
    GString *bad = g_string_new (before);
    g_auto (Run) r = { 0 };
    g_auto (Run) p = { 0 };
    g_autofree char *bad_text = NULL;

    /* a five never brings a peg out */
    g_assert_cmpuint (g_string_replace (bad, "\"actions\" : [", "\"actions\" : [ \"5 R1 s-r8\"", 1), ==, 1);
    bad_text = g_string_free (bad, FALSE);
    g_assert_true (g_file_set_contents (game, bad_text, -1, NULL));
    r = RUN ("replay", game);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "Action 1"));
    p = RUN ("play", game, "discard 7");
    g_assert_cmpint (p.status, ==, 1);
    g_clear_pointer (&after, g_free);
    after = read_file (game);
    g_assert_cmpstr (bad_text, ==, after);
  }
  {
    g_auto (Run) r = RUN ("replay", "/nonexistent/game.json");
    g_assert_cmpint (r.status, ==, 1);
  }
  g_assert_cmpint (g_remove (game), ==, 0);
}

/* --at counts actions: a negative count or one past the game is refused
 * with one line and status 2, not shown as something else. */
static void
test_show_at (void)
{
  g_autofree char *game = tmp_path ("at.json");
  g_autofree char *position = tmp_path ("at.txt");
  const char *const refused[] = { "-5", "-1", "3", "4294967296", "-2147483648", "x", "" };

  {
    g_auto (Run) r = RUN ("new", "--preset", "basic", "--players", "4", "--seed", "5", "-o", game);
    g_assert_cmpint (r.status, ==, 0);
  }
  play_first_moves (game, 2);
  for (guint at = 0; at <= 2; at++)
    {
      g_autofree char *text = g_strdup_printf ("%u", at);
      g_autofree char *expect = g_strdup_printf ("after action %u of 2", at);
      g_auto (Run) r = RUN ("show", "--at", text, game);

      g_assert_cmpint (r.status, ==, 0);
      g_assert_nonnull (strstr (r.out, expect));
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto (Run) r = RUN ("show", "--at", refused[i], game);

      g_test_message ("--at %s → %d: %s", refused[i], r.status, r.err);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_true (g_str_has_prefix (r.err, "pegs-and-jokers-cli show: --at"));
      g_assert_cmpuint (count_lines (r.err), ==, 1);
      g_assert_cmpstr (r.out, ==, "");
    }
  {
    g_auto (Run) r = RUN ("show", "--at=-5", game);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "0 or more"));
  }
  {
    g_auto (Run) r = RUN ("show", "--at", "3", game);

    g_assert_nonnull (strstr (r.err, "only 2 actions"));
  }
  /* a position text has no actions to go back through */
  {
    g_auto (Run) show = RUN ("show", game);
    g_auto (Run) r = { 0 };

    g_assert_true (g_file_set_contents (position, show.out, -1, NULL));
    r = RUN ("show", "--at", "0", position);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "needs a saved game"));
  }
  g_assert_cmpint (g_remove (game), ==, 0);
  g_assert_cmpint (g_remove (position), ==, 0);
}

/* A saved game nested 100,000 deep overflowed json-glib's stack: every
 * command that reads it fails with one line, and no signal (run_v checks). */
static void
test_too_deep (void)
{
  g_autofree char *game = tmp_path ("deep.json");
  GString *deep = g_string_new ("{\"format\": \"pegs-and-jokers-game\", \"a\": ");
  g_autofree char *text = NULL;
  const char *commands[] = { "replay", "show", "moves" };

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ']');
  g_string_append (deep, "}\n");
  text = g_string_free (deep, FALSE);
  g_assert_true (g_file_set_contents (game, text, -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (Run) r = RUN (commands[i], game);

      g_test_message ("%s → %d: %s", commands[i], r.status, r.err);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, "nested too deeply"));
      g_assert_cmpuint (count_lines (r.err), ==, 1);
      g_assert_cmpstr (r.out, ==, "");
    }
  {
    g_auto (Run) r = RUN ("play", game, "discard 7");

    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "deep.json"));
  }
  {
    g_auto (Run) r = RUN_STDIN (text, "replay", "-");

    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "nested too deeply"));
  }
  g_assert_cmpint (g_remove (game), ==, 0);
}

/* ---- review ---------------------------------------------------------- */

static void
assert_member (JsonObject *obj,
               const char *name,
               GType       type)
{
  JsonNode *node = json_object_get_member (obj, name);

  g_test_message ("member %s", name);
  g_assert_nonnull (node);
  if (type == G_TYPE_NONE)
    g_assert_true (JSON_NODE_HOLDS_NULL (node));
  else if (type == JSON_TYPE_OBJECT)
    g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  else if (type == JSON_TYPE_ARRAY)
    g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  else if (type == G_TYPE_DOUBLE)   /* any number */
    g_assert_true (json_node_get_value_type (node) == G_TYPE_DOUBLE
                   || json_node_get_value_type (node) == G_TYPE_INT64);
  else
    g_assert_true (json_node_get_value_type (node) == type);
}

static void
assert_string_or_null (JsonObject *obj,
                       const char *name)
{
  JsonNode *node = json_object_get_member (obj, name);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_NULL (node) || json_node_get_value_type (node) == G_TYPE_STRING);
}

/* A short game (Ann and Cy are people, Bob and Di computers), played
 * through the CLI itself. */
static char *
review_game (void)
{
  char *game = tmp_path ("review.json");

  {
    g_auto (Run) r = RUN ("new", "--preset", "basic", "--players", "4", "--seed", "5",
                          "--seat", "Ann:human", "--seat", "Bob:hard", "--seat", "Cy",
                          "--seat", "Di:easy", "-o", game);
    g_assert_cmpint (r.status, ==, 0);
  }
  play_first_moves (game, 16);
  return game;
}

static void
test_review_json (void)
{
  g_autofree char *game = review_game ();
  g_auto (Run) r = RUN ("review", game, "--json", "--iterations", "100");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  const char *const labels[] = { "good", "inaccuracy", "mistake", "blunder" };
  const char *const counts[] = { "good", "inaccuracies", "mistakes", "blunders" };
  gint64 per_label[4] = { 0 };
  JsonObject *root, *g;
  JsonArray *seats, *decisions;

  g_test_message ("%s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  root = json_node_get_object (json_parser_get_root (parser));
  assert_member (root, "version", G_TYPE_INT64);
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 1);

  assert_member (root, "game", JSON_TYPE_OBJECT);
  g = json_object_get_object_member (root, "game");
  assert_member (g, "rules", G_TYPE_STRING);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (g, "rules"), "basic players=4"));
  assert_member (g, "seed", G_TYPE_STRING);
  g_assert_cmpstr (json_object_get_string_member (g, "seed"), ==, "5");
  assert_member (g, "title", G_TYPE_NONE);
  assert_member (g, "actions", G_TYPE_INT64);
  g_assert_cmpint (json_object_get_int_member (g, "actions"), ==, 16);
  assert_member (g, "winner", G_TYPE_NONE);
  assert_member (g, "iterations", G_TYPE_INT64);
  g_assert_cmpint (json_object_get_int_member (g, "iterations"), ==, 100);
  assert_member (g, "complete", G_TYPE_BOOLEAN);
  g_assert_true (json_object_get_boolean_member (g, "complete"));

  assert_member (root, "seats", JSON_TYPE_ARRAY);
  seats = json_object_get_array_member (root, "seats");
  g_assert_cmpuint (json_array_get_length (seats), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *seat = json_array_get_object_element (seats, i);

      assert_member (seat, "seat", G_TYPE_INT64);
      g_assert_cmpint (json_object_get_int_member (seat, "seat"), ==, i);
      assert_member (seat, "colour", G_TYPE_STRING);
      assert_member (seat, "name", G_TYPE_STRING);
      assert_member (seat, "controller", G_TYPE_STRING);
      assert_member (seat, "reviewed", G_TYPE_BOOLEAN);
      /* by default the people: Ann (human) and Cy (human when not given) */
      g_assert_true (json_object_get_boolean_member (seat, "reviewed") == (i == 0 || i == 2));
      for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
        {
          assert_member (seat, counts[k], G_TYPE_INT64);
          per_label[k] += json_object_get_int_member (seat, counts[k]);
        }
    }
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (seats, 0), "name"),
                   ==, "Ann");

  assert_member (root, "decisions", JSON_TYPE_ARRAY);
  decisions = json_object_get_array_member (root, "decisions");
  g_assert_cmpuint (json_array_get_length (decisions), >, 0);
  g_assert_cmpint (per_label[0] + per_label[1] + per_label[2] + per_label[3], ==,
                   json_array_get_length (decisions));
  for (guint i = 0; i < json_array_get_length (decisions); i++)
    {
      JsonObject *d = json_array_get_object_element (decisions, i);
      const char *label;
      gboolean known = FALSE;
      gint64 seat;

      assert_member (d, "index", G_TYPE_INT64);
      assert_member (d, "turn", G_TYPE_INT64);
      assert_member (d, "seat", G_TYPE_INT64);
      seat = json_object_get_int_member (d, "seat");
      g_assert_true (seat == 0 || seat == 2);
      assert_member (d, "played", G_TYPE_STRING);
      assert_member (d, "best", G_TYPE_STRING);
      assert_member (d, "win_played", G_TYPE_DOUBLE);
      assert_member (d, "win_best", G_TYPE_DOUBLE);
      assert_member (d, "loss", G_TYPE_DOUBLE);
      g_assert_cmpfloat (json_object_get_double_member (d, "loss"), >=, 0.0);
      g_assert_cmpfloat (json_object_get_double_member (d, "win_best"), <=, 1.0);
      assert_member (d, "label", G_TYPE_STRING);
      label = json_object_get_string_member (d, "label");
      for (guint k = 0; k < G_N_ELEMENTS (labels); k++)
        known |= g_strcmp0 (label, labels[k]) == 0;
      g_assert_true (known);
      assert_string_or_null (d, "reason");
      g_assert_true (json_object_get_null_member (d, "reason") == (g_strcmp0 (label, "good") == 0));
      if (!json_object_get_null_member (d, "reason"))
        {
          /* a review's sentence, not the hint's imperative behind "Better:" */
          const char *reason = json_object_get_string_member (d, "reason");

          g_assert_cmpuint (strlen (reason), >, 0);
          g_assert_false (g_str_has_prefix (reason, "Better: "));
        }
      if (i > 0)
        g_assert_cmpint (json_object_get_int_member (d, "index"), >,
                         json_object_get_int_member (json_array_get_object_element (decisions, i - 1),
                                                     "index"));
    }

  /* --seats picks the seats; the text form ends with a summary per seat */
  {
    g_auto (Run) t = RUN ("review", game, "--seats", "b,Di", "--iterations", "100");

    g_assert_cmpint (t.status, ==, 0);
    g_assert_nonnull (strstr (t.out, "Blue (Bob): "));
    g_assert_nonnull (strstr (t.out, "Yellow (Di): "));
    g_assert_null (strstr (t.out, "Red (Ann): "));
    g_assert_nonnull (strstr (t.out, "decisions rated"));
    g_assert_nonnull (strstr (t.out, "Turn 1, "));
  }
  g_assert_cmpint (g_remove (game), ==, 0);
}

static void
test_review_bad_input (void)
{
  g_autofree char *game = review_game ();
  g_autofree char *damaged = tmp_path ("damaged.json");
  g_autofree char *missing = tmp_path ("missing.json");
  const char *const usage[][6] = {
    { "review" },
    { "review", game, game },
    { "review", game, "--seats", "Q" },
    { "review", game, "--seats", "R,4" },
    { "review", game, "--seats", "" },
    { "review", game, "--iterations", "0" },
    { "review", game, "--iterations", "many" },
    { "review", game, "--frobnicate" },
  };

  g_assert_true (g_file_set_contents (damaged, "{ \"format\": \"pegs-and-jokers-game\", ", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (usage); i++)
    {
      g_auto (Run) r = run_v (NULL, usage[i]);

      g_test_message ("%s", r.err);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_true (g_str_has_prefix (r.err, "pegs-and-jokers-cli"));
      g_assert_cmpuint (count_lines (r.err), ==, 1);
      g_assert_cmpstr (r.out, ==, "");
    }
  {
    g_auto (Run) r = RUN ("review", missing);

    g_assert_cmpint (r.status, ==, 1);
    g_assert_true (g_str_has_prefix (r.err, "pegs-and-jokers-cli review: "));
    g_assert_nonnull (strstr (r.err, "missing.json"));
    g_assert_cmpuint (count_lines (r.err), ==, 1);
    g_assert_cmpstr (r.out, ==, "");
  }
  {
    g_auto (Run) r = RUN ("review", damaged, "--json");

    g_assert_cmpint (r.status, ==, 1);
    g_assert_true (g_str_has_prefix (r.err, "pegs-and-jokers-cli review: "));
    g_assert_cmpuint (count_lines (r.err), ==, 1);
    g_assert_cmpstr (r.out, ==, "");
  }
  {
    g_auto (Run) r = RUN ("review", game, "--seats", "Q");

    g_assert_nonnull (strstr (r.err, "“Q” is not a seat"));
  }
  g_assert_cmpint (g_remove (game), ==, 0);
  g_assert_cmpint (g_remove (damaged), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s [--tap] PATH-TO-pegs-and-jokers-cli\n", argv[0]);
      return 2;
    }
  cli = argv[1];
  tmpdir = g_dir_make_tmp ("pj-cli-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/bad-arguments", test_bad_arguments);
  g_test_add_func ("/cli/simulate", test_simulate_json);
  g_test_add_func ("/cli/tournament", test_tournament_json);
  g_test_add_func ("/cli/tournament-bad-arguments", test_tournament_bad_arguments);
  g_test_add_func ("/cli/tournament-challenge-log", test_tournament_challenge_log);
  g_test_add_func ("/cli/simulate-no-check", test_simulate_no_check);
  g_test_add_func ("/cli/play-through", test_play_through);
  g_test_add_func ("/cli/play-illegal", test_play_illegal);
  g_test_add_func ("/cli/show-at", test_show_at);
  g_test_add_func ("/cli/too-deep", test_too_deep);
  g_test_add_func ("/cli/review-json", test_review_json);
  g_test_add_func ("/cli/review-bad-input", test_review_bad_input);
  status = g_test_run ();

  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
