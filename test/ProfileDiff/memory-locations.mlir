// The memory profile of a model: each op's result bytes under the scope its
// location names (NameLoc; CallSiteLoc as caller/callee; the last name in a
// FusedLoc), else under <function>/<op name>; constants also count as
// param_bytes; a dynamic shape is counted as unsized, not sized.
// Expected values by hand: weight 3x3xf32 = 36B (a constant), the two
// encoder/linear results 2x3xf32 = 24B each, mask 5xi1 = 5B (a constant, i1
// stored in a byte), decoder/relu and decoder/scale 24B each, an index
// constant 8B; encoder/relu has tensor<?x3xf32>: unsized.
// RUN: graph-diff-profile --memory %s --format=mlir | FileCheck %s
// RUN: graph-diff-profile --memory %s --format=scope | FileCheck %s --check-prefix=SCOPE
// RUN: graph-diff-profile --memory %s --format=scope --metric=param_bytes | FileCheck %s --check-prefix=PARAMS

// CHECK:      prof.profile @left metrics ["bytes", "param_bytes"] {
// CHECK-NEXT:   prof.scope "_TFProfRoot" self [?, ?] total [145, 49] unsized 1 {
// CHECK-NEXT:     prof.scope "decoder" self [0, 0] total [48, 0] {
// CHECK-NEXT:       prof.scope "decoder/relu" self [24, 0] total [24, 0]
// CHECK-NEXT:       prof.scope "decoder/scale" self [24, 0] total [24, 0]
// CHECK-NEXT:     }
// CHECK-NEXT:     prof.scope "encoder" self [0, 0] total [89, 41] unsized 1 {
// CHECK-NEXT:       prof.scope "encoder/linear" self [48, 0] total [84, 36] {
// CHECK-NEXT:         prof.scope "encoder/linear/weight" self [36, 36] total [36, 36]
// CHECK-NEXT:       }
// CHECK-NEXT:       prof.scope "encoder/mask" self [5, 5] total [5, 5]
// CHECK-NEXT:       prof.scope "encoder/relu" self [0, 0] total [0, 0] unsized 1
// CHECK-NEXT:     }
// CHECK-NEXT:     prof.scope "net" self [0, 0] total [8, 8] {
// CHECK-NEXT:       prof.scope "net/arith.constant" self [8, 8] total [8, 8]
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }

// SCOPE:      Profile:
// SCOPE-NEXT: node name | requested bytes
// SCOPE-NEXT: _TFProfRoot (--/145B)
// SCOPE-NEXT:   decoder (0B/48B)
// SCOPE-NEXT:     decoder/relu (24B/24B)
// SCOPE-NEXT:     decoder/scale (24B/24B)
// SCOPE-NEXT:   encoder (0B/89B)
// SCOPE-NEXT:     encoder/linear (48B/84B)
// SCOPE-NEXT:       encoder/linear/weight (36B/36B)
// SCOPE-NEXT:     encoder/mask (5B/5B)
// SCOPE-NEXT:     encoder/relu (0B/0B)
// SCOPE-NEXT:   net (0B/8B)
// SCOPE-NEXT:     net/arith.constant (8B/8B)
// SCOPE-NOT:  {{.}}

// PARAMS:      node name | parameter bytes
// PARAMS-NEXT: _TFProfRoot (--/49B)
// PARAMS-NEXT:   decoder (0B/0B)

func.func @net(%x: tensor<2x3xf32>, %n: index) -> tensor<2x3xf32> {
  %w = arith.constant dense<1.0> : tensor<3x3xf32> loc("encoder/linear/weight")
  %e = tensor.empty() : tensor<2x3xf32> loc("encoder/linear")
  %m = linalg.matmul ins(%x, %w : tensor<2x3xf32>, tensor<3x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32> loc("encoder/linear")
  %d = tensor.empty(%n) : tensor<?x3xf32> loc(callsite("relu" at "encoder"))
  %r = arith.addf %m, %m : tensor<2x3xf32> loc(fused["a.py":1:1, "decoder/relu", "x.py":2:2])
  %s = arith.mulf %r, %r : tensor<2x3xf32> loc(fused["decoder/relu", "decoder/scale"])
  %c = arith.constant 1 : index
  %b = arith.constant dense<true> : tensor<5xi1> loc("encoder/mask")
  return %s : tensor<2x3xf32>
}
