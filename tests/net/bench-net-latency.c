/* bench-net-latency.c — move-broadcast latency on loopback
 *
 * One host (in its own thread, as in the app where the host's clients are
 * elsewhere) and seven clients play an eight-player Kilpatrick game with the
 * easy computer player choosing for every client. For every action a client
 * sends, the time until each of the seven clients has the resulting update
 * is one sample. Prints median, p99 and max in milliseconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>

#include "net-test-util.h"
#include "../bench-util.h"

#define N_BOTS 7

static gint64 sent_at[200001];
static GArray *samples;     /* double, ms */

typedef struct {
  GMainContext *context;
  PjHost       *host;
  guint16       port;
  gboolean      ready;
  GMutex        lock;
  GCond         cond;
} HostThread;

static gpointer
host_thread (gpointer data)
{
  HostThread *h = data;
  g_autoptr (GMainLoop) loop = NULL;
  PjRules rules;

  g_main_context_push_thread_default (h->context);
  loop = g_main_loop_new (h->context, FALSE);
  h->host = pj_host_new ("Bench", NULL);
  pj_rules_preset (&rules, PJ_PRESET_KILPATRICK, 8);
  pj_host_set_rules (h->host, &rules, NULL);
  pj_host_set_seat_computer (h->host, 0, TRUE, PJ_AI_EASY, NULL);
  g_assert_true (pj_host_listen (h->host, 0, NULL));
  g_mutex_lock (&h->lock);
  h->port = pj_host_get_port (h->host);
  h->ready = TRUE;
  g_cond_signal (&h->cond);
  g_mutex_unlock (&h->lock);
  g_object_set_data (G_OBJECT (h->host), "loop", loop);
  g_main_loop_run (loop);
  pj_host_stop (h->host);
  g_clear_object (&h->host);
  g_main_context_pop_thread_default (h->context);
  return NULL;
}

static gboolean
start_game (gpointer data)
{
  HostThread *h = data;
  g_autoptr (GError) error = NULL;

  if (!pj_host_start_game (h->host, &error))
    g_error ("start: %s", error->message);
  return G_SOURCE_REMOVE;
}

static gboolean
quit_host (gpointer data)
{
  HostThread *h = data;
  g_main_loop_quit (g_object_get_data (G_OBJECT (h->host), "loop"));
  return G_SOURCE_REMOVE;
}

static void
state_cb (PjClient   *client,
          guint       n,
          int         actor,
          const char *action,
          const char *revealed,
          gpointer    data)
{
  gint64 now = g_get_monotonic_time ();

  if (action && n < G_N_ELEMENTS (sent_at) && sent_at[n])
    {
      double ms = (now - sent_at[n]) / 1000.0;
      g_array_append_val (samples, ms);
    }
}

/* Runs after the bot's own handler, which sends its answer (queued, not yet
 * written): the send time of action n + 1. */
static void
after_bot_cb (PjClient   *client,
              guint       n,
              int         actor,
              const char *action,
              const char *revealed,
              gpointer    data)
{
  Bot *bot = data;

  if (bot->has_sent && bot->sent_for_n == n && n + 1 < G_N_ELEMENTS (sent_at) && !sent_at[n + 1])
    sent_at[n + 1] = g_get_monotonic_time ();
}

static gboolean
all_ready (gpointer data)
{
  Bot **bots = data;
  for (guint i = 0; i < N_BOTS; i++)
    {
      PjNetSeatInfo info;
      if (pj_client_get_n_seats (bots[i]->client) != 8)
        return FALSE;
      for (guint s = 1; s < 8; s++)
        {
          pj_client_get_seat_info (bots[i]->client, s, &info);
          if (!info.ready)
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
all_over (gpointer data)
{
  Bot **bots = data;
  for (guint i = 0; i < N_BOTS; i++)
    if (!bots[i]->verified)
      return FALSE;
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  HostThread h = { 0 };
  GThread *thread;
  Bot *bots[N_BOTS];
  double *v;
  guint n;

  samples = g_array_new (FALSE, FALSE, sizeof (double));
  h.context = g_main_context_new ();
  g_mutex_init (&h.lock);
  g_cond_init (&h.cond);
  thread = g_thread_new ("host", host_thread, &h);
  g_mutex_lock (&h.lock);
  while (!h.ready)
    g_cond_wait (&h.cond, &h.lock);
  g_mutex_unlock (&h.lock);

  for (guint i = 0; i < N_BOTS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Bot %u", i + 1);

      bots[i] = bot_new (name, PJ_AI_EASY);
      g_signal_connect (bots[i]->client, "state-changed", G_CALLBACK (state_cb), NULL);
      g_signal_connect (bots[i]->client, "state-changed", G_CALLBACK (after_bot_cb), bots[i]);
      if (!bot_connect (bots[i], "127.0.0.1", h.port))
        g_error ("connect failed");
      pj_client_sit (bots[i]->client, i + 1);
      pj_client_set_ready (bots[i]->client, TRUE);
    }
  if (!run_until (all_ready, bots, 10000))
    g_error ("lobby timed out");
  g_main_context_invoke (h.context, start_game, &h);
  if (!run_until (all_over, bots, 120000))
    g_error ("game timed out");

  v = (double *) samples->data;
  n = samples->len;
  bench_sort (v, n);
  g_print ("move-broadcast latency, 1 host + %d clients on loopback, %u samples:\n", N_BOTS, n);
  g_print ("  median %.3f ms  p99 %.3f ms  max %.3f ms\n",
           bench_percentile (v, n, 0.5), bench_percentile (v, n, 0.99), bench_percentile (v, n, 1));
  for (guint i = 0; i < N_BOTS; i++)
    {
      if (!bots[i]->verified_ok)
        g_error ("fair-deal check failed: %s", bots[i]->verify_detail);
      bot_free (bots[i]);
    }
  g_main_context_invoke (h.context, quit_host, &h);
  g_thread_join (thread);
  g_main_context_unref (h.context);
  g_array_unref (samples);
  return 0;
}
