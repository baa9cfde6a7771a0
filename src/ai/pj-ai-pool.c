/* pj-ai-pool.c — the one pool every search runs on, and the stop flag
 *
 * A server hosts many tables, each with computer seats: were every decision
 * a GTask thread (GLib's shared pool, which GIO's own async calls use too)
 * starting a helper thread of its own, enough tables would fill that pool and
 * stall the server's I/O. Here the searches have a pool of their own with a
 * fixed bound, created on first use. A decision that wants a second thread
 * offers half of its samples to the pool and takes them back to run itself
 * when no pool thread has picked them up by the time its own half is done:
 * however full the pool, nobody waits for a thread that may never come.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-private.h"

typedef struct {
  PjAiJobFunc func;
  gpointer    data;
} Job;

static gint n_running;   /* atomic: jobs in progress (tests) */

static void
pool_run (gpointer job_data,
          gpointer unused)
{
  Job *job = job_data;

  g_atomic_int_inc (&n_running);
  job->func (job->data);
  (void) g_atomic_int_dec_and_test (&n_running);
  g_free (job);
}

static GThreadPool *
get_pool (void)
{
  static GThreadPool *pool;
  static gsize once;

  if (g_once_init_enter (&once))
    {
      /* at least two, so that a long game review leaves room for a seat */
      pool = g_thread_pool_new (pool_run, NULL, (gint) MAX (g_get_num_processors (), 2u), FALSE, NULL);
      g_once_init_leave (&once, 1);
    }
  return pool;
}

guint
pj_ai_pool_get_max_threads (void)
{
  return (guint) g_thread_pool_get_max_threads (get_pool ());
}

guint
pj_ai_pool_get_n_running (void)
{
  return (guint) g_atomic_int_get (&n_running);
}

void
pj_ai_pool_push (PjAiJobFunc func,
                 gpointer    data)
{
  Job *job = g_new (Job, 1);

  job->func = func;
  job->data = data;
  /* a non-exclusive pool never fails to queue */
  g_thread_pool_push (get_pool (), job, NULL);
}

/* ---- half a search, offered to the pool ------------------------------ */

enum { OFFERED, TAKEN };

struct _PjAiShare {
  PjAiJobFunc func;
  gpointer    data;
  gint        state;      /* atomic: OFFERED until one side takes it */
  gboolean    finished;   /* under lock */
  GMutex      lock;
  GCond       cond;
};

static void
share_clear (gpointer data)
{
  PjAiShare *share = data;

  g_mutex_clear (&share->lock);
  g_cond_clear (&share->cond);
}

static void
share_run (gpointer data)
{
  PjAiShare *share = data;

  if (g_atomic_int_compare_and_exchange (&share->state, OFFERED, TAKEN))
    {
      share->func (share->data);
      g_mutex_lock (&share->lock);
      share->finished = TRUE;
      g_cond_signal (&share->cond);
      g_mutex_unlock (&share->lock);
    }
  g_atomic_rc_box_release_full (share, share_clear);
}

PjAiShare *
pj_ai_share_offer (PjAiJobFunc func,
                   gpointer    data)
{
  PjAiShare *share = g_atomic_rc_box_new0 (PjAiShare);

  share->func = func;
  share->data = data;
  share->state = OFFERED;
  g_mutex_init (&share->lock);
  g_cond_init (&share->cond);
  /* the pool's reference; ours is given back by pj_ai_share_finish() */
  pj_ai_pool_push (share_run, g_atomic_rc_box_acquire (share));
  return share;
}

void
pj_ai_share_finish (PjAiShare *share)
{
  if (g_atomic_int_compare_and_exchange (&share->state, OFFERED, TAKEN))
    share->func (share->data);
  else
    {
      g_mutex_lock (&share->lock);
      while (!share->finished)
        g_cond_wait (&share->cond, &share->lock);
      g_mutex_unlock (&share->lock);
    }
  g_atomic_rc_box_release_full (share, share_clear);
}

/* ---- the stop flag ---------------------------------------------------- */

void
pj_ai_cancel_raise (PjAiCancel *cancel)
{
  g_atomic_int_set (&cancel->raised, 1);
}

gboolean
pj_ai_cancel_is_raised (const PjAiCancel *cancel)
{
  return cancel != NULL && g_atomic_int_get (&cancel->raised);
}
