//===- LegacyLinalgOps.cpp - linalg spellings older MLIR printed ----------===//

#include "ir/LegacyLinalgOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include <utility>

using namespace mlir;

namespace {

struct Spelling {
  const char *name; ///< the old op's name
  bool batched;     ///< a linalg.batch_matmul
  bool transposeA;  ///< A is read transposed (else B)
};

constexpr Spelling kSpellings[] = {
    {"linalg.matmul_transpose_a", false, true},
    {"linalg.matmul_transpose_b", false, false},
    {"linalg.batch_matmul_transpose_a", true, true},
    {"linalg.batch_matmul_transpose_b", true, false},
};

/// The named op's default indexing maps with the last two results of the
/// transposed operand's map swapped: B (k, n) becomes (n, k), A (m, k)
/// becomes (k, m).
ArrayAttr transposedMaps(MLIRContext *context, const Spelling &s) {
  SmallVector<AffineMap> maps =
      s.batched ? linalg::BatchMatmulOp::getDefaultIndexingMaps(context)
                : linalg::MatmulOp::getDefaultIndexingMaps(context);
  AffineMap &map = maps[s.transposeA ? 0 : 1];
  SmallVector<AffineExpr> results(map.getResults());
  std::swap(results[results.size() - 2], results.back());
  map = AffineMap::get(map.getNumDims(), 0, results, context);
  SmallVector<Attribute> attrs;
  for (AffineMap m : maps)
    attrs.push_back(AffineMapAttr::get(m));
  return ArrayAttr::get(context, attrs);
}

/// Registered under the old name only so that the parser finds it: its
/// parse hook renames the operation being parsed to the MLIR 22 op, parses
/// the rest with that op's parser and sets the transposed maps.
template <int Index>
class LegacyMatmulOp : public Op<LegacyMatmulOp<Index>> {
public:
  using Op<LegacyMatmulOp<Index>>::Op;
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LegacyMatmulOp)

  static constexpr const Spelling &spelling() { return kSpellings[Index]; }
  static StringRef getOperationName() { return spelling().name; }
  static ArrayRef<StringRef> getAttributeNames() { return {}; }

  static ParseResult parse(OpAsmParser &parser, OperationState &state) {
    const Spelling &s = spelling();
    MLIRContext *context = parser.getContext();
    SMLoc at = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("indexing_maps")))
      // MLIR puts "custom op 'NAME'" before the message.
      return parser.emitError(at)
             << "takes no indexing_maps (its name says which "
             << "operand is transposed); write "
             << (s.batched ? "linalg.batch_matmul" : "linalg.matmul")
             << " to give them";
    if (s.batched) {
      state.name = OperationName(linalg::BatchMatmulOp::getOperationName(),
                                 context);
      if (failed(linalg::BatchMatmulOp::parse(parser, state)))
        return failure();
    } else {
      state.name =
          OperationName(linalg::MatmulOp::getOperationName(), context);
      if (failed(linalg::MatmulOp::parse(parser, state)))
        return failure();
    }
    state.attributes.set("indexing_maps", transposedMaps(context, s));
    return success();
  }

  /// Reached only by the generic form, which holds the old name itself.
  LogicalResult verify() {
    const Spelling &s = spelling();
    return this->emitOpError()
           << "in generic form is not accepted: MLIR 22 has no " << s.name
           << "; write it in its custom form (`" << s.name
           << " ins(...) outs(...)`) or as "
           << (s.batched ? "linalg.batch_matmul" : "linalg.matmul")
           << " with indexing_maps that transpose "
           << (s.transposeA ? "A" : "B");
  }
};

template <int Index>
void insertOne(linalg::LinalgDialect &dialect) {
  if (!RegisteredOperationName::lookup(kSpellings[Index].name,
                                       dialect.getContext()))
    RegisteredOperationName::insert<LegacyMatmulOp<Index>>(dialect);
}

void insertAll(MLIRContext *, linalg::LinalgDialect *dialect) {
  static_assert(std::size(kSpellings) == 4);
  insertOne<0>(*dialect);
  insertOne<1>(*dialect);
  insertOne<2>(*dialect);
  insertOne<3>(*dialect);
}

} // namespace

void spyre::registerLegacyLinalgOps(DialectRegistry &registry) {
  registry.addExtension(&insertAll);
}
