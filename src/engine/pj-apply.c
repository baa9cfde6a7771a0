/* pj-apply.c — applying actions and the flow of turns (B-20, B-61, NC-10, BJ)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine-private.h"

static void
remove_from_hand (PjState *s,
                  guint    seat,
                  guint    card)
{
  guint n = s->hand_count[seat];

  for (guint k = 0; k < n; k++)
    if (PJ_CARD_RANK (s->hand[seat][k]) == card || PJ_CARD_RANK (s->hand[seat][k]) == PJ_CARD_UNKNOWN)
      {
        memmove (&s->hand[seat][k], &s->hand[seat][k + 1], n - k - 1);
        s->hand_count[seat]--;
        s->hand[seat][s->hand_count[seat]] = 0;
        return;
      }
}

static void
push_discard (PjState *s,
              guint8   card)
{
  s->n_discard++;
  s->pile[s->n_cards - s->n_discard] = card;
}

void
pj_board_apply_steps (PjBoard        *b,
                      const PjAction *a)
{
  for (guint i = 0; i < a->n_steps; i++)
    pj_board_set (b, a->steps[i].peg, a->steps[i].to);
}

static void
check_win (PjState *s)
{
  const PjRules *r = &s->rules;

  /* the player's own team first: only its pegs can have gone home */
  for (guint k = 0; k < r->teams; k++)
    {
      guint team = (s->turn + k) % r->teams;
      gboolean all = TRUE;

      for (guint c = team; c < r->players; c += r->teams)
        all &= pj_state_colour_done (s, c);
      if (all)
        {
          s->winner = (guint8) team;
          s->phase = PJ_PHASE_OVER;
          return;
        }
    }
}

static void
end_turn (PjState *s)
{
  guint seat = s->turn;
  guint next;

  /* all of it, not only the kind: a finished turn leaves no trace of its
   * move, as a position read from text has none */
  memset (&s->pending, 0, sizeof s->pending);
  s->penalty_loser = s->challenger = 0xff;
  check_win (s);
  if (s->phase == PJ_PHASE_OVER)
    {
      s->actor = s->turn;
      return;
    }
  if (!s->rules.draw_first)
    while (s->hand_count[seat] < s->rules.hand_size)
      if (pj_state_draw (s, seat) == PJ_CARD_NONE)
        break;
  if (s->extra_turns[seat] > 0)
    {
      s->extra_turns[seat]--;
      next = seat;
      s->again = (guint8) MIN (s->again + 1u, 255u);
    }
  else
    {
      next = (seat + 1) % s->rules.players;
      s->again = 0;
    }
  pj_state_begin_turn (s, next);
}

static gboolean
has_track_peg (const PjState *s,
               guint          colour)
{
  for (guint i = 0; i < PJ_PEGS; i++)
    if (PJ_POS_IS_TRACK (s->board.peg[colour][i]))
      return TRUE;
  return FALSE;
}

/* Next opponent of the mover, clockwise after `after`, or -1 when round. */
static int
next_challenger (const PjState *s,
                 guint          after)
{
  const PjRules *r = &s->rules;

  for (guint k = 1; k < r->players; k++)
    {
      guint seat = (after + k) % r->players;
      if (seat == s->turn)
        return -1;
      if (pj_team_of (r, seat) != pj_team_of (r, s->turn))
        return (int) seat;
    }
  return -1;
}

static void
apply_move (PjState        *s,
            guint           seat,
            const PjAction *a)
{
  remove_from_hand (s, seat, a->card);
  s->stuck[seat] = 0;                    /* NC-13 */
  if (s->rules.bluffing)
    {
      /* BJ: face down, declared; opponents may challenge before it is made */
      int first;

      push_discard (s, (guint8) (a->card | PJ_CARD_FACE_DOWN));
      /* out of start the declared rank is all that tells how a seat bluffs
       * there: the computer players read it (saturating) */
      if (!has_track_peg (s, seat))
        {
          guint8 *tally = a->declared == PJ_CARD_ACE ? s->aces_out : s->others_out;

          if (tally[seat] < 255)
            tally[seat]++;
        }
      /* whole-value copy without the list's leftovers past n_steps, so
       * equal positions are equal byte for byte */
      memset (&s->pending, 0, sizeof s->pending);
      memcpy (&s->pending, a, G_STRUCT_OFFSET (PjAction, steps) + a->n_steps * sizeof (PjStep));
      first = next_challenger (s, seat);
      if (first >= 0)
        {
          s->phase = PJ_PHASE_CHALLENGE;
          s->actor = (guint8) first;
          return;
        }
      pj_board_apply_steps (&s->board, a);
      end_turn (s);
      return;
    }
  push_discard (s, a->card);
  pj_board_apply_steps (&s->board, a);
  end_turn (s);
}

static void
apply_discard (PjState        *s,
               guint           seat,
               const PjAction *a)
{
  remove_from_hand (s, seat, a->card);
  if (a->flags & PJ_ACTION_FLAG_NO_PLAY)
    {
      if (s->stuck[seat] < 255)
        s->stuck[seat]++;
      push_discard (s, (guint8) (a->card | (s->rules.stuck_pile ? PJ_CARD_STUCK_PILE : 0)));
    }
  else
    {
      s->stuck[seat] = 0;
      push_discard (s, a->card);
    }
  end_turn (s);
}

static void
apply_pass (PjState *s)
{
  int next = next_challenger (s, s->actor);

  if (next >= 0)
    {
      s->actor = (guint8) next;
      return;
    }
  pj_board_apply_steps (&s->board, &s->pending);   /* nobody challenged: the card stays face down */
  end_turn (s);
}

static void
apply_challenge (PjState *s,
                 guint    seat)
{
  guint challenger = s->actor;
  gboolean bluff = s->pending.card != s->pending.declared;

  /* the card is shown: turn it face up */
  s->pile[s->n_cards - s->n_discard] &= (guint8) ~PJ_CARD_FACE_DOWN;
  s->challenger = (guint8) challenger;
  /* out of start a bluff is mostly forced (no come-out card): only a
   * challenge with a peg in play tells a bluffing habit */
  if (has_track_peg (s, seat) && (bluff ? s->bluffs_caught[seat] < 255 : s->honest_shown[seat] < 255))
    (bluff ? s->bluffs_caught : s->honest_shown)[seat]++;
  if (bluff)
    {
      /* caught: the challengers pick a peg of the bluffer; no move */
      memset (&s->pending, 0, sizeof s->pending);
      if (has_track_peg (s, seat))
        {
          s->phase = PJ_PHASE_PENALTY;
          s->actor = (guint8) challenger;
          s->penalty_loser = (guint8) seat;
          return;
        }
      s->extra_turns[challenger]++;
      end_turn (s);
      return;
    }
  /* wrong: the move stands, then the truthful player picks a peg of the challenger */
  pj_board_apply_steps (&s->board, &s->pending);
  memset (&s->pending, 0, sizeof s->pending);
  check_win (s);
  if (s->phase == PJ_PHASE_OVER)
    {
      end_turn (s);
      return;
    }
  if (has_track_peg (s, challenger))
    {
      s->phase = PJ_PHASE_PENALTY;
      s->actor = (guint8) seat;
      s->penalty_loser = (guint8) challenger;
      return;
    }
  s->extra_turns[seat]++;
  end_turn (s);
}

void
pj_state_apply (PjState        *s,
                const PjAction *a)
{
  guint seat = s->turn;

  switch (a->kind)
    {
    case PJ_ACTION_MOVE:
      apply_move (s, seat, a);
      return;

    case PJ_ACTION_DISCARD:
      apply_discard (s, seat, a);
      return;

    case PJ_ACTION_FREE_COME_OUT:
      remove_from_hand (s, seat, a->card);
      s->stuck[seat] = 0;
      push_discard (s, a->card);
      pj_board_apply_steps (&s->board, a);
      end_turn (s);
      return;

    case PJ_ACTION_PASS:
      apply_pass (s);
      return;

    case PJ_ACTION_CHALLENGE:
      apply_challenge (s, seat);
      return;

    case PJ_ACTION_PENALTY:
      pj_board_apply_steps (&s->board, a);
      end_turn (s);
      return;

    default:
      return;
    }
}

gboolean
pj_state_apply_checked (PjState         *s,
                        const PjAction  *a,
                        GError         **error)
{
  PjActionList list;
  gboolean found = FALSE;

  if (s->phase == PJ_PHASE_OVER)
    {
      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_GAME_OVER, "The game is over");
      return FALSE;
    }
  pj_action_list_init (&list);
  pj_legal_actions (s, &list);
  for (guint i = 0; i < list.n && !found; i++)
    found = pj_action_equal (&list.v[i], a);
  pj_action_list_clear (&list);
  if (!found)
    {
      g_autofree char *text = pj_action_to_string (s, a);
      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_ILLEGAL_ACTION,
                   "“%s” is not a legal action for %s now", text, pj_colour_name (s->actor));
      return FALSE;
    }
  pj_state_apply (s, a);
  return TRUE;
}
