//===- StageExecutorTest.cpp - the stage executor's processes and errors --===//
//
// Deadlocks in ScheduleIR and DataflowIR are reported naming every blocked
// process and what it waits on; the outputs of every snapshot do not depend
// on the order the scheduler resumes processes in; a transfer that does
// not fit its buffer is an error on its line; a FIFO of whole tiles pops
// its element type; a snapshot calling helpers runs them inlined; the
// first differing element's KTIR line is the store that wrote it; the
// direct paths of the block plans change no output; the snapshots start
// from one image of the inputs and never see each other's stores; the
// last snapshot rounds as the emulated program (vector reductions fold
// as the target's [numerics] says).
//
//===----------------------------------------------------------------------===//

#include "driver/StageRun.h"
#include "interp/Interpreter.h"
#include "ir/Registration.h"
#include "stagex/StageExecutor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

using namespace spyre;

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs the first function of `source` on the stage executor (pointer
/// arguments 0); the errors it reports, one per string.
std::vector<std::string> runSource(const std::string &source, bool &ok,
                                   stagex::Order order = stagex::Order::Forward) {
  mlir::MLIRContext context;
  loadKernelDialects(context);
  std::vector<std::string> errors;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << d.getLocation() << ": " << d.str();
      errors.push_back(text);
    }
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context, "test.mlir");
  ok = false;
  if (!module) {
    errors.push_back("the source does not parse");
    return errors;
  }
  auto function = *module->getOps<mlir::func::FuncOp>().begin();
  interp::Memories memories;
  stagex::StageOptions options;
  options.order = order;
  stagex::StageExecutor executor(function, memories, options);
  std::vector<interp::RtValue> args(
      function.getNumArguments(), interp::RtValue(interp::indexScalar(0)));
  ok = executor.run(args);
  return errors;
}

/// Runs `source` (as runSource) and checks that it fails with a first
/// error on `line` of test.mlir that says `text`; the error, or why not.
std::string failsOnLine(const std::string &source, int line, const std::string &text) {
  bool ok = true;
  std::vector<std::string> errors = runSource(source, ok);
  if (ok || errors.empty())
    return "it ran without an error";
  const std::string &e = errors.front();
  std::string at = "test.mlir\":" + std::to_string(line) + ":";
  return e.find(at) != std::string::npos && e.find(text) != std::string::npos
             ? std::string()
             : e;
}

/// Runs `source` (as runSource): "" when it runs without an error, else
/// the first error.
std::string errorOf(const std::string &source) {
  bool ok = false;
  std::vector<std::string> errors = runSource(source, ok);
  if (ok && errors.empty())
    return {};
  return errors.empty() ? "it failed without an error" : errors.front();
}

/// The same arrays, dtype, shape and bytes.
bool sameArrays(const std::map<std::string, npy::Array> &a,
                const std::map<std::string, npy::Array> &b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](auto &x, auto &y) {
           return x.first == y.first && x.second.dtype == y.second.dtype &&
                  x.second.shape == y.second.shape &&
                  x.second.data == y.second.data;
         });
}

/// Bisects `kernel` (seed 0, no emulator) as asked and once more with
/// `change` made to the request: every executed snapshot runs, and its
/// outputs and op count are the same both times.
/// Every snapshot of `kernel` on seed 0, without the emulator.
driver::StageRunRequest snapshotsOf(const QString &kernel) {
  driver::StageRunRequest request;
  request.run.source = readFile(kernel.toStdString());
  request.run.sourceName = kernel.toStdString();
  request.run.seed = 0;
  request.emulator = false;
  return request;
}

void sameOutputsWith(const QString &kernel,
                     const std::function<void(driver::StageRunRequest &)> &change) {
  driver::StageRunRequest request = snapshotsOf(kernel);
  driver::StageRunResult first = driver::runStages(request);
  change(request);
  driver::StageRunResult second = driver::runStages(request);
  QVERIFY(first.ok && second.ok);
  QCOMPARE(first.stages.size(), second.stages.size());
  int ran = 0;
  for (size_t i = 0; i < first.stages.size(); ++i) {
    const driver::StageRun &a = first.stages[i], &b = second.stages[i];
    if (a.emulated)
      continue;
    QVERIFY2(a.outcome != driver::StageOutcome::Failed, a.summary.c_str());
    QCOMPARE(a.opsExecuted, b.opsExecuted);
    QVERIFY2(sameArrays(a.arrays, b.arrays) && sameArrays(a.regions, b.regions),
             a.pass.c_str());
    ran += !a.unchanged;
  }
  QVERIFY(ran >= 8);
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

class StageExecutorTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  /// Two stages each waiting for the other's token.
  void deadlockInAPipeline() {
    const char *source = R"(
func.func @k(%x: index) attributes {grid = [1]} {
  sched.pipeline {
    %f = sched.fifo depth 2 : <none>
    %g = sched.fifo depth 2 : <none>
    sched.stage "load" {
      sched.wait %f : <none>
      sched.signal %g : <none>
    }
    sched.stage "compute" {
      sched.wait %g : <none>
      sched.signal %f : <none>
    }
  }
  return
}
)";
    bool ok = true;
    std::vector<std::string> errors = runSource(source, ok);
    QVERIFY(!ok);
    QCOMPARE(errors.size(), size_t(1));
    const std::string &e = errors.front();
    // The two stages, and the kernel's body waiting for its pipeline.
    QVERIFY2(contains(e, "deadlock: no process can go on; 3 are blocked"), e.c_str());
    QVERIFY2(contains(e, "core 0, 'kernel' at line 3, sched.pipeline: waits for "
                         "the processes it started to finish"),
             e.c_str());
    QVERIFY2(contains(e, "core 0, 'load' at line 7, sched.wait: waits for data "
                         "on the FIFO \"compute\" -> \"load\" (tokens, depth 2, empty)"),
             e.c_str());
    QVERIFY2(contains(e, "core 0, 'compute' at line 11, sched.wait: waits for "
                         "data on the FIFO \"load\" -> \"compute\""),
             e.c_str());
  }

  /// A program that sends more than its channel holds to a program that
  /// never receives, on both tiles: every blocked program, grouped by core.
  void deadlockInDataflow() {
    const char *source = R"(
func.func @k() attributes {grid = [2]} {
  %a = dflow.channel "mnilu" -> "sfu" depth 1 : <none>
  %b = dflow.channel "sfu" -> "mnilu" depth 1 : <none>
  dflow.program "mnilu" instances 2 {
    dflow.signal %a : <none>
    dflow.signal %a : <none>
  }
  dflow.program "sfu" instances 2 {
    dflow.wait %b : <none>
  }
  return
}
)";
    bool ok = true;
    std::vector<std::string> errors = runSource(source, ok);
    QVERIFY(!ok);
    QCOMPARE(errors.size(), size_t(1));
    const std::string &e = errors.front();
    // Two programs and the kernel's body on each of the two cores.
    QVERIFY2(contains(e, "6 are blocked"), e.c_str());
    QVERIFY2(contains(e, "cores 0-1, 'mnilu' at line 7, dflow.signal: waits for "
                         "room in the channel \"mnilu\" -> \"sfu\" (tokens, "
                         "depth 1, full)"),
             e.c_str());
    QVERIFY2(contains(e, "cores 0-1, 'sfu' at line 10, dflow.wait: waits for "
                         "data on the channel \"sfu\" -> \"mnilu\""),
             e.c_str());
    // The other order finds the same deadlock.
    errors = runSource(source, ok, stagex::Order::Backward);
    QVERIFY(!ok);
    QVERIFY(!errors.empty() && contains(errors.front(), "6 are blocked"));
  }

  /// A program waiting at a barrier for a program that waits for it.
  void deadlockAtABarrier() {
    const char *source = R"(
func.func @k() attributes {grid = [1]} {
  %a = dflow.channel "mnilu" -> "sfu" depth 1 : <none>
  dflow.program "mnilu" instances 1 {
    dflow.barrier
    dflow.signal %a : <none>
  }
  dflow.program "sfu" instances 1 {
    dflow.wait %a : <none>
    dflow.barrier
  }
  return
}
)";
    bool ok = true;
    std::vector<std::string> errors = runSource(source, ok);
    QVERIFY(!ok);
    QVERIFY(!errors.empty());
    QVERIFY2(contains(errors.front(), "waits at the barrier of core 0 (1 of 2 "
                                      "programs arrived)"),
             errors.front().c_str());
  }

  /// A transfer of more sticks than its buffer holds: an error on its
  /// line, not a write past the buffer.
  void transferPastTheBuffer() {
    const char *source = R"(
func.func @k() attributes {grid = [1]} {
  %c3 = arith.constant 3 : index
  sched.pipeline {
    %buf = sched.alloc : memref<2x64xf16, "lx">
    %q = sched.fifo depth 16 : <vector<64xf16>>
    sched.stage "l1lu" {
      sched.transfer %buf -> %q at stick %c3 {sticks = 1 : i64} : memref<2x64xf16, "lx"> -> !sched.fifo<vector<64xf16>>
    }
  }
  return
}
)";
    std::string wrong = failsOnLine(source, 8, "moves sticks 3 to 3 of a buffer of 2 sticks");
    QVERIFY2(wrong.empty(), wrong.c_str());
  }

  /// A pop or push of several sticks as one vector (an f32 vector in the
  /// lanes of an f16 stick: two f32 sticks) moves that many slots of the
  /// FIFO; a vector that is not that many sticks is an error on its line.
  void vectorOfSeveralSticks() {
    const char *source = R"(
func.func @k() attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  sched.pipeline {
    %in = sched.alloc : memref<2x64xf32, "lx">
    %out = sched.alloc : memref<2x64xf32, "lx">
    %q = sched.fifo depth 4 : <vector<32xf32>>
    %r = sched.fifo depth 4 : <vector<32xf32>>
    sched.stage "l1lu" {
      scf.for %i = %c0 to %c4 step %c2 {
        sched.transfer %in -> %q at stick %i {sticks = 2 : i64} : memref<2x64xf32, "lx"> -> !sched.fifo<vector<32xf32>>
      }
    }
    sched.stage "sfu" {
      scf.for %i = %c0 to %c4 step %c2 {
        %v = sched.pop %q {sticks = 2 : i64} : <vector<32xf32>> -> vector<64xf32>
        sched.push %v -> %r {sticks = 2 : i64} : vector<64xf32> -> <vector<32xf32>>
      }
    }
    sched.stage "l1su" {
      scf.for %i = %c0 to %c4 step %c2 {
        sched.transfer %r -> %out at stick %i {sticks = 2 : i64} : !sched.fifo<vector<32xf32>> -> memref<2x64xf32, "lx">
      }
    }
  }
  return
}
)";
    std::string error = errorOf(source);
    QVERIFY2(error.empty(), error.c_str());
    std::string three = source;
    three.replace(three.find("%v = sched.pop %q {sticks = 2"), 29,
                  "%v = sched.pop %q {sticks = 3");
    std::string wrong = failsOnLine(three, 18, "a vector of 64 lanes is not 3 sticks of 32 lanes");
    QVERIFY2(wrong.empty(), wrong.c_str());
  }

  /// A ring receive from a core that does not exist is an error on its
  /// line (it would otherwise wait forever: a deadlock report), as a send
  /// to one is.
  void ringPeerOutsideTheMachine() {
    const char *source = R"(
func.func @k() attributes {grid = [1]} {
  %c99 = arith.constant 99 : index
  %st = sched.alloc : memref<64xf32, "lx">
  %in = sched.ring_receive from core %c99 into %st : memref<64xf32, "lx"> -> tensor<64xf32>
  return
}
)";
    std::string wrong =
        failsOnLine(source, 5, "ring receive from core 99, which does not exist");
    QVERIFY2(wrong.empty(), wrong.c_str());
  }

  /// A FIFO of whole tiles hands out its element type: a tile moved in
  /// from an LX buffer with unit dimensions a pass dropped (1x1x64 into a
  /// FIFO of 1x64) pops as 1x64, which a matmul takes; a tile of another
  /// number of elements is an error on the pop.
  void wholeTileFifoPopsItsType() {
    const char *source = R"(
func.func @k() attributes {grid = [1]} {
  sched.pipeline {
    %buf = sched.alloc : memref<1x1x64xf16, "lx">
    %q = sched.fifo depth 2 : <tensor<1x64xf16>>
    sched.stage "l1lu" {
      sched.transfer %buf -> %q : memref<1x1x64xf16, "lx"> -> !sched.fifo<tensor<1x64xf16>>
    }
    sched.stage "sfu" {
      %t = sched.pop %q : <tensor<1x64xf16>> -> tensor<1x64xf16>
      %w = arith.constant dense<1.0> : tensor<64x2xf16>
      %z = arith.constant dense<0.0> : tensor<1x2xf16>
      %m = linalg.matmul ins(%t, %w : tensor<1x64xf16>, tensor<64x2xf16>) outs(%z : tensor<1x2xf16>) -> tensor<1x2xf16>
    }
  }
  return
}
)";
    std::string error = errorOf(source);
    QVERIFY2(error.empty(), error.c_str());
    std::string shorter = source;
    shorter.replace(shorter.find("1x1x64xf16"), 10, "1x1x32xf16");
    shorter.replace(shorter.find("1x1x64xf16"), 10, "1x1x32xf16");
    bool ok = true;
    std::vector<std::string> errors = runSource(shorter, ok);
    QVERIFY(!ok);
    QVERIFY(!errors.empty());
    QVERIFY2(contains(errors.front(), "test.mlir\":10:") &&
                 contains(errors.front(), "receiving a tile of 32 elements as "
                                          "'tensor<1x64xf16>'"),
             errors.front().c_str());
  }

  /// A snapshot before select-kernel still calls the kernel's helpers: it
  /// runs as the interpreter runs the kernel, the calls inlined (on a
  /// copy), and agrees with it.
  void snapshotWithCallsRuns() {
    driver::StageRunRequest request;
    request.run.source = readFile(SPYRE_KERNELS_DIR "/helper_scratchpad_stage.mlir");
    QVERIFY(contains(request.run.source, "func.call"));
    request.run.sourceName = "helper_scratchpad_stage.mlir";
    request.run.seed = 0;
    request.onlyPass = "input";
    driver::StageRunResult r = driver::runStages(request);
    QVERIFY(r.ok);
    QCOMPARE(r.stages.front().pass, std::string("input"));
    QVERIFY2(r.stages.front().outcome == driver::StageOutcome::Agrees &&
                 r.stages.front().exact,
             r.stages.front().summary.c_str());
  }

  /// Stores made from one image of the inputs share its pages until they
  /// write one: a write lands in the writer's own copy, never in the image
  /// or in another store made from it.
  void storesFromAnImageDoNotShareWrites() {
    interp::ByteStore placed;
    const uint8_t input[] = {1, 2, 3, 4};
    uint64_t far = 3 * interp::ByteStore::kPageSize + 10;
    placed.writeBytes(100, input, 4);
    placed.writeBytes(far, input, 4);
    interp::PageImage image = placed.freeze();
    interp::ByteStore first(image), second(image);
    const uint8_t written[] = {9, 9};
    first.writeBytes(101, written, 2);
    first.store(interp::DType::I8, far + 3, -1);
    uint8_t bytes[4];
    first.readBytes(100, bytes, 4);
    QCOMPARE(std::vector<uint8_t>(bytes, bytes + 4),
             (std::vector<uint8_t>{1, 9, 9, 4}));
    QCOMPARE(first.load(interp::DType::I8, far + 3), -1.0);
    QCOMPARE(first.load(interp::DType::I8, far), 1.0);
    second.readBytes(100, bytes, 4);
    QCOMPARE(std::vector<uint8_t>(bytes, bytes + 4),
             (std::vector<uint8_t>{1, 2, 3, 4}));
    QCOMPARE(second.load(interp::DType::I8, far + 3), 4.0);
    interp::ByteStore third(image);
    third.readBytes(far, bytes, 4);
    QCOMPARE(std::vector<uint8_t>(bytes, bytes + 4),
             (std::vector<uint8_t>{1, 2, 3, 4}));
    // Pages nobody placed still read as zero, counted as uninitialised.
    QVERIFY(!third.find(2 * interp::ByteStore::kPageSize));
    third.readBytes(2 * interp::ByteStore::kPageSize, bytes, 4);
    QCOMPARE(third.uninitialisedReads(), uint64_t(4));
  }

  /// A page a store lets go of is used again by the next one, zeroed
  /// where it was written (lazily: when taken, and not where the taker
  /// overwrites it, as a copy of an image's page does).
  void pagesUsedAgainReadAsZero() {
    constexpr uint64_t kPage = interp::ByteStore::kPageSize;
    std::vector<uint8_t> ones(4 * kPage, 1);
    auto poolWrittenPages = [&] { // the thread's pool then holds 4 of them
      interp::ByteStore dirty;
      dirty.writeBytes(0, ones.data(), ones.size());
    };
    poolWrittenPages();
    interp::ByteStore fresh;
    const uint8_t seven = 7;
    fresh.writeBytes(5 * kPage + 10, &seven, 1);
    std::vector<uint8_t> bytes(kPage);
    fresh.readBytes(5 * kPage, bytes.data(), kPage);
    std::vector<uint8_t> expected(kPage, 0);
    expected[10] = 7;
    QVERIFY(bytes == expected);
    poolWrittenPages();
    interp::ByteStore placed;
    const uint8_t input[] = {1, 2, 3, 4};
    placed.writeBytes(kPage + 100, input, 4);
    interp::PageImage image = placed.freeze();
    interp::ByteStore copy(image);
    copy.writeBytes(kPage + 200, &seven, 1);
    copy.readBytes(kPage, bytes.data(), kPage);
    expected.assign(kPage, 0);
    std::copy(input, input + 4, expected.begin() + 100);
    expected[200] = 7;
    QVERIFY(bytes == expected);
  }

  /// The snapshots of a bisect start from the inputs placed once: a kernel
  /// that updates its input in place gives the reference's outputs in every
  /// snapshot (a snapshot that saw the one before it's stores would update
  /// the input twice).
  void snapshotsDoNotSeeEachOthersStores() {
    driver::StageRunRequest request =
        snapshotsOf(SPYRE_KERNELS_DIR "/inplace_update.mlir");
    driver::StageRunResult r = driver::runStages(request);
    QVERIFY(r.ok);
    int executed = 0;
    for (const driver::StageRun &s : r.stages) {
      if (s.emulated)
        continue;
      QVERIFY2(s.outcome == driver::StageOutcome::Agrees && s.exact,
               (s.pass + ": " + s.summary).c_str());
      executed += !s.unchanged;
    }
    QVERIFY(executed >= 5);
  }

  /// A vectorized snapshot rounds as the program it becomes: vector
  /// reductions fold as the target's VReduce does ([numerics]: pairwise, in
  /// f32), so the last snapshot before SpyreCode has the emulated run's
  /// outputs bit for bit (softmax's row sums, rmsnorm_ring's, an MoE
  /// router's expert softmax; folded lane after lane in f16 they differed
  /// in the last bits, and --bisect named a pass the program does not
  /// show).
  void lastSnapshotRoundsAsTheProgram_data() {
    QTest::addColumn<QString>("kernel");
    for (const char *k : {"softmax", "rmsnorm_ring"})
      QTest::newRow(k) << QString(SPYRE_SAMPLES_DIR "/%1.mlir").arg(k);
    for (const char *k : {"softmax_odd_f32", "cross_entropy_vocab_f32", "layernorm_loops"})
      QTest::newRow(k) << QString(SPYRE_KERNELS_DIR "/%1.mlir").arg(k);
  }
  void lastSnapshotRoundsAsTheProgram() {
    QFETCH(QString, kernel);
    driver::StageRunRequest request = snapshotsOf(kernel);
    request.emulator = true;
    driver::StageRunResult r = driver::runStages(request);
    QVERIFY(r.ok);
    const driver::StageRun *last = nullptr, *emulated = nullptr;
    for (const driver::StageRun &s : r.stages) {
      if (s.emulated)
        emulated = &s;
      else if (s.outcome != driver::StageOutcome::Skipped)
        last = &s;
    }
    QVERIFY(last && emulated);
    QVERIFY2(!last->arrays.empty() && !emulated->arrays.empty(), last->pass.c_str());
    for (const auto &[name, array] : emulated->arrays) {
      auto it = last->arrays.find(name);
      QVERIFY2(it != last->arrays.end(), name.c_str());
      QVERIFY2(it->second.data == array.data,
               (last->pass + " and the emulated run differ in " + name).c_str());
    }
  }

  /// Every snapshot's outputs are the same whichever order the processes
  /// run in (a Kahn process network), on kernels with pipelines, rings,
  /// barriers and double buffering.
  void outputsDoNotDependOnTheOrder_data() {
    QTest::addColumn<QString>("kernel");
    for (const char *k : {"softmax", "rmsnorm_ring", "matmul_kloop",
                          "transpose_tile", "gather_rows"})
      QTest::newRow(k) << QString(SPYRE_SAMPLES_DIR "/%1.mlir").arg(k);
    for (const char *k : {"ring_sum_3tiles", "ring_broadcast", "scatter_permute",
                          "int_div_odd_rows_i16", "tiles_loop_grid2"})
      QTest::newRow(k) << QString(SPYRE_KERNELS_DIR "/%1.mlir").arg(k);
  }
  void outputsDoNotDependOnTheOrder() {
    QFETCH(QString, kernel);
    sameOutputsWith(kernel,
                    [](driver::StageRunRequest &r) { r.backwardSchedule = true; });
  }

  /// The direct paths of the block plans (interp/FastOps.cpp,
  /// stagex/DirectOps.cpp) compute what the handlers compute: every
  /// snapshot's outputs are the same, bit for bit, with and without them,
  /// after as many ops (float casts between f16, f32 and integers
  /// included).
  void directPathsChangeNothing_data() {
    outputsDoNotDependOnTheOrder_data();
    for (const char *k : {"cast_roundtrip", "matmul_f32acc_k3"})
      QTest::newRow(k) << QString(SPYRE_KERNELS_DIR "/%1.mlir").arg(k);
  }
  void directPathsChangeNothing() {
    QFETCH(QString, kernel);
    sameOutputsWith(kernel, [](driver::StageRunRequest &r) { r.directPaths = false; });
  }

  /// The bodies of stages and programs compiled into flat instruction
  /// lists (stagex/BodyCode.h) compute what running them op by op
  /// computes: every snapshot's outputs are the same, bit for bit, after
  /// as many ops, on the kernels above and more (loops carrying vectors,
  /// integer and f32 arithmetic, casts, partial sticks, matmuls; results
  /// written over the vectors their registers held before, in this
  /// process or an earlier one of the same stage, when nothing else holds
  /// them: pushed into a queue, carried by a loop, spilled).
  void compiledBodiesChangeNothing_data() {
    QTest::addColumn<QString>("kernel");
    for (const char *k : {"softmax", "rmsnorm_ring", "matmul_kloop",
                          "transpose_tile", "gather_rows", "silu_gelu_chain",
                          "row_sum", "bias_add_broadcast"})
      QTest::newRow(k) << QString(SPYRE_SAMPLES_DIR "/%1.mlir").arg(k);
    // (Not ring_broadcast: no body of it has a loop, none compiles.)
    for (const char *k : {"ring_sum_3tiles", "scatter_permute",
                          "int_div_odd_rows_i16", "tiles_loop_grid2", "layernorm_loops", "more_math_f16", "cast_roundtrip",
                          "i32_mixed_arith", "column_loop_accum", "bf16_odd_rows",
                          "int_div_row_sum_i64", "matmul_f32acc_k3", "nan_inf_f16",
                          "loop_then_reload", "parity_branch", "ksplit_matmul_ring",
                          "bias_add_f32_f16_rows", "dequant_w8_rows_f16"})
      QTest::newRow(k) << QString(SPYRE_KERNELS_DIR "/%1.mlir").arg(k);
  }
  void compiledBodiesChangeNothing() {
    QFETCH(QString, kernel);
    sameOutputsWith(kernel, [](driver::StageRunRequest &r) { r.compiledBodies = false; });
    // ... and the compiled bodies did run (a body that does not compile
    // runs op by op: without this the comparison could pass on nothing).
    driver::StageRunRequest request = snapshotsOf(kernel);
    driver::StageRunResult r = driver::runStages(request);
    uint64_t compiled = 0;
    for (const driver::StageRun &s : r.stages)
      compiled += s.compiledBodiesRun;
    QVERIFY2(compiled > 0, qPrintable(kernel));
    request.compiledBodies = false;
    for (const driver::StageRun &s : driver::runStages(request).stages)
      QCOMPARE(s.compiledBodiesRun, uint64_t(0));
  }

  /// softmax's row sums are reordered by stream-row-passes (per-lane
  /// partials): its snapshot is the first that is not exact, and it is
  /// within rounding of the shadow, not WRONG; every one before it is
  /// exact and none after it is WRONG.
  void reorderedSumIsWithinRounding() {
    driver::StageRunRequest request;
    request.run.source = readFile(SPYRE_SAMPLES_DIR "/softmax.mlir");
    request.run.sourceName = "softmax.mlir";
    request.run.seed = 0;
    driver::StageRunResult r = driver::runStages(request);
    QVERIFY(r.ok);
    QCOMPARE(r.firstDiffering, -1);
    QVERIFY(r.firstInexact > 0);
    const driver::StageRun &first = r.stages[size_t(r.firstInexact)];
    QCOMPARE(first.pass, std::string("stream-row-passes"));
    QVERIFY2(first.outcome == driver::StageOutcome::Agrees && !first.exact,
             first.summary.c_str());
    QVERIFY(first.numerics.overall() == driver::Verdict::WithinRounding);
    QVERIFY2(first.summary.rfind("within rounding: y_ptr: worst element [", 0) == 0,
             first.summary.c_str());
    QVERIFY(first.wrongArray.empty());
    for (int i = 0; i < r.firstInexact; ++i)
      QVERIFY2(r.stages[size_t(i)].exact, r.stages[size_t(i)].pass.c_str());
    for (const driver::StageRun &s : r.stages)
      QVERIFY2(s.outcome == driver::StageOutcome::Agrees, s.summary.c_str());
    QVERIFY(r.stages.back().emulated);
  }

  /// A broken pass is WRONG at once, although the same pass's reordering
  /// alone is within rounding: with one subtraction's operands swapped
  /// after stream-row-passes (--perturb-after), its snapshot is the first
  /// that differs, and the bisect names the store of its worst element (y
  /// is stored on line 85 of the sample).
  void brokenPassIsWrong() {
    driver::StageRunRequest request;
    request.run.source = readFile(SPYRE_SAMPLES_DIR "/softmax.mlir");
    request.run.sourceName = "softmax.mlir";
    request.run.seed = 0;
    request.emulator = false;
    request.perturbAfter = "stream-row-passes";
    driver::StageRunResult r = driver::runStages(request);
    QVERIFY(r.ok);
    QVERIFY(contains(r.perturbed, "swapped"));
    QVERIFY(r.firstDiffering > 0);
    const driver::StageRun &first = r.stages[size_t(r.firstDiffering)];
    QCOMPARE(first.pass, std::string("stream-row-passes"));
    QVERIFY(first.outcome == driver::StageOutcome::Differs);
    QVERIFY(first.numerics.overall() == driver::Verdict::Wrong);
    QVERIFY2(first.summary.rfind("WRONG: y_ptr: element [", 0) == 0,
             first.summary.c_str());
    QCOMPARE(first.wrongArray, std::string("y_ptr"));
    QCOMPARE(first.wrongCoords.size(), size_t(2));
    QCOMPARE(size_t(first.wrongCoords[0] * 256 + first.wrongCoords[1]),
             first.wrongElement);
    QCOMPARE(first.wrongLine, 85);
    // Every snapshot before it is exact: the reordering came with the break.
    for (int i = 0; i < r.firstDiffering; ++i)
      QVERIFY2(r.stages[size_t(i)].exact, r.stages[size_t(i)].pass.c_str());
  }
};

QTEST_APPLESS_MAIN(StageExecutorTest)
#include "StageExecutorTest.moc"
