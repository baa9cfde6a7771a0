/* pj-alert.h — asking a question: a heading, a body and answers
 *
 * libadwaita 1.5 has AdwAlertDialog, a dialog inside the window; before it
 * there is AdwMessageDialog, a window of its own (deprecated in 1.6). One
 * of them is a PjAlert, chosen here, and the rest of the app asks its
 * questions through these calls whatever the library. Both have the same
 * "response" signal: void (*) (PjAlert *, const char *response, gpointer);
 * after it the alert closes and lets go of itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#if ADW_CHECK_VERSION (1, 5, 0)
typedef AdwAlertDialog       PjAlert;
typedef AdwAlertDialogClass  PjAlertClass;
# define PJ_TYPE_ALERT       ADW_TYPE_ALERT_DIALOG
#else
typedef AdwMessageDialog      PjAlert;
typedef AdwMessageDialogClass PjAlertClass;
# define PJ_TYPE_ALERT        ADW_TYPE_MESSAGE_DIALOG
#endif
/* for G_DECLARE_FINAL_TYPE (…, PjAlert) in the alerts built from templates */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PjAlert, g_object_unref)

#define PJ_ALERT(obj)    (G_TYPE_CHECK_INSTANCE_CAST ((obj), PJ_TYPE_ALERT, PjAlert))
#define PJ_IS_ALERT(obj) (G_TYPE_CHECK_INSTANCE_TYPE ((obj), PJ_TYPE_ALERT))

PjAlert    *pj_alert_new                     (const char            *heading,
                                              const char            *body);
const char *pj_alert_get_heading             (PjAlert               *self);
void        pj_alert_set_heading             (PjAlert               *self,
                                              const char            *heading);
const char *pj_alert_get_body                (PjAlert               *self);
void        pj_alert_set_body                (PjAlert               *self,
                                              const char            *body);
GtkWidget  *pj_alert_get_extra_child         (PjAlert               *self);
void        pj_alert_set_extra_child         (PjAlert               *self,
                                              GtkWidget             *child);
void        pj_alert_add_response            (PjAlert               *self,
                                              const char            *id,
                                              const char            *label);
void        pj_alert_add_responses           (PjAlert               *self,
                                              const char            *first_id,
                                              ...) G_GNUC_NULL_TERMINATED;
gboolean    pj_alert_has_response            (PjAlert               *self,
                                              const char            *id);
const char *pj_alert_get_response_label      (PjAlert               *self,
                                              const char            *id);
void        pj_alert_set_response_appearance (PjAlert               *self,
                                              const char            *id,
                                              AdwResponseAppearance  appearance);
const char *pj_alert_get_default_response    (PjAlert               *self);
void        pj_alert_set_default_response    (PjAlert               *self,
                                              const char            *id);
const char *pj_alert_get_close_response      (PjAlert               *self);
void        pj_alert_set_close_response      (PjAlert               *self,
                                              const char            *id);
void        pj_alert_present                 (PjAlert               *self,
                                              GtkWidget             *parent);
void        pj_alert_close                   (PjAlert               *self);
gboolean    pj_alert_is_shown                (PjAlert               *self);
GtkWidget  *pj_alert_get_response_button     (PjAlert               *self,
                                              const char            *id);

/* ---- dialogs ---------------------------------------------------------------
 *
 * A dialog of the app's (an alert, About, the preferences) is an AdwDialog
 * inside its window from libadwaita 1.5 on, and a window of its own that
 * belongs to the app's window before: shown, closed and found with these. */

/* About: the dialog since libadwaita 1.5, the window before; the same
 * properties */
#if ADW_CHECK_VERSION (1, 5, 0)
# define PJ_TYPE_ABOUT ADW_TYPE_ABOUT_DIALOG
#else
# define PJ_TYPE_ABOUT ADW_TYPE_ABOUT_WINDOW
#endif

void        pj_dialog_present                (GtkWidget             *dialog,
                                              GtkWidget             *parent);
void        pj_dialog_close                  (GtkWidget             *dialog);
void        pj_dialog_set_size               (GtkWidget             *dialog,
                                              int                    width,
                                              int                    height);
GtkWidget  *pj_dialog_shown_over             (GtkWindow             *window);

G_END_DECLS
