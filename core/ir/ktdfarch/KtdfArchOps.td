//===- KtdfArchOps.td - device descriptions as MLIR --------*- tablegen -*-===//
//
// `ktdf_arch` is the public Spyre dataflow scheduler's way of describing a
// device: a graph of resources (memories, execution units, switches, the
// directed datapaths between them, groups for hierarchy levels) inside one
// `ktdf_arch.device` op, which a kernel carries or imports from a file.
// Spyre Explorer reads it to pick the kernel's target (see
// docs/architecture-format.md, "Device declarations"); passes never rewrite
// it. Every resource keeps the attributes it was written with; the ones we
// read are named in the docs.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_KTDFARCH_OPS_TD
#define SPYRE_KTDFARCH_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def KtdfArch_Dialect : Dialect {
  let name = "ktdf_arch";
  let cppNamespace = "::mlir::ktdf_arch";
  let summary = "device descriptions: memories, units and datapaths";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::ktdp::KtdpDialect",
                           "::mlir::pdl::PDLDialect"];
  let extraClassDeclaration = [{
    /// Where relative `import` paths are resolved (ir/DeviceImport.h);
    /// empty: the directory of the file the declaration was read from.
    std::string importDirectory;
  }];
}

//===----------------------------------------------------------------------===//
// Types: what kind of resource a value names
//===----------------------------------------------------------------------===//

class KtdfArch_Type<string name, string typeMnemonic, string doc>
    : TypeDef<KtdfArch_Dialect, name> {
  let mnemonic = typeMnemonic;
  let summary = doc;
}

def KtdfArch_MemoryType : KtdfArch_Type<"Memory", "memory", "a memory">;
def KtdfArch_ExecUnitType
    : KtdfArch_Type<"ExecUnit", "exec_unit", "an execution unit">;
def KtdfArch_SwitchType : KtdfArch_Type<"Switch", "switch", "a switch">;

def KtdfArch_Resource : AnyTypeOf<[KtdfArch_MemoryType, KtdfArch_ExecUnitType,
                                   KtdfArch_SwitchType]>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def KtdfArch_MapAttr : AttrDef<KtdfArch_Dialect, "Map"> {
  let mnemonic = "map";
  let summary = "an ordered map from attributes to attributes";
  let description = [{
    `#ktdf_arch.map<"DDR" = 64, "L1" = 64>`, `#ktdf_arch.map<f16 = 64>`,
    `#ktdf_arch.map<#ktdp.memory_space<global> = "DDR">`: keys and values
    are any attributes (a type is a key as itself). Keys are unique.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$keys, "::mlir::ArrayAttr":$values);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The value of `key`, or null.
    ::mlir::Attribute lookup(::mlir::Attribute key) const;
  }];
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class KtdfArch_Op<string mnemonic, list<Trait> traits = []>
    : Op<KtdfArch_Dialect, mnemonic, traits>;

def KtdfArch_DeviceOp : KtdfArch_Op<"device", [
    Symbol, IsolatedFromAbove, NoTerminator, NoRegionArguments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "a device: a resource graph, inline or imported from a file";
  let description = [{
    `ktdf_arch.device @name { resources }` describes a device;
    `ktdf_arch.device @name import("file.mlir")` names a file holding one
    (a path relative to the file of the declaration). Either form may carry
    `attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global>
    = "DDR", #ktdp.memory_space<ct_local> = "L1">}`, which says which memory
    kind each KTIR memory space lives in. A kernel's device is its target.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$import_path);
  let regions = (region MaxSizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral kMemSpaceMapping =
        "mem_space_mapping";
    bool isImport() { return getImportPath().has_value(); }
  }];
}

class KtdfArch_ResourceOp<string mnemonic, Type resultType>
    : KtdfArch_Op<mnemonic, [ParentOneOf<["DeviceOp", "GroupOp"]>]> {
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       OptionalAttr<DictionaryAttr>:$props);
  let results = (outs resultType:$resource);
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return parseResource(parser, result,
                           $cppClass::getResourceType(parser.getContext()));
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      printResource(printer, *this, getSymNameAttr(), getPropsAttr());
    }
  }];
}

def KtdfArch_MemoryOp : KtdfArch_ResourceOp<"memory", KtdfArch_MemoryType> {
  let summary = "a memory; `kind` names it, `size` is in bytes";
  let extraClassDeclaration = [{
    static ::mlir::Type getResourceType(::mlir::MLIRContext *context) {
      return MemoryType::get(context);
    }
  }];
}

def KtdfArch_ExecUnitOp
    : KtdfArch_ResourceOp<"exec_unit", KtdfArch_ExecUnitType> {
  let summary = "an execution unit; `kind` names it, features say what it does";
  let extraClassDeclaration = [{
    static ::mlir::Type getResourceType(::mlir::MLIRContext *context) {
      return ExecUnitType::get(context);
    }
  }];
}

def KtdfArch_SwitchOp : KtdfArch_Op<"switch", [
    ParentOneOf<["DeviceOp", "GroupOp"]>]> {
  let summary = "a switch with a number of ports";
  let arguments = (ins I64Attr:$ports, OptionalAttr<DictionaryAttr>:$props);
  let results = (outs KtdfArch_SwitchType:$resource);
  let hasCustomAssemblyFormat = 1;
}

def KtdfArch_DatapathOp : KtdfArch_Op<"datapath", [
    ParentOneOf<["DeviceOp", "GroupOp"]>]> {
  let summary = "a directed link from one resource to another";
  let description = [{
    `datapath #ATTRS %from to %to : memory, exec_unit`. Its attributes may
    give `ktdf_arch.bandwidth`, `ktdf_arch.transfer_granularity` and, for a
    FIFO, `ktdf_arch.features = {ktdf_arch.feature.queue = {depth = N}}`.
  }];
  let arguments = (ins OptionalAttr<DictionaryAttr>:$props,
                       KtdfArch_Resource:$from, KtdfArch_Resource:$to);
  let hasCustomAssemblyFormat = 1;
}

def KtdfArch_GroupOp : KtdfArch_Op<"group", [
    ParentOneOf<["DeviceOp", "GroupOp"]>,
    SingleBlockImplicitTerminator<"YieldOp">, NoRegionArguments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "a hierarchy level (a core, a corelet, a unit's block)";
  let description = [{
    `group @name? {kind = "core"} share(%mem, ...) { ... yield %units }
    -> exec_unit, ...`. Its resources are its own; memories of enclosing
    levels are used only when listed in `share`; the execution units it
    yields can be linked at the enclosing level.
  }];
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       Variadic<KtdfArch_MemoryType>:$shared);
  let results = (outs Variadic<KtdfArch_ExecUnitType>:$units);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def KtdfArch_YieldOp : KtdfArch_Op<"yield", [
    Pure, Terminator, HasParent<"GroupOp">]> {
  let summary = "the execution units a group offers to its enclosing level";
  let arguments = (ins Variadic<KtdfArch_ExecUnitType>:$units);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let hasCustomAssemblyFormat = 1;
}

def KtdfArch_PatternsOp : KtdfArch_Op<"patterns", [
    HasParent<"DeviceOp">, NoTerminator, NoRegionArguments]> {
  let summary = "device-specific rewrites (PDL), kept but not applied";
  let arguments = (ins StrArrayAttr:$groups);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

#endif // SPYRE_KTDFARCH_OPS_TD
