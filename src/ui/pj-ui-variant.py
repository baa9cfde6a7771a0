#!/usr/bin/env python3
# pj-ui-variant.py — a template for the libadwaita being built against
#
# The .ui files in the tree name today's widgets (AdwAlertDialog and
# AdwPreferencesDialog, since libadwaita 1.5) and stay what translators and
# xgettext read. Before 1.5 a template derives from the older class
# (AdwMessageDialog, AdwPreferencesWindow): the parent, and the few
# properties that have another name there.
#
# pj-ui-variant.py INPUT OUTPUT ADW_VERSION
#
# SPDX-License-Identifier: GPL-3.0-or-later

import sys

# (since which version, today's class): the class before it, and the
# names of its properties that the older one has under another name
OLD = {
    ((1, 5), 'AdwAlertDialog'): ('AdwMessageDialog', {}),
    ((1, 5), 'AdwPreferencesDialog'): ('AdwPreferencesWindow', {
        'content-width': 'default-width',
        'content-height': 'default-height',
    }),
}


def main():
    source, output, version = sys.argv[1:4]
    have = tuple(int(n) for n in version.split('.')[:2])
    with open(source, encoding='utf-8') as f:
        text = f.read()
    for (since, today), (before, renamed) in OLD.items():
        if have >= since or 'parent="%s"' % today not in text:
            continue
        text = text.replace('parent="%s"' % today, 'parent="%s"' % before)
        for new, old in renamed.items():
            text = text.replace('<property name="%s">' % new, '<property name="%s">' % old)
    with open(output, 'w', encoding='utf-8') as f:
        f.write(text)


if __name__ == '__main__':
    main()
