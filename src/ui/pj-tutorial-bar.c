/* pj-tutorial-bar.c — the instructions of "Learn to Play" above the board
 *
 * Says which step this is, what to do, and why a move was not taken; its
 * buttons leave the lesson (win.leave-tutorial), the last one for a real
 * game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-tutorial-bar.h"

struct _PjTutorialBar
{
  GtkBox      parent_instance;

  GtkLabel   *progress_label;
  GtkLabel   *instruction_label;
  GtkLabel   *message_label;
  GtkWidget  *leave_button;
  GtkWidget  *play_button;

  PjTutorial *tutorial;
};

G_DEFINE_FINAL_TYPE (PjTutorialBar, pj_tutorial_bar, GTK_TYPE_BOX)

static void
update (PjTutorialBar *self)
{
  g_autofree char *progress = NULL;
  const char *message = NULL;
  gboolean finished;
  guint step;

  if (self->tutorial == NULL)
    return;

  step = pj_tutorial_get_step (self->tutorial);
  finished = pj_tutorial_get_finished (self->tutorial);
  if (finished)
    progress = g_strdup (_("Lesson complete"));
  else
    /* Translators: e.g. "Step 2 of 6: Moving a peg" */
    progress = g_strdup_printf (_("Step %u of %u: %s"), step + 1, (guint) PJ_TUTORIAL_N_STEPS,
                                pj_tutorial_step_title (step));
  gtk_label_set_label (self->progress_label, progress);
  gtk_label_set_label (self->instruction_label,
                       finished ? pj_tutorial_finished_text () : pj_tutorial_step_instruction (step));
  message = pj_tutorial_get_message (self->tutorial);
  /* the line stays, empty, when there is nothing to say: the board under
   * the bar does not move as a message comes and goes */
  gtk_label_set_label (self->message_label, message ? message : "");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->message_label),
                               GTK_ACCESSIBLE_STATE_HIDDEN, message == NULL, -1);
  gtk_widget_set_visible (self->play_button, finished);
  gtk_widget_set_visible (self->leave_button, !finished);
}

void
pj_tutorial_bar_set_tutorial (PjTutorialBar *self,
                              PjTutorial    *tutorial)
{
  g_return_if_fail (PJ_IS_TUTORIAL_BAR (self));
  g_return_if_fail (tutorial == NULL || PJ_IS_TUTORIAL (tutorial));

  if (self->tutorial != NULL)
    g_signal_handlers_disconnect_by_func (self->tutorial, update, self);
  g_set_object (&self->tutorial, tutorial);
  if (tutorial != NULL)
    {
      g_signal_connect_object (tutorial, "notify::step", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tutorial, "notify::message", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  update (self);
}

const char *
pj_tutorial_bar_get_progress (PjTutorialBar *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL_BAR (self), NULL);

  return gtk_label_get_label (self->progress_label);
}

const char *
pj_tutorial_bar_get_instruction (PjTutorialBar *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL_BAR (self), NULL);

  return gtk_label_get_label (self->instruction_label);
}

const char *
pj_tutorial_bar_get_message (PjTutorialBar *self)
{
  g_return_val_if_fail (PJ_IS_TUTORIAL_BAR (self), NULL);

  return gtk_label_get_label (self->message_label);
}

static void
pj_tutorial_bar_dispose (GObject *object)
{
  PjTutorialBar *self = PJ_TUTORIAL_BAR (object);

  g_clear_object (&self->tutorial);
  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_TUTORIAL_BAR);

  G_OBJECT_CLASS (pj_tutorial_bar_parent_class)->dispose (object);
}

static void
pj_tutorial_bar_class_init (PjTutorialBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_tutorial_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-tutorial-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, progress_label);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, instruction_label);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, message_label);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, leave_button);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, play_button);
  gtk_widget_class_set_css_name (widget_class, "pj-tutorial-bar");
}

static void
pj_tutorial_bar_init (PjTutorialBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pj_tutorial_bar_new (void)
{
  return g_object_new (PJ_TYPE_TUTORIAL_BAR, NULL);
}
