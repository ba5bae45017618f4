//===- ListingSyntax.h - the listing's per-opcode syntax (internal) -*- C++ -*-===//
//
// One table says how each opcode is written in the listing: its mnemonic,
// whether an ALU function follows, and the operand slots in order. The
// printer (Listing.cpp) and the assembler (ListingParse.cpp) both read it,
// so they cannot drift apart. Also the small text helpers both need.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_LISTINGSYNTAX_H
#define SPYRE_SPYRECODE_LISTINGSYNTAX_H

#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace spyre::code::listing {

enum class Field : uint8_t { Dst, A, B, C, Imm, Aux, Args };

/// How a slot is written.
enum class Kind : uint8_t {
  RegS,     ///< s5
  RegV,     ///< v5
  RegT,     ///< t5
  RegMov,   ///< s/v/t by the instruction's aux (0/1/2)
  RegRecv,  ///< v when the instruction has lanes (a vector), else t
  Target,   ///< @12
  Channel,  ///< c2
  Symbol,   ///< $3
  Desc,     ///< d2 (Module::dmas)
  View,     ///< lx3 (Module::lxViews)
  Int,      ///< 42
  Const,    ///< 42, or a float when the type is a float type
  Sticks,   ///< sticks 8
  Dim,      ///< dim 1
  Bytes,    ///< bytes 128
  Lane,     ///< lane 5
  Views,    ///< views 2 (RingRecv: first Program::ringViews index)
  ArgsS,    ///< [s1, s2]
  ArgsT,    ///< [t0, t1]
  ArgsPairs ///< [t0, s4, t1, s5]: (tile, LX address) pairs
};

struct Slot {
  Field field;
  Kind kind;
};

struct OpSyntax {
  const char *mnemonic;
  bool fn; ///< an ALU function (and for cmpi / cmpf its predicate) follows
  int numSlots;
  Slot operands[6]; // (not "slots": Qt defines that word)
};

/// The syntax of `op`; nullptr for a number past the last opcode.
const OpSyntax *opSyntax(Opcode op);
/// The word written before a numeric operand ("sticks 8", "dim 1"), or
/// nullptr when `kind` is not one of those.
const char *keywordOf(Kind kind);
/// The letters written before a numbered operand ("c2", "d2", "lx3", "@12",
/// "$3"), or nullptr when `kind` is not one of those.
const char *prefixOf(Kind kind);
/// The opcode written `mnemonic`.
std::optional<Opcode> opcodeNamed(std::string_view mnemonic);
/// Number of opcodes / ALU functions / element types defined.
uint16_t numOpcodes();
uint16_t numAluFns();
constexpr uint8_t kNumElemTypes = uint8_t(ElemType::F64) + 1;
std::optional<AluFn> aluNamed(std::string_view name);
std::optional<ElemType> elemNamed(std::string_view name);

/// arith.cmpi / arith.cmpf predicate names, by MLIR's numbering (the
/// instruction's aux); nullptr when out of range.
const char *predicateName(AluFn fn, uint16_t aux);
std::optional<uint16_t> predicateNamed(AluFn fn, std::string_view name);
bool isCompare(AluFn fn);

/// "f16"-style names of Symbol kinds.
const char *symbolKindName(uint8_t kind);

/// Text helpers.
std::string quote(std::string_view s); ///< "..." with \" \\ \xHH escapes
bool isIdentifier(std::string_view s);
/// An identifier as is, anything else quoted.
std::string nameOrQuoted(std::string_view s);
/// A double written so that reading it back gives the same bits: the
/// shortest %.17g form when it reads back exactly, else bits(0x...).
std::string formatDouble(double v);

} // namespace spyre::code::listing

#endif
