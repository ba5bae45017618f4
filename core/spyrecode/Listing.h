//===- Listing.h - the SpyreCode assembly listing and its assembler -*- C++ -*-===//
//
// printListing() writes a whole Module as text: the header, the job plan
// (grid, placement, channels, LX buffers, rings), the symbol table, the LX
// views and DMA descriptors, every engine program's instructions (each with
// its location as a comment: `// #3 line 7: arith.addf`) and the line table.
// It is the SpyreCode pass's snapshot, spyre-objdump's disassembly and the
// assembler's input: parseListing(printListing(m).text) rebuilds `m` field for
// field, so binary -> text -> binary is byte-identical. Everything in the
// Module appears in the text. The syntax is described in
// docs/spyrecode-file.md ("The listing").
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_LISTING_H
#define SPYRE_SPYRECODE_LISTING_H

#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spyre::code {

/// What one line of a listing shows.
struct ListingLine {
  /// The KTIR source line of what is printed there (the instruction's,
  /// channel's, buffer's... location), or 0.
  int ktirLine = 0;
  /// The program of the instruction printed there; -1 when the line is no
  /// instruction (a header, a comment, a table).
  int program = -1;
  uint32_t pc = 0; ///< the instruction's index in its program
};

/// A module's listing: its text and, for line i (0-based) of the text,
/// what it shows, so that nobody reads the text back to find out.
struct Listing {
  std::string text;
  std::vector<ListingLine> lines;
  /// For each program, the 1-based line of its instruction 0 (0: none).
  std::vector<int> firstInstruction;

  /// The 1-based line of instruction `pc` of `program`; 0 when there is
  /// no such instruction.
  int lineOf(int program, uint32_t pc) const;
  /// The KTIR line of every line of the text (ListingLine::ktirLine).
  std::vector<int> ktirLines() const;
};

/// The listing of `module`, with what each of its lines shows.
Listing printListing(const Module &module);

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
