// The software facts through facts_from_json: they round-trip, an older agent's answer without
// them reads as unknown, and a value of the wrong type or form is refused with its path.
#include <gtest/gtest.h>

#include "agent/protocol/decode.h"
#include "agent/protocol/facts.h"

namespace protocol = fleetdeck::protocol;
using Json = nlohmann::json;

namespace {

const char* const kSoftwareFacts = R"({
  "kernel_preempt": "rt",
  "cuda": {"toolkit_version": "12.4.1", "cudnn_version": "9.1.0", "driver_supports_cuda": "12.2"},
  "containers": {"docker": true, "podman": false, "nvidia_container_toolkit": false, "cdi_specs": 0},
  "scheduler": {"slurmd": true, "kubelet": false, "slurm_conf": true},
  "gpus": [{"vendor": "nvidia", "pci_bus_id": "0000:18:00.0", "compute_capability": "9.0"}]
})";

std::string software_error(const char* key_path, const Json& value) {
    Json doc = Json::parse(kSoftwareFacts);
    doc[Json::json_pointer(key_path)] = value;
    try {
        protocol::facts_from_json(doc);
    } catch (const protocol::DecodeError& e) {
        return e.what();
    }
    return "(decoded)";
}

}  // namespace

TEST(FactsSoftwareDecode, ReadAndWrittenBack) {
    const protocol::Facts f = protocol::facts_from_json(Json::parse(kSoftwareFacts));
    EXPECT_EQ(f.kernel_preempt, "rt");
    EXPECT_EQ(f.cuda.toolkit_version, "12.4.1");
    EXPECT_EQ(f.cuda.cudnn_version, "9.1.0");
    EXPECT_EQ(f.cuda.driver_supports_cuda, "12.2");
    EXPECT_EQ(f.containers.docker, true);
    EXPECT_EQ(f.containers.nvidia_container_toolkit, false);
    EXPECT_EQ(f.containers.cdi_specs, 0);
    EXPECT_EQ(f.scheduler.slurmd, true);
    EXPECT_EQ(f.scheduler.kubelet, false);
    EXPECT_EQ(f.gpus.at(0).compute_capability, "9.0");
    const Json back = protocol::to_json(f);
    const Json in = Json::parse(kSoftwareFacts);
    for (const char* key : {"kernel_preempt", "cuda", "containers", "scheduler"}) EXPECT_EQ(back[key], in[key]) << key;
    EXPECT_EQ(back["gpus"][0]["compute_capability"], "9.0");
}

TEST(FactsSoftwareDecode, AnOlderAgentsAnswerReadsAsUnknown) {
    const protocol::Facts f = protocol::facts_from_json(Json::parse(R"({"gpus": [{"vendor": "nvidia", "pci_bus_id": "0000:18:00.0"}]})"));
    EXPECT_FALSE(f.kernel_preempt);
    EXPECT_FALSE(f.cuda.toolkit_version);
    EXPECT_FALSE(f.containers.docker);
    EXPECT_FALSE(f.scheduler.slurmd);
    EXPECT_FALSE(f.gpus.at(0).compute_capability);
    const Json back = protocol::to_json(f);
    EXPECT_TRUE(back["kernel_preempt"].is_null());
    EXPECT_EQ(back["cuda"], Json::parse(R"({"toolkit_version":null,"cudnn_version":null,"driver_supports_cuda":null})"));
}

TEST(FactsSoftwareDecode, WrongTypesAndFormsAreRefusedWithTheirPath) {
    EXPECT_EQ(software_error("/kernel_preempt", 1), "result.kernel_preempt: expected string");
    EXPECT_EQ(software_error("/kernel_preempt", "lowlatency"),
              "result.kernel_preempt: \"lowlatency\" is not one of \"rt\", \"full\", \"voluntary\", \"none\"");
    EXPECT_EQ(software_error("/cuda/toolkit_version", 12.4), "result.cuda.toolkit_version: expected string");
    EXPECT_EQ(software_error("/cuda/toolkit_version", "12.4; reboot"), "result.cuda.toolkit_version: \"12.4; reboot\" is not a version");
    EXPECT_EQ(software_error("/cuda/cudnn_version", "9..1"), "result.cuda.cudnn_version: \"9..1\" is not a version");
    EXPECT_EQ(software_error("/cuda/cudnn_version", std::string(40, '9')),
              "result.cuda.cudnn_version: \"" + std::string(40, '9') + "\" is not a version");
    EXPECT_EQ(software_error("/cuda/driver_supports_cuda", "12.2.1"), "result.cuda.driver_supports_cuda: \"12.2.1\" is not a version");
    EXPECT_EQ(software_error("/containers/docker", "yes"), "result.containers.docker: expected boolean");
    EXPECT_EQ(software_error("/containers/cdi_specs", -1), "result.containers.cdi_specs: below 0");
    EXPECT_EQ(software_error("/containers/cdi_specs", "2"), "result.containers.cdi_specs: expected integer");
    EXPECT_EQ(software_error("/scheduler/slurmd", 1), "result.scheduler.slurmd: expected boolean");
    EXPECT_EQ(software_error("/cuda", "12.4"), "result.cuda: expected object");
    EXPECT_EQ(software_error("/gpus/0/compute_capability", "9"), "result.gpus[0].compute_capability: \"9\" is not \"major.minor\"");
    EXPECT_EQ(software_error("/gpus/0/compute_capability", 9.0), "result.gpus[0].compute_capability: expected string");
    EXPECT_EQ(software_error("/kernel_preempt", nullptr), "(decoded)");
}
