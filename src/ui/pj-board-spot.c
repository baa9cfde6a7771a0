/* pj-board-spot.c — one hole of the board for screen readers (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-board-spot.h"

/* A GtkButton for the action screen readers call: GTK 4.8 gives a plain
 * widget's installed actions to AT-SPI too, but leaks a little each time
 * they are asked for. */
struct _PjBoardSpot
{
  GtkButton  parent_instance;

  PjPlace    place;
  char      *label;
  gboolean   pickable;
};

G_DEFINE_FINAL_TYPE (PjBoardSpot, pj_board_spot, GTK_TYPE_BUTTON)

enum {
  PICK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* the action screen readers (and AT-SPI) call: the board picks the hole */
static void
pj_board_spot_clicked (GtkButton *button)
{
  g_signal_emit (button, signals[PICK], 0);
}

static void
pj_board_spot_finalize (GObject *object)
{
  PjBoardSpot *self = PJ_BOARD_SPOT (object);

  g_free (self->label);

  G_OBJECT_CLASS (pj_board_spot_parent_class)->finalize (object);
}

static void
pj_board_spot_class_init (PjBoardSpotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkButtonClass *button_class = GTK_BUTTON_CLASS (klass);

  object_class->finalize = pj_board_spot_finalize;
  button_class->clicked = pj_board_spot_clicked;

  /**
   * PjBoardSpot::pick:
   *
   * The hole's action was called (by a screen reader or AT-SPI).
   */
  signals[PICK] = g_signal_new ("pick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* not "button": no theme's button style (sizes, paddings) applies */
  gtk_widget_class_set_css_name (widget_class, "pj-board-spot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
pj_board_spot_init (PjBoardSpot *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* clicks go to the board, which finds the hole nearest the pointer */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_DISABLED, TRUE, -1);
}

GtkWidget *
pj_board_spot_new (const PjPlace *place)
{
  PjBoardSpot *self = g_object_new (PJ_TYPE_BOARD_SPOT, NULL);

  self->place = *place;
  return GTK_WIDGET (self);
}

const PjPlace *
pj_board_spot_get_place (PjBoardSpot *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_SPOT (self), NULL);

  return &self->place;
}

void
pj_board_spot_set_label (PjBoardSpot *self,
                         const char  *label)
{
  g_return_if_fail (PJ_IS_BOARD_SPOT (self));

  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : "", -1);
}

const char *
pj_board_spot_get_label (PjBoardSpot *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_SPOT (self), NULL);

  return self->label;
}

void
pj_board_spot_set_pickable (PjBoardSpot *self,
                            gboolean     pickable)
{
  g_return_if_fail (PJ_IS_BOARD_SPOT (self));

  pickable = !!pickable;
  if (self->pickable == pickable)
    return;
  self->pickable = pickable;
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_DISABLED, !pickable, -1);
}

gboolean
pj_board_spot_get_pickable (PjBoardSpot *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_SPOT (self), FALSE);

  return self->pickable;
}
