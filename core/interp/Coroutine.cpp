//===- Coroutine.cpp - switching between cores' stacks --------------------===//

#include "interp/Coroutine.h"

#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <vector>

using namespace spyre::interp;

namespace {
std::mutex &poolMutex() {
  static std::mutex m;
  return m;
}
std::vector<void *> &pool() {
  static std::vector<void *> stacks;
  return stacks;
}
} // namespace

void *spyre::interp::acquireCoroutineStack() {
  {
    std::lock_guard<std::mutex> lock(poolMutex());
    if (!pool().empty()) {
      void *stack = pool().back();
      pool().pop_back();
      return stack;
    }
  }
  void *stack = mmap(nullptr, kCoroutineStackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (stack == MAP_FAILED)
    return nullptr;
  // Only the pages a coroutine touches should cost anything.
  madvise(stack, kCoroutineStackBytes, MADV_NOHUGEPAGE);
  return stack;
}

void spyre::interp::releaseCoroutineStack(void *stack) {
  std::lock_guard<std::mutex> lock(poolMutex());
  if (pool().size() < 256)
    pool().push_back(stack);
  else
    munmap(stack, kCoroutineStackBytes);
}

#if defined(__x86_64__) && defined(__ELF__)

// spyre_interp_switch(void **saveSp, void *loadSp): pushes the callee-saved
// registers and the MXCSR / x87 control words on the running stack, stores
// the stack pointer in *saveSp, loads loadSp and pops the same from there.
// spyre_interp_start is where a fresh stack "returns" to: it calls r13(r12).
asm(R"(
  .text
  .p2align 4
  .globl spyre_interp_switch
  .hidden spyre_interp_switch
  .type spyre_interp_switch,@function
spyre_interp_switch:
  .cfi_startproc
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .cfi_endproc
  .size spyre_interp_switch,.-spyre_interp_switch

  .p2align 4
  .globl spyre_interp_start
  .hidden spyre_interp_start
  .type spyre_interp_start,@function
spyre_interp_start:
  movq %r12, %rdi
  andq $-16, %rsp
  callq *%r13
  ud2
  .size spyre_interp_start,.-spyre_interp_start
)");

extern "C" void spyre_interp_switch(void **saveSp, void *loadSp);
extern "C" void spyre_interp_start();

void spyre::interp::makeCoroutine(CoroutineContext &ctx, void *stack,
                                  size_t bytes, void (*entry)(void *),
                                  void *arg) {
  auto top = (reinterpret_cast<uintptr_t>(stack) + bytes) & ~uintptr_t(15);
  auto *frame = reinterpret_cast<uint64_t *>(top) - 8;
  // What spyre_interp_switch pops: control words, r15, r14, r13, r12, rbx,
  // rbp, return address.
  uint32_t mxcsr;
  uint16_t fpucw;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpucw));
  frame[0] = mxcsr | (uint64_t(fpucw) << 32);
  frame[1] = 0;                                        // r15
  frame[2] = 0;                                        // r14
  frame[3] = reinterpret_cast<uint64_t>(entry);        // r13
  frame[4] = reinterpret_cast<uint64_t>(arg);          // r12
  frame[5] = 0;                                        // rbx
  frame[6] = 0;                                        // rbp
  frame[7] = reinterpret_cast<uint64_t>(&spyre_interp_start);
  ctx.sp = frame;
}

void spyre::interp::switchCoroutine(CoroutineContext &from,
                                    CoroutineContext &to) {
  spyre_interp_switch(&from.sp, to.sp);
}

#else

namespace {
void startTrampoline(unsigned entryHi, unsigned entryLo, unsigned argHi,
                     unsigned argLo) {
  auto join = [](unsigned hi, unsigned lo) {
    return (static_cast<uintptr_t>(hi) << 32) | static_cast<uintptr_t>(lo);
  };
  auto entry = reinterpret_cast<void (*)(void *)>(join(entryHi, entryLo));
  entry(reinterpret_cast<void *>(join(argHi, argLo)));
}
} // namespace

void spyre::interp::makeCoroutine(CoroutineContext &ctx, void *stack,
                                  size_t bytes, void (*entry)(void *),
                                  void *arg) {
  getcontext(&ctx.uc);
  ctx.uc.uc_stack.ss_sp = stack;
  ctx.uc.uc_stack.ss_size = bytes;
  ctx.uc.uc_link = nullptr;
  auto e = reinterpret_cast<uintptr_t>(entry);
  auto a = reinterpret_cast<uintptr_t>(arg);
  makecontext(&ctx.uc, reinterpret_cast<void (*)()>(&startTrampoline), 4,
              static_cast<unsigned>(uint64_t(e) >> 32),
              static_cast<unsigned>(e & 0xffffffffu),
              static_cast<unsigned>(uint64_t(a) >> 32),
              static_cast<unsigned>(a & 0xffffffffu));
}

void spyre::interp::switchCoroutine(CoroutineContext &from,
                                    CoroutineContext &to) {
  swapcontext(&from.uc, &to.uc);
}

#endif
