//===- SpyreOpOps.td - Spyre intrinsic operations ---------*- tablegen -*-===//

#ifndef SPYRE_SPYREOP_OPS_TD
#define SPYRE_SPYREOP_OPS_TD

include "SpyreOpDialect.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/OpBase.td"

class SpyreOp_Op<string mnemonic, list<Trait> traits = []>
    : Op<SpyreOp_Dialect, mnemonic, traits>;

// Scalar element types the float intrinsics accept, and tensors of them
// (KTIR) or SIMD vectors of them (the compute unit's view in ScheduleIR and
// DataflowIR).
def SpyreOp_FloatElement : AnyTypeOf<[F16, F32, SpyreOp_DF16],
                                     "16-bit float, IBM df16 or 32-bit float">;
def SpyreOp_Float : AnyTypeOf<[F16, F32, SpyreOp_DF16,
                               RankedTensorOf<[F16, F32, SpyreOp_DF16]>,
                               VectorOfAnyRankOf<[F16, F32, SpyreOp_DF16]>],
    "f16, df16 or f32, or a ranked tensor or vector of them">;
def SpyreOp_Half : AnyTypeOf<[F16, SpyreOp_DF16,
                              RankedTensorOf<[F16, SpyreOp_DF16]>,
                              VectorOfAnyRankOf<[F16, SpyreOp_DF16]>],
    "f16 or df16, or a ranked tensor or vector of them">;
def SpyreOp_Fused : AnyTypeOf<[SpyreOp_DF16Fused, SpyreOp_FP16Fused,
                               SpyreOp_FP32Fused]>;
def SpyreOp_Bool : AnyTypeOf<[I1, RankedTensorOf<[I1]>, VectorOfAnyRankOf<[I1]>],
                             "i1, or a ranked tensor or vector of i1">;

//===----------------------------------------------------------------------===//
// Elementwise float intrinsics
//===----------------------------------------------------------------------===//

class SpyreOp_UnaryOp<string mnemonic, string doc,
                      Type operandType = SpyreOp_Float>
    : SpyreOp_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = doc;
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def SpyreOp_ExpOp : SpyreOp_UnaryOp<"exp", "e^x">;
def SpyreOp_GeluOp : SpyreOp_UnaryOp<"gelu",
    "GELU, x * Phi(x) (tanh approximation)", SpyreOp_Half>;
def SpyreOp_SigmoidOp : SpyreOp_UnaryOp<"sigmoid", "1 / (1 + e^-x)">;
def SpyreOp_SiluOp : SpyreOp_UnaryOp<"silu", "x * sigmoid(x)">;
def SpyreOp_SqrtOp : SpyreOp_UnaryOp<"sqrt", "square root">;
def SpyreOp_RsqrtOp : SpyreOp_UnaryOp<"rsqrt", "1 / sqrt(x)">;
def SpyreOp_ReciprocalOp : SpyreOp_UnaryOp<"reciprocal", "1 / x">;

def SpyreOp_RealDivOp : SpyreOp_Op<"realdiv",
    [Pure, SameOperandsAndResultType]> {
  let summary = "lhs / rhs";
  let arguments = (ins SpyreOp_Float:$lhs, SpyreOp_Float:$rhs);
  let results = (outs SpyreOp_Float:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def SpyreOp_SoftplusOp : SpyreOp_Op<"softplus",
    [Pure, SameOperandsAndResultType]> {
  let summary = "log(1 + e^(beta x)) / beta, linear above threshold";
  let arguments = (ins SpyreOp_Half:$input,
                       F32Attr:$beta,
                       F32Attr:$threshold);
  let results = (outs SpyreOp_Half:$result);
  let assemblyFormat = [{
    $input `beta` $beta `threshold` $threshold attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def SpyreOp_ConstantOp : SpyreOp_Op<"constant", [Pure]> {
  let summary = "a scalar f16 or f32 constant";
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyTypeOf<[F16, F32]>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Normalisation helpers
//===----------------------------------------------------------------------===//

def SpyreOp_Exx2Op : SpyreOp_Op<"exx2",
    [Pure, AllTypesMatch<["input", "mean", "mean_sq"]>]> {
  let summary = "mean and mean of squares of x";
  let arguments = (ins SpyreOp_Float:$input);
  let results = (outs SpyreOp_Float:$mean, SpyreOp_Float:$mean_sq);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def SpyreOp_Exx2FusedOp : SpyreOp_Op<"exx2_fused", [Pure]> {
  let summary = "mean and mean of squares of x, as one fused pair";
  let arguments = (ins SpyreOp_FloatElement:$input);
  let results = (outs SpyreOp_Fused:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def SpyreOp_Exx2ZeromeanFusedOp : SpyreOp_Op<"exx2_zeromean_fused", [Pure]> {
  let summary = "fused pair for inputs known to have zero mean";
  let arguments = (ins SpyreOp_FloatElement:$input);
  let results = (outs SpyreOp_Fused:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def SpyreOp_LayerNormScaleOp : SpyreOp_Op<"layernormscale",
    [Pure, SameOperandsAndResultType]> {
  let summary = "1 / sqrt(E[x^2] - E[x]^2) from the mean and mean of squares";
  let arguments = (ins SpyreOp_Float:$input, SpyreOp_Float:$squares);
  let results = (outs SpyreOp_Float:$result);
  let assemblyFormat = "$input `squares` $squares attr-dict `:` type($result)";
}

def SpyreOp_LayerNormScaleFusedOp : SpyreOp_Op<"layernormscale_fused",
    [Pure]> {
  let summary = "layernormscale of a fused pair";
  let arguments = (ins SpyreOp_Fused:$input);
  let results = (outs SpyreOp_FloatElement:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def SpyreOp_LayerNormNormOp : SpyreOp_Op<"layernormnorm",
    [Pure, SameOperandsAndResultType]> {
  let summary = "(x - mean) * scale * weight + bias";
  let arguments = (ins SpyreOp_Float:$input, SpyreOp_Float:$squares,
                       SpyreOp_Float:$scale, SpyreOp_Float:$weight,
                       SpyreOp_Float:$bias);
  let results = (outs SpyreOp_Float:$result);
  let assemblyFormat = [{
    $input `squares` $squares `scale` $scale `weight` $weight `bias` $bias
    attr-dict `:` type($result)
  }];
}

def SpyreOp_SliceReductionOp : SpyreOp_Op<"slice_reduction",
    [Pure, SameOperandsAndResultType]> {
  let summary = "reduce within or across the 64-element slices of a tensor";
  let arguments = (ins RankedTensorOf<[F16, F32, SpyreOp_DF16]>:$input,
                       SpyreOp_ReductionKindAttr:$reduction_kind,
                       SpyreOp_ReductionScopeAttr:$reduction_scope);
  let results = (outs RankedTensorOf<[F16, F32, SpyreOp_DF16]>:$result);
  let assemblyFormat =
      "$input attr-dict `:` type($input) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Integer and address arithmetic
//===----------------------------------------------------------------------===//

class SpyreOp_IntBinaryOp<string mnemonic, string doc, Type type>
    : SpyreOp_Op<mnemonic, [Pure]> {
  let summary = doc;
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

def SpyreOp_AddI32Op : SpyreOp_IntBinaryOp<"addi32toi32", "i32 + i32", I32>;
def SpyreOp_MulI32Op : SpyreOp_IntBinaryOp<"muli32toi32", "i32 * i32", I32>;
def SpyreOp_AddI64Op : SpyreOp_IntBinaryOp<"addi64toi64", "i64 + i64", I64>;

def SpyreOp_Idx32ToAddrOp : SpyreOp_Op<"idx32toaddr", [Pure]> {
  let summary = "address of element `index`: base + stride * index";
  let arguments = (ins I32:$index, I32:$base, I32:$stride);
  let results = (outs I32:$result);
  let assemblyFormat = "$index `base` $base `stride` $stride attr-dict";
}

//===----------------------------------------------------------------------===//
// Compare and select
//===----------------------------------------------------------------------===//

def SpyreOp_CmpOp : SpyreOp_Op<"cmp", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "ordered elementwise comparison giving i1";
  let arguments = (ins SpyreOp_ComparePredicate:$predicate,
                       SpyreOp_Float:$lhs, SpyreOp_Float:$rhs);
  let results = (outs SpyreOp_Bool:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def SpyreOp_SelectOp : SpyreOp_Op<"select",
    [Pure, AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "elementwise cond ? true_value : false_value";
  let arguments = (ins SpyreOp_Bool:$condition, SpyreOp_Float:$true_value,
                       SpyreOp_Float:$false_value);
  let results = (outs SpyreOp_Float:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:`
    type($condition) `,` type($result)
  }];
  let hasVerifier = 1;
}

#endif // SPYRE_SPYREOP_OPS_TD
