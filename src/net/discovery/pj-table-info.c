/* pj-table-info.c — one table found on the local network
 *
 * Avahi reports a service once per (interface, protocol): a table on a host
 * with IPv4 and IPv6 on two interfaces shows up four times. The browser keeps
 * those apart (so one going away does not drop the others) and hands each
 * resolved one to the PjTableInfo of its (name, type, domain, host) as an
 * "endpoint". The UI sees one row per table, with the best endpoint as its
 * primary address; pj_table_info_dup_connectable() tries all of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-discovery-private.h"

typedef struct {
  char         *key;
  int           interface;
  GInetAddress *address;
  char         *address_string;
  guint16       port;
  gboolean      local;
  int           rank;
} Endpoint;

struct _PjTableInfo
{
  GObject      parent_instance;

  char        *service_name;
  char        *type;
  char        *domain;
  char        *host_name;

  GPtrArray   *endpoints;   /* of Endpoint, best first */
  PjTxtFields  txt;
};

G_DEFINE_FINAL_TYPE (PjTableInfo, pj_table_info, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TABLE_NAME,
  PROP_PROTOCOL_VERSION,
  PROP_VARIANT,
  PROP_SEATS_TAKEN,
  PROP_SEATS_TOTAL,
  PROP_PASSWORD_REQUIRED,
  PROP_SERVICE_NAME,
  PROP_HOST_NAME,
  PROP_ADDRESS,
  PROP_PORT,
  PROP_INTERFACE_INDEX,
  PROP_FAMILY,
  PROP_LOCAL,
  PROP_N_ADDRESSES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
endpoint_free (gpointer data)
{
  Endpoint *endpoint = data;

  g_free (endpoint->key);
  g_clear_object (&endpoint->address);
  g_free (endpoint->address_string);
  g_free (endpoint);
}

/* The primary address preference, lowest first:
 *   0  IPv4 — on home networks it is what routes and what firewalls expect;
 *   1  IPv6 with a global or unique-local scope;
 *   2  IPv6 link-local — works, but only with the interface as scope id;
 *   3  loopback — Avahi adds it for tables on this very machine, where the
 *      LAN address works as well and means something to the other players.
 * Ties go to the lower interface index, then the address text, so the choice
 * does not depend on the order Avahi reported things in. */
static int
address_rank (GInetAddress *address)
{
  if (g_inet_address_get_is_loopback (address))
    return 3;
  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV4)
    return 0;
  if (g_inet_address_get_is_link_local (address))
    return 2;
  return 1;
}

static int
endpoint_compare (gconstpointer a,
                  gconstpointer b)
{
  const Endpoint *x = *(const Endpoint * const *) a;
  const Endpoint *y = *(const Endpoint * const *) b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (x->interface != y->interface)
    return x->interface < y->interface ? -1 : 1;
  return g_strcmp0 (x->address_string, y->address_string);
}

static Endpoint *
primary (PjTableInfo *self)
{
  return self->endpoints->len > 0 ? g_ptr_array_index (self->endpoints, 0) : NULL;
}

static GSocketAddress *
endpoint_socket_address (const Endpoint *endpoint)
{
  /* A link-local IPv6 address means nothing without its interface. */
  guint scope = 0;

  if (g_inet_address_get_family (endpoint->address) == G_SOCKET_FAMILY_IPV6 &&
      g_inet_address_get_is_link_local (endpoint->address) &&
      endpoint->interface > 0)
    scope = (guint) endpoint->interface;

  return g_object_new (G_TYPE_INET_SOCKET_ADDRESS,
                       "address", endpoint->address,
                       "port", (guint) endpoint->port,
                       "scope-id", scope,
                       NULL);
}

/* A connectable over a snapshot of the endpoints, best first, so a client
 * falls back to IPv6 (or another interface) when the primary does not answer. */
#define PJ_TYPE_ENDPOINT_LIST (pj_endpoint_list_get_type ())
G_DECLARE_FINAL_TYPE (PjEndpointList, pj_endpoint_list, PJ, ENDPOINT_LIST, GObject)

struct _PjEndpointList
{
  GObject    parent_instance;
  GPtrArray *addresses;   /* of GSocketAddress */
  char      *description;
};

#define PJ_TYPE_ENDPOINT_ENUMERATOR (pj_endpoint_enumerator_get_type ())
G_DECLARE_FINAL_TYPE (PjEndpointEnumerator, pj_endpoint_enumerator, PJ, ENDPOINT_ENUMERATOR,
                      GSocketAddressEnumerator)

struct _PjEndpointEnumerator
{
  GSocketAddressEnumerator  parent_instance;
  GPtrArray                *addresses;
  guint                     position;
};

G_DEFINE_FINAL_TYPE (PjEndpointEnumerator, pj_endpoint_enumerator, G_TYPE_SOCKET_ADDRESS_ENUMERATOR)

/* Never blocks, so the default next_async (which calls this) is fine too. */
static GSocketAddress *
pj_endpoint_enumerator_next (GSocketAddressEnumerator  *enumerator,
                             GCancellable              *cancellable,
                             GError                   **error)
{
  PjEndpointEnumerator *self = PJ_ENDPOINT_ENUMERATOR (enumerator);

  if (self->position >= self->addresses->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->addresses, self->position++));
}

static void
pj_endpoint_enumerator_finalize (GObject *object)
{
  PjEndpointEnumerator *self = PJ_ENDPOINT_ENUMERATOR (object);

  g_clear_pointer (&self->addresses, g_ptr_array_unref);

  G_OBJECT_CLASS (pj_endpoint_enumerator_parent_class)->finalize (object);
}

static void
pj_endpoint_enumerator_class_init (PjEndpointEnumeratorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pj_endpoint_enumerator_finalize;
  G_SOCKET_ADDRESS_ENUMERATOR_CLASS (klass)->next = pj_endpoint_enumerator_next;
}

static void
pj_endpoint_enumerator_init (PjEndpointEnumerator *self)
{
}

static void pj_endpoint_list_connectable_init (GSocketConnectableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PjEndpointList, pj_endpoint_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_SOCKET_CONNECTABLE,
                                                      pj_endpoint_list_connectable_init))

static GSocketAddressEnumerator *
pj_endpoint_list_enumerate (GSocketConnectable *connectable)
{
  PjEndpointList *self = PJ_ENDPOINT_LIST (connectable);
  PjEndpointEnumerator *enumerator = g_object_new (PJ_TYPE_ENDPOINT_ENUMERATOR, NULL);

  enumerator->addresses = g_ptr_array_ref (self->addresses);
  return G_SOCKET_ADDRESS_ENUMERATOR (enumerator);
}

static char *
pj_endpoint_list_to_string (GSocketConnectable *connectable)
{
  return g_strdup (PJ_ENDPOINT_LIST (connectable)->description);
}

static void
pj_endpoint_list_connectable_init (GSocketConnectableIface *iface)
{
  iface->enumerate = pj_endpoint_list_enumerate;
  iface->to_string = pj_endpoint_list_to_string;
}

static void
pj_endpoint_list_finalize (GObject *object)
{
  PjEndpointList *self = PJ_ENDPOINT_LIST (object);

  g_clear_pointer (&self->addresses, g_ptr_array_unref);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (pj_endpoint_list_parent_class)->finalize (object);
}

static void
pj_endpoint_list_class_init (PjEndpointListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pj_endpoint_list_finalize;
}

static void
pj_endpoint_list_init (PjEndpointList *self)
{
  self->addresses = g_ptr_array_new_with_free_func (g_object_unref);
}

/* PjTableInfo */

static void
pj_table_info_finalize (GObject *object)
{
  PjTableInfo *self = PJ_TABLE_INFO (object);

  g_clear_pointer (&self->service_name, g_free);
  g_clear_pointer (&self->type, g_free);
  g_clear_pointer (&self->domain, g_free);
  g_clear_pointer (&self->host_name, g_free);
  g_clear_pointer (&self->endpoints, g_ptr_array_unref);
  pj_txt_fields_clear (&self->txt);

  G_OBJECT_CLASS (pj_table_info_parent_class)->finalize (object);
}

static void
pj_table_info_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PjTableInfo *self = PJ_TABLE_INFO (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:
      g_value_set_string (value, pj_table_info_get_table_name (self));
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_uint (value, self->txt.protocol_version);
      break;

    case PROP_VARIANT:
      g_value_set_string (value, pj_table_info_get_variant (self));
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

    case PROP_HOST_NAME:
      g_value_set_string (value, self->host_name);
      break;

    case PROP_ADDRESS:
      g_value_set_string (value, pj_table_info_get_address (self));
      break;

    case PROP_PORT:
      g_value_set_uint (value, pj_table_info_get_port (self));
      break;

    case PROP_INTERFACE_INDEX:
      g_value_set_int (value, pj_table_info_get_interface_index (self));
      break;

    case PROP_FAMILY:
      g_value_set_enum (value, pj_table_info_get_family (self));
      break;

    case PROP_LOCAL:
      g_value_set_boolean (value, pj_table_info_get_local (self));
      break;

    case PROP_N_ADDRESSES:
      g_value_set_uint (value, self->endpoints->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_table_info_class_init (PjTableInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = pj_table_info_finalize;
  object_class->get_property = pj_table_info_get_property;

  /* The table's own name (TXT "name"), or the service name if it sent none. */
  properties[PROP_TABLE_NAME] =
    g_param_spec_string ("table-name", NULL, NULL, NULL, flags);
  /* TXT "v": 0 never appears (a record without it is not listed). */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_uint ("protocol-version", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_VARIANT] =
    g_param_spec_string ("variant", NULL, NULL, "", flags);
  /* TXT "seats": 0/0 when the table did not say. */
  properties[PROP_SEATS_TAKEN] =
    g_param_spec_uint ("seats-taken", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_SEATS_TOTAL] =
    g_param_spec_uint ("seats-total", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_PASSWORD_REQUIRED] =
    g_param_spec_boolean ("password-required", NULL, NULL, FALSE, flags);
  /* The DNS-SD instance name; differs from table-name after a collision. */
  properties[PROP_SERVICE_NAME] =
    g_param_spec_string ("service-name", NULL, NULL, NULL, flags);
  properties[PROP_HOST_NAME] =
    g_param_spec_string ("host-name", NULL, NULL, NULL, flags);
  /* The primary address as text, without a scope (see interface-index). */
  properties[PROP_ADDRESS] =
    g_param_spec_string ("address", NULL, NULL, NULL, flags);
  properties[PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0, flags);
  properties[PROP_INTERFACE_INDEX] =
    g_param_spec_int ("interface-index", NULL, NULL, -1, G_MAXINT, -1, flags);
  properties[PROP_FAMILY] =
    g_param_spec_enum ("family", NULL, NULL, G_TYPE_SOCKET_FAMILY,
                       G_SOCKET_FAMILY_INVALID, flags);
  /* Published on this machine (maybe by this very process). */
  properties[PROP_LOCAL] =
    g_param_spec_boolean ("local", NULL, NULL, FALSE, flags);
  properties[PROP_N_ADDRESSES] =
    g_param_spec_uint ("n-addresses", NULL, NULL, 0, G_MAXUINT, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pj_table_info_init (PjTableInfo *self)
{
  self->endpoints = g_ptr_array_new_with_free_func (endpoint_free);
}

PjTableInfo *
pj_table_info_new (const char *service_name,
                   const char *type,
                   const char *domain,
                   const char *host_name)
{
  PjTableInfo *self = g_object_new (PJ_TYPE_TABLE_INFO, NULL);

  self->service_name = g_strdup (service_name);
  self->type = g_strdup (type);
  self->domain = g_strdup (domain);
  self->host_name = g_strdup (host_name);

  return self;
}

gboolean
pj_table_info_matches (PjTableInfo *self,
                       const char  *service_name,
                       const char  *type,
                       const char  *domain,
                       const char  *host_name)
{
  /* DNS names compare case-insensitively (RFC 6762 §16 keeps case, but a
   * host answering as "Host.local" and "host.local" is still one host). */
  return g_strcmp0 (self->service_name, service_name) == 0 &&
         g_ascii_strcasecmp (self->type, type) == 0 &&
         g_ascii_strcasecmp (self->domain, domain) == 0 &&
         g_ascii_strcasecmp (self->host_name, host_name) == 0;
}

typedef struct {
  char          *address;
  guint16        port;
  int            interface;
  GSocketFamily  family;
  gboolean       local;
} Primary;

static void
primary_save (PjTableInfo *self,
              Primary     *saved)
{
  saved->address = g_strdup (pj_table_info_get_address (self));
  saved->port = pj_table_info_get_port (self);
  saved->interface = pj_table_info_get_interface_index (self);
  saved->family = pj_table_info_get_family (self);
  saved->local = pj_table_info_get_local (self);
}

/* Notify only what changed: rows in the UI are bound to these. */
static void
primary_notify (PjTableInfo *self,
                Primary     *saved,
                guint        old_n)
{
  if (g_strcmp0 (saved->address, pj_table_info_get_address (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ADDRESS]);
  if (saved->port != pj_table_info_get_port (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORT]);
  if (saved->interface != pj_table_info_get_interface_index (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERFACE_INDEX]);
  if (saved->family != pj_table_info_get_family (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAMILY]);
  if (saved->local != pj_table_info_get_local (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOCAL]);
  if (old_n != self->endpoints->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ADDRESSES]);

  g_free (saved->address);
}

static Endpoint *
find_endpoint (PjTableInfo *self,
               const char  *key,
               guint       *index)
{
  for (guint i = 0; i < self->endpoints->len; i++)
    {
      Endpoint *endpoint = g_ptr_array_index (self->endpoints, i);

      if (g_str_equal (endpoint->key, key))
        {
          if (index != NULL)
            *index = i;
          return endpoint;
        }
    }

  return NULL;
}

/* Adds or replaces the endpoint of one Avahi entry (@key). An address Avahi
 * sends that GLib cannot parse is ignored. */
void
pj_table_info_set_endpoint (PjTableInfo *self,
                            const char  *key,
                            int          interface,
                            const char  *address,
                            guint16      port,
                            gboolean     local)
{
  g_autoptr (GInetAddress) parsed = g_inet_address_new_from_string (address);
  Endpoint *endpoint;
  Primary saved;
  guint old_n = self->endpoints->len;

  g_return_if_fail (PJ_IS_TABLE_INFO (self));

  if (parsed == NULL)
    return;

  primary_save (self, &saved);
  g_object_freeze_notify (G_OBJECT (self));

  endpoint = find_endpoint (self, key, NULL);
  if (endpoint == NULL)
    {
      endpoint = g_new0 (Endpoint, 1);
      endpoint->key = g_strdup (key);
      g_ptr_array_add (self->endpoints, endpoint);
    }

  endpoint->interface = interface;
  g_set_object (&endpoint->address, parsed);
  g_free (endpoint->address_string);
  endpoint->address_string = g_inet_address_to_string (parsed);
  endpoint->port = port;
  endpoint->local = local;
  endpoint->rank = address_rank (parsed);

  g_ptr_array_sort (self->endpoints, endpoint_compare);

  primary_notify (self, &saved, old_n);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Returns TRUE when that was the last endpoint (the table is gone). */
gboolean
pj_table_info_remove_endpoint (PjTableInfo *self,
                               const char  *key)
{
  Primary saved;
  guint old_n = self->endpoints->len;
  guint index;

  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), FALSE);

  if (find_endpoint (self, key, &index) == NULL)
    return self->endpoints->len == 0;

  primary_save (self, &saved);
  g_object_freeze_notify (G_OBJECT (self));
  g_ptr_array_remove_index (self->endpoints, index);
  primary_notify (self, &saved, old_n);
  g_object_thaw_notify (G_OBJECT (self));

  return self->endpoints->len == 0;
}

void
pj_table_info_set_txt (PjTableInfo       *self,
                       const PjTxtFields *fields)
{
  g_autofree char *old_name = g_strdup (pj_table_info_get_table_name (self));
  g_autofree char *old_variant = g_strdup (pj_table_info_get_variant (self));
  PjTxtFields old = self->txt;

  g_return_if_fail (PJ_IS_TABLE_INFO (self));

  self->txt = *fields;
  self->txt.table_name = g_strdup (fields->table_name);
  self->txt.variant = g_strdup (fields->variant);

  g_object_freeze_notify (G_OBJECT (self));
  if (g_strcmp0 (old_name, pj_table_info_get_table_name (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE_NAME]);
  if (old.protocol_version != self->txt.protocol_version)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
  if (g_strcmp0 (old_variant, pj_table_info_get_variant (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
  if (old.seats_taken != self->txt.seats_taken)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEATS_TAKEN]);
  if (old.seats_total != self->txt.seats_total)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEATS_TOTAL]);
  if (old.password_required != self->txt.password_required)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PASSWORD_REQUIRED]);
  g_object_thaw_notify (G_OBJECT (self));

  pj_txt_fields_clear (&old);
}

const char *
pj_table_info_get_table_name (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  if (self->txt.table_name != NULL && self->txt.table_name[0] != '\0')
    return self->txt.table_name;
  return self->service_name;
}

guint
pj_table_info_get_protocol_version (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), 0);

  return self->txt.protocol_version;
}

const char *
pj_table_info_get_variant (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  return self->txt.variant != NULL ? self->txt.variant : "";
}

guint
pj_table_info_get_seats_taken (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), 0);

  return self->txt.seats_taken;
}

guint
pj_table_info_get_seats_total (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), 0);

  return self->txt.seats_total;
}

gboolean
pj_table_info_get_password_required (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), FALSE);

  return self->txt.password_required;
}

const char *
pj_table_info_get_service_name (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  return self->service_name;
}

const char *
pj_table_info_get_host_name (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  return self->host_name;
}

const char *
pj_table_info_get_address (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  return primary (self) != NULL ? primary (self)->address_string : NULL;
}

guint16
pj_table_info_get_port (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), 0);

  return primary (self) != NULL ? primary (self)->port : 0;
}

/* The interface the primary address was seen on (Avahi's index, which is the
 * kernel's): the scope of a link-local IPv6 address. -1 when unknown. */
int
pj_table_info_get_interface_index (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), -1);

  return primary (self) != NULL ? primary (self)->interface : -1;
}

GSocketFamily
pj_table_info_get_family (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), G_SOCKET_FAMILY_INVALID);

  return primary (self) != NULL ? g_inet_address_get_family (primary (self)->address)
                                : G_SOCKET_FAMILY_INVALID;
}

gboolean
pj_table_info_get_local (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), FALSE);

  return primary (self) != NULL && primary (self)->local;
}

guint
pj_table_info_get_n_addresses (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), 0);

  return self->endpoints->len;
}

/**
 * pj_table_info_dup_socket_address:
 *
 * Returns: (transfer full) (nullable): the primary address and port, with the
 *   scope id set for a link-local IPv6 address; %NULL once the table is gone
 */
GSocketAddress *
pj_table_info_dup_socket_address (PjTableInfo *self)
{
  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  return primary (self) != NULL ? endpoint_socket_address (primary (self)) : NULL;
}

/**
 * pj_table_info_dup_connectable:
 *
 * For g_socket_client_connect_async(): every address the table was seen at,
 * best first (see address_rank()), as they are now.
 *
 * Returns: (transfer full): a #GSocketConnectable
 */
GSocketConnectable *
pj_table_info_dup_connectable (PjTableInfo *self)
{
  PjEndpointList *list;

  g_return_val_if_fail (PJ_IS_TABLE_INFO (self), NULL);

  list = g_object_new (PJ_TYPE_ENDPOINT_LIST, NULL);
  list->description = g_strdup_printf ("%s (%s)", self->service_name, self->host_name);
  for (guint i = 0; i < self->endpoints->len; i++)
    g_ptr_array_add (list->addresses,
                     endpoint_socket_address (g_ptr_array_index (self->endpoints, i)));

  return G_SOCKET_CONNECTABLE (list);
}
