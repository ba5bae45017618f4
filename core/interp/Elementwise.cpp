//===- Elementwise.cpp - float binary ops over whole arrays ---------------===//

#include "interp/Elementwise.h"
#include "interp/HalfArrays.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>

using namespace spyre::interp;

namespace {

/// The loop for each combination of array and scalar operands, so that
/// the array-array and array-scalar cases vectorise.
template <typename Fn>
void loop(Fn fn, const double *a, int64_t aStep, const double *b,
          int64_t bStep, double *out, int64_t n) {
  if (aStep && bStep) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = fn(a[i], b[i]);
  } else if (aStep) {
    double y = b[0];
    for (int64_t i = 0; i < n; ++i)
      out[i] = fn(a[i], y);
  } else if (bStep) {
    double x = a[0];
    for (int64_t i = 0; i < n; ++i)
      out[i] = fn(x, b[i]);
  } else {
    std::fill(out, out + n, fn(a[0], b[0]));
  }
}

/// fmax / fmin: where no pair of a block is equal or unordered, `pick`
/// (branch-free) decides every pair of it; ties (signed zeros) and NaNs go
/// to the C library (`lib`), whose results these are.
template <typename Pick, typename Lib>
void ordered(Pick pick, Lib lib, const double *a, int64_t aStep,
             const double *b, int64_t bStep, double *out, int64_t n) {
  if (!aStep || !bStep)
    return loop([&](double x, double y) {
      return (x < y) | (x > y) ? pick(x, y) : lib(x, y);
    }, a, aStep, b, bStep, out, n);
  constexpr int64_t kBlock = 64;
  for (int64_t start = 0; start < n; start += kBlock) {
    int64_t m = std::min(kBlock, n - start);
    const double *x = a + start, *y = b + start;
    int64_t ties = 0; // equal or unordered pairs (a branch-free count)
    for (int64_t i = 0; i < m; ++i)
      ties += !(x[i] < y[i]) & !(x[i] > y[i]);
    if (ties)
      for (int64_t i = 0; i < m; ++i)
        out[start + i] = lib(x[i], y[i]);
    else
      loop(pick, x, 1, y, 1, out + start, m);
  }
}

} // namespace

std::optional<FloatBinary> spyre::interp::floatBinaryOf(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<FloatBinary>>(name)
      .Case("arith.addf", FloatBinary::Add)
      .Case("arith.subf", FloatBinary::Sub)
      .Case("arith.mulf", FloatBinary::Mul)
      .Case("arith.divf", FloatBinary::Div)
      .Case("spyreop.realdiv", FloatBinary::Div)
      .Case("arith.maximumf", FloatBinary::Maximum)
      .Case("arith.minimumf", FloatBinary::Minimum)
      .Case("arith.maxnumf", FloatBinary::MaxNum)
      .Case("arith.minnumf", FloatBinary::MinNum)
      .Default(std::nullopt);
}

namespace {

/// floatBinaryScalar<Op> as a function object, which the loops inline.
template <FloatBinary Op> struct Each {
  double operator()(double x, double y) const {
    return floatBinaryScalar<Op>(x, y);
  }
};

} // namespace

// Compiled for AVX as well (chosen at load time where the processor has
// it): the same IEEE operations per element, four at a time.
__attribute__((target_clones("avx", "default"), flatten)) void
spyre::interp::applyFloatBinaryUnrounded(FloatBinary op, const double *a,
                                         int64_t aStep, const double *b,
                                         int64_t bStep, double *out,
                                         int64_t n) {
  using F = FloatBinary;
  switch (op) {
  case F::Add: return loop(Each<F::Add>{}, a, aStep, b, bStep, out, n);
  case F::Sub: return loop(Each<F::Sub>{}, a, aStep, b, bStep, out, n);
  case F::Mul: return loop(Each<F::Mul>{}, a, aStep, b, bStep, out, n);
  case F::Div: return loop(Each<F::Div>{}, a, aStep, b, bStep, out, n);
  case F::Maximum: return loop(Each<F::Maximum>{}, a, aStep, b, bStep, out, n);
  case F::Minimum: return loop(Each<F::Minimum>{}, a, aStep, b, bStep, out, n);
  case F::MaxNum:
    return ordered([](double x, double y) { return x > y ? x : y; },
                   Each<F::MaxNum>{}, a, aStep, b, bStep, out, n);
  case F::MinNum:
    return ordered([](double x, double y) { return x < y ? x : y; },
                   Each<F::MinNum>{}, a, aStep, b, bStep, out, n);
  }
}

int64_t spyre::interp::applyHalfBinaryPrefix(FloatBinary op, const double *a,
                                             int64_t aStep, const double *b,
                                             int64_t bStep, double *out,
                                             int64_t n) {
  if (!(aStep || bStep) || n < 8 || !haveF16c())
    return 0;
  int64_t first = 0;
  for (;;) {
    first += halfBinaryBlocks(op, a + first * aStep, aStep, b + first * bStep,
                              bStep, out + first, n - first);
    if (n - first < 8)
      return first;
    // The block it left, by the general loop.
    applyFloatBinaryUnrounded(op, a + first * aStep, aStep, b + first * bStep,
                              bStep, out + first, 8);
    roundHalves(out + first, 8);
    first += 8;
  }
}

void spyre::interp::roundElements(DType type, double *data, int64_t n) {
  switch (type) {
  case DType::F64:
  case DType::I64:
  case DType::Index:
    return;
  case DType::F16:
    return roundHalves(data, n);
  case DType::F32:
    for (int64_t i = 0; i < n; ++i)
      data[i] = static_cast<float>(data[i]);
    return;
  default:
    for (int64_t i = 0; i < n; ++i)
      data[i] = roundToSlow(type, data[i]);
  }
}
