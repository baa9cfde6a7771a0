#!/bin/sh
# run-fuzz.sh — fuzz one parser with libFuzzer for a bounded time
#
#   tests/fuzz/run-fuzz.sh TARGET [SECONDS]     (default 60; needs clang)
#
# TARGET is one of
#   record    the saved-game loader   tests/record/fuzz/fuzz-record.c
#   notation  the position and action readers  tests/engine/fuzz/fuzz-notation.c
#   net       the LAN line reader, message parser and handshake checks  tests/net/fuzz/fuzz-message.c
#
# Builds the target with its sources into a libFuzzer binary with
# AddressSanitizer and UndefinedBehaviorSanitizer in a scratch folder
# ($PJ_FUZZ_DIR or a new one under $TMPDIR), runs it from the target's seed
# corpus for SECONDS with -len_control=0 (long inputs from the start), and
# prints the executions. Every crashing input is copied into the source tree:
#   record, notation:  tests/{record,engine}/fuzz/crashes/  (kept as
#                      fixtures, not replayed by `meson test`)
#   net:               tests/net/fuzz/corpus-regress/ (replayed by
#                      test-net-message)
# Exit status 1 if anything crashed.
#
# PJ_FUZZ_FORK=1 runs in libFuzzer's fork mode and goes on after a crash
# (-ignore_crashes=1), to look past a known one. CC picks the compiler
# (default clang, else clang-14).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

usage () { echo "usage: $0 record|notation|net [SECONDS]" >&2; exit 2; }
target=${1:-}
seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cc=${CC:-$(command -v clang || command -v clang-14 || echo clang)}
work=${PJ_FUZZ_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/pj-fuzz-$target-XXXXXX")}
mkdir -p "$work/corpus" "$work/crashes"

cflags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -DPJ_FUZZ_MAIN -DGETTEXT_PACKAGE=\"pegs-and-jokers\" -I$work -I$top/src/engine"

case $target in
  record)
    dir=$top/tests/record/fuzz
    seeds="$dir/corpus"
    keep=$dir/crashes
    max_len=65536
    # shellcheck disable=SC2086
    $cc $cflags -I"$top/src/record" -I"$top/src/ai" \
      $(pkg-config --cflags json-glib-1.0 gobject-2.0) \
      "$dir/fuzz-record.c" "$top"/src/record/*.c "$top"/src/engine/*.c \
      $(pkg-config --libs json-glib-1.0 gobject-2.0) -lm \
      -o "$work/fuzz-record"
    binary=$work/fuzz-record
    ;;
  notation)
    dir=$top/tests/engine/fuzz
    seeds="$dir/corpus"
    keep=$dir/crashes
    max_len=70000
    # shellcheck disable=SC2086
    $cc $cflags $(pkg-config --cflags glib-2.0) \
      "$dir/fuzz-notation.c" "$top"/src/engine/*.c \
      $(pkg-config --libs glib-2.0) -lm \
      -o "$work/fuzz-notation"
    binary=$work/fuzz-notation
    ;;
  net)
    dir=$top/tests/net/fuzz
    seeds="$dir/corpus-seed $dir/corpus-regress"
    keep=$dir/corpus-regress
    max_len=70000
    cat > "$work/config-net.h" <<EOT
#define PACKAGE_VERSION "fuzz"
#define HAVE_GETRANDOM 1
EOT
    # shellcheck disable=SC2086
    $cc $cflags -I"$top/src/net" -I"$top/src/record" -I"$top/src/ai" \
      $(pkg-config --cflags json-glib-1.0 gio-2.0) \
      "$dir/fuzz-message.c" "$top/src/net/pj-net-message.c" "$top/src/net/pj-net-auth.c" "$top/src/ai/pj-ai-level.c" "$top/src/record/pj-json-limits.c" "$top"/src/engine/*.c \
      $(pkg-config --libs json-glib-1.0 gio-2.0) -lm \
      -o "$work/fuzz-message"
    binary=$work/fuzz-message
    ;;
  *) usage ;;
esac

for d in $seeds; do
  for f in "$d"/*; do
    case $f in *.md|*/\*) continue ;; esac
    cp "$f" "$work/corpus/"
  done
done

mode=
if [ "${PJ_FUZZ_FORK:-0}" = 1 ]; then
  mode="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
fi

# the tests' GLib habits: warnings are fatal, no slice allocator
status=0
# shellcheck disable=SC2086
G_DEBUG=gc-friendly,fatal-warnings G_SLICE=always-malloc LC_ALL=C.UTF-8 \
  "$binary" -max_total_time="$seconds" -max_len=$max_len -len_control=0 -timeout=10 \
  $mode -artifact_prefix="$work/crashes/" -print_final_stats=1 \
  "$work/corpus" > "$work/fuzz.log" 2>&1 || status=$?
grep -E "^#[0-9]+.*(pulse|DONE|INITED)|^#[0-9]+: |INFO: (exiting|fuzzed)|Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec|ERROR:|SUMMARY|crash" \
  "$work/fuzz.log" | tail -15

for crash in "$work"/crashes/*; do
  [ -e "$crash" ] || continue
  # fork mode also leaves an empty "crash" file when a job fails
  [ -n "$mode" ] && [ ! -s "$crash" ] && continue
  mkdir -p "$keep"
  name=$(basename "$crash")
  cp "$crash" "$keep/$name"
  echo "crash kept: ${keep#"$top"/}/$name"
  status=1
done
echo "log: $work/fuzz.log"
exit $status
