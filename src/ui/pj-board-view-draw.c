/* pj-board-view-draw.c — the board drawn: kept layers, pegs and highlights
 * (the moving peg where pj-board-view-animate.c says it is now)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "pj-text.h"
#include "pj-board-view-private.h"
#include "pj-colours.h"
#include "pj-peg-style.h"

/* ---- kept drawing ---------------------------------------------------------- */

static void
sprite_clear (PjBoardSprite *sprite)
{
  g_clear_pointer (&sprite->image, cairo_surface_destroy);
  g_clear_object (&sprite->texture);
  g_clear_pointer (&sprite->text, g_free);
  sprite->key = 0;
}

void
_pj_board_view_drop_caches (PjBoardView *self)
{
  sprite_clear (&self->board_sprite);
  sprite_clear (&self->middle_sprite);
  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      sprite_clear (&self->peg_sprites[c][k]);
  for (guint seat = 0; seat < PJ_BOARD_MAX_SIDES; seat++)
    sprite_clear (&self->name_sprites[seat]);
  memset (&self->cache_key, 0, sizeof self->cache_key);
}

/* Keeps the sprites while nothing they depend on has changed: the size,
 * the scale factor, the style (light or dark, the text colour, the font,
 * the text direction) and the board's geometry. Comparing here, where the
 * drawing happens, cannot miss a change whichever signal brought it. */
static void
update_caches (PjBoardView         *self,
               const PjBoardLayout *L,
               const GdkRGBA       *fg,
               gboolean             dark)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const PangoFontDescription *font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  PjBoardCacheKey key;

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
  key.high_contrast = pj_peg_style_get_high_contrast ();

  if (memcmp (&key, &self->cache_key, sizeof key) != 0)
    {
      _pj_board_view_drop_caches (self);
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
sprite_end (PjBoardView   *self,
            PjBoardSprite *sprite,
            cairo_t       *cr)
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
sprite_append (PjBoardView   *self,
               PjBoardSprite *sprite,
               GtkSnapshot   *snapshot)
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
 * badge and a small peg's shape (wider than the peg) included. */
static double
peg_reach (double r)
{
  double br, size, d;

  pj_board_layout_badge_size (r, &br, &size, &d);
  return MAX (MAX (r * 1.1, pj_board_layout_mark_reach (r)) + 1.0, d + br * 1.2 + 1.0);
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
           double         caption_size,
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
    draw_text (self, cr, caption, x + w / 2, y + h + caption_size * 0.9, caption_size, 0, FALSE, fg);
}

/* The peg's number (the move list says "peg 2") on a small badge centred
 * on (bx, by), for a peg of radius r. */
static void
draw_peg_number (PjBoardView *self,
                 cairo_t     *cr,
                 guint        index,
                 double       bx,
                 double       by,
                 double       r)
{
  double br, size, d;
  int w, h;

  pj_board_layout_badge_size (r, &br, &size, &d);

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
  *dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  pj_colours_get_foreground (GTK_WIDGET (self), fg);
  pj_colours_get_accent (accent);
  /* a warm wooden board, darker in the dark style */
  *board = *dark ? (GdkRGBA) { 0.24, 0.21, 0.18, 1 } : (GdkRGBA) { 0.93, 0.87, 0.76, 1 };
}

/* What depends only on the size, the style and the geometry: drawn once
 * into board_sprite. */
static void
draw_board_layer (PjBoardView         *self,
                  cairo_t             *cr,
                  const PjBoardLayout *L,
                  const GdkRGBA       *fg,
                  gboolean             dark,
                  const GdkRGBA       *board)
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
      pj_board_layout_side_point (L, seat, PJ_IN_SPOT_HOLE, 0, &x0, &y0);
      pj_board_layout_side_point (L, seat, PJ_IN_SPOT_HOLE, 1.15 * PJ_HOME_HOLES, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.35);
      cairo_set_line_width (cr, L->d * 0.7);
      cairo_stroke (cr);

      /* start area beside the come-out hole, joined to it */
      pj_board_layout_side_point (L, seat, PJ_COME_OUT_HOLE, 0, &x0, &y0);
      pj_board_layout_side_point (L, seat, PJ_COME_OUT_HOLE, 2.4, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_line_width (cr, L->d * 0.25);
      cairo_stroke (cr);
      pj_board_layout_side_point (L, seat, PJ_COME_OUT_HOLE - 2.0, 2.4, &x0, &y0);
      pj_board_layout_side_point (L, seat, PJ_COME_OUT_HOLE + 2.0, 2.4, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_line_width (cr, L->d * 0.95);
      cairo_stroke (cr);

      /* rings on the come-out hole and the in-spot */
      pj_board_layout_side_point (L, seat, PJ_COME_OUT_HOLE, 0, &x0, &y0);
      pj_board_layout_side_point (L, seat, PJ_IN_SPOT_HOLE, 0, &x1, &y1);
      cairo_new_path (cr);
      cairo_arc (cr, x0, y0, L->d * 0.36, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x1, y1, L->d * 0.36, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.9);
      cairo_set_line_width (cr, MAX (L->d * 0.08, 1.0));
      cairo_stroke (cr);
    }

  /* empty holes: a grey apart from every peg colour (pj-peg-style.c) */
  {
    GdkRGBA hole;

    pj_peg_style_get_hole_colour (dark, &hole);
    gdk_cairo_set_source_rgba (cr, &hole);
  }
  cairo_new_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  for (guint hole = 0; hole < L->n * L->hps; hole++)
    {
      double x, y;
      PjPlace pl = { 0, (guint8) hole, 0 };

      pj_board_layout_place_point (L, &pl, &x, &y);
      pj_peg_style_add_hole (cr, x, y, L->hole_r);
    }
  for (guint seat = 0; seat < L->n; seat++)
    for (guint k = 0; k < PJ_PEGS; k++)
      {
        double x, y;
        PjPlace home = { (guint8) seat, PJ_POS_HOME (k), 0 };
        PjPlace start = { (guint8) seat, PJ_POS_START, (guint8) k };

        pj_board_layout_place_point (L, &home, &x, &y);
        pj_peg_style_add_hole (cr, x, y, L->hole_r);
        pj_board_layout_place_point (L, &start, &x, &y);
        pj_peg_style_add_hole (cr, x, y, L->hole_r);
      }
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

/* The player to move: a band along their side. */
static void
append_turn_band (GtkSnapshot         *snapshot,
                  const PjBoardLayout *L,
                  guint                seat)
{
  GdkRGBA c;
  PjBoardBox band;
  double ux, uy;
  cairo_t *cr;

  pj_peg_style_get_colour (seat, &c);
  pj_board_layout_turn_band (L, seat, &band);
  ux = cos (band.angle) * band.w / 2;
  uy = sin (band.angle) * band.w / 2;
  cr = append_cairo_around (snapshot, band.x, band.y, band.w / 2 + band.h);
  cairo_move_to (cr, band.x - ux, band.y - uy);
  cairo_line_to (cr, band.x + ux, band.y + uy);
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.85);
  cairo_set_line_width (cr, band.h);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* A peg at rest, from its sprite; the sprite is drawn again only when the
 * peg is somewhere else (it is drawn for its exact place, not moved
 * there, so it stays as sharp as one drawn there directly). */
static void
append_peg (PjBoardView         *self,
            GtkSnapshot         *snapshot,
            const PjBoardLayout *L,
            guint                colour,
            guint                index,
            guint                pos,
            const GdkRGBA       *outline)
{
  PjBoardSprite *sprite = &self->peg_sprites[colour][index];

  if (sprite->key != pos + 1)
    {
      PjPlace pl = { (guint8) colour, (guint8) pos, (guint8) index };
      cairo_t *cr = sprite_begin (self);
      double x, y;

      pj_board_layout_place_point (L, &pl, &x, &y);
      pj_peg_style_draw_peg (cr, colour, x, y, L->peg_r, outline);
      if (L->peg_r >= PJ_PEG_BADGE_MIN_R)
        {
          double bx, by;

          pj_board_layout_badge_point (L, &pl, &bx, &by);
          draw_peg_number (self, cr, index, bx, by, L->peg_r);
        }
      sprite_end (self, sprite, cr);
      sprite->key = pos + 1;
    }
  sprite_append (self, sprite, snapshot);
}

/* A ring around a peg, `factor` radii out: around a small peg's shape
 * (wider than the peg) it leaves the shape's edge uncovered. */
static double
ring_radius (const PjBoardLayout *L,
             double               factor,
             double               width)
{
  double r = L->peg_r * factor;

  if (pj_board_layout_peg_is_shape (L->peg_r))
    r = MAX (r, pj_board_layout_shape_half (L->peg_r) + width / 2);
  return r;
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
append_seat_name (PjBoardView         *self,
                  GtkSnapshot         *snapshot,
                  const PjBoardLayout *L,
                  guint                seat,
                  gboolean             to_move,
                  const GdkRGBA       *fg,
                  const GdkRGBA       *outline)
{
  PjBoardSprite *sprite = &self->name_sprites[seat];
  g_autofree char *label = _pj_board_view_seat_label (self, seat);
  /* the layout sizes the names by what they say: a new size draws anew */
  guint key = (guint) to_move + 1 + 2 * (guint) (L->label_size * 64);

  if (sprite->image == NULL || sprite->key != key || g_strcmp0 (sprite->text, label) != 0)
    {
      cairo_t *cr = sprite_begin (self);

      draw_text (self, cr, label, L->label_text_x[seat], L->label_text_y[seat], L->label_size,
                 L->label[seat].angle, to_move, fg);
      pj_peg_style_draw_peg (cr, seat, L->label_sym_x[seat], L->label_sym_y[seat], L->label_sym_r, outline);
      sprite_end (self, sprite, cr);
      sprite->key = key;
      g_free (sprite->text);
      sprite->text = g_steal_pointer (&label);
    }
  sprite_append (self, sprite, snapshot);
}

/* The middle: the discard pile's top card and the stock. */
static void
append_middle (PjBoardView         *self,
               GtkSnapshot         *snapshot,
               const PjBoardLayout *L,
               const PjState       *s,
               const GdkRGBA       *fg,
               gboolean             dark)
{
  PjBoardSprite *sprite = &self->middle_sprite;
  guint top = pj_state_top_discard (s);
  g_autofree char *top_text = NULL;
  g_autofree char *shown = NULL;

  if (PJ_CARD_RANK (top) == PJ_CARD_JOKER)
    top_text = g_strdup (_("Joker"));
  else if (top != PJ_CARD_NONE && PJ_CARD_RANK (top) != PJ_CARD_UNKNOWN)
    top_text = g_strdup (pj_text_card_index (top));
  shown = g_strdup_printf ("%s\n%u", top_text != NULL ? top_text : "", s->n_stock);

  if (sprite->image == NULL || g_strcmp0 (sprite->text, shown) != 0)
    {
      g_autofree char *stock = g_strdup_printf ("%u", s->n_stock);
      cairo_t *cr = sprite_begin (self);

      if (top_text != NULL)
        draw_card (self, cr, L->card_x[0], L->card_y[0], L->card_w, L->card_h, top_text,
                   _("Discard"), L->caption_size, TRUE, fg, dark);
      draw_card (self, cr, L->card_x[1], L->card_y[1], L->card_w, L->card_h, stock,
                 _("Stock"), L->caption_size, FALSE, fg, dark);
      sprite_end (self, sprite, cr);
      g_free (sprite->text);
      sprite->text = g_steal_pointer (&shown);
    }
  sprite_append (self, sprite, snapshot);
}

/* Destinations light up under the pegs (while a peg is held). */
static void
append_destinations (PjBoardView         *self,
                     GtkSnapshot         *snapshot,
                     const PjBoardLayout *L,
                     const GdkRGBA       *accent)
{
  for (guint i = 0; i < self->n_lit; i++)
    {
      double x, y, width = MAX (L->d * 0.14, 2.0);
      cairo_t *cr;

      pj_board_layout_place_point (L, &self->lit[i], &x, &y);
      cr = append_cairo_around (snapshot, x, y, L->peg_r * 1.05 + width);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, L->peg_r * 1.05, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, 0.45);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, accent);
      cairo_set_line_width (cr, width);
      cairo_stroke (cr);
      cairo_destroy (cr);
    }
}

/* Pegs that may move get a ring; the held peg a thicker one. */
static void
append_peg_rings (PjBoardView         *self,
                  GtkSnapshot         *snapshot,
                  const PjBoardLayout *L,
                  guint8               pos[PJ_MAX_PLAYERS][PJ_PEGS],
                  const GdkRGBA       *accent)
{
  guint colour, from;

  if (!pj_move_picker_get_peg (self->picker, &colour, &from))
    {
      for (guint i = 0; i < self->n_lit; i++)
        {
          double x, y, width = MAX (L->d * 0.12, 2.0);

          pj_board_layout_place_point (L, &self->lit[i], &x, &y);
          append_ring (snapshot, x, y, ring_radius (L, 1.3, width), width, accent, NULL);
        }
    }
  else
    {
      PjPlace pl = { (guint8) colour, (guint8) from, 0 };
      double x, y;

      /* a peg from the start area: the first one there */
      for (guint k = 0; k < PJ_PEGS && from == PJ_POS_START; k++)
        if (pos[colour][k] == PJ_POS_START)
          {
            pl.slot = (guint8) k;
            break;
          }
      pj_board_layout_place_point (L, &pl, &x, &y);
      append_ring (snapshot, x, y, ring_radius (L, 1.35, MAX (L->d * 0.2, 3.0)), MAX (L->d * 0.2, 3.0),
                   accent, NULL);
    }
}

/* The last play's pegs, its hits included, until the next play: a thin
 * ring in the text colour, apart from the accent rings of what may move. */
static void
append_last_move (PjBoardView         *self,
                  GtkSnapshot         *snapshot,
                  const PjBoardLayout *L,
                  guint8               pos[PJ_MAX_PLAYERS][PJ_PEGS],
                  const GdkRGBA       *fg)
{
  if (self->last_moved == 0 || self->animating)
    return;

  for (guint c = 0; c < L->n; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if ((self->last_moved & (G_GUINT64_CONSTANT (1) << PJ_PEG_ID (c, k))) && pos[c][k] != 0xfe)
        {
          PjPlace pl = { (guint8) c, pos[c][k], (guint8) k };
          double x, y, width = MAX (L->peg_r * 0.25, 2.0);

          pj_board_layout_place_point (L, &pl, &x, &y);
          append_ring (snapshot, x, y, ring_radius (L, 1.3, width), width, fg, NULL);
        }
}

/* The hint, or a Bluffing Joker move waiting for challenges: a dashed
 * ring from where to where. */
static void
append_hint (PjBoardView         *self,
             GtkSnapshot         *snapshot,
             const PjBoardLayout *L,
             const PjAction      *hint,
             const GdkRGBA       *accent)
{
  static const double dash[] = { 4.0, 3.0 };

  for (guint i = 0; i < hint->n_steps; i++)
    if (pj_move_picker_is_picked_step (hint, i))
      {
        const PjStep *st = &hint->steps[i];
        PjPlace a = { PJ_PEG_COLOUR (st->peg), st->from, PJ_PEG_INDEX (st->peg) };
        PjPlace b = { PJ_PEG_COLOUR (st->peg), st->to, PJ_PEG_INDEX (st->peg) };
        double x0, y0, x1, y1;
        double width = MAX (L->d * 0.12, 2.0), r = ring_radius (L, 1.4, width);
        double bx0, by0, bx1, by1;
        cairo_t *cr;

        pj_board_layout_place_point (L, &a, &x0, &y0);
        pj_board_layout_place_point (L, &b, &x1, &y1);
        /* one dashed path in the original: the dashes of the second
         * ring start where the first one's left off */
        bx0 = MIN (x0, x1) - r - width - 2;
        by0 = MIN (y0, y1) - r - width - 2;
        bx1 = MAX (x0, x1) + r + width + 2;
        by1 = MAX (y0, y1) + r + width + 2;
        cr = gtk_snapshot_append_cairo (snapshot,
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
        gdk_cairo_set_source_rgba (cr, accent);
        cairo_set_line_width (cr, width);
        cairo_stroke (cr);
        cairo_destroy (cr);
      }
}

/* The peg on its way, drawn a little larger, above the others. */
static void
append_moving_peg (PjBoardView         *self,
                   GtkSnapshot         *snapshot,
                   const PjBoardLayout *L,
                   guint                moving,
                   double               mx,
                   double               my,
                   const GdkRGBA       *outline)
{
  double r = L->peg_r * 1.12;
  cairo_t *cr = append_cairo_around (snapshot, mx, my, peg_reach (r));

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  pj_peg_style_draw_peg (cr, PJ_PEG_COLOUR (moving), mx, my, r, outline);
  if (L->peg_r >= PJ_PEG_BADGE_MIN_R)
    {
      double br, size, d;

      /* between holes, off any row: lower right */
      pj_board_layout_badge_size (r, &br, &size, &d);
      draw_peg_number (self, cr, PJ_PEG_INDEX (moving), mx + d / G_SQRT2, my + d / G_SQRT2, r);
    }
  cairo_destroy (cr);
}

/* A frame is the kept board, then what changes: the turn, the highlights,
 * the pegs (each from its own sprite), the names and the middle, in the
 * order a single Cairo drawing of it all would paint them. */
void
_pj_board_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  PjBoardView *self = PJ_BOARD_VIEW (widget);
  guint8 pos[PJ_MAX_PLAYERS][PJ_PEGS];
  GdkRGBA fg, accent, board, outline;
  GtkNative *native;
  const PjState *s;
  gboolean dark, holding;
  guint moving = G_MAXUINT;
  double mx = 0, my = 0;
  PjBoardLayout L;
  PjPlace cursor;

  if (gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0)
    return;

  _pj_board_view_compute_layout (self, &L);
  get_colours (self, &fg, &accent, &board, &dark);
  outline = (GdkRGBA) { fg.red, fg.green, fg.blue, 0.55 };
  s = _pj_board_view_state (self);
  holding = pj_move_picker_get_peg (self->picker, NULL, NULL);
  _pj_board_view_drawn_positions (self, pos);
  if (_pj_board_view_moving_peg (self, &L, &moving, &mx, &my))
    pos[PJ_PEG_COLOUR (moving)][PJ_PEG_INDEX (moving)] = 0xfe;   /* drawn on its own */

  update_caches (self, &L, &fg, dark);
  native = gtk_widget_get_native (widget);
  self->use_textures = !GSK_IS_CAIRO_RENDERER (native != NULL ? gtk_native_get_renderer (native) : NULL);

  if (self->board_sprite.image == NULL)
    {
      cairo_t *cr = sprite_begin (self);

      draw_board_layer (self, cr, &L, &fg, dark, &board);
      sprite_end (self, &self->board_sprite, cr);
    }
  sprite_append (self, &self->board_sprite, snapshot);

  if (s != NULL && !pj_state_is_over (s) && s->actor < L.n)
    append_turn_band (snapshot, &L, s->actor);

  if (holding)
    append_destinations (self, snapshot, &L, &accent);

  for (guint c = 0; c < L.n; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      if (pos[c][k] != 0xfe)
        append_peg (self, snapshot, &L, c, k, pos[c][k], &outline);

  append_last_move (self, snapshot, &L, pos, &fg);
  append_peg_rings (self, snapshot, &L, pos, &accent);

  if (self->have_hint)
    append_hint (self, snapshot, &L, &self->hint, &accent);
  /* Bluffing Joker: the move declared, in its player's colour, while
   * it may be challenged */
  if (s != NULL && s->phase == PJ_PHASE_CHALLENGE && s->pending.kind == PJ_ACTION_MOVE && !self->animating)
    {
      GdkRGBA mover;

      pj_peg_style_get_colour (s->turn, &mover);
      append_hint (self, snapshot, &L, &s->pending, &mover);
    }

  if (moving != G_MAXUINT)
    append_moving_peg (self, snapshot, &L, moving, mx, my, &outline);

  /* keyboard focus */
  if (_pj_board_view_get_cursor (self, &cursor))
    {
      static const double dash[] = { 3.0, 2.0 };
      double x, y;

      pj_board_layout_place_point (&L, &cursor, &x, &y);
      append_ring (snapshot, x, y, L.peg_r * 1.7, 2.0, &fg, dash);
    }

  for (guint seat = 0; seat < L.n && self->game != NULL; seat++)
    append_seat_name (self, snapshot, &L, seat,
                      s != NULL && !pj_state_is_over (s) && s->actor == seat, &fg, &outline);

  if (s != NULL)
    append_middle (self, snapshot, &L, s, &fg, dark);
}

void
_pj_board_view_clear_digits (PjBoardView *self)
{
  for (guint k = 0; k < PJ_PEGS; k++)
    g_clear_object (&self->digits[k]);
  self->digit_size = 0;
}
