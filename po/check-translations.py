#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check that every language in po/LINGUAS is complete against the sources.

Extracts a fresh template from POTFILES.in with xgettext (the same keyword and
flag arguments as the pegs-and-jokers-pot target, passed after "--"), merges each
po/LL.po into it in a temporary directory and fails when any merged catalog has
a fuzzy or untranslated message, listing the msgids per language.  The checked-in
.po files and any po/pegs-and-jokers.pot in the tree are never written.

Usage: check-translations.py SOURCE_ROOT XGETTEXT MSGMERGE MSGATTRIB -- XGETTEXT_ARGS...
"""

import os
import subprocess
import sys
import tempfile


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def msgids(msgattrib, po, flag):
    """msgids selected by msgattrib FLAG (--only-fuzzy / --untranslated)."""
    out = run([msgattrib, flag, "--no-obsolete", "--no-wrap", po])
    ids = []
    for line in out.splitlines():
        if line.startswith('msgid "') and line != 'msgid ""':
            ids.append(line[len("msgid "):])
    return ids


def main(argv):
    sep = argv.index("--")
    root, xgettext, msgmerge, msgattrib = argv[1:sep]
    xgettext_args = argv[sep + 1:]
    podir = os.path.join(root, "po")
    with open(os.path.join(podir, "LINGUAS"), encoding="utf-8") as f:
        langs = [l.strip() for l in f
                 if l.strip() and not l.strip().startswith("#")]

    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, "template.pot")
        run([xgettext, "--package-name=pegs-and-jokers", "-D", root,
             "-f", os.path.join(podir, "POTFILES.in"), "-o", pot,
             *xgettext_args])
        for lang in langs:
            merged = os.path.join(tmp, lang + ".po")
            run([msgmerge, "--quiet", "--no-fuzzy-matching", "-o", merged,
                 os.path.join(podir, lang + ".po"), pot])
            # Without fuzzy matching, a changed msgid shows up as untranslated.
            missing = msgids(msgattrib, merged, "--untranslated")
            fuzzy = msgids(msgattrib, merged, "--only-fuzzy")
            if missing or fuzzy:
                lines = ["%s: %d untranslated, %d fuzzy"
                         % (lang, len(missing), len(fuzzy))]
                lines += ["  untranslated: " + m for m in missing]
                lines += ["  fuzzy: " + m for m in fuzzy]
                failures.append("\n".join(lines))
            else:
                print("%s: complete" % lang)

    if failures:
        print("\n".join(failures), file=sys.stderr)
        print("\nRefresh and translate: see HACKING.md, \"Translations\".",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
