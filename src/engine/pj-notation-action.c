/* pj-notation-action.c — actions as text, in and out
 *
 * Actions (the card first; hits follow the step that caused them):
 *   "7 R1 r12-h2, R3 b4-b7"    a split seven
 *   "JK R2 s-b12 xB3>s"        a joker from start that hits Blue's peg 3
 *   "K R4 s-r8"                come out
 *   "2 swap R1 r12 B3 b5"      a Two swap
 *   "JK send B3 b12"           Pegoo joker: send a peg back to start
 *   "discard 7"                discard without moving
 *   "discard 7 free R1 s-r8"   NC-10: discard, then come out for free
 *   "7=5 R1 r12-r17"           Bluffing Joker: a 7 played as a declared 5
 *   "challenge", "pass", "penalty B3 b12"
 * When reading, hits may be left out, and the two parts of a split may be in
 * either order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

static void
append_card_played (GString        *out,
                    const PjAction *a)
{
  g_string_append (out, pj_card_to_string (a->card));
  if (a->declared != a->card)
    g_string_append_printf (out, "=%s", pj_card_to_string (a->declared));
}

static void
append_steps (GString        *out,
              const PjState  *s,
              const PjAction *a)
{
  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];

      if (st->flags & PJ_STEP_HIT)
        {
          g_string_append (out, " x");
          pj_notation_append_peg (out, st->peg);
          g_string_append_c (out, '>');
          pj_notation_append_pos (out, s, st->to);
          continue;
        }
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, ' ');
      pj_notation_append_peg (out, st->peg);
      g_string_append_c (out, ' ');
      pj_notation_append_pos (out, s, st->from);
      g_string_append_c (out, '-');
      pj_notation_append_pos (out, s, st->to);
    }
}

char *
pj_action_to_string (const PjState  *s,
                     const PjAction *a)
{
  GString *out = g_string_new (NULL);

  switch (a->kind)
    {
    case PJ_ACTION_MOVE:
      append_card_played (out, a);
      if (a->n_steps == 2 && (a->steps[0].flags & PJ_STEP_SWAP))
        {
          g_string_append (out, " swap ");
          pj_notation_append_peg (out, a->steps[0].peg);
          g_string_append_c (out, ' ');
          pj_notation_append_pos (out, s, a->steps[0].from);
          g_string_append_c (out, ' ');
          pj_notation_append_peg (out, a->steps[1].peg);
          g_string_append_c (out, ' ');
          pj_notation_append_pos (out, s, a->steps[1].from);
        }
      else if (a->n_steps == 1 && (a->steps[0].flags & PJ_STEP_SEND))
        {
          g_string_append (out, " send ");
          pj_notation_append_peg (out, a->steps[0].peg);
          g_string_append_c (out, ' ');
          pj_notation_append_pos (out, s, a->steps[0].from);
        }
      else
        append_steps (out, s, a);
      break;
    case PJ_ACTION_DISCARD:
      g_string_append_printf (out, "discard %s", pj_card_to_string (a->card));
      break;
    case PJ_ACTION_FREE_COME_OUT:
      g_string_append_printf (out, "discard %s free", pj_card_to_string (a->card));
      append_steps (out, s, a);
      break;
    case PJ_ACTION_CHALLENGE:
      g_string_append (out, "challenge");
      break;
    case PJ_ACTION_PASS:
      g_string_append (out, "pass");
      break;
    case PJ_ACTION_PENALTY:
      g_string_append (out, "penalty ");
      if (a->n_steps > 0)
        {
          pj_notation_append_peg (out, a->steps[0].peg);
          g_string_append_c (out, ' ');
          pj_notation_append_pos (out, s, a->steps[0].from);
        }
      break;
    default:
      g_string_append (out, "none");
      break;
    }
  return g_string_free (out, FALSE);
}

/* Canonical tokens of an action text: lower case, hits and commas dropped,
 * split into its parts (each "peg from-to"). */
typedef struct {
  char *head;        /* everything before the first step, e.g. "7" or "discard 7 free" */
  char *parts[2];    /* "r1 r12-h2" */
  guint n_parts;
  gboolean ok;
} Canon;

static void
canon_clear (Canon *c)
{
  g_free (c->head);
  g_free (c->parts[0]);
  g_free (c->parts[1]);
}

static Canon
canonicalize (const char *text)
{
  Canon c = { 0 };
  g_autofree char *lower = g_ascii_strdown (text, -1);
  g_auto (GStrv) words = NULL;
  GString *head = g_string_new (NULL);
  GPtrArray *steps = g_ptr_array_new_with_free_func (g_free);
  guint i;

  g_strdelimit (lower, ",\t\r\n", ' ');
  words = g_strsplit (lower, " ", -1);
  c.ok = TRUE;
  for (i = 0; words[i]; i++)
    {
      const char *w = words[i];
      if (*w == '\0' || w[0] == 'x')
        continue;
      /* a step is "peg from-to": a word like "r1" followed by a word with '-' */
      if (g_ascii_isalpha (w[0]) && g_ascii_isdigit (w[1]) && w[2] == '\0'
          && words[i + 1] && strchr (words[i + 1], '-') && strcmp (head->str, "") != 0
          && !g_str_has_suffix (head->str, "swap") && !g_str_has_suffix (head->str, "send")
          && !g_str_has_prefix (head->str, "penalty"))
        {
          g_ptr_array_add (steps, g_strdup_printf ("%s %s", w, words[i + 1]));
          i++;
          continue;
        }
      if (steps->len > 0)
        c.ok = FALSE;    /* words after the steps that are not hits */
      if (head->len)
        g_string_append_c (head, ' ');
      g_string_append (head, w);
    }
  if (steps->len > 2)
    c.ok = FALSE;
  c.n_parts = MIN (steps->len, 2);
  for (i = 0; i < c.n_parts; i++)
    c.parts[i] = g_strdup (g_ptr_array_index (steps, i));
  c.head = g_string_free (head, FALSE);
  g_ptr_array_unref (steps);
  return c;
}

static int
canon_match (const Canon *want,
             const Canon *have)
{
  if (!want->ok || g_strcmp0 (want->head, have->head) != 0 || want->n_parts != have->n_parts)
    return 0;
  if (want->n_parts == 0)
    return 2;
  if (g_strcmp0 (want->parts[0], have->parts[0]) == 0
      && (want->n_parts == 1 || g_strcmp0 (want->parts[1], have->parts[1]) == 0))
    return 2;   /* exact order */
  if (want->n_parts == 2 && g_strcmp0 (want->parts[0], have->parts[1]) == 0
      && g_strcmp0 (want->parts[1], have->parts[0]) == 0)
    return 1;   /* the other order */
  return 0;
}

gboolean
pj_action_from_string (const PjState  *s,
                       const char     *text,
                       PjAction       *out,
                       GError        **error)
{
  PjActionList list;
  Canon want;
  int best = 0;
  guint best_i = 0;

  if (text == NULL || !g_utf8_validate (text, -1, NULL) || strlen (text) > 200)
    PARSE_ERROR ("An action must be a short line of text");
  want = canonicalize (text);
  if (!want.ok || want.head[0] == '\0')
    {
      canon_clear (&want);
      PARSE_ERROR ("“%s” is not an action (try “7 R1 r12-h2, R3 b4-b7” or “discard 7”)", text);
    }
  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n && best < 2; i++)
    {
      g_autofree char *str = pj_action_to_string (s, &list.v[i]);
      Canon have = canonicalize (str);
      int m = canon_match (&want, &have);
      if (m > best)
        best = m, best_i = i;
      canon_clear (&have);
    }
  if (best > 0)
    *out = list.v[best_i];
  else if (want.n_parts == 2)
    {
      /* Written before two splits ending in one placement were listed once
       * (B-41): found among every order, it reads as the one listed. */
      PjActionList all;

      pj_action_list_init (&all);
      pj_legal_actions_all (s, &all);
      for (guint i = 0; i < all.n && best == 0; i++)
        {
          g_autofree char *str = pj_action_to_string (s, &all.v[i]);
          Canon have = canonicalize (str);

          if (canon_match (&want, &have) > 0)
            for (guint j = 0; j < list.n && best == 0; j++)
              if (pj_action_same_placement (&list.v[j], &all.v[i]))
                best = 1, *out = list.v[j];
          canon_clear (&have);
        }
      pj_action_list_clear (&all);
    }
  pj_action_list_clear (&list);
  canon_clear (&want);
  if (best == 0)
    {
      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION,
                   "“%s” is not a legal action for %s in this position", text,
                   pj_colour_name (s->actor));
      return FALSE;
    }
  return TRUE;
}

/* The card a seen action's text says was played: "7", "7=5", "?=5",
 * "discard 7 …"; PJ_CARD_NONE if it names none. */
static guint
seen_card (const char *text,
           gboolean   *hidden)
{
  g_auto (GStrv) words = g_strsplit (text, " ", 3);
  const char *word = words[0];
  g_autofree char *card = NULL;

  if (word && g_ascii_strcasecmp (word, "discard") == 0)
    word = words[1];
  if (word == NULL)
    return PJ_CARD_NONE;
  card = g_strdup (word);
  if (strchr (card, '='))
    *strchr (card, '=') = '\0';
  *hidden = strcmp (card, "?") == 0;
  if (*hidden)
    return pj_card_from_string (strchr (word, '=') ? strchr (word, '=') + 1 : "");
  return pj_card_from_string (card);
}

gboolean
pj_action_read_seen (const PjState  *seen,
                     const char     *text,
                     PjAction       *out,
                     GError        **error)
{
  PjState probe;
  guint actor = seen->actor, card;
  gboolean hidden = FALSE, unseen = FALSE;

  if (text == NULL)
    return pj_action_from_string (seen, text, out, error);
  if (pj_action_from_string (seen, text, out, NULL))
    return TRUE;

  /* Another seat's hand is unknown here, so its action is not among the legal
   * ones: it is found again where that seat holds the played card. A card
   * played face down is judged by the declared one (BJ), as the rules do. */
  card = seen_card (text, &hidden);
  probe = *seen;
  for (guint k = 0; k < probe.hand_count[actor]; k++)
    if (PJ_CARD_RANK (probe.hand[actor][k]) == PJ_CARD_UNKNOWN)
      unseen = TRUE;
  if (card == PJ_CARD_NONE || card == PJ_CARD_UNKNOWN || !unseen)
    return pj_action_from_string (seen, text, out, error);
  for (guint k = 0; k < probe.hand_count[actor]; k++)
    if (PJ_CARD_RANK (probe.hand[actor][k]) == PJ_CARD_UNKNOWN)
      probe.hand[actor][k] = (guint8) card;
  if (!pj_action_from_string (&probe, hidden ? strchr (text, '=') + 1 : text, out, error))
    return FALSE;
  if (hidden)
    out->card = PJ_CARD_UNKNOWN;
  return TRUE;
}
