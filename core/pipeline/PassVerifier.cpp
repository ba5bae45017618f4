//===- PassVerifier.cpp - invalid IR after a pass is our bug --------------===//

#include "pipeline/PassVerifier.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

std::string spyre::InvalidIr::message() const {
  std::string text = "internal compiler error: pass '" + pass +
                     "' produced invalid IR (a bug in the compiler, not in "
                     "the kernel): " +
                     error;
  if (!op.empty())
    text += "; the op: " + op;
  if (sourceLine > 0)
    text += " (made from the op on line " + std::to_string(sourceLine) +
            " of the kernel)";
  return text;
}

namespace {
/// The op text the verifier attaches as a note ("see current operation:"),
/// on one line and at most `limit` characters.
std::string shortOp(const Diagnostic &diag, size_t limit = 400) {
  for (const Diagnostic &note : diag.getNotes()) {
    std::string text = note.str();
    llvm::StringRef body(text);
    if (!body.consume_front("see current operation:"))
      continue;
    std::string line;
    bool space = false;
    for (char c : body.trim()) {
      bool blank = c == '\n' || c == ' ' || c == '\t';
      if (blank && space)
        continue;
      line += blank ? ' ' : c;
      space = blank;
    }
    if (line.size() > limit)
      line = line.substr(0, limit) + " ...";
    return line;
  }
  return {};
}
} // namespace

std::optional<spyre::InvalidIr>
spyre::verifyAfterPass(Operation *root, llvm::StringRef pass) {
  std::optional<InvalidIr> invalid;
  MLIRContext *context = root->getContext();
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error && !invalid) {
        invalid = InvalidIr{};
        invalid->pass = pass.str();
        invalid->error = diag.str();
        invalid->op = shortOp(diag);
        if (auto file = diag.getLocation()->findInstanceOf<FileLineColLoc>())
          invalid->sourceLine = static_cast<int>(file.getLine());
      }
      return success(); // kept from the other handlers
    });
    verified = mlir::verify(root);
  }
  if (succeeded(verified))
    return std::nullopt;
  if (!invalid) {
    invalid = InvalidIr{};
    invalid->pass = pass.str();
    invalid->error = "the verifier failed without saying why";
  }
  return invalid;
}

namespace {
class PassVerifierInstrumentation : public PassInstrumentation {
  void runAfterPass(Pass *pass, Operation *op) override {
    std::optional<spyre::InvalidIr> invalid =
        spyre::verifyAfterPass(op, pass->getArgument().empty()
                                       ? pass->getName()
                                       : pass->getArgument());
    if (!invalid)
      return;
    // Straight to stderr, with no location in the kernel (which is not at
    // fault), whatever diagnostic handler the tool has (-verify-diagnostics
    // would hold it back until the end, which never comes).
    llvm::outs().flush();
    llvm::errs() << "error: " << invalid->message() << "\n";
    llvm::errs().flush();
    std::exit(EXIT_FAILURE);
  }
};
} // namespace

std::unique_ptr<PassInstrumentation>
spyre::createPassVerifierInstrumentation() {
  return std::make_unique<PassVerifierInstrumentation>();
}
