/* pj-chat-box.h — table talk: the messages so far and a line to write
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PJ_TYPE_CHAT_BOX (pj_chat_box_get_type ())
G_DECLARE_FINAL_TYPE (PjChatBox, pj_chat_box, PJ, CHAT_BOX, GtkWidget)

GtkWidget *pj_chat_box_new          (void);
void       pj_chat_box_add_message  (PjChatBox  *self,
                                     const char *from,
                                     const char *text,
                                     gboolean    team);
void       pj_chat_box_clear        (PjChatBox  *self);
guint      pj_chat_box_get_n_messages (PjChatBox *self);
/* Team talk only (RULES §12, beginner_table_talk during a game). */
void       pj_chat_box_set_team_only (PjChatBox *self,
                                      gboolean   team_only);
gboolean   pj_chat_box_get_team_only (PjChatBox *self);

G_END_DECLS
