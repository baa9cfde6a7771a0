/* pj-test-guest.c — one scripted guest at a table, for checks from outside
 *
 *   pj-test-guest [--name NAME] [--timeout SECONDS] HOST PORT
 *
 * Joins the table at HOST:PORT with the app's own client (PjClient), takes
 * the first open seat, says it is ready, and once the game has started
 * plays its turns (the easy computer player choosing) until the host has
 * accepted one of its moves: an update whose action count went up and
 * whose actor is its own seat. Then it says goodbye and exits 0.
 *
 * .ci/flatpak runs it against the table server inside the Flatpak sandbox,
 * so the server's other seats should be computers (--computer 2:easy …) or
 * the game never deals. Every wait is bounded: a refusal by the host, a lost
 * connection or --timeout (60 s) prints why on stderr and exits 1; bad
 * arguments exit 2. Progress goes to stdout, one line per step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>

#include "pj-ai.h"
#include "pj-client.h"

typedef struct {
  PjClient  *client;
  GMainLoop *loop;
  int        status;       /* -1 while it runs, then the exit status */
  gboolean   sat;          /* asked for a seat */
  gboolean   ready;        /* said ready, once seated */
  gboolean   started;
  gboolean   has_sent;
  guint      sent_for_n;   /* the action count when it sent its move */
  char      *sent;         /* that move, in notation */
} Guest;

static void
finish (Guest      *g,
        int         status,
        const char *fmt,
        ...) G_GNUC_PRINTF (3, 4);

static void
finish (Guest      *g,
        int         status,
        const char *fmt,
        ...)
{
  va_list ap;

  if (g->status >= 0)
    return;
  va_start (ap, fmt);
  vfprintf (status == 0 ? stdout : stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', status == 0 ? stdout : stderr);
  fflush (NULL);
  g->status = status;
  g_main_loop_quit (g->loop);
}

/* Take the first open seat, then say ready once the lobby shows us in it. */
static void
lobby_changed_cb (PjClient *client,
                  Guest    *g)
{
  if (!g->sat)
    {
      /* before the first lobby message the client knows no seats */
      if (pj_client_get_n_seats (client) == 0)
        return;
      for (guint s = 0; s < pj_client_get_n_seats (client); s++)
        {
          PjNetSeatInfo info;

          pj_client_get_seat_info (client, s, &info);
          if (info.kind == PJ_NET_SEAT_OPEN)
            {
              printf ("sitting in seat %u of %u\n", s + 1, pj_client_get_n_seats (client));
              pj_client_sit (client, s);
              g->sat = TRUE;
              return;
            }
        }
      finish (g, 1, "pj-test-guest: no open seat at table “%s”", pj_client_get_table_name (client));
      return;
    }
  if (!g->ready && pj_client_get_seat (client) >= 0)
    {
      printf ("seated as seat %d, ready\n", pj_client_get_seat (client) + 1);
      pj_client_set_ready (client, TRUE);
      g->ready = TRUE;
    }
}

static void
game_started_cb (PjClient *client,
                 Guest    *g)
{
  g->started = TRUE;
  printf ("the game started (%u seats)\n", pj_client_get_n_seats (client));
}

/* Every update: was it our move coming back, and is it our turn now? */
static void
state_changed_cb (PjClient   *client,
                  guint       n,
                  int         actor,
                  const char *action,
                  const char *revealed,
                  Guest      *g)
{
  int seat = pj_client_get_seat (client);
  const PjState *s;
  PjAction a;
  g_autoptr (GError) error = NULL;

  if (g->has_sent && action != NULL && actor == seat && n > g->sent_for_n)
    {
      finish (g, 0, "the host accepted move %u by seat %d: %s", n, seat + 1, action);
      return;
    }
  if (seat < 0 || !pj_client_is_my_turn (client) || (g->has_sent && g->sent_for_n == n))
    return;

  s = pj_client_get_state (client);
  if (!pj_ai_choose (s, PJ_AI_EASY, NULL, n * 7919u + (guint) seat, &a, NULL))
    {
      finish (g, 1, "pj-test-guest: no legal action at position %u", n);
      return;
    }
  g_free (g->sent);
  g->sent = pj_action_to_string (s, &a);
  if (!pj_client_send_action (client, g->sent, &error))
    {
      finish (g, 1, "pj-test-guest: the client refused to send “%s”: %s", g->sent, error->message);
      return;
    }
  printf ("sent move %u: %s\n", n + 1, g->sent);
  g->has_sent = TRUE;
  g->sent_for_n = n;
}

static void
error_cb (PjClient *client,
          GError   *error,
          Guest    *g)
{
  finish (g, 1, "pj-test-guest: the host refused a request: %s", error->message);
}

static void
disconnected_cb (PjClient *client,
                 GError   *error,
                 Guest    *g)
{
  finish (g, 1, "pj-test-guest: the connection is gone: %s", error ? error->message : "(no reason)");
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Guest *g = data;
  g_autoptr (GError) error = NULL;

  if (!pj_client_connect_finish (PJ_CLIENT (source), result, &error))
    {
      finish (g, 1, "pj-test-guest: could not join: %s", error->message);
      return;
    }
  printf ("joined table “%s”\n", pj_client_get_table_name (g->client));
  /* the lobby may have come with the welcome, or comes next */
  lobby_changed_cb (g->client, g);
}

static gboolean
timeout_cb (gpointer data)
{
  Guest *g = data;

  finish (g, 1, "pj-test-guest: timed out (%s)",
          !g->sat ? "no lobby" : !g->ready ? "never seated" : !g->started ? "the game did not start" :
          !g->has_sent ? "never its turn" : "its move was never accepted");
  return G_SOURCE_REMOVE;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *name = NULL;
  int timeout_s = 60;
  const GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, "The player's name (Guest)", "NAME" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout_s, "Give up after this many seconds (60)", "SECONDS" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("HOST PORT");
  g_autoptr (GError) error = NULL;
  guint64 port;
  Guest g = { .status = -1 };

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context, "Join a Pegs and Jokers table, sit, play one move the host accepts, leave.");
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 ||
      !g_ascii_string_to_unsigned (argv[2], 10, 1, 65535, &port, NULL) || timeout_s <= 0)
    {
      fprintf (stderr, "pj-test-guest: %s\n", error ? error->message : "usage: pj-test-guest [--name NAME] [--timeout S] HOST PORT");
      return 2;
    }

  g.loop = g_main_loop_new (NULL, FALSE);
  g.client = pj_client_new (name ? name : "Guest");
  g_signal_connect (g.client, "lobby-changed", G_CALLBACK (lobby_changed_cb), &g);
  g_signal_connect (g.client, "game-started", G_CALLBACK (game_started_cb), &g);
  g_signal_connect (g.client, "state-changed", G_CALLBACK (state_changed_cb), &g);
  g_signal_connect (g.client, "error", G_CALLBACK (error_cb), &g);
  g_signal_connect (g.client, "disconnected", G_CALLBACK (disconnected_cb), &g);
  g_timeout_add_seconds ((guint) timeout_s, timeout_cb, &g);
  pj_client_connect_async (g.client, argv[1], (guint16) port, NULL, connected_cb, &g);
  g_main_loop_run (g.loop);

  /* leave: the goodbye, and a moment for it to go out */
  g_signal_handlers_disconnect_by_data (g.client, &g);
  pj_client_disconnect (g.client);
  g_timeout_add (300, quit_cb, g.loop);
  g_main_loop_run (g.loop);
  if (g.status == 0)
    printf ("left the table\n");

  g_object_unref (g.client);
  g_main_loop_unref (g.loop);
  g_free (g.sent);
  return g.status;
}
