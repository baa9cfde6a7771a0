/* pj-alert.c — asking a question, with whichever dialog libadwaita has
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-alert.h"

/* The two alerts have the same calls under their own prefix. */
#if ADW_CHECK_VERSION (1, 5, 0)
# define NEW_ALERT 1
# define ALERT_CALL(name) adw_alert_dialog_##name
#else
# define NEW_ALERT 0
# define ALERT_CALL(name) adw_message_dialog_##name
#endif

/**
 * pj_alert_new:
 * @heading: (nullable): the question
 * @body: (nullable): what it is about
 *
 * Returns: (transfer none): a new alert without responses, not yet
 *   shown: pj_alert_present() hands it to its window
 */
PjAlert *
pj_alert_new (const char *heading,
              const char *body)
{
#if NEW_ALERT
  return PJ_ALERT (adw_alert_dialog_new (heading, body));
#else
  /* its parent comes with pj_alert_present() */
  return PJ_ALERT (adw_message_dialog_new (NULL, heading, body));
#endif
}

const char *
pj_alert_get_heading (PjAlert *self)
{
  return ALERT_CALL (get_heading) (self);
}

void
pj_alert_set_heading (PjAlert    *self,
                      const char *heading)
{
  ALERT_CALL (set_heading) (self, heading);
}

const char *
pj_alert_get_body (PjAlert *self)
{
  return ALERT_CALL (get_body) (self);
}

void
pj_alert_set_body (PjAlert    *self,
                   const char *body)
{
  ALERT_CALL (set_body) (self, body);
}

GtkWidget *
pj_alert_get_extra_child (PjAlert *self)
{
  return ALERT_CALL (get_extra_child) (self);
}

void
pj_alert_set_extra_child (PjAlert   *self,
                          GtkWidget *child)
{
  ALERT_CALL (set_extra_child) (self, child);
}

void
pj_alert_add_response (PjAlert    *self,
                       const char *id,
                       const char *label)
{
  ALERT_CALL (add_response) (self, id, label);
}

/* id, label pairs up to a NULL id, in their order on screen */
void
pj_alert_add_responses (PjAlert    *self,
                        const char *first_id,
                        ...)
{
  va_list args;

  va_start (args, first_id);
  for (const char *id = first_id; id != NULL; id = va_arg (args, const char *))
    pj_alert_add_response (self, id, va_arg (args, const char *));
  va_end (args);
}

gboolean
pj_alert_has_response (PjAlert    *self,
                       const char *id)
{
  return ALERT_CALL (has_response) (self, id);
}

const char *
pj_alert_get_response_label (PjAlert    *self,
                             const char *id)
{
  return ALERT_CALL (get_response_label) (self, id);
}

void
pj_alert_set_response_appearance (PjAlert               *self,
                                  const char            *id,
                                  AdwResponseAppearance  appearance)
{
  ALERT_CALL (set_response_appearance) (self, id, appearance);
}

const char *
pj_alert_get_default_response (PjAlert *self)
{
  return ALERT_CALL (get_default_response) (self);
}

void
pj_alert_set_default_response (PjAlert    *self,
                               const char *id)
{
  ALERT_CALL (set_default_response) (self, id);
}

const char *
pj_alert_get_close_response (PjAlert *self)
{
  return ALERT_CALL (get_close_response) (self);
}

void
pj_alert_set_close_response (PjAlert    *self,
                             const char *id)
{
  ALERT_CALL (set_close_response) (self, id);
}

#if NEW_ALERT
/* "closed" comes as the dialog starts to fade out, and it stays a child of
 * the window until it has: closed is what counts. */
static void
alert_closed_cb (PjAlert *self)
{
  g_object_set_data (G_OBJECT (self), "pj-alert-closed", GINT_TO_POINTER (TRUE));
}
#endif

/**
 * pj_alert_present:
 * @self: an alert
 * @parent: (nullable): a widget of the window it asks about
 *
 * Show @self over @parent's window: inside it (libadwaita 1.5), or as a
 * modal window of its own that belongs to it.
 */
static void
alert_answered_cb (PjAlert    *self,
                   const char *response)
{
  g_debug ("answered “%s”: %s", pj_alert_get_heading (self), response);
}

void
pj_alert_present (PjAlert   *self,
                  GtkWidget *parent)
{
  g_return_if_fail (PJ_IS_ALERT (self));
  g_return_if_fail (parent == NULL || GTK_IS_WIDGET (parent));

  /* What the app asks, and what it was told, in its log (G_MESSAGES_DEBUG=
   * pj-ui): since libadwaita 1.5 a question is no window of its own that
   * a window list would show (.ci/flatpak looks here) */
  g_debug ("asking “%s”", pj_alert_get_heading (self));
  g_signal_handlers_disconnect_by_func (self, alert_answered_cb, NULL);
  g_signal_connect (self, "response", G_CALLBACK (alert_answered_cb), NULL);

#if NEW_ALERT
  g_object_set_data (G_OBJECT (self), "pj-alert-closed", NULL);
  g_signal_handlers_disconnect_by_func (self, alert_closed_cb, NULL);
  g_signal_connect (self, "closed", G_CALLBACK (alert_closed_cb), NULL);
#endif
  pj_dialog_present (GTK_WIDGET (self), parent);
}

/* Take @self away as Escape would: it answers its close response (both
 * kinds do), for a question that is moot now. */
void
pj_alert_close (PjAlert *self)
{
  g_return_if_fail (PJ_IS_ALERT (self));

  pj_dialog_close (GTK_WIDGET (self));
}

/* Whether @self is on screen, not closed or closing. */
gboolean
pj_alert_is_shown (PjAlert *self)
{
  g_return_val_if_fail (PJ_IS_ALERT (self), FALSE);

#if NEW_ALERT
  return gtk_widget_get_parent (GTK_WIDGET (self)) != NULL &&
         g_object_get_data (G_OBJECT (self), "pj-alert-closed") == NULL;
#else
  return gtk_widget_get_visible (GTK_WIDGET (self));
#endif
}

static GtkWidget *
find_button (GtkWidget  *widget,
             GtkWidget  *skip,
             const char *label)
{
  if (widget == skip)
    return NULL;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, skip, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button that answers @id, as a person would press it (for tests):
 * one with its label, past the extra child's own buttons. */
GtkWidget *
pj_alert_get_response_button (PjAlert    *self,
                              const char *id)
{
  const char *label;

  g_return_val_if_fail (PJ_IS_ALERT (self), NULL);

  label = pj_alert_get_response_label (self, id);
  if (label == NULL)
    return NULL;
  return find_button (GTK_WIDGET (self), pj_alert_get_extra_child (self), label);
}

/**
 * pj_dialog_present:
 * @dialog: an AdwDialog, or a window before libadwaita 1.5
 * @parent: (nullable): a widget of the window it belongs to
 *
 * Show @dialog over @parent's window: inside it (an AdwDialog), or as a
 * modal window of its own that belongs to it.
 */
void
pj_dialog_present (GtkWidget *dialog,
                   GtkWidget *parent)
{
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

  g_return_if_fail (GTK_IS_WIDGET (dialog));
  g_return_if_fail (parent == NULL || GTK_IS_WIDGET (parent));

#if NEW_ALERT
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_present (ADW_DIALOG (dialog), parent);
      return;
    }
#endif
  g_return_if_fail (GTK_IS_WINDOW (dialog));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Close @dialog as its close button or Escape would, and at once: an
 * AdwDialog that could refuse does not get to (force-close). An alert
 * answers its close response either way. */
void
pj_dialog_close (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if NEW_ALERT
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_force_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  g_return_if_fail (GTK_IS_WINDOW (dialog));
  gtk_window_close (GTK_WINDOW (dialog));
}

/* The size @dialog asks for its content, or its window's when it is one. */
void
pj_dialog_set_size (GtkWidget *dialog,
                    int        width,
                    int        height)
{
  g_return_if_fail (GTK_IS_WIDGET (dialog));

#if NEW_ALERT
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_set_content_width (ADW_DIALOG (dialog), width);
      adw_dialog_set_content_height (ADW_DIALOG (dialog), height);
      return;
    }
#endif
  g_return_if_fail (GTK_IS_WINDOW (dialog));
  gtk_window_set_default_size (GTK_WINDOW (dialog), width, height);
}

/**
 * pj_dialog_shown_over:
 * @window: a window of the app's
 *
 * Returns: (transfer none) (nullable): a window or dialog on screen that
 *   belongs to @window
 */
GtkWidget *
pj_dialog_shown_over (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* owned by GTK */

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);

#if NEW_ALERT
  if (ADW_IS_APPLICATION_WINDOW (window))
    {
      AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

      if (dialog != NULL)
        return GTK_WIDGET (dialog);
    }
#endif
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (w != window && gtk_window_get_transient_for (w) == window &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }
  return NULL;
}
