//===- AccessTileWalkTest.cpp - box tiles walked by bands = point by point -===//
//
// The interpreter resolves a box access tile over box views in bands of
// rows (AccessTileOps.cpp) and any other tile point by point. Both must
// give the same points: this test generates random 2-D and 3-D box views
// (plain, or distributed over two partitions cut along one dimension) with
// strides of either sign or zero, offsets that push some points below
// element 0 (masked), coordinate sets narrower than the memref, anchors
// that reach outside the view and every tile order; it loads each tile once
// with a box set and once with the same set plus a constraint every point
// meets but that is not a bound of one dimension (so the point walk runs),
// and compares what the two loads read, and the latency estimate.
//
//===----------------------------------------------------------------------===//

#include "driver/Run.h"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace spyre::driver;
using namespace spyre;

namespace {

/// Integer boxes [lo, hi] per dimension.
struct Box {
  std::vector<int64_t> lo, hi;
};

std::string setText(const Box &box, bool pointWalk) {
  size_t rank = box.lo.size();
  std::ostringstream s;
  s << "affine_set<(";
  for (size_t d = 0; d < rank; ++d)
    s << (d ? ", " : "") << "d" << d;
  s << ") : (";
  for (size_t d = 0; d < rank; ++d)
    s << (d ? ", " : "") << "d" << d << " + " << -box.lo[d] << " >= 0, -d"
      << d << " + " << box.hi[d] << " >= 0";
  if (pointWalk) // true for every point, but not a bound of one dimension
    s << ", d0 + d1 + 1000 >= 0";
  s << ")>";
  return s.str();
}

std::string dims(const std::vector<int64_t> &v, const char *sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? sep : "") + std::to_string(v[i]);
  return out;
}

struct Part {
  Box box;                       ///< global coordinates it holds
  std::vector<int64_t> strides;
  int64_t offset = 0;            ///< added to the array's first element
};

struct Case {
  std::vector<Part> parts;       ///< one: a plain view
  std::vector<int64_t> shape;    ///< the (global) memref shape
  std::vector<int64_t> anchor;
  std::vector<int64_t> extent;   ///< the tile's box is [0, extent)
  std::vector<unsigned> order;   ///< tile dimension walked at each position
};

std::string kernel(const Case &c, bool pointWalk) {
  size_t rank = c.shape.size();
  int64_t points = std::accumulate(c.extent.begin(), c.extent.end(),
                                   int64_t{1}, std::multiplies<>());
  std::ostringstream s;
  for (size_t p = 0; p < c.parts.size(); ++p)
    s << "#part" << p << " = " << setText(c.parts[p].box, false) << "\n";
  Box tile{std::vector<int64_t>(rank, 0), c.extent};
  for (int64_t &h : tile.hi)
    --h;
  s << "#tile = " << setText(tile, pointWalk) << "\n";
  s << "#all = affine_set<(d0) : (d0 >= 0, -d0 + " << points - 1 << " >= 0)>\n";
  std::string vars;
  for (size_t d = 0; d < rank; ++d)
    vars += std::string(d ? ", " : "") + "d" + std::to_string(d);
  std::string walked;
  for (size_t k = 0; k < rank; ++k)
    walked += std::string(k ? ", " : "") + "d" + std::to_string(c.order[k]);
  s << "#order = affine_map<(" << vars << ") -> (" << walked << ")>\n";
  s << "#id1 = affine_map<(d0) -> (d0)>\n";
  s << "#hbm = #ktdp.memory_space<global>\n";
  s << "func.func @walk(%x: index, %out: index) {\n";
  std::vector<std::string> partTypes;
  for (size_t p = 0; p < c.parts.size(); ++p) {
    const Part &part = c.parts[p];
    std::vector<int64_t> sizes;
    for (size_t d = 0; d < rank; ++d)
      sizes.push_back(c.parts.size() == 1 ? c.shape[d]
                                          : part.box.hi[d] - part.box.lo[d] + 1);
    std::string type = "memref<" + dims(sizes, "x") + "xf16>";
    partTypes.push_back(type);
    s << "  %c" << p << " = arith.constant " << part.offset << " : index\n";
    s << "  %o" << p << " = arith.addi %x, %c" << p << " : index\n";
    s << "  %v" << p << " = ktdp.construct_memory_view %o" << p
      << ", sizes: [" << dims(sizes, ", ") << "], strides: ["
      << dims(part.strides, ", ") << "] {coordinate_set = #part" << p
      << ", memory_space = #hbm} : " << type << "\n";
  }
  std::string viewType = "memref<" + dims(c.shape, "x") + "xf16>";
  std::string view = "%v0";
  if (c.parts.size() > 1) {
    s << "  %dist = ktdp.construct_distributed_memory_view (%v0, %v1 : "
      << partTypes[0] << ", " << partTypes[1] << ") : " << viewType << "\n";
    view = "%dist";
  }
  std::vector<int64_t> tileShape;
  for (unsigned d : c.order)
    tileShape.push_back(c.extent[d]);
  std::string tileType = "!ktdp.access_tile<" + dims(tileShape, "x") + "xindex>";
  std::string tensorType = "tensor<" + dims(tileShape, "x") + "xf16>";
  s << "  %t = ktdp.construct_access_tile " << view << "["
    << dims(c.anchor, ", ")
    << "] {access_tile_set = #tile, access_tile_order = #order} : "
    << viewType << " -> " << tileType << "\n";
  s << "  %r = ktdp.load %t : " << tileType << " -> " << tensorType << "\n";
  std::string all;
  for (size_t d = 0; d < rank; ++d)
    all += std::string(d ? ", " : "") + std::to_string(d);
  s << "  %f = tensor.collapse_shape %r [[" << all << "]] : " << tensorType
    << " into tensor<" << points << "xf16>\n";
  s << "  %ov = ktdp.construct_memory_view %out, sizes: [" << points
    << "], strides: [1] {coordinate_set = #all, memory_space = #hbm} : memref<"
    << points << "xf16>\n";
  s << "  %ot = ktdp.construct_access_tile %ov[0] {access_tile_set = #all, "
       "access_tile_order = #id1} : memref<"
    << points << "xf16> -> !ktdp.access_tile<" << points << "xindex>\n";
  s << "  ktdp.store %f, %ot : tensor<" << points
    << "xf16>, !ktdp.access_tile<" << points << "xindex>\n";
  s << "  return\n}\n";
  return s.str();
}

Case randomCase(std::mt19937 &rng) {
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  Case c;
  size_t rank = pick(2, 3);
  for (size_t d = 0; d < rank; ++d)
    c.shape.push_back(pick(2, 6));
  c.order.resize(rank);
  std::iota(c.order.begin(), c.order.end(), 0u);
  std::shuffle(c.order.begin(), c.order.end(), rng);
  // Strides: any (zero often), or those of a dense layout in tile order,
  // whose whole rows follow each other in memory (one run per band).
  auto randomPart = [&](Box box) {
    Part part;
    part.box = std::move(box);
    part.strides.assign(rank, 0);
    if (pick(0, 2) == 0) {
      int64_t step = 1;
      for (size_t k = rank; k-- > 0;) {
        unsigned d = c.order[k];
        part.strides[d] = step;
        step *= part.box.hi[d] - part.box.lo[d] + 1;
      }
    } else {
      for (size_t d = 0; d < rank; ++d)
        part.strides[d] = pick(0, 4) == 0 ? 0 : pick(-8, 8);
    }
    part.offset = pick(-40, 400);
    return part;
  };
  if (pick(0, 1) == 0) {
    // A plain view whose coordinate set may be narrower than its memref.
    Box box;
    for (size_t d = 0; d < rank; ++d) {
      box.lo.push_back(pick(0, 1));
      box.hi.push_back(c.shape[d] - 1 - pick(0, 1));
    }
    c.parts.push_back(randomPart(box));
  } else {
    // Two partitions cut along one dimension.
    size_t cut = pick(0, rank - 1);
    int64_t at = pick(1, c.shape[cut] - 1);
    Box first, second;
    for (size_t d = 0; d < rank; ++d) {
      first.lo.push_back(0);
      first.hi.push_back(d == cut ? at - 1 : c.shape[d] - 1);
      second.lo.push_back(d == cut ? at : 0);
      second.hi.push_back(c.shape[d] - 1);
    }
    c.parts.push_back(randomPart(first));
    c.parts.push_back(randomPart(second));
  }
  // The tile: often the whole view, else anywhere near it.
  bool whole = pick(0, 2) == 0;
  for (size_t d = 0; d < rank; ++d) {
    c.anchor.push_back(whole ? 0 : pick(-2, 2));
    c.extent.push_back(whole ? c.shape[d] : pick(1, c.shape[d] + 1));
  }
  return c;
}

/// Distinct non-zero f16 values, so a masked point (zero) shows.
Argument input() {
  npy::Array a;
  a.dtype = "f16";
  a.shape = {1024};
  a.data.resize(2048);
  for (int i = 0; i < 1024; ++i) {
    // 1 + i/1024 in f16: sign 0, exponent 15, mantissa i.
    uint16_t bits = static_cast<uint16_t>(15 << 10 | i);
    std::memcpy(&a.data[2 * i], &bits, 2);
  }
  Argument arg;
  arg.array = std::move(a);
  arg.byteStart = 0; // element 0: offsets below it reach negative indices
  return arg;
}

Argument output(int64_t points) {
  npy::Array a;
  a.dtype = "f16";
  a.shape = {points};
  a.data.assign(static_cast<size_t>(points) * 2, 0xff); // a NaN pattern
  Argument arg;
  arg.array = std::move(a);
  arg.byteStart = 4096;
  return arg;
}

} // namespace

class AccessTileWalkTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void bandWalkEqualsPointWalk() {
    std::mt19937 rng(20261129);
    int masked = 0, distributed = 0;
    for (int i = 0; i < 300; ++i) {
      Case c = randomCase(rng);
      int64_t points = std::accumulate(c.extent.begin(), c.extent.end(),
                                       int64_t{1}, std::multiplies<>());
      RunResult results[2];
      for (int pointWalk = 0; pointWalk < 2; ++pointWalk) {
        RunRequest request;
        request.source = kernel(c, pointWalk);
        request.sourceName = "walk.mlir";
        request.args["x"] = input();
        request.args["out"] = output(points);
        results[pointWalk] = runKernel(request);
        std::string errors;
        for (const Diagnostic &d : results[pointWalk].diagnostics)
          errors += d.message + "\n";
        QVERIFY2(results[pointWalk].ok,
                 qPrintable(QString::fromStdString(request.source + errors)));
      }
      const npy::Array &band = results[0].arrays.at("out");
      const npy::Array &each = results[1].arrays.at("out");
      QVERIFY2(band.data == each.data,
               qPrintable(QString::fromStdString(kernel(c, false))));
      QCOMPARE(results[0].kernelCycles, results[1].kernelCycles);
      for (size_t k = 0; k + 1 < band.data.size(); k += 2)
        masked += band.data[k] == 0 && band.data[k + 1] == 0;
      distributed += c.parts.size() > 1;
    }
    // The cases reached what they are meant to reach.
    QVERIFY(masked > 100);
    QVERIFY(distributed > 100);
  }
};

QTEST_GUILESS_MAIN(AccessTileWalkTest)
#include "AccessTileWalkTest.moc"
