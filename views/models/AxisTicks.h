//===- AxisTicks.h - round ticks from zero for a chart's axis ---*- C++ -*-===//
//
// The ticks of an axis that starts at 0: a step of 1, 2 or 5 times a power
// of ten, as few ticks as reach the top and no more than fit, and as many
// decimals as the step needs so that no two labels read the same (0.05,
// 0.10, 0.15 rather than 0.1, 0.1, 0.2). Pure: the Scratchpad chart's
// bytes and time axes take it, tested without a widget.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_AXISTICKS_H
#define SPYRE_VIEWS_AXISTICKS_H

#include <QString>

struct AxisTicks {
  double max = 1;   ///< the axis' end: a whole number of steps >= top
  double step = 1;  ///< between two ticks
  int count = 2;    ///< ticks, 0 and max included
  int decimals = 0; ///< of each label

  /// Ticks from 0 to at least `top` (> 0), at most `maxTicks` (>= 2) of
  /// them, no step below `minStep` (1 for whole units such as bytes or
  /// cycles; 0: any).
  static AxisTicks from0(double top, int maxTicks, double minStep = 0);

  /// The label of tick `i` (0 .. count - 1): "0.15".
  QString label(int i) const;
  /// The printf format of the labels ("%.2f"), as QValueAxis takes it.
  QString format() const;
};

#endif
