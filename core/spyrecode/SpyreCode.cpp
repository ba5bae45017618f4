//===- SpyreCode.cpp - names and sizes of the model ISA's element types ---===//

#include "spyrecode/SpyreCode.h"

namespace spyre::code {

int elemBytes(ElemType t) {
  switch (t) {
  case ElemType::None:
    return 0;
  case ElemType::I1:
  case ElemType::I8:
    return 1;
  case ElemType::I16:
  case ElemType::F16:
  case ElemType::BF16:
  case ElemType::DF16:
    return 2;
  case ElemType::I32:
  case ElemType::F32:
    return 4;
  case ElemType::I64:
  case ElemType::Index:
  case ElemType::F64:
    return 8;
  }
  return 0;
}

const char *elemName(ElemType t) {
  switch (t) {
  case ElemType::None:
    return "none";
  case ElemType::I1:
    return "i1";
  case ElemType::I8:
    return "i8";
  case ElemType::I16:
    return "i16";
  case ElemType::I32:
    return "i32";
  case ElemType::I64:
    return "i64";
  case ElemType::Index:
    return "index";
  case ElemType::F16:
    return "f16";
  case ElemType::BF16:
    return "bf16";
  case ElemType::DF16:
    return "df16";
  case ElemType::F32:
    return "f32";
  case ElemType::F64:
    return "f64";
  }
  return "none";
}

bool isFloat(ElemType t) {
  switch (t) {
  case ElemType::F16:
  case ElemType::BF16:
  case ElemType::DF16:
  case ElemType::F32:
  case ElemType::F64:
    return true;
  default:
    return false;
  }
}

const char *aluName(AluFn fn) {
  static const char *const names[] = {
#define SPYRE_ALU_NAME(name, str) str,
      SPYRE_ALU_FUNCS(SPYRE_ALU_NAME)
#undef SPYRE_ALU_NAME
  };
  size_t i = size_t(fn);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : nullptr;
}

const char *tileLayoutName(uint8_t layout) {
  static const char *const names[kNumTileLayouts] = {"box", "masked", "packed"};
  return layout < kNumTileLayouts ? names[layout] : nullptr;
}

} // namespace spyre::code
