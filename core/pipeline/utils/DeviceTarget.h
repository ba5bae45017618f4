//===- DeviceTarget.h - a device declaration as our architecture -*- C++ -*-===//
//
// A kernel that declares a `ktdf_arch.device` (ir/DeviceImport.h) is
// compiled for that device. Its resource graph is mapped onto an
// arch::Arch (docs/architecture-format.md, "Device declarations"): the
// scratchpad and HBM sizes from the memories `mem_space_mapping` names,
// the engines and their counts per core from the execution units of one
// core, the FIFO depth from the queues around the compute unit, SIMD lanes
// from the compute unit, the compute engine's memory from the memory in
// the compute unit's own group. What the device does not state (the cores
// beyond the ones it describes, the ring, bandwidths, the clock, the stick
// size, the systolic array) comes from the Spyre preset, and the target
// says which value came from where.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_DEVICETARGET_H
#define SPYRE_PIPELINE_UTILS_DEVICETARGET_H

#include "arch/Arch.h"
#include "ir/ktdfarch/KtdfArchDialect.h"

#include <optional>
#include <string>
#include <vector>

namespace spyre {

struct DeviceTarget {
  arch::Arch arch;                     ///< named after the device
  std::vector<std::string> fromDevice; ///< "key = value (what in the device)"
  std::vector<std::string> fromPreset; ///< keys taken from the preset
  std::string presetName;              ///< the preset completing the device
};

/// The target `declaration` describes, completed from `preset`; errors are
/// reported on the declaration or on the resource at fault.
std::optional<DeviceTarget>
deviceTarget(mlir::ktdf_arch::DeviceOp declaration, const arch::Arch &preset);

/// One line for a remark: which values came from the device, which from
/// the preset.
std::string describeDeviceTarget(const DeviceTarget &target);

} // namespace spyre

#endif
