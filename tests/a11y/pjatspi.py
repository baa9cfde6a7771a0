# pjatspi.py — what the accessibility tests share: start the app, find it on
# the AT-SPI bus, walk its tree, find nodes, do actions and send keys, wait
# for changes. Every wait is bounded; the app always ends with the test
# (Ctrl+Q when the test passed, so that leaks are looked for; killed
# otherwise).
#
# Run under tests/a11y/run-a11y.sh, which sets PJ_APP (the app to start),
# PJ_A11Y_TMP (a scratch folder), DISPLAY and the session and AT-SPI buses.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import atexit
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import Atspi  # noqa: E402

# Bounds, not expectations: the sanitizer build starts the app several times
# slower. PJ_TEST_TIMEOUT_SCALE stretches them all for slower machines.
SCALE = float(os.environ.get("PJ_TEST_TIMEOUT_SCALE", "1"))
START_TIMEOUT = 60 * SCALE
TIMEOUT = 15 * SCALE

# Roles a person acts on: each needs a name of its own.
ACTIONABLE_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON,
    pyatspi.ROLE_TOGGLE_BUTTON,
    pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_MENU_ITEM,
    pyatspi.ROLE_CHECK_MENU_ITEM,
    pyatspi.ROLE_RADIO_MENU_ITEM,
    pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_PASSWORD_TEXT,
    pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_LINK,
    pyatspi.ROLE_SLIDER,
}
# GTK 4 has a switch role where libatspi knows it
if hasattr(pyatspi, "ROLE_SWITCH"):
    ACTIONABLE_ROLES.add(pyatspi.ROLE_SWITCH)


def log(*args):
    print(*args, flush=True)


class A11yError(AssertionError):
    pass


def wait_for(predicate, timeout=None, what="a change", interval=0.1):
    """Poll predicate until it returns something true (returned), at most
    timeout seconds; raise A11yError then."""
    end = time.monotonic() + (TIMEOUT if timeout is None else timeout)
    context = gi.repository.GLib.MainContext.default()
    while True:
        # what arrived on our own D-Bus subscriptions (Announcements)
        while context.pending():
            context.iteration(False)
        try:
            value = predicate()
        except GLibError:
            # a node went away while we looked: look again
            value = None
        if value:
            return value
        if time.monotonic() > end:
            raise A11yError(f"waited {timeout or TIMEOUT:.0f} s for {what}")
        time.sleep(interval)


GLibError = gi.repository.GLib.Error


class Announcements:
    """What the app announces to screen readers, as it reaches the AT-SPI
    bus: GTK 4.14 and later send each gtk_accessible_announce() as an
    Object:Announcement event (GTK 4.8 has none; there the news is the
    focused object's description). Collected while wait_for() polls.
    Also every change of an object's description (descriptions: (D-Bus
    path, text)), which a screen reader reads out when the object is the
    focus or around it (Orca does)."""

    def __init__(self):
        from gi.repository import Gio, GLib
        self.texts = []
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                    None, GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE,
                                    5000, None).unpack()[0]
        self.bus = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.descriptions = []
        self.bus.signal_subscribe(None, "org.a11y.atspi.Event.Object", "Announcement", None, None,
                                  Gio.DBusSignalFlags.NONE, self._heard)
        self.bus.signal_subscribe(None, "org.a11y.atspi.Event.Object", "PropertyChange", None,
                                  "accessible-description", Gio.DBusSignalFlags.MATCH_ARG0_NAMESPACE,
                                  self._described)

    def _heard(self, _bus, _sender, _path, _iface, _signal, params):
        # (detail, detail1, detail2, any_data, properties): the text is any_data
        text = params.get_child_value(3).get_variant()
        self.texts.append(text.get_string() if text.is_of_type(gi.repository.GLib.VariantType("s"))
                          else str(text))

    def _described(self, _bus, _sender, path, _iface, _signal, params):
        if params.get_child_value(0).get_string() != "accessible-description":
            return
        text = params.get_child_value(3).get_variant()
        self.descriptions.append((path, text.get_string() if text.is_of_type(gi.repository.GLib.VariantType("s"))
                                  else str(text)))

    def described(self, node):
        """The descriptions node was given since listening began."""
        return [text for path, text in self.descriptions if path == node.path]


# ---- the tree ------------------------------------------------------------


def role_name(node):
    try:
        return node.getRoleName()
    except GLibError:
        return "?"


def name_of(node):
    """The name a screen reader reads: the object's own, or where it has
    none the text of what labels it (newer GTK leaves a popover menu item's
    name empty and points at its label, which Orca then reads)."""
    try:
        name = node.name or ""
        if not name:
            # each label once: newer GTK lists a row's title label twice
            name = " ".join(dict.fromkeys(filter(None, (label_text(t) for t in labelled_by(node)))))
        return name
    except GLibError:
        return ""


def labelled_by(node):
    return [r.getTarget(i) for r in node.getRelationSet()
            if r.getRelationType() == pyatspi.RELATION_LABELLED_BY
            for i in range(r.getNTargets())]


def label_text(node):
    if node.name:
        return node.name
    try:
        return node.queryText().getText(0, -1)
    except (NotImplementedError, GLibError):
        return ""


def description_of(node):
    try:
        return node.description or ""
    except GLibError:
        return ""


def states(node):
    """The node's states as a set of pyatspi.STATE_* values."""
    try:
        return set(node.getState().getStates())
    except GLibError:
        return set()


def has_state(node, state):
    return state in states(node)


def children(node):
    try:
        node.clearCache()
        count = node.childCount
    except GLibError:
        return []
    out = []
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except GLibError:
            continue
        if child is not None:
            out.append(child)
    return out


def describe(node):
    """One node as the tests print it: role "name" [states]."""
    flags = []
    st = states(node)
    for state, word in ((pyatspi.STATE_CHECKED, "checked"),
                        (pyatspi.STATE_PRESSED, "pressed"),
                        (pyatspi.STATE_EXPANDED, "expanded"),
                        (pyatspi.STATE_SELECTED, "selected"),
                        (pyatspi.STATE_FOCUSED, "focused")):
        if state in st:
            flags.append(word)
    if pyatspi.STATE_SENSITIVE not in st:
        flags.append("disabled")
    if pyatspi.STATE_VISIBLE not in st:
        flags.append("invisible")
    text = f'{role_name(node)} "{name_of(node)}"'
    desc = description_of(node)
    if desc:
        text += f' ({desc})'
    if flags:
        text += " [" + ", ".join(flags) + "]"
    return text


def walk(node, path=(), max_depth=60):
    """Yield (path, node) for node and everything below it, depth first;
    a path is the tuple of child indices from the start node."""
    yield path, node
    if len(path) >= max_depth:
        return
    for i, child in enumerate(children(node)):
        yield from walk(child, path + (i,), max_depth)


def path_text(root, path):
    """A readable path: each step's role and name."""
    steps = []
    node = root
    for i in path:
        kids = children(node)
        if i >= len(kids):
            break
        node = kids[i]
        name = name_of(node)
        steps.append(f"{role_name(node)}" + (f' "{name}"' if name else "") + f"[{i}]")
    return " / ".join(steps) or "(root)"


def ancestry(node):
    """Where a node sits in its app: each step from the top-level window
    down, its role, name and index among its siblings."""
    steps = []
    while node is not None:
        try:
            if node.getRole() == pyatspi.ROLE_APPLICATION:
                break
            index = node.getIndexInParent()
            parent = node.parent
        except GLibError:
            break
        name = name_of(node)
        steps.append(f"{role_name(node)}" + (f' "{name}"' if name else "") + f"[{index}]")
        node = parent
    return " / ".join(reversed(steps))


def dump(node, out=sys.stdout):
    """Print the whole tree under node, indented (for debugging a test)."""
    for path, child in walk(node):
        print("  " * len(path) + describe(child), file=out)


# Roles that GTK reports differently by version, as one kind of control:
# GTK 4.10 gave toggle buttons (the hand's cards) their own role, where
# GTK 4.8 says push button; GTK's group role (the board, the hand) is a
# panel on GTK 4.8 and a grouping on newer GTK.
BUTTON_ROLES = frozenset({pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON})
# A dialog is a top-level window of its own before libadwaita 1.5
# (AdwMessageDialog, AdwAboutWindow, AdwPreferencesWindow) and a node near
# the top of the window it belongs to since (AdwDialog): App.windows() lists
# both kinds, so that the tests need not know which one they have.
DIALOG_ROLES = frozenset({pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT})
DIALOG_DEPTH = 6   # how deep under its window AdwDialog puts a dialog
GROUP_ROLES = frozenset({pyatspi.ROLE_PANEL, pyatspi.ROLE_GROUPING})


def _has_button(node):
    try:
        return any(n.getRole() in BUTTON_ROLES for _path, n in walk(node))
    except GLibError:
        return False


def dialogs_within(window):
    """The dialogs shown inside a window (libadwaita 1.5's AdwDialog), oldest
    first. One counts once its contents are there, a button at least: the
    dialog's node comes a frame before what its sheet holds."""
    found = []

    def visit(node, depth):
        for child in children(node):
            try:
                role = child.getRole()
            except GLibError:
                continue
            if role in DIALOG_ROLES:
                if pyatspi.STATE_VISIBLE in states(child) and _has_button(child):
                    found.append(child)
            elif depth < DIALOG_DEPTH:
                visit(child, depth + 1)

    visit(window, 1)
    return found


def find_all(root, role=None, name=None, pred=None, visible=False):
    """Every node under root with this role (a pyatspi.ROLE_*, a set of
    them such as BUTTON_ROLES, or a role name), this name (a string, or a
    compiled regular expression) and for which pred(node) holds."""
    found = []
    for _path, node in walk(root):
        try:
            if _matches(node, role, name, pred, visible):
                found.append(node)
        except GLibError:
            # One object that cannot be asked (it went away, or GTK sent a
            # reference without a path: "g_variant_new_object_path: assertion
            # … failed", seen on GTK 4.8 and 4.24 as a window closes) is
            # passed over, as a screen reader does, instead of failing every
            # search of the tree that holds it.
            continue
    return found


def _matches(node, role, name, pred, visible):
    if role is not None:
        if isinstance(role, str):
            if role_name(node) != role:
                return False
        elif isinstance(role, (set, frozenset)):
            if node.getRole() not in role:
                return False
        elif node.getRole() != role:
            return False
    if name is not None:
        n = name_of(node)
        if isinstance(name, re.Pattern):
            if not name.search(n):
                return False
        elif n != name:
            return False
    if visible and pyatspi.STATE_VISIBLE not in states(node):
        return False
    return pred is None or bool(pred(node))


def find(root, role=None, name=None, pred=None, visible=False, timeout=None):
    """The first such node, waiting for it to appear (bounded)."""
    what = f"a {role if isinstance(role, str) else role} named {name!r}"
    return wait_for(lambda: (find_all(root, role, name, pred, visible) or [None])[0],
                    timeout, what)


# ---- doing things -----------------------------------------------------------


def actions(node):
    try:
        action = node.queryAction()
    except NotImplementedError:
        return []
    return [action.getName(i) for i in range(action.nActions)]


def do_action(node, name=None):
    """Do the node's action called name (its first one when None)."""
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if not names:
        raise A11yError(f"{describe(node)} has no action")
    index = 0 if name is None else names.index(name)
    if not action.doAction(index):
        raise A11yError(f"{describe(node)}: action {names[index]} refused")


def click(node):
    """A button's click: what Orca does on Enter or Space."""
    names = actions(node)
    for n in ("click", "activate", "press", "toggle"):
        if n in names:
            return do_action(node, n)
    return do_action(node)


def grab_focus(node):
    return node.queryComponent().grabFocus()


# X keysyms of the keys tests press (a single character is its own keysym);
# no GDK in the test process, so the table is here.
KEYSYMS = {
    "BackSpace": 0xff08, "Tab": 0xff09, "Return": 0xff0d, "Escape": 0xff1b,
    "Home": 0xff50, "Left": 0xff51, "Up": 0xff52, "Right": 0xff53, "Down": 0xff54,
    "Page_Up": 0xff55, "Page_Down": 0xff56, "End": 0xff57, "Delete": 0xffff,
    "space": 0x20,
    **{f"F{i}": 0xffbd + i for i in range(1, 13)},
}


def keysym(name):
    if name in KEYSYMS:
        return KEYSYMS[name]
    if len(name) == 1:
        return ord(name)
    raise ValueError(f"no keysym for {name!r}: add it to KEYSYMS")


# X modifier masks, for key(…, modifiers)
MODIFIERS = {"Shift": 1 << 0, "Control": 1 << 2, "Alt": 1 << 3}


def key(name, modifiers=()):
    """Press and release one key in the focused window, e.g. key("Return"),
    key("n", ["Control"]), through the AT-SPI registry (XTest on X11)."""
    mask = 0
    for m in modifiers:
        mask |= MODIFIERS[m]
    if mask:
        pyatspi.Registry.generateKeyboardEvent(mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    try:
        pyatspi.Registry.generateKeyboardEvent(keysym(name), None, pyatspi.KEY_SYM)
    finally:
        if mask:
            pyatspi.Registry.generateKeyboardEvent(mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


# ---- saved games --------------------------------------------------------------


def cli(*args):
    """Run pegs-and-jokers-cli (e.g. to write a game for App(position=…)):
    cli("new", "--preset", "basic", "--players", "4", "--seed", "7", "-o", path),
    cli("play", path, "K R1 s-r8"). Returns its output; fails on an error."""
    done = subprocess.run([os.environ["PJ_CLI"], *args], capture_output=True, text=True,
                          timeout=60 * SCALE)
    if done.returncode != 0:
        raise A11yError(f"pegs-and-jokers-cli {' '.join(args)}: {done.stderr or done.stdout}")
    return done.stdout


def scratch(name):
    """A path in the run's scratch folder (removed by run-a11y.sh)."""
    return os.path.join(os.environ.get("PJ_A11Y_TMP", "/tmp"), name)


# ---- the app ----------------------------------------------------------------


def _descends_from(pid, ancestor):
    """pid is ancestor or runs under it (the app started through gdb or a
    wrapper script)."""
    for _ in range(8):
        if pid == ancestor:
            return True
        try:
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
        if pid <= 1:
            return False
    return False


WARNING_LINE = re.compile(r"-(WARNING|CRITICAL|ERROR) \*\*")
KNOWN_WARNINGS = [
    # GTK 4.8 answers a question about a widget it is destroying (a card
    # leaving the hand, a closing window) with a reply built on no object
    # path (seen in GTK's D-Bus method handler); the client gets an error
    re.compile(r"GLib-CRITICAL \*\*.*g_variant_is_object_path: assertion 'string != NULL' failed"),
    # GTK 4.24's X11 backend marks a popover's frame submitted twice (both
    # gdksurface-x11.c and gdkdisplay-x11.c call gdk_frame_clock_submitted()
    # on a display without a compositor, like Xvfb): any popover menu, a
    # plain GtkPopoverMenu in GTK's own demo too
    re.compile(r"Gdk-WARNING \*\*.*gdk_frame_timings_submitted\(\) called on submitted frame"),
    # libadwaita 1.8+'s own shortcuts dialog connects to the signal GTK 4.22
    # deprecates; G_ENABLE_DIAGNOSTIC (tests/meson.build) reports it. Not ours:
    # the app connects to no deprecated signal (any other report still fails)
    re.compile(r"GLib-GObject-WARNING \*\*.*The signal GtkWindow::keys-changed is deprecated"),
]

# GLib leaks one block on purpose: its quark table starts as 2,048 slots
# (16,384 bytes, allocated by GLib's load-time constructor), and when a
# program makes its 2,048th quark the table is copied into a bigger one and
# the old one is never freed, for lock-free readers (gquark.c). The app
# passes 2,048 quarks in some runs (how many depends on the windows, CSS
# states and AT-SPI questions it went through), so LeakSanitizer reports
# that block at Ctrl+Q now and then. This is its whole report, exactly:
# one 16,384-byte block and no frame past g_malloc (GLib has no frame
# pointers for the fast unwinder). Any other leak, or that one beside
# others, still fails.
GLIB_QUARK_TABLE_LEAK = re.compile(
    r"==\d+==ERROR: LeakSanitizer: detected memory leaks\n\n"
    r"Direct leak of 16384 byte\(s\) in 1 object\(s\) allocated from:\n"
    r" +#0 0x[0-9a-f]+ in (__interceptor_)?malloc [^\n]*\n"
    r" +#1 0x[0-9a-f]+ in g_malloc \([^)\n]*libglib-2\.0\.so[^)\n]*\)\n\n"
    r"SUMMARY: AddressSanitizer: 16384 byte\(s\) leaked in 1 allocation\(s\)\.\n")


def only_glib_quark_table_leak(output):
    """True when the app's only sanitizer report is GLib's quark table."""
    return (GLIB_QUARK_TABLE_LEAK.search(output) is not None and
            output.count("==ERROR:") == 1 and output.count(" leak of ") == 1)


class App:
    """The app under test, started on its own data folders.

    App() starts a fresh game (--new-instance); App(position=FILE) puts a
    saved game (a record file, as the app autosaves) where the app looks for
    its autosave, starts it, and answers the resume prompt; args are more
    command-line options (e.g. ["--host-table", "Test"]).

        with App() as app:
            button = app.find(pyatspi.ROLE_PUSH_BUTTON, "New Game")
    """

    def __init__(self, args=(), position=None, resume=True):
        self.args = list(args)
        self.position = position
        self.resume = resume
        self.proc = None
        self.root = None
        self.window = None
        self.home = os.path.join(os.environ.get("PJ_A11Y_TMP", "/tmp"), f"home-{os.getpid()}-{id(self)}")

    # the app's process

    def start(self):
        app = os.environ["PJ_APP"]
        env = dict(os.environ)
        # warnings are not fatal here but read from the app's output at the
        # end (check_output): GTK 4.8 warns on some questions a screen
        # reader asks, and must not end the app for it
        debug = [d for d in os.environ.get("PJ_APP_G_DEBUG", "").split(",")
                 if d and not d.startswith("fatal")]
        if debug:
            env["G_DEBUG"] = ",".join(debug)
        for d in ("data", "config", "cache", "state"):
            path = os.path.join(self.home, d)
            os.makedirs(path, exist_ok=True)
            env[f"XDG_{d.upper()}_HOME"] = path
        argv = [app] + self.args
        if self.position is not None:
            saves = os.path.join(self.home, "data", "pegs-and-jokers")
            os.makedirs(saves, exist_ok=True)
            shutil.copyfile(self.position, os.path.join(saves, "autosave.json"))
        else:
            argv.append("--new-instance")
        self.stdout = open(os.path.join(self.home, "app.log"), "w+")
        log("# starting", " ".join(argv[1:]) or "the app")
        self.proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                     stdout=self.stdout, stderr=subprocess.STDOUT)
        tmp = os.environ.get("PJ_A11Y_TMP")
        if tmp:
            with open(os.path.join(tmp, "app.pid"), "w") as f:
                f.write(str(self.proc.pid))
        atexit.register(self.kill)
        self.root = wait_for(self._find_on_bus, START_TIMEOUT, "the app on the AT-SPI bus")
        self.window = wait_for(self._main_window, START_TIMEOUT, "the app's window")
        if self.position is not None and self.resume:
            self.click(pyatspi.ROLE_PUSH_BUTTON, re.compile(r"^_?Resume$"))
            # only the count: GTK 4.8 warns when asked about a window
            # being destroyed
            wait_for(lambda: len(self.toplevels()) == 1 and not dialogs_within(self.window),
                     what="the resume question to close")
        return self

    def _find_on_bus(self):
        if self.proc.poll() is not None:
            raise A11yError(f"the app ended (status {self.proc.returncode}) before it showed:\n{self.output()}")
        desktop = pyatspi.Registry.getDesktop(0)
        for app in children(desktop):
            try:
                if _descends_from(app.get_process_id(), self.proc.pid):
                    return app
            except GLibError:
                continue
        return None

    def _main_window(self):
        for w in self.toplevels():
            if name_of(w) == "Pegs and Jokers" or w.getRole() == pyatspi.ROLE_FRAME:
                return w
        return None

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def output(self):
        self.stdout.flush()
        self.stdout.seek(0)
        return self.stdout.read()

    def kill(self):
        """End the app (it keeps nothing: its folders are the test's)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10 * SCALE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def quit(self):
        """Quit as a person would (Ctrl+Q), so that the sanitizer build's
        LeakSanitizer looks at the app's memory; fail when the app exits
        with an error. An app that asks something first (a LAN table) is
        ended as kill() does."""
        if self.proc is None or self.proc.poll() is not None:
            return
        key("q", ["Control"])
        try:
            status = self.proc.wait(20 * SCALE)
        except subprocess.TimeoutExpired:
            log("# the app did not quit on Ctrl+Q: ended")
            self.kill()
            return
        self.proc = None
        if status != 0:
            output = self.output()
            if only_glib_quark_table_leak(output):
                log("# LeakSanitizer reported GLib's own quark table (by design), nothing else")
                return
            raise A11yError(f"the app quit with status {status}:\n{output}")

    def check_output(self):
        """Fail on any warning or critical the app printed, but those of
        GTK's that KNOWN_WARNINGS lists."""
        bad = [line for line in self.output().splitlines()
               if WARNING_LINE.search(line) and not any(k.search(line) for k in KNOWN_WARNINGS)]
        if bad:
            raise A11yError("the app warned:\n" + "\n".join(bad))

    def check_alive(self):
        """Fail when the app died under the test (a crash, a sanitizer report)."""
        if self.proc is not None and self.proc.poll() is not None:
            raise A11yError(f"the app ended with status {self.proc.returncode}:\n{self.output()}")

    def __enter__(self):
        return self.start()

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                self.check_alive()
                self.quit()
                self.check_output()
        finally:
            if exc_type is not None and self.proc is not None:
                sys.stderr.write(f"# the app said:\n{self.output()}\n")
            self.kill()
        return False

    # its tree

    def toplevels(self):
        """The app's top-level windows, newest last."""
        self.root.clearCache()
        return children(self.root)

    def windows(self):
        """The app's windows and dialogs, newest last: its top-level
        windows, then the dialogs shown inside the game's window (where
        AdwDialog puts every dialog of ours). Nothing is asked of the other
        top-level windows: GTK 4.8 answers a question about a window it is
        destroying with a reference without a path. (Asked for a window
        past the shown ones, it answers with the last in its list, and dies
        if that one is hidden: the app keeps no hidden window, which
        tests/ui/test-toplevels.c checks.)"""
        out = self.toplevels()
        window = getattr(self, "window", None)
        if window is not None:
            out.extend(dialogs_within(window))
        return out

    def window_named(self, name, timeout=None):
        """A top-level window or dialog by its name (bounded wait)."""
        pattern = name if isinstance(name, re.Pattern) else None
        return wait_for(lambda: next((w for w in self.windows()
                                      if (pattern.search(name_of(w)) if pattern else name_of(w) == name)
                                      and pyatspi.STATE_VISIBLE in states(w)), None),
                        timeout, f"a window named {name!r}")

    def find(self, role=None, name=None, pred=None, within=None, visible=True, timeout=None):
        """A node anywhere in the app (or within a node), waiting for it."""
        return find(within or self.root, role, name, pred, visible, timeout)

    def click(self, role, name, within=None, timeout=None):
        node = self.find(role, name, within=within, timeout=timeout)
        click(node)
        return node
