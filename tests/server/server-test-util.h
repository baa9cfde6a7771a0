/* server-test-util.h — a pegs-and-jokers-server child process for tests
 *
 * The server runs as a subprocess (PJ_SERVER_BIN) so that tests can kill it
 * like a real one; its stdout lines (`table "NAME" port N`) and stderr log
 * are read on the test's main context, every wait bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

typedef struct {
  GSubprocess      *process;
  GDataInputStream *out;
  GDataInputStream *err;
  GCancellable     *cancellable;
  GHashTable       *ports;      /* table name → port (GUINT_TO_POINTER) */
  GString          *log;        /* stderr so far */
  gboolean          exited;
  gboolean          out_done;   /* stdout read to its end */
  gboolean          log_done;   /* stderr read to its end */
  int               status;     /* exit status (or -signal) once exited */
} Server;

/* Whether the server's log lines are copied to the test's stderr (TRUE). */
extern gboolean server_echo_log;

/* Start the server with these arguments (NULL-terminated), not waiting. */
Server  *server_spawn        (const char * const *args);
/* Start it and wait until n_tables have printed their port (FALSE on timeout). */
Server  *server_start        (guint n_tables, const char * const *args);
guint16  server_port         (Server *server, const char *table);
/* Wait for the exit and the last of its output (FALSE on timeout). */
gboolean server_wait_exit    (Server *server, guint timeout_ms);
/* Wait until the log holds text; FALSE on timeout. */
gboolean server_wait_log     (Server *server, const char *text, guint timeout_ms);
/* SIGKILL or SIGTERM, then wait for the exit. */
void     server_signal       (Server *server, int signum);
void     server_free         (Server *server);
/* Run the server to its exit (which must come within 10 s): the exit status,
 * its log in *log. */
int      server_run_status   (const char * const *args,
                              char              **log);

/* A new temporary save folder; removing it and the files in it. */
char    *save_dir_new        (void);
void     save_dir_remove     (const char *path);

/* An admin command on the Unix socket at path: the answer line (no newline). */
char    *admin_command       (const char *path, const char *command);
/* The same, the answer checked to be one JSON object on one line with no
 * character a terminal would act on (controls, bidi and other format
 * characters, line separators) left unescaped; "ok" checked to be ok. */
JsonObject *admin_json       (const char *path, const char *command, gboolean ok);
/* Whether text holds a character a terminal would act on. */
gboolean    has_raw_controls (const char *text);

/* run_until() conditions.  save_has: the save file at path holds n actions. */
typedef struct {
  const char *path;
  guint       n;
} SaveWait;

gboolean    save_has         (gpointer data /* SaveWait */);
/* The Bot (from net-test-util.h) has a game state again. */
gboolean    bot_rejoined     (gpointer data /* Bot */);
