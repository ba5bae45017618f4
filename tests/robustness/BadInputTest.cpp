//===- BadInputTest.cpp - malformed kernels end in diagnostics ------------===//
//
// Feeds three families of broken input through the same parse + verify path
// spyre-opt uses and requires each to fail with at least one error
// diagnostic and no crash:
//   - every kernel (samples and, when present, the shared corpus) cut off
//     at the end of every line inside an unclosed '{' and at random offsets;
//   - random byte strings;
//   - every kernel with one SSA operand removed from one op, one at a time.
// A sample of the cases is also run through the spyre-opt binary, which
// must exit with status 1 and print "error:".
//
//===----------------------------------------------------------------------===//

#include "ir/ParserTraps.h"
#include "ir/Registration.h"
#include "ir/SourceFixups.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <random>
#include <regex>

namespace {

struct SourceKernel {
  std::string name;
  std::string text;
};

struct Case {
  std::string label;
  std::string text;
};

/// The case being parsed, reported if the process crashes.
std::string currentLabel;

void reportCrashingCase(void *) {
  llvm::errs() << "\n*** crashed while parsing case: " << currentLabel << "\n";
}

std::vector<SourceKernel> loadSourceKernels(const QString &dir) {
  std::vector<SourceKernel> kernels;
  QDir d(dir);
  if (!d.exists())
    return kernels;
  const QStringList files =
      d.entryList({"*.mlir", "*.ktir"}, QDir::Files, QDir::Name);
  for (const QString &file : files) {
    QFile f(d.filePath(file));
    if (f.open(QIODevice::ReadOnly))
      kernels.push_back({file.toStdString(), f.readAll().toStdString()});
  }
  return kernels;
}

/// Offsets just past each newline at which the text has an unclosed '{'
/// (outside comments and strings): cutting there must be a syntax error.
std::vector<size_t> cutPointsInsideBraces(const std::string &text) {
  std::vector<size_t> cuts;
  int depth = 0;
  bool comment = false, string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      comment = string = false;
      if (depth > 0)
        cuts.push_back(i + 1);
      continue;
    }
    if (comment)
      continue;
    if (string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        string = false;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/')
      comment = true;
    else if (c == '"')
      string = true;
    else if (c == '{')
      ++depth;
    else if (c == '}')
      --depth;
  }
  return cuts;
}

} // namespace

class BadInputTest : public QObject {
  Q_OBJECT

  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  std::vector<SourceKernel> kernels;
  std::vector<Case> spotChecks;

  /// Parses and verifies `text`; returns the number of error diagnostics,
  /// or -1 when the text was accepted.
  int errorsFor(const Case &c) {
    currentLabel = c.label;
    std::string fixed = spyre::applyKtirSourceFixups(c.text);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(fixed, c.label), llvm::SMLoc());
    int errors = 0;
    mlir::ScopedDiagnosticHandler handler(
        &context, [&](mlir::Diagnostic &diag) {
          if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
            ++errors;
          return mlir::success();
        });
    // As the driver does: text MLIR's parsers crash on is refused first.
    if (mlir::failed(spyre::rejectParserTraps(context, c.label, c.text)))
      return errors;
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
    return module ? -1 : errors;
  }

  /// Requires every case to be rejected with a diagnostic; keeps every
  /// `stride`-th case for the spyre-opt exit-code check.
  void expectAllRejected(const std::vector<Case> &cases, size_t stride) {
    QVERIFY(!cases.empty());
    int silent = 0, accepted = 0;
    for (size_t i = 0; i < cases.size(); ++i) {
      int errors = errorsFor(cases[i]);
      if (errors < 0) {
        ++accepted;
        qWarning("accepted although broken: %s", cases[i].label.c_str());
      } else if (errors == 0) {
        ++silent;
        qWarning("rejected without a diagnostic: %s", cases[i].label.c_str());
      }
      if (i % stride == 0)
        spotChecks.push_back(cases[i]);
    }
    qInfo("%zu cases, all rejected with a diagnostic: %s", cases.size(),
          accepted + silent == 0 ? "yes" : "no");
    QCOMPARE(accepted, 0);
    QCOMPARE(silent, 0);
  }

private Q_SLOTS:
  void initTestCase() {
    llvm::sys::AddSignalHandler(reportCrashingCase, nullptr);
    spyre::loadKernelDialects(context);
    context.printOpOnDiagnostic(false);
    kernels = loadSourceKernels(SPYRE_SAMPLES_DIR);
    QVERIFY2(kernels.size() >= 10, "expected the samples/ kernels");
    std::vector<SourceKernel> corpus = loadSourceKernels(SPYRE_CORPUS_KTIR_DIR);
    kernels.insert(kernels.end(), corpus.begin(), corpus.end());
    // The intact kernels are accepted: the failures below come from the
    // mutations alone.
    for (const SourceKernel &k : kernels)
      QVERIFY2(errorsFor({k.name, k.text}) < 0, k.name.c_str());
  }

  void truncatedKernels() {
    std::vector<Case> cases;
    std::mt19937 rng(2026);
    for (const SourceKernel &k : kernels) {
      std::vector<size_t> cuts = cutPointsInsideBraces(k.text);
      for (size_t cut : cuts)
        cases.push_back({k.name + " cut at byte " + std::to_string(cut),
                         k.text.substr(0, cut)});
      // Random offsets inside the braces, mid-token included.
      if (cuts.size() < 2)
        continue;
      std::uniform_int_distribution<size_t> pick(cuts.front(), cuts.back());
      for (int i = 0; i < 20; ++i) {
        size_t cut = pick(rng);
        cases.push_back({k.name + " cut at byte " + std::to_string(cut),
                         k.text.substr(0, cut)});
      }
    }
    expectAllRejected(cases, 97);
  }

  // MLIR 22's linalg parsers crash on these instead of failing; they are
  // refused with an error at the list (ir/ParserTraps.h).
  void malformedDimensionLists() {
    const char *head =
        "func.func @f(%a: tensor<4xf16>, %c: tensor<4x4xf16>, %e: "
        "tensor<4x4xf16>) {\n";
    const char *ops[] = {
        "%b = linalg.broadcast ins(%a : tensor<4xf16>) outs(%e : "
        "tensor<4x4xf16>) dimensions",
        "%b = linalg.transpose ins(%c : tensor<4x4xf16>) outs(%e : "
        "tensor<4x4xf16>) permutation",
        "%b = linalg.reduce { arith.addf } ins(%c : tensor<4x4xf16>) outs(%a "
        ": tensor<4xf16>) dimensions"};
    const char *lists[] = {" =", " = ", " = [", " = [1", " = x", " = [1,",
                           " = [1 2]", " = [-]"};
    std::vector<Case> cases;
    for (const char *op : ops)
      for (const char *list : lists)
        cases.push_back({std::string(op) + list, std::string(head) + op + list});
    expectAllRejected(cases, 5);
    // The error is on the op's line (2), where the list goes wrong.
    std::optional<spyre::ParserTrap> trap =
        spyre::findParserTrap(std::string(head) + ops[0] + " = [1 2]");
    QVERIFY(trap);
    QCOMPARE(trap->offset, std::string(head).size() +
                               std::string(ops[0]).size() + 6);
    // Well-formed lists, and the generic attribute form, are no trap.
    for (const char *good : {" = [1]", " = []", " = [0, 1]", " = [ -1 , 2 ]"})
      QVERIFY(!spyre::findParserTrap(std::string(head) + ops[0] + good));
    QVERIFY(!spyre::findParserTrap(
        "%b = \"linalg.broadcast\"(%a, %e) <{dimensions = array<i64: 1>}>"));
  }

  void randomBytes() {
    std::vector<Case> cases;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> byte(0, 255), length(1, 600);
    std::uniform_int_distribution<int> printable('!', '~');
    for (int i = 0; i < 400; ++i) {
      std::string text;
      // A leading printable character other than '/' keeps the buffer from
      // being all blanks or one comment (which is a valid empty module).
      char first;
      do
        first = static_cast<char>(printable(rng));
      while (first == '/');
      text += first;
      int n = length(rng);
      for (int j = 0; j < n; ++j)
        text += static_cast<char>(byte(rng));
      cases.push_back({"random bytes #" + std::to_string(i), text});
    }
    expectAllRejected(cases, 40);
  }

  void operandsRemoved() {
    // Print each kernel in canonical form (one op per line), then, on every
    // line that is not a block header, drop one SSA use at a time.
    static const std::regex use("%[A-Za-z0-9_$.#-]+");
    std::vector<Case> cases;
    for (const SourceKernel &k : kernels) {
      std::string printed;
      {
        llvm::SourceMgr sourceMgr;
        sourceMgr.AddNewSourceBuffer(
            llvm::MemoryBuffer::getMemBufferCopy(
                spyre::applyKtirSourceFixups(k.text), k.name),
            llvm::SMLoc());
        mlir::OwningOpRef<mlir::ModuleOp> module =
            mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
        QVERIFY(module);
        llvm::raw_string_ostream os(printed);
        module->print(os);
      }
      size_t lineStart = 0, lineNo = 0;
      while (lineStart < printed.size()) {
        size_t lineEnd = printed.find('\n', lineStart);
        if (lineEnd == std::string::npos)
          lineEnd = printed.size();
        ++lineNo;
        std::string line = printed.substr(lineStart, lineEnd - lineStart);
        size_t firstText = line.find_first_not_of(' ');
        bool header = firstText == std::string::npos ||
                      line.compare(firstText, 3, "^bb") == 0 ||
                      line.compare(firstText, 9, "func.func") == 0;
        // Only uses: skip the results before " = ".
        size_t eq = line.find(" = ");
        size_t from = (eq != std::string::npos && line[firstText] == '%')
                          ? eq + 3
                          : 0;
        if (!header) {
          auto begin =
              std::sregex_iterator(line.begin() + from, line.end(), use);
          for (auto it = begin; it != std::sregex_iterator(); ++it) {
            size_t pos = from + it->position();
            size_t len = it->length();
            // Take a neighbouring ", " with it so the list stays tidy.
            if (line.compare(pos + len, 2, ", ") == 0)
              len += 2;
            else if (pos >= 2 && line.compare(pos - 2, 2, ", ") == 0)
              pos -= 2, len += 2;
            std::string mutated = printed;
            mutated.erase(lineStart + pos, len);
            cases.push_back({k.name + " line " + std::to_string(lineNo) +
                                 " without '" + it->str() + "'",
                             mutated});
          }
        }
        lineStart = lineEnd + 1;
      }
    }
    expectAllRejected(cases, 61);
  }

  void spyreOptExitsWithOne() {
    QVERIFY(spotChecks.size() >= 20);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (size_t i = 0; i < spotChecks.size(); ++i) {
      QString path = dir.filePath(QString("case%1.mlir").arg(i));
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(spotChecks[i].text.data(),
              static_cast<qint64>(spotChecks[i].text.size()));
      f.close();
      QProcess opt;
      opt.start(SPYRE_OPT_PATH, {path});
      QVERIFY(opt.waitForFinished(10000));
      QVERIFY2(opt.exitStatus() == QProcess::NormalExit,
               spotChecks[i].label.c_str());
      QVERIFY2(opt.exitCode() == 1, spotChecks[i].label.c_str());
      QVERIFY2(opt.readAllStandardError().contains("error:"),
               spotChecks[i].label.c_str());
    }
    qInfo("spyre-opt exited with 1 and an error on %zu cases",
          spotChecks.size());
  }
};

QTEST_GUILESS_MAIN(BadInputTest)
#include "BadInputTest.moc"
