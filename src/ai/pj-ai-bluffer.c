/* pj-ai-bluffer.c — the exploiting player of pj-ai-bluffer.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-bluffer.h"
#include "pj-ai-private.h"

/* a bluff must move it further by at least this (holes), so that equal
 * moves stay honest */
#define BLUFFER_MIN_GAIN 0.5

gboolean
pj_ai_choose_bluffer (const PjState *state,
                      PjAction      *out)
{
  PjState view = *state;
  PjActionList list;
  PjAiView v;
  guint team;
  int honest = -1, bluff = -1;
  double honest_score = -1e18, bluff_board = -1e18, honest_board = -1e18;

  pj_state_redact (&view, view.actor);
  if (!view.rules.bluffing || view.phase != PJ_PHASE_PLAY)
    return pj_ai_choose (state, PJ_AI_NORMAL, NULL, 0, out, NULL);
  pj_action_list_init (&list);
  pj_legal_actions (&view, &list);
  if (list.n == 0)
    {
      pj_action_list_clear (&list);
      return FALSE;
    }
  pj_ai_view_init (&v, &view, view.actor);
  team = pj_team_of (&view.rules, view.actor);
  /* normal's honest move, and the bluff that moves it furthest: the board
   * after it, without the risk of being caught that normal weighs */
  for (guint i = 0; i < list.n; i++)
    {
      const PjAction *a = &list.v[i];
      PjBoard b = view.board;
      double board;

      pj_board_apply_steps (&b, a);
      board = pj_ai_eval_board (&v, &view, &b, team);
      if (a->kind == PJ_ACTION_MOVE && a->card != a->declared)
        {
          /* six jokers in the decks: a declared one is the bluff everyone
           * reads; an ordinary card is the one that passes */
          if (PJ_CARD_RANK (a->declared) == PJ_CARD_JOKER)
            continue;
          if (board > bluff_board)
            {
              bluff_board = board;
              bluff = (int) i;
            }
          continue;
        }
      {
        double score = pj_ai_score_action (&v, &view, a);

        if (score > honest_score)
          {
            honest_score = score;
            honest_board = board;
            honest = (int) i;
          }
      }
    }
  if (bluff >= 0 && (honest < 0 || bluff_board > honest_board + BLUFFER_MIN_GAIN))
    *out = list.v[bluff];
  else
    *out = list.v[honest >= 0 ? honest : 0];
  pj_action_list_clear (&list);
  return TRUE;
}
