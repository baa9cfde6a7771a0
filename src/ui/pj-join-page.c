/* pj-join-page.c — find a LAN table (or name its address) and join it
 *
 * Discovery is a convenience: without Avahi the list says so and joining
 * by address works the same. A table that asks for a password gets a
 * prompt first; a wrong one brings the host's own refusal back to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-alert.h"
#include "pj-join-page.h"
#include "pj-text.h"

struct _PjJoinPage
{
  GtkWidget        parent_instance;

  AdwWindowTitle  *title;
  AdwEntryRow     *name_row;
  AdwEntryRow     *address_row;
  GtkWidget       *tables_group;
  GtkListBox      *list;
  GtkLabel        *status_label;
  GtkWidget       *seats_group;
  GtkListBox      *seats_list;

  char            *rejoin_dir;
  GPtrArray       *rejoins;      /* of PjRejoin, as listed */

  PjBrowser       *browser;
  GCancellable    *cancellable;
  PjTable         *joining;
  gboolean         busy;
  AdwToast        *last_toast;   /* weak: a new refusal replaces it */
};

G_DEFINE_FINAL_TYPE (PjJoinPage, pj_join_page, GTK_TYPE_WIDGET)

enum {
  BACK,
  JOINED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void join (PjJoinPage *self, const char *host, guint16 port, const char *label, const char *password);

static void
toast (PjJoinPage *self,
       const char *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay == NULL)
    {
      g_message ("%s", text);
      return;
    }
  /* the answer to the last try, not a queue of old ones */
  if (self->last_toast != NULL)
    adw_toast_dismiss (self->last_toast);
  g_set_weak_pointer (&self->last_toast, adw_toast_new (text));
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), self->last_toast);
}

static void
set_busy (PjJoinPage *self,
          const char *label)
{
  g_autofree char *subtitle = NULL;

  self->busy = label != NULL;
  if (label != NULL)
    /* Translators: while joining, e.g. "Connecting to kitchen:47251…" */
    subtitle = g_strdup_printf (_("Connecting to %s…"), label);
  adw_window_title_set_subtitle (self->title, subtitle ? subtitle : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->list), !self->busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->address_row), !self->busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seats_list), !self->busy);
}

/* ---- password prompt ------------------------------------------------------- */

typedef struct {
  PjJoinPage *self;
  char       *host;
  guint16     port;
  char       *label;
  GtkWidget  *entry;
} Prompt;

static void
prompt_free (gpointer data)
{
  Prompt *p = data;

  g_object_unref (p->self);
  g_free (p->host);
  g_free (p->label);
  g_free (p);
}

static void
prompt_response_cb (PjAlert    *dialog,
                    const char *response,
                    Prompt     *p)
{
  if (g_strcmp0 (response, "join") == 0)
    join (p->self, p->host, p->port, p->label, gtk_editable_get_text (GTK_EDITABLE (p->entry)));
}

static void
ask_password (PjJoinPage *self,
              const char *host,
              guint16     port,
              const char *label,
              const char *refusal)
{
  g_autofree char *body = NULL;
  PjAlert *dialog;
  Prompt *p = g_new0 (Prompt, 1);

  p->self = g_object_ref (self);
  p->host = g_strdup (host);
  p->port = port;
  p->label = g_strdup (label);

  if (refusal != NULL)
    /* Translators: the host refused the password; its words follow */
    body = g_strdup_printf (_("The table refused: %s"), refusal);
  else
    /* Translators: e.g. "“kitchen’s table” asks for a password." */
    body = g_strdup_printf (_("“%s” asks for a password."), label);
  dialog = pj_alert_new (_("Password Needed"), body);
  p->entry = gtk_password_entry_new ();
  gtk_password_entry_set_show_peek_icon (GTK_PASSWORD_ENTRY (p->entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (p->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Password"), -1);
  g_object_set (p->entry, "activates-default", TRUE, NULL);
  pj_alert_set_extra_child (dialog, p->entry);
  pj_alert_add_responses (dialog,
                          "cancel", _("_Cancel"),
                          "join", _("_Join"),
                          NULL);
  pj_alert_set_response_appearance (dialog, "join", ADW_RESPONSE_SUGGESTED);
  pj_alert_set_default_response (dialog, "join");
  pj_alert_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (prompt_response_cb), p,
                         (GClosureNotify) (void (*) (void)) prompt_free, 0);
  pj_alert_present (dialog, GTK_WIDGET (self));
}

/* ---- joining ---------------------------------------------------------------- */

typedef struct {
  PjJoinPage *self;
  char       *host;
  guint16     port;
  char       *label;
  char       *password;     /* for a try again once a new certificate is trusted */
  gboolean    with_password;
  gboolean    rejoin;
} Attempt;

static void refresh_rejoins (PjJoinPage *self);

static void
attempt_free (Attempt *a)
{
  g_object_unref (a->self);
  g_free (a->host);
  g_free (a->label);
  g_free (a->password);
  g_free (a);
}

/* ---- a table whose certificate changed ------------------------------------- */

typedef struct {
  PjJoinPage *self;
  PjTable    *table;
  Attempt    *attempt;
} Trust;

static void
trust_free (gpointer data)
{
  Trust *t = data;

  g_object_unref (t->self);
  g_object_unref (t->table);
  attempt_free (t->attempt);
  g_free (t);
}

static void
try_again (PjJoinPage *self,
           Attempt    *a)
{
  if (!a->rejoin)
    {
      join (self, a->host, a->port, a->label, a->password);
      return;
    }
  /* the kept seat, found again by where it is (the list may have changed) */
  for (guint i = 0; self->rejoins != NULL && i < self->rejoins->len; i++)
    {
      PjRejoin *r = g_ptr_array_index (self->rejoins, i);

      if (g_strcmp0 (r->address, a->host) == 0 && r->port == a->port)
        {
          pj_join_page_rejoin (self, i);
          return;
        }
    }
}

static void
trust_response_cb (PjAlert    *dialog,
                   const char *response,
                   Trust      *t)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "trust") != 0)
    return;
  if (!pj_client_trust_changed_host (pj_table_get_client (t->table), &error))
    {
      toast (t->self, error->message);
      return;
    }
  try_again (t->self, t->attempt);
}

/* Both fingerprints, for the person to compare with what the host reads
 * out; trusting pins the new one (exactly it) and tries again. */
static void
ask_trust (PjJoinPage *self,
           PjTable    *table,
           Attempt    *a)
{
  PjClient *client = pj_table_get_client (table);
  g_autofree char *body = NULL;
  PjAlert *dialog;
  Trust *t = g_new0 (Trust, 1);

  t->self = g_object_ref (self);
  t->table = g_object_ref (table);
  t->attempt = a;
  /* Translators: the table's certificate changed since the last join; the label, then the fingerprint pinned before and the one shown now, e.g. "Before: 4F2A 91C3 …" */
  body = g_strdup_printf (_("“%s” showed a different certificate than last time.\n\n"
                            "Before: %s\nNow: %s\n\n"
                            "Someone on the network may be pretending to be this table. Ask the host to "
                            "read out the fingerprint their lobby shows. Trust the new certificate only if "
                            "it is the same as “Now” (the host moved or reinstalled the game)."),
                          a->label, pj_client_get_pinned_fingerprint (client),
                          pj_client_get_host_fingerprint (client));
  dialog = pj_alert_new (_("The Table’s Certificate Changed"), body);
  pj_alert_add_responses (dialog,
                          "cancel", _("_Cancel"),
                          "trust", _("_Trust the New Certificate"),
                          NULL);
  pj_alert_set_response_appearance (dialog, "trust", ADW_RESPONSE_DESTRUCTIVE);
  /* Enter must not trust a stranger */
  pj_alert_set_default_response (dialog, "cancel");
  pj_alert_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (trust_response_cb), t,
                         (GClosureNotify) (void (*) (void)) trust_free, 0);
  pj_alert_present (dialog, GTK_WIDGET (self));
}

static void
join_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Attempt *a = user_data;
  PjJoinPage *self = a->self;
  g_autoptr (PjTable) table = g_object_ref (PJ_TABLE (object));
  g_autoptr (GError) error = NULL;
  gboolean joined = pj_table_join_finish (table, result, &error);

  /* a try another one replaced (or Back ended) is over, and says nothing:
   * the page speaks for the try in flight */
  if (self->joining != table)
    {
      if (joined)
        pj_table_leave (table);
      attempt_free (a);
      return;
    }
  g_clear_object (&self->joining);

  if (!joined)
    {
      set_busy (self, NULL);
      if (g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_PASSWORD))
        ask_password (self, a->host, a->port, a->label, a->with_password ? pj_table_error_text (error) : NULL);
      else if (g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_HOST_CHANGED) &&
               pj_client_get_pinned_fingerprint (pj_table_get_client (table)) != NULL)
        {
          ask_trust (self, table, a);
          return;
        }
      else if (a->rejoin && g_error_matches (error, PJ_NET_ERROR, PJ_NET_ERROR_BAD_TOKEN))
        {
          /* Translators: a seat kept after a crash that the host no longer holds, e.g. "Your seat at “Friday” is gone: that game is over" */
          g_autofree char *text = g_strdup_printf (_("Your seat at “%s” is gone: that game is over"), a->label);
          toast (self, text);
          refresh_rejoins (self);
        }
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          toast (self, pj_table_error_text (error));
        }
      attempt_free (a);
      return;
    }

  set_busy (self, NULL);
  g_signal_emit (self, signals[JOINED], 0, table);
  attempt_free (a);
}

static char *
player_name (PjJoinPage *self)
{
  char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));

  if (name[0] == '\0')
    {
      g_free (name);
      name = g_strdup (g_get_real_name ());
      if (name[0] == '\0' || g_strcmp0 (name, "Unknown") == 0)
        {
          g_free (name);
          name = g_strdup (g_get_user_name ());
        }
    }
  if (strlen (name) > PJ_NET_MAX_NAME)
    name[PJ_NET_MAX_NAME] = '\0', g_utf8_make_valid (name, -1);
  return name;
}

static Attempt *
start_attempt (PjJoinPage *self,
               PjTable    *table,
               const char *host,
               guint16     port,
               const char *label)
{
  Attempt *a = g_new0 (Attempt, 1);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  a->self = g_object_ref (self);
  a->host = g_strdup (host);
  a->port = port;
  a->label = g_strdup (label);
  g_clear_object (&self->joining);
  self->joining = table;
  set_busy (self, label);
  return a;
}

static void
join (PjJoinPage *self,
      const char *host,
      guint16     port,
      const char *label,
      const char *password)
{
  g_autofree char *name = player_name (self);
  PjTable *table = pj_table_new (name);
  Attempt *a = start_attempt (self, table, host, port, label);

  a->with_password = password != NULL && password[0] != '\0';
  a->password = g_strdup (password);
  pj_table_join_async (table, host, port, password, self->cancellable, join_done_cb, a);
}

gboolean
pj_join_page_join_address (PjJoinPage *self,
                           const char *address,
                           const char *password)
{
  g_autofree char *host = NULL;
  g_autofree char *label = NULL;
  guint16 port = 0;

  g_return_val_if_fail (PJ_IS_JOIN_PAGE (self), FALSE);

  if (!pj_net_parse_address (address, &host, &port))
    {
      toast (self, _("That is not an address: try “192.168.1.5”, “kitchen.local:47251” or “[fe80::1]:47251”"));
      return FALSE;
    }
  label = strchr (host, ':') != NULL ? g_strdup_printf ("[%s]:%u", host, port)
                                     : g_strdup_printf ("%s:%u", host, port);
  join (self, host, port, label, password);
  return TRUE;
}

static void
address_apply_cb (PjJoinPage  *self,
                  AdwEntryRow *row)
{
  pj_join_page_join_address (self, gtk_editable_get_text (GTK_EDITABLE (row)), NULL);
}

/* ---- seats kept after a crash ----------------------------------------------- */

void
pj_join_page_rejoin (PjJoinPage *self,
                     guint       i)
{
  g_autofree char *name = NULL;
  PjRejoin *r;
  PjTable *table;
  Attempt *a;

  g_return_if_fail (PJ_IS_JOIN_PAGE (self));
  g_return_if_fail (self->rejoins != NULL && i < self->rejoins->len);

  if (self->busy)
    return;
  r = g_ptr_array_index (self->rejoins, i);
  /* the name the seat was taken under, not whatever the row says now */
  name = r->player_name != NULL ? g_strdup (r->player_name) : player_name (self);
  table = pj_table_new (name);
  /* forgotten here if the host refuses the token */
  pj_table_set_rejoin_dir (table, self->rejoin_dir);
  a = start_attempt (self, table, r->address, r->port, r->table_name);
  a->rejoin = TRUE;
  a->with_password = r->password != NULL;
  pj_table_rejoin_async (table, r, self->cancellable, join_done_cb, a);
}

guint
pj_join_page_get_n_rejoins (PjJoinPage *self)
{
  g_return_val_if_fail (PJ_IS_JOIN_PAGE (self), 0);

  return self->rejoins != NULL ? self->rejoins->len : 0;
}

static void
rejoin_activated_cb (AdwActionRow *row,
                     PjJoinPage   *self)
{
  pj_join_page_rejoin (self, (guint) gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)));
}

static void
forget_clicked_cb (GtkButton  *button,
                   PjJoinPage *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  int i = row != NULL ? gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) : -1;
  PjRejoin *r;

  if (i < 0 || self->rejoins == NULL || (guint) i >= self->rejoins->len)
    return;
  r = g_ptr_array_index (self->rejoins, i);
  pj_rejoin_remove (self->rejoin_dir, r->address, r->port, r->table_name);
  refresh_rejoins (self);
}

static void
refresh_rejoins (PjJoinPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats_list))) != NULL)
    gtk_list_box_remove (self->seats_list, child);
  g_clear_pointer (&self->rejoins, g_ptr_array_unref);
  if (self->rejoin_dir != NULL)
    self->rejoins = pj_rejoin_list (self->rejoin_dir);

  for (guint i = 0; self->rejoins != NULL && i < self->rejoins->len; i++)
    {
      PjRejoin *r = g_ptr_array_index (self->rejoins, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *forget = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *where = NULL;

      /* Translators: a seat kept after the app closed mid-game, e.g. "Rejoin your seat at “Friday”" */
      title = g_strdup_printf (_("Rejoin your seat at “%s”"), r->table_name);
      where = strchr (r->address, ':') != NULL ? g_strdup_printf ("[%s]:%u", r->address, r->port)
                                               : g_strdup_printf ("%s:%u", r->address, r->port);
      /* Translators: the kept seat's colour and the table's address, e.g. "Blue · 192.168.1.5:47251" */
      subtitle = g_strdup_printf (_("%s · %s"), pj_text_colour_name ((guint) r->seat), where);
      if (r->closed != 0)
        {
          g_autofree char *open = g_steal_pointer (&subtitle);

          /* Translators: after the kept seat's colour and address; the host closed that table, e.g. "Blue · 192.168.1.5:47251 · closed by its host: yours again if it reopens" */
          subtitle = g_strdup_printf (_("%s · closed by its host: yours again if it reopens"), open);
        }
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (forget, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (forget, "flat");
      gtk_widget_set_tooltip_text (forget, _("Forget this seat"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (forget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Forget this seat"), -1);
      g_signal_connect (forget, "clicked", G_CALLBACK (forget_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), forget);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_signal_connect (row, "activated", G_CALLBACK (rejoin_activated_cb), self);
      gtk_list_box_append (self->seats_list, row);
    }
  gtk_widget_set_visible (self->seats_group, self->rejoins != NULL && self->rejoins->len > 0);
}

void
pj_join_page_set_rejoin_dir (PjJoinPage *self,
                             const char *dir)
{
  g_return_if_fail (PJ_IS_JOIN_PAGE (self));

  g_free (self->rejoin_dir);
  self->rejoin_dir = g_strdup (dir);
  refresh_rejoins (self);
}

/* ---- the list of tables ------------------------------------------------------ */

static void
update_table_row (AdwActionRow *row,
                  GParamSpec   *pspec,
                  PjTableInfo  *info)
{
  g_autofree char *subtitle = NULL;
  const char *variant = pj_table_info_get_variant (info);
  PjPreset preset;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pj_table_info_get_table_name (info));
  if (variant != NULL && pj_preset_lookup (variant, &preset))
    variant = _(pj_preset_title (preset));
  else
    variant = C_("variant", "Custom rules");
  /* Translators: a table found on the network: variant, seats, host; e.g. "Basic · 2 of 4 seats taken · kitchen.local" */
  subtitle = g_strdup_printf (_("%s · %u of %u seats taken · %s"), variant,
                              pj_table_info_get_seats_taken (info), pj_table_info_get_seats_total (info),
                              pj_table_info_get_host_name (info) ? pj_table_info_get_host_name (info) : "");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "lock"),
                          pj_table_info_get_password_required (info));
}

static void
table_activated_cb (AdwActionRow *row,
                    PjJoinPage   *self)
{
  PjTableInfo *info = g_object_get_data (G_OBJECT (row), "info");
  const char *address = pj_table_info_get_address (info);

  if (self->busy || address == NULL)
    return;
  if (pj_table_info_get_password_required (info))
    ask_password (self, address, pj_table_info_get_port (info), pj_table_info_get_table_name (info), NULL);
  else
    join (self, address, pj_table_info_get_port (info), pj_table_info_get_table_name (info), NULL);
}

static GtkWidget *
create_table_row (gpointer item,
                  gpointer user_data)
{
  PjTableInfo *info = item;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *lock = gtk_image_new_from_icon_name ("system-lock-screen-symbolic");
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

  gtk_widget_set_tooltip_text (lock, _("A password is needed"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (lock), GTK_ACCESSIBLE_PROPERTY_LABEL, _("A password is needed"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), lock);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  g_object_set_data (G_OBJECT (row), "lock", lock);
  g_object_set_data_full (G_OBJECT (row), "info", g_object_ref (info), g_object_unref);
  g_signal_connect (row, "activated", G_CALLBACK (table_activated_cb), user_data);
  g_signal_connect_object (info, "notify", G_CALLBACK (update_table_row), row, G_CONNECT_SWAPPED);
  update_table_row (ADW_ACTION_ROW (row), NULL, info);
  return row;
}

static void
update_status (PjJoinPage *self)
{
  gboolean off = self->browser == NULL || !pj_browser_get_available (self->browser);

  gtk_widget_set_visible (GTK_WIDGET (self->status_label), off);
  gtk_widget_set_visible (GTK_WIDGET (self->list), !off);
}

void
pj_join_page_set_browser (PjJoinPage *self,
                          PjBrowser  *browser)
{
  g_return_if_fail (PJ_IS_JOIN_PAGE (self));
  g_return_if_fail (browser == NULL || PJ_IS_BROWSER (browser));

  if (self->browser != NULL)
    g_signal_handlers_disconnect_by_data (self->browser, self);
  g_set_object (&self->browser, browser);
  gtk_list_box_bind_model (self->list, browser ? G_LIST_MODEL (browser) : NULL,
                           create_table_row, self, NULL);
  if (browser != NULL)
    g_signal_connect_swapped (browser, "notify::available", G_CALLBACK (update_status), self);
  update_status (self);
}

gboolean
pj_join_page_get_discovery_off (PjJoinPage *self)
{
  g_return_val_if_fail (PJ_IS_JOIN_PAGE (self), TRUE);

  return gtk_widget_get_visible (GTK_WIDGET (self->status_label));
}

const char *
pj_join_page_get_status (PjJoinPage *self)
{
  g_return_val_if_fail (PJ_IS_JOIN_PAGE (self), NULL);

  return pj_join_page_get_discovery_off (self) ? gtk_label_get_label (self->status_label) : NULL;
}

/* ---- GObject ------------------------------------------------------------------ */

static void
back_clicked_cb (PjJoinPage *self)
{
  g_cancellable_cancel (self->cancellable);
  g_signal_emit (self, signals[BACK], 0);
}

static void
pj_join_page_dispose (GObject *object)
{
  PjJoinPage *self = (PjJoinPage *) object;
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  if (self->browser != NULL)
    g_signal_handlers_disconnect_by_data (self->browser, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_JOIN_PAGE);
  /* the children the template does not name go too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->browser);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->joining);
  g_clear_pointer (&self->rejoins, g_ptr_array_unref);
  g_clear_pointer (&self->rejoin_dir, g_free);
  g_clear_weak_pointer (&self->last_toast);

  G_OBJECT_CLASS (pj_join_page_parent_class)->dispose (object);
}

static void
pj_join_page_class_init (PjJoinPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_join_page_dispose;

  signals[BACK] =
    g_signal_new ("back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Connected to a table: its lobby comes next. */
  signals[JOINED] =
    g_signal_new ("joined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, PJ_TYPE_TABLE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-join-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, title);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, name_row);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, address_row);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, tables_group);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, list);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, seats_group);
  gtk_widget_class_bind_template_child (widget_class, PjJoinPage, seats_list);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, address_apply_cb);
  gtk_widget_class_set_css_name (widget_class, "pj-join");
}

static void
pj_join_page_init (PjJoinPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_status (self);
}

GtkWidget *
pj_join_page_new (const char *player_name)
{
  PjJoinPage *self = g_object_new (PJ_TYPE_JOIN_PAGE, NULL);

  if (player_name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->name_row), player_name);
  return GTK_WIDGET (self);
}
