#pragma once

#include <optional>
#include <string>
#include <utility>

namespace fleetdeck::tuning {

// NVIDIA's CUDA compatibility table: the oldest Linux x86_64 driver each CUDA toolkit release
// (major.minor, at its GA release) runs on. Source: kCudaDriverTableSource.
struct CudaMinimumDriver {
    int major, minor;
    const char* driver;  // "550.54.14"
};

inline constexpr const char* kCudaDriverTableSource =
    "NVIDIA CUDA Toolkit release notes, Table 3 \"CUDA Toolkit and Corresponding Driver Versions\" "
    "(https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html); "
    "CUDA compatibility guide (https://docs.nvidia.com/deploy/cuda-compatibility/)";

// Oldest first. CUDA 11.0 is the GA release 11.0.2 (11.0.1 was a release candidate).
inline constexpr CudaMinimumDriver kCudaMinimumDrivers[] = {
    {10, 2, "440.33"},    {11, 0, "450.51.05"}, {11, 1, "455.23"},    {11, 2, "460.27.03"}, {11, 3, "465.19.01"},
    {11, 4, "470.42.01"}, {11, 5, "495.29.05"}, {11, 6, "510.39.01"}, {11, 7, "515.43.04"}, {11, 8, "520.61.05"},
    {12, 0, "525.60.13"}, {12, 1, "530.30.02"}, {12, 2, "535.54.03"}, {12, 3, "545.23.06"}, {12, 4, "550.54.14"},
    {12, 5, "555.42.02"}, {12, 6, "560.28.03"}, {12, 8, "570.26"},    {12, 9, "575.51.03"}, {13, 0, "580.65.06"},
};

// "12.4.1" -> {12, 4}; nullopt when it does not start with two numbers.
std::optional<std::pair<int, int>> cudaMajorMinor(const std::string& version);
// The oldest driver for CUDA major.minor; nullopt when the table does not list that release.
std::optional<std::string> minimumDriverForCuda(int major, int minor);
// The newest CUDA release in the table that `driver` ("535.104.05") runs; nullopt below all.
std::optional<std::pair<int, int>> newestCudaForDriver(const std::string& driver);
// "535.104.05" < "535.54.03" is false: numeric, part by part.
bool driverOlder(const std::string& a, const std::string& b);

}  // namespace fleetdeck::tuning
