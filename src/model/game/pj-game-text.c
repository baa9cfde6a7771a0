/* pj-game-text.c — moves described for people (the history, the screen reader)
 *
 * The words themselves (colours, cards) come from pj-text.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "pj-ai.h"
#include "pj-game-private.h"
#include "pj-move-item.h"
#include "pj-text.h"

static char *
card_label (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_JOKER:
      return g_strdup (_("Joker"));
    case PJ_CARD_UNKNOWN:
    case PJ_CARD_NONE:
      return g_strdup (_("a hidden card"));
    default:
      return g_strdup (pj_text_card_index (card));
    }
}

/* Bluffing Joker: what a challenge turned up and what it costs, read from
 * the position it leads to (the engine decides, the words follow it: RULES
 * BJ). NULL when the card challenged is not known here. */
static char *
describe_challenge (PjGame         *self,
                    const PjState  *before,
                    const PjAction *a)
{
  guint mover = before->turn, challenger = before->actor;
  guint real = pj_action_revealed_card (before, a);
  guint declared = before->pending.declared;
  const char *m = pj_game_get_seat_name (self, mover);
  const char *c = pj_game_get_seat_name (self, challenger);
  PjState after = *before;

  if (PJ_CARD_RANK (real) == PJ_CARD_UNKNOWN || real == PJ_CARD_NONE || declared == 0)
    return NULL;
  pj_state_apply (&after, a);

  if (PJ_CARD_RANK (real) != PJ_CARD_RANK (declared))
    {
      if (after.phase == PJ_PHASE_PENALTY)
        /* Translators: Bluffing Joker, a bluff caught: 1 the challenger,
         * 2 the bluffer, 3 the real card, 4 the card declared, e.g. "Red
         * challenged: Blue's card was a Four, not an Ace — the move is not
         * made and Red sends one of Blue's pegs back to start" */
        return g_strdup_printf (_("%1$s challenged: %2$s’s card was %3$s, not %4$s — the move is not made "
                                  "and %1$s sends one of %2$s’s pegs back to start"),
                                c, m, pj_text_card_with_article (real), pj_text_card_with_article (declared));
      /* Translators: Bluffing Joker, a bluff caught when the bluffer has no
       * peg on the track: 1 the challenger, 2 the bluffer, 3 the real card,
       * 4 the card declared */
      return g_strdup_printf (_("%1$s challenged: %2$s’s card was %3$s, not %4$s — the move is not made; "
                                "%2$s has no peg in play, so %1$s gets an extra turn"),
                              c, m, pj_text_card_with_article (real), pj_text_card_with_article (declared));
    }

  if (after.phase == PJ_PHASE_PENALTY)
    /* Translators: Bluffing Joker, a wrong challenge: 1 the challenger, 2
     * the player challenged, 3 the card, e.g. "Red challenged: Blue’s card
     * really was an Ace — the move stands and Blue sends one of Red’s pegs
     * back to start" */
    return g_strdup_printf (_("%1$s challenged: %2$s’s card really was %3$s — the move stands "
                              "and %2$s sends one of %1$s’s pegs back to start"),
                            c, m, pj_text_card_with_article (real));
  if (after.phase == PJ_PHASE_OVER)
    /* Translators: Bluffing Joker, a wrong challenge and the move wins */
    return g_strdup_printf (_("%1$s challenged: %2$s’s card really was %3$s — the move stands"),
                            c, m, pj_text_card_with_article (real));
  /* Translators: Bluffing Joker, a wrong challenge when the challenger has
   * no peg on the track: 1 the challenger, 2 the player challenged, 3 the card */
  return g_strdup_printf (_("%1$s challenged: %2$s’s card really was %3$s — the move stands; "
                            "%1$s has no peg in play, so %2$s gets an extra turn"),
                          c, m, pj_text_card_with_article (real));
}

char *
pj_game_describe_action (PjGame         *self,
                         const PjState  *before,
                         const PjAction *a)
{
  g_autofree char *card = NULL;
  g_autofree char *steps = NULL;
  const char *who;
  guint actor;

  g_return_val_if_fail (PJ_IS_GAME (self), NULL);
  g_return_val_if_fail (before != NULL && a != NULL, NULL);

  actor = before->actor;
  who = pj_game_get_seat_name (self, actor);
  card = card_label (a->declared ? a->declared : a->card);
  steps = pj_text_action_steps (before, actor, a);

  switch (a->kind)
    {
    case PJ_ACTION_MOVE:
      if (before->rules.bluffing)
        /* Translators: Bluffing Joker, the move waiting for challenges,
         * e.g. "Red played a card face down as an Ace: peg 2 +1" */
        return g_strdup_printf (_("%s played a card face down as %s: %s"), who,
                                pj_text_card_with_article (a->declared ? a->declared : a->card), steps);
      /* Translators: e.g. "Red played 7: peg 2 to home 3, peg 4 +4" */
      return g_strdup_printf (_("%s played %s: %s"), who, card, steps);

    case PJ_ACTION_DISCARD:
      /* Translators: e.g. "Red discarded 5" */
      return g_strdup_printf (_("%s discarded %s"), who, card);

    case PJ_ACTION_FREE_COME_OUT:
      /* Translators: e.g. "Red discarded 5 and came out: peg 1 out" */
      return g_strdup_printf (_("%s discarded %s and came out: %s"), who, card, steps);

    case PJ_ACTION_CHALLENGE:
      {
        char *outcome = describe_challenge (self, before, a);

        if (outcome != NULL)
          return outcome;
        /* Translators: Bluffing Joker, e.g. "Blue challenged" */
        return g_strdup_printf (_("%s challenged"), who);
      }

    case PJ_ACTION_PASS:
      /* Translators: Bluffing Joker: no challenge */
      return g_strdup_printf (_("%s let the move stand"), who);

    case PJ_ACTION_PENALTY:
      if (a->n_steps > 0)
        {
          g_autofree char *peg = pj_text_peg_label (actor, a->steps[0].peg);

          /* Translators: Bluffing Joker penalty after a challenge, e.g.
           * "Red sends Blue peg 2 back to start" */
          return g_strdup_printf (_("%s sends %s back to start"), who, peg);
        }
      return g_strdup (who);

    default:
      return g_strdup (who);
    }
}


/* The answers after the Bluffing Joker play `play` that let it stand, and
 * whether they settled it (no challenge follows, none can come any more). */
static char *
fold_let_stand (PjGame     *self,
                GListModel *history,
                guint       play,
                const char *description)
{
  guint n = g_list_model_get_n_items (history), j;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  gboolean challenged = FALSE, settled;

  for (j = play + 1; j < n; j++)
    {
      g_autoptr (PjMoveItem) answer = g_list_model_get_item (history, j);

      if (pj_move_item_get_action (answer)->kind != PJ_ACTION_PASS)
        {
          challenged = pj_move_item_get_action (answer)->kind == PJ_ACTION_CHALLENGE;
          break;
        }
      g_ptr_array_add (names, (gpointer) pj_game_get_seat_name (self, pj_move_item_get_seat (answer)));
    }
  /* the last item: settled unless the table still waits for answers */
  settled = j < n || pj_game_get_state (self)->phase != PJ_PHASE_CHALLENGE;

  if (settled && !challenged)
    /* Translators: Bluffing Joker, a card played face down that every
     * other player let stand: %s is the play, e.g. "Red played a card
     * face down as an Ace: peg 2 +1 — nobody challenged" */
    return g_strdup_printf (_("%s — nobody challenged"), description);
  if (names->len == 0)
    return g_strdup (description);

  {
    g_autofree char *who = NULL;

    g_ptr_array_add (names, NULL);
    who = pj_text_list ((const char *const *) names->pdata);
    /* Translators: Bluffing Joker, a card played face down and who let
     * it stand so far (or before someone challenged): 1 the play, 2 one or
     * more names, e.g. "Red played a card face down as an Ace: peg 2 +1
     * — Blue and Green let it stand" */
    return g_strdup_printf (ngettext ("%1$s — %2$s let it stand", "%1$s — %2$s let it stand",
                                      names->len - 1), description, who);
  }
}

char *
pj_game_describe_history_item (PjGame *self,
                               guint   item)
{
  GListModel *history;
  g_autoptr (PjMoveItem) move = NULL;

  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  history = pj_game_get_history (self);
  g_return_val_if_fail (item < g_list_model_get_n_items (history), NULL);

  move = g_list_model_get_item (history, item);
  if (pj_move_item_get_action (move)->kind != PJ_ACTION_MOVE || !pj_game_get_rules (self)->bluffing)
    return g_strdup (pj_move_item_get_description (move));
  return fold_let_stand (self, history, item, pj_move_item_get_description (move));
}

/**
 * pj_game_describe_question:
 * @self: a game
 *
 * Bluffing Joker: what the person to choose now is asked when it is not a
 * card to play — whether to challenge a card played face down, or whose
 * peg to send back after a challenge. NULL when no such question is asked
 * (or it is not a person's turn here).
 *
 * Returns: (transfer full) (nullable): the question
 */
char *
pj_game_describe_question (PjGame *self)
{
  const PjState *s;

  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  s = pj_game_get_state (self);
  if (!pj_game_is_human_turn (self))
    return NULL;

  if (s->phase == PJ_PHASE_CHALLENGE && s->pending.kind != PJ_ACTION_NONE)
    /* Translators: Bluffing Joker, the question to a player: 1 who played,
     * 2 the card declared, e.g. "Blue played a card face down as an Ace —
     * challenge or let it stand?" */
    return g_strdup_printf (_("%1$s played a card face down as %2$s — challenge or let it stand?"),
                            pj_game_get_seat_name (self, s->turn),
                            pj_text_card_with_article (s->pending.declared));

  if (s->phase == PJ_PHASE_PENALTY && s->penalty_loser < s->rules.players)
    {
      const char *loser = pj_game_get_seat_name (self, s->penalty_loser);

      if (s->actor == s->turn)
        /* Translators: Bluffing Joker, after a wrong challenge: the player
         * who told the truth picks a peg of the challenger (%s twice) */
        return g_strdup_printf (_("%1$s challenged wrongly: pick one of %1$s’s pegs to send back to start"),
                                loser);
      /* Translators: Bluffing Joker, after a bluff was caught: the
       * challenger picks a peg of the bluffer (%s twice) */
      return g_strdup_printf (_("You caught %1$s’s bluff: pick one of %1$s’s pegs to send back to start"),
                              loser);
    }

  return NULL;
}

/**
 * pj_game_get_turn_run:
 * @self: a game
 *
 * How many turns in a row the seat whose turn it is has had, this one
 * included: more than one after Bluffing Joker extra turns, always one
 * under rules without them. Read from the move history, so it follows
 * undo.
 *
 * Returns: 1 for an ordinary turn
 */
guint
pj_game_get_turn_run (PjGame *self)
{
  GListModel *history;
  const PjState *s;
  guint run = 1, n;

  g_return_val_if_fail (PJ_IS_GAME (self), 1);

  s = pj_game_get_state (self);
  /* Only Bluffing Joker's extra turns make runs (RULES BJ): elsewhere a
   * seat found twice in a row in the history is a position that jumped
   * (a lesson's "later in the game"), not a second turn. */
  if (pj_state_is_over (s) || !s->rules.bluffing)
    return 1;
  history = pj_game_get_history (self);
  n = g_list_model_get_n_items (history);
  for (guint i = n; i > 0; i--)
    {
      g_autoptr (PjMoveItem) item = g_list_model_get_item (history, i - 1);
      guint kind = pj_move_item_get_action (item)->kind;

      /* a turn is begun by a card; answers to challenges are not turns */
      if (kind != PJ_ACTION_MOVE && kind != PJ_ACTION_DISCARD && kind != PJ_ACTION_FREE_COME_OUT)
        continue;
      if (pj_move_item_get_turn_number (item) == s->turn_number)
        continue;
      if (pj_move_item_get_seat (item) != s->turn)
        break;
      run++;
    }
  return run;
}

/**
 * pj_game_describe_turn_run:
 * @self: a game
 *
 * Returns: (transfer full) (nullable): "2 turns in a row" for the seat to
 * move on an extra turn, NULL on an ordinary turn
 */
char *
pj_game_describe_turn_run (PjGame *self)
{
  guint run;

  g_return_val_if_fail (PJ_IS_GAME (self), NULL);

  run = pj_game_get_turn_run (self);
  if (run < 2)
    return NULL;
  /* Translators: beside the name of the player to move, after Bluffing
   * Joker extra turns; this turn included */
  return g_strdup_printf (ngettext ("%u turn in a row", "%u turns in a row", run), run);
}

/**
 * pj_game_describe_hint:
 * @self: a game
 * @before: the position the hint is for
 * @action: the action hinted
 * @reason: (nullable): why, from pj_game_hint_finish()
 *
 * A hint told as what to do: "Play your Six: move peg 1 6 holes forward —
 * Brings a peg home".
 *
 * Returns: (transfer full): the instruction
 */
char *
pj_game_describe_hint (PjGame         *self,
                       const PjState  *before,
                       const PjAction *action,
                       const char     *reason)
{
  g_return_val_if_fail (PJ_IS_GAME (self), NULL);
  g_return_val_if_fail (before != NULL && action != NULL, NULL);

  return pj_text_hint_instruction (before, action, reason);
}
