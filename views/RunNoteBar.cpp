//===- RunNoteBar.cpp - a note over a run's view, with one action ---------===//

#include "RunNoteBar.h"

#include "ElidedLabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QToolButton>

RunNoteBar::RunNoteBar(QWidget *parent) : QFrame(parent) {
  setObjectName("runNoteBar");
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 2, 2, 2);
  layout->setSpacing(6);
  label = new ElidedLabel(this);
  label->setObjectName("runNoteText");
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  label->setMinimumWidth(0);
  actionButton = new QToolButton(this);
  actionButton->setObjectName("runNoteAction");
  actionButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
  layout->addWidget(label, 1);
  layout->addWidget(actionButton);
  connect(actionButton, &QToolButton::clicked, this, &RunNoteBar::activated);
  setVisible(false);
  restyle();
}

void RunNoteBar::setNote(const QString &text, const QString &action, Kind kind) {
  noteKind = kind;
  label->setFullText(text);
  actionButton->setText(action);
  actionButton->setVisible(!action.isEmpty());
  setVisible(!text.isEmpty());
  restyle();
}

QString RunNoteBar::text() const { return label->fullText(); }

QString RunNoteBar::actionText() const { return actionButton->text(); }

void RunNoteBar::changeEvent(QEvent *event) {
  QFrame::changeEvent(event);
  if (event->type() == QEvent::PaletteChange)
    restyle();
}

void RunNoteBar::restyle() {
  // A tint of amber (an old run) or red (a failure) over the window's own
  // background, so it reads in light and dark themes alike.
  QPalette pal = palette();
  const QColor base = parentWidget() ? parentWidget()->palette().color(QPalette::Window)
                                     : pal.color(QPalette::Window);
  const QColor tint = noteKind == Kind::Error ? QColor(0xd0, 0x30, 0x30)
                                            : QColor(0xe0, 0xa0, 0x20);
  const double a = base.lightnessF() < 0.5 ? 0.35 : 0.22;
  QColor mixed = QColor::fromRgbF(float(base.redF() * (1 - a) + tint.redF() * a),
                                  float(base.greenF() * (1 - a) + tint.greenF() * a),
                                  float(base.blueF() * (1 - a) + tint.blueF() * a));
  if (pal.color(QPalette::Window) != mixed) {
    pal.setColor(QPalette::Window, mixed);
    setPalette(pal);
  }
}
