// Locations from a Python generator (RUN lines in ../generated-locations.mlir).
module {
  func.func @k(%x_ptr: index loc(#loc0)) attributes {grid = [1]} {
    %m = memref.alloc() : memref<4xf16> loc(#loc2)
    return loc(#loc1)
  } loc(#loc0)
} loc(#loc0)
#loc0 = loc("/opt/gen/emit.py":3:1)
#loc1 = loc("/opt/gen/emit.py":20:8)
#loc2 = loc("/opt/gen/emit.py":45:12)
