/* pj-rules-text.c — the rules of a variant, written for players
 *
 * The text follows the game's rule options, not a fixed variant, so a
 * custom table reads right too. One translatable string per paragraph;
 * what an option's value means is the option table's (pj-rules.c), so that
 * each option is explained once, for the New Game dialog and here alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-rules-text.h"
#include "pj-text.h"

static void
block_free (gpointer data)
{
  PjRulesTextBlock *block = data;

  g_free (block->title);
  g_free (block->text);
  g_free (block);
}

static void
add (GPtrArray       *out,
     PjRulesTextKind  kind,
     const char      *title,
     const char      *text)
{
  PjRulesTextBlock *block = g_new0 (PjRulesTextBlock, 1);

  block->kind = kind;
  block->title = g_strdup (title);
  block->text = g_strdup (text);
  g_ptr_array_add (out, block);
}

static void
heading (GPtrArray  *out,
         const char *text)
{
  add (out, PJ_RULES_TEXT_HEADING, NULL, text);
}

static void
para (GPtrArray  *out,
      const char *text)
{
  add (out, PJ_RULES_TEXT_PARAGRAPH, NULL, text);
}

const char *
pj_rules_text_explain (const PjRules      *rules,
                       const PjOptionInfo *opt)
{
  const char *value = pj_option_get_string (rules, opt);

  if (pj_rules_option_blocked (rules, opt) != NULL)
    return NULL;
  for (guint i = 0; opt->names[i] != NULL; i++)
    if (strcmp (opt->names[i], value) == 0)
      return opt->value_explanations[i] ? _(opt->value_explanations[i]) : NULL;
  return NULL;
}

/* The explanation of one option's value, as a paragraph of its own */
static void
explain (GPtrArray     *out,
         const PjRules *r,
         const char    *key)
{
  const char *text = pj_rules_text_explain (r, pj_option_lookup (key));

  if (text != NULL)
    para (out, text);
}

/* A card's row: what the option of that card says, with what an option
 * that depends on it adds (the Two and its swap rule) */
static void
card (GPtrArray     *out,
      guint          rank,
      const PjRules *r,
      const char    *key,
      const char    *more_key)
{
  const char *text = pj_rules_text_explain (r, pj_option_lookup (key));
  const char *more = more_key ? pj_rules_text_explain (r, pj_option_lookup (more_key)) : NULL;
  g_autofree char *both = NULL;

  if (more != NULL)
    /* Translators: a card's powers, then what a rule option adds, e.g. "Move 2 forward, or swap … A swap must include a peg you may move now." */
    both = g_strdup_printf (_("%s %s"), text, more);
  add (out, PJ_RULES_TEXT_CARD, pj_text_card_name (rank), both ? both : text);
}

static void
card_table (GPtrArray     *out,
            const PjRules *r)
{
  g_autofree char *faces = NULL;
  g_autofree char *plain = NULL;

  card (out, PJ_CARD_ACE, r, "ace", NULL);
  /* Translators: the three face cards, e.g. "King, Queen, Jack" */
  faces = g_strdup_printf (_("%s, %s, %s"), pj_text_card_name (PJ_CARD_KING),
                           pj_text_card_name (PJ_CARD_QUEEN), pj_text_card_name (PJ_CARD_JACK));
  add (out, PJ_RULES_TEXT_CARD, faces, _("Bring a peg out of your start area, or move 10 forward."));
  card (out, 2, r, "two_swap", "swap_needs_own_peg");
  /* Translators: cards that simply move forward, e.g. "Three, Four, Five, Six" */
  plain = g_strdup_printf (_("%s, %s, %s, %s"), pj_text_card_name (3), pj_text_card_name (4),
                           pj_text_card_name (5), pj_text_card_name (6));
  add (out, PJ_RULES_TEXT_CARD, plain, _("Move one peg that many holes forward."));
  add (out, PJ_RULES_TEXT_CARD, pj_text_card_name (7),
       _("Move 7 forward with one peg, or split the 7 between two different pegs, such as 3 and 4. Both parts must be used in full."));
  add (out, PJ_RULES_TEXT_CARD, pj_text_card_name (8), _("Move one peg 8 holes backward on the main track."));
  card (out, 9, r, "nine_split", NULL);
  card (out, 10, r, "ten", NULL);
  card (out, PJ_CARD_JOKER, r, "joker", NULL);
}

char *
pj_rules_text_subtitle (const PjRules *r)
{
  int preset = pj_rules_match_preset (r);

  return g_strdup_printf (ngettext ("%s, %u player", "%s, %u players", r->players),
                          preset >= 0 ? _(pj_preset_title ((PjPreset) preset)) : C_("variant", "Custom rules"),
                          r->players);
}

GPtrArray *
pj_rules_text_new (const PjRules *r)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (block_free);
  int preset = pj_rules_match_preset (r);

  heading (out, _("The Aim"));
  explain (out, r, "players");
  explain (out, r, "teams");
  explain (out, r, "beginner_table_talk");
  para (out, _("Each player has five pegs in a start area beside their side of the board. The first team to bring every peg of every partner into its home wins."));
  explain (out, r, "holes_per_side");
  explain (out, r, "decks");
  explain (out, r, "hand_size");

  heading (out, _("The Cards"));
  card_table (out, r);

  heading (out, _("Your Turn"));
  explain (out, r, "draw_first");
  explain (out, r, "bluffing");
  para (out, _("Pegs run clockwise round the track. You must use the full value of the card, even when the move is a bad one."));
  para (out, _("If any card other than a Joker can move, you must make a move. A Joker may always be played, but never has to be. Only when nothing but a Joker can move may you instead discard a card and end your turn."));
  explain (out, r, "count_turns");
  explain (out, r, "stuck_pile");

  heading (out, _("Hits and Chains"));
  para (out, _("A peg may never land on or pass over a peg of its own colour. Passing other pegs does nothing."));
  para (out, _("Landing exactly on an opponent’s peg sends it back to its start area. Landing on a partner’s peg sends it forward to its own in-spot, which is often a big help, but not while a peg of that partner’s colour already sits there."));
  para (out, _("If a peg of another colour waits on that in-spot, it is hit in turn by the same rule, and so on: one move can set off a chain of hits."));
  if (r->ten == PJ_TEN_SPLIT_ANY)
    para (out, _("When your Ten moves other players’ pegs, hits are judged from your side: a peg of your team that is hit goes to its in-spot, an opponent’s goes back to its start, whoever landed on it."));

  heading (out, _("Home"));
  para (out, _("The in-spot is the marked hole near the start of your side; your home of five holes branches off there. Your pegs start at the come-out hole, the other marked hole, and must go all the way round."));
  explain (out, r, "home_entry");
  para (out, _("In your home pegs move forward only, by exact count, and never jump over each other. A peg may stop in any free home hole and move on later; as pegs cannot pass, the one furthest in has to reach the last hole in the end so the others fit."));

  heading (out, _("Finishing"));
  explain (out, r, "move_team_pegs");
  explain (out, r, "split_finish_partner");
  para (out, _("The game ends as soon as one team has every peg home."));

  if (r->bluffing)
    {
      heading (out, _("Bluffing"));
      para (out, _("Before the move stands, each opponent in turn may challenge it. If nobody challenges, the move stands and the card stays hidden."));
      para (out, _("A caught bluff: the challengers pick one of the bluffer’s pegs on the board and send it back to start, and the move is not made. A wrong challenge: the truthful player sends one of the challenger’s pegs back to start, and the move stands."));
      para (out, _("Whoever has no peg on the board to lose gives the other side an extra turn instead."));
    }

  if (preset != PJ_PRESET_BASIC)
    {
      heading (out, _("How This Variant Differs"));
      if (!r->draw_first)
        para (out, _("You play first and draw afterwards."));
      if (r->ace == PJ_ACE_ONE_BACK_ELEVEN || r->two_swap || r->nine != PJ_NINE_NONE ||
          r->ten != PJ_TEN_FORWARD || r->joker != PJ_JOKER_HIT_ANY)
        para (out, _("Some cards have other powers: see the table of cards above."));
      if (r->count_turns > 0)
        para (out, _("Players who cannot move count their turns and then bring a peg out for free."));
      if (r->bluffing)
        para (out, _("Cards are played face down and may be bluffed."));
    }

  heading (out, _("Playing with a Screen Reader"));
  para (out, _("Every hole of the board is read by name: the peg in it and where that is, for example “Red peg 2, main track, 5 holes before Blue’s in-spot”, or “Hole 12 of Blue’s side, empty”."));
  para (out, _("Pick a card with Alt and its number, or Tab to the cards and press Enter. On the board the arrow keys go through the pegs and holes you may pick, each hole saying what the move does, for example “Move to Red home hole 3: Seven: peg 2 to home 3, peg 4 +4”. Enter picks; a split card is picked part by part; Escape steps back."));
  para (out, _("To look around the board: Page Down and Page Up go hole by hole along the track, P and Shift+P go peg by peg, player by player. T tells what threatens the peg in focus, D how far each peg of that colour is from home, L which team leads."));
  para (out, _("The moves of the other players, challenges included, are read out as they happen, in the words of the move list (F9 shows it)."));
  return out;
}
