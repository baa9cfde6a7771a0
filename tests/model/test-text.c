/* test-text.c — the model's words for codes from the layers below
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-text.h"

#include <string.h>

static void
test_hint_reasons (void)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint r = 0; r < PJ_N_HINT_REASONS; r++)
    {
      PjHint hint = { r, .colour = 1, .card = PJ_CARD_QUEEN };
      char *text = pj_text_hint (&hint);

      g_assert_nonnull (text);
      g_assert_cmpuint (strlen (text), >, 0);
      g_assert_null (strchr (text, '%'));
      /* every reason says something of its own */
      g_assert_true (g_hash_table_add (seen, text));
    }
  {
    g_autofree char *text = pj_text_hint (&(PjHint) { PJ_HINT_SEND_BACK, .colour = 1 });
    g_assert_cmpstr (text, ==, "Sends a Blue peg back to start");
  }
  {
    g_autofree char *text = pj_text_hint (&(PjHint) { PJ_HINT_BLUFF, .card = PJ_CARD_QUEEN });
    g_assert_cmpstr (text, ==, "Bluffs: declares Q for a much better move");
  }
}

static void
test_names (void)
{
  for (guint c = 0; c < PJ_MAX_PLAYERS; c++)
    g_assert_cmpstr (pj_text_colour_name (c), ==, pj_colour_name (c));
  g_assert_cmpstr (pj_text_card_name (7), ==, "Seven");
  g_assert_cmpstr (pj_text_card_name (PJ_CARD_UNKNOWN), ==, "Hidden card");
  g_assert_cmpstr (pj_text_card_index (PJ_CARD_JOKER), ==, "JK");
  g_assert_cmpstr (pj_text_card_index (10 | PJ_CARD_FACE_DOWN), ==, "10");
  for (guint l = 0; l < PJ_AI_N_LEVELS; l++)
    {
      PjController c = pj_controller_from_level ((PjAiLevel) l);

      g_assert_nonnull (pj_text_controller_title (c));
      g_assert_nonnull (pj_text_controller_long_title (c));
    }
  g_assert_cmpstr (pj_text_controller_title (PJ_CONTROLLER_NORMAL), ==, "Normal");
  g_assert_cmpstr (pj_text_controller_long_title (PJ_CONTROLLER_HARD), ==, "Computer — Hard");
  g_assert_cmpstr (pj_text_controller_title (PJ_CONTROLLER_HUMAN), ==, "Human");
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text/hint-reasons", test_hint_reasons);
  g_test_add_func ("/text/names", test_names);
  return g_test_run ();
}
