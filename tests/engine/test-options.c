/* test-options.c — the option table describes every option for the UI:
 * a title, a one-sentence description, a group and a title per value, so
 * the new-game dialog never has to show a raw value name like "fwd_back".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stddef.h>
#include <string.h>

#include "pj-engine.h"

static void
test_every_option_described (void)
{
  g_assert_cmpuint (pj_option_count (), >, 0);

  for (guint i = 0; i < pj_option_count (); i++)
    {
      const PjOptionInfo *opt = pj_option_info (i);
      guint n_names = 0, n_titles = 0;

      g_test_message ("option %s", opt->key);
      g_assert_nonnull (opt->title);
      g_assert_cmpstr (opt->title, !=, "");
      g_assert_nonnull (opt->description);
      g_assert_cmpstr (opt->description, !=, "");
      g_assert_cmpint (opt->group, >=, 0);
      g_assert_cmpint (opt->group, <, PJ_N_OPTION_GROUPS);
      g_assert_nonnull (opt->names);
      g_assert_nonnull (opt->value_titles);

      while (opt->names[n_names] != NULL)
        n_names++;
      while (opt->value_titles[n_titles] != NULL)
        {
          g_assert_cmpstr (opt->value_titles[n_titles], !=, "");
          n_titles++;
        }
      g_assert_cmpuint (n_names, >=, 2);
      g_assert_cmpuint (n_titles, ==, n_names);

      /* two values with one title could not be told apart in a list */
      for (guint a = 0; a < n_titles; a++)
        for (guint b = a + 1; b < n_titles; b++)
          g_assert_cmpstr (opt->value_titles[a], !=, opt->value_titles[b]);
    }
}

static void
test_every_group_used (void)
{
  gboolean used[PJ_N_OPTION_GROUPS] = { FALSE, };

  for (guint i = 0; i < pj_option_count (); i++)
    used[pj_option_info (i)->group] = TRUE;

  for (guint g = 0; g < PJ_N_OPTION_GROUPS; g++)
    {
      const char *title = pj_option_group_title ((PjOptionGroup) g);

      g_assert_true (used[g]);
      g_assert_nonnull (title);
      g_assert_cmpstr (title, !=, "");
    }
}

/* The groups the dialog shows (issue "The GTK 4 app"). */
static void
test_groups (void)
{
  static const struct {
    const char *key;
    PjOptionGroup group;
  } want[] = {
    { "players", PJ_OPTION_GROUP_TABLE },
    { "teams", PJ_OPTION_GROUP_TABLE },
    { "holes_per_side", PJ_OPTION_GROUP_TABLE },
    { "decks", PJ_OPTION_GROUP_TABLE },
    { "hand_size", PJ_OPTION_GROUP_TABLE },
    { "draw_first", PJ_OPTION_GROUP_TURN },
    { "count_turns", PJ_OPTION_GROUP_TURN },
    { "stuck_pile", PJ_OPTION_GROUP_TURN },
    { "bluffing", PJ_OPTION_GROUP_TURN },
    { "ace", PJ_OPTION_GROUP_CARDS },
    { "two_swap", PJ_OPTION_GROUP_CARDS },
    { "swap_needs_own_peg", PJ_OPTION_GROUP_CARDS },
    { "nine_split", PJ_OPTION_GROUP_CARDS },
    { "ten", PJ_OPTION_GROUP_CARDS },
    { "joker", PJ_OPTION_GROUP_CARDS },
    { "move_team_pegs", PJ_OPTION_GROUP_MOVING },
    { "home_entry", PJ_OPTION_GROUP_MOVING },
    { "split_finish_partner", PJ_OPTION_GROUP_MOVING },
    { "beginner_table_talk", PJ_OPTION_GROUP_TALK },
  };

  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      const PjOptionInfo *opt = pj_option_lookup (want[i].key);

      g_assert_nonnull (opt);
      g_assert_cmpint (opt->group, ==, want[i].group);
    }
  g_assert_cmpuint (pj_option_count (), ==, G_N_ELEMENTS (want));
}

/* Saves and the network use the value names: they stay as they were. */
static void
test_names_unchanged (void)
{
  const PjOptionInfo *nine = pj_option_lookup ("nine_split");
  const PjOptionInfo *ace = pj_option_lookup ("ace");

  g_assert_cmpstr (nine->names[0], ==, "none");
  g_assert_cmpstr (nine->names[1], ==, "fwd_fwd");
  g_assert_cmpstr (nine->names[2], ==, "fwd_back");
  g_assert_cmpstr (nine->value_titles[2], ==, "One forward, one back");
  g_assert_cmpstr (ace->names[1], ==, "A1_back1_11");
  g_assert_cmpstr (ace->value_titles[0], ==, "Out or 1");
}

/* pj_rules_validate() refuses exactly the options that the dependency list
 * says must be off (pj_rules_option_blocked(), what the New Game dialog asks)
 * and the table layouts that do not fit: the dialog cannot drift from it. */
static void
test_dependencies_are_validation (void)
{
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint i = 0; i < pj_option_count (); i++)
      for (guint k = 0; pj_option_info (i)->names[k]; k++)
        for (guint j = 0; j < pj_option_count (); j++)
          for (guint l = 0; pj_option_info (j)->names[l]; l++)
            {
              PjRules r;
              gboolean refused = FALSE;

              pj_rules_preset (&r, (PjPreset) p, 6);
              pj_option_set_string (&r, pj_option_info (i)->key, pj_option_info (i)->names[k], NULL);
              pj_option_set_string (&r, pj_option_info (j)->key, pj_option_info (j)->names[l], NULL);
              if (r.teams != 2 && r.teams * 2 != r.players)
                continue;
              for (guint o = 0; o < pj_option_count (); o++)
                {
                  const PjOptionInfo *opt = pj_option_info (o);
                  const PjOptionDependency *dep = pj_rules_option_blocked (&r, opt);

                  if (dep && dep->must_be_off && *((guint8 *) &r + opt->offset) != dep->off)
                    refused = TRUE;
                  if (dep)
                    g_assert_cmpstr (dep->key, ==, opt->key);
                }
              g_assert_cmpint (pj_rules_validate (&r, NULL), ==, !refused);
            }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/options/described", test_every_option_described);
  g_test_add_func ("/options/dependencies", test_dependencies_are_validation);
  g_test_add_func ("/options/groups-used", test_every_group_used);
  g_test_add_func ("/options/groups", test_groups);
  g_test_add_func ("/options/names-unchanged", test_names_unchanged);

  return g_test_run ();
}
