/* pj-controller.c — the one mapping between seat controllers and levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-controller.h"

#include <glib/gi18n-lib.h>

typedef struct {
  PjController controller;
  int          level;          /* PjAiLevel, or -1: a person */
  const char  *id;             /* saved games: never change one */
  const char  *title_context;
  const char  *title;
  const char  *long_title;
} ControllerInfo;

/* In PjController order; the msgids are the app's existing ones */
static const ControllerInfo controllers[PJ_N_CONTROLLERS] = {
  { PJ_CONTROLLER_HUMAN,  -1,           "human",  NULL, N_("Human"), N_("Human") },
  { PJ_CONTROLLER_EASY,   PJ_AI_EASY,   "easy",   "computer player level",
    NC_("computer player level", "Easy"),   N_("Computer — Easy") },
  { PJ_CONTROLLER_NORMAL, PJ_AI_NORMAL, "normal", "computer player level",
    NC_("computer player level", "Normal"), N_("Computer — Normal") },
  { PJ_CONTROLLER_HARD,   PJ_AI_HARD,   "hard",   "computer player level",
    NC_("computer player level", "Hard"),   N_("Computer — Hard") },
  { PJ_CONTROLLER_REMOTE, -1,           "remote", NULL, NULL, NULL },
};

static const ControllerInfo *
info_of (PjController controller)
{
  g_return_val_if_fail ((guint) controller < PJ_N_CONTROLLERS, &controllers[PJ_CONTROLLER_HUMAN]);
  return &controllers[controller];
}

const char *
pj_controller_to_id (PjController controller)
{
  g_return_val_if_fail ((guint) controller < PJ_N_CONTROLLERS, NULL);
  return controllers[controller].id;
}

gboolean
pj_controller_from_id (const char   *id,
                       PjController *out)
{
  for (guint i = 0; i < PJ_N_CONTROLLERS; i++)
    if (g_strcmp0 (controllers[i].id, id) == 0)
      {
        *out = controllers[i].controller;
        return TRUE;
      }
  return FALSE;
}

gboolean
pj_controller_to_level (PjController  controller,
                        PjAiLevel    *out)
{
  const ControllerInfo *info = info_of (controller);

  if (info->level < 0)
    return FALSE;
  if (out)
    *out = (PjAiLevel) info->level;
  return TRUE;
}

PjController
pj_controller_from_level (PjAiLevel level)
{
  for (guint i = 0; i < PJ_N_CONTROLLERS; i++)
    if (controllers[i].level == (int) level)
      return controllers[i].controller;
  g_return_val_if_reached (PJ_CONTROLLER_NORMAL);
}

const char *
pj_controller_title (PjController controller)
{
  return info_of (controller)->title;
}

const char *
pj_controller_title_context (PjController controller)
{
  return info_of (controller)->title_context;
}

const char *
pj_controller_long_title (PjController controller)
{
  return info_of (controller)->long_title;
}
