//===- DiagnosticsTable.h - the Diagnostics dock's table --------*- C++ -*-===//
//
// One row per diagnostic: severity, where (a kernel line, or file:line for
// another file such as an architecture TOML), pass, message. Every cell is
// one line (no wrapping; long messages show whole in the tool tip).
// The "see current operation: <generic form>" note MLIR attaches to
// verifier errors is not a row: it is folded into its error's tool tip
// under "Details". Double-clicking a kernel row emits lineActivated().
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_DIAGNOSTICSTABLE_H
#define SPYRE_VIEWS_DIAGNOSTICSTABLE_H

#include "driver/Diagnostic.h"

#include <QTableWidget>

#include <vector>

class DiagnosticsTable : public QTableWidget {
  Q_OBJECT

public:
  enum Column { SeverityColumn = 0, WhereColumn, PassColumn, MessageColumn };

  explicit DiagnosticsTable(QWidget *parent = nullptr);

  /// Shows `diagnostics`; those whose file is empty or `kernelName` are the
  /// kernel's (their line can be jumped to).
  void setDiagnostics(const std::vector<spyre::driver::Diagnostic> &diagnostics,
                      const std::string &kernelName);
  /// The diagnostics worth a row (and an editor mark): without the generic
  /// op dump notes.
  static std::vector<spyre::driver::Diagnostic>
  withoutOpDumps(const std::vector<spyre::driver::Diagnostic> &diagnostics);
  /// Whether a note is MLIR's generic-form dump of the failing op.
  static bool isOpDump(const spyre::driver::Diagnostic &d);
  /// A message cut for a tooltip: at most kTooltipLines lines of at most
  /// kTooltipColumns characters, then "… N more lines".
  static QString bounded(const QString &text);
  static constexpr int kTooltipLines = 24;
  static constexpr int kTooltipColumns = 160;

Q_SIGNALS:
  /// A kernel row was double-clicked (1-based line).
  void lineActivated(int line);
};

#endif
