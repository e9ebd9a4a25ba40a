"""Checks graph-diff-opt's progress on a terminal without --progress.

Usage: quiet-progress.py FILE, FILE being what the terminal showed. The
phases are printed only once the run has taken a second (GraphDiffOptMain's
Progress): the terminal shows no phase, or every phase, the last one `done`
at 1.00 s or later. Which of the two depends on how long the run took, not
on this test.
"""
import re
import sys

lines = re.findall(r"graph-diff-opt: \[ *([0-9.]+)s\] (.*)", open(sys.argv[1]).read())
if not lines:
    sys.exit(0)
phases = [phase.strip() for _, phase in lines]
if phases[0].startswith("parsing") and phases[-1] == "done" and float(lines[-1][0]) >= 1.0:
    sys.exit(0)
sys.stderr.write("quiet-progress.py: phases shown before the run took a second: %r\n" % lines)
sys.exit(1)
