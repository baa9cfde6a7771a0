/* pj-ai-eval.c — the heuristic behind the normal player (RULES.md §11), also
 * used by the hard player to pick candidates, guide playouts and score their ends.
 *
 * Units are holes of progress: a peg on the track is worth how far it has come
 * towards its in-spot, so being hit costs exactly what the hit undoes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-private.h"

#include <math.h>
#include <string.h>

#define V_START        (-8.0)  /* a peg in start still needs a come-out card */
#define TIED_UP_BASE   2.0     /* a home peg that is not final yet … */
#define TIED_UP_PER    1.5     /* … blocks every peg of its colour still outside */
#define EIGHT_READY    6.0     /* 1–3 past the come-out: an 8 back lands by the in-spot */
#define HOME_RUN       0.35    /* share of the gain from parking on a partner's come-out */
#define IN_PLAY_BONUS  3.0     /* per peg in play, up to two (7s, 9s, jokers need two) */
#define OPP_DANGER     0.5     /* threats to opponents count less: they move before we do */

static inline guint
fwd (guint from,
     guint to,
     guint L)
{
  return (to + L - from) % L;
}

static inline guint
in_spot (const PjState *s,
         guint          c)
{
  return pj_in_spot_hole (&s->rules, c);
}

void
pj_ai_view_init (PjAiView      *v,
                 const PjState *s,
                 guint          viewer)
{
  const PjRules *r = &s->rules;
  double counts[PJ_N_RANKS + 1] = { 0 };
  double total = 0;
  double *f = v->freq;

  memset (v, 0, sizeof *v);
  v->viewer = viewer;
  v->team = pj_team_of (r, viewer);
  v->L = s->track_len;

  for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_JOKER; rank++)
    counts[rank] = rank == PJ_CARD_JOKER ? 2.0 * r->decks : 4.0 * r->decks;
  /* only what the viewer may see: its own hand and face-up discards */
  for (guint k = 0; k < s->hand_count[viewer]; k++)
    {
      guint rank = PJ_CARD_RANK (s->hand[viewer][k]);
      if (rank >= PJ_CARD_ACE && rank <= PJ_CARD_JOKER && counts[rank] > 0)
        counts[rank]--;
    }
  for (guint i = s->n_cards - s->n_discard; i < s->n_cards; i++)
    {
      guint rank = PJ_CARD_RANK (s->pile[i]);
      if (!(s->pile[i] & PJ_CARD_FACE_DOWN) && rank >= PJ_CARD_ACE && rank <= PJ_CARD_JOKER
          && counts[rank] > 0)
        counts[rank]--;
    }
  for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_JOKER; rank++)
    total += counts[rank];
  for (guint rank = PJ_CARD_ACE; rank <= PJ_CARD_JOKER; rank++)
    f[rank] = total > 0 ? counts[rank] / total : 1.0 / 14;

  /* the chance that one card moves a peg exactly d holes */
  v->fwd_hit[1] += f[PJ_CARD_ACE];
  if (r->ace == PJ_ACE_ONE_BACK_ELEVEN)
    {
      v->fwd_hit[11] += f[PJ_CARD_ACE];
      v->back_hit[1] += f[PJ_CARD_ACE];
    }
  for (guint d = 2; d <= 6; d++)
    v->fwd_hit[d] += f[d];
  v->fwd_hit[7] += f[7];
  for (guint d = 1; d <= 6; d++)
    v->fwd_hit[d] += f[7] * 0.25;   /* part of a split seven */
  v->back_hit[8] += f[8];
  v->fwd_hit[9] += f[9];
  if (r->nine != PJ_NINE_NONE)
    for (guint d = 1; d <= 8; d++)
      {
        v->fwd_hit[d] += f[9] * 0.15;
        if (r->nine == PJ_NINE_FWD_BACK)
          v->back_hit[d] += f[9] * 0.15;
      }
  if (r->ten == PJ_TEN_SPLIT_ANY)
    for (guint d = 1; d <= 9; d++)
      {
        v->fwd_hit[d] += f[10] * 0.2;
        v->back_hit[d] += f[10] * 0.2;
      }
  else
    {
      v->fwd_hit[10] += f[10];
      if (r->ten == PJ_TEN_FWD_OR_BACK1)
        v->back_hit[1] += f[10];
    }
  v->fwd_hit[10] += f[PJ_CARD_JACK] + f[PJ_CARD_QUEEN] + f[PJ_CARD_KING];
  v->come_out = f[PJ_CARD_ACE] + f[PJ_CARD_JACK] + f[PJ_CARD_QUEEN] + f[PJ_CARD_KING];
  /* players keep jokers for the best target, so any one peg is rarely it */
  v->joker_hit = f[PJ_CARD_JOKER] * (r->joker == PJ_JOKER_PEGOO ? 0.6 : 0.3);

  for (guint seat = 0; seat < r->players; seat++)
    v->seat_colours[seat] = pj_state_movable_colours (s, seat);
}

static double
peg_value (const PjState *s,
           const PjBoard *b,
           guint          c,
           guint8         pos)
{
  guint L = s->track_len;

  if (pos == PJ_POS_START)
    return V_START;
  if (PJ_POS_IS_HOME (pos))
    {
      guint h = pos - PJ_POS_HOME0;
      guint above = (0x1fu >> (h + 1)) << (h + 1);
      double val = L + 2.0 + h;

      if ((b->home[c] & above) != above)
        {
          /* tied up: needs an exact small card and blocks the pegs behind */
          guint outside = 0;
          for (guint i = 0; i < PJ_PEGS; i++)
            outside += !PJ_POS_IS_HOME (b->peg[c][i]);
          val -= TIED_UP_BASE + TIED_UP_PER * outside;
        }
      return val;
    }
  return (double) L - fwd (pos, in_spot (s, c), L);
}

static double
hold_chance (const PjState *s,
             double         p)
{
  guint hand = s->rules.hand_size + (s->rules.draw_first ? 1u : 0u);
  double miss = 1.0;

  p = MIN (p, 0.9);
  for (guint k = 0; k < hand; k++)
    miss *= 1.0 - p;
  return 1.0 - miss;
}

/* What threatens one team's pegs: each opposing seat's pegs on the track and the
 * come-out holes it could fill, gathered once per board so that the chance for
 * each hole (memo) costs a few table look-ups instead of a walk over every seat
 * and colour with a division per peg; in playouts this was over a third of the
 * hard player's time. The sum runs in the order the walk used, so the values
 * are the same to the last bit. */
void
pj_ai_threat_init (PjAiThreat     *t,
                   const PjAiView *v,
                   const PjState  *s,
                   const PjBoard  *b,
                   guint           team)
{
  const PjRules *r = &s->rules;

  t->v = v;
  t->team = team;
  t->L = s->track_len;
  t->hand = r->hand_size + (r->draw_first ? 1u : 0u);
  t->n_opp = 0;
  for (guint seat = 0; seat < r->players; seat++)
    {
      guint mask = v->seat_colours[seat];
      guint n = 0;

      if (pj_team_of (r, seat) == team)
        continue;
      for (guint c = 0; c < r->players; c++)
        {
          if (!(mask & (1u << c)))
            continue;
          for (guint i = 0; i < PJ_PEGS; i++)
            if (PJ_POS_IS_TRACK (b->peg[c][i]))
              t->item[t->n_opp][n++] = b->peg[c][i];
          if (b->n_start[c] > 0)
            t->item[t->n_opp][n++] = PJ_AI_THREAT_COME_OUT | pj_come_out_hole (r, c);
        }
      t->n_item[t->n_opp++] = n;
    }
  memset (t->known, 0, t->L);
}

double
pj_ai_threat_danger (PjAiThreat *t,
                     guint       x)
{
  const PjAiView *v = t->v;
  guint L = t->L;
  double safe = 1.0;

  if (t->known[x])
    return t->memo[x];
  for (guint k = 0; k < t->n_opp; k++)
    {
      double p = v->joker_hit, miss = 1.0;

      for (guint j = 0; j < t->n_item[k]; j++)
        {
          guint q = t->item[k][j];

          if (q & PJ_AI_THREAT_COME_OUT)
            {
              if ((q & ~PJ_AI_THREAT_COME_OUT) == x)
                p += v->come_out;
            }
          else
            {
              guint ahead = x >= q ? x - q : x + L - q;
              guint behind = ahead ? L - ahead : 0;

              p += v->fwd_hit[ahead] + v->back_hit[behind];
            }
        }
      p = MIN (p, 0.9);
      for (guint h = 0; h < t->hand; h++)
        miss *= 1.0 - p;
      safe *= 1.0 - (1.0 - miss);   /* as 1 - hold_chance (), to the bit */
    }
  t->known[x] = TRUE;
  t->memo[x] = 1.0 - safe;
  return t->memo[x];
}

double
pj_ai_eval_board (const PjAiView *v,
                  const PjState  *s,
                  const PjBoard  *b,
                  guint           team)
{
  const PjRules *r = &s->rules;
  guint L = s->track_len;
  double mine = 0, theirs = 0;
  PjAiThreat threat[PJ_MAX_PLAYERS];
  gboolean have[PJ_MAX_PLAYERS] = { FALSE };

  for (guint c = 0; c < r->players; c++)
    {
      gboolean ours = pj_team_of (r, c) == team;
      guint ct = pj_team_of (r, c);
      double sum = 0;
      guint in_play = 0;

      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 pos = b->peg[c][i];
          double val = peg_value (s, b, c, pos);

          if (PJ_POS_IS_TRACK (pos))
            {
              double d;

              if (!have[ct])
                {
                  pj_ai_threat_init (&threat[ct], v, s, b, ct);
                  have[ct] = TRUE;
                }
              d = pj_ai_threat_danger (&threat[ct], pos);
              guint off = fwd (pj_come_out_hole (r, c), pos, L);

              in_play++;
              val -= d * (val - V_START) * (ours ? 1.0 : OPP_DANGER);
              if (off >= 1 && off <= 3)
                val += EIGHT_READY * (1.0 - d);
              /* home run: the partner's come-out sends it to its in-spot */
              for (guint pc = 0; pc < r->players; pc++)
                if (pc != c && pj_team_of (r, pc) == pj_team_of (r, c) && b->n_start[pc] > 0
                    && pos == pj_come_out_hole (r, pc))
                  val += HOME_RUN * hold_chance (s, v->come_out) * (L - peg_value (s, b, c, pos));
            }
          sum += val;
        }
      if (b->n_start[c] > 0)
        sum += IN_PLAY_BONUS * MIN (in_play, 2u);
      if (ours)
        mine += sum;
      else
        theirs += sum;
    }
  return mine - theirs / MAX (r->teams - 1, 1);
}

/* The worth of a card still in hand: jokers for double plays (§11), come-out
 * cards while pegs wait in start, splits for their flexibility. */
static double
keep_value (const PjState *s,
            guint          seat,
            guint          card)
{
  const PjRules *r = &s->rules;

  switch (card)
    {
    case PJ_CARD_JOKER:
      return 9.0;
    case PJ_CARD_ACE: case PJ_CARD_JACK: case PJ_CARD_QUEEN: case PJ_CARD_KING:
      return s->board.n_start[seat] > 0 ? 2.5 : 0.8;
    case 7:
      return 1.5;
    case 8:
      return 1.2;
    case 9:
      return r->nine != PJ_NINE_NONE ? 1.2 : 0.4;
    case 10:
      return r->ten == PJ_TEN_SPLIT_ANY ? 2.0 : 0.6;
    case 2:
      return r->two_swap ? 1.0 : 0.2;
    default:
      return 0.1 * card;
    }
}

double
pj_ai_hands_value (const PjState *s,
                   guint          team)
{
  const PjRules *r = &s->rules;
  double mine = 0, theirs = 0;

  for (guint seat = 0; seat < r->players; seat++)
    {
      double sum = 0;
      for (guint k = 0; k < s->hand_count[seat]; k++)
        {
          guint rank = PJ_CARD_RANK (s->hand[seat][k]);
          if (rank >= PJ_CARD_ACE && rank <= PJ_CARD_JOKER)
            sum += keep_value (s, seat, rank);
        }
      if (pj_team_of (r, seat) == team)
        mine += sum;
      else
        theirs += sum;
    }
  return mine - theirs / MAX (r->teams - 1, 1);
}

/* The peg of `colour` a penalty would take: the most advanced one on the track. */
static int
best_track_peg (const PjState *s,
                const PjBoard *b,
                guint          colour)
{
  int best = -1;
  double best_val = -1e9;

  for (guint i = 0; i < PJ_PEGS; i++)
    {
      guint8 pos = b->peg[colour][i];
      double val;
      if (!PJ_POS_IS_TRACK (pos))
        continue;
      val = peg_value (s, b, colour, pos);
      if (val > best_val)
        best_val = val, best = (int) i;
    }
  return best;
}

static void
send_to_start (PjBoard *b,
               guint    colour,
               int      idx)
{
  PjAction pen = { 0 };

  if (idx < 0)
    return;
  pen.n_steps = 1;
  pen.steps[0] = (PjStep) { PJ_PEG_ID (colour, idx), b->peg[colour][idx], PJ_POS_START, PJ_STEP_PENALTY };
  pj_board_apply_steps (b, &pen);
}

double
pj_ai_bluff_probability (const PjAiView *v,
                         const PjState  *s)
{
  guint declared = s->pending.declared;
  double f = declared <= PJ_CARD_JOKER ? v->freq[declared] : 0;
  double has = hold_chance (s, f);
  const double prior = 0.25;   /* how often a player without the card would bluff */

  return prior * (1.0 - has) / (prior * (1.0 - has) + has);
}

/* How likely opponents are to challenge a bluff declaring this card. */
static double
challenge_chance (const PjAiView *v,
                  const PjState  *s,
                  guint           declared)
{
  double f = declared <= PJ_CARD_JOKER ? v->freq[declared] : 0;
  double has = hold_chance (s, f);
  double pb = 0.25 * (1.0 - has) / (0.25 * (1.0 - has) + has);

  return CLAMP (2.5 * pb, 0.05, 0.95);
}

double
pj_ai_score_action (const PjAiView *v,
                    const PjState  *s,
                    const PjAction *a)
{
  guint team = pj_team_of (&s->rules, s->actor);
  PjBoard b = s->board;
  double val;

  switch (a->kind)
    {
    case PJ_ACTION_MOVE:
      pj_board_apply_steps (&b, a);
      val = pj_ai_eval_board (v, s, &b, team) - keep_value (s, s->actor, a->card);
      if (s->rules.bluffing && a->card != a->declared)
        {
          /* caught: no move and our best peg goes back to start */
          PjBoard caught = s->board;
          double pc = challenge_chance (v, s, a->declared);
          send_to_start (&caught, s->actor, best_track_peg (s, &caught, s->actor));
          val = (1 - pc) * val
                + pc * (pj_ai_eval_board (v, s, &caught, team) - keep_value (s, s->actor, a->card));
        }
      return val;
    case PJ_ACTION_DISCARD:
      return pj_ai_eval_board (v, s, &b, team) - keep_value (s, s->actor, a->card);
    case PJ_ACTION_FREE_COME_OUT:
      pj_board_apply_steps (&b, a);
      return pj_ai_eval_board (v, s, &b, team) - keep_value (s, s->actor, a->card);
    case PJ_ACTION_PASS:
      pj_board_apply_steps (&b, &s->pending);
      return pj_ai_eval_board (v, s, &b, team);
    case PJ_ACTION_CHALLENGE:
      {
        double pb = pj_ai_bluff_probability (v, s);
        PjBoard caught = s->board;

        send_to_start (&caught, s->turn, best_track_peg (s, &caught, s->turn));
        pj_board_apply_steps (&b, &s->pending);
        send_to_start (&b, s->actor, best_track_peg (s, &b, s->actor));
        return pb * pj_ai_eval_board (v, s, &caught, team)
               + (1 - pb) * pj_ai_eval_board (v, s, &b, team);
      }
    case PJ_ACTION_PENALTY:
    default:
      pj_board_apply_steps (&b, a);
      return pj_ai_eval_board (v, s, &b, team);
    }
}

double
pj_ai_quick_score (const PjAiView *v,
                   const PjState  *s,
                   const PjAction *a)
{
  PjAiThreat t;

  pj_ai_threat_init (&t, v, s, &s->board, pj_team_of (&s->rules, s->actor));
  return pj_ai_quick_score_threat (v, s, &t, a);
}

double
pj_ai_quick_score_threat (const PjAiView *v,
                          const PjState  *s,
                          PjAiThreat     *t,
                          const PjAction *a)
{
  const PjRules *r = &s->rules;
  guint team = pj_team_of (r, s->actor);
  double sum = 0;

  switch (a->kind)
    {
    case PJ_ACTION_PASS:
      return 0;
    case PJ_ACTION_CHALLENGE:
      return pj_ai_bluff_probability (v, s) - 0.4;
    case PJ_ACTION_DISCARD:
      return -keep_value (s, s->actor, a->card);
    default:
      break;
    }
  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      guint c = PJ_PEG_COLOUR (st->peg);
      gboolean ours = pj_team_of (r, c) == team;
      double vf = peg_value (s, &s->board, c, st->from);
      double vt = peg_value (s, &s->board, c, st->to);

      if (ours)
        {
          if (PJ_POS_IS_TRACK (st->to))
            vt -= pj_ai_threat_danger (t, st->to) * (vt - V_START);
          if (PJ_POS_IS_TRACK (st->from))
            vf -= pj_ai_threat_danger (t, st->from) * (vf - V_START);
          sum += vt - vf;
        }
      else
        sum -= vt - vf;
    }
  if (a->kind == PJ_ACTION_MOVE || a->kind == PJ_ACTION_FREE_COME_OUT)
    sum -= keep_value (s, s->actor, a->card);
  if (r->bluffing && a->kind == PJ_ACTION_MOVE && a->card != a->declared)
    {
      int idx = best_track_peg (s, &s->board, s->actor);
      double loss = idx >= 0 ? peg_value (s, &s->board, s->actor, s->board.peg[s->actor][idx]) - V_START : 0;
      double pc = challenge_chance (v, s, a->declared);
      sum = (1 - pc) * sum - pc * loss;
    }
  return sum;
}

#define PREFILTER 64

guint
pj_ai_best_normal (const PjAiView     *v,
                   const PjState      *s,
                   const PjActionList *list,
                   double             *scores)
{
  g_autofree double *tmp = NULL;
  guint best = 0;

  if (list->n == 0)
    return 0;
  if (scores == NULL)
    scores = tmp = g_new (double, list->n);

  if (list->n > PREFILTER * 2)
    {
      /* thousands of NC tens: the cheap score picks who gets a full look */
      g_autofree double *quick = g_new (double, list->n);
      g_autofree double *sorted = g_new (double, list->n);
      double cut;

      PjAiThreat threat;

      pj_ai_threat_init (&threat, v, s, &s->board, pj_team_of (&s->rules, s->actor));
      for (guint i = 0; i < list->n; i++)
        sorted[i] = quick[i] = pj_ai_quick_score_threat (v, s, &threat, &list->v[i]);
      /* the PREFILTER-th best quick score by partial selection */
      for (guint i = 0; i < PREFILTER; i++)
        {
          guint m = i;
          for (guint j = i + 1; j < list->n; j++)
            if (sorted[j] > sorted[m])
              m = j;
          double t = sorted[i]; sorted[i] = sorted[m]; sorted[m] = t;
        }
      cut = sorted[PREFILTER - 1];
      for (guint i = 0; i < list->n; i++)
        scores[i] = quick[i] >= cut ? pj_ai_score_action (v, s, &list->v[i]) : quick[i] - 1e6;
    }
  else
    for (guint i = 0; i < list->n; i++)
      scores[i] = pj_ai_score_action (v, s, &list->v[i]);

  for (guint i = 1; i < list->n; i++)
    if (scores[i] > scores[best])
      best = i;
  return best;
}
