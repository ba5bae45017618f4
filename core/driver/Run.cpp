//===- Run.cpp - run a KTIR kernel on the reference interpreter -----------===//

#include "driver/Run.h"
#include "driver/DiagnosticCapture.h"
#include "driver/LatencyAdapter.h"
#include "interp/Interpreter.h"
#include "interp/Latency.h"
#include "ir/Registration.h"
#include "ir/SourceFixups.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>

using namespace spyre;
using namespace spyre::driver;
using namespace mlir;

namespace {

constexpr uint64_t kFirstArrayByte = 0x10000;
constexpr uint64_t kArrayAlignment = 128;

std::optional<interp::DType> arrayDType(const std::string &name) {
  if (name == "u8")
    return interp::DType::I8;
  if (name == "u16")
    return interp::DType::I16;
  if (name == "u32")
    return interp::DType::I32;
  if (name == "u64")
    return interp::DType::I64;
  return interp::dtypeFromName(name);
}

/// Copies `array` into `store` from `byteStart`.
void place(interp::ByteStore &store, uint64_t byteStart,
           const npy::Array &array) {
  store.writeBytes(byteStart, array.data.data(), array.data.size());
}

npy::Array readBack(interp::ByteStore &store, uint64_t byteStart,
                    const npy::Array &like) {
  npy::Array out = like;
  store.readBytes(byteStart, out.data.data(), out.data.size());
  return out;
}

/// Source names of the entry block's arguments ("in_ptr" for %in_ptr).
std::vector<std::string> argumentNames(const AsmParserState &state,
                                       Block &entry) {
  std::vector<std::string> names;
  const AsmParserState::BlockDefinition *def = state.getBlockDef(&entry);
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    std::string name = "arg" + std::to_string(i);
    if (def && i < def->arguments.size()) {
      llvm::SMRange range = def->arguments[i].loc;
      llvm::StringRef text(range.Start.getPointer(),
                           range.End.getPointer() - range.Start.getPointer());
      name = text.drop_front().str();
    }
    names.push_back(name);
  }
  return names;
}

} // namespace

RunResult spyre::driver::runKernel(const RunRequest &request) {
  RunResult result;
  MLIRContext context;
  loadKernelDialects(context);
  DiagnosticCapture capture(context, result.diagnostics);

  // Parse (remembering argument names) and verify.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          applyKtirSourceFixups(request.source), request.sourceName),
      llvm::SMLoc());
  AsmParserState state;
  Block top;
  ParserConfig config(&context);
  if (failed(parseAsmSourceFile(sourceMgr, &top, config, &state)))
    return result;
  OwningOpRef<ModuleOp> module;
  if (top.getOperations().size() == 1 && llvm::isa<ModuleOp>(top.front())) {
    module = llvm::cast<ModuleOp>(top.front());
    module->getOperation()->remove();
  } else {
    module = ModuleOp::create(UnknownLoc::get(&context));
    module->getBody()->getOperations().splice(module->getBody()->begin(),
                                              top.getOperations());
  }
  if (failed(verify(*module)))
    return result;

  func::FuncOp function;
  for (auto f : module->getOps<func::FuncOp>()) {
    if (f.isDeclaration())
      continue;
    if (request.function.empty() || f.getSymName() == request.function) {
      function = f;
      break;
    }
  }
  if (!function) {
    capture.error(request.function.empty()
                      ? "the kernel defines no function"
                      : "no function named '" + request.function + "'");
    return result;
  }
  result.function = function.getSymName().str();

  // Lay out memory and bind arguments.
  interp::Memories memories;
  interp::InterpOptions options;
  options.grid = request.grid;
  options.recordLxEvents = request.recordLxEvents;
  std::string hwError;
  std::optional<interp::HwConfig> hwConfig =
      interp::HwConfig::fromKeyValues(request.hwConfig, &hwError);
  if (!hwConfig) {
    capture.error("hardware configuration: " + hwError);
    return result;
  }
  interp::HwConfig hw = *hwConfig;
  options.lxCapacityBytes = static_cast<uint64_t>(hw.lxSizeBytes());
  Block &entry = function.getBody().front();
  std::vector<std::string> names = argumentNames(state, entry);
  std::vector<interp::RtValue> args;
  std::map<std::string, uint64_t> placedAt;
  uint64_t nextByte = kFirstArrayByte;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    auto it = request.args.find(names[i]);
    if (it == request.args.end()) {
      capture.error(function.getLoc(), "no value given for argument %" +
                                           names[i]);
      return result;
    }
    const Argument &arg = it->second;
    interp::DType type = interp::dtypeOf(entry.getArgument(i).getType());
    if (arg.array) {
      auto elem = arrayDType(arg.array->dtype);
      if (!elem) {
        capture.error("argument %" + names[i] + ": unsupported array dtype " +
                      arg.array->dtype);
        return result;
      }
      uint64_t start = arg.byteStart.value_or(nextByte);
      place(memories.hbm, start, *arg.array);
      placedAt[names[i]] = start;
      uint64_t end = start + arg.array->data.size();
      nextByte = std::max(nextByte, (end + kArrayAlignment - 1) /
                                        kArrayAlignment * kArrayAlignment);
      args.push_back(interp::Scalar{
          static_cast<double>(start / interp::dtypeSize(*elem)), type});
    } else {
      args.push_back(interp::Scalar{arg.scalar.value_or(0), type});
    }
  }
  interp::Interpreter interpreter(function, memories, options, nullptr);
  for (const MemoryRegion &region : request.regions) {
    if (region.lx && (region.core < 0 || region.core >= interpreter.numCores())) {
      capture.error("region " + region.name + " is in the scratchpad of core " +
                    std::to_string(region.core) + ", outside the grid");
      return result;
    }
    place(region.lx ? memories.lx[region.core] : memories.hbm,
          region.byteStart, region.data);
  }

  // Run.
  interp::LatencyTracker tracker(hw, interpreter.numCores());
  LatencyAdapter adapter(tracker);
  interp::Interpreter run(function, memories, options, &adapter);
  auto start = std::chrono::steady_clock::now();
  LogicalResult status = run.run(args);
  result.wallSeconds = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
  result.grid = run.grid();
  result.opsExecuted = run.opsExecuted();
  result.lxCapacityBytes = options.lxCapacityBytes;
  for (const interp::LxEvent &e : run.lxEvents()) {
    LxEvent out{e.core, e.alloc, e.bytes, e.inUse, 0, ""};
    if (e.op) {
      out.op = e.op->getName().getStringRef().str();
      if (auto loc = llvm::dyn_cast<FileLineColLoc>(e.op->getLoc()))
        out.line = static_cast<int>(loc.getLine());
    }
    result.lxEvents.push_back(std::move(out));
  }

  // Read back.
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    const Argument &arg = request.args.at(names[i]);
    if (arg.array)
      result.arrays[names[i]] =
          readBack(memories.hbm, placedAt[names[i]], *arg.array);
  }
  for (const MemoryRegion &region : request.regions)
    result.regions[region.name] =
        readBack(region.lx ? memories.lx[region.core] : memories.hbm,
                 region.byteStart, region.data);
  if (memories.hbm.uninitialisedReads() > 0)
    capture.warning(function.getLoc(),
                    "the kernel read " +
                        std::to_string(memories.hbm.uninitialisedReads()) +
                        " bytes of HBM that no input initialised (first at "
                        "byte " +
                        std::to_string(memories.hbm.firstUninitialisedRead()) +
                        "); they read as zero");

  interp::LatencyReport report = tracker.report();
  result.kernelCycles = report.kernelCycles;
  result.kernelTimeUs = report.kernelTimeUs;
  result.bottleneck = report.bottleneck;
  result.criticalCore = report.criticalCore;
  std::vector<uint64_t> peaks = run.peakLxBytes();
  for (const interp::CoreLatency &c : report.perCore) {
    CoreEstimate e;
    e.core = c.coreId;
    e.computeCycles = c.computeCycles;
    e.memoryCycles = c.memoryCycles;
    e.commCycles = c.commCycles;
    e.totalCycles = c.totalCycles;
    e.dramBytes = c.dramBytes;
    e.commBytes = c.commBytes;
    e.peakLxBytes = c.coreId < static_cast<int>(peaks.size()) ? peaks[c.coreId] : 0;
    result.perCore.push_back(e);
  }
  result.ok = succeeded(status);
  return result;
}
