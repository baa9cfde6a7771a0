/* test-table.c — LAN tables in-process on 127.0.0.1: a hosted table and
 * its joined players and spectator drive mirror PjGames; moves go to the
 * host and come back; a spectator's mirror never holds a card of a seat;
 * a dropped player comes back with the seat and its hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "pj-net-private.h"
#include "pj-net-tls.h"
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
is_last_ref (gpointer object)
{
  return g_atomic_int_get (&G_OBJECT (object)->ref_count) == 1;
}

typedef struct {
  gpointer parts[4];
} Parts;

static gboolean
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
static void
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

  leave_and_finalize (g_steal_pointer (&carol));
  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
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

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
}

static gboolean
is_watching_again (gpointer data)
{
  PjTable *table = data;

  return !pj_table_get_reconnecting (table) && pj_table_get_connected (table) &&
         pj_client_get_state (pj_table_get_client (table)) != NULL;
}

/* A spectator dropped by the host (for too many bad messages, as a player
 * in the test above) comes back with its token, as a player does: still
 * watching the same game, with no card of a seat. */
static void
test_table_spectator_reconnect (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) carol = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;
  PjGame *game;
  PjHost *h;
  SeatWait w = { host, 0 };

  g_assert_true (pj_table_host (host, "Watched", NULL, 0, &error));
  h = pj_table_get_host (host);
  /* nobody moves: Ann's turns wait for her */
  g_object_set (h, "computer-delay-ms", 0, NULL);
  g_assert_true (run_until (is_connected, host, 5000));
  pj_client_sit (pj_table_get_client (host), 0);
  g_assert_true (run_until (is_seated, &w, 5000));
  for (guint seat = 1; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (h, seat, TRUE, PJ_AI_EASY, &error));
  carol = join (pj_host_get_port (h), "Carol", -1);
  pj_table_set_reconnect_policy (carol, 20, 200, 8);
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_true (run_until (has_game, carol, 5000));
  game = pj_table_get_game (carol);
  token = g_strdup (pj_client_get_token (pj_table_get_client (carol)));

  for (guint i = 0; i < PJ_NET_MAX_ERROR_STRIKES + 1; i++)
    pj_client_send_raw_for_testing (pj_table_get_client (carol), "{}\n", 3);
  g_assert_true (run_until (is_reconnecting, carol, 5000));
  g_assert_true (run_until (is_watching_again, carol, 10000));
  g_assert_cmpint (pj_client_get_seat (pj_table_get_client (carol)), ==, -1);
  g_assert_cmpstr (pj_client_get_token (pj_table_get_client (carol)), ==, token);
  /* the same game goes on in the same mirror */
  g_assert_true (pj_table_get_game (carol) == game);
  assert_no_hidden_cards (game);

  leave_and_finalize (g_steal_pointer (&carol));
  leave_and_finalize (g_steal_pointer (&host));
}

/* A port nobody listens on now. Not the default one, which the tests
 * running beside this one take and give back all the time: a table
 * reopened "on the same port" must find it still free. */
static guint16
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
static PjTable *
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

typedef struct {
  PjTable *table;
  PjGame  *old;     /* held: a freed game's address may come back */
} NewGame;

static gboolean
has_new_game (gpointer data)
{
  NewGame *g = data;
  PjGame *game = pj_table_get_game (g->table);

  return game != NULL && game != g->old && pj_game_get_n_actions (game) == 0 &&
         pj_client_get_phase (pj_table_get_client (g->table)) == PJ_NET_PHASE_PLAYING;
}

static gboolean
client_over (gpointer data)
{
  return pj_client_get_phase (pj_table_get_client (data)) == PJ_NET_PHASE_OVER;
}

/* After the game the host deals again to the same seats: the deal passes
 * left, the seed and commitment are new, and Bob's mirror follows. */
static void
test_table_rematch (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (PjGame) old_ann = NULL;
  g_autoptr (PjGame) old_bob = NULL;
  PjHost *h;
  Play play;
  NewGame g;
  guint dealer, players, total;
  guint64 seed;

  host = open_table ("Rematch", &bob);
  h = pj_table_get_host (host);
  g_assert_false (pj_table_can_rematch (host));
  g_assert_false (pj_table_rematch (bob, &error));
  g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_no_error (error);
  g_assert_true (run_until (has_game, bob, 5000));
  /* not before the end */
  g_assert_false (pj_table_rematch (host, &error));
  g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  play.tables[0] = host;
  play.tables[1] = bob;
  play.target = G_MAXUINT;
  g_assert_true (run_until (played_enough, &play, 50000));
  g_assert_true (run_until (client_over, bob, 5000));
  g_assert_true (run_until (client_over, host, 5000));
  g_assert_true (pj_table_can_rematch (host));
  dealer = pj_record_get_dealer (pj_host_get_record (h));
  players = pj_record_get_rules (pj_host_get_record (h))->players;
  seed = pj_record_get_seed (pj_host_get_record (h));
  total = pj_record_get_n_actions (pj_host_get_record (h));

  /* both mirrors saw the end, whatever was refused on the way */
  old_ann = g_object_ref (pj_table_get_game (host));
  old_bob = g_object_ref (pj_table_get_game (bob));
  g_assert_true (pj_game_is_over (old_ann));
  g_assert_true (pj_game_is_over (old_bob));
  g_assert_cmpuint (pj_game_get_n_actions (old_ann), ==, total);
  g_assert_cmpuint (pj_game_get_n_actions (old_bob), ==, total);
  g_assert_false (pj_game_get_awaiting (old_bob));

  g.table = bob;
  g.old = old_bob;
  g_assert_true (pj_table_rematch (host, &error));
  g_assert_no_error (error);
  /* before the computers (no delay here) play on */
  g_assert_cmpuint (pj_record_get_dealer (pj_host_get_record (h)), ==, (dealer + 1) % players);
  g_assert_cmpuint (pj_record_get_n_actions (pj_host_get_record (h)), ==, 0);
  g_assert_true (pj_record_get_seed (pj_host_get_record (h)) != seed);
  g_assert_false (pj_table_can_rematch (host));
  g_assert_true (run_until (has_new_game, &g, 5000));
  g.table = host;
  g.old = old_ann;
  g_assert_true (run_until (has_new_game, &g, 5000));
  g_assert_false (pj_game_is_over (pj_table_get_game (bob)));
  g_assert_cmpint (pj_game_get_local_seat (pj_table_get_game (bob)), ==, 1);
  g_assert_cmpint (pj_client_get_seat (pj_table_get_client (bob)), ==, 1);
  g_assert_cmpstr (pj_record_get_seat (pj_host_get_record (h), 1)->name, ==, "Bob");

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
  /* the first deal's mirrors were held here only */
  g_assert_finalize_object (g_steal_pointer (&old_ann));
  g_assert_finalize_object (g_steal_pointer (&old_bob));
}

typedef struct {
  PjTable *table;
  int      seat;
} Back;

static gboolean
back_in_seat (gpointer data)
{
  Back *b = data;

  return pj_table_get_connected (b->table) && !pj_table_get_reconnecting (b->table) &&
         pj_client_get_seat (pj_table_get_client (b->table)) == b->seat &&
         pj_table_get_game (b->table) != NULL;
}

static gboolean
gave_up (gpointer data)
{
  return !pj_table_get_reconnecting (data) && !pj_table_get_connected (data);
}

/* A hosted table saved as it goes is reopened after the host closed it:
 * the game goes on where it stopped, Ann takes back seat 0 with the token
 * saved beside it, and Bob, told the table closed, stops trying but keeps
 * his seat on disk and takes it back with that. */
static void
test_table_reopen (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) again = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-reopen-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lan-table.json", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  g_autofree char *seat = g_strconcat (path, ".seat", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept", NULL);
  g_autoptr (GPtrArray) list = NULL;
  Back ann_back, bob_back;
  guint16 port;
  guint n;
  Play play;

  host = open_table ("Reopened", &bob);
  pj_table_set_save_path (host, path);
  pj_table_set_reconnect_policy (bob, 50, 200, 40);
  pj_table_set_rejoin_dir (bob, kept);
  g_assert_true (pj_host_start_game (pj_table_get_host (host), NULL));
  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (run_until (has_game, bob, 5000));
  play.tables[0] = host;
  play.tables[1] = bob;
  play.target = 6;
  g_assert_true (run_until (played_enough, &play, 20000));
  n = pj_record_get_n_actions (pj_host_get_record (pj_table_get_host (host)));
  port = pj_host_get_port (pj_table_get_host (host));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (seat, G_FILE_TEST_IS_REGULAR));

  /* the host closes the table: Bob stops trying, his seat kept */
  leave_and_finalize (g_steal_pointer (&host));
  g_assert_true (run_until (gave_up, bob, 5000));
  list = pj_rejoin_list (kept);
  g_assert_cmpuint (list->len, ==, 1);
  leave_and_finalize (g_steal_pointer (&bob));

  again = pj_table_new ("Ann");
  g_assert_true (pj_table_host_from_save (again, path, &error));
  g_assert_no_error (error);
  g_object_set (pj_table_get_host (again), "computer-delay-ms", 0, NULL);
  g_assert_cmpuint (pj_host_get_port (pj_table_get_host (again)), ==, port);
  g_assert_cmpuint (pj_record_get_n_actions (pj_host_get_record (pj_table_get_host (again))), >=, n);
  ann_back.table = again;
  ann_back.seat = 0;
  bob = pj_table_new ("Bob");
  pj_table_set_rejoin_dir (bob, kept);
  pj_table_rejoin_async (bob, g_ptr_array_index (list, 0), NULL, join_done_cb, &error);
  g_assert_true (run_until (join_finished, bob, 5000));
  g_assert_no_error (error);
  bob_back.table = bob;
  bob_back.seat = 1;
  g_assert_true (run_until (back_in_seat, &ann_back, 5000));
  g_assert_true (run_until (back_in_seat, &bob_back, 15000));

  /* and play goes on */
  play.tables[0] = again;
  play.tables[1] = bob;
  play.target = n + 4;
  g_assert_true (run_until (played_enough, &play, 20000));

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&again));
  g_unlink (seat);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (kept);
  g_rmdir (dir);
}

static gboolean
count_send_cb (PjGame          *game,
               const PjAction  *action,
               const char      *text,
               gpointer         user_data,
               GError         **error)
{
  (*(guint *) user_data)++;
  return TRUE;
}

/* Plays the actor's first legal action on the host's state and gives the
 * mirror the update as the host would. */
static void
host_plays (PjState *host,
            PjGame  *mirror,
            guint   *n)
{
  PjActionList legal;
  PjState before = *host, view;
  g_autofree char *text = NULL;
  guint actor = host->actor;

  pj_action_list_init (&legal);
  pj_legal_actions (host, &legal);
  g_assert_cmpuint (legal.n, >, 0);
  text = pj_action_to_string (&before, &legal.v[0]);
  pj_state_apply (host, &legal.v[0]);
  pj_action_list_clear (&legal);
  view = *host;
  pj_state_redact (&view, pj_game_get_local_seat (mirror));
  pj_game_mirror_update (mirror, ++*n, (int) actor, text, &view);
}

static void
play_until_turn_of (PjState *host,
                    PjGame  *mirror,
                    guint   *n,
                    guint    seat)
{
  for (guint i = 0; i < 200 && host->actor != seat; i++)
    host_plays (host, mirror, n);
  g_assert_cmpuint (host->actor, ==, seat);
}

/* The host answers an action with its update or with an error, nothing
 * else: an update of someone else's move (the action was stale) leaves the
 * mirror waiting for that answer, so a second action is never in flight;
 * a lost link holds the mirror until the host's next position. */
static void
test_table_mirror_answers (void)
{
  g_autoptr (PjGame) mirror = NULL;
  PjRules rules;
  PjState host, view;
  guint sent = 0, n = 0, count;
  const PjAction *legal;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  pj_state_new_game (&host, &rules, 7, 0);
  view = host;
  pj_state_redact (&view, 1);
  mirror = pj_game_new_mirror (&view, 1, 0, count_send_cb, &sent, NULL);
  play_until_turn_of (&host, mirror, &n, 1);

  /* sent; the host applies it */
  legal = pj_game_get_human_actions (mirror, &count);
  g_assert_nonnull (legal);
  g_assert_true (pj_game_apply (mirror, &legal[0], NULL));
  g_assert_cmpuint (sent, ==, 1);
  g_assert_true (pj_game_get_awaiting (mirror));
  host_plays (&host, mirror, &n);
  g_assert_false (pj_game_get_awaiting (mirror));

  /* sent in a position the host has left (the host played the seat
   * itself, and the mirror missed that update): later updates are not the
   * answer, the host's refusal is still to come */
  play_until_turn_of (&host, mirror, &n, 1);
  legal = pj_game_get_human_actions (mirror, &count);
  g_assert_nonnull (legal);
  g_assert_true (pj_game_apply (mirror, &legal[0], NULL));
  {
    PjActionList moves;

    pj_action_list_init (&moves);
    pj_legal_actions (&host, &moves);
    pj_state_apply (&host, &moves.v[0]);
    pj_action_list_clear (&moves);
    n++;
  }
  play_until_turn_of (&host, mirror, &n, 1);
  g_assert_true (pj_game_get_awaiting (mirror));
  g_assert_null (pj_game_get_human_actions (mirror, &count));
  pj_game_mirror_refused (mirror);
  g_assert_false (pj_game_get_awaiting (mirror));
  g_assert_nonnull (pj_game_get_human_actions (mirror, &count));

  /* the link goes: nothing to choose; a refusal from before changes nothing;
   * the host's next position (a rejoin) frees it */
  pj_game_mirror_hold (mirror);
  g_assert_true (pj_game_get_awaiting (mirror));
  g_assert_null (pj_game_get_human_actions (mirror, &count));
  pj_game_mirror_refused (mirror);
  g_assert_true (pj_game_get_awaiting (mirror));
  view = host;
  pj_state_redact (&view, 1);
  pj_game_mirror_update (mirror, n, -1, NULL, &view);
  g_assert_false (pj_game_get_awaiting (mirror));
  g_assert_nonnull (pj_game_get_human_actions (mirror, &count));
  g_assert_cmpuint (sent, ==, 2);
  g_assert_finalize_object (g_steal_pointer (&mirror));
}


/* ---- seats kept on disk ------------------------------------------------------ */

static void
test_table_rejoin_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pj-rejoin-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "tables", NULL);
  g_autoptr (PjRejoin) a = pj_rejoin_new ("Friday", "192.168.1.5", 47251, "0123456789abcdef0123456789abcdef");
  g_autoptr (PjRejoin) b = pj_rejoin_new ("Friday", "192.168.1.5", 47252, "fedcba9876543210fedcba9876543210");
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path_a = pj_rejoin_path (sub, "192.168.1.5", 47251, "Friday");
  g_autofree char *path_b = pj_rejoin_path (sub, "192.168.1.5", 47252, "Friday");
  g_autofree char *junk = g_build_filename (sub, "junk.seat", NULL);
  GStatBuf st;
  PjRejoin *r;

  /* one file per table: another port is another table */
  g_assert_cmpstr (path_a, !=, path_b);
  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);

  a->seat = 2;
  a->password = g_strdup ("pw");
  a->player_name = g_strdup ("Bob");
  g_assert_true (pj_rejoin_save (sub, a, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path_a, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_usleep (2000);
  b->seat = 0;
  g_assert_true (pj_rejoin_save (sub, b, &error));
  /* damaged or foreign files are not seats */
  g_assert_true (g_file_set_contents (junk, "[seat]\ntable=x\naddress=y\nport=1\ntoken=short\nseat=0\n", -1, NULL));

  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 2);
  r = g_ptr_array_index (list, 0);   /* newest first */
  g_assert_cmpuint (r->port, ==, 47252);
  g_assert_null (r->password);
  r = g_ptr_array_index (list, 1);
  g_assert_cmpstr (r->table_name, ==, "Friday");
  g_assert_cmpstr (r->address, ==, "192.168.1.5");
  g_assert_cmpstr (r->token, ==, a->token);
  g_assert_cmpstr (r->password, ==, "pw");
  g_assert_cmpstr (r->player_name, ==, "Bob");
  g_assert_cmpint (r->seat, ==, 2);
  g_clear_pointer (&list, g_ptr_array_unref);

  /* a new game at the same table replaces its file */
  a->seat = 3;
  g_assert_true (pj_rejoin_save (sub, a, &error));
  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpint (((PjRejoin *) g_ptr_array_index (list, 0))->seat, ==, 3);
  g_clear_pointer (&list, g_ptr_array_unref);

  pj_rejoin_remove (sub, "192.168.1.5", 47251, "Friday");
  pj_rejoin_remove (sub, "192.168.1.5", 47251, "Friday");   /* twice: no harm */
  list = pj_rejoin_list (sub);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_false (g_file_test (path_a, G_FILE_TEST_EXISTS));

  pj_rejoin_remove (sub, "192.168.1.5", 47252, "Friday");
  g_unlink (junk);
  g_rmdir (sub);
  g_rmdir (dir);
}

typedef struct {
  PjTable *table;
  int      code;
} ErrorSeen;

static void
error_seen_cb (PjTable      *table,
               const GError *error,
               ErrorSeen    *seen)
{
  if (error->domain == PJ_NET_ERROR)
    seen->code = error->code;
}

static gboolean
saw_error (gpointer data)
{
  return ((ErrorSeen *) data)->code >= 0;
}

static guint
person_id_of (PjHost     *host,
              const char *name)
{
  for (guint i = 0; i < pj_host_get_n_people (host); i++)
    {
      PjNetPerson person;

      if (pj_host_get_person (host, i, &person) && g_strcmp0 (person.name, name) == 0)
        return person.id;
    }
  return 0;
}

/* Kicked in a game: the table stops (no reconnecting), says why, and the
 * seat kept on disk goes (a closed table keeps it: see /table/reopen). */
static void
test_table_kicked_in_game (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-kicked-XXXXXX", NULL);
  ErrorSeen seen = { NULL, -1 };
  PjHost *h;

  host = open_table ("Kicks", &bob);
  h = pj_table_get_host (host);
  pj_table_set_rejoin_dir (bob, dir);
  pj_table_set_reconnect_policy (bob, 20, 20, 5);
  g_signal_connect (bob, "error", G_CALLBACK (error_seen_cb), &seen);
  g_assert_true (pj_host_start_game (h, NULL));
  g_assert_true (run_until (has_game, bob, 5000));
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 1);
  g_clear_pointer (&list, g_ptr_array_unref);

  g_assert_true (pj_host_kick (h, person_id_of (h, "Bob"), FALSE, NULL));
  g_assert_true (run_until (saw_error, &seen, 5000));
  g_assert_cmpint (seen.code, ==, PJ_NET_ERROR_KICKED);
  g_assert_false (pj_table_get_reconnecting (bob));
  g_assert_false (pj_table_get_connected (bob));
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 0);

  g_signal_handlers_disconnect_by_data (bob, &seen);
  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
  g_rmdir (dir);
}

static const char *self_exe;

/* The guest that gets killed: its own process, so that nothing of it says
 * goodbye. Joins Bob at seat 1, ready, keeping its seat in dir. */
static int
run_guest_child (const char *spec)
{
  g_auto (GStrv) parts = g_strsplit (spec, ":", 2);
  g_autoptr (PjTable) table = NULL;
  guint16 port;

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  port = (guint16) g_ascii_strtoull (parts[0], NULL, 10);
  table = join (port, "Bob", 1);
  pj_table_set_rejoin_dir (table, parts[1]);
  pj_client_set_ready (pj_table_get_client (table), TRUE);
  /* until killed; bounded all the same */
  for (gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, TRUE);
  return 1;
}

static gboolean
dir_has_seat (gpointer data)
{
  g_autoptr (GPtrArray) list = pj_rejoin_list (data);

  return list->len == 1;
}

typedef struct {
  PjHost *host;
  guint   seat;
  gboolean connected;
} SeatState;

static gboolean
seat_is (gpointer data)
{
  SeatState *w = data;
  PjNetSeatInfo info;

  pj_host_get_seat_info (w->host, w->seat, &info);
  return info.kind == PJ_NET_SEAT_HUMAN && info.connected == w->connected &&
         (!w->connected || info.ready);
}

static gboolean
mirror_has_hand (gpointer data)
{
  PjTable *table = data;

  return pj_table_get_connected (table) && pj_table_get_game (table) != NULL &&
         pj_game_get_state (pj_table_get_game (table))->hand_count[1] > 0;
}

/* A guest app killed mid-game (SIGKILL: no goodbye, no cleanup) left its
 * token on disk; a new one started from that file gets seat 1 and the
 * hand the host holds for it. Then leaving on purpose forgets the file. */
static void
test_table_rejoin_after_kill (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) again = NULL;
  g_autoptr (GSubprocess) child = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-kill-XXXXXX", NULL);
  g_autofree char *spec = NULL;
  SeatWait w = { host, 0 };
  SeatState ss;
  PjRejoin *r;
  PjHost *h;

  g_assert_true (pj_table_host (host, "Killed", NULL, 0, &error));
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, "grace-ms", 60000, NULL);
  g_assert_true (run_until (is_connected, host, 5000));
  pj_client_sit (pj_table_get_client (host), 0);
  g_assert_true (run_until (is_seated, &w, 5000));
  for (guint seat = 2; seat < 4; seat++)
    g_assert_true (pj_host_set_seat_computer (h, seat, TRUE, PJ_AI_EASY, &error));

  spec = g_strdup_printf ("%u:%s", pj_host_get_port (h), dir);
  child = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, self_exe, "--rejoin-child", spec, NULL);
  g_assert_no_error (error);
  ss.host = h;
  ss.seat = 1;
  ss.connected = TRUE;
  g_assert_true (run_until (seat_is, &ss, 10000));
  pj_client_set_ready (pj_table_get_client (host), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_true (run_until (dir_has_seat, dir, 10000));

  g_subprocess_force_exit (child);
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_true (g_subprocess_get_if_signaled (child));
  ss.connected = FALSE;
  g_assert_true (run_until (seat_is, &ss, 5000));

  /* the app starts again and finds its seat */
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 1);
  r = g_ptr_array_index (list, 0);
  g_assert_cmpstr (r->table_name, ==, "Killed");
  g_assert_cmpint (r->seat, ==, 1);
  g_assert_cmpstr (r->token, ==, pj_host_get_seat_token_for_testing (h, 1));
  again = pj_table_new (r->player_name);
  pj_table_set_rejoin_dir (again, dir);
  pj_table_rejoin_async (again, r, NULL, join_done_cb, &error);
  g_assert_true (run_until (join_finished, again, 5000));
  g_assert_no_error (error);
  g_assert_true (run_until (mirror_has_hand, again, 5000));
  g_assert_cmpint (pj_client_get_seat (pj_table_get_client (again)), ==, 1);
  g_assert_cmpmem (pj_game_get_state (pj_table_get_game (again))->hand[1], PJ_MAX_HAND,
                   pj_record_get_state (pj_host_get_record (h))->hand[1], PJ_MAX_HAND);
  ss.connected = TRUE;
  g_assert_true (run_until (seat_is, &ss, 5000));

  /* leaving on purpose: nothing left to rejoin */
  leave_and_finalize (g_steal_pointer (&again));
  g_clear_pointer (&list, g_ptr_array_unref);
  list = pj_rejoin_list (dir);
  g_assert_cmpuint (list->len, ==, 0);

  leave_and_finalize (g_steal_pointer (&host));
  g_rmdir (dir);
}

/* A host that stood up (a spectator at its own table) and then went away
 * reopens the table and watches it — also with a seat file left from an
 * older game, whose token no seat holds. */
static void
test_table_reopen_standing_host (void)
{
  g_autoptr (PjTable) host = pj_table_new ("Ann");
  g_autoptr (PjTable) bob = NULL;
  g_autoptr (PjTable) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-stood-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lan-table.json", NULL);
  g_autofree char *tokens = g_strconcat (path, ".tokens", NULL);
  g_autofree char *seat = g_strconcat (path, ".seat", NULL);
  g_autofree char *stale = NULL;
  Back ann_back;
  PjHost *h;

  g_assert_true (pj_table_host (host, "Stood up", NULL, 0, &error));
  h = pj_table_get_host (host);
  g_object_set (h, "computer-delay-ms", 0, NULL);
  pj_table_set_save_path (host, path);
  g_assert_true (run_until (is_connected, host, 5000));
  bob = join (pj_host_get_port (h), "Bob", 1);
  pj_table_set_reconnect_policy (bob, 50, 200, 40);
  g_assert_true (pj_host_set_seat_computer (h, 0, TRUE, PJ_AI_EASY, &error));
  for (guint s = 2; s < 4; s++)
    g_assert_true (pj_host_set_seat_computer (h, s, TRUE, PJ_AI_EASY, &error));
  pj_client_set_ready (pj_table_get_client (bob), TRUE);
  g_assert_true (run_until (can_start, host, 5000));
  g_assert_true (pj_host_start_game (h, &error));
  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (g_file_test (tokens, G_FILE_TEST_IS_REGULAR));
  /* a spectator's token is no seat's: nothing to take back */
  g_assert_false (g_file_test (seat, G_FILE_TEST_EXISTS));

  for (guint round = 0; round < 2; round++)
    {
      if (round == 1)
        {
          /* a seat file from an older game */
          stale = g_strdup_printf ("[table]\ntoken=%s\nport=%u\n", "00112233445566778899aabbccddeeff",
                                   pj_host_get_port (pj_table_get_host (again)));
          leave_and_finalize (g_steal_pointer (&again));
          g_assert_true (g_file_set_contents (seat, stale, -1, NULL));
        }
      else
        leave_and_finalize (g_steal_pointer (&host));

      again = pj_table_new ("Ann");
      g_assert_true (pj_table_host_from_save (again, path, &error));
      g_assert_no_error (error);
      ann_back.table = again;
      ann_back.seat = -1;
      g_assert_true (run_until (back_in_seat, &ann_back, 5000));
      g_assert_true (pj_client_get_phase (pj_table_get_client (again)) == PJ_NET_PHASE_PLAYING);
    }

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&again));
  g_unlink (seat);
  g_unlink (tokens);
  g_unlink (path);
  g_rmdir (dir);
}

static void
count_message_cb (const char     *log_domain,
                  GLogLevelFlags  log_level,
                  const char     *message,
                  gpointer        user_data)
{
  guint *n = user_data;

  g_test_message ("%s: %s", log_domain, message);
  (*n)++;
}

/* Nowhere to write: the host's save path and Bob's seat store lie under a
 * plain file. Under fatal warnings (the tests' G_DEBUG) the failures are
 * reported as messages and the game goes on; nothing aborts. */
static void
test_table_unwritable (void)
{
  g_autoptr (PjTable) host = NULL;
  g_autoptr (PjTable) bob = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pj-unwritable-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "a-file", NULL);
  g_autofree char *path = g_build_filename (file, "lan-table.json", NULL);
  g_autofree char *kept = g_build_filename (file, "kept", NULL);
  guint n_table = 0, n_model = 0, table_handler, model_handler;
  Play play;

  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  table_handler = g_log_set_handler ("pj-table", G_LOG_LEVEL_MESSAGE, count_message_cb, &n_table);
  model_handler = g_log_set_handler ("pj-model", G_LOG_LEVEL_MESSAGE, count_message_cb, &n_model);

  host = open_table ("Unwritable", &bob);
  pj_table_set_save_path (host, path);
  pj_table_set_rejoin_dir (bob, kept);
  g_assert_true (pj_host_start_game (pj_table_get_host (host), NULL));
  g_assert_true (run_until (has_game, host, 5000));
  g_assert_true (run_until (has_game, bob, 5000));
  play.tables[0] = host;
  play.tables[1] = bob;
  play.target = 6;
  g_assert_true (run_until (played_enough, &play, 20000));

  /* the host's seat and Bob's kept seat, each told at least once */
  g_assert_cmpuint (n_table, >=, 2);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  leave_and_finalize (g_steal_pointer (&bob));
  leave_and_finalize (g_steal_pointer (&host));
  g_log_remove_handler ("pj-table", table_handler);
  g_log_remove_handler ("pj-model", model_handler);
  g_unlink (file);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  if (argc == 3 && g_strcmp0 (argv[1], "--rejoin-child") == 0)
    return run_guest_child (argv[2]);
  g_autofree char *scratch = NULL;
  int status;

  self_exe = argv[0];

  /* the host's certificate goes under the user's data folder: a scratch
   * one, not the person's own (the schemas' folders stay as they are) */
  scratch = g_dir_make_tmp ("pj-test-table-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  g_setenv ("XDG_DATA_HOME", scratch, TRUE);
  g_setenv ("XDG_CONFIG_HOME", scratch, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/mirror-answers", test_table_mirror_answers);
  g_test_add_func ("/table/lobby-and-play", test_table_lobby_and_play);
  g_test_add_func ("/table/reconnect", test_table_reconnect);
  g_test_add_func ("/table/spectator-reconnect", test_table_spectator_reconnect);
  g_test_add_func ("/table/rematch", test_table_rematch);
  g_test_add_func ("/table/reopen", test_table_reopen);
  g_test_add_func ("/table/unwritable", test_table_unwritable);
  g_test_add_func ("/table/reopen-standing-host", test_table_reopen_standing_host);
  g_test_add_func ("/table/rejoin-store", test_table_rejoin_store);
  g_test_add_func ("/table/rejoin-after-kill", test_table_rejoin_after_kill);
  g_test_add_func ("/table/kicked-in-game", test_table_kicked_in_game);

  status = g_test_run ();
  {
    g_autofree char *certificate = pj_net_tls_app_certificate_path ();
    g_autofree char *folder = g_path_get_dirname (certificate);

    g_autofree char *pins = pj_net_tls_default_pin_path ();

    g_remove (certificate);
    g_remove (pins);
    g_rmdir (folder);
    g_rmdir (scratch);
  }
  return status;
}
