/* pj-server-config.c — the server's command line and --config file
 *
 * GOption calls the callbacks in the order the options come, which is what
 * lets --password, --rules, --computer and --port apply to the --table
 * given last.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "pj-file.h"
#include "pj-net.h"
#include "pj-server-config.h"
#include "pj-server-log.h"

#define DEFAULT_COMPUTER_DELAY_MS 700
#define DEFAULT_REMATCH_DELAY_MS  10000
/* a config of many tables is a few KiB */
#define CONFIG_MAX_SIZE           (1024 * 1024)

PjServerTableConfig *
pj_server_table_config_new (const char *name)
{
  PjServerTableConfig *config = g_new0 (PjServerTableConfig, 1);
  g_autofree char *clean = name ? pj_net_clean_name (name) : NULL;

  /* The name is the one guests see, the log prints and discovery shows:
   * cleaned as a player's is at the door. One that cleaning would cut
   * short (or that is not text) stays as given, for the check to refuse
   * it: two long names must not become one. */
  if (name != NULL && g_utf8_validate (name, -1, NULL) && strlen (name) <= PJ_NET_MAX_NAME &&
      g_utf8_strlen (name, -1) <= PJ_NET_MAX_NAME_CHARS)
    config->name = clean ? g_steal_pointer (&clean) : g_strdup ("");
  else
    config->name = g_strdup (name);
  config->port = PJ_SERVER_PORT_DEFAULT;
  pj_rules_preset (&config->rules, PJ_PRESET_BASIC, 4);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    config->level[i] = PJ_AI_NORMAL;
  return config;
}

PjServerTableConfig *
pj_server_table_config_copy (const PjServerTableConfig *config)
{
  PjServerTableConfig *copy = g_memdup2 (config, sizeof *config);

  copy->name = g_strdup (config->name);
  copy->stored_as = g_strdup (config->stored_as);
  copy->password = g_strdup (config->password);
  return copy;
}

void
pj_server_table_config_free (PjServerTableConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->name);
  g_free (config->stored_as);
  g_free (config->password);
  g_free (config);
}

gboolean
pj_server_table_config_add_computer (PjServerTableConfig *config,
                                     const char          *text,
                                     GError             **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 2);
  guint64 seat;
  PjAiLevel level;

  if (g_strv_length (parts) != 2 ||
      !g_ascii_string_to_unsigned (parts[0], 10, 1, PJ_MAX_PLAYERS, &seat, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Table “%s”: “%s” is not a computer seat: write SEAT:LEVEL with a seat from 1 to %d, like 2:hard"),
                   config->name, text, PJ_MAX_PLAYERS);
      return FALSE;
    }
  if (!pj_ai_level_from_string (parts[1], &level))
    {
      g_autofree char *levels = pj_ai_level_list ();

      /* Translators: the last %s lists the computer levels' names */
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Table “%s”: there is no computer level “%s” (%s)"),
                   config->name, parts[1], levels);
      return FALSE;
    }
  config->computer[seat - 1] = TRUE;
  config->level[seat - 1] = level;
  return TRUE;
}

gboolean
pj_server_table_config_check (const PjServerTableConfig *config,
                              GError                   **error)
{
  guint computers = 0;

  if (config->name == NULL || *config->name == '\0' ||
      strlen (config->name) > PJ_NET_MAX_NAME || !g_utf8_validate (config->name, -1, NULL) ||
      g_utf8_strlen (config->name, -1) > PJ_NET_MAX_NAME_CHARS ||
      /* a key file's group holds the name: no [ or ] in it, or the table
       * would be forgotten at the next start */
      strpbrk (config->name, "\n\r\t\"[]") != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("A table name must be 1 to %d characters (%d bytes) of text with letters or signs, without \", [ or ]"),
                   PJ_NET_MAX_NAME_CHARS, PJ_NET_MAX_NAME);
      return FALSE;
    }
  if (config->password && strlen (config->password) > PJ_NET_MAX_PASSWORD)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Table “%s”: the password is longer than %d bytes"),
                   config->name, PJ_NET_MAX_PASSWORD);
      return FALSE;
    }
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    {
      if (!config->computer[i])
        continue;
      if (i >= config->rules.players)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Table “%s”: there is no seat %u with %u players"),
                       config->name, i + 1, (guint) config->rules.players);
          return FALSE;
        }
      computers++;
    }
  if (computers >= config->rules.players)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Table “%s”: every seat is a computer; leave at least one for a person"),
                   config->name);
      return FALSE;
    }
  return TRUE;
}

void
pj_server_table_config_to_key_file (const PjServerTableConfig *config,
                                    GKeyFile                  *key_file)
{
  g_autofree char *rules = pj_rules_to_string (&config->rules);
  g_autoptr (GPtrArray) computers = g_ptr_array_new_with_free_func (g_free);

  if (config->password)
    g_key_file_set_string (key_file, config->name, "password", config->password);
  g_key_file_set_string (key_file, config->name, "rules", rules);
  for (guint i = 0; i < PJ_MAX_PLAYERS; i++)
    if (config->computer[i])
      g_ptr_array_add (computers, g_strdup_printf ("%u:%s", i + 1, pj_ai_level_name (config->level[i])));
  if (computers->len > 0)
    g_key_file_set_string_list (key_file, config->name, "computer",
                                (const char * const *) computers->pdata, computers->len);
  if (config->port != PJ_SERVER_PORT_DEFAULT)
    g_key_file_set_integer (key_file, config->name, "port", config->port);
}

static gboolean
parse_port (const char  *table,
            const char  *text,
            int         *out,
            GError     **error)
{
  guint64 port;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT16, &port, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Table “%s”: “%s” is not a port (0 to 65535; 0 picks a free one)"),
                   table, text);
      return FALSE;
    }
  *out = (int) port;
  return TRUE;
}

static gboolean
parse_rules (PjServerTableConfig  *config,
             const char           *text,
             GError              **error)
{
  g_autoptr (GError) local = NULL;

  if (!pj_rules_from_string (&config->rules, text, &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Table “%s”: %s"), config->name, local->message);
      return FALSE;
    }
  return TRUE;
}

PjServerTableConfig *
pj_server_table_config_from_key_file (GKeyFile    *key_file,
                                      const char  *group,
                                      GError     **error)
{
  g_autoptr (PjServerTableConfig) config = pj_server_table_config_new (group);
  g_auto (GStrv) keys = g_key_file_get_keys (key_file, group, NULL, NULL);

  for (guint i = 0; keys && keys[i]; i++)
    {
      const char *key = keys[i];
      g_autoptr (GError) local = NULL;
      g_autofree char *value = g_key_file_get_string (key_file, group, key, &local);

      if (value == NULL || !g_utf8_validate (key, -1, NULL))
        {
          g_autofree char *shown = g_utf8_make_valid (key, -1);

          if (local == NULL)
            g_set_error_literal (&local, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_UNKNOWN_ENCODING,
                                 _("the key is not UTF-8 text"));

          /* never read as empty: an unreadable password would open the table */
          g_set_error (error, PJ_SERVER_CONFIG_ERROR, PJ_SERVER_CONFIG_ERROR_UNREADABLE,
                       _("Table “%s”: the value of “%s” cannot be read: %s"),
                       group, shown, local->message);
          return NULL;
        }
      if (g_str_equal (key, "password"))
        {
          g_free (config->password);
          config->password = *value ? g_steal_pointer (&value) : NULL;
        }
      else if (g_str_equal (key, "rules"))
        {
          if (!parse_rules (config, value, error))
            return NULL;
        }
      else if (g_str_equal (key, "port"))
        {
          if (!parse_port (group, value, &config->port, error))
            return NULL;
        }
      else if (g_str_equal (key, "computer"))
        {
          g_auto (GStrv) list = g_key_file_get_string_list (key_file, group, key, NULL, &local);

          if (list == NULL)
            {
              g_set_error (error, PJ_SERVER_CONFIG_ERROR, PJ_SERVER_CONFIG_ERROR_UNREADABLE,
                           _("Table “%s”: the value of “%s” cannot be read: %s"),
                           group, key, local->message);
              return NULL;
            }

          for (guint j = 0; list && list[j]; j++)
            if (*g_strstrip (list[j]) && !pj_server_table_config_add_computer (config, list[j], error))
              return NULL;
        }
      else
        {
          g_autofree char *shown = g_utf8_make_valid (key, -1);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Table “%s”: unknown key “%s” (password, rules, computer, port)"),
                       group, shown);
          return NULL;
        }
    }
  return g_steal_pointer (&config);
}

G_DEFINE_QUARK (pj-server-config-error-quark, pj_server_config_error)

/* ---- the command line ------------------------------------------------------ */

PjServerConfig *
pj_server_config_new (void)
{
  PjServerConfig *config = g_new0 (PjServerConfig, 1);

  config->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) pj_server_table_config_free);
  config->computer_delay_ms = DEFAULT_COMPUTER_DELAY_MS;
  config->rematch_delay_ms = DEFAULT_REMATCH_DELAY_MS;
  return config;
}

void
pj_server_config_free (PjServerConfig *config)
{
  if (config == NULL)
    return;
  g_ptr_array_unref (config->tables);
  pj_server_table_config_free (config->left_out);
  g_free (config->save_dir);
  g_free (config->admin_path);
  g_free (config);
}

gboolean
pj_server_table_name_equal (const char *a,
                            const char *b)
{
  g_autofree char *key_a = NULL;
  g_autofree char *key_b = NULL;

  if (a == NULL || b == NULL)
    return a == b;
  key_a = pj_net_name_key (a);
  key_b = pj_net_name_key (b);
  return strcmp (key_a, key_b) == 0;
}

PjServerTableConfig *
pj_server_config_find (PjServerConfig *config,
                       const char     *name)
{
  for (guint i = 0; i < config->tables->len; i++)
    {
      PjServerTableConfig *t = g_ptr_array_index (config->tables, i);
      if (pj_server_table_name_equal (t->name, name))
        return t;
    }
  return NULL;
}

/* A second table of a name (its case aside, as guests tell names apart)
 * is left out with one line; the others start. FALSE: it was. */
static gboolean
add_table (PjServerConfig      *config,
           PjServerTableConfig *table)
{
  PjServerTableConfig *first = pj_server_config_find (config, table->name);

  if (first != NULL)
    {
      pj_server_log (NULL, _("Not hosting a second table named “%s”: “%s” is hosted already"),
                     table->name, first->name);
      pj_server_table_config_free (table);
      return FALSE;
    }
  g_ptr_array_add (config->tables, table);
  return TRUE;
}

static PjServerTableConfig *
last_table (PjServerConfig  *config,
            const char      *option,
            GError         **error)
{
  /* the options of a --table left out are its own, not the one before's */
  if (config->left_out)
    return config->left_out;
  if (config->tables->len == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s belongs to a table: put it after --table NAME"), option);
      return NULL;
    }
  return g_ptr_array_index (config->tables, config->tables->len - 1);
}

static gboolean
table_cb (const char  *option,
          const char  *value,
          gpointer     data,
          GError     **error)
{
  PjServerConfig *config = data;
  PjServerTableConfig *table = pj_server_table_config_new (value);

  g_clear_pointer (&config->left_out, pj_server_table_config_free);
  if (pj_server_config_find (config, table->name))
    {
      pj_server_log (NULL, _("Not hosting a second table named “%s”: “%s” is hosted already"),
                     table->name, pj_server_config_find (config, table->name)->name);
      config->left_out = table;
      return TRUE;
    }
  return add_table (config, table);
}

static gboolean
password_cb (const char  *option,
             const char  *value,
             gpointer     data,
             GError     **error)
{
  PjServerTableConfig *t = last_table (data, option, error);

  if (t == NULL)
    return FALSE;
  g_free (t->password);
  t->password = *value ? g_strdup (value) : NULL;
  return TRUE;
}

static gboolean
rules_cb (const char  *option,
          const char  *value,
          gpointer     data,
          GError     **error)
{
  PjServerTableConfig *t = last_table (data, option, error);

  return t != NULL && parse_rules (t, value, error);
}

static gboolean
computer_cb (const char  *option,
             const char  *value,
             gpointer     data,
             GError     **error)
{
  PjServerTableConfig *t = last_table (data, option, error);

  return t != NULL && pj_server_table_config_add_computer (t, value, error);
}

static gboolean
port_cb (const char  *option,
         const char  *value,
         gpointer     data,
         GError     **error)
{
  PjServerTableConfig *t = last_table (data, option, error);

  return t != NULL && parse_port (t->name, value, &t->port, error);
}

/* A table whose settings are wrong is left out with one line naming it,
 * and the others start: one typo does not take every table down. What
 * cannot be read at all (a value that is not UTF-8, a file that is not a
 * key file) stops the start: nothing in it can be trusted to be what its
 * author meant, a password least of all. */
static gboolean
config_cb (const char  *option,
           const char  *value,
           gpointer     data,
           GError     **error)
{
  PjServerConfig *config = data;
  g_autoptr (GKeyFile) key_file = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) groups = NULL;
  guint added = 0, twice = 0;
  gsize len;

  /* a regular file of bounded size: never a FIFO or a device to hang on */
  text = pj_file_read_regular (value, CONFIG_MAX_SIZE, PJ_FILE_READ_NONE, &len, &local);
  if (text == NULL || !g_key_file_load_from_data (key_file, text, len, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Cannot read the tables in “%s”: %s"), value, local->message);
      return FALSE;
    }
  groups = g_key_file_get_groups (key_file, NULL);
  for (guint i = 0; groups[i]; i++)
    {
      g_autoptr (PjServerTableConfig) t = NULL;

      if (!g_utf8_validate (groups[i], -1, NULL))
        {
          g_autofree char *shown = g_utf8_make_valid (groups[i], -1);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Cannot read the tables in “%s”: the table name “%s” is not UTF-8 text"),
                       value, shown);
          return FALSE;
        }
      t = pj_server_table_config_from_key_file (key_file, groups[i], &local);

      if (t == NULL && g_error_matches (local, PJ_SERVER_CONFIG_ERROR, PJ_SERVER_CONFIG_ERROR_UNREADABLE))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Cannot read the tables in “%s”: %s"), value, local->message);
          return FALSE;
        }
      if (t == NULL || !pj_server_table_config_check (t, &local))
        {
          pj_server_log (NULL, _("Not hosting a table of “%s”: %s"), value, local->message);
          g_clear_error (&local);
          continue;
        }
      /* a table after it (on the command line) is not this file's */
      g_clear_pointer (&config->left_out, pj_server_table_config_free);
      if (add_table (config, g_steal_pointer (&t)))
        added++;
      else
        twice++;
    }
  /* tables named twice are there already: the start goes on with those */
  if (groups[0] != NULL && added == 0 && twice == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("No table in “%s” can be hosted"), value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
duration_cb (const char  *option,
             const char  *value,
             gpointer     data,
             GError     **error)
{
  PjServerConfig *config = data;
  guint64 ms;

  if (!g_ascii_string_to_unsigned (value, 10, 0, 600000, &ms, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s wants milliseconds from 0 to 600000, not “%s”"), option, value);
      return FALSE;
    }
  if (g_str_equal (option, "--computer-delay"))
    config->computer_delay_ms = MIN (ms, 60000);
  else
    config->rematch_delay_ms = (guint) ms;
  return TRUE;
}

gboolean
pj_server_config_parse (PjServerConfig  *config,
                        int             *argc,
                        char          ***argv,
                        GError         **error)
{
  const GOptionEntry entries[] = {
    { "table", 't', 0, G_OPTION_ARG_CALLBACK, table_cb,
      N_("Host a table of that name (repeat for more tables)"), N_("NAME") },
    { "password", 0, 0, G_OPTION_ARG_CALLBACK, password_cb,
      N_("The last table’s password"), N_("PW") },
    { "rules", 0, 0, G_OPTION_ARG_CALLBACK, rules_cb,
      N_("The last table’s rules, like \"basic players=4\""), N_("RULES") },
    { "computer", 0, 0, G_OPTION_ARG_CALLBACK, computer_cb,
      N_("A computer player at the last table (repeatable), like 2:hard"), N_("SEAT:LEVEL") },
    { "port", 0, 0, G_OPTION_ARG_CALLBACK, port_cb,
      /* Translators: the placeholder for --port's number in --help */
      N_("The last table’s TCP port (0: any free port)"), N_("N") },
    { "config", 0, 0, G_OPTION_ARG_CALLBACK, config_cb,
      N_("Read tables from a key file, one group per table"), N_("FILE") },
    { "save-dir", 0, 0, G_OPTION_ARG_FILENAME, &config->save_dir,
      N_("Folder for the tables’ autosaves (required)"), N_("DIR") },
    { "admin", 0, 0, G_OPTION_ARG_FILENAME, &config->admin_path,
      N_("Accept admin commands on this Unix socket"), N_("SOCKET_PATH") },
    { "no-discovery", 0, 0, G_OPTION_ARG_NONE, &config->no_discovery,
      N_("Do not announce the tables on the local network"), NULL },
    { "computer-delay", 0, 0, G_OPTION_ARG_CALLBACK, duration_cb,
      N_("Pause before each computer move (default 700)"), N_("MS") },
    { "rematch-delay", 0, 0, G_OPTION_ARG_CALLBACK, duration_cb,
      N_("Pause between a game’s end and the next deal (default 10000)"), N_("MS") },
    { NULL }
  };
  /* the synopsis people and tools rely on */
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("--table NAME [--password PW] [--rules RULES] [--computer SEAT:LEVEL]… [--port N] … --save-dir DIR"));
  GOptionGroup *group = g_option_group_new (NULL, NULL, NULL, config, NULL);
  g_autofree char *levels = pj_ai_level_list ();
  g_autofree char *description = NULL;

  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_context_set_main_group (context, group);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Host Pegs and Jokers tables on the local network, without a display."));
  /* Translators: %s lists the computer levels' names, as they are typed */
  description = g_strdup_printf (
    _("--password, --rules, --computer and --port apply to the --table given last.\n"
      "Seats count from 1 (Red). Levels: %s.\n"
      "Tables autosave to --save-dir and are all reopened from there when the\n"
      "server starts again. Each table prints “table \"NAME\" port N” once it listens.\n"
      "\n"
      "--admin SOCKET_PATH answers one line per command:\n"
      "  tables              the tables, their ports and phases\n"
      "  people TABLE        who is connected to a table\n"
      "  kick TABLE NAME     disconnect that person\n"
      "  ban TABLE NAME      disconnect them and refuse their address for this session"),
    levels);
  g_option_context_set_description (context, description);
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  g_clear_pointer (&config->left_out, pj_server_table_config_free);
  if (*argc > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Unexpected argument “%s”"), (*argv)[1]);
      return FALSE;
    }
  if (config->save_dir == NULL || *config->save_dir == '\0')
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--save-dir DIR is required: the tables autosave there"));
      return FALSE;
    }
  for (guint i = 0; i < config->tables->len; i++)
    if (!pj_server_table_config_check (g_ptr_array_index (config->tables, i), error))
      return FALSE;
  return TRUE;
}
