/* pj-host-tokens.c — the reconnect tokens: what a proof opens (a seat, or a
 * spectator's place), and the file beside the save with them and the
 * fair-deal salt
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pj-file.h"
#include "pj-json-limits.h"
#include "pj-host-private.h"

#define TOKENS_FORMAT  "pegs-and-jokers-lan-tokens"

/* Kept for the table's life, but bounded: in all, and per address, so that
 * a guest dropping link after link pushes out mostly its own. */
#define AWAY_MAX              PJ_NET_MAX_CLIENTS
#define AWAY_MAX_PER_ADDRESS  4
/* spectators come in bursts: one write of the token file for them */
#define TOKENS_SAVE_DELAY_MS  250
/* a few seats and spectators' tokens: far less than this */
#define TOKENS_MAX_SIZE       (256 * 1024)

static char *
tokens_path (const char *save_path)
{
  return g_strconcat (save_path, ".tokens", NULL);
}

static gboolean tokens_save_cb (gpointer user_data);

/* Like the autosave: the error shows in "save-error" until a write works,
 * "save-failed" says it once per new reason, and the write is tried again
 * every PJ_GAME_SAVE_RETRY_S, since a game without its tokens cannot take
 * its players back after a crash. */
static void
tokens_written (PjHost *self,
                GError *error)
{
  const char *message = error ? error->message : NULL;
  gboolean changed = g_strcmp0 (self->tokens_error, message) != 0;

  if (error != NULL)
    self->tokens_save = _pj_host_add_timeout (self, PJ_GAME_SAVE_RETRY_S * 1000, tokens_save_cb, self);
  if (!changed)
    return;
  g_free (self->tokens_error);
  self->tokens_error = g_strdup (message);
  if (error != NULL)
    _pj_host_save_failed (self, error);
  g_object_notify_by_pspec (G_OBJECT (self), _pj_host_properties[PROP_SAVE_ERROR]);
}

/* Tokens and salt are secrets of the host: a side file only the user reads,
 * written at the start and again when spectators come or go (a seat's
 * token and the salt do not change during a game, bar a kick). */
void
_pj_host_save_tokens (PjHost *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  gsize len;

  _pj_host_clear_source (&self->tokens_save);
  if (self->save_path == NULL || self->game == NULL)
    {
      /* no game, nothing to keep: an old failure means nothing now */
      g_clear_pointer (&self->tokens_error, g_free);
      return;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, TOKENS_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "table");
  json_builder_add_string_value (b, self->table_name);
  json_builder_set_member_name (b, "password");
  json_builder_add_string_value (b, self->password ? self->password : "");
  json_builder_set_member_name (b, "salt");
  json_builder_add_string_value (b, self->salt);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->rules.players; i++)
    {
      Seat *seat = &self->seats[i];
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "token");
      json_builder_add_string_value (b, seat->token ? seat->token : "");
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, seat->kind == PJ_NET_SEAT_COMPUTER ? "computer" : "human");
      json_builder_set_member_name (b, "level");
      json_builder_add_string_value (b, pj_ai_level_name (seat->level));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  /* spectators come back with theirs too: those away, then those here */
  json_builder_set_member_name (b, "spectators");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->away->len; i++)
    json_builder_add_string_value (b, ((Away *) g_ptr_array_index (self->away, i))->token);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *c = g_ptr_array_index (self->clients, i);

      if (c->greeted && c->seat < 0 && !c->token_void)
        json_builder_add_string_value (b, c->token);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  data = json_generator_to_data (gen, &len);

  path = tokens_path (self->save_path);
  /* secrets: mode 0600 from the first byte */
  pj_file_write_atomic (path, data, len, 0600, PJ_FILE_WRITE_NONE, &error);
  tokens_written (self, error);
}


gboolean
_pj_host_load_tokens (PjHost      *self,
                      const char  *save_path,
                      GError     **error)
{
  g_autofree char *path = tokens_path (save_path);
  g_autofree char *data = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *top;
  JsonObject *root;
  JsonArray *seats;
  gsize len;

  /* beside the save, in the host's own folder: a link or a FIFO there is
   * not the file the host wrote */
  data = pj_file_read_regular (path, TOKENS_MAX_SIZE, PJ_FILE_READ_NOFOLLOW, &len, error);
  if (data == NULL)
    return FALSE;
  /* the token file nests three deep; json-glib recurses on deeper text */
  if (!pj_json_nesting_ok (data, len, 8))
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("“%s” is not this table’s token file"), path);
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, data, (gssize) len, NULL))
    {
      /* not the parser's words ("<data>:3:4: Parse error …"): people read this */
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("“%s” is damaged"), path);
      return FALSE;
    }
  /* an empty file parses, to no root at all */
  top = json_parser_get_root (parser);
  root = top != NULL && JSON_NODE_HOLDS_OBJECT (top) ? json_node_get_object (top) : NULL;
  if (root == NULL ||
      g_strcmp0 (json_object_get_string_member_with_default (root, "format", ""), TOKENS_FORMAT) != 0 ||
      !json_object_has_member (root, "seats") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "seats")) ||
      json_array_get_length (seats = json_object_get_array_member (root, "seats")) != self->rules.players)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("“%s” is not this table’s token file"), path);
      return FALSE;
    }
  /* an older build stored the name as it came: cleaned as at the door */
  self->table_name = pj_net_clean_name (json_object_get_string_member_with_default (root, "table", ""));
  if (self->table_name == NULL)
    self->table_name = g_strdup ("");
  self->password = g_strdup (json_object_get_string_member_with_default (root, "password", ""));
  self->salt = g_strdup (json_object_get_string_member_with_default (root, "salt", ""));
  if (strlen (self->salt) != PJ_NET_TOKEN_LEN)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_SAVE, _("“%s” is not this table’s token file"), path);
      return FALSE;
    }
  for (guint i = 0; i < self->rules.players; i++)
    {
      JsonNode *node = json_array_get_element (seats, i);
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      Seat *seat = &self->seats[i];
      const char *token = o ? json_object_get_string_member_with_default (o, "token", "") : "";
      const char *kind = o ? json_object_get_string_member_with_default (o, "kind", "") : "";
      const char *level = o ? json_object_get_string_member_with_default (o, "level", "normal") : "normal";

      g_free (seat->name);
      seat->name = g_strdup (pj_record_get_seat (_pj_host_record_of (self), i)->name);
      if (g_strcmp0 (kind, "computer") == 0)
        {
          seat->kind = PJ_NET_SEAT_COMPUTER;
          if (!pj_ai_level_from_string (level, &seat->level))
            seat->level = PJ_AI_NORMAL;
        }
      else
        {
          seat->kind = PJ_NET_SEAT_HUMAN;
          seat->ready = TRUE;
          seat->token = strlen (token) == PJ_NET_TOKEN_LEN ? g_strdup (token) : NULL;
        }
    }
  /* older files have none */
  if (json_object_has_member (root, "spectators") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "spectators")))
    {
      JsonArray *spectators = json_object_get_array_member (root, "spectators");
      guint n = json_array_get_length (spectators);

      /* the newest, as many as are kept */
      for (guint i = n > AWAY_MAX ? n - AWAY_MAX : 0; i < n; i++)
        {
          JsonNode *node = json_array_get_element (spectators, i);
          const char *token = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
            ? json_node_get_string (node) : "";
          Away *away;

          if (strlen (token) != PJ_NET_TOKEN_LEN)
            continue;
          away = g_new0 (Away, 1);
          away->token = g_strdup (token);
          /* where they were is not saved: these share no address with anyone */
          away->address = g_strdup ("");
          g_ptr_array_add (self->away, away);
        }
    }
  return TRUE;
}

/* ---- spectators' tokens ------------------------------------------------- */

static gboolean
tokens_save_cb (gpointer user_data)
{
  PjHost *self = user_data;

  g_clear_pointer (&self->tokens_save, g_source_unref);
  _pj_host_save_tokens (self);
  return G_SOURCE_REMOVE;
}

void
_pj_host_queue_save_tokens (PjHost *self)
{
  if (self->save_path == NULL || self->game == NULL || self->tokens_save != NULL)
    return;
  self->tokens_save = _pj_host_add_timeout (self, TOKENS_SAVE_DELAY_MS, tokens_save_cb, self);
}

void
_pj_host_flush_tokens (PjHost *self)
{
  if (self->tokens_save != NULL)
    _pj_host_save_tokens (self);
}

void
_pj_host_away_free (Away *away)
{
  g_free (away->token);
  g_free (away->address);
  g_free (away);
}

void
_pj_host_keep_away (PjHost *self,
                    Client *c)
{
  Away *away;
  guint same = 0;

  if (!c->greeted || c->token_void || c->token == NULL)
    return;
  /* a seat keeps a seated guest's token (PROTOCOL.md, reconnects) */
  for (guint i = 0; i < self->rules.players; i++)
    if (g_strcmp0 (self->seats[i].token, c->token) == 0)
      return;
  _pj_host_forget_away (self, c->token);
  for (guint i = self->away->len; i-- > 0;)
    {
      Away *other = g_ptr_array_index (self->away, i);

      if (strcmp (other->address, c->key) == 0 && ++same >= AWAY_MAX_PER_ADDRESS)
        g_ptr_array_remove_index (self->away, i);
    }
  if (self->away->len >= AWAY_MAX)
    g_ptr_array_remove_index (self->away, 0);
  away = g_new0 (Away, 1);
  away->token = g_strdup (c->token);
  away->address = g_strdup (c->key);
  g_ptr_array_add (self->away, away);
}

static gboolean
proves (const char *token,
        Client     *c,
        const char *proof)
{
  g_autofree char *expected = pj_net_bound_proof (token, PJ_NET_PROOF_TOKEN, c->nonce, c->binding);

  return pj_net_equal_secret (expected, proof);
}

Seat *
_pj_host_seat_of_proof (PjHost     *self,
                        Client     *c,
                        const char *proof)
{
  Seat *found = NULL;

  /* every seat is tried, found or not, so timing tells nothing */
  for (guint i = 0; i < self->rules.players; i++)
    if (self->seats[i].token && proves (self->seats[i].token, c, proof) && found == NULL)
      found = &self->seats[i];
  return found;
}

char *
_pj_host_spectator_of_proof (PjHost      *self,
                             Client      *c,
                             const char  *proof,
                             Client     **holder)
{
  const char *found = NULL;

  *holder = NULL;
  /* every candidate is tried, found or not, so timing tells nothing */
  for (guint i = 0; i < self->away->len; i++)
    {
      Away *away = g_ptr_array_index (self->away, i);

      if (proves (away->token, c, proof) && found == NULL)
        found = away->token;
    }
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);

      if (other == c || !other->greeted || other->seat >= 0 || other->token == NULL)
        continue;
      if (proves (other->token, c, proof) && found == NULL)
        {
          found = other->token;
          *holder = other;
        }
    }
  return g_strdup (found);
}

void
_pj_host_forget_away (PjHost     *self,
                      const char *token)
{
  for (guint i = self->away->len; i-- > 0;)
    if (strcmp (((Away *) g_ptr_array_index (self->away, i))->token, token) == 0)
      g_ptr_array_remove_index (self->away, i);
}
