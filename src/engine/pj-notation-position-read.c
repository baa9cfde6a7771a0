/* pj-notation-position-read.c — a position from text (the format:
 * pj_position_to_string(), one item per line, '#' comments)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

#include <stdlib.h>

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
  return pj_notation_colour_from_letter (s, w[0]);
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
  guint counter_line[PJ_N_COUNTERS][PJ_MAX_PLAYERS];
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
  char *end_again = NULL;
  guint64 n = w[1] && w[2] ? g_ascii_strtoull (w[2], &end, 10) : 1;
  /* BJ: "again N", the extra turns in a row the seat is on */
  gboolean with_again = w[1] && w[2] && w[3];
  guint64 again = with_again && w[4] ? g_ascii_strtoull (w[4], &end_again, 10) : 0;

  if (!claim_line (&r->turn_line, lineno, "the “turn” line is", error))
    return FALSE;
  if (seat < 0 || (w[2] && (*end || n == 0 || n > G_MAXINT32))
      || (with_again && (strcmp (w[3], "again") != 0 || !w[4] || w[5]
                         || *end_again || again == 0 || again > 255)))
    PARSE_ERROR ("Line %u: expected “turn COLOUR [NUMBER [again COUNT]]”", lineno);
  r->s.turn = (guint8) seat;
  r->s.turn_number = (guint32) n;
  r->s.again = (guint8) again;
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
      if (w[2 + i] == NULL || !pj_notation_parse_pos (s, w[2 + i], &pos))
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

/* A seat's small counter (pj_counter_lines) */
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
  for (guint k = 0; k < PJ_N_COUNTERS; k++)
    if (strcmp (key, pj_counter_lines[k].key) == 0)
      {
        guint8 *values = G_STRUCT_MEMBER_P (&r->s, pj_counter_lines[k].offset);

        if (!claim_colour_line (&r->counter_line[k][c], lineno, pj_counter_lines[k].what, (guint) c,
                                pj_counter_lines[k].verb, error))
          return FALSE;
        values[c] = (guint8) n;
        return TRUE;
      }
  g_return_val_if_reached (FALSE);
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
  for (guint k = 0; k < PJ_N_COUNTERS; k++)
    if (strcmp (w[0], pj_counter_lines[k].key) == 0)
      return read_counter_line (r, w, lineno, error);
  PARSE_ERROR ("Line %u: unknown item “%s”", lineno, w[0]);
}

/* No stock line: the cards not accounted for, shuffled by the generator.
 * Where some placed cards are unseen ("?"), which cards are left is unknown
 * too, so the stock is that many unseen cards. The total fits
 * (check_piles_fit()); a rank placed more often than the decks hold leaves
 * none of it, and pj_state_check() names where it is. */
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
        else if (counts[PJ_CARD_RANK (s->hand[c][k])] > 0)
          counts[PJ_CARD_RANK (s->hand[c][k])]--;
    }
  for (guint i = 0; i < n_discard; i++)
    if (PJ_CARD_RANK (discard_cards[i]) == PJ_CARD_UNKNOWN)
      unseen++;
    else if (counts[PJ_CARD_RANK (discard_cards[i])] > 0)
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

/* The piles fit (check_piles_fit()). */
static void
lay_out_piles (PositionReader *r)
{
  PjState *s = &r->s;
  guint n_discard = r->n_discard;

  /* discard pile: top first */
  s->n_discard = (guint8) n_discard;
  for (guint i = 0; i < n_discard; i++)
    s->pile[s->n_cards - n_discard + i] = r->discard_cards[i];

  if (r->stock_unknown)
    {
      s->n_stock = (guint8) r->unknown_stock;
      for (guint i = 0; i < r->unknown_stock; i++)
        s->pile[i] = PJ_CARD_UNKNOWN;
    }
  else if (r->have_stock)
    {
      s->n_stock = (guint8) r->n_stock;
      for (guint i = 0; i < r->n_stock; i++)
        s->pile[r->n_stock - 1 - i] = r->stock_cards[i];
    }
  else
    shuffle_unplaced_cards (s, r->discard_cards, n_discard);
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

/* ---- consistency: pj_state_check(), pointing at the line -------------- */

/* The line (from 1) that gave a part of the state, 0 if it was left out */
static guint
part_line (const PositionReader *r,
           PjStatePart           part,
           guint                 seat)
{
  guint last_hand = 0;

  switch (part)
    {
    case PJ_STATE_PART_NONE:
      return 0;
    case PJ_STATE_PART_TURN:
      return r->turn_line;
    case PJ_STATE_PART_PHASE:
      return r->phase_line;
    case PJ_STATE_PART_PEGS:
      return seat < PJ_MAX_PLAYERS ? r->pegs_line[seat] : 0;
    case PJ_STATE_PART_HAND:
      return seat < PJ_MAX_PLAYERS ? r->hand_line[seat] : 0;
    case PJ_STATE_PART_EXTRA:
      return seat < PJ_MAX_PLAYERS ? r->counter_line[PJ_COUNTER_EXTRA][seat] : 0;
    case PJ_STATE_PART_DISCARD:
      return r->discard_line;
    case PJ_STATE_PART_STOCK:
      /* a stock left out is what the hands and the discard pile leave */
      if (r->stock_line)
        return r->stock_line;
      for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
        last_hand = MAX (last_hand, r->hand_line[c]);
      return MAX (last_hand, r->discard_line);
    case PJ_STATE_PART_PENDING:
      return r->pending_line;
    }
  return 0;
}

/* An error about a position item: "Line 7: …" when it was given on a line,
 * else the bare sentence (the item took its default). */
static gboolean
at_line (GError **error,
         guint    lineno)
{
  if (error == NULL || *error == NULL)
    return FALSE;
  if (lineno > 0)
    g_prefix_error (error, "Line %u: ", lineno);
  else
    (*error)->message[0] = g_ascii_toupper ((*error)->message[0]);
  return FALSE;
}

static gboolean
check_position (const PositionReader  *r,
                GError               **error)
{
  PjStateCheckFlags flags = PJ_STATE_CHECK_START | PJ_STATE_CHECK_EVERY_HAND;
  PjStateFault fault;
  guint line;

  /* a position that gives every hand is a whole table, as the engine prints
   * it; one that leaves some out names only the cards that matter */
  for (guint c = 0; c < r->s.rules.players; c++)
    if (r->hand_line[c] == 0)
      flags &= ~PJ_STATE_CHECK_EVERY_HAND;
  if (pj_state_check_where (&r->s, flags, &fault, error))
    return TRUE;
  line = part_line (r, fault.part, fault.seat);
  if (line == 0)
    line = part_line (r, fault.or_else, fault.seat);
  return at_line (error, line);
}

/* The piles are the two ends of one row of the decks' cards: more than the
 * decks hold cannot be laid out, so it is refused before. */
static gboolean
check_piles_fit (const PositionReader  *r,
                 GError               **error)
{
  const PjState *s = &r->s;
  guint in_hands = 0, stock = r->stock_unknown ? r->unknown_stock : r->n_stock;

  for (guint c = 0; c < s->rules.players; c++)
    in_hands += s->hand_count[c];
  if (in_hands + r->n_discard + (r->have_stock ? stock : 0) <= s->n_cards)
    return TRUE;
  pj_state_card_total_error (s->n_cards, in_hands, r->n_discard, stock, error);
  return at_line (error, part_line (r, PJ_STATE_PART_STOCK, 0));
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

  pj_board_rebuild (&s->board, s->rules.players);
  if (!r.have_rng)
    pj_rng_seed (&s->rng, 1);
  if (!check_piles_fit (&r, error))
    return FALSE;
  lay_out_piles (&r);
  /* the text leaves out an item the phase needs (pj_state_check() has the
   * same rule for a state, but this is a line missing, not a line wrong) */
  if (s->phase == PJ_PHASE_CHALLENGE && r.pending_text == NULL)
    PARSE_ERROR ("A challenge phase needs a “pending” move");
  if (r.pending_text && !read_pending_move (s, r.pending_text, error))
    return FALSE;
  if (!check_position (&r, error))
    return FALSE;
  /* a byte copy: struct assignment need not copy padding, and positions
   * compare byte for byte */
  memcpy (out, s, sizeof *s);
  return TRUE;
}
