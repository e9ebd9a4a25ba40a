// A graph's own attributes (argument and result attributes, visibility, any
// other attribute of the function op but its name and type) are part of the
// diff: a change is a `patch.set_graph_attributes` with the target's values
// (positions are the target's) and the source's in `was`, applied last, and
// the isomorphism check compares them. (Was: they were ignored; two inputs
// that differ only there gave exit 0 and an empty plan. Found by fuzzing:
// test/Fuzz/crashers/diff/graph-arg-attributes.)
// RUN: rm -rf %t && split-file %s %t

// An argument attribute's value changes, a result attribute is added.
// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/b.mlir --verify -o %t/ab.mlir
// RUN: FileCheck %s --check-prefix=PLAN --input-file=%t/ab.mlir
// PLAN:      patch.plan @f to @f {
// PLAN-NEXT:   patch.set_graph_attributes {arg_attrs = [{llvm.name = "other"}, {}], res_attrs = [{llvm.noundef}]} was {arg_attrs = [{llvm.name = "input"}, {}]}
// PLAN-NEXT: }
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/b.mlir --check-plan=%t/ab.mlir
// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/b.mlir --format=text --width=0 | FileCheck %s --check-prefix=TEXT
// TEXT:      graph @f (similarity 100.0%)
// TEXT-NEXT:   set graph attributes (arg_attrs, res_attrs)  {{.*}}b.mlir:1:1
// TEXT-NEXT:     arg_attrs: [{llvm.name = "input"}, {}] -> [{llvm.name = "other"}, {}]; res_attrs: none -> [{llvm.noundef}]
// TEXT-NEXT: summary: 1 unchanged, 0 updated
// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/b.mlir --format=json | FileCheck %s --check-prefix=JSON
// JSON:      "kind": "set_graph_attributes",
// JSON-NEXT: "details": [
// JSON-NEXT:   {
// JSON-NEXT:     "change": "attribute",
// JSON-NEXT:     "name": "arg_attrs",

// A plan without the action does not give the target.
// RUN: %expect_exit 2 graph-diff-opt %t/a.mlir %t/b.mlir --check-plan=%t/empty.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: b.mlir:1:1: error: the applied plan does not give the target: the graph's attributes are {arg_attrs = [{llvm.name = "input"}, {}]} here but {arg_attrs = [{llvm.name = "other"}, {}], res_attrs = [{llvm.noundef}]} in the target

// Attributes gone and visibility changed.
// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/c.mlir --verify -o %t/ac.mlir
// RUN: FileCheck %s --check-prefix=DROP --input-file=%t/ac.mlir
// DROP:      patch.plan @f to @f {
// DROP-NEXT:   patch.set_graph_attributes {sym_visibility = "private"} was {arg_attrs = [{llvm.name = "input"}, {}]}
// DROP-NEXT: }
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/c.mlir --check-plan=%t/ac.mlir

// The same attributes written otherwise (an explicit list of empty argument
// dictionaries is no attribute) are no change.
// RUN: %expect_exit 0 graph-diff-opt %t/c.mlir %t/c-generic.mlir --verify

// An input retyped (removed and added) keeps its attributes in the target:
// input edits leave the attributes of the edited positions empty, so the
// plan restates them (no `was`: nothing changed), and the report shows no
// attribute change.
// RUN: sed 's/%x: i64 {llvm.name = "input"}/%x: i16 {llvm.name = "input"}/; s/%y: i32)/%y: i32 {llvm.noundef})/' %t/a.mlir > %t/d.mlir
// RUN: sed 's/%y: i32)/%y: i32 {llvm.noundef})/' %t/a.mlir > %t/a2.mlir
// RUN: %expect_exit 1 graph-diff-opt %t/a2.mlir %t/d.mlir --verify | FileCheck %s --check-prefix=RESTATE
// RESTATE:      patch.add_input new %arg0 at 0 : i16
// RESTATE-NEXT: patch.remove_input %arg0
// RESTATE-NEXT: patch.set_graph_attributes {arg_attrs = [{llvm.name = "input"}, {llvm.noundef}]}{{$}}
// RUN: %expect_exit 1 graph-diff-opt %t/a2.mlir %t/d.mlir --format=text | FileCheck %s --check-prefix=RESTATE-TEXT
// RESTATE-TEXT-NOT: graph attributes
// RESTATE-TEXT:     added input
// RESTATE-TEXT-NOT: graph attributes

// The `lg` dialect's graphs alike.
// RUN: %expect_exit 1 graph-diff-opt %t/lg-a.mlir %t/lg-b.mlir --verify | FileCheck %s --check-prefix=LG
// LG: patch.set_graph_attributes {arg_attrs = [{lg.role = "mask"}]} was {arg_attrs = [{lg.role = "image"}]}

//--- a.mlir
func.func @f(%x: i64 {llvm.name = "input"}, %y: i32) -> i32 {
  %0 = arith.addi %y, %y : i32
  return %0 : i32
}
//--- b.mlir
func.func @f(%x: i64 {llvm.name = "other"}, %y: i32) -> (i32 {llvm.noundef}) {
  %0 = arith.addi %y, %y : i32
  return %0 : i32
}
//--- c.mlir
func.func private @f(%x: i64, %y: i32) -> i32 {
  %0 = arith.addi %y, %y : i32
  return %0 : i32
}
//--- c-generic.mlir
"func.func"() <{arg_attrs = [{}, {}], function_type = (i64, i32) -> i32, sym_name = "f", sym_visibility = "private"}> ({
^bb0(%x: i64, %y: i32):
  %0 = arith.addi %y, %y : i32
  func.return %0 : i32
}) : () -> ()
//--- empty.mlir
patch.plan @f to @f {
}
//--- lg-a.mlir
lg.graph @g(%x: tensor<4xf32> {lg.role = "image"}) -> tensor<4xf32> {
  %a = lg.node @a "Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
//--- lg-b.mlir
lg.graph @g(%x: tensor<4xf32> {lg.role = "mask"}) -> tensor<4xf32> {
  %a = lg.node @a "Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
