"""Reads MLIR as mlir-opt prints it, for scripts/eval-ground-truth.py.

The files are printed by mlir-opt with --mlir-print-debuginfo and
--mlir-print-local-scope: one op per line (ops with regions span several,
their nested lines indented deeper), every location inline as `loc(...)` at
the end of the op, no attribute or type aliases. Nodes are named as
graph-diff names them: the first result's SSA name, or `<op name>.<k>` for
the k-th op without results. Python 3 standard library only.
"""
import re

LEAF = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')
USE = re.compile(r'%([A-Za-z0-9_$.\-]+)(#\d+)?')
FUNC = re.compile(r'^(\s*)func\.func\s+(?:(?:private|public|nested)\s+)?@([A-Za-z0-9_$.\-]+)\(')
RESULTS = re.compile(r'^((?:%[A-Za-z0-9_$.\-]+(?::\d+)?\s*,\s*)*%[A-Za-z0-9_$.\-]+(?::\d+)?)\s*=\s*')
OP_NAME = re.compile(r'^"?([A-Za-z_][A-Za-z0-9_$.]*)"?')


def location_leaves(loc):
    """The file:line:col leaves of a location, fused and call-site ones too."""
    return [(f, int(l), int(c)) for f, l, c in LEAF.findall(loc or "")]


def balanced_end(text, start):
    """Index after the parenthesis closing the one at text[start]."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def trailing_location(line):
    line = line.rstrip()
    at = line.rfind("loc(")
    while at >= 0:
        if balanced_end(line, at + 3) == len(line):
            return line[at + 4:-1]
        at = line.rfind("loc(", 0, at)
    return None


def without_locations(text):
    out = []
    i = 0
    while True:
        at = text.find(" loc(", i)
        if at < 0:
            out.append(text[i:])
            return "".join(out)
        end = balanced_end(text, at + 4)
        if end < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:at])
        i = end


class Op:
    def __init__(self, lines, resultless_index):
        self.loc = trailing_location(lines[-1])
        self.nested_leaves = location_leaves("\n".join(lines))
        first = lines[0].strip()
        match = RESULTS.match(first)
        self.results = []  # (name, number of results it names)
        if match:
            for part in match.group(1).split(","):
                name, _, count = part.strip()[1:].partition(":")
                self.results.append((name, int(count) if count else 1))
            first = first[match.end():]
        self.opname = OP_NAME.match(first).group(1)
        self.text = without_locations("\n".join([first] + [l.strip() for l in lines[1:]]))
        if self.results:
            self.ref = "%" + self.results[0][0]
        else:
            self.ref = "%%%s.%d" % (self.opname, resultless_index)


class Function:
    def __init__(self, name, header):
        self.name = name
        self.ops = []
        self.args = set(m.group(1) for m in USE.finditer(header))
        self.defs = {}  # value name -> (op index, number of its first result)

    def add(self, lines, resultless):
        op = Op(lines, resultless)
        index = len(self.ops)
        number = 0
        for name, count in op.results:
            self.defs[name] = (index, number)
            number += count
        self.ops.append(op)
        return not op.results

    def index_by_ref(self):
        return {op.ref: i for i, op in enumerate(self.ops)}


def normalized_text(op, fn, producer_id):
    """The op's text without its result names: uses of values defined by
    other top-level ops are named producer_id(index)#result, function
    arguments keep their names, values of the op's own regions are numbered
    in order of appearance."""
    local = {}

    def name(match):
        value, number = match.group(1), match.group(2)
        if value in fn.defs:
            index, first = fn.defs[value]
            return "%%%s#%d" % (producer_id(index), first + int((number or "#0")[1:]))
        if value in fn.args:
            return match.group(0)
        local.setdefault(value, len(local))
        return "%%L%d%s" % (local[value], number or "")

    return USE.sub(name, op.text)


def read_module(path):
    """The functions with a body in `path`: name -> Function (terminator
    left out, as graph-diff's nodes)."""
    with open(path) as f:
        lines = f.read().split("\n")
    functions = {}
    i = 0
    while i < len(lines):
        match = FUNC.match(lines[i])
        if not match or not lines[i].rstrip().endswith("{"):
            i += 1
            continue
        indent = len(match.group(1))
        fn = Function(match.group(2), lines[i])
        i += 1
        op_lines = []
        resultless = 0
        while i < len(lines):
            line = lines[i]
            depth = len(line) - len(line.lstrip())
            stripped = line.strip()
            if depth <= indent and stripped.startswith("}"):
                break
            if depth == indent + 2 and not stripped.startswith("}") and not stripped.startswith("^"):
                if op_lines:
                    resultless += fn.add(op_lines, resultless)
                op_lines = [line]
            elif stripped and not (depth <= indent and stripped.startswith("^")):
                op_lines.append(line)
            i += 1
        # The last op is the terminator.
        functions[fn.name] = fn
        i += 1
    return functions


def count_functions(path):
    with open(path) as f:
        return sum(1 for line in f if FUNC.match(line) and line.rstrip().endswith("{"))
