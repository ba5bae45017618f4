//===- MainWindow.h - the Spyre Explorer main window ------------*- C++ -*-===//
//
// Assembles the editor (central), the docks (Passes, IR, Diagnostics) and
// the menus, and keeps the document state: the kernel's file (always an
// absolute path), whether the text differs from what was last saved (the
// editor's undo save point), and the snapshots the panes show. File rules
// live in KernelFile, sessions in SessionFile, the pass selection in
// PassListPanel, the diff in IrDiffView.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_MAINWINDOW_H
#define SPYRE_APP_MAINWINDOW_H

#include "CompileController.h"
#include "MachineDocks.h"

#include <QMainWindow>

class DockShares;
class CodeEditor;
class DiagnosticsTable;
class FindBar;
class IrDiffView;
class PassDocks;
class PassListPanel;
class RecentFiles;
class EmulatedRunViews;
class NumericsFeed;
class RunControls;
class RunNotes;
class SnapshotChooser;
class StageBisect;
class QLabel;
class QMenu;

class KernelChooser;

class MainWindow : public QMainWindow {
  Q_OBJECT

public:
  explicit MainWindow(QWidget *parent = nullptr);

  /// Opens a kernel file (refused, with a message, unless it is UTF-8 text
  /// without NUL bytes). Files of the bundled samples folder open as
  /// untitled copies, like openSample().
  bool openFile(const QString &path);
  /// Opens a bundled sample as an untitled copy: Save asks where.
  bool openSample(const QString &path);
  /// An empty untitled kernel.
  void newFile();
  /// Session files (.spyx, JSON; see SessionFile).
  bool saveSession(const QString &path);
  bool openSession(const QString &path);
  bool save();
  bool saveAs(); ///< asks for the file
  /// Writes the kernel to `path` and makes it the current file.
  bool writeFile(const QString &path);

  /// The pass the IR panes show.
  QString selectedPass() const;
  /// Selects the pass with this argument name in the pass list.
  bool selectPass(const QString &name);
  /// The pass names of the latest compile that produced snapshots.
  QStringList passNames() const;
  /// The target the pipeline compiles for: a preset name ("spyre",
  /// "spyre-4core") or an architecture TOML file; empty for the default.
  /// Recompiles.
  void setArchitecture(const QString &arch);
  QString architecture() const { return archPath; }
  /// "system" (the default: follows the platform), "light" or "dark";
  /// remembered in the settings.
  void setTheme(const QString &name);
  QString themeName() const { return themeChoice; }
  CompileController &compiler() { return controller; }
  /// The kernel's file (absolute), empty for an untitled kernel.
  QString filePath() const { return currentPath; }
  /// What the kernel is called: its file's name, or the untitled name.
  QString kernelName() const { return sourceName(); }
  /// Writes the session's report (SessionReport); errors as showError.
  bool exportReport(const QString &path);
  /// Whether the text differs from the saved file (follows undo).
  bool isModified() const;
  /// Editor and IR panes zoom (Ctrl++ / Ctrl+- / Ctrl+0), in points.
  void setZoom(int zoom);
  int zoom() const { return zoomLevel; }
  /// --screenshot runs: errors go to stderr instead of dialogs.
  void setBatchMode(bool batch) { batchMode = batch; }
  /// Bytes an emulated run's checkpoints may take (the setting
  /// emulator/checkpointBudgetMiB, 512 MiB; --checkpoint-budget).
  void setCheckpointBudget(uint64_t bytes) { checkpointBudget = bytes; }
  /// Run ▸ Interpreter Without LX Limit (--no-lx-limit): the reference
  /// run holds tiles larger than LX (KernelInput::noLxLimit).
  void setNoLxLimit(bool on);
  bool noLxLimit() const;
  void showStatusMessage(const QString &text);
  /// The default dock sizes for the window's current size.
  void restoreDefaultLayout();
  MachineDocks *machine() const { return machineDocks; }
  /// The emulator's run and step controls and the Timeline dock.
  RunControls *runs() const { return runControls; }
  /// The ring, chart and Run summary following the emulated run.
  EmulatedRunViews *runViews() const { return emulatedViews; }
  /// The Numerics dock and what feeds it.
  NumericsFeed *numerics() const { return numericsFeed; }
  /// The notes over the run's views (an old run, a failed one).
  RunNotes *notes() const { return runNotes; }
  /// The Pass notes and Search passes docks.
  PassDocks *passes() const { return passDocks; }
  /// Run ▸ Find the Pass That Changed the Output and Run This Snapshot.
  StageBisect *bisect() const { return stageBisect; }
  /// Where Save Session… proposes to write the session (and Open
  /// Session… starts looking): beside the kernel, "<kernel>.spyx".
  QString sessionProposal() const;
  /// Where dialogs for an untitled kernel start: the folder of the last
  /// file opened or saved (kernel or session), else the process's.
  QString lastFolder() const;
  /// The directory the Samples menu lists.
  static QString samplesDirectory();
  /// Where Help reads user-guide.md and app.md from.
  static QString docsDirectory();

protected:
  void closeEvent(QCloseEvent *event) override;
  void changeEvent(QEvent *event) override;
  void showEvent(QShowEvent *event) override;
  void resizeEvent(QResizeEvent *event) override;
  bool event(QEvent *event) override;
  void dragEnterEvent(QDragEnterEvent *event) override;
  void dropEvent(QDropEvent *event) override;

private:
  /// Dock sizes in proportion to the window (restoreDefaultLayout() also
  /// shows every dock).
  void applyDefaultSizes();
  /// A layout saved at another window size: each dock scaled by the
  /// change of the window's size (once, after it is shown).
  void rescaleSavedLayout();
  /// The height the editor and the IR panes beside it keep at least when
  /// docks are scaled: the IR dock's rows above its panes and ten lines.
  int topRowMinimum() const;
  void buildUi();
  void buildMenus();
  void buildViewMenu(QMenu *view);
  void buildHelpMenu();
  void onTextChanged();
  void onCompiled();
  void showSelectedPass();
  void showDiagnostics(const std::vector<spyre::driver::Diagnostic> &diagnostics);
  /// The latest compile's diagnostics and the failed run's, in the table.
  void refreshDiagnostics();
  void raiseDiagnostics();
  void showError(const QString &title, const QString &text);
  /// Help: `page` of the docs folder (user-guide.md, app.md) in a window.
  void showDocumentation(const QString &page);
  /// Puts `text` in the editor as a fresh document (empty undo history,
  /// unmodified) and compiles it.
  void loadText(const QString &text, const QString &path, const QString &untitledName,
                const QString &directory = QString());
  bool maybeSave();
  void updateTitle();
  void rebuildTargetMenu();
  void openFromRecent(const QString &path);
  /// archPath, or the default preset's name when it is empty.
  QString effectiveTarget() const;
  /// Tells the controller where currentPath's device imports are found.
  void useKernelDirectory();
  /// ExportFolder: the kernel's folder, or lastFolder() for an untitled one.
  void useExportFolder();
  QString sourceName() const;
  void updateViewThemes();

  CodeEditor *editor = nullptr;
  FindBar *findBar = nullptr;
  PassListPanel *passPanel = nullptr;
  IrDiffView *irView = nullptr;
  SnapshotChooser *leftChooser = nullptr, *rightChooser = nullptr;
  DiagnosticsTable *diagnosticsView = nullptr;
  QLabel *statusLabel = nullptr;
  KernelChooser *kernelChooser = nullptr; ///< a module's kernels
  QAction *kernelChooserAction = nullptr; ///< shows it in the toolbar
  RecentFiles *recent = nullptr;
  MachineDocks *machineDocks = nullptr; ///< ring, scratchpad chart, runs
  RunControls *runControls = nullptr;   ///< emulator stepping, timeline
  EmulatedRunViews *emulatedViews = nullptr; ///< ring/chart live, summary
  NumericsFeed *numericsFeed = nullptr;      ///< the Numerics dock
  PassDocks *passDocks = nullptr; ///< Pass notes, Search passes
  RunNotes *runNotes = nullptr;   ///< the notes over the run's views
  StageBisect *stageBisect = nullptr; ///< snapshots run against the KTIR
  CompileController controller;
  QString currentPath;      ///< absolute, or empty for an untitled kernel
  QString untitledName;     ///< how an untitled kernel is called
  bool forcedModified = false; ///< text not on disk (a session's, say)
  QString archPath;         ///< preset name or TOML file; empty: default
  QString kernelTarget;     ///< the device the kernel declares, if any
  QString importDirectory;  ///< imports of an untitled kernel resolve here
  QMenu *targetMenu = nullptr;
  QString themeChoice = QStringLiteral("system");
  QList<QAction *> themeActions;
  QString leftToPin, rightToPin; ///< pinned once the next compile finishes
  int zoomLevel = 0;
  bool loading = false;
  uint64_t checkpointBudget = uint64_t(512) << 20;
  QAction *noLxLimitAction = nullptr; // Run ▸ Interpreter Without LX Limit
  bool batchMode = false;
  bool layoutApplied = false;
  /// The user placed the docks (a saved layout, or a separator dragged):
  /// window resizes no longer re-proportion them.
  bool userLayout = false;
  bool resizePending = false;
  QSize layoutSavedAt; ///< the restored layout's window size, until rescaled
  /// The docks' sizes at layoutSavedAt are remembered already (a session
  /// opened in a window of another size was laid out at its own first).
  bool savedSharesRemembered = false;
  /// The user's layout, kept in proportion to the window as it is resized.
  DockShares *dockShares = nullptr;
  int passListWidth = 0; ///< the pass list's full width the layout used
  // Staleness: edits counted so the note can say how old the shown IR is.
  quint64 editCount = 0, requestedEdit = 0, goodEdit = 0;
  quint64 documentId = 0, requestedDocument = 0, goodDocument = 0;
  bool haveGoodCompile = false;
  bool compileFailed = false; ///< the latest compile had errors
  QString goodName; ///< the kernel the shown IR came from
};

#endif
