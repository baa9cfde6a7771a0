/* pj-server-main.c — pegs-and-jokers-server: host LAN tables without a display
 *
 *   pegs-and-jokers-server --table NAME [--password PW] [--rules RULES]
 *                          [--computer SEAT:LEVEL]… [--port N] [--no-discovery]
 *                          --save-dir DIR
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>

#include "pj-server-log.h"
#include "pj-server.h"

#define PJ_SERVER_NAME "pegs-and-jokers-server"

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (PjServerConfig) config = pj_server_config_new ();
  g_autoptr (PjServer) server = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GError) error = NULL;
  guint term_id, int_id;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, PJ_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname (PJ_SERVER_NAME);

  if (!pj_server_config_parse (config, &argc, &argv, &error))
    {
      g_printerr ("%s: %s\n", PJ_SERVER_NAME, error->message);
      return PJ_SERVER_EXIT_USAGE;
    }

  loop = g_main_loop_new (NULL, FALSE);
  term_id = g_unix_signal_add (SIGTERM, quit_cb, loop);
  int_id = g_unix_signal_add (SIGINT, quit_cb, loop);

  server = pj_server_new (g_steal_pointer (&config));
  if (!pj_server_start (server, &error))
    {
      g_printerr ("%s: %s\n", PJ_SERVER_NAME, error->message);
      return error->domain == G_OPTION_ERROR ? PJ_SERVER_EXIT_USAGE : 1;
    }
  pj_server_log (NULL, g_dngettext (GETTEXT_PACKAGE, "Serving %u table (protocol %d)",
                                    "Serving %u tables (protocol %d)", pj_server_get_n_tables (server)),
                 pj_server_get_n_tables (server), PJ_NET_PROTOCOL_VERSION);
  g_main_loop_run (loop);

  /* every table's last action reaches the disk before we exit */
  pj_server_stop (server);
  pj_server_log (NULL, _("Stopped; the tables are saved"));
  g_source_remove (term_id);
  g_source_remove (int_id);
  return 0;
}
