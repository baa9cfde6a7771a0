/* pj-announce.c — say something to the screen reader now (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-announce.h"

#if !GTK_CHECK_VERSION (4, 14, 0)
/* What a root remembers between announcements. */
typedef struct {
  GtkWidget *target;    /* weak: the widget whose description is the news */
  gboolean   odd;       /* the same text twice is told apart (Orca skips a repeat) */
  char      *last;
} Announcer;

static void
announcer_free (gpointer data)
{
  Announcer *a = data;

  g_clear_weak_pointer (&a->target);
  g_free (a->last);
  g_free (a);
}

static void
clear_target (Announcer *a)
{
  if (a->target != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (a->target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
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

void
pj_announce (GtkWidget  *widget,
             const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (text == NULL || text[0] == '\0')
    return;

#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_accessible_announce (GTK_ACCESSIBLE (widget), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
  {
    GtkRoot *root = gtk_widget_get_root (widget);
    GtkWidget *target = root != NULL ? gtk_root_get_focus (root) : NULL;
    g_autofree char *said = NULL;
    Announcer *a;

    if (root == NULL)
      return;
    if (target == NULL)
      target = widget;

    a = g_object_get_data (G_OBJECT (root), "pj-announcer");
    if (a == NULL)
      {
        a = g_new0 (Announcer, 1);
        g_object_set_data_full (G_OBJECT (root), "pj-announcer", a, announcer_free);
        g_signal_connect (root, "notify::focus-widget", G_CALLBACK (focus_moved_cb), a);
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
}
