//===- KtdpDialect.h - the KTIR (ktdp) dialect ------------------*- C++ -*-===//
#ifndef SPYRE_IR_KTDP_KTDPDIALECT_H
#define SPYRE_IR_KTDP_KTDPDIALECT_H

#include "mlir/IR/Dialect.h"

#include "ir/ktdp/KtdpDialect.h.inc"

#endif
