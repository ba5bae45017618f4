//===- SessionReport.h - a whole session as one HTML file -------*- C++ -*-===//
//
// File ▸ Export Report… and `spyre-explorer KERNEL --export-report FILE`:
// one self-contained HTML file (no network, every image inline as a data:
// URL) a teacher can put on a course page or an engineer attach to a bug
// report:
//
//   the kernel; the pass list with each pass's time and whether it
//   changed the IR; each changed pass's diff, coloured as the IR panes
//   show it; the ring after place-tiles; the Timeline and the Scratchpad
//   chart of the emulated run; the run summary (with why it takes its
//   cycles); the numerics verdict.
//
// The page is XHTML (well-formed XML, so a test can read it back) with its
// style in the page. Building it reads the window's state only.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_SESSIONREPORT_H
#define SPYRE_APP_SESSIONREPORT_H

#include <QString>

class MainWindow;
struct RunSummaryData;

class SessionReport {
public:
  /// The report of what `window` shows now.
  static QString html(MainWindow &window);
  /// Writes it to `path`; false with `error` when it cannot be written.
  static bool write(MainWindow &window, const QString &path, QString *error);
  /// The numerics verdict of a run. HOOK (numerics): the numerics
  /// helper's driver function gives the verdict (exact / within rounding /
  /// WRONG per output) once it lands on main; until then this is the
  /// outputs compared with the interpreter's.
  static QString numericsVerdictHtml(const RunSummaryData &run);
  /// The run summary's section: its numbers and Why N cycles, or, for a
  /// run too long to keep whole, why that is not worked out (as the Run
  /// summary says it).
  static QString runSummaryHtml(const RunSummaryData &run);
  /// `text` with <, > and & escaped for XHTML.
  static QString escape(const QString &text);
};

#endif
