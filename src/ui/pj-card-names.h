/* pj-card-names.h — cards and places as words, for labels and screen readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "Seven", "Queen", "Joker" (translated) for a card rank. */
const char *pj_card_name (guint card);

G_END_DECLS
