//===- MemoryProfile.cpp - Memory profiles of MLIR models -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Import/MemoryProfile.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <map>

using namespace mlir;
using namespace graphdiff;
using prof::ProfileOp;
using prof::ScopeOp;

FailureOr<std::optional<int64_t>> graphdiff::staticByteSize(Type type) {
  using Size = std::optional<int64_t>;
  if (type.isIntOrFloat())
    return Size((static_cast<int64_t>(type.getIntOrFloatBitWidth()) + 7) / 8);
  if (isa<IndexType>(type))
    return Size(8); // 64-bit, MLIR's default data layout
  if (auto complex = dyn_cast<ComplexType>(type)) {
    FailureOr<Size> element = staticByteSize(complex.getElementType());
    if (failed(element) || !*element)
      return element;
    if (std::optional<int64_t> both = llvm::checkedMul<int64_t>(2, **element))
      return Size(*both);
    return failure();
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return Size();
  FailureOr<Size> element = staticByteSize(shaped.getElementType());
  if (failed(element) || !*element)
    return element;
  // Elements times element size, without overflow (ShapedType's
  // getNumElements does not check); a dimension of 0 makes it 0 whatever the
  // others are.
  ArrayRef<int64_t> shape = shaped.getShape();
  if (llvm::is_contained(shape, 0))
    return Size(0);
  std::optional<int64_t> bytes = **element;
  for (int64_t dim : shape)
    if (bytes)
      bytes = llvm::checkedMul(*bytes, dim);
  if (!bytes)
    return failure();
  return Size(*bytes);
}

std::string graphdiff::scopeNameOf(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto callSite = dyn_cast<CallSiteLoc>(loc)) {
    std::string caller = scopeNameOf(callSite.getCaller());
    std::string callee = scopeNameOf(callSite.getCallee());
    if (caller.empty() || callee.empty())
      return caller + callee;
    return caller + "/" + callee;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : llvm::reverse(fused.getLocations())) {
      std::string name = scopeNameOf(part);
      if (!name.empty())
        return name;
    }
    return "";
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return scopeNameOf(opaque.getFallbackLocation());
  return "";
}

/// Reports at `loc` that `what` is more than a profile holds.
static LogicalResult tooLarge(Location loc, const llvm::Twine &what) {
  return emitError(loc) << what << " more than " << kMaxProfileValue
                        << " bytes, the most a profile holds";
}

namespace {

/// A scope being built: its own values and its children, sorted by name.
struct ScopeNode {
  int64_t bytes = 0, paramBytes = 0, unsized = 0;
  int64_t totalBytes = 0, totalParamBytes = 0, totalUnsized = 0;
  /// The first op of the scope itself, the scope op's location.
  std::optional<Location> loc;
  /// The first op at or under the scope, where errors about it point.
  std::optional<Location> firstOp;
  std::map<std::string, ScopeNode> children;

  /// Sums the totals. Fails, with an error at the first op under the scope,
  /// if a total is more than a profile holds.
  LogicalResult sum(StringRef path) {
    totalBytes = bytes;
    totalParamBytes = paramBytes;
    totalUnsized = unsized;
    for (auto &[name, child] : children) {
      std::string childPath = path.empty() ? name : (path + "/" + name).str();
      if (failed(child.sum(childPath)))
        return failure();
      std::optional<int64_t> sumBytes =
          llvm::checkedAdd(totalBytes, child.totalBytes);
      std::optional<int64_t> sumParams =
          llvm::checkedAdd(totalParamBytes, child.totalParamBytes);
      if (!sumBytes || !sumParams)
        return tooLarge(*firstOp, "the total of scope '" +
                                      (path.empty() ? "_TFProfRoot" : path) +
                                      "' (with everything under it) is");
      totalBytes = *sumBytes;
      totalParamBytes = *sumParams;
      totalUnsized += child.totalUnsized;
    }
    return success();
  }
};

} // namespace

/// The path of `op`'s scope: its location's name, else function and op kind.
/// Empty components are dropped and white space becomes `_`, so the names
/// survive a scope file.
static SmallVector<std::string> scopePathOf(Operation *op,
                                            StringRef functionName) {
  std::string name = scopeNameOf(op->getLoc());
  // An lg node's id is its layer's name.
  if (name.empty())
    if (auto node = dyn_cast<lg::NodeOp>(op))
      name = (functionName + "/" + node.getId()).str();
  if (name.empty())
    name = (functionName + "/" + op->getName().getStringRef()).str();
  SmallVector<StringRef> parts;
  StringRef(name).split(parts, '/', -1, /*KeepEmpty=*/false);
  SmallVector<std::string> path;
  for (StringRef part : parts) {
    std::string clean = part.str();
    for (char &c : clean)
      if (llvm::isSpace(c))
        c = '_';
    path.push_back(clean);
  }
  return path;
}

static void emitScope(OpBuilder &builder, Location fallback, StringRef name,
                      ScopeNode &node, bool root) {
  auto values = [&](int64_t bytes, int64_t params) {
    return builder.getDenseI64ArrayAttr({bytes, params});
  };
  DenseI64ArrayAttr self = root ? values(ScopeOp::kUnknown, ScopeOp::kUnknown)
                                : values(node.bytes, node.paramBytes);
  auto scope = ScopeOp::create(builder, node.loc.value_or(fallback),
                               builder.getStringAttr(name), self,
                               values(node.totalBytes, node.totalParamBytes),
                               builder.getI64IntegerAttr(node.totalUnsized));
  if (node.children.empty())
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&scope.getOrCreateBody());
  for (auto &[childName, child] : node.children)
    emitScope(builder, fallback,
              root ? childName : (name + "/" + childName).str(), child,
              /*root=*/false);
}

OwningOpRef<ModuleOp> graphdiff::buildMemoryProfile(ModuleOp module,
                                                    StringRef name) {
  MLIRContext *ctx = module->getContext();
  ctx->getOrLoadDialect<prof::ProfDialect>();
  ScopeNode root;
  WalkResult walked = module->walk([&](FunctionOpInterface function) {
    StringRef functionName = function.getNameAttr().getValue();
    for (Block &block : function.getFunctionBody()) {
      for (Operation &op : block) {
        if (op.getNumResults() == 0)
          continue;
        ScopeNode *node = &root;
        if (!root.firstOp)
          root.firstOp = op.getLoc();
        SmallVector<std::string> path = scopePathOf(&op, functionName);
        for (const std::string &part : path) {
          node = &node->children[part];
          if (!node->firstOp)
            node->firstOp = op.getLoc();
        }
        if (!node->loc)
          node->loc = op.getLoc();
        bool constant = op.hasTrait<OpTrait::ConstantLike>();
        for (auto [index, type] : llvm::enumerate(op.getResultTypes())) {
          FailureOr<std::optional<int64_t>> bytes = staticByteSize(type);
          if (failed(bytes)) {
            (void)tooLarge(op.getLoc(), "result #" + llvm::Twine(index) +
                                            " of this op occupies");
            return WalkResult::interrupt();
          }
          if (!*bytes) {
            ++node->unsized;
            continue;
          }
          std::optional<int64_t> sum = llvm::checkedAdd(node->bytes, **bytes);
          if (!sum) {
            (void)tooLarge(op.getLoc(), "the results in scope '" +
                                            llvm::join(path, "/") + "' occupy");
            return WalkResult::interrupt();
          }
          node->bytes = *sum;
          if (constant)
            node->paramBytes += **bytes; // at most node->bytes
        }
      }
    }
    return WalkResult::advance();
  });
  if (walked.wasInterrupted() || (root.firstOp && failed(root.sum(""))))
    return nullptr;

  Location loc = module.getLoc();
  OwningOpRef<ModuleOp> result = ModuleOp::create(loc);
  OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(result->getBody());
  auto profile = ProfileOp::create(
      builder, loc, name, builder.getStrArrayAttr({"bytes", "param_bytes"}));
  builder.setInsertionPointToEnd(&profile.getBody().emplaceBlock());
  emitScope(builder, loc, "_TFProfRoot", root, /*root=*/true);
  return result;
}
