/* pj-rules.c — rule options, presets and their validation (RULES.md §10)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-engine.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#ifndef N_
#define N_(s) (s)
#endif

G_DEFINE_QUARK (pj-engine-error-quark, pj_engine_error)

static const char *const bool_names[] = { "no", "yes", NULL };
static const guint8 bool_values[] = { 0, 1 };
static const char *const players_names[] = { "4", "6", "8", NULL };
static const guint8 players_values[] = { 4, 6, 8 };
static const char *const teams_names[] = { "2", "3", "4", NULL };
static const guint8 teams_values[] = { 2, 3, 4 };
static const char *const holes_names[] = { "18", "20", NULL };
static const guint8 holes_values[] = { 18, 20 };
static const char *const decks_names[] = { "3", "4", NULL };
static const guint8 decks_values[] = { 3, 4 };
static const char *const hand_names[] = { "3", "5", NULL };
static const guint8 hand_values[] = { 3, 5 };
static const char *const ace_names[] = { "A1", "A1_back1_11", NULL };
static const guint8 ace_values[] = { PJ_ACE_ONE, PJ_ACE_ONE_BACK_ELEVEN };
static const char *const nine_names[] = { "none", "fwd_fwd", "fwd_back", NULL };
static const guint8 nine_values[] = { PJ_NINE_NONE, PJ_NINE_FWD_FWD, PJ_NINE_FWD_BACK };
static const char *const ten_names[] = { "forward", "split_any", "fwd_or_back1", NULL };
static const guint8 ten_values[] = { PJ_TEN_FORWARD, PJ_TEN_SPLIT_ANY, PJ_TEN_FWD_OR_BACK1 };
static const char *const joker_names[] = { "hit_any", "az_start_first", "pegoo_door_or_send", NULL };
static const guint8 joker_values[] = { PJ_JOKER_HIT_ANY, PJ_JOKER_AZ_START_FIRST, PJ_JOKER_PEGOO };
static const char *const count_names[] = { "off", "3", "4", NULL };
static const guint8 count_values[] = { 0, 3, 4 };
static const char *const home_names[] = { "optional", "forced", NULL };
static const guint8 home_values[] = { PJ_HOME_OPTIONAL, PJ_HOME_FORCED };

/* What the UI shows for each value name, in the same order. */
static const char *const bool_titles[] = { N_("No"), N_("Yes"), NULL };
static const char *const players_titles[] = { N_("4 players"), N_("6 players"), N_("8 players"), NULL };
static const char *const teams_titles[] = {
  N_("Two teams, seats alternating"), N_("Three teams of two, partners opposite"),
  N_("Four teams of two, partners opposite"), NULL
};
static const char *const holes_titles[] = { N_("18 holes"), N_("20 holes"), NULL };
static const char *const decks_titles[] = { N_("3 decks"), N_("4 decks"), NULL };
static const char *const hand_titles[] = { N_("3 cards"), N_("5 cards"), NULL };
static const char *const draw_first_titles[] = { N_("Play, then draw"), N_("Draw, then play"), NULL };
static const char *const team_pegs_titles[] = { N_("Only your own"), N_("Any team peg"), NULL };
static const char *const ace_titles[] = { N_("Out or 1"), N_("Out, 1, 1 back or 11"), NULL };
static const char *const two_swap_titles[] = { N_("Moves 2"), N_("Moves 2 or swaps"), NULL };
static const char *const nine_titles[] = { N_("No split"), N_("Both forward"), N_("One forward, one back"), NULL };
static const char *const ten_titles[] = { N_("10 forward"), N_("Split over two pegs"), N_("10 forward or 1 back"), NULL };
static const char *const joker_titles[] = { N_("Any other peg"), N_("Start pegs first"), N_("In-spot or send back"), NULL };
static const char *const count_titles[] = { N_("Off"), N_("After 3 turns"), N_("After 4 turns"), NULL };
static const char *const home_titles[] = { N_("May go round again"), N_("Must go home"), NULL };

/* What each value means, as the rules window says it (pj-rules-text.c):
 * one sentence or two, in the same order as the names. */
static const char *const players_explanations[] = {
  N_("Four players sit round the board, one side each."),
  N_("Six players sit round the board, one side each."),
  N_("Eight players sit round the board, one side each."), NULL
};
static const char *const teams_explanations[] = {
  N_("They play in two teams; partners sit in every other seat."),
  N_("They play in three teams of two; partners sit opposite each other."),
  N_("They play in four teams of two; partners sit opposite each other."), NULL
};
static const char *const holes_explanations[] = {
  N_("Each side of the board has 18 holes."),
  N_("Each side of the board has 20 holes instead of 18."), NULL
};
static const char *const decks_explanations[] = {
  N_("The cards are three standard decks shuffled together, each with two jokers."),
  N_("The cards are four standard decks shuffled together, each with two jokers."), NULL
};
static const char *const hand_explanations[] = {
  N_("Each player holds only three cards."),
  N_("Each player holds five cards."), NULL
};
static const char *const draw_first_explanations[] = {
  N_("Play one card from your hand and move by it, then draw back up to your hand size."),
  N_("Draw a card, then play one card from your hand and move by it."), NULL
};
static const char *const team_pegs_explanations[] = {
  N_("Once all five of your pegs are home, you move the pegs of the next partner to your left who has not finished."),
  N_("In this variant you may move any peg of your team, whatever its colour, on every turn."), NULL
};
static const char *const ace_explanations[] = {
  N_("Bring a peg out of your start area, or move 1 forward."),
  N_("Bring a peg out of your start area, or move 1 forward, 1 backward or 11 forward."), NULL
};
static const char *const two_swap_explanations[] = {
  N_("Move 2 forward."),
  N_("Move 2 forward, or swap the places of two pegs of different colours that are both on the main track. A swap hits nobody."), NULL
};
static const char *const swap_own_explanations[] = {
  N_("A swap may exchange any two pegs of different colours."),
  N_("A swap must include a peg you may move now."), NULL
};
static const char *const nine_explanations[] = {
  N_("Move one peg 9 forward."),
  N_("Move 9 forward, or split the 9 forward between two pegs, like a 7."),
  N_("Move 9 forward, or split the 9 between two pegs: one goes forward and the other backward, such as 3 forward and 6 back."), NULL
};
static const char *const ten_explanations[] = {
  N_("Move one peg 10 forward."),
  N_("Must be split between two different pegs on the board, yours, a partner’s or an opponent’s. Each part goes forward or backward. An opponent’s peg never moves inside or into its home."),
  N_("Move one peg 10 forward or 1 backward."), NULL
};
static const char *const joker_explanations[] = {
  N_("Move one of your pegs, from the start area or the main track, onto any hole that holds a peg of another colour. That peg is hit. A Joker never lands on an empty hole."),
  N_("Move a peg onto any hole of the main track that holds a peg of another colour, which is hit. While your team has pegs in a start area, the Joker must bring one of those out this way."),
  N_("Either move one of your pegs from the start area or the main track straight onto its in-spot, or send any opponent’s peg on the main track back to its start."), NULL
};
static const char *const count_explanations[] = {
  N_("When you cannot move at all, you discard a card and your turn ends."),
  N_("When you cannot move at all, you discard and the turn counts. After 2 such turns in a row, on the next one you discard any card and bring a peg out of your start area for free."),
  N_("When you cannot move at all, you discard and the turn counts. After 3 such turns in a row, on the next one you discard any card and bring a peg out of your start area for free."), NULL
};
static const char *const stuck_pile_explanations[] = {
  N_("Cards discarded because you could not move go on the discard pile like any other."),
  N_("Cards discarded because you could not move go on a separate pile, so everyone can see how many turns you have counted."), NULL
};
static const char *const home_explanations[] = {
  N_("A forward move that reaches your in-spot with steps to spare may turn into your home, if every hole it needs there is free; it may also go on round the track instead."),
  N_("A peg may not move forward past its in-spot: it must turn into its home, and if there is no room there for the whole count, that peg cannot make that move."), NULL
};
static const char *const bluffing_explanations[] = {
  N_("Every card is played face up, and nobody may challenge a move."),
  N_("Every card is played face down, and you declare it as any card you like, then make a move that card allows."), NULL
};
static const char *const table_talk_explanations[] = {
  N_("Partners may not tell each other about their cards or their moves."),
  N_("Partners may chat and see hints for each other’s moves."), NULL
};
static const char *const split_finish_explanations[] = {
  N_("A split card moves only pegs you could move before you played it: it may not bring your last peg home and move a partner’s peg with the rest."),
  N_("A split card may bring your last peg home and move a partner’s peg with the rest."), NULL
};

#define OPT(key, kind, title, desc, names, values, field, titles, explanations, group) \
  { key, kind, title, desc, names, values, offsetof (PjRules, field), titles, explanations, \
    PJ_OPTION_GROUP_##group }

static const PjOptionInfo options[] = {
  OPT ("players", PJ_OPTION_INT, N_("Players"),
       N_("How many players sit at the table, one side of the board each."),
       players_names, players_values, players, players_titles, players_explanations, TABLE),
  OPT ("teams", PJ_OPTION_INT, N_("Teams"),
       N_("Two teams with seats alternating, or teams of two with partners sitting opposite."),
       teams_names, teams_values, teams, teams_titles, teams_explanations, TABLE),
  OPT ("holes_per_side", PJ_OPTION_INT, N_("Holes per side"),
       N_("Main-track holes on each side of the board; Pegoo boards have 20."),
       holes_names, holes_values, holes_per_side, holes_titles, holes_explanations, TABLE),
  OPT ("decks", PJ_OPTION_INT, N_("Decks"),
       N_("Standard decks shuffled together, each with two jokers."),
       decks_names, decks_values, decks, decks_titles, decks_explanations, TABLE),
  OPT ("hand_size", PJ_OPTION_INT, N_("Hand size"),
       N_("Cards each player holds between turns."),
       hand_names, hand_values, hand_size, hand_titles, hand_explanations, TABLE),
  OPT ("draw_first", PJ_OPTION_BOOL, N_("Draw before playing"),
       N_("Draw a card at the start of your turn; otherwise play first and draw back up at the end."),
       bool_names, bool_values, draw_first, draw_first_titles, draw_first_explanations, TURN),
  OPT ("move_team_pegs", PJ_OPTION_BOOL, N_("Move any team peg"),
       N_("You may move the pegs of every member of your team on any turn (Arizona)."),
       bool_names, bool_values, move_team_pegs, team_pegs_titles, team_pegs_explanations, MOVING),
  OPT ("ace", PJ_OPTION_ENUM, N_("Ace"),
       N_("Ace comes out or moves 1; the North Carolina ace may also move 1 back or 11 forward."),
       ace_names, ace_values, ace, ace_titles, ace_explanations, CARDS),
  OPT ("two_swap", PJ_OPTION_BOOL, N_("Two swaps pegs"),
       N_("A Two may swap two pegs of different colours on the main track instead of moving 2."),
       bool_names, bool_values, two_swap, two_swap_titles, two_swap_explanations, CARDS),
  OPT ("swap_needs_own_peg", PJ_OPTION_BOOL, N_("Swap needs your peg"),
       N_("A Two swap must include a peg you may move now."),
       bool_names, bool_values, swap_needs_own_peg, bool_titles, swap_own_explanations, CARDS),
  OPT ("nine_split", PJ_OPTION_ENUM, N_("Nine split"),
       N_("Whether a Nine may be split between two pegs, both forward or one forward and one back."),
       nine_names, nine_values, nine, nine_titles, nine_explanations, CARDS),
  OPT ("ten", PJ_OPTION_ENUM, N_("Ten"),
       N_("The 10 card moves 10 forward, must be split over any two pegs (North Carolina), or moves 10 forward or 1 back (Alaska)."),
       ten_names, ten_values, ten, ten_titles, ten_explanations, CARDS),
  OPT ("joker", PJ_OPTION_ENUM, N_("Joker"),
       N_("Joker lands on any other-colour peg, must bring out a start peg first (Arizona), or goes to its own in-spot or sends an opponent back to start (Pegoo)."),
       joker_names, joker_values, joker, joker_titles, joker_explanations, CARDS),
  OPT ("count_turns", PJ_OPTION_ENUM, N_("Counting rule"),
       N_("After this many turns in a row unable to move, a player may discard any card and bring a peg out."),
       count_names, count_values, count_turns, count_titles, count_explanations, TURN),
  OPT ("stuck_pile", PJ_OPTION_BOOL, N_("Unable-to-play pile"),
       N_("Cards discarded on stuck turns go to a separate pile (Pegoo)."),
       bool_names, bool_values, stuck_pile, bool_titles, stuck_pile_explanations, TURN),
  OPT ("home_entry", PJ_OPTION_ENUM, N_("Home entry"),
       N_("Whether a peg may pass its in-spot and go round again, or must turn into its home (Kilpatrick)."),
       home_names, home_values, home_entry, home_titles, home_explanations, MOVING),
  OPT ("bluffing", PJ_OPTION_BOOL, N_("Bluffing"),
       N_("Cards are played face down and declared; opponents may challenge."),
       bool_names, bool_values, bluffing, bool_titles, bluffing_explanations, TURN),
  OPT ("beginner_table_talk", PJ_OPTION_BOOL, N_("Beginner table talk"),
       N_("Partners may chat and see hints for each other's moves."),
       bool_names, bool_values, beginner_table_talk, bool_titles, table_talk_explanations, TALK),
  OPT ("split_finish_partner", PJ_OPTION_BOOL, N_("Split into partner's pegs"),
       N_("A split card may bring your last peg home and move a partner's peg with the rest."),
       bool_names, bool_values, split_finish_partner, bool_titles, split_finish_explanations, MOVING),
};

guint
pj_option_count (void)
{
  return G_N_ELEMENTS (options);
}

const PjOptionInfo *
pj_option_info (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (options), NULL);
  return &options[i];
}

const PjOptionInfo *
pj_option_lookup (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_strcmp0 (options[i].key, key) == 0)
      return &options[i];
  return NULL;
}

static guint8 *
field (PjRules            *r,
       const PjOptionInfo *opt)
{
  return (guint8 *) r + opt->offset;
}

const char *
pj_option_get_string (const PjRules      *rules,
                      const PjOptionInfo *opt)
{
  guint8 v = *field ((PjRules *) rules, opt);

  for (guint i = 0; opt->names[i]; i++)
    if (opt->values[i] == v)
      return opt->names[i];
  return "?";
}

gboolean
pj_option_set_string (PjRules     *rules,
                      const char  *key,
                      const char  *value,
                      GError     **error)
{
  const PjOptionInfo *opt = pj_option_lookup (key);

  if (opt == NULL)
    {
      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                   "Unknown rule option “%s”", key);
      return FALSE;
    }
  for (guint i = 0; opt->names[i]; i++)
    if (g_strcmp0 (opt->names[i], value) == 0)
      {
        *field (rules, opt) = opt->values[i];
        return TRUE;
      }
  if (opt->kind == PJ_OPTION_BOOL && value != NULL)
    {
      if (g_ascii_strcasecmp (value, "true") == 0 || g_strcmp0 (value, "1") == 0)
        return (*field (rules, opt) = 1), TRUE;
      if (g_ascii_strcasecmp (value, "false") == 0 || g_strcmp0 (value, "0") == 0)
        return (*field (rules, opt) = 0), TRUE;
    }
  {
    g_autofree char *allowed = g_strjoinv (", ", (char **) opt->names);
    g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                 "Rule option “%s” cannot be “%s” (allowed: %s)", key,
                 value ? value : "", allowed);
  }
  return FALSE;
}

const char *
pj_option_group_title (PjOptionGroup group)
{
  static const char *const titles[PJ_N_OPTION_GROUPS] = {
    [PJ_OPTION_GROUP_TABLE] = N_("Table"),
    [PJ_OPTION_GROUP_TURN] = N_("Turns"),
    [PJ_OPTION_GROUP_CARDS] = N_("Cards"),
    [PJ_OPTION_GROUP_MOVING] = N_("Moving Pegs"),
    [PJ_OPTION_GROUP_TALK] = N_("Table Talk"),
  };

  g_return_val_if_fail (group < PJ_N_OPTION_GROUPS, NULL);
  return titles[group];
}

/* ------------------------------------------------------------------ */

/* The description: what differs from the basic game, and where it is
 * played (RULES.md §7-9), in one line for the New Game dialog. */
static const struct {
  const char *name;
  const char *title;
  const char *description;
} presets[] = {
  [PJ_PRESET_BASIC] = { "basic", N_("Basic"),
    N_("The common game: draw, play a card, race your pegs home") },
  [PJ_PRESET_ARIZONA] = { "arizona", N_("Arizona"),
    N_("Move any peg of your team; nines split forward and back; four decks") },
  [PJ_PRESET_NORTH_CAROLINA] = { "north-carolina", N_("North Carolina"),
    N_("Jokers jump onto any peg, twos swap, tens split; a free come-out after stuck turns") },
  [PJ_PRESET_PEGOO] = { "pegoo", N_("Pegoo"),
    N_("Florida’s game: 20 holes a side, jokers go to the door or send a peg back") },
  [PJ_PRESET_WIZARD_WOODWORKS] = { "wizard-woodworks", N_("Wizard Woodworks"),
    N_("Basic, but play first and draw after; twos swap, nines split forward and back") },
  [PJ_PRESET_ALASKA] = { "alaska", N_("Alaska"),
    N_("Basic, but a ten moves 10 forward or 1 back; a free come-out after stuck turns") },
  [PJ_PRESET_KILPATRICK] = { "kilpatrick", N_("Kilpatrick"),
    N_("Arizona with three cards each; a peg cannot pass its own home entrance") },
  [PJ_PRESET_BLUFFING_JOKER] = { "bluffing-joker", N_("Bluffing Joker"),
    N_("Florida’s bluffing game: cards are played face down and may be challenged") },
};
/* a preset without its row here does not build (_Static_assert: its message
 * says why) */
_Static_assert (G_N_ELEMENTS (presets) == PJ_N_PRESETS,
                "every PjPreset needs its row in the presets' table (HACKING.md, \"A preset\")");

const char *
pj_preset_description (PjPreset preset)
{
  g_return_val_if_fail (preset < PJ_N_PRESETS, NULL);
  return presets[preset].description;
}

const char *
pj_preset_name (PjPreset preset)
{
  g_return_val_if_fail (preset < PJ_N_PRESETS, NULL);
  return presets[preset].name;
}

const char *
pj_preset_title (PjPreset preset)
{
  g_return_val_if_fail (preset < PJ_N_PRESETS, NULL);
  return presets[preset].title;
}

char *
pj_preset_list (void)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < PJ_N_PRESETS; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", presets[i].name);
  return g_string_free (out, FALSE);
}

gboolean
pj_preset_lookup (const char *name,
                  PjPreset   *out)
{
  for (guint i = 0; i < PJ_N_PRESETS; i++)
    if (g_strcmp0 (presets[i].name, name) == 0)
      {
        *out = (PjPreset) i;
        return TRUE;
      }
  return FALSE;
}

void
pj_rules_preset (PjRules  *r,
                 PjPreset  preset,
                 guint     players)
{
  memset (r, 0, sizeof *r);
  r->players = (guint8) players;
  r->teams = 2;
  r->holes_per_side = 18;
  r->decks = players >= 8 ? 4 : 3;
  r->hand_size = 5;
  r->draw_first = TRUE;
  r->move_team_pegs = FALSE;
  r->ace = PJ_ACE_ONE;
  r->two_swap = FALSE;
  r->swap_needs_own_peg = FALSE;
  r->nine = PJ_NINE_NONE;
  r->ten = PJ_TEN_FORWARD;
  r->joker = PJ_JOKER_HIT_ANY;
  r->count_turns = 0;
  r->stuck_pile = FALSE;
  r->home_entry = PJ_HOME_OPTIONAL;
  r->bluffing = FALSE;
  r->beginner_table_talk = FALSE;
  r->split_finish_partner = TRUE;

  switch (preset)
    {
    case PJ_PRESET_BASIC:
    case PJ_N_PRESETS:
      break;
    case PJ_PRESET_ARIZONA:
      r->decks = 4;
      r->draw_first = FALSE;
      r->move_team_pegs = TRUE;
      r->nine = PJ_NINE_FWD_BACK;
      r->joker = PJ_JOKER_AZ_START_FIRST;
      break;
    case PJ_PRESET_NORTH_CAROLINA:
      r->ace = PJ_ACE_ONE_BACK_ELEVEN;
      r->two_swap = TRUE;
      r->nine = PJ_NINE_FWD_BACK;
      r->ten = PJ_TEN_SPLIT_ANY;
      r->count_turns = 3;
      break;
    case PJ_PRESET_PEGOO:
      r->holes_per_side = 20;
      r->two_swap = TRUE;
      r->nine = PJ_NINE_FWD_BACK;
      r->joker = PJ_JOKER_PEGOO;
      r->count_turns = 3;
      r->stuck_pile = TRUE;
      break;
    case PJ_PRESET_WIZARD_WOODWORKS:
      r->draw_first = FALSE;
      r->two_swap = TRUE;
      r->nine = PJ_NINE_FWD_BACK;
      break;
    case PJ_PRESET_ALASKA:
      r->ten = PJ_TEN_FWD_OR_BACK1;
      r->count_turns = 4;
      break;
    case PJ_PRESET_KILPATRICK:
      r->decks = 4;
      r->hand_size = 3;
      r->draw_first = FALSE;
      r->move_team_pegs = TRUE;
      r->nine = PJ_NINE_FWD_BACK;
      r->joker = PJ_JOKER_AZ_START_FIRST;
      r->home_entry = PJ_HOME_FORCED;
      break;
    case PJ_PRESET_BLUFFING_JOKER:
      r->bluffing = TRUE;
      break;
    }
}

/* ---- options that depend on others ------------------------------------ */

static gboolean
counting_applies (const PjRules *r)
{
  return !r->bluffing;   /* a bluffer is never stuck, so there is nothing to count */
}

static gboolean
stuck_pile_applies (const PjRules *r)
{
  return r->count_turns != 0;
}

static gboolean
swap_rule_applies (const PjRules *r)
{
  return r->two_swap;
}

static gboolean
split_finish_applies (const PjRules *r)
{
  return !r->move_team_pegs;   /* else a partner's pegs are yours to move anyway */
}

/* The one list of which option needs which: pj_rules_validate() refuses the
 * ones that must be off, the New Game dialog greys out every one that does
 * not apply, and the rules window leaves its text out. */
static const struct {
  PjOptionDependency dep;
  gboolean (*applies) (const PjRules *r);
  const char *refusal;   /* pj_rules_validate()'s error, when must_be_off */
} dependencies[] = {
  { { "count_turns", N_("Not with bluffing: a bluffer is never stuck"), TRUE, 0 }, counting_applies,
    "Rule option “count_turns” cannot be used with “bluffing” (a bluffer is never stuck)" },
  { { "stuck_pile", N_("Only when stuck turns are counted"), TRUE, FALSE }, stuck_pile_applies,
    "Rule option “stuck_pile” needs “count_turns” (there is nothing to count)" },
  { { "swap_needs_own_peg", N_("Only when a Two may swap"), FALSE, FALSE }, swap_rule_applies,
    NULL },
  { { "split_finish_partner", N_("Only when you move your own pegs before a partner’s"), FALSE, FALSE },
    split_finish_applies, NULL },
};

const PjOptionDependency *
pj_rules_option_blocked (const PjRules      *rules,
                         const PjOptionInfo *opt)
{
  for (guint i = 0; i < G_N_ELEMENTS (dependencies); i++)
    if (strcmp (dependencies[i].dep.key, opt->key) == 0 && !dependencies[i].applies (rules))
      return &dependencies[i].dep;
  return NULL;
}

gboolean
pj_rules_validate (const PjRules  *r,
                   GError        **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const PjOptionInfo *opt = &options[i];
      guint8 v = *field ((PjRules *) r, opt);
      gboolean ok = FALSE;

      for (guint j = 0; opt->names[j]; j++)
        ok |= opt->values[j] == v;
      if (!ok)
        {
          g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                       "Rule option “%s” has an invalid value %u", opt->key, v);
          return FALSE;
        }
    }
  if (r->teams != 2 && r->teams * 2 != r->players)
    {
      if (r->players == 4)
        g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                     "Rule option “teams” must be 2 with 4 players");
      else
        g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                     "Rule option “teams” must be 2 or %u with %u players (partners opposite)",
                     r->players / 2u, r->players);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (dependencies); i++)
    {
      const PjOptionDependency *dep = &dependencies[i].dep;
      const PjOptionInfo *opt = pj_option_lookup (dep->key);

      if (dep->must_be_off && !dependencies[i].applies (r) && *field ((PjRules *) r, opt) != dep->off)
        {
          g_set_error_literal (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                               dependencies[i].refusal);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
rules_equal_except_table (const PjRules *a,
                          const PjRules *b)
{
  PjRules x = *a, y = *b;

  x.players = y.players = 0;
  x.teams = y.teams = 0;
  return memcmp (&x, &y, sizeof x) == 0;
}

int
pj_rules_match_preset (const PjRules *rules)
{
  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      PjRules ref;

      pj_rules_preset (&ref, (PjPreset) p, rules->players);
      if (rules_equal_except_table (&ref, rules))
        return (int) p;
    }
  return -1;
}

static guint
count_differences (const PjRules *a,
                   const PjRules *b)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    n += *field ((PjRules *) a, &options[i]) != *field ((PjRules *) b, &options[i]);
  return n;
}

char *
pj_rules_to_string (const PjRules *rules)
{
  GString *out = g_string_new (NULL);
  PjRules ref;
  guint best = 0, best_diff = G_MAXUINT;

  for (guint p = 0; p < PJ_N_PRESETS; p++)
    {
      guint d;

      pj_rules_preset (&ref, (PjPreset) p, rules->players);
      d = count_differences (&ref, rules);
      if (d < best_diff)
        best = p, best_diff = d;
    }
  pj_rules_preset (&ref, (PjPreset) best, rules->players);
  g_string_append (out, presets[best].name);
  g_string_append_printf (out, " players=%u", rules->players);
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const PjOptionInfo *opt = &options[i];

      if (strcmp (opt->key, "players") == 0)
        continue;
      if (*field ((PjRules *) rules, opt) != *field (&ref, opt))
        g_string_append_printf (out, " %s=%s", opt->key, pj_option_get_string (rules, opt));
    }
  return g_string_free (out, FALSE);
}

gboolean
pj_rules_from_string (PjRules     *rules,
                      const char  *text,
                      GError     **error)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t\n", -1);
  PjRules r;
  PjPreset preset;
  guint players = 4;
  guint first = 0;

  while (words[first] && words[first][0] == '\0')
    first++;
  if (words[first] == NULL || !pj_preset_lookup (words[first], &preset))
    {
      g_autofree char *names = pj_preset_list ();

      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                   "Rules must start with a preset name (%s), not “%s”",
                   names, words[first] ? words[first] : "");
      return FALSE;
    }
  /* players first: the preset's deck count depends on it */
  for (guint i = first + 1; words[i]; i++)
    if (g_str_has_prefix (words[i], "players="))
      {
        const char *v = words[i] + 8;
        if (g_strcmp0 (v, "4") && g_strcmp0 (v, "6") && g_strcmp0 (v, "8"))
          {
            g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                         "Rule option “players” cannot be “%s” (allowed: 4, 6, 8)", v);
            return FALSE;
          }
        players = (guint) atoi (v);
      }
  pj_rules_preset (&r, preset, players);
  for (guint i = first + 1; words[i]; i++)
    {
      char *eq;

      if (words[i][0] == '\0')
        continue;
      eq = strchr (words[i], '=');
      if (eq == NULL)
        {
          g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_INVALID_OPTION,
                       "Expected option=value, got “%s”", words[i]);
          return FALSE;
        }
      *eq = '\0';
      if (!pj_option_set_string (&r, words[i], eq + 1, error))
        return FALSE;
    }
  if (!pj_rules_validate (&r, error))
    return FALSE;
  *rules = r;
  return TRUE;
}
