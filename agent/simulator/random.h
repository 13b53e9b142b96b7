#pragma once

#include <cstdint>

namespace fleetdeck::agent::sim {

// SplitMix64: small, fast and the same on every platform and standard library, so a seed
// reproduces the same simulated fleet everywhere (std:: distributions are implementation-defined).
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // Uniform in [-amplitude, amplitude).
    double jitter(double amplitude) { return (uniform() * 2.0 - 1.0) * amplitude; }

private:
    std::uint64_t state_;
};

}  // namespace fleetdeck::agent::sim
