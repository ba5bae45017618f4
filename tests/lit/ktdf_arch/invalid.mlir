// Device declarations that are wrong are refused on their line, saying why.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics

ktdf_arch.device @d {
  %m = memory {kind = "M", size = 1}
  group share() {
    // expected-error@+1 {{uses a memory of an enclosing level that the group does not list in share(...)}}
    datapath %m to %m : memory, memory
  }
}

// -----

ktdf_arch.device @d {
  // expected-error@+1 {{yields 1 units but declares 2 results}}
  %a, %b = group share() {
    %u = exec_unit {kind = "U"}
    yield %u
  } -> exec_unit, exec_unit
}

// -----

// expected-error@+1 {{'mem_space_mapping' maps #ktdp.memory_space<global> to 3 : i64, but a memory kind is a string}}
ktdf_arch.device @d attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = 3>} import("x.mlir")

// -----

// expected-error@+1 {{'mem_space_mapping' must be a #ktdf_arch.map}}
ktdf_arch.device @d attributes {mem_space_mapping = {global = "DDR"}} import("x.mlir")

// -----

// expected-error@+1 {{key "DDR" appears twice in the map}}
ktdf_arch.device @d attributes {mem_space_mapping = #ktdf_arch.map<"DDR" = "a", "DDR" = "b">} import("x.mlir")

// -----

ktdf_arch.device @d {
  %m = memory {kind = "M"}
  // expected-error@+1 {{expected a resource kind (memory, exec_unit or switch), got 'fifo'}}
  datapath %m to %m : memory, fifo
}

// -----

// expected-error@+1 {{expects parent op to be one of 'ktdf_arch.device, ktdf_arch.group'}}
%m = ktdf_arch.memory {kind = "M"}

// -----

// expected-error@+1 {{imports its resources, so it cannot also list them}}
"ktdf_arch.device"() <{sym_name = "d", import_path = "x.mlir"}> ({
  %m = ktdf_arch.memory {kind = "M"}
}) : () -> ()
