/* test-rules-text.c — the rules window's words follow the rule options
 *
 * Every option explains every value in the option table, and the rules
 * text says the explanation of each option's value wherever the option
 * applies: a new option without its text, or one the text forgets to
 * place, fails here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-rules-text.h"

#include <string.h>

static gboolean
text_says (GPtrArray  *blocks,
           const char *sentence)
{
  for (guint i = 0; i < blocks->len; i++)
    {
      const PjRulesTextBlock *block = g_ptr_array_index (blocks, i);

      if (block->text && strstr (block->text, sentence) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* the paragraphs under one heading, joined */
static char *
section (GPtrArray  *blocks,
         const char *title)
{
  GString *out = g_string_new (NULL);
  gboolean in = FALSE;

  for (guint i = 0; i < blocks->len; i++)
    {
      const PjRulesTextBlock *block = g_ptr_array_index (blocks, i);

      if (block->kind == PJ_RULES_TEXT_HEADING)
        in = g_strcmp0 (block->text, title) == 0;
      else if (in)
        g_string_append_printf (out, "%s\n", block->text);
    }
  return g_string_free (out, FALSE);
}

static void
test_every_option_explained (void)
{
  for (guint i = 0; i < pj_option_count (); i++)
    {
      const PjOptionInfo *opt = pj_option_info (i);

      g_test_message ("option %s", opt->key);
      g_assert_nonnull (opt->description);
      g_assert_cmpstr (opt->description, !=, "");
      g_assert_nonnull (opt->value_explanations);
      for (guint k = 0; opt->names[k]; k++)
        {
          g_assert_nonnull (opt->value_explanations[k]);
          g_assert_cmpstr (opt->value_explanations[k], !=, "");
        }
    }
}

/* Every value of every option, from every preset and table size: where the
 * option applies (pj_rules_option_blocked()), the text says what the value
 * means; every value is seen so at least once. */
static void
test_text_follows_options (void)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_values = 0;

  for (guint i = 0; i < pj_option_count (); i++)
    for (guint k = 0; pj_option_info (i)->names[k]; k++)
      n_values++;

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      for (guint i = 0; i < pj_option_count (); i++)
        {
          const PjOptionInfo *opt = pj_option_info (i);

          for (guint k = 0; opt->names[k]; k++)
            {
              g_autoptr (GPtrArray) blocks = NULL;
              PjRules r;

              pj_rules_preset (&r, (PjPreset) p, players);
              g_assert_true (pj_option_set_string (&r, opt->key, opt->names[k], NULL));
              if (!pj_rules_validate (&r, NULL) || pj_rules_option_blocked (&r, opt) != NULL)
                continue;
              blocks = pj_rules_text_new (&r);
              if (!text_says (blocks, opt->value_explanations[k]))
                g_test_message ("the rules text of %s with %s=%s leaves out “%s”",
                                pj_preset_name ((PjPreset) p), opt->key, opt->names[k],
                                opt->value_explanations[k]);
              g_assert_true (text_says (blocks, opt->value_explanations[k]));
              /* and never what another value means */
              for (guint other = 0; opt->names[other]; other++)
                if (other != k)
                  g_assert_false (text_says (blocks, opt->value_explanations[other]));
              g_hash_table_add (seen, g_strdup_printf ("%s=%s", opt->key, opt->names[k]));
            }
        }
  g_assert_cmpuint (g_hash_table_size (seen), ==, n_values);
}

/* Finishing says a split may finish into a partner's pegs only when
 * split_finish_partner is set (it once said so whatever it was set to) */
static void
test_finishing (void)
{
  const PjOptionInfo *opt = pj_option_lookup ("split_finish_partner");

  for (guint value = 0; value < 2; value++)
    {
      g_autoptr (GPtrArray) blocks = NULL;
      g_autofree char *finishing = NULL;
      PjRules r;

      pj_rules_preset (&r, PJ_PRESET_BASIC, 4);
      r.split_finish_partner = (guint8) value;
      blocks = pj_rules_text_new (&r);
      finishing = section (blocks, "Finishing");
      g_assert_nonnull (strstr (finishing, opt->value_explanations[value]));
      g_assert_null (strstr (finishing, opt->value_explanations[!value]));
      if (value)
        g_assert_nonnull (strstr (finishing, "move a partner’s peg with the rest"));
      else
        g_assert_nonnull (strstr (finishing, "it may not bring your last peg home"));
    }
}

static void
test_blocks (void)
{
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      g_autoptr (GPtrArray) blocks = NULL;
      g_autofree char *subtitle = NULL;
      PjRules r;

      pj_rules_preset (&r, (PjPreset) p, 4);
      blocks = pj_rules_text_new (&r);
      subtitle = pj_rules_text_subtitle (&r);
      g_assert_true (g_str_has_suffix (subtitle, ", 4 players"));
      g_assert_cmpuint (blocks->len, >, 20);
      for (guint i = 0; i < blocks->len; i++)
        {
          const PjRulesTextBlock *block = g_ptr_array_index (blocks, i);

          g_assert_nonnull (block->text);
          g_assert_cmpstr (block->text, !=, "");
          g_assert_true ((block->kind == PJ_RULES_TEXT_CARD) == (block->title != NULL));
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules-text/every-option-explained", test_every_option_explained);
  g_test_add_func ("/rules-text/follows-options", test_text_follows_options);
  g_test_add_func ("/rules-text/finishing", test_finishing);
  g_test_add_func ("/rules-text/blocks", test_blocks);
  return g_test_run ();
}
