#!/usr/bin/env python3
"""Checks that the graph-diff tools spell their options alike.

usage: check-options.py --bin BUILD/bin [TOOL...]
       check-options.py --help-text TOOL FILE   (check one saved --help)

For each tool it reads `TOOL --help` and `TOOL --version` and checks:
- --help lists the tool's own options first: the first group after
  OPTIONS: is the tool's ("<tool> options:", graph-diff-opt's "graph-diff
  options:"), and none of libLLVM's code-generation options (--x86-...)
  is listed;
- --version names the tool, the project's version and its commit;
- the tool's own options (not mlir-opt's, which graph-diff-opt and
  graph-diff-api keep for one input) follow RULES: one spelling per meaning across the tools
  (`--label`, not `--names`; `--color`, not `--api-color`; ...), and an
  option every tool spells alike takes the same kind of value (`-o <...>`,
  `--format=<...>`, `--color` with auto/always/never);
- no tool shows `--<prefix>-<name>` for an option another tool calls
  `--<name>` (a tool's private spelling of a shared option), unless
  EXCEPTIONS says why.
It prints each tool's options (name, whether it takes a value), then one
line per broken rule, and exits 1 if any.
"""

import argparse
import os
import re
import subprocess
import sys

TOOLS = [
    "graph-diff-opt",
    "graph-diff-api",
    "graph-diff-sim",
    "graph-diff-profile",
    "graph-diff-translate",
    "graph-diff-match-stats",
    "graph-diff-git",
]

# The meaning, the one spelling, and the spellings that must not be shown
# (an old one may stay as a hidden alias).
RULES = [
    ("output file", "-o", ["--output", "--out", "--output-file", "-output"]),
    ("report format", "--format", ["--output-format", "--fmt", "--report-format"]),
    ("colours", "--color", ["--colour", "--colors", "--api-color", "--use-color"]),
    ("names of the inputs", "--label", ["--names", "--name", "--labels", "--input-names"]),
    ("worker threads", "--jobs", ["--threads", "--num-threads"]),
]

# Options of the same name take the same kind of value in every tool.
VALUE_KIND = {
    "-o": "value",
    "--format": "value",
    "--color": "auto|always|never",
    "--label": "value",
}

# Shown options that look like a private spelling of a shared one, and why
# they are right.
EXCEPTIONS = {
    ("graph-diff-api", "--api-version"): "typed --version=KEY: LLVM owns a bare --version",
    # One input run through passes: how --graph-diff-blame prints (text|json|html),
    # where --format (the diff's report) is refused.
    ("graph-diff-opt", "--blame-format"): "blame's own report, with one input",
    ("graph-diff-git", "--blame-format"): "graph-diff-opt's, passed through",
}

# Libraries' options that --help must leave to --help-hidden.
LIBRARY_OPTION = re.compile(r"^--(x86|aarch64|amdgpu|arm|hexagon|riscv|nvptx|ppc|mips|wasm|bpf)-")
OPTION_LINE = re.compile(r"^  (-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*)((?:=| )<[^>]*>|\[=<[^>]*>\])?\s")
VALUE_LINE = re.compile(r"^\s+=([A-Za-z0-9_-]+)\s")
GROUP_LINE = re.compile(r"^([A-Za-z].*):$")


def parse_help(text):
    """(groups in order, {option: (takes a value, [enum values], {groups})})."""
    groups, options = [], {}
    group = None
    last = None
    for line in text.split("\n"):
        match = GROUP_LINE.match(line)
        if match and not line.startswith(" "):
            group = match.group(1)
            if group not in ("OVERVIEW", "USAGE", "OPTIONS"):
                groups.append(group)
            continue
        match = OPTION_LINE.match(line)
        if match:
            name, value = match.group(1), match.group(2)
            entry = options.setdefault(name, [False, [], set()])
            entry[0] = entry[0] or bool(value)
            entry[2].add(group)
            last = name
            continue
        match = VALUE_LINE.match(line)
        if match and last:
            options[last][1].append(match.group(1))
            options[last][0] = True
    return groups, {k: tuple(v) for k, v in options.items()}


def own_group(tool):
    return "graph-diff options" if tool in ("graph-diff-opt", "graph-diff-git") else f"{tool} options"


def check_help(tool, text, problems):
    """The options of the tool's own group in its --help."""
    groups, options = parse_help(text)
    if not groups or groups[0] != own_group(tool):
        problems.append(f"{tool}: --help lists {groups[:1] or 'nothing'} first, not '{own_group(tool)}:'")
    for name in options:
        if LIBRARY_OPTION.match(name):
            problems.append(f"{tool}: --help lists libLLVM's {name} (leave it to --help-hidden)")
            break
    # mlir-opt's options (graph-diff-opt INPUT is mlir-opt) are upstream's.
    return {name: v for name, v in options.items() if own_group(tool) in v[2]}


def check_version(tool, text, problems):
    lines = text.split("\n")
    if not re.match(rf"^{re.escape(tool)} \(graph-diff\) \d+\.\d+\.\d+$", lines[0]):
        problems.append(f"{tool}: --version says '{lines[0]}', not '{tool} (graph-diff) X.Y.Z'")
    if not any(re.match(r"^\s+commit \S+$", line) for line in lines[1:]):
        problems.append(f"{tool}: --version names no commit")


def check_rules(all_options, problems):
    for tool, options in all_options.items():
        for meaning, spelling, wrong in RULES:
            for name in wrong:
                if name in options:
                    problems.append(f"{tool}: {name} shown for the {meaning}; the tools spell it {spelling}")
        for name, kind in VALUE_KIND.items():
            if name not in options:
                continue
            takes, values, _ = options[name]
            if kind == "value" and not takes:
                problems.append(f"{tool}: {name} takes no value; the other tools' {name} does")
            if "|" in kind and sorted(values) != sorted(kind.split("|")):
                problems.append(f"{tool}: {name} takes {'|'.join(values) or 'no value'}, not {kind}")
    # --<prefix>-<name> in one tool, --<name> in another.
    everywhere = {name for options in all_options.values() for name in options}
    everywhere |= {"--version", "--help", "--help-list"} | {spelling for _, spelling, _ in RULES}
    for tool, options in all_options.items():
        for name in options:
            match = re.match(r"^--([a-z0-9]+)-(.+)$", name)
            if not match:
                continue
            base = "--" + match.group(2)
            if base in everywhere and base != name and (tool, name) not in EXCEPTIONS:
                problems.append(f"{tool}: {name} looks like a private spelling of {base}")


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode, result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin")
    parser.add_argument("--help-text", nargs=2, metavar=("TOOL", "FILE"))
    parser.add_argument("tools", nargs="*")
    args = parser.parse_args()
    problems, all_options = [], {}
    if args.help_text:
        tool, path = args.help_text
        tool = os.path.basename(tool)  # lit gives the tool's path
        with open(path, encoding="utf-8") as f:
            all_options[tool] = check_help(tool, f.read(), problems)
    else:
        for tool in args.tools or TOOLS:
            path = os.path.join(args.bin, tool)
            status, text = run([path, "--help"])
            if status != 0:
                problems.append(f"{tool}: --help exits {status}")
            all_options[tool] = check_help(tool, text, problems)
            status, text = run([path, "--version"])
            if status != 0:
                problems.append(f"{tool}: --version exits {status}")
            check_version(tool, text, problems)
    check_rules(all_options, problems)
    for tool, options in all_options.items():
        shown = " ".join(f"{name}{'=' if takes else ''}" for name, (takes, _, _) in sorted(options.items()))
        print(f"{tool}: {shown}")
    for problem in problems:
        print(f"error: {problem}")
    print(f"{len(all_options)} tools checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
