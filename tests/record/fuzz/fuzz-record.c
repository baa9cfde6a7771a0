/* fuzz-record.c — libFuzzer target for the saved-game loader
 *
 * Feeds the bytes to pj_record_from_json() (the in-memory half of
 * pj_record_load()). Any input must give a record or a PJ_RECORD_ERROR,
 * never a crash, a leak or a failed assertion. What loads must write back,
 * load again and write back to the very same text, with the same position.
 *
 * Built with -DPJ_FUZZ_MAIN by tests/fuzz/run-fuzz.sh; without it, it is
 * linked with tests/fuzz/fuzz-replay.c into fuzz-record, which `meson test`
 * runs over corpus/ (seeds from real games, tests/fuzz/make-corpus.sh).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pj-record.h"

int pj_fuzz_one (const uint8_t *data, size_t size);

#ifdef PJ_FUZZ_MAIN
#include <sanitizer/lsan_interface.h>

/* Known, in json-glib 1.6.6 (not in the loader): a document of two
 * top-level values, the second an object or array ("{}{}", "[1][2]"),
 * fails to parse and leaks the first one's tree. So an input with anything
 * but white space after its first value is loaded with leak detection off
 * (crashes/json-glib-two-roots-leak.json). This finds the end of the first
 * value roughly (strings, brackets), erring towards "something follows". */
static gboolean
has_trailing_data (const char *data,
                   size_t      size)
{
  size_t i = 0;
  int depth = 0;

  while (i < size && g_ascii_isspace (data[i]))
    i++;
  for (; i < size; i++)
    {
      char ch = data[i];

      if (ch == '"')
        {
          for (i++; i < size && data[i] != '"'; i++)
            if (data[i] == '\\')
              i++;
        }
      else if (ch == '{' || ch == '[')
        depth++;
      else if (ch == '}' || ch == ']')
        depth--;
      else if (depth == 0 && (g_ascii_isspace (ch) || ch == ',' || ch == ':'))
        break;
      if (depth <= 0)
        {
          i++;
          break;
        }
    }
  while (i < size && g_ascii_isspace (data[i]))
    i++;
  return i < size;
}
#endif

static void
check_loaded (PjRecord *record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjRecord) again = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json2 = NULL;
  g_autofree char *pos = NULL;
  g_autofree char *pos2 = NULL;
  gsize len, len2;
  guint n = pj_record_get_n_actions (record);
  PjState mid;

  g_assert_true (pj_state_check (pj_record_get_state (record), NULL));
  g_assert_cmpuint (pj_record_get_n_seats (record), ==, pj_record_get_rules (record)->players);
  pj_record_state_at (record, n / 2, &mid);
  g_assert_true (pj_state_check (&mid, NULL));

  json = pj_record_to_json (record, &len);
  g_assert_cmpuint (strlen (json), ==, len);
  again = pj_record_from_json (json, (gssize) len, &error);
  if (again == NULL)
    {
      /* abort, not g_error(): libFuzzer takes no trap for a crash */
      g_printerr ("a loaded record does not load again: %s\n%s\n", error->message, json);
      abort ();
    }
  json2 = pj_record_to_json (again, &len2);
  g_assert_cmpstr (json, ==, json2);
  g_assert_cmpuint (pj_record_get_n_actions (again), ==, n);
  pos = pj_position_to_string (pj_record_get_state (record));
  pos2 = pj_position_to_string (pj_record_get_state (again));
  g_assert_cmpstr (pos, ==, pos2);
}

int
pj_fuzz_one (const uint8_t *data,
             size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjRecord) record = NULL;
  /* an exact copy without a terminating NUL: reading past `size` is a bug */
  g_autofree char *copy = g_malloc (size > 0 ? size : 1);

  if (size > PJ_RECORD_MAX_FILE_SIZE + 1)
    return 0;
  if (size > 0)
    memcpy (copy, data, size);
#ifdef PJ_FUZZ_MAIN
  if (has_trailing_data (copy, size))
    {
      __lsan_disable ();
      record = pj_record_from_json (copy, (gssize) size, &error);
      __lsan_enable ();
    }
  else
#endif
    record = pj_record_from_json (copy, (gssize) size, &error);
  if (record)
    {
      g_assert_no_error (error);
      check_loaded (record);
    }
  else
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == PJ_RECORD_ERROR);
      g_assert_cmpint (error->code, >=, PJ_RECORD_ERROR_IO);
      g_assert_cmpint (error->code, <=, PJ_RECORD_ERROR_ACTION);
      g_assert_nonnull (error->message);
    }
  return 0;
}

#ifdef PJ_FUZZ_MAIN
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  return pj_fuzz_one (data, size);
}
#endif
