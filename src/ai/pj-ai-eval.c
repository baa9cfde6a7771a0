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
  pj_ai_view_init_weighted (v, s, viewer, &pj_ai_weights_default);
}

void
pj_ai_view_init_weighted (PjAiView          *v,
                          const PjState     *s,
                          guint              viewer,
                          const PjAiWeights *w)
{
  const PjRules *r = &s->rules;
  double counts[PJ_N_RANKS + 1] = { 0 };
  double total = 0;
  double *f = v->freq;

  memset (v, 0, sizeof *v);
  v->w = w;
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
  v->joker_hit = f[PJ_CARD_JOKER] * v->w->joker_threat * (r->joker == PJ_JOKER_PEGOO ? 2.0 : 1.0);

  for (guint seat = 0; seat < r->players; seat++)
    v->seat_colours[seat] = pj_state_movable_colours (s, seat);
}

static double
peg_value (const PjAiWeights *w,
           const PjState     *s,
           const PjBoard     *b,
           guint              c,
           guint8             pos)
{
  guint L = s->track_len;

  if (pos == PJ_POS_START)
    return w->v_start;
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
          val -= w->tied_up_base + w->tied_up_per * outside;
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

/* Our side's value less the opponents' per opposing team */
static double
versus_the_rest (const PjRules *r,
                 const double  *value,
                 guint          team)
{
  double theirs = 0;

  for (guint k = 0; k < r->teams; k++)
    if (k != team)
      theirs += value[k];
  return value[team] - theirs / MAX (r->teams - 1, 1);
}

void
pj_ai_eval_teams (const PjAiView *v,
                  const PjState  *s,
                  const PjBoard  *b,
                  guint           team,
                  double          value[PJ_MAX_PLAYERS])
{
  const PjRules *r = &s->rules;
  guint L = s->track_len;
  PjAiThreat threat[PJ_MAX_PLAYERS];
  gboolean have[PJ_MAX_PLAYERS] = { FALSE };

  for (guint k = 0; k < r->teams; k++)
    value[k] = 0;

  for (guint c = 0; c < r->players; c++)
    {
      gboolean ours = pj_team_of (r, c) == team;
      guint ct = pj_team_of (r, c);
      double sum = 0;
      guint in_play = 0;

      for (guint i = 0; i < PJ_PEGS; i++)
        {
          guint8 pos = b->peg[c][i];
          double val = peg_value (v->w, s, b, c, pos);

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
              val -= d * v->w->danger_scale * (val - v->w->v_start) * (ours ? 1.0 : v->w->opp_danger);
              if (off >= 1 && off <= 3)
                val += v->w->eight_ready * (1.0 - d);
              /* home run: the partner's come-out sends it to its in-spot */
              for (guint pc = 0; pc < r->players; pc++)
                if (pc != c && pj_team_of (r, pc) == pj_team_of (r, c) && b->n_start[pc] > 0
                    && pos == pj_come_out_hole (r, pc))
                  val += v->w->home_run * hold_chance (s, v->come_out) * (L - peg_value (v->w, s, b, c, pos));
            }
          sum += val;
        }
      if (b->n_start[c] > 0)
        sum += v->w->in_play_bonus * MIN (in_play, 2u);
      value[ct] += sum;
    }
}

double
pj_ai_eval_board (const PjAiView *v,
                  const PjState  *s,
                  const PjBoard  *b,
                  guint           team)
{
  double value[PJ_MAX_PLAYERS];

  pj_ai_eval_teams (v, s, b, team, value);
  return versus_the_rest (&s->rules, value, team);
}

/* The worth of a card still in hand: jokers for double plays (§11), come-out
 * cards while pegs wait in start, splits for their flexibility. */
static double
keep_value (const PjAiWeights *w,
            const PjState     *s,
            guint              seat,
            guint              card)
{
  const PjRules *r = &s->rules;

  switch (card)
    {
    case PJ_CARD_JOKER:
      return w->keep_joker;
    case PJ_CARD_ACE: case PJ_CARD_JACK: case PJ_CARD_QUEEN: case PJ_CARD_KING:
      return s->board.n_start[seat] > 0 ? w->keep_come_out_start : w->keep_come_out;
    case 7:
      return w->keep_seven;
    case 8:
      return w->keep_eight;
    case 9:
      return r->nine != PJ_NINE_NONE ? w->keep_nine_split : 0.4;
    case 10:
      return r->ten == PJ_TEN_SPLIT_ANY ? w->keep_ten_split : 0.6;
    case 2:
      return r->two_swap ? w->keep_two_swap : 0.2;
    default:
      return w->keep_per_rank * card;
    }
}

void
pj_ai_hands_teams (const PjAiView *v,
                   const PjState  *s,
                   double          value[PJ_MAX_PLAYERS])
{
  const PjRules *r = &s->rules;

  for (guint k = 0; k < r->teams; k++)
    value[k] = 0;
  for (guint seat = 0; seat < r->players; seat++)
    for (guint k = 0; k < s->hand_count[seat]; k++)
      {
        guint rank = PJ_CARD_RANK (s->hand[seat][k]);

        if (rank >= PJ_CARD_ACE && rank <= PJ_CARD_JOKER)
          value[pj_team_of (r, seat)] += keep_value (v->w, s, seat, rank);
      }
}

/* The peg of `colour` a penalty would take: the most advanced one on the track. */
static int
best_track_peg (const PjAiWeights *w,
                const PjState     *s,
                const PjBoard     *b,
                guint              colour)
{
  int best = -1;
  double best_val = -1e9;

  for (guint i = 0; i < PJ_PEGS; i++)
    {
      guint8 pos = b->peg[colour][i];
      double val;
      if (!PJ_POS_IS_TRACK (pos))
        continue;
      val = peg_value (w, s, b, colour, pos);
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

/* ---- Bluffing Joker ------------------------------------------------------
 *
 * A challenge risks a peg, or when the challenger has none in play an extra
 * turn for the mover (RULES.md BJ); a caught bluff costs the bluffer a peg or
 * the challenger gets the extra turn. Both sides are weighed in holes: an
 * extra turn is worth about one move. Challenging whenever it cost no peg
 * handed opponents twenty turns in a row. */

#define TURN_VALUE     10.0   /* an extra turn: about one move's progress and tempo */
#define RUN_SURE       0.995  /* a challenge that could make three turns in a row needs this */
#define AGAIN_RATE     0.6    /* measured: normal's bluffs on an extra turn, 40-70 % */
#define BLUFF_RATE     0.02   /* how often a player who need not bluffs anyway */
#define BLUFF_SUSPICION 0.3   /* … as a bluffer fears the others believe */
#define BLUFF_GAIN_SCALE 60.0 /* holes gained that double it */
#define BLUFF_MARGIN   5.0    /* bluff only for a clearly better move */
#define ACE_SHARE      0.4    /* of the bluffs out of start, those declared an Ace */
#define BEST_SHARE     0.85   /* of the bluffs, those declaring the furthest move */
#define BEST_TOLERANCE 2.0    /* a board this close to the furthest is as far */
#define FURTHEST_FILTER 12.0  /* holes short of the furthest gain still judged on the board */

/* Gain in holes of a move for `team`, from the moved pegs only. */
static double
move_gain (const PjAiWeights *w,
           const PjState     *s,
           const PjAction    *a,
           guint              team)
{
  double sum = 0;

  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      guint c = PJ_PEG_COLOUR (st->peg);
      double d = peg_value (w, s, &s->board, c, st->to) - peg_value (w, s, &s->board, c, st->from);

      sum += pj_team_of (&s->rules, c) == team ? d : -d;
    }
  return sum;
}

/* The mover's team's board after the furthest declaration but a joker's:
 * a bluffer declares what moves it furthest (a declared joker is the bluff
 * every table reads), so a bluff is mostly the furthest move, and an honest
 * play only when the hand happens to hold that card. One card in hand
 * declares every rank. Asked for every sampled deal and candidate move, so
 * the last answer is kept (per thread: a search runs two), keyed on all it
 * reads: the viewer's view (weights, what it has seen), the rules, the
 * board and who moves. */
static double
furthest_board (const PjAiView *v,
                const PjState  *s)
{
  static __thread struct {
    gboolean known;
    guint viewer, turn;
    const PjAiWeights *w;
    double freq[PJ_N_RANKS + 1];
    PjRules rules;
    PjBoard board;
    double best;
  } memo;
  PjState h;
  PjActionList list;
  guint team = pj_team_of (&s->rules, s->turn);
  double best = -1e18, gain_best = -1e18;

  if (memo.known && memo.viewer == v->viewer && memo.turn == s->turn && memo.w == v->w
      && memcmp (memo.freq, v->freq, sizeof memo.freq) == 0
      && memcmp (&memo.rules, &s->rules, sizeof memo.rules) == 0
      && memcmp (&memo.board, &s->board, sizeof s->board) == 0)
    return memo.best;
  h = *s;
  h.phase = PJ_PHASE_PLAY;
  h.actor = s->turn;
  h.hand[s->turn][0] = 2;   /* any card: each declares every rank */
  h.hand_count[s->turn] = 1;
  memset (&h.pending, 0, sizeof h.pending);
  pj_action_list_init (&list);
  pj_legal_actions (&h, &list);
  /* the moved pegs' gain picks the few that may be furthest; the board
   * decides among them (as a bluffer judges) */
  for (guint i = 0; i < list.n; i++)
    if (list.v[i].kind == PJ_ACTION_MOVE && PJ_CARD_RANK (list.v[i].declared) != PJ_CARD_JOKER)
      gain_best = MAX (gain_best, move_gain (v->w, s, &list.v[i], team));
  for (guint i = 0; i < list.n; i++)
    if (list.v[i].kind == PJ_ACTION_MOVE && PJ_CARD_RANK (list.v[i].declared) != PJ_CARD_JOKER
        && move_gain (v->w, s, &list.v[i], team) >= gain_best - FURTHEST_FILTER)
      {
        PjBoard b = s->board;

        pj_board_apply_steps (&b, &list.v[i]);
        best = MAX (best, pj_ai_eval_board (v, s, &b, team));
      }
  pj_action_list_clear (&list);
  memo.known = TRUE;
  memo.viewer = v->viewer;
  memo.turn = s->turn;
  memo.w = v->w;
  memcpy (memo.freq, v->freq, sizeof memo.freq);
  memo.rules = s->rules;
  memo.board = s->board;
  memo.best = best;
  return best;
}

/* Whether declaring `a` (by the seat to move) is the furthest declaration. */
static gboolean
declares_furthest (const PjAiView *v,
                   const PjState  *s,
                   const PjAction *a)
{
  PjBoard b = s->board;

  if (PJ_CARD_RANK (a->declared) == PJ_CARD_JOKER)
    return FALSE;
  pj_board_apply_steps (&b, a);
  return pj_ai_eval_board (v, s, &b, pj_team_of (&s->rules, s->turn)) >= furthest_board (v, s) - BEST_TOLERANCE;
}

/* What both bluff estimates read of a declared rank: whether the mover's
 * side has a peg in play (else only come-out cards and jokers move),
 * whether all its pegs are still in start, the ranks with a move and the
 * chances that the hand holds any of them, each of them and this one. */
typedef struct {
  gboolean in_play, fresh;
  guint n_ranks;
  double f_any, has_sum, has;
} DeclaredOdds;

static gboolean
declared_odds (const PjAiView *v,
               const PjState  *s,
               guint           rank,
               DeclaredOdds   *o)
{
  static const guint8 come_out_ranks[] = { PJ_CARD_ACE, PJ_CARD_JACK, PJ_CARD_QUEEN,
                                            PJ_CARD_KING, PJ_CARD_JOKER };
  guint mask = v->seat_colours[s->turn];

  if (rank < PJ_CARD_ACE || rank > PJ_CARD_JOKER)
    return FALSE;
  *o = (DeclaredOdds) { .fresh = TRUE };
  for (guint c = 0; c < s->rules.players; c++)
    if (mask & (1u << c))
      {
        for (guint i = 0; i < PJ_PEGS; i++)
          o->in_play |= PJ_POS_IS_TRACK (s->board.peg[c][i]);
        o->fresh &= s->board.n_start[c] == PJ_PEGS;
      }
  o->n_ranks = o->in_play ? (guint) PJ_CARD_JOKER : G_N_ELEMENTS (come_out_ranks);
  for (guint k = 0; k < o->n_ranks; k++)
    {
      guint m = o->in_play ? k + 1 : come_out_ranks[k];
      o->f_any += v->freq[m];
      o->has_sum += hold_chance (s, v->freq[m]);
    }
  o->has = hold_chance (s, v->freq[rank]);
  return TRUE;
}

/* The chance that declaring `a` is a bluff, as a mover fears its
 * opponents read it (challenge_chance): more warily than they do
 * (bluff_probability_read), so that the computer's own bluffs stay
 * rare and pay. The mover bluffs when it must (no card in hand with a move:
 * it may not discard while any declared card moves) and now and then by
 * choice. A bluff out of start is feared read as an Ace mostly (ACE_SHARE);
 * with a peg in play, one declaring the furthest move BEST_SHARE of the
 * time, any other rank as plainly as the rest. All copies of the rank seen:
 * surely a bluff. Kept apart from the reading on purpose: the computer's
 * bluffing, measured against this fear, is what the reading is fitted to
 * (HAND_DEPLETION, HABIT_*), and a fear that followed the reading would
 * move what it is fitted to. */
static double
bluff_probability_rank (const PjAiView *v,
                        const PjState  *s,
                        const PjAction *a,
                        double          rate)
{
  guint rank = a->declared;
  DeclaredOdds o;
  gboolean furthest;
  double forced, bluff, honest;

  if (!declared_odds (v, s, rank, &o))
    return 0;
  if (o.has <= 0)
    return 1.0;
  forced = 1.0 - hold_chance (s, o.f_any);
  /* out of start every declaration comes out: none is further */
  furthest = o.in_play && declares_furthest (v, s, a);
  bluff = (forced + (1.0 - forced) * rate)
          * (!o.in_play ? (rank == PJ_CARD_ACE ? ACE_SHARE : (1.0 - ACE_SHARE) / (o.n_ranks - 1))
             : furthest ? BEST_SHARE : 1.0 / o.n_ranks);
  /* an honest player holding the furthest card plays it */
  honest = (1.0 - forced) * (1.0 - rate) * (furthest ? o.has : o.has / MAX (o.has_sum, o.has));
  return bluff / (bluff + honest);
}

/* People bluff for big moves: the chosen-bluff rate grows with what the
 * declared move gains (holes). What is public of a seat tells a habitual
 * bluffer, one who bluffs whenever it moves further, from the rest: its
 * record when challenged with a peg in play (every challenge shows the
 * card), and the ranks it declared with none in play (a habitual bluffer
 * comes out with an Ace). The two kinds' odds move with each of them, by
 * how often each kind gives it (the challenges pick the suspicious plays,
 * so a plain share of caught bluffs would tell nothing). Measured in 200
 * games of each against normal: of the challenged plays, bluffs 59 % from
 * the bluffer, 1–4 % from normal and hard; of the declarations out of
 * start, Aces 60 % from the bluffer, 21–23 % from normal and hard. */
#define HABIT_PRIOR   0.03   /* of the players, those who bluff by habit */
#define HABIT_RATE    0.6    /* how often they do when it moves them further */
#define HABIT_CAUGHT  0.6    /* the habitual bluffer's challenged plays that are bluffs */
#define HABIT_HONEST  0.04   /* the rest's */
#define HABIT_ACES    0.6    /* the habitual bluffer's declarations out of start that are Aces */
#define REST_ACES     0.23   /* the rest's */
#define PROBE_VALUE   30.0   /* holes a sure answer to "habitual?" is worth, at even odds */

static double
habit_weight (const PjState *s,
              guint          mover)
{
  double odds = HABIT_PRIOR / (1.0 - HABIT_PRIOR)
                * pow (HABIT_CAUGHT / HABIT_HONEST, s->bluffs_caught[mover])
                * pow ((1.0 - HABIT_CAUGHT) / (1.0 - HABIT_HONEST), s->honest_shown[mover])
                * pow (HABIT_ACES / REST_ACES, s->aces_out[mover])
                * pow ((1.0 - HABIT_ACES) / (1.0 - REST_ACES), s->others_out[mover]);

  return odds / (1.0 + odds);
}

/* How often a player bluffs by choice for a move gaining `gain` holes */
static double
chosen_rate (double base,
             double gain)
{
  return MIN (base * (1.0 + MAX (gain, 0.0) / BLUFF_GAIN_SCALE), 0.9);
}

static double
bluff_rate (const PjState *s,
            guint          mover,
            double         base,
            double         gain)
{
  double r = chosen_rate (base, gain);
  double habit = habit_weight (s, mover);

  return habit * MAX (HABIT_RATE, r) + (1.0 - habit) * r;
}

/* The reader's estimate: the mover is one of two kinds (habit_weight).
 * A habitual bluffer declares the furthest move (out of start, an Ace)
 * whenever that moves it further. Anyone else bluffs now and then by
 * choice, and when it must, declaring ranks as often as an honest hand
 * would hold them: its choice of rank tells nothing, which is the only
 * reading that stays true however it picks (measured: a reading that
 * trusted some ranks more was soon bluffed with exactly those). Out of
 * start a seat that has had pegs out holds fewer come-out cards than a
 * fresh hand, as it played them (HAND_DEPLETION: fitted to normal's games,
 * where a quarter of the declarations out of start were forced). */
#define HAND_DEPLETION 0.45

/* Each kind's estimate, as the model above puts it, is then fitted to how
 * often such declarations were bluffs (read_calibration): the model orders
 * declarations well, but its shares are guesses, and a reader that says 15 %
 * where a quarter are bluffs challenges too seldom. The fit is per class of
 * declaration, as the model's errors differ by class: with a peg in play,
 * the furthest move or not; out of start, by the declared rank (for the
 * rest, one fit for every rank but the joker: tools/fit-bluff-reading says
 * why) and whether the seat has had pegs out; each on an extra turn or
 * not. */
enum {
  READ_IN_PLAY,              /* the furthest move, then any other */
  READ_FRESH = 2,            /* out of start, all pegs there: A J Q K joker, other */
  READ_USED = READ_FRESH + 6,
  READ_KINDS = READ_USED + 6
};
#define READ_CLASSES (READ_KINDS * 2)

static guint
read_class (const DeclaredOdds *o,
            guint               rank,
            gboolean            furthest,
            gboolean            again)
{
  guint k;

  if (o->in_play)
    k = READ_IN_PLAY + (furthest ? 0 : 1);
  else
    {
      guint r = rank == PJ_CARD_ACE ? 0 : rank == PJ_CARD_JACK ? 1 : rank == PJ_CARD_QUEEN ? 2
                : rank == PJ_CARD_KING ? 3 : rank == PJ_CARD_JOKER ? 4 : 5;

      k = (o->fresh ? READ_FRESH : READ_USED) + r;
    }
  return k * 2 + (again ? 1 : 0);
}

/* Per kind of player (the rest, then the habitual bluffer) and class
 * (read_class): how often that kind's declarations of its group (with a peg
 * in play, out of start fresh, or not; on an extra turn or not) are of this
 * class, and the fitted log-odds at the modelled log-odds READ_KNOT_FIRST,
 * READ_KNOT_FIRST + 1 and so on, in between along a straight line.
 * Written by tools/fit-bluff-reading from the levels' games. */
#define READ_KNOTS     10
#define READ_MAX       0.99
#define READ_KNOT_FIRST (-6)

static const struct {
  double share;
  double knot[READ_KNOTS];
} read_calibration[2][READ_CLASSES] = {
#include "pj-ai-read-calibration.inc"
};
/* a table of other sizes is not this reading's */
G_STATIC_ASSERT (READ_CALIBRATION_CLASSES == READ_CLASSES);
G_STATIC_ASSERT (READ_CALIBRATION_KNOTS == READ_KNOTS);
G_STATIC_ASSERT (READ_MAX < RUN_SURE);

static double
calibrated (guint  kind,
            guint  cls,
            double p)
{
  const double *knot = read_calibration[kind][cls].knot;
  double x, y;
  guint i;

  p = CLAMP (p, 1e-4, 1.0 - 1e-4);
  x = CLAMP (log (p / (1.0 - p)), READ_KNOT_FIRST, READ_KNOT_FIRST + READ_KNOTS - 1) - READ_KNOT_FIRST;
  i = MIN ((guint) x, READ_KNOTS - 2u);
  y = knot[i] + (x - i) * (knot[i + 1] - knot[i]);
  return 1.0 / (1.0 + exp (-y));
}

static double
bluff_probability_read (const PjAiView   *v,
                        const PjState    *s,
                        const PjAction   *a,
                        double            rate,
                        PjAiBluffReading *reading)
{
  guint rank = a->declared;
  DeclaredOdds o;
  gboolean furthest;
  guint cls;
  double forced, mimic, habit, h_rate, h_share, honest_has, rest, hab;

  /* what is sure (every copy seen) or no declaration is not fitted */
  if (reading)
    *reading = (PjAiBluffReading) { .cls = G_MAXUINT };
  if (!declared_odds (v, s, rank, &o))
    return 0;
  if (o.has <= 0)
    return 1.0;
  forced = 1.0 - hold_chance (s, o.in_play || o.fresh ? o.f_any : o.f_any * HAND_DEPLETION);
  mimic = o.has / MAX (o.has_sum, o.has);
  furthest = o.in_play && declares_furthest (v, s, a);
  cls = read_class (&o, rank, furthest, s->again > 0);
  /* the seat's record, and how often each kind makes this kind of
   * declaration */
  habit = habit_weight (s, s->turn);
  if (reading)
    *reading = (PjAiBluffReading) { .cls = cls, .habit = habit };
  habit = habit * read_calibration[1][cls].share
          / (habit * read_calibration[1][cls].share + (1.0 - habit) * read_calibration[0][cls].share);
  h_rate = MAX (HABIT_RATE, rate);
  h_share = !o.in_play ? (rank == PJ_CARD_ACE ? ACE_SHARE : (1.0 - ACE_SHARE) / (o.n_ranks - 1))
                       : furthest ? BEST_SHARE : (1.0 - BEST_SHARE) / (o.n_ranks - 1);
  /* an honest player holding the furthest card plays it */
  honest_has = furthest ? o.has : mimic;
  rest = forced * mimic + (1.0 - forced) * rate * mimic;
  rest /= rest + (1.0 - forced) * (1.0 - rate) * honest_has;
  hab = forced * mimic + (1.0 - forced) * h_rate * h_share;
  hab /= hab + (1.0 - forced) * (1.0 - h_rate) * honest_has;
  if (reading)
    {
      reading->rest = rest;
      reading->habitual = hab;
    }
  /* only seeing every copy of the rank makes a bluff sure (RUN_SURE) */
  return MIN (habit * calibrated (1, cls, hab) + (1.0 - habit) * calibrated (0, cls, rest), READ_MAX);
}

/* What seeing the mover's card is worth beyond this challenge: it tells
 * a habitual bluffer from the rest (habit_weight), worth most while the
 * seat's record is thin and the two kinds are both likely. Without it the
 * record never grows: a habitual bluffer's moves read as honest until a
 * challenge shows otherwise, and nothing would challenge them. */
static double
challenge_probe (const PjState *s)
{
  double h = habit_weight (s, s->turn);

  return PROBE_VALUE * h * (1.0 - h);
}

/* Whether this challenge could make a run of three turns in a row: wrong,
 * by a challenger with no peg in play, on the mover's extra turn (the
 * mover's third); or right, against a mover with no peg in play, by a
 * challenger already owed an extra turn (the challenger's third). The rule
 * book grants an extra turn per challenge, so they can follow one another
 * (the issue-24 games saw seven in a row; with challenges by the odds, four
 * in two games of three); a player does not feed such a run unless the
 * bluff is sure (all copies of the rank seen; a fitted reading says 94 % of
 * some declarations, and challenging those fed runs of four): a rule, not
 * a value (as a value, 300 holes, it swamped everything else the playouts
 * weighed). The playouts and a mover's
 * fear of a challenge (challenge_edge) know it too: on an extra turn,
 * bluffing against a challenger with no peg in play is cheap (measured:
 * knowing it, normal beat the bluffer 73 % of the time, not knowing it
 * 33 %). */
static gboolean
run_fed (const PjState *s,
         guint          challenger,
         gboolean       challenger_bare,
         gboolean       mover_bare,
         double         pb)
{
  return ((challenger_bare && s->again > 0) || (mover_bare && s->extra_turns[challenger] > 0))
         && pb < RUN_SURE;
}

gboolean
pj_ai_challenge_feeds_run (const PjAiView *v,
                           const PjState  *s)
{
  PjBoard moved;

  if (s->phase != PJ_PHASE_CHALLENGE)
    return FALSE;
  /* a wrong challenge costs a peg from the board as the move left it (the
   * move may have sent the challenger's last one to start); a right one
   * costs the mover a peg from the board before it */
  moved = s->board;
  pj_board_apply_steps (&moved, &s->pending);
  return run_fed (s, s->actor, best_track_peg (v->w, s, &moved, s->actor) < 0,
                  best_track_peg (v->w, s, &s->board, s->turn) < 0, pj_ai_bluff_probability (v, s));
}

double
pj_ai_bluff_probability (const PjAiView *v,
                         const PjState  *s)
{
  return pj_ai_bluff_reading (v, s, NULL);
}

gboolean
pj_ai_bluff_is_sure (const PjAiView *v,
                     const PjState  *s)
{
  return pj_ai_bluff_probability (v, s) >= RUN_SURE;
}

double
pj_ai_bluff_reading (const PjAiView   *v,
                     const PjState    *s,
                     PjAiBluffReading *reading)
{
  double gain = move_gain (v->w, s, &s->pending, pj_team_of (&s->rules, s->turn));
  double r = chosen_rate (BLUFF_RATE, gain);

  /* on an extra turn a bluff is cheap: an opponent with no peg in play
   * will not challenge it (pj_ai_challenge_feeds_run), and movers know it */
  if (s->again > 0)
    r = MAX (r, AGAIN_RATE);
  return bluff_probability_read (v, s, &s->pending, r, reading);
}

/* What a peg of `colour` sent to start by a penalty costs its team in holes,
 * or -1 when it has none in play (then the other side gets an extra turn). */
static double
penalty_loss (const PjAiWeights *w,
              const PjState     *s,
              const PjBoard     *b,
              guint              colour)
{
  int idx = best_track_peg (w, s, b, colour);

  return idx < 0 ? -1.0 : peg_value (w, s, b, colour, b->peg[colour][idx]) - w->v_start;
}

/* Challenge minus pass for the challenger's team in holes, given `gain`
 * (what undoing the move is worth to it) and the chance of a bluff. */
static double
challenge_edge (const PjAiWeights *w,
                const PjState     *s,
                const PjBoard     *moved,
                guint              challenger,
                double             pb,
                double             undo_gain)
{
  double mover_loss = penalty_loss (w, s, &s->board, s->turn);
  double own_loss = penalty_loss (w, s, moved, challenger);
  double right = undo_gain + (mover_loss < 0 ? TURN_VALUE : mover_loss);
  double wrong = own_loss < 0 ? TURN_VALUE : own_loss;

  if (run_fed (s, challenger, own_loss < 0, mover_loss < 0, pb))
    return -TURN_VALUE;
  return pb * right - (1.0 - pb) * wrong;
}

double
pj_ai_challenge_edge_quick (const PjAiView *v,
                            const PjState  *s)
{
  PjBoard moved = s->board;

  pj_board_apply_steps (&moved, &s->pending);
  return challenge_edge (v->w, s, &moved, s->actor, pj_ai_bluff_probability (v, s),
                         -move_gain (v->w, s, &s->pending, pj_team_of (&s->rules, s->actor)));
}

void
pj_ai_determinize_pending (const PjAiView *v,
                           const PjState  *view,
                           PjState        *det,
                           guint           sample,
                           PjRng          *rng)
{
  guint top = det->n_cards - det->n_discard;
  guint declared = view->pending.declared;
  guint8 *slots[PJ_MAX_CARDS];
  guint n = 0;
  gboolean bluff;

  if (view->phase != PJ_PHASE_CHALLENGE || view->pending.card != PJ_CARD_UNKNOWN
      || det->n_discard == 0)
    return;
  /* a uniform deal makes the declared rank as rare as any other (a bluff
   * nine times in ten); people declare mostly what they hold. Samples in a
   * row are bluffs in the right share (a golden-ratio sequence, not dice):
   * with a bluff in one sample of twenty, dice left the few that decide
   * the challenge to chance. */
  bluff = fmod ((sample + 1) * 0.6180339887498949, 1.0) < pj_ai_bluff_probability (v, view);
  if ((PJ_CARD_RANK (det->pile[top]) != declared) == bluff)
    return;
  /* swap with a card of the wanted kind the viewer cannot see */
  for (guint seat = 0; seat < view->rules.players; seat++)
    for (guint k = 0; k < view->hand_count[seat]; k++)
      if (view->hand[seat][k] == PJ_CARD_UNKNOWN
          && (PJ_CARD_RANK (det->hand[seat][k]) != declared) == bluff)
        slots[n++] = &det->hand[seat][k];
  for (guint i = 0; i < view->n_cards; i++)
    if (i != top && (i < view->n_stock || i > top) && PJ_CARD_RANK (view->pile[i]) == PJ_CARD_UNKNOWN
        && (PJ_CARD_RANK (det->pile[i]) != declared) == bluff)
      slots[n++] = &det->pile[i];
  if (n > 0)
    {
      guint8 *other = slots[pj_rng_below (rng, n)];
      guint8 mine = PJ_CARD_RANK (det->pile[top]);

      det->pile[top] = (guint8) ((det->pile[top] & ~0x0f) | PJ_CARD_RANK (*other));
      *other = (guint8) ((*other & ~0x0f) | mine);
    }
  det->pending.card = PJ_CARD_RANK (det->pile[top]);
}

/* The chance that the opponents challenge our declaring `a`, judged as they
 * would (challenge_edge), from what we see of the declared rank. `undo` is
 * what undoing the move would be worth to them. */
static double
challenge_chance (const PjAiView *v,
                  const PjState  *s,
                  const PjAction *a,
                  double          undo)
{
  const PjRules *r = &s->rules;
  PjBoard moved = s->board;
  double pb = bluff_probability_rank (v, s, a, bluff_rate (s, s->turn, BLUFF_SUSPICION, undo));
  double pass = 1.0;

  pj_board_apply_steps (&moved, a);
  for (guint k = 1; k < r->players; k++)
    {
      guint seat = (s->turn + k) % r->players;
      double edge;

      if (pj_team_of (r, seat) == pj_team_of (r, s->turn))
        continue;
      edge = challenge_edge (v->w, s, &moved, seat, pb, undo);
      pass *= 1.0 - CLAMP (1.0 / (1.0 + exp (-edge / 3.0)), 0.03, 0.97);
    }
  return 1.0 - pass;
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
      val = pj_ai_eval_board (v, s, &b, team) - keep_value (v->w, s, s->actor, a->card);
      if (s->rules.bluffing && a->card != a->declared)
        {
          /* caught: no move and our best peg goes back to start, or with
           * none in play the challenger moves again */
          PjBoard caught = s->board;
          int idx = best_track_peg (v->w, s, &caught, s->actor);
          double val_caught, pc;

          send_to_start (&caught, s->actor, idx);
          val_caught = pj_ai_eval_board (v, s, &caught, team) - keep_value (v->w, s, s->actor, a->card)
                       - (idx < 0 ? TURN_VALUE : 0);
          pc = challenge_chance (v, s, a, move_gain (v->w, s, a, team));
          val = (1 - pc) * val + pc * val_caught - BLUFF_MARGIN;
        }
      return val;
    case PJ_ACTION_DISCARD:
      return pj_ai_eval_board (v, s, &b, team) - keep_value (v->w, s, s->actor, a->card);
    case PJ_ACTION_FREE_COME_OUT:
      pj_board_apply_steps (&b, a);
      return pj_ai_eval_board (v, s, &b, team) - keep_value (v->w, s, s->actor, a->card);
    case PJ_ACTION_PASS:
      pj_board_apply_steps (&b, &s->pending);
      return pj_ai_eval_board (v, s, &b, team);
    case PJ_ACTION_CHALLENGE:
      {
        /* right: the move is undone and the bluffer loses a peg (none in
         * play: we move again); wrong: it stands and we lose a peg (none in
         * play: the mover moves again) */
        double pb = pj_ai_bluff_probability (v, s);
        PjBoard caught = s->board, wrong;
        int bluffer_peg = best_track_peg (v->w, s, &caught, s->turn), own_peg;
        double e_moved, e_caught, e_wrong;

        pj_board_apply_steps (&b, &s->pending);
        e_moved = pj_ai_eval_board (v, s, &b, team);
        send_to_start (&caught, s->turn, bluffer_peg);
        e_caught = pj_ai_eval_board (v, s, &caught, team) + (bluffer_peg < 0 ? TURN_VALUE : 0);
        wrong = b;
        own_peg = best_track_peg (v->w, s, &wrong, s->actor);
        send_to_start (&wrong, s->actor, own_peg);
        e_wrong = own_peg < 0 ? e_moved - TURN_VALUE : pj_ai_eval_board (v, s, &wrong, team);
        if (run_fed (s, s->actor, own_peg < 0, bluffer_peg < 0, pb))
          return e_moved - TURN_VALUE;
        return pb * e_caught + (1 - pb) * e_wrong + challenge_probe (s);
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
      return pj_ai_challenge_edge_quick (v, s);
    case PJ_ACTION_DISCARD:
      return -keep_value (v->w, s, s->actor, a->card);
    default:
      break;
    }
  for (guint i = 0; i < a->n_steps; i++)
    {
      const PjStep *st = &a->steps[i];
      guint c = PJ_PEG_COLOUR (st->peg);
      gboolean ours = pj_team_of (r, c) == team;
      double vf = peg_value (v->w, s, &s->board, c, st->from);
      double vt = peg_value (v->w, s, &s->board, c, st->to);

      if (ours)
        {
          if (PJ_POS_IS_TRACK (st->to))
            vt -= pj_ai_threat_danger (t, st->to) * v->w->danger_scale * (vt - v->w->v_start);
          if (PJ_POS_IS_TRACK (st->from))
            vf -= pj_ai_threat_danger (t, st->from) * v->w->danger_scale * (vf - v->w->v_start);
          sum += vt - vf;
        }
      else
        sum -= vt - vf;
    }
  if (a->kind == PJ_ACTION_MOVE || a->kind == PJ_ACTION_FREE_COME_OUT)
    sum -= keep_value (v->w, s, s->actor, a->card);
  if (r->bluffing && a->kind == PJ_ACTION_MOVE && a->card != a->declared)
    {
      double loss = penalty_loss (v->w, s, &s->board, s->actor);
      double pc = challenge_chance (v, s, a, move_gain (v->w, s, a, team));

      sum = (1 - pc) * sum - pc * (loss < 0 ? TURN_VALUE : loss) - BLUFF_MARGIN;
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
