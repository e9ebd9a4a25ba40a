// Values too long for a line are shortened around the part where the two
// differ, as `diff -u` shows a hunk, not cut after their first 60
// characters: two indexing_maps that differ only in their last map read
// differently in the text, markdown and HTML reports. The JSON keeps both
// values whole.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --width=0 | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=markdown | FileCheck %s --check-prefix=MD
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html | FileCheck %s --check-prefix=HTML
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json | FileCheck %s --check-prefix=JSON

// TEXT:      indexing_maps: ...2, d3) -> (d0, d1, d2, d3)>] -> ...2, d3) -> (d0, d1, d3, d2)>]; iterator_types: ...inalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_... -> ...inalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_...
// (iterator_types: a long difference is cut at 60 characters of it, after
// 20 of context.)

// MD: - indexing\_maps: `...2, d3) -> (d0, d1, d2, d3)>]` → `...2, d3) -> (d0, d1, d3, d2)>]`

// HTML: <span class="details">indexing_maps: ...2, d3) -&gt; (d0, d1, d2, d3)&gt;] -&gt; ...2, d3) -&gt; (d0, d1, d3, d2)&gt;]; iterator_types:

// JSON:      "name": "indexing_maps",
// JSON-NEXT: "before": "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]",
// JSON-NEXT: "after": "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>]"

//--- src.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @f(%a: tensor<2x3x4x4xf32>, %b: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) outs(%e : tensor<2x3x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
//--- tgt.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#tr = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
func.func @f(%a: tensor<2x3x4x4xf32>, %b: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #tr], iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%a, %b : tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) outs(%e : tensor<2x3x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
