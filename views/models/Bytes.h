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

#endif
