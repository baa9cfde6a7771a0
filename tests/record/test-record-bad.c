/* test-record-bad.c — every kind of bad saved game gives its own error and
 * loads nothing; limits are checked before parsing.
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

/* ---- bad files ------------------------------------------------------- */

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


int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  record_base_init ();
  g_test_add_func ("/record/bad/syntax", test_bad_syntax);
  g_test_add_func ("/record/bad/syntax-words", test_bad_syntax_words);
  g_test_add_func ("/record/bad/fields", test_bad_fields);
  g_test_add_func ("/record/bad/actions", test_bad_actions);
  g_test_add_func ("/record/bad/action-after-end", test_action_after_end);
  g_test_add_func ("/record/bad/too-large", test_too_large);
  g_test_add_func ("/record/bad/files", test_bad_files);
  g_test_add_func ("/record/json-limits", test_json_limits);
  g_test_add_func ("/record/bad/too-deep", test_too_deep);
  g_test_add_func ("/record/bad/too-long-string", test_too_long_string);
  status = g_test_run ();

  record_base_clear ();
  return status;
}
