/* pj-search.c — searches off the main thread: the stop flag and the pool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-search.h"

static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  PjSearchCancel *self = user_data;

  pj_ai_cancel_raise (&self->flag);
}

void
pj_search_cancel_init (PjSearchCancel *self,
                       GCancellable   *cancellable)
{
  *self = (PjSearchCancel) { 0 };
  if (cancellable == NULL)
    return;
  self->cancellable = g_object_ref (cancellable);
  /* runs at once when it is cancelled already */
  self->handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), self, NULL);
}

void
pj_search_cancel_clear (PjSearchCancel *self)
{
  if (self->cancellable == NULL)
    return;
  g_cancellable_disconnect (self->cancellable, self->handler);
  self->handler = 0;
  g_clear_object (&self->cancellable);
}

typedef struct {
  GTask           *task;
  GTaskThreadFunc  func;
} TaskJob;

static gboolean
drop_task (gpointer user_data)
{
  return G_SOURCE_REMOVE;
}

static void
task_job_run (gpointer data)
{
  TaskJob *job = data;
  GTask *task = job->task;
  g_autoptr (GSource) source = NULL;

  job->func (task, g_task_get_source_object (task), g_task_get_task_data (task),
             g_task_get_cancellable (task));
  /* g_task_return_*() has queued the callback on the task's context; our
   * reference goes back there too, behind it */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, drop_task, task, g_object_unref);
  g_source_set_static_name (source, "[pegs-and-jokers] search done");
  g_source_attach (source, g_task_get_context (task));
  g_free (job);
}

void
pj_search_run_task (GTask           *task,
                    GTaskThreadFunc  func)
{
  TaskJob *job = g_new (TaskJob, 1);

  g_return_if_fail (G_IS_TASK (task));

  job->task = g_object_ref (task);
  job->func = func;
  pj_ai_pool_push (task_job_run, job);
}
