//===- MemoryProfile.cpp - Memory profiles of MLIR models -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ProfileDiff/MemoryProfile.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include <map>

using namespace mlir;
using namespace graphdiff;
using prof::ProfileOp;
using prof::ScopeOp;

std::optional<int64_t> graphdiff::staticByteSize(Type type) {
  if (type.isIntOrFloat())
    return (static_cast<int64_t>(type.getIntOrFloatBitWidth()) + 7) / 8;
  if (isa<IndexType>(type))
    return 8; // 64-bit, MLIR's default data layout
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> element = staticByteSize(complex.getElementType());
    return element ? std::optional<int64_t>(2 * *element) : std::nullopt;
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> element = staticByteSize(shaped.getElementType());
  if (!element)
    return std::nullopt;
  return shaped.getNumElements() * *element;
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

namespace {

/// A scope being built: its own values and its children, sorted by name.
struct ScopeNode {
  int64_t bytes = 0, paramBytes = 0, unsized = 0;
  int64_t totalBytes = 0, totalParamBytes = 0, totalUnsized = 0;
  std::optional<Location> loc;
  std::map<std::string, ScopeNode> children;

  void sum() {
    totalBytes = bytes;
    totalParamBytes = paramBytes;
    totalUnsized = unsized;
    for (auto &[name, child] : children) {
      child.sum();
      totalBytes += child.totalBytes;
      totalParamBytes += child.totalParamBytes;
      totalUnsized += child.totalUnsized;
    }
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
  module->walk([&](FunctionOpInterface function) {
    StringRef functionName = function.getNameAttr().getValue();
    for (Block &block : function.getFunctionBody()) {
      for (Operation &op : block) {
        if (op.getNumResults() == 0)
          continue;
        ScopeNode *node = &root;
        for (const std::string &part : scopePathOf(&op, functionName))
          node = &node->children[part];
        if (!node->loc)
          node->loc = op.getLoc();
        bool constant = op.hasTrait<OpTrait::ConstantLike>();
        for (Type type : op.getResultTypes()) {
          std::optional<int64_t> bytes = staticByteSize(type);
          if (!bytes) {
            ++node->unsized;
            continue;
          }
          node->bytes += *bytes;
          if (constant)
            node->paramBytes += *bytes;
        }
      }
    }
  });
  root.sum();

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
