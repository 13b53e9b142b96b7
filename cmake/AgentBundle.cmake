# The agent binaries the app deploys to servers, one per architecture, stripped, under
# ${CMAKE_BINARY_DIR}/agents/<arch>/fleetdeck-agent (installed to lib/fleetdeck/agents/<arch>/).
# Their SHA-256 sums are compiled into the app (agent_manifest.cpp), so deployment checks exactly
# the binaries this build ships.
include(ExternalProject)

set(FLEETDECK_AGENT_BUNDLE_DIR ${CMAKE_BINARY_DIR}/agents)
set(_host_arch ${CMAKE_SYSTEM_PROCESSOR})
set(_bundle_files "")
set(_bundle_deps "")

add_custom_command(
  OUTPUT ${FLEETDECK_AGENT_BUNDLE_DIR}/${_host_arch}/fleetdeck-agent
  COMMAND ${CMAKE_COMMAND} -E make_directory ${FLEETDECK_AGENT_BUNDLE_DIR}/${_host_arch}
  COMMAND ${CMAKE_STRIP} --strip-unneeded -o ${FLEETDECK_AGENT_BUNDLE_DIR}/${_host_arch}/fleetdeck-agent
          $<TARGET_FILE:fleetdeck-agent>
  DEPENDS fleetdeck-agent
  COMMENT "Bundling the ${_host_arch} agent")
list(APPEND _bundle_files "${_host_arch}=${FLEETDECK_AGENT_BUNDLE_DIR}/${_host_arch}/fleetdeck-agent")
list(APPEND _bundle_deps ${FLEETDECK_AGENT_BUNDLE_DIR}/${_host_arch}/fleetdeck-agent)

option(FLEETDECK_CROSS_AGENTS "Also build the aarch64 agent when aarch64-linux-gnu-g++ is installed" ON)
find_program(FLEETDECK_AARCH64_CXX aarch64-linux-gnu-g++)
find_program(FLEETDECK_AARCH64_STRIP aarch64-linux-gnu-strip)
find_program(FLEETDECK_AARCH64_OBJDUMP aarch64-linux-gnu-objdump)
set(FLEETDECK_HAVE_AARCH64_AGENT OFF)
if(FLEETDECK_CROSS_AGENTS AND NOT _host_arch STREQUAL "aarch64")
  if(FLEETDECK_AARCH64_CXX AND FLEETDECK_AARCH64_STRIP)
    set(FLEETDECK_HAVE_AARCH64_AGENT ON)
    ExternalProject_Add(agent-aarch64
      SOURCE_DIR ${PROJECT_SOURCE_DIR}
      BINARY_DIR ${CMAKE_BINARY_DIR}/agent-aarch64
      CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/aarch64-linux-gnu.cmake
                 -DCMAKE_BUILD_TYPE=Release -DFLEETDECK_BUILD_GUI=OFF -DFLEETDECK_BUILD_TESTS=OFF
                 -DFLEETDECK_CROSS_AGENTS=OFF -DCMAKE_UNITY_BUILD=${CMAKE_UNITY_BUILD} -G Ninja
                 -DFLEETDECK_BUILD_FAKE_NVML=${FLEETDECK_BUILD_TESTS}
      BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target fleetdeck-agent
      BUILD_ALWAYS ON
      INSTALL_COMMAND ""
      BUILD_BYPRODUCTS ${CMAKE_BINARY_DIR}/agent-aarch64/bin/fleetdeck-agent)
    add_custom_command(
      OUTPUT ${FLEETDECK_AGENT_BUNDLE_DIR}/aarch64/fleetdeck-agent
      COMMAND ${CMAKE_COMMAND} -E make_directory ${FLEETDECK_AGENT_BUNDLE_DIR}/aarch64
      COMMAND ${FLEETDECK_AARCH64_STRIP} --strip-unneeded -o ${FLEETDECK_AGENT_BUNDLE_DIR}/aarch64/fleetdeck-agent
              ${CMAKE_BINARY_DIR}/agent-aarch64/bin/fleetdeck-agent
      DEPENDS agent-aarch64 ${CMAKE_BINARY_DIR}/agent-aarch64/bin/fleetdeck-agent
      COMMENT "Bundling the aarch64 agent")
    list(APPEND _bundle_files "aarch64=${FLEETDECK_AGENT_BUNDLE_DIR}/aarch64/fleetdeck-agent")
    list(APPEND _bundle_deps ${FLEETDECK_AGENT_BUNDLE_DIR}/aarch64/fleetdeck-agent)
  else()
    message(STATUS "aarch64-linux-gnu-g++ not found: the aarch64 agent is not built (apt-get install g++-aarch64-linux-gnu)")
  endif()
endif()

set(FLEETDECK_AGENT_MANIFEST ${CMAKE_BINARY_DIR}/generated/agent_manifest.cpp)
string(REPLACE ";" "|" _bundle_arg "${_bundle_files}")
add_custom_command(
  OUTPUT ${FLEETDECK_AGENT_MANIFEST}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${FLEETDECK_AGENT_MANIFEST} -DVERSION=${PROJECT_VERSION}
          "-DAGENTS=${_bundle_arg}" -P ${PROJECT_SOURCE_DIR}/cmake/WriteAgentManifest.cmake
  DEPENDS ${_bundle_deps} ${PROJECT_SOURCE_DIR}/cmake/WriteAgentManifest.cmake
  COMMENT "Recording the bundled agents' SHA-256"
  VERBATIM)
add_custom_target(agent-bundle DEPENDS ${FLEETDECK_AGENT_MANIFEST})
