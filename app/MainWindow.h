//===- MainWindow.h - the Spyre Explorer main window ------------*- C++ -*-===//
#ifndef SPYRE_APP_MAINWINDOW_H
#define SPYRE_APP_MAINWINDOW_H

#include "CompileController.h"

#include <QMainWindow>

class CodeEditor;
class FindBar;
class IrDiffView;
class PassFilterModel;
class PassListModel;
class SnapshotChooser;
class QCheckBox;
class QLabel;
class QLineEdit;
class QMenu;
class QTableView;
class QTableWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT

public:
  explicit MainWindow(QWidget *parent = nullptr);

  bool openFile(const QString &path);
  /// Session files (.spyx, JSON): the source, its file, the architecture,
  /// the selected pass and the window layout.
  bool saveSession(const QString &path);
  bool openSession(const QString &path);
  QString selectedPass() const;
  /// Selects the pass with this argument name in the pass list.
  bool selectPass(const QString &name);
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
  /// The directory the Samples menu lists.
  static QString samplesDirectory();

protected:
  void closeEvent(QCloseEvent *event) override;
  void changeEvent(QEvent *event) override;
  void dragEnterEvent(QDragEnterEvent *event) override;
  void dropEvent(QDropEvent *event) override;

private:
  void buildUi();
  void buildMenus();
  void restoreDefaultLayout();
  void onTextChanged();
  void onCompiled();
  void onPassSelected();
  /// The snapshots the IR panes show for the selected pass-list row.
  struct Shown {
    const spyre::driver::PassSnapshot *left = nullptr, *right = nullptr;
    int row = -1;
  };
  Shown shownSnapshots() const;
  void showDiagnostics(const std::vector<spyre::driver::Diagnostic> &diagnostics);
  bool maybeSave();
  bool save();
  bool saveAs();
  bool writeFile(const QString &path);
  void updateTitle();
  void addRecent(const QString &path);
  void rebuildRecentMenu();
  void rebuildTargetMenu();
  /// archPath, or the default preset's name when it is empty.
  QString effectiveTarget() const;
  /// Tells the controller where currentPath's device imports are found.
  void useKernelDirectory();
  QString sourceName() const;

  CodeEditor *editor = nullptr;
  FindBar *findBar = nullptr;
  PassListModel *passModel = nullptr;
  PassFilterModel *passFilter = nullptr;
  QTableView *passView = nullptr;
  QLineEdit *filterEdit = nullptr;
  QCheckBox *hideUnchanged = nullptr;
  IrDiffView *irView = nullptr;
  SnapshotChooser *leftChooser = nullptr, *rightChooser = nullptr;
  QTableWidget *diagnosticsView = nullptr;
  QLabel *statusLabel = nullptr;
  QMenu *recentMenu = nullptr;
  CompileController controller;
  QString currentPath;
  QString archPath;         ///< preset name or TOML file; empty: default
  QString kernelTarget;     ///< the device the kernel declares, if any
  QMenu *targetMenu = nullptr;
  QString themeChoice = QStringLiteral("system");
  QList<QAction *> themeActions;
  void updateViewThemes();
  QString passToSelect;     ///< selected once the next compile finishes
  QString leftToPin, rightToPin; ///< pinned once the next compile finishes
  QByteArray defaultState;
  bool loading = false;
};

#endif
