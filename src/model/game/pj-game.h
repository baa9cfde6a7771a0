/* pj-game.h — a game on the table: engine state, seats and the move history
 *
 * A PjGame is either local (it owns the engine state and the record; its
 * computer seats play on worker threads) or a mirror of a table that a LAN
 * host decides (pj_game_new_mirror()). Views cannot tell the two apart: they
 * draw pj_game_get_state(), offer pj_game_get_human_actions() and send the
 * chosen one to pj_game_apply(), and animate "action-applied".
 *
 * In a mirror:
 * - the state is the host's position as the local seat may see it (other
 *   hands, the stock and face-down cards are PJ_CARD_UNKNOWN);
 * - pj_game_apply() checks the action against the local seat's legal
 *   actions in that position and hands its notation to the send function
 *   (e.g. pj_client_send_action()); nothing changes until the host answers
 *   (pj_game_get_awaiting() meanwhile; pj_game_mirror_refused() if it says no;
 *   an update that is not the answer leaves it awaiting);
 * - pj_game_mirror_hold() when the link to the host is lost: nothing can be
 *   chosen until the host's next position;
 * - pj_game_mirror_update() brings the host's answer: the action text is
 *   applied to the previous position only to learn its steps for
 *   "action-applied", then the host's position is adopted as it is;
 * - the local seat is the viewer and the only seat whose turn is "human";
 *   pj_game_get_controller() says who plays each seat (PJ_CONTROLLER_HUMAN
 *   for a person here or elsewhere, a computer level for the host's computer
 *   players, PJ_CONTROLLER_REMOTE for an open seat);
 * - computer players, undo, autosave and the record are off (the record is
 *   NULL): the host keeps the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pj-engine.h"
#include "pj-record.h"

G_BEGIN_DECLS

#define PJ_GAME_ERROR (pj_game_error_quark ())
GQuark pj_game_error_quark (void);

typedef enum {
  PJ_GAME_ERROR_NOT_YOUR_TURN,   /* the seat to move is not a local human */
  PJ_GAME_ERROR_BUSY,            /* a computer player is choosing */
  PJ_GAME_ERROR_CANNOT_UNDO,     /* no human action to take back, or other humans play */
  PJ_GAME_ERROR_WAITING,         /* a mirror's action awaits the host's answer */
  PJ_GAME_ERROR_BAD_PAST,        /* a mirror's past move that does not fit its history */
} PjGameError;


/* Figures of one game, for the end-of-game dialog. */
typedef struct {
  guint  turns;
  guint  cards_played;
  guint  sent_home;                 /* pegs sent back to their start, by anyone */
  guint  hits[PJ_MAX_PLAYERS];      /* per team: other teams' pegs it sent back */
  gint64 duration_s;                /* from the record's creation to the end (or now) */
} PjGameStats;

#define PJ_TYPE_GAME (pj_game_get_type ())
G_DECLARE_FINAL_TYPE (PjGame, pj_game, PJ, GAME, GObject)

/* Sends a mirror's chosen action (its notation in the mirror's position) to
 * the table's host; FALSE with error when it cannot be sent. */
typedef gboolean (*PjGameSendFunc) (PjGame          *game,
                                    const PjAction  *action,
                                    const char      *text,
                                    gpointer         user_data,
                                    GError         **error);

PjGame         *pj_game_new                (const PjRules *rules,
                                            guint64        seed,
                                            int            dealer);
PjGame         *pj_game_new_from_record    (PjRecord      *record);
PjGame         *pj_game_new_rematch        (PjGame        *game,
                                            guint64        seed);
/* The game of a hosted table: like pj_game_new_from_record(), but remote
 * seats stay PJ_CONTROLLER_REMOTE and are played through
 * pj_game_apply_for_seat() (a LAN host, a server). */
PjGame         *pj_game_new_for_table      (PjRecord      *record);
PjRecord       *pj_game_get_record         (PjGame        *self);
const PjState  *pj_game_get_state          (PjGame        *self);
const PjRules  *pj_game_get_rules          (PjGame        *self);
guint64         pj_game_get_seed           (PjGame        *self);
guint           pj_game_get_n_players      (PjGame        *self);
guint           pj_game_get_actor          (PjGame        *self);
gboolean        pj_game_is_over            (PjGame        *self);
int             pj_game_get_winner         (PjGame        *self);

void            pj_game_set_controller     (PjGame        *self,
                                            guint          seat,
                                            PjController   controller);
PjController    pj_game_get_controller     (PjGame        *self,
                                            guint          seat);
const char     *pj_game_get_seat_name      (PjGame        *self,
                                            guint          seat);
void            pj_game_set_seat_name      (PjGame        *self,
                                            guint          seat,
                                            const char    *name);
int             pj_game_get_viewer         (PjGame        *self);
gboolean        pj_game_is_human_turn      (PjGame        *self);
gboolean        pj_game_get_thinking       (PjGame        *self);

guint           pj_game_get_delay          (PjGame        *self);
void            pj_game_set_delay          (PjGame        *self,
                                            guint          delay_ms);

/* Pacing: a view holds the game while it animates a move; a computer's
 * next action waits for the release, then for the delay. */
void            pj_game_hold_pace          (PjGame        *self);
void            pj_game_release_pace       (PjGame        *self);
gboolean        pj_game_get_pace_held      (PjGame        *self);
/* Pause: the computers wait (they may go on choosing), and the time
 * paused does not count in the game's duration; resuming starts the
 * delay again, as after an animation. A mirror's computers are the host's:
 * it cannot be paused here. */
gboolean        pj_game_set_paused         (PjGame        *self,
                                            gboolean       paused);
gboolean        pj_game_get_paused         (PjGame        *self);

void            pj_game_start              (PjGame        *self);
void            pj_game_stop               (PjGame        *self);

const PjAction *pj_game_get_human_actions  (PjGame        *self,
                                            guint         *n_actions);
gboolean        pj_game_apply              (PjGame        *self,
                                            const PjAction *action,
                                            GError       **error);
/* A remote seat's action (a hosted table): the same checks as
 * pj_game_apply(), for the person at @seat, which must be a remote seat
 * that is not covered by a computer (PJ_GAME_ERROR_NOT_YOUR_TURN). */
gboolean        pj_game_apply_for_seat     (PjGame        *self,
                                            guint          seat,
                                            const PjAction *action,
                                            GError       **error);
/* A computer of @level (a computer controller) plays a remote seat while
 * its person is away; PJ_CONTROLLER_REMOTE hands it back (a computer
 * choosing for it is stopped). */
void            pj_game_cover_seat         (PjGame        *self,
                                            guint          seat,
                                            PjController   level);
gboolean        pj_game_is_covered         (PjGame        *self,
                                            guint          seat);
/* Whether a computer chooses the seat's actions now (its own or a cover). */
gboolean        pj_game_seat_is_computer   (PjGame        *self,
                                            guint          seat);
void            pj_game_hint_async         (PjGame        *self,
                                            GCancellable  *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer       user_data);
gboolean        pj_game_hint_finish        (PjGame        *self,
                                            GAsyncResult  *result,
                                            PjAction      *out,
                                            char         **reason,
                                            GError       **error);
char           *pj_game_describe_action    (PjGame        *self,
                                            const PjState *before,
                                            const PjAction *action);
GListModel     *pj_game_get_history        (PjGame        *self);
/* The move list's line for history item `item` (pj-game-text.c): its
 * description, and for a Bluffing Joker play the answers that let it stand
 * folded in ("… — Blue and Green let it stand", "… — nobody challenged");
 * the list shows those answers (PJ_ACTION_PASS) in the play's line only. */
char           *pj_game_describe_history_item (PjGame     *self,
                                               guint       item);
gboolean        pj_game_get_position_after (PjGame        *self,
                                            guint          item,
                                            PjState       *out);
/* Words for the person at the table (pj-game-text.c): the Bluffing Joker
 * question asked now, the run of turns of the seat to move ("2 turns in a
 * row"), and a hint as an instruction ("Play your 6: move peg 1 6 holes
 * forward — …"). */
char           *pj_game_describe_question  (PjGame        *self);
guint           pj_game_get_turn_run       (PjGame        *self);
char           *pj_game_describe_turn_run  (PjGame        *self);
char           *pj_game_describe_hint      (PjGame        *self,
                                            const PjState *before,
                                            const PjAction *action,
                                            const char    *reason);

gboolean        pj_game_can_undo           (PjGame        *self);
gboolean        pj_game_undo               (PjGame        *self,
                                            GError       **error);
void            pj_game_get_stats          (PjGame        *self,
                                            PjGameStats   *stats);

/* Every action (and undo) rewrites @path, the write off the main thread;
 * a failed write emits "save-failed" (GError) and the game goes on (with no
 * handler connected it is logged). */
void            pj_game_set_autosave_path  (PjGame        *self,
                                            const char    *path);
gboolean        pj_game_get_saving         (PjGame        *self);
/* The autosaved game's record (NULL: none), falling back to the last good
 * autosave when the newest is damaged (which is set aside, never deleted);
 * notice: what to tell the person (g_free), or NULL when all went well. */
PjRecord       *pj_game_restore_autosave   (const char    *path,
                                            char         **notice);
/* While the autosave fails it is tried again this often, move or not. */
#define PJ_GAME_SAVE_RETRY_S 5
/* Why the autosave fails now (NULL while saves work): "save-error". */
const char     *pj_game_get_save_error     (PjGame        *self);
gboolean        pj_game_flush_autosave     (PjGame        *self,
                                            GError       **error);


/* Mirrors of a remote table (see the top of this file). */
PjGame         *pj_game_new_mirror         (const PjState *position,
                                            int            local_seat,
                                            guint          n_actions,
                                            PjGameSendFunc send,
                                            gpointer       user_data,
                                            GDestroyNotify destroy);
gboolean        pj_game_is_mirror          (PjGame        *self);
int             pj_game_get_local_seat     (PjGame        *self);
guint           pj_game_get_n_actions      (PjGame        *self);
gboolean        pj_game_get_awaiting       (PjGame        *self);
gboolean        pj_game_mirror_update      (PjGame        *self,
                                            guint          n_actions,
                                            int            actor,
                                            const char    *action,
                                            const PjState *position);
gboolean        pj_game_mirror_add_past    (PjGame        *self,
                                            guint          index,
                                            const PjState *before,
                                            const char    *action,
                                            const PjState *after,
                                            GError       **error);
void            pj_game_mirror_clear_history (PjGame      *self);
void            pj_game_mirror_refused     (PjGame        *self);
void            pj_game_mirror_hold        (PjGame        *self);

G_END_DECLS
