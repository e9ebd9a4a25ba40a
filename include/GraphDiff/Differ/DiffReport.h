//===- DiffReport.h - The result of diffing two modules ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// The header code written against the old name includes: the result model
// (DiffResult.h, where `DiffReport` is a name of `DiffResult`) and the
// graphs of a module (ModuleGraphs.h).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_DIFFREPORT_H
#define GRAPHDIFF_DIFFER_DIFFREPORT_H

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/ModuleGraphs.h"

#endif // GRAPHDIFF_DIFFER_DIFFREPORT_H
