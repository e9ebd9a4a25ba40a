// --format=model-explorer with graphs only one side has: a graph only the
// source has is in the collection as `@old (source)`, every node deleted and
// mapped to nothing (its input and output too), so Model Explorer outlines
// all of it as deleted; a graph only the target has is `@new (target)`,
// every node new. graphDiff.pairs names them with null on the missing side
// (and none is renamed).
// With several graphs, node ids carry their graph's name. --func narrows
// the collection; --only fades the colours of the changes it leaves out.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=model-explorer -o %t/me.json
// RUN: FileCheck %s --check-prefix=JSON < %t/me.json
// RUN: python3 %S/Inputs/check_model_explorer.py %t/me.json --dump | FileCheck %s
// @old: 3 nodes (input, @o, output) deleted, plus @drop in @f; @new: 4 new.
// RUN: python3 %S/Inputs/check_model_explorer.py %t/me.json --expect-deleted 4 --expect-new 4

// JSON:      "pairs": [
// JSON-NEXT:   {
// JSON-NEXT:     "source": "@f (source)",
// JSON-NEXT:     "target": "@f (target)",
// JSON-NEXT:     "renamed": false
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "source": "@old (source)",
// JSON-NEXT:     "target": null,
// JSON-NEXT:     "renamed": false
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "source": null,
// JSON-NEXT:     "target": "@new (target)",
// JSON-NEXT:     "renamed": false
// JSON-NEXT:   }
// JSON-NEXT: ]

// CHECK:      @f (source): 5 nodes, 4 edges; @f (target): 3 nodes, 2 edges
// CHECK-NEXT: @old (source): 3 nodes, 2 edges; no target graph
// CHECK-NEXT: no source graph; @new (target): 4 nodes, 3 edges
// CHECK:      node @old (source) | @old:%arg0 | Input | ns= | status=- | from
// CHECK-NEXT: node @old (source) | @old:@o | Old | ns= | status=deleted | from @old:%arg0:0
// CHECK-NEXT: node @old (source) | @old:output | Output | ns= | status=- | from @old:@o:0
// CHECK-NEXT: node @new (target) | @new:%arg0 | Input | ns= | status=- | from
// CHECK-NEXT: node @new (target) | @new:@n | New | ns= | status=inserted | from @new:%arg0:0
// CHECK-NEXT: node @new (target) | @new:@m | More | ns= | status=inserted | from @new:@n:0
// CHECK-NEXT: node @new (target) | @new:output | Output | ns= | status=- | from @new:@m:0
// CHECK:      map @f:@drop -> {{$}}
// CHECK:      map @old:%arg0 -> {{$}}
// CHECK-NEXT: map @old:@o -> {{$}}
// CHECK-NEXT: map @old:output -> {{$}}
// CHECK-NEXT: map  -> @new:%arg0
// CHECK-NEXT: map  -> @new:@n
// CHECK-NEXT: map  -> @new:@m
// CHECK-NEXT: map  -> @new:output
// CHECK-NEXT: mapping: 11 entries; highlighted: 4 deleted, 4 new
// CHECK-NEXT: model-explorer ok

// --func=old: the removed graph alone (one graph: ids without a prefix).
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=model-explorer --func=old -o %t/old.json
// RUN: python3 %S/Inputs/check_model_explorer.py %t/old.json --dump --expect-deleted 3 --expect-new 0 | FileCheck %s --check-prefix=OLD
// OLD:      @old (source): 3 nodes, 2 edges; no target graph
// OLD-NEXT: node @old (source) | %arg0 | Input
// OLD-NEXT: node @old (source) | @o | Old | ns= | status=deleted
// OLD-NEXT: node @old (source) | output | Output
// OLD-NEXT: map %arg0 -> {{$}}
// OLD-NEXT: map @o -> {{$}}
// OLD-NEXT: map output -> {{$}}
// OLD-NEXT: mapping: 3 entries; highlighted: 3 deleted, 0 new

// --only=delete: @drop keeps its red, the fused and replaced nodes (and the
// new graph's, whose addition is no action) are pale.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=model-explorer --only=delete -o %t/only.json
// RUN: python3 %S/Inputs/check_model_explorer.py %t/only.json
// RUN: FileCheck %s --check-prefix=ONLY < %t/only.json
// ONLY:      "id": "@f:@c1",
// ONLY:      "backgroundColor": "#e2edfa"
// ONLY:      "id": "@f:@drop",
// ONLY:      "backgroundColor": "#f08080"
// ONLY:      "id": "@f:@f1",
// ONLY:      "backgroundColor": "#d1e3f7"
// ONLY:      "id": "@new:@n",
// ONLY:      "backgroundColor": "#e3f4e4"

//--- src.mlir
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = lg.node @c1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r1 = lg.node @r1 "ReLU"(%c1) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%r1) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d : tensor<4xf32>
}
lg.graph @old(%x: i32) -> i32 {
  %o = lg.node @o "Old"(%x) : (i32) -> i32
  lg.output %o : i32
}

//--- tgt.mlir
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f1 = lg.node @f1 "ConvReLU"(%x) stateful fused_from [@c1, @r1] : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %f1 : tensor<4xf32>
}
lg.graph @new(%x: i32) -> i32 {
  %n = lg.node @n "New"(%x) : (i32) -> i32
  %m = lg.node @m "More"(%n) : (i32) -> i32
  lg.output %m : i32
}
