// A bufferized op lowered to a loop nest (--convert-linalg-to-affine-loops,
// then --lower-affine) reads its bounds and then what its body captures; an
// op that reads the same buffer twice has as many slots as that. Slot counts
// that happen to agree say nothing: the producers pair through the buffers
// (was: slot by slot, so the first generic's nest was deleted and inserted).
// RUN: mlir-opt %s --convert-linalg-to-affine-loops --lower-affine -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      graph @f
// CHECK-DAG:  updated linalg.generic(math.exp) -> scf.for({{.*}}) (kind; inputs): source %linalg.generic.0
// CHECK-DAG:  updated linalg.generic(arith.addf,arith.mulf) -> scf.for({{.*}}) (kind; inputs): source %linalg.generic.1
// CHECK-NOT:  deleted linalg
// CHECK:      summary: 1 unchanged, 2 updated, 0 replaced, 0 deleted, 6 inserted

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @f(%arg0: memref<4x8xf32>, %bias: memref<8xf32>, %scale: memref<8xf32>) -> memref<4x8xf32> {
  %alloc = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x8xf32>) outs(%alloc : memref<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  }
  // Six slots, as the nest below has: three bounds and three buffers.
  linalg.generic {indexing_maps = [#map, #map1, #map1, #map1, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %bias, %scale, %scale, %bias : memref<4x8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>) outs(%alloc : memref<4x8xf32>) {
  ^bb0(%in: f32, %b: f32, %s: f32, %s2: f32, %b2: f32, %out: f32):
    %0 = arith.addf %in, %b : f32
    %1 = arith.mulf %0, %s2 : f32
    linalg.yield %1 : f32
  }
  return %alloc : memref<4x8xf32>
}
