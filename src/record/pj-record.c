/* pj-record.c — saved games (see the format in pj-record.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-record.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "pj-file.h"
#include "pj-json-limits.h"

/* A snapshot every CHECKPOINT_EVERY actions keeps undo and replay views cheap
 * in long games without storing every position. */
#define CHECKPOINT_EVERY 64

struct _PjRecord {
  gatomicrefcount ref_count;
  PjRules    rules;
  guint64    seed;
  guint      dealer;
  PjSeat     seats[PJ_MAX_PLAYERS];
  guint      n_seats;
  char      *title;
  GDateTime *created;
  GArray    *actions;       /* PjAction */
  /* The "actions" array as saved, one element per action ("\n    \"…\","),
   * written as each action is appended and cut back by undo, so that saving
   * after every move neither replays nor re-encodes the whole game (a host
   * saves thousands of times a game). ends[i] is where element i ends. */
  GString   *actions_json;
  GArray    *actions_json_ends;  /* gsize */
  GArray    *checkpoints;   /* PjState: [k] is the position after k * CHECKPOINT_EVERY actions */
  PjState    state;
};

G_DEFINE_QUARK (pj-record-error-quark, pj_record_error)
G_DEFINE_BOXED_TYPE (PjRecord, pj_record, pj_record_ref, pj_record_unref)

/* ---- life cycle ------------------------------------------------------ */

static gboolean
name_ok (const char *name,
         gsize       max)
{
  return name != NULL && strlen (name) <= max && g_utf8_validate (name, -1, NULL);
}

PjRecord *
pj_record_new (const PjRules  *rules,
               guint64         seed,
               int             dealer,
               const PjSeat   *seats,
               guint           n_seats,
               GError        **error)
{
  PjRecord *record;
  GError *local = NULL;

  g_return_val_if_fail (rules != NULL, NULL);

  if (!pj_rules_validate (rules, &local))
    {
      g_set_error_literal (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES, local->message);
      g_error_free (local);
      return NULL;
    }
  if (seats != NULL && n_seats != rules->players)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SEATS,
                   _("A game of %u players needs %u seats, not %u"),
                   rules->players, rules->players, n_seats);
      return NULL;
    }
  for (guint i = 0; seats != NULL && i < n_seats; i++)
    if (!name_ok (seats[i].name, PJ_RECORD_MAX_NAME) || seats[i].controller >= PJ_N_CONTROLLERS)
      {
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                     _("Seat %u needs a name of at most %u bytes and a known controller"),
                     i + 1, PJ_RECORD_MAX_NAME);
        return NULL;
      }

  record = g_new0 (PjRecord, 1);
  g_atomic_ref_count_init (&record->ref_count);
  record->rules = *rules;
  record->seed = seed;
  /* The engine draws a random dealer from the same generator that later
   * reshuffles the discard pile, so a game started with dealer -1 and one
   * started with that dealer named differ after the first reshuffle. A record
   * must replay from (seed, dealer): always start with the dealer named. */
  if (dealer < 0 || dealer >= rules->players)
    {
      pj_state_new_game (&record->state, rules, seed, -1);
      dealer = record->state.dealer;
    }
  pj_state_new_game (&record->state, rules, seed, dealer);
  record->dealer = record->state.dealer;
  record->n_seats = rules->players;
  for (guint i = 0; i < record->n_seats; i++)
    {
      record->seats[i].name = g_strdup (seats ? seats[i].name : pj_colour_name (i));
      record->seats[i].controller = seats ? seats[i].controller : PJ_CONTROLLER_HUMAN;
    }
  record->created = g_date_time_new_now_utc ();
  record->actions = g_array_new (FALSE, FALSE, sizeof (PjAction));
  record->actions_json = g_string_new (NULL);
  record->actions_json_ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  record->checkpoints = g_array_new (FALSE, FALSE, sizeof (PjState));
  g_array_append_val (record->checkpoints, record->state);
  return record;
}

PjRecord *
pj_record_ref (PjRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_atomic_ref_count_inc (&record->ref_count);
  return record;
}

void
pj_record_unref (PjRecord *record)
{
  g_return_if_fail (record != NULL);
  if (!g_atomic_ref_count_dec (&record->ref_count))
    return;
  for (guint i = 0; i < record->n_seats; i++)
    g_free (record->seats[i].name);
  g_free (record->title);
  g_date_time_unref (record->created);
  g_array_unref (record->actions);
  g_string_free (record->actions_json, TRUE);
  g_array_unref (record->actions_json_ends);
  g_array_unref (record->checkpoints);
  g_free (record);
}

/* ---- accessors ------------------------------------------------------- */

const PjRules *
pj_record_get_rules (const PjRecord *record)
{
  return &record->rules;
}

guint64
pj_record_get_seed (const PjRecord *record)
{
  return record->seed;
}

guint
pj_record_get_dealer (const PjRecord *record)
{
  return record->dealer;
}

guint
pj_record_get_n_seats (const PjRecord *record)
{
  return record->n_seats;
}

const PjSeat *
pj_record_get_seat (const PjRecord *record,
                    guint           seat)
{
  g_return_val_if_fail (seat < record->n_seats, NULL);
  return &record->seats[seat];
}

void
pj_record_set_seat (PjRecord     *record,
                    guint         seat,
                    const char   *name,
                    PjController  controller)
{
  g_return_if_fail (seat < record->n_seats);
  g_return_if_fail (name_ok (name, PJ_RECORD_MAX_NAME));
  g_return_if_fail (controller < PJ_N_CONTROLLERS);

  g_free (record->seats[seat].name);
  record->seats[seat].name = g_strdup (name);
  record->seats[seat].controller = controller;
}

const char *
pj_record_get_title (const PjRecord *record)
{
  return record->title;
}

void
pj_record_set_title (PjRecord   *record,
                     const char *title)
{
  g_return_if_fail (title == NULL || name_ok (title, PJ_RECORD_MAX_TITLE));
  g_free (record->title);
  record->title = g_strdup (title);
}

GDateTime *
pj_record_get_created (const PjRecord *record)
{
  return record->created;
}

void
pj_record_set_created (PjRecord  *record,
                       GDateTime *created)
{
  g_autoptr (GDateTime) utc = NULL;

  g_return_if_fail (record != NULL && created != NULL);

  /* what is kept is what a save and a load give back */
  utc = g_date_time_to_utc (created);
  g_date_time_unref (record->created);
  record->created = g_date_time_new_utc (g_date_time_get_year (utc),
                                         g_date_time_get_month (utc),
                                         g_date_time_get_day_of_month (utc),
                                         g_date_time_get_hour (utc),
                                         g_date_time_get_minute (utc),
                                         g_date_time_get_second (utc));
}

const PjState *
pj_record_get_state (const PjRecord *record)
{
  return &record->state;
}

guint
pj_record_get_n_actions (const PjRecord *record)
{
  return record->actions->len;
}

const PjAction *
pj_record_get_action (const PjRecord *record,
                      guint           i)
{
  g_return_val_if_fail (i < record->actions->len, NULL);
  return &g_array_index (record->actions, PjAction, i);
}

void
pj_record_state_at (const PjRecord *record,
                    guint           n,
                    PjState        *out)
{
  guint k;

  g_return_if_fail (n <= record->actions->len);

  k = n / CHECKPOINT_EVERY;
  *out = g_array_index (record->checkpoints, PjState, k);
  /* every stored action was checked when it was appended */
  for (guint i = k * CHECKPOINT_EVERY; i < n; i++)
    pj_state_apply (out, &g_array_index (record->actions, PjAction, i));
}

/* ---- changes --------------------------------------------------------- */

/* A JSON string literal; text is UTF-8 (names and notation are checked). */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, (char) c);
        }
      else if (c == '\b')
        g_string_append (out, "\\b");
      else if (c == '\f')
        g_string_append (out, "\\f");
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

gboolean
pj_record_append (PjRecord        *record,
                  const PjAction  *action,
                  GError         **error)
{
  PjState next;

  g_return_val_if_fail (record != NULL && action != NULL, FALSE);

  if (record->actions->len >= PJ_RECORD_MAX_ACTIONS)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE,
                   _("A game may hold at most %u actions"), PJ_RECORD_MAX_ACTIONS);
      return FALSE;
    }
  next = record->state;
  if (!pj_state_apply_checked (&next, action, error))
    return FALSE;
  {
    g_autofree char *text = pj_action_to_string (&record->state, action);

    g_string_append (record->actions_json, "\n    ");
    append_json_string (record->actions_json, text);
    g_string_append_c (record->actions_json, ',');
    g_array_append_val (record->actions_json_ends, record->actions_json->len);
  }
  record->state = next;
  g_array_append_val (record->actions, *action);
  if (record->actions->len % CHECKPOINT_EVERY == 0)
    g_array_append_val (record->checkpoints, record->state);
  return TRUE;
}

gboolean
pj_record_append_string (PjRecord    *record,
                         const char  *text,
                         GError     **error)
{
  PjAction action;

  if (!pj_action_from_string (&record->state, text, &action, error))
    return FALSE;
  return pj_record_append (record, &action, error);
}

void
pj_record_truncate (PjRecord *record,
                    guint     n)
{
  if (n >= record->actions->len)
    return;
  g_array_set_size (record->actions, n);
  g_array_set_size (record->actions_json_ends, n);
  g_string_truncate (record->actions_json,
                     n > 0 ? g_array_index (record->actions_json_ends, gsize, n - 1) : 0);
  g_array_set_size (record->checkpoints, n / CHECKPOINT_EVERY + 1);
  pj_record_state_at (record, n, &record->state);
}

/* ---- JSON out -------------------------------------------------------- */

static char *
format_time (GDateTime *time)
{
  g_autoptr (GDateTime) utc = g_date_time_to_utc (time);

  /* not g_date_time_format's %Y: it writes year 273 as "273", which ISO 8601
   * and g_date_time_new_from_iso8601() refuse */
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ",
                          g_date_time_get_year (utc), g_date_time_get_month (utc),
                          g_date_time_get_day_of_month (utc), g_date_time_get_hour (utc),
                          g_date_time_get_minute (utc), g_date_time_get_second (utc));
}

char *
pj_record_to_json (const PjRecord *record,
                   gsize          *length)
{
  g_autofree char *rules_text = pj_rules_to_string (&record->rules);
  g_autofree char *created = format_time (record->created);
  GString *out = g_string_sized_new (record->actions_json->len + 1024);
  char *preset_end;

  /* the preset is the one pj_rules_to_string() names as closest */
  preset_end = strchr (rules_text, ' ');
  if (preset_end)
    *preset_end = '\0';

  /* written by hand rather than through a JsonGenerator: the actions are
   * already encoded (see actions_json), and the layout is json-glib's */
  g_string_append (out, "{\n  \"format\" : ");
  append_json_string (out, PJ_RECORD_FORMAT);
  g_string_append_printf (out, ",\n  \"version\" : %d", PJ_RECORD_VERSION);
  if (record->title)
    {
      g_string_append (out, ",\n  \"title\" : ");
      append_json_string (out, record->title);
    }
  g_string_append (out, ",\n  \"created\" : ");
  append_json_string (out, created);

  g_string_append (out, ",\n  \"rules\" : {\n    \"preset\" : ");
  append_json_string (out, rules_text);
  g_string_append (out, ",\n    \"options\" : {");
  for (guint i = 0; i < pj_option_count (); i++)
    {
      const PjOptionInfo *opt = pj_option_info (i);

      g_string_append (out, i > 0 ? ",\n      " : "\n      ");
      append_json_string (out, opt->key);
      g_string_append (out, " : ");
      append_json_string (out, pj_option_get_string (&record->rules, opt));
    }
  g_string_append (out, "\n    }\n  }");

  g_string_append_printf (out, ",\n  \"seed\" : \"%" G_GUINT64_FORMAT "\"", record->seed);
  g_string_append_printf (out, ",\n  \"dealer\" : %u", record->dealer);

  g_string_append (out, ",\n  \"seats\" : [");
  for (guint i = 0; i < record->n_seats; i++)
    {
      g_string_append (out, i > 0 ? ",\n    {\n      \"name\" : " : "\n    {\n      \"name\" : ");
      append_json_string (out, record->seats[i].name);
      g_string_append (out, ",\n      \"controller\" : ");
      append_json_string (out, pj_controller_to_id (record->seats[i].controller));
      g_string_append (out, "\n    }");
    }
  g_string_append (out, "\n  ]");

  g_string_append (out, ",\n  \"actions\" : [");
  if (record->actions_json->len > 0)
    {
      /* without the last element's comma */
      g_string_append_len (out, record->actions_json->str, record->actions_json->len - 1);
      g_string_append (out, "\n  ]");
    }
  else
    g_string_append (out, "]");
  g_string_append (out, "\n}\n");

  if (length)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* ---- JSON in --------------------------------------------------------- */

#define FIELD_ERROR(...) G_STMT_START { \
    g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD, __VA_ARGS__); \
    return FALSE; } G_STMT_END

static gboolean
get_string (JsonObject  *obj,
            const char  *where,
            const char  *name,
            gboolean     required,
            const char **out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (obj, name);

  *out = NULL;
  if (node == NULL)
    {
      if (!required)
        return TRUE;
      FIELD_ERROR (_("The saved game has no “%s%s”"), where, name);
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    FIELD_ERROR (_("“%s%s” in the saved game must be a string"), where, name);
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
get_int (JsonObject  *obj,
         const char  *name,
         gint64      *out,
         GError     **error)
{
  JsonNode *node = json_object_get_member (obj, name);

  if (node == NULL)
    FIELD_ERROR (_("The saved game has no “%s”"), name);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    FIELD_ERROR (_("“%s” in the saved game must be a whole number"), name);
  *out = json_node_get_int (node);
  return TRUE;
}

static JsonNode *
get_node (JsonObject    *obj,
          const char    *where,
          const char    *name,
          JsonNodeType   type,
          GError       **error)
{
  JsonNode *node = json_object_get_member (obj, name);

  if (node == NULL)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                   /* Translators: %s%s is a field name of the file, like “rules.preset” */
                   _("The saved game has no “%s%s”"), where, name);
      return NULL;
    }
  if (JSON_NODE_TYPE (node) != type)
    {
      g_autofree char *field = g_strconcat (where, name, NULL);

      /* whole sentences per type, so translators can make the words agree */
      if (type == JSON_NODE_OBJECT)
        /* Translators: %s is a field name of the file, like “rules.options” */
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                     _("“%s” in the saved game must be an object"), field);
      else
        /* Translators: %s is a field name of the file, like “actions” */
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                     _("“%s” in the saved game must be a list"), field);
      return NULL;
    }
  return node;
}

static gboolean
read_rules (JsonObject  *root,
            PjRules     *rules,
            GError     **error)
{
  JsonNode *node;
  JsonObject *obj, *options;
  const char *preset_name, *players_text;
  PjPreset preset;
  guint players;
  GError *local = NULL;
  g_autoptr (GList) members = NULL;

  if (!(node = get_node (root, "", "rules", JSON_NODE_OBJECT, error)))
    return FALSE;
  obj = json_node_get_object (node);
  if (!get_string (obj, "rules.", "preset", TRUE, &preset_name, error))
    return FALSE;
  if (!pj_preset_lookup (preset_name, &preset))
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES,
                   _("Unknown rules preset “%s”"), preset_name);
      return FALSE;
    }
  if (!(node = get_node (obj, "rules.", "options", JSON_NODE_OBJECT, error)))
    return FALSE;
  options = json_node_get_object (node);

  /* players first: the preset's deck count depends on it */
  if (!get_string (options, "rules.options.", "players", TRUE, &players_text, error))
    return FALSE;
  if (g_strcmp0 (players_text, "4") != 0 && g_strcmp0 (players_text, "6") != 0
      && g_strcmp0 (players_text, "8") != 0)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES,
                   _("A game has 4, 6 or 8 players, not “%s”"), players_text);
      return FALSE;
    }
  players = (guint) (players_text[0] - '0');
  pj_rules_preset (rules, preset, players);

  members = json_object_get_members (options);
  for (GList *l = members; l; l = l->next)
    {
      const char *key = l->data;
      const char *value;
      g_autofree char *where = NULL;

      if (pj_option_lookup (key) == NULL)
        {
          g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES,
                       _("Unknown rule option “%s” (made by a newer version?)"), key);
          return FALSE;
        }
      if (!get_string (options, "rules.options.", key, TRUE, &value, error))
        return FALSE;
      if (!pj_option_set_string (rules, key, value, &local))
        {
          g_set_error_literal (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES, local->message);
          g_error_free (local);
          return FALSE;
        }
    }
  if (!pj_rules_validate (rules, &local))
    {
      g_set_error_literal (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_RULES, local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_seats (JsonObject     *root,
            const PjRules  *rules,
            PjSeat         *seats,
            GError        **error)
{
  JsonNode *node;
  JsonArray *array;

  if (!(node = get_node (root, "", "seats", JSON_NODE_ARRAY, error)))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) != rules->players)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SEATS,
                   _("The saved game has %u seats for %u players"),
                   json_array_get_length (array), rules->players);
      return FALSE;
    }
  for (guint i = 0; i < rules->players; i++)
    {
      JsonNode *seat = json_array_get_element (array, i);
      JsonObject *obj;
      const char *name, *controller;

      if (!JSON_NODE_HOLDS_OBJECT (seat))
        FIELD_ERROR (_("Seat %u in the saved game must be an object"), i + 1);
      obj = json_node_get_object (seat);
      if (!get_string (obj, "seats[].", "name", TRUE, &name, error)
          || !get_string (obj, "seats[].", "controller", TRUE, &controller, error))
        return FALSE;
      if (strlen (name) > PJ_RECORD_MAX_NAME)
        FIELD_ERROR (_("The name of seat %u is longer than %u bytes"), i + 1, PJ_RECORD_MAX_NAME);
      if (!pj_controller_from_id (controller, &seats[i].controller))
        {
          g_autofree char *ids = pj_controller_id_list ();

          /* Translators: the last %s lists the controllers' names, as saved */
          FIELD_ERROR (_("Seat %u has an unknown controller “%s” (%s)"), i + 1, controller, ids);
        }
      seats[i].name = (char *) name;
    }
  return TRUE;
}

static gboolean
replay_actions (PjRecord   *record,
                JsonArray  *array,
                GError    **error)
{
  guint n = json_array_get_length (array);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      GError *local = NULL;
      const char *text;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        FIELD_ERROR (_("Action %u in the saved game must be a string"), i + 1);
      text = json_node_get_string (node);
      if (!pj_record_append_string (record, text, &local))
        {
          g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_ACTION,
                       _("Action %u “%s” cannot be replayed: %s"), i + 1, text, local->message);
          g_error_free (local);
          return FALSE;
        }
    }
  return TRUE;
}

/* The line json-glib names in its messages ("<data>:29:11: …"), or 0. */
static guint
syntax_error_line (const char *message)
{
  const char *p = strstr (message, ">:");
  guint64 line;
  char *end;

  if (p == NULL)
    return 0;
  line = g_ascii_strtoull (p + 2, &end, 10);
  if (end == p + 2 || *end != ':' || line > G_MAXUINT)
    return 0;
  return (guint) line;
}

/* The parsed document's top-level object, or NULL when it is not JSON or not an object. */
static JsonObject *
parse_root (JsonParser  *parser,
            const char  *data,
            gssize       length,
            GError     **error)
{
  GError *local = NULL;
  JsonNode *root;

  if (!json_parser_load_from_data (parser, data, length, &local))
    {
      guint line;

      /* some json-glib releases refuse an empty text without saying why */
      if (local == NULL)
        {
          g_set_error_literal (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                               _("The saved game is empty"));
          return NULL;
        }
      line = syntax_error_line (local->message);

      /* the parser's own words ("<data>:29:11: Parse error: …") mean
       * nothing to people; the line helps whoever opens the file */
      if (line > 0)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                     _("The saved game is damaged or cut short near line %u"), line);
      else
        g_set_error_literal (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                             _("The saved game is damaged or cut short"));
      g_debug ("Saved game not parsed: %s", local->message);
      g_error_free (local);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                   _("The saved game is empty"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FORMAT,
                   _("This is not a Pegs and Jokers saved game"));
      return NULL;
    }
  return json_node_get_object (root);
}

static gboolean
read_header (JsonObject  *obj,
             GError     **error)
{
  JsonNode *node;
  gint64 version;

  node = json_object_get_member (obj, "format");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING
      || strcmp (json_node_get_string (node), PJ_RECORD_FORMAT) != 0)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FORMAT,
                   _("This is not a Pegs and Jokers saved game"));
      return FALSE;
    }

  if (!get_int (obj, "version", &version, error))
    return FALSE;
  if (version != PJ_RECORD_VERSION)
    {
      /* xgettext cannot read through G_GINT64_FORMAT: the number goes in as text */
      g_autofree char *version_text = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      if (version > PJ_RECORD_VERSION)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_VERSION,
                     _("The saved game has format version %s; this version of the game reads "
                       "version %d (update the game to open it)"),
                     version_text, PJ_RECORD_VERSION);
      else
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_VERSION,
                     _("The saved game has an unknown format version %s"), version_text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_seed_and_dealer (JsonObject     *obj,
                      const PjRules  *rules,
                      guint64        *seed,
                      gint64         *dealer,
                      GError        **error)
{
  const char *seed_text;

  if (!get_string (obj, "", "seed", TRUE, &seed_text, error))
    return FALSE;
  if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, seed, NULL))
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                   _("“seed” in the saved game must be a whole number from 0 to "
                     "18446744073709551615 in a string, not “%s”"), seed_text);
      return FALSE;
    }

  if (!get_int (obj, "dealer", dealer, error))
    return FALSE;
  if (*dealer < 0 || *dealer >= rules->players)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                   _("“dealer” in the saved game must be a seat from 0 to %u"),
                   rules->players - 1u);
      return FALSE;
    }
  return TRUE;
}

/* "created" and the optional "title"; the title stays owned by the document */
static gboolean
read_created_and_title (JsonObject  *obj,
                        GDateTime  **created,
                        const char **title,
                        GError     **error)
{
  g_autoptr (GTimeZone) utc = NULL;
  const char *created_text;

  if (!get_string (obj, "", "created", TRUE, &created_text, error))
    return FALSE;
  utc = g_time_zone_new_utc ();
  *created = g_date_time_new_from_iso8601 (created_text, utc);
  if (*created == NULL)
    {
      /* earlier versions wrote years before 1000 without leading zeros */
      gsize digits = strspn (created_text, "0123456789");

      if (digits >= 1 && digits <= 3 && created_text[digits] == '-')
        {
          g_autofree char *padded = g_strdup_printf ("%.*s%s", (int) (4 - digits), "000",
                                                     created_text);

          *created = g_date_time_new_from_iso8601 (padded, utc);
        }
    }
  if (*created == NULL)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                   _("“created” in the saved game must be a date and time like "
                     "2026-11-29T12:00:00Z, not “%s”"), created_text);
      return FALSE;
    }

  if (!get_string (obj, "", "title", FALSE, title, error))
    return FALSE;
  if (*title && strlen (*title) > PJ_RECORD_MAX_TITLE)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FIELD,
                   _("The title of the saved game is longer than %u bytes"), PJ_RECORD_MAX_TITLE);
      return FALSE;
    }
  return TRUE;
}

/* The "actions" array, checked for size only: replay_actions() reads each one. */
static JsonArray *
get_actions (JsonObject  *obj,
             GError     **error)
{
  JsonNode *node;
  JsonArray *actions;

  if (!(node = get_node (obj, "", "actions", JSON_NODE_ARRAY, error)))
    return NULL;
  actions = json_node_get_array (node);
  if (json_array_get_length (actions) > PJ_RECORD_MAX_ACTIONS)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE,
                   _("A saved game holds at most %u actions, this one %u"),
                   PJ_RECORD_MAX_ACTIONS, json_array_get_length (actions));
      return NULL;
    }
  return actions;
}

/* What can be refused before json-glib parses the text: its size, its
 * encoding, and the nesting and string lengths that would cost json-glib
 * recursion or memory out of proportion. display names the file, or is NULL. */
static gboolean
check_text (const char  *data,
            gsize        length,
            const char  *display,
            GError     **error)
{
  if (length > PJ_RECORD_MAX_FILE_SIZE)
    {
      if (display)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE,
                     _("“%s” is larger than a saved game can be (%u MiB)"), display,
                     PJ_RECORD_MAX_FILE_SIZE >> 20);
      else
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE,
                     _("A saved game is at most %u MiB"), PJ_RECORD_MAX_FILE_SIZE >> 20);
      return FALSE;
    }
  if (!g_utf8_validate (data, length, NULL))
    {
      if (display)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                     _("“%s” is not a saved game: it is not UTF-8 text"), display);
      else
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                     _("The saved game is not UTF-8 text"));
      return FALSE;
    }
  if (!pj_json_nesting_ok (data, length, PJ_RECORD_MAX_DEPTH))
    {
      if (display)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FORMAT,
                     _("“%s” is nested too deeply to be a saved game (more than %u levels)"),
                     display, PJ_RECORD_MAX_DEPTH);
      else
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_FORMAT,
                     _("The text is nested too deeply to be a saved game (more than %u levels)"),
                     PJ_RECORD_MAX_DEPTH);
      return FALSE;
    }
  /* json-glib leaks what it parsed of a text with two values ("1{}") */
  if (!pj_json_is_one_value (data, length))
    {
      if (display)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                     _("“%s” is not a saved game: there is more after its end"), display);
      else
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_SYNTAX,
                     _("The text is not a saved game: there is more after its end"));
      return FALSE;
    }
  if (!pj_json_strings_ok (data, length, PJ_RECORD_MAX_STRING))
    {
      if (display)
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE,
                     _("“%s” holds a string longer than %u KiB: it is not a saved game"),
                     display, PJ_RECORD_MAX_STRING >> 10);
      else
        g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_TOO_LARGE,
                     _("The text holds a string longer than %u KiB: it is not a saved game"),
                     PJ_RECORD_MAX_STRING >> 10);
      return FALSE;
    }
  return TRUE;
}

static PjRecord *
record_from_json (const char  *data,
                  gsize        length,
                  const char  *display,
                  GError     **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GDateTime) created = NULL;
  GError *local = NULL;
  JsonObject *obj;
  JsonArray *actions;
  const char *title;
  gint64 dealer;
  guint64 seed;
  PjRules rules;
  PjSeat seats[PJ_MAX_PLAYERS];

  if (!check_text (data, length, display, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!(obj = parse_root (parser, data, (gssize) length, error)))
    return NULL;
  if (!read_header (obj, error)
      || !read_rules (obj, &rules, error)
      || !read_seed_and_dealer (obj, &rules, &seed, &dealer, error)
      || !read_seats (obj, &rules, seats, error)
      || !read_created_and_title (obj, &created, &title, error)
      || !(actions = get_actions (obj, error)))
    return NULL;

  record = pj_record_new (&rules, seed, (int) dealer, seats, rules.players, error);
  if (record == NULL)
    return NULL;
  g_date_time_unref (record->created);
  record->created = g_steal_pointer (&created);
  record->title = g_strdup (title);

  if (!replay_actions (record, actions, error))
    return NULL;
  /* a replay of legal actions cannot break the board; check it anyway, cheaply, once */
  if (!pj_state_check (&record->state, &local))
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_ACTION,
                   _("The saved game replays to an impossible position: %s"), local->message);
      g_error_free (local);
      return NULL;
    }
  return g_steal_pointer (&record);
}

PjRecord *
pj_record_from_json (const char  *data,
                     gssize       length,
                     GError     **error)
{
  g_return_val_if_fail (data != NULL, NULL);

  return record_from_json (data, length < 0 ? strlen (data) : (gsize) length, NULL, error);
}

/* ---- files ----------------------------------------------------------- */

gboolean
pj_record_save (const PjRecord  *record,
                const char      *path,
                GError         **error)
{
  g_autofree char *data = NULL;
  GError *local = NULL;
  gsize length;

  g_return_val_if_fail (record != NULL && path != NULL, FALSE);

  data = pj_record_to_json (record, &length);
  /* the project's one atomic writer: never truncates the old file, and its
   * error names path (not the temporary) with the reason in words */
  if (!pj_file_write_atomic (path, data, length, 0644, PJ_FILE_WRITE_NONE, &local))
    {
      g_set_error_literal (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO, local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}

PjRecord *
pj_record_load (const char  *path,
                GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr (GError) read_error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  FILE *f;
  int saved_errno = 0;

  g_return_val_if_fail (path != NULL, NULL);

  f = g_fopen (path, "rb");
  if (f == NULL)
    {
      saved_errno = errno;
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO,
                   _("Could not open “%s”: %s"), display, g_strerror (saved_errno));
      return NULL;
    }
  text = pj_file_read_bounded (f, PJ_RECORD_MAX_FILE_SIZE, &length, &read_error);
  fclose (f);
  if (text == NULL)
    {
      g_set_error (error, PJ_RECORD_ERROR, PJ_RECORD_ERROR_IO,
                   _("Could not read “%s”: %s"), display, read_error->message);
      return NULL;
    }
  return record_from_json (text, length, display, error);
}
