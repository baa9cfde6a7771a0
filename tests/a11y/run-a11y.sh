#!/bin/bash
# run-a11y.sh — run one accessibility test script against the real app, the
# way a screen reader sees it: a private session bus (dbus-run-session), the
# AT-SPI bus on it, a private Xvfb, then the script under the system Python
# (Debian's pyatspi is built for it, not for a python3 found first on PATH).
# The script starts the app itself through tests/a11y/pjatspi.py.
#
# usage: run-a11y.sh APP SCRIPT.py [ARGS…]
# Exit status: the script's; 77 (skip) only when pyatspi, at-spi2-core,
# dbus or Xvfb are missing.
set -u

PYTHON=${PJ_A11Y_PYTHON:-/usr/bin/python3}
BUS_LAUNCHER=
for f in /usr/libexec/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher \
         /usr/lib/at-spi2/at-spi-bus-launcher; do
  [ -x "$f" ] && { BUS_LAUNCHER=$f; break; }
done

skip () {
  echo "SKIP: $*"
  exit 77
}

if [ -z "${PJ_A11Y_INNER:-}" ]; then
  [ $# -ge 2 ] || { echo "usage: $0 APP SCRIPT.py [ARGS…]" >&2; exit 2; }
  [ -x "$1" ] || { echo "no app at $1" >&2; exit 1; }
  [ -x "$PYTHON" ] && "$PYTHON" -c 'import pyatspi' 2>/dev/null ||
    skip "no pyatspi for $PYTHON (Debian: python3-pyatspi)"
  [ -n "$BUS_LAUNCHER" ] || skip "no at-spi-bus-launcher (Debian: at-spi2-core)"
  command -v dbus-run-session >/dev/null || skip "no dbus-run-session (Debian: dbus)"
  command -v Xvfb >/dev/null || skip "no Xvfb (Debian: xvfb)"
  command -v openbox >/dev/null || skip "no window manager (Debian: openbox)"
  # the whole run on its own session bus, gone with it
  PJ_A11Y_INNER=1 exec dbus-run-session -- "$0" "$@"
fi

app=$(realpath "$1")
script=$(realpath "$2")
shift 2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pj-a11y.XXXXXX")
xvfb_pid=
bus_pid=
wm_pid=

cleanup () {
  # the app first (pjatspi.py writes its pid here), then our servers
  if [ -s "$tmp/app.pid" ]; then
    kill -KILL "$(cat "$tmp/app.pid")" 2>/dev/null
  fi
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null && wait "$bus_pid" 2>/dev/null
  [ -n "$wm_pid" ] && kill "$wm_pid" 2>/dev/null && wait "$wm_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

# Our own X server, always: on a desktop, at-spi-bus-launcher would otherwise
# publish this run's bus on the real display, and the app would show there.
# -noreset: at-spi-bus-launcher is the first client and goes away, and the
# server's reset then would turn the app away ("cannot open display").
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$tmp/display" >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
  [ -s "$tmp/display" ] && break
  kill -0 "$xvfb_pid" 2>/dev/null || break
  sleep 0.1
done
[ -s "$tmp/display" ] || { echo "Xvfb did not start" >&2; exit 1; }
export DISPLAY=":$(head -n1 "$tmp/display")"

# A window manager, as on any desktop: it gives the app's window the input
# focus when it maps. Without one, newer GTK never sees its window become
# active, so no widget reports the focused state and keys go nowhere.
openbox --sm-disable >"$tmp/wm.log" 2>&1 &
wm_pid=$!

# The tests' environment (tests/meson.build) turns accessibility off for the
# unit tests; here it is the point.
unset NO_AT_BRIDGE
export GTK_A11Y=atspi
unset WAYLAND_DISPLAY
export GDK_BACKEND=x11

"$BUS_LAUNCHER" --launch-immediately >/dev/null 2>&1 &
bus_pid=$!

# The app keeps the tests' G_DEBUG (a warning is fatal there); this side
# does not: libatspi warns about what GTK 4.8 leaves out (its cache object).
export PJ_APP_G_DEBUG="${G_DEBUG:-}"
unset G_DEBUG

export PJ_APP="$app"
export PJ_A11Y_TMP="$tmp"
"$PYTHON" "$script" "$@"
status=$?
if [ $status -ne 0 ] && ! kill -0 "$xvfb_pid" 2>/dev/null; then
  echo "# Xvfb on $DISPLAY ended during the test:" >&2
  cat "$tmp/xvfb.log" >&2
fi
exit $status
