/* pj-rules-window.c — the rules of the chosen variant, written for players
 *
 * The words are the model's (pj-rules-text.c, where each rule option's
 * explanation comes from the option table); this only lays them out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-rules-text.h"
#include "pj-rules-window.h"

struct _PjRulesWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  GtkBox         *content;
};

G_DEFINE_FINAL_TYPE (PjRulesWindow, pj_rules_window, ADW_TYPE_WINDOW)

static void
pj_rules_window_class_init (PjRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PjRulesWindow, content);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pj_rules_window_init (PjRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
heading (PjRulesWindow *self,
         const char    *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-4");
  gtk_widget_set_margin_top (label, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  gtk_box_append (self->content, label);
}

static void
para (PjRulesWindow *self,
      const char    *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (self->content, label);
}

static GtkWidget *
card_list (PjRulesWindow *self,
           const char    *name)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  /* a screen reader names the list when it is entered */
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_box_append (self->content, list);
  return list;
}

static void
card_row (GtkWidget  *list,
          const char *cards,
          const char *power)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), cards);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), power);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
}

static void
fill (PjRulesWindow *self,
      const PjRules *r)
{
  g_autoptr (GPtrArray) blocks = pj_rules_text_new (r);
  g_autofree char *subtitle = pj_rules_text_subtitle (r);
  const char *section = NULL;
  GtkWidget *list = NULL;

  adw_window_title_set_subtitle (self->window_title, subtitle);
  for (guint i = 0; i < blocks->len; i++)
    {
      const PjRulesTextBlock *block = g_ptr_array_index (blocks, i);

      if (block->kind != PJ_RULES_TEXT_CARD)
        list = NULL;
      switch (block->kind)
        {
        case PJ_RULES_TEXT_HEADING:
          heading (self, block->text);
          section = block->text;
          break;
        case PJ_RULES_TEXT_PARAGRAPH:
          para (self, block->text);
          break;
        case PJ_RULES_TEXT_CARD:
          if (list == NULL)
            list = card_list (self, section);
          card_row (list, block->title, block->text);
          break;
        }
    }
}

PjRulesWindow *
pj_rules_window_new (GtkWindow     *parent,
                     const PjRules *rules)
{
  PjRulesWindow *self = g_object_new (PJ_TYPE_RULES_WINDOW,
                                      "transient-for", parent,
                                      NULL);
  PjRules basic;

  if (rules == NULL)
    {
      pj_rules_preset (&basic, PJ_PRESET_BASIC, 4);
      rules = &basic;
    }
  fill (self, rules);
  return self;
}
