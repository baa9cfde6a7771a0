/* pj-card-names.c — cards as words, for labels and screen readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-card-names.h"
#include "pj-engine.h"

const char *
pj_card_name (guint card)
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
