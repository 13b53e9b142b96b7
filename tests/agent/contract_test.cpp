// Every key the agent emits is documented in docs/protocol.md, and every documented key is emitted
// on a recorded machine that has it. The document's tables are the list: the first cell of each
// row in the `facts` and `snapshot` sections names keys as `a.b`, with `[]` for array elements.
#include <gtest/gtest.h>

#include <set>

#include "agent/protocol/facts.h"
#include "agent/protocol/hello.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/sample.h"
#include "agent/protocol/tune_result.h"
#include "tests/agent/recorded_tree.h"
#include "tests/settings/tuning_tree.h"

using namespace fleetdeck::test;
namespace protocol = fleetdeck::protocol;
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

// The Intel machine's H100s remap rows; one board that retires pages instead (as GPUs before
// Ampere do) and a lost one give the rest of the GPU health keys, one in MIG mode the `mig` keys.
const char* const kHealthFaults = "retired-pages=6,lost=3,xid=5:13,mig=4";

Keys emitted_by_recorded_machines(const std::string& mode) {
    Keys keys;
    emitted_keys(run_agent({mode, "--root", fixture_root(kIntelServer)}, with_fake_nvml(kHealthFaults)), "", keys);
    emitted_keys(run_agent({mode, "--root", fixture_root(kAmdServer)}), "", keys);
    emitted_keys(run_agent({mode, "--root", fixture_root(kPlatformFaults)}), "", keys);
    emitted_keys(run_agent({mode, "--root", fixture_root(kHostVm)}), "", keys);
    // A BMC that answers every question (an HPE DL360 Gen9's recorded answers): the `bmc` keys.
    if (mode == "--once") emitted_keys(run_agent({mode, "--root", fixture_root("hpe-dl360-gen9-bmc")}), "", keys);
    return keys;
}

// An object that is null where the host has none (`gpus[].ecc` of an AMD GPU) stands for its
// documented members, and so does a list of objects that is null (`gpus[].processes` where the
// driver cannot list them); they must still be emitted in full by some machine.
bool documented_object(const Keys& documented, const std::string& key) {
    for (const std::string& prefix : {key + ".", key + "[]."}) {
        const auto member = documented.lower_bound(prefix);
        if (member != documented.end() && member->starts_with(prefix)) return true;
    }
    return false;
}

void expect_contract(const Keys& documented, const Keys& emitted) {
    ASSERT_FALSE(documented.empty()) << "no keys found in docs/protocol.md";
    for (const auto& key : emitted)
        EXPECT_TRUE(documented.contains(key) || documented_object(documented, key)) << "emitted but not documented: " << key;
    for (const auto& key : documented) EXPECT_TRUE(emitted.contains(key)) << "documented but never emitted: " << key;
}

}  // namespace

TEST(Contract, SnapshotKeysMatchTheDocument) {
    expect_contract(documented_keys("snapshot"), emitted_by_recorded_machines("--once"));
}

TEST(Contract, FactsKeysMatchTheDocument) {
    // Addresses come from the running system, never from a recorded tree: the typed facts below
    // hold their keys to the document, and a live agent's round trip holds what it emits to them.
    Keys documented = documented_keys("facts");
    std::erase_if(documented, [](const std::string& key) { return key.starts_with("addresses[]"); });
    expect_contract(documented, emitted_by_recorded_machines("--facts"));
}

// The typed schema (agent/protocol/sample.h) is the third copy of the list: a sample with one of
// everything, written from the struct, has exactly the documented keys, and no key an agent emits
// is lost by decoding it into the struct and writing it back.
protocol::Sample one_of_everything() {
    protocol::Sample s;
    s.time_ms = 1;
    s.cpu.emplace().cores.emplace_back();
    s.memory.emplace();
    s.sensors.emplace_back();
    s.thermal_zones.emplace_back();
    s.nics.emplace_back();
    s.infiniband.emplace_back();
    protocol::GpuSample& gpu = s.gpus.emplace_back();
    gpu.ecc.emplace();
    gpu.remapped_rows.emplace();
    gpu.retired_pages.emplace();
    gpu.nvlinks.emplace_back();
    gpu.processes.emplace().emplace_back();
    gpu.prof.emplace();
    gpu.violation_ns.emplace();
    gpu.mig.emplace().emplace_back().prof.emplace();
    s.xid_events.emplace_back();
    protocol::PressureSample& pressure = s.pressure.emplace();
    pressure.cpu.emplace();
    pressure.io.emplace();
    pressure.memory.emplace();
    s.disks.emplace_back();
    s.numa.emplace_back().gpus.emplace_back();
    protocol::BmcSample& bmc = s.bmc.emplace();
    bmc.sensors.emplace_back();
    bmc.fans.emplace_back();
    return s;
}

Keys keys_of(const Json& value) {
    Keys keys;
    emitted_keys(value, "", keys);
    return keys;
}

TEST(Contract, SampleStructHasTheDocumentedKeys) {
    expect_contract(documented_keys("snapshot"), keys_of(protocol::to_json(one_of_everything())));
}

TEST(Contract, DecodingASampleKeepsEveryKeyTheAgentsEmit) {
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> runs = {
        {{"--once", "--root", fixture_root(kIntelServer)}, with_fake_nvml(kHealthFaults)},
        {{"--once", "--root", fixture_root(kAmdServer)}, {}},
        {{"--once", "--root", fixture_root(kHostVm)}, {}},
        {{"--once", "--simulate", "hgx-h100-8+bad-fan:7"}, {}},
        {{"--once", "--simulate", "hgx-h100-8+ecc+gpu-lost+remap-pending+nvlink-down+xid=13:7", "--sim-speed", "100"}, {}},
        {{"--once", "--simulate", "cpu-only:1"}, {}},
        // Job variants: processes with a container and a pod, GPM and basic profiling figures.
        {{"--once", "--simulate", "hgx-h100-8+memory-bound+bad-fan:5", "--sim-speed", "100"}, {}},
        {{"--once", "--simulate", "hgx-h100-8+held-idle:5"}, {}},
        {{"--once", "--simulate", "l40s-4+power-capped:3"}, {}},
    };
    for (const auto& [args, env] : runs) {
        const Json emitted = run_agent(args, env);
        const Keys before = keys_of(emitted);
        const Keys after = keys_of(protocol::to_json(protocol::sample_from_json(emitted)));
        for (const auto& key : before) EXPECT_TRUE(after.contains(key)) << args.back() << ": lost in the typed sample: " << key;
        EXPECT_EQ(protocol::to_json(protocol::sample_from_json(emitted)), emitted) << args.back();
    }
}

// The same for facts (agent/protocol/facts.h): one entry in every list, every object present.
protocol::Facts facts_with_one_of_everything() {
    protocol::Facts f;
    f.gpus.emplace_back();
    f.nics.emplace_back();
    f.addresses.emplace_back();
    f.infiniband.emplace_back();
    f.block.emplace_back();
    f.memory.dimms.emplace_back();
    f.power_supplies.units.emplace_back();
    return f;
}

TEST(Contract, FactsStructHasTheDocumentedKeys) {
    expect_contract(documented_keys("facts"), keys_of(protocol::to_json(facts_with_one_of_everything())));
}

TEST(Contract, DecodingFactsKeepsEverythingTheAgentsEmit) {
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> runs = {
        {{"--facts", "--root", fixture_root(kIntelServer)}, with_fake_nvml()},
        {{"--facts", "--root", fixture_root(kIntelServer)}, {}},
        {{"--facts", "--root", fixture_root(kAmdServer)}, {}},
        {{"--facts", "--root", fixture_root(kPlatformFaults)}, {}},
        {{"--facts", "--simulate", "l40s-4+psu-failed+nic-x8:3"}, {}},
        {{"--facts", "--simulate", "hgx-h100-8:1"}, {}},
        {{"--facts", "--simulate", "l40s-4+dimm-missing+bios=1.7.5:3"}, {}},
        {{"--facts", "--simulate", "cpu-only:1"}, {}},
        {{"--facts"}, {}},  // this machine: its addresses too
    };
    for (const auto& [args, env] : runs) {
        const Json emitted = run_agent(args, env);
        const Json decoded = protocol::to_json(protocol::facts_from_json(emitted));
        const Keys after = keys_of(decoded);
        for (const auto& key : keys_of(emitted))
            EXPECT_TRUE(after.contains(key)) << args.back() << ": lost in the typed facts: " << key;
        EXPECT_EQ(decoded, emitted) << args.back() << ": " << Json::diff(emitted, decoded).dump();
    }
}

TEST(Contract, DecodingHelloKeepsEveryKeyTheAgentSends) {
    const Json hello = protocol::to_json(protocol::hello_from_json(Json::parse(R"({"protocol":1,"agent":"fleetdeck-agent",
        "agent_version":"0.1.0","capabilities":["hello"],"host":{"hostname":"a","machine_id":"b","arch":"x86_64","kernel":"6.1"},
        "simulated":false,"privileged":false,"max_line_bytes":1048576,
        "recovered":[{"txn":"t","steps_begun":1,"steps_total":2,"complete":true,"problems":["p"],"notes":["n"]}]})")));
    EXPECT_EQ(keys_of(hello), (Keys{"protocol", "agent", "agent_version", "capabilities", "host.hostname", "host.machine_id",
                                    "host.arch", "host.kernel", "simulated", "privileged", "max_line_bytes",
                                    "recovered[].txn", "recovered[].steps_begun", "recovered[].steps_total",
                                    "recovered[].complete", "recovered[].problems", "recovered[].notes"}));
}

// The settings methods (agent/protocol/tune_result.h, journal.h, ready.h): what the agent writes
// on a recorded tree decodes into the structs and writes back unchanged, every key kept, for a
// read, a runtime and a persistent plan, an apply that verifies, one that fails and rolls back,
// a rollback of a past transaction, the journal and the ready event.
void expect_round_trip(const std::string& what, const Json& emitted, const Json& decoded) {
    ASSERT_TRUE(emitted.is_object()) << what << ": " << emitted.dump();
    const Keys after = keys_of(decoded);
    for (const auto& key : keys_of(emitted)) EXPECT_TRUE(after.contains(key)) << what << ": lost in the typed reply: " << key;
    EXPECT_EQ(decoded, emitted) << what << ": " << Json::diff(emitted, decoded).dump();
}

void expect_tune_round_trip(const std::string& method, const Json& emitted) {
    expect_round_trip(method, emitted, protocol::to_json(protocol::tune_result_from_json(emitted)));
}

TEST(Contract, DecodingTheSettingsRepliesKeepsEverythingTheAgentWrites) {
    TempDir dir;
    write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()));
    const Json read = agent.call("tune.read")["result"];
    expect_round_trip("tune.read", read, protocol::to_json(protocol::tune_read_from_json(read)));

    Json wanted = changes({{"sysctl:vm.swappiness", 10}, {"cpu.governor", "performance"}, {"no.such.setting", 1}});
    expect_tune_round_trip("tune.plan (rejected)", agent.call("tune.plan", wanted)["result"]);
    const Json good = changes({{"sysctl:vm.swappiness", 10}, {"thp.enabled", "always"}}, "persistent");
    expect_tune_round_trip("tune.plan (persistent)", agent.call("tune.plan", good)["result"]);
    const Json applied = agent.call("tune.apply", good)["result"];
    expect_tune_round_trip("tune.apply", applied);
    expect_tune_round_trip("tune.apply (nothing to change)", agent.call("tune.apply", good)["result"]);
    expect_tune_round_trip("tune.rollback", agent.call("tune.rollback", {{"txn", applied["txn"]}})["result"]);

    const Json journal = agent.call("journal.read")["result"];
    expect_round_trip("journal.read", journal, protocol::to_json(protocol::journal_page_from_json(journal)));
    EXPECT_EQ(protocol::journal_page_from_json(journal).last_entry_seq(), journal["entries"].back()["seq"].get<std::int64_t>());

    AgentConversation failing(agent_on(dir.path()), {"FLEETDECK_FAULT_INJECT=fail_at:2"});
    const Json failed = failing.call("tune.apply", changes({{"sysctl:vm.swappiness", 20}, {"cpu.governor", "performance"}}))["result"];
    EXPECT_EQ(failed["status"], "rolled_back") << failed.dump();
    expect_tune_round_trip("tune.apply (failed)", failed);
}

TEST(Contract, DecodingTheReadyEventKeepsEverythingTheAgentWrites) {
    protocol::ReadyEvent ready;
    ready.privileged = true;
    ready.recovered.push_back({"t", 1, 2, false, {"p"}, {"n"}});
    ready.proof = "00ff";
    const Json written = protocol::to_json(ready);
    EXPECT_EQ(keys_of(written), (Keys{"privileged", "proof", "recovered[].txn", "recovered[].steps_begun",
                                      "recovered[].steps_total", "recovered[].complete", "recovered[].problems",
                                      "recovered[].notes"}));
    expect_round_trip("ready", written, protocol::to_json(protocol::ready_event_from_json(written)));
    const auto line = protocol::ready_event_from_line(R"({"event":"ready","data":)" + written.dump() + "}");
    ASSERT_TRUE(line);
    EXPECT_EQ(protocol::to_json(*line), written);
    EXPECT_FALSE(protocol::ready_event_from_line(R"({"event":"sample","data":{}})"));
    EXPECT_FALSE(protocol::ready_event_from_line(R"({"event":"ready","data":{"proof":1}})"));
}

TEST(Contract, KeyListingSeesNestedArraysAndLeaves) {
    Keys keys;
    emitted_keys(Json::parse(R"({"a":{"b":1},"l":[{"x":null,"t":["s"]}],"e":[],"f":["avx2"]})"), "", keys);
    EXPECT_EQ(keys, (Keys{"a.b", "l[].x", "l[].t", "f"}));
}
