//===- WhenShown.h - act on a dialog or menu a blocking call opens -*- C++ -*-===//
//
// A modal dialog (exec()) or a popup menu blocks the test until it closes:
// whenShown() polls, from the event loop that blocking call runs, for the
// widget `find` returns and then calls `act` on it (which closes it).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_APP_WHENSHOWN_H
#define SPYRE_TESTS_APP_WHENSHOWN_H

#include <QTimer>
#include <QWidget>

#include <functional>

inline void pollFor(std::function<QWidget *()> find, std::function<void(QWidget *)> act) {
  if (QWidget *w = find()) {
    act(w);
    return;
  }
  QTimer::singleShot(20, [find, act] { pollFor(find, act); });
}

/// Calls `act` on the widget `find` returns, once there is one.
inline void whenShown(std::function<QWidget *()> find, std::function<void(QWidget *)> act) {
  QTimer::singleShot(0, [find, act] { pollFor(find, act); });
}

#endif
