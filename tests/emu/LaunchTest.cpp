//===- LaunchTest.cpp - one prepared program, launched many times ---------===//
//
// Issue 12's launch-many test: a kernel with dynamic sizes is compiled to
// SpyreCode and prepared ONCE; then it is launched twice with different
// tensor addresses and different sizes, each launch run on its own
// emulator, and every element of each result is checked against the copy
// the kernel describes (computed here). Device memory outside the output
// tensor must stay untouched; the emulator's HBM bounds come from the
// job's tensors alone (base x element size of the symbol's type).
//
//===----------------------------------------------------------------------===//

#include "LaunchTest.h"
#include "RandomHalves.h"

#include "driver/Architecture.h"
#include "driver/Compile.h"
#include "emu/Machine.h"
#include "runtime/Runtime.h"

#include <QFile>
#include <QTest>

#include <cstring>
#include <functional>

using namespace spyre;
using spyre::emu::test::randomHalves;

namespace {

/// The corpus kernel `file` compiled for Spyre and prepared (null: it did
/// not compile or prepare; the diagnostics are printed).
std::shared_ptr<const runtime::Prepared> compileAndPrepare(const QString &file) {
  QFile f(QStringLiteral(SPYRE_CORPUS_DIR "/ktir/") + file);
  if (!f.open(QIODevice::ReadOnly))
    return nullptr;
  driver::CompileRequest request;
  request.source = f.readAll().toStdString();
  request.sourceName = file.toStdString();
  driver::CompileResult r = driver::compileKernel(request);
  for (const driver::Diagnostic &d : r.diagnostics)
    if (!r.ok)
      qWarning("%s", d.format().c_str());
  std::vector<driver::Diagnostic> diags;
  std::optional<arch::Arch> a = driver::loadArchitecture("spyre", diags);
  if (!r.ok || !r.spyreCode || !a)
    return nullptr;
  runtime::PrepareResult prepared = runtime::prepare(r.spyreCode, *a);
  for (const code::CodeError &e : prepared.errors)
    qWarning("%s", e.message.c_str());
  return prepared.prepared;
}

/// One launch: element indices of the three tensors and the size s0.
struct LaunchArgs {
  int64_t a0 = 0, a1 = 0, b = 0, s0 = 0;
};

/// The element of B at (row r, column c) as the kernel defines it: the
/// index into A0 (part 0) or A1 (part 1).
using Source = std::function<std::pair<int, int64_t>(int64_t r, int64_t c,
                                                     int64_t s0)>;

struct Kernel {
  int64_t rows, cols; ///< B's shape for s0 = 1 (times s0 in columns)
  Source source;
};

uint16_t half(const std::vector<uint8_t> &bytes, int64_t i) {
  uint16_t h;
  std::memcpy(&h, bytes.data() + 2 * i, 2);
  return h;
}

} // namespace

void LaunchTest::launchManyDynamic_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<int>("which");
  QTest::newRow("distributed-view-copy-dynamic")
      << "rfc__distributed-view-copy-dynamic.mlir" << 0;
  QTest::newRow("distributed-view-copy-rowmerge-dynamic")
      << "rfc__distributed-view-copy-rowmerge-dynamic.mlir" << 1;
}

void LaunchTest::launchManyDynamic() {
  QFETCH(QString, file);
  QFETCH(int, which);
  // B is 64 x 2*s0 (columns 0..s0-1 from A0, s0..2*s0-1 from A1) or
  // 128 x s0 (rows 0..63 from A0, 64..127 from A1); A0, A1 are 64 x s0.
  const Kernel kernels[] = {
      {64, 2,
       [](int64_t r, int64_t c, int64_t s0) {
         return c < s0 ? std::make_pair(0, r * s0 + c)
                       : std::make_pair(1, r * s0 + c - s0);
       }},
      {128, 1,
       [](int64_t r, int64_t c, int64_t s0) {
         return r < 64 ? std::make_pair(0, r * s0 + c)
                       : std::make_pair(1, (r - 64) * s0 + c);
       }},
  };
  const Kernel &k = kernels[which];
  std::shared_ptr<const runtime::Prepared> prepared = compileAndPrepare(file);
  QVERIFY(prepared);

  // Every tensor symbol is f16 now (2-byte elements), the size a dimension.
  for (const code::Symbol &s : prepared->module->symbols) {
    if (s.name == "s0_in")
      QCOMPARE(int(s.kind), int(code::Symbol::Dimension));
    else
      QCOMPARE(s.type, code::ElemType::F16);
  }

  // Two launches of the same Prepared: other addresses (A1 below A0 the
  // second time), other sizes (multiples of the kernels' 32 / 16 columns).
  const LaunchArgs launches[] = {{0x1000, 0x3000, 0x8000, 32},
                                 {0x90000, 0x40000, 0x20000, 96}};
  for (const LaunchArgs &l : launches) {
    const int64_t partElems = 64 * l.s0, bElems = k.rows * k.cols * l.s0;
    runtime::Bindings bindings;
    bindings.tensor("a0_ptr", l.a0, partElems)
        .tensor("a1_ptr", l.a1, partElems)
        .tensor("b_ptr", l.b, bElems)
        .dimension("s0_in", l.s0);
    runtime::LaunchResult launched = runtime::launch(prepared, bindings);
    QVERIFY2(launched.ok(), launched.ok() ? "" : launched.errors[0].message.c_str());
    const runtime::Job &job = *launched.job;
    // Byte ranges in 2-byte elements, not the 8 of an index.
    QCOMPARE(job.tensors.size(), size_t(3));
    for (const runtime::TensorBinding &t : job.tensors) {
      QCOMPARE(t.byteBegin, t.base * 2);
      QCOMPARE(t.byteEnd, (t.base + t.elements) * 2);
    }

    emu::Machine m(job, emu::Options{});
    std::vector<uint8_t> a0 = randomHalves(partElems, uint32_t(l.a0));
    std::vector<uint8_t> a1 = randomHalves(partElems, uint32_t(l.a1));
    m.hbm().writeBytes(uint64_t(l.a0) * 2, a0.data(), a0.size());
    m.hbm().writeBytes(uint64_t(l.a1) * 2, a1.data(), a1.size());
    // B and one guard stick after it start as a pattern no input holds.
    std::vector<uint8_t> before(size_t(bElems + 64) * 2, 0xff);
    m.hbm().writeBytes(uint64_t(l.b) * 2, before.data(), before.size());
    QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));

    std::vector<uint8_t> out(before.size());
    m.hbm().readBytes(uint64_t(l.b) * 2, out.data(), out.size());
    const int64_t cols = k.cols * l.s0;
    int64_t wrong = 0;
    for (int64_t r = 0; r < k.rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        auto [part, index] = k.source(r, c, l.s0);
        uint16_t want = half(part == 0 ? a0 : a1, index);
        if (half(out, r * cols + c) != want && wrong++ < 3)
          qWarning("s0 %lld: B[%lld][%lld] = %04x, want %04x", (long long)l.s0,
                   (long long)r, (long long)c, half(out, r * cols + c), want);
      }
    QCOMPARE(wrong, int64_t(0));
    for (int64_t i = bElems; i < bElems + 64; ++i)
      QCOMPARE(half(out, i), uint16_t(0xffff));
  }
}

/// Launch refuses a tensor that does not fit device memory in its real
/// element size: the same element count is in range for f16 only when the
/// bytes are counted as 2 per element.
void LaunchTest::tensorBytesUseElementType() {
  std::shared_ptr<const runtime::Prepared> prepared =
      compileAndPrepare("rfc__distributed-view-copy-dynamic.mlir");
  QVERIFY(prepared);
  // The last quarter of device memory in f16 elements: in range at 2 bytes
  // an element, out of range at 8.
  const int64_t hbmElems = int64_t(prepared->arch.hbmBytes / 2);
  const int64_t base = hbmElems / 4 * 3, n = hbmElems / 4;
  runtime::Bindings ok;
  ok.tensor("a0_ptr", base, n).tensor("a1_ptr", 0, 64).tensor("b_ptr", 64, 128)
      .dimension("s0_in", 1);
  QVERIFY(runtime::launch(prepared, ok).ok());
  runtime::Bindings over;
  over.tensor("a0_ptr", base, n + 1).tensor("a1_ptr", 0, 64)
      .tensor("b_ptr", 64, 128).dimension("s0_in", 1);
  runtime::LaunchResult refused = runtime::launch(prepared, over);
  QVERIFY(!refused.ok());
  QVERIFY2(refused.errors[0].message.find("of f16 do not lie in") !=
               std::string::npos,
           refused.errors[0].message.c_str());
}
