/* pj-review-text.c — the Game Review in people's words: the better move
 * as a review says it, what a weak move cost, the marks and their key
 * (see pj-review.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-review-private.h"
#include "pj-text.h"

/* Why the better move was better, as a review says it: one whole sentence
 * per reason and kind of action, so that a translation can put the card,
 * the steps and the verb where its language wants them (no pieces glued
 * together). `card`: the card's name ("Three"), `steps`: the move in the
 * move list's words ("Red peg 4 to home 1"). */
static char *
better_move (const PjHint *hint,
             const char   *card,
             const char   *steps)
{
  switch (hint->reason)
    {
    case PJ_HINT_SEND_BACK:
      /* Translators: the game review's line for a weak move, what the
       * better move would have done: 1 a card ("Five"), 2 its steps in
       * the move list's words ("peg 2 +5, hit Blue peg 1"), 3 a colour */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have sent a %3$s peg back to start"),
                              card, steps, pj_text_colour_name (hint->colour));
    case PJ_HINT_KEEP_JOKER:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have kept your joker for a double play"),
                              card, steps);
    case PJ_HINT_TEAM_PEG_HOME_RUN:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have sent a team peg to its in-spot "
                                "and on into home"), card, steps);
    case PJ_HINT_TEAM_PEG_IN_SPOT:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have sent a team peg ahead to its in-spot"),
                              card, steps);
    case PJ_HINT_INTO_HOME:
      /* Translators: the game review, a better move: 1 a card, 2 its steps,
       * e.g. "Playing your Five (peg 2 to home 5) would have brought a peg home" */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have brought a peg home"), card, steps);
    case PJ_HINT_COME_OUT:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have brought a new peg into play"),
                              card, steps);
    case PJ_HINT_PARTNER_COME_OUT:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have waited on a partner’s come-out hole "
                                "for a home run"), card, steps);
    case PJ_HINT_BACKWARD:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have moved a peg back to just short of home"),
                              card, steps);
    case PJ_HINT_SWAP:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have swapped pegs to gain ground "
                                "for your team"), card, steps);
    case PJ_HINT_SAFE_PROGRESS:
    default:
      /* Translators: the game review, a better move: 1 a card, 2 its steps */
      return g_strdup_printf (_("Playing your %1$s (%2$s) would have made the most safe progress "
                                "for your team"), card, steps);
    }
}

/* "Playing your Five (peg 2 to home 5) would have brought a peg home": the
 * action the hard player preferred, worded from what the player could see. */
char *
_pj_review_describe_better (const PjState  *before,
                            const PjAction *best)
{
  PjState view = *before, after = *before;
  guint actor = before->actor;
  g_autofree char *steps = NULL;
  const char *card;
  PjHint hint;

  pj_state_redact (&view, actor);
  hint = pj_ai_describe_action (&view, best);
  card = pj_text_card_name (best->card);
  steps = pj_text_action_steps (&view, actor, best);
  pj_state_apply (&after, best);

  switch (best->kind)
    {
    case PJ_ACTION_MOVE:
      if (best->declared != 0 && PJ_CARD_RANK (best->declared) != PJ_CARD_RANK (best->card))
        /* Translators: the game review, a better move was a Bluffing Joker
         * bluff: 1 the real card ("Four"), 2 the card declared ("an Ace"),
         * 3 its steps ("peg 3 out") */
        return g_strdup_printf (_("Playing your %1$s face down as %2$s (%3$s) would have been a bluff "
                                  "worth making"), card, pj_text_card_with_article (best->declared), steps);
      if (pj_state_is_over (&after) && after.winner == pj_team_of (&before->rules, actor))
        /* Translators: the game review, a better move: 1 a card, 2 its steps */
        return g_strdup_printf (_("Playing your %1$s (%2$s) would have won the game"), card, steps);
      return better_move (&hint, card, steps);

    case PJ_ACTION_DISCARD:
      /* Translators: the game review, no card could move a peg: %s a card */
      return g_strdup_printf (_("Discarding your %s, the least useful card, would have been better"), card);

    case PJ_ACTION_FREE_COME_OUT:
      /* Translators: the game review, North Carolina's counting privilege:
       * 1 a card, 2 the steps ("peg 1 out") */
      return g_strdup_printf (_("Discarding your %1$s to bring a peg out for free (%2$s) would have "
                                "been better"), card, steps);

    case PJ_ACTION_CHALLENGE:
      return g_strdup (_("Challenging would have been better: few of the declared cards were left "
                         "unseen, so it was probably a bluff"));

    case PJ_ACTION_PASS:
      return g_strdup (_("Letting the card stand would have been better: it was likely real, and a "
                         "wrong challenge costs a peg"));

    case PJ_ACTION_PENALTY:
      if (best->n_steps > 0)
        {
          g_autofree char *peg = pj_text_peg_label (actor, best->steps[0].peg);

          if (hint.reason == PJ_HINT_PENALTY)
            /* Translators: the game review, after a challenge: 1 a peg
             * ("Blue peg 2"), 2 its colour ("Blue") */
            return g_strdup_printf (_("Sending %1$s back to start would have been better: it was the most "
                                      "advanced %2$s peg"), peg, pj_text_colour_name (hint.colour));
          /* Translators: the game review, after a challenge: %s a peg ("Blue peg 2") */
          return g_strdup_printf (_("Sending %s back to start would have been better"), peg);
        }
      break;

    default:
      break;
    }
  /* words for every kind there is: a weak move always says why */
  return g_strdup (_("A better move was on the table"));
}

const char *
pj_review_label_marker (PjReviewLabel label)
{
  /* chess annotation, as GNU Backgammon and GNOME Chess mark moves */
  switch (label)
    {
    case PJ_REVIEW_INACCURACY:
      return "?!";
    case PJ_REVIEW_MISTAKE:
      return "?";
    case PJ_REVIEW_BLUNDER:
      return "??";
    case PJ_REVIEW_GOOD:
      return NULL;
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
pj_review_legend (void)
{
  /* Translators: the key to the game review's marks in the move list; 1,
   * 2 and 3 are the marks "?!", "?" and "??" */
  return g_strdup_printf (_("%1$s inaccuracy · %2$s mistake · %3$s blunder"),
                          pj_review_label_marker (PJ_REVIEW_INACCURACY),
                          pj_review_label_marker (PJ_REVIEW_MISTAKE),
                          pj_review_label_marker (PJ_REVIEW_BLUNDER));
}

char *
pj_review_loss_text (const PjReviewEntry *entry)
{
  int points;

  g_return_val_if_fail (entry != NULL, NULL);

  /* whole points: the estimate is not finer than that */
  points = (int) (entry->loss * 100 + 0.5);
  /* Translators: what a reviewed move cost, in points of the estimated
   * chance to win, e.g. "−18 % win chance" (− is a minus sign) */
  return g_strdup_printf (_("−%d %% win chance"), points);
}

char *
pj_review_entry_text (const PjReviewEntry *entry)
{
  g_autofree char *loss = NULL;

  g_return_val_if_fail (entry != NULL, NULL);

  if (entry->label == PJ_REVIEW_GOOD)
    return NULL;
  loss = pj_review_loss_text (entry);
  if (entry->reason == NULL)
    return g_steal_pointer (&loss);
  /* Translators: a reviewed move's line: 1 its loss ("−18 % win
   * chance"), 2 the better move ("Playing your Five (…) would have
   * brought a peg home") */
  return g_strdup_printf (C_("review", "%1$s: %2$s"), loss, entry->reason);
}
