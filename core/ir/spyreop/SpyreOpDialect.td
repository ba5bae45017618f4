//===- SpyreOpDialect.td - Spyre intrinsics ---------------*- tablegen -*-===//
//
// `spyreop` holds the operations the Spyre hardware offers directly
// (transcendentals, normalisation helpers, address arithmetic, compare and
// select) and the DLFloat16 number format. Frontends place them inside
// linalg.generic bodies; this implementation also lets them apply to whole
// ranked tensors, elementwise, like arith.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_SPYREOP_DIALECT_TD
#define SPYRE_SPYREOP_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def SpyreOp_Dialect : Dialect {
  let name = "spyreop";
  let cppNamespace = "::mlir::spyreop";
  let summary = "IBM Spyre intrinsics and the DLFloat16 type";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

class SpyreOp_Type<string name, string typeMnemonic, string doc>
    : TypeDef<SpyreOp_Dialect, name,
              [MemRefElementTypeInterface, VectorElementTypeInterface]> {
  let mnemonic = typeMnemonic;
  let summary = doc;
}

def SpyreOp_DF16 : SpyreOp_Type<"DF16", "df16",
    "IBM DLFloat16: 1 sign, 6 exponent (bias 31) and 9 fraction bits"> {
  let description = [{
    No subnormals and no infinities: exponent 0 with a non-zero fraction is a
    normal number, and the single code with every exponent and fraction bit
    set is NaN/infinity. Largest finite value 1.99609375 * 2^32.
  }];
}
def SpyreOp_DF16Fused : SpyreOp_Type<"DF16Fused", "df16_fused",
    "a df16 (mean, mean of squares) pair produced by exx2_fused">;
def SpyreOp_FP16Fused : SpyreOp_Type<"FP16Fused", "fp16_fused",
    "an f16 (mean, mean of squares) pair produced by exx2_fused">;
def SpyreOp_FP32Fused : SpyreOp_Type<"FP32Fused", "fp32_fused",
    "an f32 (mean, mean of squares) pair produced by exx2_fused">;

def SpyreOp_ReductionKind : I32EnumAttr<"ReductionKind",
    "combining function of slice_reduction", [
      I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"sub", 1>,
      I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>,
      I32EnumAttrCase<"mul", 4>, I32EnumAttrCase<"abs_max", 5>
    ]> {
  let cppNamespace = "::mlir::spyreop";
  let genSpecializedAttr = 0;
}
def SpyreOp_ReductionKindAttr
    : EnumAttr<SpyreOp_Dialect, SpyreOp_ReductionKind, "reduction_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

def SpyreOp_ReductionScope : I32EnumAttr<"ReductionScope",
    "whether slice_reduction reduces within or across slices", [
      I32EnumAttrCase<"in_slice", 0>, I32EnumAttrCase<"across_slice", 1>
    ]> {
  let cppNamespace = "::mlir::spyreop";
  let genSpecializedAttr = 0;
}
def SpyreOp_ReductionScopeAttr
    : EnumAttr<SpyreOp_Dialect, SpyreOp_ReductionScope, "reduction_scope"> {
  let assemblyFormat = "`<` $value `>`";
}

def SpyreOp_ComparePredicate : I32EnumAttr<"ComparePredicate",
    "ordered comparison of spyreop.cmp", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>
    ]> {
  let cppNamespace = "::mlir::spyreop";
}

#endif // SPYRE_SPYREOP_DIALECT_TD
