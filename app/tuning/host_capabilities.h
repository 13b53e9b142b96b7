#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/tuning/host_facts.h"
#include "app/tuning/phrase.h"

namespace fleetdeck::tuning {

// A yes/no property of a host that rules can depend on: in `conditions[].facts` (the rule applies
// only when it holds) or in `host_needs` (the setting is shown as unsupported, with `reason`, when
// it does not). One entry per capability, in one explicit list (host_capabilities.cpp).
struct HostCapability {
    std::string_view name;
    bool (*holds)(const HostFacts& facts);
    // Why a host lacks it, in words an operator acts on (English for JSON, translated where shown).
    Phrase (*reason)(const HostFacts& facts);
};

const std::vector<HostCapability>& hostCapabilities();
const HostCapability* findHostCapability(std::string_view name);

}  // namespace fleetdeck::tuning
