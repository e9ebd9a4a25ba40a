// Edges that only one side has, between nodes both sides have: @c reads @b
// only in the target, @d only in the source. The target side draws @b -> @c
// (green, "target only"), the source side @b -> @d (red dashed, "source
// only"), and neither draws the other's. The page's totals count the graphs
// only one side has (@old's 2 nodes deleted, @new's 1 inserted) as the text
// report's summary does.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html -o %t/diff.html
// RUN: FileCheck %s --check-prefix=TOTALS < %t/diff.html
// TEXT: summary: 3 unchanged, 2 updated, 0 replaced, 2 deleted, 1 inserted; similarity 61.5%;
// TEXT-NEXT: graphs: 1 removed, 1 added
// TOTALS:      <tr><th>@net</th><td class="unchanged">3</td><td class="updated">2</td><td class="replaced">0</td><td class="deleted">0</td><td class="inserted">0</td><td>80.0%</td></tr>
// TOTALS-NEXT: <tr><th>@old (removed)</th><td class="unchanged">0</td><td class="updated">0</td><td class="replaced">0</td><td class="deleted">2</td><td class="inserted">0</td><td>0.0%</td></tr>
// TOTALS-NEXT: <tr><th>@new (added)</th><td class="unchanged">0</td><td class="updated">0</td><td class="replaced">0</td><td class="deleted">0</td><td class="inserted">1</td><td>0.0%</td></tr>
// TOTALS-NEXT: <tr><th>total</th><td class="unchanged">3</td><td class="updated">2</td><td class="replaced">0</td><td class="deleted">2</td><td class="inserted">1</td><td>61.5%</td></tr>

// The data marks the two edges (kinds 2 and 3), in both views.
// RUN: python3 %S/Inputs/check_viewer.py edges %t/diff.html all | FileCheck %s --check-prefix=EDGES
// RUN: python3 %S/Inputs/check_viewer.py edges %t/diff.html changes | FileCheck %s --check-prefix=EDGES
// EDGES:      pair 0 source only: @b -> @d
// EDGES-NEXT: pair 0 target only: @b -> @c
// EDGES-NOT:  only

// In headless Chromium: 12 items (%arg0 and the 5 nodes on each side), 12
// edges drawn on both sides (6 each), one source-only and one target-only
// edge; a screenshot shows both edge colours in the picture.
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --enable-logging=stderr --v=0 --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html" > %t/dom.html 2> %t/console.txt %}
// RUN: %if chromium %{ FileCheck %s --check-prefix=DOM < %t/dom.html %}
// RUN: %if chromium %{ not grep -E "CONSOLE|Uncaught" %t/console.txt %}
// DOM: <body data-first-frame-ms="{{[0-9]+}}" {{.*}}data-ready="12" data-drawn="12" data-edges="12 0 1 1"
// DOM: <div id="errors"></div>
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --hide-scrollbars --user-data-dir=%t/profile --window-size=1200,1200 --screenshot=%t/shot.png "file://%t/diff.html" 2> /dev/null %}
// RUN: %if chromium %{ python3 %S/Inputs/check_viewer.py pixels %t/shot.png 420 target-only=#2b8a3e:100 source-only=#e03131:15 %}

//--- src.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @c "C"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @d "D"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = lg.node @e "E"(%c, %d) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %e : tensor<4xf32>
}
lg.graph @old(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @o1 "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @o2 "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}

//--- tgt.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @c "C"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @d "D"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %e = lg.node @e "E"(%c, %d) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %e : tensor<4xf32>
}
lg.graph @new(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @n1 "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
