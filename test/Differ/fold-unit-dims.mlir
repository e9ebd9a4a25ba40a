// --linalg-fold-unit-extent-dims, made by the real pass at test time. The pass
// rewrites the pad and both generics at a lower rank, between a
// `tensor.collapse_shape` of their operands and a `tensor.expand_shape` of
// their result, and their readers (the convolution, both poolings) now read
// the expand_shape. Each rewritten op is replaced by its expand_shape, whose
// result stands for the old result, and the lower-rank op, the collapse and
// its new `tensor.empty` are inserted: the readers are unchanged. Keeping
// the old op as the new one would update it, insert the expand_shape and
// rewire every reader (13 actions instead of 11). The convolution reads two
// rewritten ops (the pad and the bias generic), so it is unchanged only if
// both move. The old `tensor.empty` the generics shared went with them: it is
// deleted, not updated into one of the new empties, which tie for it (the
// second one's insert says so).
// RUN: split-file %s %t
// RUN: mlir-opt %t/src.mlir --linalg-fold-unit-extent-dims -o %t/folded.mlir
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/folded.mlir | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/folded.mlir | FileCheck %s --check-prefix=NOUPDATE
// RUN: %expect_exit 1 graph-diff-opt --format=text %t/src.mlir %t/folded.mlir | FileCheck %s --check-prefix=TEXT

// CHECK-LABEL: patch.plan @block to @block {
// CHECK-DAG:     patch.insert new %[[E1:[0-9]+]] inputs() {
// CHECK-DAG:     patch.insert new %[[BIAS:[0-9]+]] inputs(%arg2, new %[[E1]]) {
// CHECK-DAG:     patch.insert new %[[E2:[0-9]+]] inputs() because "ambiguous: {{.*}}" {
// CHECK-DAG:     patch.insert new %[[C1:collapsed]] inputs(%arg0) {
// CHECK-DAG:     patch.replace %bias with new %{{expanded_[0-9]+}} region [%bias] inputs(new %[[BIAS]]) results(%bias) stage "structure" {
// CHECK-DAG:     patch.insert new %[[PAD:padded]] inputs(new %[[C1]], %zero) {
// CHECK-DAG:     patch.replace %padded with new %expanded region [%padded] inputs(new %[[PAD]]) results(%padded) stage "structure" {
// CHECK-DAG:     patch.insert new %[[C2:collapsed_[0-9]+]] inputs(%conv) {
// CHECK-DAG:     patch.insert new %[[RELU:[0-9]+]] inputs(new %[[C2]], new %[[E2]], %zero) {
// CHECK-DAG:     patch.replace %relu with new %{{expanded_[0-9]+}} region [%relu] inputs(new %[[RELU]]) results(%relu) stage "structure" {
// CHECK-DAG:     patch.delete %init{{$}}

// A generic the function returns: the output reads the expand_shape, which
// stands for the old result, so the plan has no output edits (before: the
// generic updated, and `remove_output`/`add_output` of an unchanged type).
// CHECK-LABEL: patch.plan @returned to @returned {
// CHECK-DAG:     patch.insert new %[[E:[0-9]+]] inputs() {
// CHECK-DAG:     patch.insert new %[[C:collapsed]] inputs(%arg0) {
// CHECK-DAG:     patch.insert new %[[NEG:[0-9]+]] inputs(new %[[C]], new %[[E]]) {
// CHECK-DAG:     patch.replace %neg with new %expanded region [%neg] inputs(new %[[NEG]]) results(%neg) stage "structure" {
// CHECK-DAG:     patch.delete %init{{$}}

// NOUPDATE-NOT: patch.update
// NOUPDATE-NOT: _output

// TEXT: replaced linalg.generic with tensor.expand_shape: source %bias -> target %expanded_0
// TEXT: replaced tensor.pad with tensor.expand_shape: source %padded -> target %expanded
// TEXT: replaced linalg.generic(arith.maximumf) with tensor.expand_shape: source %relu -> target
// TEXT: deleted tensor.empty: source %init
// TEXT: graph @returned
// TEXT: replaced linalg.generic(arith.negf) with tensor.expand_shape: source %neg -> target %expanded
// TEXT: summary: 10 unchanged, 0 updated, 4 replaced, 2 deleted, 10 inserted

//--- src.mlir
#bias = affine_map<(d0, d1, d2, d3) -> (d1)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @block(%x: tensor<1x4x6x6xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x2x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x6x6xf32> to tensor<1x4x8x8xf32>
  %init = tensor.empty() : tensor<1x8x6x6xf32>
  %bias = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%init : tensor<1x8x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x6x6xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) outs(%bias : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv : tensor<1x8x6x6xf32>) outs(%init : tensor<1x8x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x6x6xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %pinit = tensor.empty() : tensor<1x8x4x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%pinit : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %pool = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%relu, %window : tensor<1x8x6x6xf32>, tensor<3x3xf32>) outs(%fill : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %pool2init = tensor.empty() : tensor<1x8x2x2xf32>
  %fill2 = linalg.fill ins(%zero : f32) outs(%pool2init : tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
  %window2 = tensor.empty() : tensor<5x5xf32>
  %pool2 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%relu, %window2 : tensor<1x8x6x6xf32>, tensor<5x5xf32>) outs(%fill2 : tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
  return %pool, %pool2 : tensor<1x8x4x4xf32>, tensor<1x8x2x2xf32>
}
func.func @returned(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %init = tensor.empty() : tensor<1x8xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x8xf32>) outs(%init : tensor<1x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x8xf32>
  return %neg : tensor<1x8xf32>
}
