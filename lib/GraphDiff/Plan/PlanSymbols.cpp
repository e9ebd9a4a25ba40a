//===- PlanSymbols.cpp - Symbols a plan's new nodes carry -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Plan/ApplyPlan.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace graphdiff;

LogicalResult graphdiff::declarePlanSymbols(patch::PlanOp plan,
                                            Operation *symbolTable,
                                            Operation *before) {
  if (!symbolTable || !symbolTable->hasTrait<OpTrait::SymbolTable>())
    return success();
  SymbolTable table(symbolTable);
  for (Operation &action : plan.getActions().front()) {
    auto newNode = dyn_cast<patch::NewNodeOpInterface>(&action);
    if (!newNode || newNode.getBody().empty())
      continue;
    Block &body = newNode.getBody().front();
    for (Operation &op : body) {
      if (&op == &body.back())
        break;
      auto name =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!name)
        continue;
      if (Operation *existing = table.lookup(name)) {
        if (OperationEquivalence::isEquivalentTo(
                existing, &op, OperationEquivalence::IgnoreLocations) ||
            (isa<FunctionOpInterface>(existing) &&
             isa<FunctionOpInterface>(&op) &&
             cast<FunctionOpInterface>(existing).getFunctionType() ==
                 cast<FunctionOpInterface>(&op).getFunctionType()))
          continue;
        InFlightDiagnostic diag =
            action.emitError()
            << "the new node's @" << name.getValue()
            << " differs from the one the graph's module defines";
        diag.attachNote(existing->getLoc())
            << "the module's @" << name.getValue();
        return diag;
      }
      table.insert(op.clone(), before->getIterator());
    }
  }
  return success();
}
