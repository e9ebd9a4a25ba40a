# -*- Python -*-
# The GoogleTest unit tests, as a lit suite of their own: the build generates
# build/test/Unit/lit.site.cfg.py, which loads this file.

import os

import lit.formats

config.name = "graph-diff-unit"
config.suffixes = []
config.test_source_root = os.path.join(config.graph_diff_obj_root, "test", "Unit")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")

# A sanitized build runs under the options of test/Sanitizers.
import lit.util

if lit.util.pythonize_bool(config.graph_diff_sanitize):
    lit_config.load_config(
        config, os.path.join(config.graph_diff_src_root, "test", "Sanitizers", "lit.sanitizers.py")
    )
