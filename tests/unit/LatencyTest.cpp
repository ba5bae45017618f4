// LatencyTest.cpp - unit tests for the roofline latency model in
// interp/Latency.h.
//
// Each kernel test replays, by hand, the ops one corpus kernel executes on every
// core -- in the order the interpreter runs them and with the numbers the rules
// in docs/latency-model.md say it must pass -- and checks the result against
// the `latency` object of that kernel's oracle record in
// shared/corpus/expected/<name>.json (recorded with ktir-cpu 9e03d63, code
// defaults, serial pipeline). The expected numbers are copied from the records.

#include <cmath>
#include "interp/Latency.h"

#include <QString>
#include <QTest>

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace spyre::interp;

namespace {

uint64_t doubleBits(double d) {
  uint64_t u = 0;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

// Exact (bitwise) double comparison; QCOMPARE on doubles is fuzzy.
#define CHECK_EXACT(actual, expected)                                          \
  do {                                                                         \
    const double a_ = double(actual);                                          \
    const double e_ = double(expected);                                        \
    QVERIFY2(doubleBits(a_) == doubleBits(e_),                                 \
             qPrintable(QString::asprintf("%s = %.17g, expected %.17g",        \
                                          #actual, a_, e_)));                  \
  } while (0)

// Checks the per-core numbers of a record's per_core entry.
#define CHECK_CORE(report, id, compute, memory, comm, dram, ringBytes)         \
  do {                                                                         \
    QVERIFY(size_t(id) < (report).perCore.size());                             \
    const CoreLatency &c_ = (report).perCore[size_t(id)];                      \
    QCOMPARE(c_.coreId, (id));                                                 \
    CHECK_EXACT(c_.computeCycles, compute);                                    \
    CHECK_EXACT(c_.memoryCycles, memory);                                      \
    CHECK_EXACT(c_.commCycles, comm);                                          \
    CHECK_EXACT(c_.totalCycles, double(compute) + double(memory) +             \
                                    double(comm));                             \
    QCOMPARE(c_.dramBytes, int64_t(dram));                                     \
    QCOMPARE(c_.commBytes, int64_t(ringBytes));                                \
  } while (0)

// Plays the role of the interpreter on one core: every helper forwards to the
// tracker and remembers whether any call was refused.
struct CoreRun {
  LatencyTracker &t;
  int core;
  bool ok = true;

  // Any op charged by its element count (or a Zero op: elements unused).
  void op(const char *name, int64_t elements = 1) {
    ok = t.recordCompute(core, name, elements) && ok;
  }
  void hbm(int64_t sticks, const char *name = "ktdp.load") {
    ok = sticks >= 0 && t.recordHbmSticks(core, sticks, name) && ok;
  }
  void memory(const MemoryAccess &access, const char *name = "ktdp.load") {
    ok = t.recordMemory(core, access, name) && ok;
  }
  void matmul(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
    const MatmulDims d = matmulDims(a, b);
    ok = t.recordMatmul(core, d.m, d.n, d.k) && ok;
  }
  void ring(int64_t seedTileBytes) {
    ok = t.recordRingAllReduce(core, seedTileBytes) && ok;
  }
};

int64_t box(uint64_t baseByte, const std::vector<int64_t> &shape,
            const std::vector<int64_t> &strides, int bytesPerElem) {
  return sticksOfStridedBox(baseByte, shape, strides, bytesPerElem);
}

// The ops of the shared inter_tile_produce + inter_tile_reduce pattern with a
// linalg.add combiner on a tile of `tileElems` f16 elements; every core of the
// grid is a producer and a consumer unless `isProducer` says otherwise.
void produceAndReduce(CoreRun &r, int gridCores, int64_t tileElems,
                      const std::function<bool(int)> &isProducer) {
  r.op("ktdp.inter_tile_produce");
  r.op("ktdp.yield_partial");      // producer region
  r.op("arith.constant");          // %c_zero
  r.op("tensor.empty");            // %id_init
  r.op("linalg.fill", tileElems);  // identity tile: free
  for (int origin : ringFoldOrigins(r.core, gridCores, isProducer)) {
    (void)origin;
    r.op("tensor.empty");            // combiner region, once per fold
    r.op("linalg.add", tileElems);
    r.op("ktdp.yield_reduced");
  }
  r.ring(tileElems * 2);           // f16 seed tile
}

} // namespace

class LatencyTest : public QObject {
  Q_OBJECT

private slots:
  void hwConfigDefaults();
  void hwConfigFromRecord();
  void hwConfigErrors();
  void categories();
  void stickHelpers();
  void matmulDimsRule();
  void reduceFoldSchedule();
  void ringFoldRule();
  void invalidCalls();

  void ringReduce();
  void ringReduceInnerLoop();
  void addWithControlFlow();
  void scalarBroadcast();
  void nestedYield();
  void reduceGeneric();
  void reduceMultiop();
  void ffnSwiglu();
  void softmaxWide();
  void distributedViewCopy();
  void indirectAccessCopy();
  void sdpaPvKsplit();

  void pipelines();
  void bottleneckTies();
};

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

void LatencyTest::hwConfigDefaults() {
  const HwConfig c;
  QCOMPARE(c.numCores, 32);
  CHECK_EXACT(c.clockGhz, 1.0);
  CHECK_EXACT(c.hbmBandwidthTbS, 0.128);
  CHECK_EXACT(c.ringBandwidthTbS, 0.064);
  QCOMPARE(c.simdElementsPerCycle, 64);
  QCOMPARE(c.systolicRows, 8);
  QCOMPARE(c.transcendentalPenalty, 4);
  QCOMPARE(c.lxSizeMb, 2);
  // The record's "derived" object.
  CHECK_EXACT(c.hbmBytesPerCycleChip(), 128.0);
  CHECK_EXACT(c.ringBytesPerCycle(), 64.0);
  QCOMPARE(c.systolicFlopsPerCycle(), int64_t(1024));
  CHECK_EXACT(c.hbmBytesPerCyclePerCore(1), 128.0);
  CHECK_EXACT(c.hbmBytesPerCyclePerCore(4), 32.0);
  CHECK_EXACT(c.hbmBytesPerCyclePerCore(32), 4.0);
  CHECK_EXACT(c.lxBytesPerCycle(), 64.0);
  QCOMPARE(c.lxSizeBytes(), int64_t(2) * 1024 * 1024);
}

void LatencyTest::hwConfigFromRecord() {
  // hw_config of every corpus record (e.g. ktir__ring_reduce.json).
  const std::map<std::string, double> kv = {
      {"num_cores", 32},
      {"clock_ghz", 1.0},
      {"hbm_bandwidth_tb_s", 0.128},
      {"ring_bandwidth_tb_s", 0.064},
      {"simd_elements_per_cycle", 64},
      {"systolic_rows", 8},
      {"transcendental_penalty", 4},
      {"lx_size_mb", 2}};
  std::string error;
  const std::optional<HwConfig> c = HwConfig::fromKeyValues(kv, &error);
  QVERIFY2(c.has_value(), error.c_str());
  QVERIFY(c->toKeyValues() == kv);

  // The doc table's values (latency.md) give the old rates.
  const std::optional<HwConfig> old = HwConfig::fromKeyValues(
      {{"hbm_bandwidth_tb_s", 1.0},
       {"ring_bandwidth_tb_s", 4.0},
       {"systolic_rows", 4096}});
  QVERIFY(old.has_value());
  CHECK_EXACT(old->hbmBytesPerCycleChip(), 1000.0);
  CHECK_EXACT(old->ringBytesPerCycle(), 4000.0);
  QCOMPARE(old->systolicFlopsPerCycle(), int64_t(524288));
  QCOMPARE(old->numCores, 32); // missing keys keep the default
}

void LatencyTest::hwConfigErrors() {
  std::string error;
  QVERIFY(!HwConfig::fromKeyValues({{"bogus", 1.0}}, &error));
  QVERIFY(error.find("bogus") != std::string::npos);
  QVERIFY(!HwConfig::fromKeyValues({{"num_cores", 2.5}}, &error));
  QVERIFY(error.find("num_cores") != std::string::npos);
  QVERIFY(!HwConfig::fromKeyValues({{"num_cores", 0}}, &error));
  QVERIFY(!HwConfig::fromKeyValues({{"clock_ghz", 0}}, &error));
  QVERIFY(!HwConfig::fromKeyValues({{"hbm_bandwidth_tb_s", -1}}, &error));
  // Zero or absurd hardware values would make costs vanish: refused, each
  // with the key named; the bounds themselves are accepted.
  for (auto [key, bad] : std::vector<std::pair<std::string, double>>{
           {"hbm_bandwidth_tb_s", 0},
           {"ring_bandwidth_tb_s", 0},
           {"transcendental_penalty", 0},
           {"clock_ghz", 1e300},
           {"clock_ghz", std::nan("")},
           {"hbm_bandwidth_tb_s", 1e308 * 10},
           {"lx_size_mb", 0},
           {"lx_size_mb", 4294967296.0},
           {"systolic_rows", 2147483648.0},
           {"num_cores", 9223372036854775807.0}}) {
    QVERIFY2(!HwConfig::fromKeyValues({{key, bad}}, &error), key.c_str());
    QVERIFY(error.find(key) != std::string::npos);
  }
  QVERIFY(HwConfig::fromKeyValues({{"clock_ghz", 100.0},
                                   {"hbm_bandwidth_tb_s", 10000.0},
                                   {"transcendental_penalty", 1},
                                   {"lx_size_mb", 1048576}}));
}

void LatencyTest::categories() {
  QCOMPARE(costCategoryOf("arith.addf"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("arith.cmpf"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("arith.select"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("arith.addi"), CostCategory::ComputeInt);
  QCOMPARE(costCategoryOf("arith.cmpi"), CostCategory::ComputeInt);
  QCOMPARE(costCategoryOf("arith.index_cast"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("arith.extf"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("arith.constant"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("math.exp"), CostCategory::ComputeTranscendental);
  QCOMPARE(costCategoryOf("math.powf"), CostCategory::ComputeTranscendental);
  QCOMPARE(costCategoryOf("math.fma"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("math.absi"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("linalg.matmul"), CostCategory::ComputeMatmul);
  QCOMPARE(costCategoryOf("linalg.batch_matmul"), CostCategory::ComputeMatmul);
  QCOMPARE(costCategoryOf("linalg.generic"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("linalg.add"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("linalg.max"), CostCategory::ComputeFloat);
  QCOMPARE(costCategoryOf("linalg.reduce"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("linalg.fill"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("ktdp.load"), CostCategory::Memory);
  QCOMPARE(costCategoryOf("ktdp.store"), CostCategory::Memory);
  QCOMPARE(costCategoryOf("ktdp.inter_tile_reduce"), CostCategory::Comm);
  QCOMPARE(costCategoryOf("ktdp.inter_tile_produce"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("tensor.generate"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("scf.for"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("func.return"), CostCategory::Zero);
  QCOMPARE(costCategoryOf("no.such_op"), CostCategory::Zero);
  QVERIFY(isKtirCpuOp("arith.addf"));
  QVERIFY(!isKtirCpuOp("no.such_op"));
  QVERIFY(!isKtirCpuOp("spyreop.exp"));

  // Our spyreop extension.
  for (const char *name : {"spyreop.exp", "spyreop.sigmoid", "spyreop.silu",
                           "spyreop.gelu", "spyreop.sqrt", "spyreop.rsqrt",
                           "spyreop.softplus"}) {
    QCOMPARE(costCategoryOf(name), CostCategory::ComputeTranscendental);
    QVERIFY(isSpyreOpExtension(name));
  }
  for (const char *name : {"spyreop.realdiv", "spyreop.reciprocal",
                           "spyreop.cmp", "spyreop.select"})
    QCOMPARE(costCategoryOf(name), CostCategory::ComputeFloat);
  for (const char *name : {"spyreop.addi32toi32", "spyreop.muli32toi32",
                           "spyreop.addi64toi64", "spyreop.idx32toaddr"})
    QCOMPARE(costCategoryOf(name), CostCategory::ComputeInt);

  QCOMPARE(QString(costCategoryName(CostCategory::ComputeTranscendental)),
           QString("compute_transcendental"));
  QCOMPARE(QString(pipelineName(Pipeline::Overlapped3Way)),
           QString("overlapped_3way"));
}

void LatencyTest::stickHelpers() {
  QCOMPARE(sticksOfByteRange(0, 0), int64_t(0));
  QCOMPARE(sticksOfByteRange(0, 1), int64_t(1));
  QCOMPARE(sticksOfByteRange(0, 128), int64_t(1));
  QCOMPARE(sticksOfByteRange(0, 129), int64_t(2));
  QCOMPARE(sticksOfByteRange(127, 2), int64_t(2));
  QCOMPARE(sticksOfByteRange(65536, 2), int64_t(1)); // a 1x1 f16 load

  // Contiguous box == byte range.
  QCOMPARE(box(2048, {1, 64}, {64, 1}, 2), int64_t(1));
  QCOMPARE(box(65664, {64, 128}, {128, 1}, 2), int64_t(128));
  // Column of a 64x64 f16 matrix: 64 elements, each in its own stick.
  QCOMPARE(box(0, {64}, {64}, 2), int64_t(64));
  // 64x2 block of it: two adjacent columns share each row's stick.
  QCOMPARE(box(0, {64, 2}, {64, 1}, 2), int64_t(64));
  // Column-packed 32x64 f16 (strides [1, 64], like distributed-view-copy's
  // LX0 partition): each of the 64 columns is 32 elements = half a stick, so
  // 4096 bytes touch 64 sticks, not 32.
  QCOMPARE(box(0, {32, 64}, {1, 64}, 2), int64_t(64));
  // Rows narrower than a stick, packed: 8 rows x 16 f16 = 2 sticks.
  QCOMPARE(box(0, {8, 16}, {16, 1}, 2), int64_t(2));
  // Unaligned start: 64 f16 at byte 64 straddle two sticks.
  QCOMPARE(box(64, {1, 64}, {64, 1}, 2), int64_t(2));
  QCOMPARE(box(0, {0, 64}, {64, 1}, 2), int64_t(0));
  QCOMPARE(box(0, {}, {}, 2), int64_t(1));
  QCOMPARE(box(0, {4}, {1, 1}, 2), int64_t(-1));

  QCOMPARE(sticksOfAddresses({}), int64_t(0));
  QCOMPARE(sticksOfAddresses({0, 0, 0, 126}), int64_t(1));
  QCOMPARE(sticksOfAddresses({0, 128, 4096, 130}), int64_t(3));
}

void LatencyTest::matmulDimsRule() {
  MatmulDims d = matmulDims({1, 64}, {64, 128});
  QCOMPARE(d.m, int64_t(1));
  QCOMPARE(d.n, int64_t(128));
  QCOMPARE(d.k, int64_t(64));
  d = matmulDims({64}, {64, 8}); // rank-1 A
  QCOMPARE(d.m, int64_t(1));
  QCOMPARE(d.n, int64_t(8));
  QCOMPARE(d.k, int64_t(64));
  // batch_matmul: ktir-cpu reads the two leading dims (B, M) of A and dim 1
  // (K) of B.
  d = matmulDims({2, 8, 16}, {2, 16, 4});
  QCOMPARE(d.m, int64_t(2));
  QCOMPARE(d.k, int64_t(8));
  QCOMPARE(d.n, int64_t(16));
}

void LatencyTest::reduceFoldSchedule() {
  using V = std::vector<int64_t>;
  QCOMPARE(reduceFoldSizes({1, 4}, {1}, false, true), (V{2, 1, 1}));
  QCOMPARE(reduceFoldSizes({1, 8}, {1}, false, true), (V{4, 2, 1, 1}));
  QCOMPARE(reduceFoldSizes({1, 8}, {1}, false, false), (V{4, 2, 1}));
  QCOMPARE(reduceFoldSizes({5}, {0}, false, true), (V{2, 1, 1, 1}));
  // Two dims: the highest first, then the next on the already-reduced tile.
  QCOMPARE(reduceFoldSizes({4, 6}, {0, 1}, false, true),
           (V{12, 4, 4, 2, 1, 1}));
  // Reduce everything: flattened, one element left for the outs combine.
  QCOMPARE(reduceFoldSizes({2, 3}, {}, true, true), (V{3, 1, 1, 1}));
  // Softmax rows: 262144 elements -> 262143 folded + 1 outs combine.
  int64_t total = 0;
  for (int64_t n : reduceFoldSizes({1, 262144}, {1}, false, true))
    total += n;
  QCOMPARE(total, int64_t(262144));
  QVERIFY(reduceFoldSizes({4}, {3}, false, true).empty()); // bad dim
}

void LatencyTest::ringFoldRule() {
  const auto all = [](int) { return true; };
  QCOMPARE(ringFoldOrigins(0, 4, all), (std::vector<int>{3, 2, 1}));
  QCOMPARE(ringFoldOrigins(2, 4, all), (std::vector<int>{1, 0, 3}));
  QCOMPARE(ringFoldOrigins(0, 1, all), std::vector<int>{});
  // Two groups of even / odd cores on a 32-core ring: 15 folds each.
  const auto evens = [](int i) { return i % 2 == 0; };
  QCOMPARE(int(ringFoldOrigins(4, 32, evens).size()), 15);
  QCOMPARE(ringFoldOrigins(4, 32, evens).front(), 2);
}

void LatencyTest::invalidCalls() {
  LatencyTracker t(HwConfig(), 2);
  QVERIFY(!t.recordCompute(2, "arith.addf", 64));
  QVERIFY(!t.recordCompute(-1, "arith.addf", 64));
  QVERIFY(!t.recordCompute(0, "ktdp.load", 64));
  QVERIFY(!t.recordCompute(0, "linalg.matmul", 64));
  QVERIFY(!t.recordCompute(0, "ktdp.inter_tile_reduce", 64));
  QVERIFY(!t.recordCompute(0, "arith.addf", -1));
  QVERIFY(!t.recordHbmSticks(0, -1));
  QVERIFY(!t.recordComm(0, -1));
  QVERIFY(t.recordCompute(0, "scf.for", 0));
  const LatencyReport r = t.report();
  QCOMPARE(int(r.perCore.size()), 2);
  CHECK_EXACT(r.kernelCycles, 0.0);
  QCOMPARE(r.bottleneck, std::string("compute"));
  QCOMPARE(r.criticalCore, 0);
  QVERIFY(r.perCore[0].byCategory.empty());

  const LatencyReport empty = LatencyTracker(HwConfig(), 0).report();
  QCOMPARE(empty.bottleneck, std::string("none"));
  QCOMPARE(empty.criticalCore, -1);
}

// ---------------------------------------------------------------------------
// Corpus kernels
// ---------------------------------------------------------------------------

// ktir__ring_reduce: grid [4]; in_ptr = 0, out_ptr = 512 (element indices).
void LatencyTest::ringReduce() {
  LatencyTracker t(HwConfig(), 4);
  for (int core = 0; core < 4; ++core) {
    CoreRun r{t, core};
    r.op("arith.constant");
    r.op("arith.constant");
    r.op("ktdp.get_compute_tile_id");
    r.op("arith.muli"); // scalar: compute_int, 0 cycles
    r.op("arith.addi");
    r.op("ktdp.construct_memory_view");
    r.op("ktdp.construct_access_tile");
    // 1x128 f16 row at element 128 * core.
    r.hbm(box(uint64_t(core) * 128 * 2, {1, 128}, {128, 1}, 2));
    produceAndReduce(r, 4, 128, [](int) { return true; });
    r.op("arith.cmpi"); // scalar
    r.op("scf.if");
    if (core == 0) {
      r.op("tensor.expand_shape");
      r.op("ktdp.construct_memory_view");
      r.op("ktdp.construct_access_tile");
      r.hbm(box(512 * 2, {1, 128}, {128, 1}, 2), "ktdp.store");
    }
    r.op("func.return");
    QVERIFY(r.ok);
  }
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 34.0);
  CHECK_EXACT(rep.kernelTimeUs, 0.034);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  QCOMPARE(rep.criticalCore, 0);
  QCOMPARE(int(rep.perCore.size()), 4);
  CHECK_CORE(rep, 0, 6.0, 16.0, 12.0, 512, 768);
  for (int core = 1; core < 4; ++core)
    CHECK_CORE(rep, core, 6.0, 8.0, 12.0, 256, 768);
  const CoreLatency &c0 = rep.perCore[0];
  QCOMPARE(int(c0.byCategory.size()), 2);
  QCOMPARE(c0.byCategory[0].category, CostCategory::ComputeInt);
  QCOMPARE(c0.byCategory[1].category, CostCategory::ComputeFloat);
  CHECK_EXACT(c0.cyclesIn(CostCategory::ComputeInt), 0.0);
  CHECK_EXACT(c0.flopsIn(CostCategory::ComputeFloat), 384.0);
  // chip_totals
  CHECK_EXACT(rep.chipFlops(), 1536.0);
  QCOMPARE(rep.chipDramBytes(), int64_t(1280));
  QCOMPARE(rep.chipCommBytes(), int64_t(3072));
}

// ktir__ring_reduce_inner_loop: grid [4]; in_ptr 0, out_ptr 512, n_iters 3.
void LatencyTest::ringReduceInnerLoop() {
  LatencyTracker t(HwConfig(), 4);
  for (int core = 0; core < 4; ++core) {
    CoreRun r{t, core};
    r.op("arith.muli");
    r.op("arith.addi");
    r.hbm(box(uint64_t(core) * 256, {1, 128}, {128, 1}, 2));
    r.op("linalg.fill", 128);
    r.op("scf.for");
    for (int k = 0; k < 3; ++k) {
      produceAndReduce(r, 4, 128, [](int) { return true; });
      r.op("tensor.expand_shape");
      r.op("tensor.empty");
      r.op("linalg.add", 128); // acc + reduced
      r.op("scf.yield");
    }
    r.op("arith.cmpi");
    if (core == 0)
      r.hbm(box(1024, {1, 128}, {128, 1}, 2), "ktdp.store");
    QVERIFY(r.ok);
  }
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 76.0);
  QCOMPARE(rep.bottleneck, std::string("comm"));
  QCOMPARE(rep.criticalCore, 0);
  CHECK_CORE(rep, 0, 24.0, 16.0, 36.0, 512, 2304);
  for (int core = 1; core < 4; ++core)
    CHECK_CORE(rep, core, 24.0, 8.0, 36.0, 256, 2304);
  CHECK_EXACT(rep.perCore[2].flopsIn(CostCategory::ComputeFloat), 1536.0);
}

// rfc__add-with-control-flow: grid [1] (no attribute); A, B, C at element
// indices 1024, 12288, 18432 of 96x64 f16; core 0 handles rows 0..2.
void LatencyTest::addWithControlFlow() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  for (int i = 0; i < 6; ++i)
    r.op("arith.constant");
  r.op("ktdp.get_compute_tile_id");
  r.op("arith.muli"); // start_row = 0 * 3
  for (int i = 0; i < 3; ++i)
    r.op("ktdp.construct_memory_view");
  r.op("scf.for");
  for (int row = 0; row < 3; ++row) {
    r.op("arith.addi");
    r.op("ktdp.construct_access_tile");
    r.op("ktdp.construct_access_tile");
    r.hbm(box(1024 * 2 + uint64_t(row) * 64 * 2, {1, 64}, {64, 1}, 2));
    r.hbm(box(12288 * 2 + uint64_t(row) * 64 * 2, {1, 64}, {64, 1}, 2));
    r.op("tensor.empty");
    r.op("linalg.add", 64);
    r.op("ktdp.construct_access_tile");
    r.hbm(box(18432 * 2 + uint64_t(row) * 64 * 2, {1, 64}, {64, 1}, 2),
          "ktdp.store");
    r.op("scf.yield");
  }
  r.op("func.return");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 12.0);
  CHECK_EXACT(rep.kernelTimeUs, 0.012);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  CHECK_CORE(rep, 0, 3.0, 9.0, 0.0, 1152, 0);
  CHECK_EXACT(rep.perCore[0].flopsIn(CostCategory::ComputeFloat), 192.0);
  QVERIFY(rep.perCore[0].hasCategory(CostCategory::ComputeInt));
}

// ktir__scalar_broadcast: grid [1]; in_ptr (1x1 f16) at byte 65536, out_ptr
// (4x64 f16) at byte 65664 (array arguments, 128-byte aligned from 0x10000).
void LatencyTest::scalarBroadcast() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  r.op("arith.constant");
  r.op("ktdp.construct_memory_view");
  r.op("ktdp.construct_access_tile");
  r.hbm(box(65536, {1, 1}, {1, 1}, 2));
  r.op("tensor.collapse_shape", 1);
  r.op("tensor.empty", 256);
  r.op("linalg.broadcast", 256);
  r.op("ktdp.construct_memory_view");
  r.op("ktdp.construct_access_tile");
  r.hbm(box(65664, {4, 64}, {64, 1}, 2), "ktdp.store");
  r.op("func.return");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 5.0);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  CHECK_CORE(rep, 0, 0.0, 5.0, 0.0, 640, 0);
  // cycles_by_category is {} in the record: no compute op ran at all.
  QVERIFY(rep.perCore[0].byCategory.empty());
}

// ktir__nested_yield: grid [1]; out (4 x f32) at byte 65536.
void LatencyTest::nestedYield() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  for (int i = 0; i < 5; ++i)
    r.op("arith.constant"); // incl. two dense tensor constants: free
  r.op("ktdp.construct_memory_view");
  r.op("scf.for");
  for (int i = 0; i < 2; ++i) {
    r.op("arith.addf", 4);
    r.op("scf.for");
    for (int j = 0; j < 2; ++j) {
      r.op("arith.addf", 4);
      r.op("scf.yield");
    }
    r.op("scf.yield");
  }
  r.op("ktdp.construct_access_tile");
  r.hbm(box(65536, {4}, {1}, 4), "ktdp.store");
  r.op("func.return");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 1.375);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  CHECK_CORE(rep, 0, 0.375, 1.0, 0.0, 128, 0);
  QCOMPARE(int(rep.perCore[0].byCategory.size()), 1);
  CHECK_EXACT(rep.perCore[0].flopsIn(CostCategory::ComputeFloat), 24.0);
}

// ktir__reduce_generic: grid [1, 1]; arg0 (1x4 f16) at byte 65536; explicit
// combiner region { arith.addf; linalg.yield }.
void LatencyTest::reduceGeneric() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  r.op("arith.constant");
  r.op("arith.constant");
  r.op("ktdp.construct_memory_view");
  r.op("ktdp.construct_access_tile");
  r.hbm(box(65536, {1, 4}, {4, 1}, 2));
  r.op("tensor.empty", 1);
  r.op("linalg.fill", 1);
  for (int64_t n : reduceFoldSizes({1, 4}, {1}, false, /*outsIsTensor=*/true)) {
    r.op("arith.addf", n);
    r.op("linalg.yield");
  }
  r.op("linalg.reduce"); // charged nothing itself
  r.op("tensor.extract");
  r.op("tensor.splat", 4);
  r.op("ktdp.construct_memory_view");
  r.op("ktdp.construct_access_tile");
  r.hbm(box(65536, {1, 4}, {4, 1}, 2), "ktdp.store");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 2.0625);
  CHECK_CORE(rep, 0, 0.0625, 2.0, 0.0, 256, 0);
  CHECK_EXACT(rep.perCore[0].flopsIn(CostCategory::ComputeFloat), 4.0);
}

// ktir__reduce_multiop: grid [1, 1]; arg0 (1x8 f16) at byte 65536; combiner
// { arith.cmpf; arith.select; linalg.yield }.
void LatencyTest::reduceMultiop() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  r.hbm(box(65536, {1, 8}, {8, 1}, 2));
  r.op("linalg.fill", 1);
  for (int64_t n : reduceFoldSizes({1, 8}, {1}, false, true)) {
    r.op("arith.cmpf", n);
    r.op("arith.select", n);
    r.op("linalg.yield");
  }
  r.op("linalg.reduce");
  r.hbm(box(65536, {1, 8}, {8, 1}, 2), "ktdp.store");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 2.25);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  CHECK_CORE(rep, 0, 0.25, 2.0, 0.0, 256, 0);
  CHECK_EXACT(rep.perCore[0].flopsIn(CostCategory::ComputeFloat), 16.0);
}

// ktir__ffn_swiglu: grid [1, 1]; x (1x64), w_gate (64x128), w_up (64x128),
// w_down (128x64), out (1x64), f16 arrays at bytes 65536, 65664, 82048, 98432,
// 114816.
void LatencyTest::ffnSwiglu() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  r.hbm(box(65536, {1, 64}, {64, 1}, 2));             // x
  r.hbm(box(65664, {64, 128}, {128, 1}, 2));          // w_gate
  r.op("tensor.empty", 128);
  r.matmul({1, 64}, {64, 128});                       // gate
  r.hbm(box(82048, {64, 128}, {128, 1}, 2));          // w_up
  r.op("tensor.empty", 128);
  r.matmul({1, 64}, {64, 128});                       // up
  r.op("arith.negf", 128);
  r.op("math.exp", 128);
  r.op("arith.constant", 128);                        // dense<1.0>: free
  r.op("arith.addf", 128);
  r.op("arith.divf", 128);
  r.op("arith.mulf", 128);
  r.op("arith.mulf", 128);
  r.hbm(box(98432, {128, 64}, {64, 1}, 2));           // w_down
  r.op("tensor.empty", 64);
  r.matmul({1, 128}, {128, 64});                      // down
  r.op("arith.addf", 64);
  r.hbm(box(114816, {1, 64}, {64, 1}, 2), "ktdp.store");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 453.0);
  CHECK_EXACT(rep.kernelTimeUs, 0.453);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  CHECK_CORE(rep, 0, 67.0, 386.0, 0.0, 49408, 0);
  const CoreLatency &c = rep.perCore[0];
  // Record order: compute_matmul, compute_float, compute_transcendental.
  QCOMPARE(int(c.byCategory.size()), 3);
  QCOMPARE(c.byCategory[0].category, CostCategory::ComputeMatmul);
  QCOMPARE(c.byCategory[1].category, CostCategory::ComputeFloat);
  QCOMPARE(c.byCategory[2].category, CostCategory::ComputeTranscendental);
  CHECK_EXACT(c.cyclesIn(CostCategory::ComputeMatmul), 48.0);
  CHECK_EXACT(c.cyclesIn(CostCategory::ComputeFloat), 11.0);
  CHECK_EXACT(c.cyclesIn(CostCategory::ComputeTranscendental), 8.0);
  CHECK_EXACT(c.flopsIn(CostCategory::ComputeMatmul), 49152.0);
  CHECK_EXACT(c.flopsIn(CostCategory::ComputeFloat), 704.0);
  CHECK_EXACT(c.flopsIn(CostCategory::ComputeTranscendental), 128.0);
  CHECK_EXACT(rep.chipFlops(), 49984.0);
}

// ktir__softmax_wide: grid [1, 1]; output (2x262144 f16) at byte 65536, input
// at byte 1114112. The scalar arith.select (end = min(end_raw, R)) costs 1/64
// of a cycle: the .015625 of the record.
void LatencyTest::softmaxWide() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  r.op("ktdp.get_compute_tile_id");
  r.op("arith.constant");
  r.op("arith.muli");
  r.op("arith.addi");
  r.op("arith.cmpi");   // scalar integer compare: free
  r.op("arith.select"); // scalar float-unit op: 1 element
  r.op("scf.for");
  for (int row = 0; row < 2; ++row) {
    const uint64_t rowBytes = uint64_t(row) * 262144 * 2;
    r.hbm(box(1114112 + rowBytes, {1, 262144}, {262144, 1}, 2));
    r.op("tensor.splat", 1);
    for (int64_t n : reduceFoldSizes({1, 262144}, {1}, false, true))
      r.op("arith.maxnumf", n);   // shorthand { arith.maxnumf }
    r.op("linalg.reduce");
    r.op("tensor.extract");
    r.op("tensor.splat", 262144);
    r.op("arith.subf", 262144);
    r.op("math.exp", 262144);
    r.op("tensor.splat", 1);
    for (int64_t n : reduceFoldSizes({1, 262144}, {1}, false, true))
      r.op("arith.addf", n);
    r.op("linalg.reduce");
    r.op("tensor.extract");
    r.op("tensor.splat", 262144);
    r.op("arith.divf", 262144);
    r.hbm(box(65536 + rowBytes, {1, 262144}, {262144, 1}, 2), "ktdp.store");
    r.op("scf.yield");
  }
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 81920.015625);
  CHECK_EXACT(rep.kernelTimeUs, 81.920015625);
  QCOMPARE(rep.bottleneck, std::string("compute"));
  CHECK_CORE(rep, 0, 65536.015625, 16384.0, 0.0, 2097152, 0);
  const CoreLatency &c = rep.perCore[0];
  QCOMPARE(c.byCategory[0].category, CostCategory::ComputeInt);
  QCOMPARE(c.byCategory[1].category, CostCategory::ComputeFloat);
  QCOMPARE(c.byCategory[2].category, CostCategory::ComputeTranscendental);
  CHECK_EXACT(c.cyclesIn(CostCategory::ComputeFloat), 32768.015625);
  CHECK_EXACT(c.flopsIn(CostCategory::ComputeFloat), 2097153.0);
  CHECK_EXACT(c.cyclesIn(CostCategory::ComputeTranscendental), 32768.0);
  CHECK_EXACT(c.flopsIn(CostCategory::ComputeTranscendental), 524288.0);
  CHECK_EXACT(rep.chipFlops(), 2621441.0);
}

// rfc__distributed-view-copy: grid [2, 1, 1]. A = HBM rows 0..95 (element 0),
// LX0 rows 96..127 (32x64, strides [1, 64], core 0's LX), LX1 rows 128..191
// (64x64, core 1's LX); B (192x64 f16) at element 24576. Both cores copy all
// of A to B; the A access survives on all three partitions: a mixed access.
void LatencyTest::distributedViewCopy() {
  LatencyTracker t(HwConfig(), 2);
  for (int core = 0; core < 2; ++core) {
    CoreRun r{t, core};
    MemoryAccess load;
    load.dataSticks = box(0, {96, 64}, {64, 1}, 2);  // the HBM partition
    load.distributedMixed = true;
    load.lxPartitionBytes = 32 * 64 * 2 + 64 * 64 * 2; // whole LX partitions
    r.memory(load);
    r.hbm(box(24576 * 2, {192, 64}, {64, 1}, 2), "ktdp.store");
    QVERIFY(r.ok);
  }
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 576.0);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  QCOMPARE(rep.criticalCore, 0);
  // max(12288 B / 64 B/cycle HBM share, 12288 B / 64 B/cycle LX) = 192,
  // store 24576 B / 64 = 384; dram_bytes counts the LX partition bytes too.
  CHECK_CORE(rep, 0, 0.0, 576.0, 0.0, 49152, 0);
  CHECK_CORE(rep, 1, 0.0, 576.0, 0.0, 49152, 0);
  QVERIFY(rep.perCore[1].byCategory.empty());
}

// rfc__indirect-access-copy: grid [1]. X (64x64 f16) at element 0, IDX1 and
// IDX2 (64x64 i32) at elements 64 and 128 (bytes 256 and 512 -- they alias X
// and each other; the harness zero-filled the cluster, so every index is 0),
// Y (64x64 f16) at element 192 (byte 384).
void LatencyTest::indirectAccessCopy() {
  LatencyTracker t(HwConfig(), 1);
  CoreRun r{t, 0};
  std::vector<uint64_t> gathered(64 * 64, 0); // X[IDX1[m,k], IDX2[m,k]] = X[0,0]
  MemoryAccess load;
  load.dataSticks = sticksOfAddresses(gathered);
  // Every index element is read once per view; views are counted separately
  // even though their bytes overlap.
  load.indexSticks =
      box(256, {64, 64}, {64, 1}, 4) + box(512, {64, 64}, {64, 1}, 4);
  QCOMPARE(load.dataSticks, int64_t(1));
  QCOMPARE(load.indexSticks, int64_t(256));
  r.memory(load);
  r.hbm(box(384, {64, 64}, {64, 1}, 2), "ktdp.store");
  QVERIFY(r.ok);
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 321.0);
  CHECK_CORE(rep, 0, 0.0, 321.0, 0.0, 41088, 0);
}

// sdsc__sdpa_pv_ksplit: grid [2, 16] = 32 cores, core = x + 2 * y. a (1x8192),
// b (8192x128), c (1x128) f16 arrays at bytes 65536, 81920, 2179072. Two
// reduce groups (even / odd cores), but the ring spans all 32 cores.
void LatencyTest::sdpaPvKsplit() {
  const int grid = 32;
  LatencyTracker t(HwConfig(), grid);
  for (int core = 0; core < grid; ++core) {
    const int x = core % 2;  // pid_out
    const int y = core / 2;  // pid_in
    CoreRun r{t, core};
    r.op("arith.muli");
    r.op("arith.muli");
    r.hbm(box(65536 + uint64_t(y) * 512 * 2, {1, 512}, {8192, 1}, 2));
    r.hbm(box(81920 + (uint64_t(y) * 512 * 128 + uint64_t(x) * 64) * 2,
              {512, 64}, {128, 1}, 2));
    r.op("arith.constant", 64);
    r.matmul({1, 512}, {512, 64});
    const int group = x;
    produceAndReduce(r, grid, 64, [group](int i) {
      return (i - group) % 2 == 0 && i >= group && i <= group + 30;
    });
    r.op("arith.muli");
    r.op("arith.cmpi");
    if (y == 0)
      r.hbm(box(2179072 + uint64_t(x) * 64 * 2, {1, 64}, {128, 1}, 2),
            "ktdp.store");
    QVERIFY(r.ok);
  }
  const LatencyReport rep = t.report();
  CHECK_EXACT(rep.kernelCycles, 16813.0);
  QCOMPARE(rep.bottleneck, std::string("memory"));
  QCOMPARE(rep.criticalCore, 0); // cores 0 and 1 tie; the lower id wins
  QCOMPARE(int(rep.perCore.size()), 32);
  CHECK_CORE(rep, 0, 79.0, 16672.0, 62.0, 66688, 3968);
  CHECK_CORE(rep, 1, 79.0, 16672.0, 62.0, 66688, 3968);
  for (int core = 2; core < grid; ++core)
    CHECK_CORE(rep, core, 79.0, 16640.0, 62.0, 66560, 3968);
  CHECK_EXACT(rep.perCore[5].cyclesIn(CostCategory::ComputeMatmul), 64.0);
  CHECK_EXACT(rep.perCore[5].cyclesIn(CostCategory::ComputeFloat), 15.0);
  CHECK_EXACT(rep.perCore[5].flopsIn(CostCategory::ComputeFloat), 960.0);
  // chip_totals
  CHECK_EXACT(rep.chipFlops(), 2127872.0);
  QCOMPARE(rep.chipDramBytes(), int64_t(2130176));
  QCOMPARE(rep.chipCommBytes(), int64_t(126976));
}

// ---------------------------------------------------------------------------
// Report variants
// ---------------------------------------------------------------------------

void LatencyTest::pipelines() {
  // ring_reduce's per-core numbers under the three pipeline models.
  const auto run = [](Pipeline p) {
    LatencyTracker t(HwConfig(), 2, p);
    t.recordCompute(0, "linalg.add", 6 * 64);  // 6 cycles
    t.recordHbmSticks(0, 8);                   // 8 sticks at 64 B/cycle = 16
    t.recordComm(0, 768);                      // 12
    t.recordCompute(1, "math.exp", 30 * 16);   // 30 cycles
    return t.report();
  };
  LatencyReport serial = run(Pipeline::Serial);
  CHECK_EXACT(serial.kernelCycles, 34.0);
  QCOMPARE(serial.criticalCore, 0);
  QCOMPARE(serial.bottleneck, std::string("memory"));
  LatencyReport overlapped = run(Pipeline::Overlapped);
  CHECK_EXACT(overlapped.perCore[0].totalCycles, 28.0);
  CHECK_EXACT(overlapped.kernelCycles, 30.0);
  QCOMPARE(overlapped.criticalCore, 1);
  QCOMPARE(overlapped.bottleneck, std::string("compute"));
  LatencyReport threeWay = run(Pipeline::Overlapped3Way);
  CHECK_EXACT(threeWay.perCore[0].totalCycles, 16.0);
  CHECK_EXACT(threeWay.kernelCycles, 30.0);

  // Op breakdown on request.
  LatencyTracker t(HwConfig(), 1);
  t.setOpBreakdown(true);
  t.recordCompute(0, "arith.addf", 64);
  t.recordCompute(0, "arith.addf", 64);
  t.recordHbmSticks(0, 1, "ktdp.store");
  const LatencyReport r = t.report();
  QCOMPARE(int(r.perCore[0].cyclesByOp.size()), 2);
  QCOMPARE(r.perCore[0].cyclesByOp[0].first, std::string("arith.addf"));
  CHECK_EXACT(r.perCore[0].cyclesByOp[0].second, 2.0);
  CHECK_EXACT(r.perCore[0].cyclesByOp[1].second, 1.0);

  // The LX path is free and records no bytes.
  LatencyTracker lx(HwConfig(), 1);
  MemoryAccess access;
  access.lx = true;
  access.dataSticks = 100; // ignored
  QVERIFY(lx.recordMemory(0, access));
  CHECK_EXACT(lx.report().kernelCycles, 0.0);
  QCOMPARE(lx.report().perCore[0].dramBytes, int64_t(0));
}

void LatencyTest::bottleneckTies() {
  // Ties go to compute, then memory, then comm (ktir-cpu's dict order).
  LatencyTracker t(HwConfig(), 1);
  t.recordCompute(0, "arith.addf", 64);  // 1 cycle
  t.recordHbmSticks(0, 1);               // 1 cycle (1 core: 128 B/cycle)
  t.recordComm(0, 64);                   // 1 cycle
  QCOMPARE(t.report().bottleneck, std::string("compute"));
  LatencyTracker u(HwConfig(), 1);
  u.recordHbmSticks(0, 1);
  u.recordComm(0, 64);
  QCOMPARE(u.report().bottleneck, std::string("memory"));
  // Integer ops on a single element are free; on tiles they are not.
  LatencyTracker v(HwConfig(), 1);
  v.recordCompute(0, "arith.addi", 1);
  v.recordCompute(0, "arith.addi", 128);
  CHECK_EXACT(v.report().perCore[0].cyclesIn(CostCategory::ComputeInt), 2.0);
  CHECK_EXACT(v.report().perCore[0].flopsIn(CostCategory::ComputeInt), 128.0);
  // A scalar float op costs 1/64 of a cycle.
  v.recordCompute(0, "arith.mulf", 1);
  CHECK_EXACT(v.report().perCore[0].cyclesIn(CostCategory::ComputeFloat),
              0.015625);
}

QTEST_APPLESS_MAIN(LatencyTest)
#include "LatencyTest.moc"
