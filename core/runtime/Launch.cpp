//===- Launch.cpp - bind a prepared module's symbols into a Job -----------===//

#include "runtime/Runtime.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace spyre::runtime {

Binding &Bindings::add(std::string name, code::Symbol::Kind kind) {
  Binding b;
  b.name = std::move(name);
  b.kind = kind;
  items.push_back(std::move(b));
  return items.back();
}

Bindings &Bindings::tensor(std::string name, int64_t baseElement,
                           int64_t elements) {
  Binding &b = add(std::move(name), code::Symbol::TensorBase);
  b.value.i = baseElement;
  b.elements = elements;
  return *this;
}

Bindings &Bindings::dimension(std::string name, int64_t value) {
  add(std::move(name), code::Symbol::Dimension).value.i = value;
  return *this;
}

Bindings &Bindings::scalar(std::string name, int64_t value) {
  Binding &b = add(std::move(name), code::Symbol::Scalar);
  b.value.i = value;
  b.value.f = double(value);
  return *this;
}

Bindings &Bindings::scalar(std::string name, double value) {
  Binding &b = add(std::move(name), code::Symbol::Scalar);
  b.value.f = value;
  b.isFloat = true;
  return *this;
}

namespace {

const char *kindName(code::Symbol::Kind k) {
  switch (k) {
  case code::Symbol::TensorBase:
    return "a tensor";
  case code::Symbol::Dimension:
    return "a dimension";
  case code::Symbol::Scalar:
    return "a scalar";
  }
  return "?";
}

// The range an integer of type `t` may hold (signless: either reading).
bool intFits(code::ElemType t, int64_t v) {
  switch (t) {
  case code::ElemType::I1:
    return v == 0 || v == 1;
  case code::ElemType::I8:
    return v >= -128 && v <= 255;
  case code::ElemType::I16:
    return v >= -32768 && v <= 65535;
  case code::ElemType::I32:
    return v >= INT32_MIN && v <= int64_t(UINT32_MAX);
  default:
    return true;
  }
}

// The largest finite value of a float type (df16: the model's 16-bit float,
// range as f16's exponent plus one bit -- documented in core/support).
double floatMax(code::ElemType t) {
  switch (t) {
  case code::ElemType::F16:
    return 65504.0;
  case code::ElemType::BF16:
    return 3.3895313892515355e38;
  case code::ElemType::F32:
    return double(FLT_MAX);
  default:
    return DBL_MAX;
  }
}

} // namespace

LaunchResult launch(const std::shared_ptr<const Prepared> &prepared,
                    const Bindings &bindings) {
  LaunchResult result;
  std::vector<CodeError> &errors = result.errors;
  if (!prepared) {
    errors.push_back({"launch of a module that was not prepared"});
    return result;
  }
  const code::Module &m = *prepared->module;
  Job job;
  job.prepared = prepared;
  job.symbols.resize(m.symbols.size());
  std::vector<bool> bound(m.symbols.size(), false);

  for (const Binding &b : bindings.entries()) {
    size_t s = 0;
    while (s < m.symbols.size() && m.symbols[s].name != b.name)
      ++s;
    if (s == m.symbols.size()) {
      std::string known;
      for (const code::Symbol &sym : m.symbols)
        known += (known.empty() ? "" : ", ") + sym.name;
      errors.push_back({"'" + b.name + "' is not an argument of kernel '" +
                        m.plan.kernel + "' (its arguments: " +
                        (known.empty() ? "none" : known) + ")"});
      continue;
    }
    const code::Symbol &sym = m.symbols[s];
    std::string w = "argument '" + sym.name + "'";
    if (bound[s]) {
      errors.push_back({w + " is bound twice"});
      continue;
    }
    bound[s] = true;
    if (b.kind != sym.kind) {
      errors.push_back({w + " is " + kindName(sym.kind) + ", bound as " +
                        kindName(b.kind)});
      continue;
    }
    Value v = b.value;
    switch (sym.kind) {
    case code::Symbol::TensorBase: {
      int64_t eb = code::elemBytes(sym.type);
      int64_t begin = 0, end = 0, last = 0;
      if (b.value.i < 0 || b.elements < 0 ||
          __builtin_add_overflow(b.value.i, b.elements, &last) ||
          __builtin_mul_overflow(b.value.i, eb, &begin) ||
          __builtin_mul_overflow(last, eb, &end) ||
          uint64_t(end) > prepared->arch.hbmBytes) {
        errors.push_back(
            {w + ": elements [" + std::to_string(b.value.i) + ", +" +
             std::to_string(b.elements) + ") of " +
             code::elemName(sym.type) + " do not lie in the " +
             std::to_string(prepared->arch.hbmBytes) + "-byte device memory"});
        continue;
      }
      TensorBinding t;
      t.symbol = int32_t(s);
      t.type = sym.type;
      t.base = b.value.i;
      t.elements = b.elements;
      t.byteBegin = begin;
      t.byteEnd = end;
      job.tensors.push_back(t);
      break;
    }
    case code::Symbol::Dimension:
      if (b.value.i < 0 || !intFits(sym.type, b.value.i)) {
        errors.push_back({w + ": dimension " + std::to_string(b.value.i) +
                          " is negative or does not fit " +
                          code::elemName(sym.type)});
        continue;
      }
      break;
    case code::Symbol::Scalar:
      if (code::isFloat(sym.type)) {
        if (!b.isFloat)
          v.f = double(b.value.i);
        if (std::isfinite(v.f) && std::fabs(v.f) > floatMax(sym.type)) {
          errors.push_back({w + ": " + std::to_string(v.f) +
                            " is out of the range of " +
                            code::elemName(sym.type)});
          continue;
        }
      } else {
        if (b.isFloat) {
          errors.push_back({w + " is an integer (" +
                            std::string(code::elemName(sym.type)) +
                            "), given a float"});
          continue;
        }
        if (!intFits(sym.type, b.value.i)) {
          errors.push_back({w + ": " + std::to_string(b.value.i) +
                            " does not fit " + code::elemName(sym.type)});
          continue;
        }
      }
      break;
    }
    job.symbols[s] = v;
  }
  for (size_t s = 0; s < m.symbols.size(); ++s)
    if (!bound[s])
      errors.push_back({"argument '" + m.symbols[s].name + "' (" +
                        kindName(m.symbols[s].kind) + ") is not bound"});
  if (!errors.empty())
    return result;
  // Tensors in symbol order (bindings may come in any order).
  std::sort(job.tensors.begin(), job.tensors.end(),
            [](const TensorBinding &a, const TensorBinding &b) {
              return a.symbol < b.symbol;
            });
  for (size_t s = 0; s < m.symbols.size(); ++s)
    for (const auto &[prog, instr] : m.symbols[s].uses)
      job.uses.push_back({prog, instr, int32_t(s), job.symbols[s]});
  result.job = std::move(job);
  return result;
}

} // namespace spyre::runtime
