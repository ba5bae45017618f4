//===- KernelSource.h - kernel text into a source manager -------*- C++ -*-===//
#ifndef SPYRE_DRIVER_KERNELSOURCE_H
#define SPYRE_DRIVER_KERNELSOURCE_H

#include "ir/SourceFixups.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

namespace spyre::driver {

/// Adds kernel text (after the same-length KTIR fix-up) to `sourceMgr`
/// under `name`, so diagnostics point into the user's file.
inline void addKernelSource(llvm::SourceMgr &sourceMgr,
                            const std::string &source,
                            const std::string &name) {
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(applyKtirSourceFixups(source),
                                           name),
      llvm::SMLoc());
}

} // namespace spyre::driver

#endif
