/* pj-colours.c — the style's colours for what the app draws with Cairo
 *
 * GtkStyleContext, where GTK 4.8 keeps a widget's colours, is deprecated
 * from GTK 4.10 on, and named colours with it (no replacement: libadwaita
 * 1.6 gives the accent, which people may now choose, through the style
 * manager). One place asks, by what each stack offers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>

#include "pj-colours.h"

/* The text colour of the widget's style (its CSS "color"). */
void
pj_colours_get_foreground (GtkWidget *widget,
                           GdkRGBA   *out)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (out != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, out);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), out);
#endif
}

/* The accent as a foreground colour (Adwaita's accent_color, readable on
 * the window's background), in the light or dark style now in use. */
void
pj_colours_get_accent (GdkRGBA *out)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (style);

  g_return_if_fail (out != NULL);

#if ADW_CHECK_VERSION (1, 6, 0)
  adw_accent_color_to_standalone_rgba (adw_style_manager_get_accent_color (style), dark, out);
#else
  /* before 1.6 the accent is Adwaita's blue, always: its two shades */
  if (!gdk_rgba_parse (out, dark ? "#78aeed" : "#1c71d8"))
    g_assert_not_reached ();
#endif
}
