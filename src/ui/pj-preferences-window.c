/* pj-preferences-window.c — how fast the computer plays and pegs move
 *
 * The controls are bound to GSettings; every window reads its pace from
 * there (pj-window.c), so a change applies to the game on the table at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-preferences-window.h"
#include "pj-choice-factory.h"

struct _PjPreferencesWindow
{
  PjPreferencesBase    parent_instance;

  GSettings           *settings;
  AdwComboRow         *speed_row;
  GtkSwitch           *animations_switch;
  AdwActionRow        *reduce_motion_row;
  GtkSwitch           *reduce_motion_switch;
  GtkSwitch           *high_contrast_switch;
};

G_DEFINE_FINAL_TYPE (PjPreferencesWindow, pj_preferences_window, PJ_TYPE_PREFERENCES_BASE)

/* in the order of the speed row's list */
static const char *const speeds[] = { "slow", "normal", "fast", "instant" };

static gboolean
speed_to_row (GValue   *value,
              GVariant *variant,
              gpointer  user_data)
{
  const char *speed = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    if (g_str_equal (speed, speeds[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_speed (const GValue       *value,
              const GVariantType *expected_type,
              gpointer            user_data)
{
  guint i = g_value_get_uint (value);

  return i < G_N_ELEMENTS (speeds) ? g_variant_new_string (speeds[i]) : NULL;
}

static void
pj_preferences_window_dispose (GObject *object)
{
  PjPreferencesWindow *self = PJ_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pj_preferences_window_parent_class)->dispose (object);
}

static void
pj_preferences_window_class_init (PjPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjPreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, PjPreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, PjPreferencesWindow, reduce_motion_row);
  gtk_widget_class_bind_template_child (widget_class, PjPreferencesWindow, reduce_motion_switch);
  gtk_widget_class_bind_template_child (widget_class, PjPreferencesWindow, high_contrast_switch);
}

static void
pj_preferences_window_init (PjPreferencesWindow *self)
{
  g_autoptr (GtkListItemFactory) value_factory = pj_choice_value_factory_new ();
  g_autoptr (GtkListItemFactory) list_factory = pj_choice_list_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* the default label gave way to the subtitle until "Normal" read "Nor…" */
  adw_combo_row_set_factory (self->speed_row, value_factory);
  adw_combo_row_set_list_factory (self->speed_row, list_factory);

  /* reduced motion is about how pegs move: nothing moves without animations */
  g_object_bind_property (self->animations_switch, "active", self->reduce_motion_row, "sensitive",
                          G_BINDING_SYNC_CREATE);
}

PjPreferencesWindow *
pj_preferences_window_new (GSettings *settings)
{
  PjPreferencesWindow *self;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (PJ_TYPE_PREFERENCES_WINDOW, NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind_with_mapping (settings, "computer-speed", self->speed_row, "selected",
                                    G_SETTINGS_BIND_DEFAULT, speed_to_row, row_to_speed, NULL, NULL);
      g_settings_bind (settings, "animations", self->animations_switch, "active", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "reduce-motion", self->reduce_motion_switch, "active", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "high-contrast-pieces", self->high_contrast_switch, "active",
                       G_SETTINGS_BIND_DEFAULT);
    }
  return self;
}
