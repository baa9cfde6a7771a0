/* bench-server.c — one pegs-and-jokers-server under a LAN party's load
 *
 * One server process hosts 16 eight-player tables; 128 scripted clients
 * (the net tests' bots, the app's own PjClient, easy computer players
 * choosing for them) play one whole game at every table at once on
 * loopback, the server's computer pacing off. The clients run on a few
 * threads, four tables each, so the clients' own work does not sit in
 * front of the server's answers.
 *
 * Prints: move-broadcast latency (from a client's send of an action to each
 * other client at its table having the update) median and p99; the server's
 * CPU time per action (getrusage of the exited server); the clients' CPU
 * time (this process: they share the machine with the server, and their
 * own turns sit in the latency); the server's resident memory per table;
 * the load average at the start, so that a reader knows whether the
 * machine was busy with other things, and that the lines went in TLS. PJ_BENCH_THREADS=N runs the clients
 * on N threads instead of 4.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "net-test-util.h"
#include "server-test-util.h"
#include "../bench-util.h"

#define N_TABLES   16
#define N_SEATS    8
#define N_THREADS_MAX 16
#define MAX_ACTIONS 20000

typedef struct {
  guint     index;
  guint16   port;
  Bot      *bots[N_SEATS];
  gint64   *sent_at;       /* per action number */
  GArray   *samples;       /* double ms */
  guint     n_verified;
  gboolean  failed;
} Table;

typedef struct {
  GThread      *thread;
  GMainContext *context;
  Table        *tables[N_TABLES];
  guint         n_tables;
  gboolean      done;
} Worker;

static volatile gint n_tables_done;

static void
state_cb (PjClient   *client,
          guint       n,
          int         actor,
          const char *action,
          const char *revealed,
          Table      *table)
{
  /* the bot's own handler ran first and stamped the arrival before
   * choosing its answer: that choice is the client's time, not the
   * broadcast's */
  Bot *bot = g_object_get_data (G_OBJECT (client), "bot");
  gint64 now = bot->last_update_us;

  if (action && n < MAX_ACTIONS && table->sent_at[n] && actor != pj_client_get_seat (client))
    {
      double ms = (now - table->sent_at[n]) / 1000.0;
      g_array_append_val (table->samples, ms);
    }
}

/* After the bot's own handler has queued its answer: the send time of n + 1. */
static void
after_bot_cb (PjClient   *client,
              guint       n,
              int         actor,
              const char *action,
              const char *revealed,
              gpointer    data)
{
  Bot *bot = data;
  Table *table = g_object_get_data (G_OBJECT (client), "table");

  if (bot->has_sent && bot->sent_for_n == n && n + 1 < MAX_ACTIONS && !table->sent_at[n + 1])
    table->sent_at[n + 1] = g_get_monotonic_time ();
}

static void
verified_cb (PjClient   *client,
             gboolean    ok,
             const char *detail,
             Table      *table)
{
  if (!ok)
    table->failed = TRUE;
  if (++table->n_verified == N_SEATS)
    g_atomic_int_inc (&n_tables_done);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  PjClient *client = PJ_CLIENT (source);
  g_autoptr (GError) error = NULL;

  if (!pj_client_connect_finish (client, result, &error))
    g_error ("connect: %s", error->message);
  pj_client_sit (client, GPOINTER_TO_UINT (data));
  pj_client_set_ready (client, TRUE);
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;

  g_main_context_push_thread_default (w->context);
  for (guint t = 0; t < w->n_tables; t++)
    {
      Table *table = w->tables[t];

      for (guint s = 0; s < N_SEATS; s++)
        {
          g_autofree char *name = g_strdup_printf ("T%u seat %u", table->index + 1, s + 1);
          Bot *bot = bot_new (name, PJ_AI_EASY);

          table->bots[s] = bot;
          g_object_set_data (G_OBJECT (bot->client), "table", table);
          g_object_set_data (G_OBJECT (bot->client), "bot", bot);
          g_signal_connect (bot->client, "state-changed", G_CALLBACK (state_cb), table);
          g_signal_connect (bot->client, "state-changed", G_CALLBACK (after_bot_cb), bot);
          g_signal_connect (bot->client, "verified", G_CALLBACK (verified_cb), table);
          pj_client_connect_async (bot->client, "127.0.0.1", table->port, NULL,
                                   connected_cb, GUINT_TO_POINTER (s));
        }
    }
  while (!g_atomic_int_get (&w->done))
    g_main_context_iteration (w->context, TRUE);
  for (guint t = 0; t < w->n_tables; t++)
    for (guint s = 0; s < N_SEATS; s++)
      bot_free (w->tables[t]->bots[s]);
  /* the bots' goodbyes */
  while (g_main_context_iteration (w->context, FALSE))
    ;
  g_main_context_pop_thread_default (w->context);
  return NULL;
}

static gboolean
wake (gpointer data)
{
  return G_SOURCE_REMOVE;
}

static gboolean
all_done (gpointer data)
{
  return g_atomic_int_get (&n_tables_done) == N_TABLES;
}

/* kB of a "VmRSS:"-style line of /proc/PID/status */
static long
proc_status_kb (GPid        pid,
                const char *key)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *text = NULL;
  const char *line;

  if (!g_file_get_contents (path, &text, NULL, NULL) || !(line = strstr (text, key)))
    return -1;
  return strtol (line + strlen (key), NULL, 10);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = save_dir_new ();
  Table tables[N_TABLES] = { 0 };
  Worker workers[N_THREADS_MAX] = { 0 };
  g_autofree char *loadavg = NULL;
  guint n_threads = 4;
  struct rusage self_usage;
  double clients_s;
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (double));
  Server *server;
  GPid pid;
  long rss_lobby, rss_play = 0, hwm;
  guint n_actions = 0;
  struct rusage usage;
  double cpu_s, *v;
  gint64 t0, t1;
  guint n;

  g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL);
  if (g_getenv ("PJ_BENCH_THREADS"))
    n_threads = CLAMP (atoi (g_getenv ("PJ_BENCH_THREADS")), 1, N_THREADS_MAX);
  for (guint t = 0; t < N_TABLES; t++)
    {
      g_ptr_array_add (args, g_strdup ("--table"));
      g_ptr_array_add (args, g_strdup_printf ("Bench %u", t + 1));
      g_ptr_array_add (args, g_strdup ("--port"));
      g_ptr_array_add (args, g_strdup ("0"));
      g_ptr_array_add (args, g_strdup ("--rules"));
      g_ptr_array_add (args, g_strdup ("basic players=8"));
    }
  g_ptr_array_add (args, g_strdup ("--no-discovery"));
  g_ptr_array_add (args, g_strdup ("--computer-delay"));
  g_ptr_array_add (args, g_strdup ("0"));
  g_ptr_array_add (args, g_strdup ("--rematch-delay"));
  g_ptr_array_add (args, g_strdup ("600000"));
  g_ptr_array_add (args, g_strdup ("--save-dir"));
  g_ptr_array_add (args, g_strdup (dir));
  g_ptr_array_add (args, NULL);
  /* 16 tables' joins and games are not the figures */
  server_echo_log = FALSE;
  server = server_start (N_TABLES, (const char * const *) args->pdata);
  pid = (GPid) atoi (g_subprocess_get_identifier (server->process));
  rss_lobby = proc_status_kb (pid, "VmRSS:");

  for (guint t = 0; t < N_TABLES; t++)
    {
      g_autofree char *name = g_strdup_printf ("Bench %u", t + 1);
      Worker *w = &workers[t % n_threads];

      tables[t].index = t;
      tables[t].port = server_port (server, name);
      tables[t].sent_at = g_new0 (gint64, MAX_ACTIONS);
      tables[t].samples = g_array_new (FALSE, FALSE, sizeof (double));
      w->tables[w->n_tables++] = &tables[t];
    }
  t0 = g_get_monotonic_time ();
  for (guint i = 0; i < n_threads; i++)
    {
      workers[i].context = g_main_context_new ();
      workers[i].thread = g_thread_new ("clients", worker_main, &workers[i]);
    }
  /* sample the server's memory while the games run */
  while (!run_until (all_done, NULL, 1000))
    {
      long rss = proc_status_kb (pid, "VmRSS:");
      rss_play = MAX (rss_play, rss);
      if ((g_get_monotonic_time () - t0) > 600 * G_USEC_PER_SEC)
        g_error ("the games did not end within 10 minutes");
    }
  t1 = g_get_monotonic_time ();
  hwm = proc_status_kb (pid, "VmHWM:");
  for (guint i = 0; i < n_threads; i++)
    {
      g_atomic_int_set (&workers[i].done, TRUE);
      g_main_context_invoke (workers[i].context, wake, NULL);
      g_thread_join (workers[i].thread);
      g_main_context_unref (workers[i].context);
    }
  server_signal (server, SIGTERM);
  if (server->status != 0)
    g_error ("the server exited with status %d", server->status);
  getrusage (RUSAGE_SELF, &self_usage);
  clients_s = self_usage.ru_utime.tv_sec + self_usage.ru_utime.tv_usec / 1e6 +
              self_usage.ru_stime.tv_sec + self_usage.ru_stime.tv_usec / 1e6;
  getrusage (RUSAGE_CHILDREN, &usage);
  cpu_s = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
          usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;

  for (guint t = 0; t < N_TABLES; t++)
    {
      if (tables[t].failed)
        g_error ("table %u: the fair-deal check failed", t + 1);
      for (guint k = 1; k < MAX_ACTIONS; k++)
        if (tables[t].sent_at[k])
          n_actions++;
      g_array_append_vals (all, tables[t].samples->data, tables[t].samples->len);
      g_array_unref (tables[t].samples);
      g_free (tables[t].sent_at);
    }
  v = (double *) all->data;
  n = all->len;
  bench_sort (v, n);
  g_print ("pegs-and-jokers-server: %d tables x %d clients on loopback, one game each, "
           "computer pacing off, %d client threads, %.1f s\n",
           N_TABLES, N_SEATS, n_threads, (t1 - t0) / 1e6);
  g_print ("  load average at the start (1, 5, 15 min; runnable/total): %s",
           loadavg ? loadavg : "unknown\n");
  g_print ("  machine: %u CPUs online\n", g_get_num_processors ());
  /* every connection is in TLS since protocol 3: no figure here is of
   * clear lines, whatever an older run printed */
  g_print ("  transport: TLS, protocol %d\n", PJ_NET_PROTOCOL_VERSION);
  g_print ("  move-broadcast latency (%u samples): median %.3f ms  p99 %.3f ms  max %.3f ms\n",
           n, bench_percentile (v, n, 0.5), bench_percentile (v, n, 0.99), bench_percentile (v, n, 1));
  g_print ("  server CPU: %.2f s for %u client actions = %.1f us per action\n",
           cpu_s, n_actions, n_actions ? cpu_s * 1e6 / n_actions : 0.0);
  g_print ("  clients' CPU (this process, %u client threads): %.2f s = %.1f us per action\n",
           n_threads, clients_s, n_actions ? clients_s * 1e6 / n_actions : 0.0);
  g_print ("  server RSS: %ld kB with %d lobbies, %ld kB peak in play (VmHWM %ld kB) = %.0f kB per table\n",
           rss_lobby, N_TABLES, rss_play, hwm, (double) hwm / N_TABLES);
  server_free (server);
  save_dir_remove (dir);
  return 0;
}
