//===- Holders.cpp - Copies of IR under the symbol paths of the original --===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "Holders.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace graphdiff;

OwningOpRef<ModuleOp> graphdiff::makeHolders(Operation *parent, Location loc,
                                             Block *&inner) {
  // The names Graph::getSymbolPath reads: symbol tables with a name, up to
  // the top, which it leaves out.
  SmallVector<Operation *> tables;
  for (Operation *op = parent; op && op->getParentOp(); op = op->getParentOp())
    if (op->hasTrait<OpTrait::SymbolTable>() &&
        op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      tables.push_back(op);
  OwningOpRef<ModuleOp> top = ModuleOp::create(loc);
  inner = top->getBody();
  for (Operation *table : llvm::reverse(tables)) {
    ModuleOp holder = ModuleOp::create(
        table->getLoc(),
        table->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName())
            .getValue());
    inner->push_back(holder);
    inner = holder.getBody();
  }
  return top;
}
