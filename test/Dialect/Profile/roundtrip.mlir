// RUN: graph-diff-opt %s | graph-diff-opt | FileCheck %s
// RUN: graph-diff-opt %s -mlir-print-op-generic | graph-diff-opt | FileCheck %s

// CHECK-LABEL: prof.profile @step1 metrics ["bytes", "params"] {
// CHECK-NEXT:    prof.scope "_TFProfRoot" self [?, ?] total [6220000000, 1200] unsized 2 {
// CHECK-NEXT:      prof.scope "optimize" self [0, 0] total [4640000000, 1200] unsized 2 {
// CHECK-NEXT:        prof.scope "optimize/gradients" self [12, ?] total [4210000000, 1000] unsized 2
// CHECK-NEXT:        prof.scope "optimize/Adam" total [430000000, 200]
// CHECK-NEXT:      }
// CHECK-NEXT:      prof.scope "model/a b" self [0, 0] total [0, 0]
// CHECK-NEXT:    }
// CHECK-NEXT:  }
prof.profile @step1 metrics ["bytes", "params"] {
  prof.scope "_TFProfRoot" self [?, ?] total [6220000000, 1200] unsized 2 {
    prof.scope "optimize" self [0, 0] total [4640000000, 1200] unsized 2 {
      prof.scope "optimize/gradients" self [12, ?] total [4210000000, 1000] unsized 2
      prof.scope "optimize/Adam" total [430000000, 200]
    }
    // Below the root, any name; empty bodies print without braces.
    prof.scope "model/a b" self [0, 0] total [0, 0] {
    }
  }
}

// A profile of one metric, beside other IR.
// CHECK-LABEL: prof.profile @single metrics ["micros"] {
// CHECK-NEXT:    prof.scope "root" total [0]
// CHECK-NEXT:  }
// CHECK:       func.func @f
prof.profile @single metrics ["micros"] {
  prof.scope "root" total [0]
}
func.func @f() {
  return
}
