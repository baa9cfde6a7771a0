/* pj-notation.c — text forms of positions and actions
 *
 * Holes: a main-track hole is the side's colour letter in lower case and the
 * hole number on that side, "r0" (Red's corner) … "r17"; "r8" is Red's
 * come-out hole, "r3" Red's in-spot. A peg's own home holes are "h1" … "h5",
 * its start area "s". Pegs are the colour letter and 1 … 5: "R1".
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
 * Positions: see pj_position_to_string(); one item per line, '#' comments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

#include <stdlib.h>

#define PARSE_ERROR(...) G_STMT_START { \
    g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_PARSE, __VA_ARGS__); \
    return FALSE; } G_STMT_END

static int
colour_from_letter (const PjState *s,
                    char           ch)
{
  for (guint c = 0; c < s->rules.players; c++)
    if (g_ascii_toupper (ch) == pj_colour_letter (c))
      return (int) c;
  return -1;
}

/* A host writes a position for every client after every action: digits by
 * hand, not through printf's format parsing. */
static void
append_uint (GString *out,
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

static void
append_pos (GString       *out,
            const PjState *s,
            guint8         pos)
{
  if (pos == PJ_POS_START)
    g_string_append_c (out, 's');
  else if (PJ_POS_IS_HOME (pos))
    {
      g_string_append_c (out, 'h');
      append_uint (out, pos - PJ_POS_HOME0 + 1u);
    }
  else
    {
      g_string_append_c (out, g_ascii_tolower (pj_colour_letter (pos / s->rules.holes_per_side)));
      append_uint (out, pos % s->rules.holes_per_side);
    }
}

char *
pj_pos_to_string (const PjState *s,
                  guint          colour,
                  guint8         pos)
{
  GString *out = g_string_new (NULL);

  (void) colour;
  append_pos (out, s, pos);
  return g_string_free (out, FALSE);
}

static gboolean
parse_pos (const PjState *s,
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
  side = colour_from_letter (s, text[0]);
  if (side < 0 || !g_ascii_isdigit (text[1]))
    return FALSE;
  v = g_ascii_strtoull (text + 1, &end, 10);
  if (*end || v >= s->rules.holes_per_side)
    return FALSE;
  *pos = (guint8) (side * s->rules.holes_per_side + v);
  return TRUE;
}

static void
append_peg (GString *out,
            guint    peg)
{
  g_string_append_printf (out, "%c%u", pj_colour_letter (PJ_PEG_COLOUR (peg)), PJ_PEG_INDEX (peg) + 1u);
}

/* ---- actions --------------------------------------------------------- */

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
          append_peg (out, st->peg);
          g_string_append_c (out, '>');
          append_pos (out, s, st->to);
          continue;
        }
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, ' ');
      append_peg (out, st->peg);
      g_string_append_c (out, ' ');
      append_pos (out, s, st->from);
      g_string_append_c (out, '-');
      append_pos (out, s, st->to);
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
          append_peg (out, a->steps[0].peg);
          g_string_append_c (out, ' ');
          append_pos (out, s, a->steps[0].from);
          g_string_append_c (out, ' ');
          append_peg (out, a->steps[1].peg);
          g_string_append_c (out, ' ');
          append_pos (out, s, a->steps[1].from);
        }
      else if (a->n_steps == 1 && (a->steps[0].flags & PJ_STEP_SEND))
        {
          g_string_append (out, " send ");
          append_peg (out, a->steps[0].peg);
          g_string_append_c (out, ' ');
          append_pos (out, s, a->steps[0].from);
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
          append_peg (out, a->steps[0].peg);
          g_string_append_c (out, ' ');
          append_pos (out, s, a->steps[0].from);
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

/* ---- positions -------------------------------------------------------- */

static const char *const phase_names[] = { "play", "challenge", "penalty", "over" };

static void
append_cards (GString      *out,
              const guint8 *cards,
              guint         n)
{
  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, pj_card_to_string (PJ_CARD_RANK (cards[i])));
      if (cards[i] & PJ_CARD_FACE_DOWN)
        g_string_append_c (out, 'd');
      if (cards[i] & PJ_CARD_STUCK_PILE)
        g_string_append_c (out, 'u');
    }
}

/*
 * pegs-and-jokers position 1
 * rules basic players=4
 * dealer R
 * turn B 12               seat to move, turn number
 * phase play              play | challenge SEAT | penalty SEAT LOSER CHALLENGER | over TEAM
 * pegs R s s s r12 h5     five per colour, peg 1 first
 * hand R 7 K JK 5 5 2     "?" for a card the viewer cannot see
 * stuck R 2               turns in a row with no legal play (only if not 0)
 * extra R 1               extra turns owed (Bluffing Joker; only if not 0)
 * discard 7 K 3d 5u       top first; d = face down, u = on the unable-to-play pile
 * stock 9 K A ...         top first; or "stock ? 140" when unknown, or omitted
 * pending 7=5 R1 r12-r17  Bluffing Joker: the move awaiting challenges
 * rng 0123abcd... 89ef... the reshuffle generator's state
 *
 * Reading takes each item once (pegs, hand, stuck and extra once per colour)
 * and refuses, naming the line, a position no game can reach: two pegs on a
 * hole, more cards of a rank than the decks hold, cards that do not add up to
 * the decks, a hand larger than the point of the turn allows (or, when every
 * hand is given, of another size), a player to move without a card, a phase
 * or pending move out of place. Hands left out are empty, so a hand-made
 * position may name only the cards that matter.
 */
char *
pj_position_to_string (const PjState *s)
{
  GString *out = g_string_sized_new (1024);
  g_autofree char *rules = pj_rules_to_string (&s->rules);
  gboolean stock_known = TRUE;

  g_string_append (out, "pegs-and-jokers position 1\n");
  g_string_append_printf (out, "rules %s\n", rules);
  g_string_append_printf (out, "dealer %c\n", pj_colour_letter (s->dealer));
  g_string_append_printf (out, "turn %c %u\n", pj_colour_letter (s->turn), s->turn_number);
  g_string_append_printf (out, "phase %s", phase_names[MIN (s->phase, 3)]);
  if (s->phase == PJ_PHASE_CHALLENGE)
    g_string_append_printf (out, " %c", pj_colour_letter (s->actor));
  else if (s->phase == PJ_PHASE_PENALTY)
    g_string_append_printf (out, " %c %c %c", pj_colour_letter (s->actor),
                            pj_colour_letter (s->penalty_loser), pj_colour_letter (s->challenger));
  else if (s->phase == PJ_PHASE_OVER)
    g_string_append_printf (out, " %u", s->winner + 1u);
  g_string_append_c (out, '\n');
  for (guint c = 0; c < s->rules.players; c++)
    {
      g_string_append (out, "pegs ");
      g_string_append_c (out, pj_colour_letter (c));
      for (guint i = 0; i < PJ_PEGS; i++)
        {
          g_string_append_c (out, ' ');
          append_pos (out, s, s->board.peg[c][i]);
        }
      g_string_append_c (out, '\n');
    }
  for (guint c = 0; c < s->rules.players; c++)
    {
      g_string_append (out, "hand ");
      g_string_append_c (out, pj_colour_letter (c));
      append_cards (out, s->hand[c], s->hand_count[c]);
      g_string_append_c (out, '\n');
    }
  for (guint c = 0; c < s->rules.players; c++)
    if (s->stuck[c])
      g_string_append_printf (out, "stuck %c %u\n", pj_colour_letter (c), s->stuck[c]);
  for (guint c = 0; c < s->rules.players; c++)
    if (s->extra_turns[c])
      g_string_append_printf (out, "extra %c %u\n", pj_colour_letter (c), s->extra_turns[c]);
  g_string_append (out, "discard");
  append_cards (out, &s->pile[s->n_cards - s->n_discard], s->n_discard);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < s->n_stock; i++)
    stock_known &= PJ_CARD_RANK (s->pile[i]) != PJ_CARD_UNKNOWN;
  if (stock_known)
    {
      g_string_append (out, "stock");
      for (guint i = s->n_stock; i > 0; i--)
        {
          g_string_append_c (out, ' ');
          g_string_append (out, pj_card_to_string (PJ_CARD_RANK (s->pile[i - 1])));
        }
      g_string_append_c (out, '\n');
    }
  else
    g_string_append_printf (out, "stock ? %u\n", s->n_stock);
  if (s->pending.kind != PJ_ACTION_NONE)
    {
      g_autofree char *p = pj_action_to_string (s, &s->pending);
      g_string_append_printf (out, "pending %s\n", p);
    }
  g_string_append_printf (out, "rng %016" G_GINT64_MODIFIER "x %016" G_GINT64_MODIFIER "x\n",
                          s->rng.s[0], s->rng.s[1]);
  return g_string_free (out, FALSE);
}

static gboolean
parse_cards (const PjState  *s,
             char          **w,
             guint8         *cards,
             guint           max,
             guint          *n,
             guint           line,
             GError        **error)
{
  (void) s;
  *n = 0;
  for (; *w; w++)
    {
      char buf[8];
      gsize len = strlen (*w);
      guint8 flags = 0;
      PjCard card;

      if (len == 0)
        continue;
      if (len >= sizeof buf)
        PARSE_ERROR ("Line %u: “%s” is not a card", line, *w);
      strcpy (buf, *w);
      while (len > 1 && (buf[len - 1] == 'd' || buf[len - 1] == 'u'))
        {
          flags |= buf[len - 1] == 'd' ? PJ_CARD_FACE_DOWN : PJ_CARD_STUCK_PILE;
          buf[--len] = '\0';
        }
      card = pj_card_from_string (buf);
      if (card == PJ_CARD_NONE)
        PARSE_ERROR ("Line %u: “%s” is not a card", line, *w);
      if (*n >= max)
        PARSE_ERROR ("Line %u: too many cards", line);
      cards[(*n)++] = (guint8) (card | flags);
    }
  return TRUE;
}

static int
seat_arg (const PjState *s,
          const char    *w)
{
  if (w == NULL || w[0] == '\0' || w[1] != '\0')
    return -1;
  return colour_from_letter (s, w[0]);
}

/* What the lines of a position have said so far. The piles and the pending
 * move are only laid out after the last line, since the stock is whatever
 * the hands and the discard pile leave over. */
typedef struct
{
  PjState s;
  gboolean have_rules, have_stock, stock_unknown, have_rng;
  char *pending_text;
  /* The line (from 1) each item came from, 0 while not given: an item given
   * twice is refused rather than the last one silently winning, and the
   * checks made after the last line can still say where the fault is. */
  guint header_line, rules_line, dealer_line, turn_line, phase_line;
  guint discard_line, stock_line, rng_line, pending_line;
  guint pegs_line[PJ_MAX_PLAYERS], hand_line[PJ_MAX_PLAYERS];
  guint stuck_line[PJ_MAX_PLAYERS], extra_line[PJ_MAX_PLAYERS];
  guint8 stock_cards[PJ_MAX_CARDS];
  guint n_stock, n_discard, unknown_stock;
  guint8 discard_cards[PJ_MAX_CARDS];
} PositionReader;

static void
position_reader_clear (PositionReader *r)
{
  g_clear_pointer (&r->pending_text, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PositionReader, position_reader_clear)

typedef gboolean (*PositionLineReader) (PositionReader *r, char **w, guint lineno, GError **error);

/* Note that `what` (“the “dealer” line is”) is given on this line, once only. */
static gboolean
claim_line (guint        *slot,
            guint         lineno,
            const char   *what,
            GError      **error)
{
  if (*slot != 0)
    PARSE_ERROR ("Line %u: %s given twice", lineno, what);
  *slot = lineno;
  return TRUE;
}

/* "the hand of" Blue "is" */
static gboolean
claim_colour_line (guint        *slot,
                   guint         lineno,
                   const char   *what,
                   guint         colour,
                   const char   *verb,
                   GError      **error)
{
  g_autofree char *item = g_strdup_printf ("%s %s %s", what, pj_colour_name (colour), verb);

  return claim_line (slot, lineno, item, error);
}

static gboolean
read_rules_line (PositionReader  *r,
                 char           **w,
                 guint            lineno,
                 GError         **error)
{
  g_autofree char *rest = g_strjoinv (" ", w + 1);

  if (!claim_line (&r->rules_line, lineno, "the “rules” line is", error))
    return FALSE;
  if (!pj_rules_from_string (&r->s.rules, rest, error))
    {
      g_prefix_error (error, "Line %u: ", lineno);
      return FALSE;
    }
  r->have_rules = TRUE;
  r->s.track_len = (guint8) pj_track_len (&r->s.rules);
  r->s.n_cards = (guint8) (r->s.rules.decks * 54u);
  return TRUE;
}

static gboolean
read_dealer_line (PositionReader  *r,
                  char           **w,
                  guint            lineno,
                  GError         **error)
{
  int seat = seat_arg (&r->s, w[1]);

  if (!claim_line (&r->dealer_line, lineno, "the “dealer” line is", error))
    return FALSE;
  if (seat < 0 || w[2])
    PARSE_ERROR ("Line %u: expected “dealer COLOUR”", lineno);
  r->s.dealer = (guint8) seat;
  return TRUE;
}

static gboolean
read_turn_line (PositionReader  *r,
                char           **w,
                guint            lineno,
                GError         **error)
{
  int seat = seat_arg (&r->s, w[1]);
  char *end = NULL;
  guint64 n = w[1] && w[2] ? g_ascii_strtoull (w[2], &end, 10) : 1;

  if (!claim_line (&r->turn_line, lineno, "the “turn” line is", error))
    return FALSE;
  if (seat < 0 || (w[2] && (*end || n == 0 || n > G_MAXINT32)) || (w[2] && w[3]))
    PARSE_ERROR ("Line %u: expected “turn COLOUR [NUMBER]”", lineno);
  r->s.turn = (guint8) seat;
  r->s.turn_number = (guint32) n;
  return TRUE;
}

static gboolean
read_phase_line (PositionReader  *r,
                 char           **w,
                 guint            lineno,
                 GError         **error)
{
  PjState *s = &r->s;
  int a, b, c;

  if (!claim_line (&r->phase_line, lineno, "the “phase” line is", error))
    return FALSE;
  if (g_strcmp0 (w[1], "play") == 0 && !w[2])
    s->phase = PJ_PHASE_PLAY;
  else if (g_strcmp0 (w[1], "challenge") == 0 && (a = seat_arg (s, w[2])) >= 0 && !w[3])
    s->phase = PJ_PHASE_CHALLENGE, s->actor = (guint8) a;
  else if (g_strcmp0 (w[1], "penalty") == 0 && (a = seat_arg (s, w[2])) >= 0
           && (b = seat_arg (s, w[3])) >= 0 && (c = seat_arg (s, w[4])) >= 0 && !w[5])
    s->phase = PJ_PHASE_PENALTY, s->actor = (guint8) a, s->penalty_loser = (guint8) b,
    s->challenger = (guint8) c;
  else if (g_strcmp0 (w[1], "over") == 0 && w[2] && !w[3] && atoi (w[2]) >= 1
           && atoi (w[2]) <= s->rules.teams && strlen (w[2]) == 1)
    s->phase = PJ_PHASE_OVER, s->winner = (guint8) (atoi (w[2]) - 1);
  else
    PARSE_ERROR ("Line %u: expected “phase play|challenge C|penalty C C C|over TEAM”", lineno);
  return TRUE;
}

static gboolean
read_pegs_line (PositionReader  *r,
                char           **w,
                guint            lineno,
                GError         **error)
{
  PjState *s = &r->s;
  int c = seat_arg (s, w[1]);

  if (c < 0)
    PARSE_ERROR ("Line %u: “%s” is not a colour at this table", lineno, w[1] ? w[1] : "");
  if (!claim_colour_line (&r->pegs_line[c], lineno, "the pegs of", (guint) c, "are", error))
    return FALSE;
  for (guint i = 0; i < PJ_PEGS; i++)
    {
      guint8 pos;
      if (w[2 + i] == NULL || !parse_pos (s, w[2 + i], &pos))
        PARSE_ERROR ("Line %u: %s peg %u: expected a hole like r12, h3 or s, got “%s”",
                     lineno, pj_colour_name ((guint) c), i + 1, w[2 + i] ? w[2 + i] : "");
      s->board.peg[c][i] = pos;
    }
  if (w[2 + PJ_PEGS])
    PARSE_ERROR ("Line %u: a colour has exactly five pegs", lineno);
  return TRUE;
}

static gboolean
read_hand_line (PositionReader  *r,
                char           **w,
                guint            lineno,
                GError         **error)
{
  PjState *s = &r->s;
  int c = seat_arg (s, w[1]);
  guint n;

  if (c < 0)
    PARSE_ERROR ("Line %u: “%s” is not a colour at this table", lineno, w[1] ? w[1] : "");
  if (!claim_colour_line (&r->hand_line[c], lineno, "the hand of", (guint) c, "is", error))
    return FALSE;
  if (!parse_cards (s, w + 2, s->hand[c], PJ_MAX_HAND, &n, lineno, error))
    return FALSE;
  s->hand_count[c] = (guint8) n;
  return TRUE;
}

/* "stuck" and "extra" are both a seat's small counter */
static gboolean
read_counter_line (PositionReader  *r,
                   char           **w,
                   guint            lineno,
                   GError         **error)
{
  const char *key = w[0];
  int c = seat_arg (&r->s, w[1]);
  char *end = NULL;
  guint64 n = w[1] && w[2] ? g_ascii_strtoull (w[2], &end, 10) : 0;

  if (c < 0 || !w[2] || *end || n > 255 || w[3])
    PARSE_ERROR ("Line %u: expected “%s COLOUR NUMBER”", lineno, key);
  if (key[0] == 's')
    {
      if (!claim_colour_line (&r->stuck_line[c], lineno, "the stuck count of", (guint) c, "is",
                              error))
        return FALSE;
      r->s.stuck[c] = (guint8) n;
    }
  else
    {
      if (!claim_colour_line (&r->extra_line[c], lineno, "the extra turns of", (guint) c, "are",
                              error))
        return FALSE;
      r->s.extra_turns[c] = (guint8) n;
    }
  return TRUE;
}

static gboolean
read_discard_line (PositionReader  *r,
                   char           **w,
                   guint            lineno,
                   GError         **error)
{
  if (!claim_line (&r->discard_line, lineno, "the “discard” line is", error))
    return FALSE;
  return parse_cards (&r->s, w + 1, r->discard_cards, PJ_MAX_CARDS, &r->n_discard, lineno, error);
}

static gboolean
read_stock_line (PositionReader  *r,
                 char           **w,
                 guint            lineno,
                 GError         **error)
{
  if (!claim_line (&r->stock_line, lineno, "the “stock” line is", error))
    return FALSE;
  r->have_stock = TRUE;
  if (g_strcmp0 (w[1], "?") == 0)
    {
      char *end = NULL;
      guint64 n = w[2] ? g_ascii_strtoull (w[2], &end, 10) : 0;
      if (!w[2] || *end || n > PJ_MAX_CARDS || w[3])
        PARSE_ERROR ("Line %u: expected “stock ? COUNT”", lineno);
      r->stock_unknown = TRUE;
      r->unknown_stock = (guint) n;
      return TRUE;
    }
  return parse_cards (&r->s, w + 1, r->stock_cards, PJ_MAX_CARDS, &r->n_stock, lineno, error);
}

static gboolean
read_rng_line (PositionReader  *r,
               char           **w,
               guint            lineno,
               GError         **error)
{
  PjState *s = &r->s;
  char *e1 = NULL, *e2 = NULL;

  if (!claim_line (&r->rng_line, lineno, "the “rng” line is", error))
    return FALSE;
  if (!w[1] || !w[2] || w[3])
    PARSE_ERROR ("Line %u: expected “rng HEX HEX”", lineno);
  s->rng.s[0] = g_ascii_strtoull (w[1], &e1, 16);
  s->rng.s[1] = g_ascii_strtoull (w[2], &e2, 16);
  if (*e1 || *e2 || (s->rng.s[0] == 0 && s->rng.s[1] == 0))
    PARSE_ERROR ("Line %u: expected “rng HEX HEX”, not both zero", lineno);
  r->have_rng = TRUE;
  return TRUE;
}

/* kept as text: the move can only be read against the finished position */
static gboolean
read_pending_line (PositionReader  *r,
                   const char      *move,
                   guint            lineno,
                   GError         **error)
{
  if (!claim_line (&r->pending_line, lineno, "the “pending” move is", error))
    return FALSE;
  r->pending_text = g_strdup (move);
  return TRUE;
}

/* every line kind after "rules", which must come first */
static const struct
{
  const char *key;
  PositionLineReader read;
} position_line_readers[] = {
  { "dealer", read_dealer_line },
  { "turn", read_turn_line },
  { "phase", read_phase_line },
  { "pegs", read_pegs_line },
  { "hand", read_hand_line },
  { "stuck", read_counter_line },
  { "extra", read_counter_line },
  { "discard", read_discard_line },
  { "stock", read_stock_line },
  { "rng", read_rng_line },
};

static GStrv
split_words (const char *line)
{
  g_auto (GStrv) raw = g_strsplit_set (line, " \t", -1);
  GPtrArray *keep = g_ptr_array_new ();

  for (guint i = 0; raw[i]; i++)
    if (raw[i][0])
      g_ptr_array_add (keep, g_strdup (raw[i]));
  g_ptr_array_add (keep, NULL);
  return (GStrv) g_ptr_array_free (keep, FALSE);
}

static gboolean
read_position_line (PositionReader  *r,
                    char            *line,
                    guint            ln,
                    GError         **error)
{
  g_auto (GStrv) w = NULL;
  char *hash = strchr (line, '#');
  guint lineno = ln + 1;

  if (hash)
    *hash = '\0';
  g_strstrip (line);
  if (*line == '\0')
    return TRUE;
  if (ln == 0 || !r->have_rules)
    {
      if (g_str_has_prefix (line, "pegs-and-jokers position"))
        {
          if (strcmp (line, "pegs-and-jokers position 1") != 0)
            PARSE_ERROR ("Line %u: unsupported position version “%s”", lineno, line);
          return claim_line (&r->header_line, lineno, "the “pegs-and-jokers position” line is",
                             error);
        }
    }
  if (g_str_has_prefix (line, "pending "))
    return read_pending_line (r, line + 8, lineno, error);
  w = split_words (line);
  if (strcmp (w[0], "rules") == 0)
    return read_rules_line (r, w, lineno, error);
  if (!r->have_rules)
    PARSE_ERROR ("Line %u: the “rules” line must come first", lineno);
  for (guint i = 0; i < G_N_ELEMENTS (position_line_readers); i++)
    if (strcmp (w[0], position_line_readers[i].key) == 0)
      return position_line_readers[i].read (r, w, lineno, error);
  PARSE_ERROR ("Line %u: unknown item “%s”", lineno, w[0]);
}

/* No stock line: the cards not accounted for, shuffled by the generator.
 * Where some placed cards are unseen ("?"), which cards are left is unknown
 * too, so the stock is that many unseen cards. The counts were checked
 * (check_card_totals): the rest is never negative. */
static void
shuffle_unplaced_cards (PjState       *s,
                        const guint8  *discard_cards,
                        guint          n_discard)
{
  guint counts[16] = { 0 };
  guint n = 0, placed = n_discard, unseen = 0;

  for (guint r = PJ_CARD_ACE; r <= PJ_CARD_JOKER; r++)
    counts[r] = r == PJ_CARD_JOKER ? 2u * s->rules.decks : 4u * s->rules.decks;
  for (guint c = 0; c < s->rules.players; c++)
    {
      placed += s->hand_count[c];
      for (guint k = 0; k < s->hand_count[c]; k++)
        if (PJ_CARD_RANK (s->hand[c][k]) == PJ_CARD_UNKNOWN)
          unseen++;
        else
          counts[PJ_CARD_RANK (s->hand[c][k])]--;
    }
  for (guint i = 0; i < n_discard; i++)
    if (PJ_CARD_RANK (discard_cards[i]) == PJ_CARD_UNKNOWN)
      unseen++;
    else
      counts[PJ_CARD_RANK (discard_cards[i])]--;
  if (unseen > 0)
    {
      s->n_stock = (guint8) (s->n_cards - placed);
      memset (s->pile, PJ_CARD_UNKNOWN, s->n_stock);
      return;
    }
  for (guint r = PJ_CARD_ACE; r <= PJ_CARD_JOKER; r++)
    for (guint k = 0; k < counts[r]; k++)
      s->pile[n++] = (guint8) r;
  s->n_stock = (guint8) n;
  pj_shuffle_cards (s->pile, n, &s->rng);
}

static gboolean
lay_out_piles (PositionReader  *r,
               GError         **error)
{
  PjState *s = &r->s;
  guint n_discard = r->n_discard;

  /* discard pile: top first */
  if (n_discard > s->n_cards)
    PARSE_ERROR ("The discard pile holds more cards than the decks");
  s->n_discard = (guint8) n_discard;
  for (guint i = 0; i < n_discard; i++)
    s->pile[s->n_cards - n_discard + i] = r->discard_cards[i];

  if (r->stock_unknown)
    {
      if (r->unknown_stock > s->n_cards - n_discard)
        PARSE_ERROR ("The stock holds more cards than the decks");
      s->n_stock = (guint8) r->unknown_stock;
      for (guint i = 0; i < r->unknown_stock; i++)
        s->pile[i] = PJ_CARD_UNKNOWN;
    }
  else if (r->have_stock)
    {
      if (r->n_stock > s->n_cards - n_discard)
        PARSE_ERROR ("The stock holds more cards than the decks");
      s->n_stock = (guint8) r->n_stock;
      for (guint i = 0; i < r->n_stock; i++)
        s->pile[r->n_stock - 1 - i] = r->stock_cards[i];
    }
  else
    shuffle_unplaced_cards (s, r->discard_cards, n_discard);
  return TRUE;
}

static gboolean
read_pending_move (PjState     *s,
                   const char  *pending_text,
                   GError     **error)
{
  PjState probe = *s;
  PjAction a;

  /* the pending move was legal for the mover before it was declared */
  probe.phase = PJ_PHASE_PLAY;
  probe.actor = probe.turn;
  probe.pending.kind = PJ_ACTION_NONE;
  /* and its card was still in the hand: take it back from the discard pile */
  if (probe.n_discard > 0 && probe.hand_count[probe.turn] < PJ_MAX_HAND)
    {
      probe.hand[probe.turn][probe.hand_count[probe.turn]++] =
        PJ_CARD_RANK (probe.pile[probe.n_cards - probe.n_discard]);
      probe.n_discard--;
    }
  if (!pj_action_from_string (&probe, pending_text, &a, error))
    {
      g_prefix_error (error, "pending: ");
      return FALSE;
    }
  /* the action as the engine keeps it: nothing past its steps, so that two
   * readings of one text are equal byte for byte */
  memset (&s->pending, 0, sizeof s->pending);
  memcpy (&s->pending, &a, G_STRUCT_OFFSET (PjAction, steps) + a.n_steps * sizeof (PjStep));
  if (s->n_discard > 0 && PJ_CARD_RANK (s->pile[s->n_cards - s->n_discard]) != PJ_CARD_UNKNOWN)
    s->pending.card = PJ_CARD_RANK (s->pile[s->n_cards - s->n_discard]);
  return TRUE;
}

/* ---- consistency: what a position says must be a position a game can reach */

/* An error about a position item: "Line 7: …" when it was given on a line,
 * else the bare sentence (the item took its default). */
static gboolean G_GNUC_PRINTF (4, 5)
position_error (GError     **error,
                int          code,
                guint        lineno,
                const char  *format,
                ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  if (lineno > 0)
    g_set_error (error, PJ_ENGINE_ERROR, code, "Line %u: %s", lineno, text);
  else
    {
      text[0] = g_ascii_toupper (text[0]);
      g_set_error_literal (error, PJ_ENGINE_ERROR, code, text);
    }
  return FALSE;
}

static char *
pos_name (const PjState *s,
          guint8         pos)
{
  GString *out = g_string_new (NULL);

  append_pos (out, s, pos);
  return g_string_free (out, FALSE);
}

/* B-31, B-33: a landing always moves the peg that was there, so no two pegs
 * ever share a main-track hole, nor two pegs of a colour a home hole; only
 * the start areas hold several. The hole names themselves were checked
 * against this board when read (parse_pos). */
static gboolean
check_pegs (const PositionReader  *r,
            GError               **error)
{
  const PjState *s = &r->s;
  guint8 on_track[PJ_MAX_TRACK] = { 0 };   /* peg id + 1 */

  for (guint c = 0; c < s->rules.players; c++)
    {
      guint8 at_home[PJ_HOME_HOLES] = { 0 };   /* peg index + 1 */

      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 p = s->board.peg[c][i];
          guint other;
          g_autofree char *hole = NULL;

          if (PJ_POS_IS_TRACK (p) && on_track[p] == 0)
            {
              on_track[p] = (guint8) (PJ_PEG_ID (c, i) + 1);
              continue;
            }
          if (PJ_POS_IS_HOME (p) && at_home[p - PJ_POS_HOME0] == 0)
            {
              at_home[p - PJ_POS_HOME0] = (guint8) (i + 1);
              continue;
            }
          if (!PJ_POS_IS_TRACK (p) && !PJ_POS_IS_HOME (p))
            continue;
          if (PJ_POS_IS_TRACK (p))
            other = on_track[p] - 1u;
          else
            other = PJ_PEG_ID (c, at_home[p - PJ_POS_HOME0] - 1u);
          hole = pos_name (s, p);
          return position_error (error, PJ_ENGINE_ERROR_INVARIANT, r->pegs_line[c],
                                 "%s peg %u and %s peg %u are both on %s",
                                 pj_colour_name (PJ_PEG_COLOUR (other)), PJ_PEG_INDEX (other) + 1u,
                                 pj_colour_name (c), i + 1u, hole);
        }
    }
  return TRUE;
}

static guint
deck_count (const PjRules *rules,
            guint          rank)
{
  return rank == PJ_CARD_JOKER ? 2u * rules->decks : 4u * rules->decks;
}

/* Count one line's cards into `counts`; FALSE when a rank now exceeds the
 * decks (B-3: 4 of each rank and 2 jokers per deck). Unseen cards ("?")
 * could be anything, so only the total counts them. */
static gboolean
count_cards (const PjState  *s,
             const guint8   *cards,
             guint           n,
             guint          *counts,
             guint           lineno,
             GError        **error)
{
  for (guint k = 0; k < n; k++)
    {
      guint rank = PJ_CARD_RANK (cards[k]);

      if (rank == PJ_CARD_UNKNOWN || ++counts[rank] <= deck_count (&s->rules, rank))
        continue;
      /* the error code reading has always given a hand of seven jokers */
      return position_error (error, PJ_ENGINE_ERROR_PARSE, lineno,
                             "there are more %s cards than the %u decks hold (%u)",
                             pj_card_to_string (rank), s->rules.decks,
                             deck_count (&s->rules, rank));
    }
  return TRUE;
}

/* Every card is in one place: the hands, the discard pile (where a pending
 * Bluffing Joker card lies face down on top) and the stock. */
static gboolean
check_card_totals (const PositionReader  *r,
                   GError               **error)
{
  const PjState *s = &r->s;
  guint counts[16] = { 0 };
  guint in_hands = 0, last_hand_line = 0, placed, stock;

  for (guint c = 0; c < s->rules.players; c++)
    {
      if (!count_cards (s, s->hand[c], s->hand_count[c], counts, r->hand_line[c], error))
        return FALSE;
      in_hands += s->hand_count[c];
      last_hand_line = MAX (last_hand_line, r->hand_line[c]);
    }
  if (!count_cards (s, r->discard_cards, r->n_discard, counts, r->discard_line, error))
    return FALSE;
  if (r->have_stock && !r->stock_unknown
      && !count_cards (s, r->stock_cards, r->n_stock, counts, r->stock_line, error))
    return FALSE;

  placed = in_hands + r->n_discard;
  if (!r->have_stock)
    {
      /* the stock is the rest, which cannot be less than nothing */
      if (placed > s->n_cards)
        return position_error (error, PJ_ENGINE_ERROR_INVARIANT,
                               MAX (last_hand_line, r->discard_line),
                               "the hands and the discard pile hold %u cards, more than "
                               "the %u of the decks", placed, s->n_cards);
      return TRUE;
    }
  stock = r->stock_unknown ? r->unknown_stock : r->n_stock;
  if (placed + stock != s->n_cards)
    {
      if (placed > s->n_cards)
        return position_error (error, PJ_ENGINE_ERROR_INVARIANT, r->stock_line,
                               "the hands and the discard pile hold %u cards, more than "
                               "the %u of the decks", placed, s->n_cards);
      return position_error (error, PJ_ENGINE_ERROR_INVARIANT, r->stock_line,
                             "the stock holds %u cards, but the decks' %u cards less the "
                             "hands (%u) and the discard pile (%u) leave %u",
                             stock, s->n_cards, in_hands, r->n_discard, s->n_cards - placed);
    }
  return TRUE;
}

/* The cards a seat holds at this point of the turn in a game with cards to
 * draw (B-5, B-20): everyone holds the hand size between turns; drawing first,
 * the player to move holds one more until playing; playing first, the player
 * who has just played (a pending bluff, a penalty, the end) holds one less
 * until drawing. */
static guint
hand_size_now (const PjState  *s,
               guint           seat,
               const char    **who,
               const char    **when)
{
  guint size = s->rules.hand_size;

  *who = "hands hold";
  *when = "between turns";
  if (seat != s->turn)
    return size;
  if (s->phase == PJ_PHASE_PLAY && s->rules.draw_first)
    {
      *who = "the player to move holds";
      *when = "after drawing";
      return size + 1;
    }
  if (s->phase != PJ_PHASE_PLAY && !s->rules.draw_first)
    {
      *who = "the player who has just played holds";
      *when = "until drawing";
      return size - 1;
    }
  return size;
}

static gboolean
check_hands (const PositionReader  *r,
             GError               **error)
{
  const PjState *s = &r->s;
  gboolean every_hand = TRUE;

  for (guint c = 0; c < s->rules.players; c++)
    every_hand &= r->hand_line[c] != 0;
  for (guint c = 0; c < s->rules.players; c++)
    {
      const char *who, *when;
      guint size = hand_size_now (s, c, &who, &when);

      /* More is never possible. Fewer is what a hand-made position gives,
       * where tests and bug reports name only the cards that matter and
       * leave out the other hands; but a position that gives every hand is
       * a whole table (the engine prints them all), and a game's hands never
       * run short: the decks hold far more than all hands together, so
       * every draw finds a card (B-6). */
      if (s->hand_count[c] == size || (s->hand_count[c] < size && !every_hand))
        continue;
      return position_error (error, PJ_ENGINE_ERROR_INVARIANT, r->hand_line[c],
                             "%s holds %u cards, but %s %u %s in these rules",
                             pj_colour_name (c), s->hand_count[c], who, size, when);
    }
  /* every play and every discard needs a card (B-21, B-22; BJ plays one face
   * down): with none, the player to move would have no action at all */
  if (s->phase == PJ_PHASE_PLAY && s->hand_count[s->turn] == 0)
    return position_error (error, PJ_ENGINE_ERROR_INVARIANT,
                           r->hand_line[s->turn] ? r->hand_line[s->turn] : r->turn_line,
                           "%s is to move but holds no card", pj_colour_name (s->turn));
  return TRUE;
}

static gboolean
team_home (const PjState *s,
           guint          team)
{
  for (guint c = team; c < s->rules.players; c += s->rules.teams)
    if (!pj_state_colour_done (s, c))
      return FALSE;
  return TRUE;
}

/* The phase, the seats it names and the pending move must be where a turn
 * can be (B-61, BJ). Runs on the laid-out position. */
static gboolean
check_phase (const PositionReader  *r,
             GError               **error)
{
  const PjState *s = &r->s;
  const PjRules *rules = &s->rules;
  guint line = r->phase_line;

  /* B-61: the game ends as soon as a team is all home, and only then */
  if (s->phase == PJ_PHASE_OVER && !team_home (s, s->winner))
    return position_error (error, PJ_ENGINE_ERROR_INVARIANT, line,
                           "team %u has won, but not all of its pegs are home", s->winner + 1u);
  for (guint team = 0; team < rules->teams && s->phase != PJ_PHASE_OVER; team++)
    if (team_home (s, team))
      return position_error (error, PJ_ENGINE_ERROR_INVARIANT, line,
                             "all pegs of team %u are home, so the game is over (B-61)",
                             team + 1u);

  if (s->pending.kind != PJ_ACTION_NONE && s->phase != PJ_PHASE_CHALLENGE)
    return position_error (error, PJ_ENGINE_ERROR_INVARIANT, r->pending_line,
                           "a pending move waits for challenges only in the challenge phase");
  if (s->phase != PJ_PHASE_CHALLENGE && s->phase != PJ_PHASE_PENALTY)
    return TRUE;
  if (!rules->bluffing)
    return position_error (error, PJ_ENGINE_ERROR_INVARIANT, line,
                           "challenges belong to the Bluffing Joker rules (bluffing=yes)");
  if (s->phase == PJ_PHASE_CHALLENGE)
    {
      guint top = s->n_cards - s->n_discard;

      /* BJ: the opponents challenge, clockwise from the mover */
      if (pj_team_of (rules, s->actor) == pj_team_of (rules, s->turn))
        return position_error (error, PJ_ENGINE_ERROR_INVARIANT, line,
                               "%s may not challenge a move of its own team",
                               pj_colour_name (s->actor));
      /* the pending move's card was played face down onto the discard pile */
      if (s->n_discard == 0 || !(s->pile[top] & PJ_CARD_FACE_DOWN))
        return position_error (error, PJ_ENGINE_ERROR_INVARIANT,
                               r->discard_line ? r->discard_line : r->pending_line,
                               "the card of the pending move must lie face down on top of the "
                               "discard pile (“d”)");
      return TRUE;
    }
  /* penalty: the loser of the challenge is the mover or its challenger, an
   * opponent, and the other one picks a peg of the loser in play */
  if (s->actor == s->penalty_loser
      || (s->actor != s->turn && s->penalty_loser != s->turn)
      || s->challenger != (s->actor == s->turn ? s->penalty_loser : s->actor)
      || pj_team_of (rules, s->challenger) == pj_team_of (rules, s->turn))
    return position_error (error, PJ_ENGINE_ERROR_INVARIANT, line,
                           "a penalty is picked by the mover or its challenger, an opponent, "
                           "from the other one's pegs");
  for (guint i = 0; i < PJ_PEGS; i++)
    if (PJ_POS_IS_TRACK (s->board.peg[s->penalty_loser][i]))
      return TRUE;
  return position_error (error, PJ_ENGINE_ERROR_INVARIANT, line,
                         "%s has no peg in play to lose as a penalty",
                         pj_colour_name (s->penalty_loser));
}

/* BJ: only a challenge grants extra turns */
static gboolean
check_counters (const PositionReader  *r,
                GError               **error)
{
  for (guint c = 0; c < r->s.rules.players; c++)
    if (r->s.extra_turns[c] > 0 && !r->s.rules.bluffing)
      return position_error (error, PJ_ENGINE_ERROR_INVARIANT, r->extra_line[c],
                             "extra turns are owed only in the Bluffing Joker rules");
  return TRUE;
}

gboolean
pj_position_from_string (PjState     *out,
                         const char  *text,
                         GError     **error)
{
  g_auto (GStrv) lines = NULL;
  g_auto (PositionReader) r = { 0, };
  PjState *s = &r.s;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    PARSE_ERROR ("A position must be UTF-8 text");
  if (strlen (text) > 65536)
    PARSE_ERROR ("A position text is at most 64 KiB");

  /* positions compare byte for byte: no stray padding */
  memset (s, 0, sizeof *s);
  s->winner = s->penalty_loser = s->challenger = 0xff;
  s->turn_number = 1;
  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    for (guint i = 0; i < PJ_PEGS; i++)
      s->board.peg[c][i] = PJ_POS_START;

  lines = g_strsplit (text, "\n", -1);
  for (guint ln = 0; lines[ln]; ln++)
    if (!read_position_line (&r, lines[ln], ln, error))
      return FALSE;
  if (!r.have_rules)
    PARSE_ERROR ("A position needs a “rules” line");
  if (s->turn >= s->rules.players || s->dealer >= s->rules.players)
    PARSE_ERROR ("The seat to move is not at this table");
  /* the phase line names who chooses in a challenge or a penalty; otherwise
   * it is the player to move, whichever line came first */
  if (s->phase == PJ_PHASE_PLAY || s->phase == PJ_PHASE_OVER)
    s->actor = s->turn;

  if (!check_pegs (&r, error) || !check_card_totals (&r, error) || !check_hands (&r, error)
      || !check_counters (&r, error))
    return FALSE;
  pj_board_rebuild (&s->board, s->rules.players);
  if (!r.have_rng)
    pj_rng_seed (&s->rng, 1);
  if (!lay_out_piles (&r, error))
    return FALSE;
  if (r.pending_text && !read_pending_move (s, r.pending_text, error))
    return FALSE;
  if (s->phase == PJ_PHASE_CHALLENGE && s->pending.kind == PJ_ACTION_NONE)
    PARSE_ERROR ("A challenge phase needs a “pending” move");
  if (!check_phase (&r, error))
    return FALSE;

  if (!pj_state_check (s, error))
    return FALSE;
  /* a byte copy: struct assignment need not copy padding, and positions
   * compare byte for byte */
  memcpy (out, s, sizeof *s);
  return TRUE;
}
