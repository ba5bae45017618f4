//===- DType.cpp - element types the interpreter computes with ------------===//

#include "interp/DType.h"
#include "support/Df16.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace spyre::interp;

bool spyre::interp::isFloat(DType type) {
  return type == DType::F16 || type == DType::BF16 || type == DType::F32 ||
         type == DType::F64 || type == DType::DF16;
}

std::string_view spyre::interp::dtypeName(DType type) {
  switch (type) {
  case DType::F16: return "f16";
  case DType::BF16: return "bf16";
  case DType::F32: return "f32";
  case DType::F64: return "f64";
  case DType::DF16: return "df16";
  case DType::I1: return "i1";
  case DType::I8: return "i8";
  case DType::I16: return "i16";
  case DType::I32: return "i32";
  case DType::I64: return "i64";
  case DType::Index: return "index";
  }
  return "?";
}

std::optional<DType> spyre::interp::dtypeFromName(std::string_view name) {
  for (DType t : {DType::F16, DType::BF16, DType::F32, DType::F64, DType::DF16,
                  DType::I1, DType::I8, DType::I16, DType::I32, DType::I64,
                  DType::Index})
    if (dtypeName(t) == name)
      return t;
  return std::nullopt;
}

static float toBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if (std::isnan(f))
    bits = 0x7fc00000u | (bits & 0x80000000u);
  else
    bits += 0x7fffu + ((bits >> 16) & 1u); // round to nearest even
  bits &= 0xffff0000u;
  std::memcpy(&f, &bits, 4);
  return f;
}

double spyre::interp::roundToSlow(DType type, double value) {
  switch (type) {
  case DType::F16:
    return roundToHalf(static_cast<float>(value));
  case DType::BF16:
    return toBf16(static_cast<float>(value));
  case DType::F32:
    return static_cast<float>(value);
  case DType::F64:
    return value;
  case DType::DF16:
    return spyre::df16ToF32(spyre::f32ToDf16(static_cast<float>(value)));
  case DType::I1:
    return static_cast<double>(truncToInt(value) & 1);
  case DType::I8:
    return static_cast<int8_t>(truncToInt(value));
  case DType::I16:
    return static_cast<int16_t>(truncToInt(value));
  case DType::I32:
    return static_cast<int32_t>(truncToInt(value));
  case DType::I64:
  case DType::Index:
    return value; // a slot of bits: nothing to round
  }
  return value;
}

double spyre::interp::intToSlot(DType type, int64_t v) {
  switch (type) {
  case DType::I1:
    return static_cast<double>(v & 1);
  case DType::I8:
    return static_cast<int8_t>(v);
  case DType::I16:
    return static_cast<int16_t>(v);
  case DType::I32:
    return static_cast<int32_t>(static_cast<uint32_t>(v));
  case DType::I64:
  case DType::Index:
    return intBits(v);
  default:
    return roundTo(type, static_cast<double>(v));
  }
}

double spyre::interp::numberToSlot(DType type, double v) {
  if (isFloat(type))
    return roundTo(type, v);
  return intToSlot(type, truncToInt(v));
}

void spyre::interp::storeElement(DType type, double value, uint8_t *bytes) {
  switch (type) {
  case DType::F16: {
    uint16_t h = halfBits(roundToHalf(static_cast<float>(value)));
    std::memcpy(bytes, &h, 2);
    return;
  }
  case DType::BF16: {
    float f = toBf16(static_cast<float>(value));
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    uint16_t hi = static_cast<uint16_t>(bits >> 16);
    std::memcpy(bytes, &hi, 2);
    return;
  }
  case DType::DF16: {
    uint16_t d = spyre::f32ToDf16(static_cast<float>(value));
    std::memcpy(bytes, &d, 2);
    return;
  }
  case DType::F32: {
    float f = static_cast<float>(value);
    std::memcpy(bytes, &f, 4);
    return;
  }
  case DType::F64:
    std::memcpy(bytes, &value, 8);
    return;
  case DType::I1:
  case DType::I8: {
    int8_t v = static_cast<int8_t>(truncToInt(value));
    std::memcpy(bytes, &v, 1);
    return;
  }
  case DType::I16: {
    int16_t v = static_cast<int16_t>(truncToInt(value));
    std::memcpy(bytes, &v, 2);
    return;
  }
  case DType::I32: {
    int32_t v = static_cast<int32_t>(truncToInt(value));
    std::memcpy(bytes, &v, 4);
    return;
  }
  case DType::I64:
  case DType::Index: {
    int64_t v = truncToInt(value);
    std::memcpy(bytes, &v, 8);
    return;
  }
  }
}

double spyre::interp::loadElement(DType type, const uint8_t *bytes) {
  switch (type) {
  case DType::F16: {
    uint16_t h;
    std::memcpy(&h, bytes, 2);
    return halfToFloat(h);
  }
  case DType::BF16: {
    uint16_t hi;
    std::memcpy(&hi, bytes, 2);
    uint32_t bits = static_cast<uint32_t>(hi) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  case DType::DF16: {
    uint16_t d;
    std::memcpy(&d, bytes, 2);
    return spyre::df16ToF32(d);
  }
  case DType::F32: {
    float f;
    std::memcpy(&f, bytes, 4);
    return f;
  }
  case DType::F64: {
    double d;
    std::memcpy(&d, bytes, 8);
    return d;
  }
  case DType::I1:
    return bytes[0] & 1;
  case DType::I8:
    return static_cast<int8_t>(bytes[0]);
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, bytes, 2);
    return v;
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, bytes, 4);
    return v;
  }
  case DType::I64:
  case DType::Index: {
    int64_t v;
    std::memcpy(&v, bytes, 8);
    return static_cast<double>(v);
  }
  }
  return 0;
}
