#!/usr/bin/env python3
"""Generates big linalg-on-tensors models in the form torch-mlir exports
(the corpus's resnet18.mlir): BatchNorm as a linalg.generic behind a
`cf.assert`, ReLU as cmpf/select, convolutions on tensor.empty + linalg.fill,
torch.cat as tensor.empty + one tensor.insert_slice per input, splat weights.

  gen_model.py densenet201   torchvision DenseNet-201's topology (blocks of
                             6, 12, 48, 32 layers, growth 32), ~4100 nodes
  gen_model.py tower N       N residual BN-ReLU-Conv units, ~20*N nodes

The viewer's tests and scripts/viewer-benchmark.sh diff these against
`graph-diff-opt MODEL --linalg-fuse-elementwise-ops`."""

import sys

F = "f32"


class Emitter:
    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}

    def fresh(self):
        self.n += 1
        return "%%%d" % self.n

    def emit(self, text):
        self.lines.append("    " + text)

    def const(self, shape, value, shared):
        key = (tuple(shape), value)
        if shared and key in self.consts:
            return self.consts[key]
        name = self.fresh()
        self.emit("%s = arith.constant dense<%s> : %s" % (name, value, ty(shape)))
        if shared:
            self.consts[key] = name
        return name

    def scalar(self, text, type_):
        key = (text, type_)
        if key not in self.consts:
            name = self.fresh()
            if type_ == "i1":
                self.emit("%s = arith.constant %s" % (name, text))
            else:
                self.emit("%s = arith.constant %s : %s" % (name, text, type_))
            self.consts[key] = name
        return self.consts[key]


def ty(shape):
    return "tensor<%s>" % "x".join(str(d) for d in shape + [F])


class Model:
    def __init__(self):
        self.e = Emitter()
        self.weight = 0

    def empty(self, shape):
        name = self.e.fresh()
        self.e.emit("%s = tensor.empty() : %s" % (name, ty(shape)))
        return name

    def filled(self, shape, value):
        init = self.empty(shape)
        name = self.e.fresh()
        self.e.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s"
                    % (name, self.e.scalar(value, "f32"), init, ty(shape), ty(shape)))
        return name

    def pad(self, x, shape, p, value):
        out = [shape[0], shape[1], shape[2] + 2 * p, shape[3] + 2 * p]
        fill = self.e.scalar(value, "f32")
        name = self.e.fresh()
        self.e.emit("%s = tensor.pad %s low[0, 0, %d, %d] high[0, 0, %d, %d] {" % (name, x, p, p, p, p))
        self.e.emit("^bb0(%i0: index, %i1: index, %i2: index, %i3: index):")
        self.e.emit("  tensor.yield %s : f32" % fill)
        self.e.emit("} : %s to %s" % (ty(shape), ty(out)))
        return name, out

    def conv(self, x, shape, cout, k, stride, p):
        if p:
            x, shape = self.pad(x, shape, p, "0.000000e+00")
        self.weight += 1
        w = self.e.const([cout, shape[1], k, k], "%.6fe-03" % (self.weight % 997 / 100.0), False)
        hw = (shape[2] - k) // stride + 1
        out = [1, cout, hw, hw]
        init = self.filled(out, "0.000000e+00")
        name = self.e.fresh()
        self.e.emit("%s = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, "
                    "strides = dense<%d> : vector<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                    % (name, stride, x, w, ty(shape), ty([cout, shape[1], k, k]), init, ty(out), ty(out)))
        return name, out

    def bn(self, x, shape):
        c = shape[1]
        false = self.e.scalar("false", "i1")
        eps = self.e.scalar("1.000000e-05", "f64")
        ones = self.e.const([c], "1.000000e+00", True)
        zeros = self.e.const([c], "0.000000e+00", True)
        check = self.e.fresh()
        self.e.emit("%s = arith.cmpi eq, %s, %s : i1" % (check, false, false))
        self.e.emit('cf.assert %s, "training is not supported for now"' % check)
        init = self.empty(shape)
        name = self.e.fresh()
        cty = ty([c])
        self.e.emit("%s = linalg.generic {indexing_maps = [#map, #map1, #map1, #map1, #map1, #map], "
                    'iterator_types = ["parallel", "parallel", "parallel", "parallel"]} '
                    "ins(%s, %s, %s, %s, %s : %s, %s, %s, %s, %s) outs(%s : %s) {"
                    % (name, x, ones, zeros, zeros, ones, ty(shape), cty, cty, cty, cty, init, ty(shape)))
        self.e.emit("^bb0(%in: f32, %w: f32, %b: f32, %m: f32, %v: f32, %out: f32):")
        self.e.emit("  %t0 = arith.truncf " + eps + " : f64 to f32")
        self.e.emit("  %t1 = arith.addf %v, %t0 : f32")
        self.e.emit("  %t2 = math.rsqrt %t1 : f32")
        self.e.emit("  %t3 = arith.subf %in, %m : f32")
        self.e.emit("  %t4 = arith.mulf %t3, %t2 : f32")
        self.e.emit("  %t5 = arith.mulf %t4, %w : f32")
        self.e.emit("  %t6 = arith.addf %t5, %b : f32")
        self.e.emit("  linalg.yield %t6 : f32")
        self.e.emit("} -> %s" % ty(shape))
        return name

    def elementwise(self, inputs, shape, body):
        init = self.empty(shape)
        name = self.e.fresh()
        maps = ", ".join(["#map"] * (len(inputs) + 1))
        args = ", ".join("%%a%d: f32" % i for i in range(len(inputs)))
        self.e.emit('%s = linalg.generic {indexing_maps = [%s], iterator_types = ["parallel", "parallel", '
                    '"parallel", "parallel"]} ins(%s : %s) outs(%s : %s) {'
                    % (name, maps, ", ".join(inputs), ", ".join([ty(shape)] * len(inputs)), init, ty(shape)))
        self.e.emit("^bb0(%s, %%out: f32):" % args)
        for line in body:
            self.e.emit("  " + line)
        self.e.emit("} -> %s" % ty(shape))
        return name

    def relu(self, x, shape):
        zero = self.e.scalar("0.000000e+00", "f32")
        return self.elementwise([x], shape, ["%r0 = arith.cmpf ugt, %a0, " + zero + " : f32",
                                             "%r1 = arith.select %r0, %a0, " + zero + " : f32",
                                             "linalg.yield %r1 : f32"])

    def add(self, x, y, shape):
        return self.elementwise([x, y], shape, ["%r0 = arith.addf %a0, %a1 : f32", "linalg.yield %r0 : f32"])

    def pool(self, x, shape, k, stride, p, kind):
        if p:
            x, shape = self.pad(x, shape, p, "-3.40282347E+38" if kind == "max" else "0.000000e+00")
        hw = (shape[2] - k) // stride + 1
        out = [1, shape[1], hw, hw]
        init = self.filled(out, "-3.40282347E+38" if kind == "max" else "0.000000e+00")
        window = self.empty([k, k])
        name = self.e.fresh()
        self.e.emit("%s = linalg.pooling_nchw_%s {dilations = dense<1> : vector<2xi64>, strides = dense<%d> : "
                    "vector<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                    % (name, kind, stride, x, window, ty(shape), ty([k, k]), init, ty(out), ty(out)))
        if kind == "sum":
            div = self.e.scalar("%.6e" % float(k * k), "f32")
            name = self.elementwise([name], out, ["%r0 = arith.divf %a0, " + div + " : f32",
                                                  "linalg.yield %r0 : f32"])
        return name, out

    def cat(self, parts):
        hw = parts[0][1][2]
        total = sum(s[1] for _, s in parts)
        out = [1, total, hw, hw]
        acc = self.empty(out)
        offset = 0
        for x, s in parts:
            name = self.e.fresh()
            self.e.emit("%s = tensor.insert_slice %s into %s[0, %d, 0, 0] [1, %d, %d, %d] [1, 1, 1, 1] : %s into %s"
                        % (name, x, acc, offset, s[1], hw, hw, ty(s), ty(out)))
            acc = name
            offset += s[1]
        return acc, out

    def unit(self, x, shape, cout, k, p):
        y = self.relu(self.bn(x, shape), shape)
        return self.conv(y, shape, cout, k, 1, p)

    def head(self, x, shape, classes):
        x = self.relu(self.bn(x, shape), shape)
        x, shape = self.pool(x, shape, shape[2], 1, 0, "sum")
        flat = self.e.fresh()
        self.e.emit("%s = tensor.collapse_shape %s [[0], [1, 2, 3]] : %s into tensor<1x%dxf32>"
                    % (flat, x, ty(shape), shape[1]))
        w = self.e.const([shape[1], classes], "1.000000e-03", False)
        init = self.filled([1, classes], "0.000000e+00")
        mm = self.e.fresh()
        self.e.emit("%s = linalg.matmul ins(%s, %s : tensor<1x%dxf32>, %s) outs(%s : %s) -> %s"
                    % (mm, flat, w, shape[1], ty([shape[1], classes]), init, ty([1, classes]), ty([1, classes])))
        return mm, [1, classes]

    def module(self, name, insize, result, out_shape):
        header = ["#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>",
                  "#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>",
                  "module {",
                  "  func.func @%s(%%arg0: %s) -> %s {" % (name, ty(insize), ty(out_shape))]
        return "\n".join(header + self.e.lines + ["    return %s : %s" % (result, ty(out_shape)), "  }", "}"]) + "\n"


def densenet201():
    m = Model()
    x, s = m.conv("%arg0", [1, 3, 64, 64], 64, 7, 2, 3)
    x = m.relu(m.bn(x, s), s)
    x, s = m.pool(x, s, 3, 2, 1, "max")
    for b, layers in enumerate((6, 12, 48, 32)):
        features = [(x, s)]
        for _ in range(layers):
            cat, cs = m.cat(features) if len(features) > 1 else features[0]
            y, ys = m.unit(cat, cs, 128, 1, 0)
            y, ys = m.unit(y, ys, 32, 3, 1)
            features.append((y, ys))
        x, s = m.cat(features)
        if b < 3:
            x, s = m.unit(x, s, s[1] // 2, 1, 0)
            x, s = m.pool(x, s, 2, 2, 0, "sum")
    y, ys = m.head(x, s, 1000)
    return m.module("forward", [1, 3, 64, 64], y, ys)


def tower(n):
    m = Model()
    x, s = m.conv("%arg0", [1, 3, 8, 8], 16, 3, 1, 1)
    for _ in range(n):
        y, ys = m.unit(x, s, 16, 3, 1)
        y, ys = m.unit(y, ys, 16, 1, 0)
        x = m.add(x, y, s)
    y, ys = m.head(x, s, 10)
    return m.module("forward", [1, 3, 8, 8], y, ys)


if __name__ == "__main__":
    if sys.argv[1] == "densenet201":
        sys.stdout.write(densenet201())
    elif sys.argv[1] == "tower":
        sys.stdout.write(tower(int(sys.argv[2])))
    else:
        sys.exit("usage: gen_model.py densenet201 | tower N")
