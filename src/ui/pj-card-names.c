/* pj-card-names.c — cards as words, for labels and screen readers (the
 * words themselves are the model's, pj-text.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-card-names.h"
#include "pj-text.h"

const char *
pj_card_name (guint card)
{
  return pj_text_card_name (card);
}
