# -*- Python -*-
# lit configuration for graph-diff. The build generates test/lit.site.cfg.py,
# which sets the paths below and loads this file.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "graph-diff"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.join(config.graph_diff_src_root, "test")
config.test_exec_root = os.path.join(config.graph_diff_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.site.cfg.py.in", "Inputs", "Unit", "Support", "Benchmarks", "expect-exit.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%corpus", config.graph_diff_corpus_dir))
config.substitutions.append(("%versions", config.graph_diff_versions_dir))
# The built libraries (the dialect/pass plugin) and the Python package.
config.substitutions.append(("%graph_diff_libs", os.path.join(config.graph_diff_obj_root, "lib")))
config.substitutions.append(("%graph_diff_python", os.path.join(config.graph_diff_obj_root, "python")))
config.substitutions.append(("%graph_diff_obj_root", config.graph_diff_obj_root))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# Every graph-diff-* tool the build made gets a substitution of its own.
graph_diff_tools = sorted(
    t
    for t in os.listdir(config.graph_diff_tools_dir)
    if t.startswith("graph-diff-") and not t.endswith(".py")
)
llvm_config.add_tool_substitutions(graph_diff_tools, [config.graph_diff_tools_dir])
llvm_config.add_tool_substitutions(["mlir-opt"], [config.llvm_tools_dir])

# A build with GRAPH_DIFF_SANITIZE runs under the sanitizer options of
# test/Sanitizers (docs/Testing.md); one with the fuzz targets has the
# feature `fuzzers`.
import lit.util

if lit.util.pythonize_bool(config.graph_diff_sanitize):
    lit_config.load_config(
        config, os.path.join(config.graph_diff_src_root, "test", "Sanitizers", "lit.sanitizers.py")
    )
if lit.util.pythonize_bool(config.graph_diff_fuzzers):
    config.available_features.add("fuzzers")

# Tests over the shared model corpus say `REQUIRES: corpus`; without
# ../shared they report UNSUPPORTED instead of failing.
if os.path.isdir(config.graph_diff_corpus_dir):
    config.available_features.add("corpus")
# Likewise `REQUIRES: versions` for the real API, similarity and requirements
# data in ../shared/versions.
if os.path.isdir(config.graph_diff_versions_dir):
    config.available_features.add("versions")

# Renderer tests check the pictures with real tools when they are installed
# (scripts/setup.sh installs both): `dot -Tsvg` for the DOT output, a
# headless Chromium for the HTML page.
import shutil

if shutil.which("dot"):
    config.available_features.add("graphviz")
if os.path.exists("/usr/bin/chromium"):
    config.available_features.add("chromium")

# The Python bindings are built when pybind11 is installed (scripts/setup.sh
# installs it); pytest runs their tests.
import glob

if config.graph_diff_python_executable and glob.glob(
    os.path.join(config.graph_diff_obj_root, "python", "graph_diff", "_graph_diff*.so")
):
    config.available_features.add("python-bindings")
    config.substitutions.append(("%graph_diff_pyexe", config.graph_diff_python_executable))
if os.path.exists(os.path.join(config.graph_diff_obj_root, "lib", "GraphDiffPlugin.so")):
    config.available_features.add("plugin")
if shutil.which("cmake"):
    config.available_features.add("cmake")

# `%expect_exit N cmd...` fails unless cmd exits with code N.
config.substitutions.append(
    (
        "%expect_exit",
        "python3 " + os.path.join(config.graph_diff_src_root, "test", "expect-exit.py"),
    )
)

# GNU parallel runs the similarity shards in test/Similarity (scripts/setup.sh
# installs it).
if shutil.which("parallel"):
    config.available_features.add("gnu-parallel")

# graph-diff-api reads shared libraries that tests compile with gcc and g++
# (test/APIDiff/elf-*.test) and checks them against libabigail's abidiff
# (Debian abigail-tools, which scripts/setup.sh installs).
if shutil.which("gcc") and shutil.which("g++"):
    config.available_features.add("gcc")
if shutil.which("abidiff"):
    config.available_features.add("abidiff")

# The git integration (tools/graph-diff-git) is tested in a scratch repository
# when git is installed (scripts/setup.sh installs it).
if shutil.which("git"):
    config.available_features.add("git")

# graph-diff-opt reads the target on a second thread only when the process
# may run on two cores (include/GraphDiff/Support/SecondThread.h); `taskset`
# (util-linux) gives it one.
if len(os.sched_getaffinity(0)) > 1:
    config.available_features.add("multicore")
if shutil.which("taskset"):
    config.available_features.add("taskset")
