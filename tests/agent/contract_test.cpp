// Every key the agent emits is documented in docs/protocol.md, and every documented key is emitted
// on a recorded machine that has it. The document's tables are the list: the first cell of each
// row in the `facts` and `snapshot` sections names keys as `a.b`, with `[]` for array elements.
#include <gtest/gtest.h>

#include <set>

#include "tests/agent/recorded_tree.h"

using namespace fleetdeck::test;
using Json = nlohmann::json;
using Keys = std::set<std::string>;

namespace {

// Backticked names in the first column of the tables under "### `<method>`".
Keys documented_keys(const std::string& method) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/docs/protocol.md");
    EXPECT_TRUE(in.good());
    Keys keys;
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("## ") || line.starts_with("### ")) inside = line == "### `" + method + "`";
        if (!inside || !line.starts_with("|")) continue;
        const auto end = line.find('|', 1);
        const std::string cell = line.substr(1, end == std::string::npos ? std::string::npos : end - 1);
        for (std::size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open)) {
            const auto close = cell.find('`', open + 1);
            if (close == std::string::npos) break;
            keys.insert(cell.substr(open + 1, close - open - 1));
            open = close + 1;
        }
    }
    return keys;
}

// "a.b" for object members, "a[].b" for members of objects in arrays; a value that is not an
// object (null, number, string, list of strings) ends a key. Empty lists say nothing.
void emitted_keys(const Json& value, const std::string& path, Keys& keys) {
    if (value.is_object()) {
        for (const auto& [name, member] : value.items()) emitted_keys(member, path.empty() ? name : path + "." + name, keys);
    } else if (value.is_array() && !value.empty() && value.front().is_object()) {
        for (const auto& element : value) emitted_keys(element, path + "[]", keys);
    } else if (!(value.is_array() && value.empty())) {
        keys.insert(path);
    }
}

Keys emitted_by_recorded_machines(const std::string& mode) {
    Keys keys;
    emitted_keys(run_agent({mode, "--root", fixture_root(kIntelServer)}, with_fake_nvml()), "", keys);
    emitted_keys(run_agent({mode, "--root", fixture_root(kAmdServer)}), "", keys);
    return keys;
}

void expect_contract(const Keys& documented, const Keys& emitted) {
    ASSERT_FALSE(documented.empty()) << "no keys found in docs/protocol.md";
    for (const auto& key : emitted) EXPECT_TRUE(documented.contains(key)) << "emitted but not documented: " << key;
    for (const auto& key : documented) EXPECT_TRUE(emitted.contains(key)) << "documented but never emitted: " << key;
}

}  // namespace

TEST(Contract, SnapshotKeysMatchTheDocument) {
    expect_contract(documented_keys("snapshot"), emitted_by_recorded_machines("--once"));
}

TEST(Contract, FactsKeysMatchTheDocument) {
    expect_contract(documented_keys("facts"), emitted_by_recorded_machines("--facts"));
}

TEST(Contract, KeyListingSeesNestedArraysAndLeaves) {
    Keys keys;
    emitted_keys(Json::parse(R"({"a":{"b":1},"l":[{"x":null,"t":["s"]}],"e":[],"f":["avx2"]})"), "", keys);
    EXPECT_EQ(keys, (Keys{"a.b", "l[].x", "l[].t", "f"}));
}
