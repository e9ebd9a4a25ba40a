//===- ChangeDetails.cpp - What an update changed, attribute by attribute -===//
//
// Part of graph-diff.
//
// A `patch.update` records the kinds of change (`changes ["attributes",
// "inputs"]`) and the new node. What a reader wants is which attribute went
// from what to what, and which operand now reads which value: both follow
// from the plan (the new node in the action's body, the references of its
// inputs) and the source node it updates.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Renderers/ReportModel.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace mlir;
using namespace graphdiff;

static std::string typeList(TypeRange types) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::interleaveComma(types, os);
  return types.empty() ? "none" : out;
}

/// For two dense values of one type that abbreviate alike: how many of
/// their values differ, compared byte-wise (` (1 of 12 values differ)`), or
/// "" when that cannot be told cheaply.
static std::string differingValues(Attribute a, Attribute b) {
  auto da = dyn_cast_or_null<DenseIntOrFPElementsAttr>(a);
  auto db = dyn_cast_or_null<DenseIntOrFPElementsAttr>(b);
  if (!da || !db || da.getType() != db.getType() || da.isSplat() ||
      db.isSplat())
    return "";
  unsigned bits = da.getElementType().getIntOrFloatBitWidth();
  if (bits % 8 != 0)
    return "";
  size_t width = bits / 8;
  ArrayRef<char> ra = da.getRawData(), rb = db.getRawData();
  if (ra.size() != rb.size() || ra.size() % width != 0)
    return "";
  size_t count = ra.size() / width, differ = 0;
  for (size_t i = 0; i < count; ++i)
    differ += ra.slice(i * width, width) != rb.slice(i * width, width);
  return " (" + std::to_string(differ) + " of " + std::to_string(count) +
         " values differ)";
}

/// One detail per attribute whose value differs between `before` and
/// `after` (present on one side only included), by name.
static void appendAttributeDetails(DictionaryAttr before, DictionaryAttr after,
                                   std::vector<ChangeDetail> &details) {
  std::map<std::string, std::pair<Attribute, Attribute>> all;
  for (NamedAttribute attr : before)
    all[attr.getName().str()].first = attr.getValue();
  for (NamedAttribute attr : after)
    all[attr.getName().str()].second = attr.getValue();
  for (auto &[name, values] : all) {
    auto [a, b] = values;
    if (a && b && isSameAttribute(a, b))
      continue;
    // Whole values (but for the elements of big tensors): the reports
    // that show a line abbreviate the pair around where it differs
    // (abbreviateChange), JSON keeps them.
    ChangeDetail detail{"attribute", name,
                        abbreviateAttribute(a, std::string::npos),
                        abbreviateAttribute(b, std::string::npos)};
    if (detail.before == detail.after)
      detail.after += differingValues(a, b);
    details.push_back(std::move(detail));
  }
}

std::vector<ChangeDetail>
graphdiff::describeGraphAttributes(const PairView &view,
                                   patch::SetGraphAttributesOp set) {
  std::vector<ChangeDetail> details;
  appendAttributeDetails(graphAttributes(view.source().getOperation()),
                         set.getGraphAttrs(), details);
  return details;
}

std::vector<ChangeDetail> graphdiff::describeUpdate(const PairView &view,
                                                    patch::UpdateOp update) {
  std::vector<ChangeDetail> details;
  std::optional<unsigned> s = view.sourceNode(update.getNode());
  Operation *newNode = update.getNewNode();
  if (!s || !newNode)
    return details;
  Operation *old = view.source().getNode(*s);
  patch::NodeChange changes = update.getChanges();

  if (patch::bitEnumContainsAny(changes, patch::NodeChange::Attributes))
    appendAttributeDetails(old->getAttrDictionary(),
                           newNode->getAttrDictionary(), details);

  if (patch::bitEnumContainsAny(changes, patch::NodeChange::Inputs)) {
    // The new node reads block arguments of the action's body; argument k
    // stands for the plan's k-th input reference.
    ArrayAttr inputs = update.getInputs();
    auto newRef = [&](Value operand) -> std::string {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && arg.getOwner() == newNode->getBlock() &&
          arg.getArgNumber() < inputs.size())
        return cast<patch::RefAttr>(inputs[arg.getArgNumber()]).str();
      return "?";
    };
    auto oldRef = [&](Value operand) -> std::string {
      if (NameRef ref = view.source().getValueRef(operand))
        return ref.str();
      return "?";
    };
    unsigned count = std::max(old->getNumOperands(), newNode->getNumOperands());
    for (unsigned i = 0; i < count; ++i) {
      std::string a =
          i < old->getNumOperands() ? oldRef(old->getOperand(i)) : "none";
      std::string b = i < newNode->getNumOperands()
                          ? newRef(newNode->getOperand(i))
                          : "none";
      if (a != b)
        details.push_back({"operand", "#" + std::to_string(i), a, b});
    }
  }

  if (patch::bitEnumContainsAny(changes, patch::NodeChange::Types))
    details.push_back({"types", "", typeList(old->getResultTypes()),
                       typeList(newNode->getResultTypes())});

  // Where a node that moves among the accesses to its buffers goes.
  if (patch::bitEnumContainsAny(changes, patch::NodeChange::Order))
    if (patch::RefAttr before = update.getBeforeAttr())
      details.push_back({"order", "", "", before.isNone() ? "" : before.str()});
  return details;
}
