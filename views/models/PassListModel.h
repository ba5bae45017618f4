//===- PassListModel.h - the pipeline's pass snapshots as a table -*- C++ -*-===//
//
// One row per spyre::driver::PassSnapshot (row 0 is the "input" snapshot),
// columns Pass / Stage / Time (ms) / Changed / Output (the numerics
// verdict of the snapshot's outputs against the KTIR's, once a bisect has
// run: hidden before).
// Qt::UserRole on every column
// is the column's sort key (the filter model sorts by it); the custom roles
// below return the same value on every column.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_PASSLISTMODEL_H
#define SPYRE_VIEWS_PASSLISTMODEL_H

#include "driver/Compile.h"

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

class PassListModel : public QAbstractTableModel {
  Q_OBJECT

public:
  enum Column {
    PassColumn = 0,
    StageColumn,
    TimeColumn,
    ChangedColumn,
    OutputColumn,
    ColumnCount
  };

  /// What running a snapshot found (Run ▸ Find the Pass That Changed the
  /// Output, or Run This Snapshot): the numerics verdict of its outputs
  /// (exact ✓, within rounding ≈, WRONG ✗), or that it does not run (!).
  enum class Output { Unknown, Running, Exact, WithinRounding, Wrong, Fails };

  enum Roles {
    SortRole = Qt::UserRole,      ///< per column: name, stage rank, ms, bool
    PassNameRole = Qt::UserRole + 1, ///< QString: the pass argument
    StageRole,                    ///< QString: KTIR, ScheduleIR, ...
    ChangedRole,                  ///< bool
    WallMsRole,                   ///< double
    DescriptionRole,              ///< QString: the plain description
    PipelineIndexRole,            ///< int: the row in pipeline order
    IsInputRole,                  ///< bool: the "input" snapshot
    OutputRole,                   ///< int: Output
  };

  explicit PassListModel(QObject *parent = nullptr);

  void setSnapshots(std::vector<spyre::driver::PassSnapshot> snapshots);
  const std::vector<spyre::driver::PassSnapshot> &snapshots() const { return passSnapshots; }
  /// The snapshot of `row`, or nullptr when out of range.
  const spyre::driver::PassSnapshot *snapshot(int row) const;
  /// Compact (a narrow dock): the stage column is its colour swatch only,
  /// without text or header (the tooltip names it).
  void setCompact(bool compact);
  bool isCompact() const { return compactRows; }
  /// The first row whose pass is `pass`, or -1.
  int rowOfPass(const QString &pass) const;
  /// The output verdict of `row` (its tooltip says `summary`); every
  /// verdict is forgotten when the snapshots change.
  void setOutput(int row, Output output, const QString &summary = QString());
  void clearOutputs();
  Output output(int row) const;
  /// Whether some row has a verdict (the Output column is shown then).
  bool hasOutputs() const;

Q_SIGNALS:
  /// hasOutputs() may have changed.
  void outputsShownChanged();

public:

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex &index) const override;
  QHash<int, QByteArray> roleNames() const override;

  /// The colour a stage is drawn with (grey for unknown stages).
  static QColor stageColor(const QString &stage);
  /// 0..3 for KTIR, ScheduleIR, DataflowIR, SpyreCode; 4 otherwise.
  static int stageRank(const QString &stage);
  /// `ms` with 3 significant digits ("0.0123", "1.23", "12.3", "123",
  /// "1230": numbers >= 1000 are rounded to 3 significant digits too).
  static QString formatMs(double ms);
  /// The tooltip: pass, stage and the description as word-wrapped rich text.
  static QString toolTipFor(const spyre::driver::PassSnapshot &s);
  /// A Markdown description as HTML body content (headings, code spans,
  /// fenced code and lists rendered, the options as a table; no Markdown
  /// syntax left over).
  static QString descriptionHtml(const QString &markdown);
  /// The description with its "#### Options" block (mlir-tblgen's fenced
  /// "-name : what" lines) as a Markdown table: | Option | What it sets |.
  static QString optionsAsTable(const QString &markdown);

private:
  std::vector<spyre::driver::PassSnapshot> passSnapshots;
  std::vector<Output> outputs;        ///< per row
  std::vector<QString> outputSummary; ///< per row
  bool compactRows = false;
};

#endif
