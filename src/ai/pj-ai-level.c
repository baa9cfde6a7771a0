/* pj-ai-level.c — the one table of computer levels (see pj-ai-level.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-ai-level.h"

#include <glib/gi18n-lib.h>

/* In PjAiLevel order, one row per level: a level without its row does not
 * compile (the assertion below), and tests/recipes checks the order. The
 * titles' msgids are the app's existing ones, in the context that
 * PJ_AI_LEVEL_TITLE_CONTEXT names. */
static const PjAiLevelInfo levels[] = {
  { PJ_AI_EASY,   "easy",   FALSE,
    NC_("computer player level", "Easy"),   N_("Computer — Easy") },
  { PJ_AI_NORMAL, "normal", FALSE,
    NC_("computer player level", "Normal"), N_("Computer — Normal") },
  { PJ_AI_HARD,   "hard",   TRUE,
    NC_("computer player level", "Hard"),   N_("Computer — Hard") },
};
/* _Static_assert rather than G_STATIC_ASSERT: the message is the recipe's step */
_Static_assert (G_N_ELEMENTS (levels) == PJ_AI_N_LEVELS,
                "every PjAiLevel needs its row in the levels' table (HACKING.md, \"A computer level\")");

const PjAiLevelInfo *
pj_ai_level_info (PjAiLevel level)
{
  g_return_val_if_fail ((guint) level < PJ_AI_N_LEVELS, NULL);
  return &levels[level];
}

const char *
pj_ai_level_name (PjAiLevel level)
{
  return (guint) level < PJ_AI_N_LEVELS ? levels[level].name : "unknown";
}

gboolean
pj_ai_level_from_string (const char *name,
                         PjAiLevel  *out)
{
  for (guint i = 0; name && i < PJ_AI_N_LEVELS; i++)
    if (g_ascii_strcasecmp (name, levels[i].name) == 0)
      {
        *out = levels[i].level;
        return TRUE;
      }
  return FALSE;
}

const char *const *
pj_ai_level_names (void)
{
  static const char *names[PJ_AI_N_LEVELS + 1];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < PJ_AI_N_LEVELS; i++)
        names[i] = levels[i].name;
      g_once_init_leave (&done, 1);
    }
  return names;
}

char *
pj_ai_level_list (void)
{
  return g_strjoinv (", ", (char **) pj_ai_level_names ());
}
