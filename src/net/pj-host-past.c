/* pj-host-past.c — what someone coming into a game missed: the game so far
 * (`past`) and the table talk they may read (`chat` with `earlier`)
 *
 * Both go only to clients that asked for them in their hello (`past`):
 * a client without it would take an unknown message for an error, and
 * earlier talk for new talk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <string.h>

#include "pj-host-private.h"

/* ---- the game so far --------------------------------------------------------- */

/* What one `past` line may hold besides its entries: the type, `first`,
 * the brackets (far more than they take). */
#define PAST_OVERHEAD 256
/* How often a past too long for the send queue looks for room again. */
#define CATCH_UP_POLL_MS 10

static JsonObject *
past_message (guint first)
{
  JsonObject *msg = pj_net_message_new (PJ_MSG_PAST);

  json_object_set_int_member (msg, "first", first);
  json_object_set_array_member (msg, "entries", json_array_new ());
  return msg;
}

static void
flush_past (Client      *c,
            JsonObject **msg)
{
  if (*msg != NULL && json_array_get_length (json_object_get_array_member (*msg, "entries")) > 0)
    pj_net_connection_send (c->conn, *msg);
  g_clear_pointer (msg, json_object_unref);
}

/* One entry's encoded length: what it adds to its line (a comma too). */
static gsize
entry_length (JsonObject *entry)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  gsize length;
  g_autofree char *text = NULL;

  json_node_set_object (node, entry);
  json_generator_set_root (gen, node);
  text = json_generator_to_data (gen, &length);
  return length + 1;
}

/* As much of the game so far as fits in one line: FALSE once all of it
 * is sent. */
static gboolean
send_past_line (PjHost *self,
                Client *c)
{
  PjRecord *record = c->past_record;
  guint n = pj_record_get_n_actions (record);
  g_autoptr (JsonObject) msg = NULL;
  gsize used = 0;

  for (; c->past_next < n; c->past_next++)
    {
      const PjAction *a = pj_record_get_action (record, c->past_next);
      g_autoptr (JsonObject) entry = json_object_new ();
      g_autofree char *position = _pj_host_position_for (c->past_state, c->seat);
      g_autofree char *action = _pj_host_action_for (c->past_state, a, c->seat);
      gsize length;

      json_object_set_int_member (entry, "actor", c->past_state->actor);
      json_object_set_string_member (entry, "action", action);
      json_object_set_string_member (entry, "position", position);
      length = entry_length (entry);
      if (msg != NULL &&
          (used + length + PAST_OVERHEAD > PJ_NET_MAX_LINE ||
           json_array_get_length (json_object_get_array_member (msg, "entries")) == PJ_NET_PAST_CHUNK))
        break;
      if (msg == NULL)
        msg = past_message (c->past_next);
      json_array_add_object_element (json_object_get_array_member (msg, "entries"),
                                     g_steal_pointer (&entry));
      used += length;
      pj_state_apply (c->past_state, a);
    }
  flush_past (c, &msg);
  return c->past_next < n;
}

void
_pj_host_cancel_catch_up (Client *c)
{
  _pj_host_clear_source (&c->past_source);
  g_clear_pointer (&c->past_state, g_free);
  c->past_record = NULL;
  c->catching_up = FALSE;
}

/* The past is sent: what everyone else got meanwhile follows, now. */
static void
finish_catch_up (PjHost *self,
                 Client *c)
{
  guint talk_from = c->past_talk_from;

  _pj_host_cancel_catch_up (c);
  _pj_host_send_update (self, c, NULL, NULL, -1, FALSE);
  if (self->phase == PJ_NET_PHASE_OVER)
    {
      g_autoptr (GPtrArray) log = _pj_host_full_log (self);
      _pj_host_send_reveal (self, c, log);
    }
  /* someone back reads what it had heard; a newcomer what was said
   * while the past was on its way */
  _pj_host_send_earlier_talk (self, c, c->returning ? 0 : talk_from);
}

static gboolean
catch_up_cb (gpointer data)
{
  Client *c = data;
  PjHost *self = c->host;

  /* the game it was catching up with is gone (back to the lobby) */
  if (self->phase == PJ_NET_PHASE_LOBBY || _pj_host_record_of (self) != c->past_record)
    {
      _pj_host_cancel_catch_up (c);
      return G_SOURCE_REMOVE;
    }
  /* a line at a time while the queue has room: a long game fits the
   * peer's send limit (PJ_NET_MAX_QUEUED) however long it is */
  while (pj_net_connection_get_queued (c->conn) < PJ_NET_QUEUED_FAIR)
    if (!send_past_line (self, c))
      {
        /* (destroys this source too: it is done) */
        finish_catch_up (self, c);
        return G_SOURCE_REMOVE;
      }
  return G_SOURCE_CONTINUE;
}

void
_pj_host_catch_up (PjHost *self,
                   Client *c)
{
  PjRecord *record = _pj_host_record_of (self);

  _pj_host_cancel_catch_up (c);
  if (!c->reads_past || record == NULL || pj_record_get_n_actions (record) == 0)
    {
      c->past_talk_from = self->talk_serial;
      finish_catch_up (self, c);
      return;
    }
  c->catching_up = TRUE;
  c->past_next = 0;
  c->past_record = record;
  c->past_talk_from = self->talk_serial;
  c->past_state = g_new (PjState, 1);
  pj_record_state_at (record, 0, c->past_state);
  if (catch_up_cb (c) == G_SOURCE_CONTINUE)
    c->past_source = _pj_host_add_timeout (self, CATCH_UP_POLL_MS, catch_up_cb, c);
}

/* ---- earlier table talk ------------------------------------------------------ */

/* One line of talk as the host keeps it: who may read it again. */
typedef struct {
  guint  id;
  char  *from;
  int    seat;
  char  *text;
  int    team;       /* -1: everyone heard it; else only that team's seats */
} TalkLine;

static void
talk_line_free (TalkLine *line)
{
  g_free (line->from);
  g_free (line->text);
  g_free (line);
}

void
_pj_host_talk_clear (PjHost *self)
{
  g_queue_clear_full (&self->talk, (GDestroyNotify) talk_line_free);
}

/* A team's talk belongs to the game its seats played: once the seats can
 * change hands (back in the lobby) nobody new may read it. */
void
_pj_host_talk_forget_teams (PjHost *self)
{
  for (GList *l = self->talk.head; l != NULL;)
    {
      GList *next = l->next;
      TalkLine *line = l->data;

      if (line->team >= 0)
        {
          talk_line_free (line);
          g_queue_delete_link (&self->talk, l);
        }
      l = next;
    }
}

guint
_pj_host_talk_keep (PjHost     *self,
                    const char *from,
                    int         seat,
                    const char *text,
                    gboolean    team)
{
  TalkLine *line = g_new0 (TalkLine, 1);

  line->id = ++self->talk_serial;
  line->from = g_strdup (from);
  line->seat = seat;
  line->text = g_strdup (text);
  line->team = team && seat >= 0 ? (int) pj_team_of (&self->rules, (guint) seat) : -1;
  g_queue_push_tail (&self->talk, line);
  while (self->talk.length > PJ_NET_TALK_BACKLOG)
    talk_line_free (g_queue_pop_head (&self->talk));
  return line->id;
}

/* The talk kept that c may read (RULES §12: a team's only by its seats,
 * none of it by spectators), each marked `earlier`: the client shows it
 * as what was said before, without telling of each line anew. */
void
_pj_host_send_earlier_talk (PjHost *self,
                            Client *c,
                            guint   after)
{
  int team = c->seat >= 0 ? (int) pj_team_of (&self->rules, (guint) c->seat) : -1;

  if (!c->reads_past)
    return;
  for (GList *l = self->talk.head; l != NULL; l = l->next)
    {
      TalkLine *line = l->data;
      g_autoptr (JsonObject) msg = NULL;

      if (line->id <= after || (line->team >= 0 && line->team != team))
        continue;
      msg = pj_net_message_new (PJ_MSG_CHAT);
      json_object_set_string_member (msg, "from", line->from);
      json_object_set_int_member (msg, "seat", line->seat);
      json_object_set_string_member (msg, "text", line->text);
      json_object_set_boolean_member (msg, "team", line->team >= 0);
      json_object_set_int_member (msg, "id", line->id);
      json_object_set_boolean_member (msg, "earlier", TRUE);
      pj_net_connection_send (c->conn, msg);
    }
}
