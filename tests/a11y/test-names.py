# test-names.py — every control a screen reader reaches has a name of its
# own, said once: walks the AT-SPI tree of the main window (a game in
# progress), its menus, the new-game dialog, the statistics and rules
# windows, the lobby and the join page, and fails on any actionable node
# whose name is empty, a GTK type name ("GtkImage", "GtkMenuButton"), shows
# its mnemonic underscore, or says the same words twice ("_New Game New
# Game", or a tooltip repeating the name); also on labels, statuses, lists
# and menus named like a type.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pjatspi import (ACTIONABLE_ROLES, A11yError, App, actions, children, click,  # noqa: E402
                     ancestry, description_of, describe, find_all, log, name_of,
                     pyatspi, role_name, states, wait_for, walk)

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
        desc = description_of(node).strip()
        if desc and words(desc) == words(name):
            out.append("the description repeats the name")
    return out


class Walker:
    def __init__(self):
        self.failures = 0
        self.checked = 0
        # a node seen in several views (the header bar behind the lobby)
        # is reported once
        self.reported = set()

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


def menu_button(app, text):
    """The toggle inside a menu button: the node that has the click action,
    found by its name or (before it had one) its tooltip."""
    return app.find(pred=lambda n: text in (name_of(n), description_of(n))
                    and "click" in actions(n)
                    and n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON))


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
    wait_for(lambda: window not in app.windows() or pyatspi.STATE_VISIBLE not in states(window),
             what=f"{name_of(window)!r} to close")


def main_window_scenes(walker):
    with App() as app:
        # a game in progress: the human's cards are dealt
        wait_for(lambda: find_all(app.window, pyatspi.ROLE_PUSH_BUTTON,
                                  re.compile(r"playable|no legal move")),
                 what="cards in the hand")
        walker.check(app.window, "main window")

        main_menu = menu_button(app, "Main Menu")
        click(main_menu)
        menu = popup_menu(main_menu)
        walker.check(menu, "main menu")
        stats_item = menu_item(menu, "Statistics")
        click(stats_item)
        stats = app.window_named(re.compile("Statistics"))
        walker.check(stats, "statistics window")
        close_window(app, stats)

        click(main_menu)
        menu = popup_menu(main_menu)
        click(menu_item(menu, "Rules"))
        rules = app.window_named(re.compile("Rules"))
        walker.check(rules, "rules window")
        close_window(app, rules)

        lan = menu_button(app, "Play on the local network")
        click(lan)
        walker.check(popup_menu(lan), "LAN menu")
        click(lan)

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
    lobby_scene(walker)
    join_scene(walker)
    if walker.failures:
        log(f"FAIL: {walker.failures} badly named nodes in {walker.checked} views")
        return 1
    log(f"PASS: {walker.checked} views, every control named once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
