#!/usr/bin/env python3
# HACKING.md stays true: every file or folder it names exists, every
# function, type or enum value it names is in the sources, and every test
# and suite it tells a newcomer to run is one meson knows. A recipe that
# names a place the code no longer has fails here, not in a newcomer's hands.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import os
import re
import sys

root = sys.argv[1]
text = open(os.path.join(root, "HACKING.md"), encoding="utf-8").read()

# what the sources define, and which tests and suites meson has
sources = []
for base in ("src", "tests", "data", ".ci", "po"):
    for dirpath, _dirs, files in os.walk(os.path.join(root, base)):
        for name in files:
            if name.endswith((".c", ".h", ".py", ".sh", ".build", ".xml", ".ui", ".in", ".txt", ".md")) \
                    or "." not in name:
                try:
                    sources.append(open(os.path.join(dirpath, name), encoding="utf-8").read())
                except (UnicodeDecodeError, OSError):
                    pass
corpus = "\n".join(sources)
meson_files = [s for s in sources if "test(" in s or "benchmark(" in s]
tests = set()
suites = set()
for s in meson_files:
    tests.update(re.findall(r"\b(?:test|benchmark)\(\s*'([^']+)'", s))
    for m in re.finditer(r"suite:\s*(\[[^\]]*\]|'[^']*')", s):
        suites.update(re.findall(r"'([^']+)'", m.group(1)))
    # the GUI tests' table: 'name': {...}
    for m in re.finditer(r"^\s*'([a-z0-9-]+)':\s*\{", s, re.M):
        tests.add(m.group(1))
for s in meson_files:
    # tests made in a loop over a list of names
    for m in re.finditer(r"foreach\s+\w+\s*:\s*\[([^\]]*)\]", s):
        tests.update(re.findall(r"'([a-z0-9-]+)'", m.group(1)))

problems = []
checked = 0
md_names = set()
for dirpath, _dirs, files in os.walk(root):
    if "/_" in dirpath or "/." in dirpath.replace(root, "", 1).replace("/.ci", ""):
        continue
    md_names.update(f for f in files if f.endswith(".md"))

for code in re.findall(r"`([^`\n]+)`", text):
    code = code.strip()
    # a compiler's or a test's message quoted as it prints: its names are
    # what it printed (an example's), not places in the tree
    quoted = "error:" in code or "\u2018" in code or code.startswith(("not ok", "message "))
    # a path in the tree: src/…, tests/…, .ci/…, data/…, po/…, docs
    for path in re.findall(r"(?<![\w./-])((?:src|tests|data|po|\.ci)/[\w./+*-]*[\w+*-]|[\w-]+\.md)\b", code):
        checked += 1
        if "<" in path:
            continue
        if "*" in path:
            if not glob.glob(os.path.join(root, path)):
                problems.append(f"names {path}, which matches nothing in the tree")
            continue
        if "/" not in path:
            if path not in md_names:
                problems.append(f"names {path}, which is not in the tree")
            continue
        if not os.path.exists(os.path.join(root, path)):
            problems.append(f"names {path}, which is not in the tree")
    # a symbol of ours: pj_…, Pj…, PJ_…
    for sym in [] if quoted else re.findall(r"\b((?:pj|_pj)_[a-z0-9_]+|Pj[A-Z][A-Za-z0-9]+|PJ_[A-Z0-9_]+)\b", code):
        if sym.endswith("_"):
            continue  # a prefix: PJ_MSG_…
        checked += 1
        if not re.search(r"\b" + re.escape(sym) + r"\b", corpus):
            problems.append(f"names {sym}, which no source defines")
    # a test run: meson test [-C dir] [--suite S] [options] NAME…
    m = re.match(r"meson test\b(.*)", code)
    if m:
        words = m.group(1).split()
        i = 0
        while i < len(words):
            w = words[i]
            if w in ("-C", "--timeout-multiplier", "--repeat", "--num-processes"):
                i += 2
                continue
            if w == "--suite":
                checked += 1
                if i + 1 < len(words) and words[i + 1] not in suites:
                    problems.append(f"runs the suite {words[i + 1]}, which meson does not have")
                i += 2
                continue
            if not w.startswith("-") and re.fullmatch(r"[a-z0-9-]+", w):
                checked += 1
                if w not in tests:
                    problems.append(f"runs the test {w}, which meson does not have")
            i += 1

print(f"HACKING.md: {checked} names checked")
for p in problems:
    print(f"not ok - HACKING.md {p}")
if checked < 20:
    print("not ok - HACKING.md names almost nothing this check can hold to the tree")
    sys.exit(1)
sys.exit(1 if problems else 0)
