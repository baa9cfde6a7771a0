/* pj-window-private.h — what the parts of the main window share
 *
 * The window is split by concern (GNOME Text Editor's layout):
 *   pj-window.c          the widget: views kept in step with the game,
 *                        the move list, narrow windows, game over
 *   pj-window-actions.c  the win.* actions: games, files, hints, moves
 *   pj-window-lan.c      LAN tables: host, join, leave, reopen, drops
 *   pj-window-leave.c    every way out of a game: ask, or autosave and go
 *   pj-window-review.c   Review Game: its progress, the move list's markers
 *   pj-window-state.c    the title (the game's file), the pause, fullscreen
 *   pj-window-look-back.c stepping through the game: a move's position, read-only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pj-chat-box.h"
#include "pj-review.h"
#include "pj-game-over-dialog.h"
#include "pj-side-panel.h"
#include "pj-team-progress.h"
#include "pj-tutorial-bar.h"
#include "pj-window.h"

G_BEGIN_DECLS

struct _PjWindow
{
  AdwApplicationWindow  parent_instance;

  /* template */
  AdwToastOverlay      *toast_overlay;
  AdwToastOverlay      *board_toast_overlay;
  AdwToastOverlay      *side_toast_overlay;  /* beside the board, when the panel is */
  AdwWindowTitle       *window_title;
  GtkWidget            *new_game_button;
  GtkWidget            *hint_button;
  GtkWidget            *side_panel_button;
  GtkWidget            *unfullscreen_button; /* shown while fullscreen */
  GtkWidget            *action_box;
  PjSidePanel          *side_panel;
  PjBoardView          *board;
  PjHandView           *hand;
  GtkLabel             *prompt_label;
  GtkWidget            *declare_box;
  GtkDropDown          *declare_dropdown;
  GtkWidget            *challenge_button;
  GtkWidget            *pass_button;
  GtkWidget            *discard_button;
  GtkWidget            *cancel_button;
  GtkScrolledWindow    *history_scroller;
  GtkListView          *history_list;
  GtkStack             *main_stack;
  GtkRevealer          *banner_revealer;
  GtkLabel             *banner_label;
  /* the autosave failing: shown for as long as it lasts */
  GtkRevealer          *save_banner_revealer;
  GtkLabel             *save_banner_label;
  GtkRevealer          *pause_revealer;
  GtkWidget            *sidebar_box;
  PjTeamProgress       *team_progress;
  PjChatBox            *game_chat;

  /* LAN play */
  PjTable              *table;
  GtkWidget            *lobby_page;
  GtkWidget            *join_page;
  PjBrowser            *browser;
  PjGameOverDialog     *over_dialog;     /* weak: the winner dialog of a LAN game */
  PjGame               *over_pending;    /* ended while another window was shown */
  guint                 over_idle;
  char                 *lan_save_path;   /* a table hosted here; NULL: beside the autosave */
  char                 *rejoin_dir;      /* seats at tables joined from here (pj-rejoin.h) */

  /* Learn to Play (pj-window-tutorial.c) */
  PjTutorialBar        *tutorial_bar;
  PjTutorial           *tutorial;
  PjGame               *tutorial_left;   /* the game on the table before the lesson */
  gulong                tutorial_handler;

  /* Review Game (pj-window-review.c) */
  GtkWidget            *review_filter_button;
  GtkRevealer          *review_revealer;
  GtkLabel             *review_label;
  GtkWidget            *review_cancel_button;
  GtkWidget            *review_hide_button;
  GtkProgressBar       *review_progress;
  PjReview             *review;            /* running or done, for self->game */
  GCancellable         *review_cancel;     /* while it runs */
  guint                 review_n;          /* the moves it covers: the history's first */
  int                   review_percent;    /* the progress shown */
  GHashTable           *review_marks;      /* PjMoveItem* → const PjReviewEntry* (done) */
  GHashTable           *review_rows;       /* the move list's bound GtkListItems */
  GtkCustomFilter      *review_filter;     /* "Mistakes Only" */
  PjGameOverDialog     *review_dialog;     /* weak: the game-over dialog that asked */
  guint                 review_iterations; /* 0: the review's default */
  GtkWidget            *review_legend;     /* the key to the marks, under the summary */

  GSettings            *settings;
  /* a guest's link dropped: the toast counts down to the computer */
  struct {
    AdwToast           *toast;             /* weak */
    gint64              until;             /* monotonic µs */
    guint               tick;
  }                     dropped[PJ_MAX_PLAYERS];
  char                 *autosave_path;
  gboolean              leave_confirmed;   /* "Leave this game?" answered: the window may close */
  /* New Game's Start or Open's file, waiting for "Leave this game?" */
  PjGame               *leave_game;
  GFile                *leave_file;
  int                   leave_after_save;  /* Save answered: a PjWindowThen once saved; -1: none */
  /* where Save writes: the file the game was opened from or saved to */
  GFile                *file;
  guint                 file_n_actions;    /* the moves in it: more or fewer is "modified" */
  PjGame               *game;
  GSignalGroup         *game_signals;
  GtkSingleSelection   *history_selection; /* selected: the move looked back at */
  guint                 history_idle;
  gboolean              history_follow;    /* the list still has to show its newest move */
  guint                 history_tries;     /* looks at the list's end since it was asked */
  guint                 history_row;       /* …or this row (G_MAXUINT: the newest) */
  GPtrArray            *news;              /* others' moves not yet told to the screen reader */
  guint                 news_idle;
  guint                 news_play;         /* 1 + the history index of the Bluffing Joker
                                              play whose line news ends with; 0: none */

  /* looking back (pj-window-look-back.c) */
  GtkRevealer          *look_revealer;
  GtkWidget            *look_bar;
  GtkLabel             *look_label;
  GtkLabel             *look_news_label;
  gboolean              looking;
  guint                 look_item;         /* the history item looked at */
  guint                 look_new;          /* moves played since the look began */
  gboolean              look_selecting;    /* the move list's selection set from here */

  /* narrow windows (libadwaita 1.2 has no breakpoints) */
  gboolean              compact;

  /* the hint shown: the action (its card on the hand, its pegs on the
   * board) and the instruction in the prompt line, until the next move */
  PjAction              hint;
  gboolean              have_hint;
  char                 *hint_text;
  /* Bluffing Joker: what the last challenge turned up, in the prompt line
   * until the next card is played */
  char                 *outcome_text;

  /* Bluffing Joker: the ranks the selected card may be declared as */
  guint8                declare_ranks[PJ_N_RANKS];
  guint                 n_declare;
  gboolean              updating_declare;
};

/* what follows "Leave this game?" */
typedef enum {
  PJ_WINDOW_THEN_HOST,
  PJ_WINDOW_THEN_JOIN,
  PJ_WINDOW_THEN_NEW_GAME,
  PJ_WINDOW_THEN_LEAVE_TABLE,
  PJ_WINDOW_THEN_REOPEN,
  PJ_WINDOW_THEN_OPEN,
  PJ_WINDOW_THEN_LEARN,
  PJ_WINDOW_THEN_QUIT,
} PjWindowThen;

/* pj-window.c */
void     _pj_window_refresh             (PjWindow       *self);
void     _pj_window_update_buttons      (PjWindow       *self);
gboolean _pj_window_find_action         (PjWindow       *self,
                                         PjActionKind    kind,
                                         guint           card,
                                         PjAction       *out);
void     _pj_window_apply_action        (PjWindow       *self,
                                         const PjAction *action);
void     _pj_window_play_again          (PjWindow       *self);
void     _pj_window_toast               (PjWindow       *self,
                                         const char     *text);
/* Show toast (taken) where _pj_window_toast() shows its text. */
void     _pj_window_add_toast           (PjWindow       *self,
                                         AdwToast       *toast);
void     _pj_window_show_hint           (PjWindow       *self,
                                         const PjAction *action,
                                         const char     *text);

/* pj-window-game-over.c */
void     _pj_window_game_over           (PjWindow       *self,
                                         int             winner,
                                         PjGame         *game);

/* pj-window-history.c */
void     _pj_window_history_init        (PjWindow       *self);
void     _pj_window_history_follow_end  (PjWindow       *self);
void     _pj_window_history_scroll_to   (PjWindow       *self,
                                         guint           row);
void     _pj_window_history_changed     (PjWindow       *self,
                                         guint           position,
                                         guint           removed,
                                         guint           added,
                                         GListModel     *model);
/* The history item (pj_game_get_history()) whose position the move list's
 * row `row` stands for, or G_MAXUINT: rows fold the Bluffing Joker answers
 * that let a play stand (the row gives the last of them) and may be
 * filtered ("Mistakes Only"), so rows and items are not one to one. */
guint    _pj_window_history_item_of_row (PjWindow       *self,
                                         guint           row);

/* pj-window-actions.c */
void     _pj_window_class_actions_init  (GtkWidgetClass *widget_class);
void     _pj_window_choose_file         (PjWindow       *self);
void     _pj_window_start_chosen        (PjWindow       *self);
void     _pj_window_open_chosen         (PjWindow       *self,
                                         GFile          *file);
void     _pj_window_save                (PjWindow       *self);

/* pj-window-lan.c */
void     _pj_window_lan_class_init      (GtkWidgetClass *widget_class);
void     _pj_window_lan_init            (PjWindow       *self);
void     _pj_window_lan_dispose         (PjWindow       *self);
void     _pj_window_lan_update_chat     (PjWindow       *self);
gboolean _pj_window_lan_can_reopen      (PjWindow       *self);
void     _pj_window_lan_rematch         (PjWindow       *self);

/* pj-window-leave.c */
void     _pj_window_confirm_leave       (PjWindow       *self,
                                         PjWindowThen    then);
gboolean _pj_window_leave_on_close      (PjWindow       *self);
void     _pj_window_leave_for           (PjWindow       *self,
                                         PjWindowThen    then,
                                         PjGame         *game,
                                         GFile          *file);
void     _pj_window_saved               (PjWindow       *self,
                                         gboolean        saved);

/* pj-window-review.c */
void        _pj_window_review_class_init (GtkWidgetClass *widget_class);
void        _pj_window_review_init       (PjWindow       *self);
void        _pj_window_review_dispose    (PjWindow       *self);
/* the game changed or moves were taken back: a review of other moves goes */
void        _pj_window_review_reset      (PjWindow       *self);
void        _pj_window_review_update     (PjWindow       *self);
GListModel *_pj_window_review_filter     (PjWindow       *self,
                                          GListModel     *history);
void        _pj_window_review_history_changed (PjWindow  *self,
                                          guint           position,
                                          guint           removed);
void        _pj_window_review_setup_row  (PjWindow       *self,
                                          GtkListItem    *item);
void        _pj_window_review_bind_row   (PjWindow       *self,
                                          GtkListItem    *item);
void        _pj_window_review_unbind_row (PjWindow       *self,
                                          GtkListItem    *item);
void        _pj_window_review_refresh_rows (PjWindow     *self);
void        _pj_window_review_over_dialog (PjWindow      *self,
                                          PjGameOverDialog *dialog);
void        _pj_window_review_offer      (PjWindow       *self);
void        _pj_window_review_guest_game (PjWindow       *self,
                                          PjGameOverDialog *dialog);

/* pj-window-state.c */
void     _pj_window_update_title        (PjWindow       *self);
void     _pj_window_show_paused         (PjWindow       *self);
gboolean _pj_window_set_paused          (PjWindow       *self,
                                         gboolean        paused);
void     _pj_window_fullscreen_init     (PjWindow       *self);
/* pj-window-look-back.c */
void     _pj_window_look_back_class_init (GtkWidgetClass *widget_class);
void     _pj_window_look_back_init      (PjWindow       *self);
/* Show the position after history item `item`, read-only (the last item:
 * the game in play); FALSE when there is no such position. */
gboolean _pj_window_look_back_at        (PjWindow       *self,
                                         guint           item);
void     _pj_window_look_back_return    (PjWindow       *self);
/* TRUE while a position is looked back at, and which history item. */
gboolean _pj_window_look_back_get_item  (PjWindow       *self,
                                         guint          *item);
void     _pj_window_look_back_history_changed (PjWindow *self,
                                         guint           position,
                                         guint           removed,
                                         guint           added);
void     _pj_window_look_back_reset     (PjWindow       *self);
void     _pj_window_look_back_model_changed (PjWindow   *self);
/* The game-over dialog's reviewed moves show their positions here. */
void     _pj_window_look_back_over_dialog (PjWindow     *self,
                                         PjGameOverDialog *dialog);

/* pj-window-tutorial.c */
void     _pj_window_tutorial_class_init (GtkWidgetClass *widget_class);
void     _pj_window_tutorial_dispose    (PjWindow       *self);

PjMovePicker *_pj_window_get_picker   (PjWindow       *self);
void          _pj_window_update_save_banner (PjWindow  *self);

G_END_DECLS
