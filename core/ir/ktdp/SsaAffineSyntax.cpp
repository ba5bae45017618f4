//===- SsaAffineSyntax.cpp - affine expressions over SSA names ------------===//
//
// Grammar (MLIR's affine expression syntax with SSA uses as variables):
//   expr    ::= term (('+' | '-') term)*
//   term    ::= unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
//   unary   ::= '-' unary | primary
//   primary ::= integer | ssa-use | 'symbol' '(' ssa-use ')' | '(' expr ')'
// A product needs a constant or symbolic side, a division or modulus a
// constant or symbolic divisor (a constant one must not be zero), as in MLIR.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/SsaAffineSyntax.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace {
using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

class SsaAffineParser {
public:
  explicit SsaAffineParser(OpAsmParser &parser) : parser(parser) {}

  ParseResult parseExpr(AffineExpr &result) {
    if (parseTerm(result))
      return failure();
    while (true) {
      AffineExpr rhs;
      if (succeeded(parser.parseOptionalPlus())) {
        if (parseTerm(rhs))
          return failure();
        result = result + rhs;
      } else if (succeeded(parser.parseOptionalMinus())) {
        if (parseTerm(rhs))
          return failure();
        result = result - rhs;
      } else {
        return success();
      }
    }
  }

  SmallVector<UnresolvedOperand> dims, symbols;

private:
  enum class Op { Mul, FloorDiv, CeilDiv, Mod };

  ParseResult parseTerm(AffineExpr &result) {
    if (parseUnary(result))
      return failure();
    while (true) {
      Op op;
      if (succeeded(parser.parseOptionalStar()))
        op = Op::Mul;
      else if (succeeded(parser.parseOptionalKeyword("floordiv")))
        op = Op::FloorDiv;
      else if (succeeded(parser.parseOptionalKeyword("ceildiv")))
        op = Op::CeilDiv;
      else if (succeeded(parser.parseOptionalKeyword("mod")))
        op = Op::Mod;
      else
        return success();
      SMLoc loc = parser.getCurrentLocation();
      AffineExpr rhs;
      if (parseUnary(rhs))
        return failure();
      if (op == Op::Mul) {
        if (!result.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())
          return parser.emitError(loc, "non-affine expression: one side of "
                                       "a product must be a constant or "
                                       "symbolic");
        result = result * rhs;
        continue;
      }
      if (!rhs.isSymbolicOrConstant())
        return parser.emitError(loc, "non-affine expression: the divisor "
                                     "must be a constant or symbolic");
      if (auto c = llvm::dyn_cast<AffineConstantExpr>(rhs);
          c && c.getValue() == 0)
        return parser.emitError(loc, "division by zero in an affine "
                                     "expression");
      if (op == Op::FloorDiv)
        result = result.floorDiv(rhs);
      else if (op == Op::CeilDiv)
        result = result.ceilDiv(rhs);
      else
        result = result % rhs;
    }
  }

  ParseResult parseUnary(AffineExpr &result) {
    if (succeeded(parser.parseOptionalMinus())) {
      if (parseUnary(result))
        return failure();
      result = -result;
      return success();
    }
    return parsePrimary(result);
  }

  ParseResult parsePrimary(AffineExpr &result) {
    MLIRContext *ctx = parser.getContext();
    SMLoc loc = parser.getCurrentLocation();
    int64_t value;
    OptionalParseResult integer = parser.parseOptionalInteger(value);
    if (integer.has_value()) {
      if (failed(*integer))
        return failure();
      result = getAffineConstantExpr(value, ctx);
      return success();
    }
    UnresolvedOperand operand;
    OptionalParseResult use = parser.parseOptionalOperand(operand);
    if (use.has_value()) {
      if (failed(*use))
        return failure();
      result = getAffineDimExpr(position(operand, dims, dimPos), ctx);
      return success();
    }
    if (succeeded(parser.parseOptionalKeyword("symbol"))) {
      if (parser.parseLParen() || parser.parseOperand(operand) ||
          parser.parseRParen())
        return failure();
      result = getAffineSymbolExpr(position(operand, symbols, symbolPos), ctx);
      return success();
    }
    if (succeeded(parser.parseOptionalLParen()))
      return failure(parseExpr(result) || parser.parseRParen());
    return parser.emitError(loc, "expected an affine expression (an integer, "
                                 "an SSA value, symbol(%v) or a "
                                 "parenthesised expression)");
  }

  using Positions = llvm::DenseMap<std::pair<StringRef, unsigned>, unsigned>;

  /// The position of `operand` in `list`, appending it on first use.
  static unsigned position(const UnresolvedOperand &operand,
                           SmallVectorImpl<UnresolvedOperand> &list,
                           Positions &positions) {
    auto [it, inserted] = positions.try_emplace(
        std::make_pair(operand.name, operand.number), list.size());
    if (inserted)
      list.push_back(operand);
    return it->second;
  }

  OpAsmParser &parser;
  Positions dimPos, symbolPos;
};
} // namespace

ParseResult mlir::ktdp::parseSsaAffineList(
    OpAsmParser &parser, OpAsmParser::Delimiter delimiter,
    SmallVectorImpl<UnresolvedOperand> &operands, AffineMap &map) {
  SsaAffineParser affine(parser);
  SmallVector<AffineExpr> results;
  if (parser.parseCommaSeparatedList(delimiter, [&]() -> ParseResult {
        AffineExpr expr;
        if (affine.parseExpr(expr))
          return failure();
        results.push_back(expr);
        return success();
      }))
    return failure();
  map = AffineMap::get(affine.dims.size(), affine.symbols.size(), results,
                       parser.getContext());
  operands.append(affine.dims.begin(), affine.dims.end());
  operands.append(affine.symbols.begin(), affine.symbols.end());
  return success();
}
