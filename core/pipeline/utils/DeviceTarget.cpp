//===- DeviceTarget.cpp - a device declaration as our architecture --------===//

#include "pipeline/utils/DeviceTarget.h"
#include "ir/DeviceImport.h"
#include "ir/ktdp/KtdpAttrs.h"
#include "support/Limits.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <climits>
#include <deque>
#include <map>

using namespace mlir;
using namespace mlir::ktdf_arch;

namespace {

constexpr llvm::StringLiteral kFeatures = "ktdf_arch.features";
constexpr llvm::StringLiteral kCompute = "ktdf_arch.feature.compute";
constexpr llvm::StringLiteral kLoad = "ktdf_arch.feature.load";
constexpr llvm::StringLiteral kStore = "ktdf_arch.feature.store";
constexpr llvm::StringLiteral kSimd = "ktdf_arch.feature.simd";
constexpr llvm::StringLiteral kQueue = "ktdf_arch.feature.queue";

// The ranges the TOML format puts on the same values (support/Limits.h,
// core/arch/Arch.cpp).
constexpr int64_t kMaxCores = spyre::limits::kMaxCores;
constexpr int64_t kMaxEngineCount = 1024;
constexpr int64_t kMaxSimdElements = spyre::limits::kMaxSimdElements;
constexpr llvm::StringLiteral kElementTypes[] = {
    "f16", "bf16", "df16", "f32", "f64", "i1", "i8", "i16", "i32", "i64"};

DictionaryAttr featuresOf(DictionaryAttr props) {
  return props ? props.getAs<DictionaryAttr>(kFeatures) : DictionaryAttr();
}

/// A feature's own attributes (`{depth = 16, ordered}`), or null.
DictionaryAttr featureDict(DictionaryAttr props, StringRef feature) {
  DictionaryAttr features = featuresOf(props);
  return features ? features.getAs<DictionaryAttr>(feature) : DictionaryAttr();
}

bool hasFeature(DictionaryAttr props, StringRef feature) {
  DictionaryAttr features = featuresOf(props);
  return features && features.contains(feature);
}

std::string printed(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

/// The `kind` of a resource or group: its string, else its printed form.
std::string kindOf(Attribute kind) {
  if (auto text = dyn_cast_or_null<StringAttr>(kind))
    return text.str();
  return kind ? printed(kind) : std::string();
}

/// A positive integer attribute that fits in int64_t.
std::optional<int64_t> positive(Attribute attr) {
  auto value = dyn_cast_or_null<IntegerAttr>(attr);
  if (!value || value.getValue().getActiveBits() > 63)
    return std::nullopt;
  int64_t v = value.getValue().getSExtValue();
  return v > 0 ? std::optional<int64_t>(v) : std::nullopt;
}

/// "f16", "bf16", "df16", ... for a lanes key.
std::string elementName(Attribute key) {
  auto type = dyn_cast<TypeAttr>(key);
  if (!type)
    return printed(key);
  std::string text;
  llvm::raw_string_ostream os(text);
  type.getValue().print(os);
  llvm::StringRef name(text);
  name.consume_front("!spyreop.");
  return name.str();
}

class Mapper {
public:
  Mapper(DeviceOp declaration, DeviceOp device, const spyre::arch::Arch &preset)
      : declaration(declaration), device(device), preset(preset) {}

  std::optional<spyre::DeviceTarget> run();

private:
  struct Unit {
    ExecUnitOp op;
    std::string name, role;
  };

  void collect();
  LogicalResult mapCores();
  LogicalResult mapMemories();
  LogicalResult mapEngines();
  LogicalResult mapFifoDepth();
  LogicalResult mapSimd();
  LogicalResult mapComputeMemory();

  /// The resource a value stands for (through the yields of groups).
  Operation *resourceOf(Value value);
  /// Hops along datapaths from `start` to every resource (reverse: to it).
  llvm::DenseMap<Operation *, int> hops(Operation *start, bool reverse);
  bool inCore(Operation *op) { return coreScope->isAncestor(op); }
  /// The first compute engine (mapEngines makes sure there is one).
  Unit *firstCompute() {
    for (Unit &unit : engines)
      if (unit.role == "compute")
        return &unit;
    return nullptr;
  }
  std::optional<int64_t> sizeOf(MemoryOp memory, StringRef role);
  void fromDevice(const std::string &line) { target.fromDevice.push_back(line); }
  void fromPreset(const std::string &key) { target.fromPreset.push_back(key); }

  DeviceOp declaration, device;
  const spyre::arch::Arch &preset;
  spyre::DeviceTarget target;
  SmallVector<MemoryOp> memories;
  SmallVector<ExecUnitOp> units;
  SmallVector<DatapathOp> datapaths;
  SmallVector<GroupOp> cores;
  Operation *coreScope = nullptr;
  MemoryOp hbm, scratchpad;
  SmallVector<Unit> engines;
  std::vector<std::string> notEngines, unknownLanes;
};

void Mapper::collect() {
  device.walk([&](Operation *op) {
    if (auto memory = dyn_cast<MemoryOp>(op))
      memories.push_back(memory);
    else if (auto unit = dyn_cast<ExecUnitOp>(op))
      units.push_back(unit);
    else if (auto path = dyn_cast<DatapathOp>(op))
      datapaths.push_back(path);
  });
  // A core is a group of kind "core" that is not inside another core.
  device.walk<WalkOrder::PreOrder>([&](GroupOp group) {
    if (kindOf(group->getAttr("kind")) != "core")
      return WalkResult::advance();
    cores.push_back(group);
    return WalkResult::skip();
  });
  coreScope = cores.empty() ? device.getOperation() : cores.front();
}

Operation *Mapper::resourceOf(Value value) {
  for (int depth = 0; depth < 64 && value; ++depth) {
    auto group = value.getDefiningOp<GroupOp>();
    if (!group)
      return value.getDefiningOp();
    auto yield = cast<YieldOp>(group.getBody().front().getTerminator());
    value = yield.getUnits()[cast<OpResult>(value).getResultNumber()];
  }
  return nullptr;
}

llvm::DenseMap<Operation *, int> Mapper::hops(Operation *start,
                                              bool reverse) {
  llvm::DenseMap<Operation *, SmallVector<Operation *>> next;
  for (DatapathOp path : datapaths) {
    Operation *from = resourceOf(path.getFrom()), *to = resourceOf(path.getTo());
    if (!from || !to)
      continue;
    if (reverse)
      std::swap(from, to);
    next[from].push_back(to);
  }
  llvm::DenseMap<Operation *, int> distance;
  std::deque<Operation *> queue;
  distance[start] = 0;
  queue.push_back(start);
  while (!queue.empty()) {
    Operation *at = queue.front();
    queue.pop_front();
    for (Operation *to : next.lookup(at))
      if (distance.try_emplace(to, distance[at] + 1).second)
        queue.push_back(to);
  }
  return distance;
}

std::optional<int64_t> Mapper::sizeOf(MemoryOp memory, StringRef role) {
  DictionaryAttr props = memory.getPropsAttr();
  Attribute size = props ? props.get("size") : Attribute();
  std::optional<int64_t> bytes = positive(size);
  // The format's largest memory (device memory; a scratchpad's own bound
  // is checked by the target as for a file).
  if (!bytes || *bytes > spyre::limits::kMaxHbmBytes) {
    memory.emitError("this memory is the target's ")
        << role << ", so it needs a positive integer `size` in bytes of at "
        << "most " << spyre::limits::kMaxHbmBytes << ", got "
        << (size ? printed(size) : std::string("none"));
    return std::nullopt;
  }
  return bytes;
}

LogicalResult Mapper::mapCores() {
  int64_t described = std::max<int64_t>(1, cores.size());
  if (described > kMaxCores)
    return declaration.emitError("the device describes ")
           << described << " cores; a target has at most " << kMaxCores;
  target.arch.numCores = int(std::max<int64_t>(described, preset.numCores));
  std::string what = cores.empty()
                         ? "the device is one core (no group of kind \"core\")"
                         : "the device describes " + std::to_string(described) +
                               (described == 1 ? " core" : " cores");
  if (described >= preset.numCores)
    fromDevice("cores = " + std::to_string(described) + " (" + what + ")");
  else
    fromPreset("cores = " + std::to_string(target.arch.numCores) + " (" +
               what + ", the others are copies of it)");
  if (cores.size() > 1)
    fromDevice("the shape of a core from its first core group");
  return success();
}

LogicalResult Mapper::mapMemories() {
  // mem_space_mapping: on the declaration, else on the imported device.
  Attribute mappingAttr = declaration->getAttr(DeviceOp::kMemSpaceMapping);
  if (!mappingAttr)
    mappingAttr = device->getAttr(DeviceOp::kMemSpaceMapping);
  std::string globalKind, localKind;
  if (auto map = dyn_cast_or_null<MapAttr>(mappingAttr))
    for (auto [key, value] : llvm::zip(map.getKeys(), map.getValues()))
      if (auto space = dyn_cast<ktdp::MemorySpaceAttr>(key))
        (space.isGlobal() ? globalKind : localKind) = kindOf(value);

  auto findKind = [&](const std::string &kind, bool insideCore) {
    for (MemoryOp memory : memories)
      if (kindOf(memory.getPropsAttr() ? memory.getPropsAttr().get("kind")
                                       : Attribute()) == kind &&
          (!insideCore || inCore(memory)))
        return memory;
    return MemoryOp();
  };
  auto largest = [&](llvm::function_ref<bool(MemoryOp)> where) {
    MemoryOp best;
    int64_t bestSize = 0;
    for (MemoryOp memory : memories) {
      DictionaryAttr props = memory.getPropsAttr();
      std::optional<int64_t> size = positive(props ? props.get("size")
                                                   : Attribute());
      if (where(memory) && size && *size > bestSize) {
        best = memory;
        bestSize = *size;
      }
    }
    return best;
  };
  std::string globalHow, localHow;
  if (!globalKind.empty()) {
    hbm = findKind(globalKind, false);
    if (!hbm)
      return declaration.emitError("mem_space_mapping puts global memory in \"")
             << globalKind << "\", but the device has no memory of that kind";
    globalHow = "memory \"" + globalKind + "\", mapped from global";
  } else if (!cores.empty()) {
    hbm = largest([&](MemoryOp m) { return !inCore(m); });
    globalHow = "the largest memory outside the cores";
  }
  if (!localKind.empty()) {
    scratchpad = findKind(localKind, true);
    if (!scratchpad)
      return declaration.emitError("mem_space_mapping puts ct_local memory "
                                   "in \"")
             << localKind << "\", but the device's core has no memory of "
             << "that kind";
    localHow = "memory \"" + localKind + "\", mapped from ct_local";
  } else if (!cores.empty()) {
    scratchpad = largest(
        [&](MemoryOp m) { return m->getParentOp() == coreScope; });
    localHow = "the largest memory of the core";
  }

  if (hbm) {
    std::optional<int64_t> size = sizeOf(hbm, "device memory (HBM)");
    if (!size)
      return failure();
    target.arch.hbmBytes = uint64_t(*size);
    fromDevice("hbm_bytes = " + std::to_string(*size) + " (" + globalHow + ")");
  } else {
    fromPreset("hbm_bytes");
  }
  if (scratchpad) {
    std::optional<int64_t> size = sizeOf(scratchpad, "scratchpad (LX)");
    if (!size)
      return failure();
    if (*size > spyre::limits::kMaxScratchpadBytes)
      return scratchpad.emitError("the scratchpad has ")
             << *size << " bytes, more than the "
             << spyre::limits::kMaxScratchpadBytes << " a target may have";
    if (*size % preset.stickBytes != 0)
      return scratchpad.emitError("the scratchpad has ")
             << *size << " bytes, which is not a whole number of "
             << preset.stickBytes << "-byte sticks";
    target.arch.scratchpadBytesPerCore = uint64_t(*size);
    fromDevice("scratchpad_bytes = " + std::to_string(*size) + " (" +
               localHow + ")");
  } else {
    fromPreset("scratchpad_bytes");
  }
  return success();
}

LogicalResult Mapper::mapEngines() {
  std::map<std::string, std::string> roleOf;
  for (ExecUnitOp unit : units) {
    if (!inCore(unit))
      continue;
    DictionaryAttr props = unit.getPropsAttr();
    std::string kind = kindOf(props ? props.get("kind") : Attribute());
    if (kind.empty() && unit.getSymNameAttr())
      kind = unit.getSymNameAttr().str();
    std::string role = hasFeature(props, kCompute) ? "compute"
                       : hasFeature(props, kLoad)  ? "load"
                       : hasFeature(props, kStore) ? "store"
                                                   : "";
    if (role.empty()) {
      if (!kind.empty() &&
          std::find(notEngines.begin(), notEngines.end(), kind) ==
              notEngines.end())
        notEngines.push_back(kind);
      continue;
    }
    if (kind.empty())
      return unit.emitError("an execution unit needs a `kind`: the target "
                            "names its engines after it");
    std::string name = llvm::StringRef(kind).lower();
    if (!llvm::all_of(name, [](char c) {
          return llvm::isAlnum(c) || c == '_' || c == '-';
        }))
      return unit.emitError("the kind \"")
             << kind << "\" cannot name an engine: use letters, digits, '_' "
             << "and '-'";
    auto [it, inserted] = roleOf.try_emplace(name, role);
    if (!inserted && it->second != role)
      return unit.emitError("units of kind \"")
             << kind << "\" are both " << it->second << " and " << role
             << " units";
    engines.push_back({unit, name, role});
  }
  for (const char *role : {"load", "compute", "store"})
    if (llvm::none_of(engines, [&](const Unit &u) { return u.role == role; }))
      return declaration.emitError("the device's core has no ")
             << role << " unit (an exec_unit with ktdf_arch.features = {"
             << "ktdf_arch.feature." << role
             << "}); a target needs load, compute and store units";

  // Data-path order: loads by hops from the device memory, the compute
  // units, stores by hops back to it, farthest first.
  llvm::DenseMap<Operation *, int> from, to;
  if (hbm) {
    from = hops(hbm, false);
    to = hops(hbm, true);
  }
  auto distance = [&](const llvm::DenseMap<Operation *, int> &map,
                      const Unit &unit) {
    auto it = map.find(unit.op);
    return it == map.end() ? INT_MAX : it->second;
  };
  std::vector<std::string> order;
  std::map<std::string, int> count, rank;
  for (const Unit &unit : engines) {
    if (count[unit.name]++ == 0)
      order.push_back(unit.name);
    int key = unit.role == "load"      ? distance(from, unit)
              : unit.role == "compute" ? 0
                                       : -distance(to, unit);
    auto [it, inserted] = rank.try_emplace(unit.name, key);
    if (!inserted)
      it->second = std::min(it->second, key);
  }
  auto roleRank = [](const std::string &role) {
    return role == "load" ? 0 : role == "compute" ? 1 : 2;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](const std::string &a, const std::string &b) {
                     int ra = roleRank(roleOf[a]), rb = roleRank(roleOf[b]);
                     return ra != rb ? ra < rb : rank[a] < rank[b];
                   });
  target.arch.engines.clear();
  std::string listed;
  for (const std::string &name : order) {
    if (count[name] > kMaxEngineCount)
      return declaration.emitError("the device's core has ")
             << count[name] << " units of kind " << name
             << "; a target has at most " << kMaxEngineCount;
    target.arch.engines.push_back({name, roleOf[name], count[name]});
    listed += (listed.empty() ? "" : ", ") + name + " x" +
              std::to_string(count[name]);
  }
  fromDevice("engines " + listed + " (the execution units of a core)");
  return success();
}

LogicalResult Mapper::mapFifoDepth() {
  std::optional<int64_t> aroundCompute, anywhere;
  for (DatapathOp path : datapaths) {
    DictionaryAttr queue = featureDict(path.getPropsAttr(), kQueue);
    if (!queue || !queue.get("depth"))
      continue;
    std::optional<int64_t> depth = positive(queue.get("depth"));
    if (!depth || *depth > spyre::limits::kMaxFifoDepth)
      return path.emitError("a queue's depth must be an integer from 1 to ")
             << spyre::limits::kMaxFifoDepth << ", got " << queue.get("depth");
    auto isCompute = [&](Value end) {
      auto unit = dyn_cast_or_null<ExecUnitOp>(resourceOf(end));
      return unit && hasFeature(unit.getPropsAttr(), kCompute);
    };
    std::optional<int64_t> &slot =
        isCompute(path.getFrom()) || isCompute(path.getTo()) ? aroundCompute
                                                             : anywhere;
    slot = slot ? std::min(*slot, *depth) : *depth;
  }
  if (std::optional<int64_t> depth = aroundCompute ? aroundCompute : anywhere) {
    target.arch.fifoDepth = int(*depth);
    fromDevice("fifo_depth = " + std::to_string(*depth) +
               (aroundCompute ? " (the queues into and out of the compute unit)"
                              : " (the shallowest queue)"));
  } else {
    fromPreset("fifo_depth");
  }
  return success();
}

LogicalResult Mapper::mapSimd() {
  Unit *compute = firstCompute();
  DictionaryAttr simd = featureDict(compute->op.getPropsAttr(), kSimd);
  auto lanes = simd ? dyn_cast_or_null<MapAttr>(simd.get("lanes")) : MapAttr();
  std::vector<std::string> given;
  if (lanes) {
    for (auto [key, value] : llvm::zip(lanes.getKeys(), lanes.getValues())) {
      std::string name = elementName(key);
      if (llvm::find(kElementTypes, name) == std::end(kElementTypes)) {
        unknownLanes.push_back(name);
        continue;
      }
      std::optional<int64_t> count = positive(value);
      if (!count || *count > kMaxSimdElements)
        return compute->op.emitError("SIMD lanes for ")
               << name << " must be an integer from 1 to " << kMaxSimdElements
               << ", got " << value;
      target.arch.simdElementsPerCycle[name] = int(*count);
      fromDevice("simd." + name + " = " + std::to_string(*count) +
                 " (lanes of one " + compute->name + ")");
      given.push_back(name);
    }
  }
  for (const auto &[name, count] : target.arch.simdElementsPerCycle)
    if (llvm::find(given, name) == given.end())
      fromPreset("simd." + name);
  return success();
}

LogicalResult Mapper::mapComputeMemory() {
  Unit *compute = firstCompute();
  // The memories declared beside the compute unit in its own group (the
  // sample device's SFU_REG in the SFU's block).
  auto group = dyn_cast<GroupOp>(compute->op->getParentOp());
  int64_t bytes = 0;
  std::string kinds;
  if (group && group.getOperation() != coreScope &&
      llvm::find(cores, group) == cores.end()) {
    for (MemoryOp memory : group.getBody().getOps<MemoryOp>()) {
      if (memory == scratchpad)
        continue;
      std::optional<int64_t> size = sizeOf(memory, "compute engine's memory");
      if (!size)
        return failure();
      if (llvm::AddOverflow(bytes, *size, bytes))
        return memory.emitError("the compute engine's memories add up to "
                                "more than 2^63 bytes");
      DictionaryAttr props = memory.getPropsAttr();
      kinds += (kinds.empty() ? "memory \"" : ", \"") +
               kindOf(props.get("kind")) + "\"";
    }
  }
  if (bytes == 0) {
    fromPreset("compute_engine.local_bytes");
    return success();
  }
  if (bytes < preset.stickBytes)
    return group.emitError("the compute unit's memory holds ")
           << bytes << " bytes, less than one " << preset.stickBytes
           << "-byte stick";
  target.arch.computeLocalBytes = uint64_t(bytes);
  fromDevice("compute_engine.local_bytes = " + std::to_string(bytes) + " (" +
             kinds + " beside the " + compute->name + ")");
  return success();
}

std::optional<spyre::DeviceTarget> Mapper::run() {
  target.arch = preset;
  target.presetName = preset.name;
  std::string name = declaration.getSymName().str();
  target.arch.name = name;
  target.arch.source = "<kernel device @" + name + ">";
  target.arch.description =
      declaration.isImport()
          ? "device @" + name + " imported from " +
                declaration.getImportPath()->str()
          : "device @" + name + " declared in the kernel";
  collect();
  if (failed(mapCores()) || failed(mapMemories()) || failed(mapFifoDepth()) ||
      failed(mapEngines()) || failed(mapSimd()) ||
      failed(mapComputeMemory()))
    return std::nullopt;
  for (const char *key : {"stick_bytes", "clock_ghz", "hbm_bandwidth_gbs",
                          "hbm_attach_core", "ring", "compute"})
    fromPreset(key);
  if (!notEngines.empty())
    fromDevice("not engines: " + llvm::join(notEngines, ", ") +
               " (no load, compute or store feature)");
  if (!unknownLanes.empty())
    fromDevice("not read: lanes for " + llvm::join(unknownLanes, ", ") +
               " (not an element type of the target)");
  return target;
}

} // namespace

std::optional<spyre::DeviceTarget>
spyre::deviceTarget(DeviceOp declaration, const arch::Arch &preset) {
  OwningOpRef<ModuleOp> holder;
  FailureOr<DeviceOp> device = resolveDevice(declaration, holder);
  if (failed(device))
    return std::nullopt;
  return Mapper(declaration, *device, preset).run();
}

std::string spyre::describeDeviceTarget(const DeviceTarget &target) {
  std::string text = "target from kernel: " + target.arch.description;
  text += "; from the device: " + llvm::join(target.fromDevice, ", ");
  text += "; from the " + target.presetName +
          " preset: " + llvm::join(target.fromPreset, ", ");
  return text;
}
