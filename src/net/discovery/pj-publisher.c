/* pj-publisher.c — announce a hosted table on the local network
 *
 * A PjPublisher announces one table as a DNS-SD service of type
 * PJ_DISCOVERY_SERVICE_TYPE through an Avahi entry group, from the moment it
 * is created until it is disposed. It follows the daemon: when Avahi (re)appears
 * on the system bus the table is announced again; when it goes, "available"
 * and "published" turn FALSE and the host carries on — discovery is a
 * convenience, joining by address still works.
 *
 * Name collisions take Avahi's own way out: on COLLISION (or a local
 * CollisionError from AddService) ask GetAlternativeServiceName ("Table" →
 * "Table #2") and add the service again; "service-name" follows.
 *
 * Every call is asynchronous and carries the cancellable of the current
 * daemon "session"; it is cancelled when Avahi vanishes and on dispose, and a
 * callback that sees G_IO_ERROR_CANCELLED returns before touching @self.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-discovery-private.h"

/* Enough for a crowded LAN; a loop beyond it means something else is wrong. */
#define MAX_COLLISIONS 12

struct _PjPublisher
{
  GObject           parent_instance;

  char             *table_name;
  guint16           port;
  PjTxtFields       txt;
  char             *service_name;

  guint             watch_id;
  GDBusConnection  *connection;       /* while Avahi is on the bus */
  GCancellable     *cancellable;      /* of this daemon session */
  guint             server_state_id;
  int               server_state;
  char             *group_path;
  guint             group_state_id;
  gboolean          creating_group;
  gboolean          service_added;    /* AddService sent since the last Reset */
  guint             collisions;

  gboolean          available;
  gboolean          published;
  char             *host_name;        /* Avahi's, "kitchen.local"; NULL without it */
  GError           *error;
};

G_DEFINE_FINAL_TYPE (PjPublisher, pj_publisher, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TABLE_NAME,
  PROP_PORT,
  PROP_PROTOCOL_VERSION,
  PROP_VARIANT,
  PROP_SEATS_TAKEN,
  PROP_SEATS_TOTAL,
  PROP_PASSWORD_REQUIRED,
  PROP_SERVICE_NAME,
  PROP_AVAILABLE,
  PROP_PUBLISHED,
  PROP_HOST_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void add_service (PjPublisher *self);

static void
set_flag (PjPublisher *self,
          gboolean    *flag,
          gboolean     value,
          guint        prop_id)
{
  if (*flag == value)
    return;
  *flag = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* Takes @error. Publishing problems are never fatal: they are kept for
 * pj_publisher_get_error() and logged at debug level only. */
static void
fail (PjPublisher *self,
      GError      *error)
{
  g_debug ("publisher “%s”: %s", self->service_name, error->message);
  g_clear_error (&self->error);
  self->error = error;
  set_flag (self, &self->published, FALSE, PROP_PUBLISHED);
}

static void
fail_dbus (PjPublisher *self,
           GError      *error)
{
  g_dbus_error_strip_remote_error (error);
  fail (self, pj_discovery_error_from_avahi (error->message));
  g_error_free (error);
}

static gboolean
cancelled (GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
avahi_call (PjPublisher         *self,
            const char          *path,
            const char          *iface,
            const char          *method,
            GVariant            *parameters,
            const GVariantType  *reply_type,
            GAsyncReadyCallback  callback)
{
  g_dbus_connection_call (self->connection, PJ_AVAHI_NAME, path, iface, method,
                          parameters, reply_type, G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          PJ_AVAHI_CALL_TIMEOUT_MS, self->cancellable, callback, self);
}

/* For calls whose only interesting outcome is an error. */
static void
ignore_reply_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && !cancelled (error))
    g_debug ("publisher: %s", error->message);
}

static void
alternative_name_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  PjPublisher *self;
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    {
      g_error_free (error);
      return;
    }

  self = PJ_PUBLISHER (user_data);
  if (reply == NULL)
    {
      fail_dbus (self, error);
      return;
    }

  g_free (self->service_name);
  g_variant_get (reply, "(s)", &self->service_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVICE_NAME]);

  /* Reset before adding again: D-Bus keeps the order of our calls. */
  avahi_call (self, self->group_path, PJ_AVAHI_ENTRY_GROUP_IFACE, "Reset",
              NULL, NULL, ignore_reply_cb);
  self->service_added = FALSE;
  add_service (self);
}

static void
handle_collision (PjPublisher *self)
{
  set_flag (self, &self->published, FALSE, PROP_PUBLISHED);

  if (++self->collisions > MAX_COLLISIONS)
    {
      fail (self, pj_discovery_error_collision (self->table_name));
      return;
    }

  g_debug ("publisher: “%s” is taken, asking Avahi for another name", self->service_name);
  avahi_call (self, PJ_AVAHI_SERVER_PATH, PJ_AVAHI_SERVER_IFACE, "GetAlternativeServiceName",
              g_variant_new ("(s)", self->service_name), G_VARIANT_TYPE ("(s)"),
              alternative_name_cb);
}

static void
commit_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    g_error_free (error);
  else if (reply == NULL)
    fail_dbus (PJ_PUBLISHER (user_data), error);
}

static void
add_service_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  PjPublisher *self;
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    {
      g_error_free (error);
      return;
    }

  self = PJ_PUBLISHER (user_data);
  if (reply == NULL)
    {
      /* The name is already registered on this very daemon (another table
       * on this machine): Avahi refuses at once instead of probing. */
      g_autofree char *remote = g_dbus_error_get_remote_error (error);

      self->service_added = FALSE;
      if (g_strcmp0 (remote, PJ_AVAHI_COLLISION_ERROR) == 0)
        {
          g_error_free (error);
          handle_collision (self);
        }
      else
        fail_dbus (self, error);
      return;
    }

  avahi_call (self, self->group_path, PJ_AVAHI_ENTRY_GROUP_IFACE, "Commit",
              NULL, NULL, commit_cb);
}

static void
add_service (PjPublisher *self)
{
  self->service_added = TRUE;
  avahi_call (self, self->group_path, PJ_AVAHI_ENTRY_GROUP_IFACE, "AddService",
              g_variant_new ("(iiussssq@aay)",
                             PJ_AVAHI_IF_UNSPEC, PJ_AVAHI_PROTO_UNSPEC, 0u,
                             self->service_name, PJ_DISCOVERY_SERVICE_TYPE,
                             "",    /* default domain (.local) */
                             "",    /* this host */
                             self->port,
                             pj_discovery_txt_build (&self->txt)),
              NULL, add_service_cb);
}

static void
update_txt (PjPublisher *self)
{
  /* Not announced yet: the next AddService carries the new record. */
  if (self->connection == NULL || self->group_path == NULL || !self->service_added)
    return;

  avahi_call (self, self->group_path, PJ_AVAHI_ENTRY_GROUP_IFACE, "UpdateServiceTxt",
              g_variant_new ("(iiusss@aay)",
                             PJ_AVAHI_IF_UNSPEC, PJ_AVAHI_PROTO_UNSPEC, 0u,
                             self->service_name, PJ_DISCOVERY_SERVICE_TYPE, "",
                             pj_discovery_txt_build (&self->txt)),
              NULL, ignore_reply_cb);
}

static void
group_state_changed (GDBusConnection *connection,
                     const char      *sender_name,
                     const char      *object_path,
                     const char      *interface_name,
                     const char      *signal_name,
                     GVariant        *parameters,
                     gpointer         user_data)
{
  PjPublisher *self = PJ_PUBLISHER (user_data);
  int state = 0;
  const char *message = NULL;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;

  g_variant_get (parameters, "(i&s)", &state, &message);
  g_debug ("publisher “%s”: entry group state %d %s", self->service_name, state, message);

  switch (state)
    {
    case PJ_AVAHI_ENTRY_GROUP_ESTABLISHED:
      g_clear_error (&self->error);
      set_flag (self, &self->published, TRUE, PROP_PUBLISHED);
      break;

    case PJ_AVAHI_ENTRY_GROUP_COLLISION:
      self->service_added = FALSE;
      handle_collision (self);
      break;

    case PJ_AVAHI_ENTRY_GROUP_FAILURE:
      fail (self, pj_discovery_error_from_avahi (message));
      break;

    default:
      break;
    }
}

static void
entry_group_new_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  PjPublisher *self;
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    {
      g_error_free (error);
      return;
    }

  self = PJ_PUBLISHER (user_data);
  self->creating_group = FALSE;
  if (reply == NULL)
    {
      fail_dbus (self, error);
      return;
    }

  g_variant_get (reply, "(o)", &self->group_path);
  /* Subscribed before anything is committed, so no state change is missed. */
  self->group_state_id =
    g_dbus_connection_signal_subscribe (self->connection, PJ_AVAHI_NAME,
                                        PJ_AVAHI_ENTRY_GROUP_IFACE, "StateChanged",
                                        self->group_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        group_state_changed, self, NULL);

  if (self->server_state == PJ_AVAHI_SERVER_RUNNING)
    add_service (self);
}

/* Avahi's rule: publish while the server is RUNNING; when it goes back to
 * REGISTERING or COLLISION (its host name changed) reset the group and add
 * the service again once it runs. */
static void
handle_server_state (PjPublisher *self,
                     int          state)
{
  self->server_state = state;

  switch (state)
    {
    case PJ_AVAHI_SERVER_RUNNING:
      if (self->group_path == NULL && !self->creating_group)
        {
          self->creating_group = TRUE;
          avahi_call (self, PJ_AVAHI_SERVER_PATH, PJ_AVAHI_SERVER_IFACE, "EntryGroupNew",
                      NULL, G_VARIANT_TYPE ("(o)"), entry_group_new_cb);
        }
      else if (self->group_path != NULL && !self->service_added)
        add_service (self);
      break;

    case PJ_AVAHI_SERVER_REGISTERING:
    case PJ_AVAHI_SERVER_COLLISION:
      if (self->group_path != NULL && self->service_added)
        {
          avahi_call (self, self->group_path, PJ_AVAHI_ENTRY_GROUP_IFACE, "Reset",
                      NULL, NULL, ignore_reply_cb);
          self->service_added = FALSE;
        }
      set_flag (self, &self->published, FALSE, PROP_PUBLISHED);
      break;

    case PJ_AVAHI_SERVER_FAILURE:
      fail (self, pj_discovery_error_from_avahi ("server failure"));
      break;

    default:
      break;
    }
}

static void
server_state_changed (GDBusConnection *connection,
                      const char      *sender_name,
                      const char      *object_path,
                      const char      *interface_name,
                      const char      *signal_name,
                      GVariant        *parameters,
                      gpointer         user_data)
{
  int state = 0;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;

  g_variant_get (parameters, "(i&s)", &state, NULL);
  handle_server_state (PJ_PUBLISHER (user_data), state);
}

static void
get_state_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GVariant) reply = NULL;
  GError *error = NULL;
  int state = 0;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && cancelled (error))
    {
      g_error_free (error);
      return;
    }
  if (reply == NULL)
    {
      fail_dbus (PJ_PUBLISHER (user_data), error);
      return;
    }

  g_variant_get (reply, "(i)", &state);
  handle_server_state (PJ_PUBLISHER (user_data), state);
}

/* Forget the session: Avahi frees a client's objects when it goes away, and
 * a new daemon knows nothing of the old one's paths. */
static void
end_session (PjPublisher *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  if (self->connection != NULL)
    {
      if (self->server_state_id != 0)
        g_dbus_connection_signal_unsubscribe (self->connection, self->server_state_id);
      if (self->group_state_id != 0)
        g_dbus_connection_signal_unsubscribe (self->connection, self->group_state_id);
    }
  self->server_state_id = 0;
  self->group_state_id = 0;
  g_clear_object (&self->connection);
  g_clear_pointer (&self->group_path, g_free);
  self->server_state = PJ_AVAHI_SERVER_INVALID;
  self->creating_group = FALSE;
  self->service_added = FALSE;
  self->collisions = 0;
}

static void
set_host_name (PjPublisher *self,
               const char  *host_name)
{
  if (g_strcmp0 (self->host_name, host_name) == 0)
    return;
  g_free (self->host_name);
  self->host_name = g_strdup (host_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOST_NAME]);
}

static void
host_name_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) error = NULL;
  const char *name = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  /* only a nicety for the lobby: without it, the addresses are shown */
  if (reply == NULL)
    {
      if (!cancelled (error))
        g_debug ("publisher: no host name from Avahi: %s", error->message);
      return;
    }
  g_variant_get (reply, "(&s)", &name);
  set_host_name (PJ_PUBLISHER (user_data), name[0] != '\0' ? name : NULL);
}

static void
avahi_appeared (GDBusConnection *connection,
                const char      *name,
                const char      *name_owner,
                gpointer         user_data)
{
  PjPublisher *self = PJ_PUBLISHER (user_data);

  g_debug ("publisher: Avahi appeared as %s", name_owner);
  end_session (self);

  self->connection = g_object_ref (connection);
  self->cancellable = g_cancellable_new ();
  g_clear_error (&self->error);

  self->server_state_id =
    g_dbus_connection_signal_subscribe (connection, PJ_AVAHI_NAME,
                                        PJ_AVAHI_SERVER_IFACE, "StateChanged",
                                        PJ_AVAHI_SERVER_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        server_state_changed, self, NULL);
  avahi_call (self, PJ_AVAHI_SERVER_PATH, PJ_AVAHI_SERVER_IFACE, "GetState",
              NULL, G_VARIANT_TYPE ("(i)"), get_state_cb);
  avahi_call (self, PJ_AVAHI_SERVER_PATH, PJ_AVAHI_SERVER_IFACE, "GetHostNameFqdn",
              NULL, G_VARIANT_TYPE ("(s)"), host_name_cb);

  set_flag (self, &self->available, TRUE, PROP_AVAILABLE);
}

static void
avahi_vanished (GDBusConnection *connection,
                const char      *name,
                gpointer         user_data)
{
  PjPublisher *self = PJ_PUBLISHER (user_data);

  g_object_freeze_notify (G_OBJECT (self));
  end_session (self);
  set_host_name (self, NULL);
  fail (self, pj_discovery_error_unavailable (connection != NULL));
  set_flag (self, &self->available, FALSE, PROP_AVAILABLE);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
pj_publisher_constructed (GObject *object)
{
  PjPublisher *self = PJ_PUBLISHER (object);

  G_OBJECT_CLASS (pj_publisher_parent_class)->constructed (object);

  if (self->table_name == NULL || self->table_name[0] == '\0')
    {
      g_free (self->table_name);
      self->table_name = g_strdup ("Pegs and Jokers");
    }
  self->service_name = pj_discovery_truncate_utf8 (self->table_name,
                                                   PJ_DISCOVERY_MAX_SERVICE_NAME);
  self->txt.table_name = g_strdup (self->table_name);

  /* No auto-start: Avahi is socket- or systemd-activated where it should
   * be, and starting it is not ours to do. */
  self->watch_id = g_bus_watch_name (G_BUS_TYPE_SYSTEM, PJ_AVAHI_NAME,
                                     G_BUS_NAME_WATCHER_FLAGS_NONE,
                                     avahi_appeared, avahi_vanished, self, NULL);
}

static void
pj_publisher_dispose (GObject *object)
{
  PjPublisher *self = PJ_PUBLISHER (object);

  if (self->watch_id != 0)
    {
      g_bus_unwatch_name (self->watch_id);
      self->watch_id = 0;
    }

  /* Withdraw: freeing the group unpublishes it (with goodbye packets). No
   * callback, so the call goes out with NO_REPLY_EXPECTED and nothing waits. */
  if (self->connection != NULL && self->group_path != NULL)
    g_dbus_connection_call (self->connection, PJ_AVAHI_NAME, self->group_path,
                            PJ_AVAHI_ENTRY_GROUP_IFACE, "Free", NULL, NULL,
                            G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
  end_session (self);

  G_OBJECT_CLASS (pj_publisher_parent_class)->dispose (object);
}

static void
pj_publisher_finalize (GObject *object)
{
  PjPublisher *self = PJ_PUBLISHER (object);

  g_clear_pointer (&self->table_name, g_free);
  g_clear_pointer (&self->service_name, g_free);
  g_clear_pointer (&self->host_name, g_free);
  pj_txt_fields_clear (&self->txt);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (pj_publisher_parent_class)->finalize (object);
}

static void
pj_publisher_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PjPublisher *self = PJ_PUBLISHER (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:
      g_value_set_string (value, self->table_name);
      break;

    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_uint (value, self->txt.protocol_version);
      break;

    case PROP_VARIANT:
      g_value_set_string (value, pj_publisher_get_variant (self));
      break;

    case PROP_SEATS_TAKEN:
      g_value_set_uint (value, self->txt.seats_taken);
      break;

    case PROP_SEATS_TOTAL:
      g_value_set_uint (value, self->txt.seats_total);
      break;

    case PROP_PASSWORD_REQUIRED:
      g_value_set_boolean (value, self->txt.password_required);
      break;

    case PROP_SERVICE_NAME:
      g_value_set_string (value, self->service_name);
      break;

    case PROP_AVAILABLE:
      g_value_set_boolean (value, self->available);
      break;

    case PROP_PUBLISHED:
      g_value_set_boolean (value, self->published);
      break;

    case PROP_HOST_NAME:
      g_value_set_string (value, self->host_name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_publisher_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PjPublisher *self = PJ_PUBLISHER (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:
      self->table_name = g_value_dup_string (value);
      break;

    case PROP_PORT:
      self->port = (guint16) g_value_get_uint (value);
      break;

    case PROP_PROTOCOL_VERSION:
      self->txt.protocol_version = g_value_get_uint (value);
      break;

    case PROP_VARIANT:
      pj_publisher_set_variant (self, g_value_get_string (value));
      break;

    case PROP_SEATS_TAKEN:
      pj_publisher_set_seats (self, g_value_get_uint (value), self->txt.seats_total);
      break;

    case PROP_SEATS_TOTAL:
      pj_publisher_set_seats (self, self->txt.seats_taken, g_value_get_uint (value));
      break;

    case PROP_PASSWORD_REQUIRED:
      pj_publisher_set_password_required (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_publisher_class_init (PjPublisherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags co = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = pj_publisher_constructed;
  object_class->dispose = pj_publisher_dispose;
  object_class->finalize = pj_publisher_finalize;
  object_class->get_property = pj_publisher_get_property;
  object_class->set_property = pj_publisher_set_property;

  /* The name players see (TXT "name", any length); the service name is
   * this cut to a DNS label, then made unique by Avahi. */
  properties[PROP_TABLE_NAME] =
    g_param_spec_string ("table-name", NULL, NULL, NULL, co);
  properties[PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 1, G_MAXUINT16, 1, co);
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_uint ("protocol-version", NULL, NULL, 1, G_MAXINT32, 1, co);
  /* The rule preset's name (TXT "variant"). */
  properties[PROP_VARIANT] =
    g_param_spec_string ("variant", NULL, NULL, "", rw);
  properties[PROP_SEATS_TAKEN] =
    g_param_spec_uint ("seats-taken", NULL, NULL, 0, PJ_DISCOVERY_MAX_SEATS, 0, rw);
  properties[PROP_SEATS_TOTAL] =
    g_param_spec_uint ("seats-total", NULL, NULL, 1, PJ_DISCOVERY_MAX_SEATS, 4, rw);
  properties[PROP_PASSWORD_REQUIRED] =
    g_param_spec_boolean ("password-required", NULL, NULL, FALSE, rw);
  properties[PROP_SERVICE_NAME] =
    g_param_spec_string ("service-name", NULL, NULL, NULL, ro);
  /* Avahi is on the system bus. */
  properties[PROP_AVAILABLE] =
    g_param_spec_boolean ("available", NULL, NULL, FALSE, ro);
  /* The table is announced (the entry group is ESTABLISHED). */
  properties[PROP_PUBLISHED] =
    g_param_spec_boolean ("published", NULL, NULL, FALSE, ro);
  /* the name Avahi answers for on the network ("kitchen.local"), NULL
   * while it is not running */
  properties[PROP_HOST_NAME] =
    g_param_spec_string ("host-name", NULL, NULL, NULL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pj_publisher_init (PjPublisher *self)
{
  self->txt.protocol_version = 1;
  self->txt.seats_total = 4;
}

/**
 * pj_publisher_new:
 * @table_name: what players see; any length (the DNS-SD name is cut to 63 bytes)
 * @port: the TCP port the host listens on
 * @protocol_version: the LAN protocol's version (TXT "v")
 *
 * Starts announcing at once, and keeps at it while the object lives.
 */
PjPublisher *
pj_publisher_new (const char *table_name,
                  guint16     port,
                  guint       protocol_version)
{
  g_return_val_if_fail (table_name != NULL, NULL);
  g_return_val_if_fail (port > 0, NULL);
  g_return_val_if_fail (protocol_version > 0, NULL);

  return g_object_new (PJ_TYPE_PUBLISHER,
                       "table-name", table_name,
                       "port", (guint) port,
                       "protocol-version", protocol_version,
                       NULL);
}

const char *
pj_publisher_get_table_name (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), NULL);

  return self->table_name;
}

guint16
pj_publisher_get_port (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), 0);

  return self->port;
}

guint
pj_publisher_get_protocol_version (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), 0);

  return self->txt.protocol_version;
}

const char *
pj_publisher_get_variant (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), NULL);

  return self->txt.variant != NULL ? self->txt.variant : "";
}

void
pj_publisher_set_variant (PjPublisher *self,
                          const char  *variant)
{
  g_return_if_fail (PJ_IS_PUBLISHER (self));

  if (variant == NULL)
    variant = "";
  if (g_strcmp0 (pj_publisher_get_variant (self), variant) == 0)
    return;

  g_free (self->txt.variant);
  self->txt.variant = g_strdup (variant);
  update_txt (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

guint
pj_publisher_get_seats_taken (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), 0);

  return self->txt.seats_taken;
}

guint
pj_publisher_get_seats_total (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), 0);

  return self->txt.seats_total;
}

/**
 * pj_publisher_set_seats:
 *
 * Both numbers at once, so the record changes once (UpdateServiceTxt) and
 * never says more seats are taken than there are.
 */
void
pj_publisher_set_seats (PjPublisher *self,
                        guint        taken,
                        guint        total)
{
  gboolean taken_changed, total_changed;

  g_return_if_fail (PJ_IS_PUBLISHER (self));
  g_return_if_fail (total >= 1 && total <= PJ_DISCOVERY_MAX_SEATS);
  g_return_if_fail (taken <= total);

  taken_changed = self->txt.seats_taken != taken;
  total_changed = self->txt.seats_total != total;
  if (!taken_changed && !total_changed)
    return;

  self->txt.seats_taken = taken;
  self->txt.seats_total = total;
  update_txt (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (taken_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEATS_TAKEN]);
  if (total_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEATS_TOTAL]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pj_publisher_get_password_required (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), FALSE);

  return self->txt.password_required;
}

void
pj_publisher_set_password_required (PjPublisher *self,
                                    gboolean     password_required)
{
  g_return_if_fail (PJ_IS_PUBLISHER (self));

  password_required = !!password_required;
  if (self->txt.password_required == password_required)
    return;

  self->txt.password_required = password_required;
  update_txt (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PASSWORD_REQUIRED]);
}

/* The DNS-SD name actually registered ("Table #2" after a collision). */
const char *
pj_publisher_get_service_name (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), NULL);

  return self->service_name;
}

gboolean
pj_publisher_get_available (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), FALSE);

  return self->available;
}

const char *
pj_publisher_get_host_name (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), NULL);
  return self->host_name;
}

gboolean
pj_publisher_get_published (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), FALSE);

  return self->published;
}

/**
 * pj_publisher_get_error:
 *
 * Returns: (nullable): why the table is not announced (a PJ_DISCOVERY_ERROR,
 *   message translated), or %NULL
 */
const GError *
pj_publisher_get_error (PjPublisher *self)
{
  g_return_val_if_fail (PJ_IS_PUBLISHER (self), NULL);

  return self->error;
}
