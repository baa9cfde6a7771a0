/* pj-browser.c — the tables on the local network, as a list model
 *
 * A PjBrowser is a GListModel of PjTableInfo: one item per table, i.e. per
 * (service name, type, domain, host). It browses from creation to disposal
 * and follows the daemon like PjPublisher does: when Avahi goes away the list
 * empties and "available" turns FALSE (the join page then offers "join by
 * address"); when Avahi comes (back) browsing starts again.
 *
 * Avahi reports each service once per (interface, protocol, name, type,
 * domain). Those entries are kept apart, each with its own live resolver, so
 * the IPv4 and IPv6 sightings of a table never overwrite each other and one
 * of them going away leaves the others. Resolved entries of the same table
 * and host are the "endpoints" of one PjTableInfo; see pj-table-info.c for
 * which one is the primary address.
 *
 * The browser uses Avahi 0.8's Prepare + Start: it exists and we are
 * subscribed to its path before it looks at the network, so no early ItemNew
 * is lost. Resolvers cannot work that way: Avahi 0.8's
 * avahi_s_service_resolver_prepare() already starts its record browsers, and
 * from the cache Found is sent right after the reply that names the path —
 * before a per-path subscription could reach the bus (seen in the tests).
 * So, like Valent, one subscription to all of Avahi's resolver signals is made
 * per session before any resolver exists, and a signal for a path whose
 * Prepare reply has not been handled yet is kept until it has.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-discovery-private.h"

typedef struct {
  char        *key;
  guint        serial;
  int          interface;
  int          protocol;
  char        *name;
  char        *type;
  char        *domain;
  char        *resolver_path;
  PjTableInfo *table;           /* once resolved */
} Entry;

struct _PjBrowser
{
  GObject           parent_instance;

  guint             watch_id;
  GDBusConnection  *connection;      /* while Avahi is on the bus */
  GCancellable     *cancellable;     /* of this daemon session */
  char             *browser_path;
  guint             browser_signal_id;
  GHashTable       *entries;         /* key → Entry */
  GHashTable       *resolvers;       /* resolver path → Entry (borrowed) */
  guint             resolver_signal_id;
  GHashTable       *early;           /* resolver path → (signal, parameters) */
  guint             n_preparing;     /* ServiceResolverPrepare calls in flight */
  guint             serial;

  GPtrArray        *items;           /* of PjTableInfo */
  gboolean          available;
  GError           *error;
};

static void pj_browser_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PjBrowser, pj_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      pj_browser_list_model_init))

enum {
  PROP_0,
  PROP_AVAILABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
cancelled (GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->key);
  g_free (entry->name);
  g_free (entry->type);
  g_free (entry->domain);
  g_free (entry->resolver_path);
  g_clear_object (&entry->table);
  g_free (entry);
}

/* Type and domain are DNS names without newlines; the name goes last, so
 * whatever it holds cannot make two keys equal. */
static char *
entry_key (int         interface,
           int         protocol,
           const char *name,
           const char *type,
           const char *domain)
{
  return g_strdup_printf ("%d\n%d\n%s\n%s\n%s", interface, protocol, type, domain, name);
}

static void
free_remote_object (PjBrowser  *self,
                    const char *path,
                    const char *iface)
{
  /* No callback: NO_REPLY_EXPECTED, nothing waits, also from dispose. */
  g_dbus_connection_call (self->connection, PJ_AVAHI_NAME, path, iface, "Free",
                          NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                          NULL, NULL, NULL);
}

/* The entry no longer points anywhere: drop its endpoint, and the table
 * with it when that was the last one. */
static void
entry_unresolve (PjBrowser *self,
                 Entry     *entry)
{
  g_autoptr (PjTableInfo) table = g_steal_pointer (&entry->table);
  guint position;

  if (table == NULL)
    return;

  if (pj_table_info_remove_endpoint (table, entry->key) &&
      g_ptr_array_find (self->items, table, &position))
    {
      g_ptr_array_remove_index (self->items, position);
      g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
    }
}

/* Before an entry leaves the table of entries. @daemon_alive: whether its
 * resolver still exists on the daemon's side and should be freed there. */
static void
entry_detach (PjBrowser *self,
              Entry     *entry,
              gboolean   daemon_alive)
{
  if (entry->resolver_path != NULL)
    {
      if (self->connection != NULL && daemon_alive)
        free_remote_object (self, entry->resolver_path, PJ_AVAHI_SERVICE_RESOLVER_IFACE);
      g_hash_table_remove (self->resolvers, entry->resolver_path);
      g_clear_pointer (&entry->resolver_path, g_free);
    }
}

static PjTableInfo *
find_table (PjBrowser  *self,
            const char *name,
            const char *type,
            const char *domain,
            const char *host)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      PjTableInfo *table = g_ptr_array_index (self->items, i);

      if (pj_table_info_matches (table, name, type, domain, host))
        return table;
    }

  return NULL;
}

static void
resolver_found (PjBrowser *self,
                Entry     *entry,
                GVariant  *parameters)
{
  int interface, protocol, aprotocol;
  const char *name, *type, *domain, *host, *address;
  guint16 port;
  guint32 flags;
  g_autoptr (GVariant) txt = NULL;
  g_auto (PjTxtFields) fields = { 0, };
  g_autoptr (GError) error = NULL;
  PjTableInfo *table;
  gboolean is_new = FALSE;

  g_variant_get (parameters, "(ii&s&s&s&si&sq@aayu)",
                 &interface, &protocol, &name, &type, &domain,
                 &host, &aprotocol, &address, &port, &txt, &flags);

  g_debug ("browser: “%s” is at %s (%s) port %u, interface %d", name, host, address, port, interface);
  if (!pj_discovery_txt_parse (txt, &fields, &error))
    {
      /* Not a table we can list (another program, or a bad record). */
      g_debug ("browser: ignoring “%s” on %s: %s", name, host, error->message);
      entry_unresolve (self, entry);
      return;
    }

  table = find_table (self, entry->name, entry->type, entry->domain, host);
  if (entry->table != NULL && entry->table != table)
    entry_unresolve (self, entry);      /* the service moved to another host */

  if (table == NULL)
    {
      table = pj_table_info_new (entry->name, entry->type, entry->domain, host);
      is_new = TRUE;
    }
  else
    g_object_ref (table);

  /* A new item is complete before the model announces it. */
  pj_table_info_set_endpoint (table, entry->key, interface, address, port,
                              (flags & PJ_AVAHI_LOOKUP_RESULT_LOCAL) != 0);
  pj_table_info_set_txt (table, &fields);
  g_set_object (&entry->table, table);

  if (is_new)
    {
      g_ptr_array_add (self->items, table);   /* takes the reference */
      g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);
    }
  else
    g_object_unref (table);
}

static void
handle_resolver_signal (PjBrowser  *self,
                        Entry      *entry,
                        const char *signal_name,
                        GVariant   *parameters)
{
  /* A live resolver sends Found again whenever the record changes (a TXT
   * update), so this is also how seat counts stay current. */
  if (g_str_equal (signal_name, "Found") &&
      g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(iissssisqaayu)")))
    resolver_found (self, entry, parameters);
  else if (g_str_equal (signal_name, "Failure"))
    {
      const char *message = "?";

      if (g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
        g_variant_get (parameters, "(&s)", &message);
      g_debug ("browser: resolving “%s” failed: %s", entry->name, message);
      entry_unresolve (self, entry);
    }
}

/* Bounds what is kept for paths not known yet (they may be another
 * PjBrowser's in this process, which shares our connection). */
#define MAX_EARLY 256

static void
resolver_signal (GDBusConnection *connection,
                 const char      *sender_name,
                 const char      *object_path,
                 const char      *interface_name,
                 const char      *signal_name,
                 GVariant        *parameters,
                 gpointer         user_data)
{
  PjBrowser *self = PJ_BROWSER (user_data);
  Entry *entry = g_hash_table_lookup (self->resolvers, object_path);

  if (entry != NULL)
    handle_resolver_signal (self, entry, signal_name, parameters);
  else if (self->n_preparing > 0 && g_hash_table_size (self->early) < MAX_EARLY)
    g_hash_table_replace (self->early, g_strdup (object_path),
                          g_variant_ref_sink (g_variant_new ("(s@*)", signal_name, parameters)));
}

static void
ignore_reply_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && !cancelled (error))
    g_debug ("browser: %s", error->message);
}

typedef struct {
  PjBrowser *self;    /* valid unless the call was cancelled */
  char      *key;
  guint      serial;
} ResolveData;

static void
resolver_prepare_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  ResolveData *data = user_data;
  PjBrowser *self = data->self;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *key = data->key;
  guint serial = data->serial;
  Entry *entry;
  const char *path;

  g_autoptr (GVariant) early = NULL;

  g_free (data);

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    return;

  self->n_preparing--;

  if (reply == NULL)
    {
      g_debug ("browser: cannot resolve: %s", error->message);
      goto out;
    }

  g_variant_get (reply, "(&o)", &path);
  g_hash_table_steal_extended (self->early, path, NULL, (gpointer *) &early);

  /* Removed (or removed and seen again) while the resolver was being made. */
  entry = g_hash_table_lookup (self->entries, key);
  if (entry == NULL || entry->serial != serial)
    {
      free_remote_object (self, path, PJ_AVAHI_SERVICE_RESOLVER_IFACE);
      goto out;
    }

  g_debug ("browser: resolver %s for “%s”%s", path, entry->name,
           early != NULL ? " (answered early)" : "");
  entry->resolver_path = g_strdup (path);
  g_hash_table_insert (self->resolvers, entry->resolver_path, entry);

  if (early != NULL)
    {
      const char *signal_name;
      g_autoptr (GVariant) parameters = NULL;

      g_variant_get (early, "(&s@*)", &signal_name, &parameters);
      handle_resolver_signal (self, entry, signal_name, parameters);
      /* That may have removed the entry's table, never the entry itself. */
    }

  g_dbus_connection_call (self->connection, PJ_AVAHI_NAME, entry->resolver_path,
                          PJ_AVAHI_SERVICE_RESOLVER_IFACE, "Start", NULL, NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, PJ_AVAHI_CALL_TIMEOUT_MS,
                          self->cancellable, ignore_reply_cb, NULL);

out:
  if (self->n_preparing == 0)
    g_hash_table_remove_all (self->early);
}

static void
item_new (PjBrowser *self,
          GVariant  *parameters)
{
  int interface, protocol;
  const char *name, *type, *domain;
  guint32 flags;
  Entry *entry;
  ResolveData *data;
  char *key;

  g_variant_get (parameters, "(ii&s&s&su)", &interface, &protocol, &name, &type, &domain, &flags);

  g_debug ("browser: new “%s” on interface %d protocol %d", name, interface, protocol);
  key = entry_key (interface, protocol, name, type, domain);
  if (g_hash_table_contains (self->entries, key))
    {
      g_free (key);
      return;
    }

  entry = g_new0 (Entry, 1);
  entry->key = key;
  entry->serial = ++self->serial;
  entry->interface = interface;
  entry->protocol = protocol;
  entry->name = g_strdup (name);
  entry->type = g_strdup (type);
  entry->domain = g_strdup (domain);
  g_hash_table_insert (self->entries, entry->key, entry);

  data = g_new0 (ResolveData, 1);
  data->self = self;
  data->key = g_strdup (key);
  data->serial = entry->serial;
  self->n_preparing++;

  /* aprotocol = the entry's protocol: the IPv6 sighting resolves to an IPv6
   * address and the IPv4 one to IPv4, so each endpoint is what it says. */
  g_dbus_connection_call (self->connection, PJ_AVAHI_NAME, PJ_AVAHI_SERVER_PATH,
                          PJ_AVAHI_SERVER2_IFACE, "ServiceResolverPrepare",
                          g_variant_new ("(iisssiu)", interface, protocol, name, type, domain,
                                         protocol, 0u),
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          PJ_AVAHI_CALL_TIMEOUT_MS, self->cancellable,
                          resolver_prepare_cb, data);
}

static void
item_remove (PjBrowser *self,
             GVariant  *parameters)
{
  int interface, protocol;
  const char *name, *type, *domain;
  guint32 flags;
  g_autofree char *key = NULL;
  Entry *entry;

  g_variant_get (parameters, "(ii&s&s&su)", &interface, &protocol, &name, &type, &domain, &flags);

  g_debug ("browser: “%s” gone from interface %d protocol %d", name, interface, protocol);
  key = entry_key (interface, protocol, name, type, domain);
  entry = g_hash_table_lookup (self->entries, key);
  if (entry == NULL)
    return;

  entry_unresolve (self, entry);
  entry_detach (self, entry, TRUE);
  g_hash_table_remove (self->entries, key);
}

static void
clear_items (PjBrowser *self,
             gboolean   emit)
{
  guint n = self->items->len;

  if (n == 0)
    return;

  g_ptr_array_set_size (self->items, 0);
  if (emit)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
}

static void
set_available (PjBrowser *self,
               gboolean   available,
               GError    *error)
{
  g_clear_error (&self->error);
  self->error = error;
  if (error != NULL)
    g_debug ("browser: %s", error->message);

  if (self->available != available)
    {
      self->available = available;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
    }
}

/* Forget everything of the current daemon session. @daemon_alive: free our
 * objects on the daemon too (they die with it otherwise). */
static void
end_session (PjBrowser *self,
             gboolean   daemon_alive,
             gboolean   emit)
{
  GHashTableIter iter;
  Entry *entry;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
    {
      g_clear_object (&entry->table);
      entry_detach (self, entry, daemon_alive);
      g_hash_table_iter_remove (&iter);
    }
  clear_items (self, emit);

  g_hash_table_remove_all (self->early);
  self->n_preparing = 0;

  if (self->connection != NULL && self->browser_signal_id != 0)
    g_dbus_connection_signal_unsubscribe (self->connection, self->browser_signal_id);
  self->browser_signal_id = 0;
  if (self->connection != NULL && self->resolver_signal_id != 0)
    g_dbus_connection_signal_unsubscribe (self->connection, self->resolver_signal_id);
  self->resolver_signal_id = 0;
  if (self->connection != NULL && self->browser_path != NULL && daemon_alive)
    free_remote_object (self, self->browser_path, PJ_AVAHI_SERVICE_BROWSER_IFACE);
  g_clear_pointer (&self->browser_path, g_free);
  g_clear_object (&self->connection);
}

static void
browser_signal (GDBusConnection *connection,
                const char      *sender_name,
                const char      *object_path,
                const char      *interface_name,
                const char      *signal_name,
                GVariant        *parameters,
                gpointer         user_data)
{
  PjBrowser *self = PJ_BROWSER (user_data);
  const GVariantType *item_type = G_VARIANT_TYPE ("(iisssu)");

  if (g_str_equal (signal_name, "ItemNew") && g_variant_is_of_type (parameters, item_type))
    item_new (self, parameters);
  else if (g_str_equal (signal_name, "ItemRemove") && g_variant_is_of_type (parameters, item_type))
    item_remove (self, parameters);
  else if (g_str_equal (signal_name, "Failure"))
    {
      const char *message = "?";

      if (g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
        g_variant_get (parameters, "(&s)", &message);
      /* The daemon stays: only this session's objects go. */
      end_session (self, TRUE, TRUE);
      set_available (self, FALSE, pj_discovery_error_from_avahi (message));
    }
}

static void
browser_start_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    {
      g_error_free (error);
      return;
    }

  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (error);
      set_available (PJ_BROWSER (user_data), FALSE, pj_discovery_error_from_avahi (error->message));
      g_error_free (error);
      return;
    }

  set_available (PJ_BROWSER (user_data), TRUE, NULL);
}

static void
browser_prepare_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  PjBrowser *self;
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    {
      g_error_free (error);
      return;
    }

  self = PJ_BROWSER (user_data);
  if (reply == NULL)
    {
      /* Avahi before 0.8 has no Server2; its ServiceBrowserNew starts at
       * once and loses early items, so such a daemon counts as absent. */
      if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD) ||
          g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_INTERFACE))
        set_available (self, FALSE, pj_discovery_error_unavailable (TRUE));
      else
        {
          g_dbus_error_strip_remote_error (error);
          set_available (self, FALSE, pj_discovery_error_from_avahi (error->message));
        }
      g_error_free (error);
      return;
    }

  g_variant_get (reply, "(o)", &self->browser_path);
  self->browser_signal_id =
    g_dbus_connection_signal_subscribe (self->connection, PJ_AVAHI_NAME,
                                        PJ_AVAHI_SERVICE_BROWSER_IFACE, NULL,
                                        self->browser_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        browser_signal, self, NULL);

  g_dbus_connection_call (self->connection, PJ_AVAHI_NAME, self->browser_path,
                          PJ_AVAHI_SERVICE_BROWSER_IFACE, "Start", NULL, NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, PJ_AVAHI_CALL_TIMEOUT_MS,
                          self->cancellable, browser_start_cb, self);
}

static void
avahi_appeared (GDBusConnection *connection,
                const char      *name,
                const char      *name_owner,
                gpointer         user_data)
{
  PjBrowser *self = PJ_BROWSER (user_data);

  g_debug ("browser: Avahi appeared as %s", name_owner);
  end_session (self, FALSE, TRUE);

  self->connection = g_object_ref (connection);
  self->cancellable = g_cancellable_new ();

  /* Before any resolver exists (see the top of this file). */
  self->resolver_signal_id =
    g_dbus_connection_signal_subscribe (connection, PJ_AVAHI_NAME,
                                        PJ_AVAHI_SERVICE_RESOLVER_IFACE, NULL, NULL, NULL,
                                        G_DBUS_SIGNAL_FLAGS_NONE, resolver_signal, self, NULL);

  g_dbus_connection_call (connection, PJ_AVAHI_NAME, PJ_AVAHI_SERVER_PATH,
                          PJ_AVAHI_SERVER2_IFACE, "ServiceBrowserPrepare",
                          g_variant_new ("(iissu)", PJ_AVAHI_IF_UNSPEC, PJ_AVAHI_PROTO_UNSPEC,
                                         PJ_DISCOVERY_SERVICE_TYPE, "", 0u),
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          PJ_AVAHI_CALL_TIMEOUT_MS, self->cancellable,
                          browser_prepare_cb, self);
}

static void
avahi_vanished (GDBusConnection *connection,
                const char      *name,
                gpointer         user_data)
{
  PjBrowser *self = PJ_BROWSER (user_data);

  /* The list empties first, so "available" never turns FALSE over stale rows. */
  end_session (self, FALSE, TRUE);
  set_available (self, FALSE, pj_discovery_error_unavailable (connection != NULL));
}

static gpointer
pj_browser_get_item (GListModel *model,
                     guint       position)
{
  PjBrowser *self = PJ_BROWSER (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static GType
pj_browser_get_item_type (GListModel *model)
{
  return PJ_TYPE_TABLE_INFO;
}

static guint
pj_browser_get_n_items (GListModel *model)
{
  return PJ_BROWSER (model)->items->len;
}

static void
pj_browser_list_model_init (GListModelInterface *iface)
{
  iface->get_item = pj_browser_get_item;
  iface->get_item_type = pj_browser_get_item_type;
  iface->get_n_items = pj_browser_get_n_items;
}

static void
pj_browser_constructed (GObject *object)
{
  PjBrowser *self = PJ_BROWSER (object);

  G_OBJECT_CLASS (pj_browser_parent_class)->constructed (object);

  self->watch_id = g_bus_watch_name (G_BUS_TYPE_SYSTEM, PJ_AVAHI_NAME,
                                     G_BUS_NAME_WATCHER_FLAGS_NONE,
                                     avahi_appeared, avahi_vanished, self, NULL);
}

static void
pj_browser_dispose (GObject *object)
{
  PjBrowser *self = PJ_BROWSER (object);

  if (self->watch_id != 0)
    {
      g_bus_unwatch_name (self->watch_id);
      self->watch_id = 0;
    }
  end_session (self, TRUE, FALSE);

  G_OBJECT_CLASS (pj_browser_parent_class)->dispose (object);
}

static void
pj_browser_finalize (GObject *object)
{
  PjBrowser *self = PJ_BROWSER (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->resolvers, g_hash_table_unref);
  g_clear_pointer (&self->early, g_hash_table_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (pj_browser_parent_class)->finalize (object);
}

static void
pj_browser_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PjBrowser *self = PJ_BROWSER (object);

  switch (prop_id)
    {
    case PROP_AVAILABLE:
      g_value_set_boolean (value, self->available);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_browser_class_init (PjBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = pj_browser_constructed;
  object_class->dispose = pj_browser_dispose;
  object_class->finalize = pj_browser_finalize;
  object_class->get_property = pj_browser_get_property;

  /* Browsing is running. FALSE: the bus or Avahi is missing or failed (see
   * pj_browser_get_error()); the list is then empty. */
  properties[PROP_AVAILABLE] =
    g_param_spec_boolean ("available", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pj_browser_init (PjBrowser *self)
{
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, entry_free);
  self->resolvers = g_hash_table_new (g_str_hash, g_str_equal);
  self->early = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) g_variant_unref);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * pj_browser_new:
 *
 * Starts browsing for tables at once (asynchronously; the list fills as
 * they are found and resolved).
 *
 * Returns: (transfer full): a #GListModel of #PjTableInfo
 */
PjBrowser *
pj_browser_new (void)
{
  return g_object_new (PJ_TYPE_BROWSER, NULL);
}

gboolean
pj_browser_get_available (PjBrowser *self)
{
  g_return_val_if_fail (PJ_IS_BROWSER (self), FALSE);

  return self->available;
}

/**
 * pj_browser_get_error:
 *
 * Returns: (nullable): why browsing is not available (a PJ_DISCOVERY_ERROR,
 *   message translated for the join page), or %NULL
 */
const GError *
pj_browser_get_error (PjBrowser *self)
{
  g_return_val_if_fail (PJ_IS_BROWSER (self), NULL);

  return self->error;
}
