# test-names.py — every control a screen reader reaches has a name of its
# own, said once: walks the AT-SPI tree of the main window (a game in
# progress, a card picked, a Bluffing Joker declaration), its menus, the
# new-game dialog, the statistics, rules and about windows, the lobby and
# the join page, and fails on any actionable node
# whose name is empty, a GTK type name ("GtkImage", "GtkMenuButton"), shows
# its mnemonic underscore, or says the same words twice ("_New Game New
# Game"); also on labels, statuses, lists and menus named like a type.
# (A tooltip that repeats an icon button's name is left alone: it is the
# button's description, not a second name.)
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pjatspi import (ACTIONABLE_ROLES, BUTTON_ROLES, SCALE, A11yError, App, actions, ancestry,  # noqa: E402
                     children, cli, click, describe, description_of, find_all, key, log,
                     name_of, pyatspi, scratch, states, wait_for, walk)

TYPE_NAME = re.compile(r"^(Gtk|Adw|Gdk|Pj)[A-Z][A-Za-z]*$")
MNEMONIC = re.compile(r"(^|\s)_\w|\w_\w")
# Nodes that are not acted on but are read, and whose name must not be a
# type's either.
READ_ROLES = {
    pyatspi.ROLE_LABEL,
    pyatspi.ROLE_STATUS_BAR,
    pyatspi.ROLE_MENU,
    pyatspi.ROLE_LIST,
    pyatspi.ROLE_LIST_BOX,
    pyatspi.ROLE_LEVEL_BAR,
    pyatspi.ROLE_IMAGE,
    pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_PAGE_TAB_LIST,
    pyatspi.ROLE_DIALOG,
    pyatspi.ROLE_FRAME,
    pyatspi.ROLE_ALERT,
}


def words(text):
    return [w.strip("_").casefold() for w in text.replace("_", " _").split()
            if w.strip("_")]


def said_twice(name):
    """The same words twice in a row ("New Game New Game")."""
    w = words(name)
    n = len(w)
    return n >= 2 and n % 2 == 0 and w[: n // 2] == w[n // 2:]


def is_actionable(node):
    role = node.getRole()
    if role in ACTIONABLE_ROLES:
        return True
    # an editable text (AdwEntryRow, the chat entry) is an entry
    return role == pyatspi.ROLE_TEXT and pyatspi.STATE_EDITABLE in states(node)


def problems_of(node):
    role = node.getRole()
    actionable = is_actionable(node)
    name = name_of(node).strip()
    out = []
    if actionable:
        if not name:
            out.append("no name")
    if actionable or role in READ_ROLES or name.startswith("Pj"):
        if TYPE_NAME.match(name):
            out.append("named like a type")
    if name and not TYPE_NAME.match(name):
        if said_twice(name):
            out.append("the same words twice")
        if actionable and MNEMONIC.search(name):
            out.append("a mnemonic underscore in the name")
    return out


class Walker:
    def __init__(self):
        self.failures = 0
        self.checked = 0
        # a node seen in several views (the header bar behind the lobby)
        # is reported once
        self.reported = set()

    def expect(self, ok, what, node):
        if ok:
            log(f"ok: {what}")
        else:
            self.failures += 1
            log(f"not ok: {what}: {describe(node)}\n        at {ancestry(node)}")

    def check(self, root, where):
        """Check every node under root; print each offending one."""
        bad = 0
        seen = 0
        for path, node in walk(root):
            seen += 1
            for problem in problems_of(node):
                at = ancestry(node)
                if (at, problem) in self.reported:
                    continue
                self.reported.add((at, problem))
                bad += 1
                log(f"not ok: {where}: {problem}: {describe(node)}\n"
                    f"        at {at}")
        self.failures += bad
        self.checked += 1
        log(f"# {where}: {seen} nodes, {bad} problems")
        return bad


def states_up(node):
    """The states of a menu button's toggle and of the menu button around it
    (GTK puts "expanded" on one and "pressed" on the other)."""
    return states(node) | states(node.parent)


def menu_button(app, text):
    """The toggle inside a menu button: the node that has the click action,
    found by its name or (before it had one) its tooltip."""
    def clickable(n):
        return "click" in actions(n) and n.getRole() in BUTTON_ROLES
    # by name first: libadwaita 1.10 gives a split button's main part the
    # description of its arrow ("New Game" is described "Play on the local
    # network")
    # either way waited for: as a window closes, the tree may lack the
    # button for a moment
    def found():
        return (next((n for n in find_all(app.window, name=text, pred=clickable, visible=True)), None) or
                next((n for n in find_all(app.window, pred=lambda n: text == description_of(n) and clickable(n),
                                          visible=True)), None))
    return wait_for(found, what=f"the menu button {text!r}")


def open_main_menu(app):
    """The main menu opened, its button found afresh: after a window
    closes, a node kept from before may answer for nothing (its
    interfaces gone stale in libatspi's cache), as a screen reader's
    user would find the button again too."""
    button = menu_button(app, "Main Menu")
    click(button)
    return button, popup_menu(button)


def close_with_escape(app, dialog, what):
    """Escape, once the focus is in the dialog (a window manager gives a new
    window the focus a moment after it shows), and the dialog gone."""
    def focus_inside():
        if pyatspi.STATE_ACTIVE in states(dialog):
            return True
        return any(pyatspi.STATE_FOCUSED in states(n) for _path, n in walk(dialog))
    wait_for(focus_inside, what=f"the focus in {what}")
    key("Escape")
    wait_for(lambda: dialog not in app.windows() or pyatspi.STATE_VISIBLE not in states(dialog),
             what=f"{what} to close")


def popup_menu(button_node):
    """The menu a menu button opened (a sibling of its toggle)."""
    def opened():
        parent = button_node.parent
        for n in children(parent):
            if n.getRole() in (pyatspi.ROLE_MENU, pyatspi.ROLE_POPUP_MENU, pyatspi.ROLE_WINDOW):
                if find_all(n, pyatspi.ROLE_MENU_ITEM) or find_all(n, pyatspi.ROLE_CHECK_MENU_ITEM):
                    return n
        return None
    return wait_for(opened, what="the menu to open")


def menu_item(menu, name):
    return wait_for(lambda: next((n for n in find_all(menu) if
                                  n.getRole() in (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM)
                                  and name_of(n).replace("_", "") == name), None),
                    what=f"the menu item {name!r}")


def new_window(app, before):
    """A window or dialog that was not among before."""
    return wait_for(lambda: next((w for w in app.windows() if w not in before
                                  and pyatspi.STATE_VISIBLE in states(w)), None),
                    what="a new window")


def close_window(app, window):
    """Close a dialog or window with its own close or cancel button."""
    for n in find_all(window):
        if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and \
                re.sub("_", "", name_of(n)).split(" ")[0] in ("Cancel", "Close") and actions(n):
            click(n)
            break
    else:
        raise A11yError(f"no way to close {describe(window)}")
    # gone, or only hidden (the about window is kept)
    name = name_of(window)
    wait_for(lambda: window not in app.windows() or pyatspi.STATE_VISIBLE not in states(window),
             what=f"{name!r} to close")


def main_window_scenes(walker):
    with App() as app:
        # a game in progress: the human's cards are dealt
        wait_for(lambda: find_all(app.window, BUTTON_ROLES,
                                  re.compile(r"playable|no legal move")),
                 what="cards in the hand")
        walker.check(app.window, "main window")

        # states come through: a disabled button, an open menu, toggles
        undo = app.find(pyatspi.ROLE_PUSH_BUTTON, "Undo")
        walker.expect(pyatspi.STATE_SENSITIVE not in states(undo),
                      "Undo is disabled before any move of yours", undo)

        main_menu = menu_button(app, "Main Menu")
        walker.expect(not {pyatspi.STATE_EXPANDED, pyatspi.STATE_PRESSED} & states_up(main_menu),
                      "the main menu reads closed", main_menu)
        click(main_menu)
        menu = popup_menu(main_menu)
        walker.check(menu, "main menu")
        walker.expect(wait_for(lambda: {pyatspi.STATE_EXPANDED, pyatspi.STATE_PRESSED} & states_up(main_menu),
                               what="the menu button to read open"),
                      "the main menu reads open", main_menu)
        moves = menu_item(menu, "Show Moves")
        walker.expect(pyatspi.STATE_CHECKED in states(moves), "Show Moves is checked", moves)
        click(menu_item(menu, "Preferences"))
        prefs = app.window_named(re.compile("Preferences"))
        walker.check(prefs, "preferences window")
        close_window(app, prefs)

        _button, menu = open_main_menu(app)
        stats_item = menu_item(menu, "Statistics")
        click(stats_item)
        stats = app.window_named(re.compile("Statistics"))
        walker.check(stats, "statistics window")
        close_window(app, stats)

        _button, menu = open_main_menu(app)
        click(menu_item(menu, "Rules"))
        rules = app.window_named(re.compile("Rules"))
        walker.check(rules, "rules window")
        close_window(app, rules)

        _button, menu = open_main_menu(app)
        before = app.windows()
        click(menu_item(menu, "About Pegs and Jokers"))
        about = new_window(app, before)
        walker.check(about, "about window")
        close_with_escape(app, about, "the about window")

        # GTK's shortcuts window before libadwaita 1.8, its dialog from 1.8
        _button, menu = open_main_menu(app)
        before = app.windows()
        click(menu_item(menu, "Keyboard Shortcuts"))
        shortcuts = new_window(app, before)
        walker.check(shortcuts, "keyboard shortcuts")
        close_with_escape(app, shortcuts, "the keyboard shortcuts")

        lan = menu_button(app, "Play on the local network")
        click(lan)
        walker.check(popup_menu(lan), "LAN menu")
        click(lan)

        pick_a_card(app)
        walker.check(app.window, "main window, a card picked")

        new_game = app.find(pyatspi.ROLE_PUSH_BUTTON, re.compile(r"New Game"),
                            pred=lambda n: "click" in actions(n))
        before = app.windows()
        click(new_game)
        dialog = new_window(app, before)
        leave = find_all(dialog, pyatspi.ROLE_PUSH_BUTTON, re.compile(r"^_?Leave"))
        if leave:
            # a game is in progress: the app asks first
            walker.check(dialog, "leave-game question")
            before = app.windows()
            click(leave[0])
            dialog = new_window(app, before)
        walker.check(dialog, "new-game dialog")
        close_window(app, dialog)


def pick_a_card(app):
    """Pick the first card that can be played (waiting for the human's
    turn); the buttons of a move in progress show."""
    card = wait_for(lambda: next((n for n in find_all(app.window, BUTTON_ROLES,
                                                      re.compile(r", playable$"))
                                  if pyatspi.STATE_SENSITIVE in states(n)), None),
                    60 * SCALE, "a playable card")
    click(card)
    app.find(pyatspi.ROLE_PUSH_BUTTON, re.compile(r"^C_?ancel$"))


def bluffing_scene(walker):
    # Bluffing Joker: a picked card is declared with a drop-down
    game = scratch("bluffing.json")
    cli("new", "--preset", "bluffing-joker", "--players", "4", "--seed", "7",
        "--seat=You:human", "--seat=Blue:normal", "--seat=Green:normal", "--seat=Yellow:normal",
        "-o", game)
    # play round to Red's (the human's) turn again, letting every bluff
    # stand, so that the app resumes on a turn of its player
    for _ in range(40):
        moves = cli("moves", game).splitlines()
        said = cli("play", game, "pass" if "pass" in moves else moves[0]).splitlines()[-1]
        if said.endswith("Red to move"):
            break
    else:
        raise A11yError(f"no turn of Red's in 40 actions: {said}")
    with App(position=game) as app:
        pick_a_card(app)
        app.find(pyatspi.ROLE_COMBO_BOX, re.compile(r"Declare"))
        walker.check(app.window, "bluffing game, a card picked")


def review_scene(walker):
    # Review Game from the main menu, on a game with moves of the person's
    game = scratch("review.json")
    cli("new", "--preset", "basic", "--players", "4", "--seed", "5",
        "--seat=You:human", "--seat=Blue:normal", "--seat=Green:normal", "--seat=Yellow:normal",
        "-o", game)
    for _ in range(12):
        cli("play", game, cli("moves", game).splitlines()[0])
    with App(position=game) as app:
        _button, menu = open_main_menu(app)
        click(menu_item(menu, "Review Game"))
        # running (the progress bar and Cancel) or already done
        walker.check(app.window, "game under review")
        app.find(pyatspi.ROLE_PUSH_BUTTON, "Hide Review", timeout=120 * SCALE)
        walker.check(app.window, "reviewed game")


def lobby_scene(walker):
    # a table hosted here on a free port (no network beyond this computer:
    # the test's own session has no Avahi)
    with App(["--host-table", "Test table"]) as app:
        app.find(pyatspi.ROLE_PUSH_BUTTON, re.compile(r"Start"), timeout=None)
        walker.check(app.window, "lobby page")


def join_scene(walker):
    with App(["--find-tables"]) as app:
        app.find(pyatspi.ROLE_LABEL, "Join a LAN Game")
        walker.check(app.window, "join page")


def main():
    walker = Walker()
    main_window_scenes(walker)
    bluffing_scene(walker)
    review_scene(walker)
    lobby_scene(walker)
    join_scene(walker)
    if walker.failures:
        log(f"FAIL: {walker.failures} problems in {walker.checked} views")
        return 1
    log(f"PASS: {walker.checked} views, every control named once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
