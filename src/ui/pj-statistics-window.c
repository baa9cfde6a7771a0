/* pj-statistics-window.c — games played and won, by variant and seat count
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-statistics.h"
#include "pj-statistics-window.h"

struct _PjStatisticsWindow
{
  AdwWindow             parent_instance;

  AdwPreferencesGroup  *variants_group;
  GtkLabel             *played_label;
  GtkLabel             *won_label;
};

G_DEFINE_FINAL_TYPE (PjStatisticsWindow, pj_statistics_window, ADW_TYPE_WINDOW)

static void
pj_statistics_window_class_init (PjStatisticsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, variants_group);
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, played_label);
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, won_label);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pj_statistics_window_init (PjStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
fill (PjStatisticsWindow *self,
      const char         *json)
{
  g_autoptr (GArray) entries = pj_statistics_parse (json);
  g_autofree char *played_text = NULL;
  g_autofree char *won_text = NULL;
  guint played = 0, won = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      const PjStatisticsEntry *e = &g_array_index (entries, PjStatisticsEntry, i);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *percent = NULL;
      GtkWidget *row, *label;

      played += e->played;
      won += e->won;

      /* Translators: a variant and its table size, e.g. "Basic, 4 players" */
      title = g_strdup_printf (ngettext ("%s, %u player", "%s, %u players", e->players),
                               pj_statistics_variant_title (e->variant), e->players);
      /* Translators: e.g. "Won 2 of 5" */
      subtitle = g_strdup_printf (ngettext ("Won %u of %u game", "Won %u of %u games", e->played),
                                  e->won, e->played);
      /* Translators: the share of games won, e.g. "40 %" */
      percent = g_strdup_printf (_("%u %%"), e->played ? (e->won * 100 + e->played / 2) / e->played : 0);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      label = gtk_label_new (percent);
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (self->variants_group, row);
    }

  if (entries->len == 0)
    adw_preferences_group_set_description (self->variants_group, _("No finished games yet"));

  played_text = g_strdup_printf ("%u", played);
  won_text = g_strdup_printf ("%u", won);
  gtk_label_set_label (self->played_label, played_text);
  gtk_label_set_label (self->won_label, won_text);
}

PjStatisticsWindow *
pj_statistics_window_new (GtkWindow *parent,
                          GSettings *settings)
{
  PjStatisticsWindow *self = g_object_new (PJ_TYPE_STATISTICS_WINDOW,
                                           "transient-for", parent,
                                           NULL);
  g_autofree char *json = settings ? g_settings_get_string (settings, "statistics") : NULL;

  fill (self, json);
  return self;
}
