/* pj-search.h — searches off the main thread, for the game's seats and
 * hints and the review: their stop flag and the pool they run on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-ai.h"

G_BEGIN_DECLS

/* The search's PjAiCancel, raised when `cancellable` is cancelled (at once
 * when it already is). Embedded in the worker's data; cleared when that is
 * freed, on any thread. */
typedef struct {
  PjAiCancel    flag;
  GCancellable *cancellable;
  gulong        handler;
} PjSearchCancel;

void pj_search_cancel_init  (PjSearchCancel *self,
                             GCancellable   *cancellable);
void pj_search_cancel_clear (PjSearchCancel *self);

/* g_task_run_in_thread() on the search pool (pj_ai_pool_push()) instead of
 * GLib's shared one. `func` returns the task's result; the task's last
 * reference the pool held is dropped on the task's own context, so that
 * its source object is never finalized on a pool thread. */
void pj_search_run_task (GTask           *task,
                         GTaskThreadFunc  func);

G_END_DECLS
