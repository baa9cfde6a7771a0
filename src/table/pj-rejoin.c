/* pj-rejoin.c — a guest's seats at LAN tables, kept on disk
 *
 * One GKeyFile per table. The file name is a digest of the address, port
 * and table name: any table name is safe as a file name that way, and the
 * same table always maps to the same file, so a new game replaces it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-engine.h"
#include "pj-file.h"
#include "pj-net.h"
#include "pj-rejoin.h"

#define GROUP   "seat"
#define SUFFIX  ".seat"

PjRejoin *
pj_rejoin_new (const char *table_name,
               const char *address,
               guint16     port,
               const char *token)
{
  PjRejoin *rejoin = g_new0 (PjRejoin, 1);

  rejoin->table_name = g_strdup (table_name);
  rejoin->address = g_strdup (address);
  rejoin->port = port;
  rejoin->token = g_strdup (token);
  rejoin->seat = -1;
  return rejoin;
}

void
pj_rejoin_free (PjRejoin *rejoin)
{
  if (rejoin == NULL)
    return;
  g_free (rejoin->table_name);
  g_free (rejoin->address);
  g_free (rejoin->token);
  g_free (rejoin->password);
  g_free (rejoin->player_name);
  g_free (rejoin);
}

char *
pj_rejoin_default_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "pegs-and-jokers", "tables", NULL);
}

char *
pj_rejoin_path (const char *dir,
                const char *address,
                guint16     port,
                const char *table_name)
{
  g_autofree char *key = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (dir != NULL && address != NULL && table_name != NULL, NULL);

  key = g_strdup_printf ("%s\n%u\n%s", address, port, table_name);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  digest[32] = '\0';
  name = g_strconcat (digest, SUFFIX, NULL);
  return g_build_filename (dir, name, NULL);
}

gboolean
pj_rejoin_save (const char      *dir,
                const PjRejoin  *rejoin,
                GError         **error)
{
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  gsize len;

  g_return_val_if_fail (dir != NULL, FALSE);
  g_return_val_if_fail (rejoin != NULL && rejoin->token != NULL, FALSE);

  g_key_file_set_string (keyfile, GROUP, "table", rejoin->table_name);
  g_key_file_set_string (keyfile, GROUP, "address", rejoin->address);
  g_key_file_set_integer (keyfile, GROUP, "port", rejoin->port);
  g_key_file_set_string (keyfile, GROUP, "token", rejoin->token);
  g_key_file_set_integer (keyfile, GROUP, "seat", rejoin->seat);
  if (rejoin->password != NULL)
    g_key_file_set_string (keyfile, GROUP, "password", rejoin->password);
  if (rejoin->player_name != NULL)
    g_key_file_set_string (keyfile, GROUP, "player", rejoin->player_name);
  g_key_file_set_int64 (keyfile, GROUP, "saved", g_get_real_time ());
  if (rejoin->closed != 0)
    g_key_file_set_int64 (keyfile, GROUP, "closed", rejoin->closed);
  data = g_key_file_to_data (keyfile, &len, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  path = pj_rejoin_path (dir, rejoin->address, rejoin->port, rejoin->table_name);
  /* the token is the seat's key: only this user reads it, from the first byte */
  return pj_file_write_atomic (path, data, len, 0600, PJ_FILE_WRITE_NONE, error);
}

void
pj_rejoin_remove (const char *dir,
                  const char *address,
                  guint16     port,
                  const char *table_name)
{
  g_autofree char *path = NULL;

  g_return_if_fail (dir != NULL);

  if (address == NULL || table_name == NULL)
    return;
  path = pj_rejoin_path (dir, address, port, table_name);
  g_unlink (path);
}

/* A file another program or a damaged disk wrote is not a seat: every
 * field is checked as the network checks it. */
static PjRejoin *
load (const char *path)
{
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autoptr (PjRejoin) rejoin = NULL;
  g_autofree char *table = NULL;
  g_autofree char *address = NULL;
  g_autofree char *token = NULL;
  gint64 port, seat;

  if (!g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  table = g_key_file_get_string (keyfile, GROUP, "table", NULL);
  address = g_key_file_get_string (keyfile, GROUP, "address", NULL);
  token = g_key_file_get_string (keyfile, GROUP, "token", NULL);
  port = g_key_file_get_int64 (keyfile, GROUP, "port", NULL);
  seat = g_key_file_get_int64 (keyfile, GROUP, "seat", NULL);
  if (table == NULL || address == NULL || token == NULL ||
      table[0] == '\0' || strlen (table) > PJ_NET_MAX_NAME || address[0] == '\0' ||
      strlen (token) != PJ_NET_TOKEN_LEN || port <= 0 || port > G_MAXUINT16 ||
      seat < 0 || seat >= PJ_MAX_PLAYERS)
    return NULL;

  rejoin = pj_rejoin_new (table, address, (guint16) port, token);
  rejoin->seat = (int) seat;
  rejoin->password = g_key_file_get_string (keyfile, GROUP, "password", NULL);
  rejoin->player_name = g_key_file_get_string (keyfile, GROUP, "player", NULL);
  if (rejoin->player_name != NULL &&
      (rejoin->player_name[0] == '\0' || strlen (rejoin->player_name) > PJ_NET_MAX_NAME))
    g_clear_pointer (&rejoin->player_name, g_free);
  rejoin->saved = g_key_file_get_int64 (keyfile, GROUP, "saved", NULL);
  rejoin->closed = MAX (g_key_file_get_int64 (keyfile, GROUP, "closed", NULL), 0);
  return g_steal_pointer (&rejoin);
}

void
pj_rejoin_mark_closed (const char *dir,
                       const char *address,
                       guint16     port,
                       const char *table_name)
{
  g_autofree char *path = NULL;
  g_autoptr (PjRejoin) rejoin = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (dir != NULL && address != NULL && table_name != NULL);

  path = pj_rejoin_path (dir, address, port, table_name);
  rejoin = load (path);
  if (rejoin == NULL || rejoin->closed != 0)
    return;
  rejoin->closed = g_get_real_time ();
  if (!pj_rejoin_save (dir, rejoin, &error))
    g_message ("The closed table's seat could not be marked: %s", error->message);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const PjRejoin *ra = *(const PjRejoin **) a;
  const PjRejoin *rb = *(const PjRejoin **) b;

  return (ra->saved < rb->saved) - (ra->saved > rb->saved);
}

GPtrArray *
pj_rejoin_list (const char *dir)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) pj_rejoin_free);
  g_autoptr (GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, list);

  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return list;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      PjRejoin *rejoin;

      if (!g_str_has_suffix (name, SUFFIX))
        continue;
      path = g_build_filename (dir, name, NULL);
      rejoin = load (path);
      if (rejoin != NULL && rejoin->closed != 0 &&
          g_get_real_time () - rejoin->closed > PJ_REJOIN_CLOSED_KEPT_DAYS * G_TIME_SPAN_DAY)
        {
          /* its host had a week to reopen it */
          g_unlink (path);
          g_clear_pointer (&rejoin, pj_rejoin_free);
        }
      if (rejoin != NULL)
        g_ptr_array_add (list, rejoin);
    }
  g_ptr_array_sort (list, newest_first);
  return list;
}
