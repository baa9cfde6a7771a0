/* test-redact.c — what a seat may see of an action, and reading it back
 *
 * The Bluffing Joker (RULES.md §9 BJ) plays every card face down: a move's
 * card is known to its player only, the declared card to everyone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"

#include <string.h>

/* Plays random games and calls check() for every action and every viewer
 * (spectator included) with the position before it. */
typedef void (*CheckFunc) (const PjState *before, const PjAction *a, int viewer, guint *counts);

static void
play_games (PjPreset   preset,
            guint      n_games,
            CheckFunc  check,
            guint     *counts)
{
  PjRules rules;
  PjActionList list;
  PjRng pick;

  pj_rules_preset (&rules, preset, 4);
  pj_action_list_init (&list);
  pj_rng_seed (&pick, 17 + preset);
  for (guint game = 0; game < n_games; game++)
    {
      PjState s;
      guint moves = 0;

      pj_state_new_game (&s, &rules, 500 + game, -1);
      while (!pj_state_is_over (&s) && moves++ < 400)
        {
          PjAction a;

          pj_legal_actions (&s, &list);
          a = list.v[pj_rng_below (&pick, list.n)];
          for (int viewer = -1; viewer < (int) rules.players; viewer++)
            check (&s, &a, viewer, counts);
          pj_state_apply (&s, &a);
        }
    }
  pj_action_list_clear (&list);
}

enum { SEEN_HIDDEN, SEEN_BLUFF_HIDDEN, SEEN_OWN, SEEN_OTHER, N_SEEN };

static void
check_redact (const PjState  *before,
              const PjAction *a,
              int             viewer,
              guint          *counts)
{
  PjAction seen;

  pj_action_redact (before, a, viewer, &seen);
  g_assert_cmpuint (seen.kind, ==, a->kind);
  g_assert_cmpuint (seen.declared, ==, a->declared);
  g_assert_cmpuint (seen.n_steps, ==, a->n_steps);
  g_assert_true (memcmp (seen.steps, a->steps, a->n_steps * sizeof (PjStep)) == 0);
  if (a->kind == PJ_ACTION_MOVE && before->rules.bluffing && viewer != (int) before->turn)
    {
      /* BJ: face down to everyone but its player */
      g_assert_cmpuint (seen.card, ==, PJ_CARD_UNKNOWN);
      counts[a->card != a->declared ? SEEN_BLUFF_HIDDEN : SEEN_HIDDEN]++;
    }
  else
    {
      g_assert_true (pj_action_equal (&seen, a));
      counts[viewer == (int) before->turn ? SEEN_OWN : SEEN_OTHER]++;
    }
}

/* BJ: the card of a move is hidden from every other seat, bluff or not */
static void
test_redact_bluffing_joker (void)
{
  guint counts[N_SEEN] = { 0 };

  play_games (PJ_PRESET_BLUFFING_JOKER, 3, check_redact, counts);
  g_assert_cmpuint (counts[SEEN_HIDDEN], >, 0);
  g_assert_cmpuint (counts[SEEN_BLUFF_HIDDEN], >, 0);
  g_assert_cmpuint (counts[SEEN_OWN], >, 0);
}

/* Without the Bluffing Joker every card is played face up */
static void
test_redact_face_up (void)
{
  guint counts[N_SEEN] = { 0 };

  play_games (PJ_PRESET_BASIC, 2, check_redact, counts);
  play_games (PJ_PRESET_NORTH_CAROLINA, 2, check_redact, counts);
  g_assert_cmpuint (counts[SEEN_HIDDEN] + counts[SEEN_BLUFF_HIDDEN], ==, 0);
  g_assert_cmpuint (counts[SEEN_OTHER], >, 0);
}

/* BJ: a challenge turns the card up; the position shows what the action did */
static void
test_redact_matches_position (void)
{
  PjRules rules;
  PjState s, after;
  PjActionList list;
  PjAction seen;

  pj_rules_preset (&rules, PJ_PRESET_BLUFFING_JOKER, 4);
  pj_state_new_game (&s, &rules, 9, 0);
  pj_action_list_init (&list);
  pj_legal_actions (&s, &list);
  for (guint i = 0; i < list.n; i++)
    if (list.v[i].kind == PJ_ACTION_MOVE && list.v[i].card != list.v[i].declared)
      {
        after = s;
        pj_state_apply (&after, &list.v[i]);
        for (int viewer = -1; viewer < (int) rules.players; viewer++)
          {
            PjState view = after;

            pj_action_redact (&s, &list.v[i], viewer, &seen);
            pj_state_redact (&view, viewer);
            g_assert_cmpuint (seen.card, ==, view.pending.card);
          }
        break;
      }
  pj_action_list_clear (&list);
}

enum { REVEALED, NOT_REVEALED };

static void
check_revealed (const PjState  *before,
                const PjAction *a,
                int             viewer,
                guint          *counts)
{
  PjCard card = pj_action_revealed_card (before, a);

  if (viewer >= 0)
    return;
  if (a->kind == PJ_ACTION_CHALLENGE)
    {
      PjState after = *before;

      /* the real card, bluff or not, and face up on the pile for everyone */
      g_assert_cmpuint (card, ==, PJ_CARD_RANK (before->pending.card));
      pj_state_apply (&after, a);
      pj_state_redact (&after, -1);
      g_assert_cmpuint (pj_state_top_discard (&after), ==, card);
      counts[REVEALED]++;
    }
  else
    {
      g_assert_cmpuint (card, ==, PJ_CARD_NONE);
      counts[NOT_REVEALED]++;
    }
}

/* BJ: a challenge turns the card face up */
static void
test_revealed_card (void)
{
  guint counts[2] = { 0 };

  play_games (PJ_PRESET_BLUFFING_JOKER, 4, check_revealed, counts);
  g_assert_cmpuint (counts[REVEALED], >, 0);
  g_assert_cmpuint (counts[NOT_REVEALED], >, 0);
}

/* ---- reading a seen action back --------------------------------------- */

static void
check_read_seen (const PjState  *before,
                 const PjAction *a,
                 int             viewer,
                 guint          *counts)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  PjState view = *before;
  PjAction seen, back;

  pj_state_redact (&view, viewer);
  pj_action_redact (before, a, viewer, &seen);
  text = pj_action_to_string (&view, &seen);
  if (!pj_action_read_seen (&view, text, &back, &error))
    g_printerr ("viewer %d: “%s”\n", viewer, text);
  g_assert_no_error (error);
  /* B-22: whether a discard had no play depends on the whole hand, which
   * the notation does not show: only its player knows */
  if (seen.kind == PJ_ACTION_DISCARD && viewer != (int) before->turn)
    back.flags = seen.flags;
  if (!pj_action_equal (&back, &seen))
    {
      g_autofree char *again = pj_action_to_string (&view, &back);
      g_printerr ("viewer %d: “%s” read as “%s” (card %u/%u declared %u/%u flags %u/%u)\n", viewer, text, again,
                  seen.card, back.card, seen.declared, back.declared, seen.flags, back.flags);
    }
  g_assert_true (pj_action_equal (&back, &seen));
  counts[seen.card == PJ_CARD_UNKNOWN ? SEEN_HIDDEN : viewer == (int) before->turn ? SEEN_OWN : SEEN_OTHER]++;
}

static void
test_read_seen (gconstpointer data)
{
  PjPreset preset = GPOINTER_TO_UINT (data);
  guint counts[N_SEEN] = { 0 };

  play_games (preset, 2, check_read_seen, counts);
  g_assert_cmpuint (counts[SEEN_OTHER] + counts[SEEN_HIDDEN], >, 0);
  if (preset == PJ_PRESET_BLUFFING_JOKER)
    g_assert_cmpuint (counts[SEEN_HIDDEN], >, 0);
}

static void
test_read_seen_bad (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  PjRules rules;
  PjState s;
  PjAction a;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  pj_state_new_game (&s, &rules, 3, 0);
  pj_state_redact (&s, (int) (s.actor + 1) % 4);
  g_assert_false (pj_action_read_seen (&s, "", &a, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (pj_action_read_seen (&s, "nonsense", &a, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION);
  g_clear_error (&error);
  /* B-12: no peg comes out with a five, whatever the hidden hand holds */
  text = g_strdup_printf ("5 %c1 s-%c8", pj_colour_letter (s.actor),
                          g_ascii_tolower (pj_colour_letter (s.actor)));
  g_assert_false (pj_action_read_seen (&s, text, &a, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (pj_action_read_seen (&s, NULL, &a, &error));
  g_assert_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_PARSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/redact/action/BJ-face-down", test_redact_bluffing_joker);
  g_test_add_func ("/redact/action/face-up", test_redact_face_up);
  g_test_add_func ("/redact/action/BJ-matches-position", test_redact_matches_position);
  g_test_add_func ("/redact/action/BJ-challenge-reveals", test_revealed_card);
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      g_autofree char *path = g_strdup_printf ("/notation/read-seen/%s%s",
                                               p == PJ_PRESET_BLUFFING_JOKER ? "BJ-" : "",
                                               pj_preset_name (p));
      g_test_add_data_func (path, GUINT_TO_POINTER (p), test_read_seen);
    }
  g_test_add_func ("/notation/read-seen/bad-input", test_read_seen_bad);
  return g_test_run ();
}
