# test-board-turn.py — a whole turn through the accessibility tree alone:
# the Seven from the hand (its action), a split in two parts on the board
# (a peg by its action, its destination by the arrow keys and Return, the
# second peg by the keys, the last hole by its action), each destination
# named by what it does; then the saved game must hold exactly the move
# chosen, and the next player's move is told to the screen reader.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys
import time

import pjatspi as A
import pjpositions as P
import pyatspi

SPLIT = re.compile(r"^7 R(\d) (\w+)-(\w+), R(\d) (\w+)-(\w+)$")


def pegs_line(path, at=None):
    args = ["show", path] + ([f"--at={at}"] if at is not None else [])
    return [line for line in A.cli(*args).splitlines() if line.startswith("pegs ")]


def n_actions(path):
    m = re.search(r"after action (\d+) of", A.cli("show", path))
    return int(m.group(1))


def enabled(node):
    return pyatspi.STATE_SENSITIVE in A.states(node)


def focused_hole(board):
    return next((n for n in A.children(board) if pyatspi.STATE_FOCUSED in A.states(n)), None)


def keys_to(board, pattern, what):
    """Right until the focused hole's name matches, as a person would."""
    rx = re.compile(pattern)
    for _ in range(40):
        node = focused_hole(board)
        if node is not None and rx.search(A.name_of(node)):
            return node
        A.key("Right")
        time.sleep(0.1)
    raise A.A11yError(f"Right never reached {what} ({pattern}); focus on "
                      f"{A.describe(focused_hole(board)) if focused_hole(board) else 'nothing'}")


def main():
    tmp = os.environ["PJ_A11Y_TMP"]
    game = os.path.join(tmp, "turn.json")

    def split_seven(pos, moves):
        return any(SPLIT.match(m) and "x" not in m for m in moves)

    _pos, moves = P.make_game(game, split_seven, seed=3)
    action = next(m for m in moves if SPLIT.match(m) and "x" not in m)
    peg1, from1, to1, peg2, from2, to2 = SPLIT.match(action).groups()
    A.log(f"# playing {action}")
    before = n_actions(game)
    expected = os.path.join(tmp, "expected.json")
    A.cli("play", game, action, "-o", expected)
    want = pegs_line(expected)

    with A.App(position=game) as app:

        # the board: a group of holes, one accessible object each
        board = app.find(A.GROUP_ROLES, "Board", within=app.window)

        # the card, by its action
        app.click(A.BUTTON_ROLES, "Seven, playable", within=app.window)

        # part one: the peg by its action, its hole by the keys
        first = app.find(pyatspi.ROLE_PUSH_BUTTON, re.compile(rf"^Red peg {peg1}, "), pred=enabled,
                         within=board)
        # from here the focus is on the board: each instruction is told once
        during = A.Announcements()
        A.click(first)
        wait = A.wait_for(lambda: A.find_all(board, pyatspi.ROLE_PUSH_BUTTON, re.compile(r"^Move to "),
                                             pred=enabled), what="holes to move to")
        A.log("# destinations:", *[f"\n#   {A.name_of(n)}" for n in wait])
        # the whole Seven with this peg is said as one move, a part as a part
        if not any(re.search(r": Seven: peg \d \+7$", A.name_of(n)) or "home" in A.name_of(n) for n in wait):
            raise A.A11yError("no destination says the whole Seven")
        target1 = P.COLOURS[P.SIDES.index(to1[0])] if to1[0] in P.SIDES else None
        hole1 = (rf"Red home hole {to1[1:]}" if to1.startswith("h") else
                 rf"(Hole {int(to1[1:]) + 1} of {target1}’s side|{target1}’s (in-spot|come-out hole))")
        # with other pegs to finish the Seven the hole says this part and
        # that another peg follows, with one the whole move
        node = keys_to(board, rf"^Move to {hole1}, empty: (peg {peg1} [+]\d, then another peg|Seven: peg {peg1} [+]\d, "
                            rf"peg {peg2} [+]\d)$", "part one's hole")
        A.log("# part one:", A.name_of(node))
        A.key("Return")

        # part two: the peg by the keys, then its hole by its action; the
        # hole says the whole move
        keys_to(board, rf"^Red peg {peg2}, ", "the second peg")
        A.key("Return")
        last = app.find(pyatspi.ROLE_PUSH_BUTTON, re.compile(r"^Move to .*: Seven: "), pred=enabled,
                        within=board)
        A.log("# part two:", A.name_of(last))
        if not re.search(rf": Seven: peg {peg1} [+]\d, peg {peg2} [+]\d$", A.name_of(last)) and \
           not re.search(rf": Seven: peg {peg1} to home \d, peg {peg2} [+]\d$", A.name_of(last)):
            raise A.A11yError(f"the last hole does not say the move: {A.name_of(last)}")
        # Told once: the board (around the focus, where a screen reader
        # reads a new description out too) keeps its description while the
        # focus is on it, and the instruction is told: announced on GTK
        # 4.14 and later, the focused hole's description on GTK 4.8.
        A.wait_for(lambda: True)
        if during.described(board):
            raise A.A11yError(f"the board's description changed under the focus, read besides the "
                              f"telling: {during.described(board)}")
        told = during.texts or [text for _path, text in during.descriptions]
        if not any(t.startswith("Pick where the peg goes") for t in told):
            raise A.A11yError(f"the instruction was not told; told: {told}")
        A.log("# told on the board:", told)
        heard = A.Announcements()
        A.click(last)

        # the model: the saved game holds the move, nothing else
        save = os.path.join(app.home, "data", "pegs-and-jokers", "autosave.json")
        A.wait_for(lambda: os.path.exists(save) and n_actions(save) > before, what="the move saved")
        got = pegs_line(save, at=before + 1)
        if got != want:
            raise A.A11yError(f"the game after the turn:\n  {got}\nnot the one of {action}:\n  {want}")

        # and the next player's move is told to whoever has the focus: the
        # hole picked last keeps it
        if pyatspi.STATE_FOCUSED not in A.states(last):
            raise A.A11yError(f"the focus left the hole picked last: {A.describe(last)}")
        def bobs_move():
            # GTK 4.14+: an announcement; GTK 4.8: the focused hole's description
            for text in heard.texts + [A.description_of(last)]:
                if re.match(r"^Bob (played|discarded)", text):
                    return text
            return None
        told = A.wait_for(bobs_move, timeout=60 * A.SCALE, what="Bob's move told to the screen reader")
        A.log("# told:", told)
    A.log(f"ok: {action} played through AT-SPI")
    return 0


if __name__ == "__main__":
    sys.exit(main())
