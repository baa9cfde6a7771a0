/* pj-announce.h — say something to the screen reader now
 *
 * GTK 4.14 has gtk_accessible_announce(). On GTK 4.8 (Debian 12, Orca 43)
 * nothing is spoken for a live region or a status label changing out of
 * focus; what Orca 43 does speak is a change of the accessible
 * description of the object that has the focus (its onDescriptionChanged
 * presents it). So the text becomes the description of the focused
 * widget, and is taken off again when the focus moves on (its tooltip, if
 * any, is its description again), so the widget does not keep reading out
 * old news.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* widget: any widget of the window to speak in (it is the fallback target
 * when nothing there has the focus). */
void pj_announce (GtkWidget  *widget,
                  const char *text);

/* Move the focus to widget and tell text there (may be NULL: only the
 * focus moves), said once: a screen reader presents the new focus with its
 * description, so on GTK 4.8 the text is the description before the focus
 * comes, not a change after it; on GTK 4.14 it is announced after the
 * focus moved, so that presenting the focus does not cut it off. */
gboolean pj_announce_with_focus (GtkWidget  *widget,
                                 const char *text);

/* The last text told in the widget's window (for tests); NULL before any. */
const char *pj_announce_get_last (GtkWidget *widget);

G_END_DECLS
