//===- SymbolArguments.cpp - a .spyb's symbols bound from the command line ===//

#include "driver/SymbolArguments.h"
#include "driver/KernelArguments.h"

#include <algorithm>

using namespace spyre;
using namespace spyre::driver;

namespace {

/// "%a, %b, %s0" in argument order.
std::string symbolList(const code::Module &module) {
  std::vector<const code::Symbol *> symbols;
  for (const code::Symbol &s : module.symbols)
    symbols.push_back(&s);
  std::stable_sort(symbols.begin(), symbols.end(),
                   [](auto *a, auto *b) { return a->argument < b->argument; });
  std::string list;
  for (const code::Symbol *s : symbols)
    list += (list.empty() ? "%" : ", %") + s->name;
  return list.empty() ? "none" : list;
}

/// The element type an array of npy dtype `dtype` holds, as the symbol
/// table names it: u8..u64 arrays feed i8..i64 tensors, as the interpreter
/// places them.
std::string elementOf(const std::string &dtype) {
  if (dtype.size() > 1 && dtype[0] == 'u')
    return "i" + dtype.substr(1);
  return dtype;
}

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string s;
  for (int64_t d : shape)
    s += (s.empty() ? "" : "x") + std::to_string(d);
  return s.empty() ? "a scalar" : s;
}

/// One symbol's argument from its given value; empty or why not.
std::string bindSymbol(const code::Symbol &sym, const Argument *given,
                       uint64_t &next, EmulatorArgument &a) {
  const std::string type = code::elemName(sym.type);
  a.name = sym.name;
  if (sym.kind == code::Symbol::TensorBase) {
    if (!given)
      return "symbol '" + sym.name + "' needs --input NAME=FILE.npy";
    if (given->array && given->text)
      return "%" + sym.name + " is given both an array and a value";
    if (!given->array)
      return "%" + sym.name + " is a tensor of " + type +
             " elements: give it an array (--input " + sym.name +
             "=FILE.npy), not a value";
    const npy::Array &array = *given->array;
    if (elementOf(array.dtype) != type)
      return "%" + sym.name + " is a tensor of " + type +
             " elements but the array given is " + array.dtype + " (" +
             shapeText(array.shape) + ")";
    a.isArray = true;
    a.data = array;
    a.byteStart = next;
    next = (next + a.data.data.size() + 127) / 128 * 128;
    return {};
  }
  if (!given)
    return "symbol '" + sym.name + "' needs --bind NAME=VALUE";
  if (given->array)
    return "%" + sym.name + " is " +
           (sym.kind == code::Symbol::Dimension ? "a dimension" : "a scalar") +
           " of type " + type + ": give it a value (--bind " + sym.name +
           "=VALUE), not an array";
  KernelArgument argument;
  argument.name = sym.name;
  argument.dtype = type;
  Argument value;
  if (given->text) {
    std::string why = parseScalarValue(argument, *given->text, value);
    if (!why.empty())
      return "argument %" + sym.name + ": " + why;
  } else {
    value = *given; // a value read already (a record's, the explorer's)
  }
  a.scalar = value.scalar.value_or(0);
  a.integer = value.integer;
  return {};
}

} // namespace

bool spyre::driver::symbolArguments(const code::Module &module,
                                    const std::map<std::string, Argument> &given,
                                    std::vector<EmulatorArgument> &out,
                                    std::vector<std::string> &errors) {
  size_t before = errors.size();
  for (const auto &[name, arg] : given) {
    bool known = std::any_of(module.symbols.begin(), module.symbols.end(),
                             [&](const code::Symbol &s) { return s.name == name; });
    if (!known)
      errors.push_back("no argument named %" + name +
                       " (the kernel's arguments are " + symbolList(module) +
                       ")");
  }
  uint64_t next = 0x10000;
  for (const code::Symbol &sym : module.symbols) {
    auto found = given.find(sym.name);
    EmulatorArgument a;
    std::string why =
        bindSymbol(sym, found == given.end() ? nullptr : &found->second, next, a);
    if (!why.empty())
      errors.push_back(std::move(why));
    else
      out.push_back(std::move(a));
  }
  return errors.size() == before;
}
