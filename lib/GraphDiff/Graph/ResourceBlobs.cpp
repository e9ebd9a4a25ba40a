//===- ResourceBlobs.cpp - Each input's dense_resource keys ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/ResourceBlobs.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Mutex.h"

#include <optional>
#include <string_view>
#include <vector>

using namespace mlir;
using namespace graphdiff;

using BlobEntry = DialectResourceBlobManager::BlobEntry;

namespace {
/// The blob managers graph-diff made for one context: they hold the blobs
/// of the context's attributes, so they live as long as the context.
struct ContextBlobManagers {
  llvm::sys::SmartMutex<true> mutex;
  /// What the builtin dialect uses outside an InputResourceBlobs; null until
  /// the first one.
  std::shared_ptr<DialectResourceBlobManager> base;
  /// False if the dialect's own manager held blobs at the first
  /// InputResourceBlobs: it is then left in place, and inputs share it (the
  /// parser renames a key taken there, as without InputResourceBlobs).
  bool swappable = true;
  /// Every manager made, `base` included.
  std::vector<std::shared_ptr<DialectResourceBlobManager>> kept;
};
} // namespace

/// The managers of `context`, made if `make` (else null if there are none).
/// They live as long as the context: a diagnostic handler, which passes every
/// diagnostic on, holds them, and the context destroys it with itself (a
/// context made later at the same address finds the entry expired).
static std::shared_ptr<ContextBlobManagers> getManagers(MLIRContext &context,
                                                        bool make) {
  static llvm::sys::SmartMutex<true> mutex;
  static llvm::DenseMap<MLIRContext *, std::weak_ptr<ContextBlobManagers>> all;
  llvm::sys::SmartScopedLock<true> lock(mutex);
  auto it = all.find(&context);
  if (it != all.end())
    if (std::shared_ptr<ContextBlobManagers> known = it->second.lock())
      return known;
  if (!make)
    return nullptr;
  auto fresh = std::make_shared<ContextBlobManagers>();
  all[&context] = fresh;
  context.getDiagEngine().registerHandler(
      [fresh](Diagnostic &) { return failure(); });
  return fresh;
}

bool graphdiff::mayDeclareResources(StringRef text) {
  // std::string_view's find skips to each candidate with memchr.
  std::string_view view(text.data(), text.size());
  return view.find("dense_resource") != std::string_view::npos ||
         view.find("dialect_resources") != std::string_view::npos;
}

InputResourceBlobs::InputResourceBlobs(MLIRContext &context)
    : context(context) {
  auto &interface = DenseResourceElementsHandle::getManagerInterface(&context);
  std::shared_ptr<ContextBlobManagers> managers =
      getManagers(context, /*make=*/true);
  llvm::sys::SmartScopedLock<true> lock(managers->mutex);
  if (!managers->base && managers->swappable) {
    // The dialect's own manager can be replaced only while no handle refers
    // to it (the interface gives no way to keep it alive).
    bool empty = true;
    interface.getBlobManager().getBlobMap(
        [&](const llvm::StringMap<BlobEntry> &map) { empty = map.empty(); });
    if (!empty) {
      managers->swappable = false;
      return;
    }
    managers->base = std::make_shared<DialectResourceBlobManager>();
    managers->kept.push_back(managers->base);
  }
  if (!managers->swappable)
    return;
  auto own = std::make_shared<DialectResourceBlobManager>();
  managers->kept.push_back(own);
  interface.setBlobManager(own);
  previous = managers->base;
}

InputResourceBlobs::~InputResourceBlobs() {
  if (previous)
    DenseResourceElementsHandle::getManagerInterface(&context).setBlobManager(
        previous);
}

/// Visits every attribute and type of the ops under `root` (`root`
/// included) that the printer prints: attributes and properties, locations,
/// result types, block argument types and locations.
static void walkElements(Operation *root, AttrTypeWalker &walker) {
  root->walk([&](Operation *op) {
    walker.walk(op->getAttrDictionary());
    walker.walk(op->getLoc());
    for (Type type : op->getResultTypes())
      walker.walk(type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments()) {
          walker.walk(arg.getType());
          walker.walk(arg.getLoc());
        }
  });
}

bool graphdiff::makeResourceKeysUnique(Operation *root) {
  MLIRContext *context = root->getContext();
  std::shared_ptr<ContextBlobManagers> managers =
      getManagers(*context, /*make=*/false);
  // Without managers, every handle of the context is in one: keys unique.
  if (!managers)
    return false;
  llvm::SetVector<BlobEntry *> entries;
  AttrTypeWalker walker;
  walker.addWalk([&](DenseResourceElementsAttr attr) {
    entries.insert(attr.getRawHandle().getResource());
  });
  walkElements(root, walker);
  // The entries of each key, in walk order.
  llvm::StringMap<SmallVector<BlobEntry *, 1>> byKey;
  bool shared = false;
  for (BlobEntry *entry : entries) {
    SmallVector<BlobEntry *, 1> &same = byKey[entry->getKey()];
    same.push_back(entry);
    shared |= same.size() > 1;
  }
  if (!shared)
    return false;

  // For each key, one entry stays as it is: the first without data if any
  // (without data, the key is all a handle is: the others of its key, also
  // without data, are the same, and blobs with data move), else the first.
  // A blob with data that differs from the one that stays moves to a key of
  // its own (the bytes are what a blob is: equal ones share one).
  llvm::DenseMap<BlobEntry *, BlobEntry *> sameAs;
  SmallVector<BlobEntry *> renamed;
  for (BlobEntry *entry : entries) {
    SmallVector<BlobEntry *, 1> &same = byKey[entry->getKey()];
    auto *stays =
        llvm::find_if(same, [](BlobEntry *other) { return !other->getBlob(); });
    if (stays == same.end())
      stays = same.begin();
    if (entry == *stays)
      continue;
    const AsmResourceBlob *blob = entry->getBlob();
    // Equal to an entry that stays, or to one renamed before it.
    auto equal = [&](BlobEntry *other) {
      const AsmResourceBlob *otherBlob = other->getBlob();
      if (!blob || !otherBlob)
        return !blob && !otherBlob;
      return otherBlob->getData() == blob->getData() &&
             otherBlob->getDataAlignment() == blob->getDataAlignment();
    };
    if (equal(*stays)) {
      sameAs[entry] = *stays;
      continue;
    }
    auto *earlier = llvm::find_if(renamed, [&](BlobEntry *other) {
      return other->getKey() == entry->getKey() && equal(other);
    });
    if (earlier != renamed.end()) {
      sameAs[entry] = *earlier;
      continue;
    }
    renamed.push_back(entry);
  }

  // The renamed blobs go into a manager of their own, where every key that
  // stays is taken first: each gets a key no other handle under `root` has,
  // `w_1` as the parser would name it.
  auto own = std::make_shared<DialectResourceBlobManager>();
  {
    llvm::sys::SmartScopedLock<true> lock(managers->mutex);
    managers->kept.push_back(own);
  }
  for (auto &[key, same] : byKey)
    own->insert(key);
  auto *builtin = context->getLoadedDialect<BuiltinDialect>();
  llvm::DenseMap<BlobEntry *, DenseResourceElementsHandle> moved;
  for (BlobEntry *entry : renamed) {
    const AsmResourceBlob *blob = entry->getBlob();
    // A copy of the bytes: the blob stays where it is for the inputs.
    moved.try_emplace(entry,
                      own->insert<DenseResourceElementsHandle>(
                          builtin, entry->getKey(),
                          HeapAsmResourceBlob::allocateAndCopyWithAlign(
                              blob->getData(), blob->getDataAlignment())));
  }
  for (auto [entry, target] : sameAs) {
    auto it = moved.find(target);
    moved.try_emplace(entry, it != moved.end() ? it->second
                                               : DenseResourceElementsHandle(
                                                     target, builtin));
  }

  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](DenseResourceElementsAttr attr) -> std::optional<Attribute> {
        auto it = moved.find(attr.getRawHandle().getResource());
        if (it == moved.end())
          return std::nullopt;
        return DenseResourceElementsAttr::get(attr.getType(), it->second);
      });
  replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/true,
                                        /*replaceTypes=*/true);
  return !moved.empty();
}
