// A constant is its value: canonicalization erases a constant nothing reads
// any more, and a later lowering makes an identical one (a loop's lower
// bound). The output constant has no location of its own (the last
// canonicalization merged the two copies the loop nests made), so blame
// links it to the erased input constant: origin `recreated`, from that
// constant, and the input constant's history says it was made again (was:
// erased, and the output constant created from nothing). A constant a pass
// gives a location is not linked: the location says where it was made.
// RUN: graph-diff-opt %s -o /dev/null --mlir-print-debuginfo --graph-diff-blame --canonicalize --convert-linalg-to-loops --canonicalize 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: graph-diff-opt %s -o /dev/null --graph-diff-blame --blame=%s:%(line+26) --canonicalize --convert-linalg-to-loops --canonicalize 2>&1 | FileCheck %s --check-prefix=QUERY
// RUN: graph-diff-opt %s -o /dev/null --graph-diff-blame --blame-format=json --canonicalize --convert-linalg-to-loops --canonicalize 2>&1 | FileCheck %s --check-prefix=JSON

// TEXT:      %c0 arith.constant  #2 convert-linalg-to-loops (recreated)  %c0@[[#LINE:]]
// TEXT-NEXT: %c8 arith.constant  #2 convert-linalg-to-loops (created)    (new)
// TEXT:      erased:
// TEXT-NOT:  %c0
// TEXT:      passes:

// QUERY:      %c0 arith.constant at {{.*}}recreated-constants.mlir:[[#]]:9
// QUERY-NEXT:   #1 canonicalize             erased
// QUERY-NEXT:   #2 convert-linalg-to-loops  made again (arith.constant)
// QUERY-NEXT:   #3 canonicalize             kept
// QUERY-NEXT:   now: %c0 arith.constant

// JSON:      "origin": "recreated",
// JSON-NEXT: "pass": 2,
// JSON-NEXT: "from": [
// JSON-NEXT:   "%c0"
// JSON:      "fate": "erased"
// JSON:      "fate": "recreated",
// JSON-NEXT: "op": "arith.constant"
// JSON:      "output": "%c0"

#id = affine_map<(d0) -> (d0)>
func.func @f(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %unused = memref.load %x[%c0] : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : memref<8xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%y : memref<8xf32>) outs(%z : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.sqrt %in : f32
    linalg.yield %e : f32
  }
  return
}
