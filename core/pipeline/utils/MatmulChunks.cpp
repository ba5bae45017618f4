//===- MatmulChunks.cpp - matmuls whose tiles exceed the scratchpad -------===//

#include "pipeline/utils/MatmulChunks.h"
#include "pipeline/utils/BoxTiles.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {

constexpr int64_t kLanes = 64; ///< f16 elements per stick


/// The load of an f16 operand the matmul alone uses, from a plain box tile.
ktdp::LoadOp operandLoad(Value operand, linalg::MatmulOp matmul) {
  auto load = operand.getDefiningOp<ktdp::LoadOp>();
  auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
  if (!load || !type || !type.hasStaticShape() || !type.getElementType().isF16() ||
      load->getBlock() != matmul->getBlock() || !operand.hasOneUse())
    return {};
  return spyre::isPlainBoxTile(load.getAccessTile().getDefiningOp<ktdp::ConstructAccessTileOp>())
             ? load
             : ktdp::LoadOp();
}

/// The constant a fill writes, if the accumulator is one.
std::optional<double> fillValue(Value acc) {
  auto fill = acc.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return std::nullopt;
  FloatAttr value;
  if (!matchPattern(fill.getInputs()[0], m_Constant(&value)))
    return std::nullopt;
  return value.getValueAsDouble();
}

int64_t lxBytes(ArrayRef<int64_t> shape, Type element, int stickBytes) {
  return spyre::scratchpadBytes(RankedTensorType::get(shape, element),
                                stickBytes);
}

/// Chunk sizes of `extent` to try, largest first: the extent itself (when
/// `whole`), then its divisors that are whole sticks of f16.
SmallVector<int64_t> chunkSizes(int64_t extent, bool whole) {
  SmallVector<int64_t> sizes;
  if (whole)
    sizes.push_back(extent);
  for (int64_t c = extent - 1; c >= kLanes; --c)
    if (extent % c == 0 && c % kLanes == 0)
      sizes.push_back(c);
  return sizes;
}

/// Sets the largest chunks of N (then K) of `c` whose buffers take at most
/// `budget` bytes of LX and, when `rowBytes` is not 0, whose rows the
/// compute program holds take at most `rowBytes`: an f32 row of the
/// accumulator each where it is zeroed, accumulated and rounded, and the
/// rounded row.
bool chooseChunks(spyre::MatmulChunks &c, int64_t budget, int64_t rowBytes,
                  int stickBytes) {
  Type f16 = c.loadA.getType().getElementType();
  Type f32 = Float32Type::get(c.matmul.getContext());
  Type out = cast<RankedTensorType>(c.matmul.getResult(0).getType())
                 .getElementType();
  int64_t outBytes = out.isF32() ? 4 : 2;
  for (int64_t nc : chunkSizes(c.n, true)) {
    if (nc != c.n && !c.store)
      break;
    if (rowBytes && nc * (3 * 4 + outBytes) > rowBytes)
      continue;
    for (int64_t kc : chunkSizes(c.k, nc != c.n)) {
      // Dot products over B's rows hold a row of A's chunk beside the
      // accumulator's row (pipeline/utils/DotMatmul.cpp).
      if (rowBytes && c.transposedB && kc * 2 + nc * 4 > rowBytes)
        continue;
      // Two copies of each loaded chunk (double buffering), the f32
      // accumulator (read and written back), and the rounded result.
      SmallVector<int64_t> bChunk = c.transposedB
                                        ? SmallVector<int64_t>{nc, kc}
                                        : SmallVector<int64_t>{kc, nc};
      int64_t bytes = 2 * (lxBytes({c.m, kc}, f16, stickBytes) +
                           lxBytes(bChunk, f16, stickBytes)) +
                      2 * lxBytes({c.m, nc}, f32, stickBytes) +
                      lxBytes({c.m, nc}, out, stickBytes);
      if (bytes <= budget) {
        c.kChunk = kc;
        c.nChunk = nc;
        return true;
      }
    }
  }
  return false;
}

} // namespace

bool spyre::readsBTransposed(linalg::MatmulOp matmul) {
  MLIRContext *context = matmul.getContext();
  AffineExpr m = getAffineDimExpr(0, context), n = getAffineDimExpr(1, context),
             k = getAffineDimExpr(2, context);
  SmallVector<AffineMap> want = {AffineMap::get(3, 0, {m, k}, context),
                                 AffineMap::get(3, 0, {n, k}, context),
                                 AffineMap::get(3, 0, {m, n}, context)};
  return matmul.hasUserDefinedMaps() && matmul.getIndexingMapsArray() == want;
}

int64_t spyre::matmulTileBytes(linalg::MatmulOp matmul, int stickBytes) {
  int64_t bytes = 0;
  SmallVector<Value> tiles(matmul->getOperands());
  tiles.push_back(matmul.getResult(0));
  for (Value v : tiles) {
    auto type = llvm::dyn_cast<RankedTensorType>(v.getType());
    if (!type || !type.hasStaticShape())
      return 0;
    bytes = std::min<int64_t>(INT64_MAX / 2,
                              bytes + scratchpadBytes(type, stickBytes));
  }
  return bytes;
}

bool spyre::matmulTooLarge(linalg::MatmulOp matmul, int64_t capacity,
                           int stickBytes) {
  return capacity > 0 && matmulTileBytes(matmul, stickBytes) > capacity / 2;
}

std::optional<spyre::MatmulChunks>
spyre::planMatmulChunks(linalg::MatmulOp matmul, int64_t capacity,
                        int stickBytes, int64_t rowBytes, std::string &why) {
  MatmulChunks c;
  c.matmul = matmul;
  auto result = llvm::dyn_cast<RankedTensorType>(matmul.getResult(0).getType());
  if (matmul.getInputs().size() != 2 || !result || !result.hasStaticShape() ||
      !(result.getElementType().isF16() || result.getElementType().isF32()))
    return why = "its result is not a static f16 or f32 tile", std::nullopt;
  c.transposedB = readsBTransposed(matmul);
  if (matmul.hasUserDefinedMaps() && !c.transposedB)
    return why = "it has indexing maps of its own", std::nullopt;
  c.loadA = operandLoad(matmul.getInputs()[0], matmul);
  c.loadB = operandLoad(matmul.getInputs()[1], matmul);
  if (!c.loadA || !c.loadB)
    return why = "its operands are not f16 tiles loaded whole in its block "
                 "for it alone (box access tiles from their origin)",
           std::nullopt;
  c.m = result.getDimSize(0);
  c.n = result.getDimSize(1);
  c.k = c.loadA.getType().getDimSize(1);
  c.fill = fillValue(matmul.getOutputs()[0]);
  // An accumulator that is not a fill is loaded again after the chunks'
  // loop, next to the addition (a tile the loop's pipelines do not hold).
  auto accLoad = matmul.getOutputs()[0].getDefiningOp<ktdp::LoadOp>();
  if (!c.fill && !(accLoad && accLoad->getBlock() == matmul->getBlock() &&
                   matmul.getOutputs()[0].hasOneUse()))
    return why = "its accumulator is neither a fill of a constant nor a "
                 "tile loaded for it alone in its block",
           std::nullopt;
  // N is chunked only when the result is stored whole and nothing else
  // reads it (a chunk of the accumulator would have to be cut out).
  Value out = matmul.getResult(0);
  if (out.hasOneUse())
    if (auto store = llvm::dyn_cast<ktdp::StoreOp>(*out.getUsers().begin()))
      if (store->getBlock() == matmul->getBlock() && c.fill &&
          spyre::isPlainBoxTile(store.getAccessTile().getDefiningOp<ktdp::ConstructAccessTileOp>()))
        c.store = store;
  // First with rows of the accumulator the compute engine holds whole,
  // then without that preference.
  if (chooseChunks(c, capacity / 2, rowBytes, stickBytes) ||
      chooseChunks(c, capacity / 2, 0, stickBytes))
    return c;
  why = "no chunk of K and N (whole sticks dividing them) fits half the "
        "scratchpad";
  return std::nullopt;
}

linalg::MatmulOp spyre::chunkedMatmulOf(Operation *op, int64_t capacity,
                                        int stickBytes) {
  linalg::MatmulOp matmul;
  if (auto load = llvm::dyn_cast<ktdp::LoadOp>(op)) {
    if (load.getResult().hasOneUse())
      matmul = llvm::dyn_cast<linalg::MatmulOp>(*load.getResult().getUsers().begin());
  } else if (auto store = llvm::dyn_cast<ktdp::StoreOp>(op)) {
    matmul = store.getDataTile().getDefiningOp<linalg::MatmulOp>();
  }
  std::string why;
  if (!matmul || !matmulTooLarge(matmul, capacity, stickBytes))
    return {};
  std::optional<MatmulChunks> plan =
      planMatmulChunks(matmul, capacity, stickBytes, 0, why);
  if (!plan || (llvm::isa<ktdp::StoreOp>(op) && plan->store != op))
    return {};
  return matmul;
}
