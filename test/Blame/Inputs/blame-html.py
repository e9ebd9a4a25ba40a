"""Reads the page `graph-diff-opt --blame-format=html` writes.

Usage:
  blame-html.py check FILE    the page's elements close in order, its ids are
                              unique, and every element a click selects
                              (`data-op="X"`) has its history (`h-X`);
                              prints "ok: N histories"
  blame-html.py history FILE ID
                              the text of ID's history, unescaped, as the
                              page shows it
"""
import html.parser
import sys

VOID = {"meta", "br", "input", "img", "hr", "link"}


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.ids, self.ops, self.histories = [], [], set(), {}
        self.history = None
        self.errors = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if "data-op" in attrs:
            self.ops.add(attrs["data-op"])
        if tag == "pre" and attrs.get("id", "").startswith("h-"):
            self.history = attrs["id"][2:]
            self.histories[self.history] = ""
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
            return
        self.stack.pop()
        if tag == "pre":
            self.history = None

    def handle_data(self, data):
        if self.history is not None:
            self.histories[self.history] += data


def read(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    page.close()
    return page


def main(argv):
    if len(argv) == 3 and argv[1] == "check":
        page = read(argv[2])
        errors = list(page.errors)
        if page.stack:
            errors.append("unclosed: " + " ".join(page.stack))
        duplicates = sorted({i for i in page.ids if page.ids.count(i) > 1})
        if duplicates:
            errors.append("ids used twice: " + " ".join(duplicates))
        missing = sorted(page.ops - set(page.histories))
        if missing:
            errors.append("no history for: " + " ".join(missing))
        for error in errors:
            print(error)
        if errors:
            return 1
        print(f"ok: {len(page.histories)} histories")
        return 0
    if len(argv) == 4 and argv[1] == "history":
        histories = read(argv[2]).histories
        if argv[3] not in histories:
            print(f"no history {argv[3]}", file=sys.stderr)
            return 1
        sys.stdout.write(histories[argv[3]])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
