/* pj-settings.h — the app's GSettings, if its schema is installed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *pj_settings_new   (void);

/* What a "computer-speed" value means: the computer's least pause before a
 * move, counted from when the board is still (pj_game_set_delay()), and how
 * fast pegs move (the board's "animation-speed"). An unknown value is
 * "normal". */
void       pj_settings_speed (const char *speed,
                              guint      *delay_ms,
                              double     *animation_speed);

G_END_DECLS
