/* test-record.c — saved games: round trips, replay views, and every kind of
 * bad file giving its own error and loading nothing.
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

/* Play n random legal actions (all of them if n == 0) into a new record. */
static PjRecord *
random_game (PjPreset preset,
             guint    players,
             guint64  seed,
             guint    n)
{
  PjRules rules;
  PjRecord *record;
  PjActionList list;
  PjRng rng;
  PjSeat seats[PJ_MAX_PLAYERS];
  char *names[PJ_MAX_PLAYERS];

  pj_rules_preset (&rules, preset, players);
  for (guint i = 0; i < players; i++)
    {
      names[i] = g_strdup_printf ("Player “%u” ünïcode", i + 1);
      seats[i].name = names[i];
      seats[i].controller = (PjController) (i % PJ_N_CONTROLLERS);
    }
  record = pj_record_new (&rules, seed, -1, seats, players, NULL);
  g_assert_nonnull (record);
  for (guint i = 0; i < players; i++)
    g_free (names[i]);

  pj_rng_seed (&rng, seed * 31 + 7);
  pj_action_list_init (&list);
  for (guint i = 0; (n == 0 || i < n) && !pj_state_is_over (pj_record_get_state (record)); i++)
    {
      const PjState *s = pj_record_get_state (record);
      PjAction a;

      pj_legal_actions (s, &list);
      g_assert_cmpuint (list.n, >, 0);
      a = list.v[pj_rng_below (&rng, list.n)];
      if (s->phase == PJ_PHASE_CHALLENGE)    /* rare challenges keep games short */
        for (guint k = 0; k < list.n; k++)
          if (list.v[k].kind == (pj_rng_double (&rng) < 0.1 ? PJ_ACTION_CHALLENGE : PJ_ACTION_PASS))
            a = list.v[k];
      g_assert_true (pj_record_append (record, &a, NULL));
      g_assert_cmpuint (i, <, 1000000);
    }
  pj_action_list_clear (&list);
  return record;
}

/* The engine leaves stale steps past n_steps in a pending Bluffing Joker
 * move (they come from a reused action list); they mean nothing. */
static void
normalize (PjState *s)
{
  if (s->pending.kind == PJ_ACTION_NONE)
    memset (&s->pending, 0, sizeof s->pending);
  else
    memset (&s->pending.steps[s->pending.n_steps], 0,
            sizeof (PjStep) * (PJ_MAX_STEPS - s->pending.n_steps));
}

static void
assert_same_state (const PjState *a,
                   const PjState *b)
{
  g_autofree char *ta = pj_position_to_string (a);
  g_autofree char *tb = pj_position_to_string (b);
  PjState x = *a, y = *b;

  g_assert_cmpstr (ta, ==, tb);
  normalize (&x);
  normalize (&y);
  g_assert_cmpmem (&x, sizeof x, &y, sizeof y);
}

static void
assert_same_record (PjRecord *a,
                    PjRecord *b)
{
  g_assert_cmpmem (pj_record_get_rules (a), sizeof (PjRules), pj_record_get_rules (b), sizeof (PjRules));
  g_assert_cmpuint (pj_record_get_seed (a), ==, pj_record_get_seed (b));
  g_assert_cmpuint (pj_record_get_dealer (a), ==, pj_record_get_dealer (b));
  g_assert_cmpstr (pj_record_get_title (a), ==, pj_record_get_title (b));
  g_assert_cmpint (g_date_time_to_unix (pj_record_get_created (a)), ==,
                   g_date_time_to_unix (pj_record_get_created (b)));
  g_assert_cmpuint (pj_record_get_n_seats (a), ==, pj_record_get_n_seats (b));
  for (guint i = 0; i < pj_record_get_n_seats (a); i++)
    {
      g_assert_cmpstr (pj_record_get_seat (a, i)->name, ==, pj_record_get_seat (b, i)->name);
      g_assert_cmpint (pj_record_get_seat (a, i)->controller, ==, pj_record_get_seat (b, i)->controller);
    }
  g_assert_cmpuint (pj_record_get_n_actions (a), ==, pj_record_get_n_actions (b));
  for (guint i = 0; i < pj_record_get_n_actions (a); i++)
    g_assert_true (pj_action_equal (pj_record_get_action (a, i), pj_record_get_action (b, i)));
  assert_same_state (pj_record_get_state (a), pj_record_get_state (b));
}

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

/* ---- bad files ------------------------------------------------------- */

/* A game of basic rules (where a swapped or foreign action is clearly illegal). */
static char *base_json;
static PjRecord *base_record;

static void
expect_error (const char    *json,
              gssize         length,
              PjRecordError  code,
              const char    *what)
{
  g_autoptr (GError) error = NULL;
  PjRecord *record = pj_record_from_json (json, length, &error);

  if (record != NULL || !g_error_matches (error, PJ_RECORD_ERROR, code))
    g_error ("%s: expected record error %d, got %s (%s)", what, code,
             record ? "a record" : error ? g_quark_to_string (error->domain) : "nothing",
             error ? error->message : "");
  g_assert_nonnull (error->message);
  g_test_message ("%s: %s", what, error->message);
}

static char *
replace_once (const char *text,
              const char *find,
              const char *replacement)
{
  GString *s = g_string_new (text);

  g_assert_nonnull (strstr (text, find));
  g_string_replace (s, find, replacement, 1);
  return g_string_free (s, FALSE);
}

/* A damaged file is told in people's words: where, not the parser's terms. */
static void
test_bad_syntax_words (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *damaged = replace_once (base_json, "\"seed\"", "\"seed\" @");
  const char *p = strstr (damaged, "@");
  guint line = 1;

  for (const char *c = damaged; c < p; c++)
    line += *c == '\n';
  g_assert_null (pj_record_from_json (damaged, -1, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX);
  g_test_message ("%s", error->message);
  g_assert_null (strstr (error->message, "JSON"));
  g_assert_null (strstr (error->message, "<data>"));
  g_assert_null (strstr (error->message, "Parse error"));
  {
    g_autofree char *near = g_strdup_printf ("near line %u", line);
    g_assert_nonnull (strstr (error->message, near));
  }
}

static void
test_bad_syntax (void)
{
  gsize len = strlen (base_json);
  gsize cuts[] = { 0, 1, 2, 10, 100, len / 3, len / 2, len - 40, len - 3 };
  g_autofree char *nul = g_strdup (base_json);

  expect_error ("hello", -1, PJ_RECORD_ERROR_SYNTAX, "not JSON");
  expect_error ("{\"format\": ", -1, PJ_RECORD_ERROR_SYNTAX, "cut JSON");
  expect_error ("\xff\xfe{}", -1, PJ_RECORD_ERROR_SYNTAX, "not UTF-8");
  nul[20] = '\0';
  expect_error (nul, (gssize) len, PJ_RECORD_ERROR_SYNTAX, "NUL byte");
  for (guint i = 0; i < G_N_ELEMENTS (cuts); i++)
    {
      g_autofree char *what = g_strdup_printf ("truncated at %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT,
                                               cuts[i], len);
      expect_error (base_json, (gssize) cuts[i], PJ_RECORD_ERROR_SYNTAX, what);
    }
  /* every cut before the closing brace fails, never loads a shorter game */
  for (gsize cut = 0; cut + 2 < len; cut += 97)
    {
      g_autoptr (GError) error = NULL;
      g_assert_null (pj_record_from_json (base_json, (gssize) cut, &error));
      g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX);
    }
}

typedef struct {
  const char *what;
  const char *find;
  const char *replacement;
  PjRecordError code;
} Edit;

static const Edit edits[] = {
  { "array root", NULL, "[1, 2]", PJ_RECORD_ERROR_FORMAT },
  { "other format", "\"pegs-and-jokers-game\"", "\"chess-game\"", PJ_RECORD_ERROR_FORMAT },
  { "format not a string", "\"pegs-and-jokers-game\"", "7", PJ_RECORD_ERROR_FORMAT },
  { "no format", "\"format\"", "\"formats\"", PJ_RECORD_ERROR_FORMAT },
  { "newer version", "\"version\" : 1", "\"version\" : 2", PJ_RECORD_ERROR_VERSION },
  { "version zero", "\"version\" : 1", "\"version\" : 0", PJ_RECORD_ERROR_VERSION },
  { "version as string", "\"version\" : 1", "\"version\" : \"1\"", PJ_RECORD_ERROR_FIELD },
  { "version as float", "\"version\" : 1", "\"version\" : 1.0", PJ_RECORD_ERROR_FIELD },
  { "no version", "\"version\"", "\"versio\"", PJ_RECORD_ERROR_FIELD },
  { "no rules", "\"rules\"", "\"rulez\"", PJ_RECORD_ERROR_FIELD },
  { "rules not an object", "\"rules\" : {", "\"rules\" : 3, \"x\" : {", PJ_RECORD_ERROR_FIELD },
  { "no preset", "\"preset\"", "\"prest\"", PJ_RECORD_ERROR_FIELD },
  { "unknown preset", "\"preset\" : \"basic\"", "\"preset\" : \"no-such-preset\"", PJ_RECORD_ERROR_RULES },
  { "no options", "\"options\"", "\"optionz\"", PJ_RECORD_ERROR_FIELD },
  { "unknown option", "\"decks\" : \"3\"", "\"decks\" : \"3\", \"wild_sevens\" : \"yes\"", PJ_RECORD_ERROR_RULES },
  { "bad option value", "\"decks\" : \"3\"", "\"decks\" : \"5\"", PJ_RECORD_ERROR_RULES },
  { "option not a string", "\"decks\" : \"3\"", "\"decks\" : 3", PJ_RECORD_ERROR_FIELD },
  { "bad players", "\"players\" : \"4\"", "\"players\" : \"5\"", PJ_RECORD_ERROR_RULES },
  { "no players", "\"players\" : \"4\",", "", PJ_RECORD_ERROR_FIELD },
  { "bad teams", "\"teams\" : \"2\"", "\"teams\" : \"3\"", PJ_RECORD_ERROR_RULES },
  { "bad combination", "\"stuck_pile\" : \"no\"", "\"stuck_pile\" : \"yes\"", PJ_RECORD_ERROR_RULES },
  { "no seed", "\"seed\"", "\"sead\"", PJ_RECORD_ERROR_FIELD },
  { "seed as number", "\"seed\" : \"11\"", "\"seed\" : 11", PJ_RECORD_ERROR_FIELD },
  { "seed not a number", "\"seed\" : \"11\"", "\"seed\" : \"eleven\"", PJ_RECORD_ERROR_FIELD },
  { "seed negative", "\"seed\" : \"11\"", "\"seed\" : \"-11\"", PJ_RECORD_ERROR_FIELD },
  { "seed too large", "\"seed\" : \"11\"", "\"seed\" : \"18446744073709551616\"", PJ_RECORD_ERROR_FIELD },
  { "no dealer", "\"dealer\"", "\"deeler\"", PJ_RECORD_ERROR_FIELD },
  { "dealer out of range", "\"dealer\" : ", "\"dealer\" : 4, \"x\" : ", PJ_RECORD_ERROR_FIELD },
  { "dealer negative", "\"dealer\" : ", "\"dealer\" : -1, \"x\" : ", PJ_RECORD_ERROR_FIELD },
  { "dealer as string", "\"dealer\" : ", "\"dealer\" : \"0\", \"x\" : ", PJ_RECORD_ERROR_FIELD },
  { "no seats", "\"seats\"", "\"sits\"", PJ_RECORD_ERROR_FIELD },
  { "seats not a list", "\"seats\" : [", "\"seats\" : {}, \"x\" : [", PJ_RECORD_ERROR_FIELD },
  { "too few seats", "\"seats\" : [", "\"seats\" : [], \"x\" : [", PJ_RECORD_ERROR_SEATS },
  { "too many seats", "\"seats\" : [", "\"seats\" : [ { \"name\" : \"E\", \"controller\" : \"easy\" },", PJ_RECORD_ERROR_SEATS },
  { "seat not an object", "\"seats\" : [", "\"seats\" : [ 1, 2, 3, 4 ], \"x\" : [", PJ_RECORD_ERROR_FIELD },
  { "seat name not a string", "\"name\" : \"Ann\"", "\"name\" : null", PJ_RECORD_ERROR_FIELD },
  { "seat name missing", "\"name\" : \"Ann\"", "\"nome\" : \"Ann\"", PJ_RECORD_ERROR_FIELD },
  { "unknown controller", "\"controller\" : \"human\"", "\"controller\" : \"robot\"", PJ_RECORD_ERROR_FIELD },
  { "no created", "\"created\"", "\"kreated\"", PJ_RECORD_ERROR_FIELD },
  { "bad created", "\"created\" : \"", "\"created\" : \"yesterday\", \"x\" : \"", PJ_RECORD_ERROR_FIELD },
  { "title not a string", "\"title\" : \"Test\"", "\"title\" : [ ]", PJ_RECORD_ERROR_FIELD },
  { "no actions", "\"actions\"", "\"akshuns\"", PJ_RECORD_ERROR_FIELD },
  { "actions not a list", "\"actions\" : [", "\"actions\" : \"K R1 s-r8\", \"x\" : [", PJ_RECORD_ERROR_FIELD },
  { "action not a string", "\"actions\" : [", "\"actions\" : [ 7,", PJ_RECORD_ERROR_FIELD },
  { "action gibberish", "\"actions\" : [", "\"actions\" : [ \"fly to the moon\",", PJ_RECORD_ERROR_ACTION },
  { "action empty", "\"actions\" : [", "\"actions\" : [ \"\",", PJ_RECORD_ERROR_ACTION },
};

static void
test_bad_fields (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *json = edits[i].find ? replace_once (base_json, edits[i].find,
                                                            edits[i].replacement)
                                            : g_strdup (edits[i].replacement);
      expect_error (json, -1, edits[i].code, edits[i].what);
    }
}

/* Edit the list of actions of the base game through json-glib. */
static char *
with_actions (void (*edit) (JsonArray *actions, gpointer data), gpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, base_json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  edit (json_object_get_array_member (root, "actions"), data);
  json_generator_set_root (gen, json_parser_get_root (parser));
  return json_generator_to_data (gen, NULL);
}

static void
swap_actions (JsonArray *actions,
              gpointer   data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autofree char *a = g_strdup (json_array_get_string_element (actions, i));
  g_autofree char *b = g_strdup (json_array_get_string_element (actions, i + 1));

  json_node_set_string (json_array_get_element (actions, i), b);
  json_node_set_string (json_array_get_element (actions, i + 1), a);
}

static void
tamper_action (JsonArray *actions,
               gpointer   data)
{
  guint i = GPOINTER_TO_UINT (data);

  /* a five never brings a peg out of start */
  json_node_set_string (json_array_get_element (actions, i), "5 R1 s-r8");
}

static void
drop_action (JsonArray *actions,
             gpointer   data)
{
  json_array_remove_element (actions, GPOINTER_TO_UINT (data));
}

static void
expect_action_error (const char *json,
                     guint       number,
                     const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("Action %u ", number);

  g_assert_null (pj_record_from_json (json, -1, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_ACTION);
  g_test_message ("%s: %s", what, error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

static void
test_bad_actions (void)
{
  guint n = pj_record_get_n_actions (base_record);
  guint swap = 0, tamper = 0;

  /* two moves by different colours: swapped, the first is by the wrong player */
  for (guint i = 10; i + 1 < n && swap == 0; i++)
    if (pj_record_get_action (base_record, i)->kind == PJ_ACTION_MOVE
        && pj_record_get_action (base_record, i + 1)->kind == PJ_ACTION_MOVE)
      swap = i;
  g_assert_cmpuint (swap, >, 0);
  {
    g_autofree char *json = with_actions (swap_actions, GUINT_TO_POINTER (swap));
    expect_action_error (json, swap + 1, "swapped actions");
  }

  /* a move that was never legal there */
  for (guint i = 5; i < n && tamper == 0; i++)
    if (pj_record_get_action (base_record, i)->kind == PJ_ACTION_MOVE)
      tamper = i;
  {
    g_autofree char *json = with_actions (tamper_action, GUINT_TO_POINTER (tamper));
    expect_action_error (json, tamper + 1, "tampered action");
  }

  /* a dropped action shifts every later one to the wrong player */
  {
    g_autofree char *json = with_actions (drop_action, GUINT_TO_POINTER (swap));
    g_autoptr (GError) error = NULL;
    g_assert_null (pj_record_from_json (json, -1, &error));
    g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_ACTION);
  }
}

static void
test_action_after_end (void)
{
  g_autoptr (PjRecord) done = random_game (PJ_PRESET_KILPATRICK, 4, 21, 0);
  g_autofree char *json = pj_record_to_json (done, NULL);
  g_autofree char *more = NULL;
  g_autoptr (GError) error = NULL;
  char *end = strrchr (json, ']');

  g_assert_true (pj_state_is_over (pj_record_get_state (done)));
  g_assert_nonnull (end);
  *end = '\0';
  more = g_strconcat (json, ", \"discard 7\" ] }", NULL);
  expect_action_error (more, pj_record_get_n_actions (done) + 1, "action after the end");
}

static void
test_too_large (void)
{
  gsize big = PJ_RECORD_MAX_FILE_SIZE + 1;
  g_autofree char *spaces = g_malloc (big + 1);
  g_autofree char *many = NULL;
  GString *list = g_string_new (NULL);
  g_autofree char *head = g_strdup (base_json);
  char *actions = strstr (head, "\"actions\" : [");

  memset (spaces, ' ', big);
  spaces[big] = '\0';
  spaces[0] = '{';
  expect_error (spaces, (gssize) big, PJ_RECORD_ERROR_TOO_LARGE, "over 16 MiB");

  g_assert_nonnull (actions);
  actions[strlen ("\"actions\" : [")] = '\0';
  g_string_append (list, head);
  for (guint i = 0; i <= PJ_RECORD_MAX_ACTIONS; i++)
    g_string_append (list, i ? ",\"x\"" : "\"x\"");
  g_string_append (list, "] }");
  many = g_string_free (list, FALSE);
  expect_error (many, -1, PJ_RECORD_ERROR_TOO_LARGE, "too many actions");
}

static void
test_bad_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *huge = g_build_filename (dir, "huge.json", NULL);
  FILE *f;

  g_assert_no_error (error);
  g_assert_null (pj_record_load (missing, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
  g_clear_error (&error);

  g_assert_null (pj_record_load (dir, &error));   /* a folder */
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
  g_clear_error (&error);

  /* a sparse file larger than the limit is refused without reading it all */
  f = g_fopen (huge, "wb");
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 64 * 1024 * 1024, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('}', f), !=, EOF);
  fclose (f);
  g_assert_null (pj_record_load (huge, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE);
  g_clear_error (&error);

  g_assert_cmpint (g_remove (huge), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
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

/* ---- limits checked before parsing ------------------------------------- */

static void
test_json_limits (void)
{
  static const struct { const char *text; guint depth; gboolean ok; } nesting[] = {
    { "", 0, TRUE },
    { "[[[]]]", 3, TRUE },
    { "[[[]]]", 2, FALSE },
    { "{\"a\":{\"b\":[1]}}", 3, TRUE },
    { "{\"a\":{\"b\":[1]}}", 2, FALSE },
    /* brackets in strings and member names do not count */
    { "\"[[[[{{{{\"", 0, TRUE },
    { "{\"[[[[\":\"{{{{\"}", 1, TRUE },
    /* an escaped quote does not end the string; an escaped backslash does not
     * escape the quote after it */
    { "[\"\\\"[[[\"]", 1, TRUE },
    { "[\"\\\\\"[[]]]", 2, FALSE },
    { "[\"\\\\\"[[]]]", 3, TRUE },
    /* a string cut short hides what follows; stray closers never go below 0 */
    { "[\"[[[", 1, TRUE },
    { "]]]][[", 2, TRUE },
    { "]]]][[[", 2, FALSE },
    { "[]{}[]{}[][]", 1, TRUE },
  };
  static const struct { const char *text; gsize max; gboolean ok; } strings[] = {
    { "\"abc\"", 3, TRUE },
    { "\"abc\"", 2, FALSE },
    { "{\"abcd\":1}", 3, FALSE },
    { "[\"a\\\"b\"]", 4, TRUE },       /* counted as written: a \" b */
    { "[\"a\\\"b\"]", 3, FALSE },
    { "\"abcd", 3, FALSE },
    { "\"abc", 3, TRUE },
    { "[1, 2, 3333333]", 0, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (nesting); i++)
    {
      g_test_message ("nesting %s within %u", nesting[i].text, nesting[i].depth);
      g_assert_cmpint (pj_json_nesting_ok (nesting[i].text, strlen (nesting[i].text),
                                           nesting[i].depth), ==, nesting[i].ok);
    }
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      g_test_message ("strings %s within %" G_GSIZE_FORMAT, strings[i].text, strings[i].max);
      g_assert_cmpint (pj_json_strings_ok (strings[i].text, strlen (strings[i].text),
                                           strings[i].max), ==, strings[i].ok);
    }
  /* the length is the text's, not up to a NUL */
  g_assert_false (pj_json_nesting_ok ("[[[\0", 3, 2));
  g_assert_true (pj_json_nesting_ok ("[[[", 2, 2));

  /* two values, of which one an array or object, never reach json-glib
   * (it leaks what it parsed of them); one value, or what json-glib
   * refuses anyway, passes */
  {
    const char *two[] = { "1{}", "{} []", "[1] x", "{\"a\": 1}}", " \"s\" [" };
    const char *one[] = { "{}", "  {\"a\": \"}[\\\"{\"}  \n", "[[1], {}]", "hello", "7", "" };

    for (guint i = 0; i < G_N_ELEMENTS (two); i++)
      g_assert_false (pj_json_is_one_value (two[i], strlen (two[i])));
    for (guint i = 0; i < G_N_ELEMENTS (one); i++)
      g_assert_true (pj_json_is_one_value (one[i], strlen (one[i])));
  }
}

/* {"a": [[[…]]]} n deep: a small file that overflows json-glib's stack */
static char *
deep_json (guint n)
{
  GString *text = g_string_new ("{\"format\": \"pegs-and-jokers-game\", \"a\": ");

  for (guint i = 0; i < n; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < n; i++)
    g_string_append_c (text, ']');
  g_string_append (text, "}\n");
  return g_string_free (text, FALSE);
}

static void
test_too_deep (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *deep = deep_json (100000);
  g_autofree char *at_limit = deep_json (PJ_RECORD_MAX_DEPTH - 1);
  g_autofree char *past_limit = deep_json (PJ_RECORD_MAX_DEPTH);
  g_autofree char *brackets = g_strnfill (400, '[');
  g_autofree char *title = g_strconcat ("\"", brackets, "\\\"{{{\"", NULL);
  g_autofree char *in_title = replace_once (base_json, "\"Test\"", title);
  g_autoptr (PjRecord) loaded = NULL;

  g_assert_no_error (error);
  expect_error (deep, -1, PJ_RECORD_ERROR_FORMAT, "100,000 deep");
  /* the top-level object is a level too: at the limit it is parsed (and
   * lacks a version), one past it is refused before parsing */
  expect_error (at_limit, -1, PJ_RECORD_ERROR_FIELD, "as deep as allowed");
  expect_error (past_limit, -1, PJ_RECORD_ERROR_FORMAT, "one past the limit");

  /* brackets inside a string are text: a title of 400 "[" loads */
  loaded = pj_record_from_json (in_title, -1, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (pj_record_get_title (loaded), brackets));

  /* as a file: a clear error naming it, no crash */
  path = g_build_filename (dir, "deep game.json", NULL);
  g_assert_true (g_file_set_contents (path, deep, -1, NULL));
  g_assert_null (pj_record_load (path, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FORMAT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "deep game.json"));
  g_assert_nonnull (strstr (error->message, "nested too deeply"));
  g_clear_error (&error);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_too_long_string (void)
{
  g_autofree char *huge = g_strnfill (PJ_RECORD_MAX_STRING + 1, 'x');
  g_autofree char *quoted = g_strconcat ("\"", huge, "\"", NULL);
  g_autofree char *in_title = replace_once (base_json, "\"Test\"", quoted);
  g_autofree char *as_member = g_strconcat ("{", quoted, ": 1}", NULL);

  expect_error (in_title, -1, PJ_RECORD_ERROR_TOO_LARGE, "a 1 MiB title");
  expect_error (as_member, -1, PJ_RECORD_ERROR_TOO_LARGE, "a 1 MiB member name");
}

/* ---- atomic saves ---------------------------------------------------- */

static guint
count_files (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d))
    n++;
  return n;
}

static void
test_save_atomic (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *old = NULL, *now = NULL;
  g_autofree char *nowhere = NULL;
  g_autoptr (PjRecord) small = random_game (PJ_PRESET_BASIC, 4, 1, 5);
  g_autoptr (PjRecord) large = random_game (PJ_PRESET_BASIC, 4, 1, 400);
  struct rlimit saved, limit;
  gsize old_len;

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  g_assert_true (pj_record_save (small, path, &error));
  g_assert_true (g_file_get_contents (path, &old, &old_len, NULL));

  /* The disk fills up half-way through writing the new version: simulated
   * with a file size limit, which also binds root (a read-only folder does not). */
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limit = saved;
  limit.rlim_cur = old_len + 100;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (pj_record_save (large, path, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
  g_test_message ("full disk: %s", error->message);
  {
    g_autofree char *display = g_filename_display_name (path);
    g_autofree char *prefix = g_strdup_printf ("Could not save “%s”: ", display);

    /* named as chosen, not as the temporary "game.json.XXXXXX" */
    g_assert_true (g_str_has_prefix (error->message, prefix));
    g_assert_null (strstr (error->message, "game.json."));
  }
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, old);
  g_assert_cmpuint (count_files (dir), ==, 1);   /* no temporary file left behind */
  g_clear_pointer (&now, g_free);

  /* a read-only folder (when permissions bind us: not as root) */
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) != 0)
    {
      g_assert_false (pj_record_save (large, path, &error));
      g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
      g_clear_error (&error);
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, old);
      g_clear_pointer (&now, g_free);
    }
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);

  /* a folder that does not exist */
  nowhere = g_build_filename (dir, "no", "such", "game.json", NULL);
  g_assert_false (pj_record_save (large, nowhere, &error));
  g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
  g_clear_error (&error);

  /* and a save that can be written replaces the old file */
  g_assert_true (pj_record_save (large, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, !=, old);
  g_assert_cmpuint (count_files (dir), ==, 1);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A failed save names the file the person chose, never the temporary file
 * it was being written to, and says why in words. */
/* A save that keeps a backup: PATH holds the newest version and PATH.bak,
 * a file of its own, the one before (the backup is linked, not renamed, so
 * that PATH is never missing). */
static void
test_save_backup (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL, *backup = NULL;
  const char *versions[] = { "one\n", "two\n", "three\n" };

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  backup = pj_file_backup_path (path);
  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      g_autofree char *now = NULL, *before = NULL;
      GStatBuf a, b;

      g_assert_true (pj_file_write_atomic (path, versions[i], strlen (versions[i]), 0600,
                                           PJ_FILE_WRITE_KEEP_BACKUP, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, versions[i]);
      if (i == 0)
        {
          g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
          continue;
        }
      g_assert_true (g_file_get_contents (backup, &before, NULL, NULL));
      g_assert_cmpstr (before, ==, versions[i - 1]);
      /* two files, not two names of one */
      g_assert_cmpint (g_stat (path, &a), ==, 0);
      g_assert_cmpint (g_stat (backup, &b), ==, 0);
      g_assert_cmpuint (a.st_ino, !=, b.st_ino);
      g_assert_cmpuint (a.st_nlink, ==, 1);
    }
  g_assert_cmpuint (count_files (dir), ==, 2);
  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
}

/* A backup left by an older build with a wider mode keeps no more than the
 * mode the new file gets: a save's backup holds the same hands. */
static void
test_save_backup_mode (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = NULL, *backup = NULL;
  GStatBuf st;

  g_assert_no_error (error);
  path = g_build_filename (dir, "game.json", NULL);
  backup = pj_file_backup_path (path);
  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_assert_true (pj_file_write_atomic (path, "new\n", 4, 0600, PJ_FILE_WRITE_KEEP_BACKUP, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (backup, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
}

/* Two files set aside from one path within a second (a damaged save, then
 * its damaged backup moved into its place) are both kept. */
static void
test_set_aside_twice (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *first = NULL, *second = NULL, *a = NULL, *b = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "first", -1, NULL));
  g_assert_true (pj_file_set_aside (path, &first, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "second", -1, NULL));
  g_assert_true (pj_file_set_aside (path, &second, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (first, !=, second);
  g_assert_true (g_file_get_contents (first, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (second, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, "first");
  g_assert_cmpstr (b, ==, "second");
  g_unlink (first);
  g_unlink (second);
  g_rmdir (dir);
}

/* pj_file_read_regular(): a regular file of bounded size, read whole;
 * a FIFO is refused at once (never waited on), a link when asked not to
 * follow one, a file over the bound before it is read. */
static void
test_read_regular (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  g_autofree char *data = NULL;
  gsize len = 99;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (file, "hello", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink (file, link), ==, 0);

  data = pj_file_read_regular (file, 5, PJ_FILE_READ_NOFOLLOW, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "hello");
  g_assert_cmpuint (len, ==, 5);
  g_clear_pointer (&data, g_free);

  data = pj_file_read_regular (empty, 5, PJ_FILE_READ_NOFOLLOW, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "");
  g_assert_cmpuint (len, ==, 0);
  g_clear_pointer (&data, g_free);

  g_assert_null (pj_file_read_regular (file, 4, PJ_FILE_READ_NONE, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "larger"));
  g_clear_error (&error);

  g_assert_null (pj_file_read_regular (fifo, 5, PJ_FILE_READ_NONE, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);

  g_assert_null (pj_file_read_regular (dir, 5, PJ_FILE_READ_NONE, &len, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_null (pj_file_read_regular (link, 5, PJ_FILE_READ_NOFOLLOW, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "link"));
  g_clear_error (&error);
  /* a file a person names may be a link to it */
  data = pj_file_read_regular (link, 5, PJ_FILE_READ_NONE, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "hello");

  g_clear_pointer (&data, g_free);
  g_unlink (file);
  g_assert_null (pj_file_read_regular (file, 5, PJ_FILE_READ_NONE, &len, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);

  g_unlink (empty);
  g_unlink (fifo);
  g_unlink (link);
  g_rmdir (dir);
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

static void
test_save_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-record-XXXXXX", &error);
  g_autofree char *file = NULL;
  g_autofree char *under_file = NULL;
  g_autofree char *folder = NULL;
  g_autoptr (PjRecord) record = random_game (PJ_PRESET_BASIC, 4, 1, 5);
  struct { const char *path; const char *reason; } cases[2];

  g_assert_no_error (error);
  file = g_build_filename (dir, "notes.txt", NULL);
  g_assert_true (g_file_set_contents (file, "not a folder", -1, NULL));
  under_file = g_build_filename (file, "game.json", NULL);
  folder = g_build_filename (dir, "game.json", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  cases[0].path = under_file;
  cases[0].reason = "its folder is missing";
  cases[1].path = folder;
  cases[1].reason = "a folder has the save file’s name";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *display = g_filename_display_name (cases[i].path);
      g_autofree char *expect = g_strdup_printf ("Could not save “%s”: %s", display,
                                                 cases[i].reason);

      g_assert_false (pj_record_save (record, cases[i].path, &error));
      g_assert_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO);
      g_test_message ("%s", error->message);
      g_assert_cmpstr (error->message, ==, expect);
      g_clear_error (&error);
    }
  /* the folder stays a folder, and no temporary file is left next to it */
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_files (dir), ==, 2);

  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_remove (file), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  base_record = random_game (PJ_PRESET_BASIC, 4, 11, 120);
  pj_record_set_title (base_record, "Test");
  pj_record_set_seat (base_record, 0, "Ann", PJ_CONTROLLER_HUMAN);
  pj_record_set_seat (base_record, 1, "Bob", PJ_CONTROLLER_HARD);
  base_json = pj_record_to_json (base_record, NULL);
  {
    g_autoptr (PjRecord) back = pj_record_from_json (base_json, -1, NULL);
    g_assert_nonnull (back);
  }

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      g_autofree char *path = g_strdup_printf ("/record/round-trip/%s", pj_preset_name (p));
      g_test_add_data_func (path, GUINT_TO_POINTER (p), test_round_trip);
    }
  g_test_add_func ("/record/save-load", test_save_load);
  g_test_add_func ("/record/state-at-truncate", test_state_at_and_truncate);
  g_test_add_func ("/record/append-illegal", test_append_illegal);
  g_test_add_func ("/record/new-checks", test_new_checks);
  g_test_add_func ("/record/bad/syntax", test_bad_syntax);
  g_test_add_func ("/record/bad/syntax-words", test_bad_syntax_words);
  g_test_add_func ("/record/bad/fields", test_bad_fields);
  g_test_add_func ("/record/bad/actions", test_bad_actions);
  g_test_add_func ("/record/bad/action-after-end", test_action_after_end);
  g_test_add_func ("/record/bad/too-large", test_too_large);
  g_test_add_func ("/record/bad/files", test_bad_files);
  g_test_add_func ("/record/save-atomic", test_save_atomic);
  g_test_add_func ("/record/save-errors", test_save_errors);
  g_test_add_func ("/record/save-backup", test_save_backup);
  g_test_add_func ("/record/save-backup-mode", test_save_backup_mode);
  g_test_add_func ("/record/read-regular", test_read_regular);
  g_test_add_func ("/record/set-aside-twice", test_set_aside_twice);
  g_test_add_func ("/record/texts-follow-truncate", test_texts_follow_truncate);
  g_test_add_func ("/record/json-layout", test_json_layout);
  g_test_add_func ("/record/dates", test_dates);
  g_test_add_func ("/record/property/round-trip", test_property_round_trip);
  g_test_add_func ("/record/json-limits", test_json_limits);
  g_test_add_func ("/record/bad/too-deep", test_too_deep);
  g_test_add_func ("/record/bad/too-long-string", test_too_long_string);
  status = g_test_run ();

  g_free (base_json);
  pj_record_unref (base_record);
  return status;
}
