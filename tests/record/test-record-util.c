/* test-record-util.c — see test-record-util.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-record-util.h"

#include <string.h>

/* Play n random legal actions (all of them if n == 0) into a new record. */
PjRecord *
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

void
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

void
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

/* A game of basic rules (where a swapped or foreign action is clearly illegal). */
char *base_json;
PjRecord *base_record;

void
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

char *
replace_once (const char *text,
              const char *find,
              const char *replacement)
{
  GString *s = g_string_new (text);

  g_assert_nonnull (strstr (text, find));
  g_string_replace (s, find, replacement, 1);
  return g_string_free (s, FALSE);
}


void
record_base_init (void)
{
  g_autoptr (PjRecord) back = NULL;

  base_record = random_game (PJ_PRESET_BASIC, 4, 11, 120);
  pj_record_set_title (base_record, "Test");
  pj_record_set_seat (base_record, 0, "Ann", PJ_CONTROLLER_HUMAN);
  pj_record_set_seat (base_record, 1, "Bob", PJ_CONTROLLER_HARD);
  base_json = pj_record_to_json (base_record, NULL);
  back = pj_record_from_json (base_json, -1, NULL);
  g_assert_nonnull (back);
}

void
record_base_clear (void)
{
  g_clear_pointer (&base_json, g_free);
  g_clear_pointer (&base_record, pj_record_unref);
}
