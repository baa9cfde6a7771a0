#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fail when flatpak-builder cannot read the manifest or says anything on
# stderr about it (unknown properties, bad values, …).
# Usage: check-manifest.sh FLATPAK_BUILDER MANIFEST
set -u
builder=$1
manifest=$2
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
"$builder" --show-manifest "$manifest" >/dev/null 2>"$log"
status=$?
if [ "$status" -ne 0 ] || [ -s "$log" ]; then
  cat "$log" >&2
  echo "flatpak-builder --show-manifest $manifest: exit status $status" >&2
  exit 1
fi
echo "$manifest: read cleanly"
