//===- AxisTicks.cpp - round ticks from zero for a chart's axis ------------===//

#include "models/AxisTicks.h"

#include <algorithm>
#include <cmath>

AxisTicks AxisTicks::from0(double top, int maxTicks, double minStep) {
  AxisTicks t;
  top = top > 0 ? top : 1;
  const int intervals = std::max(maxTicks, 2) - 1;
  // The smallest step of 1, 2 or 5 x 10^k that reaches top in the ticks.
  int exponent = int(std::floor(std::log10(top / intervals)));
  for (;; ++exponent) {
    const double power = std::pow(10.0, exponent);
    for (double m : {1.0, 2.0, 5.0}) {
      const double step = m * power;
      if (step < minStep || step * intervals < top * (1 - 1e-12))
        continue;
      t.step = step;
      t.count = int(std::ceil(top / step - 1e-9)) + 1;
      t.max = step * (t.count - 1);
      t.decimals = std::max(0, -int(std::floor(std::log10(step) + 1e-9)));
      return t;
    }
  }
}

QString AxisTicks::label(int i) const {
  return QString::number(step * i, 'f', decimals);
}

QString AxisTicks::format() const { return QStringLiteral("%.%1f").arg(decimals); }
