//===- APIImporters.h - APIs from JSON and MLIR into `api` IR ---*- C++ -*-===//
//
// Part of graph-diff.
//
// Each importer builds a builtin.module of `api` ops with the attributes
//   api.source  = "functiondb" | "compspec" | "mlir" | "api" | "elf"
//   api.file    = the input's path
//   api.version = the version key (functiondb)
//   api.package = the package name (functiondb: the most common first
//                 component of the module names)
// Ops imported from JSON are located at `file:line:col` of their value, under
// a NameLoc holding the value's JSON pointer (RFC 6901); ops imported from
// MLIR keep the MLIR locations. Errors are "file:line:col: error: ..." (MLIR
// inputs report theirs through the context's diagnostics).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_IMPORT_APIIMPORTERS_H
#define GRAPHDIFF_API_IMPORT_APIIMPORTERS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace graphdiff {
class JsonDocument;
struct JsonNode;
struct JSONValue;

/// Which kind of file an API comes from.
enum class APIInputFormat { Auto, FunctionDB, Compspec, MLIR, ELF };

struct APIImportOptions {
  APIInputFormat format = APIInputFormat::Auto;
  /// functiondb: which version key to read ("" = the only one).
  std::string version;
  /// functiondb: the package name for compspec's root node ("" = derive).
  std::string package;
  /// ELF: also record compspec's own graph of the DWARF (for
  /// `--format=compspec`; see DWARFImporter.h).
  bool compspecGraph = false;
};

/// Whether an input's text is JSON (else it is MLIR).
bool looksLikeJSON(llvm::StringRef text);

/// Reads a JSON API (`text`, from `filename`): functiondb or compspec, as
/// `options` say or as its shape shows (an object with "nodes" is compspec).
/// On failure returns null with the located message in `error`.
mlir::OwningOpRef<mlir::ModuleOp> importAPIJSON(llvm::StringRef text,
                                                llvm::StringRef filename,
                                                const APIImportOptions &options,
                                                mlir::MLIRContext &context,
                                                std::string &error);

/// caliper's functiondb: {version: {module: {function: [args]} or
/// {Class: {method: [args]}}}}, parsed into `doc`.
mlir::OwningOpRef<mlir::ModuleOp>
importFunctionDB(const JsonDocument &doc, llvm::StringRef filename,
                 const APIImportOptions &options, mlir::MLIRContext &context,
                 std::string &error);

/// What readFunctionDBVersion reports, in file order: each module, then
/// its functions and classes, each class's methods after it, each
/// function's or method's argument names after it (then endFunction).
/// Values are nodes of the document read; `pointer` is the value's JSON
/// pointer if wantsPointers(), else "". A hook that fails has set the error.
class FunctionDBVisitor {
public:
  virtual ~FunctionDBVisitor();
  virtual bool wantsPointers() const { return false; }
  virtual mlir::LogicalResult visitModule(llvm::StringRef name,
                                          const JsonNode &members,
                                          llvm::StringRef pointer) = 0;
  virtual mlir::LogicalResult visitClass(llvm::StringRef name,
                                         const JsonNode &methods,
                                         llvm::StringRef pointer) = 0;
  /// A function of the last module, or (`method`) a method of the last
  /// class.
  virtual mlir::LogicalResult visitFunction(llvm::StringRef name,
                                            const JsonNode &args,
                                            llvm::StringRef pointer,
                                            bool method) = 0;
  /// An argument name (a JSON string) of the last function.
  virtual mlir::LogicalResult visitArgument(const JsonNode &arg,
                                            llvm::StringRef pointer) = 0;
  virtual mlir::LogicalResult endFunction() { return mlir::success(); }
};

/// The one reader of caliper's functiondb schema, for the api importer and
/// graph-diff-sim's sets: walks one version of `doc`, `{module: {function:
/// [args] | Class: {method: [args]}}}`, at JSON pointer `pointer` of
/// `filename`, in place (no tree is built).
/// Fails with "file:line:col: error: at POINTER: ..." on a version that is
/// not an object of modules, a module that is not an object, a function or
/// method whose arguments are not a list of strings, and a member that is
/// neither a function nor a class (a method that is not a list), unless
/// `skipOthers`: caliper skips those.
mlir::LogicalResult readFunctionDBVersion(const JsonDocument &doc,
                                          const JsonNode &modules,
                                          llvm::StringRef pointer,
                                          llvm::StringRef filename,
                                          FunctionDBVisitor &visitor,
                                          bool skipOthers, std::string &error);

/// compspec's graph JSON: {"nodes": [{nodeid, name, value}],
/// "relations": [{fromid, relation, toid}]}, a forest.
mlir::OwningOpRef<mlir::ModuleOp>
importCompspecGraph(const JSONValue &root, llvm::StringRef filename,
                    mlir::MLIRContext &context, std::string &error);

/// The callable symbols of an MLIR module (`func.func`, `llvm.func`, ...,
/// declarations included) and its nested symbol tables (modules; an unnamed
/// one is `#N` by position, of kind `unnamed`).
/// Input that already is `api` IR is returned as a copy.
mlir::OwningOpRef<mlir::ModuleOp> importMLIRSymbols(mlir::ModuleOp input,
                                                    llvm::StringRef filename);

} // namespace graphdiff

#endif // GRAPHDIFF_API_IMPORT_APIIMPORTERS_H
