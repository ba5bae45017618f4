//===- ListingSyntax.cpp - the listing's per-opcode syntax table ----------===//

#include "spyrecode/ListingSyntax.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace spyre::code::listing {
namespace {

using F = Field;
using K = Kind;

// Indexed by Opcode (the enum's order).
const OpSyntax kOps[] = {
    {"nop", false, 0, {}},
    {"const", false, 2, {{F::Dst, K::RegS}, {F::Imm, K::Const}}},
    {"mov", false, 2, {{F::Dst, K::RegMov}, {F::A, K::RegMov}}},
    {"arg", false, 2, {{F::Dst, K::RegS}, {F::Imm, K::Symbol}}},
    {"salu", true, 4,
     {{F::Dst, K::RegS}, {F::A, K::RegS}, {F::B, K::RegS}, {F::C, K::RegS}}},
    {"jmp", false, 1, {{F::Imm, K::Target}}},
    {"brz", false, 2, {{F::A, K::RegS}, {F::Imm, K::Target}}},
    {"brnz", false, 2, {{F::A, K::RegS}, {F::Imm, K::Target}}},
    {"halt", false, 0, {}},
    {"valu", true, 4,
     {{F::Dst, K::RegV}, {F::A, K::RegV}, {F::B, K::RegV}, {F::C, K::RegV}}},
    {"vsplat", false, 2, {{F::Dst, K::RegV}, {F::A, K::RegS}}},
    {"vreduce", true, 3,
     {{F::Dst, K::RegS}, {F::A, K::RegV}, {F::B, K::RegS}}},
    {"vextract", false, 4,
     {{F::Dst, K::RegS}, {F::A, K::RegV}, {F::Imm, K::Lane}, {F::B, K::RegS}}},
    {"vinsert", false, 5,
     {{F::Dst, K::RegV},
      {F::A, K::RegV},
      {F::B, K::RegS},
      {F::Imm, K::Lane},
      {F::C, K::RegS}}},
    {"tread", false, 5,
     {{F::Dst, K::RegV},
      {F::A, K::RegT},
      {F::B, K::RegS},
      {F::Aux, K::Dim},
      {F::Args, K::ArgsS}}},
    {"twrite", false, 5,
     {{F::Dst, K::RegT},
      {F::A, K::RegT},
      {F::B, K::RegV},
      {F::Aux, K::Dim},
      {F::Args, K::ArgsS}}},
    {"textract", false, 3,
     {{F::Dst, K::RegS}, {F::A, K::RegT}, {F::Args, K::ArgsS}}},
    {"tinsert", false, 4,
     {{F::Dst, K::RegT}, {F::A, K::RegT}, {F::B, K::RegS}, {F::Args, K::ArgsS}}},
    {"tsplat", false, 2, {{F::Dst, K::RegT}, {F::A, K::RegS}}},
    {"recv", false, 3,
     {{F::Dst, K::RegRecv}, {F::Imm, K::Channel}, {F::Aux, K::Sticks}}},
    {"send", false, 3,
     {{F::A, K::RegRecv}, {F::Imm, K::Channel}, {F::Aux, K::Sticks}}},
    {"signal", false, 1, {{F::Imm, K::Channel}}},
    {"wait", false, 1, {{F::Imm, K::Channel}}},
    {"barrier", false, 0, {}},
    {"stream", false, 5,
     {{F::Imm, K::View},
      {F::A, K::RegS},
      {F::B, K::RegS},
      {F::C, K::Channel},
      {F::Aux, K::Sticks}}},
    {"collect", false, 5,
     {{F::C, K::Channel},
      {F::Imm, K::View},
      {F::A, K::RegS},
      {F::B, K::RegS},
      {F::Aux, K::Sticks}}},
    {"dma", false, 2, {{F::Imm, K::Desc}, {F::Args, K::ArgsS}}},
    {"ringsend", false, 3,
     {{F::A, K::RegS}, {F::Imm, K::Bytes}, {F::Args, K::ArgsT}}},
    {"ringrecv", false, 3,
     {{F::A, K::RegS}, {F::Args, K::ArgsPairs}, {F::Imm, K::Views}}},
};

constexpr uint16_t kNumOps = sizeof(kOps) / sizeof(kOps[0]);
static_assert(kNumOps == uint16_t(Opcode::RingRecv) + 1,
              "every opcode needs a row in kOps");

const char *const kAluNames[] = {
#define SPYRE_ALU_LISTING_NAME(name, str) str,
    SPYRE_ALU_FUNCS(SPYRE_ALU_LISTING_NAME)
#undef SPYRE_ALU_LISTING_NAME
};
constexpr uint16_t kNumAlu = sizeof(kAluNames) / sizeof(kAluNames[0]);

// MLIR's arith::CmpIPredicate and arith::CmpFPredicate, in enum order.
const char *const kCmpI[] = {"eq",  "ne",  "slt", "sle", "sgt",
                             "sge", "ult", "ule", "ugt", "uge"};
const char *const kCmpF[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                             "one",   "ord", "ueq", "ugt", "uge", "ult",
                             "ule",   "une", "uno", "true"};

} // namespace

const OpSyntax *opSyntax(Opcode op) {
  return uint16_t(op) < kNumOps ? &kOps[uint16_t(op)] : nullptr;
}

std::optional<Opcode> opcodeNamed(std::string_view mnemonic) {
  for (uint16_t i = 0; i < kNumOps; ++i)
    if (mnemonic == kOps[i].mnemonic)
      return Opcode(i);
  return std::nullopt;
}

uint16_t numOpcodes() { return kNumOps; }
uint16_t numAluFns() { return kNumAlu; }

std::optional<AluFn> aluNamed(std::string_view name) {
  for (uint16_t i = 0; i < kNumAlu; ++i)
    if (name == kAluNames[i])
      return AluFn(i);
  return std::nullopt;
}

std::optional<ElemType> elemNamed(std::string_view name) {
  for (uint8_t i = 0; i < kNumElemTypes; ++i)
    if (name == elemName(ElemType(i)))
      return ElemType(i);
  return std::nullopt;
}

bool isCompare(AluFn fn) { return fn == AluFn::CmpI || fn == AluFn::CmpF; }

const char *predicateName(AluFn fn, uint16_t aux) {
  if (fn == AluFn::CmpI)
    return aux < sizeof(kCmpI) / sizeof(kCmpI[0]) ? kCmpI[aux] : nullptr;
  if (fn == AluFn::CmpF)
    return aux < sizeof(kCmpF) / sizeof(kCmpF[0]) ? kCmpF[aux] : nullptr;
  return nullptr;
}

std::optional<uint16_t> predicateNamed(AluFn fn, std::string_view name) {
  for (uint16_t i = 0; i < 16; ++i) {
    const char *n = predicateName(fn, i);
    if (n && name == n)
      return i;
  }
  return std::nullopt;
}

const char *symbolKindName(uint8_t kind) {
  switch (kind) {
  case Symbol::TensorBase:
    return "tensor";
  case Symbol::Dimension:
    return "dim";
  case Symbol::Scalar:
    return "scalar";
  }
  return nullptr;
}

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char ch : s) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += char(ch);
    } else if (ch < 0x20 || ch >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", ch);
      out += buf;
    } else {
      out += char(ch);
    }
  }
  out += '"';
  return out;
}

bool isIdentifier(std::string_view s) {
  if (s.empty())
    return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char ch = s[i];
    bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                  ch == '_';
    bool digit = ch >= '0' && ch <= '9';
    if (!(letter || (i > 0 && (digit || ch == '.' || ch == '-'))))
      return false;
  }
  return true;
}

const char *keywordOf(Kind kind) {
  switch (kind) {
  case Kind::Sticks:
    return "sticks";
  case Kind::Dim:
    return "dim";
  case Kind::Bytes:
    return "bytes";
  case Kind::Lane:
    return "lane";
  case Kind::Views:
    return "views";
  default:
    return nullptr;
  }
}

const char *prefixOf(Kind kind) {
  switch (kind) {
  case Kind::Target:
    return "@";
  case Kind::Channel:
    return "c";
  case Kind::Symbol:
    return "$";
  case Kind::Desc:
    return "d";
  case Kind::View:
    return "lx";
  default:
    return nullptr;
  }
}

std::string nameOrQuoted(std::string_view s) {
  return isIdentifier(s) ? std::string(s) : quote(s);
}

std::string formatDouble(double v) {
  char buf[64];
  if (std::isfinite(v)) {
    for (int precision = 1; precision <= 17; ++precision) {
      std::snprintf(buf, sizeof buf, "%.*g", precision, v);
      double back = std::strtod(buf, nullptr);
      if (std::memcmp(&back, &v, sizeof v) == 0) {
        std::string s = buf;
        // Keep it visibly a float (and distinct from an integer token).
        if (s.find_first_of(".eE") == std::string::npos)
          s += ".0";
        return s;
      }
    }
  }
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  std::snprintf(buf, sizeof buf, "bits(0x%016" PRIx64 ")", bits);
  return buf;
}

} // namespace spyre::code::listing
