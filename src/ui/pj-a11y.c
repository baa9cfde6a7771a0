/* pj-a11y.c — names that GTK and libadwaita's own parts leave wrong
 *
 * What a screen reader hears of our own widgets is set where they are
 * declared (the .ui files, accessible labels and relations). Some parts are
 * built inside GTK 4.8 and libadwaita 1.2, out of reach of a .ui file, and
 * are read wrongly there:
 *
 * - a button with a mnemonic is named twice, its raw label then its text
 *   ("_New Game New Game"): GTK 4.8 puts the label, underscore and all,
 *   in the accessible label and adds the child label's text. Without the
 *   accessible label the name is the text alone, on every GTK version.
 * - a check button with a mnemonic keeps the underscore ("_Uniform").
 * - the arrow half of an AdwSplitButton and the button inside a GtkDropDown
 *   have no name ("GtkMenuButton", "GtkToggleButton").
 * - the list inside an AdwExpanderRow or an AdwComboRow's popover, or in
 *   an AdwPreferencesGroup without a title, and a menu button's menu are
 *   read by their type ("GtkListBox", "GtkListView", "GtkPopoverMenu").
 * - the arrow and pencil icons inside rows and entries are read as
 *   "GtkImage"; they say nothing the row does not.
 * - a menu button with a label, a search entry, and the icon buttons of
 *   the shortcuts and about windows have no name.
 * - a preferences window of one page keeps its page switcher, tab icons,
 *   search entry and search results list out of sight, but a screen
 *   reader finds them, read by their type.
 *
 * pj_a11y_init() mends each such widget once when it is first mapped, and
 * again when its label changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gi18n.h>

#include "pj-a11y.h"
#include "pj-preferences-window.h"

static GQuark mended_quark;

/* "Stand _Up" → "Stand Up"; "__" is a real underscore */
static char *
strip_mnemonic (const char *label)
{
  GString *out = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            p++;
          else
            continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* A button's name is its text, said once. */
static void
button_label_cb (GtkButton  *button,
                 GParamSpec *pspec,
                 gpointer    data)
{
  if (gtk_button_get_use_underline (button) && gtk_button_get_label (button) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
check_label_cb (GtkCheckButton *check,
                GParamSpec     *pspec,
                gpointer        data)
{
  const char *label = gtk_check_button_get_label (check);

  if (gtk_check_button_get_use_underline (check) && label != NULL)
    {
      g_autofree char *text = strip_mnemonic (label);

      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
}

#if GTK_CHECK_VERSION (4, 14, 0)
/* GTK 4.14 names a row by its content or what labels it, and these rows
 * hold their title twice: a combo row its title and the list it labels
 * ("Seat 1: Red Seat 1: Red"), libadwaita 1.10's entry row two title
 * labels, both labelling it ("Your name Your name"). Named by the title
 * alone, they read it once. (GTK 4.8 names the row by its title already,
 * and the control inside by the row: a label here would be read twice.) */
static void
row_title_cb (AdwPreferencesRow *row,
              GParamSpec        *pspec,
              gpointer           data)
{
  const char *title = adw_preferences_row_get_title (row);
  g_autofree char *text = NULL;

  if (title == NULL || title[0] == '\0')
    return;
  text = adw_preferences_row_get_use_underline (row) ? strip_mnemonic (title) : g_strdup (title);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}
#endif

static GtkWidget *
ancestor_of_type (GtkWidget *widget,
                  GType      type)
{
  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL && !GTK_IS_ROOT (w);
       w = gtk_widget_get_parent (w))
    if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
      return w;
  return NULL;
}

static void
set_label (GtkWidget  *widget,
           const char *label)
{
  g_autofree char *text = NULL;

  if (label == NULL || label[0] == '\0')
    return;
  text = strip_mnemonic (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/* A list without a name of its own: the rows of an expander row, a combo
 * row's choices, or a preferences group without a title. */
static void
name_list (GtkWidget *list)
{
  GtkWidget *row = ancestor_of_type (list, ADW_TYPE_EXPANDER_ROW);
  GtkWidget *group;

  if (row == NULL)
    row = ancestor_of_type (list, ADW_TYPE_COMBO_ROW);
  if (row != NULL)
    {
      set_label (list, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
      return;
    }

  group = ancestor_of_type (list, ADW_TYPE_PREFERENCES_GROUP);
  if (GTK_IS_LIST_BOX (list) && group != NULL &&
      g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), "") == 0)
    {
      GtkListBoxRow *first = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);

      if (ADW_IS_PREFERENCES_ROW (first))
        set_label (list, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (first)));
    }
}

static const char *
first_label_text (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *text = GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child))
                                               : first_label_text (child);

      if (text != NULL && text[0] != '\0')
        return text;
    }
  return NULL;
}

/* The windows that GTK and libadwaita build whole (the shortcuts and about
 * windows): their icon buttons are named by their tooltips, or the text
 * inside, and their images are decoration. Not ours, where a name is set
 * in the .ui file and must not be replaced. */
static gboolean
mend_library_window (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (!GTK_IS_SHORTCUTS_WINDOW (root) && !ADW_IS_ABOUT_WINDOW (root))
    return FALSE;

  if ((GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL) ||
      (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL))
    {
      const char *name = gtk_widget_get_tooltip_text (widget);

      if (name == NULL)
        name = first_label_text (widget);
      /* the shortcuts window's search button shows only a magnifier */
      if (name == NULL && GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_SHORTCUTS_WINDOW (root))
        name = _("Search");
      /* its section switcher: shown only for several sections (ours has one) */
      if (name == NULL && GTK_IS_MENU_BUTTON (widget) && GTK_IS_SHORTCUTS_WINDOW (root))
        gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      else
        set_label (widget, name);
      return TRUE;
    }
  if (GTK_IS_IMAGE (widget))
    {
      gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      return TRUE;
    }
  return FALSE;
}

/* The parts of the preferences (a window before libadwaita 1.5, a dialog
 * in the window since) that a window of one page with no search never
 * shows; they are hidden from screen readers too. */
static gboolean
mend_preferences_window (GtkWidget *widget)
{
  GtkWidget *prefs = gtk_widget_get_ancestor (widget, PJ_TYPE_PREFERENCES_BASE);
  GtkWidget *group;
  gboolean search = FALSE;

  if (prefs == NULL)
    return FALSE;
  /* the same property on both */
  g_object_get (prefs, "search-enabled", &search, NULL);
  if (search)
    return FALSE;

  /* the search results are lists in groups without a title; ours have one */
  group = ancestor_of_type (widget, ADW_TYPE_PREFERENCES_GROUP);
  if (ADW_IS_VIEW_SWITCHER (widget) || GTK_IS_SEARCH_ENTRY (widget) ||
      (GTK_IS_IMAGE (widget) && ancestor_of_type (widget, ADW_TYPE_VIEW_SWITCHER) != NULL) ||
      (GTK_IS_LIST_BOX (widget) && group != NULL &&
       g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), "") == 0))
    {
      gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      return TRUE;
    }
  return FALSE;
}

static void
mend (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  if (g_object_get_qdata (G_OBJECT (widget), mended_quark) != NULL)
    return;
  g_object_set_qdata (G_OBJECT (widget), mended_quark, GINT_TO_POINTER (TRUE));

  if (mend_library_window (widget) || mend_preferences_window (widget))
    return;

  if (GTK_IS_BUTTON (widget))
    {
      button_label_cb (GTK_BUTTON (widget), NULL, NULL);
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (button_label_cb), NULL);
      g_signal_connect_after (widget, "notify::use-underline", G_CALLBACK (button_label_cb), NULL);
      /* the button that opens a drop-down's list: read as the drop-down,
       * or as the label that names it (GTK 4.8 does not look further than
       * one step for a name) */
      if (GTK_IS_DROP_DOWN (parent))
        {
          g_autoptr (GList) labels = gtk_widget_list_mnemonic_labels (parent);

          gtk_accessible_update_relation (GTK_ACCESSIBLE (widget),
                                          GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                          labels != NULL ? labels->data : parent, NULL,
                                          -1);
        }
    }
  else if (GTK_IS_CHECK_BUTTON (widget))
    {
      check_label_cb (GTK_CHECK_BUTTON (widget), NULL, NULL);
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (check_label_cb), NULL);
    }
  else if (GTK_IS_MENU_BUTTON (widget) && ADW_IS_SPLIT_BUTTON (parent))
    set_label (widget, adw_split_button_get_dropdown_tooltip (ADW_SPLIT_BUTTON (parent)));
  else if (GTK_IS_MENU_BUTTON (widget))
    set_label (widget, gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)));
  else if (GTK_IS_SEARCH_ENTRY (widget))
    {
      g_autofree char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      set_label (widget, placeholder);
    }
  else if (GTK_IS_POPOVER_MENU (widget) && GTK_IS_MENU_BUTTON (parent))
    {
      /* a menu is named as the button that opens it */
      const char *label = gtk_menu_button_get_label (GTK_MENU_BUTTON (parent));

      set_label (widget, label != NULL ? label : gtk_widget_get_tooltip_text (parent));
    }
  else if (GTK_IS_LIST_BOX (widget) || GTK_IS_LIST_VIEW (widget))
    name_list (widget);
#if GTK_CHECK_VERSION (4, 14, 0)
  else if (ADW_IS_ENTRY_ROW (widget) || ADW_IS_COMBO_ROW (widget))
    {
      row_title_cb (ADW_PREFERENCES_ROW (widget), NULL, NULL);
      g_signal_connect_after (widget, "notify::title", G_CALLBACK (row_title_cb), NULL);
    }
#endif
  else if (GTK_IS_IMAGE (widget) &&
           (ancestor_of_type (widget, ADW_TYPE_PREFERENCES_ROW) != NULL ||
            ancestor_of_type (widget, GTK_TYPE_ENTRY) != NULL))
    /* the arrows and pencils inside rows and entries say nothing that the
     * row or entry does not */
    gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/**
 * pj_a11y_fix_names:
 * @root: a widget
 *
 * Mend the names of @root and every widget inside it, shown or not (a
 * popover's list is read before it opens).
 */
void
pj_a11y_fix_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (mended_quark == 0)
    mended_quark = g_quark_from_static_string ("pj-a11y-mended");

  mend (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pj_a11y_fix_names (child);
}

static gboolean
map_hook (GSignalInvocationHint *hint,
          guint                  n_values,
          const GValue          *values,
          gpointer               data)
{
  GtkWidget *widget = g_value_get_object (&values[0]);

  /* a window's whole tree at once; later widgets as they show up */
  if (GTK_IS_ROOT (widget) || g_object_get_qdata (G_OBJECT (widget), mended_quark) == NULL)
    pj_a11y_fix_names (widget);
  return TRUE;
}

/**
 * pj_a11y_init:
 *
 * Mend every widget of the app as it is first shown. Call once, after
 * gtk_init().
 */
void
pj_a11y_init (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      mended_quark = g_quark_from_static_string ("pj-a11y-mended");
      /* the signal exists once the class does (kept for the app's life) */
      g_type_class_ref (GTK_TYPE_WIDGET);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, map_hook, NULL, NULL);
      g_once_init_leave (&done, 1);
    }
}
