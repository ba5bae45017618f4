# lit configuration for the Spyre Explorer IR tests: every .mlir file here is
# a test whose RUN lines use spyre-opt, FileCheck, not and count.
import os

import lit.formats

config.name = "SpyreExplorer"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.spyre_lit_obj_root

# python3 is the interpreter CMake found, not a shim in front of it
# (tests/CMakeLists.txt).
config.environment["PATH"] = os.pathsep.join(
    [config.spyre_bin_dir, config.llvm_tools_dir, config.python_dir,
     config.environment.get("PATH", "")])
config.substitutions.append(("%samples", config.spyre_samples_dir))
