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
#include <string.h>

#include "pj-record.h"

int pj_fuzz_one (const uint8_t *data, size_t size);

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
    g_error ("a loaded record does not load again: %s\n%s", error->message, json);
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
