/* pj-window.h — the main window: board, hand, move history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pj-board-view.h"
#include "pj-game.h"
#include "pj-hand-view.h"
#include "pj-review.h"
#include "pj-table.h"
#include "pj-tutorial.h"

G_BEGIN_DECLS

#define PJ_TYPE_WINDOW (pj_window_get_type ())
G_DECLARE_FINAL_TYPE (PjWindow, pj_window, PJ, WINDOW, AdwApplicationWindow)

PjWindow    *pj_window_new            (GtkApplication *application);
PjGame      *pj_window_get_game       (PjWindow       *self);
void         pj_window_set_game       (PjWindow       *self,
                                       PjGame         *game);
PjBoardView *pj_window_get_board_view (PjWindow       *self);
PjHandView  *pj_window_get_hand_view  (PjWindow       *self);
void         pj_window_new_game       (PjWindow       *self);
void         pj_window_quit           (PjWindow       *self);
void         pj_window_save_size      (PjWindow       *self);
void         pj_window_set_autosave_path (PjWindow    *self,
                                       const char     *path);
void         pj_window_offer_resume   (PjWindow       *self,
                                       PjGame         *game);
gboolean     pj_window_get_compact    (PjWindow       *self);
gboolean     pj_window_declare        (PjWindow       *self,
                                       guint           declared);
void         pj_window_open_file      (PjWindow       *self,
                                       GFile          *file);
gboolean     pj_window_save_file      (PjWindow       *self,
                                       GFile          *file,
                                       GError        **error);

/* LAN play */
GtkWidget   *pj_window_host_lan       (PjWindow       *self);
GtkWidget   *pj_window_join_lan       (PjWindow       *self);
gboolean     pj_window_can_reopen_table (PjWindow     *self);
gboolean     pj_window_reopen_table   (PjWindow       *self,
                                       GError        **error);
gboolean     pj_window_host_table     (PjWindow       *self,
                                       const char     *table_name,
                                       GError        **error);
void         pj_window_set_table      (PjWindow       *self,
                                       PjTable        *table);
PjTable     *pj_window_get_table      (PjWindow       *self);
/* Where a table hosted here autosaves, for "Reopen Last Table" (NULL:
 * lan-table.json beside the autosave, if there is one). */
void         pj_window_set_lan_save_path (PjWindow    *self,
                                          const char  *path);
/* Where seats at tables joined here are kept while a game runs, so that
 * the join page offers "Rejoin your seat at …" after a crash (NULL: none). */
void         pj_window_set_rejoin_dir (PjWindow       *self,
                                       const char     *dir);
void         pj_window_leave_table    (PjWindow       *self);
/* Learn to Play and the first launch's welcome (pj-window-tutorial.c). */
void         pj_window_start_tutorial (PjWindow       *self);
void         pj_window_leave_tutorial (PjWindow       *self);
PjTutorial  *pj_window_get_tutorial   (PjWindow       *self);
gboolean     pj_window_welcome        (PjWindow       *self);
/* Review Game (pj-window-review.c): the people's moves of the game on
 * the table rated against the hard player's, as markers in the move list.
 * `iterations`: the search budget per decision (0: the review's default). */
gboolean     pj_window_review_game    (PjWindow       *self);
PjReview    *pj_window_get_review     (PjWindow       *self);
void         pj_window_set_review_iterations (PjWindow *self,
                                       guint           iterations);
/* A passing message for the person (e.g. what happened to the autosave). */
void         pj_window_add_toast      (PjWindow       *self,
                                       const char     *text);

G_END_DECLS
