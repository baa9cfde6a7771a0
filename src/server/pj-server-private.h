/* pj-server-private.h — what pj-server.c and pj-server-admin.c share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include <sys/types.h>

#include "pj-server.h"

/* the tables' certificate and key, in the save folder (mode 0600) */
#define PJ_SERVER_CERTIFICATE_FILE "table-certificate.pem"

struct _PjServer
{
  GObject          parent_instance;

  PjServerConfig  *config;
  GPtrArray       *tables;          /* PjServerTable */
  GTlsCertificate *certificate;     /* every table's TLS identity, kept in the save folder */
  guint            discovery_check;  /* of `context` */
  GMainContext    *context;          /* the thread-default one where it was made */

  /* the admin socket (pj-server-admin.c) */
  GSocketService  *admin;
  char            *admin_path;      /* NULL: no socket of ours */
  dev_t            admin_dev;       /* the socket file we made there */
  ino_t            admin_ino;
  GPtrArray       *admin_clients;   /* AdminClient */
};

gboolean _pj_server_check_discovery_cb (gpointer user_data);

/* pj-server-admin.c: root as one admin answer line (no newline), every
 * character that could move or hide text on a terminal written \uXXXX. */
char    *_pj_server_admin_to_line (JsonNode *root);
