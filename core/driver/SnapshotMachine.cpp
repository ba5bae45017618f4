//===- SnapshotMachine.cpp - what a snapshot says about the machine -------===//

#include "driver/SnapshotMachine.h"
#include "ir/dataflow/DataflowDialect.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <tuple>

using namespace mlir;

namespace {

int lineOf(Location loc) {
  if (auto fileLine = dyn_cast<FileLineColLoc>(loc))
    return static_cast<int>(fileLine.getLine());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (int line = lineOf(inner))
        return line;
  if (auto name = dyn_cast<NameLoc>(loc))
    return lineOf(name.getChildLoc());
  return 0;
}

std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

} // namespace

void spyre::driver::readMachineState(ModuleOp module, int stickBytes,
                                     PassSnapshot &snapshot) {
  func::FuncOp kernel;
  module.walk([&](func::FuncOp function) {
    for (const char *name : {"sched.placement", "dflow.placement"})
      if (auto placed = function->getAttrOfType<DenseI64ArrayAttr>(name)) {
        kernel = function;
        snapshot.placement.assign(placed.asArrayRef().begin(),
                                  placed.asArrayRef().end());
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (!kernel)
    return;
  for (const char *name : {"sched.lx_peak", "dflow.lx_peak"})
    if (auto peak = kernel->getAttrOfType<IntegerAttr>(name))
      snapshot.lxPeakBytes = peak.getInt();

  // One entry per distinct buffer: DataflowIR repeats a view at every use.
  std::set<std::tuple<int64_t, std::string, int>> seen;
  auto add = [&](LxBuffer buffer) {
    if (seen.insert({buffer.address, buffer.type, buffer.line}).second)
      snapshot.buffers.push_back(std::move(buffer));
  };
  kernel.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<sched::AllocOp>(op)) {
      auto type = dyn_cast<ShapedType>(alloc.getType());
      if (!type || !type.hasStaticShape())
        return;
      LxBuffer buffer;
      buffer.type = printed(type);
      buffer.bytes = spyre::scratchpadBytes(type, stickBytes) *
                     alloc.getCopies().value_or(1) * spyre::instancesOf(alloc);
      buffer.address = alloc.getAddress() ? int64_t(*alloc.getAddress()) : -1;
      buffer.line = lineOf(alloc.getLoc());
      add(std::move(buffer));
    } else if (auto view = dyn_cast<dflow::LxViewOp>(op)) {
      auto type = dyn_cast<ShapedType>(view.getView().getType());
      if (!type || !type.hasStaticShape())
        return;
      LxBuffer buffer;
      buffer.type = printed(type);
      buffer.bytes = spyre::scratchpadBytes(type, stickBytes);
      IntegerAttr address;
      if (matchPattern(view.getAddress(), m_Constant(&address)))
        buffer.address = address.getInt();
      buffer.line = lineOf(view.getLoc());
      add(std::move(buffer));
    }
  });
}
