#pragma once

#include <QCoreApplication>
#include <QStringList>

#include "agent/protocol/facts.h"

namespace fleetdeck {

// The software facts of a host (docs/protocol.md: kernel_preempt, cuda, gpus[].compute_capability,
// containers, scheduler) in words, one line each, for the host page. Unknown facts say so rather
// than guessing; the text is plain (it quotes nothing the agent wrote but versions the schema has
// checked).
class SoftwareFactsText {
    Q_DECLARE_TR_FUNCTIONS(SoftwareFactsText)
public:
    static QStringList lines(const protocol::Facts& facts);

    static QString kernel(const std::optional<std::string>& preempt);
    static QString cuda(const protocol::CudaFacts& cuda, bool hasNvidiaGpu);
    static QString precision(const std::vector<protocol::GpuFact>& gpus);  // empty without a known capability
    static QString containers(const protocol::ContainerFacts& containers, bool hasNvidiaGpu);
    static QString scheduler(const protocol::SchedulerFacts& scheduler);
};

}  // namespace fleetdeck
