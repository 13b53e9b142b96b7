// The software advice rules (resources/rules/software.json) on fixture hosts with the software
// facts set: each gives its finding with its source, and stays quiet where it should; the CUDA
// compatibility table; the Traditional Chinese texts keep the English placeholders; and
// fleetdeck-cli facts and plan on the recorded H100 tree (RT kernel, CUDA 12.4, driver 535).
#include <gtest/gtest.h>

#include <map>

#include "app/tuning/cuda_compat.h"
#include "app/tuning/host_facts.h"
#include "app/tuning/planner.h"
#include "app/tuning/rule_catalogue.h"
#include "tests/support/subprocess.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

const char* const kSoftwareTree = FLEETDECK_SOURCE_DIR "/tests/fixtures/h100-rt-cuda12.4-slurm/root";
const std::string kSoftwareCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

std::vector<std::string> softwareTreeEnv() {
    return {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN, std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML,
            std::string("FLEETDECK_FAKE_NVML_SCRIPT=") + FLEETDECK_SOURCE_DIR + "/tests/fake_nvml/h100-535.104.json"};
}

std::map<std::string, Finding> softwareFindings(const std::string& answers, const protocol::Facts& facts) {
    std::map<std::string, Finding> out;
    for (const Finding& f : makePlan(test::builtInCatalogue(), test::answers(answers), facts).advice) out[f.rule] = f;
    return out;
}

protocol::Facts h100WithCuda(const std::string& toolkit, const std::optional<std::string>& driverCuda, const std::string& driver) {
    protocol::Facts f = test::facts("h100_training_node");
    f.cuda.toolkit_version = toolkit;
    f.cuda.driver_supports_cuda = driverCuda;
    f.nvidia.driver_version = driver;
    return f;
}

}  // namespace

TEST(SoftwareRules, CudaToolkitNewerThanTheDriverIsCriticalWithTheTableAsSource) {
    // NVML's answer (a 535 driver runs CUDA 12.2).
    auto found = softwareFindings("training_single_node", h100WithCuda("12.4.1", "12.2", "535.104.05"));
    ASSERT_TRUE(found.count("cuda-toolkit-newer-than-driver"));
    const Finding& f = found["cuda-toolkit-newer-than-driver"];
    EXPECT_EQ(f.severity, Severity::Critical);
    EXPECT_EQ(f.finding, "CUDA 12.4 needs driver ≥ 550.54.14; this host has 535.104.05, which runs CUDA 12.2 at most.");
    EXPECT_TRUE(f.recommendation.starts_with("Update the NVIDIA driver to 550.54.14 or newer, or build and run against CUDA 12.2."))
        << f.recommendation;
    EXPECT_NE(f.source.find("https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"), std::string::npos);
    EXPECT_NE(f.source.find("guide §3.2"), std::string::npos);
    // Without NVML the table says what the driver runs: the issue's own example.
    found = softwareFindings("inference_throughput", h100WithCuda("12.6.2", std::nullopt, "535.161.08"));
    EXPECT_EQ(found["cuda-toolkit-newer-than-driver"].finding,
              "CUDA 12.6 needs driver ≥ 560.28.03; this host has 535.161.08, which runs CUDA 12.2 at most.");
    // Matching, older, or unknown: nothing.
    EXPECT_FALSE(softwareFindings("training_single_node", h100WithCuda("12.4.1", "12.4", "550.90.07")).count("cuda-toolkit-newer-than-driver"));
    EXPECT_FALSE(softwareFindings("training_single_node", h100WithCuda("11.8.0", "12.2", "535.104.05")).count("cuda-toolkit-newer-than-driver"));
    protocol::Facts unknown = test::facts("h100_training_node");
    EXPECT_FALSE(softwareFindings("training_single_node", unknown).count("cuda-toolkit-newer-than-driver"));
}

TEST(SoftwareRules, CudaCompatibilityTable) {
    for (std::size_t i = 1; i < std::size(kCudaMinimumDrivers); ++i) {
        const auto& a = kCudaMinimumDrivers[i - 1];
        const auto& b = kCudaMinimumDrivers[i];
        EXPECT_LT(std::make_pair(a.major, a.minor), std::make_pair(b.major, b.minor));
        EXPECT_TRUE(driverOlder(a.driver, b.driver)) << a.driver << " " << b.driver;
    }
    EXPECT_EQ(newestCudaForDriver("535.104.05"), std::make_pair(12, 2));
    EXPECT_EQ(newestCudaForDriver("550.54.14"), std::make_pair(12, 4));
    EXPECT_EQ(newestCudaForDriver("550.54.13"), std::make_pair(12, 3));
    EXPECT_EQ(newestCudaForDriver("390.157"), std::nullopt);
    EXPECT_EQ(minimumDriverForCuda(12, 6), "560.28.03");
    EXPECT_EQ(minimumDriverForCuda(12, 7), std::nullopt);  // there was no CUDA 12.7
    EXPECT_EQ(cudaMajorMinor("12.4.1"), std::make_pair(12, 4));
    EXPECT_EQ(cudaMajorMinor("12"), std::nullopt);
}

TEST(SoftwareRules, NonRealtimeKernelForLatencyBoundInferenceNamesTheTradeOff) {
    protocol::Facts facts = test::facts("l40s_inference_node");
    facts.kernel_preempt = "voluntary";
    auto found = softwareFindings("inference_latency", facts);
    ASSERT_TRUE(found.count("kernel-not-realtime"));
    EXPECT_EQ(found["kernel-not-realtime"].severity, Severity::Info);
    EXPECT_EQ(found["kernel-not-realtime"].finding, "The kernel is not real-time: it runs with voluntary preemption.");
    EXPECT_NE(found["kernel-not-realtime"].recommendation.find("lowers throughput"), std::string::npos);
    EXPECT_NE(found["kernel-not-realtime"].recommendation.find("IGNORE_PREEMPT_RT_PRESENCE"), std::string::npos);
    EXPECT_TRUE(found["kernel-not-realtime"].source.starts_with("guide §3.1"));
    // Throughput serving and training do not ask for it; an RT kernel or an unknown one is not flagged.
    EXPECT_FALSE(softwareFindings("inference_throughput", facts).count("kernel-not-realtime"));
    facts.kernel_preempt = "rt";
    EXPECT_FALSE(softwareFindings("inference_latency", facts).count("kernel-not-realtime"));
    facts.kernel_preempt.reset();
    EXPECT_FALSE(softwareFindings("inference_latency", facts).count("kernel-not-realtime"));
}

TEST(SoftwareRules, Bf16FromComputeCapability80AndFp8From89) {
    protocol::Facts facts = test::facts("h100_training_node");
    for (auto& g : facts.gpus) g.compute_capability = "9.0";
    auto found = softwareFindings("training_single_node", facts);
    EXPECT_EQ(found["gpu-bf16"].finding, "NVIDIA H100 80GB HBM3 (compute capability 9.0) has BF16 tensor cores.");
    EXPECT_EQ(found["gpu-fp8"].finding, "NVIDIA H100 80GB HBM3 (compute capability 9.0) has FP8 tensor cores.");
    EXPECT_NE(found["gpu-bf16"].source.find("guide §3.2"), std::string::npos);
    // A100 (8.0): BF16, no FP8. One older GPU in the box decides for all of them.
    for (auto& g : facts.gpus) g.compute_capability = "8.0";
    found = softwareFindings("training_single_node", facts);
    EXPECT_TRUE(found.count("gpu-bf16"));
    EXPECT_FALSE(found.count("gpu-fp8"));
    facts.gpus.back().compute_capability = "7.0";
    found = softwareFindings("training_single_node", facts);
    EXPECT_FALSE(found.count("gpu-bf16"));
    // Serving: FP8 only (BF16 is a training choice); L40S is 8.9.
    protocol::Facts l40s = test::facts("l40s_inference_node");
    for (auto& g : l40s.gpus) g.compute_capability = "8.9";
    found = softwareFindings("inference_throughput", l40s);
    EXPECT_EQ(found["gpu-fp8"].finding, "NVIDIA L40S (compute capability 8.9) has FP8 tensor cores.");
    EXPECT_FALSE(found.count("gpu-bf16"));
}

TEST(SoftwareRules, ContainersWithoutNvidiaRuntimeOrCdi) {
    protocol::Facts facts = test::facts("h100_training_node");
    facts.containers = {true, false, false, 0};
    auto found = softwareFindings("training_distributed", facts);
    ASSERT_TRUE(found.count("containers-without-gpu-access"));
    EXPECT_EQ(found["containers-without-gpu-access"].severity, Severity::Warning);
    EXPECT_EQ(found["containers-without-gpu-access"].finding,
              "Docker installed, but no NVIDIA container runtime and no CDI spec: containers will not see the GPUs.");
    EXPECT_NE(found["containers-without-gpu-access"].source.find("container-toolkit/latest/install-guide.html"), std::string::npos);
    facts.containers = {true, true, false, 0};
    EXPECT_EQ(softwareFindings("training_distributed", facts)["containers-without-gpu-access"].finding.substr(0, 27),
              "Docker and Podman installed");
    facts.containers = {false, true, false, 2};  // CDI specs give Podman the GPUs
    EXPECT_FALSE(softwareFindings("training_distributed", facts).count("containers-without-gpu-access"));
    facts.containers = {true, false, true, 0};
    EXPECT_FALSE(softwareFindings("training_distributed", facts).count("containers-without-gpu-access"));
    facts.containers = {true, false, false, 0};
    facts.gpus.clear();  // no GPU to reach
    EXPECT_FALSE(softwareFindings("training_distributed", facts).count("containers-without-gpu-access"));
}

TEST(SoftwareRules, SchedulerFoundFromAnyOfItsSigns) {
    protocol::Facts facts = test::facts("h100_training_node");
    EXPECT_FALSE(schedulerFound(HostFacts(facts)));
    facts.scheduler.slurmd = true;
    EXPECT_TRUE(schedulerFound(HostFacts(facts)));
    facts.scheduler = {false, true, false};
    EXPECT_TRUE(schedulerFound(HostFacts(facts)));
    facts.scheduler = {false, false, false};
    EXPECT_FALSE(schedulerFound(HostFacts(facts)));
}

// Every rule of software.json has its Traditional Chinese texts, with the English placeholders.
TEST(SoftwareRules, EveryRuleHasTraditionalChineseTextsWithTheSamePlaceholders) {
    const Json doc = test::fixture("../../resources/rules", "software");
    ASSERT_FALSE(doc.at("rules").empty());
    for (const Json& rule : doc.at("rules")) {
        const std::string id = rule.at("id");
        ASSERT_TRUE(rule.contains("zh_TW")) << id;
        for (const char* field : {"rationale", "finding", "recommendation", "risk"}) {
            if (!rule.contains(field)) {
                EXPECT_FALSE(rule["zh_TW"].contains(field)) << id << "." << field;
                continue;
            }
            ASSERT_TRUE(rule["zh_TW"].contains(field)) << id << "." << field;
            const std::string zh = rule["zh_TW"][field];
            EXPECT_EQ(templatePlaceholders(zh), templatePlaceholders(rule[field].get<std::string>())) << id << "." << field;
            EXPECT_NE(zh, rule[field].get<std::string>()) << id << "." << field;
        }
    }
}

// The recorded H100 tree through the command line: facts (text and JSON) with every key, and the
// plan's critical CUDA finding with its source.
TEST(SoftwareRules, CliFactsAndPlanOnTheRecordedTree) {
    int status = -1;
    const std::string host = std::string("root:") + kSoftwareTree;
    const std::string text = test::run_capture(kSoftwareCli, {"facts", host}, &status, softwareTreeEnv());
    ASSERT_EQ(status, 0) << text;
    for (const char* key : {"\"kernel_preempt\": \"rt\"", "\"toolkit_version\": \"12.4.1\"", "\"cudnn_version\": \"9.1.0\"",
                            "\"driver_supports_cuda\": \"12.2\"", "\"compute_capability\": \"9.0\"", "\"docker\": true",
                            "\"nvidia_container_toolkit\": false", "\"cdi_specs\": 0", "\"slurmd\": true", "\"kubelet\": false",
                            "\"slurm_conf\": true", "\"podman\": false"})
        EXPECT_NE(text.find(key), std::string::npos) << key << "\n" << text;
    const Json doc = Json::parse(test::run_capture(kSoftwareCli, {"facts", "--json", host}, &status, softwareTreeEnv()));
    EXPECT_EQ(status, 0);
    const Json& facts = doc.at(host);
    EXPECT_EQ(facts["kernel_preempt"], "rt");
    EXPECT_EQ(facts["cuda"]["driver_supports_cuda"], "12.2");
    EXPECT_EQ(facts["containers"]["docker"], true);
    EXPECT_EQ(facts["scheduler"]["slurmd"], true);

    const std::string plan = test::run_capture(
        kSoftwareCli, {"plan", "--answers", FLEETDECK_SOURCE_DIR "/tests/fixtures/answers/training_single_node.json", host}, &status, softwareTreeEnv());
    EXPECT_EQ(status, 0) << plan;
    EXPECT_NE(plan.find("CUDA 12.4 needs driver ≥ 550.54.14; this host has 535.104.05, which runs CUDA 12.2 at most."),
              std::string::npos) << plan;
    EXPECT_NE(plan.find("docs.nvidia.com/cuda/cuda-toolkit-release-notes"), std::string::npos) << plan;
    EXPECT_NE(plan.find("Docker installed, but no NVIDIA container runtime"), std::string::npos) << plan;
    EXPECT_NE(plan.find("has BF16 tensor cores"), std::string::npos) << plan;
}
