/* pj-statistics.c — games played and won, and winning streaks, kept
 * across games in GSettings
 *
 * The "statistics" key holds JSON so that it can grow without a schema
 * change:  { "version": 1, "streak": 2, "best": 3,
 *            "games": { "basic/4": { "played": 3, "won": 1, "streak": 0, "best": 1 }, … } }
 * Text from before the streaks were counted reads as streaks of 0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "pj-json-limits.h"
#include "pj-statistics.h"

static void
entry_clear (gpointer data)
{
  PjStatisticsEntry *entry = data;

  g_free (entry->variant);
}

static int
entry_compare (gconstpointer a,
               gconstpointer b)
{
  const PjStatisticsEntry *ea = a, *eb = b;
  int c = g_strcmp0 (ea->variant, eb->variant);

  return c != 0 ? c : (int) ea->players - (int) eb->players;
}

static guint
get_count (JsonObject *obj,
           const char *name)
{
  JsonNode *node = json_object_get_member (obj, name);
  gint64 v;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return 0;
  v = json_node_get_int (node);
  return (guint) CLAMP (v, 0, G_MAXINT);
}

/* The root object of the text, or NULL when it is not valid. */
static JsonParser *
parse_root (const char  *json,
            JsonObject **root)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *node;

  *root = NULL;
  /* the key nests three deep; json-glib recurses on deeper text */
  if (json == NULL || json[0] == '\0' || !pj_json_nesting_ok (json, strlen (json), 8) ||
      !json_parser_load_from_data (parser, json, -1, NULL))
    return NULL;
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  *root = json_node_get_object (node);
  return g_steal_pointer (&parser);
}

void
pj_statistics_get_streaks (const char *json,
                           guint      *streak,
                           guint      *best)
{
  JsonObject *root;
  g_autoptr (JsonParser) parser = parse_root (json, &root);
  guint s = 0, b = 0;

  if (root != NULL)
    {
      s = get_count (root, "streak");
      b = MAX (get_count (root, "best"), s);
    }
  if (streak != NULL)
    *streak = s;
  if (best != NULL)
    *best = b;
}

GArray *
pj_statistics_parse (const char *json)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (PjStatisticsEntry));
  JsonObject *root, *games;
  g_autoptr (JsonParser) parser = parse_root (json, &root);
  JsonNode *node;
  g_autoptr (GList) members = NULL;

  g_array_set_clear_func (entries, entry_clear);

  if (root == NULL)
    return entries;
  node = json_object_get_member (root, "games");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return entries;
  games = json_node_get_object (node);

  members = json_object_get_members (games);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      const char *slash = strrchr (key, '/');
      JsonNode *value = json_object_get_member (games, key);
      PjStatisticsEntry entry = { 0 };
      guint64 players;

      if (slash == NULL || slash == key || !JSON_NODE_HOLDS_OBJECT (value) ||
          !g_ascii_string_to_unsigned (slash + 1, 10, 4, PJ_MAX_PLAYERS, &players, NULL))
        continue;
      entry.variant = g_strndup (key, slash - key);
      entry.players = (guint) players;
      entry.played = get_count (json_node_get_object (value), "played");
      entry.won = MIN (get_count (json_node_get_object (value), "won"), entry.played);
      entry.streak = MIN (get_count (json_node_get_object (value), "streak"), entry.won);
      entry.best = MIN (MAX (get_count (json_node_get_object (value), "best"), entry.streak), entry.won);
      g_array_append_val (entries, entry);
    }
  g_array_sort (entries, entry_compare);
  return entries;
}

static const char *
variant_of (const PjRules *rules)
{
  int preset = pj_rules_match_preset (rules);

  return preset >= 0 ? pj_preset_name ((PjPreset) preset) : "custom";
}

char *
pj_statistics_add (const char    *json,
                   const PjRules *rules,
                   gboolean       won)
{
  g_autoptr (GArray) entries = pj_statistics_parse (json);
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  const char *variant = variant_of (rules);
  gboolean found = FALSE;
  guint streak, best;

  pj_statistics_get_streaks (json, &streak, &best);
  /* a game lost ends the run, whatever the variant */
  streak = won ? streak + 1 : 0;
  best = MAX (best, streak);

  for (guint i = 0; i < entries->len; i++)
    {
      PjStatisticsEntry *e = &g_array_index (entries, PjStatisticsEntry, i);

      if (g_strcmp0 (e->variant, variant) == 0 && e->players == rules->players)
        {
          e->played++;
          e->won += won ? 1 : 0;
          e->streak = won ? e->streak + 1 : 0;
          e->best = MAX (e->best, e->streak);
          found = TRUE;
        }
    }
  if (!found)
    {
      PjStatisticsEntry e = { g_strdup (variant), rules->players, 1, won ? 1 : 0, won ? 1 : 0, won ? 1 : 0 };

      g_array_append_val (entries, e);
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "streak");
  json_builder_add_int_value (builder, streak);
  json_builder_set_member_name (builder, "best");
  json_builder_add_int_value (builder, best);
  json_builder_set_member_name (builder, "games");
  json_builder_begin_object (builder);
  for (guint i = 0; i < entries->len; i++)
    {
      PjStatisticsEntry *e = &g_array_index (entries, PjStatisticsEntry, i);
      g_autofree char *key = g_strdup_printf ("%s/%u", e->variant, e->players);

      json_builder_set_member_name (builder, key);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "played");
      json_builder_add_int_value (builder, e->played);
      json_builder_set_member_name (builder, "won");
      json_builder_add_int_value (builder, e->won);
      json_builder_set_member_name (builder, "streak");
      json_builder_add_int_value (builder, e->streak);
      json_builder_set_member_name (builder, "best");
      json_builder_add_int_value (builder, e->best);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

void
pj_statistics_record (GSettings     *settings,
                      const PjRules *rules,
                      gboolean       won)
{
  g_autofree char *old = NULL;
  g_autofree char *json = NULL;

  if (settings == NULL)
    return;

  old = g_settings_get_string (settings, "statistics");
  json = pj_statistics_add (old, rules, won);
  g_settings_set_string (settings, "statistics", json);
}

void
pj_statistics_clear (GSettings *settings)
{
  if (settings != NULL)
    g_settings_reset (settings, "statistics");
}

const char *
pj_statistics_variant_title (const char *variant)
{
  PjPreset preset;

  if (pj_preset_lookup (variant, &preset))
    return _(pj_preset_title (preset));
  /* Translators: rules that match no named variant */
  return C_("variant", "Custom rules");
}
