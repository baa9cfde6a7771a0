/* pj-board-view-private.h — what the board view's files share
 *
 * pj-board-view.c: the class, its properties, input and public API;
 * pj-board-view-draw.c: drawing and the kept layers;
 * pj-board-view-animate.c: the animation of the last action;
 * pj-board-view-a11y.c: a widget per hole for screen readers, exploration
 * keys and their answers (the words are pj-board-text.c's).
 * Geometry is pj-board-layout.c's; what may be picked, PjMovePicker's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pj-board-layout.h"
#include "pj-board-view.h"
#include "pj-move-picker.h"

G_BEGIN_DECLS

#define PJ_BOARD_MAX_SIDES PJ_MAX_PLAYERS
#define PJ_BOARD_MAX_LIT   (PJ_MAX_TRACK + PJ_MAX_PLAYERS * (PJ_HOME_HOLES + PJ_PEGS))

/* A piece of the drawing kept as pixels: it is drawn again only when what
 * it shows changes, not on every frame. */
typedef struct {
  cairo_surface_t *image;    /* device pixels, at the widget's scale factor */
  GdkTexture      *texture;  /* the same pixels, for renderers that keep textures */
  graphene_rect_t  bounds;   /* in widget coordinates */
  guint            key;      /* what it shows: a peg's place, a name's weight */
  char            *text;     /* what it says, for names and the middle */
} PjBoardSprite;

/* Everything the kept drawing depends on besides the game's state; when
 * any of it changes every sprite is drawn again. */
typedef struct {
  int              width;
  int              height;
  int              scale;
  guint            n;
  guint            hps;
  guint            bottom;
  gboolean         dark;
  GdkRGBA          fg;
  GtkTextDirection direction;
  guint            font_hash;
  gboolean         high_contrast;
} PjBoardCacheKey;

struct _PjBoardView
{
  GtkWidget  parent_instance;

  PjGame    *game;
  gulong     applied_handler;
  gulong     turn_handler;
  gulong     reset_handler;

  gboolean   animations;      /* FALSE: moves appear at once */
  gboolean   reduce_motion;   /* each part goes straight there, not hole by hole */
  double     animation_speed;

  /* input: the picks are the picker's; the view lights its targets */
  PjMovePicker *picker;
  PjPlace    lit[PJ_BOARD_MAX_LIT];
  guint      n_lit;
  int        focus;
  char      *prompt;
  PangoLayout *digits[PJ_PEGS];   /* peg numbers, made once per size */
  double     digit_size;
  PjAction   hint;
  gboolean   have_hint;
  guint64    last_moved;      /* pegs of the last play, marked until the next (pj_action_moved_pegs()) */

  /* looking back (pj_board_view_set_look_back()): this position is drawn,
   * read-only, in place of the game's; the live game's last play is kept
   * for the return */
  gboolean   looking;
  PjState    look_state;
  guint64    live_moved;

  /* animation of the last action, or of the part of a split just picked */
  gboolean   animating;
  guint      anim_parts;      /* 0: an action; else the picks shown so far */
  guint8     anim_base[PJ_MAX_PLAYERS][PJ_PEGS];
  PjAction   anim_action;
  guint      anim_step;
  gint64     anim_step_start;
  guint      tick_id;
  PjGame    *pace_game;       /* held while animating (pj_game_hold_pace()) */
  guint      anim_guard;      /* ends an animation that gets no frames */
  /* the board as shown before the person's last pick, and the action that
   * pick chose: its earlier parts are on the board already */
  guint8     chosen_base[PJ_MAX_PLAYERS][PJ_PEGS];
  PjAction   chosen;
  gboolean   have_chosen;

  /* drawing kept between frames (see update_caches) */
  PjBoardCacheKey cache_key;
  PjBoardSprite board_sprite;   /* board, track, home and start areas, holes */
  PjBoardSprite peg_sprites[PJ_MAX_PLAYERS][PJ_PEGS];
  PjBoardSprite name_sprites[PJ_BOARD_MAX_SIDES];
  PjBoardSprite middle_sprite;  /* the discard pile and the stock */
  gboolean   use_textures;      /* for this frame's renderer (see sprite_append) */

  /* screen readers: a widget per hole (pj-board-view-a11y.c) */
  GPtrArray *spots;             /* PjBoardSpot, children */
  guint      spots_players;
  guint      spots_hps;
  guint      spots_viewer;
  PjPlace    cursor;            /* the hole the keyboard is on */
  gboolean   have_cursor;
  char      *last_answer;       /* the last question key's answer */
  gboolean   prompt_untold;     /* the prompt changed since told */
  gboolean   description_stale; /* the prompt changed while the focus was inside */
  guint      description_idle;  /* sets it once the focus is out */
};

/* pj-board-view.c */
/* The position shown: the one looked back at, or the game's (NULL without
 * a game). */
const PjState *_pj_board_view_state  (PjBoardView   *self);
/* A seat's name as the board shows it ("Blue (computer)"). */
char  *_pj_board_view_seat_label      (PjBoardView   *self,
                                       guint          seat);
void   _pj_board_view_compute_layout   (PjBoardView   *self,
                                        PjBoardLayout *L);
void   _pj_board_view_shown_positions  (PjBoardView   *self,
                                        guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS]);
void   _pj_board_view_drawn_positions  (PjBoardView   *self,
                                        guint8         pos[PJ_MAX_PLAYERS][PJ_PEGS]);
void   _pj_board_view_update_input     (PjBoardView   *self);
void   _pj_board_view_notify_animating (PjBoardView   *self);
gboolean _pj_board_view_pick_place     (PjBoardView   *self,
                                        const PjPlace *place);

char  *_pj_board_view_tooltip_at       (PjBoardView   *self,
                                        double         x,
                                        double         y);

/* pj-board-view-draw.c */
void   _pj_board_view_snapshot         (GtkWidget     *widget,
                                        GtkSnapshot   *snapshot);
void   _pj_board_view_drop_caches      (PjBoardView   *self);
void   _pj_board_view_clear_digits     (PjBoardView   *self);

/* pj-board-view-animate.c */
void   _pj_board_view_start_animation  (PjBoardView   *self,
                                        const PjAction *action,
                                        const PjState *before,
                                        const guint8   base[PJ_MAX_PLAYERS][PJ_PEGS],
                                        guint          parts);
void   _pj_board_view_stop_animation   (PjBoardView   *self);
/* The peg on its way and where it is drawn now, in widget coordinates;
 * the second with the layout the caller has already computed. */
gboolean _pj_board_view_get_moving_peg (PjBoardView   *self,
                                        guint         *peg,
                                        double        *x,
                                        double        *y);
gboolean _pj_board_view_moving_peg     (PjBoardView         *self,
                                        const PjBoardLayout *L,
                                        guint               *peg,
                                        double              *x,
                                        double              *y);

/* pj-board-view-a11y.c */
void     _pj_board_view_update_focus_label (PjBoardView    *self);
void     _pj_board_view_focus_left (PjBoardView *self);
void     _pj_board_view_update_description (PjBoardView    *self);
void     _pj_board_view_focus_left         (PjBoardView    *self);
void     _pj_board_view_clear_spots        (PjBoardView    *self);
void     _pj_board_view_allocate_spots     (PjBoardView    *self);
gboolean _pj_board_view_focus_cursor       (PjBoardView    *self);
gboolean _pj_board_view_get_cursor         (PjBoardView    *self,
                                            PjPlace        *place);
gboolean _pj_board_view_explore_key        (PjBoardView    *self,
                                            guint           keyval,
                                            GdkModifierType state);

G_END_DECLS
