# How a cold build stays short on a 2-core machine (docs/BENCHMARKS.md, "Build time").
#
# Unity builds: each target's sources compile in batches, so the heavy headers (Qt, nlohmann/json,
# GoogleTest) are parsed, and their templates instantiated and compiled, once per batch instead of
# once per file. File-local names therefore have to be unique within a target. Configure with
# -DCMAKE_UNITY_BUILD=OFF to compile one file at a time (quicker after a one-file change).
if(NOT DEFINED CMAKE_UNITY_BUILD)
  set(CMAKE_UNITY_BUILD ON)
endif()
if(NOT DEFINED CMAKE_UNITY_BUILD_BATCH_SIZE)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE 16)
endif()

# ccache, where installed, makes a rebuild of unchanged batches (another tree, a fresh clone of the
# same commit) a cache hit.
find_program(FLEETDECK_CCACHE ccache)
if(FLEETDECK_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${FLEETDECK_CCACHE})
endif()

# Each Qt class's meta-object code is #included at the end of its .cpp ("moc_<name>.cpp"), so it
# compiles in that file's unity batch, where Qt and the class's own headers are already parsed,
# instead of in one more file per target (mocs_compilation.cpp) that parses them all again.
# nlohmann::json is instantiated once, in fleetdeck_json (agent/json/json.h).
