// Plans and reports name ops by the user's SSA names, read from the input's
// text at each op's location (or, for an input that writes its own
// locations, from the parser's state): result groups (`%pair:2`, `%lo, %hi`),
// uses of a group's later results (`%pair#1`), names with dots, dashes and
// dollars, a numbered name the printer would number otherwise (`%7`), the
// generic syntax, and a comment inside a result list. The source reads its
// names from the text, the target (which writes `loc(...)`) from the parser's
// state; the second run swaps them.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir | FileCheck %s --check-prefix=PLAN
// RUN: %expect_exit 1 graph-diff-opt %t/tgt.mlir %t/src.mlir --format=text --width=0 | FileCheck %s --check-prefix=TEXT

// PLAN-LABEL: patch.plan @names to @names {
// PLAN-NEXT:    patch.update %7 changes ["attributes"] was {overflowFlags = #arith.overflow<none>} inputs(%a.b$c-d, %lo#1) stage "structure" {
// PLAN:         patch.update %sel changes ["inputs"] inputs(%pair#1, %lo, %7) stage "structure" {
// PLAN:         patch.update %gone changes ["kind", "inputs"] inputs(%sel, %lo#1) stage "structure" {

// TEXT:      updated arith.muli (attributes: overflowFlags): source %7  [structure]  {{.*}}tgt.mlir:7:8
// TEXT:      updated arith.xori -> arith.subi (kind; inputs): source %new.one$  [structure]  {{.*}}tgt.mlir:9:15
// TEXT-NEXT:     operand #0: source %sel -> source %7
// TEXT:      updated arith.select (inputs): source %sel  [structure]  {{.*}}tgt.mlir:8:10
// TEXT-NEXT:     operand #1: source %lo -> source %7; operand #2: source %7 -> source %lo

//--- src.mlir
func.func @names(%in.x: i32, %y$: i32) -> (i32, i32) {
  %pair:2 = arith.addui_extended %in.x, %y$ : i32, i1
  %lo, %hi = arith.mului_extended %pair#0, %in.x : i32
  %a.b$c-d = arith.addi %lo, %hi : i32
  %7 = "arith.muli"(%a.b$c-d, %hi) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %sel = arith.select %pair#1, %7, %lo : i32
  %gone = arith.subi %7, %hi : i32
  return %sel, %gone : i32, i32
}

//--- tgt.mlir
func.func @names(%in.x: i32, %y$: i32) -> (i32, i32) {
  %pair:2 = arith.addui_extended %in.x, %y$ : i32, i1 loc("pair")
  %lo, // the low half
  // and the high half:
  %hi = arith.mului_extended %pair#0, %in.x : i32 loc(#mul)
  %a.b$c-d = arith.addi %lo, %hi : i32
  %7 = "arith.muli"(%a.b$c-d, %hi) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %sel = arith.select %pair#1, %lo, %7 : i32
  %new.one$ = arith.xori %sel, %hi : i32
  return %sel, %new.one$ : i32, i32
}
#mul = loc("mul")
