#!/usr/bin/env python3
# pj-shortcuts-dialog.py — the keyboard shortcuts as libadwaita 1.8's
# AdwShortcutsDialog, made from gtk/help-overlay.ui (GTK's shortcuts window,
# deprecated since GTK 4.18, and all that libadwaita < 1.8 has): the one
# list of shortcuts is that file, and its strings and their translations
# stay the same (same text, same context).
#
# usage: pj-shortcuts-dialog.py HELP-OVERLAY.ui OUT.ui
#
# Each GtkShortcutsGroup becomes an AdwShortcutsSection with its title, and
# each GtkShortcutsShortcut an AdwShortcutsItem with its title and
# accelerator (both labels read "1...8" and "Tab <Shift>Tab" alike).
# Anything else in the file stops the build: it would be lost silently.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import sys
import xml.etree.ElementTree as ET

KEPT = {
    "GtkShortcutsGroup": ("AdwShortcutsSection", {"title"}),
    "GtkShortcutsShortcut": ("AdwShortcutsItem", {"title", "accelerator", "action-name"}),
}


def fail(message):
    sys.exit(f"{sys.argv[1]}: {message}")


def convert(obj):
    cls = obj.get("class")
    if cls not in KEPT:
        fail(f"no AdwShortcutsDialog counterpart for {cls}")
    new_cls, props = KEPT[cls]
    out = ET.Element("object", {"class": new_cls})
    for child in obj:
        if child.tag == "property":
            if child.get("name") not in props:
                fail(f"{cls} property {child.get('name')} has no counterpart")
            prop = ET.SubElement(out, "property", dict(child.attrib))
            prop.text = child.text
        elif child.tag == "child":
            inner = child.find("object")
            if inner is None or cls != "GtkShortcutsGroup":
                fail(f"unexpected child of {cls}")
            ET.SubElement(out, "child").append(convert(inner))
        else:
            fail(f"unexpected <{child.tag}> in {cls}")
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: pj-shortcuts-dialog.py HELP-OVERLAY.ui OUT.ui")
    tree = ET.parse(sys.argv[1])
    window = tree.getroot().find("object")
    if window is None or window.get("class") != "GtkShortcutsWindow":
        fail("no GtkShortcutsWindow")
    interface = ET.Element("interface")
    ET.SubElement(interface, "requires", {"lib": "Adw", "version": "1.0"})
    # AdwApplication shows the object of this id from shortcuts-dialog.ui
    dialog = ET.SubElement(interface, "object", {"class": "AdwShortcutsDialog", "id": "shortcuts_dialog"})
    for section in window.iter("object"):
        if section.get("class") != "GtkShortcutsSection":
            continue
        for child in section.findall("child"):
            group = child.find("object")
            if group is None:
                fail("empty child of the shortcuts section")
            ET.SubElement(dialog, "child").append(convert(group))
    ET.indent(interface)
    with open(sys.argv[2], "wb") as f:
        f.write(b'<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write(ET.tostring(interface, encoding="utf-8"))
        f.write(b"\n")


if __name__ == "__main__":
    main()
