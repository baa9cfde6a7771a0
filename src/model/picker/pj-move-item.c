/* pj-move-item.c — one entry of the move history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-move-item.h"

struct _PjMoveItem
{
  GObject   parent_instance;

  guint     seat;
  guint     turn_number;
  PjAction  action;
  char     *notation;
  char     *description;
};

G_DEFINE_FINAL_TYPE (PjMoveItem, pj_move_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SEAT,
  PROP_TURN_NUMBER,
  PROP_NOTATION,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pj_move_item_finalize (GObject *object)
{
  PjMoveItem *self = (PjMoveItem *) object;

  g_clear_pointer (&self->notation, g_free);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (pj_move_item_parent_class)->finalize (object);
}

static void
pj_move_item_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PjMoveItem *self = PJ_MOVE_ITEM (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_uint (value, self->seat);
      break;

    case PROP_TURN_NUMBER:
      g_value_set_uint (value, self->turn_number);
      break;

    case PROP_NOTATION:
      g_value_set_string (value, self->notation);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_move_item_class_init (PjMoveItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pj_move_item_finalize;
  object_class->get_property = pj_move_item_get_property;

  properties[PROP_SEAT] =
    g_param_spec_uint ("seat", NULL, NULL, 0, PJ_MAX_PLAYERS - 1, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_NUMBER] =
    g_param_spec_uint ("turn-number", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTATION] =
    g_param_spec_string ("notation", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pj_move_item_init (PjMoveItem *self)
{
}

PjMoveItem *
pj_move_item_new (guint           seat,
                  guint           turn_number,
                  const PjAction *action,
                  const char     *notation,
                  const char     *description)
{
  PjMoveItem *self;

  g_return_val_if_fail (action != NULL, NULL);

  self = g_object_new (PJ_TYPE_MOVE_ITEM, NULL);
  self->seat = seat;
  self->turn_number = turn_number;
  self->action = *action;
  self->notation = g_strdup (notation);
  self->description = g_strdup (description);

  return self;
}

guint
pj_move_item_get_seat (PjMoveItem *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_ITEM (self), 0);

  return self->seat;
}

guint
pj_move_item_get_turn_number (PjMoveItem *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_ITEM (self), 0);

  return self->turn_number;
}

const PjAction *
pj_move_item_get_action (PjMoveItem *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_ITEM (self), NULL);

  return &self->action;
}

const char *
pj_move_item_get_notation (PjMoveItem *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_ITEM (self), NULL);

  return self->notation;
}

const char *
pj_move_item_get_description (PjMoveItem *self)
{
  g_return_val_if_fail (PJ_IS_MOVE_ITEM (self), NULL);

  return self->description;
}
