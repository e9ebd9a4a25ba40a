//===- Blame.cpp - Compose the diffs of a pipeline into histories ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Blame/Blame.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::blame;

StringRef blame::stringifyOrigin(Origin origin) {
  switch (origin) {
  case Origin::Input:
    return "input";
  case Origin::Updated:
    return "updated";
  case Origin::Fused:
    return "fused";
  case Origin::Replaced:
    return "replaced";
  case Origin::Created:
    return "created";
  case Origin::Recreated:
    return "recreated";
  }
  return "";
}

StringRef blame::stringifyFate(Fate fate) {
  switch (fate) {
  case Fate::Live:
    return "live";
  case Fate::Updated:
    return "updated";
  case Fate::Fused:
    return "fused";
  case Fate::Replaced:
    return "replaced";
  case Fate::Erased:
    return "erased";
  }
  return "";
}

SmallVector<unsigned> GraphHistory::originsOf(unsigned version) const {
  SmallVector<unsigned> origins, stack = {version};
  // Each version has at most one successor: the parents of different
  // versions never overlap, so no version is visited twice.
  while (!stack.empty()) {
    unsigned v = stack.pop_back_val();
    if (versions[v].origin == Origin::Input)
      origins.push_back(v);
    stack.append(versions[v].parents.begin(), versions[v].parents.end());
  }
  llvm::sort(origins);
  return origins;
}

std::vector<unsigned> GraphHistory::ancestryOf(unsigned version) const {
  std::vector<unsigned> ancestry;
  SmallVector<unsigned> stack = {version};
  while (!stack.empty()) {
    unsigned v = stack.pop_back_val();
    ancestry.push_back(v);
    stack.append(versions[v].parents.begin(), versions[v].parents.end());
  }
  llvm::sort(ancestry, [&](unsigned a, unsigned b) {
    return std::make_pair(versions[a].pass, a) <
           std::make_pair(versions[b].pass, b);
  });
  return ancestry;
}

std::vector<unsigned> GraphHistory::lineageOf(unsigned input) const {
  std::vector<unsigned> lineage = {input};
  while (std::optional<unsigned> next = versions[lineage.back()].successor)
    lineage.push_back(*next);
  return lineage;
}

void blame::composeDiff(GraphHistory &history, std::vector<unsigned> &current,
                        const GraphDiff &diff, const Graph &target,
                        unsigned pass) {
  std::vector<Version> &versions = history.versions;
  unsigned numTarget = diff.targetStatus.size();
  std::vector<bool> carried(current.size(), false);
  llvm::DenseMap<unsigned, const Replacement *> replacementOf;
  for (const Replacement &replacement : diff.replacements)
    replacementOf[replacement.target] = &replacement;
  auto makeVersion = [&](Origin origin, unsigned t) {
    Version version;
    version.origin = origin;
    version.pass = pass;
    version.opName = target.getNode(t)->getName().getStringRef();
    versions.push_back(std::move(version));
    return unsigned(versions.size() - 1);
  };
  auto end = [&](unsigned source, Fate fate, unsigned successor) {
    Version &old = versions[current[source]];
    old.fate = fate;
    old.endPass = pass;
    old.successor = successor;
    carried[source] = true;
  };

  std::vector<unsigned> next(numTarget);
  for (unsigned t = 0; t < numTarget; ++t) {
    std::optional<unsigned> source = diff.mapping.getSource(t);
    const Replacement *replacement = replacementOf.lookup(t);
    if (source && diff.targetStatus[t] != NodeStatus::Updated) {
      // Unchanged: the same version goes on.
      next[t] = current[*source];
      carried[*source] = true;
    } else if (source) {
      unsigned v = makeVersion(Origin::Updated, t);
      versions[v].parents.push_back(current[*source]);
      versions[v].changes = diff.getChanges(t);
      end(*source, Fate::Updated, v);
      next[t] = v;
    } else if (replacement && !replacement->region.empty()) {
      bool fused = replacement->region.size() > 1;
      unsigned v = makeVersion(fused ? Origin::Fused : Origin::Replaced, t);
      for (unsigned member : replacement->region) {
        versions[v].parents.push_back(current[member]);
        end(member, fused ? Fate::Fused : Fate::Replaced, v);
      }
      next[t] = v;
    } else {
      next[t] = makeVersion(Origin::Created, t);
    }
  }
  // The rest were deleted.
  for (unsigned s = 0, e = current.size(); s < e; ++s) {
    if (carried[s])
      continue;
    Version &old = versions[current[s]];
    old.fate = Fate::Erased;
    old.endPass = pass;
  }
  current = std::move(next);
}

void blame::countPasses(BlameResult &result) {
  auto at = [&](unsigned pass) -> PassRun * {
    if (pass == kInputPass || pass > result.passes.size())
      return nullptr;
    return &result.passes[pass - 1];
  };
  for (const GraphHistory &graph : result.graphs) {
    llvm::DenseSet<unsigned> changedBy;
    for (const Version &version : graph.versions) {
      if (PassRun *run = at(version.pass)) {
        changedBy.insert(version.pass);
        switch (version.origin) {
        case Origin::Input:
          break;
        case Origin::Updated:
          ++run->updated;
          break;
        case Origin::Fused:
          ++run->fusions;
          break;
        case Origin::Replaced:
          ++run->replaced;
          break;
        case Origin::Created:
        case Origin::Recreated:
          ++run->created;
          break;
        }
      }
      if (PassRun *run = at(version.endPass)) {
        changedBy.insert(version.endPass);
        if (version.fate == Fate::Fused)
          ++run->fusedOps;
        else if (version.fate == Fate::Erased)
          ++run->erased;
      }
    }
    for (unsigned pass : changedBy)
      ++at(pass)->graphs;
  }
}
