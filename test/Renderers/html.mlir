// The HTML page is one self-contained file: no external resource, the
// summary, the picture as inline SVG with nodes coloured by status, the fused
// region grouped, the action list, and a search box.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html -o %t/diff.html
// RUN: FileCheck %s < %t/diff.html
// RUN: FileCheck %s --check-prefix=OFFLINE < %t/diff.html

// CHECK:      <!DOCTYPE html>
// CHECK:      <table class="summary" id="summary">
// CHECK:      <tr><th>@net</th><td class="unchanged">1</td><td class="updated">2</td><td class="replaced">2</td><td class="deleted">1</td><td class="inserted">1</td><td>50.0%</td></tr>
// CHECK:      <input id="search" type="search"
// CHECK:      <section class="pair" id="pair-0" data-graph="net">
// CHECK:      <svg class="picture"
// CHECK:      <g class="cluster" id="g0-r0">{{.*}}fused into @fused</text></g>
// CHECK-DAG:  <g class="node replaced" id="g0-s1" data-name="@conv1" data-kind="Conv2d"><title>@conv1 Conv2d (replaced) at {{.*}}src.mlir:3:8</title>
// CHECK-DAG:  <g class="node replacing" id="g0-t2" data-name="@fused" data-kind="ConvReLU">
// CHECK-DAG:  <g class="node deleted" id="g0-s5" data-name="@drop"
// CHECK-DAG:  <g class="node inserted" id="g0-t0" data-name="@norm"
// CHECK-DAG:  <g class="node updated" id="g0-s3" data-name="@head"
// CHECK-DAG:  <g class="node unchanged" id="g0-s4" data-name="@tail"
// CHECK-DAG:  <g class="node unchanged input" id="g0-i0" data-name="%arg0" data-kind="input">
// CHECK:      <ol class="actions">
// CHECK-NEXT: <li class="inserted" data-kind="insert"><span class="verb">insert</span> @norm: Norm
// CHECK-NEXT: <li class="updated" data-kind="update"><span class="verb">update</span> @stem: Stem (inputs)
// CHECK-NEXT: <li class="replacing" data-kind="replace"><span class="verb">fuse</span> @conv1 + @relu1 -&gt; @fused: Conv2d + ReLU into ConvReLU (init)
// CHECK-NEXT: <li class="updated" data-kind="update"><span class="verb">update</span> @head: Linear -&gt; Dense (kind)
// CHECK-NEXT: <li class="deleted" data-kind="delete"><span class="verb">delete</span> @drop: Probe
// CHECK-NEXT: </ol>
// CHECK:      <div id="errors"></div>
// CHECK:      <script>
// CHECK:      </html>

// Nothing is fetched: no external script, style, image or link.
// OFFLINE-NOT: src="http
// OFFLINE-NOT: href="http
// OFFLINE-NOT: <link
// OFFLINE-NOT: @import

// In a real browser (headless Chromium): the script runs without errors, the
// picture is there, and `#q=...` searches on load.
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --enable-logging=stderr --v=0 --user-data-dir=%t/profile --dump-dom "file://%t/diff.html#q=conv" > %t/dom.html 2> %t/console.txt %}
// RUN: %if chromium %{ FileCheck %s --check-prefix=DOM < %t/dom.html %}
// RUN: %if chromium %{ not grep -E "CONSOLE|Uncaught" %t/console.txt %}
// DOM:     <body data-ready="9">
// DOM:     <span id="hits">2 nodes</span>
// DOM:     <g class="node replaced hit" id="g0-s1" data-name="@conv1"
// DOM:     <g class="node replacing hit" id="g0-t2" data-name="@fused"
// DOM:     <div id="errors"></div>

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
