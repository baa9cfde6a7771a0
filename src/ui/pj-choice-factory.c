/* pj-choice-factory.c — how the app's drop-downs show a choice
 *
 * For models of GtkStringObject (a GtkStringList): the chosen value on a
 * combo row or drop-down, and the lines of its pop-up list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-choice-factory.h"

/* Up to this many characters a value is kept on one line; a longer one
 * wraps at this width. */
#define VALUE_CHARS 16

/* The default factories' label ellipsizes: beside a row's title and a long
 * subtitle it gives way until "Normal" reads "Nor…", and more so in a
 * longer language. This one asks for its whole text as its least width up
 * to VALUE_CHARS, so the row's title wraps first, and wraps what is
 * longer. */
static void
value_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), VALUE_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_list_item_set_child (item, label);
}

static void
value_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  gtk_label_set_label (label, text);
  gtk_label_set_width_chars (label, MIN ((int) g_utf8_strlen (text, -1), VALUE_CHARS));
  /* xalign follows the text direction, justification does not */
  gtk_label_set_justify (label, gtk_widget_get_direction (GTK_WIDGET (label)) == GTK_TEXT_DIR_RTL
                                ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_RIGHT);
}

/**
 * pj_choice_value_factory_new:
 *
 * The chosen value as a combo row (or drop-down) shows it: whole, on one
 * line when short, wrapped when long.
 *
 * Returns: (transfer full): a factory for adw_combo_row_set_factory()
 */
GtkListItemFactory *
pj_choice_value_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (value_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (value_bind_cb), NULL);
  return factory;
}

/* A pop-up line: the choice and, on the chosen one, a check mark, as the
 * default factories draw them (without their ellipsizing). */
static void
choice_selected_cb (GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  if (box != NULL)
    gtk_widget_set_opacity (gtk_widget_get_last_child (box), gtk_list_item_get_selected (item) ? 1 : 0);
}

static void
choice_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
  g_signal_connect (item, "notify::selected", G_CALLBACK (choice_selected_cb), NULL);
}

static void
choice_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  choice_selected_cb (item);
}

/**
 * pj_choice_list_factory_new:
 *
 * The lines of a combo row's (or drop-down's) pop-up list: each choice
 * whole, the chosen one checked.
 *
 * Returns: (transfer full): a factory for adw_combo_row_set_list_factory()
 */
GtkListItemFactory *
pj_choice_list_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (choice_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (choice_bind_cb), NULL);
  return factory;
}
