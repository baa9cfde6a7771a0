/* pj-a11y.h — names that GTK and libadwaita's own parts leave wrong
 *
 * Name your own widgets in their .ui file (accessible label, labelled-by).
 * A button with a mnemonic is named by its text, underscore removed: on
 * GTK 4.8 an accessible label of its own would be read before its text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pj_a11y_init (void);
void pj_a11y_fix_names (GtkWidget *root);

G_END_DECLS
