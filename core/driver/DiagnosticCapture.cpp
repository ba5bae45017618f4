//===- DiagnosticCapture.cpp - MLIR diagnostics into std types ------------===//

#include "driver/DiagnosticCapture.h"
#include "ir/KernelLocations.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

using namespace spyre::driver;

// Spelled out: in the driver's unity build a file before this one may have
// `using namespace mlir` (and mlir::Diagnostic).
static spyre::driver::Diagnostic::Severity
severityOf(mlir::DiagnosticSeverity s) {
  using Severity = spyre::driver::Diagnostic::Severity;
  switch (s) {
  case mlir::DiagnosticSeverity::Error: return Severity::Error;
  case mlir::DiagnosticSeverity::Warning: return Severity::Warning;
  case mlir::DiagnosticSeverity::Note: return Severity::Note;
  case mlir::DiagnosticSeverity::Remark: return Severity::Remark;
  }
  return Severity::Error;
}

DiagnosticCapture::DiagnosticCapture(mlir::MLIRContext &context,
                                     std::vector<Diagnostic> &out)
    : context(context), out(out), handler(&context, [this](mlir::Diagnostic &diag) {
        // The same diagnostic again, with its notes (every core of a
        // threaded run stopping on the same unsupported op): said once.
        std::string key;
        llvm::raw_string_ostream os(key);
        os << int(diag.getSeverity()) << ' ' << diag.getLocation() << ' '
           << diag.str();
        if (!said.insert(key).second)
          return mlir::success();
        add(diag.getLocation(), severityOf(diag.getSeverity()), diag.str());
        for (mlir::Diagnostic &note : diag.getNotes())
          add(note.getLocation(), Diagnostic::Severity::Note, note.str());
        return mlir::success();
      }) {}

void DiagnosticCapture::add(mlir::Location loc, Diagnostic::Severity severity,
                            const std::string &message) {
  Diagnostic d;
  d.severity = severity;
  d.message = message;
  d.pass = currentPass;
  if (auto file = loc->findInstanceOf<mlir::FileLineColLoc>()) {
    d.file = file.getFilename().str();
    d.line = static_cast<int>(file.getLine());
    d.column = static_cast<int>(file.getColumn());
  }
  // An op the kernel's generator gave its own location: the diagnostic is
  // on the kernel's line (spyre::parseKernelModule), the generator's place
  // follows as a note on the same line.
  std::optional<mlir::Location> generated =
      severity == Diagnostic::Severity::Note ? std::nullopt
                                             : spyre::generatedLocation(loc);
  Diagnostic note;
  if (generated) {
    note = d;
    note.severity = Diagnostic::Severity::Note;
    note.message.clear();
    llvm::raw_string_ostream os(note.message);
    os << "the kernel's generator placed it at " << *generated;
  }
  out.push_back(std::move(d));
  if (generated)
    out.push_back(std::move(note));
}

void DiagnosticCapture::error(const std::string &message) {
  add(mlir::UnknownLoc::get(&context), Diagnostic::Severity::Error, message);
}

void DiagnosticCapture::error(mlir::Location loc, const std::string &message) {
  add(loc, Diagnostic::Severity::Error, message);
}

void DiagnosticCapture::warning(mlir::Location loc,
                                const std::string &message) {
  add(loc, Diagnostic::Severity::Warning, message);
}

void DiagnosticCapture::note(mlir::Location loc, const std::string &message) {
  add(loc, Diagnostic::Severity::Note, message);
}
