//===- KtdpAttrs.td - ktdp attributes -----------------------*- tablegen -*-===//

#ifndef SPYRE_KTDP_ATTRS_TD
#define SPYRE_KTDP_ATTRS_TD

include "KtdpDialect.td"
include "mlir/IR/EnumAttr.td"

def Ktdp_MemorySpaceKind : I32EnumAttr<"MemorySpaceKind",
    "visibility of a memory space", [
      I32EnumAttrCase<"global", 0>,
      I32EnumAttrCase<"ct_local", 1>
    ]> {
  let cppNamespace = "::mlir::ktdp";
  let genSpecializedAttr = 0;
}

def Ktdp_MemorySpaceAttr : AttrDef<Ktdp_Dialect, "MemorySpace"> {
  let mnemonic = "memory_space";
  let summary = "where a memory view lives: global (HBM) or a tile's scratchpad";
  let description = [{
    `#ktdp.memory_space<global>` is reachable by every tile (HBM on Spyre).
    `#ktdp.memory_space<ct_local>` is the executing tile's own scratchpad
    (LX); `#ktdp.memory_space<ct_local, ct_id = N>` is tile N's.
    The legacy spelling `#ktdp.spyre_memory_space<HBM|LX|L0[, core = N]>` is
    read as `global` / `ct_local[, ct_id = N]`.
  }];
  let parameters = (ins "MemorySpaceKind":$kind,
                        DefaultValuedParameter<"int32_t", "-1">:$ctId);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isGlobal() const { return getKind() == MemorySpaceKind::global; }
    bool hasCtId() const { return getCtId() >= 0; }
  }];
}

def Ktdp_RuntimeArgKind : I32EnumAttr<"RuntimeArgKind",
    "what runtime_arg_extract reads", [
      I32EnumAttrCase<"value", 0>,
      I32EnumAttrCase<"granularity", 1>,
      I32EnumAttrCase<"upperbound", 2>
    ]> {
  let cppNamespace = "::mlir::ktdp";
}

#endif // SPYRE_KTDP_ATTRS_TD
