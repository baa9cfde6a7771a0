/* pj-net-message.c — bounded line reading and schema validation of messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config-net.h"

#include <glib/gi18n.h>
#include <string.h>
#ifdef HAVE_GETRANDOM
#include <sys/random.h>
#endif

#include "pj-ai-level.h"
#include "pj-json-limits.h"
#include "pj-net-message.h"

G_DEFINE_QUARK (pj-net-error-quark, pj_net_error)

static const char *const error_names[PJ_NET_N_ERRORS] = {
  "malformed", "too-large", "unknown-type", "invalid-field", "version",
  "hello-first", "bad-password", "bad-token", "table-full", "wrong-phase",
  "seat-taken", "not-seated", "not-your-turn", "illegal-action", "stale",
  "chat-refused", "too-many-errors", "not-ready", "closed", "verify-failed",
  "save", "kicked", "banned", "slow-down", "flood", "timeout", "table-closed",
  "host-changed", "host-unproven",
};

const char *
pj_net_error_code_name (PjNetError code)
{
  return (guint) code < PJ_NET_N_ERRORS ? error_names[code] : "unknown";
}

gboolean
pj_net_error_is_final (const GError *error)
{
  if (error == NULL || error->domain != PJ_NET_ERROR)
    return FALSE;
  switch (error->code)
    {
    case PJ_NET_ERROR_BAD_PASSWORD:
    case PJ_NET_ERROR_BAD_TOKEN:
    case PJ_NET_ERROR_VERSION:
    case PJ_NET_ERROR_KICKED:
    case PJ_NET_ERROR_BANNED:
    case PJ_NET_ERROR_TABLE_CLOSED:
    case PJ_NET_ERROR_HOST_CHANGED:
    case PJ_NET_ERROR_HOST_UNPROVEN:
      return TRUE;
    default:
      return FALSE;
    }
}

int
pj_net_error_code_from_name (const char *name)
{
  for (guint i = 0; i < PJ_NET_N_ERRORS; i++)
    if (g_strcmp0 (name, error_names[i]) == 0)
      return (int) i;
  return -1;
}

/* ---- schemas ----------------------------------------------------------- */

typedef enum {
  F_STR,        /* string of min..max bytes */
  F_INT,        /* integer in min..max */
  F_BOOL,
  F_ENUM,       /* one of names */
  F_LEVEL,      /* a computer level's name: its list is the levels' table */
  F_HEX,        /* exactly min lower-case hex digits */
  F_STR_ARRAY,  /* min..max strings of at most item_max bytes */
  F_OBJ_ARRAY,  /* min..max objects of schema sub */
} FieldKind;

typedef struct Field Field;
struct Field {
  const char  *name;
  FieldKind    kind;
  gboolean     required;
  gint64       min, max;
  gint64       item_max;
  const char *const *names;
  const Field *sub;          /* NULL-name terminated */
};

#define END { NULL, 0, 0, 0, 0, 0, NULL, NULL }
#define STR(n, req, lo, hi)   { n, F_STR, req, lo, hi, 0, NULL, NULL }
#define INT(n, req, lo, hi)   { n, F_INT, req, lo, hi, 0, NULL, NULL }
#define BOOL(n, req)          { n, F_BOOL, req, 0, 0, 0, NULL, NULL }
#define ENUM(n, req, names)   { n, F_ENUM, req, 0, 0, 0, names, NULL }
#define HEX(n, req, len)      { n, F_HEX, req, len, len, 0, NULL, NULL }
#define LEVEL(n, req)         { n, F_LEVEL, req, 0, 0, 0, NULL, NULL }

/* 200000 is PJ_RECORD_MAX_ACTIONS: the log of the longest game a record holds */
#define MAX_N 200000

static const char *const seat_kinds[] = { "open", "human", "computer", NULL };
static const char *const phases[] = { "lobby", "playing", "over", NULL };

/* protocol 1 sent "password" and "token" in clear: a version-2 host reads
 * neither (unknown members are ignored), only the proofs of them */
static const Field hello_fields[] = {
  INT ("protocol", TRUE, 1, G_MAXINT32),
  INT ("protocol_min", FALSE, 1, G_MAXINT32),
  INT ("protocol_max", FALSE, 1, G_MAXINT32),
  STR ("name", TRUE, 1, PJ_NET_MAX_NAME),
  HEX ("proof", FALSE, PJ_NET_PROOF_LEN),
  HEX ("token_proof", FALSE, PJ_NET_PROOF_LEN),
  STR ("app", FALSE, 0, 64),
  /* protocol 3: send me `past` and the earlier talk (older clients did not read them) */
  BOOL ("past", FALSE),
  END
};
static const Field challenge_fields[] = {
  HEX ("nonce", TRUE, PJ_NET_TOKEN_LEN),
  INT ("protocol_min", TRUE, 1, G_MAXINT32),
  INT ("protocol_max", TRUE, 1, G_MAXINT32),
  END
};
static const Field closed_fields[] = { STR ("message", FALSE, 0, 512), END };
static const Field sit_fields[] = { INT ("seat", TRUE, 0, 7), END };
static const Field empty_fields[] = { END };
static const Field ready_fields[] = { BOOL ("ready", TRUE), END };
static const Field action_fields[] = {
  STR ("text", TRUE, 1, PJ_NET_MAX_ACTION),
  INT ("n", FALSE, 0, MAX_N),
  END
};
static const Field ping_fields[] = { INT ("id", FALSE, 0, G_MAXINT32), END };
static const Field chat_up_fields[] = {
  STR ("text", TRUE, 1, PJ_NET_MAX_CHAT),
  BOOL ("team", FALSE),
  END
};
static const Field chat_down_fields[] = {
  STR ("from", TRUE, 0, PJ_NET_MAX_NAME),
  INT ("seat", TRUE, -1, 7),
  STR ("text", TRUE, 1, PJ_NET_MAX_CHAT),
  BOOL ("team", TRUE),
  /* protocol 3: the line's number at this table, and whether it was said
   * before this connection (the backlog a person coming back reads) */
  INT ("id", FALSE, 1, G_MAXINT32),
  BOOL ("earlier", FALSE),
  END
};
static const Field welcome_fields[] = {
  INT ("protocol", TRUE, 1, G_MAXINT32),
  HEX ("token", TRUE, PJ_NET_TOKEN_LEN),
  INT ("seat", TRUE, -1, 7),
  STR ("table", TRUE, 0, PJ_NET_MAX_NAME),
  INT ("id", FALSE, 1, G_MAXINT32),
  /* protocol 3, at a table with a password: the host knows it too */
  HEX ("host_proof", FALSE, PJ_NET_PROOF_LEN),
  END
};
static const Field seat_fields[] = {
  INT ("seat", TRUE, 0, 7),
  STR ("colour", TRUE, 1, 1),
  STR ("name", TRUE, 0, PJ_NET_MAX_NAME),
  ENUM ("kind", TRUE, seat_kinds),
  LEVEL ("level", FALSE),
  BOOL ("ready", TRUE),
  BOOL ("connected", TRUE),
  INT ("cover_ms", FALSE, 0, G_MAXINT32),
  END
};
static const Field person_fields[] = {
  INT ("id", TRUE, 1, G_MAXINT32),
  STR ("name", TRUE, 0, PJ_NET_MAX_NAME),
  INT ("seat", TRUE, -1, 7),
  END
};
static const Field lobby_fields[] = {
  STR ("table", TRUE, 0, PJ_NET_MAX_NAME),
  BOOL ("password", TRUE),
  STR ("rules", TRUE, 1, 512),
  ENUM ("phase", TRUE, phases),
  { "seats", F_OBJ_ARRAY, TRUE, 4, 8, 0, NULL, seat_fields },
  INT ("seat", FALSE, -1, 7),
  { "people", F_OBJ_ARRAY, FALSE, 0, PJ_NET_MAX_CLIENTS + 8, 0, NULL, person_fields },
  END
};
static const Field start_fields[] = {
  HEX ("commitment", TRUE, 64),
  INT ("dealer", TRUE, 0, 7),
  STR ("rules", TRUE, 1, 512),
  INT ("seat", TRUE, -1, 7),
  END
};
static const Field update_fields[] = {
  INT ("n", TRUE, 0, MAX_N),
  INT ("actor", FALSE, 0, 7),
  STR ("action", FALSE, 1, PJ_NET_MAX_ACTION),
  STR ("revealed", FALSE, 1, 2),
  BOOL ("computer", FALSE),
  STR ("position", TRUE, 1, PJ_NET_MAX_POSITION),
  END
};
static const Field log_fields[] = {
  INT ("first", TRUE, 0, MAX_N),
  { "actions", F_STR_ARRAY, TRUE, 1, PJ_NET_LOG_CHUNK, PJ_NET_MAX_ACTION, NULL, NULL },
  END
};
static const Field past_entry_fields[] = {
  INT ("actor", TRUE, 0, 7),
  STR ("action", TRUE, 1, PJ_NET_MAX_ACTION),
  STR ("position", TRUE, 1, PJ_NET_MAX_POSITION),
  END
};
static const Field past_fields[] = {
  INT ("first", TRUE, 0, MAX_N - 1),
  { "entries", F_OBJ_ARRAY, TRUE, 1, PJ_NET_PAST_CHUNK, 0, NULL, past_entry_fields },
  END
};
static const Field over_fields[] = {
  INT ("winner", TRUE, 0, 3),
  STR ("seed", TRUE, 1, 20),
  HEX ("salt", TRUE, PJ_NET_TOKEN_LEN),
  INT ("n", TRUE, 0, MAX_N),
  END
};
static const Field error_fields[] = {
  STR ("code", TRUE, 1, 32),
  STR ("message", TRUE, 0, 512),
  STR ("ref", FALSE, 0, 32),
  END
};

typedef struct {
  const char  *name;
  const Field *to_host;     /* NULL: a client may not send it */
  const Field *to_client;   /* NULL: the host may not send it */
} MessageSchema;

static const MessageSchema schemas[PJ_N_MSG] = {
  [PJ_MSG_HELLO]   = { "hello", hello_fields, NULL },
  [PJ_MSG_SIT]     = { "sit", sit_fields, NULL },
  [PJ_MSG_STAND]   = { "stand", empty_fields, NULL },
  [PJ_MSG_READY]   = { "ready", ready_fields, NULL },
  [PJ_MSG_ACTION]  = { "action", action_fields, NULL },
  [PJ_MSG_BYE]     = { "bye", empty_fields, NULL },
  [PJ_MSG_CHAT]    = { "chat", chat_up_fields, chat_down_fields },
  [PJ_MSG_PING]    = { "ping", ping_fields, ping_fields },
  [PJ_MSG_PONG]    = { "pong", ping_fields, ping_fields },
  [PJ_MSG_WELCOME] = { "welcome", NULL, welcome_fields },
  [PJ_MSG_LOBBY]   = { "lobby", NULL, lobby_fields },
  [PJ_MSG_START]   = { "start", NULL, start_fields },
  [PJ_MSG_UPDATE]  = { "update", NULL, update_fields },
  [PJ_MSG_LOG]     = { "log", NULL, log_fields },
  [PJ_MSG_OVER]    = { "over", NULL, over_fields },
  [PJ_MSG_ERROR]   = { "error", NULL, error_fields },
  [PJ_MSG_CHALLENGE] = { "challenge", NULL, challenge_fields },
  [PJ_MSG_CLOSED]  = { "closed", NULL, closed_fields },
  [PJ_MSG_PAST]    = { "past", NULL, past_fields },
};

const char *
pj_net_message_type_name (PjNetMessageType type)
{
  return (guint) type < PJ_N_MSG ? schemas[type].name : "unknown";
}

gboolean
pj_net_message_allowed (PjNetMessageType type,
                        PjNetDirection   direction)
{
  if ((guint) type >= PJ_N_MSG)
    return FALSE;
  return (direction == PJ_NET_TO_HOST ? schemas[type].to_host : schemas[type].to_client) != NULL;
}

#define FIELD_ERROR(...) G_STMT_START { \
    g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD, __VA_ARGS__); \
    return FALSE; } G_STMT_END

static gboolean
is_hex (const char *s,
        gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (s[i]) && !(s[i] >= 'a' && s[i] <= 'f'))
      return FALSE;
  return TRUE;
}

static gboolean
check_string (JsonNode    *node,
              const char  *name,
              gint64       min,
              gint64       max,
              GError     **error)
{
  const char *s;
  gsize len;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    FIELD_ERROR (_("“%s” must be a string"), name);
  s = json_node_get_string (node);
  len = strlen (s);
  if ((gint64) len < min || (gint64) len > max)
    FIELD_ERROR (_("“%s” must be %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT " bytes long"),
                 name, min, max);
  /* a NUL inside a JSON string ("\u0000") would cut the text short silently */
  return TRUE;
}

static gboolean validate_object (JsonObject *obj, const Field *fields, GError **error);

static gboolean
validate_field (JsonNode     *node,
                const Field  *f,
                GError      **error)
{
  switch (f->kind)
    {
    case F_STR:
      return check_string (node, f->name, f->min, f->max, error);

    case F_HEX:
      if (!check_string (node, f->name, f->min, f->max, error))
        return FALSE;
      if (!is_hex (json_node_get_string (node), (gsize) f->min))
        FIELD_ERROR (_("“%s” must be lower-case hexadecimal"), f->name);
      return TRUE;

    case F_INT:
      {
        gint64 v;
        if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
          FIELD_ERROR (_("“%s” must be an integer"), f->name);
        v = json_node_get_int (node);
        if (v < f->min || v > f->max)
          FIELD_ERROR (_("“%s” must be from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT),
                       f->name, f->min, f->max);
        return TRUE;
      }

    case F_BOOL:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        FIELD_ERROR (_("“%s” must be true or false"), f->name);
      return TRUE;

    case F_ENUM:
    case F_LEVEL:
      {
        const char *s;
        if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
          FIELD_ERROR (_("“%s” must be a string"), f->name);
        s = json_node_get_string (node);
        if (!g_strv_contains (f->kind == F_LEVEL ? pj_ai_level_names () : f->names, s))
          FIELD_ERROR (_("“%s” has an unknown value"), f->name);
        return TRUE;
      }

    case F_STR_ARRAY:
    case F_OBJ_ARRAY:
      {
        JsonArray *array;
        guint n;

        if (!JSON_NODE_HOLDS_ARRAY (node))
          FIELD_ERROR (_("“%s” must be a list"), f->name);
        array = json_node_get_array (node);
        n = json_array_get_length (array);
        if ((gint64) n < f->min || (gint64) n > f->max)
          FIELD_ERROR (_("“%s” must have %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT " items"),
                       f->name, f->min, f->max);
        for (guint i = 0; i < n; i++)
          {
            JsonNode *item = json_array_get_element (array, i);
            if (f->kind == F_STR_ARRAY)
              {
                if (!check_string (item, f->name, 1, f->item_max, error))
                  return FALSE;
              }
            else
              {
                if (!JSON_NODE_HOLDS_OBJECT (item))
                  FIELD_ERROR (_("“%s” must be a list of objects"), f->name);
                if (!validate_object (json_node_get_object (item), f->sub, error))
                  return FALSE;
              }
          }
        return TRUE;
      }
    }
  g_assert_not_reached ();
}

static gboolean
validate_object (JsonObject   *obj,
                 const Field  *fields,
                 GError      **error)
{
  /* Unknown members are ignored, so a later minor version may add some. */
  for (const Field *f = fields; f->name; f++)
    {
      JsonNode *node = json_object_get_member (obj, f->name);

      if (node == NULL)
        {
          if (f->required)
            FIELD_ERROR (_("“%s” is missing"), f->name);
          continue;
        }
      if (!validate_field (node, f, error))
        return FALSE;
    }
  return TRUE;
}

#define MALFORMED(...) G_STMT_START { \
    g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_MALFORMED, __VA_ARGS__); \
    return FALSE; } G_STMT_END

gboolean
pj_net_message_parse (const char        *line,
                      gsize              len,
                      PjNetDirection     direction,
                      PjNetMessageType  *type,
                      JsonObject       **out,
                      GError           **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local = NULL;
  JsonNode *root;
  JsonObject *obj;
  JsonNode *type_node;
  const char *name;

  if (len >= PJ_NET_MAX_LINE)
    {
      g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_TOO_LARGE,
                   _("A message is at most %u bytes"), (guint) PJ_NET_MAX_LINE);
      return FALSE;
    }
  /* memchr first: g_utf8_validate_len accepts no NUL, and a NUL would also cut
   * the text short for json-glib */
  if (memchr (line, '\0', len) != NULL || !g_utf8_validate_len (line, len, NULL))
    MALFORMED (_("A message must be UTF-8 text"));
  /* Our messages nest at most three deep; refusing deeper text before
   * json-glib sees it keeps a hostile "[[[[…" from costing recursion. */
  if (!pj_json_nesting_ok (line, len, 4))
    MALFORMED (_("A message is nested too deeply"));
  /* json-glib leaks what it parsed of a line with two values ("1{}") */
  if (!pj_json_is_one_value (line, len))
    MALFORMED (_("A message must be one JSON object"));

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, line, (gssize) len, &local))
    MALFORMED (_("A message must be JSON: %s"), local->message);
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    MALFORMED (_("A message must be a JSON object"));
  obj = json_node_get_object (root);

  type_node = json_object_get_member (obj, "type");
  if (type_node == NULL || !JSON_NODE_HOLDS_VALUE (type_node) ||
      json_node_get_value_type (type_node) != G_TYPE_STRING)
    FIELD_ERROR (_("“type” must be a string"));
  name = json_node_get_string (type_node);

  for (guint t = 0; t < PJ_N_MSG; t++)
    {
      const Field *fields;

      /* a type without its row (test-net-message names it) matches nothing */
      if (schemas[t].name == NULL || strcmp (schemas[t].name, name) != 0)
        continue;
      fields = direction == PJ_NET_TO_HOST ? schemas[t].to_host : schemas[t].to_client;
      if (fields == NULL)
        break;
      if (!validate_object (obj, fields, error))
        {
          g_prefix_error (error, "%s: ", name);
          return FALSE;
        }
      *type = (PjNetMessageType) t;
      *out = json_object_ref (obj);
      return TRUE;
    }
  g_set_error (error, PJ_NET_ERROR, PJ_NET_ERROR_UNKNOWN_TYPE,
               _("Unknown message type “%.32s”"), name);
  return FALSE;
}

JsonObject *
pj_net_message_new (PjNetMessageType type)
{
  JsonObject *obj = json_object_new ();

  json_object_set_string_member (obj, "type", pj_net_message_type_name (type));
  return obj;
}

char *
pj_net_message_to_line (JsonObject *message,
                        gsize      *length)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  GString *out;
  gsize len;
  char *text;

  json_node_set_object (root, message);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, &len);
  out = g_string_sized_new (len + 1);
  g_string_append_len (out, text, (gssize) len);
  g_string_append_c (out, '\n');
  g_free (text);
  if (length)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* ---- line reader ------------------------------------------------------- */

void
pj_line_reader_init (PjLineReader *reader,
                     gsize         max)
{
  reader->buf = g_byte_array_new ();
  reader->max = max;
  reader->discarding = FALSE;
}

void
pj_line_reader_clear (PjLineReader *reader)
{
  g_clear_pointer (&reader->buf, g_byte_array_unref);
}

gboolean
pj_line_reader_feed (PjLineReader *reader,
                     const guint8 *data,
                     gsize         len,
                     PjLineFunc    func,
                     gpointer      user_data)
{
  while (len > 0)
    {
      const guint8 *nl = memchr (data, '\n', len);
      gsize seg = nl ? (gsize) (nl - data) : len;

      if (reader->discarding)
        {
          if (nl)
            reader->discarding = FALSE;
        }
      else if (reader->buf->len + seg + 1 > reader->max)
        {
          /* past the bound: report now, drop the rest of this line unread */
          g_byte_array_set_size (reader->buf, 0);
          reader->discarding = nl == NULL;
          if (!func (NULL, 0, TRUE, user_data))
            return FALSE;
        }
      else if (nl)
        {
          gsize line_len;

          g_byte_array_append (reader->buf, data, (guint) seg);
          line_len = reader->buf->len;
          if (line_len > 0 && reader->buf->data[line_len - 1] == '\r')
            line_len--;
          g_byte_array_set_size (reader->buf, (guint) line_len);
          g_byte_array_append (reader->buf, (const guint8 *) "", 1);
          if (line_len > 0 &&
              !func ((const char *) reader->buf->data, line_len, FALSE, user_data))
            {
              g_byte_array_set_size (reader->buf, 0);
              return FALSE;
            }
          g_byte_array_set_size (reader->buf, 0);
        }
      else
        g_byte_array_append (reader->buf, data, (guint) seg);

      if (nl == NULL)
        break;
      data += seg + 1;
      len -= seg + 1;
    }
  return TRUE;
}

/* ---- fair deal and tokens --------------------------------------------- */

char *
pj_net_random_hex (guint n_bytes)
{
  guint8 bytes[64];
  GString *out = g_string_new (NULL);
  gsize got = 0;

  g_return_val_if_fail (n_bytes <= sizeof bytes, NULL);
#ifdef HAVE_GETRANDOM
  while (got < n_bytes)
    {
      ssize_t r = getrandom (bytes + got, n_bytes - got, 0);
      if (r <= 0)
        break;
      got += (gsize) r;
    }
#endif
  /* g_random is not a secure source, but it is only the fallback on systems
   * without getrandom(); tokens then still differ between tables */
  for (; got < n_bytes; got++)
    bytes[got] = (guint8) g_random_int_range (0, 256);
  for (guint i = 0; i < n_bytes; i++)
    g_string_append_printf (out, "%02x", bytes[i]);
  return g_string_free (out, FALSE);
}

char *
pj_net_commitment (guint64     seed,
                   const char *salt)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT ":%s", seed, salt);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}
