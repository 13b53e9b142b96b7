# Project code builds with warnings as errors; third-party headers are included as system headers.
# GCC 12 reports -Wrestrict and -Wmaybe-uninitialized false positives inside libstdc++'s
# std::string and std::optional at -O2 (GCC bugs 105329, 105651): those two stay warnings.
function(fleetdeck_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror
    -Wno-error=restrict -Wno-error=maybe-uninitialized -Wno-restrict)
  # In a unity build each .cpp is included into a batch file, so GCC takes it for a header and
  # warns about a class that uses a type from that file's anonymous namespace (a test fixture, a
  # struct of function pointers), which is harmless in a .cpp.
  if(CMAKE_UNITY_BUILD AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
endfunction()
