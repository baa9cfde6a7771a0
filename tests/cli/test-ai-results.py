#!/usr/bin/env python3
# test-ai-results.py — tools/ai-results writes the results page: run it with
# --quick on two tiny cells into a temporary folder and read the page back.
#
# Usage: test-ai-results.py PATH-TO-ai-results PATH-TO-pegs-and-jokers-cli
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import tempfile

tool, cli = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print('not ok: ' + what)


with tempfile.TemporaryDirectory() as tmp:
    page = os.path.join(tmp, 'docs', 'ai-results.md')
    proc = subprocess.run([sys.executable, tool, '--quick', '-j', '2', '--cli', cli, '-o', page,
                           '--cells', 'normal-easy/basic-4p,hard-normal/basic-4p,'
                           'hard-normal-app/basic-8p-4t,normal-bluffer/bluffing-joker-4p'],
                          capture_output=True, text=True, timeout=120)
    check(proc.returncode == 0, 'the script succeeds (%d: %s)' % (proc.returncode, proc.stderr))
    check(os.path.exists(page), 'the page is written')
    text = open(page).read() if os.path.exists(page) else ''
    for needle in ('# Computer players: results', '**Partial run**', '## Hard vs normal',
                   '## Normal vs easy', '- Commit: ', '- Machine: ', '- Iteration budget: hard vs normal, 50 playouts per hard decision at every table',
                   '- To regenerate: `tools/ai-results ', '| table | games | seed |',
                   "## Hard vs normal at the app's own playouts", '## Normal vs bluffer',
                   '## Bluffing Joker: challenge decisions, predicted against actual',
                   '| normal vs bluffer | challenges: '):
        check(needle in text, 'the page has “%s”' % needle)
    rows = [line for line in text.splitlines() if line.startswith('| basic 4p | 2 | ')]
    check(len(rows) == 2, 'one basic 4p row per match, 2 games each (%d rows)' % len(rows))
    for row in rows:
        cols = [c.strip() for c in row.strip('|').split('|')]
        check(len(cols) == 10, 'a row has 10 columns: %s' % row)
        check(cols[2].isdigit(), 'a row has its seed: %s' % row)
        check('[' in cols[5] and ']' in cols[5], 'a row has a Wilson interval: %s' % row)
        check(cols[6].count('/') == 2, 'a row has median / p95 / max: %s' % row)
    app = [line for line in text.split("at the app's own playouts (the biggest tables)")[-1].splitlines()
           if line.startswith('| basic 8p, 4 teams | 2 | ')]
    check(len(app) == 1 and app[0].split('|')[4].strip() == '12',
          "the app's playouts, scaled as the app's default (quick: 50 at 4p is 12 at 8p): %s" % app)
    check('reference' not in text.split('## Normal vs easy')[-1],
          'cells outside --cells are not played')

    proc = subprocess.run([sys.executable, tool, '--cli', cli, '-o', os.path.join(tmp, 'x.md'),
                           '--cells', 'no-such-cell'], capture_output=True, text=True, timeout=60)
    check(proc.returncode != 0 and 'no cell matches' in proc.stderr,
          'an unknown cell gets a clear message (%r)' % proc.stderr)
    check(not os.path.exists(os.path.join(tmp, 'x.md')), 'and no page')

    proc = subprocess.run([sys.executable, tool, '--cli', cli, '--budget', '0', '-o',
                           os.path.join(tmp, 'y.md')], capture_output=True, text=True, timeout=60)
    check(proc.returncode == 2 and '--budget' in proc.stderr, 'a bad budget gets a clear message')

sys.exit(1 if failures else 0)
