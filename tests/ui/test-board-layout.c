/* test-board-layout.c — the board's geometry and the paths pegs travel,
 * without GTK or a display (pj-board-layout.c over the engine only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "pj-board-layout.h"
#include "pj-test-boards.h"
#include "pj-test-util.h"

#define W 900.0
#define H 700.0

static const guint sizes[][2] = { { 4, 18 }, { 6, 18 }, { 8, 18 }, { 4, 20 }, { 6, 20 }, { 8, 20 } };

/* Every hole of the board: the track, then each colour's home and start. */
static guint
all_places (const PjBoardLayout *L,
            PjPlace             *places)
{
  guint n = 0;

  for (guint h = 0; h < L->n * L->hps; h++)
    places[n++] = (PjPlace) { (guint8) (h / L->hps), (guint8) h, 0 };
  for (guint c = 0; c < L->n; c++)
    for (guint k = 0; k < PJ_PEGS; k++)
      {
        places[n++] = (PjPlace) { (guint8) c, PJ_POS_HOME (k), 0 };
        places[n++] = (PjPlace) { (guint8) c, PJ_POS_START, (guint8) k };
      }
  return n;
}

static void
test_distinct_inside (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint bottom = 0; bottom < sizes[i][0]; bottom++)
      {
        PjPlace places[PJ_MAX_TRACK + PJ_MAX_PLAYERS * 2 * PJ_PEGS];
        double x[G_N_ELEMENTS (places)], y[G_N_ELEMENTS (places)];
        PjBoardLayout L;
        guint n;

        pj_board_layout_init (&L, sizes[i][0], sizes[i][1], bottom, W, H);
        g_assert_cmpfloat (L.d, >, 0);
        g_assert_cmpfloat (L.peg_r, <, L.d / 2);
        n = all_places (&L, places);
        g_assert_cmpuint (n, ==, L.n * (L.hps + 2 * PJ_PEGS));
        for (guint p = 0; p < n; p++)
          {
            pj_board_layout_place_point (&L, &places[p], &x[p], &y[p]);
            /* inside the widget, with room for a peg */
            g_assert_cmpfloat (x[p] - L.peg_r, >=, 0);
            g_assert_cmpfloat (y[p] - L.peg_r, >=, 0);
            g_assert_cmpfloat (x[p] + L.peg_r, <=, W);
            g_assert_cmpfloat (y[p] + L.peg_r, <=, H);
            /* and inside the polygon of the track */
            g_assert_cmpfloat (hypot (x[p] - L.cx, y[p] - L.cy), <=,
                               hypot (L.corner_x[0] - L.cx, L.corner_y[0] - L.cy) + 0.01);
            /* pegs in neighbouring holes do not overlap */
            for (guint q = 0; q < p; q++)
              g_assert_cmpfloat (hypot (x[p] - x[q], y[p] - y[q]), >=, 2 * L.peg_r);
          }
      }
}

/* Turning the board by one side takes each seat's holes onto the next
 * seat's: every side is drawn alike. */
static void
test_rotation (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      PjPlace places[PJ_MAX_TRACK + PJ_MAX_PLAYERS * 2 * PJ_PEGS];
      PjBoardLayout L;
      double angle;
      guint n;

      pj_board_layout_init (&L, sizes[i][0], sizes[i][1], 0, W, H);
      angle = 2 * G_PI / L.n;
      n = all_places (&L, places);
      for (guint p = 0; p < n; p++)
        {
          PjPlace next = places[p];
          double x, y, rx, ry, nx, ny;

          if (PJ_POS_IS_TRACK (next.pos))
            next.pos = (guint8) ((next.pos + L.hps) % (L.n * L.hps));
          next.colour = (guint8) ((next.colour + 1) % L.n);
          pj_board_layout_place_point (&L, &places[p], &x, &y);
          pj_board_layout_place_point (&L, &next, &nx, &ny);
          rx = L.cx + (x - L.cx) * cos (angle) - (y - L.cy) * sin (angle);
          ry = L.cy + (x - L.cx) * sin (angle) + (y - L.cy) * cos (angle);
          g_assert_cmpfloat_with_epsilon (rx, nx, 1e-6);
          g_assert_cmpfloat_with_epsilon (ry, ny, 1e-6);
        }
    }
}

/* The seat whose hand is shown sits at the bottom, played left to right. */
static void
test_bottom (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint bottom = 0; bottom < sizes[i][0]; bottom++)
      {
        PjBoardLayout L;
        double x0, y0, x1, y1, cx, cy;
        PjPlace first = { bottom, (guint8) (bottom * sizes[i][1]), 0 };
        PjPlace last = { bottom, (guint8) (bottom * sizes[i][1] + sizes[i][1] - 1), 0 };
        PjPlace come_out = { bottom, pj_come_out_hole (&(PjRules) { .holes_per_side = sizes[i][1] }, bottom), 0 };

        pj_board_layout_init (&L, sizes[i][0], sizes[i][1], bottom, W, H);
        g_assert_cmpuint (pj_board_layout_display_side (&L, bottom), ==, 0);
        pj_board_layout_place_point (&L, &first, &x0, &y0);
        pj_board_layout_place_point (&L, &last, &x1, &y1);
        g_assert_cmpfloat_with_epsilon (y0, y1, 1e-6);
        g_assert_cmpfloat (y0, >, L.cy);
        /* clockwise on screen: along the bottom, right to left */
        g_assert_cmpfloat (x0, >, x1);
        /* the start area lies inside the track, by its come-out hole */
        pj_board_layout_place_point (&L, &come_out, &cx, &cy);
        for (guint k = 0; k < PJ_PEGS; k++)
          {
            PjPlace start = { bottom, PJ_POS_START, k };
            double sx, sy;

            pj_board_layout_place_point (&L, &start, &sx, &sy);
            g_assert_cmpfloat (sy, <, cy);
            g_assert_cmpfloat (hypot (sx - cx, sy - cy), <, 4 * L.d);
          }
      }
}

static void
test_hit (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      PjPlace places[PJ_MAX_TRACK + PJ_MAX_PLAYERS * 2 * PJ_PEGS];
      PjBoardLayout L;
      PjPlace found;
      guint n;

      pj_board_layout_init (&L, sizes[i][0], sizes[i][1], 1, W, H);
      n = all_places (&L, places);
      for (guint p = 0; p < n; p++)
        {
          double x, y;

          pj_board_layout_place_point (&L, &places[p], &x, &y);
          g_assert_true (pj_board_layout_place_at (&L, x, y, &found));
          g_assert_cmpuint (found.pos, ==, places[p].pos);
          g_assert_cmpuint (found.colour, ==, places[p].colour);
          g_assert_cmpuint (found.slot, ==, places[p].slot);
          /* a little off the centre still hits it */
          g_assert_true (pj_board_layout_place_at (&L, x + L.d * 0.2, y - L.d * 0.2, &found));
          g_assert_cmpuint (found.pos, ==, places[p].pos);
        }
      /* the middle of the board and the corners of the widget are no hole */
      g_assert_false (pj_board_layout_place_at (&L, L.cx, L.cy, &found));
      g_assert_false (pj_board_layout_place_at (&L, 0, 0, &found));
    }
}

static PjAction
find_action (const char *position,
             const char *text)
{
  PjState s;

  pjt_load (&s, position);
  return pjt_find (&s, text);
}

/* The path of step i: it starts where the step starts, ends where it
 * ends, and a path that counts holes goes from each to the next. */
static guint
check_path (const PjBoardLayout *L,
            const PjAction      *a,
            guint                i,
            PjPlace              path[PJ_BOARD_MAX_PATH])
{
  guint n = pj_board_layout_step_path (L, a, i, path);

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (path[0].pos, ==, a->steps[i].from);
  g_assert_cmpuint (path[n - 1].pos, ==, a->steps[i].to);
  if (n > 2)
    for (guint k = 1; k < n; k++)
      {
        double x0, y0, x1, y1;

        pj_board_layout_place_point (L, &path[k - 1], &x0, &y0);
        pj_board_layout_place_point (L, &path[k], &x1, &y1);
        g_assert_cmpfloat (hypot (x1 - x0, y1 - y0), <, 1.5 * L->d);
      }
  return n;
}

static void
test_step_paths (void)
{
  PjPlace path[PJ_BOARD_MAX_PATH];
  PjBoardLayout L;
  PjAction a;
  double x, y, px, py;

  pj_board_layout_init (&L, 4, 18, 0, W, H);

  /* a five counts five holes */
  a = find_action ("rules basic players=4\npegs R r10 s s s s\nhand R 5\n", "5 R1 r10-r15");
  g_assert_cmpuint (check_path (&L, &a, 0, path), ==, 6);
  /* across a corner into the next side */
  a = find_action ("rules basic players=4\npegs R r15 s s s s\nhand R 5\n", "5 R1 r15-b2");
  g_assert_cmpuint (check_path (&L, &a, 0, path), ==, 6);
  /* into the home track through the in-spot (B-35) */
  a = find_action ("rules basic players=4\npegs R r0 s s s s\nhand R 5\n", "5 R1 r0-h2");
  g_assert_cmpuint (check_path (&L, &a, 0, path), ==, 6);
  g_assert_cmpuint (path[3].pos, ==, 3);
  g_assert_cmpuint (path[4].pos, ==, PJ_POS_HOME (0));
  /* an eight backward, over seat 0's corner */
  a = find_action ("rules basic players=4\npegs R r2 s s s s\nhand R 8\n", "8 R1 r2-y12");
  g_assert_cmpuint (check_path (&L, &a, 0, path), ==, 9);
  g_assert_cmpuint (path[3].pos, ==, 71);
  /* coming out jumps from the start area */
  a = find_action ("rules basic players=4\npegs R s s s s s\nhand R A\n", "A R1 s-r8");
  g_assert_cmpuint (check_path (&L, &a, 0, path), ==, 2);
  /* a joker jumps across the board (not 49 holes round it); its hit
   * jumps back to start */
  a = find_action ("rules basic players=4\npegs R r10 s s s s\npegs B y5 s s s s\nhand R 3 JK\n",
                   "JK R1 r10-y5 xB1>s");
  g_assert_cmpuint (a.n_steps, ==, 2);
  g_assert_cmpuint (check_path (&L, &a, 0, path), ==, 2);
  g_assert_cmpuint (check_path (&L, &a, 1, path), ==, 2);
  g_assert_cmpuint (path[1].pos, ==, PJ_POS_START);
  g_assert_cmpuint (path[1].colour, ==, 1);
  g_assert_cmpuint (path[1].slot, ==, 0);

  /* the peg along its path: at the ends, then in between */
  a = find_action ("rules basic players=4\npegs R r10 s s s s\nhand R 5\n", "5 R1 r10-r15");
  pj_board_layout_step_path (&L, &a, 0, path);
  pj_board_layout_path_point (&L, path, 6, 0.0, &x, &y);
  pj_board_layout_place_point (&L, &path[0], &px, &py);
  g_assert_cmpfloat_with_epsilon (x, px, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, py, 1e-9);
  pj_board_layout_path_point (&L, path, 6, 1.0, &x, &y);
  pj_board_layout_place_point (&L, &path[5], &px, &py);
  g_assert_cmpfloat_with_epsilon (x, px, 1e-9);
  /* half way along a straight side: half way between the ends */
  pj_board_layout_path_point (&L, path, 6, 0.5, &x, &y);
  {
    double x0, y0;

    pj_board_layout_place_point (&L, &path[0], &x0, &y0);
    g_assert_cmpfloat_with_epsilon (x, (x0 + px) / 2, 1e-6);
    g_assert_cmpfloat_with_epsilon (y, (y0 + py) / 2, 1e-6);
  }
}

/* ---- names in every language --------------------------------------- */

static const char *const languages[] = { "en", "de", "el", "es", "fa", "fr", "ko", "sq" };
static const char *const colours[] = {
  "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Teal", "Magenta"
};

/* po/LANG.po's translations, "context\004msgid" or "msgid" to msgstr
 * (single-line entries: the ones read here are) */
static GHashTable *
load_po (const char *lang)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.po", PJ_PO_DIR, lang);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GHashTable *po = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *ctxt = NULL;
  g_autofree char *id = NULL;

  if (g_strcmp0 (lang, "en") == 0)
    return po;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      gsize len = strlen (line);

      if (g_str_has_prefix (line, "msgctxt \"") && len > 10)
        {
          g_free (ctxt);
          ctxt = g_strndup (line + 9, len - 10);
        }
      else if (g_str_has_prefix (line, "msgid \"") && len > 8)
        {
          g_free (id);
          id = g_strndup (line + 7, len - 8);
        }
      else if (g_str_has_prefix (line, "msgstr \"") && len > 9 && id != NULL)
        {
          g_hash_table_insert (po, ctxt != NULL ? g_strdup_printf ("%s\004%s", ctxt, id) : g_strdup (id),
                               g_strndup (line + 8, len - 9));
          g_clear_pointer (&ctxt, g_free);
          g_clear_pointer (&id, g_free);
        }
      else if (line[0] == '\0')
        {
          g_clear_pointer (&ctxt, g_free);
          g_clear_pointer (&id, g_free);
        }
    }
  return po;
}

/* A translation of msgid (in context ctxt, or none); the msgid itself in
 * English or where it is not translated. */
static const char *
translate (GHashTable *po,
           const char *ctxt,
           const char *msgid)
{
  g_autofree char *key = ctxt != NULL ? g_strdup_printf ("%s\004%s", ctxt, msgid) : g_strdup (msgid);
  const char *found = g_hash_table_lookup (po, key);

  return found != NULL && found[0] != '\0' ? found : msgid;
}

#define MEASURE 20.0

/* Each seat's name as the board shows it, all played by the computer
 * (the longer form), measured bold as for the player to move. */
static void
measure_names (PangoLayout *layout,
               const char  *lang,
               double       w[PJ_MAX_PLAYERS],
               double       h[PJ_MAX_PLAYERS])
{
  g_autoptr (GHashTable) po = load_po (lang);
  const char *format = translate (po, NULL, "%s (computer)");
  const char *at = strstr (format, "%s");

  g_assert_nonnull (at);
  for (guint s = 0; s < PJ_MAX_PLAYERS; s++)
    {
      g_autofree char *label = g_strdup_printf ("%.*s%s%s", (int) (at - format), format,
                                                translate (po, "peg colour", colours[s]), at + 2);
      int pw, ph;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &pw, &ph);
      w[s] = pw;
      h[s] = ph;
    }
}

/* The captions under the cards, measured in the board's regular weight. */
static void
measure_captions (PangoLayout *layout,
                  const char  *lang,
                  double       w[2])
{
  g_autoptr (GHashTable) po = load_po (lang);
  const PangoFontDescription *bold = pango_layout_get_font_description (layout);
  PangoFontDescription *font = pango_font_description_copy (bold);

  pango_font_description_set_weight (font, PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  for (guint i = 0; i < 2; i++)
    {
      int pw, ph;

      pango_layout_set_text (layout, translate (po, NULL, i == 0 ? "Discard" : "Stock"), -1);
      pango_layout_get_pixel_size (layout, &pw, &ph);
      w[i] = pw;
    }
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
}

static void
check_boxes (const PjBoardLayout *L,
             double               width,
             double               height)
{
  for (guint s = 0; s < L->n; s++)
    {
      g_assert_true (pj_board_box_inside (&L->label[s], width, height));
      for (guint t = 0; t < L->n; t++)
        {
          PjBoardBox band;

          pj_board_layout_turn_band (L, t, &band);
          g_assert_false (pj_board_box_overlap (&L->label[s], &band));
          if (t != s)
            g_assert_false (pj_board_box_overlap (&L->label[s], &L->label[t]));
        }
    }
}

/* The boxes test themselves: a box overlaps itself and a turned copy
 * over it, not one beside it; a box over the edge is not inside. */
static void
test_boxes (void)
{
  PjBoardBox a = { 50, 50, 40, 10, 0 }, b = a, c = a;

  g_assert_true (pj_board_box_overlap (&a, &b));
  b.angle = G_PI / 4;
  g_assert_true (pj_board_box_overlap (&a, &b));
  b.x = 50 + 40 + 2;
  b.angle = 0;
  g_assert_false (pj_board_box_overlap (&a, &b));
  /* turned 45 degrees, it reaches (40 + 10) · √2 / 4 ≈ 17.7 up */
  c.angle = G_PI / 4;
  c.y = 50 + 5 + 17;
  g_assert_true (pj_board_box_overlap (&a, &c));
  c.y = 50 + 5 + 18.5;
  g_assert_false (pj_board_box_overlap (&a, &c));
  g_assert_true (pj_board_box_inside (&a, 100, 100));
  g_assert_false (pj_board_box_inside (&a, 69, 100));
  a.angle = G_PI / 2;
  g_assert_true (pj_board_box_inside (&a, 56, 100));
  g_assert_false (pj_board_box_inside (&a, 54, 100));
}

/* At 4, 6 and 8 seats, at the default window's board, the 360 px wide
 * window's and a large one, in every language's names: the names meet
 * neither each other nor a turn band and stay inside the board; at the
 * default size holes, peg numbers and text are big enough to read. */
static void
test_labels (void)
{
  static const double areas[][2] = { { BOARD_W, BOARD_H }, { NARROW_W, NARROW_H }, { NARROW_W, 360 }, { W, H }, { 1800, 1000 } };
  static const guint players[] = { 4, 6, 8 };
  PangoFontMap *map = pango_cairo_font_map_get_default ();   /* not owned */
  PangoContext *context = pango_font_map_create_context (map);
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, MEASURE * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      double w[PJ_MAX_PLAYERS], h[PJ_MAX_PLAYERS], captions[2];

      measure_names (layout, languages[l], w, h);
      measure_captions (layout, languages[l], captions);
      for (guint p = 0; p < G_N_ELEMENTS (players); p++)
        for (guint a = 0; a < G_N_ELEMENTS (areas); a++)
          for (guint bottom = 0; bottom < 2; bottom++)
            {
              PjBoardLayout L;

              g_test_message ("%s, %u seats, %.0f x %.0f", languages[l], players[p], areas[a][0], areas[a][1]);
              pj_board_layout_init (&L, players[p], 18, bottom, areas[a][0], areas[a][1]);
              pj_board_layout_set_labels (&L, w, h, MEASURE);
              pj_board_layout_set_captions (&L, captions, MEASURE);
              check_boxes (&L, areas[a][0], areas[a][1]);
              /* "Discard" and "Stock" side by side, apart */
              g_assert_false (pj_board_box_overlap (&L.caption[0], &L.caption[1]));
              if (areas[a][0] >= BOARD_W)
                {
                  /* holes one sees, pegs with their numbers, words one reads */
                  g_assert_cmpfloat (2 * L.hole_r, >=, 10.0);
                  g_assert_cmpfloat (L.peg_r, >=, 5.0);
                  g_assert_cmpfloat (L.label_size, >=, PJ_BOARD_MIN_TEXT);
                  g_assert_cmpfloat (L.caption_size, >=, PJ_BOARD_MIN_TEXT);
                }
              /* the cards and their captions cover no hole */
              {
                PjPlace places[PJ_MAX_TRACK + PJ_MAX_PLAYERS * 2 * PJ_PEGS];
                guint n = all_places (&L, places);

                for (guint q = 0; q < n; q++)
                  {
                    PjBoardBox hole = { 0, 0, 2 * L.peg_r, 2 * L.peg_r, 0 };

                    pj_board_layout_place_point (&L, &places[q], &hole.x, &hole.y);
                    for (guint c = 0; c < 2; c++)
                      {
                        PjBoardBox card = { L.card_x[c] + L.card_w / 2, L.card_y[c] + L.card_h / 2,
                                            L.card_w, L.card_h, 0 };

                        g_assert_false (pj_board_box_overlap (&hole, &card));
                        g_assert_false (pj_board_box_overlap (&hole, &L.caption[c]));
                      }
                  }
              }
            }
    }
  g_object_unref (layout);
  g_object_unref (context);
}

/* Issue 23: whose peg it is shows without colour. The number's badge is
 * clear of the peg's own mark (its symbol, or its shape when small), of
 * the marks of pegs in every other hole and of the seats' names, at every table size in the
 * default window and at 360 px (where the pegs are too small for a badge
 * and no number is drawn); how large the marks are is test-peg-colours'. */
static void
test_badge_clear (void)
{
  static const double boards[][2] = { { BOARD_W, BOARD_H }, { NARROW_W, NARROW_H } };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        PjPlace places[PJ_MAX_TRACK + PJ_MAX_PLAYERS * 2 * PJ_PEGS];
        double x[G_N_ELEMENTS (places)], y[G_N_ELEMENTS (places)];
        double br, size, d, sym, name_w[PJ_MAX_PLAYERS], name_h[PJ_MAX_PLAYERS];
        PjBoardLayout L;
        guint n;

        pj_board_layout_init (&L, sizes[i][0], sizes[i][1], 0, boards[b][0], boards[b][1]);
        /* long names: "Magenta (computer)" is about 10 em */
        for (guint s = 0; s < L.n; s++)
          {
            name_w[s] = 12.0;
            name_h[s] = 1.2;
          }
        pj_board_layout_set_labels (&L, name_w, name_h, 1.0);
        pj_board_layout_badge_size (L.peg_r, &br, &size, &d);
        sym = pj_board_layout_mark_reach (L.peg_r);
        g_test_message ("%g x %g, %u players: peg radius %.1f, mark reaches %.1f px, badge radius %.1f",
                        boards[b][0], boards[b][1], sizes[i][0], L.peg_r, sym, br);
        if (L.peg_r < PJ_PEG_BADGE_MIN_R)
          continue;

        n = all_places (&L, places);
        for (guint p = 0; p < n; p++)
          pj_board_layout_place_point (&L, &places[p], &x[p], &y[p]);
        for (guint p = 0; p < n; p++)
          {
            double bx, by;

            pj_board_layout_badge_point (&L, &places[p], &bx, &by);
            for (guint q = 0; q < n; q++)
              g_assert_cmpfloat (hypot (bx - x[q], by - y[q]) - br, >=, sym);
            /* no name covers it */
            for (guint s = 0; s < L.n; s++)
              {
                /* the round badge's square, turned as the name is */
                PjBoardBox badge = { bx, by, 2 * br, 2 * br, L.label[s].angle };

                g_assert_false (pj_board_box_overlap (&badge, &L.label[s]));
              }
            /* and it is drawn inside the board */
            g_assert_cmpfloat (bx - br, >=, 0);
            g_assert_cmpfloat (by - br, >=, 0);
            g_assert_cmpfloat (bx + br, <=, boards[b][0]);
            g_assert_cmpfloat (by + br, <=, boards[b][1]);
          }
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board-layout/distinct-inside", test_distinct_inside);
  g_test_add_func ("/board-layout/rotation", test_rotation);
  g_test_add_func ("/board-layout/bottom", test_bottom);
  g_test_add_func ("/board-layout/hit", test_hit);
  g_test_add_func ("/board-layout/step-paths", test_step_paths);
  g_test_add_func ("/board-layout/boxes", test_boxes);
  g_test_add_func ("/board-layout/labels", test_labels);
  g_test_add_func ("/board-layout/badge-clear", test_badge_clear);

  return g_test_run ();
}
