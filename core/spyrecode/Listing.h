//===- Listing.h - the SpyreCode assembly listing and its assembler -*- C++ -*-===//
//
// printListing() writes a whole Module as text: the header, the job plan
// (grid, placement, channels, LX buffers, rings), the symbol table, the LX
// views and DMA descriptors, every engine program's instructions (each with
// its location as a comment: `// #3 line 7: arith.addf`) and the line table.
// It is the SpyreCode pass's snapshot, spyre-objdump's disassembly and the
// assembler's input: parseListing(printListing(m)) rebuilds `m` field for
// field, so binary -> text -> binary is byte-identical. Everything in the
// Module appears in the text. The syntax is described in
// docs/spyrecode-file.md ("The listing").
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_LISTING_H
#define SPYRE_SPYRECODE_LISTING_H

#include "spyrecode/SpyreCode.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spyre::code {

/// The listing of `module`. When `ktirLines` is given it receives, for each
/// line of the text (0-based), the KTIR source line of what is printed there
/// (the instruction's, channel's, buffer's... location), or 0.
std::string printListing(const Module &module,
                         std::vector<int> *ktirLines = nullptr);

/// One instruction as the listing prints it, without index or comment
/// ("valu.f16 x64 arith.addf v3, v1, v2"); for debuggers and error
/// messages.
std::string printInstr(const Module &module, const Program &program,
                       const Instr &instr);

struct ListingError {
  int line = 0, column = 0; ///< 1-based
  std::string message;
};

/// Assembles a listing. Only the text's syntax and its own consistency
/// (sequential labels, known names, numbers that fit) are checked here:
/// run verifyModule() (Verify.h) on the result for everything else.
std::optional<Module> parseListing(std::string_view text,
                                   ListingError &error);

} // namespace spyre::code

#endif
