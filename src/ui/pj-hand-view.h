/* pj-hand-view.h — the cards of the seat whose hand is shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PJ_TYPE_HAND_VIEW (pj_hand_view_get_type ())
G_DECLARE_FINAL_TYPE (PjHandView, pj_hand_view, PJ, HAND_VIEW, GtkWidget)

GtkWidget *pj_hand_view_new          (void);
void       pj_hand_view_set_cards    (PjHandView   *self,
                                      const guint8 *cards,
                                      const gboolean *playable,
                                      guint         n_cards);
guint      pj_hand_view_get_n_cards  (PjHandView   *self);
int        pj_hand_view_get_selected (PjHandView   *self);
void       pj_hand_view_set_selected (PjHandView   *self,
                                      int           index);
guint      pj_hand_view_get_card     (PjHandView   *self,
                                      guint         index);

void        pj_hand_view_focus_card (PjHandView *self,
                                     guint       index);

/* The card a hint suggests, marked on the hand (-1: none); kept until
 * set again or the cards change. */
void        pj_hand_view_set_hint   (PjHandView *self,
                                     int         index);
int         pj_hand_view_get_hint   (PjHandView *self);

/* Cards shown, none playable (a position looked back at). */
void        pj_hand_view_set_read_only (PjHandView *self,
                                        gboolean    read_only);
gboolean    pj_hand_view_get_read_only (PjHandView *self);

G_END_DECLS
