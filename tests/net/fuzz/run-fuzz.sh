#!/bin/sh
# run-fuzz.sh — fuzz the LAN message parser with libFuzzer for a bounded time
#
#   tests/net/fuzz/run-fuzz.sh [SECONDS]      (default 60; needs clang)
#
# Builds the line reader and message parser (with the engine they call) into
# a libFuzzer binary with AddressSanitizer in a scratch folder, runs it from
# the seed corpus, and copies every crashing input into corpus-regress/,
# which test-net-message replays in every `meson test`.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

seconds=${1:-60}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
work=${PJ_FUZZ_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/pj-fuzz-XXXXXX")}
mkdir -p "$work/corpus" "$work/crashes"

cat > "$work/config-net.h" <<EOT
#define PACKAGE_VERSION "fuzz"
#define HAVE_GETRANDOM 1
EOT

clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -DPJ_FUZZ_MAIN -DGETTEXT_PACKAGE='"pegs-and-jokers"' \
  -I"$work" -I"$top/src/net" -I"$top/src/engine" \
  $(pkg-config --cflags json-glib-1.0 gio-2.0) \
  "$here/fuzz-message.c" "$top/src/net/pj-net-message.c" "$top"/src/engine/*.c \
  $(pkg-config --libs json-glib-1.0 gio-2.0) -lm \
  -o "$work/fuzz-message"

cp "$here"/corpus-seed/* "$work/corpus/"
status=0
"$work/fuzz-message" -max_total_time="$seconds" -max_len=70000 -timeout=10 \
  -artifact_prefix="$work/crashes/" -print_final_stats=1 \
  "$work/corpus" 2>&1 | tee "$work/fuzz.log" | grep -E "^#|Done|stat::|ERROR|SUMMARY" | tail -20 || status=$?

for crash in "$work"/crashes/*; do
  [ -e "$crash" ] || continue
  name=$(basename "$crash")
  cp "$crash" "$here/corpus-regress/$name"
  echo "crash kept: tests/net/fuzz/corpus-regress/$name"
  status=1
done
echo "log: $work/fuzz.log"
exit $status
