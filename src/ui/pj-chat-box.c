/* pj-chat-box.c — table talk: the messages so far and a line to write
 *
 * The box only shows and collects text; what may be said when (RULES §12)
 * is the host's call, and the window decides where the box is shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-chat-box.h"

#define MAX_MESSAGES 200

struct _PjChatBox
{
  GtkWidget          parent_instance;

  GtkWidget         *scroller;
  GtkListBox        *list;
  GtkEntry          *entry;
  guint              n_messages;
  gboolean           team_only;
};

G_DEFINE_FINAL_TYPE (PjChatBox, pj_chat_box, GTK_TYPE_WIDGET)

enum {
  SEND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
scroll_to_end_cb (gpointer user_data)
{
  PjChatBox *self = user_data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  return G_SOURCE_REMOVE;
}

void
pj_chat_box_add_message (PjChatBox  *self,
                         const char *from,
                         const char *text,
                         gboolean    team)
{
  g_autofree char *markup = NULL;
  GtkWidget *label;

  g_return_if_fail (PJ_IS_CHAT_BOX (self));
  g_return_if_fail (from != NULL && text != NULL);

  if (*from == '\0')
    /* the table's own line (no person goes by an empty name): not said by anyone */
    markup = g_markup_printf_escaped ("<i>%s</i>", text);
  else if (team)
    /* Translators: a team chat message: who, then what, e.g. "<b>Ann</b> (team): go" */
    markup = g_markup_printf_escaped (_("<b>%s</b> (team): %s"), from, text);
  else
    /* Translators: a chat message: who, then what */
    markup = g_markup_printf_escaped (_("<b>%s</b>: %s"), from, text);

  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_set_margin_bottom (label, 2);
  gtk_list_box_append (self->list, label);

  /* a long evening of talk does not grow without bound */
  if (++self->n_messages > MAX_MESSAGES)
    {
      gtk_list_box_remove (self->list, gtk_widget_get_first_child (GTK_WIDGET (self->list)));
      self->n_messages--;
    }
  g_idle_add_full (G_PRIORITY_LOW, scroll_to_end_cb, g_object_ref (self), g_object_unref);
}

void
pj_chat_box_clear (PjChatBox *self)
{
  GtkWidget *row;

  g_return_if_fail (PJ_IS_CHAT_BOX (self));

  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, row);
  self->n_messages = 0;
}

guint
pj_chat_box_get_n_messages (PjChatBox *self)
{
  g_return_val_if_fail (PJ_IS_CHAT_BOX (self), 0);

  return self->n_messages;
}

void
pj_chat_box_set_team_only (PjChatBox *self,
                           gboolean   team_only)
{
  g_return_if_fail (PJ_IS_CHAT_BOX (self));

  self->team_only = team_only;
  gtk_entry_set_placeholder_text (self->entry, team_only ? _("Message your team")
                                                         : _("Message the table"));
}

gboolean
pj_chat_box_get_team_only (PjChatBox *self)
{
  g_return_val_if_fail (PJ_IS_CHAT_BOX (self), FALSE);

  return self->team_only;
}

static void
entry_activate_cb (PjChatBox *self,
                   GtkEntry  *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *copy = g_strstrip (g_strdup (text));

  if (copy[0] == '\0')
    return;
  g_signal_emit (self, signals[SEND], 0, copy, self->team_only);
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
entry_icon_cb (PjChatBox            *self,
               GtkEntryIconPosition  position,
               GtkEntry             *entry)
{
  entry_activate_cb (self, entry);
}

/* The line gives up the focus while it can still be told so: a page that
 * goes (the lobby at the deal, a table closed) with the line focused left
 * GtkText blinking for a focus it no longer had ("did not receive a
 * focus-out event"). */
static void
let_go_of_focus (PjChatBox *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && (focus == GTK_WIDGET (self->entry) ||
                        gtk_widget_is_ancestor (focus, GTK_WIDGET (self->entry))))
    gtk_root_set_focus (root, NULL);
}

static void
pj_chat_box_unmap (GtkWidget *widget)
{
  let_go_of_focus (PJ_CHAT_BOX (widget));
  GTK_WIDGET_CLASS (pj_chat_box_parent_class)->unmap (widget);
}

static void
pj_chat_box_unroot (GtkWidget *widget)
{
  let_go_of_focus (PJ_CHAT_BOX (widget));
  GTK_WIDGET_CLASS (pj_chat_box_parent_class)->unroot (widget);
}

static void
pj_chat_box_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), PJ_TYPE_CHAT_BOX);
  /* the children the template does not name go too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pj_chat_box_parent_class)->dispose (object);
}

static void
pj_chat_box_class_init (PjChatBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_chat_box_dispose;
  widget_class->unmap = pj_chat_box_unmap;
  widget_class->unroot = pj_chat_box_unroot;

  /**
   * PjChatBox::send:
   * @text: what was written
   * @team: for the team only
   */
  signals[SEND] =
    g_signal_new ("send", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-chat-box.ui");
  gtk_widget_class_bind_template_child (widget_class, PjChatBox, scroller);
  gtk_widget_class_bind_template_child (widget_class, PjChatBox, list);
  gtk_widget_class_bind_template_child (widget_class, PjChatBox, entry);
  gtk_widget_class_bind_template_callback (widget_class, entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_icon_cb);
  gtk_widget_class_set_css_name (widget_class, "pj-chat");
}

static void
pj_chat_box_init (PjChatBox *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pj_chat_box_set_team_only (self, FALSE);
}

GtkWidget *
pj_chat_box_new (void)
{
  return g_object_new (PJ_TYPE_CHAT_BOX, NULL);
}
