/* main.c — Pegs and Jokers: nothing but the application object
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (PjApplication) app = NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = pj_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
