/* pj-tutorial-text.c — the words of "Learn to Play", translated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-tutorial.h"

typedef struct {
  const char *title;
  const char *instruction;
  const char *retry;
} StepText;

static const StepText texts[PJ_TUTORIAL_N_STEPS] = {
  [PJ_TUTORIAL_COME_OUT] = {
    N_("Coming out"),
    N_("You are Red. Pegs start in your start area and come out with an Ace, King, Queen or Jack. "
       "Pick your Ace, then the peg that lights up in your start area, then its hole on the track."),
    N_("Not this time: play your Ace to bring a new peg out of your start area."),
  },
  [PJ_TUTORIAL_MOVE] = {
    N_("Moving a peg"),
    N_("Most cards move one of your pegs forward, clockwise, by their value. "
       "Play your 5 and move a peg 5 holes."),
    N_("Not quite: play your 5 and move one of your pegs 5 holes forward."),
  },
  [PJ_TUTORIAL_SPLIT_SEVEN] = {
    N_("Splitting a 7"),
    N_("A 7 can be split between two pegs, such as 3 and 4. "
       "Play your 7, move one peg part of the way, then move your other peg the rest."),
    N_("Split the 7: move one peg part of the way and your other peg the holes that are left."),
  },
  [PJ_TUTORIAL_JOKER_HIT] = {
    N_("Jokers"),
    N_("A Joker moves one of your pegs straight onto another player’s peg. "
       "Landing on an opponent sends their peg back to its start. "
       "Play your Joker onto a Blue or Yellow peg."),
    N_("Use your Joker to land on a Blue or Yellow peg: that sends it back to its start."),
  },
  [PJ_TUTORIAL_HOME_TRACK] = {
    N_("The home track"),
    N_("Later in the game: four of your pegs are home. "
       "Your last peg is at the corner, three holes before your in-spot where your home track begins. "
       "Play your 4 to go three holes and turn one hole into your home track."),
    N_("Turn into your home track: play your 4 and pick the first home hole, not the track beyond."),
  },
  [PJ_TUTORIAL_PARTNER_PEGS] = {
    N_("Your partner’s pegs"),
    N_("All your pegs are home. Now you help your partner: your cards move Green’s pegs. "
       "Your team wins when every peg of both partners is home. Move a Green peg with any card."),
    N_("Your pegs are all home, so move one of your partner’s Green pegs."),
  },
};

const char *
pj_tutorial_step_title (guint step)
{
  g_return_val_if_fail (step < PJ_TUTORIAL_N_STEPS, NULL);

  return _(texts[step].title);
}

const char *
pj_tutorial_step_instruction (guint step)
{
  g_return_val_if_fail (step < PJ_TUTORIAL_N_STEPS, NULL);

  return _(texts[step].instruction);
}

const char *
pj_tutorial_step_retry (guint step)
{
  g_return_val_if_fail (step < PJ_TUTORIAL_N_STEPS, NULL);

  return _(texts[step].retry);
}

const char *
pj_tutorial_finished_text (void)
{
  return _("Well done: you know the moves. Play a game against the computer, with Green as your partner.");
}
