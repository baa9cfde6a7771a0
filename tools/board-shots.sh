#!/bin/bash
# tools/board-shots.sh OUTDIR [SECONDS] — look at the pegs (issue 23): the
# whole window with 8 computers playing, at the default size and 360 px
# wide, light and dark, both palettes, each also as someone with
# protanopia, deuteranopia and tritanopia sees it (tools/cvd-png.py).
# SECONDS is how long the game runs before the shot (8). Like .ci/shot
# (Xvfb, openbox, xdotool, dbus), but the game is resumed from an
# autosave the CLI writes (SEED), keys go to whatever has the focus (the
# resume question), and the screen is the window's size: the shot is the
# whole window and nothing else.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
build=${PJ_BUILD:-$HERE/../_build}
out=$1 secs=${2:-8}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rm -rf "$tmp"' EXIT
# one game for every shot: 8 seats, you at Red, 80 plays in (each the
# CLI's listed move number 7 i modulo their count), saved as the autosave
# the app offers to resume
cli="$build/src/cli/pegs-and-jokers-cli"
"$cli" new --preset basic --players 8 --seed ${SEED:-23} \
  --seat Ann:human --seat Bo:hard --seat Cy:hard --seat Di:hard \
  --seat Ed:hard --seat Fay:hard --seat Gus:hard --seat Hal:hard -o "$tmp/game.json" > /dev/null
for i in $(seq ${PLAYS:-80}); do
  m=$("$cli" moves "$tmp/game.json" | awk -v i=$i 'NF { a[n++] = $0 } END { if (n) print a[(i * 7) % n] }')
  [ -n "$m" ] || break
  "$cli" play "$tmp/game.json" "$m" > /dev/null
done

shot () {  # NAME WIDTH STYLE HIGH-CONTRAST
  local name=$1 width=$2 style=$3 hc=$4 home=$tmp/$1 win=
  mkdir -p "$home/config/glib-2.0/settings" "$home/data/pegs-and-jokers"
  cp "$tmp/game.json" "$home/data/pegs-and-jokers/autosave.json"
  # the keyfile backend: settings the memory one would not have at start
  cat > "$home/config/glib-2.0/settings/keyfile" <<KEYS
[io/github/pegsandjokers/PegsAndJokers]
window-width=$width
window-height=760
welcome-shown=true
computer-speed='fast'
high-contrast-pieces=$hc
KEYS
  Xvfb :78 -screen 0 "${width}x760x24" -fbdir "$home" -nolisten tcp > "$home/xvfb.log" 2>&1 &
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X78 ] && break; sleep 0.1; done
  export DISPLAY=:78
  openbox --sm-disable > "$home/wm.log" 2>&1 &
  env XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" GSETTINGS_BACKEND=keyfile \
    GSETTINGS_SCHEMA_DIR="$build/data" NO_AT_BRIDGE=1 \
    ADW_DEBUG_COLOR_SCHEME=$([ "$style" = dark ] && echo prefer-dark || echo prefer-light) \
    dbus-run-session -- "$build/src/ui/pegs-and-jokers" > "$home/app.log" 2>&1 &
  for _ in $(seq 100); do
    win=$(xdotool search --onlyvisible --class pegs-and-jokers 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break; sleep 0.2
  done
  [ -n "$win" ] || { cat "$home/app.log"; echo "no window" >&2; exit 1; }
  sleep 2
  xdotool windowactivate --sync "$win" 2>/dev/null || true
  # "Resume Your Game?" answered Resume
  for k in ${KEYS_TO_SEND:-Return}; do
    xdotool key --clearmodifiers "$k"; sleep 1.5
  done
  sleep "$secs"
  python3 "$HERE/../.ci/xwd2png.py" "$home/Xvfb_screen0" "$out/$name.png"
  grep -E "WARNING|CRITICAL" "$home/app.log" || true
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  python3 "$HERE/cvd-png.py" "$out/$name.png" "$out/$name"
}

for width in ${WIDTHS:-1100 360}; do
  for style in ${STYLES:-light dark}; do
    for hc in ${PALETTES:-false true}; do
      shot "window-8-$width-$style-$([ "$hc" = true ] && echo high-contrast || echo default)" "$width" "$style" "$hc"
    done
  done
done
