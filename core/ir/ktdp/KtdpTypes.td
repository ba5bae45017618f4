//===- KtdpTypes.td - ktdp types ----------------------------*- tablegen -*-===//

#ifndef SPYRE_KTDP_TYPES_TD
#define SPYRE_KTDP_TYPES_TD

include "KtdpDialect.td"

class Ktdp_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Ktdp_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Ktdp_AccessTileType : Ktdp_Type<"AccessTile", "access_tile"> {
  let summary = "a symbolic collection of coordinates, shaped like its tile";
  let description = [{
    `!ktdp.access_tile<32x64xindex>`: the coordinates an access tile names,
    arranged in the tile's shape (`?` for a dynamic extent, `<index>` for a
    single point). The element type is always `index`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    bool hasStaticShape() const;
    /// Number of points, or std::nullopt when an extent is dynamic.
    std::optional<int64_t> getNumElements() const;
  }];
}

def Ktdp_RuntimeArgType : Ktdp_Type<"RuntimeArg", "runtime_arg"> {
  let summary = "a scalar supplied by the host at launch";
  let description = [{
    `!ktdp.runtime_arg<index, granularity=3, upperbound=300>`: a runtime
    scalar of an index, integer or float type, optionally with the static
    granularity and upper bound the compiler may rely on.
  }];
  let parameters = (ins "::mlir::Type":$valueType,
                        OptionalParameter<"std::optional<int64_t>">:$granularity,
                        OptionalParameter<"std::optional<int64_t>">:$upperbound);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Ktdp_TileFutureType : Ktdp_Type<"TileFuture", "tile_future"> {
  let summary = "handle to the partial values produced by inter_tile_produce";
  let description = [{
    `!ktdp.tile_future<(tensor<1x64xf16>, ...), groups = affine_set<(g) : ...>>`:
    one ranked tensor type per partial role and the set of group indices.
    The draft spelling without parentheses is accepted and printed with them.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$partialTypes,
                        "::mlir::IntegerSet":$groups);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // SPYRE_KTDP_TYPES_TD
