//===- DWARFImporter.cpp - A shared library's ABI from ELF and DWARF ------===//
//
// Part of graph-diff.
//
// Two readers of one ELF object (DWARFImporter.h says what they build):
//  - ABIReader: the exported functions and variables (the dynamic symbol
//    table) described by the DWARF, and the types they reach;
//  - CompspecDWARFGraph: compspec's graph of the DWARF, node for node as
//    compspec's DWARF example (examples/asp/dwarf/model.py) builds it, for
//    `--format=compspec`.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Import/DWARFImporter.h"

#include "GraphDiff/Dialect/API/IR/API.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDie.h"
#include "llvm/DebugInfo/DWARF/DWARFFormValue.h"
#include "llvm/DebugInfo/DWARF/DWARFUnit.h"
#include "llvm/Object/BuildID.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <map>

using namespace mlir;
using namespace graphdiff;
using llvm::DWARFDie;
using llvm::DWARFFormValue;
using llvm::StringRef;
namespace dwarf = llvm::dwarf;
namespace object = llvm::object;

bool graphdiff::looksLikeELF(StringRef text) {
  return text.starts_with("\x7f"
                          "ELF");
}

//===----------------------------------------------------------------------===//
// DWARF helpers
//===----------------------------------------------------------------------===//

namespace {
/// The string value of `attr` on `die` only, or "".
StringRef stringAttr(DWARFDie die, dwarf::Attribute attr) {
  return dwarf::toStringRef(die.find(attr));
}

/// The next DIE that `die` completes: its abstract origin or specification.
DWARFDie origin(DWARFDie die) {
  if (DWARFDie next =
          die.getAttributeValueAsReferencedDie(dwarf::DW_AT_abstract_origin))
    return next;
  return die.getAttributeValueAsReferencedDie(dwarf::DW_AT_specification);
}

/// `die` and the DIEs it completes (abstract origin, specification), nearest
/// first.
llvm::SmallVector<DWARFDie, 4> originChain(DWARFDie die) {
  llvm::SmallVector<DWARFDie, 4> chain;
  for (; die && chain.size() < 8; die = origin(die))
    chain.push_back(die);
  return chain;
}

/// The type `die` declares, looked up through its origins (invalid: void).
DWARFDie typeOf(DWARFDie die) {
  for (DWARFDie each : originChain(die))
    if (each.find(dwarf::DW_AT_type))
      return each.resolveReferencedType(dwarf::DW_AT_type);
  return DWARFDie();
}

/// A type as C++ spells it: `const char *`, `int (*)(int)`, `char[32]`.
std::string typeName(DWARFDie type) {
  if (!type)
    return "void";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::dumpTypeQualifiedName(type, os);
  return text;
}

bool isAggregate(dwarf::Tag tag) {
  return tag == dwarf::DW_TAG_structure_type ||
         tag == dwarf::DW_TAG_class_type || tag == dwarf::DW_TAG_union_type;
}

bool isNamedType(DWARFDie die) {
  dwarf::Tag tag = die.getTag();
  return (isAggregate(tag) || tag == dwarf::DW_TAG_enumeration_type ||
          tag == dwarf::DW_TAG_typedef) &&
         !stringAttr(die, dwarf::DW_AT_name).empty();
}

/// The name of a type object: C's tag namespace spelled out (`struct N`,
/// `class C`, `union U`, `enum E`) so that `typedef struct N N` and
/// `struct stat` beside `stat()` do not collide; a typedef's own name.
std::string objectName(DWARFDie die) {
  StringRef name = stringAttr(die, dwarf::DW_AT_name);
  switch (die.getTag()) {
  case dwarf::DW_TAG_structure_type:
    return ("struct " + name).str();
  case dwarf::DW_TAG_class_type:
    return ("class " + name).str();
  case dwarf::DW_TAG_union_type:
    return ("union " + name).str();
  case dwarf::DW_TAG_enumeration_type:
    return ("enum " + name).str();
  default:
    return name.str();
  }
}

/// The `kind` of a type object (compspec's words); "" for a class.
StringRef objectKind(dwarf::Tag tag) {
  switch (tag) {
  case dwarf::DW_TAG_structure_type:
    return "structure";
  case dwarf::DW_TAG_union_type:
    return "union";
  case dwarf::DW_TAG_enumeration_type:
    return "enum";
  case dwarf::DW_TAG_typedef:
    return "typedef";
  default:
    return "";
  }
}

/// A key for a named type: its scopes and its object name.
std::string typeKey(DWARFDie die) {
  std::string key = objectName(die);
  for (DWARFDie up = die.getParent(); up; up = up.getParent()) {
    dwarf::Tag tag = up.getTag();
    if (tag == dwarf::DW_TAG_compile_unit || tag == dwarf::DW_TAG_type_unit ||
        tag == dwarf::DW_TAG_partial_unit)
      break;
    if (tag == dwarf::DW_TAG_namespace)
      key =
          "namespace " + stringAttr(up, dwarf::DW_AT_name).str() + "\x1f" + key;
    else if (isAggregate(tag))
      key = objectName(up) + "\x1f" + key;
    else // a type local to a function: not the same as one outside
      key = "local " + std::to_string(up.getOffset()) + "\x1f" + key;
  }
  return key;
}

/// The bit offset of a data member or base from the start of its aggregate.
std::optional<uint64_t> memberBitOffset(DWARFDie member) {
  if (auto bits = dwarf::toUnsigned(member.find(dwarf::DW_AT_data_bit_offset)))
    return *bits;
  std::optional<uint64_t> bytes;
  if (std::optional<DWARFFormValue> location =
          member.find(dwarf::DW_AT_data_member_location)) {
    if (auto constant = location->getAsUnsignedConstant()) {
      bytes = *constant;
    } else if (auto block = location->getAsBlock()) {
      // DWARF 2: DW_OP_plus_uconst N.
      if (!block->empty() && (*block)[0] == dwarf::DW_OP_plus_uconst) {
        unsigned length = 0;
        bytes = llvm::decodeULEB128(block->data() + 1, &length,
                                    block->data() + block->size());
      }
    }
  }
  if (!bytes)
    return std::nullopt;
  // DWARF 2/3 bit-fields count DW_AT_bit_offset from the most significant
  // bit of the storage unit (little-endian targets).
  auto bitOffset = dwarf::toUnsigned(member.find(dwarf::DW_AT_bit_offset));
  auto bitSize = dwarf::toUnsigned(member.find(dwarf::DW_AT_bit_size));
  auto storage = dwarf::toUnsigned(member.find(dwarf::DW_AT_byte_size));
  if (bitOffset && bitSize && storage)
    return *bytes * 8 + *storage * 8 - *bitOffset - *bitSize;
  return *bytes * 8;
}

/// Where `die` is declared: its file (relative to the compilation
/// directory when under it), line and column.
Location locationOf(DWARFDie die, MLIRContext &context, StringRef fallback) {
  // DWARFDie::getDeclFile misses DW_FORM_implicit_const, which GCC uses for
  // DW_AT_decl_file: read the index and its line table here.
  std::string file;
  for (DWARFDie each : originChain(die)) {
    std::optional<uint64_t> index =
        dwarf::toUnsigned(each.find(dwarf::DW_AT_decl_file));
    if (!index)
      continue;
    llvm::DWARFUnit *unit = each.getDwarfUnit();
    if (const llvm::DWARFDebugLine::LineTable *table =
            unit->getContext().getLineTableForUnit(unit))
      table->getFileNameByIndex(
          *index, unit->getCompilationDir(),
          llvm::DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath, file);
    break;
  }
  if (file.empty())
    return FileLineColLoc::get(&context, fallback, 0, 0);
  // `dir/./x.h` and `dir//x.h` are `dir/x.h`.
  llvm::SmallString<256> clean(file);
  llvm::sys::path::remove_dots(clean, /*remove_dot_dot=*/false);
  file = clean.str().str();
  if (DWARFDie unit = die.getDwarfUnit()->getUnitDIE()) {
    llvm::SmallString<256> directory(stringAttr(unit, dwarf::DW_AT_comp_dir));
    llvm::sys::path::remove_dots(directory, /*remove_dot_dot=*/false);
    StringRef path = file;
    if (!directory.empty() && path.consume_front(directory) &&
        path.consume_front("/"))
      file = path.str();
  }
  unsigned line = 0, column = 0;
  for (DWARFDie each : originChain(die)) {
    if (!line)
      line = dwarf::toUnsigned(each.find(dwarf::DW_AT_decl_line), 0);
    if (!column)
      column = dwarf::toUnsigned(each.find(dwarf::DW_AT_decl_column), 0);
  }
  return FileLineColLoc::get(&context, file, line, column);
}

//===----------------------------------------------------------------------===//
// The ABI
//===----------------------------------------------------------------------===//

/// A fact about an object: an `api.node`.
struct Fact {
  std::string kind;
  Attribute value;
  std::vector<Fact> children;
};

/// An object of the ABI being read: a namespace, a type, a variable or a
/// function, with what it holds.
struct ABIObject {
  enum class Op { Module, Class, Func };
  Op op = Op::Module;
  std::string name, kind;
  /// Where its defining DIE sits in .debug_info: objects keep DWARF order.
  uint64_t order = 0;
  std::optional<Location> loc;
  ABIObject *parent = nullptr;
  std::vector<ABIObject *> children;
  llvm::StringMap<ABIObject *> byName;
  std::vector<Fact> facts;
  /// The DIE whose facts are still to be read (a type's definition).
  DWARFDie pending;
  bool complete = false;
  // Functions.
  struct Param {
    std::string name, type;
    bool variadic;
  };
  std::vector<Param> params;
  std::optional<std::string> result;
};

struct ExportedSymbol {
  uint64_t address = 0, size = 0;
  uint8_t type = 0;
  bool function() const {
    return type == llvm::ELF::STT_FUNC || type == llvm::ELF::STT_GNU_IFUNC;
  }
};

class ABIReader {
public:
  ABIReader(MLIRContext &context, StringRef filename)
      : context(context), filename(filename) {
    root.loc = FileLineColLoc::get(&context, filename, 1, 1);
  }

  void readSymbols(const object::ELFObjectFileBase &elf);
  void read(llvm::DWARFContext &dwarf);
  void emit(OpBuilder &builder);

private:
  MLIRContext &context;
  std::string filename;
  Builder attrs{&context};

  llvm::StringMap<ExportedSymbol> exported;
  /// Symbol names in dynamic symbol table order.
  std::vector<std::string> exportedOrder;

  ABIObject root;
  std::deque<ABIObject> storage;
  /// The first complete definition of each named type.
  llvm::StringMap<DWARFDie> definitions;
  std::vector<DWARFDie> functions, variables;
  /// Exported symbols described so far.
  llvm::StringSet<> described;
  /// The first function definition at each entry address: what an exported
  /// alias of it (glibc's fopen for _IO_new_fopen, a C++ constructor's C1
  /// for its C2) describes.
  std::map<uint64_t, DWARFDie> definitionAt;
  /// Types whose facts are to be read.
  std::vector<ABIObject *> worklist;

  void index(DWARFDie die);
  ABIObject *child(ABIObject *scope, ABIObject::Op op, const std::string &name,
                   DWARFDie die);
  ABIObject *scopeOf(DWARFDie die);
  ABIObject *typeObject(DWARFDie die);
  std::string useType(DWARFDie type);
  void reach(DWARFDie type);
  void readFunction(DWARFDie definition, StringRef symbolName = "");
  void readVariable(DWARFDie definition);
  void aggregateFacts(DWARFDie die, std::vector<Fact> &facts);
  void enumFacts(DWARFDie die, std::vector<Fact> &facts);
  void typeFacts(ABIObject *object, DWARFDie die);
  void emitObject(OpBuilder &builder, ABIObject *object);
  void emitFacts(OpBuilder &builder, Location loc,
                 const std::vector<Fact> &facts);

  Fact fact(StringRef kind, StringRef value) {
    return {kind.str(), attrs.getStringAttr(value), {}};
  }
  Fact fact(StringRef kind, uint64_t value) {
    if (value > uint64_t(std::numeric_limits<int64_t>::max()))
      return fact(kind, StringRef(std::to_string(value)));
    return {kind.str(), attrs.getI64IntegerAttr(int64_t(value)), {}};
  }
};
} // namespace

void ABIReader::readSymbols(const object::ELFObjectFileBase &elf) {
  for (const object::ELFSymbolRef &symbol : elf.getDynamicSymbolIterators()) {
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    llvm::Expected<StringRef> name = symbol.getName();
    llvm::Expected<uint64_t> address = symbol.getAddress();
    if (!flags || !name || !address) {
      llvm::consumeError(flags.takeError());
      llvm::consumeError(name.takeError());
      llvm::consumeError(address.takeError());
      continue;
    }
    uint8_t binding = symbol.getBinding();
    uint8_t visibility = symbol.getOther() & 0x3;
    uint8_t type = symbol.getELFType();
    if ((*flags & object::SymbolRef::SF_Undefined) || name->empty() ||
        (binding != llvm::ELF::STB_GLOBAL && binding != llvm::ELF::STB_WEAK &&
         binding != llvm::ELF::STB_GNU_UNIQUE) ||
        (visibility != llvm::ELF::STV_DEFAULT &&
         visibility != llvm::ELF::STV_PROTECTED) ||
        (type != llvm::ELF::STT_FUNC && type != llvm::ELF::STT_GNU_IFUNC &&
         type != llvm::ELF::STT_OBJECT && type != llvm::ELF::STT_TLS &&
         type != llvm::ELF::STT_COMMON))
      continue;
    if (exported
            .try_emplace(*name,
                         ExportedSymbol{*address, symbol.getSize(), type})
            .second)
      exportedOrder.push_back(name->str());
  }
}

/// Collects function and variable definitions and complete named types,
/// outside function bodies.
void ABIReader::index(DWARFDie die) {
  for (DWARFDie child : die.children()) {
    dwarf::Tag tag = child.getTag();
    if (tag == dwarf::DW_TAG_subprogram) {
      if (child.find(dwarf::DW_AT_low_pc) || child.find(dwarf::DW_AT_ranges) ||
          child.find(dwarf::DW_AT_entry_pc))
        functions.push_back(child);
      continue; // not inside bodies
    }
    if (tag == dwarf::DW_TAG_variable) {
      if (child.find(dwarf::DW_AT_location))
        variables.push_back(child);
      continue;
    }
    if ((isAggregate(tag) || tag == dwarf::DW_TAG_enumeration_type) &&
        isNamedType(child) && !child.find(dwarf::DW_AT_declaration))
      definitions.try_emplace(typeKey(child), child);
    if (tag == dwarf::DW_TAG_namespace || isAggregate(tag))
      index(child);
  }
}

ABIObject *ABIReader::child(ABIObject *scope, ABIObject::Op op,
                            const std::string &name, DWARFDie die) {
  auto [it, inserted] = scope->byName.try_emplace(name, nullptr);
  if (!inserted)
    return it->second->op == op ? it->second : nullptr;
  ABIObject &object = storage.emplace_back();
  object.op = op;
  object.name = name;
  object.order = die ? die.getOffset() : 0;
  object.loc = die ? locationOf(die, context, filename)
                   : FileLineColLoc::get(&context, filename, 0, 0);
  object.parent = scope;
  scope->children.push_back(&object);
  it->second = &object;
  return &object;
}

ABIObject *ABIReader::scopeOf(DWARFDie die) {
  DWARFDie parent = die.getParent();
  if (!parent)
    return &root;
  dwarf::Tag tag = parent.getTag();
  if (tag == dwarf::DW_TAG_namespace) {
    StringRef name = stringAttr(parent, dwarf::DW_AT_name);
    ABIObject *scope = scopeOf(parent);
    ABIObject *ns =
        child(scope, ABIObject::Op::Module,
              name.empty() ? "(anonymous namespace)" : name.str(), parent);
    if (ns)
      ns->kind = "namespace";
    return ns ? ns : &root;
  }
  if (isAggregate(tag) && isNamedType(parent))
    if (ABIObject *type = typeObject(parent))
      return type;
  return &root; // a compile unit, or a scope with no name of its own
}

ABIObject *ABIReader::typeObject(DWARFDie die) {
  if (die.find(dwarf::DW_AT_declaration)) {
    auto it = definitions.find(typeKey(die));
    if (it != definitions.end())
      die = it->second;
  }
  ABIObject *scope = scopeOf(die);
  ABIObject *object = child(scope, ABIObject::Op::Class, objectName(die), die);
  if (!object)
    return nullptr; // the name is taken by another kind of object
  object->kind = objectKind(die.getTag()).str();
  if (!object->complete && !object->pending &&
      !die.find(dwarf::DW_AT_declaration)) {
    object->pending = die;
    object->order = die.getOffset();
    object->loc = locationOf(die, context, filename);
    worklist.push_back(object);
  }
  return object;
}

/// Makes the named types that `type` reaches objects of the ABI.
void ABIReader::reach(DWARFDie type) {
  for (unsigned depth = 0; type && depth < 64; ++depth) {
    switch (type.getTag()) {
    case dwarf::DW_TAG_pointer_type:
    case dwarf::DW_TAG_reference_type:
    case dwarf::DW_TAG_rvalue_reference_type:
    case dwarf::DW_TAG_const_type:
    case dwarf::DW_TAG_volatile_type:
    case dwarf::DW_TAG_restrict_type:
    case dwarf::DW_TAG_atomic_type:
    case dwarf::DW_TAG_array_type:
    case dwarf::DW_TAG_LLVM_ptrauth_type:
      type = type.resolveReferencedType(dwarf::DW_AT_type);
      continue;
    case dwarf::DW_TAG_ptr_to_member_type:
      reach(type.resolveReferencedType(dwarf::DW_AT_containing_type));
      type = type.resolveReferencedType(dwarf::DW_AT_type);
      continue;
    case dwarf::DW_TAG_subroutine_type:
      for (DWARFDie param : type.children())
        if (param.getTag() == dwarf::DW_TAG_formal_parameter)
          reach(param.resolveReferencedType(dwarf::DW_AT_type));
      type = type.resolveReferencedType(dwarf::DW_AT_type);
      continue;
    default:
      if (isNamedType(type))
        typeObject(type);
      // An anonymous type has no object: whatever names it (a typedef, a
      // member) holds its facts.
      return;
    }
  }
}

std::string ABIReader::useType(DWARFDie type) {
  reach(type);
  return typeName(type);
}

/// Describes the exported function `definition` defines, or the alias
/// `symbolName` at its address.
void ABIReader::readFunction(DWARFDie definition, StringRef symbolName) {
  llvm::SmallVector<DWARFDie, 4> chain = originChain(definition);
  StringRef name = symbolName;
  for (DWARFDie each : chain)
    if (name.empty())
      name = dwarf::toStringRef(each.find(
          {dwarf::DW_AT_linkage_name, dwarf::DW_AT_MIPS_linkage_name}));
  for (DWARFDie each : chain)
    if (name.empty())
      name = stringAttr(each, dwarf::DW_AT_name);
  auto symbol = exported.find(name);
  if (name.empty() || symbol == exported.end() || !symbol->second.function() ||
      described.contains(name))
    return;
  ABIObject *scope = scopeOf(chain.back());
  ABIObject *function =
      child(scope, ABIObject::Op::Func, name.str(), definition);
  if (!function || function->complete)
    return;
  function->complete = true;
  described.insert(name);
  // Parameters: from the nearest DIE that lists them (a concrete instance,
  // else its abstract origin, else the declaration).
  for (DWARFDie each : chain) {
    bool lists = llvm::any_of(each.children(), [](DWARFDie child) {
      return child.getTag() == dwarf::DW_TAG_formal_parameter ||
             child.getTag() == dwarf::DW_TAG_unspecified_parameters;
    });
    if (!lists)
      continue;
    llvm::StringSet<> seen;
    for (DWARFDie param : each.children()) {
      if (param.getTag() == dwarf::DW_TAG_unspecified_parameters) {
        function->params.push_back({"...", "", true});
        continue;
      }
      if (param.getTag() != dwarf::DW_TAG_formal_parameter)
        continue;
      std::string paramName;
      for (DWARFDie named : originChain(param))
        if (paramName.empty())
          paramName = stringAttr(named, dwarf::DW_AT_name).str();
      if (!paramName.empty() && !seen.insert(paramName).second)
        paramName.clear();
      function->params.push_back({paramName, useType(typeOf(param)), false});
    }
    break;
  }
  if (DWARFDie result = typeOf(definition))
    function->result = useType(result);
}

void ABIReader::readVariable(DWARFDie definition) {
  llvm::SmallVector<DWARFDie, 4> chain = originChain(definition);
  DWARFDie parent = chain.back().getParent();
  if (parent && parent.getTag() != dwarf::DW_TAG_compile_unit &&
      parent.getTag() != dwarf::DW_TAG_namespace &&
      !isAggregate(parent.getTag()) &&
      parent.getTag() != dwarf::DW_TAG_partial_unit)
    return; // a static local
  StringRef name;
  for (DWARFDie each : chain)
    if (name.empty())
      name = dwarf::toStringRef(each.find(
          {dwarf::DW_AT_linkage_name, dwarf::DW_AT_MIPS_linkage_name}));
  for (DWARFDie each : chain)
    if (name.empty())
      name = stringAttr(each, dwarf::DW_AT_name);
  auto symbol = exported.find(name);
  if (name.empty() || symbol == exported.end() || symbol->second.function() ||
      described.contains(name))
    return;
  ABIObject *variable = child(scopeOf(chain.back()), ABIObject::Op::Class,
                              name.str(), definition);
  if (!variable || variable->complete)
    return;
  variable->complete = true;
  variable->kind = "variable";
  described.insert(name);
  variable->facts.push_back(fact("type", useType(typeOf(definition))));
  variable->facts.push_back(fact("size", symbol->second.size));
}

void ABIReader::aggregateFacts(DWARFDie die, std::vector<Fact> &facts) {
  if (auto size = dwarf::toUnsigned(die.find(dwarf::DW_AT_byte_size)))
    facts.push_back(fact("size", *size));
  std::string layout;
  std::vector<Fact> bases, members;
  std::map<uint64_t, std::string> vtable;
  auto place = [&](StringRef name, std::optional<uint64_t> bits,
                   std::optional<uint64_t> width) {
    if (!layout.empty())
      layout += ", ";
    layout += name.str() + "@";
    uint64_t offset = bits.value_or(0);
    layout += std::to_string(offset / 8);
    if (width)
      layout += "." + std::to_string(offset % 8) + ":" + std::to_string(*width);
  };
  for (DWARFDie child : die.children()) {
    switch (child.getTag()) {
    case dwarf::DW_TAG_member: {
      // A DWARF 4 static member is a declaration of a variable.
      if (child.find(dwarf::DW_AT_declaration) ||
          child.find(dwarf::DW_AT_external))
        break;
      StringRef name = stringAttr(child, dwarf::DW_AT_name);
      DWARFDie type = child.resolveReferencedType(dwarf::DW_AT_type);
      Fact member = fact("member", name);
      member.children.push_back(fact("type", useType(type)));
      // The layout of an anonymous structure, union or enum belongs to the
      // member that holds it.
      if (type && !isNamedType(type)) {
        if (isAggregate(type.getTag()))
          aggregateFacts(type, member.children);
        else if (type.getTag() == dwarf::DW_TAG_enumeration_type)
          enumFacts(type, member.children);
      }
      members.push_back(std::move(member));
      place(name.empty() ? "(anonymous)" : name, memberBitOffset(child),
            dwarf::toUnsigned(child.find(dwarf::DW_AT_bit_size)));
      break;
    }
    case dwarf::DW_TAG_inheritance: {
      DWARFDie type = child.resolveReferencedType(dwarf::DW_AT_type);
      std::string name = useType(type);
      Fact base = fact("base", name);
      if (dwarf::toUnsigned(child.find(dwarf::DW_AT_virtuality), 0))
        base.children.push_back(fact("virtuality", "virtual"));
      bases.push_back(std::move(base));
      place("base " + name, memberBitOffset(child), std::nullopt);
      break;
    }
    case dwarf::DW_TAG_subprogram: {
      std::optional<DWARFFormValue> slot =
          child.find(dwarf::DW_AT_vtable_elem_location);
      std::optional<llvm::ArrayRef<uint8_t>> block =
          slot ? slot->getAsBlock() : std::nullopt;
      if (!block || block->empty() || (*block)[0] != dwarf::DW_OP_constu)
        break;
      unsigned length = 0;
      uint64_t index = llvm::decodeULEB128(block->data() + 1, &length,
                                           block->data() + block->size());
      StringRef name = dwarf::toStringRef(child.find(
          {dwarf::DW_AT_linkage_name, dwarf::DW_AT_MIPS_linkage_name}));
      if (name.empty())
        name = stringAttr(child, dwarf::DW_AT_name);
      std::string &entry = vtable[index];
      entry += (entry.empty() ? "" : "|") + name.str();
      break;
    }
    default:
      break;
    }
  }
  facts.push_back(fact("layout", layout));
  if (!vtable.empty()) {
    std::string slots;
    for (const auto &[index, name] : vtable)
      slots += (slots.empty() ? "" : ", ") + std::to_string(index) + ":" + name;
    facts.push_back(fact("vtable", slots));
  }
  llvm::append_range(facts, std::move(bases));
  llvm::append_range(facts, std::move(members));
}

void ABIReader::enumFacts(DWARFDie die, std::vector<Fact> &facts) {
  if (auto size = dwarf::toUnsigned(die.find(dwarf::DW_AT_byte_size)))
    facts.push_back(fact("size", *size));
  DWARFDie underlying = die.resolveReferencedType(dwarf::DW_AT_type);
  if (underlying)
    facts.push_back(fact("type", typeName(underlying)));
  // A constant's signedness is its type's (DWARF 5, 7.5.6).
  bool isSigned = false;
  for (DWARFDie base = underlying; base;
       base = base.resolveReferencedType(dwarf::DW_AT_type))
    if (base.getTag() == dwarf::DW_TAG_base_type) {
      auto encoding = dwarf::toUnsigned(base.find(dwarf::DW_AT_encoding), 0);
      isSigned = encoding == dwarf::DW_ATE_signed ||
                 encoding == dwarf::DW_ATE_signed_char;
      break;
    }
  for (DWARFDie child : die.children()) {
    if (child.getTag() != dwarf::DW_TAG_enumerator)
      continue;
    Fact enumerator = fact("enumerator", stringAttr(child, dwarf::DW_AT_name));
    if (std::optional<DWARFFormValue> value =
            child.find(dwarf::DW_AT_const_value)) {
      bool signedForm = value->getForm() == dwarf::DW_FORM_sdata ||
                        (isSigned && value->getForm() != dwarf::DW_FORM_udata);
      if (auto number =
              signedForm ? std::optional<int64_t>(value->getAsSignedConstant())
                         : std::nullopt)
        enumerator.children.push_back(
            {"value", attrs.getI64IntegerAttr(*number), {}});
      else if (auto number = value->getAsUnsignedConstant())
        enumerator.children.push_back(fact("value", *number));
    }
    facts.push_back(std::move(enumerator));
  }
}

void ABIReader::typeFacts(ABIObject *object, DWARFDie die) {
  dwarf::Tag tag = die.getTag();
  if (isAggregate(tag)) {
    aggregateFacts(die, object->facts);
    return;
  }
  if (tag == dwarf::DW_TAG_enumeration_type) {
    enumFacts(die, object->facts);
    return;
  }
  // A typedef: its type, and the layout of the anonymous type it names.
  DWARFDie target = die.resolveReferencedType(dwarf::DW_AT_type);
  object->facts.push_back(fact("type", useType(target)));
  if (target && !isNamedType(target)) {
    if (isAggregate(target.getTag()))
      aggregateFacts(target, object->facts);
    else if (target.getTag() == dwarf::DW_TAG_enumeration_type)
      enumFacts(target, object->facts);
  }
}

void ABIReader::read(llvm::DWARFContext &dwarf) {
  for (const std::unique_ptr<llvm::DWARFUnit> &unit :
       dwarf.info_section_units())
    if (DWARFDie top = unit->getUnitDIE(/*ExtractUnitDIEOnly=*/false))
      index(top);
  for (DWARFDie definition : functions) {
    if (auto entry = dwarf::toAddress(definition.find(dwarf::DW_AT_low_pc)))
      definitionAt.try_emplace(*entry, definition);
    readFunction(definition);
  }
  for (DWARFDie definition : variables)
    readVariable(definition);
  // Exported symbols without a DIE of their own: an alias at a function
  // definition's address takes its signature; the rest are symbols the
  // debug information does not describe (an object without facts, a
  // variable with its size).
  for (const std::string &name : exportedOrder) {
    if (described.contains(name))
      continue;
    const ExportedSymbol &symbol = exported[name];
    if (symbol.function()) {
      auto definition = definitionAt.find(symbol.address);
      if (definition != definitionAt.end())
        readFunction(definition->second, name);
      if (described.contains(name))
        continue;
    }
    ABIObject *object = child(
        &root, symbol.function() ? ABIObject::Op::Func : ABIObject::Op::Class,
        name, DWARFDie());
    if (!object)
      continue;
    object->loc = FileLineColLoc::get(&context, filename, 0, 0);
    object->order = std::numeric_limits<uint64_t>::max();
    object->complete = true;
    if (object->op == ABIObject::Op::Class) {
      object->kind = "variable";
      object->facts.push_back(fact("size", symbol.size));
    }
    described.insert(name);
  }
  while (!worklist.empty()) {
    ABIObject *object = worklist.back();
    worklist.pop_back();
    DWARFDie die = object->pending;
    object->pending = DWARFDie();
    object->complete = true;
    typeFacts(object, die);
  }
}

void ABIReader::emitFacts(OpBuilder &builder, Location loc,
                          const std::vector<Fact> &facts) {
  for (const Fact &each : facts) {
    auto node =
        api::NodeOp::create(builder, loc, builder.getStringAttr(each.kind),
                            each.value, StringAttr(), StringAttr());
    if (each.children.empty())
      continue;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(&node.getBodyRegion().emplaceBlock());
    emitFacts(builder, loc, each.children);
  }
}

void ABIReader::emitObject(OpBuilder &builder, ABIObject *object) {
  Location loc = *object->loc;
  StringAttr kind =
      object->kind.empty() ? StringAttr() : builder.getStringAttr(object->kind);
  Operation *op = nullptr;
  switch (object->op) {
  case ABIObject::Op::Module:
    op = api::APIModuleOp::create(builder, loc, object->name, StringAttr(),
                                  kind, StringAttr());
    break;
  case ABIObject::Op::Class:
    op = api::ClassOp::create(builder, loc, object->name, StringAttr(), kind,
                              StringAttr());
    break;
  case ABIObject::Op::Func:
    op = api::FuncOp::create(builder, loc, object->name, StringAttr(),
                             /*declaration=*/false,
                             /*defaults_unknown=*/false, StringAttr());
    break;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&op->getRegion(0).emplaceBlock());
  for (const ABIObject::Param &param : object->params)
    api::ParamOp::create(builder, loc, builder.getStringAttr(param.name),
                         param.variadic ? StringAttr()
                                        : builder.getStringAttr(param.type),
                         StringAttr(),
                         builder.getStringAttr(api::stringifyParamKind(
                             param.variadic ? api::ParamKind::VarPositional
                                            : api::ParamKind::PositionalOnly)),
                         StringAttr());
  if (object->result)
    api::ResultOp::create(builder, loc, builder.getStringAttr(*object->result),
                          StringAttr());
  emitFacts(builder, loc, object->facts);
  std::vector<ABIObject *> children = object->children;
  llvm::stable_sort(
      children, [](ABIObject *a, ABIObject *b) { return a->order < b->order; });
  for (ABIObject *each : children)
    emitObject(builder, each);
}

void ABIReader::emit(OpBuilder &builder) {
  std::vector<ABIObject *> children = root.children;
  llvm::stable_sort(
      children, [](ABIObject *a, ABIObject *b) { return a->order < b->order; });
  for (ABIObject *each : children)
    emitObject(builder, each);
}

//===----------------------------------------------------------------------===//
// compspec's graph of the DWARF
//===----------------------------------------------------------------------===//

namespace {
/// compspec's DWARF example builds its graph DIE by DIE, in .debug_info
/// order: each DIE it visits takes the next id ("id0", "id1", ...) when
/// first seen, and the nodes it adds for the DIE's attributes (a size, a
/// type, an order) take the ids after it. A DIE it does not describe (a
/// subprogram without a name, say) keeps its id unused. Its values are its
/// own: a name is the linkage name if there is one; a type is what
/// get_underlying_type reaches (through typedefs and pointers, to a base
/// type, `*int` behind a pointer, or a structure's bare name); a location is
/// the first operation of the DIE's location (`framebase-20`, `%rdi`).
/// compspec stops at a DIE it does not know (a lexical block, a call site);
/// here such a DIE and its children are left out. Where compspec's lookup
/// of a reference reads a compile-unit-relative offset as absolute (right
/// only in the first compile unit), references are resolved.
class CompspecDWARFGraph {
public:
  explicit CompspecDWARFGraph(Builder &builder) : builder(builder) {}

  void visitUnit(DWARFDie unit);
  void emit(OpBuilder &opBuilder, Location loc);

private:
  struct Node {
    std::string id, type;
    Attribute value;
    int parent = -1;
    std::vector<unsigned> children;
  };
  Builder &builder;
  std::vector<Node> nodes;
  unsigned counter = 0;
  /// DIE offset -> its id, and whether it is "in the lookup".
  llvm::DenseMap<uint64_t, std::string> ids;
  llvm::StringMap<unsigned> nodeOf;

  std::string next() { return "id" + std::to_string(counter++); }
  std::string idOf(DWARFDie die) {
    auto [it, inserted] = ids.try_emplace(die.getOffset());
    if (inserted)
      it->second = next();
    return it->second;
  }
  bool known(DWARFDie die) const { return ids.count(die.getOffset()); }
  void forget(DWARFDie die) { ids.erase(die.getOffset()); }

  unsigned node(StringRef type, Attribute value, const std::string &id) {
    auto [it, inserted] = nodeOf.try_emplace(id, nodes.size());
    if (inserted)
      nodes.push_back({id, type.str(), value, -1, {}});
    else
      nodes[it->second] = {id, type.str(), value, nodes[it->second].parent,
                           nodes[it->second].children};
    return it->second;
  }
  void relate(const std::string &from, const std::string &to) {
    auto fromIt = nodeOf.find(from), toIt = nodeOf.find(to);
    if (fromIt == nodeOf.end() || toIt == nodeOf.end())
      return;
    Node &child = nodes[toIt->second];
    if (child.parent == int(fromIt->second))
      return;
    if (child.parent >= 0)
      llvm::erase(nodes[child.parent].children, toIt->second);
    child.parent = fromIt->second;
    nodes[fromIt->second].children.push_back(toIt->second);
  }
  /// A node with a fresh id under `parent`.
  void gen(StringRef type, Attribute value, const std::string &parent) {
    std::string id = next();
    node(type, value, id);
    relate(parent, id);
  }
  void generateParent(DWARFDie die) {
    if (DWARFDie parent = die.getParent()) {
      std::string from = idOf(parent);
      relate(from, idOf(die));
    }
  }
  Attribute text(StringRef value) { return builder.getStringAttr(value); }
  Attribute number(int64_t value) { return builder.getI64IntegerAttr(value); }

  static std::string nameOf(DWARFDie die);
  static std::optional<int64_t> sizeOf(DWARFDie die);
  std::string underlying(DWARFDie die, bool pointer = false);
  static std::optional<std::string> location(DWARFDie die);
  static std::string language(uint64_t code);

  bool visit(DWARFDie die);
  void sizedGeneric(DWARFDie die, StringRef type,
                    std::optional<std::string> name = std::nullopt);
  void inheritance(DWARFDie die);
  void emitNode(OpBuilder &opBuilder, Location loc, unsigned index);
};
} // namespace

std::string CompspecDWARFGraph::nameOf(DWARFDie die) {
  StringRef name = dwarf::toStringRef(die.find(dwarf::DW_AT_linkage_name));
  if (name.empty())
    name = stringAttr(die, dwarf::DW_AT_name);
  if (name.empty())
    return "unknown";
  std::string result = name.str();
  if (StringRef(result).contains("typedef")) {
    std::string stripped;
    size_t at;
    while ((at = result.find("typedef")) != std::string::npos)
      result.erase(at, 7);
    result = StringRef(result).trim().split(' ').first.str();
  }
  return StringRef(result).trim().str();
}

std::optional<int64_t> CompspecDWARFGraph::sizeOf(DWARFDie die) {
  if (auto bytes = dwarf::toUnsigned(die.find(dwarf::DW_AT_byte_size)))
    return int64_t(*bytes);
  // compspec multiplies a bit size by 8.
  if (auto bits = dwarf::toUnsigned(die.find(dwarf::DW_AT_bit_size)))
    return int64_t(*bits * 8);
  return std::nullopt;
}

std::string CompspecDWARFGraph::underlying(DWARFDie die, bool pointer) {
  for (unsigned depth = 0; die && depth < 64; ++depth) {
    dwarf::Tag tag = die.getTag();
    if (tag == dwarf::DW_TAG_base_type)
      return (pointer ? "*" : "") + nameOf(die);
    if (tag == dwarf::DW_TAG_structure_type || tag == dwarf::DW_TAG_class_type)
      return nameOf(die);
    if (!die.find(dwarf::DW_AT_type))
      return "unknown";
    DWARFDie type = die.resolveReferencedType(dwarf::DW_AT_type);
    if (!type)
      return "unknown";
    if (type.getTag() == dwarf::DW_TAG_array_type)
      return pointer ? "*array" : "array";
    if (type.getTag() == dwarf::DW_TAG_base_type)
      return (pointer ? "*" : "") + nameOf(type);
    for (unsigned dig = 0; type.find(dwarf::DW_AT_type) && dig < 64; ++dig) {
      if (type.getTag() == dwarf::DW_TAG_pointer_type)
        pointer = true;
      DWARFDie next = type.resolveReferencedType(dwarf::DW_AT_type);
      if (!next)
        break;
      type = next;
    }
    die = type;
  }
  return "unknown";
}

std::optional<std::string> CompspecDWARFGraph::location(DWARFDie die) {
  if (!die.find(dwarf::DW_AT_location))
    return std::nullopt;
  llvm::Expected<llvm::DWARFLocationExpressionsVector> locations =
      die.getLocations(dwarf::DW_AT_location);
  if (!locations) {
    llvm::consumeError(locations.takeError());
    return std::nullopt;
  }
  if (locations->empty() || locations->front().Expr.empty())
    return std::nullopt;
  llvm::ArrayRef<uint8_t> expr = locations->front().Expr;
  uint8_t op = expr[0];
  const uint8_t *end = expr.data() + expr.size();
  unsigned length = 0;
  static const char *const x86_64[] = {"rax", "rdx", "rcx", "rbx", "rsi", "rdi",
                                       "rbp", "rsp", "r8",  "r9",  "r10", "r11",
                                       "r12", "r13", "r14", "r15", "rip"};
  auto reg = [&](unsigned number) {
    if (number < std::size(x86_64))
      return "%" + std::string(x86_64[number]);
    if (number >= 17 && number <= 32)
      return "%xmm" + std::to_string(number - 17);
    return "%r" + std::to_string(number);
  };
  if (op == dwarf::DW_OP_fbreg)
    return "framebase" +
           std::to_string(llvm::decodeSLEB128(expr.data() + 1, &length, end));
  if (op >= dwarf::DW_OP_reg0 && op <= dwarf::DW_OP_reg31)
    return reg(op - dwarf::DW_OP_reg0);
  if (op >= dwarf::DW_OP_breg0 && op <= dwarf::DW_OP_breg31)
    return reg(op - dwarf::DW_OP_breg0);
  if (op == dwarf::DW_OP_addr && expr.size() >= 9) {
    uint64_t address = 0;
    for (unsigned i = 0; i < 8; ++i)
      address |= uint64_t(expr[1 + i]) << (8 * i);
    std::string text;
    llvm::raw_string_ostream(text)
        << "DW_OP_addr: " << llvm::format_hex_no_prefix(address, 0);
    return text;
  }
  return dwarf::OperationEncodingString(op).str();
}

std::string CompspecDWARFGraph::language(uint64_t code) {
  StringRef name;
  switch (code) {
  case dwarf::DW_LANG_C89:
    name = "(ANSI C)";
    break;
  case dwarf::DW_LANG_C:
    name = "(non-ANSI C)";
    break;
  case dwarf::DW_LANG_C_plus_plus:
    name = "(C++)";
    break;
  case dwarf::DW_LANG_C99:
    name = "(ANSI C99)";
    break;
  case dwarf::DW_LANG_C_plus_plus_03:
    name = "(C++03)";
    break;
  case dwarf::DW_LANG_C_plus_plus_11:
    name = "(C++11)";
    break;
  case dwarf::DW_LANG_C11:
    name = "(C11)";
    break;
  case dwarf::DW_LANG_C_plus_plus_14:
    name = "(C++14)";
    break;
  case dwarf::DW_LANG_C17:
    name = "(C17)";
    break;
  default: {
    StringRef spelled = dwarf::LanguageString(code);
    spelled.consume_front("DW_LANG_");
    return std::to_string(code) + "\t(" + spelled.str() + ")";
  }
  }
  return std::to_string(code) + "\t" + name.str();
}

void CompspecDWARFGraph::sizedGeneric(DWARFDie die, StringRef type,
                                      std::optional<std::string> name) {
  std::string id = idOf(die);
  node(type, text(name ? *name : nameOf(die)), id);
  generateParent(die);
  if (std::optional<int64_t> size = sizeOf(die))
    gen("size", number(*size), id);
}

void CompspecDWARFGraph::inheritance(DWARFDie die) {
  int64_t order = 0;
  for (DWARFDie child : die.children())
    if (child.getTag() == dwarf::DW_TAG_inheritance) {
      DWARFDie base = child.resolveReferencedType(dwarf::DW_AT_type);
      gen("inherits",
          text((base ? nameOf(base) : "unknown") + ":" + std::to_string(order)),
          idOf(die));
      ++order;
    }
}

/// compspec's facts() for one DIE; false for a DIE it does not describe,
/// whose children are then left out too.
bool CompspecDWARFGraph::visit(DWARFDie die) {
  dwarf::Tag tag = die.getTag();
  switch (tag) {
  case dwarf::DW_TAG_namespace:
  case dwarf::DW_TAG_compile_unit:
  case dwarf::DW_TAG_class_type:
  case dwarf::DW_TAG_subprogram:
  case dwarf::DW_TAG_formal_parameter:
  case dwarf::DW_TAG_inheritance:
  case dwarf::DW_TAG_base_type:
  case dwarf::DW_TAG_variable:
  case dwarf::DW_TAG_pointer_type:
  case dwarf::DW_TAG_structure_type:
  case dwarf::DW_TAG_member:
  case dwarf::DW_TAG_array_type:
  case dwarf::DW_TAG_subrange_type:
  case dwarf::DW_TAG_typedef:
  case dwarf::DW_TAG_const_type:
  case dwarf::DW_TAG_imported_module:
  case dwarf::DW_TAG_imported_declaration:
  case dwarf::DW_TAG_template_type_parameter:
  case dwarf::DW_TAG_template_value_parameter:
  case dwarf::DW_TAG_enumeration_type:
  case dwarf::DW_TAG_enumerator:
  case dwarf::DW_TAG_union_type:
  case dwarf::DW_TAG_unspecified_parameters:
  case dwarf::DW_TAG_unspecified_type:
  case dwarf::DW_TAG_reference_type:
  case dwarf::DW_TAG_subroutine_type:
  case dwarf::DW_TAG_rvalue_reference_type:
    break;
  default:
    return false;
  }
  if (known(die))
    return true;
  const std::string id = idOf(die);
  switch (tag) {
  case dwarf::DW_TAG_namespace:
    node("namespace", text(nameOf(die)), id);
    generateParent(die);
    break;
  case dwarf::DW_TAG_compile_unit:
    node("compileunit", text(nameOf(die)), id);
    generateParent(die);
    if (auto code = dwarf::toUnsigned(die.find(dwarf::DW_AT_language)))
      gen("language", text(language(*code)), id);
    break;
  case dwarf::DW_TAG_class_type:
    sizedGeneric(die, "class");
    inheritance(die);
    break;
  case dwarf::DW_TAG_structure_type:
    sizedGeneric(die, "structure");
    inheritance(die);
    break;
  case dwarf::DW_TAG_union_type:
    sizedGeneric(die, "union");
    break;
  case dwarf::DW_TAG_base_type:
    sizedGeneric(die, "basetype");
    break;
  case dwarf::DW_TAG_pointer_type:
    sizedGeneric(die, "pointer");
    break;
  case dwarf::DW_TAG_subprogram: {
    std::string name = nameOf(die);
    if (name == "unknown") {
      forget(die);
      break;
    }
    node("function", text(name), id);
    generateParent(die);
    break;
  }
  case dwarf::DW_TAG_formal_parameter: {
    DWARFDie parent = die.getParent();
    DWARFDie declaration = parent ? parent.getAttributeValueAsReferencedDie(
                                        dwarf::DW_AT_specification)
                                  : DWARFDie();
    std::string name = nameOf(die);
    if (name == "unknown") {
      forget(die);
      break;
    }
    node("parameter", text(name), id);
    if (declaration) {
      if (known(declaration))
        relate(idOf(declaration), id);
    } else {
      generateParent(die);
    }
    if (std::optional<int64_t> size = sizeOf(die))
      gen("size", number(*size), id);
    gen("type", text(underlying(die)), id);
    std::optional<std::string> where = location(die);
    if (!where)
      break;
    gen("location", text(*where), id);
    // The order among the parent's children; compspec looks for it among
    // the declaration's when the parent completes one, and finds none.
    if (declaration || !parent)
      break;
    int64_t order = 0;
    for (DWARFDie sibling : parent.children()) {
      if (sibling == die) {
        gen("order", number(order), id);
        break;
      }
      ++order;
    }
    break;
  }
  case dwarf::DW_TAG_inheritance:
    break; // under its class
  case dwarf::DW_TAG_variable: {
    std::string name = nameOf(die);
    std::string type = underlying(die);
    if (name == "unknown")
      if (DWARFDie spec =
              die.getAttributeValueAsReferencedDie(dwarf::DW_AT_specification))
        name = nameOf(spec);
    sizedGeneric(die, "variable", name);
    gen("type", text(type), id);
    if (std::optional<std::string> where = location(die))
      gen("location", text(*where), id);
    break;
  }
  case dwarf::DW_TAG_member: {
    std::string type = underlying(die);
    std::optional<std::string> memberType;
    if (type == "array")
      memberType = underlying(die.resolveReferencedType(dwarf::DW_AT_type));
    node("member", text(nameOf(die)), id);
    generateParent(die);
    gen("type", text(type), id);
    if (memberType)
      gen("membertype", text(*memberType), id);
    if (DWARFDie parent = die.getParent()) {
      idOf(parent);
      int64_t order = 0;
      for (DWARFDie sibling : parent.children()) {
        if (sibling == die) {
          gen("order", number(order), id);
          break;
        }
        ++order;
      }
    }
    break;
  }
  case dwarf::DW_TAG_array_type: {
    std::string name = nameOf(die);
    if (name == "unknown") {
      forget(die);
      break;
    }
    node("array", text(name), id);
    generateParent(die);
    gen("membertype", text(underlying(die)), id);
    if (auto ordering = dwarf::toUnsigned(die.find(dwarf::DW_AT_ordering)))
      gen("order", number(*ordering), id);
    if (auto stride = dwarf::toUnsigned(die.find(dwarf::DW_AT_byte_stride)))
      gen("membersize", number(*stride), id);
    else if (auto bits = dwarf::toUnsigned(die.find(dwarf::DW_AT_bit_stride)))
      gen("membersize", number(*bits * 8), id);
    break;
  }
  case dwarf::DW_TAG_subrange_type:
    // compspec describes a subrange only under an array it described, and
    // stops there; an array it describes has a name, which C's never do.
    forget(die);
    break;
  case dwarf::DW_TAG_typedef:
    node("typedef", text(nameOf(die)), id);
    generateParent(die);
    gen("type", text(underlying(die)), id);
    break;
  case dwarf::DW_TAG_const_type: {
    std::string type = underlying(die);
    if (type == "unknown" && !die.hasChildren())
      break;
    node("const", text(type), id);
    generateParent(die);
    break;
  }
  case dwarf::DW_TAG_imported_module:
  case dwarf::DW_TAG_imported_declaration: {
    DWARFDie imported =
        die.getAttributeValueAsReferencedDie(dwarf::DW_AT_import);
    node("imports", text(imported ? nameOf(imported) : "unknown"), id);
    generateParent(die);
    break;
  }
  case dwarf::DW_TAG_template_type_parameter:
  case dwarf::DW_TAG_template_value_parameter:
    node("template_type_param", text(nameOf(die)), id);
    generateParent(die);
    gen("type", text(underlying(die)), id);
    if (tag == dwarf::DW_TAG_template_value_parameter)
      if (std::optional<DWARFFormValue> value =
              die.find(dwarf::DW_AT_const_value))
        if (auto constant = value->getAsSignedConstant())
          gen("constvalue", number(*constant), id);
    break;
  case dwarf::DW_TAG_enumeration_type:
    sizedGeneric(die, "enum");
    gen("type", text(underlying(die)), id);
    break;
  case dwarf::DW_TAG_enumerator:
    node("enumerator", text(nameOf(die)), id);
    generateParent(die);
    if (std::optional<DWARFFormValue> value =
            die.find(dwarf::DW_AT_const_value)) {
      if (value->getForm() == dwarf::DW_FORM_sdata)
        gen("enumerator_const_value",
            number(value->getAsSignedConstant().value_or(0)), id);
      else
        gen("enumerator_const_value",
            number(int64_t(value->getAsUnsignedConstant().value_or(0))), id);
    }
    break;
  case dwarf::DW_TAG_unspecified_parameters:
    node("unspecified_parameters", text(nameOf(die)), id);
    generateParent(die);
    break;
  case dwarf::DW_TAG_unspecified_type:
    node("unspecified_type", text(nameOf(die)), id);
    generateParent(die);
    break;
  case dwarf::DW_TAG_reference_type:
  case dwarf::DW_TAG_rvalue_reference_type:
    sizedGeneric(die, tag == dwarf::DW_TAG_reference_type ? "reference"
                                                          : "rvalue_reference");
    gen("type", text(underlying(die)), id);
    break;
  case dwarf::DW_TAG_subroutine_type: {
    std::string name = nameOf(die);
    if (name == "unknown")
      name = underlying(die);
    if (name == "unknown")
      break;
    node("subroutine", text(name), id);
    generateParent(die);
    gen("type", text(underlying(die)), id);
    break;
  }
  default:
    break;
  }
  return true;
}

void CompspecDWARFGraph::visitUnit(DWARFDie unit) {
  // Preorder over every DIE; a DIE compspec does not describe hides its
  // subtree.
  std::vector<DWARFDie> stack{unit};
  while (!stack.empty()) {
    DWARFDie die = stack.back();
    stack.pop_back();
    if (!visit(die))
      continue;
    std::vector<DWARFDie> children(die.children().begin(),
                                   die.children().end());
    for (auto it = children.rbegin(); it != children.rend(); ++it)
      stack.push_back(*it);
  }
}

void CompspecDWARFGraph::emitNode(OpBuilder &opBuilder, Location loc,
                                  unsigned index) {
  const Node &each = nodes[index];
  auto op = api::NodeOp::create(opBuilder, loc,
                                opBuilder.getStringAttr(each.type), each.value,
                                StringAttr(), opBuilder.getStringAttr(each.id));
  if (each.children.empty())
    return;
  OpBuilder::InsertionGuard guard(opBuilder);
  opBuilder.setInsertionPointToEnd(&op.getBodyRegion().emplaceBlock());
  for (unsigned child : each.children)
    emitNode(opBuilder, loc, child);
}

void CompspecDWARFGraph::emit(OpBuilder &opBuilder, Location loc) {
  for (auto [index, each] : llvm::enumerate(nodes))
    if (each.parent < 0)
      emitNode(opBuilder, loc, index);
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

/// The separate debug file of a stripped ELF object, as GDB finds it: by
/// build ID under /usr/lib/debug/.build-id (Debian's -dbgsym and -dbg
/// packages), else by the .gnu_debuglink name beside the file, in its .debug
/// directory, or under /usr/lib/debug. Empty if none exists.
static std::string findDebugFile(const object::ObjectFile &file,
                                 StringRef filename) {
  llvm::SmallVector<std::string, 4> candidates;
  llvm::ArrayRef<uint8_t> id = object::getBuildID(&file);
  if (id.size() > 1) {
    std::string hex = llvm::toHex(id, /*LowerCase=*/true);
    candidates.push_back("/usr/lib/debug/.build-id/" + hex.substr(0, 2) + "/" +
                         hex.substr(2) + ".debug");
  }
  for (const object::SectionRef &section : file.sections()) {
    llvm::Expected<StringRef> name = section.getName();
    if (!name || *name != ".gnu_debuglink") {
      if (!name)
        llvm::consumeError(name.takeError());
      continue;
    }
    llvm::Expected<StringRef> contents = section.getContents();
    if (!contents) {
      llvm::consumeError(contents.takeError());
      break;
    }
    StringRef link = contents->split('\0').first;
    if (link.empty())
      break;
    llvm::SmallString<256> directory(filename);
    llvm::sys::path::remove_filename(directory);
    llvm::SmallString<256> path;
    llvm::sys::path::append(path, directory, link);
    candidates.push_back(path.str().str());
    path.clear();
    llvm::sys::path::append(path, directory, ".debug", link);
    candidates.push_back(path.str().str());
    llvm::SmallString<256> absolute(directory);
    llvm::sys::fs::make_absolute(absolute);
    path = "/usr/lib/debug";
    llvm::sys::path::append(path, absolute, link);
    candidates.push_back(path.str().str());
    break;
  }
  for (const std::string &candidate : candidates)
    if (candidate != filename && llvm::sys::fs::is_regular_file(candidate))
      return candidate;
  return "";
}

OwningOpRef<ModuleOp> graphdiff::importELF(llvm::MemoryBufferRef buffer,
                                           StringRef filename,
                                           const APIImportOptions &options,
                                           MLIRContext &context,
                                           std::string &error) {
  context.loadDialect<api::APIDialect>();
  auto fail = [&](const llvm::Twine &message) {
    error = (filename + ": error: " + message).str();
    return nullptr;
  };
  if (!looksLikeELF(buffer.getBuffer()))
    return fail("not an ELF file (expected a shared library or another ELF "
                "object with DWARF debug information)");
  llvm::Expected<std::unique_ptr<object::ObjectFile>> file =
      object::ObjectFile::createObjectFile(buffer);
  if (!file)
    return fail("cannot read this ELF file: " +
                llvm::toString(file.takeError()));
  auto *elf = llvm::dyn_cast<object::ELFObjectFileBase>(file->get());
  if (!elf)
    return fail("not an ELF object");
  std::string dwarfError;
  auto readDWARF = [&](const object::ObjectFile &object) {
    return llvm::DWARFContext::create(
        object, llvm::DWARFContext::ProcessDebugRelocations::Process, nullptr,
        "",
        [&](llvm::Error problem) {
          if (dwarfError.empty())
            dwarfError = llvm::toString(std::move(problem));
          else
            llvm::consumeError(std::move(problem));
        },
        [](llvm::Error warning) { llvm::consumeError(std::move(warning)); });
  };
  std::unique_ptr<llvm::DWARFContext> dwarf = readDWARF(*elf);
  // A stripped library: its DWARF may be in a separate debug file.
  std::unique_ptr<llvm::MemoryBuffer> debugBuffer;
  std::unique_ptr<object::ObjectFile> debugFile;
  if (dwarf->getNumCompileUnits() == 0) {
    std::string path = findDebugFile(*elf, filename);
    if (!path.empty()) {
      llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> read =
          llvm::MemoryBuffer::getFile(path);
      if (!read)
        return fail("cannot read its debug file " + path + ": " +
                    read.getError().message());
      debugBuffer = std::move(*read);
      llvm::Expected<std::unique_ptr<object::ObjectFile>> object =
          object::ObjectFile::createObjectFile(debugBuffer->getMemBufferRef());
      if (!object)
        return fail("cannot read its debug file " + path + ": " +
                    llvm::toString(object.takeError()));
      debugFile = std::move(*object);
      dwarf = readDWARF(*debugFile);
    }
  }
  if (dwarf->getNumCompileUnits() == 0)
    return fail("no DWARF debug information (.debug_info, or a separate "
                "debug file found by build ID or .gnu_debuglink): build the "
                "library with -g, or install its debug file");

  ABIReader reader(context, filename);
  reader.readSymbols(*elf);
  reader.read(*dwarf);
  if (!dwarfError.empty())
    return fail("malformed DWARF: " + dwarfError);

  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> result =
      ModuleOp::create(FileLineColLoc::get(&context, filename, 1, 1));
  (*result)->setAttr("api.source", builder.getStringAttr("elf"));
  (*result)->setAttr("api.file", builder.getStringAttr(filename));
  builder.setInsertionPointToEnd(result->getBody());
  reader.emit(builder);
  if (options.compspecGraph) {
    CompspecDWARFGraph graph(builder);
    for (const std::unique_ptr<llvm::DWARFUnit> &unit :
         dwarf->info_section_units())
      if (DWARFDie top = unit->getUnitDIE(/*ExtractUnitDIEOnly=*/false))
        graph.visitUnit(top);
    graph.emit(builder, FileLineColLoc::get(&context, filename, 1, 1));
  }
  return result;
}
