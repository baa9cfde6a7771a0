/* net-test-util.h — shared helpers of the src/net tests and benchmark
 *
 * A Bot is the headless player of the tests: a PjClient (the same client
 * the app uses) that answers its turns with pj_ai_choose and records every
 * byte it receives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-ai.h"
#include "pj-client.h"
#include "pj-host.h"
#include "pj-net-private.h"

typedef struct {
  PjClient  *client;
  PjAiLevel  level;
  gboolean   autoplay;      /* answer its turns */
  GByteArray *received;     /* every byte read */
  GArray    *errors;        /* PjNetError codes of "error" signals */
  guint      n_chat;
  guint      n_earlier;     /* of them, lines said before it came back */
  GPtrArray *chats;         /* the text of every line, in order */
  char      *last_chat;
  char      *last_chat_from;
  gboolean   connected;
  GError    *connect_error;
  gboolean   connect_done;
  gboolean   game_over;
  gboolean   verified;
  gboolean   verified_ok;
  char      *verify_detail;
  gboolean   disconnected;
  GError    *disconnect_error;   /* why, the last time */
  gboolean   has_sent;
  guint      sent_for_n;    /* the position it last answered */
  guint      n_updates;
  gint64     last_update_us;
} Bot;

Bot     *bot_new            (const char *name, PjAiLevel level);
void     bot_free           (Bot *bot);
/* Connect and wait for the welcome (or the refusal, in bot->connect_error). */
gboolean bot_connect        (Bot *bot, const char *address, guint16 port);
/* Start a fresh PjClient in bot->client (the old one dropped without a bye,
 * and checked to be finalized), keeping the token: a player whose program
 * was killed. */
void     bot_kill           (Bot *bot);
/* Say bye and drop bot->client, checking that it and its mirror game are
 * finalized; the bot itself stays (bot_free() it later). */
void     bot_disconnect_finalized (Bot *bot);

/* Answer the turn now if it is this bot's and not answered yet (after
 * turning autoplay back on). */
void     bot_poke           (Bot *bot);

/* A bound on waiting, stretched by PJ_TEST_TIMEOUT_SCALE in slow
 * (sanitizer) builds, as the GUI tests' pj_test_scaled_ms(). */
guint    test_scaled_ms     (guint ms);
/* Iterate the default main context until cond(data) or timeout_ms (scaled);
 * FALSE on timeout. */
typedef gboolean (*CondFunc) (gpointer data);
gboolean run_until          (CondFunc cond, gpointer data, guint timeout_ms);
/* Iterate for about ms milliseconds. */
void     run_for            (guint ms);
/* Iterate until the caller's is the only reference left to object (a
 * cancelled read, write or computer move may hold one until its callback has
 * run on the main loop), or timeout_ms; FALSE on timeout. Then
 * g_assert_finalize_object() names what is leaked. */
gboolean run_until_last_ref (gpointer object, guint timeout_ms);

/* Check every position in the bytes a seat received: hands of other seats,
 * the stock and face-down cards must be unknown. Returns the number of
 * positions checked; fails the test on a leak. */
guint    check_no_leaks     (const GByteArray *received, int seat);
/* The entries of the `past` lines received from byte from on (their
 * `first` must follow each other from 0); *bytes and *n_lines: what
 * those lines took. */
guint    count_past         (const GByteArray *received, gsize from, gsize *bytes, guint *n_lines);

/* ---- a raw socket: what a hand-written client does ---------------------------- */

typedef struct {
  GSocketConnection *conn;
  GSocket           *socket;
  GIOStream         *tls;       /* what is said goes through it (NULL: raw_open_clear) */
  GTlsCertificate   *host_certificate;  /* what the host showed */
  GString           *in;        /* bytes read, not yet taken as lines */
  GPtrArray         *lines;     /* complete lines read */
  gboolean           eof;
} Raw;

/* Connected and through the TLS handshake (the main loop turns meanwhile:
 * the host may run in this thread), as every client speaks. */
Raw        *raw_open   (guint16 port);
/* Connected, speaking in clear: an app older than protocol 3. */
Raw        *raw_open_clear (guint16 port);
void        raw_free   (Raw *raw);
/* Write all of text (blocking). */
void        raw_send   (Raw *raw, const char *text);
/* Read what is there without waiting; TRUE if anything came. */
gboolean    raw_pump   (Raw *raw);
/* The first line with this text in it, or NULL. */
const char *raw_find   (Raw *raw, const char *text);
/* The nonce of the host's challenge (waits for it). */
char       *raw_nonce  (Raw *raw);

/* ---- a fake host ---------------------------------------------------------------- */

/* A socket that writes greeting to each connection and then keeps it open,
 * silent: a host as a test writes it. */
GSocketService *fake_host      (const char *greeting, guint16 *port);
void            fake_host_free (GSocketService *service);
