/* pj-source.c — timeouts and idles on the context an object captured
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-source.h"

static guint
attach (GSource      *source,
        GMainContext *context,
        GSourceFunc   func,
        gpointer      data)
{
  guint id;

  g_source_set_callback (source, func, data, NULL);
  id = g_source_attach (source, context);
  g_source_unref (source);
  return id;
}

guint
pj_source_add_idle (GMainContext *context,
                    GSourceFunc   func,
                    gpointer      data)
{
  return attach (g_idle_source_new (), context, func, data);
}

guint
pj_source_add_timeout (GMainContext *context,
                       guint         interval_ms,
                       GSourceFunc   func,
                       gpointer      data)
{
  return attach (g_timeout_source_new (interval_ms), context, func, data);
}

guint
pj_source_add_seconds (GMainContext *context,
                       guint         interval_s,
                       GSourceFunc   func,
                       gpointer      data)
{
  return attach (g_timeout_source_new_seconds (interval_s), context, func, data);
}

void
pj_source_clear (GMainContext *context,
                 guint        *id)
{
  GSource *source;

  if (*id == 0)
    return;
  source = g_main_context_find_source_by_id (context, *id);
  if (source != NULL)
    g_source_destroy (source);
  *id = 0;
}
