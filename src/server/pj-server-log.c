/* pj-server-log.c — one line per event on stderr
 *
 * Plain lines rather than g_message(): people read them with journalctl or
 * grep, and a line must never be split or prefixed by the log domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "pj-server-log.h"

void
pj_server_log (const char *table,
               const char *format,
               ...)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* one event, one line, whatever a player put in a name */
  g_strdelimit (text, "\r\n", ' ');
  if (table)
    fprintf (stderr, "%s [%s] %s\n", stamp, table, text);
  else
    fprintf (stderr, "%s %s\n", stamp, text);
  fflush (stderr);
}
