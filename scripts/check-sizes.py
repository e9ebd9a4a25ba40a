#!/usr/bin/env python3
"""Lists C++ source files over --max-file lines and functions over
--max-function lines (from the line of the signature to the closing brace)
under the given paths; exits 1 if there are any.

  check-sizes.py [--max-file 600] [--max-function 100] PATH...

Functions are found by brace matching on the text with comments, string and
character literals blanked out: a brace at namespace or class level after a
statement that has a parenthesis opens a function; lambdas and blocks inside
count toward the function they are in."""

import argparse
import os
import re
import sys


def blank_literals(text):
    """`text` with comments and literals emptied, newlines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('R"(', i):
            j = text.find(')"', i + 3)
            j = n if j < 0 else j + 2
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif text[i] in "\"'":
            quote, j = text[i], i + 1
            while j < n and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            out.append(quote * 2)
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def functions(text):
    """(first line, length in lines, signature) of each function defined."""
    stack, statement, statement_line, line, found = [], "", 1, 1, []
    for ch in blank_literals(text):
        if ch == "\n":
            line += 1
        if ch == "{":
            head = statement.strip()
            parent = stack[-1][0] if stack else "namespace"
            kind = "block"
            if re.match(r"(inline\s+)?namespace\b|extern\s+\"\"", head):
                kind = "namespace"
            elif parent in ("namespace", "class"):
                if (re.search(r"\b(class|struct|union|enum)\b[^()]*$", head)
                        and "(" not in head.split("=")[0]):
                    kind = "class"
                elif "(" in head:
                    kind = "function"
            stack.append((kind, statement_line if head else line,
                          " ".join(head.split())[:70]))
            statement = ""
            continue
        if ch == "}":
            if stack:
                kind, first, head = stack.pop()
                if kind == "function":
                    found.append((first, line - first + 1, head))
            statement = ""
            continue
        if ch == ";":
            statement = ""
            continue
        if not statement.strip() and not ch.isspace():
            statement_line = line
        statement += ch
    return found


def sources(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for directory, _, files in sorted(os.walk(path)):
            for name in sorted(files):
                if name.endswith((".cpp", ".h")):
                    yield os.path.join(directory, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-file", type=int, default=600)
    parser.add_argument("--max-function", type=int, default=100)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    over, checked = 0, 0
    for path in sources(args.paths):
        checked += 1
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        lines = text.count("\n")
        if lines > args.max_file:
            print("%s: %d lines (at most %d)" % (path, lines, args.max_file))
            over += 1
        for first, length, head in functions(text):
            if length > args.max_function:
                print("%s:%d: function of %d lines (at most %d): %s"
                      % (path, first, length, args.max_function, head))
                over += 1
    print("%d files checked, %d over" % (checked, over))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
