/* pj-notation.c — the words every notation shares: holes and pegs
 *
 * Holes: a main-track hole is the side's colour letter in lower case and the
 * hole number on that side, "r0" (Red's corner) … "r17"; "r8" is Red's
 * come-out hole, "r3" Red's in-spot. A peg's own home holes are "h1" … "h5",
 * its start area "s". Pegs are the colour letter and 1 … 5: "R1".
 *
 * The notations themselves, one file per job: actions in and out
 * (pj-notation-action.c), positions out (pj-notation-position-write.c) and
 * in (pj-notation-position-read.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

int
pj_notation_colour_from_letter (const PjState *s,
                                char           ch)
{
  for (guint c = 0; c < s->rules.players; c++)
    if (g_ascii_toupper (ch) == pj_colour_letter (c))
      return (int) c;
  return -1;
}

/* A host writes a position for every client after every action: digits by
 * hand, not through printf's format parsing. */
void
pj_notation_append_uint (GString *out,
                         guint    n)
{
  char digits[10];
  guint i = 0;

  do
    digits[i++] = (char) ('0' + n % 10);
  while ((n /= 10) != 0);
  while (i > 0)
    g_string_append_c (out, digits[--i]);
}

void
pj_notation_append_pos (GString       *out,
                        const PjState *s,
                        guint8         pos)
{
  if (pos == PJ_POS_START)
    g_string_append_c (out, 's');
  else if (PJ_POS_IS_HOME (pos))
    {
      g_string_append_c (out, 'h');
      pj_notation_append_uint (out, pos - PJ_POS_HOME0 + 1u);
    }
  else
    {
      g_string_append_c (out, g_ascii_tolower (pj_colour_letter (pos / s->rules.holes_per_side)));
      pj_notation_append_uint (out, pos % s->rules.holes_per_side);
    }
}

char *
pj_pos_to_string (const PjState *s,
                  guint          colour,
                  guint8         pos)
{
  GString *out = g_string_new (NULL);

  (void) colour;
  pj_notation_append_pos (out, s, pos);
  return g_string_free (out, FALSE);
}

gboolean
pj_notation_parse_pos (const PjState *s,
                       const char    *text,
                       guint8        *pos)
{
  char *end;
  guint64 v;
  int side;

  if (g_ascii_strcasecmp (text, "s") == 0)
    return (*pos = PJ_POS_START), TRUE;
  if (text[0] == 'h' || text[0] == 'H')
    {
      if (!g_ascii_isdigit (text[1]))
        return FALSE;
      v = g_ascii_strtoull (text + 1, &end, 10);
      if (*end || v < 1 || v > PJ_HOME_HOLES)
        return FALSE;
      *pos = PJ_POS_HOME (v - 1);
      return TRUE;
    }
  side = pj_notation_colour_from_letter (s, text[0]);
  if (side < 0 || !g_ascii_isdigit (text[1]))
    return FALSE;
  v = g_ascii_strtoull (text + 1, &end, 10);
  if (*end || v >= s->rules.holes_per_side)
    return FALSE;
  *pos = (guint8) (side * s->rules.holes_per_side + v);
  return TRUE;
}

void
pj_notation_append_peg (GString *out,
                        guint    peg)
{
  g_string_append_printf (out, "%c%u", pj_colour_letter (PJ_PEG_COLOUR (peg)), PJ_PEG_INDEX (peg) + 1u);
}

const PjCounterLine pj_counter_lines[PJ_N_COUNTERS] = {
  [PJ_COUNTER_STUCK] = { "stuck", "the stuck count of", "is", G_STRUCT_OFFSET (PjState, stuck) },
  [PJ_COUNTER_EXTRA] = { "extra", "the extra turns of", "are", G_STRUCT_OFFSET (PjState, extra_turns) },
  [PJ_COUNTER_CAUGHT] = { "caught", "the caught bluffs of", "are", G_STRUCT_OFFSET (PjState, bluffs_caught) },
  [PJ_COUNTER_HONEST] = { "honest", "the honest plays shown by", "are", G_STRUCT_OFFSET (PjState, honest_shown) },
  [PJ_COUNTER_ACES_OUT] = { "aces-out", "the Aces out of start declared by", "are",
                            G_STRUCT_OFFSET (PjState, aces_out) },
  [PJ_COUNTER_OTHERS_OUT] = { "others-out", "the other ranks out of start declared by", "are",
                              G_STRUCT_OFFSET (PjState, others_out) },
};
