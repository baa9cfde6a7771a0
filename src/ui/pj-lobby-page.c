/* pj-lobby-page.c — a LAN table before the deal: seats, rules, chat, Start
 *
 * The page shows what the table's client says (every client, the host's
 * own included, sees the same lobby) and sends requests through it; only
 * the things that belong to the host (rules, computer seats, Start) go to
 * the PjHost directly, and only when the table is hosted here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-chat-box.h"
#include "pj-lobby-page.h"
#include "pj-peg-style.h"
#include "pj-rules-window.h"
#include "pj-text.h"

struct _PjLobbyPage
{
  GtkWidget          parent_instance;

  GtkWidget         *header;
  AdwWindowTitle    *title;
  GtkWidget         *start_button;
  GtkWidget         *setup_group;
  AdwEntryRow       *name_row;
  AdwEntryRow       *password_row;
  AdwEntryRow       *player_row;
  GtkWidget         *open_button;
  GtkLabel          *address_label;
  GtkWidget         *addresses_group;
  GtkListBox        *addresses_list;
  GtkWidget         *rules_group;
  AdwComboRow       *variant_row;
  AdwComboRow       *players_row;
  GtkSwitch         *talk_switch;
  GtkWidget         *seats_group;
  GPtrArray         *seat_rows;
  GtkWidget         *people_group;
  GPtrArray         *people_rows;
  GtkWidget         *chat_group;
  PjChatBox         *chat;

  PjTable           *table;
  gboolean           updating;
};

G_DEFINE_FINAL_TYPE (PjLobbyPage, pj_lobby_page, GTK_TYPE_WIDGET)

enum {
  LEAVE,
  TABLE_OPENED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
toast (PjLobbyPage *self,
       const char  *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
  else
    g_message ("%s", text);
}

static gboolean
is_host (PjLobbyPage *self)
{
  return self->table != NULL && pj_table_get_host (self->table) != NULL;
}

/* ---- seats --------------------------------------------------------------- */

static void
draw_peg (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  GdkRGBA outline = { 0, 0, 0, 0.6 };

  pj_peg_style_draw_peg (cr, GPOINTER_TO_UINT (user_data), width / 2.0, height / 2.0,
                         MIN (width, height) / 2.0 - 1, &outline);
}

static void
sit_clicked_cb (GtkButton   *button,
                PjLobbyPage *self)
{
  pj_client_sit (pj_table_get_client (self->table),
                 GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat")));
}

static void
stand_clicked_cb (PjLobbyPage *self)
{
  pj_client_stand (pj_table_get_client (self->table));
}

static void
ready_toggled_cb (GtkToggleButton *button,
                  PjLobbyPage     *self)
{
  if (!self->updating)
    pj_client_set_ready (pj_table_get_client (self->table), gtk_toggle_button_get_active (button));
}

/* the host's choice for a seat nobody sits in: open, or a computer */
static void
kind_selected_cb (GtkDropDown *dropdown,
                  GParamSpec  *pspec,
                  PjLobbyPage *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "seat"));
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autoptr (GError) error = NULL;

  if (self->updating || !is_host (self))
    return;
  /* the list is "Open", then the computer levels in their order */
  if (!pj_host_set_seat_computer (pj_table_get_host (self->table), seat, selected > 0,
                                  selected > 0 ? (PjAiLevel) (selected - 1) : PJ_AI_NORMAL, &error))
    toast (self, error->message);
}

static const char *
level_title (PjAiLevel level)
{
  return pj_text_controller_title (pj_controller_from_level (level));
}

static GtkWidget *
seat_row (PjLobbyPage *self,
          guint        seat)
{
  PjClient *client = pj_table_get_client (self->table);
  const PjRules *rules = pj_client_get_rules (client);
  gboolean mine = pj_client_get_seat (client) == (int) seat;
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;
  const char *status;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *peg = gtk_drawing_area_new ();
  PjNetSeatInfo info;

  pj_client_get_seat_info (client, seat, &info);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (peg), 20);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (peg), 20);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (peg), draw_peg, GUINT_TO_POINTER (seat), NULL);
  gtk_widget_set_valign (peg, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), peg);

  switch (info.kind)
    {
    case PJ_NET_SEAT_HUMAN:
      if (mine)
        /* Translators: the seat of the person at this screen, e.g. "Ann (you)" */
        title = g_strdup_printf (_("%s (you)"), info.name);
      else
        title = g_strdup (info.name);
      status = !info.connected ? _("Away") : info.ready ? _("Ready") : _("Not ready");
      break;
    case PJ_NET_SEAT_COMPUTER:
      /* Translators: a computer player in the lobby, e.g. "Computer (Normal)" */
      title = g_strdup_printf (_("Computer (%s)"), level_title (info.level));
      status = _("Ready");
      break;
    default:
      title = g_strdup (_("Open seat"));
      status = _("Waiting for a player");
      break;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  /* Translators: a seat's colour, team and status, e.g. "Red · Team 1 · Ready" */
  subtitle = g_strdup_printf (_("%s · Team %u · %s"), pj_text_colour_name (seat),
                              pj_team_of (rules, seat) + 1, status);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  if (mine)
    {
      GtkWidget *ready = gtk_toggle_button_new_with_mnemonic (_("_Ready"));
      GtkWidget *stand = gtk_button_new_with_mnemonic (_("Stand _Up"));

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ready), info.ready);
      gtk_widget_set_valign (ready, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (ready, _("The game starts when everyone seated is ready"));
      g_signal_connect (ready, "toggled", G_CALLBACK (ready_toggled_cb), self);
      gtk_widget_set_valign (stand, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (stand, "flat");
      g_signal_connect_swapped (stand, "clicked", G_CALLBACK (stand_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), stand);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), ready);
    }

  if (info.kind == PJ_NET_SEAT_OPEN)
    {
      GtkWidget *sit = gtk_button_new_with_mnemonic (_("_Sit Here"));

      g_object_set_data (G_OBJECT (sit), "seat", GUINT_TO_POINTER (seat));
      gtk_widget_set_valign (sit, GTK_ALIGN_CENTER);
      g_signal_connect (sit, "clicked", G_CALLBACK (sit_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sit);
    }

  if (is_host (self) && info.kind != PJ_NET_SEAT_HUMAN)
    {
      const char *kinds[1 + PJ_AI_N_LEVELS + 1] = { C_("seat", "Open"), NULL };
      GtkWidget *dropdown;
      g_autofree char *label = NULL;

      for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
        kinds[1 + l] = pj_text_controller_long_title (pj_controller_from_level ((PjAiLevel) l));
      dropdown = gtk_drop_down_new_from_strings (kinds);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown),
                                  info.kind == PJ_NET_SEAT_COMPUTER ? (guint) info.level + 1 : 0);
      g_object_set_data (G_OBJECT (dropdown), "seat", GUINT_TO_POINTER (seat));
      gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
      /* Translators: accessible name of the list that makes a seat open or a computer's */
      label = g_strdup_printf (_("Who plays %s"), pj_text_colour_name (seat));
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (kind_selected_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), dropdown);
    }

  return row;
}

/* ---- people ---------------------------------------------------------------- */

static gboolean
find_person (PjLobbyPage *self,
             guint        id,
             PjNetPerson *out)
{
  PjHost *host = pj_table_get_host (self->table);
  PjClient *client = pj_table_get_client (self->table);
  guint n = host ? pj_host_get_n_people (host) : pj_client_get_n_people (client);

  for (guint i = 0; i < n; i++)
    if ((host ? pj_host_get_person (host, i, out) : pj_client_get_person (client, i, out)) &&
        out->id == id)
      return TRUE;
  return FALSE;
}

gboolean
pj_lobby_page_kick (PjLobbyPage *self,
                    guint        person_id,
                    gboolean     ban)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  PjNetPerson person;

  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), FALSE);

  if (!is_host (self) || !find_person (self, person_id, &person))
    return FALSE;
  name = g_strdup (person.name);
  if (!pj_host_kick (pj_table_get_host (self->table), person_id, ban, &error))
    {
      toast (self, error->message);
      return FALSE;
    }
  if (ban)
    /* Translators: after the host banned someone, e.g. "Bob was removed and cannot come back while the table is open" */
    text = g_strdup_printf (_("%s was removed and cannot come back while the table is open"), name);
  else
    /* Translators: after the host removed someone, e.g. "Bob was removed from the table" */
    text = g_strdup_printf (_("%s was removed from the table"), name);
  toast (self, text);
  return TRUE;
}

static void
kick_clicked_cb (GtkButton   *button,
                 PjLobbyPage *self)
{
  pj_lobby_page_kick (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "pj-person")),
                      g_object_get_data (G_OBJECT (button), "pj-ban") != NULL);
}

static GtkWidget *
kick_button (PjLobbyPage *self,
             const char  *mnemonic,
             const char  *label,
             const char  *tooltip,
             guint        id,
             gboolean     ban)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, ban ? "destructive-action" : "flat");
  gtk_widget_set_tooltip_text (button, tooltip);
  /* the name says whom: a list of "Remove" buttons would not */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data (G_OBJECT (button), "pj-person", GUINT_TO_POINTER (id));
  g_object_set_data (G_OBJECT (button), "pj-ban", ban ? GINT_TO_POINTER (TRUE) : NULL);
  g_signal_connect (button, "clicked", G_CALLBACK (kick_clicked_cb), self);
  return button;
}

static GtkWidget *
person_row (PjLobbyPage       *self,
            const PjNetPerson *person)
{
  PjClient *client = pj_table_get_client (self->table);
  gboolean me = person->id == pj_client_get_person_id (client);
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *where = NULL;

  if (me)
    title = g_strdup_printf (_("%s (you)"), person->name);
  else
    title = g_strdup (person->name);
  if (person->seat >= 0)
    /* Translators: where a person at the table sits, e.g. "Red seat" */
    where = g_strdup_printf (_("%s seat"), pj_text_colour_name ((guint) person->seat));
  else
    /* Translators: under a person's name in the lobby's people list: the
     * person has no seat and watches the game */
    where = g_strdup (_("Watching"));
  /* the host sees where each connection comes from */
  if (person->address != NULL)
    subtitle = g_strdup_printf ("%s · %s", where, person->address);
  else
    subtitle = g_steal_pointer (&where);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  if (is_host (self) && !me)
    {
      g_autofree char *remove_label = NULL;
      g_autofree char *ban_label = NULL;

      /* Translators: accessible name of the Remove button of a person in the lobby, e.g. "Remove Bob" */
      remove_label = g_strdup_printf (_("Remove %s"), person->name);
      /* Translators: accessible name of the Ban button of a person in the lobby, e.g. "Ban Bob" */
      ban_label = g_strdup_printf (_("Ban %s"), person->name);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 kick_button (self, _("_Remove"), remove_label,
                                              _("Send them away; they may join again"), person->id, FALSE));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 kick_button (self, _("_Ban"), ban_label,
                                              _("Send them away for as long as the table is open"), person->id, TRUE));
    }
  return row;
}

static void
update_people (PjLobbyPage *self)
{
  PjHost *host = pj_table_get_host (self->table);
  PjClient *client = pj_table_get_client (self->table);
  guint n = host ? pj_host_get_n_people (host) : pj_client_get_n_people (client);

  for (guint i = 0; i < self->people_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->people_group),
                                  g_ptr_array_index (self->people_rows, i));
  g_ptr_array_set_size (self->people_rows, 0);
  for (guint i = 0; i < n; i++)
    {
      PjNetPerson person;
      GtkWidget *row;

      if (!(host ? pj_host_get_person (host, i, &person) : pj_client_get_person (client, i, &person)))
        continue;
      row = person_row (self, &person);
      g_ptr_array_add (self->people_rows, row);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->people_group), row);
    }
  gtk_widget_set_visible (self->people_group, n > 0);
}

guint
pj_lobby_page_get_n_people (PjLobbyPage *self)
{
  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), 0);

  return self->people_rows->len;
}

static void
update_title (PjLobbyPage *self)
{
  PjClient *client;
  g_autofree char *subtitle = NULL;
  guint seated = 0, n;

  if (self->table == NULL)
    return;

  client = pj_table_get_client (self->table);
  n = pj_client_get_n_seats (client);
  for (guint seat = 0; seat < n; seat++)
    {
      PjNetSeatInfo info;

      pj_client_get_seat_info (client, seat, &info);
      seated += info.kind != PJ_NET_SEAT_OPEN;
    }
  if (pj_client_get_table_name (client) != NULL)
    adw_window_title_set_title (self->title, pj_client_get_table_name (client));
  if (!pj_table_get_connected (self->table))
    subtitle = g_strdup (_("Connecting…"));
  else
    /* Translators: in the lobby's title, e.g. "3 of 4 seats taken" */
    subtitle = g_strdup_printf (ngettext ("%u of %u seat taken", "%u of %u seats taken", n), seated, n);
  adw_window_title_set_subtitle (self->title, subtitle);
}

static void
copy_address_cb (GtkButton   *button,
                 PjLobbyPage *self)
{
  const char *address = g_object_get_data (G_OBJECT (button), "pj-address");

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), address);
}

/* The addresses people type (IPv4 first, then Avahi's .local name, then
 * IPv6), each with a copy button: never a bare host name that another
 * computer cannot resolve. */
static void
fill_addresses (PjLobbyPage *self)
{
  PjPublisher *publisher = pj_table_get_publisher (self->table);
  const char *local = publisher != NULL ? pj_publisher_get_host_name (publisher) : NULL;
  guint16 port = pj_table_get_port (self->table);
  g_auto (GStrv) found = pj_net_local_addresses (port);
  g_autoptr (GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *child;

  for (guint i = 0; found[i] != NULL && found[i][0] != '['; i++)
    g_ptr_array_add (shown, g_strdup (found[i]));
  if (local != NULL)
    g_ptr_array_add (shown, g_strdup_printf ("%s:%u", local, port));
  for (guint i = 0; found[i] != NULL; i++)
    if (found[i][0] == '[')
      g_ptr_array_add (shown, g_strdup (found[i]));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->addresses_list))) != NULL)
    gtk_list_box_remove (self->addresses_list, child);
  for (guint i = 0; i < shown->len; i++)
    {
      const char *address = g_ptr_array_index (shown, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");
      g_autofree char *label = NULL;

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), address);
      gtk_widget_add_css_class (row, "property");
      gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (copy, "flat");
      gtk_widget_set_tooltip_text (copy, _("Copy Address"));
      /* Translators: the copy button's name for a screen reader, e.g. "Copy 192.168.1.5:47251" */
      label = g_strdup_printf (_("Copy %s"), address);
      gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_object_set_data_full (G_OBJECT (copy), "pj-address", g_strdup (address), g_free);
      g_signal_connect (copy, "clicked", G_CALLBACK (copy_address_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), copy);
      gtk_list_box_append (self->addresses_list, row);
    }
  gtk_widget_set_visible (self->addresses_group, shown->len > 0);
}

char **
pj_lobby_page_dup_addresses (PjLobbyPage *self)
{
  GPtrArray *out = g_ptr_array_new ();

  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->addresses_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    g_ptr_array_add (out, g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row))));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

static void
update_address (PjLobbyPage *self)
{
  g_autofree char *text = NULL;
  g_autofree char *where = NULL;
  PjPublisher *publisher;
  const char *fingerprint;

  if (!is_host (self))
    {
      /* what the guest compares, read aloud, with what the host's lobby shows */
      fingerprint = pj_client_get_host_fingerprint (pj_table_get_client (self->table));
      if (fingerprint == NULL)
        {
          gtk_widget_set_visible (GTK_WIDGET (self->address_label), FALSE);
          return;
        }
      /* Translators: the table's certificate fingerprint, e.g. "The table's fingerprint: 4F2A 91C3 0B7E 55D0 1A2B 3C4D 5E6F 7081 (the host's lobby shows the same)." */
      text = g_strdup_printf (_("The table's fingerprint: %s (the host's lobby shows the same)."), fingerprint);
      gtk_label_set_label (self->address_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->address_label), TRUE);
      return;
    }

  publisher = pj_table_get_publisher (self->table);
  if (publisher != NULL && pj_publisher_get_published (publisher))
    where = g_strdup (_("Friends find this table on the local network, or type one of the addresses below."));
  else
    where = g_strdup (_("The table is not announced on the network: friends type one of the addresses below."));
  fill_addresses (self);
  fingerprint = pj_host_get_fingerprint (pj_table_get_host (self->table));
  /* Translators: after where friends join; the certificate fingerprint guests compare, e.g. "The table's fingerprint: 4F2A 91C3 0B7E 55D0 1A2B 3C4D 5E6F 7081." */
  text = fingerprint ? g_strdup_printf (_("%s The table's fingerprint: %s."), where, fingerprint)
                     : g_steal_pointer (&where);
  gtk_label_set_label (self->address_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->address_label), TRUE);
}

static void
update_rules (PjLobbyPage *self)
{
  const PjRules *rules = pj_client_get_rules (pj_table_get_client (self->table));
  int preset = pj_rules_match_preset (rules);

  self->updating = TRUE;
  if (preset >= 0)
    adw_combo_row_set_selected (self->variant_row, (guint) preset);
  adw_combo_row_set_selected (self->players_row, (rules->players - 4) / 2);
  gtk_switch_set_active (self->talk_switch, rules->beginner_table_talk);
  self->updating = FALSE;

  /* the host decides the rules; everyone else sees them */
  gtk_widget_set_sensitive (GTK_WIDGET (self->variant_row), is_host (self));
  gtk_widget_set_sensitive (GTK_WIDGET (self->players_row), is_host (self));
  gtk_widget_set_sensitive (GTK_WIDGET (self->talk_switch), is_host (self));
}

static void
lobby_changed_cb (PjLobbyPage *self)
{
  PjClient *client = pj_table_get_client (self->table);
  guint n = pj_client_get_n_seats (client);

  self->updating = TRUE;
  for (guint i = 0; i < self->seat_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->seats_group), g_ptr_array_index (self->seat_rows, i));
  g_ptr_array_set_size (self->seat_rows, 0);
  for (guint seat = 0; seat < n; seat++)
    {
      GtkWidget *row = seat_row (self, seat);

      g_ptr_array_add (self->seat_rows, row);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->seats_group), row);
    }
  self->updating = FALSE;

  update_people (self);
  update_rules (self);
  update_title (self);
  update_address (self);
  gtk_widget_set_visible (self->start_button, is_host (self));
  gtk_widget_set_sensitive (self->start_button, pj_table_can_start (self->table));
  gtk_widget_set_visible (self->rules_group, TRUE);
  gtk_widget_set_visible (self->seats_group, TRUE);
  gtk_widget_set_visible (self->chat_group, TRUE);
}

static void
rules_changed_cb (PjLobbyPage *self)
{
  g_autoptr (GError) error = NULL;
  PjRules rules;

  if (self->updating || !is_host (self))
    return;

  pj_rules_preset (&rules, (PjPreset) adw_combo_row_get_selected (self->variant_row),
                   4 + 2 * adw_combo_row_get_selected (self->players_row));
  rules.beginner_table_talk = gtk_switch_get_active (self->talk_switch);
  if (!pj_host_set_rules (pj_table_get_host (self->table), &rules, &error))
    toast (self, error->message);
}

static void
show_rules_cb (PjLobbyPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const PjRules *rules = self->table ? pj_client_get_rules (pj_table_get_client (self->table)) : NULL;

  gtk_window_present (GTK_WINDOW (pj_rules_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, rules)));
}

static void
chat_cb (PjLobbyPage *self,
         const char  *from,
         int          seat,
         const char  *text,
         gboolean     team)
{
  pj_chat_box_add_message (self->chat, from, text, team);
}

static void
chat_send_cb (PjLobbyPage *self,
              const char  *text,
              gboolean     team)
{
  if (self->table != NULL)
    pj_client_send_chat (pj_table_get_client (self->table), text, FALSE);
}

static void
table_error_cb (PjLobbyPage  *self,
                const GError *error)
{
  /* in the lobby the page is where the player looks */
  if (pj_table_get_game (self->table) == NULL && pj_table_get_connected (self->table))
    toast (self, pj_table_error_text (error));
}

static void
set_table (PjLobbyPage *self,
           PjTable     *table)
{
  g_assert (self->table == NULL);

  self->table = g_object_ref (table);
  g_signal_connect_object (table, "lobby-changed", G_CALLBACK (lobby_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (table, "notify::connected", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (table, "chat", G_CALLBACK (chat_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (table, "error", G_CALLBACK (table_error_cb), self, G_CONNECT_SWAPPED);
  if (pj_table_get_publisher (table) != NULL)
    {
      g_signal_connect_object (pj_table_get_publisher (table), "notify::published",
                               G_CALLBACK (update_address), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (pj_table_get_publisher (table), "notify::host-name",
                               G_CALLBACK (update_address), self, G_CONNECT_SWAPPED);
    }

  gtk_widget_set_visible (self->setup_group, FALSE);
  gtk_widget_set_visible (self->open_button, FALSE);
  if (pj_client_get_n_seats (pj_table_get_client (table)) > 0)
    lobby_changed_cb (self);
  update_title (self);
  update_address (self);
}

/* ---- opening ------------------------------------------------------------- */

/* The host's player takes the first open seat once, when the lobby
 * first shows up. */
static void
sit_first_cb (PjLobbyPage *self)
{
  PjClient *client = pj_table_get_client (self->table);

  if (g_object_get_data (G_OBJECT (self), "pj-sat") != NULL)
    return;
  g_object_set_data (G_OBJECT (self), "pj-sat", GINT_TO_POINTER (TRUE));
  for (guint seat = 0; seat < pj_client_get_n_seats (client); seat++)
    {
      PjNetSeatInfo info;

      pj_client_get_seat_info (client, seat, &info);
      if (info.kind == PJ_NET_SEAT_OPEN)
        {
          pj_client_sit (client, seat);
          return;
        }
    }
}

gboolean
pj_lobby_page_open_table (PjLobbyPage  *self,
                          const char   *table_name,
                          const char   *password,
                          const char   *player_name,
                          GError      **error)
{
  g_autoptr (PjTable) table = NULL;
  g_autofree char *name = NULL;
  g_autofree char *player = NULL;

  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), FALSE);
  g_return_val_if_fail (self->table == NULL, FALSE);

  name = g_strstrip (g_strdup (table_name ? table_name : ""));
  player = g_strstrip (g_strdup (player_name ? player_name : ""));
  table_name = name;
  player_name = player;
  if (table_name[0] == '\0' || player_name[0] == '\0')
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD,
                           _("The table and you need a name"));
      return FALSE;
    }
  if (strlen (table_name) > PJ_NET_MAX_NAME || strlen (player_name) > PJ_NET_MAX_NAME)
    {
      g_set_error_literal (error, PJ_NET_ERROR, PJ_NET_ERROR_INVALID_FIELD,
                           _("That name is too long"));
      return FALSE;
    }

  table = pj_table_new (player_name);
  if (!pj_table_host (table, table_name, password, 0, error))
    return FALSE;

  set_table (self, table);
  /* the host sits down first, in the first seat */
  g_signal_connect_object (table, "lobby-changed", G_CALLBACK (sit_first_cb), self, G_CONNECT_SWAPPED);
  g_signal_emit (self, signals[TABLE_OPENED], 0, table);
  return TRUE;
}

static void
open_clicked_cb (PjLobbyPage *self)
{
  g_autoptr (GError) error = NULL;

  if (!pj_lobby_page_open_table (self,
                                 gtk_editable_get_text (GTK_EDITABLE (self->name_row)),
                                 gtk_editable_get_text (GTK_EDITABLE (self->password_row)),
                                 gtk_editable_get_text (GTK_EDITABLE (self->player_row)),
                                 &error))
    toast (self, error->message);
}

gboolean
pj_lobby_page_start (PjLobbyPage *self)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), FALSE);

  if (!is_host (self))
    return FALSE;
  if (!pj_host_start_game (pj_table_get_host (self->table), &error))
    {
      toast (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
start_clicked_cb (PjLobbyPage *self)
{
  pj_lobby_page_start (self);
}

static void
leave_clicked_cb (PjLobbyPage *self)
{
  g_signal_emit (self, signals[LEAVE], 0);
}

PjTable *
pj_lobby_page_get_table (PjLobbyPage *self)
{
  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), NULL);

  return self->table;
}

gboolean
pj_lobby_page_get_can_start (PjLobbyPage *self)
{
  g_return_val_if_fail (PJ_IS_LOBBY_PAGE (self), FALSE);

  return is_host (self) && gtk_widget_get_sensitive (self->start_button);
}

/* ---- building ------------------------------------------------------------- */

static void
pj_lobby_page_dispose (GObject *object)
{
  PjLobbyPage *self = (PjLobbyPage *) object;
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_LOBBY_PAGE);
  /* the children the template does not name go too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->seat_rows, g_ptr_array_unref);
  g_clear_pointer (&self->people_rows, g_ptr_array_unref);
  g_clear_object (&self->table);

  G_OBJECT_CLASS (pj_lobby_page_parent_class)->dispose (object);
}

static void
pj_lobby_page_class_init (PjLobbyPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_lobby_page_dispose;

  /* The player wants to go back to the board (the window leaves the table). */
  signals[LEAVE] =
    g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A table was opened here (the window keeps it for the game). */
  signals[TABLE_OPENED] =
    g_signal_new ("table-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, PJ_TYPE_TABLE);

  g_type_ensure (PJ_TYPE_CHAT_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-lobby-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, header);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, title);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, setup_group);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, name_row);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, password_row);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, player_row);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, open_button);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, address_label);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, addresses_group);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, addresses_list);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, rules_group);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, variant_row);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, players_row);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, talk_switch);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, seats_group);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, people_group);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, chat_group);
  gtk_widget_class_bind_template_child (widget_class, PjLobbyPage, chat);
  gtk_widget_class_bind_template_callback (widget_class, leave_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_rules_cb);
  gtk_widget_class_bind_template_callback (widget_class, rules_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, chat_send_cb);
  gtk_widget_class_set_css_name (widget_class, "pj-lobby");
}

static void
pj_lobby_page_init (PjLobbyPage *self)
{
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);
  g_autofree char *default_table = NULL;

  self->seat_rows = g_ptr_array_new ();
  self->people_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  /* the variants' titles come from the engine's presets */
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    gtk_string_list_append (variants, _(pj_preset_title ((PjPreset) p)));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variants));

  /* Translators: the default name of a hosted table, e.g. "kitchen’s table" */
  default_table = g_strdup_printf (_("%s’s table"), g_get_host_name ());
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), default_table);
}

GtkWidget *
pj_lobby_page_new_host (const char *player_name)
{
  PjLobbyPage *self = g_object_new (PJ_TYPE_LOBBY_PAGE, NULL);

  if (player_name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->player_row), player_name);
  return GTK_WIDGET (self);
}

GtkWidget *
pj_lobby_page_new_for_table (PjTable *table)
{
  PjLobbyPage *self;

  g_return_val_if_fail (PJ_IS_TABLE (table), NULL);

  self = g_object_new (PJ_TYPE_LOBBY_PAGE, NULL);
  set_table (self, table);
  return GTK_WIDGET (self);
}
