/* pj-test-boards.h — the board's sizes the tests measure at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* What the board gets in the default 1100 × 760 window with the side
 * panel shown (test-layout checks the board gets at least this), and in
 * a window 360 px wide at the default height. */
#define BOARD_W 817.0
#define BOARD_H 571.0
#define NARROW_W 338.0
#define NARROW_H 589.0
