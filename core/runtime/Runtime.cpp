//===- Runtime.cpp - prepare: check a module against an arch, lay it out --===//

#include "runtime/Runtime.h"
#include "spyrecode/Verify.h"
#include "support/Limits.h"

#include <algorithm>

namespace spyre::runtime {

PrepareResult prepare(const code::Module &module, const arch::Arch &arch) {
  return prepare(std::make_shared<const code::Module>(module), arch);
}

PrepareResult prepare(std::shared_ptr<const code::Module> module,
                      const arch::Arch &arch) {
  PrepareResult result;
  std::vector<CodeError> &errors = result.errors;
  if (!module) {
    errors.push_back({"no module to prepare"});
    return result;
  }
  const code::Module &m = *module;
  errors = code::verifyModule(m);
  if (!errors.empty())
    return result;

  auto p = std::make_shared<Prepared>();
  p->module = module;
  p->arch = arch;
  const code::JobPlan &plan = m.plan;

  // Programs: the engine kind each runs on, its decoded code.
  p->programs.resize(m.programs.size());
  for (size_t i = 0; i < m.programs.size(); ++i) {
    const code::Program &src = m.programs[i];
    PreparedProgram &pp = p->programs[i];
    pp.source = &src;
    pp.code = src.code.data();
    pp.size = uint32_t(src.code.size());
    pp.operands = src.operands.data();
    for (size_t k = 0; k < arch.engines.size(); ++k)
      if (arch.engines[k].name == src.unit)
        pp.engineKind = int32_t(k);
    if (pp.engineKind < 0) {
      errors.push_back({"runs on engine kind '" + src.unit +
                            "', which architecture '" + arch.name +
                            "' does not have",
                        int32_t(i)});
      continue;
    }
    if (src.perCore > arch.engines[size_t(pp.engineKind)].count)
      errors.push_back({"needs " + std::to_string(src.perCore) +
                            " instances per core of '" + src.unit + "', '" +
                            arch.name + "' has " +
                            std::to_string(
                                arch.engines[size_t(pp.engineKind)].count),
                        int32_t(i)});
    for (const code::TileShape &t : src.tileRegs) {
      int64_t n = 1;
      for (int64_t d : t.dims)
        n *= d; // bounded by verifyModule (kMaxTileElements)
      pp.tileElements.push_back(n);
    }
  }

  // Channels: who produces and who consumes (verifyModule made both
  // unique), slot sizes against the stick.
  p->channels.resize(plan.channels.size());
  for (size_t c = 0; c < plan.channels.size(); ++c) {
    const code::Channel &ch = plan.channels[c];
    ChannelWiring &w = p->channels[c];
    w.depth = ch.depth;
    w.type = ch.type;
    w.lanes = ch.lanes;
    w.slotBytes = int64_t(ch.lanes) * code::elemBytes(ch.type);
    w.initialTokens = ch.initialTokens;
    if (arch.stickBytes > 0 && w.slotBytes > arch.stickBytes)
      errors.push_back({"channel c" + std::to_string(c) + ": a slot of " +
                            std::to_string(w.slotBytes) +
                            " bytes is more than one stick (" +
                            std::to_string(arch.stickBytes) + " bytes)",
                        -1, -1, ch.loc});
  }
  // The emulator holds every slot of every channel on every core (depth x
  // lanes values each): a deep FIFO of wide sticks on many cores is refused
  // here, by name, not by the allocator.
  uint64_t fifoValues = 0;
  for (const ChannelWiring &w : p->channels)
    fifoValues += uint64_t(std::clamp<int64_t>(w.depth, 1, INT32_MAX)) *
                  uint64_t(std::clamp<int64_t>(w.lanes, 1, INT32_MAX));
  fifoValues *= uint64_t(std::clamp(arch.numCores, 1, limits::kMaxCores));
  if (fifoValues > limits::kMaxFifoValues)
    errors.push_back({"its channels hold " + std::to_string(fifoValues) +
                      " values on the " + std::to_string(arch.numCores) +
                      " cores (FIFO depth x lanes of each), more than the " +
                      std::to_string(limits::kMaxFifoValues) +
                      " the emulator holds (docs/limits.md)"});
  for (size_t i = 0; i < m.programs.size(); ++i) {
    const code::Program &src = m.programs[i];
    for (const code::Instr &in : src.code) {
      int64_t ch = -1;
      bool produces = false;
      switch (in.op) {
      case code::Opcode::Send:
      case code::Opcode::Signal:
        ch = in.imm, produces = true;
        break;
      case code::Opcode::Stream:
        ch = in.c, produces = true;
        break;
      case code::Opcode::Recv:
      case code::Opcode::Wait:
        ch = in.imm;
        break;
      case code::Opcode::Collect:
        ch = in.c;
        break;
      default:
        continue;
      }
      ChannelWiring &w = p->channels[size_t(ch)];
      std::vector<int32_t> &list =
          produces ? p->programs[i].produces : p->programs[i].consumes;
      if (std::find(list.begin(), list.end(), int32_t(ch)) == list.end())
        list.push_back(int32_t(ch));
      (produces ? w.producer : w.consumer) = int32_t(i);
    }
  }

  // The per-core LX layout, against the scratchpad.
  p->buffers.resize(plan.buffers.size());
  for (size_t b = 0; b < plan.buffers.size(); ++b) {
    const code::Buffer &buf = plan.buffers[b];
    BufferLayout &l = p->buffers[b];
    l.begin = buf.address;
    l.bytesPerCopy = buf.bytes;
    l.copies = buf.copies;
    l.end = buf.address + buf.bytes * buf.copies; // checked by verifyModule
    p->lxBytesUsed = std::max(p->lxBytesUsed, l.end);
    if (uint64_t(l.end) > arch.scratchpadBytesPerCore)
      errors.push_back({"buffer b" + std::to_string(b) + " '" + buf.name +
                            "' ends at byte " + std::to_string(l.end) +
                            ", past the " +
                            std::to_string(arch.scratchpadBytesPerCore) +
                            "-byte scratchpad of '" + arch.name + "'",
                        -1, -1, buf.loc});
  }
  p->views.resize(m.lxViews.size());
  for (size_t v = 0; v < m.lxViews.size(); ++v) {
    const code::LxView &view = m.lxViews[v];
    int64_t rows = 1;
    for (size_t d = 0; d + 1 < view.dims.size(); ++d)
      rows *= view.dims[d]; // checked by verifyModule
    p->views[v].extentBytes = rows * view.rowBytes;
    p->views[v].buffer = view.buffer;
  }

  // A stream or collect moves `aux` whole sticks of its view: they must fit
  // the view (the start stick is known only when it runs).
  if (arch.stickBytes > 0)
    for (size_t i = 0; i < m.programs.size(); ++i)
      for (size_t pc = 0; pc < m.programs[i].code.size(); ++pc) {
        const code::Instr &in = m.programs[i].code[pc];
        if (in.op != code::Opcode::Stream && in.op != code::Opcode::Collect)
          continue;
        int64_t bytes = int64_t(in.aux) * arch.stickBytes;
        int64_t extent = p->views[size_t(in.imm)].extentBytes;
        if (bytes > extent)
          errors.push_back({std::to_string(in.aux) + " sticks (" +
                                std::to_string(bytes) + " bytes) do not fit "
                                "LX view lx" + std::to_string(in.imm) + " (" +
                                std::to_string(extent) + " bytes)",
                            int32_t(i), int32_t(pc), in.loc});
      }

  // Placement: the tiles of every core, then one engine instance per
  // (core with tiles, program, instance).
  if (arch.numCores <= 0)
    errors.push_back({"architecture '" + arch.name + "' has no cores"});
  p->tilesOfCore.resize(size_t(std::max(arch.numCores, 0)));
  for (size_t t = 0; t < plan.placement.size(); ++t) {
    int64_t core = plan.placement[t];
    if (core >= arch.numCores) {
      errors.push_back({"tile " + std::to_string(t) + " is placed on core " +
                        std::to_string(core) + ", '" + arch.name +
                        "' has " + std::to_string(arch.numCores) + " cores"});
      break;
    }
    p->tilesOfCore[size_t(core)].push_back(int64_t(t));
  }
  if (!errors.empty())
    return result;
  for (size_t core = 0; core < p->tilesOfCore.size(); ++core) {
    if (p->tilesOfCore[core].empty())
      continue;
    for (size_t i = 0; i < m.programs.size(); ++i)
      for (int64_t inst = 0; inst < m.programs[i].perCore; ++inst) {
        EngineInstance e;
        e.core = int32_t(core);
        e.program = int32_t(i);
        e.instance = int32_t(inst);
        e.engineKind = p->programs[i].engineKind;
        e.tiles = p->tilesOfCore[core];
        p->engines.push_back(std::move(e));
      }
  }
  // The emulator holds every engine instance's registers (scalar, vector
  // at the widest stick's lanes, tile): a program with 65,535 vector
  // registers on 32 cores is refused here, by name, not by the allocator.
  const uint64_t lanes = uint64_t(std::max(64, arch.stickBytes));
  uint64_t registerValues = 0;
  for (const EngineInstance &e : p->engines) {
    const code::Program &src = m.programs[size_t(e.program)];
    registerValues += uint64_t(std::max(2, src.numSRegs)) +
                      uint64_t(std::max(0, src.numVRegs)) * lanes;
    for (int64_t n : p->programs[size_t(e.program)].tileElements)
      registerValues += uint64_t(std::max<int64_t>(0, n));
    if (registerValues > limits::kMaxRegisterValues) {
      errors.push_back({"the registers of its engines hold more than " +
                            std::to_string(limits::kMaxRegisterValues) +
                            " values on the " +
                            std::to_string(p->tilesOfCore.size()) +
                            " cores, the most the emulator holds "
                            "(docs/limits.md)",
                        e.program});
      return result;
    }
  }
  result.prepared = std::move(p);
  return result;
}

} // namespace spyre::runtime
