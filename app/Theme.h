//===- Theme.h - light, dark or the system's look -------------*- C++ -*-===//
//
// View ▸ Theme. "system" keeps the platform style and palette (and follows
// them when they change); "light" and "dark" switch the whole application
// to the Fusion style with a fixed palette.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_THEME_H
#define SPYRE_APP_THEME_H

#include <QPalette>
#include <QString>

namespace theme {

/// "system", "light" or "dark"; anything else reads as "system".
QString normalized(const QString &name);
/// Switches the application's style and palette; remembers the system's
/// on first use so that "system" can restore them.
void apply(const QString &name);
/// Whether the application palette is dark now.
bool isDark();

} // namespace theme

#endif
