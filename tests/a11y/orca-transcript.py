# orca-transcript.py — what Orca says for one whole turn and for the
# opponents' moves after it (Orca 43 on Debian 12, Orca 51 on Debian
# testing): a manual check, not a meson test (Orca is not installed for
# CI). Run it like the tests, with orca installed:
#
#   tests/a11y/run-a11y.sh _build/src/ui/pegs-and-jokers tests/a11y/orca-transcript.py
#
# with PJ_CLI set to _build/src/cli/pegs-and-jokers-cli (on the newest
# stack: `.ci/stack sh "apt-get install -y orca"`, then the same there with
# _build-stack). Orca runs on the test's own buses with its speech on but no
# speech server (so it waits on no audio) and its debug log, from which
# every "SPEECH OUTPUT" is printed between the keys pressed; PJ_ORCA_LOG=FILE
# keeps that log. The position is test-board-turn.py's.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import datetime
import os
import re
import shutil
import subprocess
import sys
import time

import pjatspi as A
import pjpositions as P
import pyatspi

SPLIT = re.compile(r"^7 R(\d) (\w+)-(\w+), R(\d) (\w+)-(\w+)$")
PAUSE = 1.5


def main():
    if shutil.which("orca") is None:
        print("SKIP: no orca")
        return 77
    tmp = os.environ["PJ_A11Y_TMP"]
    game = os.path.join(tmp, "orca.json")
    P.make_game(game, lambda pos, moves: any(SPLIT.match(m) and "x" not in m for m in moves), seed=3)

    prefs = os.path.join(tmp, "orca-prefs")
    os.makedirs(prefs, exist_ok=True)
    # speech on, but no speech server: every utterance is logged, none waits on audio
    with open(os.path.join(prefs, "orca-customizations.py"), "w") as f:
        f.write("import orca.speechdispatcherfactory as f\n"
                "f.SpeechServer.getSpeechServer = staticmethod(lambda info=None: None)\n")
    log = os.path.join(tmp, "orca.log")
    orca = subprocess.Popen(["orca", "--replace", "-d", "braille", "-u", prefs, "--debug-file", log],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    keys = []

    def press(name, mods=(), what=None):
        keys.append((time.time(), what or "+".join([*mods, name])))
        A.key(name, list(mods))
        time.sleep(PAUSE)

    try:
        time.sleep(6)
        # not "with": Orca asks GTK 4.8 for screen positions, and GTK warns
        app = A.App(position=game, resume=False).start()
        try:
            time.sleep(2)
            # no window manager: give the window the X focus, so that it is active for Orca
            for wid in subprocess.run(["xdotool", "search", "--name", "Resume"],
                                      capture_output=True, text=True).stdout.split()[-1:]:
                subprocess.run(["xdotool", "windowfocus", wid])
            press("Return", what="Return (resume)")
            for wid in subprocess.run(["xdotool", "search", "--name", "Pegs and Jokers"],
                                      capture_output=True, text=True).stdout.split()[:1]:
                subprocess.run(["xdotool", "windowfocus", wid])
            press("6", ["Alt"], "Alt+6 (the Seven)")
            for _ in range(8):
                focus = A.find_all(app.window, pred=lambda n: pyatspi.STATE_FOCUSED in A.states(n))
                if focus and re.match(r"^(Red|Blue|Green|Yellow) peg", A.name_of(focus[0])):
                    break
                press("Tab")
            for k in ("Right", "Left", "p", "t", "d", "l"):
                press(k)
            press("Return", what="Return (peg 2)")
            for k in ("Left", "Right", "Right"):
                press(k)
            press("Return", what="Return (part one's hole)")
            press("Return", what="Return (peg 1)")
            press("Return", what="Return (the last hole)")
            time.sleep(10)
        finally:
            app.kill()
    finally:
        orca.terminate()
        try:
            orca.wait(25)
        except subprocess.TimeoutExpired:
            orca.kill()

    if os.environ.get("PJ_ORCA_LOG"):
        shutil.copyfile(log, os.environ["PJ_ORCA_LOG"])
    lines = []
    for when, what in keys:
        d = datetime.datetime.fromtimestamp(when)
        lines.append((d.hour * 3600 + d.minute * 60 + d.second + d.microsecond / 1e6, f"[key] {what}"))
    with open(log, errors="replace") as f:
        for line in f:
            m = re.match(r"(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*?)'?\s*(\{.*)?$", line.rstrip())
            if m:
                at = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
                lines.append((at, "  " + m.group(4)))
    for _at, text in sorted(lines):
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
