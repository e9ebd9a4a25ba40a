// A bufferized model lowered to affine loops, then --lower-affine: each
// affine.for becomes an scf.for with bounds of its own. Two loops of
// different dialects writing buffers of the same types and computing the
// same ops are one nest: each is an update (was: every affine.for deleted
// and every scf.for inserted, so blame lost every op at this pass).
// RUN: mlir-opt %s --convert-linalg-to-affine-loops -o %t.affine.mlir
// RUN: mlir-opt %t.affine.mlir --lower-affine -o %t.scf.mlir
// RUN: %expect_exit 1 graph-diff-opt %t.affine.mlir %t.scf.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %t.affine.mlir %t.scf.mlir --verify -o /dev/null
// CHECK:      graph @f
// CHECK-COUNT-2: updated affine.for({{.*}}) -> scf.for({{.*}}) (kind; {{.*}}inputs)
// CHECK-NOT:  deleted affine.for
// CHECK:      summary: 1 unchanged, 2 updated, 0 replaced, 0 deleted, 6 inserted

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @f(%arg0: memref<4x8xf32>, %bias: memref<8xf32>) -> memref<4x8xf32> {
  %alloc = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x8xf32>) outs(%alloc : memref<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %bias : memref<4x8xf32>, memref<8xf32>) outs(%alloc : memref<4x8xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %0 = arith.addf %in, %b : f32
    linalg.yield %0 : f32
  }
  return %alloc : memref<4x8xf32>
}
