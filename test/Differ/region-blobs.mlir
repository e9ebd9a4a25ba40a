// A `dense_resource` blob inside a node's region is compared by its bytes,
// as one on the node itself is: the second input's blob, another handle (each
// input's blobs are its own, Graph/ResourceBlobs.h), is the same when its
// bytes are. (Was: the body
// compared attribute by attribute pointer, so the same file twice gave
// `changes ["regions"]` and --check-plan refused an empty plan.)
// RUN: rm -rf %t && split-file %s %t
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/a.mlir --verify | FileCheck %s --check-prefix=SAME
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/same.mlir --verify | FileCheck %s --check-prefix=SAME
// SAME:      patch.plan @f to @f {
// SAME-NEXT: }

// Other bytes in the body: the node's regions changed, and the plan applied
// to the source gives the target.
// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/other.mlir --verify | FileCheck %s --check-prefix=OTHER
// OTHER: patch.update %r changes ["regions"]

// The isomorphism check (--check-plan) agrees: an empty plan accounts for
// the same bytes and not for other ones.
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/same.mlir --check-plan=%t/empty.mlir
// RUN: %expect_exit 2 graph-diff-opt %t/a.mlir %t/other.mlir --check-plan=%t/empty.mlir 2>&1 | FileCheck %s --check-prefix=CHECKPLAN
// CHECKPLAN: other.mlir:2:8: error: the applied plan does not give the target: region #0 differs

// A body of several blocks is compared whole, by the same rule.
// RUN: %expect_exit 0 graph-diff-opt %t/branch.mlir %t/branch.mlir
// RUN: %expect_exit 2 graph-diff-opt %t/branch.mlir %t/branch-other.mlir 2>&1 | FileCheck %s --check-prefix=BRANCH
// BRANCH: error: function @f has a body of 2 blocks, which graph-diff does not diff

//--- a.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = scf.execute_region -> tensor<2xf32> {
    %w = arith.constant dense_resource<w> : tensor<2xf32>
    %s = arith.addf %x, %w : tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

//--- same.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = scf.execute_region -> tensor<2xf32> {
    %w = arith.constant dense_resource<w> : tensor<2xf32>
    %s = arith.addf %x, %w : tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

//--- other.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = scf.execute_region -> tensor<2xf32> {
    %w = arith.constant dense_resource<w> : tensor<2xf32>
    %s = arith.addf %x, %w : tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00004040"
    }
  }
#-}

//--- empty.mlir
patch.plan @f to @f {
}

//--- branch.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense_resource<w> : tensor<2xf32>
  cf.br ^bb1(%w : tensor<2xf32>)
^bb1(%v: tensor<2xf32>):
  %s = arith.addf %x, %v : tensor<2xf32>
  return %s : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

//--- branch-other.mlir
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense_resource<w> : tensor<2xf32>
  cf.br ^bb1(%w : tensor<2xf32>)
^bb1(%v: tensor<2xf32>):
  %s = arith.addf %x, %v : tensor<2xf32>
  return %s : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00004040"
    }
  }
#-}
