//===- NumericsDock.h - where the rounding goes, per output -----*- C++ -*-===//
//
// The Numerics dock: for the output chosen, the verdict (the same text as
// spyre-run's and the Run summary's, in green / amber / red), a histogram
// of every element's error in ulps of its type beside the distribution of
// the elements' bounds (elements outside their bound in red), and the
// worst elements with their coordinates, values, shadow, error, bound and
// KTIR lines. Activating one asks the app to move the run to the event
// that wrote it and to show its KTIR line (elementActivated). The data is
// a driver::NumericsVerdict (driver/NumericsVerdict.h), filled by whoever
// judged the run.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_NUMERICSDOCK_H
#define SPYRE_VIEWS_NUMERICSDOCK_H

#include "driver/NumericsVerdict.h"

#include <QDockWidget>
#include <QMetaType>

#include <vector>

class QComboBox;
class QLabel;
class QSplitter;
class QTableWidget;

QT_BEGIN_NAMESPACE
class QBarSet;
class QChart;
class QChartView;
QT_END_NAMESPACE

class NumericsDock : public QDockWidget {
  Q_OBJECT

public:
  explicit NumericsDock(QWidget *parent = nullptr);

  /// Shows `verdict` (one entry per output; the one shown before if it is
  /// still there, else the first with the worst verdict, selected).
  /// `subtitle` says what ran.
  void setVerdict(const spyre::driver::NumericsVerdict &verdict,
                  const QString &subtitle = QString());
  /// Nothing judged (yet): says `text` instead.
  void clear(const QString &text = QString());
  const spyre::driver::NumericsVerdict &verdict() const { return shown; }

  /// The output shown (empty: none).
  QString currentOutput() const;
  /// Shows the output `name`; false if there is none.
  bool selectOutput(const QString &name);

  /// The histogram's bins: elements by error in ulps, the upper end of
  /// each bin (the last is unbounded), and how many errors within their
  /// bound, outside it, and how many bounds fall there.
  struct Bin {
    QString label;
    double upper = 0;
    int within = 0, outside = 0, bounds = 0;
  };
  const std::vector<Bin> &bins() const { return binned; }
  /// The verdict line shown (plain text).
  QString verdictText() const;
  QTableWidget *worstTable() const { return table; }
  /// What the histogram shows: its legend and axis titles (only where it
  /// has room), its bars.
  bool histogramLegendShown() const;
  bool histogramAxisTitlesShown() const;
  bool histogramHasBars() const;
  /// Activates row `row` of the worst elements (what a click does).
  void activateRow(int row);

  /// The bins of an output's errors and bounds (pure: the dock shows it).
  static std::vector<Bin> histogram(const spyre::driver::OutputVerdict &o);

Q_SIGNALS:
  /// The user picked one of the worst elements.
  void elementActivated(const spyre::driver::JudgedElement &element);

protected:
  void changeEvent(QEvent *event) override;
  void resizeEvent(QResizeEvent *event) override;
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void showOutput(int index);
  void fillChart();
  void fillTable();
  /// The legend and axis titles shown only where the chart has room.
  void fitChart();

  QLabel *heading = nullptr, *subtitle = nullptr;
  QComboBox *outputs = nullptr;
  QChart *chart = nullptr;
  QChartView *chartView = nullptr;
  QTableWidget *table = nullptr;
  QSplitter *split = nullptr;
  bool laidOut = false; ///< the splitter's sizes were set once
  spyre::driver::NumericsVerdict shown;
  int current = -1;
  std::vector<Bin> binned;
};

Q_DECLARE_METATYPE(spyre::driver::JudgedElement)

#endif
