//===- RunInputsDialog.cpp - choose what a run starts from ----------------===//

#include "RunInputsDialog.h"

#include "driver/RunArgsComment.h"

#include "ExportFolder.h"

#include "support/Npy.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <limits>

namespace {
QString shapeText(const spyre::driver::KernelArgument &a) {
  if (!a.pointer)
    return QObject::tr("%1 value").arg(QString::fromStdString(a.dtype));
  QStringList dims;
  for (int64_t d : a.shape)
    dims << (d < 0 ? QStringLiteral("?") : QString::number(d));
  return QStringLiteral("%1, %2")
      .arg(QString::fromStdString(a.dtype),
           dims.isEmpty() ? QObject::tr("a scalar") : dims.join(QLatin1Char('x')));
}
} // namespace

RunInputsDialog::RunInputsDialog(const RunInputs &current, const QString &source,
                                 const QString &name, QWidget *parent)
    : QDialog(parent), chosen(current) {
  setObjectName("runInputsDialog");
  setWindowTitle(tr("Run inputs — %1").arg(QFileInfo(name).fileName()));
  auto *layout = new QVBoxLayout(this);
  auto *intro = new QLabel(
      tr("Each array argument starts with random data from the seed (floats "
         "standard normal, integers in range), or with a NumPy .npy file of "
         "its element type and shape; each scalar argument takes the value "
         "typed for it. The emulated run and the interpreter it is compared "
         "with get the same inputs."),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto *form = new QFormLayout;
  seedBox = new QSpinBox(this);
  seedBox->setObjectName("seed");
  seedBox->setRange(0, std::numeric_limits<int>::max());
  seedBox->setValue(int(std::min<uint64_t>(current.seed, uint64_t(seedBox->maximum()))));
  form->addRow(tr("&Seed:"), seedBox);
  layout->addLayout(form);

  table = new QTableWidget(0, 3, this);
  table->setObjectName("inputsTable");
  table->setHorizontalHeaderLabels({tr("Argument"), tr("Takes"), tr("Input")});
  table->verticalHeader()->hide();
  table->setSelectionMode(QAbstractItemView::NoSelection);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
  table->setEnabled(false);
  layout->addWidget(table, 1);

  note = new QLabel(tr("Reading the kernel's arguments…"), this);
  note->setObjectName("inputsNote");
  note->setWordWrap(true);
  note->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(note);

  auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(620, 360);

  connect(&watcher, &QFutureWatcher<Described>::finished, this,
          &RunInputsDialog::onDescribed);
  spyre::driver::RunRequest request;
  request.source = source.toStdString();
  request.sourceName = QFileInfo(name).fileName().toStdString();
  spyre::driver::RunArgsComment comment;
  std::string ignored;
  if (spyre::driver::readRunArgsComment(request.source, comment, ignored))
    for (auto &[arg, value] : comment.args)
      kernelValues[QString::fromStdString(arg)] = QString::fromStdString(value);
  watcher.setFuture(QtConcurrent::run([request] {
    Described out;
    std::vector<spyre::driver::Diagnostic> diagnostics;
    out.arguments = spyre::driver::describeArguments(request, diagnostics);
    for (const auto &d : diagnostics)
      if (d.severity == spyre::driver::Diagnostic::Severity::Error) {
        out.error = QString::fromStdString(d.format());
        break;
      }
    return out;
  }));
}

RunInputsDialog::~RunInputsDialog() { watcher.waitForFinished(); }

void RunInputsDialog::onDescribed() {
  Described got = watcher.result();
  arguments = std::move(got.arguments);
  known = true;
  QStringList dropped;
  for (auto it = chosen.files.begin(); it != chosen.files.end();) {
    const auto *a = argument(it->first);
    if (!a || !a->pointer) {
      dropped << tr("%1 (for %%2)").arg(QFileInfo(it->second).fileName(), it->first);
      it = chosen.files.erase(it);
    } else {
      ++it;
    }
  }
  for (auto it = chosen.scalars.begin(); it != chosen.scalars.end();) {
    const auto *a = argument(it->first);
    spyre::driver::Argument parsed;
    if (!a || a->pointer ||
        !spyre::driver::parseScalarValue(*a, it->second.trimmed().toStdString(),
                                         parsed).empty()) {
      dropped << tr("%1 (for %%2)").arg(it->second, it->first);
      it = chosen.scalars.erase(it);
    } else {
      ++it;
    }
  }
  fillTable();
  if (arguments.empty())
    showMessage(got.error.isEmpty()
                    ? tr("The kernel takes no arguments.")
                    : tr("The kernel's arguments cannot be read (%1): only the "
                         "seed applies.")
                          .arg(got.error),
                !got.error.isEmpty());
  else if (!dropped.isEmpty())
    showMessage(tr("Dropped, as the kernel takes no such array or value: %1.")
                    .arg(dropped.join(", ")),
                false);
  else
    showMessage(QString(), false);
  applyFocus();
  Q_EMIT argumentsRead();
}

void RunInputsDialog::focusArgument(const QString &name) {
  focusWanted = name;
  if (known)
    applyFocus();
}

void RunInputsDialog::applyFocus() {
  auto it = valueFields.find(focusWanted);
  if (focusWanted.isEmpty() || it == valueFields.end() || !it->second.first)
    return;
  QLineEdit *field = it->second.first;
  for (int row = 0; row < table->rowCount(); ++row)
    if (table->cellWidget(row, 2) && table->cellWidget(row, 2)->isAncestorOf(field))
      table->scrollToItem(table->item(row, 0));
  field->setFocus(Qt::OtherFocusReason);
  field->selectAll();
}

QString RunInputsDialog::focusedArgument() const {
  // The dialog's focus widget: the field that has the keyboard focus, or
  // gets it once the dialog is the active window (hasFocus() is false
  // until then, which a busy window system may delay).
  for (const auto &[name, widgets] : valueFields)
    if (widgets.first && widgets.first == focusWidget())
      return name;
  return QString();
}

const spyre::driver::KernelArgument *RunInputsDialog::argument(const QString &name) const {
  for (const auto &a : arguments)
    if (QString::fromStdString(a.name) == name)
      return &a;
  return nullptr;
}

void RunInputsDialog::fillTable() {
  valueFields.clear();
  table->setRowCount(int(arguments.size()));
  for (int row = 0; row < int(arguments.size()); ++row) {
    const auto &a = arguments[size_t(row)];
    const QString name = QString::fromStdString(a.name);
    table->setItem(row, 0, new QTableWidgetItem(QLatin1Char('%') + name));
    table->setItem(row, 1, new QTableWidgetItem(shapeText(a)));
    auto *cell = new QWidget(table);
    auto *h = new QHBoxLayout(cell);
    h->setContentsMargins(2, 0, 2, 0);
    auto *what = new QLabel(cell);
    what->setObjectName("input_" + name);
    h->addWidget(what, 1);
    if (a.pointer) {
      auto it = chosen.files.find(name);
      if (it != chosen.files.end()) {
        what->setText(QFileInfo(it->second).fileName());
        what->setToolTip(QDir::toNativeSeparators(it->second));
      } else {
        what->setText(tr("random (seed)"));
      }
      auto *choose = new QToolButton(cell);
      choose->setText(tr("Choose .npy…"));
      connect(choose, &QToolButton::clicked, this, [this, name] {
        // Where its file is, else where the window's dialogs start.
        const auto chosenFile = chosen.files.find(name);
        const QString start = chosenFile != chosen.files.end()
                                  ? QFileInfo(chosenFile->second).absolutePath()
                                  : ExportFolder::directory();
        QString path = QFileDialog::getOpenFileName(this, tr("Input for %%1").arg(name), start,
                                                    tr("NumPy arrays (*.npy);;All files (*)"));
        if (!path.isEmpty())
          chooseFile(name, path);
      });
      h->addWidget(choose);
      auto *seed = new QToolButton(cell);
      seed->setText(tr("Seed"));
      seed->setToolTip(tr("Random data from the seed"));
      seed->setEnabled(it != chosen.files.end());
      connect(seed, &QToolButton::clicked, this, [this, name] { useSeed(name); });
      h->addWidget(seed);
    } else {
      // A field for the value and, beside it, what is wrong with it.
      what->hide();
      auto *field = new QLineEdit(cell);
      field->setObjectName("value_" + name);
      if (a.automaticAddress) {
        // The base address of memory views: the run gives it one when the
        // field is left empty; a typed value overrides it.
        field->setPlaceholderText(
            tr("automatic address %1").arg(qlonglong(*a.automaticAddress)));
        field->setToolTip(
            tr("The value of %%1 (%2), an element index: left empty, the run "
               "gives it the automatic address %3 and fills the memory the "
               "kernel reads there with random data from the seed")
                .arg(name, shapeText(a))
                .arg(qlonglong(*a.automaticAddress)));
      } else if (auto own = kernelValues.find(name); own != kernelValues.end()) {
        // Left empty, the run takes the kernel's own value.
        field->setPlaceholderText(tr("%1 (the kernel's RUN-ARGS)").arg(own->second));
        field->setToolTip(tr("The value of %%1 (%2): left empty, the run takes %3 from the "
                             "kernel's // RUN-ARGS line; a typed value overrides it")
                              .arg(name, shapeText(a), own->second));
      } else {
        field->setPlaceholderText(tr("value (needed)"));
        field->setToolTip(tr("The value of %%1 (%2)").arg(name, shapeText(a)));
      }
      auto wrong = wrongValues.find(name);
      auto given = chosen.scalars.find(name);
      field->setText(wrong != wrongValues.end()   ? wrong->second
                     : given != chosen.scalars.end() ? given->second
                                                     : QString());
      h->addWidget(field, 1);
      auto *why = new QLabel(cell);
      why->setObjectName("valueNote_" + name);
      why->setStyleSheet(QStringLiteral("color: #c0392b;"));
      h->addWidget(why, 2);
      valueFields[name] = {field, why};
      connect(field, &QLineEdit::textEdited, this,
              [this, name](const QString &text) { setScalar(name, text); });
      if (wrong != wrongValues.end())
        setScalar(name, QString(wrong->second));
    }
    table->setCellWidget(row, 2, cell);
  }
  table->resizeRowsToContents();
  table->setEnabled(!arguments.empty());
}

bool RunInputsDialog::chooseFile(const QString &name, const QString &path,
                                 QString *error) {
  QString why;
  const auto *a = argument(name);
  const QString file = QFileInfo(path).fileName();
  if (!a) {
    why = tr("The kernel takes no argument %%1.").arg(name);
  } else {
    spyre::npy::Array array;
    std::string readError;
    if (!spyre::npy::readNpy(path.toStdString(), array, readError))
      why = QString::fromStdString(readError);
    else if (std::string bad = spyre::driver::checkInputArray(*a, array); !bad.empty())
      why = tr("%1 cannot be the input of %%2: %3")
                .arg(file, name, QString::fromStdString(bad));
  }
  if (!why.isEmpty()) {
    showMessage(why, true);
    if (error)
      *error = why;
    return false;
  }
  chosen.files[name] = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
  fillTable();
  showMessage(tr("%%1 starts from %2.").arg(name, file), false);
  return true;
}

bool RunInputsDialog::setScalar(const QString &name, const QString &text,
                                QString *error) {
  QString why;
  const auto *a = argument(name);
  spyre::driver::Argument parsed;
  if (!a || a->pointer)
    why = tr("The kernel takes no scalar argument %%1.").arg(name);
  else if (!text.trimmed().isEmpty())
    why = QString::fromStdString(
        spyre::driver::parseScalarValue(*a, text.trimmed().toStdString(), parsed));
  if (why.isEmpty()) {
    wrongValues.erase(name);
    if (text.trimmed().isEmpty())
      chosen.scalars.erase(name);
    else
      chosen.scalars[name] = text.trimmed();
  } else if (a && !a->pointer) {
    wrongValues[name] = text;
    chosen.scalars.erase(name);
  }
  auto shown = valueFields.find(name);
  QLineEdit *field = shown != valueFields.end() ? shown->second.first.data() : nullptr;
  if (QLabel *note = shown != valueFields.end() ? shown->second.second.data() : nullptr)
    note->setText(why);
  if (field) {
    if (field->text() != text)
      field->setText(text);
    field->setStyleSheet(why.isEmpty() ? QString()
                                       : QStringLiteral("border: 1px solid #c0392b;"));
  }
  if (!why.isEmpty()) {
    showMessage(tr("%%1: %2").arg(name, why), true);
    if (error)
      *error = why;
    return false;
  }
  showMessage(text.trimmed().isEmpty()
                  ? tr("%%1 has no value: the run needs one.").arg(name)
                  : tr("%%1 = %2.").arg(name, text.trimmed()),
              false);
  return true;
}

void RunInputsDialog::accept() {
  if (!wrongValues.empty()) {
    const auto &first = *wrongValues.begin();
    showMessage(tr("%%1: '%2' is not a value it takes; correct it or clear it.")
                    .arg(first.first, first.second),
                true);
    return;
  }
  QDialog::accept();
}

void RunInputsDialog::useSeed(const QString &name) {
  chosen.files.erase(name);
  fillTable();
  showMessage(tr("%%1 starts from the seed's random data.").arg(name), false);
}

RunInputs RunInputsDialog::inputs() const {
  RunInputs out = chosen;
  out.seed = uint64_t(seedBox->value());
  return out;
}

QString RunInputsDialog::message() const { return note->text(); }

void RunInputsDialog::showMessage(const QString &text, bool error) {
  note->setText(text);
  note->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}
