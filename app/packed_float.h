#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

namespace fleetdeck {

// An optional float in the four bytes of the float: "absent" is a quiet NaN. No agent reading is
// NaN (JSON has no NaN); a Prometheus series' "NaN" (app/dashboard/prometheus_history.cpp) is no
// reading either, and now reads as absent rather than drawn as NaN. It reads as
// std::optional<float> does (has_value, *, value_or, conversions to and from optional), so the
// points of history that the store keeps for every host and every second (SamplePoint, GpuPoint)
// take less memory: a GpuPoint 28 bytes instead of 56, an eight-GPU server's point with its GPUs
// about 330 bytes instead of 570, so 15 minutes of 1,000 such servers about 280 MiB instead of 490
// (docs/BENCHMARKS.md, "The real app over SSH").
class PackedFloat {
public:
    using value_type = float;

    constexpr PackedFloat() = default;
    constexpr PackedFloat(std::nullopt_t) {}
    template <typename T>
        requires std::is_arithmetic_v<T>
    constexpr PackedFloat(T value) : value_(static_cast<float>(value)) {}
    template <typename T>
        requires std::is_arithmetic_v<T>
    constexpr PackedFloat(const std::optional<T>& value) : value_(value ? static_cast<float>(*value) : kAbsent) {}

    bool has_value() const { return !std::isnan(value_); }
    explicit operator bool() const { return has_value(); }
    float operator*() const { return value_; }
    float value() const {
        if (!has_value()) throw std::bad_optional_access();
        return value_;
    }
    float value_or(float otherwise) const { return has_value() ? value_ : otherwise; }
    void reset() { value_ = kAbsent; }
    template <typename T>
        requires std::is_arithmetic_v<T>
    operator std::optional<T>() const {
        return has_value() ? std::optional<T>(static_cast<T>(value_)) : std::nullopt;
    }
    friend bool operator==(const PackedFloat& a, const PackedFloat& b) {
        return a.has_value() == b.has_value() && (!a.has_value() || a.value_ == b.value_);
    }

private:
    static constexpr float kAbsent = std::numeric_limits<float>::quiet_NaN();
    float value_ = kAbsent;
};

static_assert(sizeof(PackedFloat) == sizeof(float));

}  // namespace fleetdeck
