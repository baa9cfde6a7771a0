/* pj-state-check.c — the invariants of a state (pj_state_check())
 *
 * The one check of what a position must be for a game to reach it. Each
 * fault names the part of the state it is in (PjStateFault), so that the
 * position reader can say which line gave it; the sentences are written
 * for someone who wrote that line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

static gboolean G_GNUC_PRINTF (5, 6)
fault_at (GError       **error,
          PjStateFault  *fault,
          PjStatePart    part,
          guint          seat,
          const char    *format,
          ...)
{
  va_list args;

  if (fault)
    *fault = (PjStateFault) { part, PJ_STATE_PART_NONE, seat };
  va_start (args, format);
  if (error)
    {
      g_autofree char *text = g_strdup_vprintf (format, args);
      g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVARIANT, text);
    }
  va_end (args);
  return FALSE;
}

#define FAIL(...) return fault_at (error, fault, PJ_STATE_PART_NONE, 0, __VA_ARGS__)
#define FAIL_AT(part, seat, ...) return fault_at (error, fault, PJ_STATE_PART_##part, seat, __VA_ARGS__)

gboolean
pj_state_card_total_error (guint    n_cards,
                           guint    in_hands,
                           guint    n_discard,
                           guint    stock,
                           GError **error)
{
  guint placed = in_hands + n_discard;

  if (placed > n_cards)
    g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVARIANT,
                 "the hands and the discard pile hold %u cards, more than the %u of the decks",
                 placed, n_cards);
  else
    g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVARIANT,
                 "the stock holds %u cards, but the decks' %u cards less the hands (%u) and "
                 "the discard pile (%u) leave %u", stock, n_cards, in_hands, n_discard,
                 n_cards - placed);
  return FALSE;
}

/* B-31, B-33: a landing always moves the peg that was there, so no two pegs
 * ever share a main-track hole, nor two pegs of a colour a home hole; only
 * the start areas hold several. */
static gboolean
check_pegs (const PjState  *s,
            PjStateFault   *fault,
            GError        **error)
{
  const PjRules *r = &s->rules;
  guint8 on_track[PJ_MAX_TRACK] = { 0 };   /* peg id + 1 */

  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    {
      guint8 at_home[PJ_HOME_HOLES] = { 0 };   /* peg index + 1 */

      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 p = s->board.peg[c][i];
          guint other;
          g_autofree char *hole = NULL;

          if (c >= r->players)
            {
              if (p != PJ_POS_START)
                FAIL ("peg of an absent colour %u is on the board", c);
              continue;
            }
          if (!(p < s->track_len || PJ_POS_IS_HOME (p) || p == PJ_POS_START))
            FAIL_AT (PEGS, c, "%s peg %u has an impossible position %u", pj_colour_name (c), i + 1, p);
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
          if (p == PJ_POS_START)
            continue;
          if (PJ_POS_IS_TRACK (p))
            other = on_track[p] - 1u;
          else
            other = PJ_PEG_ID (c, at_home[p - PJ_POS_HOME0] - 1u);
          hole = pj_pos_to_string (s, c, p);
          FAIL_AT (PEGS, c, "%s peg %u and %s peg %u are both on %s",
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

/* Count a pile's cards into `counts`; FALSE when a rank now exceeds the
 * decks (B-3: 4 of each rank and 2 jokers per deck). Unseen cards ("?")
 * could be anything, so only the total counts them. */
static gboolean
count_cards (const PjState  *s,
             const guint8   *cards,
             guint           n,
             guint          *counts,
             PjStatePart     part,
             guint           seat,
             PjStateFault   *fault,
             GError        **error)
{
  for (guint k = 0; k < n; k++)
    {
      guint rank = PJ_CARD_RANK (cards[k]);

      if (rank == PJ_CARD_NONE)
        return fault_at (error, fault, part, seat, "an empty card is in play");
      if (rank == PJ_CARD_UNKNOWN)
        counts[rank]++;
      if (rank == PJ_CARD_UNKNOWN || ++counts[rank] <= deck_count (&s->rules, rank))
        continue;
      return fault_at (error, fault, part, seat,
                       "there are more %s cards than the %u decks hold (%u)",
                       pj_card_to_string (rank), s->rules.decks, deck_count (&s->rules, rank));
    }
  return TRUE;
}

/* Every card is in exactly one place: the hands, the discard pile (where a
 * pending Bluffing Joker card lies face down on top) and the stock. */
static gboolean
check_cards (const PjState  *s,
             PjStateFault   *fault,
             GError        **error)
{
  const PjRules *r = &s->rules;
  guint counts[16] = { 0 };
  guint in_hands = 0, unknown = 0;

  if (s->n_cards != r->decks * 54u || s->n_stock + s->n_discard > s->n_cards)
    FAIL ("the piles hold %u cards, the decks %u", s->n_stock + s->n_discard, r->decks * 54u);
  for (guint seat = 0; seat < r->players; seat++)
    {
      if (s->hand_count[seat] > PJ_MAX_HAND)
        FAIL_AT (HAND, seat, "a hand holds too many cards");
      if (!count_cards (s, s->hand[seat], s->hand_count[seat], counts, PJ_STATE_PART_HAND, seat,
                        fault, error))
        return FALSE;
      in_hands += s->hand_count[seat];
    }
  if (!count_cards (s, &s->pile[s->n_cards - s->n_discard], s->n_discard, counts,
                    PJ_STATE_PART_DISCARD, 0, fault, error)
      || !count_cards (s, s->pile, s->n_stock, counts, PJ_STATE_PART_STOCK, 0, fault, error))
    return FALSE;
  if (in_hands + s->n_discard + s->n_stock != s->n_cards)
    {
      if (fault)
        *fault = (PjStateFault) { PJ_STATE_PART_STOCK, PJ_STATE_PART_NONE, 0 };
      return pj_state_card_total_error (s->n_cards, in_hands, s->n_discard, s->n_stock, error);
    }
  unknown = counts[PJ_CARD_UNKNOWN];
  for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_JOKER; rank++)
    if (unknown == 0 && counts[rank] != deck_count (r, rank))
      FAIL ("there are %u cards of rank %s, the decks hold %u", counts[rank],
            pj_card_to_string ((PjCard) rank), deck_count (r, rank));
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
check_hands (const PjState     *s,
             PjStateCheckFlags  flags,
             PjStateFault      *fault,
             GError           **error)
{
  gboolean every_hand = (flags & PJ_STATE_CHECK_EVERY_HAND) != 0;

  for (guint c = 0; c < s->rules.players; c++)
    {
      const char *who, *when;
      guint size = hand_size_now (s, c, &who, &when);

      /* More is never possible. Fewer is what a hand-made position gives
       * (see pj_state_check_where()); a game's hands never run short: the
       * decks hold far more than all hands together, so every draw finds a
       * card (B-6). */
      if (s->hand_count[c] == size || (s->hand_count[c] < size && !every_hand))
        continue;
      FAIL_AT (HAND, c, "%s holds %u cards, but %s %u %s in these rules",
               pj_colour_name (c), s->hand_count[c], who, size, when);
    }
  /* every play and every discard needs a card (B-21, B-22; BJ plays one face
   * down): with none, the player to move would have no action at all. Play
   * from a hand-made start that left the next player's hand out may come
   * to that, so only a position to start from is held to it. */
  if ((flags & PJ_STATE_CHECK_START) && s->phase == PJ_PHASE_PLAY && s->hand_count[s->turn] == 0)
    {
      fault_at (error, fault, PJ_STATE_PART_HAND, s->turn, "%s is to move but holds no card",
                pj_colour_name (s->turn));
      if (fault)
        fault->or_else = PJ_STATE_PART_TURN;
      return FALSE;
    }
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
 * can be (B-61, BJ). */
static gboolean
check_phase (const PjState  *s,
             PjStateFault   *fault,
             GError        **error)
{
  const PjRules *rules = &s->rules;

  /* BJ: only a challenge grants extra turns */
  if (s->again > 0 && !rules->bluffing)
    FAIL_AT (TURN, 0, "a turn is an extra one only in the Bluffing Joker rules");
  for (guint c = 0; c < rules->players; c++)
    if (s->extra_turns[c] > 0 && !rules->bluffing)
      FAIL_AT (EXTRA, c, "extra turns are owed only in the Bluffing Joker rules");

  if (s->phase == PJ_PHASE_OVER)
    {
      if (s->winner >= rules->teams)
        FAIL_AT (PHASE, 0, "the game is over without a winner");
    }
  else if (s->winner != 0xff)
    FAIL_AT (PHASE, 0, "a winner is recorded while the game goes on");
  /* B-61: the game ends as soon as a team is all home, and only then */
  if (s->phase == PJ_PHASE_OVER && !team_home (s, s->winner))
    FAIL_AT (PHASE, 0, "team %u has won, but not all of its pegs are home", s->winner + 1u);
  for (guint team = 0; team < rules->teams && s->phase != PJ_PHASE_OVER; team++)
    if (team_home (s, team))
      FAIL_AT (PHASE, 0, "all pegs of team %u are home, so the game is over (B-61)", team + 1u);

  if (s->pending.kind != PJ_ACTION_NONE && s->phase != PJ_PHASE_CHALLENGE)
    FAIL_AT (PENDING, 0, "a pending move waits for challenges only in the challenge phase");
  if (s->phase != PJ_PHASE_CHALLENGE && s->phase != PJ_PHASE_PENALTY)
    return TRUE;
  if (!rules->bluffing)
    FAIL_AT (PHASE, 0, "challenges belong to the Bluffing Joker rules (bluffing=yes)");
  if (s->phase == PJ_PHASE_CHALLENGE)
    {
      guint top = s->n_cards - s->n_discard;

      if (s->pending.kind == PJ_ACTION_NONE)
        FAIL_AT (PHASE, 0, "a challenge phase needs a “pending” move");
      /* BJ: the opponents challenge, clockwise from the mover */
      if (pj_team_of (rules, s->actor) == pj_team_of (rules, s->turn))
        FAIL_AT (PHASE, 0, "%s may not challenge a move of its own team", pj_colour_name (s->actor));
      /* the pending move's card was played face down onto the discard pile */
      if (s->n_discard == 0 || !(s->pile[top] & PJ_CARD_FACE_DOWN))
        {
          fault_at (error, fault, PJ_STATE_PART_DISCARD, 0,
                    "the card of the pending move must lie face down on top of the "
                    "discard pile (“d”)");
          if (fault)
            fault->or_else = PJ_STATE_PART_PENDING;
          return FALSE;
        }
      return TRUE;
    }
  /* penalty: the loser of the challenge is the mover or its challenger, an
   * opponent, and the other one picks a peg of the loser in play */
  if (s->actor == s->penalty_loser
      || (s->actor != s->turn && s->penalty_loser != s->turn)
      || s->challenger != (s->actor == s->turn ? s->penalty_loser : s->actor)
      || pj_team_of (rules, s->challenger) == pj_team_of (rules, s->turn))
    FAIL_AT (PHASE, 0, "a penalty is picked by the mover or its challenger, an opponent, "
             "from the other one's pegs");
  for (guint i = 0; i < PJ_PEGS; i++)
    if (PJ_POS_IS_TRACK (s->board.peg[s->penalty_loser][i]))
      return TRUE;
  FAIL_AT (PHASE, 0, "%s has no peg in play to lose as a penalty", pj_colour_name (s->penalty_loser));
}

gboolean
pj_state_check_where (const PjState     *s,
                      PjStateCheckFlags  flags,
                      PjStateFault      *fault,
                      GError           **error)
{
  const PjRules *r = &s->rules;
  PjBoard b = s->board;

  if (fault)
    *fault = (PjStateFault) { PJ_STATE_PART_NONE, PJ_STATE_PART_NONE, 0 };
  if (!pj_rules_validate (r, error))
    return FALSE;
  if (s->track_len != pj_track_len (r))
    FAIL ("track length %u does not match the rules", s->track_len);
  if (s->turn >= r->players || s->actor >= r->players)
    FAIL ("turn or actor out of range");
  if (s->phase > PJ_PHASE_OVER)
    FAIL ("unknown phase %u", s->phase);
  if (s->phase == PJ_PHASE_PENALTY && (s->penalty_loser >= r->players || s->challenger >= r->players))
    FAIL ("a penalty names a seat that is not at the table");

  if (!check_pegs (s, fault, error))
    return FALSE;
  for (guint h = 0; h < PJ_MAX_TRACK; h++)
    if (s->board.occ[h] != 0 && h >= s->track_len)
      FAIL ("a peg is recorded past the end of the track");
  pj_board_rebuild (&b, r->players);
  if (memcmp (&b, &s->board, sizeof b) != 0)
    FAIL ("the board's indexes disagree with the pegs");

  return check_cards (s, fault, error) && check_hands (s, flags, fault, error)
         && check_phase (s, fault, error);
}

gboolean
pj_state_check (const PjState  *s,
                GError        **error)
{
  return pj_state_check_where (s, 0, NULL, error);
}

#undef FAIL
#undef FAIL_AT
