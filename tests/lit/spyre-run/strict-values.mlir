// Issue 29, 1-3 and 7: one reader of the values a person writes, for the
// KTIR path (--arg) and the .spyb path (--bind) alike. Before, the .spyb
// path read `32.5`, `32abc`, `0x20` and ` 32` as 32 and `1e-300` as 0,
// ignored names the kernel does not have, read an f32 .npy for an f16
// tensor as f16 bytes, took a tensor given as a number, and said
// "dimension -9223372036854775808 is negative" for `nan`.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: spyre-compile %s -o %t.d/scale.spyb
// RUN: spyre-compile %S/../robustness/Inputs/i64-copy.mlir -o %t.d/copy.spyb
// RUN: python3 %S/../robustness/Inputs/hostile.py npy '<f2' 4,64 %t.d/a.npy
// RUN: python3 %S/../robustness/Inputs/hostile.py npy '<f4' 4,64 %t.d/a32.npy
// RUN: python3 %S/../robustness/Inputs/hostile.py i64 1,2,3,4 %t.d/i.npy
// RUN: python3 %S/../robustness/Inputs/hostile.py npy '<f4' 4 %t.d/f.npy
//
// 1, 7. Integers: the same texts refused on both paths, each quoted.
// RUN: for v in 32.5 32abc 0x20 ' 32' '32 ' 1e-300 nan inf -nan 1e309 99999999999999999999 9.3e18; do \
// RUN:   not spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/i.npy --input b=%t.d/i.npy --bind "k=$v" > %t.d/out 2>&1 || exit 1; \
// RUN:   FileCheck %s --check-prefix=INT -DV="$v" < %t.d/out || exit 1; \
// RUN:   not spyre-run %S/../robustness/Inputs/i64-copy.mlir --input a=%t.d/i.npy --input b=%t.d/i.npy --arg "k=$v" > %t.d/out 2>&1 || exit 1; \
// RUN:   FileCheck %s --check-prefix=INT -DV="$v" < %t.d/out || exit 1; \
// RUN: done
// INT: argument %k: {{'}}[[V]]' is {{not a|out of range|not exact}}
// INT-NOT: dimension
// An empty value says so.
// RUN: not spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/i.npy --input b=%t.d/i.npy --bind k= 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: argument %k: %k needs a value
// Whole numbers in digits (any sign) and in decimals a double holds exactly
// are taken, the same on both paths.
// RUN: for v in 32 +32 32.0 3.2e1; do \
// RUN:   spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/i.npy --input b=%t.d/i.npy --bind "k=$v" --output b=%t.d/spyb.npy > /dev/null || exit 1; \
// RUN:   spyre-run %S/../robustness/Inputs/i64-copy.mlir --input a=%t.d/i.npy --input b=%t.d/i.npy --arg "k=$v" --output b=%t.d/ktir.npy > /dev/null || exit 1; \
// RUN:   cmp %t.d/spyb.npy %t.d/ktir.npy || exit 1; \
// RUN: done
// RUN: python3 %S/../robustness/Inputs/hostile.py i64 33,34,35,36 %t.d/want.npy
// RUN: cmp %t.d/want.npy %t.d/spyb.npy
//
// 7. Floats: out of range, not a number, not finite; each quoted.
// RUN: for v in 1e309 65520 -7e4 nan inf 0x1p3 1,5 ' 2'; do \
// RUN:   not spyre-run %t.d/scale.spyb --engine emu --input a=%t.d/a.npy --input b=%t.d/a.npy --bind "s=$v" > %t.d/out 2>&1 || exit 1; \
// RUN:   FileCheck %s --check-prefix=FLOAT -DV="$v" < %t.d/out || exit 1; \
// RUN:   not spyre-run %s --input a=%t.d/a.npy --input b=%t.d/a.npy --arg "s=$v" > %t.d/out 2>&1 || exit 1; \
// RUN:   FileCheck %s --check-prefix=FLOAT -DV="$v" < %t.d/out || exit 1; \
// RUN: done
// FLOAT: argument %s: {{'}}[[V]]' is {{not a number|beyond the largest f16 \(65504\)}}
// RUN: spyre-run %t.d/scale.spyb --engine emu --input a=%t.d/a.npy --input b=%t.d/a.npy --bind s=1e-300 > /dev/null
//
// 2. Names the kernel does not have are errors on the .spyb path as on the
// KTIR path, listing its arguments.
// RUN: not spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/i.npy --input b=%t.d/i.npy --bind k=1 --bind kk=64 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not spyre-run %S/../robustness/Inputs/i64-copy.mlir --input a=%t.d/i.npy --input b=%t.d/i.npy --arg k=1 --arg kk=64 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: no argument named %kk (the kernel's arguments are %a, %b, %k)
// RUN: not spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/i.npy --input b_pt=%t.d/i.npy --input b=%t.d/i.npy --bind k=1 2>&1 | FileCheck %s --check-prefix=INPUTNAME
// INPUTNAME: no argument named %b_pt (the kernel's arguments are %a, %b, %k)
//
// 3. An array of another element type, a tensor given as a number and a
// scalar given an array are refused by the symbol table.
// RUN: not spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/f.npy --input b=%t.d/i.npy --bind k=1 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: spyre-run: %a is a tensor of i64 elements but the array given is f32 (4)
// RUN: not spyre-run %t.d/scale.spyb --engine emu --input a=%t.d/a32.npy --input b=%t.d/a.npy --bind s=2 2>&1 | FileCheck %s --check-prefix=DTYPE16
// DTYPE16: spyre-run: %a is a tensor of f16 elements but the array given is f32 (4x64)
// RUN: not spyre-run %t.d/copy.spyb --engine emu --bind a=0 --input b=%t.d/i.npy --bind k=1 2>&1 | FileCheck %s --check-prefix=TENSOR
// TENSOR: spyre-run: %a is a tensor of i64 elements: give it an array (--input a=FILE.npy), not a value
// RUN: not spyre-run %t.d/copy.spyb --engine emu --input a=%t.d/i.npy --input b=%t.d/i.npy --input k=%t.d/i.npy 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: spyre-run: %k is a scalar of type i64: give it a value (--bind k=VALUE), not an array
//
// A dimension symbol (a dynamic size) given `nan`: the text, not a cast.
// RUN: spyre-compile %S/../../kernels/dynamic_rows_loop.mlir -o %t.d/rows.spyb
// RUN: not spyre-run %t.d/rows.spyb --engine emu --bind n=nan 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: argument %n: 'nan' is not a whole number: index takes whole numbers
// DIM-NOT: negative

// b = a * s on a 4x64 f16 tile.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%a: index, %b: index, %s: f16) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %ss = tensor.splat %s : tensor<4x64xf16>
  %y = arith.mulf %x, %ss : tensor<4x64xf16>
  ktdp.store %y, %tb : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
