/* pj-application.c — the Pegs and Jokers application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-a11y.h"
#include "pj-alert.h"
#include "pj-application.h"
#include "pj-game.h"
#include "pj-join-page.h"
#include "pj-preferences-window.h"
#include "pj-rules-window.h"
#include "pj-settings.h"
#include "pj-window.h"

struct _PjApplication
{
  AdwApplication parent_instance;

  /* --new-instance: a second copy on the same desktop (e.g. to host and
   * join a LAN table from one computer); it keeps no autosave of a game
   * here, but a table it hosts saves to its own file */
  gboolean       new_instance;

  /* --host-table, --join, --find-tables: go straight to a LAN table (from
   * a desktop shortcut, or a script), as the LAN menu would */
  char          *host_table;
  char          *join_address;
  gboolean       find_tables;
};

G_DEFINE_FINAL_TYPE (PjApplication, pj_application, ADW_TYPE_APPLICATION)

/* The first game needs no questions: one human against computers, basic
 * rules, four players. "New Game" offers every choice. */
static PjGame *
first_game (void)
{
  PjGame *game;
  PjRules rules;

  pj_rules_preset (&rules, PJ_PRESET_BASIC, 4);
  game = pj_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int (), -1);
  return game;
}

static char *
autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "pegs-and-jokers", "autosave.json", NULL);
}

/* Where a table hosted by a --new-instance copy is saved: apart from the
 * main copy's, which it would otherwise overwrite (or, with no autosave,
 * not have at all, and nothing to reopen after a crash). */
static char *
new_instance_lan_save_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "pegs-and-jokers", "new-instance", "lan-table.json", NULL);
}

/* The game left unfinished last time, if any; a damaged autosave is set
 * aside and the last good one restored (notice says so). */
static PjGame *
unfinished_game (const char  *path,
                 char       **notice)
{
  g_autoptr (PjRecord) record = pj_game_restore_autosave (path, notice);

  if (record == NULL)
    return NULL;
  if (pj_state_is_over (pj_record_get_state (record)) || pj_record_get_n_actions (record) == 0)
    return NULL;
  return pj_game_new_from_record (record);
}

/* What --host-table, --join and --find-tables ask for, once the window is up. */
static void
lan_options (PjApplication *self,
             PjWindow      *window)
{
  if (self->host_table != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!pj_window_host_table (window, self->host_table, &error))
        g_printerr ("%s\n", error->message);
    }
  else if (self->join_address != NULL)
    {
      GtkWidget *join = pj_window_join_lan (window);

      pj_join_page_join_address (PJ_JOIN_PAGE (join), self->join_address, NULL);
    }
  else if (self->find_tables)
    pj_window_join_lan (window);
  else
    {
      g_autofree char *dir = pj_rejoin_default_dir ();
      g_autoptr (GPtrArray) kept = pj_rejoin_list (dir);

      /* killed mid-game at a LAN table: the join page offers the seat back
       * (not for a table its host closed: that one waits on the page) */
      for (guint i = 0; i < kept->len; i++)
        if (((PjRejoin *) g_ptr_array_index (kept, i))->closed == 0)
          {
            pj_window_join_lan (window);
            break;
          }
    }
}

static void
pj_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      PjApplication *self = PJ_APPLICATION (app);
      g_autofree char *path = self->new_instance ? NULL : autosave_path ();
      g_autofree char *notice = NULL;
      g_autoptr (PjGame) saved = path != NULL ? unfinished_game (path, &notice) : NULL;

      g_autofree char *rejoin_dir = pj_rejoin_default_dir ();

      window = GTK_WINDOW (pj_window_new (GTK_APPLICATION (app)));
      pj_window_set_autosave_path (PJ_WINDOW (window), path);
      pj_window_set_rejoin_dir (PJ_WINDOW (window), rejoin_dir);
      if (self->new_instance)
        {
          g_autofree char *lan_path = new_instance_lan_save_path ();

          pj_window_set_lan_save_path (PJ_WINDOW (window), lan_path);
        }
      gtk_window_present (window);
      if (notice != NULL)
        pj_window_add_toast (PJ_WINDOW (window), notice);

      if (saved != NULL)
        pj_window_offer_resume (PJ_WINDOW (window), saved);
      else
        {
          g_autoptr (PjGame) game = first_game ();

          pj_window_set_game (PJ_WINDOW (window), game);
          /* the first launch greets; a second instance or a LAN table
           * asked for on the command line goes straight on */
          if (self->new_instance || self->host_table != NULL || self->join_address != NULL ||
              self->find_tables || !pj_window_welcome (PJ_WINDOW (window)))
            pj_game_start (game);
        }
      lan_options (self, PJ_WINDOW (window));
      return;
    }

  gtk_window_present (window);
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { _("The Pegs and Jokers developers"), NULL };
  GtkWindow *parent = NULL;
  GtkWidget *about;

  /* over the game's window, also when asked from another one */
  for (GList *l = gtk_application_get_windows (app); l != NULL && parent == NULL; l = l->next)
    if (PJ_IS_WINDOW (l->data))
      parent = l->data;
  if (parent == NULL)
    parent = gtk_application_get_active_window (app);

  about = g_object_new (PJ_TYPE_ABOUT,
                        "application-name", _("Pegs and Jokers"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The Pegs and Jokers developers"),
                        "developers", developers,
                        /* Translators: the copyright line in About */
                        "copyright", _("© The Pegs and Jokers developers"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "website", PACKAGE_URL,
                        "issue-url", PACKAGE_BUGREPORT,
                        "comments", _("A race of pegs round the board, moved by playing cards, for teams of two, three or four"),
                        /* Translators: your name(s), one per line, e.g. "Ana Díaz <ana@example.org>" */
                        "translator-credits", _("translator-credits"),
                        NULL);
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_about_dialog_add_link (ADW_ABOUT_DIALOG (about), _("Help Translate"), PACKAGE_URL "/tree/main/po");
#else
  adw_about_window_add_link (ADW_ABOUT_WINDOW (about), _("Help Translate"), PACKAGE_URL "/tree/main/po");
#endif
  pj_dialog_present (about, parent ? GTK_WIDGET (parent) : NULL);
}

static void
rules_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *parent = gtk_application_get_active_window (app);
  PjGame *game = PJ_IS_WINDOW (parent) ? pj_window_get_game (PJ_WINDOW (parent)) : NULL;

  /* the rules of the game on the table */
  gtk_window_present (GTK_WINDOW (pj_rules_window_new (parent, game ? pj_game_get_rules (game) : NULL)));
}

/* Quit is closing the window: its size is kept, and a game that would be
 * lost (no autosave) is asked about first. */
static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *parent = gtk_application_get_active_window (app);
  g_autoptr (GSettings) settings = pj_settings_new ();
  GtkWidget *prefs = GTK_WIDGET (pj_preferences_window_new (settings));

  /* a window of its own (before libadwaita 1.5) is the app's, for its
   * shortcuts, as it always was */
  if (GTK_IS_WINDOW (prefs) && parent != NULL)
    gtk_window_set_application (GTK_WINDOW (prefs), gtk_window_get_application (parent));
  pj_dialog_present (prefs, parent ? GTK_WIDGET (parent) : NULL);
}

#if !ADW_CHECK_VERSION (1, 8, 0)
/* The menu's one name for the keyboard shortcuts on every stack: here GTK's
 * shortcuts window, made when asked for and destroyed when closed. Not the
 * help overlay GtkApplication would keep, hidden, for the game's window:
 * GTK 4.8 answers a screen reader asking for a window past the shown ones
 * with the last one in its list, and a hidden window there has no path on
 * the bus, which it cannot send and dies of. */
static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  GtkApplication *app = user_data;
  g_autoptr (GtkBuilder) builder = NULL;
  g_autofree char *path = NULL;
  GtkWindow *parent = NULL;
  GtkWindow *window;

  for (GList *l = gtk_application_get_windows (app); l != NULL && parent == NULL; l = l->next)
    if (PJ_IS_WINDOW (l->data))
      parent = l->data;

  path = g_strconcat (g_application_get_resource_base_path (G_APPLICATION (app)), "/shortcuts-window.ui", NULL);
  builder = gtk_builder_new_from_resource (path);
  window = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  gtk_window_set_application (window, app);
  if (parent != NULL)
    gtk_window_set_transient_for (window, parent);
  gtk_window_set_hide_on_close (window, FALSE);
  gtk_window_present (window);
}
#endif

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  /* the game's window, also when About or the rules have the focus */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l != NULL; l = l->next)
    if (PJ_IS_WINDOW (l->data))
      {
        pj_window_quit (PJ_WINDOW (l->data));
        return;
      }
  g_application_quit (G_APPLICATION (user_data));
}

/* The session ending (or anything else quitting us) keeps the window size too. */
static void
pj_application_shutdown (GApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (PJ_IS_WINDOW (l->data))
      pj_window_save_size (PJ_WINDOW (l->data));

  G_APPLICATION_CLASS (pj_application_parent_class)->shutdown (app);
}

static void
pj_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action },
    { "rules", rules_action },
    { "preferences", preferences_action },
    { "quit", quit_action },
#if !ADW_CHECK_VERSION (1, 8, 0)
    /* AdwApplication has its own from libadwaita 1.8 (src/ui/meson.build) */
    { "shortcuts", shortcuts_action },
#endif
  };
  static const char *const quit_accels[] = { "<Control>q", NULL };
  static const char *const rules_accels[] = { "F1", NULL };
  static const char *const preferences_accels[] = { "<Control>comma", NULL };
#if !ADW_CHECK_VERSION (1, 8, 0)
  static const char *const shortcuts_accels[] = { "<Control>question", NULL };
#endif

  G_APPLICATION_CLASS (pj_application_parent_class)->startup (app);
  pj_a11y_init ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.rules", rules_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
#if !ADW_CHECK_VERSION (1, 8, 0)
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.shortcuts", shortcuts_accels);
#endif
}

/* Before registering: a new instance does not hand over to the running one. */
static int
pj_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  PjApplication *self = PJ_APPLICATION (app);
  g_autofree char *host = NULL;
  guint16 port;

  if (g_variant_dict_contains (options, "new-instance"))
    {
      self->new_instance = TRUE;
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }

  g_variant_dict_lookup (options, "host-table", "s", &self->host_table);
  g_variant_dict_lookup (options, "join", "s", &self->join_address);
  self->find_tables = g_variant_dict_contains (options, "find-tables");

  /* a bad argument is said at once and nothing opens (STYLE habit 7) */
  if (self->host_table != NULL && self->join_address != NULL)
    {
      g_printerr ("%s\n", _("Host a table or join one, not both"));
      return 1;
    }
  if (self->host_table != NULL)
    {
      g_strstrip (self->host_table);
      if (self->host_table[0] == '\0' || strlen (self->host_table) > PJ_NET_MAX_NAME)
        {
          /* Translators: a bad --host-table argument */
          g_printerr (_("“%s” cannot name a table: give 1 to %u bytes"), self->host_table,
                      (guint) PJ_NET_MAX_NAME);
          g_printerr ("\n");
          return 1;
        }
    }
  if (self->join_address != NULL && !pj_net_parse_address (self->join_address, &host, &port))
    {
      /* Translators: a bad --join argument */
      g_printerr (_("“%s” is not an address: try “192.168.1.5”, “kitchen.local:47251” or “[fe80::1]:47251”"),
                  self->join_address);
      g_printerr ("\n");
      return 1;
    }
  return -1;
}

static void
pj_application_finalize (GObject *object)
{
  PjApplication *self = PJ_APPLICATION (object);

  g_free (self->host_table);
  g_free (self->join_address);

  G_OBJECT_CLASS (pj_application_parent_class)->finalize (object);
}

static void
pj_application_class_init (PjApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = pj_application_finalize;

  app_class->activate = pj_application_activate;
  app_class->handle_local_options = pj_application_handle_local_options;
  app_class->startup = pj_application_startup;
  app_class->shutdown = pj_application_shutdown;
}

static void
pj_application_init (PjApplication *self)
{
  const GOptionEntry entries[] = {
    { "new-instance", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Open another window that runs on its own (e.g. to host and join a LAN game on one computer)"), NULL },
    { "host-table", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Open a LAN table with this name"), N_("NAME") },
    { "join", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Join the LAN table at this address"), N_("ADDRESS") },
    { "find-tables", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("List the LAN tables on this network"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

PjApplication *
pj_application_new (void)
{
  PjApplication *self = g_object_new (PJ_TYPE_APPLICATION,
                                      "application-id", APP_ID,
                                      "flags", G_APPLICATION_DEFAULT_FLAGS,
                                      "resource-base-path", "/io/github/pegsandjokers/PegsAndJokers",
                                      NULL);

  /* told when the session ends, to quit (and keep the window size); GTK
   * 4.22 always registers, and says the property is deprecated */
#if !GTK_CHECK_VERSION (4, 21, 0)
  g_object_set (self, "register-session", TRUE, NULL);
#endif
  return self;
}
