//===- KtdpOps.td - ktdp operations -------------------------*- tablegen -*-===//

#ifndef SPYRE_KTDP_OPS_TD
#define SPYRE_KTDP_OPS_TD

include "KtdpDialect.td"
include "KtdpAttrs.td"
include "KtdpTypes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ktdp_MemRefOrTensor : AnyTypeOf<[AnyMemRef, AnyRankedTensor]>;

//===----------------------------------------------------------------------===//
// Tiles and memory views
//===----------------------------------------------------------------------===//

def Ktdp_GetComputeTileIdOp : Ktdp_Op<"get_compute_tile_id", [Pure]> {
  let summary = "the executing tile's coordinates in the grid";
  let description = [{
    Returns one `index` per requested grid dimension. With fewer results than
    the grid has dimensions, the leading coordinates are returned.
  }];
  let results = (outs Variadic<Index>:$ids);
  let assemblyFormat = "attr-dict `:` type($ids)";
  let hasVerifier = 1;
}

def Ktdp_ConstructMemoryViewOp : Ktdp_Op<"construct_memory_view",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "interpret an existing memory region as a strided memref";
  let description = [{
    The element at coordinate `c` lives at element index
    `offset + sum(c_i * stride_i)` of the memory space. `coordinate_set`
    names the global coordinates the view represents (its symbols bind, left
    to right, to the dynamic sizes). When it is absent the view covers the
    box `[0, size_i)` of every dimension.
  }];
  let arguments = (ins Index:$offset,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides,
                       OptionalAttr<IntegerSetAttr>:$coordinate_set,
                       Ktdp_MemorySpaceAttr:$memory_space);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $offset `,` `sizes` `:` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `:` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Ktdp_ConstructDistributedMemoryViewOp
    : Ktdp_Op<"construct_distributed_memory_view", [Pure]> {
  let summary = "glue several memory views into one logical view";
  let description = [{
    An access at global coordinate `g` is routed to the partition whose
    `coordinate_set` contains `g` and rebased by that partition's origin.
    Partitions may live in different memory spaces.
  }];
  let arguments = (ins Variadic<AnyMemRef>:$memrefs);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    `(` ($memrefs^ `:` type($memrefs))? `)` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Ktdp_ConstructAccessTileOp : Ktdp_Op<"construct_access_tile",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "a set of coordinates relative to an anchor in a view";
  let description = [{
    The anchor is `base_map(indices)`, written as a bracket list of affine
    expressions over SSA values (`%v[%row + %i, 0]`). The tile holds
    `anchor + p` for every integer point `p` of `access_tile_set`;
    `access_tile_order` (a permutation) fixes the enumeration order and the
    tile's shape.
  }];
  let arguments = (ins Ktdp_MemRefOrTensor:$base,
                       Variadic<Index>:$indices,
                       Variadic<Index>:$symbol_operands,
                       AffineMapAttr:$base_map,
                       IntegerSetAttr:$access_tile_set,
                       AffineMapAttr:$access_tile_order);
  let results = (outs Ktdp_AccessTileType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Ktdp_ConstructIndirectAccessTileOp
    : Ktdp_Op<"construct_indirect_access_tile",
              [AttrSizedOperandSegments, SingleBlock,
               MemoryEffects<[MemRead]>,
               DeclareOpInterfaceMethods<OpAsmOpInterface,
                                         ["getAsmBlockArgumentNames"]>]> {
  let summary = "an access tile whose subscripts may be read from index views";
  let description = [{
    For every point of `variables_space_set` (enumerated in
    `variables_space_order`), each base dimension's subscript is either a
    direct affine expression `(expr)` or an indirect one
    `ind(%view[expr, ...])` that loads the coordinate from an index view.
    Names in `intermediate_variables(...)` are not SSA values; other names
    are captured `index` values.
  }];
  let arguments = (ins Ktdp_MemRefOrTensor:$base,
                       Variadic<AnyMemRef>:$indirect_memrefs,
                       Variadic<Index>:$captured_variables,
                       Variadic<Index>:$symbol_operands,
                       BoolArrayAttr:$per_dim_subscript_kinds,
                       AffineMapArrayAttr:$per_dim_subscript_maps,
                       IntegerSetAttr:$variables_space_set,
                       AffineMapAttr:$variables_space_order);
  let results = (outs Ktdp_AccessTileType:$result);
  let regions = (region SizedRegion<1>:$variables);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Ktdp_RegionTerminatorOp : Ktdp_Op<"region_terminator",
    [Pure, Terminator, HasParent<"ConstructIndirectAccessTileOp">]> {
  let summary = "terminator of the hidden intermediate-variable region";
  let assemblyFormat = "attr-dict";
}

def Ktdp_LoadOp : Ktdp_Op<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "gather the elements of an access tile into a tensor";
  let arguments = (ins Ktdp_AccessTileType:$access_tile);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$access_tile attr-dict `:` type($access_tile) `->` type($result)";
  let hasVerifier = 1;
}

def Ktdp_StoreOp : Ktdp_Op<"store", [MemoryEffects<[MemWrite]>]> {
  let summary = "scatter a tensor to the coordinates of an access tile";
  let arguments = (ins AnyRankedTensor:$data_tile,
                       Ktdp_AccessTileType:$access_tile);
  let assemblyFormat = [{
    $data_tile `,` $access_tile attr-dict `:` type($data_tile) `,`
    type($access_tile)
  }];
  let hasVerifier = 1;
}

def Ktdp_RuntimeArgExtractOp : Ktdp_Op<"runtime_arg_extract", [Pure]> {
  let summary = "read a runtime scalar or its static metadata";
  let arguments = (ins Ktdp_RuntimeArgType:$input,
                       Ktdp_RuntimeArgKind:$kind);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "$kind `from` $input `:` type($input) attr-dict `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Inter-tile communication
//===----------------------------------------------------------------------===//

def Ktdp_InterTileProduceOp : Ktdp_Op<"inter_tile_produce",
    [RecursiveMemoryEffects, SingleBlock]> {
  let summary = "name what each producing tile contributes to its group";
  let description = [{
    The body runs once on every tile in `producer_tiles_per_group(g)` for
    some group `g` of the future's `groups`, with the group id as block
    argument, and yields one partial value per role.
  }];
  let arguments = (ins IntegerSetAttr:$producer_tiles_per_group);
  let results = (outs Ktdp_TileFutureType:$future);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Ktdp_YieldPartialOp : Ktdp_Op<"yield_partial",
    [Pure, Terminator, HasParent<"InterTileProduceOp">]> {
  let summary = "the partial values a producing tile contributes";
  let arguments = (ins Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def Ktdp_InterTileConsumeOp : Ktdp_Op<"inter_tile_consume"> {
  let summary = "deliver produced values to consumer tiles (broadcast/route)";
  let arguments = (ins Ktdp_TileFutureType:$future,
                       IntegerSetAttr:$consumer_tiles_per_group,
                       OptionalAttr<IntegerSetAttr>:$producer_dependency_per_consumer);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    `(` $future `)` `consumer_tiles_per_group` `=` $consumer_tiles_per_group
    (`,` `producer_dependency_per_consumer` `=`
         $producer_dependency_per_consumer^)?
    attr-dict `:` type($future) `->` type($results)
  }];
  let hasVerifier = 1;
}

def Ktdp_InterTileReduceOp : Ktdp_Op<"inter_tile_reduce",
    [RecursiveMemoryEffects, SingleBlock]> {
  let summary = "combine the partials of a group (all-reduce or reduce-to-one)";
  let description = [{
    The combiner takes `2N` arguments (`lhs_1..lhs_N, rhs_1..rhs_N`) and
    yields `N` values; it is treated as associative and commutative.
    `identity` is what a non-contributing slot folds in. Results have the
    partial types; the draft spelling's leading-unit-dimension drop is
    accepted for compatibility.
  }];
  let arguments = (ins Ktdp_TileFutureType:$future,
                       IntegerSetAttr:$consumer_tiles_per_group,
                       OptionalAttr<IntegerSetAttr>:$producer_dependency_per_consumer,
                       Variadic<AnyRankedTensor>:$identity);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    `(` $future `)` `consumer_tiles_per_group` `=` $consumer_tiles_per_group `,`
    (`producer_dependency_per_consumer` `=` $producer_dependency_per_consumer^
     `,`)?
    `identity` `(` ($identity^ `:` type($identity))? `)`
    attr-dict `:` type($future) `->` type($results) $combiner
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Ktdp_YieldReducedOp : Ktdp_Op<"yield_reduced",
    [Pure, Terminator, HasParent<"InterTileReduceOp">]> {
  let summary = "the combined values of an inter_tile_reduce combiner";
  let arguments = (ins Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // SPYRE_KTDP_OPS_TD
