/* pj-json-limits.c — bounds checked on JSON text before it is parsed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-json-limits.h"

/* One walk for both bounds, so the rules for strings and escapes are written
 * once: FALSE at the first bracket deeper than max_depth or the first string
 * longer than max_string. The text need not be valid JSON: what json-glib
 * would refuse anyway only has to end the walk. */
static gboolean
within_limits (const char *text,
               gsize       len,
               guint       max_depth,
               gsize       max_string)
{
  guint depth = 0;
  gsize string_start = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];

      if (in_string)
        {
          /* the byte after a backslash is never the closing quote */
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          if (i - string_start > max_string)
            return FALSE;
          continue;
        }
      if (c == '"')
        {
          in_string = TRUE;
          string_start = i + 1;
        }
      else if (c == '{' || c == '[')
        {
          if (++depth > max_depth)
            return FALSE;
        }
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
    }
  /* a string cut short at the end of the text is as long as what is left */
  return !in_string || len - string_start <= max_string;
}

gboolean
pj_json_nesting_ok (const char *text,
                    gsize       len,
                    guint       max_depth)
{
  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  return within_limits (text, len, max_depth, G_MAXSIZE);
}

gboolean
pj_json_strings_ok (const char *text,
                    gsize       len,
                    gsize       max_bytes)
{
  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  return within_limits (text, len, G_MAXUINT, max_bytes);
}

/* json-glib 1.6 leaks what it parsed when a second value follows an array
 * or object ("1{}", "{} []"): such text never reaches it. */
gboolean
pj_json_is_one_value (const char *text,
                      gsize       len)
{
  guint depth = 0;
  gboolean in_string = FALSE, container = FALSE, closed = FALSE;
  gsize i = 0;

  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  while (i < len && g_ascii_isspace (text[i]))
    i++;
  container = i < len && (text[i] == '{' || text[i] == '[');
  for (; i < len; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (closed)
        {
          /* after the one array or object only white space */
          if (!g_ascii_isspace (c))
            return FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        {
          /* a scalar first, then a container: two values */
          if (!container)
            return FALSE;
          depth++;
        }
      else if ((c == '}' || c == ']') && depth > 0)
        closed = --depth == 0;
    }
  return TRUE;
}
