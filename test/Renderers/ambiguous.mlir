// Ties. CSE merged two identical constants (`tie`): either source constant
// can stay, and either choice gives the same plan, so this is no ambiguity:
// the first in file order is kept, the second deleted and its reader moved.
// Two negations of different inputs, one target negation of a new constant
// (`real`): keeping either one tells another story, so neither is matched and
// both are marked ambiguous, in the text, the JSON mapping and the delete's
// reason; so is the target negation they tie for, which is inserted, with
// that reason.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --no-fold --width=0 | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json | FileCheck %s --check-prefix=JSON
// TEXT-LABEL: graph @tie
// TEXT-NOT: (ambiguous
// TEXT: updated arith.divf (inputs): source %d
// TEXT-NEXT: operand #1: source %c2 -> source %c1
// TEXT-NEXT: deleted arith.constant: source %c2
// TEXT-NOT: (ambiguous
// TEXT-LABEL: graph @real
// TEXT-DAG: deleted arith.negf (ambiguous: equally good matches tie, and the differ does not guess between them): source %x
// TEXT-DAG: deleted arith.negf (ambiguous: {{.*}}): source %y
// TEXT-DAG: inserted arith.negf (ambiguous: {{.*}}): target %x
// TEXT-DAG: inserted arith.constant: target %c
// JSON:      "source": "tie",
// JSON-NOT:  "ambiguous": true
// JSON:        "source": "%c1",
// JSON-NEXT:   "target": "%c",
// JSON-NEXT:   "status": "unchanged",
// JSON-NOT:  "ambiguous": true
// JSON:        "source": "%c2",
// JSON-NEXT:   "target": null,
// JSON-NEXT:   "status": "deleted",
// JSON-NOT:  "ambiguous": true

// JSON:      "source": "real",
// JSON:      "kind": "insert",
// JSON-NEXT: "new_node": {
// JSON-NEXT:   "name": "%c",
// JSON:      "reason": null,
// JSON:      "kind": "insert",
// JSON-NEXT: "new_node": {
// JSON-NEXT:   "name": "%x",
// JSON:      "reason": "ambiguous: {{.+}}",
// JSON:      "kind": "delete",
// JSON-NEXT: "node": {
// JSON-NEXT:   "name": "%x",
// JSON:      "absorbed_by": null,
// JSON-NEXT: "reason": "ambiguous: {{.+}}",
// JSON:      "mapping": [
// JSON:        "source": "%x",
// JSON-NEXT:   "target": null,
// JSON-NEXT:   "status": "deleted",
// JSON-NEXT:   "stage": null,
// JSON-NEXT:   "ambiguous": true
// JSON:        "source": "%y",
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
func.func @real(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = arith.negf %a : tensor<4xf32>
  %y = arith.negf %b : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

//--- tgt.mlir
func.func @tie(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c : tensor<4xf32>
  %d = arith.divf %a, %c : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}
func.func @real(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %x = arith.negf %c : tensor<4xf32>
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}
