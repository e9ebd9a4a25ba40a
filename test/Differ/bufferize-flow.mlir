// The same model after --one-shot-bufferize: every op becomes its buffer
// form (tensor.empty -> memref.alloc, a tensor constant -> memref.get_global,
// the same linalg op on buffers without a result, tensor.insert_slice -> a
// memref.copy into a subview), and data flows through buffers instead of SSA
// edges. The buffer-flow stage follows it: each op is paired with its buffer
// form (an update, or a one-node replace where the result went away), only
// the conversions and views are new, the output is the to_tensor of the
// concatenation's buffer, and the plan verifies. (Was: everything "fused"
// into bufferization.to_tensor.)
// RUN: mlir-opt %s --one-shot-bufferize -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      graph @model
// CHECK-DAG:  updated arith.constant -> memref.get_global (kind; types): source %w
// CHECK-DAG:  updated tensor.empty -> memref.alloc (kind; types): source %e0
// CHECK-DAG:  updated tensor.empty -> memref.alloc (kind; types): source %e1
// CHECK-DAG:  updated tensor.empty -> memref.alloc (kind; types): source %e2
// CHECK-DAG:  replaced linalg.fill with linalg.fill: source %acc -> target %linalg.fill.0
// CHECK-DAG:  replaced linalg.matmul({{.*}}): source %mm -> target %linalg.matmul.1
// CHECK-DAG:  replaced linalg.generic(arith.maximumf) with linalg.generic(arith.maximumf): source %relu -> target %linalg.generic.2
// CHECK-DAG:  replaced tensor.insert_slice with memref.copy: source %top -> target %memref.copy.3
// CHECK-DAG:  replaced tensor.insert_slice with memref.copy: source %cat -> target %memref.copy.4
// CHECK-DAG:  added output #0: target %3
// CHECK-NOT:  deleted
// CHECK:      summary: 1 unchanged, 4 updated, 5 replaced, 0 deleted, 5 inserted

// With the function's boundaries bufferized too, the function returns the
// buffer itself: the output is what was last written there, the concatenation
// (was: the buffer's memref.alloc, so nothing paired from the output and the
// report was one big fusion). The input, now a memref, is removed and added.
// RUN: mlir-opt %s --one-shot-bufferize=bufferize-function-boundaries -o %t.boundaries.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.boundaries.mlir --format=text --no-fold --width=0 | FileCheck %s --check-prefix=BOUNDARY
// RUN: %expect_exit 1 graph-diff-opt %s %t.boundaries.mlir --verify -o /dev/null
// BOUNDARY:      graph @model
// BOUNDARY-DAG:  added input memref<2x4xf32, strided<[?, ?], offset: ?>> at #0
// BOUNDARY-DAG:  updated tensor.empty -> memref.alloc (kind; types): source %e2
// BOUNDARY-DAG:  replaced linalg.matmul({{.*}}): source %mm -> target %linalg.matmul.1
// BOUNDARY-DAG:  replaced tensor.insert_slice with memref.copy: source %cat -> target %memref.copy.4
// BOUNDARY-NOT:  fused
// BOUNDARY:      summary: 1 unchanged, 4 updated, 5 replaced, 0 deleted, 3 inserted

// Lowered to loops, each linalg op becomes the loop nest that writes its
// buffer: it is paired with that nest (a loop and an op that is none,
// writing buffers of the same types), and the pairs grow through the
// buffers the nest captures, each with the buffer of its type on the other
// side (was: every op deleted and every nest inserted).
// RUN: mlir-opt %t.boundaries.mlir --convert-linalg-to-loops -o %t.loops.mlir
// RUN: %expect_exit 1 graph-diff-opt %t.boundaries.mlir %t.loops.mlir --format=text --no-fold --width=0 | FileCheck %s --check-prefix=LOOPS
// RUN: %expect_exit 1 graph-diff-opt %t.boundaries.mlir %t.loops.mlir --verify -o /dev/null
// LOOPS-DAG: updated linalg.fill -> scf.for(scf.for) (kind; inputs): source %linalg.fill.0
// LOOPS-DAG: updated linalg.matmul(arith.mulf,arith.addf) -> scf.for(scf.for) (kind; inputs): source %linalg.matmul.1
// LOOPS-DAG: updated linalg.generic(arith.maximumf) -> scf.for(scf.for) (kind; inputs): source %linalg.generic.2
// LOOPS-NOT: inserted scf.for
// LOOPS:     summary: 9 unchanged, 3 updated, 0 replaced, 1 deleted, 4 inserted
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @model(%x: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5]]> : tensor<4x4xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
  %e1 = tensor.empty() : tensor<2x4xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<2x4xf32>) outs(%e1 : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %top = tensor.insert_slice %relu into %e2[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  %cat = tensor.insert_slice %x into %top[2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  return %cat : tensor<4x4xf32>
}
