/* test-recipes.c — every place a computer level or a preset must reach
 * (HACKING.md, "Recipes"): each level of the levels' table and each preset
 * of the presets' table goes through every place that names one, and a
 * failure says which place was forgotten.
 *
 * Usage: test-recipes [--tap] PATH-TO-pegs-and-jokers-cli SOURCE-ROOT
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "cli-test-run.h"
#include "pj-ai.h"
#include "pj-controller.h"
#include "pj-net-message.h"
#include "pj-text.h"

static const char *cli;
static const char *source_root;

/* Fails naming the place, the way a reviewer would say it. */
#define PLACE_CHECK(cond, place, name) G_STMT_START { \
    if (!(cond)) \
      g_error ("“%s” is missing from %s (HACKING.md, “Recipes”)", (name), (place)); \
  } G_STMT_END

#define RUN(...) run_cli (cli, NULL, (const char *const[]) { __VA_ARGS__, NULL })

static char *
source_text (const char *relative)
{
  g_autofree char *path = g_build_filename (source_root, relative, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The paragraph of text that starts with start (up to a blank line). */
static char *
paragraph (const char *text,
           const char *start)
{
  const char *p = strstr (text, start);
  const char *end;

  g_assert_nonnull (p);
  end = strstr (p, "\n\n");
  return g_strndup (p, end ? (gsize) (end - p) : strlen (p));
}

/* ---- a computer level -------------------------------------------------- */

/* A lobby message as the host sends it, every seat played by that level. */
static gboolean
lobby_accepts_level (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  g_autofree char *line = NULL;
  GString *seats = g_string_new (NULL);
  PjNetMessageType type;

  for (guint i = 0; i < 4; i++)
    g_string_append_printf (seats, "%s{\"seat\": %u, \"colour\": \"%c\", \"name\": \"C\", "
                            "\"kind\": \"computer\", \"level\": \"%s\", \"ready\": true, "
                            "\"connected\": true}", i ? ", " : "", i, "RBGY"[i], name);
  line = g_strdup_printf ("{\"type\": \"lobby\", \"table\": \"T\", \"password\": false, "
                          "\"rules\": \"basic players=4\", \"phase\": \"lobby\", \"seats\": [%s]}",
                          seats->str);
  g_string_free (seats, TRUE);
  if (!pj_net_message_parse (line, strlen (line), PJ_NET_TO_CLIENT, &type, &message, &error))
    {
      g_test_message ("lobby with level “%s”: %s", name, error->message);
      return FALSE;
    }
  return type == PJ_MSG_LOBBY;
}

static void
test_levels_table (void)
{
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    {
      const PjAiLevelInfo *info = pj_ai_level_info ((PjAiLevel) l);
      PjAiLevel back;

      g_assert_nonnull (info);
      g_assert_cmpuint (info->level, ==, l);   /* the table is in PjAiLevel order */
      g_assert_nonnull (info->name);
      g_assert_nonnull (info->title);
      g_assert_nonnull (info->long_title);
      g_assert_true (pj_ai_level_from_string (info->name, &back));
      g_assert_cmpuint (back, ==, l);
      g_assert_cmpstr (pj_ai_level_names ()[l], ==, info->name);
      for (guint k = 0; k < l; k++)
        g_assert_cmpstr (pj_ai_level_name ((PjAiLevel) k), !=, info->name);
    }
  g_assert_null (pj_ai_level_names ()[PJ_AI_N_LEVELS]);
}

static void
test_levels_everywhere (void)
{
  g_autofree char *readme = source_text ("README.md");
  g_autofree char *server_levels = paragraph (readme, "`pegs-and-jokers-server` hosts");
  g_autofree char *schema = source_text ("data/io.github.pegsandjokers.PegsAndJokers.gschema.xml");
  g_autofree char *levels = pj_ai_level_list ();
  g_autofree char *ids = pj_controller_id_list ();
  g_autofree char *schema_ids = NULL;
  g_auto (Run) new_help = RUN ("new", "--help");
  g_auto (Run) tournament_help = RUN ("tournament", "--help");
  g_autofree char *server_line = g_strdup_printf ("levels %s)", levels);

  /* the saved games' controllers but remote: what the settings keep */
  schema_ids = g_strndup (ids, strlen (ids) - strlen (", remote"));
  g_assert_cmpint (new_help.status, ==, 0);
  g_assert_cmpint (tournament_help.status, ==, 0);
  PLACE_CHECK (strstr (g_strdelimit (server_levels, "\n", ' '), server_line), "README.md (the table "
               "server's --computer SEAT:LEVEL)", levels);
  {
    g_autofree char *want = g_strdup_printf ("controller (%s)", schema_ids);
    PLACE_CHECK (strstr (schema, want), "data/…gschema.xml (the seats' description)", schema_ids);
  }

  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    {
      const PjAiLevelInfo *info = pj_ai_level_info ((PjAiLevel) l);
      const char *name = info->name;
      PjController c = pj_controller_from_level ((PjAiLevel) l), c2;
      PjAiLevel back;
      g_autofree char *seat = g_strdup_printf ("A:%s", name);
      g_autofree char *path = g_build_filename (g_get_tmp_dir (), "test-recipes-XXXXXX.json", NULL);
      int fd = g_mkstemp (path);

      g_test_message ("level %s", name);
      /* record: the seat controller that plays it, saved by the level's name */
      PLACE_CHECK (pj_controller_to_level (c, &back) && back == l, "record/pj-controller.c", name);
      PLACE_CHECK (g_strcmp0 (pj_controller_to_id (c), name) == 0, "record/pj-controller.c", name);
      PLACE_CHECK (pj_controller_from_id (name, &c2) && c2 == c, "record/pj-controller.c", name);
      PLACE_CHECK (strstr (ids, name), "pj_controller_id_list()", name);
      /* model: the words people see */
      PLACE_CHECK (pj_text_controller_title (c) && pj_text_controller_long_title (c),
                   "model/words/pj-text.c", name);
      /* net: a host's lobby naming it */
      PLACE_CHECK (lobby_accepts_level (name), "net/pj-net-message.c (the lobby's seats)", name);
      /* ai: it plays */
      {
        PjRules rules;
        PjState s;
        PjAction a;
        const PjAiBudget small = { .iterations = 8, .threads = 1 };

        pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
        pj_state_new_game (&s, &rules, 1, -1);
        PLACE_CHECK (pj_ai_choose (&s, (PjAiLevel) l, &small, 1, &a, NULL), "ai/pj-ai.c (pj_ai_choose)", name);
      }
      /* the CLI: its help, a seat it plays, a tournament side */
      PLACE_CHECK (strstr (new_help.out, name), "the CLI's “new --seat” help", name);
      PLACE_CHECK (strstr (tournament_help.out, name), "the tournament's help", name);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
      {
        g_auto (Run) r = RUN ("new", "--preset", "basic", "--players", "4", "--seed", "1",
                              "--seat", seat, "--seat", "B", "--seat", "C", "--seat", "D",
                              "-o", path);
        g_auto (Run) show = RUN ("show", path);
        g_autofree char *shown = g_strdup_printf ("Red: A (%s)", name);

        PLACE_CHECK (r.status == 0, "the CLI's “new --seat NAME:CONTROLLER”", name);
        PLACE_CHECK (strstr (show.out, shown), "the CLI's “show”", name);
      }
      g_unlink (path);
      {
        g_auto (Run) r = RUN ("tournament", "--preset", "basic", "--players", "4",
                              "--team-a", name, "--team-b", "easy", "--games", "2", "--seed", "1",
                              "--iterations", "4", "--threads", "1");
        g_autofree char *side = g_strdup_printf ("team A (%-9s)", name);

        g_test_message ("%s", r.err);
        PLACE_CHECK (r.status == 0, "the tournament's --team-a", name);
        PLACE_CHECK (strstr (r.out, side), "the tournament's results", name);
        /* the searching levels say their budget, the others none */
        PLACE_CHECK ((strstr (r.out, "4 iterations") != NULL) == info->searches,
                     "the tournament (which levels search)", name);
      }
    }
}

/* ---- a preset ---------------------------------------------------------- */

static void
test_presets_everywhere (void)
{
  g_autofree char *readme = source_text ("README.md");
  g_autofree char *readme_presets = paragraph (readme, "Presets (RULES.md §10):");
  g_autofree char *intro = paragraph (readme, "The North American partnership");
  g_autofree char *corpus = source_text ("tests/fuzz/make-corpus.sh");
  g_autofree char *list = pj_preset_list ();
  g_auto (Run) listed = RUN ("tournament", "--list-presets");
  g_auto (Run) simulate_help = RUN ("simulate", "--help");
  g_auto (Run) new_help = RUN ("new", "--help");
  g_auto (Run) tournament_help = RUN ("tournament", "--help");
  g_auto (Run) unknown = RUN ("simulate", "--preset", "no-such-preset", "--players", "4", "--games", "1",
                              "--seed", "1");
  GError *error = NULL;
  PjRules r;

  g_assert_false (pj_rules_from_string (&r, "no-such-preset players=4", &error));
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      const char *name = pj_preset_name ((PjPreset) p);
      g_autofree char *quoted = NULL;
      g_autofree char *line = NULL;
      g_autofree char *text = NULL;
      PjPreset back;
      PjRules rules, read;

      PLACE_CHECK (name != NULL, "engine/pj-rules.c (the presets' table)", "a preset");
      g_test_message ("preset %s", name);
      PLACE_CHECK (pj_preset_title ((PjPreset) p) && pj_preset_description ((PjPreset) p),
                   "engine/pj-rules.c (the presets' table)", name);
      PLACE_CHECK (pj_preset_lookup (name, &back) && back == p, "engine/pj-rules.c", name);
      for (guint players = 4; players <= 8; players += 2)
        {
          pj_rules_preset (&rules, (PjPreset) p, players);
          PLACE_CHECK (pj_rules_validate (&rules, NULL), "pj_rules_preset()", name);
          /* a preset with no case of its own in pj_rules_preset() plays basic */
          PLACE_CHECK (pj_rules_match_preset (&rules) == (int) p,
                       "pj_rules_preset() (its own rules)", name);
          text = pj_rules_to_string (&rules);
          PLACE_CHECK (pj_rules_from_string (&read, text, NULL)
                       && memcmp (&read, &rules, sizeof rules) == 0, "pj_rules_to_string()", name);
          g_clear_pointer (&text, g_free);
        }
      PLACE_CHECK (strstr (list, name), "pj_preset_list()", name);
      PLACE_CHECK (strstr (error->message, name), "pj_rules_from_string()'s message", name);
      line = g_strdup_printf ("%s\n", name);
      PLACE_CHECK (strstr (listed.out, line), "“tournament --list-presets”", name);
      PLACE_CHECK (strstr (simulate_help.out, name), "“simulate --help”", name);
      PLACE_CHECK (strstr (new_help.out, name), "“new --help”", name);
      PLACE_CHECK (strstr (tournament_help.out, name), "“tournament --help”", name);
      PLACE_CHECK (strstr (unknown.err, name), "the CLI's “unknown preset” message", name);
      quoted = g_strdup_printf ("`%s`", name);
      PLACE_CHECK (strstr (readme_presets, quoted), "README.md (“Presets (RULES.md §10)”)", name);
      {
        g_autofree char *title = g_ascii_strdown (pj_preset_title ((PjPreset) p), -1);
        g_autofree char *words = g_ascii_strdown (g_strdelimit (intro, "\n", ' '), -1);

        PLACE_CHECK (strstr (words, title), "README.md (its first paragraph)", name);
      }
      PLACE_CHECK (strstr (corpus, name), "tests/fuzz/make-corpus.sh (the fuzz corpus)", name);
      {
        g_auto (Run) sim = RUN ("simulate", "--preset", name, "--players", "4", "--games", "1",
                                "--seed", "1");
        PLACE_CHECK (sim.status == 0, "“simulate --preset”", name);
      }
    }
  g_error_free (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc != 3)
    {
      g_printerr ("usage: %s PATH-TO-pegs-and-jokers-cli SOURCE-ROOT\n", argv[0]);
      return 2;
    }
  cli = argv[1];
  source_root = argv[2];
  g_test_add_func ("/recipes/levels/table", test_levels_table);
  g_test_add_func ("/recipes/levels/everywhere", test_levels_everywhere);
  g_test_add_func ("/recipes/presets/everywhere", test_presets_everywhere);
  return g_test_run ();
}
