// --format=model-explorer: both graphs in Model Explorer's graph JSON (one
// collection, a graph per side), with namespaces from the locations' names,
// and the node mapping as its sync-navigation data in the same file.
// Inputs/check_model_explorer.py checks the loaders' rules and computes what
// Model Explorer's diff highlight would mark.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=model-explorer -o %t/me.json
// RUN: FileCheck %s --check-prefix=JSON < %t/me.json
// RUN: python3 %S/Inputs/check_model_explorer.py %t/me.json --dump --expect-deleted 1 --expect-new 1 | FileCheck %s

// JSON:      "label": "graph-diff: {{.*}}src.mlir -> {{.*}}tgt.mlir",
// JSON:      "graphs": [
// JSON:        "id": "@f (source)",
// JSON:      "mappingEntries": [
// JSON:      "disableMappingFallback": true,
// JSON-NEXT: "showDiffHighlights": true,

// Namespaces: `loc("block1.0.add")` and `loc("block1/0/mul")` give
// block1/0; a name without a path, none; a `;` (a separator to the loader)
// becomes `_`. Edges name the producer and its result number.
// CHECK:      node @f (source) | %arg0 | Input | ns= | status=- | from
// CHECK-NEXT: node @f (source) | %arg1 | Input | ns= | status=- | from
// CHECK-NEXT: node @f (source) | %0 | arith.addf | ns=block1/0 | status=unchanged | from %arg0:0,%arg1:0
// CHECK-NEXT: node @f (source) | %1 | arith.mulf | ns=block1/0 | status=updated | from %0:0,%arg1:0
// CHECK-NEXT: node @f (source) | %2 | arith.subf | ns= | status=unchanged | from %1:0,%arg0:0
// CHECK-NEXT: node @f (source) | %3 | arith.negf | ns=x/y_z | status=deleted | from %2:0
// CHECK-NEXT: node @f (source) | output | Output | ns= | status=- | from %3:0
// CHECK-NEXT: node @f (target) | %arg0 | Input | ns= | status=- | from
// CHECK-NEXT: node @f (target) | %arg1 | Input | ns= | status=- | from
// CHECK-NEXT: node @f (target) | %0 | arith.addf | ns=block1/0 | status=unchanged | from %arg0:0,%arg1:0
// CHECK-NEXT: node @f (target) | %1 | arith.divf | ns=block1/0 | status=updated | from %0:0,%arg1:0
// CHECK-NEXT: node @f (target) | %2 | arith.subf | ns= | status=unchanged | from %1:0,%arg0:0
// CHECK-NEXT: node @f (target) | %4 | math.exp | ns=aux | status=inserted | from %0:0
// CHECK-NEXT: node @f (target) | output | Output | ns= | status=- | from %2:0
// The mapping: paired nodes one to one, the deleted node to nothing, the
// new one from nothing.
// CHECK-NEXT: map %arg0 -> %arg0
// CHECK-NEXT: map %arg1 -> %arg1
// CHECK-NEXT: map %0 -> %0
// CHECK-NEXT: map %1 -> %1
// CHECK-NEXT: map %2 -> %2
// CHECK-NEXT: map %3 -> {{$}}
// CHECK-NEXT: map  -> %4
// CHECK-NEXT: map output -> output
// CHECK-NEXT: mapping: 8 entries; highlighted: 1 deleted, 1 new
// CHECK-NEXT: model-explorer ok

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32> loc("block1.0.add")
  %1 = arith.mulf %0, %b : tensor<4xf32> loc("block1/0/mul")
  %2 = arith.subf %1, %a : tensor<4xf32> loc("head")
  %3 = arith.negf %2 : tensor<4xf32> loc(fused["x.y;z.w", "a.b"])
  return %3 : tensor<4xf32>
}

//--- tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32> loc("block1.0.add")
  %1 = arith.divf %0, %b : tensor<4xf32> loc("block1/0/mul")
  %2 = arith.subf %1, %a : tensor<4xf32> loc("head")
  %4 = math.exp %0 : tensor<4xf32> loc("aux.exp")
  return %2 : tensor<4xf32>
}
