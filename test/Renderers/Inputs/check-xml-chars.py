"""Checks that pages and pictures hold only characters XML allows.

Usage: check-xml-chars.py FILE...  A file must be UTF-8 without the characters
XML 1.0 forbids: C0 controls other than tab, newline and carriage return,
U+FFFE and U+FFFF. A .svg file must also parse as XML. Prints "ok: FILE" for each.
"""
import sys
import xml.dom.minidom

status = 0
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        print(f"{path}: not UTF-8: {error}")
        status = 1
        continue
    bad = [
        (i, hex(ord(c)))
        for i, c in enumerate(text)
        if (ord(c) < 0x20 and c not in "\t\n\r") or c in "\ufffe\uffff"
    ]
    if bad:
        print(f"{path}: characters XML cannot hold: {bad[:5]}")
        status = 1
        continue
    if path.endswith(".svg"):
        try:
            xml.dom.minidom.parseString(data)
        except Exception as error:
            print(f"{path}: not XML: {error}")
            status = 1
            continue
    print(f"ok: {path}")
sys.exit(status)
