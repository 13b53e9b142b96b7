#include "app/tuning/cuda_compat.h"

#include <charconv>
#include <string_view>
#include <vector>

namespace fleetdeck::tuning {
namespace {

std::vector<long> cuda_number_parts(std::string_view text) {
    std::vector<long> parts;
    while (!text.empty()) {
        long v = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc()) break;
        parts.push_back(v);
        text.remove_prefix(static_cast<std::size_t>(ptr - text.data()));
        if (text.empty() || text.front() != '.') break;
        text.remove_prefix(1);
    }
    return parts;
}

}  // namespace

std::optional<std::pair<int, int>> cudaMajorMinor(const std::string& version) {
    const auto parts = cuda_number_parts(version);
    if (parts.size() < 2 || parts[0] > 999 || parts[1] > 999) return std::nullopt;
    return std::make_pair(static_cast<int>(parts[0]), static_cast<int>(parts[1]));
}

std::optional<std::string> minimumDriverForCuda(int major, int minor) {
    for (const auto& row : kCudaMinimumDrivers)
        if (row.major == major && row.minor == minor) return std::string(row.driver);
    return std::nullopt;
}

bool driverOlder(const std::string& a, const std::string& b) {
    const auto pa = cuda_number_parts(a), pb = cuda_number_parts(b);
    for (std::size_t i = 0; i < std::max(pa.size(), pb.size()); ++i) {
        const long x = i < pa.size() ? pa[i] : 0, y = i < pb.size() ? pb[i] : 0;
        if (x != y) return x < y;
    }
    return false;
}

std::optional<std::pair<int, int>> newestCudaForDriver(const std::string& driver) {
    if (cuda_number_parts(driver).empty()) return std::nullopt;
    std::optional<std::pair<int, int>> newest;
    for (const auto& row : kCudaMinimumDrivers)
        if (!driverOlder(driver, row.driver)) newest = std::make_pair(row.major, row.minor);
    return newest;
}

}  // namespace fleetdeck::tuning
