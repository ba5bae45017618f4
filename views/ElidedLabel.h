//===- ElidedLabel.h - a label that ends cut lines with "…" ------*- C++ -*-===//
//
// A one- or two-line status label for narrow docks: each line of its text
// that does not fit the label's width ends in "…" (instead of being cut
// mid-letter), and the tooltip holds the whole text. fullText() is what
// was set.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_ELIDEDLABEL_H
#define SPYRE_VIEWS_ELIDEDLABEL_H

#include <QLabel>

class ElidedLabel : public QLabel {
  Q_OBJECT

public:
  explicit ElidedLabel(QWidget *parent = nullptr);

  void setFullText(const QString &text);
  const QString &fullText() const { return full; }

protected:
  void resizeEvent(QResizeEvent *event) override;

private:
  void elide();

  QString full;
};

#endif
