#!/usr/bin/env python3
# README.md's set-up command installs every package in .ci/packages (what
# CI installs to build and run every test), and nothing it does not list:
# a newcomer who runs the README's two commands runs every test, none
# skipped for a missing package.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import re
import sys

root = sys.argv[1]
wanted = []
for line in open(f"{root}/.ci/packages", encoding="utf-8"):
    line = line.split("#")[0].strip()
    if line:
        wanted.append(line)

readme = open(f"{root}/README.md", encoding="utf-8").read()
m = re.search(r"apt-get install -y --no-install-recommends (.*?) &&", readme)
if not m:
    print("not ok - README.md has no apt-get install command")
    sys.exit(1)
named = m.group(1).split()
missing = [p for p in wanted if p not in named]
extra = [p for p in named if p not in wanted]
print(f"README installs {len(named)} packages; .ci/packages lists {len(wanted)}")
if missing or extra:
    print(f"not in README.md's command: {missing}; not in .ci/packages: {extra}")
    sys.exit(1)
