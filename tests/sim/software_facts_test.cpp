// The simulator's software facts: the H100 box is a Slurm node with CUDA 12.4, cuDNN 9.1 and
// Docker with the NVIDIA runtime; the L40S box serves from Podman without GPU access and has no
// real-time kernel; the CPU-only box has no CUDA. Each decodes through the schema.
#include <gtest/gtest.h>

#include "agent/json/json.h"
#include "agent/protocol/facts.h"
#include "tests/sim/scripted_machine.h"

using fleetdeck::test::Scripted;
using Json = nlohmann::json;

TEST(SimulatedSoftware, ProfilesReportPlausibleSoftwareFacts) {
    const Json h100 = Scripted("hgx-h100-8:1").machine.facts();
    EXPECT_EQ(h100["kernel_preempt"], "voluntary");
    EXPECT_EQ(h100["cuda"], Json::parse(R"({"toolkit_version":"12.4.1","cudnn_version":"9.1.0","driver_supports_cuda":"12.4"})"));
    EXPECT_EQ(h100["containers"], Json::parse(R"({"docker":true,"podman":false,"nvidia_container_toolkit":true,"cdi_specs":1})"));
    EXPECT_EQ(h100["scheduler"], Json::parse(R"({"slurmd":true,"kubelet":false,"slurm_conf":true})"));
    for (const Json& g : h100["gpus"]) EXPECT_EQ(g["compute_capability"], "9.0");

    const Json l40s = Scripted("l40s-4:2").machine.facts();
    EXPECT_EQ(l40s["kernel_preempt"], "voluntary");
    EXPECT_EQ(l40s["cuda"]["cudnn_version"], "8.9.7");
    EXPECT_EQ(l40s["containers"], Json::parse(R"({"docker":false,"podman":true,"nvidia_container_toolkit":false,"cdi_specs":0})"));
    EXPECT_EQ(l40s["scheduler"]["slurmd"], false);
    EXPECT_EQ(l40s["gpus"][0]["compute_capability"], "8.9");

    const Json cpu = Scripted("cpu-only:1").machine.facts();
    EXPECT_TRUE(cpu["cuda"]["toolkit_version"].is_null());
    EXPECT_TRUE(cpu["cuda"]["driver_supports_cuda"].is_null());
    EXPECT_EQ(cpu["containers"]["docker"], true);

    for (const Json* facts : {&h100, &l40s, &cpu})
        EXPECT_EQ(fleetdeck::protocol::to_json(fleetdeck::protocol::facts_from_json(*facts)), *facts);
}
