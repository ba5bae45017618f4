//===- Coroutine.h - switching between cores' stacks ------------*- C++ -*-===//
//
// Internal to the interpreter's scheduler: a core runs on a stack of its own
// and hands control back and forth with the scheduler loop. On x86-64 the
// switch saves and restores only the callee-saved registers and the floating
// point control words (a few instructions); elsewhere it is ucontext's
// swapcontext, which also saves the signal mask with a system call.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_COROUTINE_H
#define SPYRE_INTERP_COROUTINE_H

#include <cstddef>

#if !(defined(__x86_64__) && defined(__ELF__))
#include <ucontext.h>
#endif

namespace spyre::interp {

/// Where a suspended stack resumes.
struct CoroutineContext {
#if defined(__x86_64__) && defined(__ELF__)
  void *sp = nullptr;
#else
  ucontext_t uc;
#endif
};

/// Sets `ctx` up so that switching to it calls `entry(arg)` on `stack`.
/// `entry` must never return: it ends by switching away for good.
void makeCoroutine(CoroutineContext &ctx, void *stack, size_t bytes,
                   void (*entry)(void *), void *arg);

/// Saves the running stack's state in `from` and resumes `to`.
void switchCoroutine(CoroutineContext &from, CoroutineContext &to);

/// The size of the stacks acquireCoroutineStack() gives: pages are only
/// backed once touched, so a deep recursion fits and a shallow one costs
/// little.
inline constexpr size_t kCoroutineStackBytes = size_t(8) << 20;

/// A stack of kCoroutineStackBytes (null when none can be mapped). Stacks
/// are kept for the next run: mapping and faulting in fresh ones costs
/// more than small kernels take to run.
void *acquireCoroutineStack();
/// Gives a stack back to the pool (or to the system past 256 of them).
void releaseCoroutineStack(void *stack);

} // namespace spyre::interp

#endif
