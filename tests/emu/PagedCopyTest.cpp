//===- PagedCopyTest.cpp - the paged-tensor kernels on the emulator -------===//
//
// rfc__paged-tensor-copy gathers 128 pages of a paged tensor into a
// contiguous one through an index tensor; rfc__paged-tensor-write scatters a
// contiguous tensor into pages. Their 16 MiB tiles do not fit a
// scratchpad: the interpreter refuses them, the compiled pipeline streams
// them through LX in chunks (`at stick`). These tests compile each kernel
// to SpyreCode, run it on the emulator with the pages the index tensor
// names placed in device memory, and check every element of the result
// against the copy the kernel describes:
//   contiguous[b][tkv][h][dkv] == page(Idx[b][tkv / 64])[h][tkv % 64][dkv]
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "RandomHalves.h"

#include <QFile>
#include <QObject>
#include <QTest>

#include <algorithm>
#include <cstring>

using namespace spyre;
using spyre::emu::test::randomHalves;

namespace {

constexpr int64_t kNb = 4, kNtkv = 2048, kNh = 8, kNd = 128, kPtkv = 64;
constexpr int64_t kPages = kNtkv / kPtkv;          // per batch row of Idx
constexpr int64_t kPageElems = kNh * kPtkv * kNd;  // f16 elements per page
constexpr int64_t kElems = kNb * kNtkv * kNh * kNd; // the contiguous tensor

driver::EmulatorArgument region(const std::string &name, uint64_t byteStart,
                                const std::string &dtype, int64_t elements,
                                std::vector<uint8_t> bytes) {
  driver::EmulatorArgument a;
  a.name = name;
  a.isArray = a.region = true;
  a.byteStart = byteStart;
  a.data.dtype = dtype;
  a.data.shape = {elements};
  a.data.data = std::move(bytes);
  return a;
}

int64_t contiguousIndex(int64_t b, int64_t tkv, int64_t h, int64_t d) {
  return ((b * kNtkv + tkv) * kNh + h) * kNd + d;
}

int64_t pageOffset(int64_t h, int64_t t, int64_t d) {
  return (h * kPtkv + t) * kNd + d;
}

} // namespace

class PagedCopyTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void pagedKernelOnTheEmulator_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<bool>("gather");  // pages -> contiguous (else scatter)
    // Element indices of the kernel's constant addresses.
    QTest::addColumn<qlonglong>("contiguousAt");
    QTest::addColumn<qlonglong>("indexAt");
    QTest::addColumn<qlonglong>("pagedAt");
    // The first page used: past the index tensor's bytes, which lie inside
    // the paged tensor's address range.
    QTest::addColumn<qlonglong>("firstPage");
    QTest::newRow("copy") << "rfc__paged-tensor-copy.mlir" << true
                          << 10000000LL << 20000000LL << 30000000LL << 200LL;
    QTest::newRow("write") << "rfc__paged-tensor-write.mlir" << false
                           << 10000000LL << 30000000LL << 40000000LL << 400LL;
  }

  void pagedKernelOnTheEmulator() {
    QFETCH(QString, kernel);
    QFETCH(bool, gather);
    QFETCH(qlonglong, contiguousAt);
    QFETCH(qlonglong, indexAt);
    QFETCH(qlonglong, pagedAt);
    QFETCH(qlonglong, firstPage);
    QFile file(QStringLiteral(SPYRE_CORPUS_DIR "/ktir/") + kernel);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    driver::CompileRequest request;
    request.source = file.readAll().toStdString();
    request.sourceName = kernel.toStdString();
    request.arch = "spyre";
    driver::CompileResult compiled = driver::compileKernel(request);
    QVERIFY2(compiled.ok && compiled.spyreCode,
             compiled.diagnostics.empty()
                 ? "no SpyreCode"
                 : compiled.diagnostics.front().format().c_str());
    // The transfers of the 16 MiB tiles are chunks.
    int chunked = 0;
    for (const code::DmaDesc &d : compiled.spyreCode->dmas)
      chunked += d.chunked;
    QVERIFY(chunked >= 2);

    // The page table: distinct pages from firstPage on.
    std::vector<int32_t> pages(size_t(kNb * kPages));
    for (size_t i = 0; i < pages.size(); ++i)
      pages[i] = int32_t(firstPage + int64_t(i) * 73 % 9000);
    std::vector<uint8_t> indexBytes(pages.size() * 4);
    std::memcpy(indexBytes.data(), pages.data(), indexBytes.size());
    std::vector<driver::EmulatorArgument> args;
    args.push_back(region("Idx", uint64_t(indexAt) * 4, "i32",
                          int64_t(pages.size()), indexBytes));
    args.push_back(region("contiguous", uint64_t(contiguousAt) * 2, "f16",
                          kElems,
                          gather ? std::vector<uint8_t>(size_t(kElems) * 2)
                                 : randomHalves(kElems, 7)));
    for (size_t i = 0; i < pages.size(); ++i)
      args.push_back(region(
          "page" + std::to_string(i),
          uint64_t(pagedAt + int64_t(pages[i]) * kPageElems) * 2, "f16",
          kPageElems,
          gather ? randomHalves(kPageElems, uint32_t(i + 1))
                 : std::vector<uint8_t>(size_t(kPageElems) * 2)));

    driver::EmulateResult run =
        driver::emulate(compiled.spyreCode, args, driver::EmulateOptions{});
    QVERIFY2(run.ok, run.errors.empty() ? "not ok" : run.errors.front().c_str());
    // What the kernel describes, element by element (the gather reads the
    // inputs, the scatter the outputs, both from the run's regions).
    const std::vector<uint8_t> &contiguous = run.regions.at("contiguous").data;
    int64_t wrong = 0, firstWrong = -1;
    for (int64_t b = 0; b < kNb; ++b)
      for (int64_t j = 0; j < kPages; ++j) {
        const std::vector<uint8_t> &page =
            run.regions.at("page" + std::to_string(b * kPages + j)).data;
        for (int64_t h = 0; h < kNh; ++h)
          for (int64_t t = 0; t < kPtkv; ++t) {
            int64_t c = contiguousIndex(b, j * kPtkv + t, h, 0);
            int64_t o = pageOffset(h, t, 0);
            if (std::memcmp(contiguous.data() + 2 * c, page.data() + 2 * o,
                            size_t(kNd) * 2) != 0) {
              if (firstWrong < 0)
                firstWrong = c;
              ++wrong;
            }
          }
      }
    QVERIFY2(wrong == 0, qPrintable(QStringLiteral("%1 rows of %2 differ, the "
                                                   "first at element %3")
                                        .arg(wrong)
                                        .arg(kElems / kNd)
                                        .arg(firstWrong)));
    // The inputs were not all zeros, so equal rows mean data moved.
    const std::vector<uint8_t> &moved =
        gather ? contiguous : run.regions.at("page0").data;
    QVERIFY(std::any_of(moved.begin(), moved.end(),
                        [](uint8_t x) { return x != 0; }));
  }
};

QTEST_GUILESS_MAIN(PagedCopyTest)
#include "PagedCopyTest.moc"
