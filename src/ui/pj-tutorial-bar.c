/* pj-tutorial-bar.c — the instructions of "Learn to Play" above the board
 *
 * Says which step this is, what to do, and why a move was not taken; its
 * buttons leave the lesson (win.leave-tutorial), the last one for a real
 * game. The step shown is the next one as soon as a move is taken, while
 * the other players answer. Each line keeps the height of its tallest text
 * (every step's, laid out unseen in the same grid cell), so the board
 * under the bar never moves from step to step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-tutorial-bar.h"

struct _PjTutorialBar
{
  GtkBox      parent_instance;

  GtkWidget  *progress_grid;
  GtkWidget  *instruction_grid;
  GtkWidget  *message_grid;
  GtkLabel   *progress_label;
  GtkLabel   *instruction_label;
  GtkLabel   *message_label;
  GtkStack   *button_stack;
  GtkWidget  *leave_button;
  GtkWidget  *play_button;

  PjTutorial *tutorial;
};

G_DEFINE_FINAL_TYPE (PjTutorialBar, pj_tutorial_bar, GTK_TYPE_BOX)

static char *
progress_text (guint step)
{
  if (step >= PJ_TUTORIAL_N_STEPS)
    return g_strdup (_("Lesson complete"));
  /* Translators: e.g. "Step 2 of 6: Moving a peg" */
  return g_strdup_printf (_("Step %u of %u: %s"), step + 1, (guint) PJ_TUTORIAL_N_STEPS,
                          pj_tutorial_step_title (step));
}

/* A text the line may show, laid out unseen in the line's own grid cell:
 * the cell is as tall as the tallest of them at any width. */
static void
reserve (GtkWidget  *grid,
         GtkLabel   *shown,
         const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  g_auto (GStrv) classes = gtk_widget_get_css_classes (GTK_WIDGET (shown));

  gtk_widget_set_css_classes (label, (const char **) classes);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* as wide as the line it stands for at the least: a window measured at
   * its narrowest would otherwise ask for every step's text a word a line */
  gtk_label_set_width_chars (GTK_LABEL (label), gtk_label_get_width_chars (shown));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_opacity (label, 0);
  gtk_widget_set_can_target (label, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
}

static void
reserve_every_step (PjTutorialBar *self)
{
  for (guint step = 0; step <= PJ_TUTORIAL_N_STEPS; step++)
    {
      g_autofree char *progress = progress_text (step);
      gboolean finished = step == PJ_TUTORIAL_N_STEPS;

      reserve (self->progress_grid, self->progress_label, progress);
      reserve (self->instruction_grid, self->instruction_label,
               finished ? pj_tutorial_finished_text () : pj_tutorial_step_instruction (step));
      if (!finished)
        reserve (self->message_grid, self->message_label, pj_tutorial_step_retry (step));
    }
}

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
  /* the move is taken: what comes next is read while the others answer */
  if (pj_tutorial_get_busy (self->tutorial) && step < PJ_TUTORIAL_N_STEPS)
    step++;
  finished = step >= PJ_TUTORIAL_N_STEPS;
  progress = progress_text (step);
  gtk_label_set_label (self->progress_label, progress);
  gtk_label_set_label (self->instruction_label,
                       finished ? pj_tutorial_finished_text () : pj_tutorial_step_instruction (step));
  message = pj_tutorial_get_message (self->tutorial);
  /* the line stays, empty, when there is nothing to say: the board under
   * the bar does not move as a message comes and goes */
  gtk_label_set_label (self->message_label, message ? message : "");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->message_label),
                               GTK_ACCESSIBLE_STATE_HIDDEN, message == NULL, -1);
  gtk_stack_set_visible_child (self->button_stack, finished ? self->play_button : self->leave_button);
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
      g_signal_connect_object (tutorial, "notify::busy", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
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
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, progress_grid);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, instruction_grid);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, message_grid);
  gtk_widget_class_bind_template_child (widget_class, PjTutorialBar, button_stack);
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
  reserve_every_step (self);
}

GtkWidget *
pj_tutorial_bar_new (void)
{
  return g_object_new (PJ_TYPE_TUTORIAL_BAR, NULL);
}
