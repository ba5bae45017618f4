// device_sub.mlir -- a kernel that brings its own target: D = A - B.
//
// What it computes
//   A, B, D : 64x128 fp16, row-major in HBM. grid = [2]: tile i owns rows
//   32*i .. 32*i+31, loads that 32x128 slice of A and of B, subtracts them
//   with linalg.sub and stores the slice into D.
//
// Why it is interesting
//   Its first line declares the device, the way the public Spyre dataflow
//   scheduler's inputs do: `ktdf_arch.device` imports devices/sample_device.mlir
//   (resolved next to this file) and maps KTIR's memory spaces onto the
//   device's memories. The kernel is compiled for that device whatever the
//   Target menu says: the menu shows "from kernel: sample_device", and the
//   remark on line 19 lists what the target took from the device (1 MiB
//   scratchpad, two corelets: two l1lu, sfu and l1su per core, FIFO depth
//   16, 64 f16 lanes, 2 KiB beside each SFU) and what from the Spyre preset
//   (32 cores, the ring, bandwidths).

ktdf_arch.device @sample_device attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR", #ktdp.memory_space<ct_local> = "L1">} import("devices/sample_device.mlir")

#mat_set  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#rows     = affine_map<(d0, d1) -> (d0, d1)>

func.func @sub(%a: index, %b: index, %d: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %tile = ktdp.get_compute_tile_id : index
  %row = arith.muli %tile, %c32 : index

  %A = ktdp.construct_memory_view %a, sizes: [64, 128], strides: [128, 1] {
    coordinate_set = #mat_set, memory_space = #ktdp.memory_space<global>
  } : memref<64x128xf16>
  %B = ktdp.construct_memory_view %b, sizes: [64, 128], strides: [128, 1] {
    coordinate_set = #mat_set, memory_space = #ktdp.memory_space<global>
  } : memref<64x128xf16>
  %D = ktdp.construct_memory_view %d, sizes: [64, 128], strides: [128, 1] {
    coordinate_set = #mat_set, memory_space = #ktdp.memory_space<global>
  } : memref<64x128xf16>

  %at = ktdp.construct_access_tile %A[%row, %c0] {
    access_tile_set = #tile_set, access_tile_order = #rows
  } : memref<64x128xf16> -> !ktdp.access_tile<32x128xindex>
  %bt = ktdp.construct_access_tile %B[%row, %c0] {
    access_tile_set = #tile_set, access_tile_order = #rows
  } : memref<64x128xf16> -> !ktdp.access_tile<32x128xindex>
  %dt = ktdp.construct_access_tile %D[%row, %c0] {
    access_tile_set = #tile_set, access_tile_order = #rows
  } : memref<64x128xf16> -> !ktdp.access_tile<32x128xindex>

  %x = ktdp.load %at : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
  %y = ktdp.load %bt : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
  %init = tensor.empty() : tensor<32x128xf16>
  %diff = linalg.sub ins(%x, %y : tensor<32x128xf16>, tensor<32x128xf16>)
                     outs(%init : tensor<32x128xf16>) -> tensor<32x128xf16>
  ktdp.store %diff, %dt : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
  return
}
