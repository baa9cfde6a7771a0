/* pj-table.c — a LAN table as the app sees it: hosted here or joined
 *
 * The table only wires things together: the client's updates go into the
 * mirror game, the mirror's chosen actions go out through the client, and
 * the host (when it is ours) is announced with the seats it has free.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-file.h"
#include "pj-net-tls.h"
#include "pj-rejoin.h"
#include "pj-source.h"
#include "pj-table.h"

struct _PjTable
{
  GObject       parent_instance;

  char         *player_name;
  PjClient     *client;
  PjHost       *host;
  PjPublisher  *publisher;
  PjGame       *game;

  char         *address;
  guint16       port;
  gboolean      leaving;
  char         *save_path;     /* hosted here: where the game is autosaved */
  char         *rejoin_dir;    /* joined: where our seat's token is kept */
  char         *password;      /* joined: kept with the token, to rejoin */

  /* reconnecting after a drop: a bounded backoff */
  gboolean      reconnecting;
  guint         reconnect_source;   /* of `context` */
  guint         attempt;
  guint         first_delay_ms;
  guint         max_delay_ms;
  guint         max_attempts;
  GCancellable *cancellable;
  GMainContext *context;       /* the thread-default one where it was made */

  /* a person who dropped and whose turns a computer on the host plays */
};

G_DEFINE_FINAL_TYPE (PjTable, pj_table, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CONNECTED,
  PROP_RECONNECTING,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  GAME_STARTED,
  ERROR,
  CHAT,
  VERIFIED,
  LOBBY_CHANGED,
  SEAT_COVERED,
  SEAT_DROPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_reconnect (PjTable *self);

static char *
seat_path (const char *save_path)
{
  return g_strconcat (save_path, ".seat", NULL);
}

/* Beside the host's save: this player's token and the port, so that a
 * reopened table takes them back (the host's token file says whose seat
 * is whose, not which one is ours). Best effort: a table that cannot be
 * reopened later still plays now. */
static void
save_seat (PjTable *self)
{
  g_autoptr (GKeyFile) keyfile = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  const char *token;
  gsize len;

  if (self->save_path == NULL || self->host == NULL)
    return;
  path = seat_path (self->save_path);
  /* a host who stood up has a token no seat holds: reopened with it, its
   * own client would be refused ("No seat at this table has that token") */
  token = pj_client_get_token (self->client);
  if (token == NULL || pj_client_get_seat (self->client) < 0)
    {
      g_unlink (path);
      return;
    }

  keyfile = g_key_file_new ();
  g_key_file_set_string (keyfile, "table", "token", token);
  g_key_file_set_integer (keyfile, "table", "port", pj_host_get_port (self->host));
  data = g_key_file_to_data (keyfile, &len, NULL);
  if (!pj_file_write_atomic (path, data, len, 0600, PJ_FILE_WRITE_NONE, &error))
    g_message ("The table’s seat could not be saved (a restart will not take it back): %s", error->message);
}

/* Joined elsewhere and seated in a game: keep the token on disk, so that
 * an app killed now takes the seat back when it starts again. */
static void
save_rejoin (PjTable *self)
{
  g_autoptr (PjRejoin) rejoin = NULL;
  g_autoptr (GError) error = NULL;
  const char *token = pj_client_get_token (self->client);
  const char *table_name = pj_client_get_table_name (self->client);

  if (self->rejoin_dir == NULL || self->host != NULL || token == NULL || table_name == NULL ||
      pj_client_get_seat (self->client) < 0)
    return;
  rejoin = pj_rejoin_new (table_name, self->address, self->port, token);
  rejoin->seat = pj_client_get_seat (self->client);
  rejoin->password = g_strdup (self->password);
  rejoin->player_name = g_strdup (self->player_name);
  if (!pj_rejoin_save (self->rejoin_dir, rejoin, &error))
    g_message ("The seat at the table could not be kept for a restart: %s", error->message);
}

/* The game ended, we left on purpose, or the host will not have us back:
 * nothing to rejoin. */
static void
forget_rejoin (PjTable *self)
{
  const char *table_name = pj_client_get_table_name (self->client);

  if (self->rejoin_dir != NULL && self->host == NULL && table_name != NULL)
    pj_rejoin_remove (self->rejoin_dir, self->address, self->port, table_name);
}

/* ---- the client's signals --------------------------------------------------- */

static void
update_publisher (PjTable *self)
{
  if (self->publisher == NULL || self->host == NULL)
    return;
  pj_publisher_set_seats (self->publisher, pj_host_get_n_seats_taken (self->host),
                          pj_host_get_n_seats (self->host));
  pj_publisher_set_variant (self->publisher, pj_host_get_variant (self->host));
}

static void
lobby_changed_cb (PjTable  *self,
                  PjClient *client)
{
  update_publisher (self);
  g_signal_emit (self, signals[LOBBY_CHANGED], 0);
}

/* The client's mirror is the table's game: a new object only for a new
 * game (a rejoin goes on with the same one). */
static void
game_started_cb (PjTable  *self,
                 PjClient *client)
{
  PjGame *game = pj_client_get_game (client);

  if (game == NULL || game == self->game)
    return;
  g_set_object (&self->game, game);
  save_seat (self);
  save_rejoin (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_signal_emit (self, signals[GAME_STARTED], 0, self->game);
}

static void
seat_covered_cb (PjTable  *self,
                 guint     seat,
                 gboolean  covered,
                 PjClient *client)
{
  g_signal_emit (self, signals[SEAT_COVERED], 0, seat, covered);
}

static void
seat_dropped_cb (PjTable  *self,
                 guint     seat,
                 guint     cover_ms,
                 PjClient *client)
{
  g_signal_emit (self, signals[SEAT_DROPPED], 0, seat, cover_ms);
}

static void
game_over_cb (PjTable  *self,
              guint     winner,
              PjClient *client)
{
  forget_rejoin (self);
}

static void
client_error_cb (PjTable      *self,
                 const GError *error,
                 PjClient     *client)
{
  g_signal_emit (self, signals[ERROR], 0, error);
}

static void
chat_cb (PjTable    *self,
         const char *from,
         int         seat,
         const char *text,
         gboolean    team,
         PjClient   *client)
{
  /* an "earlier" line (a rejoin's backlog) stays one for the views */
  GSignalInvocationHint *hint = g_signal_get_invocation_hint (client);

  g_signal_emit (self, signals[CHAT], hint ? hint->detail : 0, from, seat, text, team);
}

static void
verified_cb (PjTable    *self,
             gboolean    ok,
             const char *detail,
             PjClient   *client)
{
  g_signal_emit (self, signals[VERIFIED], 0, ok, detail);
}

static void
set_reconnecting (PjTable  *self,
                  gboolean  reconnecting)
{
  if (self->reconnecting == reconnecting)
    return;
  self->reconnecting = reconnecting;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECTING]);
}

static void
give_up (PjTable      *self,
         const GError *cause)
{
  g_autoptr (GError) error = NULL;

  pj_source_clear (self->context, &self->reconnect_source);
  set_reconnecting (self, FALSE);
  if (cause != NULL && cause->domain == PJ_NET_ERROR)
    error = g_error_copy (cause);
  else
    error = g_error_new_literal (PJ_NET_ERROR, PJ_NET_ERROR_CLOSED,
                                 _("The connection to the table was lost"));
  /* the host will not have us back (a refused token, a kick, a ban): the
   * seat is gone for good. A closed table keeps it: its host may reopen it
   * ("Reopen Last Table"), and then "Rejoin your seat" takes it back. */
  if (g_error_matches (cause, PJ_NET_ERROR, PJ_NET_ERROR_TABLE_CLOSED))
    {
      const char *table_name = pj_client_get_table_name (self->client);

      /* offered on the join page, but no reason to open it at every start */
      if (self->rejoin_dir != NULL && self->host == NULL && table_name != NULL)
        pj_rejoin_mark_closed (self->rejoin_dir, self->address, self->port, table_name);
    }
  else if (cause != NULL && pj_net_error_is_final (cause))
    forget_rejoin (self);
  g_signal_emit (self, signals[ERROR], 0, error);
}

static void
disconnected_cb (PjTable      *self,
                 const GError *error,
                 PjClient     *client)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);

  /* a reconnect attempt in flight answers for itself */
  if (self->leaving || self->reconnecting)
    return;

  /* kicked, banned, or the table closed: coming back would be refused */
  if (error != NULL && pj_net_error_is_final (error))
    {
      give_up (self, error);
      return;
    }

  /* In a game the seat waits for our token: come back. In the lobby the
   * host has freed the seat already, so there is nothing to come back to. */
  if (self->game != NULL && !pj_game_is_over (self->game) &&
      pj_client_get_phase (client) == PJ_NET_PHASE_PLAYING)
    {
      self->attempt = 0;
      set_reconnecting (self, TRUE);
      schedule_reconnect (self);
      return;
    }

  give_up (self, NULL);
}

/* ---- reconnecting ------------------------------------------------------------ */

static void
reconnected_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (PjTable) self = user_data;
  g_autoptr (GError) error = NULL;

  if (pj_client_connect_finish (PJ_CLIENT (object), result, &error))
    {
      self->attempt = 0;
      set_reconnecting (self, FALSE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
      return;
    }

  if (self->leaving || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  /* the host will not have us back: trying again would not change that */
  if (pj_net_error_is_final (error))
    {
      give_up (self, error);
      return;
    }
  schedule_reconnect (self);
}

static gboolean
reconnect_cb (gpointer user_data)
{
  PjTable *self = user_data;

  self->reconnect_source = 0;
  pj_client_connect_async (self->client, self->address, self->port, self->cancellable,
                           reconnected_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
schedule_reconnect (PjTable *self)
{
  guint delay = self->first_delay_ms;

  if (self->attempt >= self->max_attempts)
    {
      give_up (self, NULL);
      return;
    }
  for (guint i = 0; i < self->attempt && delay < self->max_delay_ms; i++)
    delay *= 2;
  delay = MIN (delay, self->max_delay_ms);
  self->attempt++;
  pj_source_clear (self->context, &self->reconnect_source);
  self->reconnect_source = pj_source_add_timeout (self->context, delay, reconnect_cb, self);
}

/* ---- hosting and joining ------------------------------------------------------ */

static void
host_lobby_changed_cb (PjTable *self,
                       PjHost  *host)
{
  update_publisher (self);
}

static void
own_connect_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (PjTable) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!pj_client_connect_finish (PJ_CLIENT (object), result, &error))
    {
      /* a seat file from an older save, whose seat is someone else's now:
       * the host still watches and runs its table, as a spectator */
      if (g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN) &&
          pj_client_get_token (PJ_CLIENT (object)) != NULL && !self->leaving)
        {
          pj_client_set_token (PJ_CLIENT (object), NULL);
          pj_client_connect_async (self->client, self->address, self->port, self->cancellable,
                                   own_connect_cb, g_object_ref (self));
          return;
        }
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_signal_emit (self, signals[ERROR], 0, error);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

/* Listen, announce and sit our own player down: what opening a table and
 * reopening one share. */
static gboolean
start_hosting (PjTable     *self,
               PjHost      *host,
               const char  *password,
               guint16      port,
               GError     **error)
{
  const char *table_name = pj_host_get_table_name (host);
  g_autofree char *certificate_path = pj_net_tls_app_certificate_path ();
  g_autoptr (GTlsCertificate) certificate = NULL;

  /* the same identity at every table this person hosts, kept beside the
   * app's saves: guests who pinned it know it next time */
  if (!pj_net_tls_check_available (error))
    return FALSE;
  certificate = pj_net_tls_load_or_make (certificate_path, error);
  if (certificate == NULL)
    return FALSE;
  pj_host_set_certificate (host, certificate);
  /* a short pause before each computer move, so people can follow it */
  g_object_set (host, "computer-delay-ms", 700, NULL);
  if (!pj_host_listen (host, port, error))
    return FALSE;

  self->host = g_object_ref (host);
  g_signal_connect_object (self->host, "lobby-changed", G_CALLBACK (host_lobby_changed_cb), self,
                           G_CONNECT_SWAPPED);

  self->publisher = pj_publisher_new (table_name, pj_host_get_port (self->host), PJ_NET_PROTOCOL_VERSION);
  pj_publisher_set_password_required (self->publisher, password != NULL);
  update_publisher (self);

  /* our own player sits down like anyone else */
  self->address = g_strdup ("127.0.0.1");
  self->port = pj_host_get_port (self->host);
  pj_client_set_password (self->client, password);
  pj_client_connect_async (self->client, self->address, self->port, self->cancellable,
                           own_connect_cb, g_object_ref (self));
  return TRUE;
}

gboolean
pj_table_host (PjTable     *self,
               const char  *table_name,
               const char  *password,
               guint16      port,
               GError     **error)
{
  g_autoptr (PjHost) host = NULL;

  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);
  g_return_val_if_fail (table_name != NULL, FALSE);
  g_return_val_if_fail (self->host == NULL && self->address == NULL, FALSE);

  if (password != NULL && password[0] == '\0')
    password = NULL;

  host = pj_host_new (table_name, password);
  return start_hosting (self, host, password, port, error);
}

gboolean
pj_table_host_from_save (PjTable     *self,
                         const char  *save_path,
                         GError     **error)
{
  g_autoptr (PjHost) host = NULL;
  g_autoptr (GKeyFile) keyfile = g_key_file_new ();
  g_autofree char *path = NULL;
  g_autofree char *token = NULL;
  g_autofree char *password = NULL;
  g_autoptr (GError) local_error = NULL;
  gint64 port = 0;

  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);
  g_return_val_if_fail (save_path != NULL, FALSE);
  g_return_val_if_fail (self->host == NULL && self->address == NULL, FALSE);

  host = pj_host_new_from_save (save_path, error);
  if (host == NULL)
    return FALSE;

  /* without our seat file we come back as a spectator: still the host */
  path = seat_path (save_path);
  if (g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, NULL))
    {
      token = g_key_file_get_string (keyfile, "table", "token", NULL);
      port = g_key_file_get_int64 (keyfile, "table", "port", NULL);
    }
  if (token != NULL)
    pj_client_set_token (self->client, token);
  g_object_get (host, "password", &password, NULL);
  if (password != NULL && password[0] == '\0')
    g_clear_pointer (&password, g_free);

  /* the same port, so that players still trying to reconnect find it */
  if (port <= 0 || port > G_MAXUINT16 ||
      !start_hosting (self, host, password, (guint16) port, &local_error))
    {
      g_clear_pointer (&self->address, g_free);
      if (!start_hosting (self, host, password, 0, error))
        return FALSE;
    }
  pj_table_set_save_path (self, save_path);
  return TRUE;
}

void
pj_table_set_save_path (PjTable    *self,
                        const char *save_path)
{
  g_return_if_fail (PJ_IS_TABLE (self));
  g_return_if_fail (self->host != NULL);

  g_free (self->save_path);
  self->save_path = g_strdup (save_path);
  pj_host_set_save_path (self->host, save_path);
  save_seat (self);
}

gboolean
pj_table_can_rematch (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);

  return self->host != NULL && pj_host_get_phase (self->host) == PJ_NET_PHASE_OVER;
}

gboolean
pj_table_rematch (PjTable  *self,
                  GError  **error)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);

  if (self->host == NULL)
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE,
                           _("Only the host deals a new game"));
      return FALSE;
    }
  return pj_host_rematch (self->host, error);
}

static void
join_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  PjTable *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!pj_client_connect_finish (PJ_CLIENT (object), result, &error))
    {
      /* a kept seat the host no longer knows (that game is over) */
      if (g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN))
        forget_rejoin (self);
      g_task_return_error (task, error);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
  g_task_return_boolean (task, TRUE);
}

void
pj_table_join_async (PjTable             *self,
                     const char          *address,
                     guint16              port,
                     const char          *password,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (PJ_IS_TABLE (self));
  g_return_if_fail (address != NULL);
  g_return_if_fail (self->host == NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pj_table_join_async);

  g_free (self->address);
  self->address = g_strdup (address);
  self->port = port ? port : PJ_NET_DEFAULT_PORT;
  g_free (self->password);
  self->password = password != NULL && password[0] != '\0' ? g_strdup (password) : NULL;
  pj_client_set_password (self->client, self->password);
  {
    /* a guest knows each table by its certificate from the first join on */
    g_autofree char *pins = pj_net_tls_default_pin_path ();
    pj_client_set_pin_path (self->client, pins);
  }
  pj_client_connect_async (self->client, self->address, self->port, cancellable, join_done_cb, task);
}

void
pj_table_rejoin_async (PjTable             *self,
                       const PjRejoin      *rejoin,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (PJ_IS_TABLE (self));
  g_return_if_fail (rejoin != NULL && rejoin->token != NULL);

  pj_client_set_token (self->client, rejoin->token);
  pj_table_join_async (self, rejoin->address, rejoin->port, rejoin->password,
                       cancellable, callback, user_data);
}

void
pj_table_set_rejoin_dir (PjTable    *self,
                         const char *dir)
{
  g_return_if_fail (PJ_IS_TABLE (self));

  g_free (self->rejoin_dir);
  self->rejoin_dir = g_strdup (dir);
  if (self->game != NULL && !pj_game_is_over (self->game))
    save_rejoin (self);
}

gboolean
pj_table_join_finish (PjTable       *self,
                      GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Hang up, without forgetting the seat kept on disk. */
static void
shut_down (PjTable *self)
{
  self->leaving = TRUE;
  g_cancellable_cancel (self->cancellable);
  pj_source_clear (self->context, &self->reconnect_source);
  set_reconnecting (self, FALSE);
  if (self->game != NULL)
    pj_game_stop (self->game);
  pj_client_disconnect (self->client);
  g_clear_object (&self->publisher);
  if (self->host != NULL)
    pj_host_stop (self->host);
}

void
pj_table_close (PjTable *self)
{
  g_return_if_fail (PJ_IS_TABLE (self));

  shut_down (self);
}

void
pj_table_leave (PjTable *self)
{
  g_return_if_fail (PJ_IS_TABLE (self));

  /* on purpose: "Rejoin your seat" would only bring back what was left */
  forget_rejoin (self);
  shut_down (self);
}

/* ---- in people's words ----------------------------------------------------------- */

/* The host's message is English (PROTOCOL.md): a guest reads the code in
 * its own language instead, and a GIO error as what it means at a table. */
const char *
pj_table_error_text (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain == PJ_NET_ERROR)
    switch (error->code)
      {
      case PJ_NET_ERROR_BAD_PASSWORD:
        return _("Wrong password for this table");
      case PJ_NET_ERROR_TABLE_FULL:
        return _("This table is full: nobody else can join now");
      case PJ_NET_ERROR_VERSION:
        /* said by this app already ("This table needs a newer version …") */
        return error->message;
      case PJ_NET_ERROR_KICKED:
        return _("The host removed you from the table");
      case PJ_NET_ERROR_BANNED:
        return _("The host removed you from the table and will not let you back in");
      case PJ_NET_ERROR_TABLE_CLOSED:
        return _("The host closed the table");
      case PJ_NET_ERROR_TIMEOUT:
        return _("The connection to the table timed out");
      case PJ_NET_ERROR_FLOOD:
        return _("The table hung up: this app sent it too much at once");
      case PJ_NET_ERROR_SLOW_DOWN:
        return _("Slow down: too many messages at once");
      case PJ_NET_ERROR_BAD_TOKEN:
        return _("The table no longer keeps your seat");
      case PJ_NET_ERROR_TOO_MANY_ERRORS:
        return _("The table hung up: this app sent it too many bad messages");
      case PJ_NET_ERROR_CLOSED:
        return _("The connection to the table was lost");
      default:
        return error->message;
      }
  if (error->domain == G_IO_ERROR)
    switch (error->code)
      {
      case G_IO_ERROR_CONNECTION_REFUSED:
        return _("No table answers at that address");
      case G_IO_ERROR_HOST_NOT_FOUND:
        return _("No computer by that name was found on the network");
      case G_IO_ERROR_HOST_UNREACHABLE:
      case G_IO_ERROR_NETWORK_UNREACHABLE:
        return _("That address cannot be reached from this network");
      case G_IO_ERROR_TIMED_OUT:
        return _("The table did not answer in time");
      default:
        break;
      }
  if (error->domain == G_RESOLVER_ERROR)
    return _("No computer by that name was found on the network");
  return error->message;
}

/* ---- getters ------------------------------------------------------------------ */

PjClient *
pj_table_get_client (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), NULL);
  return self->client;
}

PjHost *
pj_table_get_host (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), NULL);
  return self->host;
}

PjPublisher *
pj_table_get_publisher (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), NULL);
  return self->publisher;
}

PjGame *
pj_table_get_game (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), NULL);
  return self->game;
}

const char *
pj_table_get_address (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), NULL);
  return self->address;
}

guint16
pj_table_get_port (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), 0);
  return self->port;
}

gboolean
pj_table_get_connected (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);
  return pj_client_is_connected (self->client);
}

gboolean
pj_table_get_reconnecting (PjTable *self)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);
  return self->reconnecting;
}

gboolean
pj_table_get_seat_covered (PjTable *self,
                           guint    seat)
{
  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);
  return pj_client_get_seat_covered (self->client, seat);
}

gboolean
pj_table_can_start (PjTable *self)
{
  guint n;

  g_return_val_if_fail (PJ_IS_TABLE (self), FALSE);

  n = pj_client_get_n_seats (self->client);
  if (n == 0 || pj_client_get_phase (self->client) != PJ_NET_PHASE_LOBBY)
    return FALSE;
  for (guint seat = 0; seat < n; seat++)
    {
      PjNetSeatInfo info;

      pj_client_get_seat_info (self->client, seat, &info);
      if (info.kind == PJ_NET_SEAT_OPEN ||
          (info.kind == PJ_NET_SEAT_HUMAN && (!info.ready || !info.connected)))
        return FALSE;
    }
  return TRUE;
}

void
pj_table_set_reconnect_policy (PjTable *self,
                               guint    first_delay_ms,
                               guint    max_delay_ms,
                               guint    max_attempts)
{
  g_return_if_fail (PJ_IS_TABLE (self));

  self->first_delay_ms = MAX (first_delay_ms, 1);
  self->max_delay_ms = MAX (max_delay_ms, self->first_delay_ms);
  self->max_attempts = max_attempts;
}

/* ---- GObject -------------------------------------------------------------------- */

static void
pj_table_dispose (GObject *object)
{
  PjTable *self = (PjTable *) object;

  if (self->client != NULL)
    {
      shut_down (self);
      g_signal_handlers_disconnect_by_data (self->client, self);
    }
  g_clear_object (&self->publisher);
  g_clear_object (&self->host);
  g_clear_object (&self->game);
  g_clear_object (&self->client);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (pj_table_parent_class)->dispose (object);
}

static void
pj_table_finalize (GObject *object)
{
  PjTable *self = (PjTable *) object;

  g_free (self->player_name);
  g_free (self->address);
  g_free (self->save_path);
  g_free (self->rejoin_dir);
  g_free (self->password);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (pj_table_parent_class)->finalize (object);
}

static void
pj_table_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  PjTable *self = PJ_TABLE (object);

  switch (prop_id)
    {
    case PROP_CONNECTED:
      g_value_set_boolean (value, pj_table_get_connected (self));
      break;

    case PROP_RECONNECTING:
      g_value_set_boolean (value, self->reconnecting);
      break;

    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_table_class_init (PjTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_table_dispose;
  object_class->finalize = pj_table_finalize;
  object_class->get_property = pj_table_get_property;

  properties[PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECONNECTING] =
    g_param_spec_boolean ("reconnecting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, PJ_TYPE_GAME);
  signals[ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[CHAT] =
    g_signal_new ("chat", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_INT, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[VERIFIED] =
    g_signal_new ("verified", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  signals[LOBBY_CHANGED] =
    g_signal_new ("lobby-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SEAT_COVERED] =
    g_signal_new ("seat-covered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* a person's link dropped mid-game: a computer covers in cover_ms
   * unless they are back first (PjClient::seat-dropped) */
  signals[SEAT_DROPPED] =
    g_signal_new ("seat-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
pj_table_init (PjTable *self)
{
  self->cancellable = g_cancellable_new ();
  self->context = g_main_context_ref_thread_default ();
  self->first_delay_ms = 500;
  self->max_delay_ms = 8000;
  self->max_attempts = 12;   /* about a minute and a half in all */
}

PjTable *
pj_table_new (const char *player_name)
{
  PjTable *self;

  g_return_val_if_fail (player_name != NULL && player_name[0] != '\0', NULL);

  self = g_object_new (PJ_TYPE_TABLE, NULL);
  self->player_name = g_strdup (player_name);
  self->client = pj_client_new (player_name);
  g_signal_connect_swapped (self->client, "lobby-changed", G_CALLBACK (lobby_changed_cb), self);
  g_signal_connect_swapped (self->client, "game-started", G_CALLBACK (game_started_cb), self);
  g_signal_connect_swapped (self->client, "seat-covered", G_CALLBACK (seat_covered_cb), self);
  g_signal_connect_swapped (self->client, "seat-dropped", G_CALLBACK (seat_dropped_cb), self);
  g_signal_connect_swapped (self->client, "error", G_CALLBACK (client_error_cb), self);
  g_signal_connect_swapped (self->client, "chat", G_CALLBACK (chat_cb), self);
  g_signal_connect_swapped (self->client, "verified", G_CALLBACK (verified_cb), self);
  g_signal_connect_swapped (self->client, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect_swapped (self->client, "disconnected", G_CALLBACK (disconnected_cb), self);
  return self;
}
