// Unchanged checks (a cf.assert and what only feeds it: the cmpi and its
// constant) are left out of the pictures, so that the first screen shows the
// model; the caption counts them and a "checks" toggle (or `#checks=1`)
// shows them. A search for a hidden check shows them too.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html -o %t/diff.html
// RUN: FileCheck %s < %t/diff.html
// CHECK: <label title="unchanged cf.assert chains"><input type="checkbox" id="checks"> checks</label>
// CHECK: <p class="caption">5 source nodes, 5 target nodes, similarity 90.0%; 3 nodes of unchanged checks (cf.assert chains) hidden unless &quot;checks&quot; is ticked</p>
// CHECK: "hiddenChecks":3,
// CHECK: class="pair-views">{"changes":{{.*}},"allChecks":{{.*}},"changesChecks":
// RUN: python3 %S/Inputs/check_viewer.py geometry %t/diff.html | FileCheck %s --check-prefix=GEOMETRY
// GEOMETRY: pair 0 view all: 4 nodes, 3 edges
// GEOMETRY: pair 0 view allChecks: 7 nodes, 6 edges
// GEOMETRY: geometry ok

// A changed check is drawn with what feeds it.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/changed.mlir --format=html | FileCheck %s --check-prefix=CHANGED
// CHANGED-NOT: id="checks"
// CHANGED: <p class="caption">5 source nodes, 5 target nodes, similarity 90.0%; 2 unchanged nodes collapsed in the changes-only view</p>

// In headless Chromium: 8 items (the 2 inputs, exp and addf on each side),
// 14 with the checks (their 3 nodes on each side), by the toggle or by a
// search for one.
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --enable-logging=stderr --v=0 --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html" > %t/dom.html 2> %t/console.txt %}
// RUN: %if chromium %{ FileCheck %s --check-prefix=HIDDEN < %t/dom.html %}
// RUN: %if chromium %{ not grep -E "CONSOLE|Uncaught" %t/console.txt %}
// HIDDEN: <body data-first-frame-ms="{{[0-9]+}}" {{.*}}data-ready="8" data-drawn="8"
// HIDDEN: <div id="errors"></div>
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html#checks=1" 2> /dev/null | FileCheck %s --check-prefix=SHOWN %}
// SHOWN: <body data-first-frame-ms="{{[0-9]+}}" {{.*}}data-ready="14" data-drawn="14"
// SHOWN: <div id="errors"></div>
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html#q=cf.assert" 2> /dev/null | FileCheck %s --check-prefix=SEARCH %}
// SEARCH: <body data-first-frame-ms="{{[0-9]+}}" {{.*}}data-ready="14"
// SEARCH: <span id="hits">2 nodes</span>

//--- src.mlir
func.func @f(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %ok = arith.cmpi eq, %n, %c4 : index
  cf.assert %ok, "expected 4 elements"
  %y = math.exp %x : tensor<4xf32>
  %z = arith.addf %y, %x : tensor<4xf32>
  return %z : tensor<4xf32>
}

//--- tgt.mlir
func.func @f(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %ok = arith.cmpi eq, %n, %c4 : index
  cf.assert %ok, "expected 4 elements"
  %y = math.log %x : tensor<4xf32>
  %z = arith.addf %y, %x : tensor<4xf32>
  return %z : tensor<4xf32>
}

//--- changed.mlir
func.func @f(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %ok = arith.cmpi eq, %n, %c4 : index
  cf.assert %ok, "expected four elements"
  %y = math.exp %x : tensor<4xf32>
  %z = arith.addf %y, %x : tensor<4xf32>
  return %z : tensor<4xf32>
}
