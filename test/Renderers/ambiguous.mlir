// A tie the matchers would not break (CSE merged two identical constants):
// both source constants are deleted as ambiguous. The text says why; the
// JSON mapping marks them `ambiguous` and the delete carries the reason.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --no-fold --width=0 | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json | FileCheck %s --check-prefix=JSON
// TEXT: deleted arith.constant (ambiguous: it ties with another node for the same counterpart, so neither is matched): source %c1
// TEXT: deleted arith.constant (ambiguous: {{.*}}): source %c2
// JSON:      "kind": "delete",
// JSON-NEXT: "node": {
// JSON-NEXT:   "name": "%c1",
// JSON:      "absorbed_by": null,
// JSON-NEXT: "reason": "ambiguous: {{.+}}",
// JSON:      "mapping": [
// JSON:        "source": "%c1",
// JSON-NEXT:   "target": null,
// JSON-NEXT:   "status": "deleted",
// JSON-NEXT:   "stage": null,
// JSON-NEXT:   "ambiguous": true

//--- src.mlir
func.func @tie(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %c2 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c1 : tensor<4xf32>
  %d = arith.divf %a, %c2 : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}

//--- tgt.mlir
func.func @tie(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c : tensor<4xf32>
  %d = arith.divf %a, %c : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}
