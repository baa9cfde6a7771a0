/* pj-ai-mcts.c — the hard player: determinized Monte Carlo search over the
 * information set.
 *
 * Each sample deals the unseen cards at random (pj_state_determinize on the
 * redacted view) and plays every surviving candidate from that same deal with
 * the same playout dice, so candidates are compared in pairs on equal luck
 * (common random numbers). Candidates are the normal player's best few; the
 * budget is spent by sequential halving, which suits a fixed number of
 * playouts better than UCB (no exploration constant to tune). Playouts follow
 * the heuristic epsilon-greedily for about two rounds and are scored by the
 * team-progress evaluation plus the cards left in every hand: the reward is
 * the chance that the own team beats every opposing team.
 *
 * Two threads share each round's samples by parity; each sample's rewards are
 * stored in its own slot and summed in sample order afterwards, so the choice
 * does not depend on the number of threads or on scheduling.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-private.h"

#include <math.h>
#include <string.h>

#define MAX_CANDIDATES   8
/* Deals a candidate gets in the first round of the halving at the least */
#define SAMPLES_PER_CANDIDATE 8
/* The search's best replaces the heuristic's choice only when its paired
 * advantage is this many standard errors above zero */
#define CHAMPION_Z       1.0
#define PLAYOUT_SAMPLE   40     /* actions scored per playout decision */
#define EPSILON          0.1
/* NC tens: the share of playout plies that list the ten's splits (below) */
#define TEN_SHARE        0.25
/* Holes of team progress for a clearly better position. A race is ~750 holes
 * a team; at 20 the reward saturated for leads of a few turns, flattening the
 * differences between candidates and making the search risk-averse when ahead. */
#define REWARD_SCALE     60.0
/* Playouts run this many rounds (plus two plies, so that an opponent is to
 * move at the horizon as after the root move): one round missed what a hit
 * costs the victim, the turns it waits for a come-out card. */
#define PLAYOUT_ROUNDS   2
/* Cards still in hand count at the horizon (RULES.md §11: jokers kept for a
 * double play, come-out cards while pegs wait in start); without them a
 * playout favoured spending good cards before the horizon. */
#define HAND_WEIGHT      1.0

typedef struct {
  const PjState *view;
  const PjAiView *rootv;
  const PjAction *cand;
  const guint *alive;
  guint n_alive;
  guint first_sample;
  guint n_samples;
  guint thread;
  guint n_threads;
  guint64 seed;
  guint team;
  guint depth;
  gint64 deadline;               /* 0: none */
  gint *stop;
  const PjAiCancel *cancel;      /* NULL: none */
  double *rewards;               /* [sample][alive index] */
  gboolean *done;                /* [sample] */
} Round;

static guint
policy (const PjAiView     *v,
        const PjState      *st,
        const PjActionList *list,
        PjRng              *rng)
{
  guint best = 0;
  double best_score = -1e18;
  guint n = list->n;
  PjAiThreat t;

  if (n == 1)
    return 0;
  /* BJ: no random challenges, each wrong one may give an extra turn */
  if (st->phase == PJ_PHASE_CHALLENGE)
    return list->v[0].kind == PJ_ACTION_CHALLENGE && pj_ai_challenge_edge_quick (v, st) > 0 ? 0 : n - 1;
  if (pj_rng_double (rng) < EPSILON)
    return pj_rng_below (rng, n);
  pj_ai_threat_init (&t, v, st, &st->board, pj_team_of (&st->rules, st->actor));
  if (n <= PLAYOUT_SAMPLE)
    {
      for (guint i = 0; i < n; i++)
        {
          double sc = pj_ai_quick_score_threat (v, st, &t, &list->v[i]);
          if (sc > best_score)
            best_score = sc, best = i;
        }
      return best;
    }
  /* NC tens at big tables: judge a random sample of the candidates */
  for (guint k = 0; k < PLAYOUT_SAMPLE; k++)
    {
      guint i = pj_rng_below (rng, n);
      double sc = pj_ai_quick_score_threat (v, st, &t, &list->v[i]);
      if (sc > best_score)
        best_score = sc, best = i;
    }
  return best;
}

/* A playout's choices. NC tens (split over any pegs) list hundreds to
 * thousands of actions, most of a playout's time, while the policy judges 40
 * of them: most plies leave the tens out of the hand and choose among the
 * other cards' moves. A ten still comes into play on a share of the plies, and
 * whenever no other card moves (so that a discard is never chosen where a ten
 * must move). */
static void
playout_actions (PjState      *st,
                 PjRng        *rng,
                 PjActionList *list)
{
  guint actor = st->actor, n = st->hand_count[actor], kept = 0;
  guint8 hand[PJ_MAX_HAND];

  if (st->rules.ten != PJ_TEN_SPLIT_ANY || st->phase != PJ_PHASE_PLAY)
    {
      pj_legal_actions (st, list);
      return;
    }
  memcpy (hand, st->hand[actor], n);
  for (guint k = 0; k < n; k++)
    if (PJ_CARD_RANK (hand[k]) != 10)
      st->hand[actor][kept++] = hand[k];
  if (kept == n || kept == 0 || pj_rng_double (rng) < TEN_SHARE)
    {
      memcpy (st->hand[actor], hand, n);
      pj_legal_actions (st, list);
      return;
    }
  st->hand_count[actor] = kept;
  pj_legal_actions (st, list);
  memcpy (st->hand[actor], hand, n);
  st->hand_count[actor] = n;
  for (guint i = 0; i < list->n; i++)
    if (list->v[i].kind == PJ_ACTION_MOVE)
      return;
  pj_legal_actions (st, list);
}

/* The chance of winning at the horizon: of beating each opposing team,
 * on the lead over it, all at once. Against one team it is the lead's
 * sigmoid; with three or four, a lead over the teams' average hid the one
 * team about to win (basic 8p, 4 teams: 67 → 75 of 100 paired games
 * against normal at the app's playouts). The hands are known here
 * (determinized): no peeking at the real ones. */
static double
horizon_reward (const PjAiView *v,
                const PjState  *st,
                guint           team)
{
  double board[PJ_MAX_PLAYERS], hands[PJ_MAX_PLAYERS], p = 1.0;

  pj_ai_eval_teams (v, st, &st->board, team, board);
  pj_ai_hands_teams (v, st, hands);
  for (guint k = 0; k < st->rules.teams; k++)
    if (k != team)
      {
        double lead = board[team] - board[k] + HAND_WEIGHT * (hands[team] - hands[k]);

        p *= 1.0 / (1.0 + exp (-lead / REWARD_SCALE));
      }
  return p;
}

static double
playout (const Round  *r,
         PjState      *st,
         PjRng        *rng,
         PjActionList *list)
{
  /* BJ: challenges and penalties are no turns, the depth counts plays */
  for (guint ply = 0; ply < r->depth && !pj_state_is_over (st);)
    {
      ply += st->phase == PJ_PHASE_PLAY;
      playout_actions (st, rng, list);
      if (list->n == 0)
        break;
      pj_state_apply (st, &list->v[policy (r->rootv, st, list, rng)]);
    }
  if (pj_state_is_over (st))
    return st->winner == r->team ? 1.0 : 0.0;
  return horizon_reward (r->rootv, st, r->team);
}

static void
run_round (gpointer data)
{
  const Round *r = data;
  PjActionList list;

  pj_action_list_init (&list);
  for (guint k = r->thread; k < r->n_samples; k += r->n_threads)
    {
      guint64 sample_seed = pj_seed_mix (r->seed ^ pj_seed_mix (r->first_sample + k));
      PjRng deal;
      PjState det;

      if (g_atomic_int_get (r->stop) || pj_ai_cancel_is_raised (r->cancel))
        break;
      if (r->deadline && g_get_monotonic_time () > r->deadline)
        {
          g_atomic_int_set (r->stop, 1);
          break;
        }
      det = *r->view;
      pj_rng_seed (&deal, sample_seed);
      pj_state_determinize (&det, &deal);
      pj_ai_determinize_pending (r->rootv, r->view, &det, r->first_sample + k, &deal);
      for (guint j = 0; j < r->n_alive; j++)
        {
          PjState st = det;
          PjRng dice;

          pj_rng_seed (&dice, pj_seed_mix (sample_seed + 1));   /* the same for every candidate */
          pj_state_apply (&st, &r->cand[r->alive[j]]);
          r->rewards[k * r->n_alive + j] = playout (r, &st, &dice, &list);
        }
      r->done[k] = TRUE;
    }
  pj_action_list_clear (&list);
}

/* The budget's playouts and threads, and when to stop: a NULL budget (a
 * seat in the app, a hint) has the level's default playouts and the time
 * cap unless `capped` is FALSE (the game review: exact, however slow). */
static void
budget_limits (const PjState    *view,
               const PjAiBudget *budget,
               gboolean          capped,
               guint            *iterations,
               guint            *n_threads,
               gint64           *deadline)
{
  *iterations = budget && budget->iterations ? budget->iterations : pj_ai_default_iterations (&view->rules);
  *n_threads = budget && budget->threads ? MIN (budget->threads, 2u) : MIN (g_get_num_processors (), 2u);
  *deadline = 0;
  if (budget && budget->time_ms)
    *deadline = g_get_monotonic_time () + (gint64) budget->time_ms * 1000;
  else if (budget == NULL && capped)
    *deadline = g_get_monotonic_time () + PJ_AI_DEFAULT_TIME_CAP_MS * 1000;
}

/* Plays `round`'s samples on `n_threads` threads (the samples split by
 * parity; each writes only its own slots, so who runs which half does not
 * change the result). The second half is offered to the search pool and
 * taken back when no pool thread is free (pj-ai-pool.c). */
static void
run_samples (const Round *round,
             guint        n_threads)
{
  Round rs[2];
  PjAiShare *share = NULL;

  for (guint t = 0; t < n_threads; t++)
    {
      rs[t] = *round;
      rs[t].thread = t;
      rs[t].n_threads = n_threads;
      if (t > 0)
        share = pj_ai_share_offer (run_round, &rs[t]);
    }
  run_round (&rs[0]);
  if (share != NULL)
    pj_ai_share_finish (share);
}

/* The normal player's best `max` actions, best first (`scores` is spent). */
static guint
top_candidates (const PjActionList *list,
                double             *scores,
                PjAction           *cand,
                guint               max)
{
  guint n_cand = 0;

  while (n_cand < max && n_cand < list->n)
    {
      guint m = 0;
      for (guint i = 1; i < list->n; i++)
        if (scores[i] > scores[m])
          m = i;
      if (scores[m] < -1e17)
        break;
      cand[n_cand++] = list->v[m];
      scores[m] = -1e18;
    }
  return n_cand;
}

/* Whether paired differences (`n` of them, summing to `sum`, their squares
 * to `sum_sq`) gain: their mean above zero by more than `z` standard errors. */
static gboolean
paired_gain_clear (double sum,
                   double sum_sq,
                   guint  n,
                   double z)
{
  double mean, se;

  if (n < 2)
    return FALSE;
  mean = sum / n;
  se = sqrt (MAX (sum_sq / n - mean * mean, 0.0) / (n - 1));
  return mean > 0 && mean > z * se;
}

/* Rounds of sequential halving from `n` candidates down to one */
static guint
halving_rounds (guint n)
{
  guint rounds = 0;

  for (; n > 1; n = (n + 1) / 2)
    rounds++;
  return rounds;
}

guint
pj_ai_default_iterations (const PjRules *rules)
{
  guint n = PJ_AI_HARD_ITERATIONS * 16u / (rules->players * rules->players);

  if (rules->ten == PJ_TEN_SPLIT_ANY)
    n /= 6;   /* hundreds to thousands of ten splits per ply */
  /* every card declared as any card: ~3.4 times the actions of a basic
   * ply, and three challenge decisions after each play (bench-ai: 530 ms
   * a decision at the full budget on a busy machine) */
  if (rules->bluffing)
    n /= 4;
  /* any team peg may move: twice the actions (bench-ai: 170 ms) */
  if (rules->move_team_pegs)
    n /= 2;
  return MAX (n, 64u);
}

/* BJ: challenge or pass, on the same samples (each deals the face-down card
 * afresh, pj_ai_determinize_pending). A wrong challenge costs a peg or hands
 * out an extra turn, so it must beat passing by more than the samples'
 * noise: the paired differences' mean by CHALLENGE_Z standard errors.
 * When neither clearly beats the other, the normal player's answer stands:
 * it weighs what the samples do not (what seeing the card tells of the
 * seat's habit, the runs of extra turns), and its bluff odds are
 * calibrated. */
#define CHALLENGE_Z 1.0

static void
search_challenge (const PjState      *view,
                  const PjAiView     *v,
                  const PjActionList *list,
                  const PjAiBudget   *budget,
                  guint64             seed,
                  const PjAiCancel   *cancel,
                  gboolean            normal_challenges,
                  PjAction           *out)
{
  PjAction cand[2];
  const guint alive[2] = { 0, 1 };
  guint iterations, n_threads, n_samples, n = 0;
  gint stop = 0;
  gint64 deadline = 0;
  double sum = 0, sum_sq = 0;
  double *rewards;
  gboolean *done;

  for (guint i = 0; i < list->n; i++)
    cand[list->v[i].kind == PJ_ACTION_CHALLENGE ? 1 : 0] = list->v[i];
  if (pj_ai_challenge_feeds_run (v, view))
    {
      *out = cand[0];
      return;
    }
  /* a sure bluff (every copy of the rank seen): normal's one-ply weighing
   * is exact, where the samples, two games that part at once, differ by
   * more than catching it is worth (a peg just out of start) and can say
   * passing is better on noise alone */
  if (pj_ai_bluff_is_sure (v, view))
    {
      *out = cand[normal_challenges ? 1 : 0];
      return;
    }
  budget_limits (view, budget, TRUE, &iterations, &n_threads, &deadline);
  n_samples = MAX (iterations / 2, 2u);
  rewards = g_new0 (double, (gsize) n_samples * 2);
  done = g_new0 (gboolean, n_samples);
  run_samples (&(Round) {
      .view = view, .rootv = v, .cand = cand, .alive = alive, .n_alive = 2,
      .first_sample = 0, .n_samples = n_samples,
      .seed = seed, .team = pj_team_of (&view->rules, view->actor),
      .depth = view->rules.players * PLAYOUT_ROUNDS + 2u, .deadline = deadline, .stop = &stop,
      .cancel = cancel, .rewards = rewards, .done = done,
    }, n_threads);
  for (guint k = 0; k < n_samples; k++)
    if (done[k])
      {
        double d = rewards[k * 2 + 1] - rewards[k * 2];
        sum += d;
        sum_sq += d * d;
        n++;
      }
  g_free (rewards);
  g_free (done);
  if (paired_gain_clear (sum, sum_sq, n, CHALLENGE_Z))
    *out = cand[1];
  else if (paired_gain_clear (-sum, sum_sq, n, CHALLENGE_Z))
    *out = cand[0];
  else
    *out = cand[normal_challenges ? 1 : 0];
}

gboolean
pj_ai_choose_hard (const PjState    *view,
                   const PjAiBudget *budget,
                   guint64           seed,
                   PjAction         *out,
                   const PjAiCancel *cancel)
{
  PjActionList list;
  PjAiView v;
  PjAction cand[MAX_CANDIDATES];
  guint alive[MAX_CANDIDATES];
  double *scores;
  guint n_cand = 0, n_alive, rounds = 0, iterations, n_threads, first_sample = 0;
  gint stop = 0;
  gint64 deadline = 0;

  pj_action_list_init (&list);
  pj_legal_actions (view, &list);
  if (list.n == 0)
    {
      pj_action_list_clear (&list);
      return FALSE;
    }
  pj_ai_view_init (&v, view, view->actor);
  scores = g_new (double, list.n);
  {
    guint best = pj_ai_best_normal (&v, view, &list, scores);

    if (list.n == 1)
      {
        *out = list.v[best];
        g_free (scores);
        pj_action_list_clear (&list);
        return TRUE;
      }
    if (view->phase == PJ_PHASE_CHALLENGE)
      {
        search_challenge (view, &v, &list, budget, seed, cancel,
                          list.v[best].kind == PJ_ACTION_CHALLENGE, out);
        g_free (scores);
        pj_action_list_clear (&list);
        return TRUE;
      }
  }
  budget_limits (view, budget, TRUE, &iterations, &n_threads, &deadline);
  /* the normal player's best few, best first; as many as the budget can
   * tell apart (a first round of fewer than SAMPLES_PER_CANDIDATE deals a
   * candidate picks among them at random, worse than the heuristic) */
  {
    guint max_cand = MAX_CANDIDATES;

    while (max_cand > 2 && iterations / (halving_rounds (max_cand) * max_cand) < SAMPLES_PER_CANDIDATE)
      max_cand--;
    n_cand = top_candidates (&list, scores, cand, max_cand);
  }
  g_free (scores);
  pj_action_list_clear (&list);

  for (guint i = 0; i < n_cand; i++)
    alive[i] = i;
  n_alive = n_cand;
  rounds = halving_rounds (n_cand);

  {
    double sums[MAX_CANDIDATES] = { 0 };
    guint counts[MAX_CANDIDATES] = { 0 };
    /* paired with the heuristic's choice (candidate 0) on the same deals:
     * it is alive in every round, so each of counts[] is also a count of
     * pairs */
    double dsum[MAX_CANDIDATES] = { 0 }, dsq[MAX_CANDIDATES] = { 0 };

    for (guint round = 0; round < rounds && n_alive > 1 && !stop && !pj_ai_cancel_is_raised (cancel); round++)
      {
        guint n_samples = MAX (iterations / (rounds * n_alive), 2u);
        double *rewards = g_new0 (double, (gsize) n_samples * n_alive);
        gboolean *done = g_new0 (gboolean, n_samples);
        guint order[MAX_CANDIDATES], kept;

        run_samples (&(Round) {
            .view = view, .rootv = &v, .cand = cand, .alive = alive, .n_alive = n_alive,
            .first_sample = first_sample, .n_samples = n_samples,
            .seed = seed, .team = pj_team_of (&view->rules, view->actor),
            .depth = view->rules.players * PLAYOUT_ROUNDS + 2u, .deadline = deadline, .stop = &stop,
            .cancel = cancel, .rewards = rewards, .done = done,
          }, n_threads);
        first_sample += n_samples;

        /* in sample order, so the sums do not depend on the threads; the
         * heuristic's choice is alive in every round (alive[0]) */
        for (guint k = 0; k < n_samples; k++)
          if (done[k])
            for (guint j = 0; j < n_alive; j++)
              {
                double r = rewards[k * n_alive + j], d = r - rewards[k * n_alive];

                sums[alive[j]] += r;
                counts[alive[j]]++;
                dsum[alive[j]] += d;
                dsq[alive[j]] += d * d;
              }
        g_free (rewards);
        g_free (done);

        /* keep the better half (stable: the heuristic's order breaks ties) */
        for (guint j = 0; j < n_alive; j++)
          order[j] = alive[j];
        for (guint j = 1; j < n_alive; j++)
          for (guint k = j; k > 0; k--)
            {
              guint a = order[k - 1], b = order[k];
              double ma = counts[a] ? sums[a] / counts[a] : 0, mb = counts[b] ? sums[b] / counts[b] : 0;
              if (mb > ma)
                order[k - 1] = b, order[k] = a;
              else
                break;
            }
        kept = stop ? 1 : (n_alive + 1) / 2;
        /* the heuristic's choice stays, as the yardstick of the others */
        alive[0] = 0;
        n_alive = 1;
        for (guint j = 0; j < kept; j++)
          if (order[j] != 0)
            alive[n_alive++] = order[j];
      }

    /* the best by mean; it replaces the heuristic's choice only when it
     * beats it on the same deals by more than the noise */
    {
      guint best = 0;

      for (guint j = 1; j < n_alive; j++)
        if (counts[alive[j]] && sums[alive[j]] / counts[alive[j]] > sums[best] / MAX (counts[best], 1u))
          best = alive[j];
      if (best != 0 && !paired_gain_clear (dsum[best], dsq[best], counts[best], CHAMPION_Z))
        best = 0;
      *out = cand[best];
    }
  }
  return TRUE;
}

/* Rating for the game review: every candidate on every sampled deal (no
 * halving), so each gets a value, not just the winner. */
guint
pj_ai_rate_actions (const PjState    *state,
                    const PjAiBudget *budget,
                    guint64           seed,
                    const PjAction   *played,
                    PjAiRating       *out,
                    guint             max_out,
                    const PjAiCancel *cancel)
{
  PjState view = *state;
  PjActionList list;
  PjAiView v;
  PjAction cand[MAX_CANDIDATES + 1];
  guint alive[MAX_CANDIDATES + 1];
  double *scores, sums[MAX_CANDIDATES + 1] = { 0 };
  guint counts[MAX_CANDIDATES + 1] = { 0 };
  guint n_cand, iterations, n_threads, n_samples, n_out = 0;
  gboolean played_legal = FALSE, played_in = FALSE;
  gint stop = 0;
  gint64 deadline;

  pj_state_redact (&view, state->actor);
  pj_action_list_init (&list);
  pj_legal_actions (&view, &list);
  for (guint i = 0; i < list.n; i++)
    if (pj_action_equal (&list.v[i], played))
      played_legal = TRUE;
  if (list.n == 0 || !played_legal || max_out == 0)
    {
      pj_action_list_clear (&list);
      return 0;
    }
  pj_ai_view_init (&v, &view, view.actor);
  scores = g_new (double, list.n);
  pj_ai_best_normal (&v, &view, &list, scores);
  n_cand = top_candidates (&list, scores, cand, MAX_CANDIDATES);
  for (guint i = 0; i < n_cand; i++)
    played_in |= pj_action_equal (&cand[i], played);
  if (!played_in)
    cand[n_cand++] = *played;
  g_free (scores);
  pj_action_list_clear (&list);

  for (guint i = 0; i < n_cand; i++)
    alive[i] = i;
  budget_limits (&view, budget, FALSE, &iterations, &n_threads, &deadline);
  n_samples = MAX (iterations / n_cand, 2u);
  {
    double *rewards = g_new0 (double, (gsize) n_samples * n_cand);
    gboolean *done = g_new0 (gboolean, n_samples);

    run_samples (&(Round) {
        .view = &view, .rootv = &v, .cand = cand, .alive = alive, .n_alive = n_cand,
        .first_sample = 0, .n_samples = n_samples,
        .seed = seed, .team = pj_team_of (&view.rules, view.actor),
        .depth = view.rules.players * PLAYOUT_ROUNDS + 2u, .deadline = deadline, .stop = &stop,
        .cancel = cancel, .rewards = rewards, .done = done,
      }, n_threads);
    for (guint k = 0; k < n_samples; k++)
      if (done[k])
        for (guint j = 0; j < n_cand; j++)
          {
            sums[j] += rewards[k * n_cand + j];
            counts[j]++;
          }
    g_free (rewards);
    g_free (done);
  }
  if (pj_ai_cancel_is_raised (cancel))
    return 0;

  /* best first; the played action is kept even when it would not fit */
  {
    guint order[MAX_CANDIDATES + 1];
    double mean[MAX_CANDIDATES + 1];
    gboolean played_written = FALSE;

    for (guint j = 0; j < n_cand; j++)
      {
        order[j] = j;
        mean[j] = counts[j] ? sums[j] / counts[j] : 0;
      }
    for (guint j = 1; j < n_cand; j++)
      for (guint k = j; k > 0 && mean[order[k]] > mean[order[k - 1]]; k--)
        {
          guint t = order[k];
          order[k] = order[k - 1], order[k - 1] = t;
        }
    for (guint j = 0; j < n_cand && n_out < max_out; j++)
      {
        gboolean is_played = pj_action_equal (&cand[order[j]], played);

        if (n_out == max_out - 1 && !is_played && !played_written)
          continue;
        played_written |= is_played;
        out[n_out++] = (PjAiRating) { cand[order[j]], mean[order[j]] };
      }
  }
  return n_out;
}
