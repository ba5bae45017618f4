//===- NumericsVerdict.h - exact, within rounding, or WRONG -----*- C++ -*-===//
//
// One verdict per output of a run, judged against the interpreter's f64
// shadow and its error bounds (docs/numerics.md): another engine's outputs
// (the emulator's, a pipeline stage's, a record's) are
//
//   exact            byte for byte the interpreter's;
//   within rounding  every element within its bound of the shadow (the
//                    worst element, nearest its bound: its error and its
//                    bound in ulps);
//   WRONG            some element outside its bound (the worst one: its
//                    coordinates, the KTIR line that computed it and the
//                    store that wrote it, both engines' values and the
//                    shadow).
//
// No per-kernel tolerance: the bound comes from the computation. std types
// only: spyre-run, the GUI's Run summary and Numerics dock, the stage
// bisect and the HTML report all call judgeOutputs().
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_NUMERICSVERDICT_H
#define SPYRE_DRIVER_NUMERICSVERDICT_H

#include "driver/Run.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace spyre::driver {

enum class Verdict { Exact, WithinRounding, Wrong };

/// "exact", "within rounding", "WRONG".
const char *verdictName(Verdict v);

/// One element of an output, as the verdict reports it.
struct JudgedElement {
  size_t index = 0;            ///< row-major position
  std::vector<int64_t> coords; ///< its coordinates in the output's shape
  double candidate = 0;        ///< the judged engine's value
  double reference = 0;        ///< the interpreter's value
  double shadow = 0;           ///< the f64 shadow
  double bound = 0;            ///< the error bound (infinity: unbounded)
  double errorUlps = 0;        ///< |candidate - shadow| in ulps at the shadow
  double boundUlps = 0;        ///< the bound in the same ulps
  int line = 0;      ///< KTIR line of the op that computed it (0: none)
  int storeLine = 0; ///< KTIR line of the store that wrote it (0: none)
  int core = -1;     ///< the core that stored it
  /// Which execution of that store on that core wrote it (from 1; 0: none).
  unsigned storeOccurrence = 0;
};

struct OutputVerdict {
  std::string name;
  std::string dtype;
  std::vector<int64_t> shape;
  Verdict verdict = Verdict::Exact;
  bool missing = false;   ///< the candidate has no output of that name
  bool sameSize = true;   ///< the byte sizes agree
  size_t elements = 0;    ///< compared
  size_t differing = 0;   ///< elements whose bytes differ from the reference
  size_t outside = 0;     ///< candidate elements outside their bound
  size_t unbounded = 0;   ///< elements whose bound is infinite
  /// Reference (interpreter) elements outside their own bound: 0 unless
  /// the bound model is wrong for this computation (a bug to report).
  size_t referenceOutside = 0;
  /// The worst element: the one whose error is the largest part of its
  /// bound (WRONG: the furthest past it).
  JudgedElement worst;
  /// The worst few elements, worst first (by error / bound).
  std::vector<JudgedElement> worstElements;
  /// Per element (row-major): the candidate's error and the bound, in ulps
  /// of the element type at the shadow (for the Numerics view's histogram).
  std::vector<float> errorUlps, boundUlps;
  /// The verdict in one line, as spyre-run prints it and the Run summary
  /// shows it.
  std::string text;
};

struct NumericsVerdict {
  std::vector<OutputVerdict> outputs;
  /// The worst verdict of all outputs (Exact when there are none).
  Verdict overall() const;
  bool wrong() const { return overall() == Verdict::Wrong; }
};

struct JudgeOptions {
  /// How the judged engine is named in the text ("emulator", "record", a
  /// pass name).
  std::string candidateName = "emulator";
  /// How many of the worst elements to list.
  size_t worstCount = 16;
  /// Keep every element's error and bound (OutputVerdict::errorUlps /
  /// boundUlps, the Numerics view's histogram); a bisect judging many
  /// snapshots keeps only the worst elements.
  bool elementErrors = true;
};

/// Element `i` of `a` as a double (NaN past its end or for an unknown
/// dtype; unsigned arrays as their signed type).
double elementValue(const npy::Array &a, size_t i);

/// Judges `arrays` and `regions` (the candidate's outputs, by the
/// reference's names) against `reference`, a run of the interpreter with
/// RunRequest::shadow: one verdict per array and region of the reference.
/// Without shadows (a run without RunRequest::shadow) every element's
/// bound is 0: only exact outputs pass.
NumericsVerdict judgeOutputs(const RunResult &reference,
                             const std::map<std::string, npy::Array> &arrays,
                             const std::map<std::string, npy::Array> &regions = {},
                             const JudgeOptions &options = {});

/// The verdict as text, one line per output (OutputVerdict::text), each
/// followed by a warning line when the interpreter's own output lies
/// outside its bound (a bug in the bound model, docs/numerics.md). What
/// spyre-run prints and what a report lists.
std::vector<std::string> verdictLines(const NumericsVerdict &verdict);

} // namespace spyre::driver

#endif
