/* table-test-util.h — what the LAN-table tests share: bounded waits and
 * their conditions, joining, opening a four-seat table, leaving it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-net-private.h"
#include "pj-table.h"

typedef gboolean (*Cond) (gpointer data);

typedef struct {
  gpointer parts[4];
} Parts;

typedef struct {
  PjTable *table;
  int      seat;
} SeatWait;

typedef struct {
  PjTable *tables[2];
  guint    target;
} Play;

typedef struct {
  PjTable *table;
  guint    n;
} CountWait;

gboolean run_until (Cond     cond,
                    gpointer data,
                    guint    timeout_ms);
gboolean is_last_ref (gpointer object);
gboolean all_gone (gpointer data);
void leave_and_finalize (PjTable *table);
gboolean is_connected (gpointer data);
gboolean has_game (gpointer data);
gboolean can_start (gpointer data);
gboolean is_seated (gpointer data);
/* Async join callbacks: the GError ** is the user data; the table gets
 * "done" set, which join_finished () waits for. */
void join_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data);
gboolean join_finished (gpointer data);
PjTable *join (guint16     port,
               const char *name,
               int         seat);
void assert_no_hidden_cards (PjGame *game);
void spectator_changed_cb (PjGame *game);
gboolean played_enough (gpointer data);
gboolean mirror_caught_up (gpointer data);
guint16 free_port (void);
PjTable *open_table (const char  *name,
                     PjTable    **bob_out);

/* Point the user's data and config folders at a scratch folder (the host's
 * certificate goes there, not into the person's own), before g_test_init();
 * table_test_finish () removes what the tables left in it. */
void table_test_init   (void);
void table_test_finish (void);
