#!/bin/sh
# Install into a temporary root (DESTDIR) and run what was installed: the CLI
# plays a few games, the table server answers; the app, if built, starts
# under Xvfb and keeps running.
# Usage: test-install.sh BUILDDIR
set -eu
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! DESTDIR="$tmp" meson install -C "$build" --no-rebuild --quiet >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log"
  echo "FAIL: meson install"
  exit 1
fi
prefix=$(meson introspect "$build" --buildoptions |
  python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
root="$tmp$prefix"
echo "installed under $root"

"$root/bin/pegs-and-jokers-cli" --version
"$root/bin/pegs-and-jokers-cli" simulate --preset north-carolina --players 4 --games 2 --seed 3 --json

# the table server: installed, answers --help, refuses a bad argument with 2
"$root/bin/pegs-and-jokers-server" --help >/dev/null
set +e
"$root/bin/pegs-and-jokers-server" --table T --computer 2:genius --save-dir "$tmp/tables" 2>/dev/null
rc=$?
set -e
if [ $rc -ne 2 ]; then
  echo "FAIL: pegs-and-jokers-server exited with status $rc for a bad level (2 expected)"
  exit 1
fi
[ -f "$root/share/doc/pegs-and-jokers/examples/pegs-and-jokers-server.service" ] ||
  { echo "FAIL: the example systemd unit was not installed"; exit 1; }

app="$root/bin/pegs-and-jokers"
if [ ! -x "$app" ]; then
  echo "app not built (-Dapp=false): checked the CLI only"
  exit 0
fi
for f in "share/applications/io.github.pegsandjokers.PegsAndJokers.desktop" \
         "share/metainfo/io.github.pegsandjokers.PegsAndJokers.metainfo.xml" \
         "share/glib-2.0/schemas/io.github.pegsandjokers.PegsAndJokers.gschema.xml" \
         "share/icons/hicolor/scalable/apps/io.github.pegsandjokers.PegsAndJokers.svg"; do
  [ -f "$root/$f" ] || { echo "FAIL: $f was not installed"; exit 1; }
done
ls "$root"/share/locale/*/LC_MESSAGES/pegs-and-jokers.mo >/dev/null

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: the installed app was not started"
  exit 0
fi
# post-install hooks do not run under DESTDIR: compile the schemas here
glib-compile-schemas "$root/share/glib-2.0/schemas"
unset G_DEBUG   # no session bus here: GTK warns about it, which is not our failure
set +e
GSETTINGS_SCHEMA_DIR="$root/share/glib-2.0/schemas" XDG_DATA_DIRS="$root/share:/usr/share" \
HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
  xvfb-run -a -s "-screen 0 1024x768x24" timeout 4 "$app" >"$tmp/app.log" 2>&1
rc=$?
set -e
cat "$tmp/app.log"
if [ $rc -ne 124 ]; then
  echo "FAIL: the installed app exited with status $rc within 4 s (124 = still running)"
  exit 1
fi
if grep -q "CRITICAL" "$tmp/app.log"; then
  echo "FAIL: the installed app printed criticals"
  exit 1
fi
echo "the installed app started and kept running"
