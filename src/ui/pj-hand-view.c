/* pj-hand-view.c — the cards of the seat whose hand is shown
 *
 * One toggle button per card; at most one is picked. Cards without any
 * legal use this turn are insensitive: the window tells which, from the
 * model's legal actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-text.h"
#include "pj-card-names.h"
#include "pj-engine.h"
#include "pj-hand-view.h"
#include "pj-game.h"

struct _PjHandView
{
  GtkWidget   parent_instance;

  GtkWidget  *buttons[PJ_MAX_HAND];
  guint8      cards[PJ_MAX_HAND];
  gboolean    playable[PJ_MAX_HAND];
  guint       n_cards;
  int         selected;
  int         hint;
  gboolean    updating;
  gboolean    read_only;   /* a hand looked back at: shown, never played */
};

G_DEFINE_FINAL_TYPE (PjHandView, pj_hand_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
card_text (guint card)
{
  if (PJ_CARD_RANK (card) == PJ_CARD_JOKER)
    return g_strdup (_("Joker"));
  return g_strdup (pj_text_card_index (card));
}

/* Screen readers hear "playable" only for a card with a legal use now.
 * Between the player's turns the window keeps the cards sensitive, so
 * they stay legible, and makes the hand not targetable: then every card is
 * just its name. */
static void
update_labels (PjHandView *self)
{
  gboolean now = gtk_widget_get_can_target (GTK_WIDGET (self));

  for (guint i = 0; i < self->n_cards; i++)
    {
      g_autofree char *label = NULL;

      if (!now)
        label = g_strdup (pj_card_name (self->cards[i]));
      else if ((int) i == self->hint)
        /* Translators: a card in the hand that the hint suggests playing */
        label = g_strdup_printf (_("%s, suggested by the hint"), pj_card_name (self->cards[i]));
      else if (self->playable[i])
        /* Translators: a card in the hand, for screen readers, e.g. "Seven, playable" */
        label = g_strdup_printf (_("%s, playable"), pj_card_name (self->cards[i]));
      else
        /* Translators: a card in the hand that cannot be used now */
        label = g_strdup_printf (_("%s, no legal move"), pj_card_name (self->cards[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->buttons[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
    }
}

static void
button_toggled_cb (GtkToggleButton *button,
                   PjHandView      *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));

  if (self->updating)
    return;

  if (gtk_toggle_button_get_active (button))
    pj_hand_view_set_selected (self, index);
  else if (self->selected == index)
    pj_hand_view_set_selected (self, -1);
}

static void
pj_hand_view_dispose (GObject *object)
{
  PjHandView *self = (PjHandView *) object;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pj_hand_view_parent_class)->dispose (object);
}

static void
pj_hand_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PjHandView *self = PJ_HAND_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_hand_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PjHandView *self = PJ_HAND_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      pj_hand_view_set_selected (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_hand_view_class_init (PjHandViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_hand_view_dispose;
  object_class->get_property = pj_hand_view_get_property;
  object_class->set_property = pj_hand_view_set_property;

  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, PJ_MAX_HAND - 1, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pj-hand");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
pj_hand_view_init (PjHandView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->selected = -1;
  self->hint = -1;
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_box_layout_set_homogeneous (GTK_BOX_LAYOUT (layout), TRUE);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);

  for (guint i = 0; i < PJ_MAX_HAND; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();

      /* A label of our own, not gtk_button_set_label(): newer GTK names a
       * button by the label it made for it (labelled-by wins over the
       * accessible label), and the card's accessible name says more than
       * its face ("Seven, playable"). */
      gtk_button_set_child (GTK_BUTTON (button), gtk_label_new (NULL));
      gtk_widget_add_css_class (button, "text-button");
      gtk_widget_add_css_class (button, "card");
      gtk_widget_set_visible (button, FALSE);
      g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (i));
      g_signal_connect (button, "toggled", G_CALLBACK (button_toggled_cb), self);
      gtk_widget_set_parent (button, GTK_WIDGET (self));
      self->buttons[i] = button;
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Your cards"),
                                  -1);
  g_signal_connect (self, "notify::can-target", G_CALLBACK (update_labels), NULL);
}

GtkWidget *
pj_hand_view_new (void)
{
  return g_object_new (PJ_TYPE_HAND_VIEW, NULL);
}

void
pj_hand_view_set_cards (PjHandView     *self,
                        const guint8   *cards,
                        const gboolean *playable,
                        guint           n_cards)
{
  g_return_if_fail (PJ_IS_HAND_VIEW (self));
  g_return_if_fail (n_cards <= PJ_MAX_HAND);

  self->updating = TRUE;
  self->n_cards = n_cards;
  for (guint i = 0; i < PJ_MAX_HAND; i++)
    {
      GtkWidget *button = self->buttons[i];

      if (i < n_cards)
        {
          g_autofree char *text = card_text (cards[i]);
          g_autofree char *tooltip = NULL;

          self->cards[i] = cards[i];
          gtk_label_set_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), text);
          gtk_widget_set_sensitive (button, playable == NULL || playable[i]);
          if (PJ_CARD_RANK (cards[i]) == PJ_CARD_JOKER)
            gtk_widget_add_css_class (button, "joker");
          else
            gtk_widget_remove_css_class (button, "joker");
          tooltip = (playable == NULL || playable[i]) ? NULL : g_strdup (_("No legal move with this card"));
          gtk_widget_set_tooltip_text (button, tooltip);
          self->playable[i] = playable == NULL || playable[i];
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), FALSE);
          gtk_widget_set_visible (button, TRUE);
        }
      else
        {
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), FALSE);
          gtk_widget_set_visible (button, FALSE);
        }
    }
  self->updating = FALSE;
  pj_hand_view_set_hint (self, -1);
  update_labels (self);

  if (self->selected != -1)
    {
      self->selected = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
    }
}

guint
pj_hand_view_get_n_cards (PjHandView *self)
{
  g_return_val_if_fail (PJ_IS_HAND_VIEW (self), 0);

  return self->n_cards;
}

int
pj_hand_view_get_selected (PjHandView *self)
{
  g_return_val_if_fail (PJ_IS_HAND_VIEW (self), -1);

  return self->selected;
}

void
pj_hand_view_set_selected (PjHandView *self,
                           int         index)
{
  g_return_if_fail (PJ_IS_HAND_VIEW (self));

  if (index >= (int) self->n_cards || index < -1 || self->read_only ||
      (index >= 0 && !gtk_widget_get_sensitive (self->buttons[index])))
    index = -1;

  self->updating = TRUE;
  for (guint i = 0; i < self->n_cards; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->buttons[i]), (int) i == index);
  self->updating = FALSE;

  if (self->selected == index)
    return;

  self->selected = index;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

guint
pj_hand_view_get_card (PjHandView *self,
                       guint       index)
{
  g_return_val_if_fail (PJ_IS_HAND_VIEW (self), PJ_CARD_NONE);
  g_return_val_if_fail (index < self->n_cards, PJ_CARD_NONE);

  return self->cards[index];
}

void
pj_hand_view_focus_card (PjHandView *self,
                         guint       index)
{
  g_return_if_fail (PJ_IS_HAND_VIEW (self));

  if (index < self->n_cards)
    gtk_widget_grab_focus (self->buttons[index]);
}

void
pj_hand_view_set_hint (PjHandView *self,
                       int         index)
{
  g_return_if_fail (PJ_IS_HAND_VIEW (self));

  if (index >= (int) self->n_cards || index < -1)
    index = -1;
  self->hint = index;
  for (guint i = 0; i < PJ_MAX_HAND; i++)
    if ((int) i == index)
      gtk_widget_add_css_class (self->buttons[i], "hinted");
    else
      gtk_widget_remove_css_class (self->buttons[i], "hinted");
  update_labels (self);
}

int
pj_hand_view_get_hint (PjHandView *self)
{
  g_return_val_if_fail (PJ_IS_HAND_VIEW (self), -1);

  return self->hint;
}

/* A hand looked back at (the window's look-back): its cards are legible
 * (not dimmed: "no legal move" would be untrue of a past position) but
 * none can be picked, by pointer, keyboard or shortcut. */
void
pj_hand_view_set_read_only (PjHandView *self,
                            gboolean    read_only)
{
  g_return_if_fail (PJ_IS_HAND_VIEW (self));

  read_only = !!read_only;
  if (self->read_only == read_only)
    return;
  self->read_only = read_only;
  if (read_only)
    {
      pj_hand_view_set_selected (self, -1);
      gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
      gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
    }
  update_labels (self);
}

gboolean
pj_hand_view_get_read_only (PjHandView *self)
{
  g_return_val_if_fail (PJ_IS_HAND_VIEW (self), FALSE);

  return self->read_only;
}
