/* pj-state.c — random numbers, cards, dealing and what a seat may see
 *
 * The invariants a state keeps are checked in pj-state-check.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

/* ---- RNG: xoroshiro128++ seeded through splitmix64 ---------------- */

guint64
pj_seed_mix (guint64 x)
{
  guint64 z = x + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
pj_rng_seed (PjRng   *rng,
             guint64  seed)
{
  /* splitmix64 as a generator: its state steps by the golden gamma */
  rng->s[0] = pj_seed_mix (seed);
  rng->s[1] = pj_seed_mix (seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  if (rng->s[0] == 0 && rng->s[1] == 0)
    rng->s[1] = 1;
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

guint64
pj_rng_next (PjRng *rng)
{
  guint64 s0 = rng->s[0], s1 = rng->s[1];
  guint64 result = rotl (s0 + s1, 17) + s0;

  s1 ^= s0;
  rng->s[0] = rotl (s0, 49) ^ s1 ^ (s1 << 21);
  rng->s[1] = rotl (s1, 28);
  return result;
}

guint32
pj_rng_below (PjRng   *rng,
              guint32  bound)
{
  /* Lemire's nearly divisionless method: unbiased */
  guint64 m;
  guint32 l;

  if (bound <= 1)
    return 0;
  m = (guint64) (guint32) (pj_rng_next (rng) >> 32) * bound;
  l = (guint32) m;
  if (l < bound)
    {
      guint32 t = (guint32) (-bound) % bound;
      while (l < t)
        {
          m = (guint64) (guint32) (pj_rng_next (rng) >> 32) * bound;
          l = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

double
pj_rng_double (PjRng *rng)
{
  return (double) (pj_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}

void
pj_shuffle_cards (guint8 *v,
                  guint   n,
                  PjRng  *rng)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = pj_rng_below (rng, i);
      guint8 t = v[i - 1];
      v[i - 1] = v[j];
      v[j] = t;
    }
}

/* ---- cards ---------------------------------------------------------- */

static const char *const card_names[16] = {
  "-", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK", "?"
};

const char *
pj_card_to_string (PjCard card)
{
  return card_names[PJ_CARD_RANK (card)];
}

PjCard
pj_card_from_string (const char *text)
{
  if (text == NULL)
    return PJ_CARD_NONE;
  for (guint i = 1; i < 16; i++)
    if (g_ascii_strcasecmp (text, card_names[i]) == 0)
      return (PjCard) i;
  if (g_ascii_strcasecmp (text, "T") == 0)
    return 10;
  if (g_ascii_strcasecmp (text, "1") == 0)
    return PJ_CARD_ACE;
  if (g_ascii_strcasecmp (text, "JOKER") == 0 || g_strcmp0 (text, "*") == 0)
    return PJ_CARD_JOKER;
  return PJ_CARD_NONE;
}

static const char colour_letters[PJ_MAX_PLAYERS] = { 'R', 'B', 'G', 'Y', 'O', 'P', 'T', 'M' };
static const char *const colour_names[PJ_MAX_PLAYERS] = {
  "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Teal", "Magenta"
};

char
pj_colour_letter (guint colour)
{
  return colour < PJ_MAX_PLAYERS ? colour_letters[colour] : '?';
}

const char *
pj_colour_name (guint colour)
{
  return colour < PJ_MAX_PLAYERS ? colour_names[colour] : "?";
}

/* ---- board ---------------------------------------------------------- */

void
pj_board_rebuild (PjBoard *b,
                  guint    players)
{
  memset (b->occ, 0, sizeof b->occ);
  memset (b->home, 0, sizeof b->home);
  memset (b->n_start, 0, sizeof b->n_start);
  for (guint c = 0; c < players; c++)
    for (guint i = 0; i < PJ_PEGS; i++)
      {
        guint8 p = b->peg[c][i];
        if (PJ_POS_IS_TRACK (p))
          b->occ[p] = (guint8) (PJ_PEG_ID (c, i) + 1);
        else if (PJ_POS_IS_HOME (p))
          b->home[c] |= (guint8) (1u << (p - PJ_POS_HOME0));
        else
          b->n_start[c]++;
      }
}

/* ---- dealing and drawing -------------------------------------------- */

/* Draw the top card of the stock into the seat's hand; when the stock is empty,
 * shuffle the discard pile but its top card into a new stock (B-6). */
guint
pj_state_draw (PjState *s,
               guint    seat)
{
  guint8 card;

  if (s->n_stock == 0)
    {
      guint n = s->n_discard > 0 ? s->n_discard - 1u : 0u;
      guint top = s->n_cards - s->n_discard;   /* index of the top discard */

      if (n == 0)
        return PJ_CARD_NONE;
      guint8 top_card = s->pile[top];

      /* cards below the top: pile[top + 1 .. n_cards) — move them to the bottom
       * (face up again, off the unable-to-play pile) */
      for (guint i = 0; i < n; i++)
        s->pile[i] = (guint8) PJ_CARD_RANK (s->pile[top + 1 + i]);
      s->pile[s->n_cards - 1] = top_card;
      s->n_stock = (guint8) n;
      s->n_discard = 1;
      pj_shuffle_cards (s->pile, n, &s->rng);
    }
  if (s->hand_count[seat] >= PJ_MAX_HAND)
    return PJ_CARD_NONE;
  card = s->pile[--s->n_stock];
  s->hand[seat][s->hand_count[seat]++] = card;
  return card;
}

void
pj_state_begin_turn (PjState *s,
                     guint    seat)
{
  s->turn = s->actor = (guint8) seat;
  s->phase = PJ_PHASE_PLAY;
  s->turn_number++;
  if (s->rules.draw_first)
    while (s->hand_count[seat] < s->rules.hand_size + 1u)
      if (pj_state_draw (s, seat) == PJ_CARD_NONE)
        break;
}

void
pj_state_new_game (PjState       *s,
                   const PjRules *rules,
                   guint64        seed,
                   int            dealer)
{
  guint n = 0;

  memset (s, 0, sizeof *s);
  s->rules = *rules;
  s->track_len = (guint8) pj_track_len (rules);
  s->winner = 0xff;
  s->penalty_loser = s->challenger = 0xff;
  pj_rng_seed (&s->rng, seed);

  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    for (guint i = 0; i < PJ_PEGS; i++)
      s->board.peg[c][i] = PJ_POS_START;
  pj_board_rebuild (&s->board, rules->players);

  for (guint d = 0; d < rules->decks; d++)
    {
      for (guint r = PJ_CARD_ACE; r <= PJ_CARD_KING; r++)
        for (guint suit = 0; suit < 4; suit++)
          s->pile[n++] = (guint8) r;
      s->pile[n++] = PJ_CARD_JOKER;
      s->pile[n++] = PJ_CARD_JOKER;
    }
  s->n_cards = (guint8) n;
  s->n_stock = (guint8) n;
  pj_shuffle_cards (s->pile, n, &s->rng);

  if (dealer < 0 || dealer >= rules->players)
    {
      /* from a stream of its own, so that naming the dealer this picks gives
       * the very same game (saved games store the dealer) */
      PjRng pick;
      pj_rng_seed (&pick, seed ^ G_GUINT64_CONSTANT (0x5eed0fdea1e7d00d));
      dealer = (int) pj_rng_below (&pick, rules->players);
    }
  s->dealer = (guint8) dealer;

  /* one card at a time, starting at the dealer's left (B-4, B-5) */
  for (guint k = 0; k < rules->hand_size; k++)
    for (guint j = 1; j <= rules->players; j++)
      pj_state_draw (s, (guint) (dealer + j) % rules->players);

  pj_state_begin_turn (s, (guint) (dealer + 1) % rules->players);
}

/* ---- queries -------------------------------------------------------- */

gboolean
pj_state_is_over (const PjState *s)
{
  return s->phase == PJ_PHASE_OVER;
}

gboolean
pj_state_colour_done (const PjState *s,
                      guint          colour)
{
  return s->board.home[colour] == pj_home_full_mask ();
}

guint
pj_state_movable_colours (const PjState *s,
                          guint          seat)
{
  const PjRules *r = &s->rules;

  if (r->move_team_pegs)
    {
      guint mask = 0;
      for (guint c = seat % r->teams; c < r->players; c += r->teams)
        if (!pj_state_colour_done (s, c))
          mask |= 1u << c;
      return mask;
    }
  /* own pegs until all five are home, then the next partner clockwise (B-60) */
  for (guint k = 0; k < r->players; k += r->teams)
    {
      guint c = (seat + k) % r->players;
      if (!pj_state_colour_done (s, c))
        return 1u << c;
    }
  return 0;
}

guint
pj_state_top_discard (const PjState *s)
{
  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    if (!(s->pile[i] & PJ_CARD_STUCK_PILE))
      return s->pile[i] & PJ_CARD_FACE_DOWN ? PJ_CARD_UNKNOWN : PJ_CARD_RANK (s->pile[i]);
  return PJ_CARD_NONE;
}

guint
pj_state_stuck_pile_count (const PjState *s)
{
  guint n = 0;

  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    n += (s->pile[i] & PJ_CARD_STUCK_PILE) != 0;
  return n;
}

/* ---- what a seat may see -------------------------------------------- */

void
pj_state_redact (PjState *s,
                 int      viewer)
{
  for (guint seat = 0; seat < s->rules.players; seat++)
    if ((int) seat != viewer)
      for (guint k = 0; k < s->hand_count[seat]; k++)
        s->hand[seat][k] = PJ_CARD_UNKNOWN;
  for (guint i = 0; i < s->n_stock; i++)
    s->pile[i] = PJ_CARD_UNKNOWN;
  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    {
      /* the mover of a pending bluff knows the card it just laid face down */
      gboolean own_pending = s->pending.kind != PJ_ACTION_NONE && (int) s->turn == viewer
                             && i == (guint) (s->n_cards - s->n_discard);
      if ((s->pile[i] & PJ_CARD_FACE_DOWN) && !own_pending)
        s->pile[i] = (guint8) ((s->pile[i] & ~0x0f) | PJ_CARD_UNKNOWN);
    }
  if (s->pending.kind != PJ_ACTION_NONE && (int) s->turn != viewer)
    s->pending.card = PJ_CARD_UNKNOWN;
  /* the stock order is unknown, so future reshuffles are too */
  memset (&s->rng, 0, sizeof s->rng);
  s->rng.s[1] = 1;
}

void
pj_action_redact (const PjState  *before,
                  const PjAction *action,
                  int             viewer,
                  PjAction       *out)
{
  if (out != action)
    *out = *action;
  /* BJ: every card is played face down and declared; discards are not played */
  if (action->kind == PJ_ACTION_MOVE && before->rules.bluffing && viewer != (int) before->turn)
    out->card = PJ_CARD_UNKNOWN;
}

PjCard
pj_action_revealed_card (const PjState  *before,
                         const PjAction *action)
{
  if (action->kind != PJ_ACTION_CHALLENGE || before->pending.kind == PJ_ACTION_NONE)
    return PJ_CARD_NONE;
  return (PjCard) PJ_CARD_RANK (before->pending.card);
}

void
pj_state_determinize (PjState *s,
                      PjRng   *rng)
{
  guint counts[16] = { 0 };
  guint8 unseen[PJ_MAX_CARDS];
  guint n_unseen = 0, k = 0;
  guint pending_unknown = s->pending.kind != PJ_ACTION_NONE && s->pending.card == PJ_CARD_UNKNOWN;

  for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_JOKER; rank++)
    counts[rank] = rank == PJ_CARD_JOKER ? 2u * s->rules.decks : 4u * s->rules.decks;
  for (guint seat = 0; seat < s->rules.players; seat++)
    for (guint j = 0; j < s->hand_count[seat]; j++)
      if (PJ_CARD_RANK (s->hand[seat][j]) != PJ_CARD_UNKNOWN)
        counts[PJ_CARD_RANK (s->hand[seat][j])]--;
  for (guint i = 0; i < s->n_stock; i++)
    if (PJ_CARD_RANK (s->pile[i]) != PJ_CARD_UNKNOWN)
      counts[PJ_CARD_RANK (s->pile[i])]--;
  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    if (PJ_CARD_RANK (s->pile[i]) != PJ_CARD_UNKNOWN)
      counts[PJ_CARD_RANK (s->pile[i])]--;
  for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_JOKER; rank++)
    for (guint j = 0; j < counts[rank] && n_unseen < PJ_MAX_CARDS; j++)
      unseen[n_unseen++] = (guint8) rank;
  pj_shuffle_cards (unseen, n_unseen, rng);

  for (guint seat = 0; seat < s->rules.players; seat++)
    for (guint j = 0; j < s->hand_count[seat]; j++)
      if (PJ_CARD_RANK (s->hand[seat][j]) == PJ_CARD_UNKNOWN && k < n_unseen)
        s->hand[seat][j] = unseen[k++];
  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    if (PJ_CARD_RANK (s->pile[i]) == PJ_CARD_UNKNOWN && k < n_unseen)
      s->pile[i] = (guint8) ((s->pile[i] & ~0x0f) | unseen[k++]);
  for (guint i = 0; i < s->n_stock; i++)
    if (PJ_CARD_RANK (s->pile[i]) == PJ_CARD_UNKNOWN && k < n_unseen)
      s->pile[i] = unseen[k++];
  /* the pending bluff card lies face down on top of the discard pile */
  if (pending_unknown && s->n_discard > 0)
    s->pending.card = PJ_CARD_RANK (s->pile[s->n_cards - s->n_discard]);
  pj_rng_seed (&s->rng, pj_rng_next (rng));
}
