//===- Target.cpp - the architecture a pass compiles for ------------------===//

#include "pipeline/utils/Target.h"
#include "ir/DeviceImport.h"
#include "pipeline/utils/DeviceTarget.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <cstdlib>

using namespace mlir;

std::optional<spyre::arch::Arch>
spyre::readTarget(const std::string &spec,
                  std::vector<arch::Diagnostic> &errors) {
  if (spec.empty())
    return arch::defaultArch();
  if (std::optional<std::string_view> text = arch::presetText(spec)) {
    // Presets are compiled in: parse each once, not once per pass and
    // compile (compiles run on worker threads, hence the lock).
    static std::mutex lock;
    static std::map<std::string, std::optional<arch::Arch>> parsed;
    std::lock_guard<std::mutex> guard(lock);
    auto [it, inserted] = parsed.try_emplace(spec);
    if (inserted)
      it->second = arch::parseArch(*text, "<preset:" + spec + ">", errors);
    return it->second;
  }
  return arch::loadArch(spec, errors);
}

std::optional<spyre::arch::Arch> spyre::targetArch(const std::string &spec,
                                                   Operation *op) {
  // A kernel that declares its device is compiled for it.
  FailureOr<ktdf_arch::DeviceOp> device = findDeviceDeclaration(op);
  if (failed(device))
    return std::nullopt;
  if (*device) {
    std::optional<DeviceTarget> target =
        deviceTarget(*device, arch::defaultArch());
    if (!target)
      return std::nullopt;
    return target->arch;
  }
  std::vector<arch::Diagnostic> errors;
  std::optional<arch::Arch> result = readTarget(spec, errors);
  if (!result) {
    InFlightDiagnostic diag = op->emitError("cannot read the architecture '")
                              << spec << "'";
    for (const arch::Diagnostic &d : errors)
      diag.attachNote() << arch::formatDiagnostic(spec, d);
  }
  return result;
}

LogicalResult spyre::forEachKernel(
    ModuleOp module, const std::string &spec,
    llvm::function_ref<LogicalResult(func::FuncOp, const arch::Arch &)>
        perKernel) {
  std::optional<arch::Arch> target = targetArch(spec, module);
  if (!target)
    return failure();
  for (auto function : module.getOps<func::FuncOp>())
    if (!function.isExternal() && failed(perKernel(function, *target)))
      return failure();
  return success();
}

std::vector<std::string> spyre::unitsWithRole(const arch::Arch &arch,
                                              const std::string &role) {
  std::vector<std::string> units;
  for (const arch::EngineKind &engine : arch.engines)
    if (engine.role == role)
      units.push_back(engine.name);
  return units;
}

int spyre::ringHops(const arch::Arch &arch, int from, int to) {
  int n = std::max(arch.numCores, 1);
  int forward = ((to - from) % n + n) % n;
  if (!arch.bidirectionalRing)
    return forward;
  return std::min(forward, n - forward);
}
