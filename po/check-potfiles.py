#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check po/POTFILES.in against the source tree.

Fails when
  - a .c, .h or .ui file under src/ has translatable strings (_(" N_(" C_("
    NC_(" or translatable="yes") but is not listed in POTFILES.in (nor in
    POTFILES.skip, for files that only look translatable);
  - POTFILES.in names a file that does not exist, or names one twice;
  - POTFILES.in is not sorted (byte order, as LC_ALL=C sort).

Usage: check-potfiles.py SOURCE_ROOT
"""

import os
import re
import sys

TRANSLATABLE = re.compile(
    r"""\b(?:N|C|NC)?_\(\s*"|translatable\s*=\s*["']yes["']""")
SUFFIXES = (".c", ".h", ".ui")


def read_list(path):
    entries = []
    try:
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                line = line.strip()
                if line and not line.startswith("#"):
                    entries.append((lineno, line))
    except FileNotFoundError:
        pass
    return entries


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    potfiles_path = os.path.join(root, "po", "POTFILES.in")
    potfiles = read_list(potfiles_path)
    skip = {name for _, name in read_list(os.path.join(root, "po", "POTFILES.skip"))}
    problems = []

    if not potfiles:
        problems.append("po/POTFILES.in is missing or empty")

    listed = set()
    for lineno, name in potfiles:
        if name in listed:
            problems.append(f"po/POTFILES.in:{lineno}: {name} is listed twice")
        listed.add(name)
        if not os.path.isfile(os.path.join(root, name)):
            problems.append(f"po/POTFILES.in:{lineno}: {name} does not exist")

    names = [name for _, name in potfiles]
    for (lineno, name), prev in zip(potfiles[1:], names):
        if name.encode() < prev.encode():
            problems.append(f"po/POTFILES.in:{lineno}: {name} should come before {prev} (keep the list sorted)")

    for dirpath, dirnames, filenames in os.walk(os.path.join(root, "src")):
        dirnames.sort()
        for filename in sorted(filenames):
            if not filename.endswith(SUFFIXES):
                continue
            path = os.path.join(dirpath, filename)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            if rel in listed or rel in skip:
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                for lineno, line in enumerate(f, 1):
                    if TRANSLATABLE.search(line):
                        problems.append(f"{rel}:{lineno}: has translatable strings but is missing from po/POTFILES.in")
                        break

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) with po/POTFILES.in", file=sys.stderr)
        return 1
    print(f"po/POTFILES.in: {len(names)} files, sorted, all present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
