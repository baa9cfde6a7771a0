/* pj-test-util.h — helpers for the rules tests: positions and actions in
 * notation text, compared as exact sets.
 *
 * Header only (static functions), so each test-<unit>.c builds on its own.
 *
 * Position texts are the engine's notation (pj-notation.c) with one addition:
 * a "stock" or "discard" line that ends in "..." is completed with every card
 * not accounted for elsewhere (in rank order), so a test can say which cards
 * are drawn next without listing the whole deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-engine.h"

#include <string.h>

/* ---- positions ------------------------------------------------------- */

G_GNUC_UNUSED static gboolean
pjt_parse_card (const char *word, guint *rank)
{
  char buf[8];
  gsize len = strlen (word);

  if (len == 0 || len >= sizeof buf)
    return FALSE;
  strcpy (buf, word);
  while (len > 1 && (buf[len - 1] == 'd' || buf[len - 1] == 'u'))
    buf[--len] = '\0';
  *rank = pj_card_from_string (buf);
  return *rank != PJ_CARD_NONE;
}

/* Complete a "stock … ..." or "discard … ..." line (see above). */
G_GNUC_UNUSED static char *
pjt_complete_piles (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint counts[16] = { 0 };
  int fill_line = -1;
  GString *out;

  for (guint ln = 0; lines[ln]; ln++)
    {
      g_autofree char *line = g_strdup (lines[ln]);
      g_auto (GStrv) w = NULL;
      guint first = 0;

      if (strchr (line, '#'))
        *strchr (line, '#') = '\0';
      g_strstrip (line);
      w = g_strsplit_set (line, " \t", -1);
      if (w[0] == NULL)
        continue;
      if (strcmp (w[0], "rules") == 0)
        {
          g_autoptr (GError) error = NULL;
          PjRules r;

          if (!pj_rules_from_string (&r, line + 5, &error))
            return g_strdup (text);   /* the real parser reports it */
          for (guint k = PJ_CARD_ACE; k <= PJ_CARD_JOKER; k++)
            counts[k] = k == PJ_CARD_JOKER ? 2u * r.decks : 4u * r.decks;
          continue;
        }
      if (strcmp (w[0], "hand") == 0)
        first = 2;
      else if (strcmp (w[0], "stock") == 0 || strcmp (w[0], "discard") == 0)
        first = 1;
      else
        continue;
      if (first == 1 && g_str_has_suffix (line, "..."))
        {
          g_assert_cmpint (fill_line, <, 0);
          fill_line = (int) ln;
        }
      for (guint i = first; w[i]; i++)
        {
          guint rank;

          if (w[i][0] == '\0' || strcmp (w[i], "...") == 0 || strcmp (w[i], "?") == 0)
            continue;
          if (pjt_parse_card (w[i], &rank) && rank < PJ_CARD_UNKNOWN && counts[rank] > 0)
            counts[rank]--;
        }
    }
  if (fill_line < 0)
    return g_strdup (text);

  out = g_string_new (NULL);
  for (guint ln = 0; lines[ln]; ln++)
    {
      if ((int) ln == fill_line)
        {
          char *dots = strstr (lines[ln], "...");

          g_string_append_len (out, lines[ln], dots - lines[ln]);
          for (guint k = PJ_CARD_ACE; k <= PJ_CARD_JOKER; k++)
            for (guint j = 0; j < counts[k]; j++)
              g_string_append_printf (out, " %s", pj_card_to_string ((PjCard) k));
        }
      else
        g_string_append (out, lines[ln]);
      if (lines[ln + 1])
        g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Load a position; fails the test with the parser's message. */
G_GNUC_UNUSED static void
pjt_load (PjState *s, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *full = pjt_complete_piles (text);

  if (!pj_position_from_string (s, full, &error))
    g_test_message ("could not load this position:\n%s", full);
  g_assert_no_error (error);
}

/* ---- actions as text ------------------------------------------------- */

/* Collapse white space; put the two parts of a split in a fixed order
 * (two orders with the same placement are one action, B-41). */
G_GNUC_UNUSED static char *
pjt_normalize (const char *text)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t\n", -1);
  GString *flat = g_string_new (NULL);
  char *comma, *space;

  for (guint i = 0; words[i]; i++)
    if (words[i][0])
      {
        if (flat->len)
          g_string_append_c (flat, ' ');
        g_string_append (flat, words[i]);
      }
  comma = strstr (flat->str, ", ");
  space = strchr (flat->str, ' ');
  if (comma && space && space < comma && strstr (comma + 2, ", ") == NULL)
    {
      g_autofree char *head = g_strndup (flat->str, space - flat->str);
      g_autofree char *p1 = g_strndup (space + 1, comma - space - 1);
      g_autofree char *p2 = g_strdup (comma + 2);
      char *res;

      if (strcmp (p1, p2) > 0)
        res = g_strdup_printf ("%s %s, %s", head, p2, p1);
      else
        res = g_strdup_printf ("%s %s, %s", head, p1, p2);
      g_string_free (flat, TRUE);
      return res;
    }
  return g_string_free (flat, FALSE);
}

G_GNUC_UNUSED static gint
pjt_strcmp (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

G_GNUC_UNUSED static char *
pjt_join_sorted (GPtrArray *v)
{
  GString *out = g_string_new (NULL);

  g_ptr_array_sort (v, pjt_strcmp);
  for (guint i = 0; i < v->len; i++)
    g_string_append_printf (out, "\n    %s", (char *) g_ptr_array_index (v, i));
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* The legal actions of s as normalized texts. */
G_GNUC_UNUSED static GPtrArray *
pjt_legal_texts (const PjState *s)
{
  PjActionList list;
  GPtrArray *v = g_ptr_array_new_with_free_func (g_free);

  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n; i++)
    {
      g_autofree char *t = pj_action_to_string (s, &list.v[i]);
      g_ptr_array_add (v, pjt_normalize (t));
    }
  pj_action_list_clear (&list);
  return v;
}

/* The exact set of legal actions: `expected` lists them separated by ';'
 * (an empty string: no legal action). No action may appear twice. */
G_GNUC_UNUSED static void
pjt_assert_actions (const PjState *s, const char *expected)
{
  g_autoptr (GPtrArray) have = pjt_legal_texts (s);
  g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) items = g_strsplit (expected, ";", -1);
  g_autofree char *have_text = NULL;
  g_autofree char *want_text = NULL;

  for (guint i = 0; items[i]; i++)
    {
      char *t = pjt_normalize (items[i]);
      if (t[0])
        g_ptr_array_add (want, t);
      else
        g_free (t);
    }
  have_text = pjt_join_sorted (have);
  want_text = pjt_join_sorted (want);
  for (guint i = 1; i < have->len; i++)
    if (strcmp (g_ptr_array_index (have, i - 1), g_ptr_array_index (have, i)) == 0)
      g_test_message ("action listed twice: %s", (char *) g_ptr_array_index (have, i));
  if (strcmp (have_text, want_text) != 0)
    {
      g_autofree char *pos = pj_position_to_string (s);
      g_test_message ("position:\n%s", pos);
    }
  g_assert_cmpstr (have_text, ==, want_text);
  for (guint i = 1; i < have->len; i++)
    g_assert_cmpstr (g_ptr_array_index (have, i - 1), !=, g_ptr_array_index (have, i));
}

/* Does the set of legal actions contain this one (exact text, hits included)? */
G_GNUC_UNUSED static gboolean
pjt_has_action (const PjState *s, const char *text)
{
  g_autoptr (GPtrArray) have = pjt_legal_texts (s);
  g_autofree char *want = pjt_normalize (text);

  for (guint i = 0; i < have->len; i++)
    if (strcmp (g_ptr_array_index (have, i), want) == 0)
      return TRUE;
  return FALSE;
}

/* Find a legal action by its text. When the text names hits, the action
 * found must have exactly those hits. */
G_GNUC_UNUSED static PjAction
pjt_find (const PjState *s, const char *text)
{
  g_autoptr (GError) error = NULL;
  PjAction a = { 0 };

  if (!pj_action_from_string (s, text, &a, &error))
    {
      g_autofree char *pos = pj_position_to_string (s);
      g_test_message ("position:\n%s", pos);
    }
  g_assert_no_error (error);
  if (strstr (text, " x") != NULL)
    {
      g_autofree char *found = pj_action_to_string (s, &a);
      g_autofree char *n1 = pjt_normalize (found);
      g_autofree char *n2 = pjt_normalize (text);
      g_assert_cmpstr (n1, ==, n2);
    }
  return a;
}

/* Play an action given as text (checked against the legal list). */
G_GNUC_UNUSED static void
pjt_play (PjState *s, const char *text)
{
  g_autoptr (GError) error = NULL;
  PjAction a = pjt_find (s, text);

  pj_state_apply_checked (s, &a, &error);
  g_assert_no_error (error);
  if (!pj_state_check (s, &error))
    {
      g_autofree char *pos = pj_position_to_string (s);
      g_test_message ("after %s:\n%s", text, pos);
    }
  g_assert_no_error (error);
}

G_GNUC_UNUSED static char *
pjt_line_key (const char *line)
{
  g_auto (GStrv) w = g_strsplit (line, " ", 3);

  if (w[0] && w[1] && (strcmp (w[0], "pegs") == 0 || strcmp (w[0], "hand") == 0
                       || strcmp (w[0], "stuck") == 0 || strcmp (w[0], "extra") == 0))
    return g_strdup_printf ("%s %s", w[0], w[1]);
  return g_strdup (w[0] ? w[0] : "");
}

/* Every line of `expected` (e.g. "pegs R s s r12 h1 h2\nturn B 3") must be
 * a line of the position text of s; "stuck X 0" and "extra X 0" match a
 * missing line. */
G_GNUC_UNUSED static void
pjt_assert_lines (const PjState *s, const char *expected)
{
  g_autofree char *pos = pj_position_to_string (s);
  g_auto (GStrv) have = g_strsplit (pos, "\n", -1);
  g_auto (GStrv) want = g_strsplit (expected, "\n", -1);

  for (guint i = 0; want[i]; i++)
    {
      g_autofree char *w = pjt_normalize (want[i]);
      g_autofree char *key = NULL;
      const char *found = NULL;

      if (w[0] == '\0')
        continue;
      key = pjt_line_key (w);
      for (guint j = 0; have[j] && !found; j++)
        {
          g_autofree char *k = pjt_line_key (have[j]);
          if (strcmp (k, key) == 0)
            found = have[j];
        }
      if (found == NULL && (g_str_has_prefix (w, "stuck ") || g_str_has_prefix (w, "extra "))
          && g_str_has_suffix (w, " 0"))
        continue;
      if (g_strcmp0 (found, w) != 0)
        g_test_message ("position:\n%s", pos);
      g_assert_cmpstr (found, ==, w);
    }
}

/* Play, then compare lines of the position after. */
G_GNUC_UNUSED static void
pjt_play_expect (PjState *s, const char *action, const char *expected)
{
  pjt_play (s, action);
  pjt_assert_lines (s, expected);
}

/* Load, check the legal set, play one, check the result: a whole rule test. */
G_GNUC_UNUSED static void
pjt_case (const char *position, const char *legal, const char *action, const char *after)
{
  PjState s;

  pjt_load (&s, position);
  if (legal)
    pjt_assert_actions (&s, legal);
  if (action)
    pjt_play_expect (&s, action, after ? after : "");
}
