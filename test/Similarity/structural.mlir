// MLIR inputs: the differ's structural similarity, the number the plan
// summary reports: each node of either graph counts 1 if unchanged, 1/2 if
// its counterpart changed (updated, or fused/replaced and the node replacing
// it), 0 if deleted or inserted, over source + target nodes. src -> tgt: 1
// unchanged, 2 updated, 2 replaced by 1, 1 deleted, 1 inserted over 6 + 5
// nodes: (2 + 2 + 1.5) / 11 = 0.5. src -> three: 5 unchanged, 1 deleted, and
// graph @extra (2 nodes) only in three counts as inserted: 10 / (6 + 7).
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text | FileCheck %s --check-prefix=OPT
// OPT: summary: 1 unchanged, 2 updated, 2 replaced, 1 deleted, 1 inserted; similarity 50.0%
// RUN: graph-diff-sim %t/src.mlir %t/tgt.mlir %t/three.mlir --format=csv --metrics=structural_sim | FileCheck %s
// CHECK:      a,b,structural_sim
// CHECK-NEXT: src,src,1.0
// CHECK-NEXT: src,tgt,0.5
// CHECK-NEXT: src,three,0.7692307692307693
//
// Byte-identical at any thread count, summaries included. The labels hold
// no version, so there is no semver_sim.
// RUN: graph-diff-sim %t/src.mlir %t/tgt.mlir %t/three.mlir --format=jsonl --jobs=1 -o %t/one.jsonl
// RUN: graph-diff-sim %t/src.mlir %t/tgt.mlir %t/three.mlir --format=jsonl --jobs=2 -o %t/two.jsonl
// RUN: graph-diff-sim %t/src.mlir %t/tgt.mlir %t/three.mlir --format=jsonl --jobs=8 -o %t/eight.jsonl
// RUN: cmp %t/one.jsonl %t/two.jsonl
// RUN: cmp %t/one.jsonl %t/eight.jsonl
// RUN: FileCheck %s --check-prefix=JSONL < %t/one.jsonl
// JSONL: {"kind":"mlir","inputs":3,"run":"{{[0-9a-f]+}}","pair":[0,1],"labels":["src","tgt"],"values":{"structural_sim":0.5},"summary":"--- src\n+++ tgt\ngraph @net (similarity 50.0%)\n
// JSONL-SAME: summary: 1 unchanged, 2 updated, 2 replaced, 1 deleted, 1 inserted; similarity 50.0%"}
// JSONL: "pair":[0,2]
// JSONL-SAME: graph @extra: added (only in the target, 2 nodes)
//
// A bad model: the parser's located error, exit 2.
// RUN: %expect_exit 2 graph-diff-sim %t/src.mlir %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad.mlir:2:{{[0-9]+}}: error: use of undeclared SSA value

//--- src.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @stem "Stem"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @conv1 "Conv2d"(%s) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @relu1 "ReLU"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Tail"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Probe"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t : tensor<4xf32>
}

//--- tgt.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = lg.node @norm "Norm"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @stem "Stem"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %f = lg.node @fused "ConvReLU"(%s) stateful fused_from [@conv1, @relu1] : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Dense"(%f) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Tail"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t : tensor<4xf32>
}

//--- three.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @stem "Stem"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @conv1 "Conv2d"(%s) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @relu1 "ReLU"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Tail"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t : tensor<4xf32>
}
lg.graph @extra(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}

//--- bad.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @stem "Stem"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}
