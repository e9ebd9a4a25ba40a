#!/usr/bin/env python3
"""The sanitizer runtime options of the ASan+UBSan build (docs/Testing.md).

One list, used by lit (lit.sanitizers.py, when the build is sanitized) and by
scripts/sanitize.sh and scripts/fuzz.sh (`python3 options.py` prints shell
`export` lines). Every entry says why it is there.
"""
import os
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (runtime, option, value, reason)
OPTIONS = [
    # A report must never look like a result: ASan and UBSan otherwise exit
    # with 1, which graph-diff-opt uses for "the graphs differ" and which
    # `not` accepts. Aborting (SIGABRT) fails every RUN line and is what
    # libFuzzer expects of a crash.
    ("ASAN", "abort_on_error", "1", "a report is a crash, not exit code 1"),
    ("UBSAN", "abort_on_error", "1", "a report is a crash, not exit code 1"),
    ("UBSAN", "halt_on_error", "1", "stop at the first report (the build also has -fno-sanitize-recover=all)"),
    ("UBSAN", "print_stacktrace", "1", "say where"),
    # libMLIR.so and libLLVM.so come from Debian, built by GCC without
    # instrumentation. ASan still replaces malloc/new for the whole process,
    # so their heap is checked for overflows into redzones, double frees and
    # mismatched new/delete; what it cannot see is their stack and globals.
    # ASan's default checks stay on (detect_leaks, alloc_dealloc_mismatch,
    # new_delete_type_mismatch, detect_odr_violation); see docs/Testing.md
    # for why none of them needs turning off for this mix.
    # LLVM's BumpPtrAllocator (llvm/Support/Allocator.h), compiled with ASan,
    # poisons each new slab and unpoisons each object it hands out. MLIR
    # shares such allocators between our code and libMLIR.so (the attribute
    # and type uniquer, the parser): a slab our instrumented copy poisoned
    # gets objects from libMLIR's uninstrumented copy, which never unpoisons
    # them, and reading those from our code is a false use-after-poison.
    # This turns off only manual poisoning (__asan_poison_memory_region);
    # redzones, use-after-free, leaks and the rest stay on.
    ("ASAN", "allow_user_poisoning", "0", "BumpPtrAllocator slabs shared with uninstrumented libMLIR.so"),
    ("ASAN", "detect_stack_use_after_return", "1", "our frames are instrumented: catch dangling references to locals"),
    ("ASAN", "check_initialization_order", "1", "static initializers of our libraries and the registrations of libMLIR"),
    ("ASAN", "strict_init_order", "1", "likewise, strictly"),
]

SUPPRESSIONS = {
    # runtime: file of `kind:pattern` lines, each with its reason above it
}


def environment():
    """The environment variables, as a dict."""
    env = {}
    for runtime, option, value, _ in OPTIONS:
        key = runtime + "_OPTIONS"
        env[key] = (env[key] + ":" if key in env else "") + f"{option}={value}"
    for runtime, name in SUPPRESSIONS.items():
        key = runtime + "_OPTIONS"
        env[key] = env.get(key, "") + f":suppressions={os.path.join(HERE, name)}"
    return env


if __name__ == "__main__":
    for key, value in sorted(environment().items()):
        print(f"export {key}={shlex.quote(value)}")
