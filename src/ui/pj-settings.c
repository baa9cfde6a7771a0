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
