/* pj-controller.c — the one mapping between seat controllers and levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-controller.h"

#include <glib/gi18n-lib.h>

/* The people's ids never change (saved games); the levels' come from their table. */
static const char human_id[] = "human";
static const char remote_id[] = "remote";

/* The level info of a computer controller, or NULL for a person. */
static const PjAiLevelInfo *
level_of (PjController controller)
{
  g_return_val_if_fail ((guint) controller < PJ_N_CONTROLLERS, NULL);
  if (controller == PJ_CONTROLLER_HUMAN || controller == PJ_CONTROLLER_REMOTE)
    return NULL;
  return pj_ai_level_info ((PjAiLevel) (controller - 1));
}

const char *
pj_controller_to_id (PjController controller)
{
  const PjAiLevelInfo *info;

  g_return_val_if_fail ((guint) controller < PJ_N_CONTROLLERS, NULL);
  info = level_of (controller);
  if (info)
    return info->name;
  return controller == PJ_CONTROLLER_HUMAN ? human_id : remote_id;
}

gboolean
pj_controller_from_id (const char   *id,
                       PjController *out)
{
  for (guint c = 0; c < PJ_N_CONTROLLERS; c++)
    if (g_strcmp0 (pj_controller_to_id ((PjController) c), id) == 0)
      {
        *out = (PjController) c;
        return TRUE;
      }
  return FALSE;
}

char *
pj_controller_id_list (void)
{
  GString *out = g_string_new (NULL);

  for (guint c = 0; c < PJ_N_CONTROLLERS; c++)
    g_string_append_printf (out, "%s%s", c ? ", " : "", pj_controller_to_id ((PjController) c));
  return g_string_free (out, FALSE);
}

gboolean
pj_controller_to_level (PjController  controller,
                        PjAiLevel    *out)
{
  const PjAiLevelInfo *info = level_of (controller);

  if (info == NULL)
    return FALSE;
  if (out)
    *out = info->level;
  return TRUE;
}

PjController
pj_controller_from_level (PjAiLevel level)
{
  g_return_val_if_fail ((guint) level < PJ_AI_N_LEVELS, PJ_CONTROLLER_NORMAL);
  return (PjController) (1 + level);
}

const char *
pj_controller_title (PjController controller)
{
  const PjAiLevelInfo *info = level_of (controller);

  if (info)
    return info->title;
  /* the msgid is the app's existing one */
  return controller == PJ_CONTROLLER_HUMAN ? N_("Human") : NULL;
}

const char *
pj_controller_title_context (PjController controller)
{
  return level_of (controller) ? PJ_AI_LEVEL_TITLE_CONTEXT : NULL;
}

const char *
pj_controller_long_title (PjController controller)
{
  const PjAiLevelInfo *info = level_of (controller);

  if (info)
    return info->long_title;
  return controller == PJ_CONTROLLER_HUMAN ? N_("Human") : NULL;
}
