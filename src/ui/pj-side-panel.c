/* pj-side-panel.c — the window's side panel, beside the board or over it
 *
 * One widget for the one idea, whatever libadwaita offers: from 1.4 an
 * AdwOverlaySplitView (AdwFlap is deprecated there), before it an AdwFlap
 * made to fold and unfold as the split view does. The window decides when
 * it is collapsed (from its own width, see pj-window.c): a panel that
 * folded by its own measure would hold the window as wide as the panel
 * and the board side by side, and a window manager's resize in one step
 * would stop there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>

#include "pj-side-panel.h"

#define SIDEBAR_WIDTH 260

struct _PjSidePanel
{
  GtkWidget  parent_instance;

#if ADW_CHECK_VERSION (1, 4, 0)
  AdwOverlaySplitView *view;
#else
  AdwFlap   *view;
#endif
  gboolean   collapsed;
};

static void pj_side_panel_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PjSidePanel, pj_side_panel, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, pj_side_panel_buildable_init))

enum {
  PROP_0,
  PROP_CONTENT,
  PROP_SIDEBAR,
  PROP_SHOW_SIDEBAR,
  PROP_COLLAPSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static GtkBuildableIface *parent_buildable_iface;

GtkWidget *
pj_side_panel_new (void)
{
  return g_object_new (PJ_TYPE_SIDE_PANEL, NULL);
}

GtkWidget *
pj_side_panel_get_content (PjSidePanel *self)
{
  g_return_val_if_fail (PJ_IS_SIDE_PANEL (self), NULL);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_content (self->view);
#else
  return adw_flap_get_content (self->view);
#endif
}

void
pj_side_panel_set_content (PjSidePanel *self,
                           GtkWidget   *content)
{
  g_return_if_fail (PJ_IS_SIDE_PANEL (self));

  if (pj_side_panel_get_content (self) == content)
    return;
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_content (self->view, content);
#else
  adw_flap_set_content (self->view, content);
#endif
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT]);
}

GtkWidget *
pj_side_panel_get_sidebar (PjSidePanel *self)
{
  g_return_val_if_fail (PJ_IS_SIDE_PANEL (self), NULL);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_sidebar (self->view);
#else
  return adw_flap_get_flap (self->view);
#endif
}

void
pj_side_panel_set_sidebar (PjSidePanel *self,
                           GtkWidget   *sidebar)
{
  g_return_if_fail (PJ_IS_SIDE_PANEL (self));

  if (pj_side_panel_get_sidebar (self) == sidebar)
    return;
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_sidebar (self->view, sidebar);
#else
  adw_flap_set_flap (self->view, sidebar);
#endif
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDEBAR]);
}

gboolean
pj_side_panel_get_show_sidebar (PjSidePanel *self)
{
  g_return_val_if_fail (PJ_IS_SIDE_PANEL (self), FALSE);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_show_sidebar (self->view);
#else
  return adw_flap_get_reveal_flap (self->view);
#endif
}

/* Notified through the view's own notification: also when it closes the
 * panel itself (a click beside it, Escape, while collapsed). */
void
pj_side_panel_set_show_sidebar (PjSidePanel *self,
                                gboolean     show)
{
  g_return_if_fail (PJ_IS_SIDE_PANEL (self));

#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_show_sidebar (self->view, show);
#else
  adw_flap_set_reveal_flap (self->view, show);
#endif
}

gboolean
pj_side_panel_get_collapsed (PjSidePanel *self)
{
  g_return_val_if_fail (PJ_IS_SIDE_PANEL (self), FALSE);

  return self->collapsed;
}

/* Collapsed, the panel is over the content, on demand; otherwise beside
 * it. Set from outside only (see the top of this file). */
void
pj_side_panel_set_collapsed (PjSidePanel *self,
                             gboolean     collapsed)
{
  g_return_if_fail (PJ_IS_SIDE_PANEL (self));

  collapsed = !!collapsed;
  if (self->collapsed == collapsed)
    return;
  self->collapsed = collapsed;
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_collapsed (self->view, collapsed);
#else
  adw_flap_set_fold_policy (self->view, collapsed ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
#endif
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLLAPSED]);
}

static void
view_shown_cb (PjSidePanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
}

static void
pj_side_panel_add_child (GtkBuildable *buildable,
                         GtkBuilder   *builder,
                         GObject      *child,
                         const char   *type)
{
  PjSidePanel *self = PJ_SIDE_PANEL (buildable);

  if (g_strcmp0 (type, "sidebar") == 0)
    pj_side_panel_set_sidebar (self, GTK_WIDGET (child));
  else if (type == NULL && GTK_IS_WIDGET (child))
    pj_side_panel_set_content (self, GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
pj_side_panel_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = pj_side_panel_add_child;
}

static void
pj_side_panel_dispose (GObject *object)
{
  PjSidePanel *self = PJ_SIDE_PANEL (object);

  if (self->view != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->view, self);
      gtk_widget_unparent (GTK_WIDGET (self->view));
      self->view = NULL;
    }

  G_OBJECT_CLASS (pj_side_panel_parent_class)->dispose (object);
}

static void
pj_side_panel_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PjSidePanel *self = PJ_SIDE_PANEL (object);

  switch (prop_id)
    {
    case PROP_CONTENT:
      g_value_set_object (value, pj_side_panel_get_content (self));
      break;
    case PROP_SIDEBAR:
      g_value_set_object (value, pj_side_panel_get_sidebar (self));
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, pj_side_panel_get_show_sidebar (self));
      break;
    case PROP_COLLAPSED:
      g_value_set_boolean (value, pj_side_panel_get_collapsed (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_side_panel_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PjSidePanel *self = PJ_SIDE_PANEL (object);

  switch (prop_id)
    {
    case PROP_CONTENT:
      pj_side_panel_set_content (self, g_value_get_object (value));
      break;
    case PROP_SIDEBAR:
      pj_side_panel_set_sidebar (self, g_value_get_object (value));
      break;
    case PROP_SHOW_SIDEBAR:
      pj_side_panel_set_show_sidebar (self, g_value_get_boolean (value));
      break;
    case PROP_COLLAPSED:
      pj_side_panel_set_collapsed (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_side_panel_class_init (PjSidePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_side_panel_dispose;
  object_class->get_property = pj_side_panel_get_property;
  object_class->set_property = pj_side_panel_set_property;

  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDEBAR] =
    g_param_spec_object ("sidebar", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLLAPSED] =
    g_param_spec_boolean ("collapsed", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pjsidepanel");
  /* a container, as the views it holds: not read out by its type's name */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
pj_side_panel_init (PjSidePanel *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  self->view = ADW_OVERLAY_SPLIT_VIEW (adw_overlay_split_view_new ());
  adw_overlay_split_view_set_sidebar_position (self->view, GTK_PACK_END);
  adw_overlay_split_view_set_min_sidebar_width (self->view, SIDEBAR_WIDTH);
  adw_overlay_split_view_set_max_sidebar_width (self->view, SIDEBAR_WIDTH);
  /* the board takes drags (pegs, cards): no swipe opens the panel */
  adw_overlay_split_view_set_enable_show_gesture (self->view, FALSE);
  g_signal_connect_swapped (self->view, "notify::show-sidebar", G_CALLBACK (view_shown_cb), self);
#else
  self->view = ADW_FLAP (adw_flap_new ());
  adw_flap_set_flap_position (self->view, GTK_PACK_END);
  adw_flap_set_fold_policy (self->view, ADW_FLAP_FOLD_POLICY_NEVER);
  /* shown or hidden only when asked, as the split view's sidebar */
  adw_flap_set_locked (self->view, TRUE);
  adw_flap_set_swipe_to_open (self->view, FALSE);
  adw_flap_set_separator (self->view, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  g_signal_connect_swapped (self->view, "notify::reveal-flap", G_CALLBACK (view_shown_cb), self);
#endif
  gtk_widget_set_parent (GTK_WIDGET (self->view), GTK_WIDGET (self));
}
