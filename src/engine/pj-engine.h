/* pj-engine.h — the Pegs and Jokers rules engine: public API
 *
 * Plain C over GLib (no GObject, no GTK, no I/O besides notation text).
 * A game is a PjState: a compact value that can be copied with memcpy.
 * Everything is deterministic from the seed given to pj_state_new_game().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* Limits                                                              */

#define PJ_MAX_PLAYERS   8
#define PJ_PEGS          5           /* pegs per colour */
#define PJ_MAX_PEGS      (PJ_MAX_PLAYERS * PJ_PEGS)
#define PJ_HOME_HOLES    5
#define PJ_MAX_SIDE      20
#define PJ_MAX_TRACK     (PJ_MAX_PLAYERS * PJ_MAX_SIDE)   /* 160 */
#define PJ_MAX_HAND      8
#define PJ_MAX_CARDS     216         /* 4 decks of 54 */
#define PJ_MAX_STEPS     14
#define PJ_COME_OUT_HOLE 8           /* hole of a side where its pegs come out (B-12) */
#define PJ_IN_SPOT_HOLE  3           /* hole of a side where its home track branches (B-13) */

/* Peg positions. Main-track holes are 0 .. track_len-1, counted clockwise
 * from seat 0's corner; side s covers s*holes_per_side .. +holes_per_side-1. */
#define PJ_POS_HOME0     200         /* home hole h (0..4) is PJ_POS_HOME0 + h */
#define PJ_POS_START     255

#define PJ_POS_IS_TRACK(p) ((p) < PJ_MAX_TRACK)
#define PJ_POS_IS_HOME(p)  ((p) >= PJ_POS_HOME0 && (p) < PJ_POS_HOME0 + PJ_HOME_HOLES)
#define PJ_POS_HOME(h)     ((guint8) (PJ_POS_HOME0 + (h)))

/* A peg id is colour * 5 + index; colour c is seat c's colour. */
#define PJ_PEG_ID(c, i)    ((guint8) ((c) * PJ_PEGS + (i)))
#define PJ_PEG_COLOUR(id)  ((id) / PJ_PEGS)
#define PJ_PEG_INDEX(id)   ((id) % PJ_PEGS)

/* ------------------------------------------------------------------ */
/* Errors                                                              */

#define PJ_ENGINE_ERROR (pj_engine_error_quark ())
GQuark pj_engine_error_quark (void);

typedef enum {
  PJ_ENGINE_ERROR_INVALID_OPTION,   /* a rule option is unknown or out of range */
  PJ_ENGINE_ERROR_PARSE,            /* notation text could not be read */
  PJ_ENGINE_ERROR_ILLEGAL_ACTION,   /* the action is not legal in this position */
  PJ_ENGINE_ERROR_INVARIANT,        /* a position breaks the rules of the board */
  PJ_ENGINE_ERROR_GAME_OVER,        /* the game has ended */
} PjEngineError;

/* ------------------------------------------------------------------ */
/* Cards                                                               */

typedef enum {
  PJ_CARD_NONE    = 0,
  PJ_CARD_ACE     = 1,
  /* 2 .. 10 are themselves */
  PJ_CARD_JACK    = 11,
  PJ_CARD_QUEEN   = 12,
  PJ_CARD_KING    = 13,
  PJ_CARD_JOKER   = 14,
  PJ_CARD_UNKNOWN = 15,           /* a card this viewer may not see */
} PjCard;

#define PJ_N_RANKS 15             /* index by PjCard: 1..14 are real cards */

#define PJ_CARD_RANK(c)      ((c) & 0x0f)
#define PJ_CARD_FACE_DOWN    0x80 /* in the discard pile: played face down (Bluffing Joker) */
#define PJ_CARD_STUCK_PILE   0x40 /* in the discard pile: on the "unable to play" pile (Pegoo) */

const char *pj_card_to_string (PjCard card);          /* "A", "2" … "10", "J", "Q", "K", "JK", "?" */
PjCard      pj_card_from_string (const char *text);   /* PJ_CARD_NONE if not a card */

/* ------------------------------------------------------------------ */
/* Random numbers: our own generator, so every machine shuffles alike. */

typedef struct {
  guint64 s[2];
} PjRng;

void    pj_rng_seed    (PjRng *rng, guint64 seed);
guint64 pj_rng_next    (PjRng *rng);
guint32 pj_rng_below   (PjRng *rng, guint32 bound);   /* uniform in [0, bound) */
double  pj_rng_double  (PjRng *rng);                  /* uniform in [0, 1) */
/* splitmix64: one seed to an unrelated one, so seeds derived from a seed
 * (per game, per sample, per decision) do not run in step. Saved games and
 * tests depend on its exact numbers. */
guint64 pj_seed_mix    (guint64 x);

/* ------------------------------------------------------------------ */
/* Rule options and presets (RULES.md §10)                             */

typedef enum { PJ_ACE_ONE, PJ_ACE_ONE_BACK_ELEVEN } PjAceRule;
typedef enum { PJ_NINE_NONE, PJ_NINE_FWD_FWD, PJ_NINE_FWD_BACK } PjNineRule;
typedef enum { PJ_TEN_FORWARD, PJ_TEN_SPLIT_ANY, PJ_TEN_FWD_OR_BACK1 } PjTenRule;
typedef enum { PJ_JOKER_HIT_ANY, PJ_JOKER_AZ_START_FIRST, PJ_JOKER_PEGOO } PjJokerRule;
typedef enum { PJ_HOME_OPTIONAL, PJ_HOME_FORCED } PjHomeEntry;

typedef enum {
  PJ_PRESET_BASIC,
  PJ_PRESET_ARIZONA,
  PJ_PRESET_NORTH_CAROLINA,
  PJ_PRESET_PEGOO,
  PJ_PRESET_WIZARD_WOODWORKS,
  PJ_PRESET_ALASKA,
  PJ_PRESET_KILPATRICK,
  PJ_PRESET_BLUFFING_JOKER,
  PJ_N_PRESETS
} PjPreset;

/* Every field is one option of RULES.md §10 (see pj_option_info()). */
typedef struct {
  guint8 players;            /* 4, 6, 8 */
  guint8 teams;              /* 2, or players / 2 (partners opposite) — B-1 */
  guint8 holes_per_side;     /* 18, 20 */
  guint8 decks;              /* 3, 4 */
  guint8 hand_size;          /* 3, 5 */
  guint8 draw_first;         /* bool — B-20 */
  guint8 move_team_pegs;     /* bool — AZ-3 */
  guint8 ace;                /* PjAceRule — NC-4 */
  guint8 two_swap;           /* bool — NC-5 */
  guint8 swap_needs_own_peg; /* bool — NC-5 */
  guint8 nine;               /* PjNineRule — AZ-5, NC-7 */
  guint8 ten;                /* PjTenRule — NC-8, AK */
  guint8 joker;              /* PjJokerRule — B §5, NC-3, AZ-7, PG */
  guint8 count_turns;        /* 0 (off), 3, 4 — NC-10 */
  guint8 stuck_pile;         /* bool — PG: stuck discards go to an "unable to play" pile */
  guint8 home_entry;         /* PjHomeEntry — B-35, K-2 */
  guint8 bluffing;           /* bool — BJ */
  guint8 beginner_table_talk;/* bool — §12 (not a rule of movement; saved with the game) */
  guint8 split_finish_partner; /* bool — B-60: a split may finish your pegs and move a partner's */
} PjRules;

typedef enum {
  PJ_OPTION_INT,    /* value is one of the listed numbers */
  PJ_OPTION_BOOL,   /* "yes" / "no" */
  PJ_OPTION_ENUM,   /* value is one of the listed names */
} PjOptionKind;

/* Where an option is shown in the UI; the order is the display order. */
typedef enum {
  PJ_OPTION_GROUP_TABLE,    /* players, teams, board and cards on the table */
  PJ_OPTION_GROUP_TURN,     /* the shape of a turn */
  PJ_OPTION_GROUP_CARDS,    /* what single cards do */
  PJ_OPTION_GROUP_MOVING,   /* whose pegs move and where */
  PJ_OPTION_GROUP_TALK,     /* what partners may say */
  PJ_N_OPTION_GROUPS
} PjOptionGroup;

typedef struct {
  const char *key;            /* "draw_first" — used in notation, saves, CLI, network */
  PjOptionKind kind;
  const char *title;          /* untranslated (marked N_), for the UI */
  const char *description;    /* untranslated (marked N_), one sentence */
  const char *const *names;   /* allowed value names, NULL-terminated */
  const guint8 *values;       /* the value stored for each name */
  gsize offset;               /* offsetof (PjRules, field) */
  const char *const *value_titles; /* untranslated (marked N_), one per name, for the UI */
  /* untranslated (marked N_), one per name: what the option means at that
   * value, as the rules window says it (every option has one for every
   * value; tests/model/test-rules-text.c holds the window to them) */
  const char *const *value_explanations;
  PjOptionGroup group;
} PjOptionInfo;

guint               pj_option_count      (void);
const PjOptionInfo *pj_option_info       (guint i);
const PjOptionInfo *pj_option_lookup     (const char *key);
const char         *pj_option_get_string (const PjRules *rules, const PjOptionInfo *opt);
gboolean            pj_option_set_string (PjRules *rules, const char *key, const char *value, GError **error);
const char         *pj_option_group_title (PjOptionGroup group);   /* "Cards" (N_) */

const char *pj_preset_name   (PjPreset preset);        /* "north-carolina" */
const char *pj_preset_title  (PjPreset preset);        /* "North Carolina" (N_) */
const char *pj_preset_description (PjPreset preset);   /* what differs, in one line (N_) */
gboolean    pj_preset_lookup (const char *name, PjPreset *out);
/* "basic, arizona, …": every preset's name, for the texts that list them. */
char       *pj_preset_list   (void);

/* The preset's rules for that many players (decks depend on it); teams = 2. */
void     pj_rules_preset   (PjRules *rules, PjPreset preset, guint players);
gboolean pj_rules_validate (const PjRules *rules, GError **error);

/* An option that only applies while the others allow it. */
typedef struct {
  const char *key;          /* the option that depends on others: "stuck_pile" */
  const char *why;          /* untranslated (marked N_): why it does not apply now, for the UI */
  gboolean    must_be_off;  /* pj_rules_validate() refuses it unless it is `off` (else it only
                             * means nothing meanwhile) */
  guint8      off;
} PjOptionDependency;

/* NULL when `opt` applies under the other options of `rules`; otherwise
 * what it depends on. pj_rules_validate()'s cross-option rules are these
 * (and the table layout: teams against players). */
const PjOptionDependency *pj_rules_option_blocked (const PjRules *rules, const PjOptionInfo *opt);
/* "basic" or "basic decks=4 count_turns=3": the closest preset and the options that differ. */
char    *pj_rules_to_string   (const PjRules *rules);
gboolean pj_rules_from_string (PjRules *rules, const char *text, GError **error);
/* The preset this rule set was derived from for display, or -1 if none matches exactly. */
int      pj_rules_match_preset (const PjRules *rules);

/* ------------------------------------------------------------------ */
/* Board geometry                                                      */

static inline guint pj_track_len (const PjRules *r) { return (guint) r->players * r->holes_per_side; }
static inline guint8 pj_come_out_hole (const PjRules *r, guint colour)
{ return (guint8) (colour * r->holes_per_side + PJ_COME_OUT_HOLE); }
static inline guint8 pj_in_spot_hole (const PjRules *r, guint colour)
{ return (guint8) (colour * r->holes_per_side + PJ_IN_SPOT_HOLE); }
static inline guint pj_team_of (const PjRules *r, guint seat) { return seat % r->teams; }
static inline guint pj_team_size (const PjRules *r) { return r->players / r->teams; }

/* ------------------------------------------------------------------ */
/* Actions                                                             */

typedef enum {
  PJ_ACTION_NONE = 0,
  PJ_ACTION_MOVE,          /* play a card and move (incl. come-out, split, swap, joker) */
  PJ_ACTION_DISCARD,       /* discard a card without moving (B-22, NC-10) */
  PJ_ACTION_FREE_COME_OUT, /* discard a card, then bring a peg out for free (NC-10) */
  PJ_ACTION_CHALLENGE,     /* Bluffing Joker: challenge the declared card */
  PJ_ACTION_PASS,          /* Bluffing Joker: let it stand */
  PJ_ACTION_PENALTY,       /* Bluffing Joker: send the chosen peg back to start */
} PjActionKind;

enum {
  PJ_STEP_PART2   = 1 << 0, /* belongs to the second part of a split */
  PJ_STEP_HIT     = 1 << 1, /* a consequence of a landing: the peg was hit */
  PJ_STEP_SWAP    = 1 << 2, /* a Two swap (both steps carry it) */
  PJ_STEP_SEND    = 1 << 3, /* Pegoo joker: sent back to start, no landing */
  PJ_STEP_BACK    = 1 << 4, /* the move went backward */
  PJ_STEP_PENALTY = 1 << 5, /* Bluffing Joker penalty */
};

enum {
  PJ_ACTION_FLAG_NO_PLAY = 1 << 0, /* discard on a turn with no legal play (counts, NC-10) */
};

typedef struct {
  guint8 peg;    /* peg id */
  guint8 from;   /* position */
  guint8 to;     /* position */
  guint8 flags;  /* PJ_STEP_* */
} PjStep;

/* A legal action is a plain value: compare with pj_action_equal(). The steps
 * list every peg that moves, in order: a part's own move, then the pegs it hit. */
typedef struct {
  guint8 kind;      /* PjActionKind */
  guint8 card;      /* the card played or discarded (PJ_CARD_UNKNOWN if hidden) */
  guint8 declared;  /* the card declared: == card except for a bluff */
  guint8 flags;     /* PJ_ACTION_FLAG_* */
  guint8 n_steps;
  guint8 reserved[3];
  PjStep steps[PJ_MAX_STEPS];
} PjAction;

gboolean pj_action_equal (const PjAction *a, const PjAction *b);
/* The pegs an action moved, its own and the ones it hit, as a set of peg ids
 * (bit PJ_PEG_ID): what the board marks as the last move. */
guint64  pj_action_moved_pegs (const PjAction *a);
/* Whether the action is a turn's play (it replaces the last move shown);
 * a Bluffing Joker answer that moves nothing is not. */
gboolean pj_action_is_play    (const PjAction *a);

/* A growable list; after the first few calls generation allocates nothing. */
typedef struct {
  PjAction *v;
  guint n;
  guint cap;
  guint32 *seen;     /* scratch for removing duplicate splits */
  guint seen_cap;
  guint seen_mask;
  guint32 seen_stamp;
} PjActionList;

void pj_action_list_init  (PjActionList *list);
void pj_action_list_clear (PjActionList *list);   /* frees */

/* ------------------------------------------------------------------ */
/* State                                                               */

typedef enum {
  PJ_PHASE_PLAY,        /* actor plays or discards a card */
  PJ_PHASE_CHALLENGE,   /* actor (an opponent) may challenge the pending bluff move */
  PJ_PHASE_PENALTY,     /* actor picks a peg of the loser of a challenge */
  PJ_PHASE_OVER,        /* a team has won */
} PjPhase;

typedef struct {
  guint8 peg[PJ_MAX_PLAYERS][PJ_PEGS]; /* position of each peg */
  guint8 occ[PJ_MAX_TRACK];            /* main-track hole -> peg id + 1, or 0 */
  guint8 home[PJ_MAX_PLAYERS];         /* bit h set: home hole h of that colour is filled */
  guint8 n_start[PJ_MAX_PLAYERS];      /* pegs in the start area */
} PjBoard;

typedef struct {
  PjRules rules;
  guint8  track_len;
  guint8  phase;                 /* PjPhase */
  guint8  turn;                  /* seat whose turn it is */
  guint8  actor;                 /* seat who must choose now */
  guint8  dealer;
  guint8  winner;                /* winning team, or 0xff */
  guint8  penalty_loser;         /* BJ: seat whose peg goes back */
  guint8  challenger;            /* BJ: seat who challenged */
  guint32 turn_number;           /* turns begun so far, from 1 */
  PjBoard board;
  guint8  hand[PJ_MAX_PLAYERS][PJ_MAX_HAND];
  guint8  hand_count[PJ_MAX_PLAYERS];
  guint8  stuck[PJ_MAX_PLAYERS];        /* turns in a row with no legal play (NC-10) */
  guint8  extra_turns[PJ_MAX_PLAYERS];  /* BJ: extra turns owed */
  /* BJ: what every seat has shown when challenged, public to all: the
   * computer players read a seat's bluffing habit from it (saturating) */
  guint8  bluffs_caught[PJ_MAX_PLAYERS];
  guint8  honest_shown[PJ_MAX_PLAYERS];
  /* BJ: what every seat declared with none of its pegs in play, public as
   * every declaration is: an Ace, or another rank */
  guint8  aces_out[PJ_MAX_PLAYERS];
  guint8  others_out[PJ_MAX_PLAYERS];
  guint8  n_cards;                      /* decks * 54 */
  guint8  n_stock;
  guint8  n_discard;
  guint8  again;                        /* BJ: extra turns in a row the seat to move is on */
  /* stock: pile[0 .. n_stock) (top last); discard: pile[n_cards - n_discard .. n_cards)
   * (top first); hands hold the rest. */
  guint8  pile[PJ_MAX_CARDS];
  PjAction pending;              /* BJ: the move waiting for challenges */
  PjRng   rng;                   /* reshuffles of the discard pile (B-6) */
} PjState;

/* A new game: shuffle with the seed, pick the dealer (dealer < 0: from the
 * seed), deal, and start the first turn. The rules must be valid. */
void     pj_state_new_game (PjState *s, const PjRules *rules, guint64 seed, int dealer);

/* All legal actions of s->actor (cleared first). Empty only when the game is over. */
void     pj_legal_actions  (const PjState *s, PjActionList *out);

/* Apply an action that came from pj_legal_actions() of this very state. */
void     pj_state_apply    (PjState *s, const PjAction *a);
/* Check the action against the legal list first: an illegal action changes nothing. */
gboolean pj_state_apply_checked (PjState *s, const PjAction *a, GError **error);

/* Move the pegs of an action's steps on a board, keeping its occupancy in
 * step (no cards, no turn): how apply moves pegs, and how a computer player
 * looks at a board one move ahead. */
void     pj_board_apply_steps (PjBoard *b, const PjAction *a);

gboolean pj_state_is_over  (const PjState *s);
/* Check every invariant (peg counts, occupancy, cards, phase): for tests and loads. */
gboolean pj_state_check    (const PjState *s, GError **error);

/* Colours (bit mask) whose pegs the seat may move now (B-30, B-60, AZ-3). */
guint    pj_state_movable_colours (const PjState *s, guint seat);
gboolean pj_state_colour_done (const PjState *s, guint colour);   /* all 5 pegs home */
guint    pj_state_top_discard (const PjState *s);                  /* visible top card or NONE */
guint    pj_state_stuck_pile_count (const PjState *s);

/* What `viewer` may see: other hands, the stock order and face-down cards become
 * PJ_CARD_UNKNOWN (viewer < 0: a spectator, sees no hand). */
void     pj_state_redact (PjState *s, int viewer);
/* What `viewer` may see of `action` played in `before` (viewer < 0: a
 * spectator). BJ: a card is played face down, so only its player knows it
 * (out->card becomes PJ_CARD_UNKNOWN, the declared card stays) until a
 * challenge turns it up. `out` may be `action`. */
void     pj_action_redact (const PjState *before, const PjAction *action, int viewer,
                           PjAction *out);
/* BJ: the card a challenge turns face up for everyone (the pending move's
 * real card); PJ_CARD_NONE for any other action. */
PjCard   pj_action_revealed_card (const PjState *before, const PjAction *action);
/* Fill every PJ_CARD_UNKNOWN with a random deal of the cards the viewer has not
 * seen, consistent with hand sizes (for searching computer players). */
void     pj_state_determinize (PjState *s, PjRng *rng);

/* ------------------------------------------------------------------ */
/* Notation (see NOTATION in pj-notation.c and README)                 */

char    *pj_position_to_string (const PjState *s);
gboolean pj_position_from_string (PjState *s, const char *text, GError **error);

char    *pj_pos_to_string (const PjState *s, guint colour, guint8 pos); /* "r12", "h3", "s" */
char    *pj_action_to_string (const PjState *s, const PjAction *a);
/* Parse an action and find it among the legal actions of s. */
gboolean pj_action_from_string (const PjState *s, const char *text, PjAction *out, GError **error);
/* Read an action as a seat saw it (pj_action_redact(), then
 * pj_action_to_string()) in `seen`, that seat's view of the position before
 * it (pj_state_redact()). The actor's unseen cards cannot be searched for
 * legal actions, so the played card is taken from the text; a card played
 * face down ("?=5 R1 r12-r17") reads back with card PJ_CARD_UNKNOWN. The
 * notation does not say whether another seat's discard had no play (B-22,
 * PJ_ACTION_FLAG_NO_PLAY): that flag is a guess. */
gboolean pj_action_read_seen (const PjState *seen, const char *text, PjAction *out,
                              GError **error);

char     pj_colour_letter (guint colour);            /* 'R', 'B', … */
const char *pj_colour_name (guint colour);           /* "Red" (N_) */

G_END_DECLS
