// NumPy has no bf16: --output writes a bf16 array as f32 (every value
// exact), --input takes it back for a bf16 view, and takes u16 / i16 raw
// bits too; f32 values that are not bf16 values are rounded, with a note.
// (Before, a bf16 kernel could only run on --seed data: `--output` refused
// bf16 and `--input` refused f32, u16 and i16 for a bf16 view.)
// RUN: spyre-run %s --seed 0 --output x=%t.x.npy --output y=%t.y.npy
// RUN: python3 -c "import sys; print(open(sys.argv[1],'rb').read(64))" %t.x.npy | FileCheck %s --check-prefix=F32
// F32: 'descr': '<f4'
// RUN: spyre-run %s --seed 1 --input x=%t.x.npy --output y=%t.again.npy
// RUN: cmp %t.y.npy %t.again.npy
// The same values as raw bits (the high halves of the f32s), as u16.
// RUN: python3 -c "import sys,struct; b=open(sys.argv[1],'rb').read(); h=struct.unpack('<H',b[8:10])[0]; head=b[10:10+h].replace(b\"'<f4'\", b\"'<u2'\"); d=b[10+h:]; open(sys.argv[2],'wb').write(b[:8]+struct.pack('<H',len(head))+head+b''.join(d[i+2:i+4] for i in range(0,len(d),4)))" %t.x.npy %t.bits.npy
// RUN: spyre-run %s --seed 1 --input x=%t.bits.npy --output y=%t.bits.y.npy
// RUN: cmp %t.y.npy %t.bits.y.npy
// RUN: python3 -c "import sys,struct; b=open(sys.argv[1],'rb').read(); h=struct.unpack('<H',b[8:10])[0]; d=bytearray(b[10+h:]); d[0:4]=struct.pack('<f',1.001); open(sys.argv[2],'wb').write(b[:10+h]+bytes(d))" %t.x.npy %t.off.npy
// RUN: spyre-run %s --seed 1 --input x=%t.off.npy 2>&1 | FileCheck %s --check-prefix=ROUNDED
// ROUNDED: note: %x: 1 of its 256 f32 values are not bf16 values and were rounded to the nearest (give u16 raw bits for exact data)
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x128xbf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 128], strides: [128, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2x128xbf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id2} : memref<2x128xbf16> -> !ktdp.access_tile<2x128xindex>
  %t = ktdp.load %xa : !ktdp.access_tile<2x128xindex> -> tensor<2x128xbf16>
  %two = arith.constant dense<2.5> : tensor<2x128xbf16>
  %d = arith.mulf %t, %two : tensor<2x128xbf16>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id2} : memref<2x128xbf16> -> !ktdp.access_tile<2x128xindex>
  ktdp.store %d, %ya : tensor<2x128xbf16>, !ktdp.access_tile<2x128xindex>
  return
}
