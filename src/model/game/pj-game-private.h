/* pj-game-private.h — what the files of PjGame share
 *
 * PjGame is one class over several files, split by concern:
 *   pj-game.c           the object, seats, the checked apply path, undo, figures
 *   pj-game-computer.c  computer seats (and covering a dropped one), pacing, hints
 *   pj-game-autosave.c  writing the record after every action, off the main thread
 *   pj-game-mirror.c    a mirror of a table another program hosts
 *   pj-game-text.c      sentences for people: colours, cards, moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-game.h"
#include "pj-move-item.h"

G_BEGIN_DECLS

typedef struct _PjAutosave PjAutosave;


struct _PjGame
{
  GObject        parent_instance;

  PjState        state;          /* always equal to the record's state */
  PjActionList   legal;          /* legal actions of state.actor */
  guint64        seed;
  PjRecord      *record;         /* what is saved and replayed: rules, seats, actions */
  GDateTime     *ended;          /* when the last action ended the game */

  PjController   controller[PJ_MAX_PLAYERS];
  /* a computer level playing a remote seat whose person is away, or
   * PJ_CONTROLLER_REMOTE: the person plays it (pj_game_cover_seat()) */
  PjController   cover[PJ_MAX_PLAYERS];
  GMainContext  *context;        /* the thread-default context of the creating thread */
  char          *name[PJ_MAX_PLAYERS];

  GListStore    *history;

  /* computer play */
  guint          delay_ms;
  gboolean       running;
  gboolean       thinking;
  GCancellable  *cancellable;
  guint          pace_source;
  PjAction       pending;
  gboolean       have_pending;   /* pending is chosen and waits for its pace */
  gint64         turn_started;   /* when the computer began choosing */
  guint          holds;          /* views still animating (pj_game_hold_pace()) */
  gint64         settled_at;     /* when the last hold was released */
  gboolean       paused;         /* pj_game_set_paused(): one more hold */
  gint64         paused_at;      /* monotonic µs, while paused */
  gint64         paused_us;      /* time spent paused, left out of the game's duration */
  guint          test_failing_levels;   /* tests: 1 << PjAiLevel of levels that fail */
  guint          test_hard_iterations;  /* tests: 0, or a hard budget without time limit */

  PjAutosave    *saver;          /* NULL: no autosave */
  char          *save_error;     /* why saves fail now, or NULL */
  guint          save_retry_source;

  /* mirror of a remote table: the record is NULL, the host decides */
  gboolean       mirror;
  int            local_seat;      /* -1: a spectator */
  guint          n_actions;       /* the host's count */
  gboolean       awaiting;        /* an action sent, not answered yet, or held */
  guint          sent_at;         /* n_actions when the awaited action was sent */
  gboolean       held;            /* no host: waiting for its next position */
  PjGameSendFunc send_func;
  gpointer       send_data;
  GDestroyNotify send_destroy;
  PjGameStats    mirror_stats;    /* counted from the updates (no record to replay) */
  /* the position after each history item, as this seat saw it: a mirror
   * has no record to replay, and may have joined after the first move */
  GArray        *mirror_positions;
  /* some history item is not the action of its index (the mirror came in
   * mid-game, or jumped over moves): a `past` from the first move replaces it */
  gboolean       mirror_gap;
  GDateTime     *created;
};

enum {
  PROP_0,
  PROP_N_PLAYERS,
  PROP_ACTOR,
  PROP_TURN_NUMBER,
  PROP_OVER,
  PROP_WINNER,
  PROP_VIEWER,
  PROP_THINKING,
  PROP_DELAY,
  PROP_HISTORY,
  PROP_AWAITING,
  PROP_SAVE_ERROR,
  N_PROPS
};

enum {
  ACTION_APPLIED,
  TURN_CHANGED,
  GAME_OVER,
  STATE_RESET,
  SAVE_FAILED,
  N_SIGNALS
};

extern GParamSpec *_pj_game_properties[N_PROPS];
extern guint _pj_game_signals[N_SIGNALS];

/* pj-game.c */
gboolean    _pj_game_find_legal          (PjGame         *self,
                                          const PjAction *action);
void        _pj_game_apply_internal      (PjGame         *self,
                                          const PjAction *action);
PjMoveItem *_pj_game_make_item           (PjGame         *self,
                                          const PjState  *before,
                                          const PjAction *action);

/* pj-game-mirror.c */
void        _pj_game_mirror_append       (PjGame         *self,
                                          guint           index,
                                          const PjState  *before,
                                          const PjAction *seen,
                                          const PjState  *after);

void        _pj_game_remove_source       (PjGame         *self,
                                          guint          *source_id);
PjController _pj_game_playing_controller (PjGame        *self,
                                          guint          seat);

/* pj-game-computer.c */
void        _pj_game_maybe_start_computer (PjGame        *self);
gint64      _pj_game_paused_us           (PjGame         *self);
void        _pj_game_cancel_computer      (PjGame        *self);
/* tests: the decisions of the levels in `levels` (a mask of 1 << PjAiLevel)
 * fail; hard decisions search `iterations` playouts without a time limit
 * (0: the app's budget) */
void        _pj_game_set_computer_failures_for_testing (PjGame *self,
                                                        guint   levels);
void        _pj_game_set_hard_iterations_for_testing   (PjGame *self,
                                                        guint   iterations);

/* pj-game-autosave.c */
void        _pj_game_schedule_autosave   (PjGame         *self);
void        _pj_game_clear_autosave      (PjGame         *self);

/* pj-game-mirror.c */
gboolean    _pj_game_mirror_send         (PjGame         *self,
                                          const PjAction *action,
                                          GError        **error);

G_END_DECLS
