/* pj-a11y.h — names that GTK and libadwaita's own parts leave wrong
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pj_a11y_init (void);
void pj_a11y_fix_names (GtkWidget *root);

G_END_DECLS
