/* test-record.c — saved games: round trips, replay views, dates, the JSON
 * layout, and random records reloading as they were.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* symlink, mkfifo */
#define _GNU_SOURCE

#include "pj-record.h"
#include "pj-file.h"
#include "pj-json-limits.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "test-record-util.h"

/* ---- round trips ----------------------------------------------------- */

static void
test_round_trip (gconstpointer data)
{
  PjPreset preset = GPOINTER_TO_UINT (data);

  for (guint players = 4; players <= 8; players += 2)
    {
      g_autoptr (PjRecord) record = random_game (preset, players, 100 + players, 0);
      g_autoptr (PjRecord) back = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *json = NULL;
      g_autofree char *again = NULL;
      gsize length;

      g_assert_true (pj_state_is_over (pj_record_get_state (record)));
      pj_record_set_title (record, "Round trip");
      json = pj_record_to_json (record, &length);
      g_assert_cmpuint (strlen (json), ==, length);
      back = pj_record_from_json (json, -1, &error);
      g_assert_no_error (error);
      assert_same_record (record, back);
      /* writing it again gives the same text */
      again = pj_record_to_json (back, NULL);
      g_assert_cmpstr (json, ==, again);
    }
}

static void
test_save_load (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (PjRecord) record = random_game (PJ_PRESET_NORTH_CAROLINA, 4, 5, 150);
  g_autoptr (PjRecord) back = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  g_assert_true (pj_record_save (record, path, &error));
  g_assert_no_error (error);
  back = pj_record_load (path, &error);
  g_assert_no_error (error);
  assert_same_record (record, back);

  /* a game in progress can be continued after loading */
  {
    PjActionList list;

    pj_action_list_init (&list);
    pj_legal_actions (pj_record_get_state (back), &list);
    g_assert_cmpuint (list.n, >, 0);
    g_assert_true (pj_record_append (back, &list.v[0], &error));
    g_assert_true (pj_record_append (record, &list.v[0], &error));
    assert_same_record (record, back);
    pj_action_list_clear (&list);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_state_at_and_truncate (void)
{
  g_autoptr (PjRecord) record = random_game (PJ_PRESET_BASIC, 4, 9, 0);
  guint n = pj_record_get_n_actions (record);
  g_autofree PjState *states = g_new (PjState, n + 1);
  g_autofree PjAction *actions = g_new (PjAction, n);
  PjState s;

  g_assert_cmpuint (n, >, 200);   /* several checkpoints */
  pj_record_state_at (record, 0, &states[0]);
  for (guint i = 0; i < n; i++)
    {
      actions[i] = *pj_record_get_action (record, i);
      states[i + 1] = states[i];
      pj_state_apply (&states[i + 1], pj_record_get_action (record, i));
    }
  for (guint i = 0; i <= n; i += (i % 64 == 63 || i % 64 == 0) ? 1 : 17)
    {
      pj_record_state_at (record, i, &s);
      assert_same_state (&s, &states[i]);
    }
  assert_same_state (pj_record_get_state (record), &states[n]);

  /* undo to a point, then play on differently */
  pj_record_truncate (record, 130);
  g_assert_cmpuint (pj_record_get_n_actions (record), ==, 130);
  assert_same_state (pj_record_get_state (record), &states[130]);
  pj_record_truncate (record, 500000);   /* ignored */
  g_assert_cmpuint (pj_record_get_n_actions (record), ==, 130);
  pj_record_truncate (record, 64);
  assert_same_state (pj_record_get_state (record), &states[64]);
  pj_record_truncate (record, 0);
  assert_same_state (pj_record_get_state (record), &states[0]);
  /* and play the same actions again, past a checkpoint */
  for (guint i = 0; i < 70; i++)
    g_assert_true (pj_record_append (record, &actions[i], NULL));
  assert_same_state (pj_record_get_state (record), &states[70]);
  pj_record_state_at (record, 65, &s);
  assert_same_state (&s, &states[65]);
}

static void
test_append_illegal (void)
{
  g_autoptr (PjRecord) record = random_game (PJ_PRESET_BASIC, 4, 3, 20);
  g_autoptr (GError) error = NULL;
  PjState before = *pj_record_get_state (record);
  PjAction bogus = { 0 };

  bogus.kind = PJ_ACTION_MOVE;
  bogus.card = bogus.declared = PJ_CARD_KING;
  bogus.n_steps = 1;
  bogus.steps[0].peg = PJ_PEG_ID ((before.actor + 1) % 4, 0);   /* someone else's peg */
  bogus.steps[0].from = PJ_POS_START;
  bogus.steps[0].to = pj_come_out_hole (&before.rules, (before.actor + 1) % 4);
  g_assert_false (pj_record_append (record, &bogus, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  g_assert_cmpuint (pj_record_get_n_actions (record), ==, 20);
  assert_same_state (pj_record_get_state (record), &before);

  g_assert_false (pj_record_append_string (record, "no such move", &error));
  g_assert_true (error->domain == PJ_ENGINE_ERROR);
  g_assert_cmpuint (pj_record_get_n_actions (record), ==, 20);
  assert_same_state (pj_record_get_state (record), &before);
}

static void
test_new_checks (void)
{
  g_autoptr (GError) error = NULL;
  PjRules rules;
  PjSeat seats[2] = { { (char *) "A", PJ_CONTROLLER_HUMAN }, { (char *) "B", PJ_CONTROLLER_HARD } };
  PjRecord *record;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  record = pj_record_new (&rules, 1, -1, seats, 2, &error);
  g_assert_null (record);
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SEATS);
  g_clear_error (&error);

  rules.decks = 7;
  record = pj_record_new (&rules, 1, -1, NULL, 0, &error);
  g_assert_null (record);
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES);
  g_clear_error (&error);

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 6);
  record = pj_record_new (&rules, 1, 4, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pj_record_get_dealer (record), ==, 4);
  g_assert_cmpstr (pj_record_get_seat (record, 1)->name, ==, pj_colour_name (1));
  pj_record_unref (record);
}


/* ---- property: any record reloads as it was ------------------------------ */

/* Valid UTF-8 of at most max bytes, from pieces that stress the writer and
 * the scanner before the parser: quotes, backslashes, brackets, control
 * characters, and one- to four-byte characters. */
static char *
random_text (GRand *rand,
             gsize  max)
{
  static const char *const pieces[] = {
    "a", "Z", "7", " ", "\"", "\\", "/", "[", "]", "{", "}", "\t", "\n", "\x01",
    "é", "ß", "Ω", "ñ", "\u00a0", "漢", "字", "\u2028", "🃏", "😀",
  };
  GString *out = g_string_new (NULL);
  gsize want = g_rand_boolean (rand) ? (gsize) g_rand_int_range (rand, 0, 12)
                                     : (gsize) g_rand_int_range (rand, 0, (gint32) max + 1);

  while (out->len < want)
    {
      const char *piece = pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))];

      if (out->len + strlen (piece) > max)
        break;
      g_string_append (out, piece);
    }
  return g_string_free (out, FALSE);
}

static PjRecord *
random_record (GRand *rand)
{
  static const guint player_counts[] = { 4, 6, 8 };
  PjPreset preset = (PjPreset) g_rand_int_range (rand, 0, PJ_N_PRESETS);
  guint players = player_counts[g_rand_int_range (rand, 0, G_N_ELEMENTS (player_counts))];
  guint64 seed = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  int dealer = g_rand_int_range (rand, -1, (gint32) players);
  guint n_actions = g_rand_boolean (rand) ? (guint) g_rand_int_range (rand, 0, 8)
                                          : (guint) g_rand_int_range (rand, 0, 250);
  g_autoptr (GDateTime) created = NULL;
  PjSeat seats[PJ_MAX_PLAYERS];
  PjActionList list;
  PjRecord *record;
  PjRules rules;

  pj_rules_preset (&rules, preset, players);
  for (guint i = 0; i < players; i++)
    {
      seats[i].name = random_text (rand, PJ_RECORD_MAX_NAME);
      seats[i].controller = (PjController) g_rand_int_range (rand, 0, PJ_N_CONTROLLERS);
    }
  record = pj_record_new (&rules, seed, dealer, seats, players, NULL);
  g_assert_nonnull (record);
  for (guint i = 0; i < players; i++)
    g_free (seats[i].name);

  pj_action_list_init (&list);
  for (guint i = 0; i < n_actions && !pj_state_is_over (pj_record_get_state (record)); i++)
    {
      const PjState *st = pj_record_get_state (record);
      PjAction a;

      pj_legal_actions (st, &list);
      g_assert_cmpuint (list.n, >, 0);
      a = list.v[g_rand_int_range (rand, 0, (gint32) list.n)];
      g_assert_true (pj_record_append (record, &a, NULL));
    }
  pj_action_list_clear (&list);

  /* any date GLib allows; years before 1000 were once written unpadded */
  created = g_date_time_new_utc (g_rand_boolean (rand) ? g_rand_int_range (rand, 1, 1000)
                                                       : g_rand_int_range (rand, 1, 10000),
                                 g_rand_int_range (rand, 1, 13), g_rand_int_range (rand, 1, 29),
                                 g_rand_int_range (rand, 0, 24), g_rand_int_range (rand, 0, 60),
                                 g_rand_int_range (rand, 0, 60));
  pj_record_set_created (record, created);
  if (g_rand_boolean (rand))
    {
      g_autofree char *title = random_text (rand, PJ_RECORD_MAX_TITLE);

      pj_record_set_title (record, title);
    }
  return record;
}

static void
test_property_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL;
  /* a fixed seed: a failure is the same on every run */
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  guint actions = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "property.json", NULL);
  for (guint i = 0; i < 300; i++)
    {
      g_autoptr (PjRecord) record = random_record (rand);
      g_autoptr (PjRecord) back = NULL;
      g_autofree char *json = NULL;
      g_autofree char *again = NULL;
      const char *created;

      json = pj_record_to_json (record, NULL);
      /* ISO 8601's four-digit year, not only what our loader forgives */
      created = strstr (json, "\"created\" : \"");
      g_assert_nonnull (created);
      created += strlen ("\"created\" : \"");
      g_assert_true (g_ascii_isdigit (created[0]) && g_ascii_isdigit (created[3])
                     && created[4] == '-');
      /* every 25th through a file too: the loader's own checks, one fsync */
      if (i % 25 == 0)
        {
          g_assert_true (pj_record_save (record, path, &error));
          g_assert_no_error (error);
          back = pj_record_load (path, &error);
        }
      else
        back = pj_record_from_json (json, -1, &error);
      if (error != NULL)
        g_error ("case %u: %s\n%s", i, error->message, json);
      assert_same_record (record, back);
      g_assert_true (g_date_time_equal (pj_record_get_created (record),
                                        pj_record_get_created (back)));
      again = pj_record_to_json (back, NULL);
      g_assert_cmpstr (json, ==, again);
      actions += pj_record_get_n_actions (record);
    }
  g_test_message ("300 records, %u actions", actions);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- dates ------------------------------------------------------------ */

static void
test_dates (void)
{
  static const int years[] = { 1, 9, 10, 99, 273, 999, 1000, 2026, 9999 };

  for (guint i = 0; i < G_N_ELEMENTS (years); i++)
    {
      g_autoptr (GDateTime) when = g_date_time_new_utc (years[i], 11, 30, 1, 2, 3.75);
      g_autoptr (PjRecord) record = random_game (PJ_PRESET_BASIC, 4, 3, 2);
      g_autoptr (PjRecord) back = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *json = NULL;
      g_autofree char *expect = g_strdup_printf ("\"%04d-11-30T01:02:03Z\"", years[i]);

      pj_record_set_created (record, when);
      g_assert_cmpint (g_date_time_get_year (pj_record_get_created (record)), ==, years[i]);
      json = pj_record_to_json (record, NULL);
      g_assert_nonnull (strstr (json, expect));
      back = pj_record_from_json (json, -1, &error);
      g_assert_no_error (error);
      g_assert_true (g_date_time_equal (pj_record_get_created (record),
                                        pj_record_get_created (back)));
      assert_same_record (record, back);
    }

  /* a set date is kept as it is saved: in UTC, to the second */
  {
    g_autoptr (GTimeZone) east = g_time_zone_new_offset (5 * 3600);
    g_autoptr (GDateTime) local = g_date_time_new (east, 2026, 1, 1, 3, 0, 9.5);
    g_autoptr (PjRecord) record = random_game (PJ_PRESET_BASIC, 4, 3, 0);
    g_autofree char *json = NULL;

    pj_record_set_created (record, local);
    json = pj_record_to_json (record, NULL);
    g_assert_nonnull (strstr (json, "\"2025-12-31T22:00:09Z\""));
    g_assert_cmpfloat (g_date_time_get_seconds (pj_record_get_created (record)), ==, 9.0);
  }

  /* files written before years were zero-padded still load */
  {
    g_autofree char *old = g_strdup (base_json);
    char *created = strstr (old, "\"created\" : \"");
    g_autoptr (PjRecord) back = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *fixed = NULL;

    g_assert_nonnull (created);
    created += strlen ("\"created\" : \"");
    memcpy (created, "0273", 4);
    fixed = replace_once (old, "\"0273-", "\"273-");
    back = pj_record_from_json (fixed, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_date_time_get_year (pj_record_get_created (back)), ==, 273);
    g_clear_pointer (&fixed, g_free);
    fixed = replace_once (old, "\"0273-", "\"0000-");
    expect_error (fixed, -1, PJ_RECORD_ERROR_FIELD, "year 0");
    g_clear_pointer (&fixed, g_free);
    fixed = replace_once (old, "\"0273-", "\"73-");
    g_clear_pointer (&back, pj_record_unref);
    back = pj_record_from_json (fixed, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_date_time_get_year (pj_record_get_created (back)), ==, 73);
  }
}


/* pj_record_to_json() writes by hand what json-glib's pretty generator would
 * (so old and new saves look alike), escapes included, for every preset. */
static void
test_json_layout (void)
{
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      g_autoptr (PjRecord) game = random_game ((PjPreset) p, 4, 11 + p, 40);
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (JsonGenerator) gen = json_generator_new ();
      g_autoptr (GError) error = NULL;
      g_autofree char *ours = NULL, *theirs = NULL, *expected = NULL;
      gsize length;

      pj_record_set_title (game, "A \"quoted\" title with a \\, a\ttab, a\x01 and ünïcode");
      ours = pj_record_to_json (game, &length);
      g_assert_cmpuint (length, ==, strlen (ours));
      g_assert_true (json_parser_load_from_data (parser, ours, -1, &error));
      g_assert_no_error (error);
      json_generator_set_root (gen, json_parser_get_root (parser));
      json_generator_set_pretty (gen, TRUE);
      json_generator_set_indent (gen, 2);
      theirs = json_generator_to_data (gen, NULL);
      expected = g_strconcat (theirs, "\n", NULL);
      g_assert_cmpstr (ours, ==, expected);
    }
}

/* The notation kept per action follows undo: the saved text after a
 * truncation and new moves is what a fresh replay writes. */
static void
test_texts_follow_truncate (void)
{
  g_autoptr (PjRecord) game = random_game (PJ_PRESET_BASIC, 4, 7, 60);
  g_autoptr (PjRecord) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL, *json_again = NULL;
  guint n = pj_record_get_n_actions (game);

  g_assert_cmpuint (n, >, 20);
  pj_record_truncate (game, n / 2);
  json = pj_record_to_json (game, NULL);
  again = pj_record_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pj_record_get_n_actions (again), ==, n / 2);
  json_again = pj_record_to_json (again, NULL);
  g_assert_cmpstr (json, ==, json_again);
}


int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  record_base_init ();
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      g_autofree char *path = g_strdup_printf ("/record/round-trip/%s", pj_preset_name (p));
      g_test_add_data_func (path, GUINT_TO_POINTER (p), test_round_trip);
    }
  g_test_add_func ("/record/save-load", test_save_load);
  g_test_add_func ("/record/state-at-truncate", test_state_at_and_truncate);
  g_test_add_func ("/record/append-illegal", test_append_illegal);
  g_test_add_func ("/record/new-checks", test_new_checks);
  g_test_add_func ("/record/texts-follow-truncate", test_texts_follow_truncate);
  g_test_add_func ("/record/json-layout", test_json_layout);
  g_test_add_func ("/record/dates", test_dates);
  g_test_add_func ("/record/property/round-trip", test_property_round_trip);
  status = g_test_run ();

  record_base_clear ();
  return status;
}
