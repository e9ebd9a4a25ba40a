// The HTML page is one self-contained file: no external resource, the
// summary, per graph pair a canvas picture drawn from the layout the tool
// embeds as compact JSON (names on both sides, kinds, statuses, locations;
// the other views and the IR apart, read when wanted), the action list, and
// a search box.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html -o %t/diff.html
// RUN: FileCheck %s < %t/diff.html
// RUN: FileCheck %s --check-prefix=OFFLINE < %t/diff.html

// CHECK:      <!DOCTYPE html>
// CHECK:      <table class="summary" id="summary">
// CHECK:      <tr><th>@net</th><td class="unchanged">1</td><td class="updated">2</td><td class="replaced">2</td><td class="deleted">1</td><td class="inserted">1</td><td>50.0%</td></tr>
// CHECK:      <input id="search" type="search"
// CHECK-SAME: <input type="checkbox" id="changes-only">
// CHECK:      <section class="pair" id="pair-0" data-graph="net">
// CHECK:      <div class="viewer"><div class="picture"><canvas></canvas>{{.*}}<div class="side"><div class="details" hidden></div></div></div>
// The data the first screen needs: the node table in columns (statuses as
// numbers into "statuses", kinds and location files into "strings",
// locations as [file, line, column], the target's name of paired nodes, 0
// for the others), the actions' nodes, the view the page opens on with
// edges as [from, to, kind] (kind 2: the source's %arg0 -> @stem, which the
// target lacks; 1: "replaced by").
// CHECK-NEXT: <script type="application/json" class="pair-data">{"graph":"net","changesFirst":false,"hiddenChecks":0,"statuses":["unchanged","updated","replaced","deleted","inserted","replacing"],"nodes":{
// CHECK-SAME: "name":["@stem","@conv1","@relu1","@head","@drop","@tail","@norm","@fused","%arg0"],"kind":[0,3,4,5,7,8,9,10,11],"status":[1,2,2,1,3,0,4,5,0],"flags":[0,0,0,0,0,0,1,1,2],
// CHECK-SAME: "loc":[1,2,8,1,3,8,1,4,8,1,5,8,1,7,8,1,6,8,2,2,8,2,4,8,1,1,15],"tname":["@stem",0,0,"@head",0,"@tail",0,0,0],"tloc":[2,3,8,-1,0,0,-1,0,0,2,5,8,-1,0,0,2,6,8,-1,0,0,-1,0,0,-1,0,0],"tkind":[-1,-1,-1,6,-1,-1,-1,-1,-1],"action":[1,2,2,3,4,-1,0,2,-1],"count":[]}
// CHECK-SAME: "strings":["Stem","{{[^"]*}}src.mlir","{{[^"]*}}tgt.mlir","Conv2d","ReLU","Linear","Dense","Probe","Tail","Norm","ConvReLU","input"]
// CHECK-SAME: "actionNodes":{{\[\[}}6],[0],[1,2,7],[3],[4]]
// CHECK-SAME: "views":{"all":{"width":{{[0-9]+}},"height":{{[0-9]+}},"nodes":[0,{{[0-9]+}},{{[0-9]+}},1,
// CHECK-SAME: "edges":[8,0,2,0,1,0,1,2,0,2,3,0,3,4,0,3,5,0,8,6,0,6,0,0,0,7,0,7,3,0,2,7,1],"clusters":{{\[\[}}7,[1,2],[{{[0-9]+}},{{[0-9]+}},{{[0-9]+}},{{[0-9]+}}]]]}}}</script>
// CHECK-NEXT: <script>GraphDiffViewer.addPair();</script>
// The action list, inert until the page's script moves it into the list.
// CHECK-NEXT: <ol class="actions"><template>
// CHECK-NEXT: <li class="inserted" data-kind="insert" data-action="0"><span class="verb">insert</span> @norm: Norm
// CHECK-NEXT: <li class="updated" data-kind="update" data-action="1"><span class="verb">update</span> @stem: Stem (inputs)
// CHECK-NEXT: <li class="replacing" data-kind="replace" data-action="2"><span class="verb">fuse</span> @conv1 + @relu1 -&gt; @fused: Conv2d + ReLU into ConvReLU (init)
// CHECK-NEXT: <li class="updated" data-kind="update" data-action="3"><span class="verb">update</span> @head: Linear -&gt; Dense (kind)
// CHECK-NEXT: <li class="deleted" data-kind="delete" data-action="4"><span class="verb">delete</span> @drop: Probe
// CHECK-NEXT: </template></ol>
// The other view, then the IR: per row a shape (the text with the names
// after `%` taken out, `<` escaped) and its names; the target IR of the
// updated rows (row, shape, names).
// CHECK-NEXT: <script type="application/json" class="pair-views">{"changes":{"width":
// CHECK-NEXT: <script type="application/json" class="pair-ir">{"shapes":["% = lg.node @stem \"Stem\"(%) : (tensor\u003c4xf32>) -> tensor\u003c4xf32>","% = lg.node @conv1 \"Conv2d\"(%) stateful : (tensor\u003c4xf32>) -> tensor\u003c4xf32>",
// CHECK-SAME: "ir":[0,"stem arg0",1,"conv1 stem",2,"relu1 conv1",3,"head relu1",5,"drop head",6,"tail head",7,"norm arg0",8,"fused stem",-1,""],"tir":[0,0,"stem norm",3,4,"head fused"]}</script>
// CHECK:      <div id="errors"></div>
// CHECK-NEXT: <script>GraphDiffViewer.finish();</script>
// CHECK:      </html>

// Nothing is fetched: no external script, style, image or link.
// OFFLINE-NOT: src="http
// OFFLINE-NOT: href="http
// OFFLINE-NOT: <link
// OFFLINE-NOT: @import
// OFFLINE-NOT: fetch(
// OFFLINE-NOT: XMLHttpRequest

// The layout: no two nodes overlap, and the fused region's box holds its
// members and nothing else (not the fused node).
// RUN: python3 %S/Inputs/check_viewer.py geometry %t/diff.html | FileCheck %s --check-prefix=GEOMETRY
// GEOMETRY: pair 0 view all: 9 nodes, 11 edges, 1 of 1 regions boxed
// GEOMETRY: geometry ok

// In a real browser (headless Chromium): the script runs without errors and
// draws the picture side by side (13 items: the 6 source nodes and the input
// on the source side; the input, @stem, @head, @tail and the 2 new nodes on
// the target side; 10 edges drawn on either side, the "replaced by" edge,
// and %arg0 -> @stem on the source side only), `#q=...` searches on load (`conv` matches @conv1 in
// the source and the fused ConvReLU in the target; the first hit, @conv1,
// is centred with its counterpart, the fused node, both in view), `#select=` shows a
// node's details (its IR, location and action), marks its action, and
// centres it and its counterpart (in view in both panes).
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --enable-logging=stderr --v=0 --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html#q=conv&select=@head" > %t/dom.html 2> %t/console.txt %}
// RUN: %if chromium %{ FileCheck %s --check-prefix=DOM < %t/dom.html %}
// RUN: %if chromium %{ not grep -E "CONSOLE|Uncaught" %t/console.txt %}
// DOM:     <body data-first-frame-ms="{{[0-9]+}}" data-hit="@conv1 source" data-hit-in-view="@conv1 source, @fused target" data-selected="@head L" data-counterparts="@head target" data-in-view="@head source, @head target" data-open="url" {{.*}}data-ready="13" data-drawn="{{[1-9][0-9]*}}" data-edges="10 1 1 0"
// DOM:     <span id="hits">2 nodes</span>
// DOM:     <div class="details"><h3>@head</h3><dl><dt>side</dt><dd>source</dd><dt>kind</dt><dd>Linear</dd><dt>status</dt><dd>updated</dd><dt>in the target</dt><dd>@head</dd><dt>location</dt><dd>{{.*}}src.mlir:5:8</dd><dt>action</dt><dd><span class="action-link"><span class="verb">update</span> @head: Linear -&gt; Dense (kind)
// DOM-SAME: <pre class="ir">%head = lg.node @head "Linear"(%relu1) stateful : (tensor&lt;4xf32&gt;) -&gt; tensor&lt;4xf32&gt;</pre>
// DOM:     <li class="updated hidden current" data-kind="update" data-action="3">
// DOM:     <div id="errors"></div>

// Selecting an action (as a click on it does, here through `#action=2`)
// marks it and selects its first node, the fused region's @conv1, whose
// details name the action; the node and its counterpart, the fused node in
// the target pane, are centred (both wholly in view).
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html#action=2" > %t/action.html 2> /dev/null %}
// RUN: %if chromium %{ FileCheck %s --check-prefix=ACTION < %t/action.html %}
// ACTION: <body {{.*}}data-selected="@conv1 L" data-counterparts="@fused target" data-in-view="@conv1 source, @fused target"
// ACTION: <div class="details"><h3>@conv1</h3>{{.*}}<dt>status</dt><dd>replaced</dd>{{.*}}<span class="action-link"><span class="verb">fuse</span> @conv1 + @relu1 -&gt; @fused
// ACTION: <li class="replacing current" data-kind="replace" data-action="2">

// The mouse: a click at the centre of the source pane, where the search
// #q=@head centred @head (at scale 0.8) without selecting it, selects it (the click handler's hit test); a
// wheel turn there zooms in by exp(300 * 0.0015).
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --user-data-dir=%t/profile --window-size=1200,900 --dump-dom "file://%t/diff.html#q=@head&click=center&wheel=center,-300" > %t/mouse.html 2> /dev/null %}
// RUN: %if chromium %{ FileCheck %s --check-prefix=MOUSE < %t/mouse.html %}
// MOUSE: <body data-first-frame-ms="{{[0-9]+}}" data-hit="@head source" {{.*}}data-selected="@head L" {{.*}}data-scale-before="0.800" data-scale="1.255"

// A screenshot shows the nodes in their colours, below the legend (rows 340
// on: the canvas): replaced (light blue), replacing (dark blue), deleted
// (red), inserted (green), updated (yellow).
// RUN: %if chromium %{ timeout 120 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --hide-scrollbars --user-data-dir=%t/profile --window-size=1200,1400 --screenshot=%t/shot.png "file://%t/diff.html" 2> /dev/null %}
// RUN: %if chromium %{ python3 %S/Inputs/check_viewer.py pixels %t/shot.png 340 replaced=#8db8ee:2000 replacing=#4a90e2:2000 deleted=#f08080:2000 inserted=#8fd694:2000 updated=#ffe066:2000 %}

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
