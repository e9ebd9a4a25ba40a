// --graph-diff-after-change prints, to stderr, what every pass that changed
// the IR changed, and nothing for the passes that did not: by default one
// section per pass with its name and the folded text report; =mlir the
// plans; =json one JSON line per pass.
// RUN: graph-diff-opt %s -o /dev/null --mlir-disable-threading --graph-diff-after-change --cse --linalg-fuse-elementwise-ops --canonicalize 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: graph-diff-opt %s -o /dev/null --mlir-disable-threading --graph-diff-after-change=mlir --cse --linalg-fuse-elementwise-ops --canonicalize 2>&1 | FileCheck %s
// RUN: graph-diff-opt %s -o /dev/null --mlir-disable-threading --graph-diff-after-change=json --cse --linalg-fuse-elementwise-ops --canonicalize 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: graph-diff-opt %s -o /dev/null --mlir-disable-threading --graph-diff-after-change=json --cse --linalg-fuse-elementwise-ops 2>&1 | python3 -c "import json, sys; print([json.loads(l)['pass'] for l in sys.stdin])" | FileCheck %s --check-prefix=JSONLINES

// cse erases the unused constant (the printer calls it %cst_0).
// TEXT:       // -----// Diff after cse //----- //
// TEXT-NEXT:  --- before cse
// TEXT-NEXT:  +++ after cse
// TEXT-NEXT:  graph @add_relu (similarity 88.9%)
// TEXT-NEXT:    deleted arith.constant: source %cst_0  {{.*}}after-change.mlir:{{[0-9]+}}:13
// TEXT-NEXT:  summary: 4 unchanged, 0 updated, 0 replaced, 1 deleted, 0 inserted; similarity 88.9%
// TEXT-NEXT:  // -----// Diff after linalg-fuse-elementwise-ops //----- //
// TEXT:         fused linalg.generic(arith.addf) + linalg.generic(arith.maximumf) into
// TEXT-NEXT:        linalg.generic(arith.addf,arith.maximumf): source %1 + %2 -> target %1  [location]
// TEXT-NOT:   Diff after

// CHECK:       // -----// Plan after cse //----- //
// CHECK:       patch.plan @add_relu to @add_relu {
// CHECK-NEXT:    patch.delete %cst_0{{$}}
// CHECK-NEXT:  }
// CHECK:       // -----// Plan after linalg-fuse-elementwise-ops //----- //
// CHECK:       patch.plan @add_relu to @add_relu {
// CHECK-NEXT:    patch.delete %1 absorbed_by %2 stage "location"
// CHECK-NEXT:    patch.replace %2 with new %1 region [%1, %2]
// canonicalize changes nothing left, so it prints no plan.
// CHECK-NOT:   Plan after

// JSON:      {"pass":"cse","report":{"schema":"graph-diff-report","version":1,"source_file":"before cse","target_file":"after cse",{{.*}}}}
// JSON-NEXT: {"pass":"linalg-fuse-elementwise-ops","report":{{.*}}"kind":"replace"
// JSON-NOT:  canonicalize
// JSONLINES: ['cse', 'linalg-fuse-elementwise-ops']

// --graph-diff-after-change belongs to one input run through passes.
// RUN: %expect_exit 2 graph-diff-opt %s %s --graph-diff-after-change 2>&1 | FileCheck %s --check-prefix=DIFFMODE
// DIFFMODE: graph-diff-opt: --graph-diff-after-change applies to one input run through passes, not to a diff

#map = affine_map<(d0) -> (d0)>
func.func @add_relu(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %unused = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %relu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%sum : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %cst : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %relu : tensor<8xf32>
}
