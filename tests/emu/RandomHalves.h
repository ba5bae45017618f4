//===- RandomHalves.h - finite f16 test data for the emulator tests -*- C++ -*-===//
#ifndef SPYRE_TESTS_EMU_RANDOMHALVES_H
#define SPYRE_TESTS_EMU_RANDOMHALVES_H

#include <cstdint>
#include <cstring>
#include <vector>

namespace spyre::emu::test {

/// `n` finite f16 bit patterns, different everywhere (a fixed LCG).
inline std::vector<uint8_t> randomHalves(int64_t n, uint32_t seed) {
  std::vector<uint8_t> bytes(size_t(n) * 2);
  uint32_t x = seed;
  for (int64_t i = 0; i < n; ++i) {
    x = x * 1664525u + 1013904223u;
    uint16_t h = uint16_t(x >> 16);
    if ((h & 0x7c00) == 0x7c00) // Inf / NaN: take a finite exponent
      h = uint16_t(h & ~0x4000);
    std::memcpy(bytes.data() + 2 * i, &h, 2);
  }
  return bytes;
}

} // namespace spyre::emu::test

#endif
