/* test-movegen.c — the legal actions and their order stay as they were
 *
 * Saved games store actions as positions in the legal list's notation, the
 * computer players break ties by list order, and the tournament figures on
 * the results page come from seeded games: a faster generator must list
 * the same actions, byte for byte, in the same order. These are
 * fingerprints of every list (pj_legal_actions(), and
 * pj_legal_actions_all() every few positions) along seeded random games of
 * every preset and table size, taken from the generator before it was made
 * faster (issue 14). A change of rules changes them on purpose: say which
 * in the commit that updates them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

/* positions per game: most games end before (pegs home, partners moved) */
#define POSITIONS 1500

static guint64
fingerprint (guint64             h,
             const PjActionList *list)
{
  const guint8 *bytes = (const guint8 *) list->v;

  /* FNV-1a over the count and every listed action */
  h = (h ^ list->n) * G_GUINT64_CONSTANT (0x100000001b3);
  for (gsize i = 0; i < list->n * sizeof (PjAction); i++)
    h = (h ^ bytes[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}

static guint64
play (PjPreset preset,
      guint    players)
{
  PjRules rules;
  PjActionList list, all;
  PjRng pick;
  PjState s;
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  pj_rules_preset (&rules, preset, players);
  pj_action_list_init (&list);
  pj_action_list_init (&all);
  pj_rng_seed (&pick, 1400 + 10 * preset + players);
  pj_state_new_game (&s, &rules, 14000 + 10 * preset + players, -1);
  for (guint n = 0; n < POSITIONS && !pj_state_is_over (&s); n++)
    {
      pj_legal_actions (&s, &list);
      g_assert_cmpuint (list.n, >, 0);
      h = fingerprint (h, &list);
      if (n % 8 == 0)
        {
          pj_legal_actions_all (&s, &all);
          h = fingerprint (h, &all);
        }
      pj_state_apply (&s, &list.v[pj_rng_below (&pick, list.n)]);
    }
  pj_action_list_clear (&list);
  pj_action_list_clear (&all);
  return h;
}

typedef struct {
  PjPreset preset;
  guint players;
  guint64 expected;
} Case;

static const Case cases[] = {
  { PJ_PRESET_BASIC, 4, G_GUINT64_CONSTANT (0x2d2b40575630f617) },
  { PJ_PRESET_BASIC, 6, G_GUINT64_CONSTANT (0x5fa2e45215ac30d8) },
  { PJ_PRESET_BASIC, 8, G_GUINT64_CONSTANT (0x91e1a82e1db0943) },
  { PJ_PRESET_ARIZONA, 4, G_GUINT64_CONSTANT (0x57c0603150f320a0) },
  { PJ_PRESET_ARIZONA, 6, G_GUINT64_CONSTANT (0x4fc009216b5b301) },
  { PJ_PRESET_ARIZONA, 8, G_GUINT64_CONSTANT (0xb0686626f3e7dac0) },
  { PJ_PRESET_NORTH_CAROLINA, 4, G_GUINT64_CONSTANT (0xfa2d69c8506ba64c) },
  { PJ_PRESET_NORTH_CAROLINA, 6, G_GUINT64_CONSTANT (0x7de4952134428d42) },
  { PJ_PRESET_NORTH_CAROLINA, 8, G_GUINT64_CONSTANT (0xf8c291218bd813c1) },
  { PJ_PRESET_PEGOO, 4, G_GUINT64_CONSTANT (0xf5f6a140480c3114) },
  { PJ_PRESET_PEGOO, 6, G_GUINT64_CONSTANT (0xaa12a42f49511b49) },
  { PJ_PRESET_PEGOO, 8, G_GUINT64_CONSTANT (0xc6645b6b081bcd3b) },
  { PJ_PRESET_WIZARD_WOODWORKS, 4, G_GUINT64_CONSTANT (0x934ff788c78fa245) },
  { PJ_PRESET_WIZARD_WOODWORKS, 6, G_GUINT64_CONSTANT (0x765beb4a5096fe92) },
  { PJ_PRESET_WIZARD_WOODWORKS, 8, G_GUINT64_CONSTANT (0xac6287cd8825104c) },
  { PJ_PRESET_ALASKA, 4, G_GUINT64_CONSTANT (0x667476b0ee4f7410) },
  { PJ_PRESET_ALASKA, 6, G_GUINT64_CONSTANT (0xe2dc7191d676f2bc) },
  { PJ_PRESET_ALASKA, 8, G_GUINT64_CONSTANT (0xf363eb3a2983d348) },
  { PJ_PRESET_KILPATRICK, 4, G_GUINT64_CONSTANT (0x22957bd96cef1648) },
  { PJ_PRESET_KILPATRICK, 6, G_GUINT64_CONSTANT (0x2839613b93d35c27) },
  { PJ_PRESET_KILPATRICK, 8, G_GUINT64_CONSTANT (0x6c77defe9e52746) },
  { PJ_PRESET_BLUFFING_JOKER, 4, G_GUINT64_CONSTANT (0xe43d4b515654cee0) },
  { PJ_PRESET_BLUFFING_JOKER, 6, G_GUINT64_CONSTANT (0x1fcff4460ed35b1a) },
  { PJ_PRESET_BLUFFING_JOKER, 8, G_GUINT64_CONSTANT (0xd4bb9662fe05033c) },
};

static void
test_same_lists (gconstpointer data)
{
  const Case *c = data;
  guint64 h = play (c->preset, c->players);

  if (h != c->expected)
    g_test_message ("%s %up: fingerprint %#" G_GINT64_MODIFIER "x, expected %#"
                    G_GINT64_MODIFIER "x", pj_preset_name (c->preset), c->players, h,
                    c->expected);
  g_assert_cmpuint (h, ==, c->expected);
}

/* The board marks the last move's pegs: a hit peg is one of them, a Bluffing
 * Joker answer that moves nothing leaves the mark as it was. */
static void
test_moved_pegs (void)
{
  PjAction move = { .kind = PJ_ACTION_MOVE, .n_steps = 2 };
  PjAction pass = { .kind = PJ_ACTION_PASS };
  PjAction discard = { .kind = PJ_ACTION_DISCARD };

  move.steps[0] = (PjStep) { PJ_PEG_ID (1, 2), 10, 15, 0 };
  move.steps[1] = (PjStep) { PJ_PEG_ID (3, 0), 15, PJ_POS_START, PJ_STEP_HIT };
  g_assert_cmphex (pj_action_moved_pegs (&move), ==,
                   (G_GUINT64_CONSTANT (1) << PJ_PEG_ID (1, 2)) | (G_GUINT64_CONSTANT (1) << PJ_PEG_ID (3, 0)));
  g_assert_true (pj_action_is_play (&move));

  g_assert_cmphex (pj_action_moved_pegs (&pass), ==, 0);
  g_assert_false (pj_action_is_play (&pass));

  /* a discard is the turn's play: it clears the mark */
  g_assert_cmphex (pj_action_moved_pegs (&discard), ==, 0);
  g_assert_true (pj_action_is_play (&discard));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/movegen/same-lists/%s/%up",
                                               pj_preset_name (cases[i].preset),
                                               cases[i].players);
      g_test_add_data_func (path, &cases[i], test_same_lists);
    }
  g_test_add_func ("/movegen/moved-pegs", test_moved_pegs);
  return g_test_run ();
}
