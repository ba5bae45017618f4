// A device that cannot be a target is refused when the target is read
// (here by the legality check, the pipeline's first pass), on the
// declaration or on the resource at fault.
// RUN: spyre-opt %s -split-input-file --ktir-legality-check -verify-diagnostics

// expected-error@+1 {{the device's core has no store unit (an exec_unit with ktdf_arch.features = {ktdf_arch.feature.store}); a target needs load, compute and store units}}
ktdf_arch.device @no_store {
  group {kind = "core"} share() {
    %l = exec_unit {kind = "L", ktdf_arch.features = {ktdf_arch.feature.load}}
    %c = exec_unit {kind = "C", ktdf_arch.features = {ktdf_arch.feature.compute}}
  }
}

// -----

// expected-error@+1 {{mem_space_mapping puts ct_local memory in "L1", but the device's core has no memory of that kind}}
ktdf_arch.device @wrong_kind attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<ct_local> = "L1">} {
  group {kind = "core"} share() {
    %m = memory {kind = "LX", size = 1024}
  }
}

// -----

ktdf_arch.device @no_size attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<ct_local> = "L1">} {
  group {kind = "core"} share() {
    // expected-error@+1 {{this memory is the target's scratchpad (LX), so it needs a positive integer `size` in bytes of at most 1125899906842624, got none}}
    %m = memory {kind = "L1"}
  }
}

// -----

ktdf_arch.device @odd_lx {
  group {kind = "core"} share() {
    // expected-error@+1 {{the scratchpad has 1000 bytes, which is not a whole number of 128-byte sticks}}
    %m = memory {kind = "L1", size = 1000}
  }
}

// -----

ktdf_arch.device @bad_depth {
  group {kind = "core"} share() {
    %m = memory {kind = "L1", size = 1024}
    %l = exec_unit {kind = "L", ktdf_arch.features = {ktdf_arch.feature.load}}
    // expected-error@+1 {{a queue's depth must be an integer from 1 to 4096, got 0 : i64}}
    datapath {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 0}}} %m to %l : memory, exec_unit
  }
}

// -----

// expected-note@+1 {{the first is here}}
ktdf_arch.device @one import("a.mlir")
// expected-error@+1 {{a kernel declares one device; this is a second one}}
ktdf_arch.device @two import("b.mlir")

// -----

ktdf_arch.device @two_roles {
  group {kind = "core"} share() {
    %a = exec_unit {kind = "U", ktdf_arch.features = {ktdf_arch.feature.load}}
    // expected-error@+1 {{units of kind "U" are both load and store units}}
    %b = exec_unit {kind = "U", ktdf_arch.features = {ktdf_arch.feature.store}}
  }
}
