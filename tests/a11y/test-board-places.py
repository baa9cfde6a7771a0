# test-board-places.py — every peg's place read from the accessibility tree
# (one object per hole of the board, named by the peg in it and where it
# is) matches the engine's position, on a game played on from a known seed.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys

import pjatspi as A
import pjpositions as P
import pyatspi


def main():
    game = os.path.join(os.environ["PJ_A11Y_TMP"], "places.json")

    # pegs of every colour out on the track, some home, some in start
    def spread(pos, moves):
        out = sum(1 for c in pos["pegs"].values() for p in c if p != "s" and not p.startswith("h"))
        home = sum(1 for c in pos["pegs"].values() for p in c if p.startswith("h"))
        return out >= 6 and home >= 2

    pos, _moves = P.make_game(game, spread, seed=3)
    engine = {(letter, i + 1): place for letter, places in pos["pegs"].items() for i, place in enumerate(places)}
    A.log("# the engine:", " ".join(f"{c}{n}={p}" for (c, n), p in sorted(engine.items())))

    with A.App(position=game) as app:
        pegs = re.compile(r"^(Red|Blue|Green|Yellow) peg \d, ")
        def twenty_pegs():
            found = A.find_all(app.window, pyatspi.ROLE_PUSH_BUTTON, pegs)
            return found if len(found) >= 20 else None

        try:
            nodes = A.wait_for(twenty_pegs, what="the board's twenty pegs")
        except A.A11yError:
            # what the tree shows instead, to tell a slow app from a wrong one
            A.log(f"# pegs in the tree: {len(A.find_all(app.window, pyatspi.ROLE_PUSH_BUTTON, pegs))}")
            A.dump(app.window)
            raise
        tree = {}
        for node in nodes:
            letter, number, place = P.place_from_name(A.name_of(node))
            if (letter, number) in tree:
                raise A.A11yError(f"{letter}{number} is in the tree twice: {A.describe(node)}")
            tree[(letter, number)] = place
            A.log(f"# {letter}{number} {place:4} {A.name_of(node)}")

        wrong = [f"{c}{n}: tree {tree.get((c, n))}, engine {p}"
                 for (c, n), p in sorted(engine.items()) if tree.get((c, n)) != p]
        if wrong or len(tree) != len(engine):
            raise A.A11yError("the tree and the engine disagree:\n  " + "\n  ".join(wrong))

        # every hole is there: 72 track holes, 4 × 5 home holes, 4 × 5 start holes
        board = app.find(A.GROUP_ROLES, "Board", within=app.window)
        holes = [n for n in A.children(board) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON]
        if len(holes) != 72 + 20 + 20:
            raise A.A11yError(f"{len(holes)} holes in the tree, not 112")
    A.log("ok: 20 pegs in their places, 112 holes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
