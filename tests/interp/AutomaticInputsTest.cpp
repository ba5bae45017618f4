//===- AutomaticInputsTest.cpp - runs without a record (docs/inputs.md) ---===//
//
// A kernel whose pointers nobody gave gets automatic addresses, and the
// memory its views reach is found, filled from the seed and read back as
// regions: checked here through the driver's API, values included (the
// outputs are recomputed from the filled regions).
//
//===----------------------------------------------------------------------===//

#include "driver/Emulate.h"
#include "driver/Run.h"
#include "interp/DType.h"

#include <QFile>
#include <QtTest>

using namespace spyre;
using namespace spyre::driver;

namespace {

std::string readKernel(const char *name) {
  QFile f(QStringLiteral(SPYRE_KERNELS_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    qFatal("cannot read %s", name);
  return f.readAll().toStdString();
}

RunRequest requestFor(const char *name) {
  RunRequest r;
  r.source = readKernel(name);
  r.sourceName = name;
  return r;
}

std::string diagText(const RunResult &r) {
  std::string s;
  for (const Diagnostic &d : r.diagnostics)
    s += d.format() + "\n";
  return s;
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
