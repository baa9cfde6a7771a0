#!/bin/sh
# run-fuzz.sh — fuzz the LAN message parser with libFuzzer for a bounded time
#
#   tests/net/fuzz/run-fuzz.sh [SECONDS]      (default 60; needs clang)
#
# Kept for the net-fuzz benchmark: the shared tests/fuzz/run-fuzz.sh builds
# and runs every target; its crash inputs for this one go to corpus-regress/,
# which test-net-message replays in every `meson test`.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
exec "$(cd "$(dirname "$0")" && pwd)/../../fuzz/run-fuzz.sh" net "${1:-60}"
