//===- Rules.h - The named rules of region settling -------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Each rule is in its own file under lib/GraphDiff/Differ/Settling/, whose
// first comment is its contract: what it decides, on what evidence, and
// whether it is a general principle or what one pass's output needs.
// settleRegions (RegionSettling.cpp) applies the steps in the order of its
// table; the checks and growth are what the steps share. Each can be run
// alone on a Settler, as the unit tests do (test/Unit/Settling/).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_SETTLING_RULES_H
#define GRAPHDIFF_DIFFER_SETTLING_RULES_H

#include "GraphDiff/Differ/PairContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace graphdiff::settling {
class Settler;

//===----------------------------------------------------------------------===//
// The steps, in the order settleRegions applies them.
//===----------------------------------------------------------------------===//

/// ConventionRegions.cpp: a convention node's region, from the one source
/// node its convention names to what the new node stands for, grown over
/// exclusive producers.
void growConventionRegions(Settler &settler);
/// ResultCountChanges.cpp: a pair whose number of results changed becomes
/// a one-node region.
void replaceResultCountChanges(Settler &settler);
/// ChangedWithProducers.cpp: a pair whose content changed becomes a region
/// with the free producers that fed only it.
void replaceChangedWithProducers(Settler &settler);
/// BetweenReadsAndReaders.cpp: an unpaired target node's region is the free
/// source nodes between the images of its inputs and what its readers read
/// in its place.
void claimBetweenReadsAndReaders(Settler &settler);
/// RegionChecks.cpp: every region is checked (convex, no leaked value) and
/// its results mapped; one that fails is refused with the reason.
void refuseUnsettleableRegions(Settler &settler);
/// DeadEnds.cpp: a new node that nothing reads replaces the one source
/// chain that nothing read either and that its inputs' images alone feed,
/// or pairs with that chain's dead end.
void settleDeadEnds(Settler &settler);
/// ChainedFusions.cpp: a region that swallowed the chain of a new node its
/// own new node reads gives that chain back to it.
void splitChainedFusions(Settler &settler);
/// ReshapeSinks.cpp: a pair whose result the target only reshapes moves
/// onto the reshape when that story costs fewer actions.
void moveToReshapeSinks(Settler &settler);
/// OvergrownRegions.cpp: a region grown over exclusive producers past what
/// its new node reads, which the steps before did not split, is cut back to
/// what it was before it grew.
void cutBackOvergrownRegions(Settler &settler);

//===----------------------------------------------------------------------===//
// What the steps share.
//===----------------------------------------------------------------------===//

/// ExclusiveProducers.cpp: grows `region` backwards from its members over
/// free source nodes whose results are used only inside the region,
/// stopping at the values of `boundary`, and leaving out a constant merged
/// into a twin (mergedIntoTwin).
void growOverExclusiveProducers(const Settler &settler,
                                llvm::SmallVectorImpl<unsigned> &region,
                                const ValueSet &boundary);
/// ExclusiveProducers.cpp: whether every value source region `region`
/// reads from outside itself is one that target node `t` reads (its image,
/// looked through new pure reshapes) or a leaf's (a constant, an empty
/// tensor): what a fusion reads. A region grown past that has taken in what
/// `t`'s own new producers may have become.
bool readsOnlyWhatNodeReads(const Settler &settler, unsigned t,
                            llvm::ArrayRef<unsigned> region);
/// ExclusiveProducers.cpp: the images of what target node `t` reads,
/// looked through new pure reshapes.
ValueSet readImages(const Settler &settler, unsigned t);
/// ExclusiveProducers.cpp: whether source node `s` reads only values of
/// `reads`, leaves, and nodes that are no pair (readsOnlyWhatNodeReads).
bool readsOnly(const Settler &settler, const ValueSet &reads, unsigned s);
/// ExclusiveProducers.cpp: whether free source constant `s` has a twin
/// (another source constant of the same content) that the target keeps
/// unchanged, so that `s` went into its twin, not into the op that read it.
bool mergedIntoTwin(const Settler &settler, unsigned s);

/// Convexity.cpp: why source region `region` cannot be replaced by target
/// node `t` because a path the plan keeps leaves it and comes back; "" if
/// none does.
std::string whyNotConvex(const Settler &settler, unsigned t,
                         llvm::ArrayRef<unsigned> region);
/// LeakedValues.cpp: why the region of `t` leaks a value that the target
/// reads in its place and no result of `t` stands for; "" if none. Needs
/// the results mapped (mapResults).
std::string whyLeaks(const Settler &settler, unsigned t);

/// ResultMapping.cpp: fixes which source value each result of region node
/// `t` stands for (SettledRegions::standsFor, replacedBy).
void mapResults(Settler &settler, unsigned t);
/// ResultMapping.cpp: forgets which source values the results of `t` stand
/// for.
void forgetResults(Settler &settler, unsigned t);

/// RegionChecks.cpp: maps the results of `t`'s region and checks it
/// (whyNotConvex, whyLeaks); forgets the region, and what it mapped, without
/// a refusal, if a check fails.
bool checkAndMap(Settler &settler, unsigned t);

} // namespace graphdiff::settling

#endif // GRAPHDIFF_DIFFER_SETTLING_RULES_H
