/* pj-board-view.c — the board: draws a PjGame and turns clicks into actions
 *
 * The board is a regular polygon with one side per seat, drawn so that the
 * seat whose hand is shown sits at the bottom and play runs clockwise on
 * screen in every text direction.
 *
 * Input never decides what is legal: the view keeps the model's legal
 * actions for the chosen card and narrows them by each pick (a peg, then
 * where it goes). When one action is fully picked it emits "action-chosen".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "pj-board-view.h"
#include "pj-peg-style.h"

#define MAX_SIDES    PJ_MAX_PLAYERS
#define MAX_PICKS    4
#define MAX_LIT      (PJ_MAX_TRACK + PJ_MAX_PLAYERS * (PJ_HOME_HOLES + PJ_PEGS))
#define MAX_PATH     (PJ_MAX_TRACK + PJ_HOME_HOLES + 2)
#define HOLE_MS      70.0     /* per hole at speed 1 */
#define JUMP_MS      280.0    /* a hit, a swap, a joker: straight across */

typedef struct {
  guint8 colour;   /* whose home or start area; the side for track holes */
  guint8 pos;      /* a PjState position */
  guint8 slot;     /* start hole, for PJ_POS_START */
} Place;

typedef struct {
  guint8 colour;
  guint8 from;
  guint8 to;
} Pick;

/* A piece of the drawing kept as pixels: it is drawn again only when what
 * it shows changes, not on every frame. */
typedef struct {
  cairo_surface_t *image;    /* device pixels, at the widget's scale factor */
  GdkTexture      *texture;  /* the same pixels, for renderers that keep textures */
  graphene_rect_t  bounds;   /* in widget coordinates */
  guint            key;      /* what it shows: a peg's place, a name's weight */
  char            *text;     /* what it says, for names and the middle */
} Sprite;

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
} CacheKey;

typedef struct {
  guint  n;
  guint  hps;
  guint  bottom;
  double cx, cy;
  double corner_x[MAX_SIDES + 1];
  double corner_y[MAX_SIDES + 1];
  double d;
  double hole_r;
  double peg_r;
} Layout;

struct _PjBoardView
{
  GtkWidget  parent_instance;

  PjGame    *game;
  gulong     applied_handler;
  gulong     turn_handler;
  gulong     reset_handler;

  gboolean   reduce_motion;
  double     animation_speed;

  /* input */
  guint8     card;
  guint8     declared;   /* Bluffing Joker: the card it is played as; 0: itself */
  GArray    *candidates;          /* PjAction: legal, for the card, fit the picks */
  Pick       picks[MAX_PICKS];
  guint      n_picks;
  gboolean   have_peg;
  guint8     peg_colour;
  guint8     peg_from;
  Place      lit[MAX_LIT];
  guint      n_lit;
  int        focus;
  char      *prompt;
  PangoLayout *digits[PJ_PEGS];   /* peg numbers, made once per size */
  double     digit_size;
  PjAction   hint;
  gboolean   have_hint;

  /* animation of the last action */
  gboolean   animating;
  guint8     anim_base[PJ_MAX_PLAYERS][PJ_PEGS];
  PjAction   anim_action;
  guint      anim_step;
  gint64     anim_step_start;
  guint      tick_id;

  /* drawing kept between frames (see update_caches) */
  CacheKey   cache_key;
  Sprite     board_sprite;   /* board, track, home and start areas, holes */
  Sprite     peg_sprites[PJ_MAX_PLAYERS][PJ_PEGS];
  Sprite     name_sprites[MAX_SIDES];
  Sprite     middle_sprite;  /* the discard pile and the stock */
  gboolean   use_textures;   /* for this frame's renderer (see sprite_append) */
};

G_DEFINE_FINAL_TYPE (PjBoardView, pj_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_CARD,
  PROP_PROMPT,
  PROP_REDUCE_MOTION,
  PROP_ANIMATION_SPEED,
  PROP_ANIMATING,
  N_PROPS
};

enum {
  ACTION_CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update_input (PjBoardView *self);

/* ---- geometry --------------------------------------------------------- */

static void
compute_layout (PjBoardView *self,
                Layout      *L)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double minx = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, miny = G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  double margin, R;
  int viewer;

  L->n = self->game ? pj_game_get_n_players (self->game) : 4;
  L->hps = self->game ? pj_game_get_rules (self->game)->holes_per_side : 18;
  viewer = self->game ? pj_game_get_viewer (self->game) : -1;
  L->bottom = viewer >= 0 ? (guint) viewer : 0;

  /* corner k starts display side k; angles grow clockwise on screen */
  for (guint k = 0; k <= L->n; k++)
    {
      double a = G_PI / 2 - G_PI / L->n + k * 2 * G_PI / L->n;

      L->corner_x[k] = cos (a);
      L->corner_y[k] = sin (a);
      minx = MIN (minx, L->corner_x[k]);
      maxx = MAX (maxx, L->corner_x[k]);
      miny = MIN (miny, L->corner_y[k]);
      maxy = MAX (maxy, L->corner_y[k]);
    }

  /* room outside the track for the seat names, in hole spacings */
  margin = 2.4 * 2 * sin (G_PI / L->n) / L->hps;
  R = MIN ((w - 4) / (maxx - minx + 2 * margin), (h - 4) / (maxy - miny + 2 * margin));
  R = MAX (R, 1.0);

  L->cx = w / 2 - R * (minx + maxx) / 2;
  L->cy = h / 2 - R * (miny + maxy) / 2;
  for (guint k = 0; k <= L->n; k++)
    {
      L->corner_x[k] = L->cx + R * L->corner_x[k];
      L->corner_y[k] = L->cy + R * L->corner_y[k];
    }
  L->d = 2 * R * sin (G_PI / L->n) / L->hps;
  L->hole_r = L->d * 0.2;
  L->peg_r = L->d * 0.42;
}

static guint
display_side (const Layout *L,
              guint         seat)
{
  return (seat + L->n - L->bottom) % L->n;
}

static void
side_frame (const Layout *L,
            guint         seat,
            double       *ax,
            double       *ay,
            double       *tx,
            double       *ty,
            double       *nx,
            double       *ny)
{
  guint k = display_side (L, seat);
  double bx = L->corner_x[k + 1], by = L->corner_y[k + 1];
  double len;

  *ax = L->corner_x[k];
  *ay = L->corner_y[k];
  len = hypot (bx - *ax, by - *ay);
  *tx = (bx - *ax) / len;
  *ty = (by - *ay) / len;
  /* the inward normal: clockwise travel on screen keeps the centre on the right */
  *nx = -*ty;
  *ny = *tx;
  if ((L->cx - *ax) * *nx + (L->cy - *ay) * *ny < 0)
    {
      *nx = -*nx;
      *ny = -*ny;
    }
}

/* Along side `seat`, `along` hole spacings from its corner, `in` inward. */
static void
side_point (const Layout *L,
            guint         seat,
            double        along,
            double        in,
            double       *x,
            double       *y)
{
  double ax, ay, tx, ty, nx, ny;

  side_frame (L, seat, &ax, &ay, &tx, &ty, &nx, &ny);
  *x = ax + tx * along * L->d + nx * in * L->d;
  *y = ay + ty * along * L->d + ny * in * L->d;
}

static void
place_point (const Layout *L,
             const Place  *p,
             double       *x,
             double       *y)
{
  if (PJ_POS_IS_TRACK (p->pos))
    side_point (L, p->pos / L->hps, p->pos % L->hps, 0, x, y);
  else if (PJ_POS_IS_HOME (p->pos))
    side_point (L, p->colour, PJ_IN_SPOT_HOLE, 1.15 * (p->pos - PJ_POS_HOME0 + 1), x, y);
  else
    side_point (L, p->colour, PJ_COME_OUT_HOLE - 2.0 + p->slot, 2.4, x, y);
}

/* ---- what is shown ------------------------------------------------------ */

static gboolean
is_primary (const PjAction *a,
            guint           i)
{
  const PjStep *st = &a->steps[i];

  if (st->flags & PJ_STEP_HIT)
    return FALSE;
  /* the second peg of a swap moves as a consequence of the first */
  if ((st->flags & PJ_STEP_SWAP) && i > 0 && (a->steps[i - 1].flags & PJ_STEP_SWAP) &&
      !(i > 1 && (a->steps[i - 2].flags & PJ_STEP_SWAP)))
    return FALSE;
  return TRUE;
}

static void
base_positions (PjBoardView *self,
                guint8       pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  if (self->animating)
    memcpy (pos, self->anim_base, sizeof self->anim_base);
  else if (self->game != NULL)
    memcpy (pos, pj_game_get_state (self->game)->board.peg, sizeof self->anim_base);
  else
    memset (pos, PJ_POS_START, sizeof self->anim_base);
}

/* Does the action fit the picks so far? matched gets the steps they used. */
static gboolean
fits_picks (PjBoardView    *self,
            const PjAction *a,
            guint          *matched)
{
  *matched = 0;
  for (guint p = 0; p < self->n_picks; p++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < a->n_steps && !found; i++)
        {
          const PjStep *st = &a->steps[i];

          if (!(*matched & (1u << i)) && is_primary (a, i) &&
              PJ_PEG_COLOUR (st->peg) == self->picks[p].colour &&
              st->from == self->picks[p].from && st->to == self->picks[p].to)
            {
              *matched |= 1u << i;
              found = TRUE;
            }
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static guint
n_primary (const PjAction *a)
{
  guint n = 0;

  for (guint i = 0; i < a->n_steps; i++)
    n += is_primary (a, i);
  return n;
}

/* The board as it stands after the picks so far, so the second part of a
 * split is picked from where the first left the pegs. */
static void
shown_positions (PjBoardView *self,
                 guint8       pos[PJ_MAX_PLAYERS][PJ_PEGS])
{
  base_positions (self, pos);

  if (self->n_picks > 0 && self->candidates->len > 0)
    {
      const PjAction *a = &g_array_index (self->candidates, PjAction, 0);
      guint matched;

      fits_picks (self, a, &matched);
      for (guint i = 0; i < a->n_steps; i++)
        if (matched & (1u << i))
          {
            /* the picked step and the hits and swap partner that follow it */
            for (guint j = i; j < a->n_steps && (j == i || !is_primary (a, j)); j++)
              pos[PJ_PEG_COLOUR (a->steps[j].peg)][PJ_PEG_INDEX (a->steps[j].peg)] = a->steps[j].to;
          }
    }
}

/* ---- animation ----------------------------------------------------------- */

/* The holes a step passes, from its start to its end. Counting moves go
 * hole by hole; jokers, hits and swaps jump straight there. */
static guint
step_path (const Layout   *L,
           const PjAction *a,
           guint           i,
           Place           path[MAX_PATH])
{
  const PjStep *st = &a->steps[i];
  guint colour = PJ_PEG_COLOUR (st->peg);
  guint len = L->n * L->hps;
  guint n = 0;
  gboolean counting;

  path[n++] = (Place) { colour, st->from, PJ_PEG_INDEX (st->peg) };

  counting = !(st->flags & (PJ_STEP_HIT | PJ_STEP_SWAP | PJ_STEP_SEND | PJ_STEP_PENALTY)) &&
             PJ_CARD_RANK (a->card) != PJ_CARD_JOKER && st->from != PJ_POS_START &&
             st->to != PJ_POS_START && len > 0;

  if (counting && PJ_POS_IS_TRACK (st->from) && (st->flags & PJ_STEP_BACK))
    {
      for (guint h = st->from; h != st->to && n < MAX_PATH - 1;)
        {
          h = (h + len - 1) % len;
          path[n++] = (Place) { colour, (guint8) h, 0 };
        }
    }
  else if (counting && PJ_POS_IS_TRACK (st->from))
    {
      guint target = PJ_POS_IS_HOME (st->to) ? colour * L->hps + PJ_IN_SPOT_HOLE : st->to;

      for (guint h = st->from; h != target && n < MAX_PATH - PJ_HOME_HOLES - 1;)
        {
          h = (h + 1) % len;
          path[n++] = (Place) { colour, (guint8) h, 0 };
        }
      if (PJ_POS_IS_HOME (st->to))
        for (guint k = 0; k <= (guint) (st->to - PJ_POS_HOME0); k++)
          path[n++] = (Place) { colour, PJ_POS_HOME (k), 0 };
    }
  else if (counting && PJ_POS_IS_HOME (st->from) && PJ_POS_IS_HOME (st->to))
    {
      for (guint k = st->from - PJ_POS_HOME0 + 1; k <= (guint) (st->to - PJ_POS_HOME0); k++)
        path[n++] = (Place) { colour, PJ_POS_HOME (k), 0 };
    }
  else
    path[n++] = (Place) { colour, st->to, PJ_PEG_INDEX (st->peg) };

  return n;
}

static double
step_duration (PjBoardView *self,
               guint        n_path,
               gboolean     jump)
{
  double speed = self->animation_speed > 0 ? self->animation_speed : 1.0;

  return (jump ? JUMP_MS : HOLE_MS * (n_path - 1)) / speed;
}

static void
stop_animation (PjBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->animating)
    {
      self->animating = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  PjBoardView *self = PJ_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  Layout L;
  Place path[MAX_PATH];

  compute_layout (self, &L);

  while (self->anim_step < self->anim_action.n_steps)
    {
      const PjStep *st = &self->anim_action.steps[self->anim_step];
      guint n = step_path (&L, &self->anim_action, self->anim_step, path);
      double dur = step_duration (self, n, n == 2 && !(PJ_POS_IS_TRACK (st->from) && PJ_POS_IS_TRACK (st->to) && st->flags == 0));

      if ((now - self->anim_step_start) / 1000.0 < dur)
        break;
      self->anim_base[PJ_PEG_COLOUR (st->peg)][PJ_PEG_INDEX (st->peg)] = st->to;
      self->anim_step++;
      self->anim_step_start = now;
    }

  gtk_widget_queue_draw (widget);

  if (self->anim_step >= self->anim_action.n_steps)
    {
      self->tick_id = 0;
      self->animating = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
      update_input (self);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

/* Where the moving peg is now, if one is moving. */
static gboolean
moving_peg (PjBoardView  *self,
            const Layout *L,
            guint        *peg,
            double       *x,
            double       *y)
{
  GdkFrameClock *clock;
  Place path[MAX_PATH];
  const PjStep *st;
  double t, dur, f;
  guint n, seg;
  double x0, y0, x1, y1;

  if (!self->animating || self->anim_step >= self->anim_action.n_steps)
    return FALSE;

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  st = &self->anim_action.steps[self->anim_step];
  n = step_path (L, &self->anim_action, self->anim_step, path);
  dur = step_duration (self, n, n == 2 && !(PJ_POS_IS_TRACK (st->from) && PJ_POS_IS_TRACK (st->to) && st->flags == 0));
  t = clock ? (gdk_frame_clock_get_frame_time (clock) - self->anim_step_start) / 1000.0 : dur;
  f = dur > 0 ? CLAMP (t / dur, 0.0, 1.0) : 1.0;
  f *= (n - 1);
  seg = MIN ((guint) f, n - 2);
  f -= seg;

  place_point (L, &path[seg], &x0, &y0);
  place_point (L, &path[seg + 1], &x1, &y1);
  *peg = st->peg;
  *x = x0 + (x1 - x0) * f;
  *y = y0 + (y1 - y0) * f;
  return TRUE;
}

static void
action_applied_cb (PjBoardView    *self,
                   const PjAction *action,
                   const PjState  *before,
                   PjGame         *game)
{
  stop_animation (self);
  self->have_hint = FALSE;

  if (!self->reduce_motion && action->n_steps > 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

      memcpy (self->anim_base, before->board.peg, sizeof self->anim_base);
      self->anim_action = *action;
      self->anim_step = 0;
      self->anim_step_start = clock ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
      self->animating = TRUE;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }

  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
state_reset_cb (PjBoardView *self,
                PjGame      *game)
{
  stop_animation (self);
  self->have_hint = FALSE;
  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
turn_changed_cb (PjBoardView *self,
                 guint        actor,
                 PjGame      *game)
{
  pj_board_view_reset_input (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- words for places (screen readers) ----------------------------------- */

static char *
describe_peg (PjBoardView *self,
              guint        colour,
              guint        index,
              guint        pos)
{
  const PjRules *rules = pj_game_get_rules (self->game);
  const char *name = pj_game_colour_name (colour);

  if (pos == PJ_POS_START)
    /* Translators: e.g. "Red peg 3, in its start area" */
    return g_strdup_printf (_("%s peg %u, in its start area"), name, index + 1);
  if (PJ_POS_IS_HOME (pos))
    /* Translators: e.g. "Red peg 3, in home hole 2" */
    return g_strdup_printf (_("%s peg %u, in home hole %u"), name, index + 1, pos - PJ_POS_HOME0 + 1);
  {
    guint len = pj_track_len (rules);
    guint before = (pj_in_spot_hole (rules, colour) + len - pos) % len;

    if (before == 0)
      /* Translators: e.g. "Red peg 3, on its in-spot" */
      return g_strdup_printf (_("%s peg %u, on its in-spot"), name, index + 1);
    /* Translators: e.g. "Red peg 3, 5 holes before its in-spot" */
    return g_strdup_printf (ngettext ("%s peg %u, %u hole before its in-spot",
                                      "%s peg %u, %u holes before its in-spot", before),
                            name, index + 1, before);
  }
}

static char *
describe_place (PjBoardView *self,
                const Place *place)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjRules *rules;

  if (self->game == NULL)
    return NULL;

  rules = pj_game_get_rules (self->game);
  shown_positions (self, pos);

  if (place->pos == PJ_POS_START)
    {
      if (pos[place->colour][place->slot] == PJ_POS_START)
        return describe_peg (self, place->colour, place->slot, PJ_POS_START);
      /* Translators: an empty hole in a start area, e.g. "Red start area, empty" */
      return g_strdup_printf (_("%s start area, empty"), pj_game_colour_name (place->colour));
    }

  for (guint c = 0; c < rules->players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (pos[c][k] == place->pos && (PJ_POS_IS_TRACK (place->pos) || c == place->colour))
        return describe_peg (self, c, k, place->pos);

  if (PJ_POS_IS_HOME (place->pos))
    /* Translators: an empty hole of a home track, e.g. "Red home hole 2, empty" */
    return g_strdup_printf (_("%s home hole %u, empty"), pj_game_colour_name (place->colour),
                            place->pos - PJ_POS_HOME0 + 1);

  {
    guint side = place->pos / rules->holes_per_side;
    guint hole = place->pos % rules->holes_per_side;

    if (hole == PJ_COME_OUT_HOLE)
      /* Translators: e.g. "Blue's come-out hole, empty" */
      return g_strdup_printf (_("%s’s come-out hole, empty"), pj_game_colour_name (side));
    if (hole == PJ_IN_SPOT_HOLE)
      /* Translators: e.g. "Blue's in-spot, empty" */
      return g_strdup_printf (_("%s’s in-spot, empty"), pj_game_colour_name (side));
    /* Translators: a main-track hole, e.g. "Hole 12 of Blue's side, empty" */
    return g_strdup_printf (_("Hole %u of %s’s side, empty"), hole + 1, pj_game_colour_name (side));
  }
}

/* The board is one widget: its accessible name follows the keyboard focus
 * among the places that may be picked now. */
static void
update_focus_label (PjBoardView *self)
{
  g_autofree char *label = NULL;

  if (self->focus >= 0 && self->focus < (int) self->n_lit)
    {
      g_autofree char *place = describe_place (self, &self->lit[self->focus]);

      /* Translators: the board's name for screen readers with the focused place */
      label = g_strdup_printf (self->have_peg ? _("Board: move to %s") : _("Board: %s"), place);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : _("Board"),
                                  -1);
}

char *
pj_board_view_describe_focus (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  if (self->focus < 0 || self->focus >= (int) self->n_lit)
    return NULL;
  return describe_place (self, &self->lit[self->focus]);
}

/* ---- input ------------------------------------------------------------- */

static void
set_prompt (PjBoardView *self,
            char        *prompt)
{
  if (g_strcmp0 (self->prompt, prompt) == 0)
    {
      g_free (prompt);
      return;
    }
  g_free (self->prompt);
  self->prompt = prompt;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, prompt ? prompt : "",
                                  -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROMPT]);
}

static void
add_lit (PjBoardView *self,
         Place        place)
{
  for (guint i = 0; i < self->n_lit; i++)
    if (self->lit[i].colour == place.colour && self->lit[i].pos == place.pos &&
        self->lit[i].slot == place.slot)
      return;
  if (self->n_lit < MAX_LIT)
    self->lit[self->n_lit++] = place;
}

static guint
card_value (guint card)
{
  switch (PJ_CARD_RANK (card))
    {
    case PJ_CARD_ACE: return 1;
    case PJ_CARD_JACK:
    case PJ_CARD_QUEEN:
    case PJ_CARD_KING: return 10;
    case PJ_CARD_JOKER: return 0;
    default: return PJ_CARD_RANK (card);
    }
}

/* Refilter the candidates by the picks and light what may be picked next. */
static void
update_input (PjBoardView *self)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  const PjAction *legal = NULL;
  guint n_legal = 0;
  guint moved = 0;
  guint declared = self->declared != 0 ? self->declared : self->card;
  gboolean penalty = FALSE;

  g_array_set_size (self->candidates, 0);
  self->n_lit = 0;

  if (self->game != NULL)
    legal = pj_game_get_human_actions (self->game, &n_legal);

  for (guint i = 0; i < n_legal; i++)
    {
      guint matched;

      if (n_primary (&legal[i]) == 0)
        continue;   /* discards, challenges: buttons, not the board */
      /* Penalties are picked on the board without a card. */
      if (legal[i].kind == PJ_ACTION_PENALTY ? self->card != 0
                                              : (self->card == 0 || PJ_CARD_RANK (legal[i].card) != self->card))
        continue;
      /* the window's "Declare as" picks among bluffs; truthful by default */
      if (legal[i].kind == PJ_ACTION_MOVE && PJ_CARD_RANK (legal[i].declared) != declared)
        continue;
      if (fits_picks (self, &legal[i], &matched))
        {
          g_array_append_val (self->candidates, legal[i]);
          penalty |= legal[i].kind == PJ_ACTION_PENALTY;
        }
    }

  shown_positions (self, pos);

  for (guint c = 0; c < self->candidates->len; c++)
    {
      const PjAction *a = &g_array_index (self->candidates, PjAction, c);
      guint matched;

      fits_picks (self, a, &matched);
      for (guint i = 0; i < a->n_steps; i++)
        {
          const PjStep *st = &a->steps[i];
          guint colour = PJ_PEG_COLOUR (st->peg);

          if ((matched & (1u << i)) || !is_primary (a, i))
            continue;

          if (self->have_peg)
            {
              if (colour == self->peg_colour && st->from == self->peg_from)
                add_lit (self, (Place) { colour, st->to, PJ_PEG_INDEX (st->peg) });
            }
          else if (st->from == PJ_POS_START)
            {
              /* any peg in that start area will do */
              for (guint k = 0; k < PJ_PEGS; k++)
                if (pos[colour][k] == PJ_POS_START)
                  add_lit (self, (Place) { colour, PJ_POS_START, k });
            }
          else
            add_lit (self, (Place) { colour, st->from, 0 });
        }
    }

  if (self->focus >= (int) self->n_lit)
    self->focus = self->n_lit > 0 ? 0 : -1;

  for (guint i = 0; i < self->n_picks; i++)
    {
      const Pick *p = &self->picks[i];

      if (PJ_POS_IS_TRACK (p->from) && PJ_POS_IS_TRACK (p->to))
        {
          guint len = pj_game_get_state (self->game)->track_len;
          guint fwd = (p->to + len - p->from) % len;

          moved += fwd <= 10 ? fwd : len - fwd;
        }
      else if (PJ_POS_IS_HOME (p->to))
        {
          guint in_spot = pj_in_spot_hole (pj_game_get_rules (self->game), p->colour);
          guint len = pj_game_get_state (self->game)->track_len;

          moved += PJ_POS_IS_HOME (p->from) ? (guint) (p->to - p->from)
                                             : (in_spot + len - p->from) % len + (p->to - PJ_POS_HOME0) + 1;
        }
    }

  if (self->card == 0 && penalty)
    set_prompt (self, g_strdup (_("Pick a peg to send back to its start")));
  else if (self->card == 0 && self->candidates->len > 0)
    set_prompt (self, g_strdup (_("Pick a peg")));
  else if (self->card == 0)
    set_prompt (self, NULL);
  else if (self->candidates->len == 0)
    set_prompt (self, g_strdup (_("This card cannot move a peg")));
  else if (self->have_peg)
    set_prompt (self, g_strdup (_("Pick where the peg goes")));
  else if (self->n_picks > 0 && card_value (declared) > moved)
    /* Translators: the second part of a split card */
    set_prompt (self, g_strdup_printf (ngettext ("Move another peg %u hole", "Move another peg %u holes",
                                                 card_value (declared) - moved),
                                       card_value (declared) - moved));
  else if (self->n_picks > 0)
    set_prompt (self, g_strdup (_("Pick the next peg")));
  else
    set_prompt (self, g_strdup (_("Pick a peg to move")));

  update_focus_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
pick_place (PjBoardView *self,
            const Place *place)
{
  gboolean is_lit = FALSE;

  for (guint i = 0; i < self->n_lit; i++)
    if (self->lit[i].pos == place->pos &&
        (PJ_POS_IS_TRACK (place->pos) || self->lit[i].colour == place->colour) &&
        (place->pos != PJ_POS_START || self->have_peg || self->lit[i].slot == place->slot))
      is_lit = TRUE;

  if (!is_lit)
    {
      /* a click elsewhere lets go of the peg */
      if (self->have_peg)
        {
          self->have_peg = FALSE;
          update_input (self);
        }
      return FALSE;
    }

  if (!self->have_peg)
    {
      guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];

      shown_positions (self, pos);
      self->have_peg = TRUE;
      self->peg_from = place->pos;
      self->peg_colour = place->colour;
      if (PJ_POS_IS_TRACK (place->pos))
        for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
          for (guint k = 0; k < PJ_PEGS; k++)
            if (pos[c][k] == place->pos)
              self->peg_colour = c;
      update_input (self);
      return TRUE;
    }

  g_return_val_if_fail (self->n_picks < MAX_PICKS, FALSE);
  self->picks[self->n_picks++] = (Pick) { self->peg_colour, self->peg_from, place->pos };
  self->have_peg = FALSE;
  update_input (self);

  for (guint c = 0; c < self->candidates->len; c++)
    {
      PjAction a = g_array_index (self->candidates, PjAction, c);
      guint matched;

      fits_picks (self, &a, &matched);
      if (n_primary (&a) == self->n_picks)
        {
          g_signal_emit (self, signals[ACTION_CHOSEN], 0, &a);
          return TRUE;
        }
    }

  return TRUE;
}

static gboolean
place_at (PjBoardView *self,
          double       x,
          double       y,
          Place       *out)
{
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  double best = G_MAXDOUBLE;
  Layout L;
  guint n_players;

  if (self->game == NULL)
    return FALSE;

  compute_layout (self, &L);
  shown_positions (self, pos);
  n_players = L.n;

  /* nearest hole within reach */
#define TRY(pl) G_STMT_START {                                  \
    double px, py, dist;                                        \
    place_point (&L, &(pl), &px, &py);                          \
    dist = hypot (px - x, py - y);                              \
    if (dist < best && dist < L.d * 0.6)                        \
      {                                                         \
        best = dist;                                            \
        *out = (pl);                                            \
      }                                                         \
  } G_STMT_END

  for (guint h = 0; h < L.n * L.hps; h++)
    {
      Place pl = { (guint8) (h / L.hps), (guint8) h, 0 };
      TRY (pl);
    }
  for (guint c = 0; c < n_players; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      {
        Place home = { (guint8) c, PJ_POS_HOME (k), 0 };
        Place start = { (guint8) c, PJ_POS_START, (guint8) k };

        TRY (home);
        TRY (start);
      }
#undef TRY

  return best < G_MAXDOUBLE;
}

gboolean
pj_board_view_pick_at (PjBoardView *self,
                       double       x,
                       double       y)
{
  Place place;

  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  if (!place_at (self, x, y, &place))
    {
      if (self->have_peg)
        {
          self->have_peg = FALSE;
          update_input (self);
        }
      return FALSE;
    }

  return pick_place (self, &place);
}

gboolean
pj_board_view_get_place_point (PjBoardView *self,
                               guint        colour,
                               guint        pos,
                               guint        slot,
                               double      *x,
                               double      *y)
{
  Layout L;
  Place place = { (guint8) colour, (guint8) pos, (guint8) slot };

  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL)
    return FALSE;

  compute_layout (self, &L);
  place_point (&L, &place, x, y);
  return TRUE;
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   PjBoardView     *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  pj_board_view_pick_at (self, x, y);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                PjBoardView           *self)
{
  switch (keyval)
    {
    case GDK_KEY_Right:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Right:
    case GDK_KEY_KP_Down:
      if (self->n_lit == 0)
        return FALSE;
      self->focus = (self->focus + 1) % (int) self->n_lit;
      update_focus_label (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;

    case GDK_KEY_Left:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Left:
    case GDK_KEY_KP_Up:
      if (self->n_lit == 0)
        return FALSE;
      self->focus = (self->focus + (int) self->n_lit - 1) % (int) self->n_lit;
      update_focus_label (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;

    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (self->focus >= 0 && self->focus < (int) self->n_lit)
        {
          Place place = self->lit[self->focus];

          self->focus = 0;
          pick_place (self, &place);
          return TRUE;
        }
      return FALSE;

    case GDK_KEY_Escape:
      if (self->have_peg || self->n_picks > 0)
        {
          self->have_peg = FALSE;
          self->n_picks = 0;
          update_input (self);
          return TRUE;
        }
      return FALSE;

    default:
      return FALSE;
    }
}

/* ---- kept drawing ---------------------------------------------------------- */

static void
sprite_clear (Sprite *sprite)
{
  g_clear_pointer (&sprite->image, cairo_surface_destroy);
  g_clear_object (&sprite->texture);
  g_clear_pointer (&sprite->text, g_free);
  sprite->key = 0;
}

static void
drop_caches (PjBoardView *self)
{
  sprite_clear (&self->board_sprite);
  sprite_clear (&self->middle_sprite);
  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      sprite_clear (&self->peg_sprites[c][k]);
  for (guint seat = 0; seat < MAX_SIDES; seat++)
    sprite_clear (&self->name_sprites[seat]);
  memset (&self->cache_key, 0, sizeof self->cache_key);
}

/* Keeps the sprites while nothing they depend on has changed: the size,
 * the scale factor, the style (light or dark, the text colour, the font,
 * the text direction) and the board's geometry. Comparing here, where the
 * drawing happens, cannot miss a change whichever signal brought it. */
static void
update_caches (PjBoardView   *self,
               const Layout  *L,
               const GdkRGBA *fg,
               gboolean       dark)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const PangoFontDescription *font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  CacheKey key;

  memset (&key, 0, sizeof key);   /* padding too: the keys are compared as bytes */
  key.width = gtk_widget_get_width (widget);
  key.height = gtk_widget_get_height (widget);
  key.scale = gtk_widget_get_scale_factor (widget);
  key.n = L->n;
  key.hps = L->hps;
  key.bottom = L->bottom;
  key.dark = dark;
  key.fg = *fg;
  key.direction = gtk_widget_get_direction (widget);
  key.font_hash = font != NULL ? pango_font_description_hash (font) : 0;

  if (memcmp (&key, &self->cache_key, sizeof key) != 0)
    {
      drop_caches (self);
      self->cache_key = key;
    }
}

/* A sprite is drawn the way GTK draws a Cairo node: recorded in widget
 * coordinates, then played back at the widget's scale factor (HiDPI stays
 * crisp) onto whole device pixels, so it looks exactly as if drawn
 * straight onto the widget. */
static cairo_t *
sprite_begin (PjBoardView *self)
{
  cairo_surface_t *recording;
  cairo_t *cr;

  recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                              &(cairo_rectangle_t) { 0, 0,
                                                                     self->cache_key.width,
                                                                     self->cache_key.height });
  cr = cairo_create (recording);
  cairo_surface_destroy (recording);
  /* the line style the board's single Cairo node left for what followed */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  return cr;
}

static void
sprite_end (PjBoardView *self,
            Sprite      *sprite,
            cairo_t     *cr)
{
  cairo_surface_t *recording = cairo_surface_reference (cairo_get_target (cr));
  int scale = self->cache_key.scale;
  cairo_surface_t *image;
  cairo_t *icr;
  double x, y, w, h;
  int x0, y0, x1, y1;

  cairo_destroy (cr);
  g_clear_pointer (&sprite->image, cairo_surface_destroy);
  g_clear_object (&sprite->texture);
  cairo_recording_surface_ink_extents (recording, &x, &y, &w, &h);
  if (w <= 0 || h <= 0)
    {
      cairo_surface_destroy (recording);
      return;
    }

  x0 = MAX ((int) floor (x * scale) - 1, 0);
  y0 = MAX ((int) floor (y * scale) - 1, 0);
  x1 = MIN ((int) ceil ((x + w) * scale) + 1, self->cache_key.width * scale);
  y1 = MIN ((int) ceil ((y + h) * scale) + 1, self->cache_key.height * scale);
  if (x1 <= x0 || y1 <= y0)
    {
      cairo_surface_destroy (recording);
      return;
    }

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, x1 - x0, y1 - y0);
  cairo_surface_set_device_scale (image, scale, scale);
  cairo_surface_set_device_offset (image, -x0, -y0);
  icr = cairo_create (image);
  cairo_set_source_surface (icr, recording, 0, 0);
  cairo_paint (icr);
  cairo_destroy (icr);
  cairo_surface_destroy (recording);
  cairo_surface_flush (image);
  /* from here on the image is plain device pixels */
  cairo_surface_set_device_offset (image, 0, 0);
  cairo_surface_set_device_scale (image, 1, 1);

  sprite->bounds = GRAPHENE_RECT_INIT ((float) x0 / scale, (float) y0 / scale,
                                       (float) (x1 - x0) / scale, (float) (y1 - y0) / scale);
  sprite->image = image;
}

/* GTK 4.8's GL renderer uploads a texture once and keeps it, but its Cairo
 * renderer converts a texture's every pixel on every frame (through
 * floats), which costs more than drawing the board. So for the Cairo
 * renderer the kept pixels are painted from a Cairo node made anew each
 * frame (a node kept across frames is not safe: 4.8's GL renderer caches
 * what it draws for a Cairo node by the node's address). */
static void
sprite_append (PjBoardView  *self,
               Sprite       *sprite,
               GtkSnapshot  *snapshot)
{
  if (sprite->image == NULL)
    return;

  if (self->use_textures)
    {
      if (sprite->texture == NULL)
        {
          /* the texture shares the pixels; cairo's ARGB32 is GDK_MEMORY_DEFAULT */
          g_autoptr (GBytes) bytes = NULL;
          int height = cairo_image_surface_get_height (sprite->image);
          int stride = cairo_image_surface_get_stride (sprite->image);

          bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (sprite->image),
                                              (gsize) stride * height,
                                              (GDestroyNotify) cairo_surface_destroy,
                                              cairo_surface_reference (sprite->image));
          sprite->texture = gdk_memory_texture_new (cairo_image_surface_get_width (sprite->image),
                                                    height, GDK_MEMORY_DEFAULT, bytes, stride);
        }
      gtk_snapshot_append_texture (snapshot, sprite->texture, &sprite->bounds);
    }
  else
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &sprite->bounds);
      int scale = self->cache_key.scale;

      cairo_translate (cr, sprite->bounds.origin.x, sprite->bounds.origin.y);
      cairo_scale (cr, 1.0 / scale, 1.0 / scale);
      cairo_set_source_surface (cr, sprite->image, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
}

/* A small Cairo node around (x, y) for what changes from frame to frame:
 * renderers that upload Cairo nodes as textures then upload only that. */
static cairo_t *
append_cairo_around (GtkSnapshot *snapshot,
                     double       x,
                     double       y,
                     double       reach)
{
  double x0 = floor (x - reach - 2), y0 = floor (y - reach - 2);
  double x1 = ceil (x + reach + 2), y1 = ceil (y + reach + 2);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  return cr;
}

/* How far a peg drawn by draw_peg reaches from its centre, its number's
 * badge included. */
static double
peg_reach (double r)
{
  double size = MAX (r * 0.75, 7.0);

  return MAX (r * 1.1 + 1.0, r * 0.72 + size * 0.62 * 1.2 + 1.0) * G_SQRT2;
}

/* ---- drawing ------------------------------------------------------------ */

static void
draw_text (PjBoardView  *self,
           cairo_t      *cr,
           const char   *text,
           double        x,
           double        y,
           double        size,
           double        angle,
           gboolean      bold,
           const GdkRGBA *colour)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_absolute_size (font, MAX (size, 6.0) * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &w, &h);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);
  cairo_move_to (cr, -w / 2.0, -h / 2.0);
  gdk_cairo_set_source_rgba (cr, colour);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
draw_card (PjBoardView   *self,
           cairo_t       *cr,
           double         x,
           double         y,
           double         w,
           double         h,
           const char    *text,
           const char    *caption,
           gboolean       face_up,
           const GdkRGBA *fg,
           gboolean       dark)
{
  double r = w * 0.12;
  GdkRGBA face = dark ? (GdkRGBA) { 0.92, 0.92, 0.90, 1 } : (GdkRGBA) { 1, 1, 1, 1 };
  GdkRGBA back = { 0.21, 0.52, 0.89, 1 };
  GdkRGBA ink = { 0.1, 0.1, 0.12, 1 };
  GdkRGBA white = { 1, 1, 1, 1 };

  cairo_save (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, face_up ? &face : &back);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.4);
  cairo_set_line_width (cr, MAX (w * 0.03, 1.0));
  cairo_stroke (cr);
  cairo_restore (cr);

  if (text != NULL)
    draw_text (self, cr, text, x + w / 2, y + h / 2, w * (g_utf8_strlen (text, -1) > 2 ? 0.26 : 0.45),
               0, TRUE, face_up ? &ink : &white);
  if (caption != NULL)
    draw_text (self, cr, caption, x + w / 2, y + h + w * 0.3, w * 0.24, 0, FALSE, fg);
}

/* The peg's number (the move list says "peg 2") on a small badge. */
static void
draw_peg_number (PjBoardView *self,
                 cairo_t     *cr,
                 guint        index,
                 double       x,
                 double       y,
                 double       r)
{
  double size = MAX (r * 0.75, 7.0);
  double bx = x + r * 0.72, by = y + r * 0.72, br = size * 0.62;
  int w, h;

  if (size != self->digit_size)
    {
      PangoFontDescription *font = pango_font_description_new ();

      pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
      pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
      for (guint k = 0; k < PJ_PEGS; k++)
        {
          char text[4];

          g_snprintf (text, sizeof text, "%u", k + 1);
          g_clear_object (&self->digits[k]);
          self->digits[k] = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
          pango_layout_set_font_description (self->digits[k], font);
        }
      pango_font_description_free (font);
      self->digit_size = size;
    }

  cairo_new_path (cr);
  cairo_arc (cr, bx, by, br, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.98, 0.98, 0.96, 0.95);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.6);
  cairo_set_line_width (cr, MAX (br * 0.12, 0.8));
  cairo_stroke (cr);

  pango_layout_get_pixel_size (self->digits[index], &w, &h);
  cairo_move_to (cr, bx - w / 2.0, by - h / 2.0);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 1);
  pango_cairo_show_layout (cr, self->digits[index]);
}

static void
get_colours (PjBoardView *self,
             GdkRGBA     *fg,
             GdkRGBA     *accent,
             GdkRGBA     *board,
             gboolean    *dark)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  *dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  gtk_style_context_get_color (context, fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", accent))
    *accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  /* a warm wooden board, darker in the dark style */
  *board = *dark ? (GdkRGBA) { 0.24, 0.21, 0.18, 1 } : (GdkRGBA) { 0.93, 0.87, 0.76, 1 };
}

/* What depends only on the size, the style and the geometry: drawn once
 * into board_sprite. */
static void
draw_board_layer (PjBoardView   *self,
                  cairo_t       *cr,
                  const Layout  *L,
                  const GdkRGBA *fg,
                  gboolean       dark,
                  const GdkRGBA *board)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* the board itself, a little larger than the track */
  for (guint k = 0; k < L->n; k++)
    {
      double grow = 1.0 + 1.1 * L->d / hypot (L->corner_x[k] - L->cx, L->corner_y[k] - L->cy);
      double x = L->cx + (L->corner_x[k] - L->cx) * grow;
      double y = L->cy + (L->corner_y[k] - L->cy) * grow;

      if (k == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, board);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.25);
  cairo_set_line_width (cr, MAX (L->d * 0.08, 1.0));
  cairo_stroke (cr);

  /* the track line */
  for (guint k = 0; k <= L->n; k++)
    {
      if (k == 0)
        cairo_move_to (cr, L->corner_x[k], L->corner_y[k]);
      else
        cairo_line_to (cr, L->corner_x[k], L->corner_y[k]);
    }
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.12);
  cairo_set_line_width (cr, L->d * 0.55);
  cairo_stroke (cr);

  /* The band of the player to move came here; it is drawn per frame on top
   * instead, which looks the same: it lies outside the track, where
   * nothing below is drawn after it. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  for (guint seat = 0; seat < L->n; seat++)
    {
      GdkRGBA c;
      double x0, y0, x1, y1;

      pj_peg_style_get_colour (seat, &c);

      /* home track: from the in-spot inward */
      side_point (L, seat, PJ_IN_SPOT_HOLE, 0, &x0, &y0);
      side_point (L, seat, PJ_IN_SPOT_HOLE, 1.15 * PJ_HOME_HOLES, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.35);
      cairo_set_line_width (cr, L->d * 0.7);
      cairo_stroke (cr);

      /* start area beside the come-out hole, joined to it */
      side_point (L, seat, PJ_COME_OUT_HOLE, 0, &x0, &y0);
      side_point (L, seat, PJ_COME_OUT_HOLE, 2.4, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_line_width (cr, L->d * 0.25);
      cairo_stroke (cr);
      side_point (L, seat, PJ_COME_OUT_HOLE - 2.0, 2.4, &x0, &y0);
      side_point (L, seat, PJ_COME_OUT_HOLE + 2.0, 2.4, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_line_width (cr, L->d * 0.95);
      cairo_stroke (cr);

      /* rings on the come-out hole and the in-spot */
      side_point (L, seat, PJ_COME_OUT_HOLE, 0, &x0, &y0);
      side_point (L, seat, PJ_IN_SPOT_HOLE, 0, &x1, &y1);
      cairo_new_path (cr);
      cairo_arc (cr, x0, y0, L->d * 0.36, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x1, y1, L->d * 0.36, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.9);
      cairo_set_line_width (cr, MAX (L->d * 0.08, 1.0));
      cairo_stroke (cr);
    }

  /* empty holes */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, dark ? 0.45 : 0.35);
  for (guint hole = 0; hole < L->n * L->hps; hole++)
    {
      double x, y;
      Place pl = { 0, (guint8) hole, 0 };

      place_point (L, &pl, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, L->hole_r, 0, 2 * G_PI);
    }
  for (guint seat = 0; seat < L->n; seat++)
    for (guint k = 0; k < PJ_PEGS; k++)
      {
        double x, y;
        Place home = { (guint8) seat, PJ_POS_HOME (k), 0 };
        Place start = { (guint8) seat, PJ_POS_START, (guint8) k };

        place_point (L, &home, &x, &y);
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, L->hole_r, 0, 2 * G_PI);
        place_point (L, &start, &x, &y);
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, L->hole_r, 0, 2 * G_PI);
      }
  cairo_fill (cr);
}

/* The player to move: a band along their side. */
static void
append_turn_band (GtkSnapshot  *snapshot,
                  const Layout *L,
                  guint         seat)
{
  GdkRGBA c;
  double x0, y0, x1, y1;
  cairo_t *cr;

  pj_peg_style_get_colour (seat, &c);
  side_point (L, seat, 0.3, -0.9, &x0, &y0);
  side_point (L, seat, L->hps - 0.3, -0.9, &x1, &y1);
  cr = append_cairo_around (snapshot, (x0 + x1) / 2, (y0 + y1) / 2,
                            hypot (x1 - x0, y1 - y0) / 2 + L->d * 0.35);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.85);
  cairo_set_line_width (cr, L->d * 0.35);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* A peg at rest, from its sprite; the sprite is drawn again only when the
 * peg is somewhere else (it is drawn for its exact place, not moved
 * there, so it stays as sharp as one drawn there directly). */
static void
append_peg (PjBoardView   *self,
            GtkSnapshot   *snapshot,
            const Layout  *L,
            guint          colour,
            guint          index,
            guint          pos,
            const GdkRGBA *outline)
{
  Sprite *sprite = &self->peg_sprites[colour][index];

  if (sprite->key != pos + 1)
    {
      Place pl = { (guint8) colour, (guint8) pos, (guint8) index };
      cairo_t *cr = sprite_begin (self);
      double x, y;

      place_point (L, &pl, &x, &y);
      pj_peg_style_draw_peg (cr, colour, x, y, L->peg_r, outline);
      if (L->peg_r >= 6)
        draw_peg_number (self, cr, index, x, y, L->peg_r);
      sprite_end (self, sprite, cr);
      sprite->key = pos + 1;
    }
  sprite_append (self, sprite, snapshot);
}

static void
append_ring (GtkSnapshot   *snapshot,
             double         x,
             double         y,
             double         r,
             double         width,
             const GdkRGBA *colour,
             const double  *dash)
{
  cairo_t *cr = append_cairo_around (snapshot, x, y, r + width);

  if (dash != NULL)
    cairo_set_dash (cr, dash, 2, 0);
  cairo_new_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, colour);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* A seat's name outside its side, with the colour's symbol; bold for the
 * player to move. */
static void
append_seat_name (PjBoardView   *self,
                  GtkSnapshot   *snapshot,
                  const Layout  *L,
                  guint          seat,
                  gboolean       to_move,
                  const GdkRGBA *fg,
                  const GdkRGBA *outline)
{
  Sprite *sprite = &self->name_sprites[seat];
  const char *name = pj_game_get_seat_name (self->game, seat);
  g_autofree char *label = NULL;

  if (pj_game_get_controller (self->game, seat) == PJ_CONTROLLER_HUMAN)
    label = g_strdup (name);
  else
    /* Translators: a computer player's name on the board */
    label = g_strdup_printf (_("%s (computer)"), name);

  if (sprite->image == NULL || sprite->key != (guint) to_move + 1 || g_strcmp0 (sprite->text, label) != 0)
    {
      double ax, ay, tx, ty, nx, ny, x, y, angle;
      cairo_t *cr = sprite_begin (self);

      side_frame (L, seat, &ax, &ay, &tx, &ty, &nx, &ny);
      side_point (L, seat, L->hps / 2.0, -1.85, &x, &y);
      angle = atan2 (ty, tx);
      /* keep text upright */
      if (angle > G_PI / 2 + 0.01)
        angle -= G_PI;
      else if (angle < -G_PI / 2 + 0.01)
        angle += G_PI;

      draw_text (self, cr, label, x, y, L->d * 0.75, angle, to_move, fg);
      {
        g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), label);
        PangoFontDescription *font = pango_font_description_new ();
        int tw, th;

        pango_font_description_set_absolute_size (font, MAX (L->d * 0.75, 6.0) * PANGO_SCALE);
        pango_font_description_set_weight (font, to_move ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
        pango_layout_set_font_description (layout, font);
        pango_font_description_free (font);
        pango_layout_get_pixel_size (layout, &tw, &th);
        pj_peg_style_draw_peg (cr, seat,
                               x - cos (angle) * (tw / 2.0 + L->d * 0.6),
                               y - sin (angle) * (tw / 2.0 + L->d * 0.6),
                               L->d * 0.36, outline);
      }
      sprite_end (self, sprite, cr);
      sprite->key = (guint) to_move + 1;
      g_free (sprite->text);
      sprite->text = g_steal_pointer (&label);
    }
  sprite_append (self, sprite, snapshot);
}

/* The middle: the discard pile's top card and the stock. */
static void
append_middle (PjBoardView   *self,
               GtkSnapshot   *snapshot,
               const Layout  *L,
               const PjState *s,
               const GdkRGBA *fg,
               gboolean       dark)
{
  Sprite *sprite = &self->middle_sprite;
  guint top = pj_state_top_discard (s);
  g_autofree char *top_text = NULL;
  g_autofree char *shown = NULL;

  if (PJ_CARD_RANK (top) == PJ_CARD_JOKER)
    top_text = g_strdup (_("Joker"));
  else if (top != PJ_CARD_NONE && PJ_CARD_RANK (top) != PJ_CARD_UNKNOWN)
    top_text = g_strdup (pj_game_card_index (top));
  shown = g_strdup_printf ("%s\n%u", top_text != NULL ? top_text : "", s->n_stock);

  if (sprite->image == NULL || g_strcmp0 (sprite->text, shown) != 0)
    {
      double cw = L->d * 2.2, ch = L->d * 3.1;
      g_autofree char *stock = g_strdup_printf ("%u", s->n_stock);
      cairo_t *cr = sprite_begin (self);

      if (top_text != NULL)
        draw_card (self, cr, L->cx - cw - L->d * 0.3, L->cy - ch * 0.6, cw, ch, top_text,
                   _("Discard"), TRUE, fg, dark);
      draw_card (self, cr, L->cx + L->d * 0.3, L->cy - ch * 0.6, cw, ch, stock,
                 _("Stock"), FALSE, fg, dark);
      sprite_end (self, sprite, cr);
      g_free (sprite->text);
      sprite->text = g_steal_pointer (&shown);
    }
  sprite_append (self, sprite, snapshot);
}

/* A frame is the kept board, then what changes: the turn, the highlights,
 * the pegs (each from its own sprite), the names and the middle, in the
 * order a single Cairo drawing of it all would paint them. */
static void
pj_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  PjBoardView *self = PJ_BOARD_VIEW (widget);
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  GdkRGBA fg, accent, board, outline;
  const PjState *s;
  gboolean dark;
  guint moving = G_MAXUINT;
  double mx = 0, my = 0;
  Layout L;
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);

  if (w <= 0 || h <= 0)
    return;

  compute_layout (self, &L);
  get_colours (self, &fg, &accent, &board, &dark);
  outline = (GdkRGBA) { fg.red, fg.green, fg.blue, 0.55 };
  s = self->game ? pj_game_get_state (self->game) : NULL;
  shown_positions (self, pos);
  if (moving_peg (self, &L, &moving, &mx, &my))
    pos[PJ_PEG_COLOUR (moving)][PJ_PEG_INDEX (moving)] = 0xfe;   /* drawn on its own */

  update_caches (self, &L, &fg, dark);
  {
    GtkNative *native = gtk_widget_get_native (widget);
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

    self->use_textures = !GSK_IS_CAIRO_RENDERER (renderer);
  }

  if (self->board_sprite.image == NULL)
    {
      cairo_t *cr = sprite_begin (self);

      draw_board_layer (self, cr, &L, &fg, dark, &board);
      sprite_end (self, &self->board_sprite, cr);
    }
  sprite_append (self, &self->board_sprite, snapshot);

  if (s != NULL && !pj_state_is_over (s) && s->actor < L.n)
    append_turn_band (snapshot, &L, s->actor);

  /* destinations light up under the pegs, pegs that may move get a ring */
  for (guint i = 0; i < self->n_lit && self->have_peg; i++)
    {
      double x, y, width = MAX (L.d * 0.14, 2.0);
      cairo_t *cr;

      place_point (&L, &self->lit[i], &x, &y);
      cr = append_cairo_around (snapshot, x, y, L.peg_r * 1.05 + width);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, L.peg_r * 1.05, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.45);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, width);
      cairo_stroke (cr);
      cairo_destroy (cr);
    }

  /* pegs */
  for (guint c = 0; c < L.n; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (pos[c][k] != 0xfe)
        append_peg (self, snapshot, &L, c, k, pos[c][k], &outline);

  for (guint i = 0; i < self->n_lit && !self->have_peg; i++)
    {
      double x, y;

      place_point (&L, &self->lit[i], &x, &y);
      append_ring (snapshot, x, y, L.peg_r * 1.3, MAX (L.d * 0.12, 2.0), &accent, NULL);
    }

  if (self->have_peg)
    {
      Place pl = { self->peg_colour, self->peg_from, 0 };
      double x, y;

      for (guint k = 0; k < PJ_PEGS && self->peg_from == PJ_POS_START; k++)
        if (pos[self->peg_colour][k] == PJ_POS_START)
          {
            pl.slot = (guint8) k;
            break;
          }
      place_point (&L, &pl, &x, &y);
      append_ring (snapshot, x, y, L.peg_r * 1.35, MAX (L.d * 0.2, 3.0), &accent, NULL);
    }

  /* the hint: a dashed ring from where to where */
  if (self->have_hint)
    {
      static const double dash[] = { 4.0, 3.0 };

      for (guint i = 0; i < self->hint.n_steps; i++)
        if (is_primary (&self->hint, i))
          {
            const PjStep *st = &self->hint.steps[i];
            Place a = { PJ_PEG_COLOUR (st->peg), st->from, PJ_PEG_INDEX (st->peg) };
            Place b = { PJ_PEG_COLOUR (st->peg), st->to, PJ_PEG_INDEX (st->peg) };
            double x0, y0, x1, y1;

            place_point (&L, &a, &x0, &y0);
            place_point (&L, &b, &x1, &y1);
            /* one dashed path in the original: the dashes of the second
             * ring start where the first one's left off */
            {
              double r = L.peg_r * 1.4, width = MAX (L.d * 0.12, 2.0);
              double bx0 = MIN (x0, x1) - r - width - 2, by0 = MIN (y0, y1) - r - width - 2;
              double bx1 = MAX (x0, x1) + r + width + 2, by1 = MAX (y0, y1) + r + width + 2;
              cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                                       &GRAPHENE_RECT_INIT (floor (bx0), floor (by0),
                                                                            ceil (bx1) - floor (bx0),
                                                                            ceil (by1) - floor (by0)));

              cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              cairo_set_dash (cr, dash, 2, 0);
              cairo_new_path (cr);
              cairo_arc (cr, x0, y0, r, 0, 2 * G_PI);
              cairo_new_sub_path (cr);
              cairo_arc (cr, x1, y1, r, 0, 2 * G_PI);
              gdk_cairo_set_source_rgba (cr, &accent);
              cairo_set_line_width (cr, width);
              cairo_stroke (cr);
              cairo_destroy (cr);
            }
          }
    }

  if (moving != G_MAXUINT)
    {
      double r = L.peg_r * 1.12;
      cairo_t *cr = append_cairo_around (snapshot, mx, my, peg_reach (r));

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      pj_peg_style_draw_peg (cr, PJ_PEG_COLOUR (moving), mx, my, r, &outline);
      if (L.peg_r >= 6)
        draw_peg_number (self, cr, PJ_PEG_INDEX (moving), mx, my, r);
      cairo_destroy (cr);
    }

  /* keyboard focus */
  if (gtk_widget_has_focus (widget) &&
      self->focus >= 0 && self->focus < (int) self->n_lit)
    {
      static const double dash[] = { 3.0, 2.0 };
      double x, y;

      place_point (&L, &self->lit[self->focus], &x, &y);
      append_ring (snapshot, x, y, L.peg_r * 1.7, 2.0, &fg, dash);
    }

  for (guint seat = 0; seat < L.n && self->game != NULL; seat++)
    append_seat_name (self, snapshot, &L, seat,
                      s != NULL && !pj_state_is_over (s) && s->actor == seat, &fg, &outline);

  if (s != NULL)
    append_middle (self, snapshot, &L, s, &fg, dark);
}

/* Fonts may change under the same description (new fonts installed, new
 * rendering settings): the kept text must be drawn again. */
static void
pj_board_view_system_setting_changed (GtkWidget        *widget,
                                      GtkSystemSetting  setting)
{
  drop_caches (PJ_BOARD_VIEW (widget));
  gtk_widget_queue_draw (widget);

  GTK_WIDGET_CLASS (pj_board_view_parent_class)->system_setting_changed (widget, setting);
}

static void
pj_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = 200;
  *natural = 640;
}

/* ---- GObject ------------------------------------------------------------ */

static void
pj_board_view_dispose (GObject *object)
{
  PjBoardView *self = (PjBoardView *) object;

  stop_animation (self);
  pj_board_view_set_game (self, NULL);
  drop_caches (self);

  G_OBJECT_CLASS (pj_board_view_parent_class)->dispose (object);
}

static void
pj_board_view_finalize (GObject *object)
{
  PjBoardView *self = (PjBoardView *) object;

  g_clear_pointer (&self->candidates, g_array_unref);
  g_clear_pointer (&self->prompt, g_free);
  for (guint k = 0; k < PJ_PEGS; k++)
    g_clear_object (&self->digits[k]);

  G_OBJECT_CLASS (pj_board_view_parent_class)->finalize (object);
}

static void
pj_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PjBoardView *self = PJ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_CARD:
      g_value_set_uint (value, self->card);
      break;

    case PROP_PROMPT:
      g_value_set_string (value, self->prompt);
      break;

    case PROP_REDUCE_MOTION:
      g_value_set_boolean (value, self->reduce_motion);
      break;

    case PROP_ANIMATION_SPEED:
      g_value_set_double (value, self->animation_speed);
      break;

    case PROP_ANIMATING:
      g_value_set_boolean (value, self->animating);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PjBoardView *self = PJ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pj_board_view_set_game (self, g_value_get_object (value));
      break;

    case PROP_CARD:
      pj_board_view_set_card (self, g_value_get_uint (value));
      break;

    case PROP_REDUCE_MOTION:
      if (self->reduce_motion != g_value_get_boolean (value))
        {
          self->reduce_motion = g_value_get_boolean (value);
          if (self->reduce_motion)
            stop_animation (self);
          g_object_notify_by_pspec (object, pspec);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;

    case PROP_ANIMATION_SPEED:
      if (self->animation_speed != g_value_get_double (value))
        {
          self->animation_speed = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_board_view_class_init (PjBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pj_board_view_dispose;
  object_class->finalize = pj_board_view_finalize;
  object_class->get_property = pj_board_view_get_property;
  object_class->set_property = pj_board_view_set_property;

  widget_class->snapshot = pj_board_view_snapshot;
  widget_class->measure = pj_board_view_measure;
  widget_class->system_setting_changed = pj_board_view_system_setting_changed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CARD] =
    g_param_spec_uint ("card", NULL, NULL, 0, PJ_CARD_JOKER, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROMPT] =
    g_param_spec_string ("prompt", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDUCE_MOTION] =
    g_param_spec_boolean ("reduce-motion", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_double ("animation-speed", NULL, NULL, 0.25, 4.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PjBoardView::action-chosen:
   * @action: (type gpointer): the PjAction picked, one of the model's legal ones
   */
  signals[ACTION_CHOSEN] =
    g_signal_new ("action-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_css_name (widget_class, "pj-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pj_board_view_init (PjBoardView *self)
{
  GtkGesture *click;
  GtkEventController *keys;

  self->candidates = g_array_new (FALSE, FALSE, sizeof (PjAction));
  self->animation_speed = 1.0;
  self->focus = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  /* the kept drawing is checked against the style and scale when drawn
   * (update_caches); these make sure a frame is drawn when they change */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (gtk_widget_queue_draw), NULL);
}

GtkWidget *
pj_board_view_new (void)
{
  return g_object_new (PJ_TYPE_BOARD_VIEW, NULL);
}

PjGame *
pj_board_view_get_game (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
pj_board_view_set_game (PjBoardView *self,
                        PjGame      *game)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || PJ_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->applied_handler, self->game);
      g_clear_signal_handler (&self->turn_handler, self->game);
      g_clear_signal_handler (&self->reset_handler, self->game);
      g_clear_object (&self->game);
    }

  stop_animation (self);

  if (game != NULL)
    {
      self->game = g_object_ref (game);
      self->applied_handler = g_signal_connect_swapped (game, "action-applied",
                                                        G_CALLBACK (action_applied_cb), self);
      self->turn_handler = g_signal_connect_swapped (game, "turn-changed",
                                                     G_CALLBACK (turn_changed_cb), self);
      self->reset_handler = g_signal_connect_swapped (game, "state-reset",
                                                      G_CALLBACK (state_reset_cb), self);
    }

  self->have_hint = FALSE;
  self->card = 0;
  pj_board_view_reset_input (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

guint
pj_board_view_get_card (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), 0);

  return self->card;
}

/* Start picking a move for a card rank (0: none). */
void
pj_board_view_set_card (PjBoardView *self,
                        guint        card)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  card = PJ_CARD_RANK (card);
  self->n_picks = 0;
  self->have_peg = FALSE;
  self->focus = 0;
  self->declared = 0;
  if (self->card != card)
    {
      self->card = (guint8) card;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
    }
  update_input (self);
}

/* Bluffing Joker: the picks that follow are over the moves of the card
 * declared (0: the card itself); the real card stays the one set. */
void
pj_board_view_set_declared (PjBoardView *self,
                            guint        declared)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  self->declared = (guint8) PJ_CARD_RANK (declared);
  self->n_picks = 0;
  self->have_peg = FALSE;
  self->focus = 0;
  update_input (self);
}

guint
pj_board_view_get_declared (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), 0);

  return self->declared != 0 ? self->declared : self->card;
}

void
pj_board_view_reset_input (PjBoardView *self)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  self->n_picks = 0;
  self->have_peg = FALSE;
  self->focus = 0;
  self->declared = 0;
  if (self->card != 0)
    {
      self->card = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
    }
  update_input (self);
}

const char *
pj_board_view_get_prompt (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), NULL);

  return self->prompt;
}

gboolean
pj_board_view_get_animating (PjBoardView *self)
{
  g_return_val_if_fail (PJ_IS_BOARD_VIEW (self), FALSE);

  return self->animating;
}

void
pj_board_view_show_hint (PjBoardView    *self,
                         const PjAction *action)
{
  g_return_if_fail (PJ_IS_BOARD_VIEW (self));

  self->have_hint = action != NULL;
  if (action != NULL)
    self->hint = *action;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
