# Run at build time (cmake -P) after a GoogleTest executable is linked: lists its tests and writes
# a ctest file with one test per GoogleTest suite (--gtest_filter=Suite.*), for trees built with
# FLEETDECK_TESTS_BY_SUITE (tests/CMakeLists.txt, fleetdeck_test). Inputs: BIN (the executable),
# TARGET (its name, the tests' prefix), OUT (the ctest file to write), TIMEOUT (seconds a suite).
execute_process(COMMAND "${CMAKE_COMMAND}" -E env QT_QPA_PLATFORM=offscreen "${BIN}" --gtest_list_tests
                OUTPUT_VARIABLE listing RESULT_VARIABLE status TIMEOUT 60)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${BIN} --gtest_list_tests failed (${status}):\n${listing}")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(suites "")
foreach(line IN LISTS lines)
  # A suite's line starts in the first column ("Suite." or "Prefix/Suite.  # TypeParam = ..."); its
  # tests' lines are indented.
  if(line MATCHES "^([A-Za-z_][A-Za-z0-9_/]*)\\.")
    list(APPEND suites "${CMAKE_MATCH_1}")
  endif()
endforeach()
list(REMOVE_DUPLICATES suites)
set(content "")
foreach(suite IN LISTS suites)
  set(name "${TARGET}:${suite}")
  string(APPEND content "add_test([=[${name}]=] [=[${BIN}]=] [=[--gtest_filter=${suite}.*]=])\n")
  # GoogleTest exits 0 when it skips the tests of a suite whose SetUpTestSuite failed: a skipped
  # test fails the suite here, as scripts/test fails a run with skipped tests.
  string(APPEND content "set_tests_properties([=[${name}]=] PROPERTIES TIMEOUT ${TIMEOUT} "
                        "ENVIRONMENT QT_QPA_PLATFORM=offscreen FAIL_REGULAR_EXPRESSION [=[\\[  SKIPPED \\]]=])\n")
endforeach()
file(WRITE "${OUT}" "${content}")
