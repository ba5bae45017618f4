//===- DType.h - element types the interpreter computes with ---*- C++ -*-===//
//
// Every tensor and scalar the interpreter holds keeps its values in 8-byte
// slots plus an element type. For floats and integers up to 32 bits the slot
// is a double holding the value (exact for every f16, bf16, df16, f32 and
// i32 value); after each operation the value is rounded to its element type,
// which reproduces NumPy's per-op rounding (for f16, through f32 as NumPy
// does). For i64 and index, which a double cannot hold exactly beyond 2^53,
// the slot holds the integer's own 64 bits (see isWideInt).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_DTYPE_H
#define SPYRE_INTERP_DTYPE_H

#include <cstdint>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace spyre::interp {

enum class DType : uint8_t {
  F16, BF16, F32, F64, DF16, I1, I8, I16, I32, I64, Index
};

/// Bytes one element occupies in memory (index is stored as 8 bytes).
inline unsigned dtypeSize(DType type) {
  switch (type) {
  case DType::I1:
  case DType::I8:
    return 1;
  case DType::F16:
  case DType::BF16:
  case DType::DF16:
  case DType::I16:
    return 2;
  case DType::F32:
  case DType::I32:
    return 4;
  case DType::F64:
  case DType::I64:
  case DType::Index:
    return 8;
  }
  return 1;
}
bool isFloat(DType type);

/// i64 and index: their slots hold the int64 bit pattern, not a double.
inline bool isWideInt(DType type) {
  return type == DType::I64 || type == DType::Index;
}
/// The slot holding int64 `v` as bits, and back.
inline double intBits(int64_t v) {
  double d;
  std::memcpy(&d, &v, 8);
  return d;
}
inline int64_t bitsInt(double slot) {
  int64_t v;
  std::memcpy(&v, &slot, 8);
  return v;
}
/// A double converted to int64, truncating towards zero; NaN is 0 and
/// values beyond the int64 range saturate (the host leaves them undefined).
inline int64_t truncToInt(double v) {
  if (!(v == v))
    return 0;
  if (v >= 0x1p63)
    return INT64_MAX;
  if (v < -0x1p63)
    return INT64_MIN;
  return static_cast<int64_t>(v);
}
/// The integer in a slot of integer type `type` (floats: truncated).
inline int64_t slotToInt(DType type, double slot) {
  return isWideInt(type) ? bitsInt(slot) : truncToInt(slot);
}
/// The slot of integer `v` in `type`: wrapped to an integer type's width
/// (i1 keeps the lowest bit), or converted to a float type.
double intToSlot(DType type, int64_t v);
/// The value of a slot as a double (a wide integer rounds past 2^53).
inline double slotToNumber(DType type, double slot) {
  return isWideInt(type) ? static_cast<double>(bitsInt(slot)) : slot;
}
/// The slot of the number `v` in `type` (integers truncate towards zero).
double numberToSlot(DType type, double v);
/// Converts a slot of type `from` to type `to`: integer to integer exactly
/// (wrapped to `to`'s width), anything else through its value.
inline double convertSlot(DType from, DType to, double slot);
/// "f16", "i32", ... as the corpus records and NumPy archives name them.
std::string_view dtypeName(DType type);
std::optional<DType> dtypeFromName(std::string_view name);

/// Rounds the slot `value` to the nearest value representable in `type`
/// (integers wrap to their width, i1 keeps the lowest bit; i64 and index
/// slots are left as they are).
double roundToSlow(DType type, double value);

/// Rounds an f32 value to the nearest f16 value (ties to even), as a float;
/// past the f16 range it is infinity, NaN stays NaN.
inline float roundToHalf(float f) {
  float a = std::fabs(f);
  if (a < 6.103515625e-05f) {
    // Subnormal f16: a multiple of 2^-24. Adding 2^23 to a * 2^24 (< 2^10)
    // rounds it to the nearest integer, ties to even, in float arithmetic.
    float shifted = a * 16777216.0f + 8388608.0f;
    float r = (shifted - 8388608.0f) * (1.0f / 16777216.0f);
    return std::copysign(r, f);
  }
  if (!(a < 65520.0f)) // rounds past 65504, or NaN
    return std::isnan(f) ? f : std::copysign(INFINITY, f);
  // Normal: round the 23-bit mantissa to 10 bits, ties to even.
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  bits += 0x0fffu + ((bits >> 13) & 1u);
  bits &= ~0x1fffu;
  std::memcpy(&f, &bits, 4);
  return f;
}

inline double roundTo(DType type, double value) {
  switch (type) {
  case DType::F16:
    return roundToHalf(static_cast<float>(value));
  case DType::F32:
    return static_cast<float>(value);
  case DType::F64:
  case DType::Index:
  case DType::I64:
    return value;
  default:
    return roundToSlow(type, value);
  }
}

/// Decodes an f16 bit pattern exactly.
inline float halfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
  if (exponent == 0) { // zero and subnormals: mantissa * 2^-24
    float f = static_cast<float>(mantissa) * (1.0f / 16777216.0f);
    return sign ? -f : f;
  }
  uint32_t bits = exponent == 31 ? sign | 0x7f800000u | (mantissa << 13)
                                 : sign | ((exponent + 112) << 23) |
                                       (mantissa << 13);
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// The f16 bit pattern of a value already representable in f16 (NaN and
/// values past the f16 range become NaN / infinity).
inline uint16_t halfBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  float a = std::fabs(f);
  if (a >= 6.103515625e-05f && a < 65536.0f)
    return static_cast<uint16_t>(sign | ((((bits >> 23) & 0xffu) - 112) << 10) |
                                 ((bits >> 13) & 0x3ffu));
  if (a < 6.103515625e-05f)
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(a * 16777216.0f));
  return static_cast<uint16_t>(sign | (std::isnan(f) ? 0x7e00u : 0x7c00u));
}

/// Decodes the f16 at `bytes` exactly.
inline double loadHalf(const uint8_t *bytes) {
  uint16_t h;
  std::memcpy(&h, bytes, 2);
  return halfToFloat(h);
}

/// Encodes an f16 value (already representable in f16) at `bytes`.
inline void storeHalf(float f, uint8_t *bytes) {
  uint16_t h = halfBits(f);
  std::memcpy(bytes, &h, 2);
}

/// Encodes / decodes one element in its little-endian memory layout, as a
/// number (i64 and index round past 2^53: for code outside the interpreter).
void storeElement(DType type, double value, uint8_t *bytes);
double loadElement(DType type, const uint8_t *bytes);
/// The same for slots: i64 and index exact.
inline void storeSlot(DType type, double slot, uint8_t *bytes) {
  if (isWideInt(type))
    std::memcpy(bytes, &slot, 8);
  else
    storeElement(type, slot, bytes);
}
inline double loadSlot(DType type, const uint8_t *bytes) {
  if (!isWideInt(type))
    return loadElement(type, bytes);
  double slot;
  std::memcpy(&slot, bytes, 8);
  return slot;
}

inline double convertSlot(DType from, DType to, double slot) {
  if (from == to)
    return slot;
  if (!isFloat(from) && !isFloat(to))
    return intToSlot(to, slotToInt(from, slot));
  return numberToSlot(to, slotToNumber(from, slot));
}

} // namespace spyre::interp

#endif
