//===- Bytes.h - byte counts and counts for people ---------------*- C++ -*-===//
#ifndef SPYRE_VIEWS_BYTES_H
#define SPYRE_VIEWS_BYTES_H

#include <QString>

#include <cstdint>

/// "512 B", "96 KiB", "1.5 MiB": binary units, at most one decimal.
QString formatBytes(uint64_t bytes);

/// A count (cycles, events, bytes) as every view writes one: "1,984",
/// with the locale's thousands separator (QLocale()).
QString formatCount(uint64_t count);

/// A fraction as a percentage, as the Run summary and the report write
/// one: "44 %", "9.0 %" (one decimal under 10 %), "< 0.1 %" for a share
/// too small to show that way (not "0.0 %", which reads as none).
QString formatShare(double fraction);

#endif
