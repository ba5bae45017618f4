// Df16.h - conversions for the DLFloat16 ("df16") number format used by
// IBM's Spyre accelerator.
//
// Format (16 bits):
//
//     bit 15       sign s
//     bits 14..9   exponent E (6 bits, bias 31)
//     bits  8..0   fraction F (9 bits)
//
//   value = (-1)^s * 2^(E-31) * (1 + F/512)   for every encoding, except:
//     * E=0,  F=0   : signed zero (+0 = 0x0000, -0 = 0x8000);
//     * E=63, F=511 : the single NaN/Infinity code "NINF" (0x7FFF, and 0xFFFF
//                     with the sign bit set). It always decodes to a quiet NaN.
//
//   There are no subnormals: E=0 with F!=0 is an ordinary normal number
//   (1 + F/512) * 2^-31. Consequently 2^-31 itself is NOT representable (its
//   would-be encoding is zero).
//     largest finite  : 0x7FFE, E=63,F=510 = 1.99609375 * 2^32 = 8573157376
//     smallest > 0    : 0x0001, E=0, F=1   = (1 + 2^-9) * 2^-31 = 513 * 2^-40
//   For non-negative values the ordering of the 15-bit codes 0x0000..0x7FFE
//   matches the ordering of the values they encode.
//
// fp32 -> df16 (f32ToDf16) decisions:
//   * Finite values are rounded correctly to the nearest representable df16
//     value, ties to even (an even fraction F wins; zero counts as even).
//   * Finite values whose rounded magnitude would exceed the largest finite
//     value (including those that would round onto the E=63,F=511 slot)
//     saturate to +/- largest finite (0x7FFE / 0xFFFE).
//   * NaN and +/-Inf map to the NINF code carrying the input's sign
//     (0x7FFF / 0xFFFF).
//   * +/-0 maps to the signed zero. Tiny values below the smallest positive
//     value round to whichever of 0 and (1 + 2^-9) * 2^-31 is nearer; the exact
//     midpoint (1 + 2^-9) * 2^-32 goes to zero (ties to even). All fp32
//     denormals therefore become (signed) zero. The sign is always preserved.
//
// Note: IBM's NNP1 reference conversion code rounds ties away from zero and
// maps overflow to NINF. This implementation intentionally differs: it rounds
// ties to even and saturates finite overflow to the largest finite value, as
// requested by the project's issue (RNE + saturation).
//
// df16 -> fp32 (df16ToF32) is exact: every df16 value is an fp32 normal number.
//
// This file has no Qt or MLIR dependencies.

#pragma once

#include <cstdint>

namespace spyre {

/// The NINF (NaN/Infinity) code with a clear sign bit; 0xFFFF is the
/// negative-signed variant.
inline constexpr uint16_t kDf16NaN = 0x7FFF;
/// Largest finite positive value, 1.99609375 * 2^32.
inline constexpr uint16_t kDf16MaxFinite = 0x7FFE;
/// Smallest positive value, (1 + 2^-9) * 2^-31.
inline constexpr uint16_t kDf16MinPositive = 0x0001;

/// Converts an fp32 value to df16 bits (round to nearest, ties to even,
/// saturating finite overflow; NaN/Inf -> signed NINF).
uint16_t f32ToDf16(float x);

/// Converts df16 bits to fp32. Exact; the NINF codes decode to a quiet NaN.
float df16ToF32(uint16_t bits);

/// True for the NINF codes 0x7FFF and 0xFFFF.
bool df16IsNaN(uint16_t bits);

} // namespace spyre
