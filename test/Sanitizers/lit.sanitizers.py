# -*- Python -*-
# Loaded by lit.cfg.py and test/Unit/lit.cfg.py when the build is sanitized
# (GRAPH_DIFF_SANITIZE): the tests run under the options of options.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import options  # noqa: E402

config.environment.update(options.environment())
config.available_features.add("sanitizers")
