// A pass that runs passes itself (the inliner simplifies the functions it
// inlines into with canonicalize) is one pass: what its inner passes change
// is its doing. A graph the pass removes says so, and its ops are erased by
// it. (Blame follows ops within a graph: the ops inlined into @main do not
// name @helper's ops as their origins.)
// RUN: graph-diff-opt %s -o /dev/null --graph-diff-blame --inline 2>&1 | FileCheck %s
// CHECK:      through 1 pass
// CHECK:      graph @main
// CHECK:      graph @helper (removed by #1 inline)
// CHECK-NEXT:   erased:
// CHECK-NEXT:     %0@[[#]] tensor.empty by #1 inline
// CHECK-NEXT:     %1@[[#]] linalg.exp by #1 inline
// CHECK-EMPTY:
// CHECK-NEXT: passes:
// CHECK-NEXT:   #1 inline  1 created, 1 changed, 2 erased
// CHECK-NOT:  canonicalize

func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @helper(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @helper(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
