// sample_device.mlir -- a device description in the public Spyre dataflow
// scheduler's `ktdf_arch` format, for kernels that import it:
//
//   ktdf_arch.device @sample_device attributes {mem_space_mapping = ...}
//       import("devices/sample_device.mlir")
//
// Written for Spyre Explorer from the facts the scheduler's sample device
// states (shared/docs/reference/scheduler.md, section 3.2): one core with a
// 1 MiB L1 scratchpad next to 1 GiB of DDR, DMA units between the two, and
// two corelets, each an SFU (64 f16 lanes, 2 KiB of SFU_REG beside it) fed
// by an L1 load unit and drained by an L1 store unit through FIFOs of depth
// 16. docs/architecture-format.md says how Spyre Explorer reads it; what it
// does not state (more cores, the ring, bandwidths) comes from the Spyre
// preset.

#ddr_mem = {kind = "DDR", size = 1073741824}
#l1_mem = {kind = "L1", size = 1048576}
#sfu_reg = {kind = "SFU_REG", size = 2048}

#dma_load = {
  kind = "MNILU",
  ktdf_arch.features = {
    ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"DDR" = 64, "L1" = 64>}
  }
}
#dma_store = {
  kind = "MNISU",
  ktdf_arch.features = {
    ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"DDR" = 64, "L1" = 64>}
  }
}
#lane_unit = {
  kind = "SFU",
  ktdf_arch.features = {
    ktdf_arch.feature.compute,
    ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64>}
  }
}
#l1_load = {
  kind = "L1LU",
  ktdf_arch.features = {
    ktdf_arch.feature.load = {
      access_granularity = #ktdf_arch.map<"L1" = [{size_in_words = 64, align_in_words = 64}]>
    },
    ktdf_arch.feature.simd = {splat, zero_pad}
  }
}
#l1_store = {
  kind = "L1SU",
  ktdf_arch.features = {
    ktdf_arch.feature.store = {
      access_granularity = #ktdf_arch.map<"L1" = [{size_in_words = 64, align_in_words = 64}]>
    }
  }
}
#dma_link = {ktdf_arch.transfer_granularity = array<i64: 64>}
#fifo16 = {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}}

ktdf_arch.device @sample_device {
  %ddr = memory #ddr_mem
  group {kind = "core"} share(%ddr) {
    %l1 = memory #l1_mem
    %load = exec_unit #dma_load
    %store = exec_unit #dma_store
    datapath #dma_link %ddr to %load : memory, exec_unit
    datapath #dma_link %load to %l1 : exec_unit, memory
    datapath #dma_link %l1 to %store : memory, exec_unit
    datapath #dma_link %store to %ddr : exec_unit, memory

    // Corelet 0.
    group {kind = "corelet"} share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %reg = memory #sfu_reg
        %lanes = exec_unit #lane_unit
        yield %lanes
      } -> exec_unit
      %in = exec_unit #l1_load
      %out = exec_unit #l1_store
      datapath #fifo16 %l1 to %in : memory, exec_unit
      datapath #fifo16 %in to %sfu : exec_unit, exec_unit
      datapath #fifo16 %sfu to %out : exec_unit, exec_unit
      datapath #fifo16 %out to %l1 : exec_unit, memory
    }

    // Corelet 1: the same.
    group {kind = "corelet"} share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %reg = memory #sfu_reg
        %lanes = exec_unit #lane_unit
        yield %lanes
      } -> exec_unit
      %in = exec_unit #l1_load
      %out = exec_unit #l1_store
      datapath #fifo16 %l1 to %in : memory, exec_unit
      datapath #fifo16 %in to %sfu : exec_unit, exec_unit
      datapath #fifo16 %sfu to %out : exec_unit, exec_unit
      datapath #fifo16 %out to %l1 : exec_unit, memory
    }
  }
}
