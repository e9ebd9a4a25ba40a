#!/usr/bin/env python3
"""Checks of the HTML viewer that a browser cannot report by itself.

  check_viewer.py geometry PAGE.html
      Reads the layout the tool embedded in the page (per graph pair, the
      first view with the node table, the other views apart) and checks, in
      every view: no two nodes overlap, and no node outside a fused region
      (its replacing node included) meets the region's box, which holds all
      its members. Prints one line per view.

  check_viewer.py edges PAGE.html VIEW
      Prints, per graph pair, the edges of VIEW that only one side has:
      "source only: @a -> @b", "target only: @a -> @b".

  check_viewer.py beside PAGE.html
      Prints, per graph pair and view, how many boxed fused regions there
      are and how far across (in layout pixels) the node that replaced each
      lies from its region's box at most, among those whose node lies in or
      next to the box's rows (constants at the top can fold into a node far
      below).

  check_viewer.py pixels SHOT.png TOP NAME=#rrggbb:MIN ...
      Counts the pixels of each colour in a PNG screenshot, in the rows from
      TOP down (below the page's legend, which shows the same colours), and
      fails if one has fewer than MIN. Prints the counts.
"""

import json
import re
import struct
import sys
import zlib

W, H = 170, 40


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def pairs(path):
    """Each pair's data: the first blob with every view merged in."""
    page = open(path, encoding="utf-8").read()
    first = re.findall(r'<script type="application/json" class="pair-data">(.*?)</script>', page, re.S)
    later = re.findall(r'<script type="application/json" class="pair-views">(.*?)</script>', page, re.S)
    if not first or len(first) != len(later):
        sys.exit("error: no viewer data in " + path)
    out = []
    for blob, more in zip(first, later):
        data = json.loads(blob)
        data["views"].update(json.loads(more))
        out.append(data)
    return out


def triples(flat):
    return [flat[i:i + 3] for i in range(0, len(flat), 3)]


def geometry(path):
    bad = 0
    for index, data in enumerate(pairs(path)):
        names = data["nodes"]["name"]
        for name in sorted(data["views"]):
            view = data["views"][name]
            nodes = triples(view["nodes"])
            boxes = [(n[1], n[2], W, H) for n in nodes]
            # Nodes never overlap: sort by row, compare neighbours in a row.
            rows = {}
            for i, b in enumerate(boxes):
                rows.setdefault(b[1], []).append(i)
            for y, members in rows.items():
                members.sort(key=lambda i: boxes[i][0])
                for a, b in zip(members, members[1:]):
                    if overlaps(boxes[a], boxes[b]):
                        print("pair %d view %s: nodes %s and %s overlap" % (
                            index, name, names[nodes[a][0]], names[nodes[b][0]]))
                        bad += 1
            boxed = 0
            for replacer, members, box in view["clusters"]:
                label = "fused into " + names[nodes[replacer][0]]
                if box[2] <= 0:
                    continue
                boxed += 1
                members = set(members)
                for m in members:
                    b = boxes[m]
                    if not (box[0] <= b[0] and b[0] + W <= box[0] + box[2] and
                            box[1] <= b[1] and b[1] + H <= box[1] + box[3]):
                        print("pair %d view %s: %s sticks out of its region box" % (index, name, label))
                        bad += 1
                for i, b in enumerate(boxes):
                    if i not in members and overlaps(b, box):
                        what = "its replacing node" if i == replacer else "node"
                        print("pair %d view %s: %s %s overlaps the box '%s'" % (
                            index, name, what, names[nodes[i][0]], label))
                        bad += 1
            print("pair %d view %s: %d nodes, %d edges, %d of %d regions boxed" % (
                index, name, len(boxes), len(view["edges"]) // 3, boxed, len(view["clusters"])))
    if bad:
        sys.exit("error: %d layout problems" % bad)
    print("geometry ok")


def beside(path):
    for index, data in enumerate(pairs(path)):
        for name in sorted(data["views"]):
            view = data["views"][name]
            nodes = triples(view["nodes"])
            worst, boxed = 0, 0
            for replacer, members, box in view["clusters"]:
                if box[2] <= 0:
                    continue
                boxed += 1
                x, y = nodes[replacer][1], nodes[replacer][2]
                # Only a node within a row of the box's rows: a region of
                # constants at the top may fold into a node far below.
                if y + H < box[1] - 2 * H or y > box[1] + box[3] + 2 * H:
                    continue
                dx = max(box[0] - (x + W), x - (box[0] + box[2]), 0)
                worst = max(worst, dx)
            print("pair %d view %s: %d boxed regions, replacing node at most %d px from its box" % (
                index, name, boxed, worst))


def edges(path, name):
    for index, data in enumerate(pairs(path)):
        names = data["nodes"]["name"]
        view = data["views"][name]
        nodes = triples(view["nodes"])
        for a, b, kind in triples(view["edges"]):
            if kind in (2, 3):
                print("pair %d %s only: %s -> %s" % (index, "source" if kind == 2 else "target",
                                                    names[nodes[a][0]], names[nodes[b][0]]))


def read_png(path):
    raw = open(path, "rb").read()
    if raw[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("error: %s is not a PNG" % path)
    pos, chunks, header = 8, [], None
    while pos < len(raw):
        length, kind = struct.unpack(">I4s", raw[pos:pos + 8])
        body = raw[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        sys.exit("error: unsupported PNG (depth %d, colour type %d)" % (depth, color))
    bpp = 3 if color == 2 else 4
    data = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    pixels, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = data[pos], bytearray(data[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels.append(bytes(line))
        prev = line
    return width, height, bpp, pixels


def pixels(path, top, wanted):
    width, height, bpp, rows = read_png(path)
    counts = {}
    for row in rows[top:]:
        for x in range(0, width * bpp, bpp):
            rgb = row[x:x + 3]
            counts[rgb] = counts.get(rgb, 0) + 1
    bad = 0
    for spec in wanted:
        name, rest = spec.split("=")
        color, minimum = rest.split(":")
        rgb = bytes.fromhex(color.lstrip("#"))
        n = counts.get(rgb, 0)
        ok = n >= int(minimum)
        print("%s %s: %d pixels%s" % (name, color, n, "" if ok else " (fewer than %s)" % minimum))
        bad += not ok
    if bad:
        sys.exit("error: %d colours missing from %s" % (bad, path))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "geometry":
        geometry(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "beside":
        beside(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "edges":
        edges(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 5 and sys.argv[1] == "pixels":
        pixels(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
    else:
        sys.exit(__doc__)
