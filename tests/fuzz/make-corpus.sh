#!/bin/sh
# make-corpus.sh — seed corpora of the record and notation fuzz targets, from real games
#
#   tests/fuzz/make-corpus.sh BUILDDIR
#
# Plays one game for every preset and table size (4, 6 and 8 players) with
# the command-line tool, picking legal actions deterministically, and saves
#   tests/record/fuzz/corpus/PRESET-Np-A.json   the saved game after A actions
#   tests/engine/fuzz/corpus/PRESET-Np-A.txt    the position, "--", a few of
#                                               its legal actions
#   tests/engine/fuzz/corpus/PRESET-Np-A-seen.txt  the same as the next seat
#                                               sees it (other hands hidden)
# Run it again to refresh the seeds; the same build gives the same files
# (except the "created" date).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

build=${1:?usage: make-corpus.sh BUILDDIR}
cli=$(cd "$build" && pwd)/src/cli/pegs-and-jokers-cli
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
rec=$top/tests/record/fuzz/corpus
pos=$top/tests/engine/fuzz/corpus
work=$(mktemp -d "${TMPDIR:-/tmp}/pj-corpus-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$rec" "$pos"

# the n-th (from 0, wrapping) of the legal actions of a saved game
pick () {
  "$cli" moves "$1" | awk -v k="$2" '{ l[NR - 1] = $0 } END { if (NR) print l[k % NR] }'
}

# position, separator and the first, a middle and the last legal action
notation () {
  "$cli" show $3 "$1" | grep -v '^#'
  echo "--"
  "$cli" moves "$1" | awk 'NR == 1 { print } { l[NR] = $0 } END { if (NR > 2) print l[int(NR / 2)]; if (NR > 1) print l[NR] }'
  echo "$2"
}

seed=1
for preset in basic arizona north-carolina pegoo wizard-woodworks alaska kilpatrick bluffing-joker; do
  for players in 4 6 8; do
    game=$work/game.json
    name=$preset-${players}p
    "$cli" new --preset "$preset" --players "$players" --seed "$seed" \
      --title "fuzz seed $seed" -o "$game" >/dev/null
    # stops: a new game, early, middle (different for each table)
    stops="0 $((5 + seed % 7)) $((40 + (seed * 13) % 60))"
    n=0
    for stop in $stops; do
      while [ "$n" -lt "$stop" ]; do
        action=$(pick "$game" $((n * 7 + seed)))
        [ -n "$action" ] || break
        "$cli" play "$game" "$action" >/dev/null
        n=$((n + 1))
      done
      cp "$game" "$rec/$name-$n.json"
      if [ "$stop" != 0 ]; then
        seat=$(( (n + seed) % players ))
        notation "$game" "discard JK" "" > "$pos/$name-$n.txt"
        notation "$game" "K R1 s-r8" "--as=$seat" > "$pos/$name-$n-seen.txt"
      fi
    done
    seed=$((seed + 1))
  done
done
du -sh "$rec" "$pos"
