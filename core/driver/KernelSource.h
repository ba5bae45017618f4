//===- KernelSource.h - kernel text into a source manager -------*- C++ -*-===//
#ifndef SPYRE_DRIVER_KERNELSOURCE_H
#define SPYRE_DRIVER_KERNELSOURCE_H

#include "ir/ParserTraps.h"
#include "ir/SourceFixups.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

namespace spyre::driver {

/// Adds kernel text (after the same-length KTIR fix-up) to `sourceMgr`
/// under `name`, so diagnostics point into the user's file; fails, with an
/// error on its line, when the text holds something MLIR's parsers would
/// crash on (ir/ParserTraps.h): then it must not be parsed.
inline llvm::LogicalResult loadKernelSource(mlir::MLIRContext &context,
                                            llvm::SourceMgr &sourceMgr,
                                            const std::string &source,
                                            const std::string &name) {
  if (failed(rejectParserTraps(context, name, source)))
    return llvm::failure();
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(applyKtirSourceFixups(source),
                                           name),
      llvm::SMLoc());
  return llvm::success();
}

} // namespace spyre::driver

#endif
