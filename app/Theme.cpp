//===- Theme.cpp - light, dark or the system's look ----------------------===//

#include "Theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <optional>

namespace {

struct SystemLook {
  QString style;
  QPalette palette;
};

const SystemLook &systemLook() {
  // Captured before the first switch, so "system" can go back to it.
  static const SystemLook look{QApplication::style()->name(),
                               QApplication::palette()};
  return look;
}

QPalette darkPalette() {
  QPalette p;
  const QColor window(45, 45, 48), base(30, 30, 30), text(220, 220, 220),
      disabled(128, 128, 128), highlight(38, 79, 120);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, QColor(60, 60, 60));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, QColor(255, 90, 90));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor(90, 160, 255));
  p.setColor(QPalette::Light, QColor(70, 70, 74));
  p.setColor(QPalette::Midlight, QColor(58, 58, 62));
  p.setColor(QPalette::Mid, QColor(38, 38, 40));
  p.setColor(QPalette::Dark, QColor(25, 25, 26));
  p.setColor(QPalette::Shadow, Qt::black);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

} // namespace

namespace theme {

QString normalized(const QString &name) {
  return name == QLatin1String("light") || name == QLatin1String("dark")
             ? name
             : QStringLiteral("system");
}

void apply(const QString &name) {
  const SystemLook &system = systemLook();
  QString which = normalized(name);
  if (which == QLatin1String("system")) {
    QApplication::setStyle(QStyleFactory::create(system.style));
    QApplication::setPalette(system.palette);
    return;
  }
  QApplication::setStyle(QStyleFactory::create("Fusion"));
  QApplication::setPalette(which == QLatin1String("dark")
                               ? darkPalette()
                               : QApplication::style()->standardPalette());
}

bool isDark() {
  return QApplication::palette().color(QPalette::Window).lightness() < 128;
}

} // namespace theme
