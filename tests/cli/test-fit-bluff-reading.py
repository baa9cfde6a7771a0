#!/usr/bin/env python3
# test-fit-bluff-reading.py — tools/fit-bluff-reading writes the table the
# Bluffing Joker reading compiles in: a --quick run into a temporary folder,
# the table read back, and the same logs fitted again to the same table.
#
# Usage: test-fit-bluff-reading.py PATH-TO-fit-bluff-reading PATH-TO-pegs-and-jokers-cli
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys
import tempfile

tool, cli = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print('not ok: ' + what)


def rows(text):
    """The table's rows: (share, [knots])."""
    out = []
    for m in re.finditer(r'^  \{ ([0-9.]+), \{ ([-0-9., ]+) \} \},', text, re.M):
        out.append((float(m.group(1)), [float(x) for x in m.group(2).split(',')]))
    return out


with tempfile.TemporaryDirectory() as tmp:
    table = os.path.join(tmp, 'played.inc')
    again = os.path.join(tmp, 'again.inc')
    logs = os.path.join(tmp, 'logs')
    proc = subprocess.run([sys.executable, tool, '--quick', '-j', '2', '--cli', cli, '--keep', logs, '-o', table],
                          capture_output=True, text=True, timeout=120)
    check(proc.returncode == 0, 'the script succeeds (%d: %s)' % (proc.returncode, proc.stderr))
    for match in ('normal-normal', 'hard-normal', 'hard-hard', 'bluffer-normal'):
        check(match + ': decisions by predicted bluff chance' in proc.stdout, 'it shows the calibration of ' + match)
        check(os.path.exists(os.path.join(logs, match + '.log')), 'it keeps the log of ' + match)
    text = open(table).read() if os.path.exists(table) else ''
    check('#define READ_CALIBRATION_CLASSES 28\n' in text, 'the table says its classes')
    check('#define READ_CALIBRATION_KNOTS 10\n' in text, 'the table says its knots')
    got = rows(text)
    check(len(got) == 2 * 28, 'a row per kind and class (%d)' % len(got))
    for share, knots in got:
        check(0 < share < 1, 'a share is a fraction: %s' % share)
        check(len(knots) == 10, 'a row has 10 knots: %s' % knots)
        check(all(a <= b for a, b in zip(knots, knots[1:])), 'a row never reads lower for a higher model: %s' % knots)
    check(all(len(line) <= 100 for line in text.splitlines()), 'the table is written in short lines')

    # the kept logs fitted again: the same table, but for where it came from
    proc = subprocess.run([sys.executable, tool, '--logs', logs, '-o', again], capture_output=True, text=True,
                          timeout=120)
    check(proc.returncode == 0, 'a fit of kept logs succeeds (%d: %s)' % (proc.returncode, proc.stderr))
    check(os.path.exists(again) and rows(open(again).read()) == got, 'the kept logs fit to the same table')

    proc = subprocess.run([sys.executable, tool, '--logs', os.path.join(tmp, 'nowhere'), '-o', again],
                          capture_output=True, text=True, timeout=60)
    check(proc.returncode != 0 and 'no challenge log' in proc.stderr, 'missing logs are refused in words')

print('%d failed' % len(failures))
sys.exit(1 if failures else 0)
