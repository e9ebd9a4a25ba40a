// `-o FILE` is written atomically: the default format is byte-identical to
// printing the plans, a failed diff leaves an existing file untouched and
// creates no file (nor temporary) when there was none.
// RUN: rm -rf %t && split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir > %t/stdout.mlir
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=mlir -o %t/plan.mlir
// RUN: diff %t/stdout.mlir %t/plan.mlir
// RUN: FileCheck %s < %t/plan.mlir
// CHECK: patch.update @a changes ["kind"]

// RUN: echo keep > %t/old.txt
// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/bad.mlir --format=json -o %t/old.txt
// RUN: FileCheck %s --check-prefix=KEPT < %t/old.txt
// KEPT: keep
// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/bad.mlir --format=text -o %t/new.txt
// RUN: not test -e %t/new.txt
// RUN: ls %t | FileCheck %s --check-prefix=LEFT
// LEFT-NOT: temp

// An output directory that does not exist: exit 2, nothing written.
// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json -o %t/missing/out.json 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: graph-diff-opt: {{.*}}missing/out.json: {{.+}}

//--- src.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}

//--- tgt.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "B"(%x) : (i32) -> i32
  lg.output %a : i32
}

//--- bad.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "B"(%undefined) : (i32) -> i32
  lg.output %a : i32
}
