/* pj-host.c — the authoritative table of a LAN game: the object, the lobby,
 * dealing, and the PjGame it owns (the one game driver)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-file.h"
#include "pj-host-private.h"
#include "pj-net-tls.h"

G_DEFINE_FINAL_TYPE (PjHost, pj_host, G_TYPE_OBJECT)

GParamSpec *_pj_host_properties[N_PROPS];
guint _pj_host_signals[N_SIGNALS];

/* The game's record (NULL in the lobby): what is saved and replayed. */
PjRecord *
_pj_host_record_of (PjHost *self)
{
  return self->game ? pj_game_get_record (self->game) : NULL;
}

/* Timeouts go to the host's own context (g_timeout_add would use the global
 * default one, which another thread may be running). */
GSource *
_pj_host_add_timeout (PjHost      *self,
                      guint        ms,
                      GSourceFunc  func,
                      gpointer     data)
{
  GSource *source = g_timeout_source_new (ms);

  g_source_set_callback (source, func, data, NULL);
  g_source_attach (source, self->context);
  return source;
}

void
_pj_host_clear_source (GSource **source)
{
  if (*source)
    {
      g_source_destroy (*source);
      g_source_unref (*source);
      *source = NULL;
    }
}

void
_pj_host_save_failed (PjHost *self,
                      GError *error)
{
  g_signal_emit (self, _pj_host_signals[SAVE_FAILED], 0, error);
}

/* ---- the game ------------------------------------------------------------ */

static void
finish_game (PjHost *self)
{
  g_autoptr (GPtrArray) log = _pj_host_full_log (self);

  self->phase = PJ_NET_PHASE_OVER;
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      /* one catching up gets the reveal after the game so far */
      if (c->greeted && !c->catching_up)
        _pj_host_send_reveal (self, c, log);
    }
  g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_PHASE]);
  _pj_host_broadcast_lobby (self);
  _pj_host_event (self, "over", "the game at \"%s\" is over after %u actions: team %u won",
                  self->table_name, pj_game_get_n_actions (self->game),
                  (guint) pj_game_get_state (self->game)->winner + 1);
  g_signal_emit (self, _pj_host_signals[GAME_OVER], 0, (guint) pj_game_get_state (self->game)->winner);
}

/* The game applied an action (a client's, checked by the game, or a
 * computer's): tell everyone what they may see of it. */
static void
game_action_applied_cb (PjGame         *game,
                        const PjAction *a,
                        const PjState  *before,
                        PjHost         *self)
{
  g_autofree char *text = pj_action_to_string (before, a);
  int actor = before->actor;
  gboolean computer = pj_game_seat_is_computer (game, before->actor);
  /* one line per seat (index 0: spectators), redacted and encoded once
   * however many watch from there */
  char *lines[PJ_MAX_PLAYERS + 1] = { NULL };
  gsize lengths[PJ_MAX_PLAYERS + 1] = { 0 };

  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      guint k = c->seat >= 0 && c->seat < PJ_MAX_PLAYERS ? (guint) c->seat + 1 : 0;

      /* one catching up gets the position now after the game so far */
      if (!c->greeted || c->catching_up)
        continue;
      if (lines[k] == NULL)
        lines[k] = _pj_host_update_line (self, k == 0 ? -1 : c->seat, before, a, actor, computer,
                                         &lengths[k]);
      pj_net_connection_send_raw (c->conn, lines[k], lengths[k]);
    }
  for (guint k = 0; k < G_N_ELEMENTS (lines); k++)
    g_free (lines[k]);
  g_signal_emit (self, _pj_host_signals[ACTION_APPLIED], 0,
                 pj_game_get_n_actions (game), actor, text, computer);
}

static void
game_over_cb (PjGame *game,
              int     winner,
              PjHost *self)
{
  finish_game (self);
}

static void
game_save_failed_cb (PjGame       *game,
                     const GError *error,
                     PjHost       *self)
{
  _pj_host_save_failed (self, (GError *) error);
}

static void
game_save_error_cb (PjGame     *game,
                    GParamSpec *pspec,
                    PjHost     *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_SAVE_ERROR]);
}

static void
set_game (PjHost *self,
          PjGame *game)
{
  if (self->game)
    {
      g_autoptr (GError) error = NULL;

      pj_game_stop (self->game);
      /* the last action reaches the disk before the game goes */
      if (!pj_game_flush_autosave (self->game, &error))
        _pj_host_save_failed (self, error);
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_clear_object (&self->game);
      g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_SAVE_ERROR]);
    }
  if (game == NULL)
    return;
  self->game = game;
  pj_game_set_delay (game, self->computer_delay_ms);
  g_signal_connect (game, "action-applied", G_CALLBACK (game_action_applied_cb), self);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (game, "save-failed", G_CALLBACK (game_save_failed_cb), self);
  g_signal_connect (game, "notify::save-error", G_CALLBACK (game_save_error_cb), self);
  if (self->save_path)
    pj_game_set_autosave_path (game, self->save_path);
}

/* The grace period ran out: a computer plays the absent human's turns. */
static gboolean
grace_over_cb (gpointer user_data)
{
  Seat *seat = user_data;
  PjHost *self = seat->host;

  g_clear_pointer (&seat->grace, g_source_unref);
  if (seat->client == NULL && seat->kind == PJ_NET_SEAT_HUMAN &&
      self->game && self->phase == PJ_NET_PHASE_PLAYING)
    {
      g_debug ("seat %u: a computer covers for %s", seat->index, seat->name);
      pj_game_cover_seat (self->game, seat->index, pj_controller_from_level (self->cover_level));
    }
  return G_SOURCE_REMOVE;
}

void
_pj_host_start_grace (PjHost *self,
                      Seat   *seat)
{
  _pj_host_clear_source (&seat->grace);
  seat->grace = _pj_host_add_timeout (self, self->grace_ms, grace_over_cb, seat);
  seat->grace_until = g_get_monotonic_time () + (gint64) self->grace_ms * 1000;
}

const char *
pj_host_get_table_name (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return self->table_name;
}

PjNetPhase
pj_host_get_phase (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), PJ_NET_PHASE_LOBBY);
  return self->phase;
}

static gboolean
lobby_only (PjHost  *self,
            GError **error)
{
  if (self->phase == PJ_NET_PHASE_LOBBY)
    return TRUE;
  g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE, _("The game has already started"));
  return FALSE;
}

gboolean
pj_host_set_rules (PjHost         *self,
                   const PjRules  *rules,
                   GError        **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);

  if (!lobby_only (self, error) || !pj_rules_validate (rules, error))
    return FALSE;
  for (guint i = rules->players; i < self->rules.players; i++)
    {
      Client *c = self->seats[i].client;
      if (c)
        c->seat = -1;
      _pj_host_seat_clear (&self->seats[i]);
    }
  self->rules = *rules;
  _pj_host_broadcast_lobby (self);
  return TRUE;
}

const PjRules *
pj_host_get_rules (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return &self->rules;
}

gboolean
pj_host_set_seat_computer (PjHost     *self,
                           guint       index,
                           gboolean    computer,
                           PjAiLevel   level,
                           GError    **error)
{
  Seat *seat;

  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  g_return_val_if_fail (level < PJ_AI_N_LEVELS, FALSE);
  if (!lobby_only (self, error))
    return FALSE;
  if (index >= self->rules.players)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD, _("No such seat at this table"));
      return FALSE;
    }
  seat = &self->seats[index];
  if (seat->client)
    seat->client->seat = -1;
  _pj_host_seat_clear (seat);
  if (computer)
    {
      seat->kind = PJ_NET_SEAT_COMPUTER;
      seat->level = level;
      g_free (seat->name);
      /* the colour names the computer, as in a local game */
      seat->name = g_strdup_printf ("%s (%s)", pj_colour_name (index), pj_ai_level_name (level));
    }
  _pj_host_broadcast_lobby (self);
  return TRUE;
}

guint
pj_host_get_n_seats (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), 0);
  return self->rules.players;
}

guint
pj_host_get_n_seats_taken (PjHost *self)
{
  guint taken = 0;

  g_return_val_if_fail (PJ_IS_HOST (self), 0);
  for (guint i = 0; i < self->rules.players; i++)
    {
      PjNetSeatInfo info;

      pj_host_get_seat_info (self, i, &info);
      if (info.kind != PJ_NET_SEAT_OPEN)
        taken++;
    }
  return taken;
}

const char *
pj_host_get_variant (PjHost *self)
{
  int preset;

  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  preset = pj_rules_match_preset (&self->rules);
  return preset >= 0 ? pj_preset_name ((PjPreset) preset) : "custom";
}

void
pj_host_get_seat_info (PjHost        *self,
                       guint          index,
                       PjNetSeatInfo *out)
{
  Seat *seat;

  g_return_if_fail (PJ_IS_HOST (self));
  g_return_if_fail (index < self->rules.players);
  seat = &self->seats[index];
  out->kind = seat->kind;
  out->name = seat->name;
  out->level = seat->level;
  out->ready = seat->ready || seat->kind == PJ_NET_SEAT_COMPUTER;
  out->connected = seat->client != NULL;
}

static guint64
random_seed (void)
{
  g_autofree char *hex = pj_net_random_hex (8);

  return g_ascii_strtoull (hex, NULL, 16);
}

/* Deal a game to the seats as they are: every seat a computer or a ready,
 * connected person. dealer < 0: the seed picks the dealer. */
static gboolean
deal (PjHost  *self,
      int      dealer,
      GError **error)
{
  PjSeat record_seats[PJ_MAX_PLAYERS];
  g_autoptr (PjRecord) record = NULL;
  guint64 seed;

  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];

      if (seat->kind == PJ_NET_SEAT_COMPUTER)
        {
          record_seats[i].controller = pj_controller_from_level (seat->level);
        }
      else if (seat->kind == PJ_NET_SEAT_HUMAN && seat->client && seat->ready)
        record_seats[i].controller = PJ_CONTROLLER_REMOTE;
      else
        {
          g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_NOT_READY,
                       _("The %s seat is not ready"), pj_colour_name (i));
          return FALSE;
        }
      record_seats[i].name = (char *) seat->name;
    }

  seed = self->has_test_seed ? self->test_seed : random_seed ();
  record = pj_record_new (&self->rules, seed, dealer, record_seats, self->rules.players, error);
  if (record == NULL)
    return FALSE;
  if (self->table_name && *self->table_name)
    pj_record_set_title (record, self->table_name);
  /* a new game: nobody's turns are covered, as nobody is away */
  for (guint i = 0; i < self->rules.players; i++)
    _pj_host_clear_source (&self->seats[i].grace);
  set_game (self, pj_game_new_for_table (record));

  g_free (self->salt);
  g_free (self->commitment);
  self->salt = pj_net_random_hex (PJ_NET_TOKEN_LEN / 2);
  /* a lying host (tests only) commits to a seed it did not deal from */
  self->committed_seed = self->lie == PJ_HOST_LIE_SEED ? seed + 1 : seed;
  self->commitment = pj_net_commitment (self->committed_seed, self->salt);

  self->phase = PJ_NET_PHASE_PLAYING;
  _pj_host_save_tokens (self);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      if (!c->greeted)
        continue;
      /* the last game's moves are no use to anyone now */
      _pj_host_cancel_catch_up (c);
      _pj_host_send_start (self, c);
      _pj_host_send_update (self, c, NULL, NULL, -1, FALSE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_PHASE]);
  _pj_host_broadcast_lobby (self);
  _pj_host_event (self, "start", "a game started at \"%s\" (%s, %u players, the %s seat deals)",
                  self->table_name, dealer < 0 ? "first game" : "rematch", self->rules.players,
                  pj_colour_name (pj_record_get_dealer (_pj_host_record_of (self))));
  g_signal_emit (self, _pj_host_signals[GAME_STARTED], 0);
  pj_game_start (self->game);
  return TRUE;
}

gboolean
pj_host_start_game (PjHost  *self,
                    GError **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  if (!lobby_only (self, error))
    return FALSE;
  return deal (self, -1, error);
}

/* What follows a game (a rematch, the lobby again) waits for its end. */
static gboolean
over_only (PjHost  *self,
           GError **error)
{
  if (self->phase == PJ_NET_PHASE_OVER && self->game != NULL)
    return TRUE;
  g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_WRONG_PHASE,
                       _("A new game can follow only a finished one"));
  return FALSE;
}

gboolean
pj_host_rematch (PjHost  *self,
                 GError **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  if (!over_only (self, error))
    return FALSE;
  /* the deal passes to the left: the next seat in turn order */
  return deal (self, (int) ((pj_record_get_dealer (_pj_host_record_of (self)) + 1) % self->rules.players), error);
}

gboolean
pj_host_back_to_lobby (PjHost  *self,
                       GError **error)
{
  g_return_val_if_fail (PJ_IS_HOST (self), FALSE);
  if (!over_only (self, error))
    return FALSE;
  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];

      _pj_host_clear_source (&seat->grace);
      if (seat->kind != PJ_NET_SEAT_HUMAN)
        continue;
      /* as in any lobby, a seat is held only by someone sitting there */
      if (seat->client == NULL)
        _pj_host_seat_clear (seat);
      else
        seat->ready = FALSE;
    }
  set_game (self, NULL);
  _pj_host_talk_forget_teams (self);
  g_clear_pointer (&self->salt, g_free);
  g_clear_pointer (&self->commitment, g_free);
  self->phase = PJ_NET_PHASE_LOBBY;
  g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_PHASE]);
  _pj_host_broadcast_lobby (self);
  return TRUE;
}

PjRecord *
pj_host_get_record (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return _pj_host_record_of (self);
}

void
pj_host_set_save_path (PjHost     *self,
                       const char *path)
{
  g_return_if_fail (PJ_IS_HOST (self));
  g_free (self->save_path);
  self->save_path = g_strdup (path);
  _pj_host_save_tokens (self);
  if (self->game)
    pj_game_set_autosave_path (self->game, path);
}

/* An older build took names as they came: what it saved is cleaned as a
 * name said at the door is (a seat left with nothing goes by its colour),
 * and the next autosave stores it so. */
static void
clean_seat_names (PjRecord *record)
{
  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    {
      const PjSeat *seat = pj_record_get_seat (record, i);
      g_autofree char *clean = pj_net_clean_name (seat->name);

      if (g_strcmp0 (clean, seat->name) != 0)
        pj_record_set_seat (record, i, clean ? clean : pj_colour_name (i), seat->controller);
    }
}

static PjHost *
new_from_save (const char  *save_path,
               gboolean     given,
               const char  *table_name,
               const char  *password,
               GError     **error)
{
  g_autoptr (PjHost) self = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autofree char *data = NULL;
  gsize len;

  g_return_val_if_fail (save_path != NULL, NULL);
  /* the host's own file: never a link elsewhere, a FIFO or a device */
  data = pj_file_read_regular (save_path, PJ_RECORD_MAX_FILE_SIZE, PJ_FILE_READ_NOFOLLOW, &len, error);
  if (data == NULL)
    return NULL;
  record = pj_record_from_json (data, (gssize) len, error);
  if (record == NULL)
    return NULL;
  clean_seat_names (record);
  self = g_object_new (PJ_TYPE_HOST, NULL);
  g_clear_pointer (&self->table_name, g_free);
  g_clear_pointer (&self->password, g_free);
  set_game (self, pj_game_new_for_table (record));
  self->rules = *pj_record_get_rules (record);
  if (!_pj_host_load_tokens (self, save_path, error))
    return NULL;
  if (given)
    {
      /* what the table asks of guests is what it was given now: a file
       * saved without a password must not open a table that has one */
      g_free (self->table_name);
      self->table_name = pj_net_clean_name (table_name);
      if (self->table_name == NULL)
        self->table_name = g_strdup ("");
      g_free (self->password);
      self->password = password && *password ? g_strdup (password) : NULL;
    }
  self->committed_seed = pj_record_get_seed (_pj_host_record_of (self));
  self->commitment = pj_net_commitment (self->committed_seed, self->salt);
  pj_host_set_save_path (self, save_path);
  self->phase = pj_state_is_over (pj_game_get_state (self->game))
    ? PJ_NET_PHASE_OVER : PJ_NET_PHASE_PLAYING;
  /* nobody is connected yet: every human seat starts its grace period */
  for (guint i = 0; i < self->rules.players; i++)
    if (self->seats[i].kind == PJ_NET_SEAT_HUMAN && self->phase == PJ_NET_PHASE_PLAYING)
      _pj_host_start_grace (self, &self->seats[i]);
  pj_game_start (self->game);
  return g_steal_pointer (&self);
}

PjHost *
pj_host_new_from_save (const char  *save_path,
                       GError     **error)
{
  return new_from_save (save_path, FALSE, NULL, NULL, error);
}

PjHost *
pj_host_reopen_table (const char  *save_path,
                      const char  *table_name,
                      const char  *password,
                      GError     **error)
{
  g_return_val_if_fail (table_name != NULL, NULL);
  return new_from_save (save_path, TRUE, table_name, password, error);
}

PjHost *
pj_host_new (const char *table_name,
             const char *password)
{
  return g_object_new (PJ_TYPE_HOST, "table-name", table_name, "password", password, NULL);
}

void
pj_host_set_certificate (PjHost          *self,
                         GTlsCertificate *certificate)
{
  g_return_if_fail (PJ_IS_HOST (self));
  g_return_if_fail (G_IS_TLS_CERTIFICATE (certificate));
  g_return_if_fail (self->port == 0);
  g_set_object (&self->certificate, certificate);
  g_free (self->fingerprint);
  self->fingerprint = pj_net_tls_fingerprint (certificate);
}

const char *
pj_host_get_fingerprint (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return self->fingerprint;
}

/* ---- testing hooks ------------------------------------------------------- */

void
pj_host_set_lie_for_testing (PjHost    *self,
                             PjHostLie  lie)
{
  self->lie = lie;
}

void
pj_host_set_seed_for_testing (PjHost  *self,
                              guint64  seed)
{
  self->has_test_seed = TRUE;
  self->test_seed = seed;
}

const char *
pj_host_get_seat_token_for_testing (PjHost *self,
                                    guint   seat)
{
  return self->seats[seat].token ? self->seats[seat].token : "";
}

gboolean
pj_host_seat_is_covered_for_testing (PjHost *self,
                                     guint   seat)
{
  return self->game != NULL && pj_game_is_covered (self->game, seat);
}

/* ---- GObject ------------------------------------------------------------- */

static void
pj_host_dispose (GObject *object)
{
  PjHost *self = PJ_HOST (object);

  if (self->service)
    pj_host_stop (self);
  g_clear_object (&self->service);
  /* an autosave in flight keeps the game alive: it must not call back here */
  set_game (self, NULL);
  G_OBJECT_CLASS (pj_host_parent_class)->dispose (object);
}

static void
pj_host_finalize (GObject *object)
{
  PjHost *self = PJ_HOST (object);

  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      _pj_host_seat_clear (&self->seats[i]);
      g_clear_pointer (&self->seats[i].name, g_free);
    }
  _pj_host_clear_source (&self->tokens_save);
  g_free (self->tokens_error);
  g_ptr_array_unref (self->clients);
  g_ptr_array_unref (self->away);
  _pj_host_guard_clear (self);
  _pj_host_talk_clear (self);
  set_game (self, NULL);
  g_free (self->table_name);
  g_free (self->password);
  g_free (self->salt);
  g_free (self->commitment);
  g_free (self->save_path);
  g_clear_object (&self->certificate);
  g_free (self->fingerprint);
  g_clear_pointer (&self->clear_answer, g_bytes_unref);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (pj_host_parent_class)->finalize (object);
}

static void
pj_host_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  PjHost *self = PJ_HOST (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:        g_value_set_string (value, self->table_name); break;
    case PROP_PASSWORD:          g_value_set_string (value, self->password); break;
    case PROP_PORT:              g_value_set_uint (value, self->port); break;
    case PROP_PHASE:             g_value_set_int (value, self->phase); break;
    case PROP_GRACE_MS:          g_value_set_uint (value, self->grace_ms); break;
    case PROP_COVER_LEVEL:       g_value_set_int (value, self->cover_level); break;
    case PROP_COMPUTER_DELAY_MS: g_value_set_uint (value, self->computer_delay_ms); break;
    case PROP_SAVE_ERROR:        g_value_set_string (value, pj_host_get_save_error (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_host_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  PjHost *self = PJ_HOST (object);

  switch (prop_id)
    {
    case PROP_TABLE_NAME:
      g_free (self->table_name);
      /* what every guest's lobby, discovery and the log print: cleaned as
       * a guest's name is, and cut to the protocol's limit */
      self->table_name = pj_net_clean_name (g_value_get_string (value));
      if (self->table_name == NULL)
        self->table_name = g_strdup ("");
      break;
    case PROP_PASSWORD:
      g_free (self->password);
      self->password = g_strdup (g_value_get_string (value));
      break;
    case PROP_GRACE_MS:          self->grace_ms = g_value_get_uint (value); break;
    case PROP_COVER_LEVEL:       self->cover_level = (PjAiLevel) g_value_get_int (value); break;
    case PROP_COMPUTER_DELAY_MS:
      self->computer_delay_ms = g_value_get_uint (value);
      if (self->game)
        pj_game_set_delay (self->game, self->computer_delay_ms);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_host_class_init (PjHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pj_host_dispose;
  object_class->finalize = pj_host_finalize;
  object_class->get_property = pj_host_get_property;
  object_class->set_property = pj_host_set_property;

  _pj_host_properties[PROP_TABLE_NAME] =
    g_param_spec_string ("table-name", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _pj_host_properties[PROP_PASSWORD] =
    g_param_spec_string ("password", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  _pj_host_properties[PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _pj_host_properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL, PJ_NET_PHASE_LOBBY, PJ_NET_PHASE_OVER, PJ_NET_PHASE_LOBBY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* how long a dropped player's seat waits before a computer covers it */
  _pj_host_properties[PROP_GRACE_MS] =
    g_param_spec_uint ("grace-ms", NULL, NULL, 0, G_MAXUINT, 30000,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  _pj_host_properties[PROP_COVER_LEVEL] =
    g_param_spec_int ("cover-level", NULL, NULL, 0, PJ_AI_N_LEVELS - 1, PJ_AI_NORMAL,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  /* a pause before each computer move, so people can follow the game */
  _pj_host_properties[PROP_COMPUTER_DELAY_MS] =
    g_param_spec_uint ("computer-delay-ms", NULL, NULL, 0, 60000, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  /* why the table's autosave fails now, in people's words (NULL: it works) */
  _pj_host_properties[PROP_SAVE_ERROR] =
    g_param_spec_string ("save-error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, _pj_host_properties);

  /* seats, ready marks, connections, rules or phase changed */
  _pj_host_signals[LOBBY_CHANGED] =
    g_signal_new ("lobby-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  _pj_host_signals[GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (n_actions, seat, full action text, by a computer) after every action */
  _pj_host_signals[ACTION_APPLIED] =
    g_signal_new ("action-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_UINT, G_TYPE_INT, G_TYPE_STRING, G_TYPE_BOOLEAN);
  /* (winning team) */
  _pj_host_signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* (GError) the autosave failed; the game goes on */
  _pj_host_signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /* (kind, text) one line per event for a log: see pj-host.h */
  _pj_host_signals[EVENT] =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
save_error_notify_cb (PjHost     *self,
                      GParamSpec *pspec,
                      gpointer    data)
{
  _pj_host_tell_saving (self, NULL);
}

static void
pj_host_init (PjHost *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->service = g_socket_service_new ();
  g_signal_connect (self->service, "incoming", G_CALLBACK (_pj_host_incoming_cb), self);
  self->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) _pj_host_client_free);
  _pj_host_guard_init (self);
  /* every change of the save's state, the game's or the token file's */
  g_signal_connect (self, "notify::save-error", G_CALLBACK (save_error_notify_cb), NULL);
  self->away = g_ptr_array_new_with_free_func ((GDestroyNotify) _pj_host_away_free);
  pj_rules_preset (&self->rules, PJ_PRESET_BASIC, 4);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      self->seats[i].host = self;
      self->seats[i].index = i;
      _pj_host_seat_clear (&self->seats[i]);
    }
}


const char *
pj_host_get_save_error (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  if (self->game == NULL)
    return NULL;
  /* the game's own first: without it the token file is of no use */
  return pj_game_get_save_error (self->game) ? pj_game_get_save_error (self->game) : self->tokens_error;
}

PjGame *
pj_host_get_game (PjHost *self)
{
  g_return_val_if_fail (PJ_IS_HOST (self), NULL);
  return self->game;
}
