/* pj-announce.c — say something to the screen reader now (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-announce.h"

/* What a root remembers between announcements. */
typedef struct {
  GtkWidget *target;    /* weak: the widget whose description is the news */
  gboolean   odd;       /* the same text twice is told apart (Orca skips a repeat) */
  char      *last;
  gboolean   watching;  /* the focus, to take the news off the widget it leaves */
} Announcer;

static void
announcer_free (gpointer data)
{
  Announcer *a = data;

  g_clear_weak_pointer (&a->target);
  g_free (a->last);
  g_free (a);
}

static Announcer *
get_announcer (GtkRoot *root)
{
  Announcer *a = g_object_get_data (G_OBJECT (root), "pj-announcer");

  if (a == NULL)
    {
      a = g_new0 (Announcer, 1);
      g_object_set_data_full (G_OBJECT (root), "pj-announcer", a, announcer_free);
    }
  return a;
}

#if !GTK_CHECK_VERSION (4, 14, 0)
/* The news goes; what the widget said before comes back. GTK 4.8 cannot
 * read an accessible property back, but a widget's description there is
 * its tooltip, when it has one. */
static void
clear_target (Announcer *a)
{
  if (a->target != NULL)
    {
      const char *tooltip = gtk_widget_get_tooltip_text (a->target);

      if (tooltip != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (a->target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (a->target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  g_clear_weak_pointer (&a->target);
}

static void
focus_moved_cb (GObject    *root,
                GParamSpec *pspec,
                Announcer  *a)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (root));

  if (focus != a->target)
    clear_target (a);
}
#endif

#if !GTK_CHECK_VERSION (4, 14, 0)
/* The text becomes target's description (the header says why). */
static void
describe (Announcer  *a,
          GtkRoot    *root,
          GtkWidget  *target,
          const char *text)
{
  g_autofree char *said = NULL;

  if (!a->watching)
    {
      g_signal_connect (root, "notify::focus-widget", G_CALLBACK (focus_moved_cb), a);
      a->watching = TRUE;
    }
  if (a->target != target)
    clear_target (a);

  a->odd = g_strcmp0 (a->last, text) == 0 ? !a->odd : FALSE;
  g_free (a->last);
  a->last = g_strdup (text);
  /* a no-break space tells a repeat apart without being spoken */
  said = g_strconcat (text, a->odd ? "\u00a0" : "", NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said, -1);
  g_set_weak_pointer (&a->target, target);
}
#endif

void
pj_announce (GtkWidget  *widget,
             const char *text)
{
  GtkRoot *root;
  Announcer *a;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  root = gtk_widget_get_root (widget);
  if (text == NULL || text[0] == '\0' || root == NULL)
    return;
  a = get_announcer (root);

#if GTK_CHECK_VERSION (4, 14, 0)
  g_free (a->last);
  a->last = g_strdup (text);
  gtk_accessible_announce (GTK_ACCESSIBLE (widget), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
  {
    GtkWidget *target = gtk_root_get_focus (root);

    describe (a, root, target != NULL ? target : widget, text);
  }
#endif
}

gboolean
pj_announce_with_focus (GtkWidget  *widget,
                        const char *text)
{
  GtkRoot *root;
  gboolean moved;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  root = gtk_widget_get_root (widget);
  if (text == NULL || text[0] == '\0' || root == NULL)
    return gtk_widget_grab_focus (widget);

#if GTK_CHECK_VERSION (4, 14, 0)
  moved = gtk_widget_grab_focus (widget);
  pj_announce (widget, text);
#else
  describe (get_announcer (root), root, widget, text);
  moved = gtk_widget_grab_focus (widget);
  /* the focus stayed where it was: the news goes there */
  if (!moved)
    pj_announce (widget, text);
#endif
  return moved;
}

const char *
pj_announce_get_last (GtkWidget *widget)
{
  GtkRoot *root;
  Announcer *a;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  root = gtk_widget_get_root (widget);
  a = root != NULL ? g_object_get_data (G_OBJECT (root), "pj-announcer") : NULL;
  return a != NULL ? a->last : NULL;
}
