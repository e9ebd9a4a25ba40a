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
