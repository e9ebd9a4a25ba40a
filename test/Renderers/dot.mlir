// The DOT picture: nodes filled by status (deleted red, inserted green,
// updated yellow, replaced blue, unchanged grey), the fused region as a
// cluster with a "replaced by" edge to the node that replaced it; Graphviz
// renders it.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=dot -o %t/diff.dot
// RUN: FileCheck %s < %t/diff.dot

// CHECK:      digraph "graph-diff" {
// CHECK:        subgraph cluster_g0 {
// CHECK-NEXT:     label="@net";
// CHECK:          subgraph cluster_g0_r0 {
// CHECK-NEXT:       label="fused into @fused";
// CHECK:            g0_s1 [label="@conv1\nConv2d", fillcolor="#8db8ee", tooltip="replaced at {{.*}}src.mlir:3:8"];
// CHECK-NEXT:       g0_s2 [label="@relu1\nReLU", fillcolor="#8db8ee"
// CHECK-NEXT:     }
// CHECK-DAG:      g0_s0 [label="@stem\nStem", fillcolor="#ffe066"
// CHECK-DAG:      g0_s3 [label="@head\nLinear", fillcolor="#ffe066"
// CHECK-DAG:      g0_s4 [label="@tail\nTail", fillcolor="#d9d9d9"
// CHECK-DAG:      g0_s5 [label="@drop\nProbe", fillcolor="#f08080"
// CHECK-DAG:      g0_t0 [label="@norm\nNorm", fillcolor="#8fd694"
// CHECK-DAG:      g0_t2 [label="@fused\nConvReLU", fillcolor="#4a90e2"
// CHECK-DAG:      g0_s0 -> g0_s1;
// CHECK-DAG:      g0_s2 -> g0_t2 [style=dashed, color="#4a90e2", label="replaced by", ltail=cluster_g0_r0];
// CHECK-DAG:      g0_t0 -> g0_s0;
// CHECK-DAG:      g0_i0 [label="%arg0\ninput", fillcolor="#d9d9d9", shape=ellipse
// CHECK-DAG:      g0_i0 -> g0_s0;
// CHECK-DAG:      g0_i0 -> g0_t0;
// CHECK-DAG:      g0_t2 -> g0_s3;

// RUN: %if graphviz %{ dot -Tsvg %t/diff.dot -o %t/diff.svg %}
// RUN: %if graphviz %{ FileCheck %s --check-prefix=SVG < %t/diff.svg %}
// SVG: <svg
// SVG: fused into @fused

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
