/* test-table.c — LAN tables in-process on 127.0.0.1: a hosted table and
 * its joined players and spectator drive mirror PjGames; moves go to the
 * host and come back; a spectator's mirror never holds a card of a seat;
 * a dropped player comes back with the seat and its hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-net-private.h"
#include "pj-table.h"

typedef gboolean (*Cond) (gpointer data);

/* every wait is bounded: FALSE on timeout */
static gboolean
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

static gboolean
is_connected (gpointer data)
{
  return pj_table_get_connected (data) && pj_client_get_n_seats (pj_table_get_client (data)) > 0;
}

static gboolean
has_game (gpointer data)
{
  return pj_table_get_game (data) != NULL;
}

static gboolean
can_start (gpointer data)
{
  return pj_table_can_start (data);
}

typedef struct {
  PjTable *table;
  int      seat;
} SeatWait;

static gboolean
is_seated (gpointer data)
{
  SeatWait *w = data;

  return pj_client_get_seat (pj_table_get_client (w->table)) == w->seat;
}

static void
join_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GError **error = user_data;

  if (!pj_table_join_finish (PJ_TABLE (object), result, error) && *error == NULL)
    g_assert_not_reached ();
  g_object_set_data (object, "done", GINT_TO_POINTER (TRUE));
}

static gboolean
join_finished (gpointer data)
{
  return g_object_get_data (data, "done") != NULL;
}

static PjTable *
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
static void
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

static void
spectator_changed_cb (PjGame *game)
{
  assert_no_hidden_cards (game);
  g_object_set_data (G_OBJECT (game), "checked",
                     GUINT_TO_POINTER (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (game), "checked")) + 1));
}

typedef struct {
  PjTable *tables[2];
  guint    target;
} Play;

/* Plays the local human's turns with their first legal action, until the
 * host has `target` actions. */
static gboolean
played_enough (gpointer data)
{
  Play *p = data;
  PjHost *host = pj_table_get_host (p->tables[0]);

  for (guint i = 0; i < G_N_ELEMENTS (p->tables); i++)
    {
      PjGame *game = pj_table_get_game (p->tables[i]);
      const PjAction *legal;
      guint n = 0;

      legal = pj_game_get_human_actions (game, &n);
      if (n > 0)
        {
          g_autoptr (GError) error = NULL;

          g_assert_true (pj_game_apply (game, &legal[0], &error));
          g_assert_no_error (error);
          /* nothing changes before the host answers */
          g_assert_true (pj_game_get_awaiting (game));
          g_assert_cmpuint (pj_game_get_human_actions (game, &n) == NULL, ==, TRUE);
        }
    }
  return pj_record_get_n_actions (pj_host_get_record (host)) >= p->target ||
         pj_state_is_over (pj_record_get_state (pj_host_get_record (host)));
}

typedef struct {
  PjTable *table;
  guint    n;
} CountWait;

static gboolean
mirror_caught_up (gpointer data)
{
  CountWait *w = data;

  return pj_game_get_n_actions (pj_table_get_game (w->table)) == w->n;
}

static void
test_table_lobby_and_play (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (PjTable) carol = NULL;
  g_autoptr (GError) error = NULL;
  PjHost *h;
  guint16 port;
  SeatWait w = { host, 0 };
  Play play;
  PjNetSeatInfo info;

  g_assert_true (pj_table_host (host, "Test table", NULL, 0, &error));
  g_assert_no_error (error);
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, NULL);
  port = pj_host_get_port (h);
  g_assert_cmpuint (port, >, 0);
  g_assert_true (run_until (is_connected, host, 5000));
  pj_client_sit (pj_table_get_client (host), 0);
  g_assert_true (run_until (is_seated, &w, 5000));

  bob = join (port, "Bob", 1);
  carol = join (port, "Carol", -1);

  g_assert_true (pj_host_set_seat_computer (h, 2, TRUE, PJ_AI_EASY, &error));
  g_assert_true (pj_host_set_seat_computer (h, 3, TRUE, PJ_AI_EASY, &error));
  g_assert_no_error (error);
  pj_host_get_seat_info (h, 1, &info);
  g_assert_cmpint (info.kind, ==, PJ_NET_SEAT_HUMAN);
  g_assert_cmpstr (info.name, ==, "Bob");

  /* Start waits for everyone to be ready */
  g_assert_false (pj_table_can_start (host));
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  pj_client_set_ready (pj_table_get_client (bob), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_no_error (error);

  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (run_until (has_game, bob, 5000));
  g_assert_true (run_until (has_game, carol, 5000));
  g_assert_true (pj_game_is_mirror (pj_table_get_game (host)));
  g_assert_cmpint (pj_game_get_local_seat (pj_table_get_game (host)), ==, 0);
  g_assert_cmpint (pj_game_get_local_seat (pj_table_get_game (bob)), ==, 1);
  g_assert_cmpint (pj_game_get_local_seat (pj_table_get_game (carol)), ==, -1);
  g_assert_cmpint (pj_game_get_viewer (pj_table_get_game (carol)), ==, -1);
  g_assert_cmpstr (pj_game_get_seat_name (pj_table_get_game (carol), 1), ==, "Bob");
  g_assert_cmpint (pj_game_get_controller (pj_table_get_game (carol), 2), ==, PJ_CONTROLLER_EASY);
  g_assert_false (pj_game_can_undo (pj_table_get_game (host)));
  g_assert_null (pj_game_get_record (pj_table_get_game (bob)));
  assert_no_hidden_cards (pj_table_get_game (carol));
  g_signal_connect (pj_table_get_game (carol), "action-applied", G_CALLBACK (spectator_changed_cb), NULL);
  g_signal_connect (pj_table_get_game (carol), "state-reset", G_CALLBACK (spectator_changed_cb), NULL);

  /* the humans play through their mirrors; computers on the host */
  play.tables[0] = host;
  play.tables[1] = bob;
  play.target = 16;
  g_assert_true (run_until (played_enough, &play, 20000));

  {
    PjRecord *record = pj_host_get_record (h);
    CountWait cw = { carol, pj_record_get_n_actions (record) };
    const PjState *real = pj_record_get_state (record);

    g_assert_true (run_until (mirror_caught_up, &cw, 5000));
    cw.table = bob;
    g_assert_true (run_until (mirror_caught_up, &cw, 5000));
    /* the mirror is the host's position (pegs are public) */
    g_assert_cmpmem (&pj_game_get_state (pj_table_get_game (carol))->board, sizeof (PjBoard),
                     &real->board, sizeof (PjBoard));
    g_assert_cmpmem (pj_game_get_state (pj_table_get_game (bob))->hand[1], PJ_MAX_HAND,
                     real->hand[1], PJ_MAX_HAND);
    /* each update was animated and named in the history */
    g_assert_cmpuint (g_list_model_get_n_items (pj_game_get_history (pj_table_get_game (carol))),
                      ==, pj_record_get_n_actions (record));
    g_assert_cmpuint (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (pj_table_get_game (carol)), "checked")),
                      >=, pj_record_get_n_actions (record));
  }

  pj_table_leave (carol);
  pj_table_leave (bob);
  pj_table_leave (host);
}

static gboolean
is_reconnecting (gpointer data)
{
  return pj_table_get_reconnecting (data);
}

static gboolean
is_back (gpointer data)
{
  PjTable *table = data;

  return !pj_table_get_reconnecting (table) && pj_table_get_connected (table) &&
         pj_game_get_state (pj_table_get_game (table))->hand_count[1] > 0;
}

/* A player dropped by the host (here: for too many bad messages) comes
 * back with the reconnect token: same seat, same hand. */
static void
test_table_reconnect (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (GError) error = NULL;
  guint8 hand[PJ_MAX_HAND];
  PjHost *h;
  SeatWait w = { host, 0 };

  g_assert_true (pj_table_host (host, "Drops", NULL, 0, &error));
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, "grace-ms", 60000, NULL);
  g_assert_true (run_until (is_connected, host, 5000));
  pj_client_sit (pj_table_get_client (host), 0);
  g_assert_true (run_until (is_seated, &w, 5000));
  bob = join (pj_host_get_port (h), "Bob", 1);
  pj_table_set_reconnect_policy (bob, 20, 200, 8);
  for (guint seat = 2; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (h, seat, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  pj_client_set_ready (pj_table_get_client (bob), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_true (run_until (has_game, bob, 5000));
  memcpy (hand, pj_game_get_state (pj_table_get_game (bob))->hand[1], sizeof hand);

  for (guint i = 0; i < PJ_NET_MAX_ERROR_STRIKES + 1; i++)
    pj_client_send_raw_for_testing (pj_table_get_client (bob), "{}\n", 3);
  g_assert_true (run_until (is_reconnecting, bob, 5000));
  g_assert_true (run_until (is_back, bob, 10000));
  g_assert_cmpint (pj_client_get_seat (pj_table_get_client (bob)), ==, 1);
  /* nobody played meanwhile unless it was a computer's or Ann's turn: the
   * hand is the one the host holds for seat 1 */
  g_assert_cmpmem (pj_game_get_state (pj_table_get_game (bob))->hand[1], PJ_MAX_HAND,
                   pj_record_get_state (pj_host_get_record (h))->hand[1], PJ_MAX_HAND);
  (void) hand;

  pj_table_leave (bob);
  pj_table_leave (host);
}

static void
test_table_parse_address (void)
{
  const struct { const char *text; const char *host; guint16 port; } ok[] = {
    { "192.168.1.5", "192.168.1.5", PJ_NET_DEFAULT_PORT },
    { " 192.168.1.5:4000 ", "192.168.1.5", 4000 },
    { "[::1]:4000", "::1", 4000 },
    { "[fe80::1]", "fe80::1", PJ_NET_DEFAULT_PORT },
    { "fe80::1", "fe80::1", PJ_NET_DEFAULT_PORT },
    { "kitchen.local:47251", "kitchen.local", 47251 },
  };
  const char *bad[] = { "", "   ", "host:", "host:0", "host:70000", "[::1", "[::1]x", "a b" };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autofree char *host = NULL;
      guint16 port = 0;

      g_assert_true (pj_table_parse_address (ok[i].text, &host, &port));
      g_assert_cmpstr (host, ==, ok[i].host);
      g_assert_cmpuint (port, ==, ok[i].port);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *host = NULL;
      guint16 port = 0;

      g_assert_false (pj_table_parse_address (bad[i], &host, &port));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/parse-address", test_table_parse_address);
  g_test_add_func ("/table/lobby-and-play", test_table_lobby_and_play);
  g_test_add_func ("/table/reconnect", test_table_reconnect);

  return g_test_run ();
}
