#!/usr/bin/env python3
"""Runs a command and fails unless it exits with the given code.

Usage: expect-exit.py CODE COMMAND [ARGS...]. The command's output passes
through, so that FileCheck can read it.
"""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write(f"expect-exit: '{sys.argv[2]}' exited {got}, expected {want}\n")
    sys.exit(1)
