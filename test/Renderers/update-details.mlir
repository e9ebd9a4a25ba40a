// An update says what changed, not only which kind of change: each
// attribute with its old and new value (long values cut), each operand with
// the reference it read and now reads, the result types; in every report
// for people and in the JSON `details`. A replace by a constant, or of
// constants into the one node they fold into, reads as a fold.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify --format=text --width=0 | FileCheck %s --check-prefix=TEXT --match-full-lines
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=markdown | FileCheck %s --check-prefix=MD
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json | FileCheck %s --check-prefix=JSON
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html | FileCheck %s --check-prefix=HTML
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --width=0 --only=fold | FileCheck %s --check-prefix=ONLY

// %cst's value changed (a splat: printed whole); one of %w's 12 values
// changed (cut, with how many differ: only the last, 12.0 -> 13.0); %1 reads %b instead of %a at operand #1; %2 gained a fastmath flag;
// %3 was f32 and is now f16 (a truncf result). The three constants and the
// addf of @fold became one constant (canonicalize's folding).
// TEXT:graph @f (similarity {{.*}})
// TEXT-DAG:  updated arith.constant (attributes: value): source %cst  [structure]  {{.*}}src.mlir:3:10
// TEXT-DAG:      value: dense<1.000000e+00> : tensor<4xf32> -> dense<2.000000e+00> : tensor<4xf32>
// TEXT-DAG:  updated arith.mulf (inputs): source %1  [structure]  {{.*}}src.mlir:6:8
// TEXT-DAG:      operand #1: source %arg0 -> source %arg1
// TEXT-DAG:  updated arith.subf (attributes: fastmath): source %2  [structure]  {{.*}}src.mlir:7:8
// TEXT-DAG:      fastmath: #arith.fastmath<none> -> #arith.fastmath<fast>
// TEXT:graph @fold (similarity {{.*}})
// TEXT-NEXT:  folded arith.constant x2 + arith.addf into arith.constant: source %c1 + %c2 + %0 -> target %cst  [structure]  {{.*}}src.mlir:15:8
// TEXT:graph @weights (similarity {{.*}})
// TEXT-NEXT:  updated arith.constant (attributes: value): source %w  [structure]  {{.*}}src.mlir:21:8
// TEXT-NEXT:      value: dense<...12 values> : tensor<12xf32> -> dense<...12 values> : tensor<12xf32> (1 of 12 values differ)

// MD:      - **updated** arith.constant (attributes: value) `[structure]`
// MD-NEXT:   - source `%cst`: `{{.*}}src.mlir:3:10`
// MD-NEXT:     - value: `dense<1.000000e+00> : tensor<4xf32>` → `dense<2.000000e+00> : tensor<4xf32>`
// MD:      - **updated** arith.mulf (inputs) `[structure]`
// MD-NEXT:   - source `%1`: `{{.*}}src.mlir:6:8`
// MD-NEXT:     - operand #1: source `%arg0` → source `%arg1`
// MD:      - **folded** arith.constant x2 + arith.addf into arith.constant `[structure]`

// JSON:      "details": [
// JSON-NEXT:   {
// JSON-NEXT:     "change": "attribute",
// JSON-NEXT:     "name": "value",
// JSON-NEXT:     "before": "dense<1.000000e+00> : tensor<4xf32>",
// JSON-NEXT:     "after": "dense<2.000000e+00> : tensor<4xf32>"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON:      "details": [
// JSON-NEXT:   {
// JSON-NEXT:     "change": "operand",
// JSON-NEXT:     "position": 1,
// JSON-NEXT:     "before": "%arg0",
// JSON-NEXT:     "after": "%arg1"
// JSON-NEXT:   }
// JSON-NEXT: ],

// HTML: <span class="details">value: dense&lt;1.000000e+00&gt; : tensor&lt;4xf32&gt; -&gt; dense&lt;2.000000e+00&gt; : tensor&lt;4xf32&gt;</span>
// HTML: <span class="details">operand #1: source %arg0 -&gt; source %arg1</span>

// ONLY:      graph @f (similarity {{.*}})
// ONLY-NEXT:   (no fold)
// ONLY:      graph @fold (similarity {{.*}})
// ONLY-NEXT:   folded arith.constant x2 + arith.addf into arith.constant: source %c1 + %c2 + %0 -> target
// ONLY-NOT:  {{^}}  updated

// A result type change: the types before and after.
// RUN: %expect_exit 1 graph-diff-opt %t/types-src.mlir %t/types-tgt.mlir --format=text --width=0 | FileCheck %s --check-prefix=TYPES
// TYPES: updated arith.truncf (types): source %0  [{{.*}}]  {{.*}}types-src.mlir:2:8
// TYPES-NEXT:     result types: f16 -> bf16

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // The values are on lines 3-7.
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %0 = arith.addf %a, %cst : tensor<4xf32>
  %9 = arith.negf %0 : tensor<4xf32>
  %1 = arith.mulf %9, %a : tensor<4xf32>
  %2 = arith.subf %1, %cst : tensor<4xf32>
  return %2 : tensor<4xf32>
}

func.func @fold(%a: f32) -> f32 {
  // Lines 13-16.
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %0 = arith.addf %c1, %c2 : f32
  %1 = arith.mulf %a, %0 : f32
  return %1 : f32
}

func.func @weights(%a: tensor<12xf32>) -> tensor<12xf32> {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]> : tensor<12xf32>
  %0 = arith.addf %a, %w : tensor<12xf32>
  return %0 : tensor<12xf32>
}
//--- tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant dense<2.0> : tensor<4xf32>
  %0 = arith.addf %a, %cst : tensor<4xf32>
  %9 = arith.negf %0 : tensor<4xf32>
  %1 = arith.mulf %9, %b : tensor<4xf32>
  %2 = arith.subf %1, %cst fastmath<fast> : tensor<4xf32>
  return %2 : tensor<4xf32>
}

func.func @fold(%a: f32) -> f32 {
  %cst = arith.constant 3.0 : f32
  %1 = arith.mulf %a, %cst : f32
  return %1 : f32
}

func.func @weights(%a: tensor<12xf32>) -> tensor<12xf32> {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 13.0]> : tensor<12xf32>
  %0 = arith.addf %a, %w : tensor<12xf32>
  return %0 : tensor<12xf32>
}
//--- types-src.mlir
func.func @t(%a: f32) -> f32 {
  %0 = arith.truncf %a : f32 to f16
  %1 = arith.extf %0 : f16 to f32
  return %1 : f32
}
//--- types-tgt.mlir
func.func @t(%a: f32) -> f32 {
  %0 = arith.truncf %a : f32 to bf16
  %1 = arith.extf %0 : bf16 to f32
  return %1 : f32
}
