/* pj-server.c — pegs-and-jokers-server: every table it hosts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pj-net-tls.h"
#include "pj-server-log.h"
#include "pj-server-private.h"
#include "pj-source.h"

G_DEFINE_FINAL_TYPE (PjServer, pj_server, G_TYPE_OBJECT)

/* The tables asked for, then those only the save folder remembers. A table
 * asked for again keeps the port it had, unless given another. */
static void
add_saved_tables (PjServer *self)
{
  g_autoptr (GPtrArray) saved = pj_server_table_load_saved (self->config->save_dir);

  for (guint i = 0; i < saved->len; i++)
    {
      PjServerTableConfig *s = g_ptr_array_index (saved, i);
      PjServerTableConfig *asked = pj_server_config_find (self->config, s->name);

      if (asked)
        {
          asked->last_port = s->last_port;
          /* the files of the table asked for by its cleaned name */
          g_free (asked->stored_as);
          asked->stored_as = g_strdup (s->stored_as);
        }
      else
        g_ptr_array_add (self->config->tables, pj_server_table_config_copy (s));
    }
}

gboolean
pj_server_start (PjServer  *self,
                 GError   **error)
{
  g_return_val_if_fail (PJ_IS_SERVER (self), FALSE);

  if (g_mkdir_with_parents (self->config->save_dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Cannot make the save folder “%s”: %s"),
                   self->config->save_dir, g_strerror (saved_errno));
      return FALSE;
    }
  /* kept beside the saves: guests pinned it, so it outlives restarts */
  if (self->certificate == NULL)
    {
      g_autofree char *path = g_build_filename (self->config->save_dir, PJ_SERVER_CERTIFICATE_FILE, NULL);

      if (!pj_net_tls_check_available (error))
        return FALSE;
      self->certificate = pj_net_tls_load_or_make (path, error);
      if (self->certificate == NULL)
        return FALSE;
    }
  add_saved_tables (self);
  if (self->config->tables->len == 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("No table to host: give --table NAME or --config FILE"));
      return FALSE;
    }
  /* before the tables: once a table's port is printed, the admin answers */
  if (self->config->admin_path && !pj_server_admin_listen (self, self->config->admin_path, error))
    return FALSE;
  /* one table that cannot open (its port taken) is left out with one line:
   * the others' guests are not sent away for it */
  for (guint i = 0; i < self->config->tables->len; i++)
    {
      PjServerTableConfig *config = g_ptr_array_index (self->config->tables, i);
      g_autoptr (PjServerTable) table = pj_server_table_new (config, self->config);
      g_autoptr (GError) local = NULL;

      pj_server_table_set_certificate (table, self->certificate);
      if (!pj_server_table_open (table, &local))
        {
          if (self->config->tables->len == 1)
            {
              g_set_error (error, local->domain == G_OPTION_ERROR ? G_IO_ERROR : local->domain,
                           local->domain == G_OPTION_ERROR ? G_IO_ERROR_FAILED : local->code,
                           _("Table “%s” cannot open: %s"), config->name, local->message);
              pj_server_stop (self);
              return FALSE;
            }
          pj_server_log (config->name, _("Cannot open, the other tables go on: %s"), local->message);
          continue;
        }
      g_ptr_array_add (self->tables, g_steal_pointer (&table));
    }
  if (self->tables->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No table could open"));
      pj_server_stop (self);
      return FALSE;
    }
  if (!self->config->no_discovery)
    self->discovery_check = pj_source_add_seconds (self->context, 3, _pj_server_check_discovery_cb, self);
  return TRUE;
}

/* Discovery is a convenience: without Avahi, say so once and go on. */
gboolean
_pj_server_check_discovery_cb (gpointer user_data)
{
  PjServer *self = user_data;

  self->discovery_check = 0;
  for (guint i = 0; i < self->tables->len; i++)
    {
      const GError *error = pj_server_table_get_discovery_error (g_ptr_array_index (self->tables, i));

      if (error)
        {
          pj_server_log (NULL, _("The tables are not announced on the local network (%s); guests can still join by address"),
                         error->message);
          break;
        }
    }
  return G_SOURCE_REMOVE;
}

void
pj_server_stop (PjServer *self)
{
  g_return_if_fail (PJ_IS_SERVER (self));

  pj_source_clear (self->context, &self->discovery_check);
  pj_server_admin_close (self);
  for (guint i = 0; i < self->tables->len; i++)
    pj_server_table_close (g_ptr_array_index (self->tables, i));
  g_ptr_array_set_size (self->tables, 0);
}

guint
pj_server_get_n_tables (PjServer *self)
{
  g_return_val_if_fail (PJ_IS_SERVER (self), 0);
  return self->tables->len;
}

PjServerTable *
pj_server_get_table (PjServer *self,
                     guint     i)
{
  g_return_val_if_fail (PJ_IS_SERVER (self), NULL);
  g_return_val_if_fail (i < self->tables->len, NULL);
  return g_ptr_array_index (self->tables, i);
}

PjServerTable *
pj_server_find_table (PjServer   *self,
                      const char *name)
{
  g_return_val_if_fail (PJ_IS_SERVER (self), NULL);
  for (guint i = 0; i < self->tables->len; i++)
    {
      PjServerTable *table = g_ptr_array_index (self->tables, i);
      /* names are one per server case aside: "kick kitchen #3" is meant */
      if (pj_server_table_name_equal (pj_server_table_get_name (table), name))
        return table;
    }
  return NULL;
}

static void
pj_server_dispose (GObject *object)
{
  PjServer *self = PJ_SERVER (object);

  pj_server_stop (self);
  G_OBJECT_CLASS (pj_server_parent_class)->dispose (object);
}

static void
pj_server_finalize (GObject *object)
{
  PjServer *self = PJ_SERVER (object);

  g_ptr_array_unref (self->tables);
  g_clear_object (&self->certificate);
  pj_server_config_free (self->config);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (pj_server_parent_class)->finalize (object);
}

static void
pj_server_class_init (PjServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_server_dispose;
  object_class->finalize = pj_server_finalize;
}

static void
pj_server_init (PjServer *self)
{
  self->tables = g_ptr_array_new_with_free_func (g_object_unref);
  self->context = g_main_context_ref_thread_default ();
}

PjServer *
pj_server_new (PjServerConfig *config)
{
  PjServer *self = g_object_new (PJ_TYPE_SERVER, NULL);

  self->config = config;
  return self;
}
