// Every diagnostic of the ktdp attributes and types.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown ktdp attribute '#ktdp.space'}}
func.func private @f(memref<4xf16, #ktdp.space<global>>)

// -----
// expected-error @+1 {{unknown memory space 'hbm' (expected 'global' or 'ct_local')}}
func.func private @f(memref<4xf16, #ktdp.memory_space<hbm>>)

// -----
// expected-error @+1 {{'ct_id' must be non-negative, got -2}}
func.func private @f(memref<4xf16, #ktdp.memory_space<ct_local, ct_id = -2>>)

// -----
// expected-error @+1 {{ct_id is only valid for ct_local memory spaces, not for 'global'}}
func.func private @f(memref<4xf16, #ktdp.memory_space<global, ct_id = 1>>)

// -----
// expected-error @+1 {{unknown legacy memory space 'DDR' (expected HBM, LX or L0)}}
func.func private @f(memref<4xf16, #ktdp.spyre_memory_space<DDR>>)

// -----
// expected-error @+1 {{the legacy 'unspecified' memory space has no KTIR equivalent}}
func.func private @f(memref<4xf16, #ktdp.spyre_memory_space<unspecified>>)

// -----
// expected-error @+1 {{core affinity is only valid for LX or L0 memory spaces, not for HBM}}
func.func private @f(memref<4xf16, #ktdp.spyre_memory_space<HBM, core = 2>>)

// -----
// expected-error @+1 {{access tile element type must be 'index', got 'f16'}}
func.func private @f(!ktdp.access_tile<4xf16>)

// -----
// expected-error @+1 {{unknown runtime_arg keyword 'step' (expected 'granularity' or 'upperbound')}}
func.func private @f(!ktdp.runtime_arg<index, step = 2>)

// -----
// expected-error @+1 {{duplicate 'granularity' keyword}}
func.func private @f(!ktdp.runtime_arg<index, granularity = 2, granularity = 4>)

// -----
// expected-error @+1 {{runtime_arg value type must be index, an integer or a float type, got 'tensor<4xf16>'}}
func.func private @f(!ktdp.runtime_arg<tensor<4xf16>>)

// -----
// expected-error @+1 {{runtime_arg granularity must be positive, got 0}}
func.func private @f(!ktdp.runtime_arg<index, granularity = 0>)

// -----
// expected-error @+1 {{runtime_arg upperbound must be positive, got -3}}
func.func private @f(!ktdp.runtime_arg<index, upperbound = -3>)

// -----
// expected-error @+1 {{expected an integer set for 'groups'}}
func.func private @f(!ktdp.tile_future<(tensor<4xf16>), groups = 3>)

// -----
// expected-error @+1 {{tile_future partial types must be ranked tensors, got 'f16'}}
func.func private @f(!ktdp.tile_future<(f16), groups = affine_set<(g) : (g == 0)>>)

// -----
// expected-error @+1 {{tile_future 'groups' must be a set with exactly one dimension and no symbols}}
func.func private @f(!ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g, h) : (g == 0)>>)

// -----
// expected-error @+1 {{tile_future 'groups' must be a set with exactly one dimension and no symbols}}
func.func private @f(!ktdp.tile_future<(tensor<4xf16>), groups = affine_set<(g)[s] : (g - s == 0)>>)

// -----
// expected-error @+1 {{tile_future needs at least one partial type}}
func.func private @f(!ktdp.tile_future<(), groups = affine_set<(g) : (g == 0)>>)
