//===- TimingTest.cpp - the emulator's timing model, sanity checks --------===//
//
// Issue 12's timing sanity, on measured total cycles of whole runs:
//   * double buffering lowers the cycles of a multi-iteration loop kernel
//     (a loop over 128-stick rows; the same kernel compiled with the
//     double-buffer pass off, CompileRequest::doubleBuffer);
//   * the same kernel (softmax over 128 rows, one tile per core, each tile
//     taking every `cores`-th row) is faster on the 32 cores of the Spyre
//     preset than on the 4 of spyre-4core;
//   * a bandwidth-bound kernel (elementwise_add, whose bottleneck is HBM)
//     slows down when the preset's HBM bandwidth is halved (a TOML written
//     from the Spyre preset with hbm_bandwidth_gbs halved).
// Every pair also computes the same outputs, byte for byte (the schedule
// changes, the order of each element's operations does not).
//
//===----------------------------------------------------------------------===//

#include "LaunchTest.h"

#include "arch/Arch.h"
#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/Run.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace spyre;

std::string readSample(const char *name) {
  QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return f.readAll().toStdString();
}

namespace {

/// `text` with the first `from` replaced by `to` (empty if absent).
std::string replaced(std::string text, const std::string &from,
                     const std::string &to) {
  size_t at = text.find(from);
  if (at == std::string::npos)
    return {};
  return text.replace(at, from.size(), to);
}

struct Measured {
  bool ok = false;
  uint64_t cycles = 0;
  double boundHbm = 0; ///< cycles HBM's bandwidth alone needs
  std::string bottleneck;
  std::map<std::string, npy::Array> arrays;
};

/// Compiles `source` for `arch`, runs it on the emulator with the inputs
/// the interpreter places for seed 0, and returns the total cycles.
Measured measure(const std::string &source, const std::string &arch,
                 bool doubleBuffer = true) {
  Measured m;
  driver::CompileRequest compile;
  compile.source = source;
  compile.sourceName = "timing.mlir";
  compile.arch = arch;
  compile.doubleBuffer = doubleBuffer;
  driver::CompileResult compiled = driver::compileKernel(compile);
  if (!compiled.ok || !compiled.spyreCode) {
    for (const driver::Diagnostic &d : compiled.diagnostics)
      qWarning("%s", d.format().c_str());
    return m;
  }
  driver::RunRequest run;
  run.source = source;
  run.sourceName = "timing.mlir";
  run.arch = arch;
  run.seed = 0;
  driver::PreparedRun placed(run);
  if (!placed.ok())
    return m;
  driver::EmulateOptions options;
  options.arch = arch;
  driver::EmulateResult r = driver::emulate(
      compiled.spyreCode, driver::emulatorArguments(placed), options);
  for (const std::string &e : r.errors)
    qWarning("%s", e.c_str());
  m.ok = r.ok;
  m.cycles = r.summary.totalCycles;
  m.bottleneck = r.summary.bottleneck;
  m.boundHbm = r.summary.boundHbm;
  m.arrays = r.arrays;
  return m;
}

/// The same arrays, byte for byte (and at least one).
bool sameOutputs(const Measured &a, const Measured &b) {
  if (a.arrays.empty() || a.arrays.size() != b.arrays.size())
    return false;
  for (const auto &[name, array] : a.arrays) {
    auto it = b.arrays.find(name);
    if (it == b.arrays.end() || it->second.data != array.data)
      return false;
  }
  return true;
}

/// A loop over 16 rows of 8192 f16 (128 sticks) on one core: y = x + x.
/// With one copy of the row's buffer, the next row's load (DMA setup plus
/// 16 KiB from HBM) can only start once the row has been streamed out, and
/// takes longer than the compute engine needs for the sticks still in its
/// FIFO; with two copies it runs while the current row is worked on.
const char *const kDoubleRows = R"(
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 8191 >= 0)>
#row  = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 8191 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @double_rows(%x_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %n_rows = arith.constant 16 : index
    %n_tiles = arith.constant 1 : index
    %id = ktdp.get_compute_tile_id : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [16, 8192], strides: [8192, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<16x8192xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [16, 8192], strides: [8192, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<16x8192xf16>
    scf.for %r = %id to %n_rows step %n_tiles {
      %x_acc = ktdp.construct_access_tile %x_view[%r, %c0] {
        access_tile_set = #row, access_tile_order = #identity
      } : memref<16x8192xf16> -> !ktdp.access_tile<1x8192xindex>
      %x = ktdp.load %x_acc : !ktdp.access_tile<1x8192xindex> -> tensor<1x8192xf16>
      %y = arith.addf %x, %x : tensor<1x8192xf16>
      %y_acc = ktdp.construct_access_tile %y_view[%r, %c0] {
        access_tile_set = #row, access_tile_order = #identity
      } : memref<16x8192xf16> -> !ktdp.access_tile<1x8192xindex>
      ktdp.store %y, %y_acc : tensor<1x8192xf16>, !ktdp.access_tile<1x8192xindex>
    }
    return
  }
}
)";

/// samples/softmax.mlir over the same 128 rows with 4 tiles (each taking
/// every 4th row) instead of 32.
std::string softmaxOnFourTiles() {
  return replaced(
      replaced(readSample("softmax.mlir"), "attributes {grid = [32]}",
               "attributes {grid = [4]}"),
      "%n_tiles = arith.constant 32 : index", "%n_tiles = arith.constant 4 : index");
}

/// Whether the loop kernel compiled for `arch` double-buffers (a buffer
/// with two copies in its job plan), or not.
int maxCopies(const std::string &source, const std::string &arch,
              bool doubleBuffer) {
  driver::CompileRequest compile;
  compile.source = source;
  compile.arch = arch;
  compile.doubleBuffer = doubleBuffer;
  driver::CompileResult compiled = driver::compileKernel(compile);
  int copies = 0;
  if (compiled.spyreCode)
    for (const code::Buffer &b : compiled.spyreCode->plan.buffers)
      copies = std::max(copies, int(b.copies));
  return copies;
}

} // namespace

void TimingTest::doubleBufferingLowersCycles() {
  // 16 loop iterations, one row each.
  std::string source = kDoubleRows;
  QCOMPARE(maxCopies(source, "spyre-4core", true), 2);
  QCOMPARE(maxCopies(source, "spyre-4core", false), 1);
  Measured doubled = measure(source, "spyre-4core", true);
  Measured single = measure(source, "spyre-4core", false);
  QVERIFY(doubled.ok && single.ok);
  qInfo("16 rows of 8192, x + x: %llu cycles double-buffered, %llu single",
        (unsigned long long)doubled.cycles, (unsigned long long)single.cycles);
  QVERIFY2(doubled.cycles < single.cycles, "double buffering did not help");
  QVERIFY(sameOutputs(doubled, single));
}

void TimingTest::moreCoresAreFaster() {
  std::string wide = readSample("softmax.mlir");
  std::string narrow = softmaxOnFourTiles();
  QVERIFY(!narrow.empty());
  Measured on32 = measure(wide, "spyre");
  Measured on4 = measure(narrow, "spyre-4core");
  QVERIFY(on32.ok && on4.ok);
  qInfo("softmax over 128 rows: %llu cycles on 32 cores, %llu on 4",
        (unsigned long long)on32.cycles, (unsigned long long)on4.cycles);
  QVERIFY2(on32.cycles < on4.cycles, "32 cores were not faster than 4");
  QVERIFY(sameOutputs(on32, on4));
}

void TimingTest::halvedHbmBandwidthIsSlower() {
  std::optional<std::string_view> preset = arch::presetText("spyre");
  QVERIFY(preset);
  const std::string key = "hbm_bandwidth_gbs = 128.0";
  std::string halved = replaced(std::string(*preset), key, "hbm_bandwidth_gbs = 64.0");
  QVERIFY2(!halved.empty(), "the Spyre preset's HBM bandwidth line changed");
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QString path = dir.path() + "/spyre-half-hbm.toml";
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(halved.data(), qint64(halved.size()));
  f.close();

  std::string source = readSample("elementwise_add.mlir");
  QVERIFY(!source.empty());
  Measured full = measure(source, "spyre");
  Measured half = measure(source, path.toStdString());
  QVERIFY(full.ok && half.ok);
  qInfo("elementwise_add: %llu cycles at 128 GB/s (bottleneck %s), %llu at 64",
        (unsigned long long)full.cycles, full.bottleneck.c_str(),
        (unsigned long long)half.cycles);
  QCOMPARE(full.bottleneck, std::string("hbm"));
  // The HBM bound doubles; the run slows by at least half of what that
  // adds (not all of it: loads and stores overlap other cores' work).
  QCOMPARE(half.boundHbm, 2 * full.boundHbm);
  QVERIFY2(half.cycles > full.cycles &&
               double(half.cycles - full.cycles) >=
                   0.5 * (half.boundHbm - full.boundHbm),
           "halving HBM bandwidth did not slow it down enough");
  QVERIFY(sameOutputs(full, half));
}
