//===- RunInputsDialog.h - choose what a run starts from ---------*- C++ -*-===//
//
// Run ▸ Inputs…: the seed, for each array argument of the kernel either
// the seed's random data or a NumPy .npy file, and for each scalar
// argument (index, integer, float) its value. The arguments (name, element
// type, shape of the memory view built on them) are read from the kernel
// on a worker thread (driver/Run.h's describeArguments); a chosen file is
// read at once and refused, with the reason in the dialog, when its
// element type or shape is not the argument's (checkInputArray); a value
// is checked as it is typed (driver::parseScalarValue: the integer type's
// range, a float that parses), the reason shown next to its field, and OK
// is refused while one is wrong.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNINPUTSDIALOG_H
#define SPYRE_APP_RUNINPUTSDIALOG_H

#include "RunInputs.h"

#include "driver/KernelArguments.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QPointer>

#include <map>
#include <vector>

class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

class RunInputsDialog : public QDialog {
  Q_OBJECT

public:
  RunInputsDialog(const RunInputs &current, const QString &source,
                  const QString &name, QWidget *parent = nullptr);
  ~RunInputsDialog() override;

  /// The seed and the files as the dialog has them now.
  RunInputs inputs() const;
  /// Uses `path` for `argument` (what "Choose…" does once a file is
  /// picked); false, with the reason shown and in `error`, when the file
  /// cannot be read or does not fit the argument.
  bool chooseFile(const QString &argument, const QString &path,
                  QString *error = nullptr);
  /// Back to the seed's data for `argument`.
  void useSeed(const QString &argument);
  /// Types `text` as the value of scalar `argument` (what its field does);
  /// false, with the reason next to the field and in `error`, when it is
  /// not a value of the argument's type. Empty text: no value given.
  bool setScalar(const QString &argument, const QString &text,
                 QString *error = nullptr);
  /// No value typed is wrong (OK accepts).
  bool valuesValid() const { return wrongValues.empty(); }
  void accept() override;
  /// The kernel's arguments have been read (argumentsRead() was emitted).
  bool argumentsKnown() const { return known; }
  /// The note under the table (errors, dropped files), for tests.
  QString message() const;
  /// Gives the value field of scalar `name` the focus once the arguments
  /// are read (a failed run offers this for the argument it missed).
  void focusArgument(const QString &name);
  /// The scalar argument whose value field has the dialog's focus ("" when
  /// none): it has the keyboard focus, or gets it when the dialog is active.
  QString focusedArgument() const;

Q_SIGNALS:
  void argumentsRead();

private:
  struct Described {
    std::vector<spyre::driver::KernelArgument> arguments;
    QString error;
  };
  void onDescribed();
  void fillTable();
  void applyFocus();
  void showMessage(const QString &text, bool error);
  const spyre::driver::KernelArgument *argument(const QString &name) const;

  RunInputs chosen;
  /// Scalar argument -> text typed that is not one of its values.
  std::map<QString, QString> wrongValues;
  /// The kernel's own `// RUN-ARGS: --arg NAME=VALUE` values: what an empty
  /// field runs with.
  std::map<QString, QString> kernelValues;
  /// Each scalar argument's field and the note beside it (this table's).
  std::map<QString, std::pair<QPointer<QLineEdit>, QPointer<QLabel>>> valueFields;
  std::vector<spyre::driver::KernelArgument> arguments;
  bool known = false;
  QString focusWanted;
  QSpinBox *seedBox = nullptr;
  QTableWidget *table = nullptr;
  QLabel *note = nullptr;
  QFutureWatcher<Described> watcher;
};

#endif
