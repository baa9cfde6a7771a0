/* pj-server-config.h — what pegs-and-jokers-server is asked to run
 *
 * The command line (and an optional --config key file) becomes a list of
 * table configurations and a few server-wide settings. Parsing checks
 * everything a person could get wrong (unknown level, bad seat, bad rules):
 * on the command line a mistake refuses the start; in a --config file the
 * table it is in is left out with one log line (and a second table of a
 * name, case aside, anywhere), unless the file cannot be
 * read as a whole or a value in it is not text (a password read as
 * nothing would open its table to anyone).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pj-ai.h"
#include "pj-engine.h"

G_BEGIN_DECLS

/* Command-line mistakes: exit status 2. */
#define PJ_SERVER_EXIT_USAGE 2

/* A setting that cannot be read at all (a value that is not UTF-8): the
 * server refuses to start rather than guess what it meant. */
#define PJ_SERVER_CONFIG_ERROR (pj_server_config_error_quark ())
typedef enum {
  PJ_SERVER_CONFIG_ERROR_UNREADABLE,
} PjServerConfigError;
GQuark pj_server_config_error_quark (void);

/* No --port: the protocol's default port, or any free one if it is taken. */
#define PJ_SERVER_PORT_DEFAULT (-1)

typedef struct {
  char      *name;
  char      *password;                   /* NULL: none */
  PjRules    rules;
  gboolean   computer[PJ_MAX_PLAYERS];   /* computer seats (0-based) */
  PjAiLevel  level[PJ_MAX_PLAYERS];
  int        port;                       /* 0: any free port; PJ_SERVER_PORT_DEFAULT */
  guint16    last_port;                  /* where it listened before (0: never) */
  char      *stored_as;                  /* the name its files have, if not name (an older build's) */
} PjServerTableConfig;

typedef struct {
  GPtrArray *tables;              /* PjServerTableConfig */
  char      *save_dir;
  char      *admin_path;          /* NULL: no admin socket */
  gboolean   no_discovery;
  guint      computer_delay_ms;
  guint      rematch_delay_ms;
  PjServerTableConfig *left_out;  /* while parsing: a --table named twice, whose options are its */
} PjServerConfig;

PjServerTableConfig *pj_server_table_config_new  (const char *name);
PjServerTableConfig *pj_server_table_config_copy (const PjServerTableConfig *config);
void                 pj_server_table_config_free (PjServerTableConfig *config);
/* "3:hard" → seat 2 (0-based) a hard computer; checked against the rules
 * later, as --rules may follow. */
gboolean             pj_server_table_config_add_computer (PjServerTableConfig *config,
                                                          const char          *text,
                                                          GError             **error);
/* Every computer seat exists under the rules and a person can still sit. */
gboolean             pj_server_table_config_check (const PjServerTableConfig *config,
                                                   GError                   **error);
/* The table's settings as a key-file group (the --config format). */
void                 pj_server_table_config_to_key_file   (const PjServerTableConfig *config,
                                                           GKeyFile                  *key_file);
PjServerTableConfig *pj_server_table_config_from_key_file (GKeyFile    *key_file,
                                                           const char  *group,
                                                           GError     **error);

PjServerConfig *pj_server_config_new   (void);
void            pj_server_config_free  (PjServerConfig *config);
/* Parse argv (removing what it reads). FALSE with a message for people:
 * the caller prints it and exits with PJ_SERVER_EXIT_USAGE. --help prints
 * and exits 0 as GOption does. */
gboolean        pj_server_config_parse (PjServerConfig  *config,
                                        int             *argc,
                                        char          ***argv,
                                        GError         **error);
/* Two table names are one to guests: the same, case aside (both cleaned). */
gboolean             pj_server_table_name_equal (const char *a,
                                                 const char *b);
/* The table of that name (case aside), or NULL. */
PjServerTableConfig *pj_server_config_find (PjServerConfig *config,
                                            const char     *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjServerTableConfig, pj_server_table_config_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjServerConfig, pj_server_config_free)

G_END_DECLS
