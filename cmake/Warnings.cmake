# Project code builds with warnings as errors; third-party headers are included as system headers.
# GCC 12 reports -Wrestrict and -Wmaybe-uninitialized false positives inside libstdc++'s
# std::string and std::optional at -O2 (GCC bugs 105329, 105651): those two stay warnings.
function(fleetdeck_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror
    -Wno-error=restrict -Wno-error=maybe-uninitialized -Wno-restrict)
endfunction()
