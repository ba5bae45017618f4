//===- Alu.h - the emulator's scalar and vector functions ------*- C++ -*-===//
//
// One element of every SpyreCode ALU function (SAlu, VAlu, VReduce), with
// the interpreter's element-type rules: each result is computed in double
// and rounded to the instruction's element type with the interpreter's own
// roundTo (interp/DType.h), so both give the same bits for the same
// operation order. Integer results wrap to the type's width first.
//
// Comparison predicates (`aux` of CmpF / CmpI) are numbered as MLIR's
// arith::CmpFPredicate / arith::CmpIPredicate.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_ALU_H
#define SPYRE_EMU_ALU_H

#include "arch/Arch.h"
#include "interp/DType.h"
#include "spyrecode/SpyreCode.h"

#include <optional>
#include <string>

namespace spyre::emu {

/// The interpreter's element type of a SpyreCode element type (None: f64).
inline interp::DType dtypeOf(code::ElemType t) {
  using interp::DType;
  switch (t) {
  case code::ElemType::I1: return DType::I1;
  case code::ElemType::I8: return DType::I8;
  case code::ElemType::I16: return DType::I16;
  case code::ElemType::I32: return DType::I32;
  case code::ElemType::I64: return DType::I64;
  case code::ElemType::Index: return DType::Index;
  case code::ElemType::F16: return DType::F16;
  case code::ElemType::BF16: return DType::BF16;
  case code::ElemType::DF16: return DType::DF16;
  case code::ElemType::F32: return DType::F32;
  default: return DType::F64;
  }
}

/// CmpI / CmpF: `type` is the operands' type, the result is i1.
inline bool isCompare(code::AluFn fn) {
  return fn == code::AluFn::CmpI || fn == code::AluFn::CmpF;
}

/// Whether `fn` costs the transcendental penalty on the SIMD unit.
bool isTranscendental(code::AluFn fn);

/// What an ALU function needs besides its operands.
struct AluOp {
  code::AluFn fn = code::AluFn::AddF;
  code::ElemType type = code::ElemType::F32;    ///< result type (compares: operands')
  code::ElemType srcType = code::ElemType::None; ///< casts: operand type
  uint16_t predicate = 0;                        ///< CmpF / CmpI
};

/// Error codes of evalAlu.
enum class AluStatus : uint8_t { Ok, DivisionByZero, DivisionOverflow, Unsupported };

/// Whether `fn` can fault on its operands' values (integer division and
/// remainder: by zero, or the most negative value by -1). A vector
/// instruction computes such a function only on the lanes that hold data
/// (docs/emulator.md, "Padding lanes").
inline bool canFault(code::AluFn fn) {
  using code::AluFn;
  switch (fn) {
  case AluFn::DivSI: case AluFn::DivUI: case AluFn::RemSI: case AluFn::RemUI:
  case AluFn::FloorDivSI: case AluFn::CeilDivSI: case AluFn::CeilDivUI:
    return true;
  default:
    return false;
  }
}

/// The diagnostic of a status other than Ok ("integer division by zero").
std::string aluFaultMessage(const AluOp &op, AluStatus status);

/// i64 and index: a register lane (or a slot of a tile, a channel, a DMA's
/// values) of such a type holds the integer's own 64 bits, not a double,
/// as the interpreter's slots do (interp/DType.h); every other type holds
/// its value as a double.
inline bool isWideType(code::ElemType t) {
  return t == code::ElemType::I64 || t == code::ElemType::Index;
}
/// Whether an ALU function works on such slots (its operand or result type
/// is i64 / index).
inline bool isWideOp(const AluOp &op) {
  return isWideType(op.type) || isWideType(op.srcType);
}

/// fn(a, b, c) rounded to op.type (compares: 0 or 1); values are the slots
/// registers hold (i64 / index: their bits, evalWideAlu).
double evalAlu(const AluOp &op, double a, double b, double c,
               AluStatus &status);
/// evalAlu of a function isWideOp: computed on int64 exactly, as the
/// interpreter's integer handlers do (wrapping modulo 2^64; the most
/// negative value divided by -1 is DivisionOverflow).
double evalWideAlu(const AluOp &op, double a, double b, double c,
                   AluStatus &status);

/// VReduce: the fold of `lanes` lanes of `x` with op.fn, from `init`
/// (none: from lane 0), as the architecture's [numerics] says
/// (docs/numerics.md): pairwise (lane i with lane i + half, then again,
/// an odd lane carried) or one lane after the other; in f32 rounded once
/// to op.type at the end (a float op narrower than f32), or in op.type.
double reduceLanes(const AluOp &op, const double *x, int lanes,
                   std::optional<double> init, const arch::NumericsParams &n,
                   AluStatus &status);

/// out[i] = fn(a[i], b[i], c[i]) for i < n, each rounded as evalAlu does
/// (the float binaries and f16 / f32 results in bulk). `out` may alias an
/// operand (lane i reads only lane i).
void evalAluLanes(const AluOp &op, const double *a, const double *b,
                  const double *c, double *out, int n, AluStatus &status);

} // namespace spyre::emu

#endif
