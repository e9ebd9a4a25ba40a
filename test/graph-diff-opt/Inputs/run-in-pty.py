#!/usr/bin/env python3
"""run-in-pty.py CMD ARG...: runs CMD on a pseudo-terminal (so that git
starts its pager and decides colours as it does for a user) and copies what
it prints to standard output, with the terminal's \\r\\n made \\n. Exits as
CMD exits."""

import os
import pty
import sys

pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
chunks = []
while True:
    try:
        data = os.read(fd, 65536)
    except OSError:  # EIO: the child closed the terminal
        break
    if not data:
        break
    chunks.append(data)
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(b"".join(chunks).replace(b"\r\n", b"\n"))
sys.exit(os.waitstatus_to_exitcode(status))
