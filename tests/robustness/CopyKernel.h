//===- CopyKernel.h - the 4x64 f16 copy kernel hostile inputs are made for ===//
//
// A one-tile kernel that copies a 4x64 f16 array %a to %b: the kernel the
// fuzzer's records, .npy inputs and architecture files are made for, and
// the one the explorer's hostile-input test varies (its grid, the stride of
// %a's rows and one op before the store).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_ROBUSTNESS_COPYKERNEL_H
#define SPYRE_TESTS_ROBUSTNESS_COPYKERNEL_H

#include <string>

namespace spyre::fuzz {

inline std::string copyKernel(const std::string &grid = "[1]",
                              const std::string &stride = "64",
                              const std::string &extra = std::string()) {
  return R"mlir(
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @copy(%a: index, %b: index) attributes {grid = )mlir" +
         grid + R"mlir(} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [)mlir" +
         stride + R"mlir(, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {
    access_tile_set = #set, access_tile_order = #id
  } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {
    access_tile_set = #set, access_tile_order = #id
  } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
)mlir" + (extra.empty() ? std::string() : "  " + extra + "\n") +
         R"mlir(  ktdp.store %x, %tb : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
)mlir";
}

} // namespace spyre::fuzz

#endif
