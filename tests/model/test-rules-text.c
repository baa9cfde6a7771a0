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
#include "pj-test-util.h"

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

/* ---- every paragraph cites a rule, and the engine plays it so ---------- */

#define BASIC4 "rules basic players=4\n"
#define NC4    "rules north-carolina players=4\n"

/* A legal action whose steps include this one (colour, from, to). */
static gboolean
has_step (const PjState *s,
          guint          card,
          guint          colour,
          guint          from,
          guint          to)
{
  PjActionList list;
  gboolean found = FALSE;

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n && !found; i++)
    for (guint k = 0; k < list.v[i].n_steps && !found; k++)
      found = PJ_CARD_RANK (list.v[i].card) == card && PJ_PEG_COLOUR (list.v[i].steps[k].peg) == colour &&
              list.v[i].steps[k].from == from && list.v[i].steps[k].to == to;
  pj_action_list_clear (&list);
  return found;
}

static gboolean
has_kind (const PjState *s,
          PjActionKind   kind,
          guint          card)
{
  PjActionList list;
  gboolean found = FALSE;

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n; i++)
    found |= list.v[i].kind == kind && PJ_CARD_RANK (list.v[i].card) == card;
  pj_action_list_clear (&list);
  return found;
}

/* B-23: a Five moves its peg exactly five holes */
static void
check_full_value (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r10 s s s s\nhand R 5\n");
  g_assert_true (has_step (&s, 5, 0, 10, 15));
  for (guint to = 11; to < 15; to++)
    g_assert_false (has_step (&s, 5, 0, 10, to));
}

/* B-21, B-22: no discard while a card other than a Joker moves; when only
 * the Joker can, it may be played or any card discarded */
static void
check_must_play (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs B b5 s s s s\nhand R 3 JK\n");
  g_assert_false (has_kind (&s, PJ_ACTION_DISCARD, 3));
  g_assert_false (has_kind (&s, PJ_ACTION_DISCARD, PJ_CARD_JOKER));
  pjt_load (&s, BASIC4 "pegs R s s s s s\npegs B b5 s s s s\nhand R 3 JK\n");
  g_assert_true (has_kind (&s, PJ_ACTION_MOVE, PJ_CARD_JOKER));
  g_assert_true (has_kind (&s, PJ_ACTION_DISCARD, 3));
}

/* B-31: never onto or over a peg of your own colour */
static void
check_own_colour (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r10 r12 s s s\nhand R 3\n");
  g_assert_false (has_step (&s, 3, 0, 10, 13));
  g_assert_true (has_step (&s, 3, 0, 12, 15));
}

/* B-33: a partner hit goes to its in-spot, not while its colour sits
 * there; an opponent hit goes back to start */
static void
check_hits (void)
{
  PjState s;
  guint green_in_spot;

  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs G r12 s s s s\nhand R 2\n");
  green_in_spot = pj_in_spot_hole (&s.rules, 2);
  g_assert_true (has_step (&s, 2, 2, 12, green_in_spot));
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs G r12 g3 s s s\nhand R 2\n");
  g_assert_false (has_step (&s, 2, 0, 10, 12));
  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs B r12 s s s s\nhand R 2\n");
  g_assert_true (has_step (&s, 2, 1, 12, PJ_POS_START));
}

/* B-33: a peg of another colour on that in-spot is hit in turn */
static void
check_chain (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r10 s s s s\npegs G r12 s s s s\npegs B g3 s s s s\nhand R 2\n");
  g_assert_true (has_step (&s, 2, 2, 12, pj_in_spot_hole (&s.rules, 2)));
  g_assert_true (has_step (&s, 2, 1, pj_in_spot_hole (&s.rules, 2), PJ_POS_START));
}

/* B-35, B-36: the first peg in may stop short of the last hole, moves on
 * later by exact count, and never passes another */
static void
check_home (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R r0 s s s s\nhand R 5\n");
  g_assert_true (has_step (&s, 5, 0, 0, PJ_POS_HOME (1)));
  pjt_load (&s, BASIC4 "pegs R h2 s s s s\nhand R 3\n");
  g_assert_true (has_step (&s, 3, 0, PJ_POS_HOME (1), PJ_POS_HOME (4)));
  pjt_load (&s, BASIC4 "pegs R h2 h4 s s s\nhand R 3\n");
  g_assert_false (has_step (&s, 3, 0, PJ_POS_HOME (1), PJ_POS_HOME (4)));
}

/* NC-9: a Ten's hits are judged from the player's side: Red moves Blue's
 * peg onto Green's, and Green (Red's partner) goes to its in-spot */
static void
check_ten_hits (void)
{
  PjState s;

  pjt_load (&s, NC4 "pegs R r10 s s s s\npegs B b5 s s s s\npegs G b8 s s s s\nhand R 10\n");
  g_assert_true (has_step (&s, 10, 1, 18 + 5, 18 + 8));
  g_assert_true (has_step (&s, 10, 2, 18 + 8, pj_in_spot_hole (&s.rules, 2)));
}

/* B-61: the game ends when one team has every peg home */
static void
check_win (void)
{
  PjState s;

  pjt_load (&s, BASIC4 "pegs R h2 h3 h4 h5 r0\npegs G h1 h2 h3 h4 h5\nhand R 4\n");
  pjt_play (&s, "4 R5 r0-h1");
  g_assert_true (pj_state_is_over (&s));
}

/* Each paragraph that is not an option's explanation, by how it begins,
 * and the rule it tells; check: the engine doing what it says (NULL where
 * it is about the screen, or told by a test of its own elsewhere). */
typedef struct {
  const char *begins;
  const char *rule;
  void (*check) (void);
} Cited;

static const Cited cited[] = {
  { "Each player has five pegs", "B-61", check_win },
  { "Pegs run clockwise", "B-23", check_full_value },
  { "If any card other than a Joker can move", "B-21", check_must_play },
  { "A peg may never land on or pass over", "B-31", check_own_colour },
  { "Landing exactly on an opponent", "B-33", check_hits },
  { "If a peg of another colour waits", "B-33", check_chain },
  { "When your Ten moves other players", "NC-9", check_ten_hits },
  { "The in-spot is the marked hole", "B-13", NULL },
  { "In your home pegs move forward only", "B-36", check_home },
  { "The game ends as soon as", "B-61", check_win },
  { "Before the move stands", "BJ", NULL },              /* test-game-text, engine tests */
  { "A caught bluff", "BJ", NULL },
  { "Whoever has no peg on the board", "BJ", NULL },
  { "You play first and draw afterwards", "B-20", NULL },
  { "Some cards have other powers", "§10", NULL },
  { "Players who cannot move count", "NC-10", NULL },
  { "Cards are played face down", "BJ", NULL },
  { "Every hole of the board is read", "UI", NULL },     /* the screen reader's, not a rule */
  { "Pick a card with Alt", "UI", NULL },
  { "To look around the board", "UI", NULL },
  { "The moves of the other players", "UI", NULL },
};

static gboolean
is_explanation (const char *text)
{
  for (guint i = 0; i < pj_option_count (); i++)
    {
      const PjOptionInfo *opt = pj_option_info (i);

      for (guint k = 0; opt->names[k]; k++)
        if (g_strcmp0 (text, opt->value_explanations[k]) == 0)
          return TRUE;
    }
  return FALSE;
}

/* Every paragraph of every preset's rules, at every table size, is an
 * option's explanation or cites a rule of RULES.md (a new one must say
 * which); and no text claims the first peg home must end in the last
 * hole at once (issue 23: the hint rightly plays it short, B-36). */
static void
test_paragraphs_cite_rules (void)
{
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    for (guint players = 4; players <= 8; players += 2)
      {
        g_autoptr (GPtrArray) blocks = NULL;
        PjRules r;

        pj_rules_preset (&r, (PjPreset) p, players);
        blocks = pj_rules_text_new (&r);
        for (guint i = 0; i < blocks->len; i++)
          {
            const PjRulesTextBlock *block = g_ptr_array_index (blocks, i);
            gboolean found = is_explanation (block->text);

            if (block->kind != PJ_RULES_TEXT_PARAGRAPH)
              continue;
            g_assert_null (strstr (block->text, "must end in the last hole"));
            for (guint c = 0; c < G_N_ELEMENTS (cited) && !found; c++)
              found = g_str_has_prefix (block->text, cited[c].begins);
            if (!found)
              g_test_message ("%s: no rule cited for “%s”", pj_preset_name ((PjPreset) p), block->text);
            g_assert_true (found);
          }
      }
}

static void
run_check (gconstpointer data)
{
  const Cited *c = data;

  c->check ();
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
  g_test_add_func ("/rules-text/paragraphs-cite-rules", test_paragraphs_cite_rules);
  for (guint c = 0; c < G_N_ELEMENTS (cited); c++)
    if (cited[c].check != NULL)
      {
        g_autofree char *path = g_strdup_printf ("/rules-text/%s/%s", cited[c].rule, cited[c].begins);

        g_test_add_data_func (path, &cited[c], run_check);
      }
  return g_test_run ();
}
