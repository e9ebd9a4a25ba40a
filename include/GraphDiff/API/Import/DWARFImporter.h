//===- DWARFImporter.h - A shared library's ABI from ELF and DWARF -*- C++
//-*-===//
//
// Part of graph-diff.
//
// Reads an ELF object (a shared library, usually) with LLVM's Object and
// DebugInfo/DWARF libraries and builds its ABI as `api` IR (api.source =
// "elf"): what the dynamic symbol table exports, described by the DWARF.
//
//  - every exported function (a defined FUNC or IFUNC symbol of global or
//    weak binding and default or protected visibility) is an `api.func`
//    named by its symbol, with its parameters (`positional_only`, types as
//    C/C++ spells them) and its result; an exported variable is an
//    `api.class` of kind `variable` with its `type` and `size` facts. What
//    is not exported (static, hidden, local to a version script) is not ABI
//    and is left out;
//  - the types these reach, through parameters, results, members, bases,
//    typedefs, pointers and arrays: structures, classes and unions are
//    `api.class`es (kind `structure`, `union`; a class has none) named
//    `struct N`, `class C`, `union U`, with `size`, `layout` (every data
//    member and base at its offset), `member` (with its `type`), `base` and
//    `vtable` facts; enums are `enum E` classes of kind `enum` with `size`,
//    `type` and an `enumerator` fact per value; typedefs are classes of
//    kind `typedef` with their `type` (and the layout of the anonymous type
//    they name, if any);
//  - C++ namespaces are `api.module`s of kind `namespace`, methods sit in
//    their class;
//  - an exported alias of a function the DWARF defines (at its address)
//    takes that function's signature; a stripped library reads its separate
//    debug file (by build ID under /usr/lib/debug, or .gnu_debuglink).
//
// With APIImportOptions::compspecGraph, the module also holds compspec's own
// graph of the DWARF (its DWARF example's nodes, values and ids, one
// `compileunit` tree per compile unit) as top-level `api.node` facts, which
// the API diff ignores and `--format=compspec` lowers.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_IMPORT_DWARFIMPORTER_H
#define GRAPHDIFF_API_IMPORT_DWARFIMPORTER_H

#include "GraphDiff/API/Import/APIImporters.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace graphdiff {

/// Whether `text` starts with the ELF magic number.
bool looksLikeELF(llvm::StringRef text);

/// Reads the ABI of the ELF object in `buffer` (from `filename`). On failure
/// (not ELF, no DWARF, unreadable DWARF) returns null with
/// "filename: error: ..." in `error`.
mlir::OwningOpRef<mlir::ModuleOp> importELF(llvm::MemoryBufferRef buffer,
                                            llvm::StringRef filename,
                                            const APIImportOptions &options,
                                            mlir::MLIRContext &context,
                                            std::string &error);

} // namespace graphdiff

#endif // GRAPHDIFF_API_IMPORT_DWARFIMPORTER_H
