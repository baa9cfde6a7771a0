/* pj-test-table.h — a table the test plays by hand: the whole position
 * stays here, a mirror PjGame shows it to one seat as a host would (the
 * Learn to Play lesson works the same way)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-game.h"

typedef struct {
  PjState  full;
  PjGame  *mirror;
  guint    n;
  int      seat;
  char    *sent;     /* the last action the mirror's person chose */
} PjTestTable;

static gboolean
pj_test_table_send_cb (PjGame          *game,
                       const PjAction  *action,
                       const char      *text,
                       gpointer         user_data,
                       GError         **error)
{
  PjTestTable *t = user_data;

  g_free (t->sent);
  t->sent = g_strdup (text);
  return TRUE;
}

/* A Bluffing Joker table of four from hand-made lines (pegs, hands, turn;
 * see NOTATION in pj-notation.c), seen by `seat`. */
G_GNUC_UNUSED static void
pj_test_table_init (PjTestTable *t,
                    int          seat,
                    const char  *lines)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *text = NULL;
  PjState seen;
  PjRules r;

  pj_rules_preset (&r, PJ_PRESET_BLUFFING_JOKER, 4);
  rules = pj_rules_to_string (&r);
  text = g_strdup_printf ("pegs-and-jokers position 1\nrules %s\n%s", rules, lines);
  memset (t, 0, sizeof *t);
  g_assert_true (pj_position_from_string (&t->full, text, &error));
  g_assert_no_error (error);
  t->seat = seat;
  seen = t->full;
  pj_state_redact (&seen, seat);
  t->mirror = pj_game_new_mirror (&seen, seat, 0, pj_test_table_send_cb, t, NULL);
}

/* The host plays an action (notation in the whole position) and tells the
 * mirror, as pj-host-clients.c does. */
G_GNUC_UNUSED static void
pj_test_table_play (PjTestTable *t,
                    const char  *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *seen_text = NULL;
  PjState before = t->full, view;
  PjAction a, seen;

  g_assert_true (pj_action_from_string (&before, text, &a, &error));
  g_assert_no_error (error);
  pj_state_apply (&t->full, &a);
  t->n++;
  view = t->full;
  pj_state_redact (&view, t->seat);
  pj_action_redact (&before, &a, t->seat, &seen);
  seen_text = pj_action_to_string (&before, &seen);
  g_assert_true (pj_game_mirror_update (t->mirror, t->n, before.actor, seen_text, &view));
}

/* The mirror's person chose: the host plays what was sent. */
G_GNUC_UNUSED static void
pj_test_table_play_sent (PjTestTable *t)
{
  g_autofree char *text = g_steal_pointer (&t->sent);

  g_assert_nonnull (text);
  pj_test_table_play (t, text);
}

G_GNUC_UNUSED static void
pj_test_table_clear (PjTestTable *t)
{
  g_clear_pointer (&t->sent, g_free);
  if (t->mirror != NULL)
    g_assert_finalize_object (g_steal_pointer (&t->mirror));
}

/* After a window showed the mirror: a finalized PjWindow still leaves two
 * references on its game (before this branch too; see the report), so the
 * mirror is only let go here. */
G_GNUC_UNUSED static void
pj_test_table_release (PjTestTable *t)
{
  g_clear_pointer (&t->sent, g_free);
  g_clear_object (&t->mirror);
}
