//===- Alu.cpp - the emulator's scalar and vector functions ---------------===//
//
// The formulas follow the interpreter's handlers (interp/ArithMathOps.cpp)
// op for op: the same double-precision expression, then the same rounding.
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

bool spyre::emu::isTranscendental(AluFn fn) {
  switch (fn) {
  case AluFn::Exp: case AluFn::Exp2: case AluFn::Log: case AluFn::Log2:
  case AluFn::Sqrt: case AluFn::RSqrt: case AluFn::Tanh: case AluFn::Erf:
  case AluFn::Sin: case AluFn::Cos: case AluFn::PowF: case AluFn::SpExp:
  case AluFn::Expm1: case AluFn::Log10: case AluFn::Log1p:
  case AluFn::SpGelu: case AluFn::SpSigmoid: case AluFn::SpSilu:
  case AluFn::SpSoftplus: case AluFn::SpSqrt: case AluFn::SpRSqrt:
  case AluFn::SpReciprocal: case AluFn::SpRealDiv: case AluFn::DivF:
    return true;
  default:
    return false;
  }
}

std::string spyre::emu::aluFaultMessage(const AluOp &op, AluStatus status) {
  switch (status) {
  case AluStatus::DivisionByZero:
    return "integer division by zero";
  case AluStatus::DivisionOverflow: {
    ElemType t = op.srcType != ElemType::None ? op.srcType : op.type;
    std::string w = std::to_string(intWidth(t));
    return "integer division overflow: the most negative " + w +
           "-bit value divided by -1 does not fit in " + w + " bits";
  }
  case AluStatus::Unsupported:
    return std::string("the emulator does not compute ") + code::aluName(op.fn);
  case AluStatus::Ok:
    break;
  }
  return {};
}

namespace {

uint64_t asUnsigned(double v, unsigned width) {
  return lowBits(static_cast<int64_t>(v), width);
}

double wrapped(uint64_t v, unsigned width) {
  if (width < 64) {
    uint64_t mask = (uint64_t(1) << width) - 1;
    v &= mask;
    if (width > 1 && (v >> (width - 1)) & 1)
      v |= ~mask;
  }
  return static_cast<double>(static_cast<int64_t>(v));
}

double floorDiv(int64_t a, int64_t b) { return double(floorDivide(a, b)); }

// arith::CmpFPredicate numbering.
bool cmpF(unsigned p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (p) {
  case 0: return false;
  case 1: return !unordered && a == b;
  case 2: return !unordered && a > b;
  case 3: return !unordered && a >= b;
  case 4: return !unordered && a < b;
  case 5: return !unordered && a <= b;
  case 6: return !unordered && a != b;
  case 7: return !unordered;
  case 8: return unordered || a == b;
  case 9: return unordered || a > b;
  case 10: return unordered || a >= b;
  case 11: return unordered || a < b;
  case 12: return unordered || a <= b;
  case 13: return unordered || a != b;
  case 14: return unordered;
  default: return true;
  }
}

double gelu(double x) {
  const double c = std::sqrt(2.0 / M_PI);
  return 0.5 * x * (1.0 + std::tanh(c * (x + 0.044715 * x * x * x)));
}
double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

} // namespace

double spyre::emu::evalAlu(const AluOp &op, double a, double b, double c,
                           AluStatus &status) {
  if (op.fn == AluFn::Bitcast) {
    // The operand's bits, as the interpreter reinterprets them: through
    // the element's memory layout (i64 / index slots hold their bits).
    uint8_t bytes[8] = {0};
    interp::storeSlot(dtypeOf(op.srcType), a, bytes);
    return interp::loadSlot(dtypeOf(op.type), bytes);
  }
  if (isWideOp(op))
    return evalWideAlu(op, a, b, c, status);
  const ElemType operandType =
      op.srcType != ElemType::None ? op.srcType : op.type;
  const unsigned width = intWidth(operandType);
  auto si = [](double v) { return static_cast<int64_t>(v); };
  auto u = [](double v) { return static_cast<uint64_t>(static_cast<int64_t>(v)); };
  double r = 0;
  switch (op.fn) {
  case AluFn::AddI: r = wrapped(u(a) + u(b), width); break;
  case AluFn::SubI: r = wrapped(u(a) - u(b), width); break;
  case AluFn::MulI: r = wrapped(u(a) * u(b), width); break;
  case AluFn::DivSI: case AluFn::DivUI: case AluFn::RemSI: case AluFn::RemUI:
  case AluFn::FloorDivSI: case AluFn::CeilDivSI: case AluFn::CeilDivUI: {
    if (b == 0) {
      status = AluStatus::DivisionByZero;
      return 0;
    }
    // The most negative value of the width divided by -1 does not fit: an
    // error, as in the interpreter (whatever the width).
    const bool isSigned = op.fn == AluFn::DivSI || op.fn == AluFn::RemSI ||
                          op.fn == AluFn::FloorDivSI || op.fn == AluFn::CeilDivSI;
    if (isSigned && width > 1 && si(b) == -1 &&
        si(a) == -(int64_t(1) << (width - 1))) {
      status = AluStatus::DivisionOverflow;
      return 0;
    }
    uint64_t ua = asUnsigned(a, width), ub = asUnsigned(b, width);
    switch (op.fn) {
    case AluFn::DivSI: r = double(si(a) / si(b)); break;
    case AluFn::RemSI: r = double(si(a) % si(b)); break;
    case AluFn::FloorDivSI: r = floorDiv(si(a), si(b)); break;
    case AluFn::CeilDivSI: r = -floorDiv(-si(a), si(b)); break;
    case AluFn::DivUI: r = double(ua / ub); break;
    case AluFn::RemUI: r = double(ua % ub); break;
    default: r = double((ua + ub - 1) / ub); break;
    }
    break;
  }
  case AluFn::MaxSI: r = std::max(a, b); break;
  case AluFn::MinSI: r = std::min(a, b); break;
  case AluFn::MaxUI: r = asUnsigned(a, width) >= asUnsigned(b, width) ? a : b; break;
  case AluFn::MinUI: r = asUnsigned(a, width) <= asUnsigned(b, width) ? a : b; break;
  case AluFn::AndI: r = double(si(a) & si(b)); break;
  case AluFn::OrI: r = double(si(a) | si(b)); break;
  case AluFn::XOrI: r = double(si(a) ^ si(b)); break;
  case AluFn::ShLI: r = si(b) >= width ? 0.0 : wrapped(asUnsigned(a, width) << si(b), width); break;
  case AluFn::ShRUI: r = si(b) >= width ? 0.0 : double(asUnsigned(a, width) >> si(b)); break;
  case AluFn::ShRSI: r = double(si(a) >> std::min<int64_t>(si(b), 63)); break;
  case AluFn::CmpI:
    r = compareIntegers(op.predicate, si(a), si(b), width) ? 1.0 : 0.0;
    break;
  case AluFn::CmpF: r = cmpF(op.predicate, a, b) ? 1.0 : 0.0; break;
  case AluFn::Select: r = a != 0 ? b : c; break;
  case AluFn::AddF: r = a + b; break;
  case AluFn::SubF: r = a - b; break;
  case AluFn::MulF: r = a * b; break;
  case AluFn::DivF: case AluFn::SpRealDiv: r = a / b; break;
  case AluFn::RemF: r = std::fmod(a, b); break;
  case AluFn::MaxNumF: r = std::fmax(a, b); break;
  case AluFn::MinNumF: r = std::fmin(a, b); break;
  case AluFn::MaximumF: r = std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b); break;
  case AluFn::MinimumF: r = std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b); break;
  case AluFn::NegF: r = -a; break;
  // Casts: roundTo() converts (integers truncate towards zero).
  case AluFn::ExtF: case AluFn::TruncF: case AluFn::SIToFP: case AluFn::ExtSI:
  case AluFn::TruncI: case AluFn::IndexCast: case AluFn::FPToSI:
    r = !code::isFloat(op.type) && std::isnan(a) ? 0.0 : a;
    break;
  case AluFn::ExtUI: case AluFn::UIToFP:
    r = double(asUnsigned(a, width));
    break;
  case AluFn::FPToUI: r = std::trunc(a); break;
  case AluFn::Exp: case AluFn::SpExp: r = std::exp(a); break;
  case AluFn::Exp2: r = std::exp2(a); break;
  case AluFn::Log: r = std::log(a); break;
  case AluFn::Log2: r = std::log2(a); break;
  case AluFn::Sqrt: case AluFn::SpSqrt: r = std::sqrt(a); break;
  case AluFn::RSqrt: case AluFn::SpRSqrt: r = 1.0 / std::sqrt(a); break;
  case AluFn::SpReciprocal: r = 1.0 / a; break;
  case AluFn::Tanh: r = std::tanh(a); break;
  case AluFn::Erf: r = std::erf(a); break;
  case AluFn::AbsF: case AluFn::AbsI: r = std::fabs(a); break;
  case AluFn::Sin: r = std::sin(a); break;
  case AluFn::Cos: r = std::cos(a); break;
  case AluFn::Floor: r = std::floor(a); break;
  case AluFn::Round: r = std::round(a); break;
  case AluFn::RoundEven: r = std::nearbyint(a); break;
  case AluFn::Trunc: r = std::trunc(a); break;
  case AluFn::Expm1: r = std::expm1(a); break;
  case AluFn::Log10: r = std::log10(a); break;
  case AluFn::Log1p: r = std::log1p(a); break;
  case AluFn::Ceil: r = std::ceil(a); break;
  case AluFn::PowF: r = std::pow(a, b); break;
  case AluFn::Fma: r = a * b + c; break;
  case AluFn::SpGelu: r = gelu(a); break;
  case AluFn::SpSigmoid: r = sigmoid(a); break;
  case AluFn::SpSilu: r = a * sigmoid(a); break;
  case AluFn::SpSoftplus: // needs beta / threshold, which no instruction carries
  default:
    status = AluStatus::Unsupported;
    return 0;
  }
  if (isCompare(op.fn))
    return r;
  return interp::roundTo(dtypeOf(op.type), r);
}

double spyre::emu::reduceLanes(const AluOp &op, const double *x, int lanes,
                               std::optional<double> init,
                               const arch::NumericsParams &n,
                               AluStatus &status) {
  AluOp step = op;
  // A wide accumulator: every step rounds to f32, the result once to the
  // instruction's type.
  bool widen = n.accumulateF32 && code::isFloat(op.type) &&
               (op.type == code::ElemType::F16 || op.type == code::ElemType::BF16 ||
                op.type == code::ElemType::DF16);
  if (widen)
    step.type = code::ElemType::F32;
  double acc;
  if (n.treeReduce && lanes > 1) {
    double partial[256];
    int m = std::min(lanes, 256);
    std::copy(x, x + m, partial);
    for (int k = m; k < lanes; ++k) // more lanes than a stick holds: fold them in
      partial[k % m] = evalAlu(step, partial[k % m], x[k], 0, status);
    while (m > 1) {
      int half = m / 2;
      for (int i = 0; i < half; ++i)
        partial[i] = evalAlu(step, partial[i], partial[i + half], 0, status);
      if (m % 2)
        partial[half] = partial[m - 1];
      m -= half;
    }
    acc = init ? evalAlu(step, *init, partial[0], 0, status) : partial[0];
  } else {
    acc = init ? *init : x[0];
    for (int i = init ? 0 : 1; i < lanes; ++i)
      acc = evalAlu(step, acc, x[i], 0, status);
  }
  if (widen)
    acc = interp::roundTo(dtypeOf(op.type), acc);
  return acc;
}
