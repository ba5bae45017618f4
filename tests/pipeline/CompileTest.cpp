//===- CompileTest.cpp - per-pass snapshots of the pipeline ---------------===//
//
// What the GUI's pass list and IR panes are built on: one snapshot per
// pass with stage, description, IR text without locations, a changed flag,
// timing, and the KTIR source line of every printed line; diagnostics
// carry the pass that raised them.
//
//===----------------------------------------------------------------------===//

#include "arch/Arch.h"
#include "driver/Compile.h"
#include "ir/Registration.h"
#include "pipeline/PassVerifier.h"
#include "pipeline/Pipeline.h"
#include "pipeline/utils/HeldTiles.h"
#include "spyrecode/SpyreCode.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Parser/Parser.h"

#include <QDir>

#include <algorithm>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTest>

using namespace spyre::driver;

namespace {

const char *kKernel = R"mlir(// line 1
func.func @k(%a: index) -> (index, index) attributes {grid = [2, 4]} {
  %c0 = arith.constant 0 : index
  %x, %y = ktdp.get_compute_tile_id : index, index
  %s = arith.addi %x, %y : index
  return %s, %c0 : index, index
}
)mlir";

/// The ops of compute programs (the presets' compute unit is "sfu") that
/// still compute on whole tiles: arith, math, linalg or spyreop ops with a
/// tensor operand or result, dense constants aside. "unparsable" if the IR
/// does not parse back.
std::vector<std::string> tileArithmetic(const std::string &ir) {
  mlir::MLIRContext context;
  spyre::loadKernelDialects(context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(ir, &context);
  if (!module)
    return {"unparsable"};
  std::vector<std::string> found;
  module->walk([&](mlir::Operation *program) {
    auto unit = program->getAttrOfType<mlir::StringAttr>("unit");
    if (program->getName().getStringRef() != "dflow.program" || !unit ||
        unit.getValue() != "sfu")
      return;
    program->walk([&](mlir::Operation *op) {
      llvm::StringRef dialect = op->getName().getDialectNamespace();
      if (op->getName().getStringRef() == "arith.constant" ||
          !(dialect == "arith" || dialect == "math" || dialect == "linalg" ||
            dialect == "spyreop") ||
          op->getParentOp()->getName().getDialectNamespace() == "linalg")
        return;
      auto isTile = [](mlir::Value v) {
        return mlir::isa<mlir::RankedTensorType>(v.getType());
      };
      if (llvm::any_of(op->getOperands(), isTile) ||
          llvm::any_of(op->getResults(), isTile))
        found.push_back(op->getName().getStringRef().str());
    });
  });
  return found;
}

/// The most bytes of whole tiles one compute ("sfu") program of `ir`
/// holds (pipeline/utils/HeldTiles.h); -1 if the IR does not parse back.
int64_t heldTileBytes(const std::string &ir) {
  mlir::MLIRContext context;
  spyre::loadKernelDialects(context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(ir, &context);
  if (!module)
    return -1;
  int64_t most = 0;
  module->walk([&](mlir::Operation *program) {
    auto unit = program->getAttrOfType<mlir::StringAttr>("unit");
    if (program->getName().getStringRef() == "dflow.program" && unit &&
        unit.getValue() == "sfu")
      most = std::max(most, spyre::heldTileBytes(program));
  });
  return most;
}

/// The most bytes of tile registers one compute ("sfu") program of a
/// SpyreCode module declares: what the emulator reports as held.
int64_t tileRegisterBytes(const spyre::code::Module &module) {
  int64_t most = 0;
  for (const spyre::code::Program &program : module.programs) {
    if (program.unit != "sfu")
      continue;
    int64_t bytes = 0;
    for (const spyre::code::TileShape &t : program.tileRegs) {
      int64_t n = spyre::code::elemBytes(t.type);
      for (int64_t d : t.dims)
        n *= d;
      bytes += n;
    }
    most = std::max(most, bytes);
  }
  return most;
}

/// Line `n` (1-based) of `text`, or "" past the end.
std::string lineAt(const std::string &text, int n) {
  size_t at = 0;
  for (int i = 1; i < n && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos)
      ++at;
  }
  if (at == std::string::npos)
    return {};
  return text.substr(at, text.find('\n', at) - at);
}

/// Structural facts every lowered kernel satisfies: every register, channel,
/// descriptor, view, symbol and branch target an instruction names exists;
/// every Arg names a symbol that lists it as a use; every instruction has
/// a location naming its DataflowIR op, whose KTIR line lies in the
/// kernel (0 for ops without one) and whose DataflowIR line (when known)
/// shows that op in the DataflowIR snapshot. Returns the first violation.
std::string checkSpyreCode(const spyre::code::Module &m,
                           const std::string &dataflow, int sourceLines) {
  using namespace spyre::code;
  auto where = [&](size_t p, size_t i) {
    return "program " + std::to_string(p) + " instruction " +
           std::to_string(i) + ": ";
  };
  if (m.programs.empty())
    return "no program";
  size_t withLine = 0, withDataflowLine = 0, total = 0;
  for (size_t p = 0; p < m.programs.size(); ++p) {
    const Program &prog = m.programs[p];
    if (prog.code.empty() || prog.code.back().op != Opcode::Halt)
      return "program " + std::to_string(p) + " does not end in halt";
    auto file = [&](int file, int32_t r) {
      if (file == 0)
        return r >= 0 && r < prog.numSRegs;
      if (file == 1)
        return r >= 0 && r < prog.numVRegs;
      return r >= 0 && size_t(r) < prog.tileRegs.size();
    };
    for (size_t i = 0; i < prog.code.size(); ++i) {
      const Instr &in = prog.code[i];
      std::string at = where(p, i);
      if (in.argBegin + in.argCount > prog.operands.size())
        return at + "args past the operand pool";
      auto args = [&](int f) {
        for (uint32_t k = 0; k < in.argCount; ++k)
          if (!file(f, prog.operands[in.argBegin + k]))
            return false;
        return true;
      };
      auto channel = [&](int64_t c) {
        return c >= 0 && size_t(c) < m.plan.channels.size();
      };
      bool ok = true;
      const int S = 0, V = 1, T = 2;
      switch (in.op) {
      case Opcode::Const:
        ok = file(S, in.dst);
        break;
      case Opcode::Mov:
        ok = in.aux <= 2 && file(in.aux, in.dst) && file(in.aux, in.a);
        break;
      case Opcode::Arg:
        ok = file(S, in.dst) && in.imm >= 0 &&
             size_t(in.imm) < m.symbols.size();
        if (ok) {
          const auto &uses = m.symbols[in.imm].uses;
          ok = std::find(uses.begin(), uses.end(),
                         std::make_pair(int32_t(p), int32_t(i))) != uses.end();
        }
        break;
      case Opcode::SAlu:
        ok = file(S, in.dst) && file(S, in.a) &&
             (in.b < 0 || file(S, in.b)) && (in.c < 0 || file(S, in.c));
        break;
      case Opcode::Jmp:
      case Opcode::Brz:
      case Opcode::Brnz:
        ok = in.imm >= 0 && size_t(in.imm) < prog.code.size() &&
             (in.op == Opcode::Jmp || file(S, in.a));
        break;
      case Opcode::VAlu:
        ok = in.lanes > 0 && file(V, in.dst) && file(V, in.a) &&
             (in.b < 0 || file(V, in.b)) && (in.c < 0 || file(V, in.c));
        break;
      case Opcode::VSplat:
        ok = file(V, in.dst) && file(S, in.a);
        break;
      case Opcode::VReduce:
        ok = file(S, in.dst) && file(V, in.a) && (in.b < 0 || file(S, in.b));
        break;
      case Opcode::VExtract:
        ok = file(S, in.dst) && file(V, in.a) && (in.b < 0 || file(S, in.b));
        break;
      case Opcode::VInsert:
        ok = file(V, in.dst) && file(V, in.a) && file(S, in.b) &&
             (in.c < 0 || file(S, in.c));
        break;
      case Opcode::TRead:
        ok = file(V, in.dst) && file(T, in.a) && file(S, in.b) && args(S) &&
             in.argCount == prog.tileRegs[in.a].dims.size();
        break;
      case Opcode::TWrite:
        ok = file(T, in.dst) && file(T, in.a) && file(V, in.b) && args(S);
        break;
      case Opcode::TExtract:
        ok = file(S, in.dst) && file(T, in.a) && args(S);
        break;
      case Opcode::TInsert:
        ok = file(T, in.dst) && file(T, in.a) && file(S, in.b) && args(S);
        break;
      case Opcode::TSplat:
        ok = file(T, in.dst) && (in.a < 0 || file(S, in.a));
        break;
      case Opcode::Recv:
        ok = channel(in.imm) && file(in.lanes ? V : T, in.dst);
        break;
      case Opcode::Send:
        ok = channel(in.imm) && file(in.lanes ? V : T, in.a);
        break;
      case Opcode::Signal:
      case Opcode::Wait:
        ok = channel(in.imm);
        break;
      case Opcode::Stream:
      case Opcode::Collect:
        ok = channel(in.c) && file(S, in.a) && (in.b < 0 || file(S, in.b)) &&
             in.imm >= 0 && size_t(in.imm) < m.lxViews.size();
        break;
      case Opcode::Dma:
        ok = in.imm >= 0 && size_t(in.imm) < m.dmas.size() && args(S) &&
             m.dmas[in.imm].lxView >= 0 &&
             size_t(m.dmas[in.imm].lxView) < m.lxViews.size();
        break;
      case Opcode::RingSend:
        ok = file(S, in.a) && args(T);
        break;
      case Opcode::RingRecv:
        ok = file(S, in.a) && in.argCount % 2 == 0;
        for (uint32_t k = 0; ok && k < in.argCount / 2; ++k)
          ok = file(T, prog.operands[in.argBegin + 2 * k]) &&
               file(S, prog.operands[in.argBegin + 2 * k + 1]) &&
               size_t(in.imm + k) < prog.ringViews.size();
        break;
      default:
        break;
      }
      if (!ok)
        return at + "an operand names nothing (opcode " +
               std::to_string(int(in.op)) + ")";
      if (in.loc == 0 || in.loc >= m.locations.size())
        return at + "no location";
      const Location &loc = m.locations[in.loc];
      if (loc.op.empty() || loc.ktirLine < 0 || loc.ktirLine > sourceLines)
        return at + "location without an op or outside the kernel";
      ++total;
      withLine += loc.ktirLine > 0;
      if (loc.dataflowLine > 0) {
        ++withDataflowLine;
        if (lineAt(dataflow, loc.dataflowLine).find(loc.op) ==
            std::string::npos)
          return at + "DataflowIR line " + std::to_string(loc.dataflowLine) +
                 " does not show " + loc.op + ": " +
                 lineAt(dataflow, loc.dataflowLine);
      }
    }
  }
  // Most instructions come from ops the kernel wrote and the snapshot shows.
  if (withLine * 2 < total || withDataflowLine * 2 < total)
    return "only " + std::to_string(withLine) + " KTIR and " +
           std::to_string(withDataflowLine) + " DataflowIR lines of " +
           std::to_string(total) + " instructions";
  for (const Symbol &s : m.symbols)
    for (auto [p, i] : s.uses)
      if (p < 0 || size_t(p) >= m.programs.size() || i < 0 ||
          size_t(i) >= m.programs[p].code.size() ||
          m.programs[p].code[i].op != Opcode::Arg)
        return "symbol " + s.name + " lists a use that is not an Arg";
  for (const LxView &v : m.lxViews)
    if (v.buffer < 0 || size_t(v.buffer) >= m.plan.buffers.size())
      return "an LX view outside every buffer";
  return {};
}

/// Index of the first line of `text` containing `needle`, or -1.
int lineOf(const std::string &text, const char *needle) {
  QStringList lines = QString::fromStdString(text).split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].contains(needle))
      return i;
  return -1;
}

} // namespace

class CompileTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void snapshotsPerPass() {
    CompileResult r = compileKernel({kKernel, "k.mlir", ""});
    QVERIFY(r.ok);
    QVERIFY(r.snapshots.size() > 3);
    QCOMPARE(r.snapshots[0].pass, std::string("input"));
    QCOMPARE(r.snapshots[1].pass, std::string("select-kernel"));
    QCOMPARE(r.snapshots[2].pass, std::string("ktir-legality-check"));
    QCOMPARE(r.snapshots[3].pass, std::string("normalize-grid"));
    QCOMPARE(r.snapshots.back().pass, std::string("lower-to-spyrecode"));
    QVERIFY(r.spyreCode);
    // Stages in order: KTIR, ScheduleIR, DataflowIR, then SpyreCode.
    const std::vector<std::string> order = {"KTIR", "ScheduleIR", "DataflowIR",
                                            "SpyreCode"};
    size_t stage = 0;
    for (const PassSnapshot &s : r.snapshots) {
      while (stage < order.size() && s.stage != order[stage])
        ++stage;
      QVERIFY2(stage < order.size(), (s.pass + " " + s.stage).c_str());
      QVERIFY(!s.description.empty());
      QVERIFY2(s.ir.find("loc(") == std::string::npos, s.ir.c_str());
      QCOMPARE(static_cast<size_t>(std::count(s.ir.begin(), s.ir.end(), '\n')),
               s.sourceLines.size());
      QVERIFY(s.wallMs >= 0);
    }
    // Selecting the only kernel and the legality check change nothing;
    // normalising the grid does.
    QVERIFY(!r.snapshots[1].changed);
    QVERIFY(!r.snapshots[2].changed);
    QVERIFY(r.snapshots[3].changed);
    QVERIFY(r.snapshots[3].ir.find("grid = [8]") != std::string::npos);
    // The description is the pass's paragraph, not just its summary.
    QVERIFY(r.snapshots[3].description.find("dimension 0 fastest") !=
            std::string::npos);
  }

  // The pass whose result is not MLIR is told by its type: exactly one of
  // the pipeline's passes, the last, hands a SpyreCode module out, and only
  // after it ran.
  void spyreCodeIsThePassOutput() {
    std::vector<std::unique_ptr<mlir::Pass>> passes =
        spyre::createPipelinePasses("", {});
    QVERIFY(!passes.empty());
    for (size_t i = 0; i < passes.size(); ++i) {
      QCOMPARE(spyre::producesSpyreCode(*passes[i]), i + 1 == passes.size());
      QVERIFY(!spyre::spyreCodeOf(*passes[i]));
    }
    QCOMPARE(passes.back()->getArgument().str(), std::string("lower-to-spyrecode"));
  }

  void sourceLinesFollowOps() {
    CompileResult r = compileKernel({kKernel, "k.mlir", ""});
    QVERIFY(r.ok);
    const PassSnapshot &input = r.snapshots[0];
    int add = lineOf(input.ir, "arith.addi");
    QVERIFY(add >= 0);
    QCOMPARE(input.sourceLines[add], 5);
    // The index arithmetic that replaces get_compute_tile_id keeps its
    // location: source line 4.
    const PassSnapshot &after = r.snapshots[3];
    int rem = lineOf(after.ir, "arith.remui");
    int div = lineOf(after.ir, "arith.divui");
    QVERIFY(rem >= 0 && div >= 0);
    QCOMPARE(after.sourceLines[rem], 4);
    QCOMPARE(after.sourceLines[div], 4);
    QCOMPARE(after.sourceLines[lineOf(after.ir, "arith.addi")], 5);
    QCOMPARE(after.sourceLines[lineOf(after.ir, "func.func")], 2);
  }

  void stopAfter() {
    CompileResult r = compileKernel({kKernel, "k.mlir", "ktir-legality-check"});
    QVERIFY(r.ok);
    QCOMPARE(r.snapshots.size(), size_t(3));
    CompileResult bad = compileKernel({kKernel, "k.mlir", "no-such-pass"});
    QVERIFY(!bad.ok);
    QVERIFY(!bad.diagnostics.empty());
    QVERIFY(bad.diagnostics[0].message.find("not a pass of the pipeline") !=
            std::string::npos);
  }

  void diagnosticsNameTheirPass() {
    const char *foreign = R"mlir(func.func @k() attributes {grid = [1]} {
  %m = memref.alloc() : memref<4xf16>
  return
}
)mlir";
    CompileResult r = compileKernel({foreign, "f.mlir", ""});
    QVERIFY(!r.ok);
    QVERIFY(!r.diagnostics.empty());
    const Diagnostic &d = r.diagnostics.front();
    QCOMPARE(d.pass, std::string("ktir-legality-check"));
    QCOMPARE(d.line, 2);
    QCOMPARE(d.file, std::string("f.mlir"));
    // The failing pass still leaves its snapshot.
    QCOMPARE(r.snapshots.back().pass, std::string("ktir-legality-check"));
  }

  void parseErrorsHaveNoPass() {
    CompileResult r = compileKernel({"func.func @k( {\n", "p.mlir", ""});
    QVERIFY(!r.ok);
    QVERIFY(!r.diagnostics.empty());
    QCOMPARE(r.diagnostics.front().pass, std::string());
    QCOMPARE(r.diagnostics.front().line, 1);
    QVERIFY(r.snapshots.empty());
  }

  // Printed, MLIR's note showing the op a diagnostic is about keeps a
  // one-line op and names an op with regions instead of printing its
  // hundreds of lines; the message keeps them (the explorer's Details).
  void longOpDumpsArePrintedByName() {
    Diagnostic note;
    note.severity = Diagnostic::Severity::Note;
    note.file = "k.mlir";
    note.line = 4;
    note.column = 3;
    note.message = "see current operation: %51 = \"dflow.remote\"() <{unit = \"sfu\"}> : () -> f16";
    QCOMPARE(note.format(), "k.mlir:4:3: note: " + note.message);
    note.message = "see current operation: \n\"builtin.module\"() ({\n  \"func.func\"() ({\n  })\n}) : () -> ()";
    QCOMPARE(note.format(), std::string("k.mlir:4:3: note: see current operation: "
                                        "'builtin.module' (5 lines in generic form, left out)"));
    QVERIFY(note.message.find("func.func") != std::string::npos);
    Diagnostic error = note;
    error.severity = Diagnostic::Severity::Error;
    QCOMPARE(error.format(), "k.mlir:4:3: error: " + error.message); // notes only
  }

  // IR a pass leaves invalid is an internal compiler error naming the pass
  // and showing the op, with no line of the kernel blamed.
  void invalidIrIsAnInternalError() {
    mlir::MLIRContext context;
    spyre::loadKernelDialects(context);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(R"mlir(
func.func @k(%a: f16, %b: f32) -> f16 {
  %s = arith.addf %a, %a : f16
  return %s : f16
}
)mlir", &context);
    QVERIFY(module);
    QVERIFY(!spyre::verifyAfterPass(module->getOperation(), "fine"));
    // What a broken pass might do: an f16 add given an f32 operand.
    mlir::Operation *add = nullptr;
    module->walk([&](mlir::arith::AddFOp op) { add = op; });
    QVERIFY(add);
    add->setOperand(1, add->getBlock()->getArgument(1));
    std::optional<spyre::InvalidIr> invalid =
        spyre::verifyAfterPass(module->getOperation(), "break-it");
    QVERIFY(invalid.has_value());
    QCOMPARE(invalid->pass, std::string("break-it"));
    QCOMPARE(invalid->sourceLine, 3);
    std::string message = invalid->message();
    QVERIFY2(message.find("internal compiler error: pass 'break-it'") == 0,
             message.c_str());
    QVERIFY2(message.find("'arith.addf' op requires the same type") !=
                 std::string::npos,
             message.c_str());
    QVERIFY2(message.find("\"arith.addf\"") != std::string::npos,
             message.c_str()); // the op itself, printed generically
  }

  // A kernel that declares its device (imported next to it) is compiled
  // for that device, whichever preset the request names; the result says
  // so, and a remark lists where the target's values came from.
  void kernelDeclaresItsDevice() {
    QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/device_sub.mlir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    CompileRequest request;
    request.source = f.readAll().toStdString();
    request.sourceName = "device_sub.mlir";
    request.directory = SPYRE_SAMPLES_DIR;
    request.arch = "spyre-4core";
    CompileResult r = compileKernel(request);
    QVERIFY(r.ok);
    QCOMPARE(r.targetFromKernel, std::string("sample_device"));
    auto remark = std::find_if(
        r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic &d) {
          return d.severity == Diagnostic::Severity::Remark;
        });
    QVERIFY(remark != r.diagnostics.end());
    QCOMPARE(remark->pass, std::string("ktir-legality-check"));
    QCOMPARE(remark->line, 19);
    // The device's 1 MiB L1, completed by the Spyre preset (32 cores),
    // not by the request's 4-core preset.
    QVERIFY2(remark->message.find("scratchpad_bytes = 1048576") !=
                 std::string::npos, remark->message.c_str());
    QVERIFY2(remark->message.find("cores = 32") != std::string::npos,
             remark->message.c_str());
    // The declaration is kept in every snapshot.
    // (every MLIR snapshot: the SpyreCode stage's is a listing)
    for (const PassSnapshot &s : r.snapshots)
      if (s.stage != "SpyreCode")
        QVERIFY2(s.ir.find("ktdf_arch.device @sample_device") != std::string::npos,
                 s.pass.c_str());

    // Without the directory the import is looked for elsewhere: an error
    // on the declaration's line, and no compile.
    request.directory = QDir::tempPath().toStdString();
    CompileResult missing = compileKernel(request);
    QVERIFY(!missing.ok);
    QCOMPARE(missing.targetFromKernel, std::string("sample_device"));
    QVERIFY(!missing.diagnostics.empty());
    const Diagnostic &error = missing.diagnostics.front();
    QCOMPARE(error.severity, Diagnostic::Severity::Error);
    QCOMPARE(error.line, 19);
    QVERIFY2(error.message.find("cannot use the device file") !=
                 std::string::npos, error.message.c_str());
  }

  // Every sample and every corpus kernel goes through the whole pipeline
  // on each architecture preset: it compiles, or the legality check
  // refuses it with an error on a line of the kernel. Never a crash, a
  // verifier failure inside the pipeline or an unlocated error.
  void everyKernelThroughThePipeline_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("arch");
    QStringList dirs = {QStringLiteral(SPYRE_SAMPLES_DIR),
                        QStringLiteral(SPYRE_KERNELS_DIR)};
    if (QDir(QStringLiteral(SPYRE_CORPUS_DIR "/ktir")).exists())
      dirs << QStringLiteral(SPYRE_CORPUS_DIR "/ktir");
    for (const QString &dir : dirs)
      for (const QFileInfo &file :
           QDir(dir).entryInfoList({"*.mlir", "*.ktir"}, QDir::Files, QDir::Name))
        for (const char *arch : {"spyre", "spyre-4core"})
          QTest::addRow("%s@%s", qPrintable(file.fileName()), arch)
              << file.filePath() << QString(arch);
  }

  void everyKernelThroughThePipeline() {
    QFETCH(QString, path);
    QFETCH(QString, arch);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    CompileRequest request;
    request.source = f.readAll().toStdString();
    request.sourceName = QFileInfo(path).fileName().toStdString();
    request.directory = QFileInfo(path).absolutePath().toStdString();
    request.arch = arch.toStdString();
    CompileResult r = compileKernel(request);
    // The module is verified after every pass: none leaves invalid IR, and
    // every MLIR snapshot parses back.
    for (const Diagnostic &d : r.diagnostics)
      QVERIFY2(!d.internal, d.format().c_str());
    for (const PassSnapshot &s : r.snapshots) {
      QVERIFY2(!s.invalid, s.pass.c_str());
      if (s.stage == "SpyreCode")
        continue; // a SpyreCode listing, not MLIR
      mlir::MLIRContext context;
      spyre::loadKernelDialects(context);
      context.getDiagEngine().registerHandler(
          [](mlir::Diagnostic &) { return mlir::success(); });
      QVERIFY2(mlir::parseSourceString<mlir::ModuleOp>(s.ir, &context),
               ("the IR after " + s.pass + " does not parse back").c_str());
    }
    // On the default target the kernels written for issue 14 all compile,
    // and so do the paged copies whose 16 MiB tiles stream through LX in
    // chunks.
    if (arch == "spyre" && (path.startsWith(QStringLiteral(SPYRE_KERNELS_DIR)) ||
                            path.contains(QStringLiteral("paged-tensor"))))
      QVERIFY2(r.ok, r.diagnostics.empty()
                         ? "no diagnostic"
                         : r.diagnostics.front().format().c_str());
    if (r.ok) {
      // The last stage is SpyreCode, its snapshot the listing.
      QVERIFY(r.snapshots.size() > 2);
      const PassSnapshot &code = r.snapshots.back();
      QCOMPARE(code.pass, std::string("lower-to-spyrecode"));
      QCOMPARE(code.stage, std::string("SpyreCode"));
      QVERIFY(r.spyreCode);
      QVERIFY(code.ir.find("program p0 ") != std::string::npos);
      QCOMPARE(static_cast<size_t>(
                   std::count(code.ir.begin(), code.ir.end(), '\n')),
               code.sourceLines.size());
      const PassSnapshot &dataflow = r.snapshots[r.snapshots.size() - 2];
      QCOMPARE(dataflow.pass, std::string("lower-to-dataflow"));
      QCOMPARE(dataflow.stage, std::string("DataflowIR"));
      const std::string &ir = dataflow.ir;
      // One SpyreCode program per dflow.program.
      size_t programs = 0;
      for (size_t at = ir.find("dflow.program \""); at != std::string::npos;
           at = ir.find("dflow.program \"", at + 1))
        ++programs;
      QCOMPARE(r.spyreCode->programs.size(), programs);
      std::string broken = checkSpyreCode(
          *r.spyreCode, ir,
          int(std::count(request.source.begin(), request.source.end(), '\n')) + 1);
      QVERIFY2(broken.empty(), broken.c_str());
      QVERIFY(ir.find("dflow.program") != std::string::npos);
      QVERIFY2(ir.find("sched.") == std::string::npos, ir.c_str());
      // The compute unit computes on vectors (and scalars), never on tiles.
      std::vector<std::string> tiles = tileArithmetic(ir);
      QVERIFY2(tiles.empty(), (tiles.empty() ? "" : tiles.front()).c_str());
      // What the compute engine holds whole fits in its own memory
      // (compute_engine.local_bytes: 2 KiB in both presets and in the
      // sample device). Streaming what does not is issue 15's part 1,
      // not done: the kernels below still hold whole tiles.
      int64_t held = heldTileBytes(ir);
      QVERIFY(held >= 0);
      // The emulator counts the tile registers the SpyreCode lowering
      // declares: every tile HeldTiles counts, plus a register of its own
      // for each loop-carried tile (docs/emulator.md), so never fewer.
      int64_t registers = tileRegisterBytes(*r.spyreCode);
      QVERIFY2(registers >= held,
               qPrintable(QString("%1: %2 bytes of tile registers, %3 held")
                              .arg(QFileInfo(path).fileName())
                              .arg(registers)
                              .arg(held)));
      std::vector<spyre::arch::Diagnostic> errors;
      std::optional<std::string_view> text = spyre::arch::presetText(
          arch.toStdString());
      QVERIFY(text);
      std::optional<spyre::arch::Arch> target =
          spyre::arch::parseArch(*text, "preset", errors);
      QVERIFY(target);
      int64_t capacity = int64_t(target->computeLocalBytes);
      QVERIFY2(held <= capacity,
               qPrintable(QString("%1 holds %2 bytes of whole tiles, the "
                                  "compute engine %3")
                              .arg(QFileInfo(path).fileName())
                              .arg(held)
                              .arg(capacity)));
      return;
    }
    // Refused on a line of the kernel: by the legality check, or (on the
    // smaller preset) by address assignment when its buffers do not fit.
    auto firstError = std::find_if(
        r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic &d) {
          return d.severity == Diagnostic::Severity::Error;
        });
    QVERIFY(firstError != r.diagnostics.end());
    const Diagnostic &error = *firstError;
    if (error.pass == "assign-addresses" && arch != "spyre") {
      QVERIFY2(error.message.find("does not fit in the scratchpad") !=
                   std::string::npos,
               error.format().c_str());
      QVERIFY(error.line > 0);
      return;
    }
    QCOMPARE(error.pass, std::string("ktir-legality-check"));
    QCOMPARE(error.file, request.sourceName);
    QVERIFY(error.line > 0);
    // On the default target nothing is refused; on the smaller one, grids
    // with more tiles than it has cores.
    bool tooManyTiles =
        error.message.find("target has 4 cores") != std::string::npos;
    // (the legality check may first refuse the access tile whose bounding
    // box is larger than a scratchpad, as the interpreter does)
    bool tileTooLarge =
        error.message.find("a core's scratchpad holds") != std::string::npos ||
        error.message.find("more than the") != std::string::npos;
    QVERIFY2(tileTooLarge || (tooManyTiles && arch != "spyre"),
             error.format().c_str());
  }
};

QTEST_GUILESS_MAIN(CompileTest)
#include "CompileTest.moc"
