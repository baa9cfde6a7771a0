/* pj-text.c — the words for people (see pj-text.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-text.h"

#include <glib/gi18n.h>
#include <string.h>

char *
pj_text_list (const char *const *items)
{
  guint n = items != NULL ? g_strv_length ((char **) items) : 0;
  g_autofree char *list = NULL;

  if (n == 0)
    return g_strdup ("");
  list = g_strdup (items[0]);
  for (guint i = 1; i < n; i++)
    {
      char *longer = i + 1 < n
        /* Translators: between two items of a list of three or more, e.g. "Ann, Bea" in "Ann, Bea and Cy" */
        ? g_strdup_printf (C_("list", "%s, %s"), list, items[i])
        /* Translators: before the last item of a list, e.g. "Ann and Bea", "Ann, Bea and Cy" */
        : g_strdup_printf (C_("list", "%s and %s"), list, items[i]);

      g_free (list);
      list = longer;
    }
  return g_steal_pointer (&list);
}

const char *
pj_text_colour_name (guint colour)
{
  switch (colour)
    {
    case 0: return C_("peg colour", "Red");
    case 1: return C_("peg colour", "Blue");
    case 2: return C_("peg colour", "Green");
    case 3: return C_("peg colour", "Yellow");
    case 4: return C_("peg colour", "Orange");
    case 5: return C_("peg colour", "Purple");
    case 6: return C_("peg colour", "Teal");
    case 7: return C_("peg colour", "Magenta");
    default: return "?";
    }
}

const char *
pj_text_card_name (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card", "Ace");
    case 2: return C_("card", "Two");
    case 3: return C_("card", "Three");
    case 4: return C_("card", "Four");
    case 5: return C_("card", "Five");
    case 6: return C_("card", "Six");
    case 7: return C_("card", "Seven");
    case 8: return C_("card", "Eight");
    case 9: return C_("card", "Nine");
    case 10: return C_("card", "Ten");
    case PJ_CARD_JACK: return C_("card", "Jack");
    case PJ_CARD_QUEEN: return C_("card", "Queen");
    case PJ_CARD_KING: return C_("card", "King");
    case PJ_CARD_JOKER: return C_("card", "Joker");
    default: return C_("card", "Hidden card");
    }
}

const char *
pj_text_card_index (guint card)
{
  /* Translators: the index printed in the corner of a playing card, as cards
   * are printed in your language (French decks: R for Roi, D for Dame, V for
   * Valet; German: K, D, B). Keep it to one or two characters. */
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card index", "A");
    case PJ_CARD_JACK: return C_("card index", "J");
    case PJ_CARD_QUEEN: return C_("card index", "Q");
    case PJ_CARD_KING: return C_("card index", "K");
    case PJ_CARD_JOKER: return C_("card index", "JK");
    case PJ_CARD_UNKNOWN: return "?";
    default: return pj_card_to_string ((PjCard) PJ_CARD_RANK (card));
    }
}

/* For sentences that name a card once ("Blue's card was a Four, not an
 * Ace"): the article goes with the word, in whatever form the language
 * needs. */
const char *
pj_text_card_with_article (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return C_("card with article", "an Ace");
    case 2: return C_("card with article", "a Two");
    case 3: return C_("card with article", "a Three");
    case 4: return C_("card with article", "a Four");
    case 5: return C_("card with article", "a Five");
    case 6: return C_("card with article", "a Six");
    case 7: return C_("card with article", "a Seven");
    case 8: return C_("card with article", "an Eight");
    case 9: return C_("card with article", "a Nine");
    case 10: return C_("card with article", "a Ten");
    case PJ_CARD_JACK: return C_("card with article", "a Jack");
    case PJ_CARD_QUEEN: return C_("card with article", "a Queen");
    case PJ_CARD_KING: return C_("card with article", "a King");
    case PJ_CARD_JOKER: return C_("card with article", "a Joker");
    default: return C_("card with article", "a hidden card");
    }
}

static const char *
translate (const char *context,
           const char *msgid)
{
  if (msgid == NULL)
    return NULL;
  return context ? g_dpgettext2 (NULL, context, msgid) : _(msgid);
}

const char *
pj_text_controller_title (PjController controller)
{
  return translate (pj_controller_title_context (controller), pj_controller_title (controller));
}

const char *
pj_text_controller_long_title (PjController controller)
{
  return translate (NULL, pj_controller_long_title (controller));
}

char *
pj_text_hint (const PjHint *hint)
{
  switch (hint->reason)
    {
    case PJ_HINT_CHALLENGE:
      return g_strdup (_("Few of the declared cards are left unseen: it is probably a bluff"));
    case PJ_HINT_PASS:
      return g_strdup (_("The declared card is likely real, and a wrong challenge costs a peg"));
    case PJ_HINT_PENALTY:
      /* Translators: %s is a peg colour (“Blue”) */
      return g_strdup_printf (_("Sends the most advanced %s peg back to start"),
                              pj_text_colour_name (hint->colour));
    case PJ_HINT_KEEP_JOKER:
      return g_strdup (_("Keeps your joker for a double play"));
    case PJ_HINT_DISCARD:
      return g_strdup (_("No card can move a peg: discards the least useful card"));
    case PJ_HINT_FREE_COME_OUT:
      return g_strdup (_("Uses the counting privilege to bring a peg out for free"));
    case PJ_HINT_SEND_BACK:
      /* Translators: %s is a peg colour (“Blue”) */
      return g_strdup_printf (_("Sends a %s peg back to start"), pj_text_colour_name (hint->colour));
    case PJ_HINT_BLUFF:
      /* Translators: %s is a card in the game's notation: A, 2 … 10, J, Q, K or JK */
      return g_strdup_printf (_("Bluffs: declares %s for a much better move"),
                              pj_card_to_string ((PjCard) hint->card));
    case PJ_HINT_TEAM_PEG_HOME_RUN:
      return g_strdup (_("Sends a team peg to its in-spot and on into home"));
    case PJ_HINT_TEAM_PEG_IN_SPOT:
      return g_strdup (_("Sends a team peg ahead to its in-spot"));
    case PJ_HINT_INTO_HOME:
      return g_strdup (_("Brings a peg home"));
    case PJ_HINT_COME_OUT:
      return g_strdup (_("Brings a new peg into play"));
    case PJ_HINT_PARTNER_COME_OUT:
      return g_strdup (_("Waits on a partner’s come-out hole for a home run"));
    case PJ_HINT_BACKWARD:
      return g_strdup (_("Moves backwards to just short of home"));
    case PJ_HINT_SWAP:
      return g_strdup (_("Swaps pegs to gain ground for your team"));
    case PJ_HINT_SAFE_PROGRESS:
    default:
      return g_strdup (_("Makes the most safe progress for your team"));
    }
}

/* ---- moves ---------------------------------------------------------- */

char *
pj_text_peg_label (guint actor,
                   guint peg)
{
  guint colour = PJ_PEG_COLOUR (peg);

  if (colour == actor)
    /* Translators: a peg of the player's own colour, e.g. "peg 2" */
    return g_strdup_printf (_("peg %u"), PJ_PEG_INDEX (peg) + 1);

  /* Translators: a peg of another colour, e.g. "Blue peg 2" */
  return g_strdup_printf (_("%s peg %u"), pj_text_colour_name (colour), PJ_PEG_INDEX (peg) + 1);
}

/* One step of a move, told as done ("peg 4 +5") or, for a hint, as what to
 * do ("move peg 4 5 holes forward"): one reading of the step, two wordings. */
static char *
describe_step (const PjState *before,
               guint          actor,
               const PjStep  *step,
               gboolean       jump,
               gboolean       instruct)
{
  g_autofree char *peg = pj_text_peg_label (actor, step->peg);
  guint L = before->track_len;
  guint n;

  if (step->flags & (PJ_STEP_SEND | PJ_STEP_PENALTY))
    return instruct
      /* Translators: a hint, e.g. "send Blue peg 2 back to start" */
      ? g_strdup_printf (_("send %s back to start"), peg)
      /* Translators: e.g. "Blue peg 2 back to start" */
      : g_strdup_printf (_("%s back to start"), peg);

  if (step->flags & PJ_STEP_HIT)
    {
      if (step->to == PJ_POS_START)
        return instruct
          /* Translators: a hint: the move hits a peg, e.g. "Blue peg 2 goes back to start" */
          ? g_strdup_printf (_("%s goes back to start"), peg)
          /* Translators: a peg was hit and went back to its start, e.g. "hit Blue peg 2" */
          : g_strdup_printf (_("hit %s"), peg);
      return instruct
        /* Translators: a hint: a partner's peg hit jumps to its in-spot */
        ? g_strdup_printf (_("%s jumps to its in-spot"), peg)
        /* Translators: a partner's peg was hit and jumped to its in-spot */
        : g_strdup_printf (_("%s to its in-spot"), peg);
    }

  if (step->flags & PJ_STEP_SWAP)
    return NULL;   /* described once, with the pair */

  if (step->from == PJ_POS_START)
    return instruct
      /* Translators: a hint, e.g. "bring peg 3 out" */
      ? g_strdup_printf (_("bring %s out"), peg)
      /* Translators: a peg came out of its start area */
      : g_strdup_printf (_("%s out"), peg);

  if (PJ_POS_IS_HOME (step->to))
    return instruct
      /* Translators: a hint, e.g. "move peg 2 to home hole 3" */
      ? g_strdup_printf (_("move %s to home hole %u"), peg, step->to - PJ_POS_HOME0 + 1)
      /* Translators: e.g. "peg 2 to home 3" */
      : g_strdup_printf (_("%s to home %u"), peg, step->to - PJ_POS_HOME0 + 1);

  if (jump)
    return instruct
      /* Translators: a hint: a joker moves a peg onto another one */
      ? g_strdup_printf (_("jump %s onto the peg there"), peg)
      /* Translators: a joker moved a peg along the track onto another peg,
       * e.g. "peg 1 jumps" (followed by ", hit Blue peg 2") */
      : g_strdup_printf (_("%s jumps"), peg);

  if (PJ_POS_IS_TRACK (step->from) && PJ_POS_IS_TRACK (step->to) && L > 0)
    {
      if (step->flags & PJ_STEP_BACK)
        {
          n = (step->from + L - step->to) % L;
          return instruct
            /* Translators: a hint, e.g. "move peg 4 8 holes back" */
            ? g_strdup_printf (ngettext ("move %s %u hole back", "move %s %u holes back", n), peg, n)
            /* Translators: a backward move, e.g. "peg 4 −8" */
            : g_strdup_printf (_("%s −%u"), peg, n);
        }
      n = (step->to + L - step->from) % L;
      return instruct
        /* Translators: a hint, e.g. "move peg 1 6 holes forward" */
        ? g_strdup_printf (ngettext ("move %s %u hole forward", "move %s %u holes forward", n), peg, n)
        /* Translators: a forward move, e.g. "peg 4 +5" */
        : g_strdup_printf (_("%s +%u"), peg, n);
    }

  return instruct
    /* Translators: a hint, e.g. "move peg 2" */
    ? g_strdup_printf (_("move %s"), peg)
    : g_strdup (peg);
}

static char *
describe_steps (const PjState  *before,
                guint           actor,
                const PjAction *a,
                guint           first,
                guint           end,
                gboolean        instruct)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  end = MIN (end, a->n_steps);
  for (guint i = first; i < end; i++)
    {
      const PjStep *st = &a->steps[i];
      char *part;

      if ((st->flags & PJ_STEP_SWAP) && i + 1 < end && (a->steps[i + 1].flags & PJ_STEP_SWAP))
        {
          g_autofree char *p1 = pj_text_peg_label (actor, st->peg);
          g_autofree char *p2 = pj_text_peg_label (actor, a->steps[i + 1].peg);

          part = instruct
            /* Translators: a hint: a Two swaps two pegs, e.g. "swap peg 1 and Blue peg 3" */
            ? g_strdup_printf (_("swap %s and %s"), p1, p2)
            /* Translators: a Two swapping two pegs, e.g. "swapped peg 1 and Blue peg 3" */
            : g_strdup_printf (_("swapped %s and %s"), p1, p2);
          i++;
        }
      else
        part = describe_step (before, actor, st, a->declared == PJ_CARD_JOKER, instruct);

      if (part != NULL)
        g_ptr_array_add (parts, part);
    }
  g_ptr_array_add (parts, NULL);

  /* Translators: the separator between the parts of a move */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
pj_text_action_steps_range (const PjState  *before,
                            guint           actor,
                            const PjAction *a,
                            guint           first,
                            guint           end)
{
  return describe_steps (before, actor, a, first, end, FALSE);
}

char *
pj_text_action_steps (const PjState  *before,
                      guint           actor,
                      const PjAction *a)
{
  return describe_steps (before, actor, a, 0, a->n_steps, FALSE);
}

char *
pj_text_action_instructions (const PjState  *before,
                             guint           actor,
                             const PjAction *a)
{
  return describe_steps (before, actor, a, 0, a->n_steps, TRUE);
}

/* ---- hints as instructions --------------------------------------------- */

char *
pj_text_hint_instruction (const PjState  *before,
                          const PjAction *action,
                          const char     *reason)
{
  g_autofree char *card = NULL;
  g_autofree char *steps = NULL;
  g_autofree char *text = NULL;
  guint actor;

  g_return_val_if_fail (before != NULL && action != NULL, NULL);

  actor = before->actor;
  card = g_strdup (pj_text_card_name (action->card));
  steps = pj_text_action_instructions (before, actor, action);

  switch (action->kind)
    {
    case PJ_ACTION_MOVE:
      if (action->declared != 0 && PJ_CARD_RANK (action->declared) != PJ_CARD_RANK (action->card))
        /* Translators: a hint to bluff, e.g. "Play your Four as an Ace: bring peg 3 out" */
        text = g_strdup_printf (_("Play your %s as %s: %s"), card,
                                pj_text_card_with_article (action->declared), steps);
      else
        /* Translators: a hint, e.g. "Play your Six: move peg 1 6 holes forward" */
        text = g_strdup_printf (_("Play your %s: %s"), card, steps);
      break;

    case PJ_ACTION_DISCARD:
      /* Translators: a hint, e.g. "Discard your Five" */
      text = g_strdup_printf (_("Discard your %s"), card);
      break;

    case PJ_ACTION_FREE_COME_OUT:
      /* Translators: a hint, e.g. "Discard your Five: bring peg 1 out" */
      text = g_strdup_printf (_("Discard your %s: %s"), card, steps);
      break;

    case PJ_ACTION_CHALLENGE:
      text = g_strdup (_("Challenge the card"));
      break;

    case PJ_ACTION_PASS:
      text = g_strdup (_("Let the card stand"));
      break;

    case PJ_ACTION_PENALTY:
      if (action->n_steps > 0)
        {
          g_autofree char *peg = pj_text_peg_label (actor, action->steps[0].peg);

          /* Translators: a hint after a challenge, e.g. "Send Blue peg 2 back to start" */
          text = g_strdup_printf (_("Send %s back to start"), peg);
        }
      else
        text = g_strdup ("");
      break;

    default:
      text = g_strdup ("");
      break;
    }

  if (reason == NULL || reason[0] == '\0')
    return g_steal_pointer (&text);
  /* Translators: a hint: what to do, then why */
  return g_strdup_printf (_("%s — %s"), text, reason);
}

/* The variant a rule is known by: the one played when it is a preset,
 * else the variant the rule comes from (a custom table) */
static const char *
rule_variant (const PjRules *rules,
              PjPreset       origin)
{
  int preset = pj_rules_match_preset (rules);

  return _(pj_preset_title (preset > PJ_PRESET_BASIC ? (PjPreset) preset : origin));
}

/* The instruction in a variant's words, or NULL where the rule adds
 * nothing to the plain one */
static char *
rule_prompt (PjPickPrompt   prompt,
             guint          holes,
             PjPickRule     rule,
             const PjRules *rules)
{
  switch (rule)
    {
    case PJ_PICK_RULE_TEN_SPLIT:
      {
        const char *variant = rule_variant (rules, PJ_PRESET_NORTH_CAROLINA);

        if (prompt == PJ_PICK_PROMPT_FIRST_PEG)
          /* Translators: NC-8, the status line after picking a Ten; %s is
           * the variant, e.g. "North Carolina" */
          return g_strdup_printf (_("Split your Ten between two pegs of any colour, each part forward or back (%s)"),
                                  variant);
        if (prompt == PJ_PICK_PROMPT_DESTINATION)
          /* Translators: NC-8, the first part of a Ten; %s is the variant */
          return g_strdup_printf (_("Pick where the peg goes: part of your Ten, the rest moves another peg (%s)"),
                                  variant);
        if (prompt == PJ_PICK_PROMPT_SPLIT_REST)
          /* Translators: NC-8, the second part of a Ten: 1 the holes left,
           * 2 the variant */
          return g_strdup_printf (ngettext ("Move another peg %1$u hole, forward or back, with the rest of your Ten (%2$s)",
                                            "Move another peg %1$u holes, forward or back, with the rest of your Ten (%2$s)",
                                            holes),
                                  holes, variant);
        return NULL;
      }

    case PJ_PICK_RULE_TEN_BACK_ONE:
      if (prompt == PJ_PICK_PROMPT_FIRST_PEG || prompt == PJ_PICK_PROMPT_DESTINATION)
        /* Translators: Alaska's Ten; %s is the variant, e.g. "Alaska" */
        return g_strdup_printf (_("Move a peg 10 forward or 1 back with your Ten (%s)"),
                                rule_variant (rules, PJ_PRESET_ALASKA));
      return NULL;

    case PJ_PICK_RULE_NINE_SPLIT:
      if (prompt == PJ_PICK_PROMPT_FIRST_PEG || prompt == PJ_PICK_PROMPT_DESTINATION)
        /* Translators: AZ-5, after picking a Nine; %s is the variant, e.g. "Arizona" */
        return g_strdup_printf (_("Move a peg 9 forward, or split your Nine: one peg forward, another back (%s)"),
                                rule_variant (rules, PJ_PRESET_ARIZONA));
      return NULL;

    case PJ_PICK_RULE_NINE_BACK:
      if (prompt == PJ_PICK_PROMPT_SPLIT_REST)
        /* Translators: AZ-5, the second part of a split Nine after one peg
         * went forward: 1 the holes left, 2 the variant */
        return g_strdup_printf (ngettext ("Now move another peg %1$u hole back with the rest of your Nine (%2$s)",
                                          "Now move another peg %1$u holes back with the rest of your Nine (%2$s)",
                                          holes),
                                holes, rule_variant (rules, PJ_PRESET_ARIZONA));
      return NULL;

    case PJ_PICK_RULE_NINE_FORWARD:
      if (prompt == PJ_PICK_PROMPT_SPLIT_REST)
        /* Translators: AZ-5, the second part of a split Nine after one peg
         * went back: 1 the holes left, 2 the variant */
        return g_strdup_printf (ngettext ("Now move another peg %1$u hole forward with the rest of your Nine (%2$s)",
                                          "Now move another peg %1$u holes forward with the rest of your Nine (%2$s)",
                                          holes),
                                holes, rule_variant (rules, PJ_PRESET_ARIZONA));
      return NULL;

    case PJ_PICK_RULE_JOKER_START_FIRST:
      if (prompt == PJ_PICK_PROMPT_FIRST_PEG)
        /* Translators: AZ-7, after picking a Joker; %s is the variant, e.g. "Arizona" */
        return g_strdup_printf (_("While your team has pegs in a start area, your Joker must bring one of them out (%s)"),
                                rule_variant (rules, PJ_PRESET_ARIZONA));
      if (prompt == PJ_PICK_PROMPT_NO_MOVE)
        /* Translators: AZ-7, a Joker with no move; %s is the variant */
        return g_strdup_printf (_("Your Joker must bring out a peg from your team’s start areas, and none can land on a peg (%s)"),
                                rule_variant (rules, PJ_PRESET_ARIZONA));
      return NULL;

    case PJ_PICK_RULE_JOKER_PEGOO:
      if (prompt == PJ_PICK_PROMPT_FIRST_PEG)
        /* Translators: Pegoo's Joker; %s is the variant, e.g. "Pegoo" */
        return g_strdup_printf (_("Move one of your pegs straight to its in-spot with your Joker, or send an opponent’s peg back to start (%s)"),
                                rule_variant (rules, PJ_PRESET_PEGOO));
      return NULL;

    case PJ_PICK_RULE_HOME_FORCED:
      if (prompt == PJ_PICK_PROMPT_DESTINATION)
        /* Translators: K-2, a peg picked that reaches its in-spot; %s is
         * the variant, e.g. "Kilpatrick" */
        return g_strdup_printf (_("Pick where the peg goes: at its in-spot it must turn into its home (%s)"),
                                rule_variant (rules, PJ_PRESET_KILPATRICK));
      return NULL;

    case PJ_PICK_RULE_COUNT_PRIVILEGE:
      if (prompt == PJ_PICK_PROMPT_FIRST_PEG || prompt == PJ_PICK_PROMPT_DESTINATION)
        {
          guint counted = rules->count_turns > 0 ? rules->count_turns - 1 : 0;

          /* Translators: NC-10, the counting privilege: 1 the turns in a
           * row without a move, 2 the variant, e.g. "North Carolina" */
          return g_strdup_printf (ngettext ("No move for %1$u turn: this card is discarded and a peg comes out of your start for free (%2$s)",
                                            "No move for %1$u turns: this card is discarded and a peg comes out of your start for free (%2$s)",
                                            counted),
                                  counted, rule_variant (rules, PJ_PRESET_NORTH_CAROLINA));
        }
      return NULL;

    case PJ_PICK_RULE_NONE:
    default:
      return NULL;
    }
}

char *
pj_text_pick_prompt (PjMovePicker *picker)
{
  const PjState *state;
  PjPickPrompt prompt;
  guint holes;

  g_return_val_if_fail (PJ_IS_MOVE_PICKER (picker), NULL);

  prompt = pj_move_picker_get_prompt (picker, &holes);
  state = pj_move_picker_get_state (picker);
  if (state != NULL)
    {
      char *text = rule_prompt (prompt, holes, pj_move_picker_get_rule (picker), &state->rules);

      if (text != NULL)
        return text;
    }

  switch (prompt)
    {
    case PJ_PICK_PROMPT_PENALTY_PEG:
      return g_strdup (_("Pick a peg to send back to its start"));
    case PJ_PICK_PROMPT_ANY_PEG:
      return g_strdup (_("Pick a peg"));
    case PJ_PICK_PROMPT_NO_MOVE:
      return g_strdup (_("This card cannot move a peg"));
    case PJ_PICK_PROMPT_DESTINATION:
      return g_strdup (_("Pick where the peg goes"));
    case PJ_PICK_PROMPT_SPLIT_REST:
      /* Translators: the second part of a split card */
      return g_strdup_printf (ngettext ("Move another peg %u hole", "Move another peg %u holes", holes),
                              holes);
    case PJ_PICK_PROMPT_NEXT_PEG:
      return g_strdup (_("Pick the next peg"));
    case PJ_PICK_PROMPT_FIRST_PEG:
      return g_strdup (_("Pick a peg to move"));
    case PJ_PICK_PROMPT_NONE:
    default:
      return NULL;
    }
}
