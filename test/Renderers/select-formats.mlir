// --func and --only narrow every format (docs/Renderers.md, "Selecting").
// JSON lists the selected graphs and actions, its summary adds up what it
// lists, and `selection` says what was selected; the pictures (HTML, DOT)
// keep every node of the selected graphs, those of the other changes pale
// (in HTML flag 4 in the node table, their actions left out of the list); the
// plan keeps the selected graphs' plans whole and refuses --only. An option
// that does not apply to the report asked for is exit 2, nothing written.
// RUN: split-file %s %t

// JSON, --func: only @blocks; the summary is @blocks' (1 updated, 2
// replaced, 1 deleted), not the whole diff's (which counts @old's node as
// deleted and @new's two as inserted).
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=json --func=blocks | FileCheck %s --check-prefix=JFUNC
// JFUNC:      "summary": {
// JFUNC-NEXT:   "unchanged": 0,
// JFUNC-NEXT:   "updated": 1,
// JFUNC-NEXT:   "replaced": 2,
// JFUNC-NEXT:   "deleted": 1,
// JFUNC-NEXT:   "inserted": 0,
// JFUNC-NEXT:   "similarity": 0.4167
// JFUNC:      "source": "blocks",
// JFUNC-NOT:  "source": "other",
// JFUNC:      "removed_graphs": [],
// JFUNC-NEXT: "added_graphs": [],
// JFUNC-NEXT: "changed_graphs": [],
// JFUNC-NEXT: "selection": {
// JFUNC-NEXT:   "func": [
// JFUNC-NEXT:     "blocks"
// JFUNC-NEXT:   ],
// JFUNC-NEXT:   "only": null
// JFUNC-NEXT: }

// A glob that takes the one-sided graphs: they are listed and counted.
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=json --func='o*' --func=new | FileCheck %s --check-prefix=JONE
// JONE:      "summary": {
// JONE-NEXT:   "unchanged": 1,
// JONE-NEXT:   "updated": 0,
// JONE-NEXT:   "replaced": 0,
// JONE-NEXT:   "deleted": 1,
// JONE-NEXT:   "inserted": 2,
// JONE:      "source": "other",
// JONE:      "removed_graphs": [
// JONE-NEXT:   "old"
// JONE-NEXT: ],
// JONE-NEXT: "added_graphs": [
// JONE-NEXT:   "new"
// JONE-NEXT: ],

// JSON, --only: the fusion comes with the delete it absorbs; --only=delete
// lists only the plain delete. The summary and mapping stay whole.
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=json --func=blocks --only=fuse | FileCheck %s --check-prefix=JFUSE
// JFUSE:      "actions": [
// JFUSE-NEXT:   {
// JFUSE-NEXT:     "kind": "delete",
// JFUSE-NEXT:     "node": {
// JFUSE-NEXT:       "name": "@c1",
// JFUSE:          "absorbed_by": "@r1",
// JFUSE:          "kind": "replace",
// JFUSE-NOT:      "kind": "update",
// JFUSE-NOT:      "kind": "delete",
// JFUSE:        "mapping": [
// JFUSE:          "source": "@drop",
// JFUSE:      "only": [
// JFUSE-NEXT:   "fuse"
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=json --only=delete | FileCheck %s --check-prefix=JDEL
// JDEL:      "actions": [
// JDEL-NEXT:   {
// JDEL-NEXT:     "kind": "delete",
// JDEL-NEXT:     "node": {
// JDEL-NEXT:       "name": "@drop",
// JDEL:          "absorbed_by": null,
// JDEL:        ],
// JDEL-NEXT:   "mapping": [

// The HTML page: the selected graphs' rows and pictures; with --only the other
// actions are in the list but not shown (class "off"), their nodes flagged
// dimmed (4; 5 = new and dimmed, the fused node).
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=html --func='b*' --only=delete -o page.html
// RUN: FileCheck %s --check-prefix=HTML < %t/page.html
// HTML:      <tr><th>@blocks</th>
// HTML-NEXT: <tr><th>total</th><td class="unchanged">0</td><td class="updated">1</td><td class="replaced">2</td><td class="deleted">1</td><td class="inserted">0</td>
// HTML:      <p class="selection" id="selection">Selection: graphs b*; only delete actions listed, the nodes of other changes drawn pale;
// HTML-NOT:  <section class="pair" id="pair-1"
// HTML:      "name":["@c1","@r1","@head","@drop","@f1","%arg0"],"kind":{{.*}}"flags":[4,4,4,0,5,2]
// HTML:      <li class="replacing off" data-kind="replace"
// HTML-NEXT: <li class="updated off" data-kind="update"
// HTML-NEXT: <li class="deleted" data-kind="delete"
// HTML-NOT:  @other

// The DOT picture: the selected graphs; --only=delete draws the fused and updated
// nodes pale with grey text, the deleted one in its colour.
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=dot --func=blocks --only=delete | FileCheck %s --check-prefix=DOT
// DOT:     g0_s0 [label="@c1\nConv2d", fillcolor="#e2edfa", fontcolor="#999999", color="#bbbbbb"
// DOT:     g0_s2 [label="@head\nLinear", fillcolor="#fff7d8", fontcolor="#999999"
// DOT:     g0_s3 [label="@drop\nDropout", fillcolor="#f08080", tooltip
// DOT:     g0_t0 [label="@f1\nConvReLU", fillcolor="#d1e3f7", fontcolor="#999999"
// DOT-NOT: cluster_g1
// DOT-NOT: removed_old
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=dot --func=old | FileCheck %s --check-prefix=DOTOLD
// DOTOLD-NOT: cluster_g0
// DOTOLD:     "removed_old" [label="@old\nonly in the source"
// DOTOLD-NOT: added_new

// The plan with --func: the selected graphs' plans, whole, still a module
// that verifies; with --only (the plan is the default format): exit 2,
// nothing written.
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --func=blocks --func=old -o plan.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.mlir
// RUN: cd %t && graph-diff-opt plan.mlir > /dev/null
// PLAN:      module {
// PLAN-NEXT:   patch.plan @blocks to @blocks {
// PLAN-NEXT:     patch.delete @c1 absorbed_by @r1
// PLAN-NEXT:     patch.replace @r1
// PLAN:          patch.update @head
// PLAN:          patch.delete @drop
// PLAN-NEXT:   }
// PLAN-NEXT:   patch.remove_graph @old
// PLAN-NEXT: }
// RUN: cd %t && %expect_exit 0 graph-diff-opt src.mlir tgt.mlir --format=mlir --func=other | FileCheck %s --check-prefix=PLANSAME
// PLANSAME:      patch.plan @other to @other {
// PLANSAME-NEXT: }
// PLANSAME-NOT:  patch.
// RUN: cd %t && rm -f cut.mlir && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --only=delete -o cut.mlir 2>&1 | FileCheck %s --check-prefix=CUT
// RUN: cd %t && not ls cut.mlir
// CUT: graph-diff-opt: --only does not apply to --format=mlir (the default): a plan is never cut, it must stay applicable; --only applies to --format=text, markdown, json, html, dot, model-explorer and --stat
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --format=mlir --only=fuse 2>&1 | FileCheck %s --check-prefix=CUT2
// CUT2: graph-diff-opt: --only does not apply to --format=mlir: a plan is never cut

// Options that do not apply to the report asked for.
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --format=json --no-fold 2>&1 | FileCheck %s --check-prefix=NOFOLD
// NOFOLD: graph-diff-opt: --no-fold does not apply to --format=json; it applies to --format=text and --format=markdown
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --stat --no-fold 2>&1 | FileCheck %s --check-prefix=STATFOLD
// STATFOLD: graph-diff-opt: --no-fold does not apply to --stat;
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --format=markdown --width=80 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: graph-diff-opt: --width does not apply to --format=markdown; it applies to --format=text
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --format=html --color=always 2>&1 | FileCheck %s --check-prefix=COLOR
// COLOR: graph-diff-opt: --color does not apply to --format=html; it applies to --format=text
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --check-plan=plan.mlir --func=blocks 2>&1 | FileCheck %s --check-prefix=CHECKPLAN
// CHECKPLAN: graph-diff-opt: --func does not apply to --check-plan, which checks a plan file and writes no report

//--- src.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = lg.node @c1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r1 = lg.node @r1 "ReLU"(%c1) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r1) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
lg.graph @other(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}
lg.graph @old(%x: i32) -> i32 {
  %o = lg.node @o "Old"(%x) : (i32) -> i32
  lg.output %o : i32
}

//--- tgt.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f1 = lg.node @f1 "ConvReLU"(%x) stateful fused_from [@c1, @r1] : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Dense"(%f1) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
lg.graph @other(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}
lg.graph @new(%x: i32) -> i32 {
  %n = lg.node @n "New"(%x) : (i32) -> i32
  %m = lg.node @m "More"(%n) : (i32) -> i32
  lg.output %m : i32
}
