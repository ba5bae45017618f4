//===- Compile.cpp - compile a kernel, keeping every pass's output --------===//

#include "driver/Compile.h"
#include "ir/GridAttr.h"
#include "driver/CompileHooks.h"
#include "driver/Architecture.h"
#include "driver/DiagnosticCapture.h"
#include "driver/KernelSource.h"
#include "driver/SnapshotMachine.h"
#include "ir/DeviceImport.h"
#include "ir/KernelFunctions.h"
#include "ir/KernelLocations.h"
#include "ir/Registration.h"
#include "ir/SourceFixups.h"
#include "pipeline/PassVerifier.h"
#include "pipeline/Pipeline.h"
#include "spyrecode/Listing.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <algorithm>
#include <cctype>
#include <climits>
#include <sstream>

using namespace spyre;
using namespace spyre::driver;
using namespace mlir;

namespace {

/// Removes every ` loc(...)` from `line`; returns the last one's contents.
std::string stripLocations(std::string &line) {
  std::string last;
  size_t at;
  while ((at = line.find(" loc(")) != std::string::npos) {
    size_t open = at + 4, depth = 0, end = open;
    for (; end < line.size(); ++end) {
      if (line[end] == '(')
        ++depth;
      else if (line[end] == ')' && --depth == 0)
        break;
    }
    if (end >= line.size())
      break;
    last = line.substr(open + 1, end - open - 1);
    line.erase(at, end - at + 1);
  }
  return last;
}

/// `#locN = loc(BODY)` (the whole line): sets the alias and its body.
bool aliasDefinition(const std::string &line, std::string &alias,
                     std::string &body) {
  static const std::string kOpen = " = loc(";
  if (line.compare(0, 4, "#loc") != 0)
    return false;
  size_t i = 4;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
    ++i;
  if (line.size() < i + kOpen.size() + 1 ||
      line.compare(i, kOpen.size(), kOpen) != 0 || line.back() != ')')
    return false;
  alias = line.substr(0, i);
  body = line.substr(i + kOpen.size(), line.size() - i - kOpen.size() - 1);
  return true;
}

/// Digits from `at` on as a line number (0 if none or too large); `end`
/// is set past them.
int lineNumberAt(const std::string &text, size_t at, size_t &end) {
  long long value = 0;
  end = at;
  while (end < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[end]))) {
    value = std::min<long long>(value * 10 + (text[end] - '0'), INT_MAX + 1LL);
    ++end;
  }
  return value > INT_MAX ? 0 : int(value);
}

/// The line of the first `"FILE":LINE:COL` in `loc`, or -1 if there is
/// none. One pass over the text (a 40,000-character location is fine).
int fileLineIn(const std::string &loc) {
  size_t open = loc.find('"');
  while (open != std::string::npos) {
    size_t close = loc.find('"', open + 1);
    if (close == std::string::npos)
      return -1;
    size_t digits = close + 2, end = 0;
    if (digits < loc.size() && loc[close + 1] == ':' &&
        std::isdigit(static_cast<unsigned char>(loc[digits]))) {
      int line = lineNumberAt(loc, digits, end);
      if (end + 1 < loc.size() && loc[end] == ':' &&
          std::isdigit(static_cast<unsigned char>(loc[end + 1])))
        return line;
    }
    open = close; // the closing quote may open the next candidate
  }
  return -1;
}

/// The first `#locN` alias named in `loc`, or "".
std::string aliasUseIn(const std::string &loc) {
  size_t at = loc.find("#loc");
  if (at == std::string::npos)
    return {};
  size_t end = at + 4;
  while (end < loc.size() && std::isdigit(static_cast<unsigned char>(loc[end])))
    ++end;
  return loc.substr(at, end - at);
}

/// Prints `module` with locations, then turns them into a line map and
/// removes them from the text (linear scans, no regular expressions: they
/// recurse on long lines). `opLines` (when given) receives where each
/// op is printed (the location aliases come after the module, so the lines
/// are the snapshot's).
void snapshotText(ModuleOp module, std::string &ir,
                  std::vector<int> &sourceLines,
                  AsmState::LocationMap *opLines = nullptr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags = OpPrintingFlags().enableDebugInfo(true, false);
  AsmState state(module, flags, opLines);
  module->print(os, state);
  // Location aliases are defined after the module.
  llvm::StringMap<std::string> aliases;
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::string alias, body;
    if (aliasDefinition(line, alias, body))
      aliases[alias] = std::move(body);
    else
      lines.push_back(line);
  }
  auto sourceLine = [&](std::string loc) {
    for (int depth = 0; depth < 8; ++depth) {
      int line = fileLineIn(loc);
      if (line >= 0)
        return line;
      std::string alias = aliasUseIn(loc);
      if (alias.empty())
        return 0;
      auto it = aliases.find(alias);
      if (it == aliases.end())
        return 0;
      loc = it->second;
    }
    return 0;
  };
  // The location map counts from the module op; attribute aliases printed
  // above it shift every line.
  if (opLines) {
    int moduleLine = 0;
    for (size_t i = 0; i < lines.size() && !moduleLine; ++i)
      if (lines[i].rfind("module", 0) == 0)
        moduleLine = int(i) + 1;
    auto it = opLines->find(module.getOperation());
    int shift = moduleLine - (it == opLines->end() ? 1 : int(it->second.first));
    if (moduleLine > 0 && shift != 0)
      for (auto &entry : *opLines)
        entry.second.first = unsigned(int(entry.second.first) + shift);
  }
  ir.clear();
  sourceLines.clear();
  for (std::string &line : lines) {
    std::string loc = stripLocations(line);
    sourceLines.push_back(loc.empty() ? 0 : sourceLine(loc));
    ir += line;
    ir += '\n';
  }
}

const spyre::PassInfo *infoFor(StringRef argument) {
  for (const spyre::PassInfo &info : pipelinePasses())
    if (info.argument == argument)
      return &info;
  return nullptr;
}

/// Records a snapshot after every pass of the pipeline.
class SnapshotInstrumentation : public PassInstrumentation {
public:
  SnapshotInstrumentation(ModuleOp module, CompileResult &result,
                          DiagnosticCapture &capture, int stickBytes,
                          AsmState::LocationMap &opLines,
                          const CompileHooks &hooks)
      : module(module), result(result), capture(capture),
        stickBytes(stickBytes), opLines(opLines), hooks(hooks) {}

  void runBeforePass(Pass *pass, Operation *) override {
    capture.setPass(pass->getArgument().str());
    start = std::chrono::steady_clock::now();
  }
  void runAfterPass(Pass *pass, Operation *) override { record(pass); }
  void runAfterPassFailed(Pass *pass, Operation *) override { record(pass); }

private:
  void record(Pass *pass) {
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    PassSnapshot snap;
    snap.pass = pass->getArgument().str();
    if (const spyre::PassInfo *info = infoFor(snap.pass)) {
      snap.stage = info->stage;
      snap.description = info->description.empty() ? info->summary
                                                   : info->description;
    }
    snap.wallMs = ms;
    if (hooks.afterPass)
      hooks.afterPass(snap.pass, module);
    if (producesSpyreCode(*pass)) {
      // The pass's result is not MLIR: its snapshot is the listing of its
      // output (none when it failed), with what each line shows (the KTIR
      // line; which instruction).
      if (std::shared_ptr<const code::Module> lowered = spyreCodeOf(*pass)) {
        result.spyreCode = lowered;
        auto listing =
            std::make_shared<code::Listing>(code::printListing(*lowered));
        snap.ir = listing->text;
        snap.sourceLines = listing->ktirLines();
        snap.listing = std::move(listing);
      }
      // The module is still the DataflowIR one: the same machine state.
      readMachineState(module, stickBytes, snap);
    } else {
      opLines.clear();
      snapshotText(module, snap.ir, snap.sourceLines, &opLines);
      readMachineState(module, stickBytes, snap);
    }
    snap.changed = result.snapshots.empty() ||
                   snap.ir != result.snapshots.back().ir;
    result.snapshots.push_back(std::move(snap));
    if (hooks.snapshotTaken)
      hooks.snapshotTaken(module);
    capture.setPass("");
  }

  ModuleOp module;
  CompileResult &result;
  DiagnosticCapture &capture;
  int stickBytes;
  AsmState::LocationMap &opLines; ///< of the latest MLIR snapshot
  const CompileHooks &hooks;
  std::chrono::steady_clock::time_point start;
};

} // namespace

CompileResult spyre::driver::compileKernel(const CompileRequest &request) {
  MLIRContext context;
  return compileKernelIn(context, request, {});
}

CompileResult spyre::driver::compileKernelIn(MLIRContext &context,
                                             const CompileRequest &request,
                                             const CompileHooks &hooks) {
  CompileResult result;
  loadKernelDialects(context);
  if (!request.directory.empty())
    setDeviceImportDirectory(context, request.directory);
  DiagnosticCapture capture(context, result.diagnostics);
  llvm::SourceMgr sourceMgr;
  if (failed(loadKernelSource(context, sourceMgr, request.source,
                              request.sourceName)))
    return result;
  OwningOpRef<ModuleOp> module = parseKernelModule(sourceMgr, context);
  if (!module)
    return result;
  if (!request.grid.empty()) {
    // The kernel compiled runs the grid given only if it is its own
    // (ir/GridAttr.h): refused on the line that declares it otherwise.
    std::vector<std::string> names = kernelNames(*module);
    std::string chosen = !request.function.empty() ? request.function
                         : names.empty()            ? std::string()
                                                    : names.front();
    for (auto function : module->getOps<func::FuncOp>()) {
      if (function.isDeclaration())
        continue;
      std::string why;
      if (function.getSymName() == chosen &&
          !checkGivenGrid(function, request.grid, why)) {
        mlir::emitError(function.getLoc()) << why;
        return result;
      }
      function->setAttr("grid",
                        Builder(&context).getI64ArrayAttr(request.grid));
    }
  }
  // A module of several kernels compiles one: the one asked for, else the
  // first (a remark says which, and how to pick another).
  result.kernels = kernelNames(*module);
  result.function = request.function;
  if (result.function.empty() && !result.kernels.empty()) {
    result.function = result.kernels.front();
    if (result.kernels.size() > 1) {
      std::string names;
      for (const std::string &k : result.kernels)
        names += (names.empty() ? "@" : ", @") + k;
      for (func::FuncOp f : kernelFunctions(*module))
        if (f.getSymName() == result.function)
          mlir::emitRemark(f.getLoc())
              << "the module holds " << result.kernels.size()
              << " kernels (" << names << "); compiling @" << result.function
              << " (pick another in the Kernel box or with --function)";
    }
  }
  // The passes read the declared device themselves; the app shows its name.
  FailureOr<ktdf_arch::DeviceOp> device = findDeviceDeclaration(*module);
  if (succeeded(device) && *device)
    result.targetFromKernel = device->getSymName().str();

  PassSnapshot input;
  input.pass = "input";
  input.stage = "KTIR";
  input.description = "The kernel as parsed and verified.";
  snapshotText(*module, input.ir, input.sourceLines);
  input.changed = false;
  result.snapshots.push_back(std::move(input));
  if (hooks.snapshotTaken)
    hooks.snapshotTaken(*module);

  std::optional<arch::Arch> architecture =
      loadArchitecture(request.arch, result.diagnostics);
  if (!architecture)
    return result;
  // lower-to-spyrecode's instructions name the lines of the DataflowIR
  // snapshot before it; its module is read after it ran (spyreCodeOf).
  AsmState::LocationMap opLines;
  SpyreCodeInputs spyreCode;
  spyreCode.dataflowLine = [&](Operation *op) {
    auto it = opLines.find(op);
    return it == opLines.end() ? 0 : int(it->second.first);
  };
  spyreCode.source = request.source;
  std::string error;
  PipelineConfig config{architecture->numCores,
                        int64_t(architecture->scratchpadBytesPerCore),
                        request.arch, spyreCode};
  config.doubleBuffer = request.doubleBuffer;
  config.function = result.function;
  std::vector<std::unique_ptr<Pass>> passes =
      createPipelinePasses(request.stopAfter, config, &error);
  if (passes.empty()) {
    capture.error(error);
    return result;
  }
  // One pass at a time, so that a newer compile can stop this one between
  // passes.
  for (std::unique_ptr<Pass> &pass : passes) {
    if (request.cancel && request.cancel->load()) {
      result.cancelled = true;
      return result;
    }
    std::string argument = pass->getArgument().str();
    PassManager pm(&context);
    // Verified below, so that invalid IR is reported as our error.
    pm.enableVerifier(false);
    pm.addPass(std::move(pass));
    pm.addInstrumentation(
        std::make_unique<SnapshotInstrumentation>(*module, result, capture,
                                                  architecture->stickBytes,
                                                  opLines, hooks));
    if (failed(pm.run(*module)))
      return result;
    if (std::optional<InvalidIr> invalid = verifyAfterPass(*module, argument)) {
      // An internal compiler error: no line of the kernel is at fault. The
      // pass's snapshot (printed generically) stays, after the last valid.
      driver::Diagnostic d;
      d.message = invalid->message();
      d.pass = argument;
      d.internal = true;
      result.diagnostics.push_back(std::move(d));
      if (!result.snapshots.empty())
        result.snapshots.back().invalid = true;
      return result;
    }
  }
  result.ok = true;
  return result;
}

KernelList spyre::driver::listKernels(const std::string &source,
                                      const std::string &sourceName) {
  KernelList list;
  MLIRContext context(MLIRContext::Threading::DISABLED);
  loadKernelDialects(context);
  DiagnosticCapture capture(context, list.diagnostics);
  llvm::SourceMgr sourceMgr;
  if (failed(loadKernelSource(context, sourceMgr, source, sourceName)))
    return list;
  OwningOpRef<ModuleOp> module = parseKernelModule(sourceMgr, context);
  if (!module)
    return list;
  list.names = kernelNames(*module);
  list.ok = true;
  return list;
}
