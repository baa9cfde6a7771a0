/* pj-net-private.h — hooks for the tests of src/net (not for the app)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-client.h"
#include "pj-host.h"
#include "pj-net-connection.h"

G_BEGIN_DECLS

/* A dishonest host, so the tests can see the fair-deal check catch it. */
typedef enum {
  PJ_HOST_HONEST,
  PJ_HOST_LIE_SALT,   /* reveal another salt than the one committed to */
  PJ_HOST_LIE_SEED,   /* commit to and reveal another seed than the one dealt */
} PjHostLie;

void pj_host_set_lie_for_testing   (PjHost *self, PjHostLie lie);
/* Deal every game from `seed` instead of a secret random one, so a test
 * knows the hands it will be dealt. */
void pj_host_set_seed_for_testing  (PjHost *self, guint64 seed);
/* The token of a seat ("" if none). */
const char *pj_host_get_seat_token_for_testing (PjHost *self, guint seat);
/* TRUE while a computer covers a dropped human's seat. */
gboolean pj_host_seat_is_covered_for_testing (PjHost *self, guint seat);
/* Whether the greeted person (PjNetPerson.id) speaks that protocol version:
 * what the host's own messages ask of the version its hello agreed on. */
gboolean pj_host_person_speaks_for_testing (PjHost *self, guint person_id, int version);

/* The host's limits per address (0 keeps one): greeted people, and the
 * hellos greeted at once. Every test connection comes from one loopback
 * address, so a test that seats a whole table of bots raises them. */
void pj_host_set_address_limits_for_testing (PjHost *self, guint people, guint join_burst);
/* The guard's clock, in monotonic microseconds (0: the real one again). */
void pj_host_set_now_for_testing (PjHost *self, gint64 now_us);
/* A password or token answer for a proof from address, as a hello's:
 * TRUE if it would be answered now (and then it is counted, right or
 * wrong), FALSE if it would wait for its turn. */
gboolean pj_host_try_answer_for_testing (PjHost *self, GInetAddress *address, gboolean right);
/* A newcomer's hello from address under name (and with a spectator's
 * token, or NULL), as far as the join budgets go: 0 if it would be
 * greeted (and then it is counted), or the refusal's code. */
int pj_host_try_join_for_testing (PjHost *self, GInetAddress *address, const char *name, const char *token);
/* A chat line from a greeted client at address, under name (and with
 * its token, or NULL), as far as the chat budgets go: TRUE if it would
 * be relayed (and then it is counted). */
gboolean pj_host_try_chat_for_testing (PjHost *self, GInetAddress *address, const char *name, const char *token);
/* Forget what the guard no longer needs, as its tick does; the number
 * of addresses it still remembers. */
guint pj_host_forget_peers_for_testing (PjHost *self);

/* Every byte the client reads, before parsing. */
void pj_client_set_tap_for_testing (PjClient *self, PjNetTapFunc func, gpointer user_data);
/* Send bytes as they are (broken lines for the abuse tests). */
void pj_client_send_raw_for_testing (PjClient *self, const char *data, gsize len);

/* Shorter deadlines so the tests run fast: the hello deadline and the idle
 * timeout (pings go every third of it); 0 keeps a value. */
void pj_host_set_timeouts_for_testing   (PjHost *self, guint hello_ms, guint idle_ms);
void pj_client_set_idle_timeout_for_testing (PjClient *self, guint idle_ms);
/* A client that stops answering pings (and sending its own). */
void pj_client_set_mute_for_testing     (PjClient *self, gboolean mute);
/* Speak another protocol range (tests of the version refusal). */
void pj_client_set_protocol_for_testing (PjClient *self, int min, int max);

G_END_DECLS
