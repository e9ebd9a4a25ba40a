// graph-snapshot remembers the module; graph-diff prints the plan of what the
// passes between them did. Elementwise fusion keeps the consumer's location on
// the fused op, so the fusion shows as a replace anchored on the consumer.
// RUN: graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{verify=true})' | FileCheck %s

// Without a snapshot there is nothing to diff against: one located line,
// not the module printed after it.
// RUN: not graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-diff)' 2>&1 | FileCheck %s --check-prefix=NO-SNAPSHOT
// RUN: not graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-diff)' 2>&1 | count 1
// NO-SNAPSHOT: {{.*}}snapshot-diff.mlir:{{[0-9]+}}:{{[0-9]+}}: error: graph-diff: no graph-snapshot ran before it in this pipeline

// Every report format, to stdout or to a file (`output=`).
// RUN: graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{format=text})' | FileCheck %s --check-prefix=TEXT
// Similarity: @add_relu has 4 source and 3 target nodes, two unchanged on
// each side (4) and two fused into one (3 halves): 5.5 / 7 = 78.6%; with
// @untouched (2 of 2): 7.5 / 9 = 83.3%.
// TEXT:      --- graph-snapshot
// TEXT-NEXT: +++ graph-diff
// TEXT-NEXT: graph @add_relu (similarity 78.6%)
// TEXT-NEXT:   fused linalg.generic(arith.addf) + linalg.generic(arith.maximumf) into
// TEXT-NEXT:       linalg.generic(arith.addf,arith.maximumf): source %1 + %2 -> target %1  [location]
// TEXT:      graph @untouched: unchanged (1 node)
// TEXT-NEXT: summary: 3 unchanged, 0 updated, 2 replaced, 0 deleted, 0 inserted; similarity 83.3%
// RUN: rm -f %t.json && graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{format=json output=%t.json})' && python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(r['schema'], r['source_file'], [a['kind'] for g in r['graphs'] for a in g['actions']])" %t.json | FileCheck %s --check-prefix=JSON
// JSON: graph-diff-report graph-snapshot ['delete', 'replace']
// RUN: graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{format=html output=%t.html})' && FileCheck %s --check-prefix=HTML < %t.html
// HTML: <!DOCTYPE html>
// RUN: graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{format=markdown})' | FileCheck %s --check-prefix=MD
// MD: <details><summary><b>@add\_relu</b>: 1 change, similarity 78.6%</summary>
// RUN: not graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,graph-diff{format=xml})' 2>&1 | FileCheck %s --check-prefix=BADFORMAT
// BADFORMAT: for the --format option: Cannot find option named 'xml'!
// BADFORMAT: failed to add `graph-diff` with options `format=xml`

// CHECK-LABEL: patch.plan @add_relu to @add_relu {
// Inside a pipeline there are no parser names: nodes are named as the
// printer numbers them (%1 is %sum, %2 is %relu, %0 is %e).
// CHECK-NEXT:    patch.delete %1 absorbed_by %2 stage "location"
// CHECK-NEXT:    patch.replace %2 with new %1 region [%1, %2] inputs(%arg0, %arg1, %0, %cst) results(%2) stage "location" {
// CHECK-NEXT:    ^bb0(%in0: tensor<8xf32>, %in1: tensor<8xf32>, %in2: tensor<8xf32>, %in3: f32):
// CHECK-NEXT:      %0 = linalg.generic
// CHECK:             arith.addf
// CHECK-NEXT:        arith.maximumf %{{.*}}, %in3
// CHECK:         }
// CHECK-NEXT:  }
// CHECK-LABEL: patch.plan @untouched to @untouched {
// CHECK-NEXT:  }

#map = affine_map<(d0) -> (d0)>
func.func @add_relu(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
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

func.func @untouched(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
