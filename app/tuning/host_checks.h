#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

#include "app/tuning/host_facts.h"

namespace fleetdeck::tuning {

// One thing found on a host, as named values for the advice rule's text: {"index": "2",
// "width": "8", "width_max": "16"} fills "GPU {index} at x{width} of x{width_max}".
using CheckHit = std::map<std::string, std::string>;

// A hardware check that advice rules name in `check`. It only reads facts; it never changes
// anything. One entry per check, in one explicit list (host_checks.cpp).
struct HostCheck {
    std::string_view name;
    std::vector<std::string_view> integerParams;  // required integer `params` of a rule using it
    std::vector<std::string_view> placeholders;   // what each hit fills in
    std::vector<CheckHit> (*run)(const HostFacts& facts, const nlohmann::json& params);
};

const std::vector<HostCheck>& hostChecks();
const HostCheck* findHostCheck(std::string_view name);

// "{a} of {b}" with hit values; unknown placeholders are left as they are.
std::string fillTemplate(const std::string& text, const CheckHit& hit);

}  // namespace fleetdeck::tuning
