/* pj-application.c — the Pegs and Jokers application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-application.h"
#include "pj-game.h"
#include "pj-window.h"

struct _PjApplication
{
  AdwApplication parent_instance;
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

/* The game left unfinished last time, if any; a damaged autosave is
 * ignored (the next move overwrites it). */
static PjGame *
unfinished_game (const char *path)
{
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (GError) error = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  record = pj_record_load (path, &error);
  if (record == NULL)
    {
      g_message ("The autosaved game could not be restored: %s", error->message);
      return NULL;
    }
  if (pj_state_is_over (pj_record_get_state (record)) || pj_record_get_n_actions (record) == 0)
    return NULL;
  return pj_game_new_from_record (record);
}

static void
pj_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      g_autofree char *path = autosave_path ();
      g_autoptr (PjGame) saved = unfinished_game (path);

      window = GTK_WINDOW (pj_window_new (GTK_APPLICATION (app)));
      pj_window_set_autosave_path (PJ_WINDOW (window), path);
      gtk_window_present (window);

      if (saved != NULL)
        pj_window_offer_resume (PJ_WINDOW (window), saved);
      else
        {
          g_autoptr (PjGame) game = first_game ();

          pj_window_set_game (PJ_WINDOW (window), game);
          pj_game_start (game);
        }
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
  const char *developers[] = { _("The Pegs and Jokers authors"), NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Pegs and Jokers"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "comments", _("A race of pegs round the board, moved by playing cards, for teams of two, three or four"),
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
rules_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWidget *window, *toolbar, *scroller, *label, *header;
  g_autofree char *text = NULL;

  text = g_strjoin ("\n\n",
                    _("Each player has five pegs in a start area beside their side of the board. Partners win together: the first team to bring every peg of every member into its home track wins."),
                    _("On your turn you play one card and move by it. Pegs run clockwise round the track. A peg enters its home track from its in-spot, the marked hole near the start of its side, and must fit exactly."),
                    _("Ace, Jack, Queen and King bring a peg out of the start area onto its come-out hole (the marked hole beside it). An Ace may also move 1, the face cards 10."),
                    _("Other cards move one peg forward by their value, except the Eight, which moves a peg 8 holes backward, and the Seven, which may be split between two pegs."),
                    _("A Joker moves one of your pegs onto any hole that holds a peg of another colour."),
                    _("A peg may not land on or pass a peg of its own colour. Landing on an opponent sends that peg back to its start; landing on a partner sends it to its own in-spot."),
                    _("You must play a card that moves if you have one. If none can move, you discard a card."),
                    _("The variants (Arizona, North Carolina, Pegoo and others) change some cards and rules; their options are listed in the New Game window."),
                    NULL);

  window = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Rules"));
  gtk_window_set_transient_for (GTK_WINDOW (window), gtk_application_get_active_window (app));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 520, 560);

  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 18);
  gtk_widget_set_margin_end (label, 18);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 18);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  gtk_widget_set_vexpand (scroller, TRUE);

  header = adw_header_bar_new ();
  toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (toolbar), header);
  gtk_box_append (GTK_BOX (toolbar), scroller);
  adw_window_set_content (ADW_WINDOW (window), toolbar);

  gtk_window_present (GTK_WINDOW (window));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
pj_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action },
    { "rules", rules_action },
    { "quit", quit_action },
  };
  static const char *const quit_accels[] = { "<Control>q", NULL };
  static const char *const rules_accels[] = { "F1", NULL };

  G_APPLICATION_CLASS (pj_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.rules", rules_accels);
}

static void
pj_application_class_init (PjApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = pj_application_activate;
  app_class->startup = pj_application_startup;
}

static void
pj_application_init (PjApplication *self)
{
}

PjApplication *
pj_application_new (void)
{
  return g_object_new (PJ_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/pegsandjokers/PegsAndJokers",
                       NULL);
}
