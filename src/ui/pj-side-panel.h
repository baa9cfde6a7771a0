/* pj-side-panel.h — the window's side panel, beside the board or over it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PJ_TYPE_SIDE_PANEL (pj_side_panel_get_type ())
G_DECLARE_FINAL_TYPE (PjSidePanel, pj_side_panel, PJ, SIDE_PANEL, GtkWidget)

GtkWidget *pj_side_panel_new              (void);
GtkWidget *pj_side_panel_get_content      (PjSidePanel *self);
void       pj_side_panel_set_content      (PjSidePanel *self,
                                           GtkWidget   *content);
GtkWidget *pj_side_panel_get_sidebar      (PjSidePanel *self);
void       pj_side_panel_set_sidebar      (PjSidePanel *self,
                                           GtkWidget   *sidebar);
gboolean   pj_side_panel_get_show_sidebar (PjSidePanel *self);
void       pj_side_panel_set_show_sidebar (PjSidePanel *self,
                                           gboolean     show);
gboolean   pj_side_panel_get_collapsed    (PjSidePanel *self);
void       pj_side_panel_set_collapsed    (PjSidePanel *self,
                                           gboolean     collapsed);

G_END_DECLS
