/* table-test-util.c — see table-test-util.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "pj-net-tls.h"
#include "table-test-util.h"


/* every wait is bounded: FALSE on timeout */
gboolean
run_until (Cond     cond,
           gpointer data,
           guint    timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

gboolean
is_last_ref (gpointer object)
{
  return g_atomic_int_get (&G_OBJECT (object)->ref_count) == 1;
}

gboolean
all_gone (gpointer data)
{
  Parts *w = data;

  for (guint i = 0; i < G_N_ELEMENTS (w->parts); i++)
    if (w->parts[i] != NULL)
      return FALSE;
  return TRUE;
}

/* Leave the table and drop it: it must be finalized, and with it the
 * client, host, publisher and mirror game it owned. A cancelled read,
 * write or computer move may hold a reference until its callback has run
 * on the main loop, so wait for that, bounded. */
void
leave_and_finalize (PjTable *table)
{
  Parts w = { {
    pj_table_get_client (table), pj_table_get_host (table),
    pj_table_get_publisher (table), pj_table_get_game (table),
  } };

  for (guint i = 0; i < G_N_ELEMENTS (w.parts); i++)
    if (w.parts[i] != NULL)
      g_object_add_weak_pointer (w.parts[i], &w.parts[i]);
  pj_table_leave (table);
  run_until (is_last_ref, table, 5000);
  g_assert_finalize_object (table);
  run_until (all_gone, &w, 5000);
  g_assert_null (w.parts[0]);   /* client */
  g_assert_null (w.parts[1]);   /* host */
  g_assert_null (w.parts[2]);   /* publisher */
  g_assert_null (w.parts[3]);   /* game */
}

gboolean
is_connected (gpointer data)
{
  return pj_table_get_connected (data) && pj_client_get_n_seats (pj_table_get_client (data)) > 0;
}

gboolean
has_game (gpointer data)
{
  return pj_table_get_game (data) != NULL;
}

gboolean
can_start (gpointer data)
{
  return pj_table_can_start (data);
}

gboolean
is_seated (gpointer data)
{
  SeatWait *w = data;

  return pj_client_get_seat (pj_table_get_client (w->table)) == w->seat;
}

void
join_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GError **error = user_data;

  if (!pj_table_join_finish (PJ_TABLE (object), result, error) && *error == NULL)
    g_assert_not_reached ();
  g_object_set_data (object, "done", GINT_TO_POINTER (TRUE));
}

gboolean
join_finished (gpointer data)
{
  return g_object_get_data (data, "done") != NULL;
}

PjTable *
join (guint16     port,
      const char *name,
      int         seat)
{
  PjTable *table = pj_table_new (name);
  g_autoptr (GError) error = NULL;
  SeatWait w = { table, seat };

  pj_table_join_async (table, "127.0.0.1", port, NULL, NULL, join_done_cb, &error);
  g_assert_true (run_until (join_finished, table, 5000));
  g_assert_no_error (error);
  g_assert_true (run_until (is_connected, table, 5000));
  if (seat >= 0)
    {
      pj_client_sit (pj_table_get_client (table), (guint) seat);
      g_assert_true (run_until (is_seated, &w, 5000));
    }
  return table;
}

/* Every hand but the local seat's is unknown in a mirror. */
void
assert_no_hidden_cards (PjGame *game)
{
  const PjState *s = pj_game_get_state (game);
  int local = pj_game_get_local_seat (game);

  for (guint seat = 0; seat < s->rules.players; seat++)
    if ((int) seat != local)
      for (guint k = 0; k < s->hand_count[seat]; k++)
        g_assert_cmpuint (PJ_CARD_RANK (s->hand[seat][k]), ==, PJ_CARD_UNKNOWN);
  for (guint i = 0; i < s->n_stock; i++)
    g_assert_cmpuint (PJ_CARD_RANK (s->pile[i]), ==, PJ_CARD_UNKNOWN);
}

void
spectator_changed_cb (PjGame *game)
{
  assert_no_hidden_cards (game);
  g_object_set_data (G_OBJECT (game), "checked",
                     GUINT_TO_POINTER (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (game), "checked")) + 1));
}

/* Plays the local human's turns with their first legal action, until the
 * host has `target` actions. */
gboolean
played_enough (gpointer data)
{
  Play *p = data;
  PjHost *host = pj_table_get_host (p->tables[0]);

  for (guint i = 0; i < G_N_ELEMENTS (p->tables); i++)
    {
      PjGame *game = pj_table_get_game (p->tables[i]);
      const PjAction *legal;
      guint n = 0;

      /* a table coming back from a drop offers nothing before the
       * host's position: no waiting on the connection here */
      legal = pj_game_get_human_actions (game, &n);
      if (n > 0)
        {
          g_autoptr (GError) error = NULL;

          pj_game_apply (game, &legal[0], &error);
          g_assert_no_error (error);
          /* nothing changes before the host answers */
          g_assert_true (pj_game_get_awaiting (game));
          g_assert_cmpuint (pj_game_get_human_actions (game, &n) == NULL, ==, TRUE);
        }
    }
  return pj_record_get_n_actions (pj_host_get_record (host)) >= p->target ||
         pj_state_is_over (pj_record_get_state (pj_host_get_record (host)));
}

gboolean
mirror_caught_up (gpointer data)
{
  CountWait *w = data;

  return pj_game_get_n_actions (pj_table_get_game (w->table)) == w->n;
}



/* A port nobody listens on now. Not the default one, which the tests
 * running beside this one take and give back all the time: a table
 * reopened "on the same port" must find it still free. */
guint16
free_port (void)
{
  g_autoptr (GSocketListener) probe = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (probe, NULL, &error);

  g_assert_no_error (error);
  g_socket_listener_close (probe);
  return port;
}

/* Ann hosts (seat 0), Bob sits at 1, computers at 2 and 3, everyone ready. */
PjTable *
open_table (const char  *name,
            PjTable    **bob_out)
{
  PjTable *host = pj_table_new ("Ann");
  g_autoptr (GError) error = NULL;
  SeatWait w = { host, 0 };
  PjHost *h;

  g_assert_true (pj_table_host (host, name, NULL, free_port (), &error));
  g_assert_no_error (error);
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, NULL);
  g_assert_true (run_until (is_connected, host, 5000));
  pj_client_sit (pj_table_get_client (host), 0);
  g_assert_true (run_until (is_seated, &w, 5000));
  *bob_out = join (pj_host_get_port (h), "Bob", 1);
  for (guint seat = 2; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (h, seat, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  pj_client_set_ready (pj_table_get_client (*bob_out), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  return host;
}


static char *scratch;

void
table_test_init (void)
{
  scratch = g_dir_make_tmp ("pj-test-table-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  g_setenv ("XDG_DATA_HOME", scratch, TRUE);
  g_setenv ("XDG_CONFIG_HOME", scratch, TRUE);
}

void
table_test_finish (void)
{
  g_autofree char *certificate = pj_net_tls_app_certificate_path ();
  g_autofree char *folder = g_path_get_dirname (certificate);
  g_autofree char *pins = pj_net_tls_default_pin_path ();

  g_remove (certificate);
  g_remove (pins);
  g_rmdir (folder);
  g_rmdir (scratch);
  g_clear_pointer (&scratch, g_free);
}
