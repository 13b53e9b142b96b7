// The host page's "System software" lines (app/dashboard/software_facts_text.h): every fact in
// words, unknown said as unknown, and the mismatches an operator acts on spelled out.
#include <gtest/gtest.h>

#include "app/dashboard/software_facts_text.h"

using namespace fleetdeck;

TEST(SoftwareFactsText, EachFactInWords) {
    protocol::Facts f;
    f.kernel_preempt = "rt";
    f.cuda = {"12.4.1", "9.1.0", "12.2"};
    f.containers = {true, false, false, 0};
    f.scheduler = {true, false, true};
    protocol::GpuFact gpu;
    gpu.vendor = "nvidia";
    gpu.compute_capability = "9.0";
    f.gpus = {gpu, gpu};
    EXPECT_EQ(SoftwareFactsText::lines(f),
              (QStringList{QStringLiteral("Kernel: real-time (PREEMPT_RT)"),
                           QStringLiteral("CUDA: toolkit 12.4.1 · cuDNN 9.1.0 · the driver runs CUDA 12.2 at most — the toolkit "
                                          "is newer than the driver runs"),
                           QStringLiteral("GPU compute capability: 2 × 9.0 — BF16 and FP8 tensor cores"),
                           QStringLiteral("Containers: Docker, but no NVIDIA runtime or CDI spec: containers do not see the GPUs"),
                           QStringLiteral("Scheduler: slurmd running, slurm.conf present")}));
}

TEST(SoftwareFactsText, UnknownAndAbsentAreSaidAsSuch) {
    const protocol::Facts none;  // an older agent: none of the keys
    EXPECT_EQ(SoftwareFactsText::lines(none),
              (QStringList{QStringLiteral("Kernel: preemption model unknown"), QStringLiteral("CUDA: none"),
                           QStringLiteral("Containers: unknown"), QStringLiteral("Scheduler: unknown")}));
    EXPECT_EQ(SoftwareFactsText::kernel(std::string("voluntary")), QStringLiteral("Kernel: voluntary preemption, not real-time"));
    EXPECT_EQ(SoftwareFactsText::containers({false, true, false, 3}, true), QStringLiteral("Containers: Podman with 3 CDI specs"));
    EXPECT_EQ(SoftwareFactsText::containers({false, false, false, 0}, true), QStringLiteral("Containers: no Docker or Podman"));
    EXPECT_EQ(SoftwareFactsText::scheduler({false, false, false}), QStringLiteral("Scheduler: none (no slurmd or kubelet)"));
    protocol::GpuFact a100, v100;
    a100.vendor = v100.vendor = "nvidia";
    a100.compute_capability = "8.0";
    v100.compute_capability = "7.0";
    EXPECT_EQ(SoftwareFactsText::precision({a100, v100}), QStringLiteral("GPU compute capability: 1 × 7.0, 1 × 8.0 — FP16 only: no BF16 or FP8"));
    EXPECT_EQ(SoftwareFactsText::precision({a100}), QStringLiteral("GPU compute capability: 1 × 8.0 — BF16 tensor cores, no FP8"));
}
