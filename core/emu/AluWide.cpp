//===- AluWide.cpp - the emulator's ALU on i64 and index values -----------===//
//
// i64 and index values are held the way the interpreter holds them
// (interp/DType.h): a register lane's 8 bytes are the integer's own 64 bits
// (a "slot"), not a double, so every value is exact. evalWideAlu computes
// every ALU function whose operand or result type is i64 / index on those
// slots, as the interpreter's integer handlers do (interp/ArithMathOps.cpp):
// on int64 / uint64, wrapping modulo 2^64; casts through interp's
// convertSlot with the same special cases.
//
//===----------------------------------------------------------------------===//

#include "emu/Alu.h"
#include "emu/IntMath.h"

#include <algorithm>
#include <cmath>

using namespace spyre;
using namespace spyre::emu;
using code::AluFn;
using code::ElemType;
using interp::DType;

namespace {

int64_t s64(uint64_t v) { return static_cast<int64_t>(v); }
uint64_t u64(int64_t v) { return static_cast<uint64_t>(v); }

} // namespace

double spyre::emu::evalWideAlu(const AluOp &op, double a, double b, double c,
                               AluStatus &status) {
  const ElemType from = op.srcType != ElemType::None ? op.srcType : op.type;
  const DType src = dtypeOf(from), dst = dtypeOf(op.type);
  const unsigned width = intWidth(from);
  switch (op.fn) {
  case AluFn::Select: // a: the i1 condition; b, c: slots of the result type
    return a != 0 ? b : c;
  case AluFn::ExtF: case AluFn::TruncF: case AluFn::SIToFP: case AluFn::ExtSI:
  case AluFn::TruncI: case AluFn::IndexCast: case AluFn::FPToSI:
    if (!interp::isFloat(src) && dst == DType::F32) // one rounding, not two
      return static_cast<float>(interp::slotToInt(src, a));
    return interp::convertSlot(src, dst, a);
  case AluFn::ExtUI: case AluFn::UIToFP: {
    uint64_t u = lowBits(interp::slotToInt(src, a), width);
    return interp::isFloat(dst) ? interp::numberToSlot(dst, static_cast<double>(u))
                                : interp::intToSlot(dst, s64(u));
  }
  case AluFn::FPToUI: {
    double v = std::trunc(a);
    return v >= 0x1p63 && v < 0x1p64
               ? interp::intToSlot(dst, s64(static_cast<uint64_t>(v)))
               : interp::numberToSlot(dst, v);
  }
  default:
    break;
  }
  const int64_t x = interp::slotToInt(src, a), y = interp::slotToInt(src, b);
  int64_t r = 0;
  switch (op.fn) {
  case AluFn::AddI: r = s64(u64(x) + u64(y)); break;
  case AluFn::SubI: r = s64(u64(x) - u64(y)); break;
  case AluFn::MulI: r = s64(u64(x) * u64(y)); break;
  case AluFn::DivSI: case AluFn::RemSI: case AluFn::FloorDivSI:
  case AluFn::CeilDivSI:
    if (y == 0) {
      status = AluStatus::DivisionByZero;
      return 0;
    }
    if (y == -1 && x == INT64_MIN) { // the quotient does not fit
      status = AluStatus::DivisionOverflow;
      return 0;
    }
    r = op.fn == AluFn::DivSI        ? x / y
        : op.fn == AluFn::RemSI      ? x % y
        : op.fn == AluFn::FloorDivSI ? floorDivide(x, y)
                                     : ceilDivide(x, y);
    break;
  case AluFn::DivUI: case AluFn::RemUI: case AluFn::CeilDivUI: {
    uint64_t ux = lowBits(x, width), uy = lowBits(y, width);
    if (uy == 0) {
      status = AluStatus::DivisionByZero;
      return 0;
    }
    r = op.fn == AluFn::DivUI   ? s64(ux / uy)
        : op.fn == AluFn::RemUI ? s64(ux % uy)
                                : s64(ux / uy + (ux % uy != 0));
    break;
  }
  case AluFn::MaxSI: r = std::max(x, y); break;
  case AluFn::MinSI: r = std::min(x, y); break;
  case AluFn::MaxUI: r = lowBits(x, width) >= lowBits(y, width) ? x : y; break;
  case AluFn::MinUI: r = lowBits(x, width) <= lowBits(y, width) ? x : y; break;
  case AluFn::AndI: r = x & y; break;
  case AluFn::OrI: r = x | y; break;
  case AluFn::XOrI: r = x ^ y; break;
  // A shift by the width or more is poison in MLIR: 0, as the interpreter.
  case AluFn::ShLI: r = lowBits(y, width) >= width ? 0 : s64(lowBits(x, width) << lowBits(y, width)); break;
  case AluFn::ShRUI: r = lowBits(y, width) >= width ? 0 : s64(lowBits(x, width) >> lowBits(y, width)); break;
  case AluFn::ShRSI: r = x >> std::min<uint64_t>(lowBits(y, width), 63); break;
  case AluFn::AbsI: r = x < 0 ? s64(0 - u64(x)) : x; break;
  case AluFn::CmpI: return compareIntegers(op.predicate, x, y, width) ? 1.0 : 0.0;
  default:
    status = AluStatus::Unsupported;
    return 0;
  }
  return interp::intToSlot(dst, r);
}
