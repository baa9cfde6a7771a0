# pjpositions.py — known positions for the accessibility tests, made with
# the command-line tool (pjatspi.cli): a saved game played on from a fixed seed
# until the human seat (Red) is to move in a position the test wants, and
# the engine's own reading of where every peg is.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import re

from pjatspi import cli

SIDES = "rbgy"          # four players: Red, Blue, Green, Yellow
COLOURS = ["Red", "Blue", "Green", "Yellow"]
HOLES_PER_SIDE = 18
IN_SPOT, COME_OUT = 3, 8


def show(path):
    """The position of a saved game: {line key: words} of its notation,
    "pegs" as {colour letter: [5 places]} and "hand" likewise."""
    out = {"pegs": {}, "hand": {}}
    for line in cli("show", path).splitlines():
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] in ("pegs", "hand"):
            out[words[0]][words[1]] = words[2:]
        else:
            out[words[0]] = words[1:]
    return out


def legal(path):
    return [line.strip() for line in cli("moves", path).splitlines() if line.strip()]


def make_game(path, want, seed=3, max_actions=600):
    """A saved game (Red human, the others easy computers) played on, first
    legal move first but moves before discards, until want(position, legal
    actions) holds with Red to play. Returns (position, legal actions)."""
    cli("new", "--preset", "basic", "--players", "4", "--seed", str(seed),
        "--seat", "Ann:human", "--seat", "Bob:easy", "--seat", "Cat:easy", "--seat", "Dan:easy",
        "-o", path)
    for n in range(max_actions):
        pos = show(path)
        moves = legal(path)
        if pos["turn"][0] == "R" and pos["phase"][0] == "play" and want(pos, moves):
            return pos, moves
        # spread the pegs: the n-th move among the real ones, round robin
        real = [m for m in moves if not m.startswith("discard")]
        choice = real[n % len(real)] if real else moves[0]
        cli("play", path, choice)
    raise AssertionError(f"no wanted position within {max_actions} actions from seed {seed}")


def place_from_name(name):
    """(colour letter, peg number, place in notation) from a hole's
    accessible name, e.g. "Red peg 2, main track, 5 holes before Blue's
    in-spot, 40 holes from its in-spot" -> ("R", 2, "b16"); None when the
    name is no peg's."""
    m = re.match(r"^(Red|Blue|Green|Yellow) peg (\d), (.*)$", name)
    if not m:
        return None
    colour, number, rest = m.group(1), int(m.group(2)), m.group(3)
    own = COLOURS.index(colour)
    letter = SIDES[own].upper()
    if rest == "in its start area":
        return letter, number, "s"
    h = re.match(r"^in home hole (\d)$", rest)
    if h:
        return letter, number, "h" + h.group(1)
    t = re.match(r"^main track, (?:on (its|\w+’s) (in-spot|come-out hole)|"
                 r"(\d+) holes? before (its|\w+’s) (in-spot|come-out hole))", rest)
    if not t:
        raise AssertionError(f"cannot read a place from {name!r}")
    whose, mark = (t.group(1), t.group(2)) if t.group(1) else (t.group(4), t.group(5))
    before = int(t.group(3)) if t.group(3) else 0
    side = own if whose == "its" else COLOURS.index(whose[:-2])
    hole = IN_SPOT if mark == "in-spot" else COME_OUT
    track = len(SIDES) * HOLES_PER_SIDE
    at = (side * HOLES_PER_SIDE + hole - before) % track
    return letter, number, f"{SIDES[at // HOLES_PER_SIDE]}{at % HOLES_PER_SIDE}"
