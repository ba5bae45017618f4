//===- SourceLinesTest.cpp - every instruction's line is the op it implements -===//
//
// Issue 27, point 4: an op a pass creates carries the location of the KTIR
// op it implements, so the editor, the IR panes and the emulator's events
// point at the right line. For every sample, every SpyreCode instruction
// whose DataflowIR op or ALU function says what it computes is checked
// against the text of its KTIR line (not merely that it has one):
//
//   a vector op computing arith.* / math.* / spyreop.* F   -> a line with F
//                                                             (or the matmul,
//                                                             reduce or
//                                                             generic it is in)
//   vector.reduction                                       -> a reduction's line
//   vector.broadcast                                       -> a splat /
//                                                             broadcast / fill /
//                                                             extract, or an
//                                                             elementwise op
//                                                             with a scalar
//   dflow.send of a compute engine's results               -> a store's, a
//                                                             ring op's or the
//                                                             op that made it,
//                                                             never a load's
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "spyrecode/SpyreCode.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <string>
#include <vector>

using namespace spyre;

namespace {

std::vector<std::string> linesOf(const std::string &text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

bool has(const std::string &line, const char *what) { return line.find(what) != std::string::npos; }

bool anyOf(const std::string &line, std::initializer_list<const char *> ops) {
  for (const char *op : ops)
    if (has(line, op))
      return true;
  return false;
}

/// Why `in` (DataflowIR op `op`, in a program of unit `unit` that computes
/// when `compute`) does not implement KTIR line `line`; "" when it does.
std::string mismatch(const code::Instr &in, const std::string &op, bool compute,
                     const std::string &line) {
  // A linalg op (named: linalg.add, linalg.matmul; or generic, reduce)
  // holds the arithmetic that implements it.
  const bool container = has(line, "linalg.");
  if (in.op == code::Opcode::VAlu || in.op == code::Opcode::VReduce) {
    const std::string fn = code::aluName(in.fn);
    // Lanes past a row's end are padded with a reduction's identity
    // (select) and accumulators are widened or narrowed (casts) where the
    // reduction or matmul is.
    if (has(line, fn.c_str()) || container)
      return {};
    return "computes " + fn;
  }
  if (op == "vector.reduction")
    return container || has(line, "reduce") ? "" : "reduces";
  if (op == "vector.broadcast")
    return anyOf(line, {"tensor.splat", "linalg.broadcast", "linalg.fill", "tensor.extract",
                        "arith.", "math.", "spyreop."}) || container
               ? ""
               : "broadcasts";
  // A compute engine sends what it computed: to be stored, round the ring,
  // or (a K loop's accumulator) into a persistent buffer from the op that
  // made it; never what a load brought.
  if (op == "dflow.send" && compute)
    return !has(line, "ktdp.load") &&
                   anyOf(line, {"ktdp.store", "ring", "linalg.", "tensor.empty"})
               ? ""
               : "sends a result";
  return {};
}

} // namespace

class SourceLinesTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void everyInstructionIsOnItsOp_data() {
    QTest::addColumn<QString>("path");
    QDir samples(SPYRE_SAMPLES_DIR);
    for (const QString &name : samples.entryList({"*.mlir"}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(name)) << samples.filePath(name);
  }

  void everyInstructionIsOnItsOp() {
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    driver::CompileRequest request;
    request.source = file.readAll().toStdString();
    request.sourceName = QFileInfo(path).fileName().toStdString();
    request.directory = QFileInfo(path).absolutePath().toStdString();
    driver::CompileResult result = driver::compileKernel(request);
    QVERIFY(result.ok && result.spyreCode);
    const std::vector<std::string> source = linesOf(request.source);
    const code::Module &m = *result.spyreCode;
    int checked = 0;
    QStringList wrong;
    for (const code::Program &p : m.programs) {
      bool compute = false;
      for (const code::Instr &in : p.code)
        compute = compute || in.op == code::Opcode::VAlu;
      for (size_t pc = 0; pc < p.code.size(); ++pc) {
        const code::Instr &in = p.code[pc];
        if (in.loc == 0 || in.loc >= m.locations.size())
          continue;
        const code::Location &loc = m.locations[in.loc];
        if (loc.ktirLine <= 0 || size_t(loc.ktirLine) > source.size())
          continue;
        const std::string &line = source[size_t(loc.ktirLine - 1)];
        const std::string why = mismatch(in, loc.op, compute, line);
        ++checked;
        if (!why.empty())
          wrong << QStringLiteral("%1 pc %2 (%3) %4 but is on line %5: %6")
                       .arg(QString::fromStdString(p.unit))
                       .arg(pc)
                       .arg(QString::fromStdString(loc.op), QString::fromStdString(why))
                       .arg(loc.ktirLine)
                       .arg(QString::fromStdString(line).trimmed());
      }
    }
    QVERIFY(checked > 0);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.mid(0, 12).join("\n")));
  }
};

QTEST_APPLESS_MAIN(SourceLinesTest)
#include "SourceLinesTest.moc"
