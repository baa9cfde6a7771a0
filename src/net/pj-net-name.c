/* pj-net-name.c — the names people and tables go by, cleaned at the door
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pj-net.h"

/* Characters that would steer what is printed next to a name (the bidi
 * overrides and isolates, U+200E/F, U+061C), hide in it (U+200B, U+FEFF)
 * or break a line or a log (C0 and C1 controls): none survives. The two
 * joiners stay, as scripts and emoji need them and they move nothing. */
static gboolean
is_dropped (gunichar ch)
{
  GUnicodeType type = g_unichar_type (ch);

  if (ch == 0x200C || ch == 0x200D)
    return FALSE;
  return type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT ||
         type == G_UNICODE_SURROGATE || ch == 0xFFFE || ch == 0xFFFF;
}

char *
pj_net_clean_name (const char *text)
{
  g_autofree char *valid = NULL;
  g_autofree char *composed = NULL;
  GString *out;
  gboolean space = FALSE;
  guint n_chars = 0;

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  /* one spelling of "é", so that two names that look alike compare alike */
  composed = g_utf8_normalize (valid, -1, G_NORMALIZE_DEFAULT_COMPOSE);
  if (composed == NULL)
    return NULL;
  out = g_string_new (NULL);
  for (const char *p = composed; *p; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char (p);
      char buf[6];
      int len;

      if (g_unichar_isspace (ch) || g_unichar_type (ch) == G_UNICODE_LINE_SEPARATOR ||
          g_unichar_type (ch) == G_UNICODE_PARAGRAPH_SEPARATOR || g_unichar_type (ch) == G_UNICODE_SPACE_SEPARATOR)
        {
          space = out->len > 0;
          continue;
        }
      if (is_dropped (ch))
        continue;
      len = g_unichar_to_utf8 (ch, buf);
      if (n_chars + space + 1 > PJ_NET_MAX_NAME_CHARS || out->len + space + (gsize) len > PJ_NET_MAX_NAME)
        break;
      if (space)
        {
          g_string_append_c (out, ' ');
          n_chars++;
          space = FALSE;
        }
      g_string_append_len (out, buf, len);
      n_chars++;
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

char *
pj_net_name_key (const char *name)
{
  return g_utf8_casefold (name, -1);
}
