// --graph-diff-blame composes the diff of every pass that changed a graph
// into one history per op: each op of the output with the pass that made or
// last changed it and the input ops it comes from, the input ops that did
// not reach the output, then what each pass did.
// RUN: graph-diff-opt %s -o %t.out.mlir --graph-diff-blame -pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops),canonicalize)' 2>&1 | FileCheck %s --check-prefix=TEXT
// The lines are those of the output as written.
// RUN: sed -n '5,7p;17,18p' %t.out.mlir | FileCheck %s --check-prefix=OUT

// TEXT:      blame: {{.*}}blame.mlir -> {{.*}}.out.mlir through 3 passes
// TEXT-EMPTY:
// TEXT-NEXT: graph @block
// TEXT-NEXT:   line  op                   pass                                    from
// TEXT-NEXT:      5  %cst arith.constant  (input)                                 %cst@[[#ZERO:]]
// TEXT-NEXT:      6  %0 tensor.empty      (input)                                 %0@[[#ZERO+2]]
// TEXT-NEXT:      7  %1 linalg.generic    #2 linalg-fuse-elementwise-ops (fused)  %1@[[#ZERO+3]] %2@[[#ZERO+4]] %3@[[#ZERO+5]] %4@[[#ZERO+6]]
// TEXT-NEXT:   erased:
// TEXT-NEXT:     %cst_0@[[#ZERO+1]] arith.constant by #1 linalg-generalize-named-ops
// TEXT-EMPTY:
// TEXT-NEXT: graph @scale
// TEXT-NEXT:   line  op                 pass                                      from
// TEXT-NEXT:     17  %0 tensor.empty    #2 linalg-fuse-elementwise-ops (created)  (new)
// TEXT-NEXT:     18  %1 linalg.generic  #2 linalg-fuse-elementwise-ops (updated)  %0@[[#ZERO+11]]
// TEXT-EMPTY:
// TEXT-NEXT: passes:
// TEXT-NEXT:   #1 linalg-generalize-named-ops  5 changed, 1 erased
// TEXT-NEXT:   #2 linalg-fuse-elementwise-ops  1 created, 1 changed, 4 fused into 1
// TEXT-NEXT:   #3 canonicalize                 no change

// OUT:      {{^}}    %cst = arith.constant 0.000000e+00 : f32
// OUT-NEXT: {{^}}    %0 = tensor.empty() : tensor<4x8xf32>
// OUT-NEXT: {{^}}    %1 = linalg.generic
// OUT:      {{^}}    %0 = tensor.empty() : tensor<8xf32>
// OUT-NEXT: {{^}}    %1 = linalg.generic

func.func @block(%x: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %add = linalg.add ins(%x, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %relu = linalg.max ins(%add, %fill : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %exp = linalg.exp ins(%relu : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %exp : tensor<4x8xf32>
}

func.func @scale(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %p = linalg.mul ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
  return %p : tensor<8xf32>
}

// The JSON document: the whole history, the same at any thread count.
// RUN: graph-diff-opt %s -o /dev/null --graph-diff-blame=%t.json --blame-format=json -pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops),canonicalize)'
// RUN: graph-diff-opt %s -o /dev/null --mlir-disable-threading --graph-diff-blame=%t.1.json --blame-format=json -pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops),canonicalize)'
// RUN: cmp %t.json %t.1.json
// RUN: /usr/bin/python3 -c "import json, sys; d = json.load(open(sys.argv[1])); g = d['graphs'][0]; print([(p['name'], p['updated'], p['fused'], p['fusions'], p['erased']) for p in d['passes']]); print([(o['name'], o['origin'], o['pass'], o['from'], [(h['pass'], h['origin']) for h in o['history']]) for o in g['outputs']]); print([(i['name'], i['op'], [(f['pass'], f['fate'], f.get('op')) for f in i['fates']], i['output']) for i in g['inputs']])" %t.json | FileCheck %s --check-prefix=JSON
// JSON:      [('linalg-generalize-named-ops', 5, 0, 0, 1), ('linalg-fuse-elementwise-ops', 1, 4, 1, 0), ('canonicalize', 0, 0, 0, 0)]
// JSON-NEXT: [('%cst', 'input', None, ['%cst'], []), ('%0', 'input', None, ['%0'], []), ('%1', 'fused', 2, ['%1', '%2', '%3', '%4'], [(1, 'updated'), (1, 'updated'), (1, 'updated'), (1, 'updated'), (2, 'fused')])]
// JSON-NEXT: [('%cst', 'arith.constant', [], '%cst'), ('%cst_0', 'arith.constant', [(1, 'erased', None)], None), ('%0', 'tensor.empty', [], '%0'), ('%1', 'linalg.add', [(1, 'updated', 'linalg.generic'), (2, 'fused', 'linalg.generic')], '%1'), ('%2', 'linalg.fill', [(1, 'updated', 'linalg.generic'), (2, 'fused', 'linalg.generic')], '%1'), ('%3', 'linalg.max', [(1, 'updated', 'linalg.generic'), (2, 'fused', 'linalg.generic')], '%1'), ('%4', 'linalg.exp', [(1, 'updated', 'linalg.generic'), (2, 'fused', 'linalg.generic')], '%1')]

// Ops no pass changed are blamed on the input; a pass that changes nothing
// says so.
// RUN: graph-diff-opt %s -o /dev/null --graph-diff-blame --cse --cse 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING:      through 2 passes
// NOTHING:      %1 linalg.add       (input)  %1@
// NOTHING:      passes:
// NOTHING-NEXT:   #1 cse  1 erased
// NOTHING-NEXT:   #2 cse  no change

// Blame belongs to one input run through passes.
// RUN: %expect_exit 2 graph-diff-opt %s %s --graph-diff-blame 2>&1 | FileCheck %s --check-prefix=DIFFMODE
// RUN: %expect_exit 2 graph-diff-opt %s %s --blame-format=json 2>&1 | FileCheck %s --check-prefix=DIFFMODE2
// DIFFMODE: graph-diff-opt: --graph-diff-blame applies to one input run through passes, not to a diff
// DIFFMODE2: graph-diff-opt: --blame-format applies to one input run through passes, not to a diff

// --blame=QUERY prints the history of the ops it names instead: an op of
// the output by name (in every graph that has one), the ops at a line of
// the output or of the input.
// RUN: graph-diff-opt %s -o %t.q.mlir -pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops),canonicalize)' --blame=%%1 --blame=%t.q.mlir:5 --blame=blame.mlir:37 2>&1 | FileCheck %s --check-prefix=QUERY
// QUERY:      %1 linalg.generic, line 7 of {{.*}}.q.mlir (graph @block)
// QUERY-NEXT:   #1 linalg-generalize-named-ops  updated linalg.add into linalg.generic (kind)
// QUERY-NEXT:   #1 linalg-generalize-named-ops  updated linalg.fill into linalg.generic (kind)
// QUERY-NEXT:   #1 linalg-generalize-named-ops  updated linalg.max into linalg.generic (kind)
// QUERY-NEXT:   #1 linalg-generalize-named-ops  updated linalg.exp into linalg.generic (kind)
// QUERY-NEXT:   #2 linalg-fuse-elementwise-ops  fused 4 ops into linalg.generic
// QUERY-NEXT:   from: %1@39 linalg.add %2@40 linalg.fill %3@41 linalg.max %4@42 linalg.exp
// QUERY-EMPTY:
// QUERY-NEXT: %1 linalg.generic, line 18 of {{.*}}.q.mlir (graph @scale)
// QUERY-NEXT:   #1 linalg-generalize-named-ops  updated linalg.mul into linalg.generic (kind)
// QUERY-NEXT:   #2 linalg-fuse-elementwise-ops  updated linalg.generic into linalg.generic (inputs)
// QUERY-NEXT:   from: %0@47 linalg.mul
// QUERY-EMPTY:
// QUERY-NEXT: %cst arith.constant, line 5 of {{.*}}.q.mlir (graph @block)
// QUERY-NEXT:   no pass changed it
// QUERY-NEXT:   from: %cst@36 arith.constant
// QUERY-EMPTY:
// QUERY-NEXT: %cst_0 arith.constant at {{.*}}blame.mlir:37:10 (graph @block)
// QUERY-NEXT:   #1 linalg-generalize-named-ops  erased
// QUERY-NOT:  {{.}}

// A query that names nothing is an error, and nothing is written.
// RUN: rm -f %t.none.txt
// RUN: %expect_exit 2 graph-diff-opt %s -o /dev/null --cse --blame=%%9 --graph-diff-blame=%t.none.txt 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not test -e %t.none.txt
// NONE: graph-diff-opt: --blame=%9: no op of the output is named %9
// RUN: %expect_exit 2 graph-diff-opt %s -o /dev/null --cse --blame=%%1 --blame-format=json 2>&1 | FileCheck %s --check-prefix=QJSON
// QJSON: graph-diff-opt: --blame prints the history of an op as text
