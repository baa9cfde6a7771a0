/* pj-choice-factory.h — how the app's drop-downs show a choice
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkListItemFactory *pj_choice_value_factory_new (void);
GtkListItemFactory *pj_choice_list_factory_new  (void);

G_END_DECLS
