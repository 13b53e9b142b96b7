#pragma once

// Whether this test binary was built with AddressSanitizer (the `asan` preset): a test that does
// thousands of rounds of the same work runs fewer there, where each costs several times more and
// the fuzz targets cover the same code (docs/reliability.md).
// GCC says __SANITIZE_ADDRESS__; clang 14 only answers __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define FLEETDECK_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FLEETDECK_UNDER_ASAN 1
#endif
#endif

namespace fleetdeck::test {

#if defined(FLEETDECK_UNDER_ASAN)
inline constexpr bool kUnderAsan = true;
#else
inline constexpr bool kUnderAsan = false;
#endif

}  // namespace fleetdeck::test
