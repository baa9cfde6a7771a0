/* pj-text.c — the words for people (see pj-text.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-text.h"

#include <glib/gi18n.h>

const char *
pj_text_colour_name (guint colour)
{
  switch (colour)
    {
    case 0: return C_("peg colour", "Red");
    case 1: return C_("peg colour", "Blue");
    case 2: return C_("peg colour", "Green");
    case 3: return C_("peg colour", "Yellow");
    case 4: return C_("peg colour", "Orange");
    case 5: return C_("peg colour", "Purple");
    case 6: return C_("peg colour", "Teal");
    case 7: return C_("peg colour", "Magenta");
    default: return "?";
    }
}

const char *
pj_text_card_name (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card", "Ace");
    case 2: return C_("card", "Two");
    case 3: return C_("card", "Three");
    case 4: return C_("card", "Four");
    case 5: return C_("card", "Five");
    case 6: return C_("card", "Six");
    case 7: return C_("card", "Seven");
    case 8: return C_("card", "Eight");
    case 9: return C_("card", "Nine");
    case 10: return C_("card", "Ten");
    case PJ_CARD_JACK: return C_("card", "Jack");
    case PJ_CARD_QUEEN: return C_("card", "Queen");
    case PJ_CARD_KING: return C_("card", "King");
    case PJ_CARD_JOKER: return C_("card", "Joker");
    default: return C_("card", "Hidden card");
    }
}

const char *
pj_text_card_index (guint card)
{
  /* Translators: the index printed in the corner of a playing card, as cards
   * are printed in your language (French decks: R for Roi, D for Dame, V for
   * Valet; German: K, D, B). Keep it to one or two characters. */
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card index", "A");
    case PJ_CARD_JACK: return C_("card index", "J");
    case PJ_CARD_QUEEN: return C_("card index", "Q");
    case PJ_CARD_KING: return C_("card index", "K");
    case PJ_CARD_JOKER: return C_("card index", "JK");
    case PJ_CARD_UNKNOWN: return "?";
    default: return pj_card_to_string ((PjCard) PJ_CARD_RANK (card));
    }
}

/* For sentences that name a card once ("Blue's card was a Four, not an
 * Ace"): the article goes with the word, in whatever form the language
 * needs. */
const char *
pj_text_card_with_article (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card with article", "an Ace");
    case 2: return C_("card with article", "a Two");
    case 3: return C_("card with article", "a Three");
    case 4: return C_("card with article", "a Four");
    case 5: return C_("card with article", "a Five");
    case 6: return C_("card with article", "a Six");
    case 7: return C_("card with article", "a Seven");
    case 8: return C_("card with article", "an Eight");
    case 9: return C_("card with article", "a Nine");
    case 10: return C_("card with article", "a Ten");
    case PJ_CARD_JACK: return C_("card with article", "a Jack");
    case PJ_CARD_QUEEN: return C_("card with article", "a Queen");
    case PJ_CARD_KING: return C_("card with article", "a King");
    case PJ_CARD_JOKER: return C_("card with article", "a Joker");
    default: return C_("card with article", "a hidden card");
    }
}

static const char *
translate (const char *context,
           const char *msgid)
{
  if (msgid == NULL)
    return NULL;
  return context ? g_dpgettext2 (NULL, context, msgid) : _(msgid);
}

const char *
pj_text_controller_title (PjController controller)
{
  return translate (pj_controller_title_context (controller), pj_controller_title (controller));
}

const char *
pj_text_controller_long_title (PjController controller)
{
  return translate (NULL, pj_controller_long_title (controller));
}

char *
pj_text_hint (const PjHint *hint)
{
  switch (hint->reason)
    {
    case PJ_HINT_CHALLENGE:
      return g_strdup (_("Few of the declared cards are left unseen: it is probably a bluff"));
    case PJ_HINT_PASS:
      return g_strdup (_("The declared card is likely real, and a wrong challenge costs a peg"));
    case PJ_HINT_PENALTY:
      /* Translators: %s is a peg colour (“Blue”) */
      return g_strdup_printf (_("Sends the most advanced %s peg back to start"),
                              pj_text_colour_name (hint->colour));
    case PJ_HINT_KEEP_JOKER:
      return g_strdup (_("Keeps your joker for a double play"));
    case PJ_HINT_DISCARD:
      return g_strdup (_("No card can move a peg: discards the least useful card"));
    case PJ_HINT_FREE_COME_OUT:
      return g_strdup (_("Uses the counting privilege to bring a peg out for free"));
    case PJ_HINT_SEND_BACK:
      /* Translators: %s is a peg colour (“Blue”) */
      return g_strdup_printf (_("Sends a %s peg back to start"), pj_text_colour_name (hint->colour));
    case PJ_HINT_BLUFF:
      /* Translators: %s is a card in the game's notation: A, 2 … 10, J, Q, K or JK */
      return g_strdup_printf (_("Bluffs: declares %s for a much better move"),
                              pj_card_to_string ((PjCard) hint->card));
    case PJ_HINT_TEAM_PEG_HOME_RUN:
      return g_strdup (_("Sends a team peg to its in-spot and on into home"));
    case PJ_HINT_TEAM_PEG_IN_SPOT:
      return g_strdup (_("Sends a team peg ahead to its in-spot"));
    case PJ_HINT_INTO_HOME:
      return g_strdup (_("Brings a peg home"));
    case PJ_HINT_COME_OUT:
      return g_strdup (_("Brings a new peg into play"));
    case PJ_HINT_PARTNER_COME_OUT:
      return g_strdup (_("Waits on a partner’s come-out hole for a home run"));
    case PJ_HINT_BACKWARD:
      return g_strdup (_("Moves backwards to just short of home"));
    case PJ_HINT_SWAP:
      return g_strdup (_("Swaps pegs to gain ground for your team"));
    case PJ_HINT_SAFE_PROGRESS:
    default:
      return g_strdup (_("Makes the most safe progress for your team"));
    }
}

