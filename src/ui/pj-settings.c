/* pj-settings.c — the app's GSettings, if its schema is installed
 *
 * g_settings_new() aborts when the schema is missing; running from the
 * build directory must still work, without remembering anything.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-settings.h"

GSettings *
pj_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_debug ("Schema %s not installed: settings will not be kept", APP_ID);
      return NULL;
    }

  return g_settings_new_full (schema, NULL, NULL);
}

void
pj_settings_speed (const char *speed,
                   guint      *delay_ms,
                   double     *animation_speed)
{
  /* normal: a turn takes about half a second besides its animation */
  static const struct {
    const char *name;
    guint       delay_ms;
    double      animation_speed;
  } speeds[] = {
    { "slow",    1100, 0.6 },
    { "normal",   350, 1.0 },
    { "fast",     120, 1.7 },
    { "instant",    0, 3.0 },
  };
  guint i = 1;

  for (guint k = 0; k < G_N_ELEMENTS (speeds); k++)
    if (g_strcmp0 (speed, speeds[k].name) == 0)
      i = k;

  if (delay_ms != NULL)
    *delay_ms = speeds[i].delay_ms;
  if (animation_speed != NULL)
    *animation_speed = speeds[i].animation_speed;
}
