// A device for the ktdf_arch tests: one core with a 512 KiB scratchpad and
// two corelets whose SFUs have 4 KiB of registers and FIFOs 8 deep, plus a
// tracing unit that is no engine. Read by import-device.mlir.
#hbm = {kind = "HBM", size = 4294967296}
#lx = {kind = "LX", size = 524288}
#regs = {kind = "REGS", size = 4096}
#dma_in = {kind = "DMA_IN", ktdf_arch.features = {ktdf_arch.feature.load}}
#dma_out = {kind = "DMA_OUT", ktdf_arch.features = {ktdf_arch.feature.store}}
#feed = {kind = "FEED", ktdf_arch.features = {ktdf_arch.feature.load}}
#drain = {kind = "DRAIN", ktdf_arch.features = {ktdf_arch.feature.store}}
#alu = {kind = "ALU", ktdf_arch.features = {
  ktdf_arch.feature.compute,
  ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64, f32 = 32, index = 8>}}}
#q8 = {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 8}}}

ktdf_arch.device @small_core {
  %hbm = memory #hbm
  group {kind = "core"} share(%hbm) {
    %lx = memory #lx
    %in = exec_unit #dma_in
    %out = exec_unit #dma_out
    %trace = exec_unit {kind = "TRACE"}
    datapath %hbm to %in : memory, exec_unit
    datapath %in to %lx : exec_unit, memory
    datapath %lx to %out : memory, exec_unit
    datapath %out to %hbm : exec_unit, memory
    group share(%lx) {
      %alu = group share() {
        %r = memory #regs
        %u = exec_unit #alu
        yield %u
      } -> exec_unit
      %feed = exec_unit #feed
      %drain = exec_unit #drain
      datapath #q8 %lx to %feed : memory, exec_unit
      datapath #q8 %feed to %alu : exec_unit, exec_unit
      datapath #q8 %alu to %drain : exec_unit, exec_unit
      datapath #q8 %drain to %lx : exec_unit, memory
    }
    group share(%lx) {
      %alu = group share() {
        %r = memory #regs
        %u = exec_unit #alu
        yield %u
      } -> exec_unit
      %feed = exec_unit #feed
      %drain = exec_unit #drain
      datapath #q8 %lx to %feed : memory, exec_unit
      datapath #q8 %feed to %alu : exec_unit, exec_unit
      datapath #q8 %alu to %drain : exec_unit, exec_unit
      datapath #q8 %drain to %lx : exec_unit, memory
    }
  }
}
