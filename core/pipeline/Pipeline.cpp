//===- Pipeline.cpp - the one function that builds the pipeline -----------===//

#include "pipeline/Pipeline.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/Target.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>

using namespace mlir;

namespace {

struct Entry {
  const char *stage;
  std::unique_ptr<Pass> (*create)(const spyre::PipelineConfig &);
};

/// The pipeline, in order. Each pass's name, summary and description come
/// from its TableGen record.
const std::vector<Entry> &entries() {
  static const std::vector<Entry> list = {
      {"KTIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createSelectKernel({c.function});
       }},
      {"KTIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createKtirLegalityCheck({c.cores, c.lxBytes});
       }},
      {"KTIR",
       [](const spyre::PipelineConfig &) {
         return spyre::createNormalizeGrid();
       }},
      {"KTIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createNormalizeMatmuls({c.arch});
       }},
      {"KTIR",
       [](const spyre::PipelineConfig &) {
         return spyre::createNormalizeTensorOps();
       }},
      {"KTIR",
       [](const spyre::PipelineConfig &) {
         return spyre::createIndirectAccesses();
       }},
      {"KTIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createChunkLargeMatmuls({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &) {
         return spyre::createExtractComputeGroups();
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createBuildPipelines({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createStageIntermediates({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createChunkLargeTransfers({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createRouteTransfers({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createTileToSticks({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createNestVectorPipelines({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createChunkReductions({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createStreamRowPasses({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createSpreadParallelLoops({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &) {
         return spyre::createHoistInvariantTransfers();
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createDoubleBuffer({!c.doubleBuffer});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createPlaceTiles({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createPlanRingExchanges({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &) {
         return spyre::createLowerRingExchanges();
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createVectorizeHeldTiles({c.arch});
       }},
      {"ScheduleIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createAssignAddresses({c.arch});
       }},
      {"DataflowIR",
       [](const spyre::PipelineConfig &c) {
         return spyre::createLowerToDataflow({c.arch});
       }},
      {"SpyreCode",
       [](const spyre::PipelineConfig &c) {
         return spyre::createLowerToSpyreCodeWith(c.arch, c.spyreCode);
       }},
  };
  return list;
}

/// `markdown` with the lines of each paragraph joined by spaces: one
/// paragraph a line, blank lines between them, headings and fenced blocks
/// kept line by line (the app renders it as Markdown; a paragraph is
/// searchable as one line).
std::string joinParagraphs(const std::string &markdown) {
  std::string out;
  bool fenced = false, inParagraph = false;
  size_t at = 0;
  while (at <= markdown.size()) {
    size_t end = markdown.find('\n', at);
    if (end == std::string::npos)
      end = markdown.size();
    std::string line = markdown.substr(at, end - at);
    at = end + 1;
    const bool fence = line.rfind("```", 0) == 0;
    if (fence || fenced || line.empty() || line[0] == '#') {
      if (inParagraph)
        out += '\n';
      inParagraph = false;
      out += line;
      out += '\n';
      if (fence)
        fenced = !fenced;
      continue;
    }
    // A list item starts a line of its own; its continuation joins it.
    const bool item = line.rfind("- ", 0) == 0 || line.rfind("* ", 0) == 0 ||
                      (line.size() > 2 && std::isdigit(static_cast<unsigned char>(line[0])) &&
                       line.find(". ") != std::string::npos &&
                       line.find(". ") < 4);
    out += !inParagraph ? "" : item ? "\n" : " ";
    out += line;
    inParagraph = true;
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
    out.pop_back();
  return out;
}

/// The text under the pass's heading in the generated pass docs (its
/// description, then its options), as Markdown.
std::string descriptionOf(const std::string &argument) {
  static const std::string docs =
#include "pipeline/PassDocs.inc"
      ;
  size_t at = docs.find("### `-" + argument + "`");
  if (at == std::string::npos)
    return {};
  size_t end = docs.find("\n### ", at + 1);
  std::string section = docs.substr(at, end == std::string::npos ? std::string::npos : end - at);
  // Skip the heading and the italic summary line.
  size_t body = section.find("_\n\n");
  if (body == std::string::npos)
    return {};
  return joinParagraphs(section.substr(body + 3));
}

} // namespace

const std::vector<spyre::PassInfo> &spyre::pipelinePasses() {
  static const std::vector<PassInfo> infos = [] {
    std::vector<PassInfo> out;
    for (const Entry &e : entries()) {
      std::unique_ptr<Pass> pass = e.create({});
      std::string argument = pass->getArgument().str();
      out.push_back({argument, e.stage, pass->getDescription().str(),
                     descriptionOf(argument)});
    }
    return out;
  }();
  return infos;
}

std::vector<std::unique_ptr<Pass>>
spyre::createPipelinePasses(const std::string &stopAfter,
                            const PipelineConfig &config, std::string *error) {
  std::vector<std::unique_ptr<Pass>> passes;
  bool found = stopAfter.empty();
  for (const PassInfo &info : pipelinePasses())
    found |= info.argument == stopAfter;
  if (!found) {
    if (error) {
      *error = "'" + stopAfter + "' is not a pass of the pipeline; passes:";
      for (const PassInfo &info : pipelinePasses())
        *error += " " + info.argument;
    }
    return passes;
  }
  for (const Entry &e : entries()) {
    passes.push_back(e.create(config));
    if (passes.back()->getArgument() == stopAfter)
      break;
  }
  return passes;
}

LogicalResult spyre::buildPipeline(OpPassManager &pm,
                                   const std::string &stopAfter,
                                   std::string *error,
                                   const PipelineConfig &config) {
  std::vector<std::unique_ptr<Pass>> passes =
      createPipelinePasses(stopAfter, config, error);
  if (passes.empty())
    return failure();
  for (std::unique_ptr<Pass> &pass : passes)
    pm.addPass(std::move(pass));
  return success();
}

/// The pipeline for spyre-opt, checked against the target unless told
/// otherwise. `listing` (ktir-to-spyrecode): the whole pipeline (spyre-opt
/// prints lower-to-spyrecode's output, spyreCodeOf); else
/// (ktir-to-dataflow) up to lower-to-dataflow.
static LogicalResult
addCommandLinePipeline(OpPassManager &pm, const spyre::PipelineOptions &options,
                       bool listing, std::string &error) {
  spyre::PipelineConfig config{options.cores, options.lxBytes, options.arch};
  config.function = options.function;
  std::vector<spyre::arch::Diagnostic> errors;
  if (std::optional<spyre::arch::Arch> target =
          spyre::readTarget(options.arch, errors)) {
    if (config.cores == 0)
      config.cores = target->numCores;
    if (config.lxBytes == 0)
      config.lxBytes = int64_t(target->scratchpadBytesPerCore);
  }
  std::string stopAfter = options.stopAfter;
  if (stopAfter.empty() && !listing)
    stopAfter = "lower-to-dataflow";
  if (failed(buildPipeline(pm, stopAfter, &error, config))) {
    error = (listing ? "ktir-to-spyrecode: " : "ktir-to-dataflow: ") + error;
    return failure();
  }
  return success();
}

/// Registers a pipeline whose builder can fail, so that a bad option
/// (stop-after=nonexistent) ends spyre-opt with an error and exit 1
/// instead of printing the input unchanged.
static void registerCommandLinePipeline(StringRef name, StringRef summary,
                                        bool listing) {
  registerPassPipeline(
      name, summary,
      [listing](OpPassManager &pm, StringRef optionsText,
                function_ref<LogicalResult(const Twine &)> errorHandler) {
        spyre::PipelineOptions options;
        if (failed(options.parseFromString(optionsText)))
          return failure();
        std::string error;
        if (failed(addCommandLinePipeline(pm, options, listing, error)))
          return errorHandler(error);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(spyre::PipelineOptions());
      });
}

void spyre::registerPipeline() {
  registerSpyrePasses();
  registerCommandLinePipeline(
      "ktir-to-dataflow",
      "The Spyre backend pipeline from KTIR (stop early with stop-after=PASS)",
      /*listing=*/false);
  registerCommandLinePipeline(
      "ktir-to-spyrecode",
      "The whole pipeline; prints the SpyreCode listing instead of the IR",
      /*listing=*/true);
}
