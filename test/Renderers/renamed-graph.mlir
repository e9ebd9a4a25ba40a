// A renamed graph (the only graph of each side, paired whatever its path; its
// plan renames it) is a change that every report says, with its nodes
// unchanged or not, and that --func selects by either name. (Was: exit 0 and
// `graph @f -> target @g: unchanged` in text; the other reports said nothing
// of it, or only through the two names. Issue 30, item 4.)
// RUN: rm -rf %t && split-file %s %t

// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --format=text --width=0 | FileCheck %s --check-prefix=TEXT
// TEXT:      graph @f renamed to @g: nodes unchanged (1 node)
// TEXT-NEXT: summary: 1 unchanged, 0 updated, 0 replaced, 0 deleted, 0 inserted; similarity 100.0%; graphs: 0 removed, 0 added, 1 renamed
// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g-changed.mlir --format=text --width=0 | FileCheck %s --check-prefix=TEXT-CHANGED
// TEXT-CHANGED:      graph @f renamed to @g (similarity 50.0%)
// TEXT-CHANGED-NEXT:   updated arith.addi -> arith.muli (kind): source %a

// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --format=json | FileCheck %s --check-prefix=JSON
// JSON:      "source": "f",
// JSON-NEXT: "target": "g",
// JSON:      "mapping": [
// JSON:      ],
// JSON-NEXT: "renamed": {
// JSON-NEXT:   "source": "f",
// JSON-NEXT:   "target": "g"
// JSON-NEXT: }
// RUN: %expect_exit 0 graph-diff-opt %t/f.mlir %t/f.mlir --format=json | FileCheck %s --check-prefix=UNRENAMED
// UNRENAMED: "renamed": null

// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --format=markdown | FileCheck %s --check-prefix=MARKDOWN
// MARKDOWN:     | `@f` renamed to `@g` | 100.0% | 1 | 0 | 0 | 0 | 0 |
// MARKDOWN-NOT: No differences

// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --format=html | FileCheck %s --check-prefix=HTML
// HTML: <tr><th>@f (renamed to @g)</th>
// HTML: <p class="updated">graph @f: renamed to @g</p>
// HTML: <h2>@f renamed to @g</h2>

// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --format=dot | FileCheck %s --check-prefix=DOT
// DOT: label="@f renamed to @g";

// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --stat | FileCheck %s --check-prefix=STAT
// STAT:      graphs renamed: 1 (@f -> @g)
// STAT-NEXT: 0 op kinds changed, 0 removed (-), 0 added (+), 0 updated (~); similarity 100.0%

// Model Explorer: graphs by symbol path, so a graph renamed out of a nested
// module is told apart; graphDiff.pairs says it was renamed.
// RUN: %expect_exit 1 graph-diff-opt %t/nested.mlir %t/f.mlir --format=model-explorer -o %t/me.json
// RUN: FileCheck %s --check-prefix=ME < %t/me.json
// RUN: python3 %S/Inputs/check_model_explorer.py %t/me.json | FileCheck %s --check-prefix=ME-CHECK
// ME:      "pairs": [
// ME-NEXT:   {
// ME-NEXT:     "source": "@m::@f (source)",
// ME-NEXT:     "target": "@f (target)",
// ME-NEXT:     "renamed": true
// ME-NEXT:   }
// ME-CHECK: @m::@f (source): 3 nodes, 2 edges; @f (target): 3 nodes, 2 edges (renamed)

// --func selects the pair by its source's or its target's name.
// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --func=f --format=text --width=0 | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --func=g --format=text --width=0 | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --func=g | FileCheck %s --check-prefix=MLIR
// MLIR: patch.plan @f to @g {
// RUN: %expect_exit 0 graph-diff-opt %t/f.mlir %t/g.mlir --func=h --format=text | FileCheck %s --check-prefix=NONE
// NONE: summary: 0 unchanged

//--- f.mlir
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}
//--- g.mlir
func.func @g(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}
//--- g-changed.mlir
func.func @g(%x: i32) -> i32 {
  %a = arith.muli %x, %x : i32
  return %a : i32
}
//--- nested.mlir
module {
  module @m {
    func.func @f(%x: i32) -> i32 {
      %a = arith.addi %x, %x : i32
      return %a : i32
    }
  }
}
