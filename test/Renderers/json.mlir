// The JSON format: versioned, every key a consumer relies on, in a stable
// order; the summary has exactly the five counts and the similarity.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=json -o %t/report.json
// RUN: FileCheck %s < %t/report.json
// RUN: python3 %t/check.py %t/report.json

// CHECK:      {
// CHECK-NEXT:   "schema": "graph-diff-report",
// CHECK-NEXT:   "version": 1,
// CHECK-NEXT:   "source_file": "{{.*}}src.mlir",
// CHECK-NEXT:   "target_file": "{{.*}}tgt.mlir",
// CHECK-NEXT:   "summary": {
// CHECK-NEXT:     "unchanged": 0,
// CHECK-NEXT:     "updated": 2,
// CHECK-NEXT:     "replaced": 3,
// CHECK-NEXT:     "deleted": 1,
// CHECK-NEXT:     "inserted": 1,
// CHECK-NEXT:     "similarity": 0.4
// CHECK-NEXT:   },
// CHECK-NEXT:   "graphs": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "source": "net",
// CHECK-NEXT:       "target": "net",
// CHECK-NEXT:       "source_nodes": 6,
// CHECK-NEXT:       "target_nodes": 4,
// CHECK-NEXT:       "summary": {
// CHECK-NEXT:         "unchanged": 0,
// CHECK:            "actions": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "insert",
// CHECK-NEXT:           "new_node": {
// CHECK-NEXT:             "name": "@norm",
// CHECK-NEXT:             "op": "lg.node",
// CHECK-NEXT:             "kind": "Norm",
// CHECK-NEXT:             "location": "{{.*}}tgt.mlir:2:8"
// CHECK-NEXT:           },
// CHECK-NEXT:           "inputs": [
// CHECK-NEXT:             "%arg0"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "reason": null,
// CHECK-NEXT:           "stage": null
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "update",
// CHECK-NEXT:           "node": {
// CHECK-NEXT:             "name": "@stem",
// CHECK:                "changes": [
// CHECK-NEXT:             "inputs"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "inputs": [
// CHECK-NEXT:             "new @norm"
// CHECK-NEXT:           ],
// What the update changed: operand #0 read the graph input, now @norm.
// CHECK-NEXT:           "details": [
// CHECK-NEXT:             {
// CHECK-NEXT:               "change": "operand",
// CHECK-NEXT:               "position": 0,
// CHECK-NEXT:               "before": "%arg0",
// CHECK-NEXT:               "after": "new @norm"
// CHECK-NEXT:             }
// CHECK-NEXT:           ],
// CHECK-NEXT:           "stage": "id"
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "delete",
// CHECK-NEXT:           "node": {
// CHECK-NEXT:             "name": "@conv1",
// CHECK-NEXT:             "op": "lg.node",
// CHECK-NEXT:             "kind": "Conv2d",
// CHECK-NEXT:             "location": "{{.*}}src.mlir:3:8"
// CHECK-NEXT:           },
// CHECK-NEXT:           "absorbed_by": "@relu1",
// CHECK-NEXT:           "reason": null,
// CHECK-NEXT:           "stage": "provenance"
// CHECK-NEXT:         },
// CHECK:                "kind": "replace",
// CHECK-NEXT:           "anchor": {
// CHECK-NEXT:             "name": "@relu1",
// CHECK:                "new_node": {
// CHECK-NEXT:             "name": "@fused",
// CHECK-NEXT:             "op": "lg.node",
// CHECK-NEXT:             "kind": "ConvBnReLU",
// CHECK-NEXT:             "location": "{{.*}}tgt.mlir:4:8"
// CHECK-NEXT:           },
// CHECK-NEXT:           "region": [
// CHECK:                "inputs": [
// CHECK-NEXT:             "@stem"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "outputs": [
// CHECK-NEXT:             "@relu1"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "init": true,
// CHECK-NEXT:           "stage": "provenance"
// CHECK:                "kind": "update",
// CHECK-NEXT:           "node": {
// CHECK-NEXT:             "name": "@head",
// CHECK:                "changes": [
// CHECK-NEXT:             "kind"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "inputs": [
// CHECK-NEXT:             "new @fused"
// CHECK-NEXT:           ],
// A change of kind only (an lg node's kind is said by "changes"; its
// operand reads the same value under its new name): nothing more to say.
// CHECK-NEXT:           "details": [],
// CHECK:                "kind": "delete",
// CHECK-NEXT:           "node": {
// CHECK-NEXT:             "name": "@drop",
// CHECK:                "absorbed_by": null,
// CHECK:            "mapping": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "source": "@stem",
// CHECK-NEXT:           "target": "@stem",
// CHECK-NEXT:           "status": "updated",
// CHECK-NEXT:           "stage": "id",
// CHECK-NEXT:           "ambiguous": false
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "source": "@conv1",
// CHECK-NEXT:           "target": "@fused",
// CHECK-NEXT:           "status": "replaced",
// CHECK-NEXT:           "stage": "provenance",
// CHECK-NEXT:           "ambiguous": false
// CHECK-NEXT:         },
// CHECK:              "source": "@drop",
// CHECK-NEXT:           "target": null,
// CHECK-NEXT:           "status": "deleted",
// CHECK-NEXT:           "stage": null,
// CHECK-NEXT:           "ambiguous": false
// CHECK:        "removed_graphs": [],
// CHECK-NEXT:   "added_graphs": [],
// CHECK-NEXT:   "changed_graphs": [],
// CHECK-NEXT:   "selection": {
// CHECK-NEXT:     "func": null,
// CHECK-NEXT:     "only": null
// CHECK-NEXT:   }
// CHECK-NEXT: }

//--- check.py
import json, sys
report = json.load(open(sys.argv[1]))
keys = ["unchanged", "updated", "replaced", "deleted", "inserted", "similarity"]
assert list(report["summary"]) == keys, list(report["summary"])
for graph in report["graphs"]:
    assert list(graph["summary"]) == keys
    s = graph["summary"]
    # Source nodes split exactly into these four.
    assert s["unchanged"] + s["updated"] + s["replaced"] + s["deleted"] == graph["source_nodes"]
    assert 0.0 <= s["similarity"] <= 1.0
    for action in graph["actions"]:
        assert action["kind"] in ("delete", "replace", "insert", "update", "add_input",
                                  "remove_input", "add_output", "remove_output"), action
kinds = [a["kind"] for a in report["graphs"][0]["actions"]]
assert kinds == ["insert", "update", "delete", "delete", "replace", "update",
                 "delete", "remove_output", "add_output"], kinds

//--- src.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @stem "Stem"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @conv1 "Conv2d"(%s) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d : tensor<4xf32>
}

//--- tgt.mlir
lg.graph @net(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = lg.node @norm "Norm"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @stem "Stem"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %f = lg.node @fused "ConvBnReLU"(%s) stateful fused_from [@conv1, @bn1, @relu1] : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Dense"(%f) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
