//===- OutputCompare.h - the emulator's outputs against the interpreter's -*- C++ -*-===//
//
// Compares the arrays an emulated run leaves with the reference
// interpreter's, element by element: equal bytes (or NaN where the other
// is NaN: the payloads of NaNs need not agree), or the worst element
// (index, both values, |difference| and how many steps of the dtype that
// is at the array's largest magnitude: a reordered sum's error scales with
// its terms, not its result). spyre-run --engine both and the GUI's run
// summary both report this.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_OUTPUTCOMPARE_H
#define SPYRE_DRIVER_OUTPUTCOMPARE_H

#include "support/Npy.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace spyre::driver {

struct ArrayComparison {
  std::string name;
  bool missing = false;  ///< the emulator has no array of that name
  bool sameSize = true;  ///< the byte sizes agree
  size_t elements = 0;   ///< compared (the shorter of the two)
  size_t mismatches = 0; ///< elements whose bytes differ
  size_t worst = 0;      ///< index of the element furthest off
  double emulator = 0, interpreter = 0; ///< its two values
  double difference = 0; ///< |emulator - interpreter| (inf for NaN)
  double ulps = 0;       ///< difference in steps of the dtype
  /// Equal, or (maxUlps > 0) every element within maxUlps steps.
  bool agrees = true;
};

/// One entry per interpreter array (in name order).
std::vector<ArrayComparison>
compareOutputs(const std::map<std::string, npy::Array> &interpreter,
               const std::map<std::string, npy::Array> &emulator,
               double maxUlps = 0);

/// Element `i` of `a` as a double (NaN past its end or for an unknown
/// dtype; defined with the numerics verdict, NumericsVerdict.cpp).
double elementValue(const npy::Array &a, size_t i);

} // namespace spyre::driver

#endif
