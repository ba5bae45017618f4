//===- CodeError.h - one problem found in a SpyreCode module -----*- C++ -*-===//
//
// The verifier, the file reader and the runtime report problems in the same
// shape: a message plus, when it is about one instruction, the program and
// instruction index and the instruction's Location (DataflowIR op, KTIR
// line), so a tool can print "line 12: dflow.dma: ..." for it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_CODEERROR_H
#define SPYRE_SPYRECODE_CODEERROR_H

#include <cstdint>
#include <string>
#include <vector>

namespace spyre::code {

struct Module;

struct CodeError {
  std::string message;
  int32_t program = -1; ///< Module::programs index, -1: not about a program
  int32_t instr = -1;   ///< instruction index in that program, -1: none
  uint32_t loc = 0;     ///< Module::locations index (0: unknown)
};

/// "program 2 (sfu) @14: line 7: dflow.compute: message" -- the parts that
/// are known, in that order. `module` may be null (then the location is
/// printed as its index only).
std::string formatCodeError(const Module *module, const CodeError &e);

/// Every error of `errors`, one per line.
std::string formatCodeErrors(const Module *module,
                             const std::vector<CodeError> &errors);

} // namespace spyre::code

#endif
