//===- ChangeDetails.cpp - What an action changes, in detail --------------===//
//
// Part of graph-diff.
//
// Both follow from the action's op (the new node in its body, the references
// of its inputs) and the source node it updates, which the engine knows by
// index when it emits the op.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/ChangeDetails.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
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

/// What `update` changes in source node `old` beyond its kind.
static void describeUpdate(const Graph &source, Operation *old,
                           patch::UpdateOp update,
                           std::vector<ChangeDetail> &details) {
  Operation *newNode = update.getNewNode();
  if (!newNode)
    return;
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
      if (NameRef ref = source.getValueRef(operand))
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
}

void graphdiff::describeChanges(const Graph &source, PlanAction &action) {
  action.details.clear();
  if (auto update = dyn_cast<patch::UpdateOp>(action.op))
    describeUpdate(source, source.getNode(action.sources.front()), update,
                   action.details);
  else if (auto set = dyn_cast<patch::SetGraphAttributesOp>(action.op))
    appendAttributeDetails(graphAttributes(source.getOperation()),
                           set.getGraphAttrs(), action.details);
}

DictionaryAttr graphdiff::oldAttributes(Operation *before, Operation *after,
                                        Builder &builder) {
  DictionaryAttr was = before->getAttrDictionary();
  DictionaryAttr now = after->getAttrDictionary();
  NamedAttrList changed;
  for (NamedAttribute attr : was) {
    Attribute value = now.get(attr.getName());
    if (value && isSameAttribute(attr.getValue(), value))
      continue;
    // Weights are not copied: more than 16 values that are not one splat
    // are said, not written out.
    auto elements = dyn_cast<ElementsAttr>(attr.getValue());
    auto dense = dyn_cast<DenseElementsAttr>(attr.getValue());
    if (elements && elements.getNumElements() > 16 &&
        !(dense && dense.isSplat())) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "elided: " << elements.getNumElements() << " values of "
         << elements.getType();
      changed.append(attr.getName(), builder.getStringAttr(text));
      continue;
    }
    changed.push_back(attr);
  }
  return changed.empty() ? DictionaryAttr()
                         : changed.getDictionary(builder.getContext());
}
