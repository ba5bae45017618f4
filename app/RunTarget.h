//===- RunTarget.h - what "Run to Cursor" runs to ----------------*- C++ -*-===//
//
// Ctrl+F10 runs the emulated run to the next event of what is under the
// cursor of the pane the user was last in: a KTIR line (the editor, or an
// IR pane showing another pass, through its line -> source line map), one
// DataflowIR op (the pane showing the DataflowIR snapshot the SpyreCode was
// made from: the op on that line) or one SpyreCode instruction (the pane
// showing the SpyreCode listing: program and pc of that line, from the
// listing's line map). Pure: the tests check it with rows.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNTARGET_H
#define SPYRE_APP_RUNTARGET_H

#include "spyrecode/Listing.h"

#include <QString>

#include <cstdint>
#include <vector>

struct RunTarget {
  enum class Kind { None, KtirLine, DataflowLine, Instruction };
  Kind kind = Kind::None;
  int line = 0;     ///< 1-based: KtirLine, DataflowLine
  int program = -1; ///< Instruction
  uint32_t pc = 0;  ///< Instruction
  QString why;      ///< None: why there is nothing to run to

  static RunTarget ktirLine(int line);
  static RunTarget dataflowLine(int line);
  /// The instruction printed on 1-based `line` of a SpyreCode listing (as
  /// the listing's line map says); None when that line is no instruction
  /// or there is no listing.
  static RunTarget instructionAt(const spyre::code::Listing *listing, int line);
  /// In an IR pane of another pass: the KTIR line its op came from.
  static RunTarget sourceLineOf(const std::vector<int> &sourceLines, int line);

  /// "KTIR line 12", "DataflowIR line 40", "program 2 pc 7".
  QString describe() const;
};

#endif
