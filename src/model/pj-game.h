/* pj-game.h — a local game: engine state, seats and the move history
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

PjGame         *pj_game_new                (const PjRules *rules,
                                            guint64        seed,
                                            int            dealer);
PjGame         *pj_game_new_from_record    (PjRecord      *record);
PjGame         *pj_game_new_rematch        (PjGame        *game,
                                            guint64        seed);
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

void            pj_game_start              (PjGame        *self);
void            pj_game_stop               (PjGame        *self);

const PjAction *pj_game_get_human_actions  (PjGame        *self,
                                            guint         *n_actions);
gboolean        pj_game_apply              (PjGame        *self,
                                            const PjAction *action,
                                            GError       **error);
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

gboolean        pj_game_can_undo           (PjGame        *self);
gboolean        pj_game_undo               (PjGame        *self,
                                            GError       **error);
void            pj_game_get_stats          (PjGame        *self,
                                            PjGameStats   *stats);

void            pj_game_set_autosave_path  (PjGame        *self,
                                            const char    *path);
gboolean        pj_game_get_saving         (PjGame        *self);

const char     *pj_game_colour_name        (guint          colour);

G_END_DECLS
