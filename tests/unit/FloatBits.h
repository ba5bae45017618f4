//===- FloatBits.h - a float's bit pattern, for the unit tests -*- C++ -*-===//
#ifndef SPYRE_TESTS_UNIT_FLOATBITS_H
#define SPYRE_TESTS_UNIT_FLOATBITS_H

#include <cstdint>
#include <cstring>

/// The IEEE binary32 bit pattern of `f` (exact comparisons: QCOMPARE on
/// floats is fuzzy).
inline uint32_t floatBits(float f) {
  uint32_t bits = 0;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

#endif
