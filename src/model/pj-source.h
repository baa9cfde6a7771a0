/* pj-source.h — timeouts and idles on the context an object captured
 *
 * g_timeout_add() and g_idle_add() attach to the global default context,
 * whatever thread calls them, and g_source_remove() looks only there; an
 * object of a library captures g_main_context_ref_thread_default() when it
 * is built (a table may be hosted on a thread of its own) and puts its
 * sources there with these. The ids are those of that context.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint pj_source_add_idle    (GMainContext *context,
                             GSourceFunc   func,
                             gpointer      data);
guint pj_source_add_timeout (GMainContext *context,
                             guint         interval_ms,
                             GSourceFunc   func,
                             gpointer      data);
guint pj_source_add_seconds (GMainContext *context,
                             guint         interval_s,
                             GSourceFunc   func,
                             gpointer      data);
/* Removes the source `*id` of `context`, if any, and sets `*id` to 0. */
void  pj_source_clear       (GMainContext *context,
                             guint        *id);

G_END_DECLS
