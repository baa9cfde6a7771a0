/* pj-welcome-dialog.c — the first launch: the goal in a few sentences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-welcome-dialog.h"

struct _PjWelcomeDialog
{
  PjAlert parent_instance;
};

G_DEFINE_FINAL_TYPE (PjWelcomeDialog, pj_welcome_dialog, PJ_TYPE_ALERT)

static void
pj_welcome_dialog_class_init (PjWelcomeDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-welcome-dialog.ui");
}

static void
pj_welcome_dialog_init (PjWelcomeDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PjWelcomeDialog *
pj_welcome_dialog_new (void)
{
  return g_object_new (PJ_TYPE_WELCOME_DIALOG, NULL);
}
