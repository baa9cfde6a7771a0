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
#include "table-test-util.h"

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
typedef struct {
  int   dropped_seat;
  guint cover_ms;
  int   back_seat;
} Drops;

static void
seat_dropped_cb (PjTable *table,
                 guint    seat,
                 guint    cover_ms,
                 Drops   *d)
{
  d->dropped_seat = (int) seat;
  d->cover_ms = cover_ms;
}

static void
seat_covered_cb (PjTable  *table,
                 guint     seat,
                 gboolean  covered,
                 Drops    *d)
{
  if (!covered)
    d->back_seat = (int) seat;
}

static gboolean
drop_told (gpointer data)
{
  return ((Drops *) data)->dropped_seat >= 0;
}

static gboolean
back_told (gpointer data)
{
  return ((Drops *) data)->back_seat >= 0;
}

/* A guest whose link drops mid-game is shown to the others at once, with
 * when a computer takes over, and "back" when it returns before that
 * (issue 23: not "… is choosing…" for 30–60 s). */
static void
test_table_reconnect (void)
{
  Drops drops = { -1, 0, -1 };
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
  g_signal_connect (host, "seat-dropped", G_CALLBACK (seat_dropped_cb), &drops);
  g_signal_connect (host, "seat-covered", G_CALLBACK (seat_covered_cb), &drops);

  for (guint i = 0; i < PJ_NET_MAX_ERROR_STRIKES + 1; i++)
    pj_client_send_raw_for_testing (pj_table_get_client (bob), "{}\n", 3);
  g_assert_true (run_until (is_reconnecting, bob, 5000));
  g_assert_true (run_until (drop_told, &drops, 2000));
  g_assert_cmpint (drops.dropped_seat, ==, 1);
  g_assert_cmpuint (drops.cover_ms, >, 50000);
  g_assert_cmpuint (drops.cover_ms, <=, 60000);
  g_assert_true (run_until (is_back, bob, 10000));
  g_assert_true (run_until (back_told, &drops, 5000));
  g_assert_cmpint (drops.back_seat, ==, 1);
  g_signal_handlers_disconnect_by_data (host, &drops);
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



int
main (int    argc,
      char **argv)
{
  int status;

  table_test_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/mirror-answers", test_table_mirror_answers);
  g_test_add_func ("/table/lobby-and-play", test_table_lobby_and_play);
  g_test_add_func ("/table/reconnect", test_table_reconnect);
  g_test_add_func ("/table/spectator-reconnect", test_table_spectator_reconnect);
  g_test_add_func ("/table/rematch", test_table_rematch);

  status = g_test_run ();
  table_test_finish ();
  return status;
}
