#pragma once

// nlohmann/json for FleetDeck's own code: the library, plus the promise that nlohmann::json and its
// serializer are instantiated once, in json.cpp (fleetdeck_json), instead of in every file that uses
// them. A file compiled without optimisation (the asan and fuzz trees, the tests) then no longer
// generates, instruments and writes out its own copy of every json member it calls
// (docs/BENCHMARKS.md, "Build time"). Include this instead of <nlohmann/json.hpp>.
#include <nlohmann/json.hpp>

extern template class nlohmann::basic_json<>;
extern template class nlohmann::detail::serializer<nlohmann::json>;
