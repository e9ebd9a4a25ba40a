// A small convolution block as a front end exports it: two conv layers, each
// followed by batch norm and ReLU, then a pooling head.
lg.graph @conv_block(%image: tensor<1x3x32x32xf32>) -> tensor<1x10xf32> {
  %c1 = lg.node @conv1 "Conv2d"(%image) stateful metadata {line = 14 : i64, out_channels = 16 : i64} : (tensor<1x3x32x32xf32>) -> tensor<1x16x32x32xf32>
  %b1 = lg.node @bn1 "BatchNorm2d"(%c1) stateful metadata {line = 15 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %r1 = lg.node @relu1 "ReLU"(%b1) metadata {line = 16 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %c2 = lg.node @conv2 "Conv2d"(%r1) stateful metadata {line = 17 : i64, out_channels = 16 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %b2 = lg.node @bn2 "BatchNorm2d"(%c2) stateful metadata {line = 18 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %r2 = lg.node @relu2 "ReLU"(%b2) metadata {line = 19 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %d = lg.node @dropout "Dropout"(%r2) metadata {line = 20 : i64, p = 5.000000e-01 : f64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %p = lg.node @pool "AdaptiveAvgPool2d"(%d) metadata {line = 21 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16xf32>
  %f = lg.node @fc "Linear"(%p) stateful metadata {line = 22 : i64} : (tensor<1x16xf32>) -> tensor<1x10xf32>
  lg.output %f : tensor<1x10xf32>
}
