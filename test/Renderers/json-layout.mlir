// The JSON report is laid out as llvm::json::OStream lays out JSON with an
// indent of 2; the renderer writes the "mapping" arrays itself
// (JSONRenderer.cpp), so parsing the report and laying it out again must
// give back the same bytes: names that need JSON escapes, deleted nodes
// (a null target), an lg graph and a function, an empty graph pair.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json -o %t/report.json
// RUN: python3 %t/relayout.py %t/report.json
// RUN: FileCheck %s < %t/report.json

// CHECK:      "mapping": [
// CHECK-NEXT: {
// CHECK-NEXT:   "source": "@\"soft max\"",
// CHECK-NEXT:   "target": "@\"soft max\"",
// CHECK:      "source": "%sum",
// CHECK-NEXT: "target": null,
// CHECK-NEXT: "status": "deleted",
// CHECK-NEXT: "stage": null,
// CHECK-NEXT: "ambiguous": false
// CHECK:      "mapping": []

//--- relayout.py
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
again = json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
if again != text:
    for n, (a, b) in enumerate(zip(text.splitlines(), again.splitlines()), 1):
        if a != b:
            sys.exit(f"line {n}: written {a!r}, laid out again {b!r}")
    sys.exit("the report and its layout differ in length")

//--- src.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @"soft max" "Softmax"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%s) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
func.func @f(%a: f32, %b: f32) -> f32 {
  %prod = arith.mulf %a, %b : f32
  %sum = arith.addf %prod, %a : f32
  return %prod : f32
}
func.func @empty() {
  return
}

//--- tgt.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @"soft max" "Softmax"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Dense"(%s) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
func.func @f(%a: f32, %b: f32) -> f32 {
  %prod = arith.mulf %a, %b : f32
  return %prod : f32
}
func.func @empty() {
  return
}
