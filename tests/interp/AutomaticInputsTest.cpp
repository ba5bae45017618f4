//===- AutomaticInputsTest.cpp - runs without a record (docs/inputs.md) ---===//
//
// A kernel whose pointers nobody gave gets automatic addresses, and the
// memory its views reach is found, filled from the seed and read back as
// regions: checked here through the driver's API, values included (the
// outputs are recomputed from the filled regions).
//
//===----------------------------------------------------------------------===//

#include "ReadKernel.h"
#include "DiagnosticText.h"
#include "driver/Emulate.h"
#include "driver/Run.h"
#include "interp/DType.h"

#include <QtTest>

using namespace spyre;
using namespace spyre::driver;

namespace {

RunRequest requestFor(const char *name) {
  RunRequest r;
  r.source = readKernel(name);
  r.sourceName = name;
  return r;
}

std::vector<double> halves(const npy::Array &a) {
  std::vector<double> out;
  for (size_t i = 0; i + 1 < a.data.size(); i += 2)
    out.push_back(interp::loadHalf(&a.data[i]));
  return out;
}

} // namespace

class AutomaticInputsTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void pointerArithmeticGetsAutomaticAddresses() {
    RunResult r = runKernel(requestFor("pointer_row_offsets.mlir"));
    QVERIFY2(r.ok, diagText(r).c_str());
    QCOMPARE(r.automaticAddresses.size(), size_t(2));
    QCOMPARE(r.automaticAddresses[0].name, std::string("x_ptr"));
    QCOMPARE(r.automaticAddresses[0].element, int64_t(1) << 24);
    QCOMPARE(r.automaticAddresses[0].byte, uint64_t(1) << 25);
    QCOMPARE(r.automaticAddresses[0].dtype, std::string("f16"));
    QCOMPARE(r.automaticAddresses[1].name, std::string("y_ptr"));
    QCOMPARE(r.automaticAddresses[1].element, int64_t(2) << 24);
    // x's two blocks (elements x_ptr + 128 .. x_ptr + 384) and y's.
    QVERIFY(r.regions.count("hbm_0x2000100_f16"));
    QVERIFY(r.regions.count("hbm_0x4000000_f16"));
    std::vector<double> x = halves(r.regions["hbm_0x2000100_f16"]);
    std::vector<double> y = halves(r.regions["hbm_0x4000000_f16"]);
    QCOMPARE(x.size(), size_t(256));
    QCOMPARE(y.size(), size_t(256));
    // Random (standard normal) data, not zeros.
    QVERIFY(std::count(x.begin(), x.end(), 0.0) < 8);
    for (size_t i = 0; i < y.size(); ++i) {
      double sq = interp::roundTo(interp::DType::F16, x[i] * x[i]);
      QCOMPARE(y[i], interp::roundTo(interp::DType::F16, sq + x[i]));
    }
    // Nothing read as zero because no input held it.
    for (const Diagnostic &d : r.diagnostics)
      QVERIFY2(d.message.find("no input initialised") == std::string::npos,
               d.message.c_str());
  }

  void givenValuesWin() {
    RunRequest req = requestFor("pointer_row_offsets.mlir");
    req.args["x_ptr"].scalar = 0;
    req.args["x_ptr"].integer = 0;
    RunResult r = runKernel(req);
    QVERIFY2(r.ok, diagText(r).c_str());
    QCOMPARE(r.automaticAddresses.size(), size_t(1));
    QCOMPARE(r.automaticAddresses[0].name, std::string("y_ptr"));
    QCOMPARE(r.automaticAddresses[0].element, int64_t(1) << 24);
    QVERIFY(r.regions.count("hbm_0x100_f16")); // x's blocks from byte 256
  }

  void recordRunsMakeNothing() {
    RunRequest req = requestFor("pointer_row_offsets.mlir");
    req.automaticInputs = false;
    RunResult r = runKernel(req);
    QVERIFY(!r.ok);
    QVERIFY2(diagText(r).find("no value given for argument %x_ptr") !=
                 std::string::npos,
             diagText(r).c_str());
  }

  void seedDecidesTheData() {
    RunRequest req = requestFor("constant_address_views.mlir");
    req.seed = 3;
    RunResult a = runKernel(req), b = runKernel(req);
    req.seed = 4;
    RunResult c = runKernel(req);
    QVERIFY(a.ok && b.ok && c.ok);
    QCOMPARE(a.regions.size(), size_t(3));
    QVERIFY(a.regions["hbm_0x1000_f32"].data == b.regions["hbm_0x1000_f32"].data);
    QVERIFY(a.regions["hbm_0x1000_f32"].data != c.regions["hbm_0x1000_f32"].data);
  }

  void viewPastItsWindowIsSaid() {
    // %x's view holds 2^24 + 64 elements: past the window its automatic
    // address owns, where the next automatic argument's would start.
    RunRequest req;
    req.sourceName = "window.mlir";
    req.source =
        "#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 262144 >= 0, d1 >= 0, -d1 + 63 >= 0)>\n"
        "#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>\n"
        "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
        "func.func @window(%x: index, %y: index) attributes {grid = [1]} {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %xp = arith.addi %x, %c1 : index\n"
        "  %v = ktdp.construct_memory_view %xp, sizes: [262145, 64], strides: [64, 1] {\n"
        "    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<262145x64xf16>\n"
        "  %w = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {\n"
        "    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>\n"
        "  %a = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #row, access_tile_order = #id}\n"
        "      : memref<262145x64xf16> -> !ktdp.access_tile<1x64xindex>\n"
        "  %b = ktdp.construct_access_tile %w[%c0, %c0] {access_tile_set = #row, access_tile_order = #id}\n"
        "      : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>\n"
        "  %t = ktdp.load %a : <1x64xindex> -> tensor<1x64xf16>\n"
        "  ktdp.store %t, %b : tensor<1x64xf16>, <1x64xindex>\n"
        "  return\n"
        "}\n";
    RunResult r = runKernel(req);
    QVERIFY2(r.ok, diagText(r).c_str());
    const Diagnostic *said = nullptr;
    for (const Diagnostic &d : r.diagnostics)
      if (d.severity == Diagnostic::Severity::Warning &&
          d.message.find("past the 2^24 elements the automatic address of %x "
                         "owns") != std::string::npos)
        said = &d;
    QVERIFY2(said, diagText(r).c_str());
    QCOMPARE(said->line, 8); // the view's line
  }

  void emulatorGetsTheRegions() {
    // The arguments the emulator is given hold the same regions, so both
    // engines start from the same bytes.
    PreparedRun prepared(requestFor("constant_address_views.mlir"));
    QVERIFY(prepared.ok());
    std::vector<EmulatorArgument> args = emulatorArguments(prepared);
    size_t regions = 0;
    for (const EmulatorArgument &a : args)
      if (a.region) {
        ++regions;
        QVERIFY(a.isArray && !a.lx);
        QVERIFY(a.data.data.size() > 0);
      }
    QCOMPARE(regions, size_t(3));
  }
};

QTEST_GUILESS_MAIN(AutomaticInputsTest)
#include "AutomaticInputsTest.moc"
