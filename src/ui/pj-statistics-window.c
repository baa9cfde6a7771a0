/* pj-statistics-window.c — games played and won, and winning streaks, by
 * variant and seat count; and a way to forget them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-alert.h"
#include "pj-statistics.h"
#include "pj-statistics-window.h"

struct _PjStatisticsWindow
{
  AdwWindow             parent_instance;

  AdwPreferencesGroup  *variants_group;
  GtkLabel             *played_label;
  GtkLabel             *won_label;
  GtkLabel             *streak_label;
  GtkLabel             *best_label;

  GSettings            *settings;
  GPtrArray            *rows;      /* the variants' rows, in variants_group */
};

G_DEFINE_FINAL_TYPE (PjStatisticsWindow, pj_statistics_window, ADW_TYPE_WINDOW)

static void
fill (PjStatisticsWindow *self,
      const char         *json)
{
  g_autoptr (GArray) entries = pj_statistics_parse (json);
  g_autofree char *played_text = NULL;
  g_autofree char *won_text = NULL;
  g_autofree char *streak_text = NULL;
  g_autofree char *best_text = NULL;
  guint played = 0, won = 0, streak, best;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->variants_group, self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);

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
      won_text = g_strdup_printf (ngettext ("Won %u of %u game", "Won %u of %u games", e->played),
                                  e->won, e->played);
      /* Translators: after "Won 2 of 5 ·": games won in a row now, and the most in a row */
      streak_text = g_strdup_printf (_("streak %u, best %u"), e->streak, e->best);
      /* Translators: "Won 2 of 5" and "streak 1, best 2" together */
      subtitle = g_strdup_printf (_("%s · %s"), won_text, streak_text);
      g_clear_pointer (&won_text, g_free);
      g_clear_pointer (&streak_text, g_free);
      /* Translators: the share of games won, e.g. "40 %" */
      percent = g_strdup_printf (_("%u %%"), e->played ? (e->won * 100 + e->played / 2) / e->played : 0);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      label = gtk_label_new (percent);
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (self->variants_group, row);
      g_ptr_array_add (self->rows, row);
    }

  adw_preferences_group_set_description (self->variants_group,
                                         entries->len == 0 ? _("No finished games yet") : NULL);

  pj_statistics_get_streaks (json, &streak, &best);
  played_text = g_strdup_printf ("%u", played);
  won_text = g_strdup_printf ("%u", won);
  streak_text = g_strdup_printf ("%u", streak);
  best_text = g_strdup_printf ("%u", best);
  gtk_label_set_label (self->played_label, played_text);
  gtk_label_set_label (self->won_label, won_text);
  gtk_label_set_label (self->streak_label, streak_text);
  gtk_label_set_label (self->best_label, best_text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.clear", self->settings != NULL && played > 0);
}

static void
refill (PjStatisticsWindow *self)
{
  g_autofree char *json = self->settings ? g_settings_get_string (self->settings, "statistics") : NULL;

  fill (self, json);
}

static void
clear_response_cb (PjAlert            *dialog,
                   const char         *response,
                   PjStatisticsWindow *self)
{
  if (g_strcmp0 (response, "clear") != 0)
    return;
  pj_statistics_clear (self->settings);
}

static void
clear_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  PjStatisticsWindow *self = PJ_STATISTICS_WINDOW (widget);
  PjAlert *dialog;

  dialog = pj_alert_new (_("Clear Statistics?"),
                         _("Every game counted here, and the winning streaks, are forgotten. This cannot be undone."));
  pj_alert_add_responses (dialog,
                          "cancel", _("_Cancel"),
                          "clear", _("_Clear"),
                          NULL);
  pj_alert_set_response_appearance (dialog, "clear", ADW_RESPONSE_DESTRUCTIVE);
  pj_alert_set_default_response (dialog, "cancel");
  pj_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (clear_response_cb), self, 0);
  pj_alert_present (dialog, widget);
}

static void
pj_statistics_window_dispose (GObject *object)
{
  PjStatisticsWindow *self = PJ_STATISTICS_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_STATISTICS_WINDOW);

  G_OBJECT_CLASS (pj_statistics_window_parent_class)->dispose (object);
}

static void
pj_statistics_window_class_init (PjStatisticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_statistics_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, variants_group);
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, played_label);
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, won_label);
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, streak_label);
  gtk_widget_class_bind_template_child (widget_class, PjStatisticsWindow, best_label);
  gtk_widget_class_install_action (widget_class, "statistics.clear", NULL, clear_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pj_statistics_window_init (PjStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}

PjStatisticsWindow *
pj_statistics_window_new (GtkWindow *parent,
                          GSettings *settings)
{
  PjStatisticsWindow *self = g_object_new (PJ_TYPE_STATISTICS_WINDOW,
                                           "transient-for", parent,
                                           NULL);

  g_set_object (&self->settings, settings);
  /* cleared here, or a game ended in the main window meanwhile */
  if (settings != NULL)
    g_signal_connect_object (settings, "changed::statistics", G_CALLBACK (refill), self, G_CONNECT_SWAPPED);
  refill (self);
  return self;
}
