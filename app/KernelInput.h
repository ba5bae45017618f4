//===- KernelInput.h - what a run of the editor's kernel is made of -*- C++ -*-===//
//
// One description of a run, whichever engine makes it (the interpreter's
// run of RunController, the emulated run of EmulatorRun, the Run summary's
// what-ifs of RunSummaryRunner): the kernel's text and file name, the
// target, its inputs (a seed, .npy files, scalar values: RunInputs), the
// folder its device imports are found in, the SpyreCode already compiled
// for it, the cycle budget. Each of those classes' Input is this (or adds
// its own fields to it), and the driver's request is built here only.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_KERNELINPUT_H
#define SPYRE_APP_KERNELINPUT_H

#include "RunInputs.h"

#include "driver/Emulate.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>

struct KernelInput {
  QString source, name;
  QString arch; ///< preset or TOML file; empty: the Spyre default
  uint64_t seed = 0;
  /// .npy files for some array arguments (name -> absolute path); the
  /// others get the seed's data (RunInputs).
  std::map<QString, QString> inputFiles;
  /// Values of scalar arguments (name -> the number as typed; RunInputs).
  std::map<QString, QString> scalars;
  QString directory; ///< where the kernel's device imports are found
  QString function;  ///< the module's kernel to run (empty: the first)
  /// The current compile's SpyreCode (CompileResult::spyreCode): used
  /// instead of compiling `source` again when it is set.
  std::shared_ptr<const spyre::code::Module> spyreCode;
  uint64_t cycleBudget = 100'000'000;
  /// The interpreter (the reference of every run) without the LX limit: a
  /// scratchpad of 512 MiB per core, for kernels whose tiles are larger
  /// than LX and which the compiled program streams in chunks (spyre-run's
  /// --no-lx-limit; the emulator keeps the target's LX).
  bool noLxLimit = false;

  RunInputs inputs() const { return RunInputs{seed, inputFiles, scalars}; }
  /// Whether a run of `other` is a run of this: the same text, kernel of
  /// the module, target, inputs and LX limit (not the SpyreCode already
  /// compiled, the folder or the budget).
  bool sameRunAs(const KernelInput &other) const {
    return source == other.source && function == other.function && arch == other.arch &&
           seed == other.seed && inputFiles == other.inputFiles &&
           scalars == other.scalars && noLxLimit == other.noLxLimit;
  }
  /// The run's inputs as the interpreter is given them (files read,
  /// values parsed); false, with a message per input that cannot be,
  /// when any fails. `sent` (optional) receives the inputs sent: those of
  /// the kernel's own arguments.
  bool runRequest(spyre::driver::RunRequest &out, QStringList &errors,
                  const std::atomic<bool> *cancel, RunInputs *sent = nullptr) const;
  /// The same for the emulator: the kernel (compiled unless spyreCode is
  /// set), its inputs, the target and the cycle budget.
  bool emulateRequest(spyre::driver::EmulateRequest &out, QStringList &errors,
                      const std::atomic<bool> *cancel, RunInputs *sent = nullptr) const;
  /// The interpreter's hardware configuration for noLxLimit (nothing when
  /// it is off).
  void applyLxLimit(spyre::driver::RunRequest &out) const;
};

#endif
